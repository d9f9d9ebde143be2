import Foundation
import Testing

@testable import GestureKit

// Issue 7: every limit is a clear `limit-exceeded` error with its place (file:line:column, sample
// index) and a message naming the limit and how to raise it; encodings other than UTF-8 and NUL
// bytes are named; CRLF and lone CR line ends work in every format.

private func limitError(
    _ file: String, _ line: Int?, _ column: Int?, sample: Int? = nil, _ message: String
) -> TraceError {
    TraceError(.limitExceeded, file: file, line: line, column: column, sampleIndex: sample, message: message)
}

/// The error reading `text` as `format` through `TraceReader` (parse and validate) gives.
private func failure(
    _ text: String, _ format: TraceFormat, _ limits: ReadLimits = .default
) -> TraceError? {
    failure(Array(text.utf8), format, limits)
}

private func failure(_ bytes: [UInt8], _ format: TraceFormat, _ limits: ReadLimits = .default) -> TraceError? {
    do {
        _ = try TraceReader.read(bytes: bytes, file: "t.\(format.rawValue)", format: format, limits: limits)
        return nil
    } catch {
        return error
    }
}

private let csvHeader = "t,id,phase,x,y\n"

private func jsonSample(_ t: Double, _ id: Int, _ phase: String, x: String = "1", extra: String = "") -> String {
    #"{"t": \#(t), "id": \#(id), "phase": "\#(phase)", "x": \#(x), "y": 2\#(extra)}"#
}

/// Issue 7: the read limits, encodings, line ends and the validator's limits.
@Suite struct ReadLimitsTests {}

extension ReadLimitsTests {
    @Suite struct ReadLimitsParsingTests {
        @Test func defaultsAreTheDocumentedOnes() {
            let limits = ReadLimits.default
            #expect(limits.fileSize == 256 << 20)
            #expect(limits.samples == 10_000_000)
            #expect(limits.touchesDown == 20)
            #expect(limits.nesting == 512)
            #expect(limits.lineLength == 1 << 20)
            #expect(limits.stringLength == 64 << 10)
            #expect(limits.digits == 800)
        }

        @Test func setTakesNamesAndSizes() throws {
            var limits = ReadLimits()
            try limits.set("file-size=1G")
            try limits.set("line-length=64k")
            try limits.set("string-length=2KiB")
            try limits.set("samples=50000000")
            try limits.set("touches=5")
            try limits.set("nesting=4")
            try limits.set("digits=17")
            #expect(
                limits
                    == ReadLimits(
                        fileSize: 1 << 30, samples: 50_000_000, touchesDown: 5, nesting: 4, lineLength: 64 << 10,
                        stringLength: 2 << 10, digits: 17))
            #expect(ReadLimits.size("100") == 100)
            #expect(ReadLimits.size("100b") == 100)
            #expect(ReadLimits.size("2tb") == 2 << 40)
            #expect(ReadLimits.size("3M") == 3 << 20)
            #expect(ReadLimits.size("1ib") == nil)
            #expect(ReadLimits.size("K") == nil)
            #expect(ReadLimits.size("-1") == -1)  // refused by `set`, which wants ≥ 1
            #expect(ReadLimits.size("99999999999T") == nil)
        }

