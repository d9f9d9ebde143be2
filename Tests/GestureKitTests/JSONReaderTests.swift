import Foundation
import Testing

@testable import GestureKit

private func parse(_ text: String) throws(TraceError) -> Trace {
    try Trace.parseJSON(Array(text.utf8), file: "t.json")
}

/// Expects `text` to fail with exactly this error.
private func expectError(
    _ text: String, _ code: TraceError.Code, line: Int, column: Int, sample: Int?, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectError(
        Array(text.utf8), code, line: line, column: column, sample: sample, message, sourceLocation: sourceLocation)
}

private func expectError(
    _ bytes: [UInt8], _ code: TraceError.Code, line: Int, column: Int, sample: Int?, _ message: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let trace = try Trace.parseJSON(bytes, file: "t.json")
        Issue.record("expected \(code.rawValue) error, got \(trace)", sourceLocation: sourceLocation)
    } catch {
        let expected = TraceError(
            code, file: "t.json", line: line, column: column, sampleIndex: sample, message: message)
        #expect(error == expected, sourceLocation: sourceLocation)
    }
}

/// A sample object with the given fields, for building documents.
private func sample(_ t: String = "0", id: String = "1", phase: String = #""began""#, x: String = "0", y: String = "0")
    -> String
{
    #"{"t":\#(t),"id":\#(id),"phase":\#(phase),"x":\#(x),"y":\#(y)}"#
}

/// The JSON reader, `Trace.parseJSON`: valid documents, field errors, syntax errors, JSONTestSuite.
@Suite struct JSONReaderTests {}

extension JSONReaderTests {
    @Suite struct JSONReaderValidTests {
        @Test func bareArrayOfSamplesWithExactValuesAndOffsets() throws {
            let text = """
                [
                  {"t": 0, "id": 1, "phase": "began", "x": 10.5, "y": -2},
                  {"t": 0.016, "id": 1, "phase": "moved", "x": 1e2, "y": 2.5E-1}
                ]
                """
            let trace = try parse(text)
            #expect(trace.name == nil && trace.label == nil && trace.view == nil)
            #expect(
                trace.samples == [
                    Sample(time: 0, touch: .number(1), phase: .began, location: Point(x: 10.5, y: -2), offset: 4),
                    Sample(time: 0.016, touch: .number(1), phase: .moved, location: Point(x: 100, y: 0.25), offset: 63),
                ])
            // The offset is the sample's `{`.
            let bytes = Array(text.utf8)
            #expect(bytes[4] == UInt8(ascii: "{") && bytes[63] == UInt8(ascii: "{"))
        }

        @Test func objectWithMetadataAndSamples() throws {
            let text = #"""
                {"name": "two-finger tap", "label": "tap", "view": {"width": 390, "height": 844.5},
                 "samples": [{"t": 1, "id": "left", "phase": "began", "x": 1, "y": 2},
                             {"phase": "ended", "y": 4, "x": 3, "id": "left", "t": 1.25}]}
                """#
            let trace = try parse(text)
            #expect(trace.name == "two-finger tap")
            #expect(trace.label == "tap")
            #expect(trace.view == ViewSize(width: 390, height: 844.5))
            #expect(
                trace.samples == [
                    Sample(time: 1, touch: .name("left"), phase: .began, location: Point(x: 1, y: 2), offset: 97),
                    Sample(time: 1.25, touch: .name("left"), phase: .ended, location: Point(x: 3, y: 4), offset: 168),
                ])
        }

        /// `subject` in any case, a string or a number as written; any other value is ignored, as an
        /// unknown key's is, and the first such key wins.
        @Test func subjectIsAStringOrANumberAsWritten() throws {
            #expect(try parse(#"{"subject": "p\u0031", "samples": []}"#).subject == "p1")
            #expect(try parse(#"{"Subject": -2.50, "SUBJECT": "x", "samples": []}"#).subject == "-2.50")
            #expect(try parse(#"{"subject": {"id": 2}, "samples": []}"#).subject == nil)
            #expect(try parse(#"{"subject": null, "subject2": "x", "samples": []}"#).subject == nil)
            #expect(try parse(#"[]"#).subject == nil)
        }

        @Test func emptyArrayIsAnEmptyTrace() throws {
            #expect(try parse("[]") == Trace(samples: []))
            #expect(try parse(" \n[ \t]\r\n") == Trace(samples: []))
        }

        @Test func emptySamplesInObjectIsAnEmptyTrace() throws {
            #expect(try parse(#"{"samples": []}"#) == Trace(samples: []))
        }

        @Test func nullMetadataIsAbsent() throws {
            let trace = try parse(#"{"name": null, "label": null, "view": null, "samples": []}"#)
            #expect(trace == Trace(samples: []))
        }

        @Test func everyPhaseName() throws {
            let phases = ["began", "moved", "stationary", "ended", "cancelled"]
            let text = "[" + phases.map { sample(phase: "\"\($0)\"") }.joined(separator: ",") + "]"
            #expect(try parse(text).samples.map(\.phase) == [.began, .moved, .stationary, .ended, .cancelled])
        }

        @Test func unknownKeysAreIgnoredAtEveryLevel() throws {
            let text = #"""
                {"version": 2, "device": {"model": ["a", {"b": null}], "ok": true},
                 "view": {"width": 1, "height": 2, "scale": 3},
                 "samples": [{"t": 0, "pressure": [0.5, {"deep": [[]]}], "id": 7, "phase": "began", "x": 0, "y": 0,
                              "note": "\u00e9"}]}
                """#
            let trace = try parse(text)
            #expect(trace.view == ViewSize(width: 1, height: 2))
            #expect(trace.samples.map(\.touch) == [.number(7)])
        }

        @Test func escapedKeysAndStringsAreDecoded() throws {
            // "\u0074" is "t"; the id holds a 2-byte, a 3-byte and a surrogate-pair character.
            let text =
                #"[{"\u0074": 0, "i\u0064": "\u00e9\u20AC\uD83D\uDE00\n\"\\\/", "phase": "b\u0065gan", "x": 0, "y": 0}]"#
            let trace = try parse(text)
            #expect(trace.samples.map(\.touch) == [.name("é€😀\n\"\\/")])
            #expect(trace.samples.map(\.phase) == [.began])
        }

        @Test func rawUTF8InStringsIsKept() throws {
            let trace = try parse(#"{"name": "Zoë 🖐", "samples": []}"#)
            #expect(trace.name == "Zoë 🖐")
        }

        @Test func integerIDsAtTheEdgesOfIntRange() throws {
            let text =
                "["
                + [sample(id: "9223372036854775807"), sample(id: "-9223372036854775808"), sample(id: "-0")]
                .joined(separator: ",") + "]"
            #expect(try parse(text).samples.map(\.touch) == [.number(.max), .number(.min), .number(0)])
        }

        @Test func numbersAreCorrectlyRounded() throws {
            let numbers = [
                "0", "-0", "1", "-1", "0.1", "0.3", "123.456", "1e-7", "5e-324", "4.9e-324", "2.2250738585072014e-308",
                "1.7976931348623157e308", "9007199254740993", "9007199254740992.5",
                "1.00000000000000011102230246251565404236316680908203125",
                "123456789012345678901234567890", "0.000000000000000000000000000000123", "1E22", "1e23", "8.5e-1",
                "0.30000000000000004", "100000000000000000000000", "3.141592653589793238462643383279",
                "1e-400", "-1e-400", "0e999999999999",
            ]
            let text = "[" + numbers.map { sample(x: $0) }.joined(separator: ",") + "]"
            let xs = try parse(text).samples.map(\.location.x)
            #expect(xs.count == numbers.count)
            for (x, number) in zip(xs, numbers) {
                let expected = try #require(Double(number))
                #expect(x.bitPattern == expected.bitPattern, "\(number)")
            }
        }

        @Test func byteOrderMarkIsSkippedButCountsInOffsets() throws {
            let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("[\(sample())]".utf8)
            let trace = try Trace.parseJSON(bytes, file: "t.json")
            #expect(trace.samples.map(\.offset) == [4])
        }

        @Test func nestingOf512LevelsIsAllowed() {
            // The first element is not a sample, so this is a field error, not a syntax error.
            let text = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
            expectError(text, .invalidValue, line: 1, column: 2, sample: 0, "expected a sample object, found an array")
        }
    }
}

extension JSONReaderTests {
    @Suite struct JSONReaderFieldErrorTests {
        @Test func stringForANumber() {
            expectError(
                "[\(sample(x: #""ten""#))]", .invalidValue, line: 1, column: 36, sample: 0,
                #"expected a number for "x", found "ten""#)
        }

        @Test func booleanForTheTime() {
            expectError(
                "[\(sample("true"))]", .invalidValue, line: 1, column: 7, sample: 0,
                #"expected a number for "t", found true"#)
        }

        @Test func nullObjectAndArrayForANumber() {
            expectError(
                "[\(sample(y: "null"))]", .invalidValue, line: 1, column: 42, sample: 0,
                #"expected a number for "y", found null"#)
            expectError(
                "[\(sample(y: "{}"))]", .invalidValue, line: 1, column: 42, sample: 0,
                #"expected a number for "y", found an object"#)
            expectError(
                "[\(sample(y: "[1]"))]", .invalidValue, line: 1, column: 42, sample: 0,
                #"expected a number for "y", found an array"#)
        }

        @Test func errorInALaterSampleOnALaterLine() {
            let text = "[\(sample()),\n \(sample(phase: #""hover""#))]"
            expectError(
                text, .unknownPhase, line: 2, column: 24, sample: 1,
                #"unknown phase "hover": expected "began", "moved", "stationary", "ended" or "cancelled""#)
        }

        @Test func phaseNamesAreCaseSensitive() {
            expectError(
                "[\(sample(phase: #""Began""#))]", .unknownPhase, line: 1, column: 24, sample: 0,
                #"unknown phase "Began": expected "began", "moved", "stationary", "ended" or "cancelled" (did you mean "began"?)"#
            )
        }

        @Test func phaseThatIsNotAString() {
            expectError(
                "[\(sample(phase: "3"))]", .invalidValue, line: 1, column: 24, sample: 0,
                #"expected "began", "moved", "stationary", "ended" or "cancelled" for "phase", found 3"#)
        }

        @Test func longFoundTextIsTruncated() {
            let long = String(repeating: "é", count: 30)
            expectError(
                "[\(sample(phase: "\"\(long)\""))]", .unknownPhase, line: 1, column: 24, sample: 0,
                #"unknown phase "\#(String(repeating: "é", count: 20))…": expected "began", "moved", "stationary", "ended" or "cancelled""#
            )
            expectError(
                "[\(sample(x: "12345678901234567890123e999"))]", .invalidNumber, line: 1, column: 36, sample: 0,
                #"number out of range for "x": 12345678901234567890…"#)
        }

        @Test func missingFieldIsReportedAtTheSampleStart() {
            expectError(
                #"[{"t": 0, "id": 1, "x": 0, "y": 0}]"#, .missingField, line: 1, column: 2, sample: 0,
                #"missing field "phase": expected fields "t", "id", "phase", "x" and "y""#)
            expectError(
                "[\(sample()), {}]", .missingField, line: 1, column: 46, sample: 1,
                #"missing field "t": expected fields "t", "id", "phase", "x" and "y""#)
        }

        @Test func fractionalOrExponentIDIsInvalid() {
            expectError(
                "[\(sample(id: "1.5"))]", .invalidValue, line: 1, column: 14, sample: 0,
                #"expected an integer or a string for "id", found 1.5"#)
            expectError(
                "[\(sample(id: "1e3"))]", .invalidValue, line: 1, column: 14, sample: 0,
                #"expected an integer or a string for "id", found 1e3"#)
            expectError(
                "[\(sample(id: "true"))]", .invalidValue, line: 1, column: 14, sample: 0,
                #"expected an integer or a string for "id", found true"#)
        }

        @Test func emptyStringIDIsInvalid() {
            expectError(
                "[\(sample(id: #""""#))]", .invalidValue, line: 1, column: 14, sample: 0,
                #"expected a non-empty string for "id", found """#)
        }

        @Test func idBeyondIntRangeIsOutOfRange() {
            expectError(
                "[\(sample(id: "9223372036854775808"))]", .invalidNumber, line: 1, column: 14, sample: 0,
                #"number out of range for "id": 9223372036854775808"#)
            expectError(
                "[\(sample(id: "-9223372036854775809"))]", .invalidNumber, line: 1, column: 14, sample: 0,
                #"number out of range for "id": -9223372036854775809"#)
        }

        @Test func numberThatOverflowsToInfinity() {
            expectError(
                "[\(sample(x: "1e999"))]", .invalidNumber, line: 1, column: 36, sample: 0,
                #"number out of range for "x": 1e999"#)
            expectError(
                "[\(sample("-1.8e308"))]", .invalidNumber, line: 1, column: 7, sample: 0,
                #"number out of range for "t": -1.8e308"#)
        }

        @Test func duplicateKeyIsReportedAtTheSecondOccurrence() {
            expectError(
                #"[{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2, "x": 3}]"#, .invalidValue, line: 1, column: 54,
                sample: 0, #"duplicate key "x""#)
            // Keys are compared after decoding escapes, unknown keys too.
            expectError(
                #"[{"t": 0, "\u0074": 1}]"#, .invalidValue, line: 1, column: 11, sample: 0, #"duplicate key "\u0074""#)
            expectError(
                #"{"samples": [], "extra": 1, "extra": 2}"#, .invalidValue, line: 1, column: 29, sample: nil,
                #"duplicate key "extra""#)
            expectError(
                #"[{"note": 1, "\u006Eote": 2}]"#, .invalidValue, line: 1, column: 14, sample: 0,
                #"duplicate key "\u006Eote""#)
        }

        @Test func duplicateAmongManyUnknownKeys() {
            let prefix = "[" + sample() + ", {" + (0..<40).map { "\"k\($0)\": \($0), " }.joined()
            expectError(
                prefix + #""k33": 0}]"#, .invalidValue, line: 1, column: prefix.utf8.count + 1, sample: 1,
                #"duplicate key "k33""#)
        }

        @Test func sampleThatIsNotAnObject() {
            expectError(
                "[\(sample()), 3]", .invalidValue, line: 1, column: 46, sample: 1, "expected a sample object, found 3")
        }

        @Test func topLevelValueOfAnotherType() {
            expectError(
                #""abc""#, .invalidValue, line: 1, column: 1, sample: nil,
                "expected an object or an array of samples, found a string")
            expectError(
                " -12.5 ", .invalidValue, line: 1, column: 2, sample: nil,
                "expected an object or an array of samples, found a number")
            expectError(
                "null", .invalidValue, line: 1, column: 1, sample: nil,
                "expected an object or an array of samples, found null")
        }

        @Test func missingSamplesIsReportedAtTheObjectStart() {
            expectError(
                "\n  {\"name\": \"x\"}", .missingField, line: 2, column: 3, sample: nil,
                #"missing field "samples": expected an object with a "samples" array"#)
        }

        /// A templates file or a config file given as a trace says what it is (it said only that
        /// "samples" was missing).
        @Test func aTemplatesOrConfigFileSaysWhatItIs() {
            expectError(
                #"{"format": "gesture-templates", "version": 1, "gestures": []}"#, .missingField, line: 1, column: 1,
                sample: nil,
                #"missing field "samples": expected an object with a "samples" array; this is a templates file "#
                    + "(`gesture learn` writes them): give it with --templates FILE")
            expectError(
                #"{"parameters": {"swipe": {"minimumTravel": 20}}}"#, .missingField, line: 1, column: 1, sample: nil,
                #"missing field "samples": expected an object with a "samples" array; this is a config file: "#
                    + "give it with --config FILE")
            // A format without gestures is no templates file.
            expectError(
                #"{"format": "x"}"#, .missingField, line: 1, column: 1, sample: nil,
                #"missing field "samples": expected an object with a "samples" array"#)
        }

        @Test func samplesThatIsNotAnArray() {
            expectError(
                #"{"samples": null}"#, .invalidValue, line: 1, column: 13, sample: nil,
                #"expected an array for "samples", found null"#)
        }

        @Test func metadataOfTheWrongType() {
            expectError(
                #"{"name": 5, "samples": []}"#, .invalidValue, line: 1, column: 10, sample: nil,
                #"expected a string or null for "name", found 5"#)
            expectError(
                #"{"label": ["tap"], "samples": []}"#, .invalidValue, line: 1, column: 11, sample: nil,
                #"expected a string or null for "label", found an array"#)
            expectError(
                #"{"view": "big", "samples": []}"#, .invalidValue, line: 1, column: 10, sample: nil,
                #"expected an object or null for "view", found "big""#)
        }

        @Test func viewSizeMustBePositiveFiniteNumbers() {
            expectError(
                #"{"view": {"width": 0, "height": 1}, "samples": []}"#, .invalidValue, line: 1, column: 20, sample: nil,
                #"expected a positive number up to 1e15 for "width", found 0"#)
            expectError(
                #"{"view": {"width": 1, "height": -2}, "samples": []}"#, .invalidValue, line: 1, column: 33,
                sample: nil, #"expected a positive number up to 1e15 for "height", found -2"#)
            expectError(
                #"{"view": {"width": 1, "height": 2e15}, "samples": []}"#, .invalidValue, line: 1, column: 33,
                sample: nil, #"expected a positive number up to 1e15 for "height", found 2e15"#)
            expectError(
                #"{"view": {"width": 1e400, "height": 1}, "samples": []}"#, .invalidNumber, line: 1, column: 20,
                sample: nil, #"number out of range for "width": 1e400"#)
            expectError(
                #"{"view": {"width": "1", "height": 1}, "samples": []}"#, .invalidValue, line: 1, column: 20,
                sample: nil, #"expected a number for "width", found "1""#)
            expectError(
                #"{"view": {"width": 1}, "samples": []}"#, .missingField, line: 1, column: 10, sample: nil,
                #"missing field "height": expected fields "width" and "height""#)
        }

        @Test func firstFieldErrorWins() {
            expectError(
                "[\(sample(x: "true", y: "false")), 3]", .invalidValue, line: 1, column: 36, sample: 0,
                #"expected a number for "x", found true"#)
        }
    }
}

extension JSONReaderTests {
    @Suite struct JSONReaderSyntaxErrorTests {
        @Test func syntaxErrorWinsOverAnEarlierFieldError() {
            // `1` is not a sample, but the document is not JSON at all.
            expectError(
                "[1]x", .syntax, line: 1, column: 4, sample: nil,
                "expected the end of input after the top-level value, found 'x'")
            expectError(
                "[\(sample(x: #""ten""#)),]", .syntax, line: 1, column: 49, sample: nil, "expected a value, found ']'")
        }

        @Test func missingCommaBetweenFields() {
            expectError(
                #"[{"t": 0 "id": 1}]"#, .syntax, line: 1, column: 10, sample: 0,
                "expected ',' or '}' after a field, found '\"'")
            expectError(
                #"[{"t": 0, "id": 1, "x": 1 x}]"#, .syntax, line: 1, column: 27, sample: 0,
                "expected ',' or '}' after a field, found 'x'")
        }

        @Test func missingCommaBetweenSamples() {
            expectError(
                "[\(sample())\n\(sample())]", .syntax, line: 2, column: 1, sample: nil,
                "expected ',' or ']' after a sample, found '{'")
        }

        @Test func unexpectedEndOfInput() {
            expectError("", .syntax, line: 1, column: 1, sample: nil, "unexpected end of input: expected a value")
            expectError(" \n ", .syntax, line: 2, column: 2, sample: nil, "unexpected end of input: expected a value")
            expectError(
                "[", .syntax, line: 1, column: 2, sample: nil, "unexpected end of input: expected a value or ']'")
            expectError(
                "[\(sample())", .syntax, line: 1, column: 44, sample: nil,
                "unexpected end of input: expected ',' or ']' after a sample")
            expectError(
                #"[{"t": 0"#, .syntax, line: 1, column: 9, sample: 0,
                "unexpected end of input: expected ',' or '}' after a field")
            expectError(
                #"{"samples": [], "a": [1, {"b": 2"#, .syntax, line: 1, column: 33, sample: nil,
                "unexpected end of input: expected ',' or '}' after a field")
            expectError(
                #"{"name": "ab"#, .syntax, line: 1, column: 13, sample: nil,
                #"unexpected end of input: expected '"' to end the string"#)
        }

        @Test func trailingCommas() {
            expectError("[1,]", .syntax, line: 1, column: 4, sample: nil, "expected a value, found ']'")
            expectError(
                #"{"samples": [],}"#, .syntax, line: 1, column: 16, sample: nil, "expected a string key, found '}'")
        }

        @Test func objectKeysMustBeStrings() {
            expectError(
                "{samples: []}", .syntax, line: 1, column: 2, sample: nil,
                "expected a string key or '}', found 'samples'")
            expectError("{'a': 1}", .syntax, line: 1, column: 2, sample: nil, "expected a string key or '}', found '''")
            expectError(#"{"a" 1}"#, .syntax, line: 1, column: 6, sample: nil, "expected ':' after a key, found '1'")
        }

        @Test func commentsAreNotJSON() {
            expectError(
                "[] // done", .syntax, line: 1, column: 4, sample: nil,
                "expected the end of input after the top-level value, found '/'")
            expectError("/* x */ []", .syntax, line: 1, column: 1, sample: nil, "expected a value, found '/'")
        }

        @Test func numberGrammar() {
            expectError(
                "[01]", .syntax, line: 1, column: 2, sample: 0, "expected a number without leading zeros, found 01")
            expectError("[-]", .syntax, line: 1, column: 3, sample: 0, "expected a digit after '-', found ']'")
            expectError("[1.]", .syntax, line: 1, column: 4, sample: 0, "expected a digit after '.', found ']'")
            expectError("[1.e5]", .syntax, line: 1, column: 4, sample: 0, "expected a digit after '.', found 'e5'")
            expectError("[1e+]", .syntax, line: 1, column: 5, sample: 0, "expected a digit in the exponent, found ']'")
            expectError("[.5]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found '.'")
            expectError("[+1]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found '+'")
            expectError(
                "[0x10]", .syntax, line: 1, column: 3, sample: nil, "expected ',' or ']' after a sample, found 'x10'")
            expectError(
                "[1 000]", .syntax, line: 1, column: 4, sample: nil, "expected ',' or ']' after a sample, found '000'")
        }

        @Test func nanAndInfinityAreNotJSON() {
            expectError("[NaN]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found 'NaN'")
            expectError(
                "[Infinity]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found 'Infinity'")
            expectError(
                "[-Infinity]", .syntax, line: 1, column: 3, sample: 0, "expected a digit after '-', found 'Infinity'")
            expectError(
                "[\(sample(x: "nan"))]", .syntax, line: 1, column: 36, sample: 0, "expected a value, found 'nan'")
        }

        @Test func misspelledLiterals() {
            expectError("[tru]", .syntax, line: 1, column: 2, sample: 0, "expected a value, found 'tru'")
            expectError("[True]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found 'True'")
            expectError("nul", .syntax, line: 1, column: 1, sample: nil, "expected a value, found 'nul'")
        }

        @Test func invalidEscapes() {
            expectError(
                #"["a\x"]"#, .syntax, line: 1, column: 5, sample: 0,
                #"expected '"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\', found 'x'"#)
            expectError(
                #"["\u12g4"]"#, .syntax, line: 1, column: 7, sample: 0, #"expected 4 hex digits after '\u', found 'g4'"#
            )
            expectError(
                #"["\U0041"]"#, .syntax, line: 1, column: 4, sample: 0,
                #"expected '"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\', found 'U0041'"#)
        }

        @Test func loneSurrogatesAreInvalid() {
            expectError(
                #"["\uD800"]"#, .syntax, line: 1, column: 9, sample: 0,
                #"expected a low surrogate escape after '\uD800', found '"'"#)
            expectError(
                #"["\uD834\u0041"]"#, .syntax, line: 1, column: 9, sample: 0,
                #"expected a low surrogate escape after '\uD834', found '\u0041'"#)
            expectError(
                #"["\uDC00"]"#, .syntax, line: 1, column: 3, sample: 0,
                #"unpaired low surrogate '\uDC00': expected a high surrogate escape before it"#)
        }

        @Test func controlCharactersInStringsMustBeEscaped() {
            expectError(
                "[\"a\tb\"]", .syntax, line: 1, column: 4, sample: 0,
                "expected an escape sequence, found control character U+0009 in a string")
            expectError(
                "{\"name\": \"a\nb\"}", .syntax, line: 1, column: 12, sample: nil,
                "expected an escape sequence, found control character U+000A in a string")
        }

        @Test func invalidUTF8InAString() {
            // A lone continuation byte, a truncated sequence, an overlong encoding and an encoded surrogate.
            expectError(
                [0x5B, 0x22, 0x80, 0x22, 0x5D], .syntax, line: 1, column: 3, sample: 0,
                "invalid UTF-8 in a string: found byte 0x80" + TextEncodingHint.convert)
            expectError(
                [0x5B, 0x22, 0x61, 0xE2, 0x82, 0x22, 0x5D], .syntax, line: 1, column: 4, sample: 0,
                "invalid UTF-8 in a string: found bytes 0xE2 0x82" + TextEncodingHint.convert)
            expectError(
                [0x5B, 0x22, 0xC0, 0xAF, 0x22, 0x5D], .syntax, line: 1, column: 3, sample: 0,
                "invalid UTF-8 in a string: found byte 0xC0" + TextEncodingHint.convert)
            expectError(
                [0x5B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x5D], .syntax, line: 1, column: 3, sample: 0,
                "invalid UTF-8 in a string: found bytes 0xED 0xA0" + TextEncodingHint.convert)
        }

        @Test func unexpectedNonASCIIOutsideStrings() {
            expectError("[é]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found 'é' (U+00E9)")
            expectError(
                [0x5B, 0xFF, 0x5D], .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found byte 0xFF"
            )
            expectError("[\u{0C}]", .syntax, line: 1, column: 2, sample: nil, "expected a value or ']', found U+000C")
        }

        @Test func incompleteByteOrderMark() {
            expectError(
                [0xEF, 0xBB, 0x5B, 0x5D], .syntax, line: 1, column: 1, sample: nil,
                "expected a value, found byte 0xEF")
        }

        @Test func errorAfterAByteOrderMarkCountsColumnsFromTheText() {
            expectError(
                [0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8), .syntax, line: 1, column: 4, sample: nil,
                "expected ',' or ']' after a sample, found '2'")
        }

        @Test func columnsCountCharactersAndLinesEndAtCRLF() {
            expectError(
                "{\"name\": \"éé\",\r\n \"samples\": x}", .syntax, line: 2, column: 13, sample: nil,
                "expected a value, found 'x'")
        }

        static let nestingLimit =
            "nesting too deep: expected at most 512 levels (the nesting limit); raise it with --limit nesting=N"

        @Test func nestingDeeperThan512Levels() {
            let text = String(repeating: "[", count: 513) + String(repeating: "]", count: 513)
            expectError(text, .limitExceeded, line: 1, column: 513, sample: 0, Self.nestingLimit)
            // Inside an ignored field, levels count from the top of the document.
            let deep =
                #"{"samples": [], "x": "# + String(repeating: "{\"a\":", count: 600) + "1"
                + String(repeating: "}", count: 600) + "}"
            expectError(deep, .limitExceeded, line: 1, column: 22 + 511 * 5, sample: nil, Self.nestingLimit)
            // Past the limit the syntax is still checked: a truncated document is reported as truncated.
            let truncated = #"{"samples": [], "x": "# + String(repeating: "{\"a\":", count: 600)
            expectError(
                truncated, .syntax, line: 1, column: 22 + 600 * 5, sample: nil,
                "unexpected end of input: expected a value")
        }

        @Test func veryDeepNestingDoesNotOverflowTheStack() {
            let closed = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
            expectError(closed, .limitExceeded, line: 1, column: 513, sample: 0, Self.nestingLimit)
            let open = String(repeating: "[", count: 200_000)
            expectError(
                open, .syntax, line: 1, column: 200_001, sample: 0, "unexpected end of input: expected a value or ']'")
        }

        @Test func everyPrefixAndByteChangeOfADocumentIsHandled() throws {
            let text =
                #"{"name": "a\u00e9\n", "view": {"width": 1, "height": 2}, "samples": [{"t": 0, "id": "p", "phase": "began", "x": -1.5e-3, "y": 2}, {"t": 1, "id": 2, "phase": "ended", "x": 0, "y": 1E+2}]}"#
            let bytes = Array(text.utf8)
            _ = try Trace.parseJSON(bytes, file: "t.json")
            // Every proper prefix is an error, with a place inside the text (or at its end).
            for count in 0..<bytes.count {
                do {
                    _ = try Trace.parseJSON(Array(bytes[..<count]), file: "t.json")
                    Issue.record("prefix of \(count) bytes was accepted")
                } catch {
                    #expect(error.line == 1 && (error.column ?? 0) >= 1 && (error.column ?? 0) <= count + 1)
                }
            }
            // Changing any byte never crashes, and an error always has a place.
            for index in bytes.indices {
                for replacement: UInt8 in [0x00, 0x22, 0x2C, 0x5C, 0x5D, 0x7D, 0x30, 0x65, 0x80, 0xFF] {
                    var changed = bytes
                    changed[index] = replacement
                    do {
                        _ = try Trace.parseJSON(changed, file: "t.json")
                    } catch {
                        #expect(error.line != nil && error.column != nil)
                    }
                }
            }
        }
    }
}

// MARK: - Conformance

/// `/work/shared/conformance/JSONTestSuite/test_parsing`, found next to this worktree.
private let jsonTestSuitePath = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // GestureKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the worktree
    .deletingLastPathComponent()  // its parent
    .appendingPathComponent("shared/conformance/JSONTestSuite/test_parsing").path

/// The corpus is third-party data kept outside the project; without it these tests are skipped, and
/// Swift Testing reports each skip with this comment.
private let corpusIsPresent: ConditionTrait = .enabled(
    if: FileManager.default.fileExists(atPath: jsonTestSuitePath),
    "JSONTestSuite corpus not found at ../shared/conformance/JSONTestSuite/test_parsing")

extension JSONReaderTests {
    @Suite struct JSONReaderConformanceTests {
        @Test(corpusIsPresent)
        func jsonTestSuite() throws {
            let names = try FileManager.default.contentsOfDirectory(atPath: jsonTestSuitePath).sorted()
            var counts: [Character: Int] = [:]
            for name in names where name.hasSuffix(".json") {
                guard let kind = name.first,
                    let data = FileManager.default.contents(atPath: jsonTestSuitePath + "/" + name)
                else { continue }
                counts[kind, default: 0] += 1
                let result = Result { () throws(TraceError) in try Trace.parseJSON(Array(data), file: name) }
                switch (kind, result) {
                case ("y", .failure(let error)):
                    // Valid JSON: read as JSON, then only a schema error (it is not a trace) is allowed —
                    // never a syntax error, and no limit is reached by any of them.
                    let schemaErrors: Set<TraceError.Code> = [
                        .missingField, .invalidValue, .invalidNumber, .unknownPhase,
                    ]
                    #expect(schemaErrors.contains(error.code), "\(name): \(error)")
                case ("n", .success):
                    Issue.record("\(name) was accepted")
                case ("n", .failure(let error)):
                    #expect(error.code == .syntax && error.line != nil && error.column != nil, "\(name): \(error)")
                default:
                    break  // `y_` read as a trace, or `i_`: either answer, as long as it returns.
                }
            }
            #expect(counts["y"] == 95 && counts["n"] == 188 && counts["i"] == 35)
        }

        /// The two documents that nest 50,000 and 100,000 levels deep are truncated: past the nesting
        /// limit the reader still checks the syntax, without recursion, so they are syntax errors at the
        /// end like every other `n_` document, and the stack never grows.
        @Test(corpusIsPresent)
        func jsonTestSuiteDeepNestingIsATruncationNotAStackOverflow() throws {
            for name in ["n_structure_100000_opening_arrays.json", "n_structure_open_array_object.json"] {
                let data = try #require(FileManager.default.contents(atPath: jsonTestSuitePath + "/" + name))
                do {
                    _ = try Trace.parseJSON(Array(data), file: name)
                    Issue.record("\(name) was accepted")
                } catch {
                    #expect(
                        error.code == .syntax && error.message.hasPrefix("unexpected end of input"), "\(name): \(error)"
                    )
                    let end = SourcePosition(of: data.count, in: Array(data))
                    #expect(error.line == end.line && error.column == end.column, "\(name): \(error)")
                }
                // Closed, the same depth is the nesting limit, at the 513th level.
                var closed = Array(data)
                closed += Array(String(repeating: "]", count: closed.count).utf8)
                if name == "n_structure_100000_opening_arrays.json" {
                    #expect(
                        throws: TraceError(
                            .limitExceeded, file: name, line: 1, column: 513, sampleIndex: 0,
                            message: JSONReaderSyntaxErrorTests.nestingLimit)
                    ) { try Trace.parseJSON(closed, file: name) }
                }
            }
        }

        @Test(corpusIsPresent)
        func jsonTestSuiteEmptyArrayIsAnEmptyTrace() throws {
            let data = try #require(FileManager.default.contents(atPath: jsonTestSuitePath + "/y_array_empty.json"))
            #expect(try Trace.parseJSON(Array(data), file: "y_array_empty.json") == Trace(samples: []))
        }
    }
}
