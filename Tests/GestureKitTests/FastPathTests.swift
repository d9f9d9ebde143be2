import Foundation
import Testing

@testable import GestureKit

// Every reader's fast paths (plain JSON samples and sample keys, plain CSV records, Clinger's
// conversion of short numbers) are an optimisation only: with them turned off (`fastPaths: false`),
// every input must read to the same samples, bit for bit and offsets included, and fail with the
// same error, code, line, column, sample and message. These tests read many inputs both ways; the
// json, csv and xml fuzz targets do the same on every input they make (FuzzTargets.reader).

/// The package's root folder.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// `../shared` beside the package (third-party suites and datasets, not copied into the project).
private let shared = root.deletingLastPathComponent().appendingPathComponent("shared")
private let hasShared = FileManager.default.fileExists(atPath: shared.path)

/// A named input in a format.
private struct Input {
    var name: String
    var format: TraceFormat
    var bytes: [UInt8]

    init(_ name: String, _ format: TraceFormat, _ bytes: [UInt8]) {
        self.name = name
        self.format = format
        self.bytes = bytes
    }

    init(_ name: String, _ format: TraceFormat, _ text: String) { self.init(name, format, Array(text.utf8)) }
}

/// The trace files under `folder` (recursively), in a fixed order, every `stride`-th one kept.
private func inputs(in folder: URL, stride: Int = 1) -> [Input] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    let urls = walker.compactMap { $0 as? URL }.filter { TraceFormat(path: $0.path) != nil }
        .sorted { $0.path < $1.path }
    return urls.enumerated().compactMap { index, url in
        guard index % stride == 0, let format = TraceFormat(path: url.path),
            let data = FileManager.default.contents(atPath: url.path)
        else { return nil }
        return Input(
            url.path.replacingOccurrences(of: root.deletingLastPathComponent().path + "/", with: ""), format,
            [UInt8](data))
    }
}

/// Limits that each bind somewhere: tight string lengths around the keys and phase names (5, 9 and
/// 10 bytes), digits around the fast paths' 15, few samples, shallow nesting, short CSV lines.
private let limitSettings: [ReadLimits] = {
    var settings: [ReadLimits] = [.default, FuzzTargets.tinyLimits]
    let tight: [(ReadLimits.Name, [Int])] = [
        (.samples, [1, 2, 3]), (.nesting, [1, 2, 3]), (.stringLength, [1, 2, 4, 5, 6, 8, 9, 10, 11]),
        (.digits, [1, 2, 5, 14, 15, 16, 19, 20]), (.lineLength, [8, 16, 24, 48]), (.touches, [1]),
    ]
    for (name, values) in tight {
        for value in values {
            var limits = ReadLimits()
            limits[name] = value
            settings.append(limits)
        }
    }
    return settings
}()

/// The differences between reading each input with the fast paths and without, under each of `limits`.
private func differences(_ inputs: [Input], limits: [ReadLimits] = limitSettings) -> [String] {
    var found: [String] = []
    for input in inputs {
        for setting in limits {
            if let difference = FuzzTargets.fastPathDifference(
                input.bytes, input.format, file: input.name, limits: setting)
            {
                found.append("\(input.name) (\(input.format.rawValue), limits \(setting)): \(difference)")
            }
        }
    }
    return found
}

/// Every prefix of `bytes` (or 97 of them, spread, for long texts).
private func truncations(of input: Input) -> [Input] {
    let count = input.bytes.count
    let cuts = count <= 400 ? Array(0..<count) : (0..<97).map { $0 * count / 97 }
    return cuts.map { Input("\(input.name)[..<\($0)]", input.format, Array(input.bytes[..<$0])) }
}

/// `count` copies of `bytes`, each with one to three bytes replaced, inserted or removed, chosen by a
/// seeded generator among bytes that matter to the readers.
private func mutations(of input: Input, count: Int, seed: UInt64) -> [Input] {
    let interesting: [[UInt8]] = [
        [0x30], [0x31], [0x39], [0x2D], [0x2B], [0x2E], [0x65], [0x45], [0x22], [0x27], [0x2C], [0x3A], [0x7B],
        [0x7D], [0x5B], [0x5D], [0x20], [0x09], [0x0A], [0x0D], [0x5C], [0x23], [0x26], [0x3B], [0x3C], [0x3E],
        [0x7F], [0xC2, 0x85], [0xFF], [0xE2, 0x82, 0xAC], [0x61], [0x74], [0x78], [0x00],
    ]
    var state = seed
    func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(max(bound, 1)))
    }
    return (0..<count).map { index in
        var bytes = input.bytes
        for _ in 0...next(3) where !bytes.isEmpty {
            let at = next(bytes.count)
            let piece = interesting[next(interesting.count)]
            switch next(3) {
            case 0: bytes.replaceSubrange(at..<at + 1, with: piece)
            case 1: bytes.insert(contentsOf: piece, at: at)
            default: bytes.remove(at: at)
            }
        }
        return Input("\(input.name)~\(index)", input.format, bytes)
    }
}