        @Test(arguments: [
            (
                "file-size",
                #"--limit: expected NAME=VALUE with NAME one of file-size, samples, touches, nesting, line-length, string-length, digits, found "file-size""#
            ),
            (
                "size=1",
                #"--limit: unknown limit "size": expected one of file-size, samples, touches, nesting, line-length, string-length, digits"#
            ),
            (
                "file-size=0",
                #"--limit file-size: expected a size ≥ 1 (bytes, or with K, M, G or T), below 8 EiB (2^63 bytes), found "0""#
            ),
            (
                "file-size=big",
                #"--limit file-size: expected a size ≥ 1 (bytes, or with K, M, G or T), below 8 EiB (2^63 bytes), found "big""#
            ),
            (
                "file-size=99999999T",
                #"--limit file-size: expected a size ≥ 1 (bytes, or with K, M, G or T), below 8 EiB (2^63 bytes), found "99999999T""#
            ),
            ("samples=10M", #"--limit samples: expected a whole number from 1 to 9223372036854775807, found "10M""#),
            ("touches=-1", #"--limit touches: expected a whole number from 1 to 9223372036854775807, found "-1""#),
            (
                "touches=9223372036854775808",
                #"--limit touches: expected a whole number from 1 to 9223372036854775807, found "9223372036854775808""#
            ),
        ])
        func malformedSpecsAreUsageErrors(_ spec: String, _ message: String) {
            var limits = ReadLimits()
            #expect(throws: ReadLimitsError(message)) { try limits.set(spec) }
            #expect(limits == .default)
        }

        @Test func sizesAreDescribedInTheirUnit() {
            #expect(ReadLimits.describeSize(256 << 20) == "256 MiB")
            #expect(ReadLimits.describeSize(1 << 30) == "1 GiB")
            #expect(ReadLimits.describeSize(64 << 10) == "64 KiB")
            #expect(ReadLimits.describeSize(1000) == "1000 bytes")
            #expect(ReadLimits.describeSize(1) == "1 byte")
        }
    }
}

extension ReadLimitsTests {
    @Suite struct FileSizeLimitTests {
        static let message =
            "file too large: expected at most 10 bytes (the file-size limit), found 11 bytes; raise it with --limit file-size=SIZE"

        @Test func bytesInMemory() {
            let limits = ReadLimits(fileSize: 10)
            #expect(failure("t,id,phase,", .csv, limits) == limitError("t.csv", nil, nil, Self.message))
        }

        @Test func aRegularFileIsRefusedBeforeItIsRead() throws {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-size-\(getpid()).csv")
            try Data(repeating: 0x41, count: 11).write(to: url)
            defer { try? FileManager.default.removeItem(at: url) }
            #expect(throws: limitError(url.path, nil, nil, Self.message)) {
                try TraceReader.load(url.path, limits: ReadLimits(fileSize: 10))
            }
            #expect(try TraceReader.load(url.path, limits: ReadLimits(fileSize: 11)).count == 11)
        }

        @Test func anEndlessDeviceStopsAtTheLimit() {
            // A device named by the user is read like a pipe: its size is unknown, so only the limit is given.
            #expect(
                throws: limitError(
                    "/dev/zero", nil, nil,
                    "file too large: expected at most 1000 bytes (the file-size limit); raise it with --limit file-size=SIZE"
                )
            ) {
                try TraceReader.load("/dev/zero", limits: ReadLimits(fileSize: 1000))
            }
        }
    }
}

extension ReadLimitsTests {
    @Suite struct SampleLimitTests {
        static let message =
            "too many samples: expected at most 2 samples (the samples limit); raise it with --limit samples=N"
        let limits = ReadLimits(samples: 2)

        @Test func json() {
            let text =
                "[" + jsonSample(0, 1, "began") + ",\n" + jsonSample(1, 1, "moved") + ",\n "
                + jsonSample(2, 1, "ended") + "]"
            #expect(failure(text, .json, limits) == limitError("t.json", 3, 2, sample: 2, Self.message))
            // Two samples are within the limit.
            #expect(
                failure("[" + jsonSample(0, 1, "began") + "," + jsonSample(1, 1, "ended") + "]", .json, limits) == nil)
        }

        @Test func csv() {
            let text = csvHeader + "0,1,began,1,2\n1,1,moved,1,2\n2,1,ended,1,2\n"
            #expect(failure(text, .csv, limits) == limitError("t.csv", 4, 1, sample: 2, Self.message))
        }

        @Test func xml() {
            let text =
                "<Gesture>\n<Point X=\"1\" Y=\"2\" T=\"0\"/>\n<Point X=\"1\" Y=\"2\" T=\"1\"/>\n<Point X=\"1\" Y=\"2\" T=\"2\"/>\n</Gesture>"
            #expect(failure(text, .xml, limits) == limitError("t.xml", 4, 1, sample: 2, Self.message))
            // A one-point stroke gives two samples: began and ended.
            let one = "<Gesture>\n<Point X=\"1\" Y=\"2\" T=\"0\"/>\n</Gesture>"
            #expect(
                failure(one, .xml, ReadLimits(samples: 1))
                    == limitError(
                        "t.xml", 2, 1, sample: 1,
                        "too many samples: expected at most 1 sample (the samples limit); raise it with --limit samples=N"
                    ))
        }

        @Test func aTraceBuiltInCode() {
            var trace = Trace(samples: [
                Sample(0, 1, .began, 0, 0), Sample(1, 1, .moved, 0, 0), Sample(2, 1, .ended, 0, 0),
            ])
            #expect(throws: limitError("code", nil, nil, sample: 2, Self.message)) {
                try TraceValidator.validate(&trace, file: "code", limits: limits)
            }
        }
    }
}

