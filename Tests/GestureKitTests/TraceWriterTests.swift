import Foundation
import Testing

@testable import GestureKit

/// The writers behind `gesture convert`: what they write reads back bit for bit, and what a format
/// cannot hold is named exactly.
@Suite struct TraceWriterTests {
    /// Whether two traces hold the same metadata and samples, comparing every number's bits.
    static func sameBits(_ a: Trace, _ b: Trace) -> Bool {
        guard a.name == b.name, a.label == b.label, a.subject == b.subject, a.samples.count == b.samples.count,
            a.view?.width.bitPattern == b.view?.width.bitPattern,
            a.view?.height.bitPattern == b.view?.height.bitPattern
        else { return false }
        return zip(a.samples, b.samples).allSatisfy { s, t in
            s.time.bitPattern == t.time.bitPattern && s.location.x.bitPattern == t.location.x.bitPattern
                && s.location.y.bitPattern == t.location.y.bitPattern && s.touch == t.touch && s.phase == t.phase
        }
    }

    static func read(_ path: String) throws -> Trace {
        try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent(path).path)
    }

    static func readBack(_ bytes: [UInt8], _ format: TraceFormat) throws -> Trace {
        try TraceReader.read(bytes: bytes, file: "converted", format: format)
    }

    /// JSON and CSV hold every bundled trace; each converts to each and back to the same bits.
    @Test(arguments: GestureCommand.traces)
    func everyBundledTraceRoundTripsThroughJSONAndCSV(_ path: String) throws {
        let trace = try Self.read(path)
        for format in [TraceFormat.json, .csv] {
            let conversion = try TraceWriter.convert(trace, to: format, file: path)
            #expect(conversion.losses == [], "\(path) to \(format)")
            let back = try Self.readBack(conversion.bytes, format)
            #expect(Self.sameBits(trace, back), "\(path) to \(format) and back")
            for other in [TraceFormat.json, .csv] {
                let again = try Self.readBack(try TraceWriter.write(back, as: other), other)
                #expect(Self.sameBits(trace, again), "\(path) to \(format), then \(other)")
            }
        }
    }

    /// XML keeps what it can hold; what it loses is listed, and nothing else differs.
    @Test(arguments: GestureCommand.traces)
    func everyBundledTraceToXMLLosesOnlyWhatItSays(_ path: String) throws {
        let trace = try Self.read(path)
        let conversion: TraceWriter.Conversion
        do {
            conversion = try TraceWriter.convert(trace, to: .xml, file: path)
        } catch {
            // Only traces with touches down together cannot be written as strokes.
            #expect(error.message.hasPrefix("xml cannot hold touches down at the same time"))
            #expect(
                ["pinch-out", "rotation", "two-finger-pan", "not-a-pinch", "not-a-rotation"].contains {
                    path.contains($0)
                }, "\(path)")
            return
        }
        let back = try Self.readBack(conversion.bytes, .xml)
        #expect(back.name == trace.name && back.subject == trace.subject)
        #expect(conversion.losses.contains { $0.hasPrefix("label ") } == (trace.label != nil))
        var restored = back
        restored.label = trace.label
        restored.view = trace.view
        if conversion.losses.allSatisfy({ $0.hasPrefix("label ") || $0.hasPrefix("view ") }) {
            #expect(Self.sameBits(trace, restored), "\(path): reported only metadata lost")
        }
        #expect(!conversion.losses.contains { $0.hasPrefix("positions") }, "\(path): xml keeps every position")
    }

    @Test func lossesAreNamedExactly() throws {
        let checkmark = try Self.read("Traces/checkmark.json")
        #expect(
            try TraceWriter.convert(checkmark, to: .xml, file: "c").losses == [
                #"label "checkmark""#, "view 390x844",
                "times not whole milliseconds from the first sample (11 samples)",
            ])
        let twoSequences = try Self.read("Traces/checkmark-then-swipe-right.json")
        #expect(
            try TraceWriter.convert(twoSequences, to: .xml, file: "c").losses == [
                #"label "checkmark+swipe-right""#, "view 390x844", "touch ids (1 → 2)",
                "times not whole milliseconds from the first sample (17 samples)",
            ])
        // Stationary, cancelled, named touches and a start after zero, at whole milliseconds.
        let odd = Trace(
            name: "odd", subject: "s1",
            samples: [
                Sample(time: 0.5, touch: .name("left"), phase: .began, location: Point(x: 1, y: 2)),
                Sample(time: 0.6, touch: .name("left"), phase: .stationary, location: Point(x: 1, y: 2)),
                Sample(time: 0.7, touch: .name("left"), phase: .cancelled, location: Point(x: 1, y: 2)),
                Sample(time: 0.8, touch: .number(7), phase: .began, location: Point(x: 3, y: 4)),
                Sample(time: 0.9, touch: .number(7), phase: .moved, location: Point(x: 3, y: 5)),
            ])
        #expect(
            try TraceWriter.convert(odd, to: .xml, file: "o").losses == [
                "phases (1 stationary → moved, 1 cancelled → ended, 1 moved → ended)",
                #"touch ids ("left" → 1, 7 → 2)"#, "the first sample's time 0.5 s (read back as 0)",
            ])
        #expect(try TraceWriter.convert(odd, to: .json, file: "o").losses == [])
        #expect(try TraceWriter.convert(odd, to: .csv, file: "o").losses == [])
        // A lone sample is written as a stroke of two points: the samples no longer pair one by one,
        // but the touch's id and the first time are still said (only the count was).
        let lone = Trace(samples: [Sample(time: 0.5, touch: .name("L"), phase: .began, location: Point(x: 1, y: 2))])
        #expect(
            try TraceWriter.convert(lone, to: .xml, file: "l").losses == [
                "samples (1 read back as 2)", #"touch ids ("L" → 1)"#, "the first sample's time 0.5 s (read back as 0)",
            ])
    }

    @Test func csvLosesNamesThatReadAsNumbersAndMetadataACommentCannotCarry() throws {
        let trace = Trace(
            name: "two\nlines", label: " padded ",
            samples: [
                Sample(time: 0, touch: .name("7"), phase: .began, location: Point(x: 0, y: 0)),
                Sample(time: 1, touch: .name("7"), phase: .ended, location: Point(x: 0, y: 0)),
                Sample(time: 1, touch: .name(" a,\"b\" "), phase: .began, location: Point(x: 0, y: 0)),
                Sample(time: 2, touch: .name(" a,\"b\" "), phase: .ended, location: Point(x: 0, y: 0)),
            ])
        #expect(
            try TraceWriter.convert(trace, to: .csv, file: "t").losses == [
                #"name "two\u{A}lines""#, #"label " padded " (read back as "padded")"#, #"touch ids ("7" → 7)"#,
            ])
        #expect(try TraceWriter.convert(trace, to: .json, file: "t").losses == [])
        // Spaces and tabs alone would read back as no value, an error: not written, and lost (fuzzing
        // found a `$` log named " ", Fuzz/regressions/xml/blank-name-to-csv.xml).
        var blank = trace
        (blank.name, blank.label, blank.subject) = (" ", "\t", " \t ")
        #expect(
            try TraceWriter.convert(blank, to: .csv, file: "t").losses == [
                #"name " ""#, #"label "\u{9}""#, #"subject " \u{9} ""#, #"touch ids ("7" → 7)"#,
            ])
    }

    /// Text with every control character, quotes and markup is written so that it reads back in every
    /// format; what a format cannot hold is reported, never an unreadable file.
    @Test func awkwardTextAlwaysReadsBack() throws {
        let awkward = String(String.UnicodeScalarView((0..<0x20).compactMap(Unicode.Scalar.init))) + #"&<>"',# é\"#
        let trace = Trace(
            name: awkward, label: awkward, subject: awkward,
            samples: [
                Sample(time: 0, touch: .name(awkward), phase: .began, location: Point(x: 0, y: 0)),
                Sample(time: 1, touch: .name(awkward), phase: .ended, location: Point(x: 0, y: 0)),
            ])
        #expect(try TraceWriter.convert(trace, to: .json, file: "a").losses == [])
        let csv = try TraceWriter.convert(trace, to: .csv, file: "a").losses
        #expect(csv.count == 4 && csv.last?.hasPrefix("touch ids") == true, "\(csv)")
        let xml = try TraceWriter.convert(trace, to: .xml, file: "a").losses
        #expect(xml.count == 4 && xml.first?.hasPrefix("name ") == true, "\(xml)")
        var plain = trace
        plain.name = #"a "quoted" & <marked> name, with 'commas'"#
        plain.subject = "s 01"
        #expect(!(try TraceWriter.convert(plain, to: .xml, file: "a").losses.contains { $0.hasPrefix("name") }))
        #expect(!(try TraceWriter.convert(plain, to: .csv, file: "a").losses.contains { $0.hasPrefix("name") }))
    }

    /// U+FFFE and U+FFFF are no characters of XML 1.0 (its `Char`), as the control characters are not:
    /// they were written raw, a document a strict XML parser refuses, and are now left out and reported.
    @Test func xmlLeavesOutTheNoncharactersItCannotHold() throws {
        for scalar in ["\u{FFFE}", "\u{FFFF}"] {
            let trace = Trace(
                name: "a\(scalar)b",
                samples: [
                    Sample(time: 0, touch: .number(1), phase: .began, location: Point(x: 0, y: 0)),
                    Sample(time: 1, touch: .number(1), phase: .ended, location: Point(x: 0, y: 0)),
                ])
            let xml = try TraceWriter.convert(trace, to: .xml, file: "a")
            #expect(String(decoding: xml.bytes, as: UTF8.self).contains(#"<Gesture Name="ab">"#))
            #expect(xml.losses.count == 1 && xml.losses[0].hasPrefix("name "), "\(xml.losses)")
        }
    }

    @Test func xmlCannotHoldTouchesDownTogether() throws {
        let pinch = try Self.read("Traces/pinch-out.json")
        #expect(
            throws: TraceWriter.Unwritable(
                "xml cannot hold touches down at the same time (touch 2 at sample 1 while touch 1 is down): "
                    + "its strokes follow one another")
        ) { try TraceWriter.convert(pinch, to: .xml, file: "p") }
    }

    /// Numbers at the edges of `Double` read back with the same bits in every format.
    @Test func edgeNumbersKeepTheirBits() throws {
        let values: [Double] = [
            0, -0.0, 1e-5, Double.leastNonzeroMagnitude, 2.2250738585072014e-308, 1e15.nextDown, 0.1 + 0.2, 1e15,
            -1e15, -123.456,
        ]
        #expect(TraceWriter.number(120) == "120")
        #expect(TraceWriter.number(-0.0) == "-0.0")
        #expect(TraceWriter.number(1e-5) == "1e-05")
        // Whole numbers are integers while an Int64 holds them: a `$`-family `T` is an integer.
        #expect(TraceWriter.number(1e15) == "1000000000000000")
        #expect(TraceWriter.number(1e16) == "10000000000000000")
        #expect(TraceWriter.number(-0x1p62) == "-4611686018427387904")
        #expect(TraceWriter.number(0x1p63) == "9.223372036854776e+18")
        #expect(TraceWriter.number(1e20) == "1e+20")
        for (index, value) in values.enumerated() {
            let trace = Trace(
                view: ViewSize(width: abs(value) > 0 ? abs(value) : 1, height: 2),
                samples: [
                    Sample(time: 0, touch: .number(index), phase: .began, location: Point(x: value, y: -value)),
                    Sample(time: 0.001, touch: .number(index), phase: .moved, location: Point(x: value, y: value)),
                    Sample(time: 0.5, touch: .number(index), phase: .ended, location: Point(x: -value, y: value)),
                ])
            for format in TraceFormat.allCases {
                let conversion = try TraceWriter.convert(trace, to: format, file: "n")
                let back = try Self.readBack(conversion.bytes, format)
                #expect(
                    zip(trace.samples, back.samples).allSatisfy {
                        $0.location.x.bitPattern == $1.location.x.bitPattern
                            && $0.location.y.bitPattern == $1.location.y.bitPattern
                            && $0.time.bitPattern == $1.time.bitPattern
                    }, "\(value) in \(format)")
                let expected = format == .xml ? ["view \(TraceWriter.number(trace.view!.width))x2"] : []
                #expect(
                    conversion.losses == expected + (format == .xml && index != 1 ? ["touch ids (\(index) → 1)"] : []))
            }
        }
    }

    /// A trace built in code beyond ``Trace/coordinateLimit`` is refused before it is written: no reader
    /// would take it back (it read "does not read back (a defect)").
    @Test func coordinatesBeyondTheLimitAreUnwritable() {
        let far = Trace(samples: [Sample(0, 1, .began, 1, 2), Sample(0.1, 1, .ended, 1e300, 2)])
        #expect(
            throws: TraceWriter.Unwritable("sample 1 lies at (1e+300, 2), beyond the ±1e+15 pt a reader takes")
        ) { try TraceWriter.convert(far, to: .csv, file: "n") }
        let wide = Trace(view: ViewSize(width: 2e15, height: 1), samples: [Sample(0, 1, .began, 1, 2)])
        #expect(
            throws: TraceWriter.Unwritable("the view is 2e+15x1, beyond the 1e+15 pt a reader takes")
        ) { try TraceWriter.convert(wide, to: .json, file: "n") }
    }

    /// Every file of each dataset (a sample of each, for time) converts to each format; XML files
    /// convert to every format without loss and back to the same bits.
    @Test(
        .enabled(if: BatchDatasetTests.present, "../shared/datasets is absent: round trips over real data not run"),
        arguments: ["dollar1", "dollar1-devices", "mmg-strokes", "mouse-dollar", "unipen-z", "bioident-swipes"])
    func datasetsRoundTrip(_ folder: String) throws {
        let root = BatchDatasetTests.datasets.appendingPathComponent(folder).path
        let entries = Array(CorpusWalker(roots: [root])).filter { !$0.path.hasSuffix("/labels.csv") }
        let sample = entries.enumerated().filter { $0.offset % 25 == 0 }.map(\.element)
        try #require(sample.count >= 20, "\(folder): \(sample.count) files sampled")
        for entry in sample {
            let trace = try TraceReader.read(path: entry.path)
            let source = try #require(TraceFormat(path: entry.path))
            for format in TraceFormat.allCases {
                let conversion: TraceWriter.Conversion
                do {
                    conversion = try TraceWriter.convert(trace, to: format, file: entry.path)
                } catch {
                    Issue.record("\(entry.path) to \(format): \(error.message)")
                    continue
                }
                if format != .xml || source == .xml {
                    #expect(conversion.losses == [], "\(entry.path) to \(format)")
                    let back = try Self.readBack(conversion.bytes, format)
                    #expect(Self.sameBits(trace, back), "\(entry.path) to \(format) and back")
                    let home = try Self.readBack(try TraceWriter.write(back, as: source), source)
                    #expect(Self.sameBits(trace, home), "\(entry.path) to \(format) and home to \(source)")
                } else {
                    // CSV swipes stamped in microseconds: XML keeps all but the times and the label.
                    #expect(conversion.losses.allSatisfy { $0.hasPrefix("times") || $0.hasPrefix("label ") })
                }
            }
        }
    }

    /// Whatever the readers accept, the writers write something they read back: bytes of the bundled
    /// traces mutated at random (seeded), read, converted to each format and read again.
    @Test func mutatedTracesThatReadAlsoConvert() throws {
        var generator = SplitMix64(seed: 16)
        var read = 0
        for path in GestureCommand.traces {
            let original = try TraceReader.load(GestureCommand.packageRoot.appendingPathComponent(path).path)
            for trial in 0..<100 {
                // Mostly digits, which keep the syntax and change the values; now and then anything.
                var bytes = original
                let at = Int(generator.next() % UInt64(bytes.count))
                let choices = Array((trial % 4 == 0 ? ".-e,\"\n :{}[]<>/xXyYtTé" : "0123456789").utf8)
                bytes[at] = choices[Int(generator.next() % UInt64(choices.count))]
                guard let trace = try? TraceReader.read(bytes: bytes, file: path, format: TraceFormat(path: path))
                else { continue }
                read += 1
                for format in TraceFormat.allCases {
                    let conversion: TraceWriter.Conversion
                    do {
                        conversion = try TraceWriter.convert(trace, to: format, file: path)
                    } catch {
                        #expect(format == .xml && error.message.hasPrefix("xml cannot hold touches down"), "\(error)")
                        continue
                    }
                    if conversion.losses.isEmpty {
                        #expect(Self.sameBits(trace, try Self.readBack(conversion.bytes, format)))
                    }
                }
            }
        }
        #expect(read > 200, "only \(read) mutated traces read")
    }
}