// MARK: - Generated edge cases

private let keys = ["t", "id", "phase", "x", "y"]

/// Every order of `items`.
private func permutations<T>(_ items: [T]) -> [[T]] {
    guard items.count > 1 else { return [items] }
    return items.indices.flatMap { i in
        var rest = items
        let first = rest.remove(at: i)
        return permutations(rest).map { [first] + $0 }
    }
}

/// Numbers around what the fast paths take: digits from 1 to 20, fractions, signs, zeros, exponents.
private let numbers: [String] = {
    var list = [
        "0", "-0", "0.0", "-0.0", "1", "-1", "0.5", "-0.5", ".5", "5.", "1.", "00", "01", "-01", "007.50", "+1", "1e0",
        "1E+2",
        "1e-3", "-1.5e-3", "1e999", "-1e999", "1e-999", "0e5", "1.0e0", "123456789012345", "1234567890123456",
        "12345678901234567", "0.123456789012345", "0.1234567890123456", "99999999999999.9", "999999999999999",
        "9999999999999999", "9007199254740993", "0.1", "0.2", "0.3", "2.5e-324", "1.7976931348623157e308",
        "1.7976931348623159e308", "4.9e-324", "-", "--1", "1..2", "1.2.3", "1e", "1e+", "0x10", "nan", "inf", " 1",
        "1 ",
        "", "1_0",
    ]
    for digits in 1...20 {
        let integer = String(repeating: "7", count: digits)
        list.append(integer)
        list.append("-" + integer)
        list.append("1." + String(repeating: "3", count: digits - 1))
        list.append("0." + String(repeating: "0", count: digits / 2) + String(repeating: "9", count: digits))
    }
    return list
}()

/// Touch ids around the fast paths' 18 digits and `Int`'s range, and strings.
private let ids: [String] = [
    "0", "1", "-1", "7", "00", "01", "-0", "1.0", "1e2", "999999999999999999", "1000000000000000000",
    "-999999999999999999",
    "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
    "123456789012345678901",
    #""a""#, #""""#, #""finger one""#, #""\u0041""#, #""é""#, #""a\"b""#, #""12345678""#, #""123456789""#,
    #""1234567890""#, "true", "null", "[1]", "{}",
]

private let phases: [String] = [
    #""began""#, #""moved""#, #""stationary""#, #""ended""#, #""cancelled""#, #""Began""#, #""begun""#,
    #""b\u0065gan""#, #""cancelle""#, #""stationar""#, #""""#, "1", "null",
]