extension ReadLimitsTests {
    @Suite struct TouchLimitTests {
        static let message =
            "too many touches down: expected at most 2 at once (the touches limit), found 3; raise it with --limit touches=N"
        let limits = ReadLimits(touchesDown: 2)

        @Test func json() {
            let text =
                "[" + jsonSample(0, 1, "began") + ",\n" + jsonSample(0, 2, "began") + ",\n"
                + jsonSample(0, 3, "began") + "]"
            #expect(failure(text, .json, limits) == limitError("t.json", 3, 1, sample: 2, Self.message))
        }

        @Test func csvCountsOnlyTouchesStillDown() {
            let fine = csvHeader + "0,1,began,1,2\n0,2,began,1,2\n1,1,ended,1,2\n1,3,began,1,2\n"
            #expect(failure(fine, .csv, limits) == nil)
            let text = csvHeader + "0,1,began,1,2\n0,2,began,1,2\n1,a,began,1,2\n"
            #expect(failure(text, .csv, limits) == limitError("t.csv", 4, 1, sample: 2, Self.message))
        }

        @Test func xml() {
            let stroke = "<Stroke><Point X=\"1\" Y=\"2\" T=\"0\"/><Point X=\"1\" Y=\"2\" T=\"1\"/></Stroke>"
            // Strokes follow each other, so one touch is down at a time.
            #expect(
                failure("<Gesture>" + stroke + stroke + stroke + "</Gesture>", .xml, ReadLimits(touchesDown: 1)) == nil)
        }

        @Test func twentyOneFingersByDefault() {
            let began = (1...21).map { "0,\($0),began,1,2\n" }.joined()
            #expect(
                failure(csvHeader + began, .csv)
                    == limitError(
                        "t.csv", 22, 1, sample: 20,
                        "too many touches down: expected at most 20 at once (the touches limit), found 21; raise it with --limit touches=N"
                    ))
        }
    }
}

extension ReadLimitsTests {
    @Suite struct NestingLimitTests {
        static let message =
            "nesting too deep: expected at most 3 levels (the nesting limit); raise it with --limit nesting=N"
        let limits = ReadLimits(nesting: 3)

        @Test func anIgnoredValue() {
            let text = #"{"samples": ["# + jsonSample(0, 1, "began", extra: #", "extra": [1]"#) + "]}"
            let column = text.utf8.count - 5  // the `[` of "extra"
            #expect(failure(text, .json, limits) == limitError("t.json", 1, column, sample: 0, Self.message))
            #expect(failure(text, .json, ReadLimits(nesting: 4)) == nil)
        }

        @Test func theSamplesThemselves() {
            let text = #"{"samples": ["# + jsonSample(0, 1, "began") + "]}"
            #expect(
                failure(text, .json, ReadLimits(nesting: 2))
                    == limitError(
                        "t.json", 1, 14, sample: 0,
                        "nesting too deep: expected at most 2 levels (the nesting limit); raise it with --limit nesting=N"
                    ))
        }

        @Test func aLaterSyntaxErrorWins() {
            let text = #"{"samples": ["# + jsonSample(0, 1, "began", extra: #", "extra": [1]"#) + "]"
            #expect(failure(text, .json, limits)?.code == .syntax)
        }
    }
}

extension ReadLimitsTests {
    @Suite struct LineLengthLimitTests {
        static let message =
            "record too long: expected at most 20 bytes (the line-length limit); raise it with --limit line-length=SIZE"
        let limits = ReadLimits(lineLength: 20)

        @Test func aRecord() {
            let text = csvHeader + "0,1,began,1,2\n0.25,1,moved,1000000,2\n"
            #expect(failure(text, .csv, limits) == limitError("t.csv", 3, 1, sample: 1, Self.message))
            // 20 bytes exactly, line break excluded, is within the limit: CRLF and lone CR alike.
            let exact = csvHeader + "0,1,began,1,2\r\n0.25,1,moved,10000,2\r1,1,ended,1,2"
            #expect(failure(exact, .csv, limits) == nil)
        }

