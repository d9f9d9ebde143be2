import Foundation
import Testing

@testable import GestureKit

/// Replays every committed fuzz seed (Fuzz/corpus/HARNESS) and every regression fixture
/// (Fuzz/regressions/HARNESS: inputs that once crashed, hung, tripped the sanitizer or broke an
/// invariant) through the same target bodies the libFuzzer harnesses run. Fuzzing itself is
/// `make fuzz`, not part of the tests.
@Suite struct FuzzRegressionTests {
    static let fuzz = GestureCommand.packageRoot.appendingPathComponent("Fuzz")

    static let targets: [String: @Sendable ([UInt8]) -> [String]] = [
        "json": FuzzTargets.json, "csv": FuzzTargets.csv, "xml": FuzzTargets.xml, "replay": FuzzTargets.replay,
        "config": FuzzTargets.config, "labels": FuzzTargets.labels, "templates": FuzzTargets.templates,
        "scores": FuzzTargets.scores,
    ]

    static func inputs(_ folder: String, _ harness: String) -> [String] {
        // A harness need not have regressions; it must have seeds.
        GestureCommand.files(in: "Fuzz/\(folder)/\(harness)", mayBeEmpty: folder == "regressions").map {
            String($0.dropFirst("Fuzz/".count))
        }
    }

    static let all = ["json", "csv", "xml", "replay", "config", "labels", "templates", "scores"].flatMap {
        inputs("regressions", $0) + inputs("corpus", $0)
    }

    /// The README's table of campaigns is the one `scripts/fuzz-table.py` prints from
    /// `Fuzz/campaigns.tsv` (a merge once left two rows of a harness in it); skipped without python3.
    @Test(.enabled(if: RecorderPageTests.python != nil, "no python3 on PATH to run scripts/fuzz-table.py"))
    func theReadmeTableIsMadeFromTheCampaigns() throws {
        let python = try #require(RecorderPageTests.python)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [GestureCommand.packageRoot.appendingPathComponent("scripts/fuzz-table.py").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let table = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && table.hasPrefix("| harness |"))
        let readme = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let current = readme.contains("\n" + table + "\nCounts come from `Fuzz/campaigns.tsv`")
        #expect(current, "README.md's fuzzing table is not what `python3 scripts/fuzz-table.py` prints:\n\(table)")
    }