/// A JSON sample with these values, keys in `order`, `space` after each `:` and `,`.
private func jsonSample(
    t: String = "0.016", id: String = "1", phase: String = #""began""#, x: String = "100.5", y: String = "-20",
    order: [String] = keys, space: String = " ", extra: String = ""
) -> String {
    let values = ["t": t, "id": id, "phase": phase, "x": x, "y": y]
    let fields = order.map { #""\#($0)":\#(space)\#(values[$0] ?? "null")"# } + (extra.isEmpty ? [] : [extra])
    return "{" + fields.joined(separator: ",\(space)") + "}"
}

private func jsonDocument(_ samples: [String]) -> String {
    #"{"name": "edge", "label": "tap", "view": {"width": 390, "height": 844}, "samples": ["#
        + samples.joined(separator: ", ") + "]}"
}

private let generatedJSON: [Input] = {
    var inputs: [Input] = []
    func add(_ name: String, _ samples: [String]) {
        inputs.append(Input("json:\(name)", .json, jsonDocument(samples)))
        inputs.append(Input("json-array:\(name)", .json, "[" + samples.joined(separator: ",") + "]"))
    }
    for (index, order) in permutations(keys).enumerated() {
        add("order\(index)", [jsonSample(order: order), jsonSample(phase: #""ended""#, order: order)])
    }
    for (index, space) in ["", " ", "  ", "\t", "\n", "\r\n", " \n\t", "\r"].enumerated() {
        add("space\(index)", [jsonSample(space: space), jsonSample(id: #""a""#, phase: #""cancelled""#, space: space)])
        let spaced =
            "{\(space)\"t\"\(space):\(space)0\(space),\(space)\"id\"\(space):\(space)1\(space),\(space)\"phase\""
            + "\(space):\(space)\"began\"\(space),\(space)\"x\"\(space):\(space)1\(space),\(space)\"y\"\(space):\(space)2\(space)}"
        add("spaced\(index)", [spaced, spaced])
    }
    for (index, number) in numbers.enumerated() {
        add("t\(index)", [jsonSample(t: number), jsonSample(t: "1")])
        add("x\(index)", [jsonSample(x: number)])
        add("y\(index)", [jsonSample(y: number, order: keys.reversed())])
    }
    for (index, id) in ids.enumerated() {
        add("id\(index)", [jsonSample(id: id), jsonSample(id: id, order: keys.reversed())])
    }
    for (index, phase) in phases.enumerated() { add("phase\(index)", [jsonSample(phase: phase)]) }
    let escapedKeys = [
        #""\u0074": 0, "id": 1, "phase": "began", "x": 1, "y": 2"#,
        #""t": 0, "i\u0064": 1, "phase": "began", "x": 1, "y": 2"#,
    ]
    for (index, body) in escapedKeys.enumerated() { add("escapedKey\(index)", ["{\(body)}"]) }
    let odd = [
        jsonSample(extra: #""note": "hi""#), jsonSample(extra: #""t": 5"#), jsonSample(extra: #""x": 1"#),
        jsonSample(order: ["t", "id", "phase", "x"]), jsonSample(order: ["t", "t", "id", "phase", "x", "y"]),
        jsonSample(extra: #""deep": [[[[1]]]]"#), "[]", "{}", "1", "null", #""s""#, jsonSample() + " ",
    ]
    for (index, sample) in odd.enumerated() { add("odd\(index)", [sample, jsonSample()]) }
    inputs.append(Input("json:empty", .json, ""))
    inputs.append(Input("json:bom", .json, "\u{FEFF}[" + jsonSample() + "]"))
    inputs.append(Input("json:nested-samples", .json, #"{"samples": [[\#(jsonSample())]]}"#))
    return inputs
}()

private let generatedCSV: [Input] = {
    var inputs: [Input] = []
    func add(_ name: String, _ text: String) { inputs.append(Input("csv:\(name)", .csv, text)) }
    let header = "t,id,phase,x,y\n"
    for (index, number) in numbers.enumerated() {
        add("t\(index)", header + "\(number),1,began,1,2\n")
        add("x\(index)", header + "0,1,began,\(number),2\n1,1,ended,2,\(number)")
    }
    let csvIDs = [
        "0", "1", "-1", "00", "+1", "-", "a", "\"1\"", "\"a,b\"", "\"a\"\"b\"", " 1", "999999999999999999",
        "1000000000000000000", "9223372036854775807", "9223372036854775808", "-9223372036854775808", "1.5", "",
    ]
    for (index, id) in csvIDs.enumerated() { add("id\(index)", header + "0,\(id),began,1,2\n") }
    let csvPhases = [
        "began", "moved", "stationary", "ended", "cancelled", "Began", "\"began\"", " began", "began ", "", "x",
    ]
    for (index, phase) in csvPhases.enumerated() { add("phase\(index)", header + "0,1,\(phase),1,2\n") }
    for (index, order) in permutations(keys).enumerated() where index % 7 == 0 {
        let values = ["t": "0.5", "id": "3", "phase": "began", "x": "-1.25", "y": "8"]
        add("order\(index)", order.joined(separator: ",") + "\n" + order.map { values[$0]! }.joined(separator: ","))
    }
    let records = [
        "0,1,began,1,2", "0,1,began,1,2,", "0,1,began,1", "0,1,began,1,2,3", " 0 ,1,began,1,2", "0,1,began,1\t,2",
        "\"0\",1,began,1,2", "0,1,began,1e2,2", "0,1,\"be\"\"gan\",1,2", "#0,1,began,1,2", "0,1,began,1,2\r",
    ]
    for (index, record) in records.enumerated() {
        for (breakIndex, lineBreak) in ["\n", "\r\n", "\r"].enumerated() {
            add(
                "record\(index)-\(breakIndex)",
                header.replacingOccurrences(of: "\n", with: lineBreak) + record + lineBreak
                    + "1,1,ended,3,4" + lineBreak)
        }
    }
    add("extra-columns", "a,t,b,id,phase,x,y,c\nq,0,\"w\",1,began,1,2,\n")
    add("comments", "# label: tap\n# view: 390x844\n\n" + header + "# middle\n0,1,began,1,2\n\n  \n1,1,ended,1,2\n")
    add("view-digits", "# view: 1234567890123456789x2\n" + header + "0,1,began,1,2\n")
    add("bom", "\u{FEFF}" + header + "0,1,began,1,2\n")
    return inputs
}()

private let generatedXML: [Input] = {
    var inputs: [Input] = []
    for (index, number) in numbers.enumerated() {
        inputs.append(
            Input(
                "xml:\(index)", .xml,
                #"<Gesture Name="n"><Point X="\#(number)" Y="1" T="5"/><Point X="2" Y="\#(number)" T="\#(number)"/></Gesture>"#
            ))
    }
    inputs.append(Input("xml:references", .xml, #"<Gesture><Point X="&#49;.5" Y="&#x32;e1" T="0"/></Gesture>"#))
    inputs.append(
        Input(
            "xml:strokes", .xml,
            #"<Gesture><Stroke><Point X="1" Y="2" T="0"/></Stroke><Stroke><Point X="1.25" Y="-2" T="16"/><Point X="3" Y="4" T="32"/></Stroke></Gesture>"#
        ))
    return inputs
}()

@Suite struct FastPathTests {
    @Test func theBundledTracesReadTheSameBothWays() {
        let found = inputs(in: root.appendingPathComponent("Traces"))
        #expect(found.count >= 10)
        let problems = differences(found)
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    @Test func theFuzzSeedsAndRegressionsReadTheSameBothWays() {
        let found =
            inputs(in: root.appendingPathComponent("Fuzz/corpus"))
            + inputs(in: root.appendingPathComponent("Fuzz/regressions"))
        #expect(found.count >= 20)
        let problems = differences(found)
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    @Test func generatedEdgeCasesReadTheSameBothWays() {
        let found = generatedJSON + generatedCSV + generatedXML
        #expect(found.count >= 1000)
        let problems = differences(found)
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    @Test func truncationsAndMutationsOfValidTracesReadTheSameBothWays() {
        let valid =
            inputs(in: root.appendingPathComponent("Traces")) + inputs(in: root.appendingPathComponent("Fuzz/corpus"))
        #expect(valid.count >= 30)
        var found: [Input] = []
        for (index, input) in valid.enumerated() {
            found += truncations(of: input)
            found += mutations(of: input, count: 150, seed: UInt64(index + 1))
        }
        let problems = differences(found, limits: [.default, FuzzTargets.tinyLimits])
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }

    @Test(.enabled(if: hasShared, "../shared is absent: the conformance suites and datasets were not read both ways"))
    func theSharedConformanceSuitesAndDatasetsReadTheSameBothWays() {
        var found: [Input] = []
        // JSONTestSuite's cases are JSON whatever they hold; read as traces, nearly all are errors.
        let suite = shared.appendingPathComponent("conformance/JSONTestSuite/test_parsing")
        for name in (try? FileManager.default.contentsOfDirectory(atPath: suite.path).sorted()) ?? [] {
            if let data = FileManager.default.contents(atPath: suite.appendingPathComponent(name).path) {
                found.append(Input("JSONTestSuite/\(name)", .json, [UInt8](data)))
            }
        }
        found += inputs(in: shared.appendingPathComponent("conformance/csv-spectrum"))
        let conformance = found.count
        // A sample of the datasets: every 25th file of each, in path order (some 400 files).
        let datasets = shared.appendingPathComponent("datasets")
        for folder in (try? FileManager.default.contentsOfDirectory(atPath: datasets.path).sorted()) ?? [] {
            found += inputs(in: datasets.appendingPathComponent(folder), stride: 25)
        }
        #expect(conformance >= 300, "JSONTestSuite and csv-spectrum hold more than \(conformance) cases")
        #expect(found.count - conformance >= 300, "only \(found.count - conformance) dataset files found")
        let problems =
            differences(Array(found[..<conformance]))
            + differences(Array(found[conformance...]), limits: [.default, FuzzTargets.tinyLimits])
        #expect(problems.isEmpty, "\(problems.prefix(5).joined(separator: "\n"))")
    }
}