        @Test func theHeader() {
            #expect(
                failure("t,id,phase,x,y,comment,extra\n", .csv, limits) == limitError("t.csv", 1, 1, Self.message))
        }

        @Test func aRecordSpanningLinesInQuotes() {
            let text = csvHeader + "0,1,began,1,\"2\n\n\n\n\n\n\n\n\n\n\"\n"
            #expect(failure(text, .csv, limits) == limitError("t.csv", 2, 1, sample: 0, Self.message))
        }

        @Test func aCommentLine() {
            let text = "# name: a name longer than twenty bytes\n" + csvHeader
            #expect(
                failure(text, .csv, limits)
                    == limitError(
                        "t.csv", 1, 1,
                        "comment line too long: expected at most 20 bytes (the line-length limit); raise it with --limit line-length=SIZE"
                    ))
        }

        @Test func aMillionCommasStopAtTheDefaultLimit() {
            let text = csvHeader + String(repeating: ",", count: (1 << 20) + 1) + "\n"
            #expect(
                failure(text, .csv)
                    == limitError(
                        "t.csv", 2, 1, sample: 0,
                        "record too long: expected at most 1 MiB (the line-length limit); raise it with --limit line-length=SIZE"
                    ))
        }

        @Test func jsonAndXMLMayBeOneLongLine() {
            let samples = (0..<100).map { jsonSample(Double($0), 1, $0 == 0 ? "began" : "moved") }
            #expect(failure("[" + samples.joined(separator: ",") + "]", .json, limits) == nil)
        }
    }
}

extension ReadLimitsTests {
    @Suite struct StringLengthLimitTests {
        let limits = ReadLimits(stringLength: 8)

        @Test func jsonStringsAnywhere() {
            let message =
                "string too long: expected at most 8 bytes (the string-length limit), found 9 bytes; raise it with --limit string-length=SIZE"
            let name = #"{"name": "123456789", "samples": ["# + jsonSample(0, 1, "ended") + "]}"
            #expect(failure(name, .json, limits) == limitError("t.json", 1, 10, message))
            // An ignored key counts too; escapes count as written.
            let key = "[" + jsonSample(0, 1, "began", extra: #", "\u0041bcd": 1"#) + "]"
            #expect(
                failure(key, .json, ReadLimits(stringLength: 8))
                    == limitError(
                        "t.json", 1, 56, sample: 0,
                        "string too long: expected at most 8 bytes (the string-length limit), found 9 bytes; raise it with --limit string-length=SIZE"
                    ))
            // Eight bytes are fine.
            #expect(
                failure(#"{"name": "12345678", "samples": ["# + jsonSample(0, 1, "began") + "]}", .json, limits) == nil)
        }

        @Test func csvFields() {
            let text = csvHeader + "0,fingertip,began,1,2\n"
            #expect(
                failure(text, .csv, limits)
                    == limitError(
                        "t.csv", 2, 3, sample: 0,
                        "field too long: expected at most 8 bytes (the string-length limit), found 9 bytes; raise it with --limit string-length=SIZE"
                    ))
        }

        @Test func xmlAttributeValues() {
            let text = "<Gesture Name=\"a long name\">\n<Point X=\"1\" Y=\"2\" T=\"0\"/>\n</Gesture>"
            #expect(
                failure(text, .xml, limits)
                    == limitError(
                        "t.xml", 1, 15,
                        "attribute value too long: expected at most 8 bytes (the string-length limit), found 11 bytes; raise it with --limit string-length=SIZE"
                    ))
        }
    }
}

extension ReadLimitsTests {
    @Suite struct DigitsLimitTests {
        let limits = ReadLimits(digits: 5)

        static func message(_ field: String, _ found: Int) -> String {
            "number too precise for \"\(field)\": expected at most 5 significant digits (the digits limit), found \(found); raise it with --limit digits=N"
        }