    @Test func everyHarnessHasSeeds() {
        for harness in Self.targets.keys.sorted() {
            #expect(
                !Self.inputs("corpus", harness).contains { $0.contains("(no file found") },
                "Fuzz/corpus/\(harness) is empty")
        }
    }

    @Test(arguments: all)
    func replaysWithoutBreakingAnInvariant(_ path: String) throws {
        let harness = path.split(separator: "/")[1]
        let bytes = try [UInt8](Data(contentsOf: Self.fuzz.appendingPathComponent(path)))
        let target = try #require(Self.targets[String(harness)])
        // Both kinds of reading, whatever the file's length.
        #expect(target(bytes) == [], "\(path)")
        #expect(target(bytes + (bytes.count % 2 == 0 ? [0x20] : [])) == [], "\(path), odd length")
    }

    /// Fuzzing found (Fuzz/regressions/csv/control-character-in-touch-name-diagnostic.csv and
    /// replay/nul-in-touch-name-diagnostic.bin) that a touch name's control characters reached the
    /// terminal through the validator's messages.
    @Test func touchNamesAreEscapedInDiagnostics() {
        let csv = "t,id,phase,x,y\n0,\"a\u{E}\u{7F}\u{9B}b\",ended,0,0\n"
        #expect(
            throws: TraceError(
                .touchNotDown, file: "t.csv", line: 2, column: 1, sampleIndex: 0,
                message: #"touch a\u{E}\u{7F}\u{9B}b ended while not down: expected "began" first"#)
        ) {
            try TraceReader.read(bytes: Array(csv.utf8), file: "t.csv")
        }
        var trace = Trace(samples: [
            Sample(time: 0, touch: .name("x\ny"), phase: .began, location: .zero),
            Sample(time: 0, touch: .name("x\ny"), phase: .began, location: .zero),
        ])
        #expect(
            throws: TraceError(
                .touchAlreadyDown, file: "code", sampleIndex: 1,
                message: #"touch x\u{A}y began while already down: expected it up, found it down since sample 0"#)
        ) {
            try TraceValidator.validate(&trace, file: "code")
        }
    }

    /// Fuzzing found (Fuzz/regressions/json/del-in-unknown-phase-diagnostic.json) that DEL, which
    /// JSON allows raw in strings, reached the terminal in an unknown-phase message; C1 controls
    /// (U+0080–U+009F) could too, in every reader. They are now written as escapes.
    @Test func controlCharactersInFoundTextAreEscapedByEveryReader() {
        let phases = #""began", "moved", "stationary", "ended" or "cancelled""#
        #expect(
            throws: TraceError(
                .unknownPhase, file: "t.json", line: 1, column: 24, sampleIndex: 0,
                message: #"unknown phase "b\u{7F}\u{85}gan": expected \#(phases) (did you mean "began"?)"#)
        ) {
            try Trace.parseJSON(
                Array(#"[{"t":0,"id":1,"phase":"b\#u{7F}\#u{85}gan","x":1,"y":2}]"#.utf8), file: "t.json")
        }
        #expect(
            throws: TraceError(
                .syntax, file: "t.json", line: 1, column: 2, message: "expected a value or ']', found U+0085")
        ) {
            try Trace.parseJSON(Array("[\u{85}]".utf8), file: "t.json")
        }
        #expect(
            throws: TraceError(
                .unknownPhase, file: "t.csv", line: 2, column: 5, sampleIndex: 0,
                message: #"unknown phase "b\u{85}gan": expected \#(phases) (did you mean "began"?)"#)
        ) {
            try Trace.parseCSV(Array("t,id,phase,x,y\n0,1,b\u{85}gan,1,2\n".utf8), file: "t.csv")
        }
        #expect(
            throws: TraceError(
                .invalidValue, file: "t.xml", line: 1, column: 19, sampleIndex: 0,
                message: #"expected a number for "X", found "\u{85}\u{7F}""#)
        ) {
            try Trace.parseXML(
                Array("<Gesture><Point X=\"\u{85}\u{7F}\" Y=\"1\" T=\"0\"/></Gesture>".utf8), file: "t.xml")
        }
        #expect(
            throws: TraceError(
                .syntax, file: "t.xml", line: 1, column: 15,
                message: "expected whitespace between attributes, found U+0085")
        ) {
            try Trace.parseXML(Array("<Gesture X=\"1\"\u{85}/>".utf8), file: "t.xml")
        }
    }

    /// Fuzzing found (Fuzz/regressions/replay/circle-resample-overflow-oom.bin) that the circle
    /// recognizer's resampling appended points forever — until memory ran out — when a segment's length
    /// overflowed. The same loop never ended when the resampling step was finer than the coordinates'
    /// precision, which plain JSON files reach: a circle of radius 1e-13 at (400, 400), or of radius 1e-6
    /// at (1e9, 1e9), hung `gesture classify`.
    @Test(.timeLimit(.minutes(1)), arguments: [(400.0, 1e-13), (1e9, 1e-6), (1e200, 8e199), (1e150, 1e150)])
    func circlesAtTheEdgesOfDoublePrecisionEnd(_ center: Double, _ radius: Double) throws {
        // Built in code: a reader refuses coordinates beyond 1e15 (`Trace.coordinateLimit`).
        let trace = Trace(
            samples: (0...36).map { i in
                let angle = 2 * Double.pi * Double(i) / 36
                return Sample(
                    0.6 * Double(i) / 36, 1, i == 0 ? .began : i == 36 ? .ended : .moved,
                    center + radius * cos(angle), center + radius * sin(angle))
            })
        for profile in [Profile.default, .seed] {
            let result = Classifier(configuration: Configuration(profile: profile)).classify(trace, file: "c.json")
            #expect(result.sequences.count == 1)
        }
        var path = trace.samples.map(\.location)
        path.append(Point(x: .greatestFiniteMagnitude, y: -.greatestFiniteMagnitude))
        #expect(Circle.resample(path, step: radius / 20).count < 10_000)
    }
}