        @Test func json() {
            #expect(
                failure("[" + jsonSample(0, 1, "began", x: "1.23456") + "]", .json, limits)
                    == limitError("t.json", 1, 45, sample: 0, Self.message("x", 6)))
            // Leading zeros are not significant, trailing ones are.
            #expect(failure("[" + jsonSample(0, 1, "began", x: "-0.00012345e3") + "]", .json, limits) == nil)
            #expect(
                failure("[" + jsonSample(0, 1, "began", x: "123450") + "]", .json, limits)
                    == limitError("t.json", 1, 45, sample: 0, Self.message("x", 6)))
        }

        @Test func csv() {
            #expect(
                failure(csvHeader + "0.000001,1,began,1.00000,2\n", .csv, limits)
                    == limitError("t.csv", 2, 18, sample: 0, Self.message("x", 6)))
            #expect(
                failure("# view: 390.00001x844\n" + csvHeader + "0,1,began,1,2\n", .csv, limits)
                    == limitError(
                        "t.csv", 1, 9,
                        "number too precise for view: expected at most 5 significant digits (the digits limit), found 8; raise it with --limit digits=N"
                    ))
        }

        @Test func xml() {
            #expect(
                failure("<Gesture><Point X=\"1\" Y=\"2\" T=\"1234567\"/></Gesture>", .xml, limits)
                    == limitError("t.xml", 1, 31, sample: 0, Self.message("T", 7)))
        }

        @Test func theDefaultAdmitsTheExactValueOfEveryDouble() throws {
            // The exact decimal value of the smallest subnormal has 751 significant digits.
            let exact = "4.9406564584124654417656879286822137236505980e-324"
            let long = String(format: "%.766e", Double.leastNonzeroMagnitude)
            #expect(long.count > 700)
            for number in [exact, long] {
                let trace = try TraceReader.read(
                    bytes: Array((csvHeader + "0,1,began,\(number),2\n").utf8), file: "t.csv")
                #expect(trace.samples.first?.location.x == Double.leastNonzeroMagnitude)
            }
            let tooLong = "0." + String(repeating: "1", count: 801)
            #expect(
                failure(csvHeader + "0,1,began,\(tooLong),2\n", .csv)
                    == limitError(
                        "t.csv", 2, 11, sample: 0,
                        "number too precise for \"x\": expected at most 800 significant digits (the digits limit), found 801; raise it with --limit digits=N"
                    ))
        }

        @Test func overflowIsStillOutOfRange() {
            #expect(failure("[" + jsonSample(0, 1, "began", x: "1e400") + "]", .json)?.code == .invalidNumber)
        }
    }
}

extension ReadLimitsTests {
    @Suite struct EncodingTests {
        static func utf8Expected(_ found: String, _ encoding: String) -> String {
            "expected UTF-8 text, found \(encoding) (\(found)): convert the file first, e.g. with iconv -f \(encoding) -t UTF-8"
        }

        static let cases: [(bytes: [UInt8], encoding: String, evidence: String)] = [
            ([0xFF, 0xFE, 0x5B, 0x00], "UTF-16LE", "byte-order mark FF FE"),
            ([0xFE, 0xFF, 0x00, 0x5B], "UTF-16BE", "byte-order mark FE FF"),
            ([0xFF, 0xFE, 0x00, 0x00, 0x5B, 0, 0, 0], "UTF-32LE", "byte-order mark FF FE 00 00"),
            ([0x00, 0x00, 0xFE, 0xFF, 0, 0, 0, 0x5B], "UTF-32BE", "byte-order mark 00 00 FE FF"),
            (
                Array("[{".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }), "UTF-16LE",
                "NUL bytes after its characters, without a byte-order mark"
            ),
            (
                Array("t,".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }), "UTF-16BE",
                "NUL bytes before its characters, without a byte-order mark"
            ),
            (
                [0x3C, 0, 0, 0, 0x47, 0, 0, 0], "UTF-32LE",
                "NUL bytes after its first character, without a byte-order mark"
            ),
            (
                [0, 0, 0, 0x3C, 0, 0, 0, 0x47], "UTF-32BE",
                "NUL bytes before its first character, without a byte-order mark"
            ),
        ]

        @Test(arguments: TraceFormat.allCases)
        func otherEncodingsAreNamedByEveryReader(_ format: TraceFormat) {
            for (bytes, encoding, evidence) in Self.cases {
                #expect(
                    failure(bytes, format)
                        == TraceError(
                            .syntax, file: "t.\(format.rawValue)", line: 1, column: 1,
                            message: Self.utf8Expected(evidence, encoding)), "\(encoding)")
            }
        }

        @Test(arguments: TraceFormat.allCases)
        func aNULByteIsAnErrorAtItsPlace(_ format: TraceFormat) {
            let text: String
            switch format {
            case .json: text = "[\n  {\"t\u{0}\": 1}]"
            case .csv: text = "t,id,phase,x,y\r\n0,1,be\u{0}gan,1,2\n"
            case .xml: text = "<Gesture>\r  <Point X=\"\u{0}\"/></Gesture>"
            }
            let expected: (Int, Int) = format == .json ? (2, 6) : format == .csv ? (2, 7) : (2, 13)
            #expect(
                failure(text, format)
                    == TraceError(
                        .syntax, file: "t.\(format.rawValue)", line: expected.0, column: expected.1,
                        message: "expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?"))
        }

        /// The recorder page's archive (`gestures-SUBJECT-SESSION.tar`) given as a trace is named for what
        /// it is, by every reader and by sniffing: it read `found a NUL byte …; is this a binary file?`.
        @Test func aTarArchiveIsNamed() {
            var tar = [UInt8](repeating: 0, count: 1024)
            tar.replaceSubrange(0..<16, with: Array("tap/s1-01.json\0\0".utf8))
            tar.replaceSubrange(257..<265, with: Array("ustar\u{0}00".utf8))
            tar += Array(#"{"samples": []}"#.utf8)
            let message = "expected UTF-8 text, found a tar archive: unpack it first (tar -xf), and give its folder"
            for format in TraceFormat.allCases {
                #expect(
                    failure(tar, format)
                        == TraceError(.syntax, file: "t.\(format.rawValue)", line: 1, column: 1, message: message))
            }
            #expect(throws: TraceError(.syntax, file: "-", line: 1, column: 1, message: message)) {
                try TraceReader.read(bytes: tar, file: "-")
            }
        }

        @Test func sniffingDoesNotHideTheEncoding() {
            // Without an extension, UTF-16 sniffs as CSV, which still names the encoding.
            let bytes: [UInt8] = [0xFF, 0xFE] + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
            #expect(
                throws: TraceError(
                    .syntax, file: "-", line: 1, column: 1,
                    message: Self.utf8Expected("byte-order mark FF FE", "UTF-16LE"))
            ) {
                try TraceReader.read(bytes: bytes, file: "-")
            }
        }

        @Test func aUTF8ByteOrderMarkIsFine() throws {
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("<Gesture><Point X=\"1\" Y=\"2\" T=\"0\"/></Gesture>".utf8)
            #expect(try TraceReader.read(bytes: bytes, file: "t.xml").samples.count == 2)
        }
    }
}

extension ReadLimitsTests {
    @Suite struct LineEndTests {
        static let points = [("1", "2", "0"), ("3", "4", "16"), ("5", "6", "32")]

        @Test(arguments: ["\n", "\r\n", "\r"])
        func everyFormatReadsTheSameTraceWithAnyLineEnd(_ end: String) throws {
            let json =
                "["
                + Self.points.enumerated().map { index, p in
                    end
                        + #"{"t": \#(Double(p.2)! / 1000), "id": 1, "phase": "\#(index == 0 ? "began" : index == 2 ? "ended" : "moved")", "x": \#(p.0), "y": \#(p.1)}"#
                }.joined(separator: ",") + end + "]" + end
            let csv =
                "# name: n" + end + "t,id,phase,x,y" + end
                + Self.points.enumerated().map { index, p in
                    "\(Double(p.2)! / 1000),1,\(index == 0 ? "began" : index == 2 ? "ended" : "moved"),\(p.0),\(p.1)"
                }.joined(separator: end) + end
            let xml =
                "<?xml version=\"1.0\"?>" + end + "<Gesture Name=\"n\">" + end
                + Self.points.map { "  <Point X=\"\($0.0)\" Y=\"\($0.1)\" T=\"\($0.2)\" />" + end }.joined()
                + "</Gesture>" + end
            let traces = try [(json, TraceFormat.json), (csv, .csv), (xml, .xml)].map { text, format in
                try TraceReader.read(bytes: Array(text.utf8), file: "t", format: format)
            }
            for trace in traces {
                #expect(trace.samples.map(\.location) == Self.points.map { Point(x: Double($0.0)!, y: Double($0.1)!) })
                #expect(trace.samples.map(\.time) == [0, 0.016, 0.032])
            }
        }

        @Test(arguments: ["\n", "\r\n", "\r"])
        func errorsAreOnTheRightLineWithAnyLineEnd(_ end: String) {
            let xml =
                "<Gesture>" + end + "<Point X=\"1\" Y=\"2\" T=\"0\"/>" + end + "<Point X=\"a\" Y=\"2\" T=\"1\"/>" + end
                + "</Gesture>"
            #expect(
                failure(xml, .xml)
                    == TraceError(
                        .invalidValue, file: "t.xml", line: 3, column: 10, sampleIndex: 1,
                        message: #"expected a number for "X", found "a""#))
            let json =
                "[" + end + jsonSample(0, 1, "began") + "," + end
                + #"{"t": 1, "id": 1, "phase": "ended", "x": "a", "y": 2}"# + "]"
            #expect(failure(json, .json)?.line == 3)
            let csv = csvHeader.dropLast() + end + "0,1,began,1,2" + end + "1,1,ended,a,2" + end
            #expect(failure(String(csv), .csv)?.line == 3)
        }
    }
}

extension ReadLimitsTests {
    @Suite struct ValidatorTests {
        @Test(arguments: [("t", Double.nan), ("x", .infinity), ("y", -.infinity)])
        func nonFiniteNumbersInATraceBuiltInCode(_ field: String, _ value: Double) {
            var sample = Sample(0, 1, .began, 0, 0)
            switch field {
            case "t": sample.time = value
            case "x": sample.location.x = value
            default: sample.location.y = value
            }
            var trace = Trace(samples: [sample])
            #expect(
                throws: TraceError(
                    .invalidNumber, file: "code", sampleIndex: 0,
                    message: "expected a finite number for \"\(field)\", found \(value)")
            ) {
                try TraceValidator.validate(&trace, file: "code")
            }
        }

        /// Beyond 1e15 a distance may overflow to `inf` (a tap's 1e160 read `measured inf pt`): each
        /// reader's trace is refused at the sample, with its place; 1e15 itself is read.
        @Test(arguments: [
            (
                "t.json",
                #"{"samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2},"# + "\n"
                    + #"{"t": 0.1, "id": 1, "phase": "ended", "x": -1e160, "y": 2}]}"#, 2, 1, "x", "-1e+160"
            ),
            ("t.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,1.5e15\n", 3, 1, "y", "1.5e+15"),
            // Just past the limit, every digit: short, it read "found 1e+15" beside a limit of 1e+15.
            (
                "t.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1000000000000000.4,1\n", 3, 1, "x",
                "1000000000000000.4"
            ),
            (
                "t.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,-1000000000000000.4\n", 3, 1, "y",
                "-1000000000000000.4"
            ),
            ("t.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1000000000000002,1\n", 3, 1, "x", "1000000000000002"),
            (
                "t.xml", #"<Gesture><Point X="1" Y="2" T="0"/>"# + "\n" + #"<Point X="2e15" Y="2" T="10"/></Gesture>"#,
                2, 1, "x", "2e+15"
            ),
        ])
        func coordinatesBeyondTheLimit(
            _ file: String, _ text: String, line: Int, column: Int, name: String, found: String
        ) {
            #expect(
                throws: TraceError(
                    .invalidValue, file: file, line: line, column: column, sampleIndex: 1,
                    message: "expected \"\(name)\" within ±1e+15 pt, found \(found)")
            ) {
                try TraceReader.read(bytes: Array(text.utf8), file: file)
            }
            let atTheLimit = text.replacingOccurrences(of: "-1e160", with: "-1e15")
                .replacingOccurrences(of: "1.5e15", with: "1e15").replacingOccurrences(of: "2e15", with: "1e15")
                .replacingOccurrences(of: "1000000000000000.4", with: "1e15")
                .replacingOccurrences(of: "1000000000000002", with: "1e15")
            #expect(throws: Never.self) { try TraceReader.read(bytes: Array(atTheLimit.utf8), file: file) }
        }
    }
}
