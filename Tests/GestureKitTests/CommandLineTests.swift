import Foundation
import Testing

/// Runs the built `gesture` executable as a user would and checks stdout, stderr and the exit status.
enum GestureCommand {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gesture")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/gesture")
    }()

    struct Output: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `gesture arguments…` in `folder` (the package root by default), with `input` on standard input.
    static func run(_ arguments: [String], input: String = "", in folder: URL = packageRoot) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// The bundled traces, sorted.
    static var traces: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent("Traces").path)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "Traces/\($0)" }
    }
}

@Suite struct CommandLineTests {
    static let goldenFolder = GestureCommand.packageRoot.appendingPathComponent("Tests/GestureKitTests/Golden")
    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDEN"] != nil

    /// Compares `text` with a golden file; `RECORD_GOLDEN=1 swift test` rewrites it.
    func assertGolden(_ text: String, _ name: String) throws {
        let url = Self.goldenFolder.appendingPathComponent(name)
        if Self.recording {
            try text.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        let golden = try String(contentsOf: url, encoding: .utf8)
        #expect(text == golden, "\(name) differs from its golden file; RECORD_GOLDEN=1 swift test rewrites it")
    }

    @Test(arguments: GestureCommand.traces)
    func everyBundledTraceClassifiesAsItsLabelAndNameSay(_ path: String) throws {
        let output = try GestureCommand.run(["classify", "--format", "jsonl", path])
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let label = try #require(object["label"] as? String, "every bundled trace carries the gesture it shows as its label")
        let gesture = try #require(object["gesture"] as? String)
        #expect(gesture == label)
        #expect((object["warnings"] as? [String]) == [], "a bundled trace replays without warnings")
        #expect(output.status == (label == "none" ? 1 : 0))
        #expect(output.stderr == "")
        // The name says it too: `long-press-then-pan` is `long-press+pan`; `not-a-tap` is anything but a tap.
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        if name.hasPrefix("not-a-") {
            #expect(!gesture.split(separator: "+").contains { $0 == name.dropFirst("not-a-".count) })
        } else {
            #expect(gesture.split(separator: "+").allSatisfy { name.contains($0) }, "\(name) does not name \(gesture)")
        }
    }

    @Test(arguments: GestureCommand.traces)
    func goldenTextAndJSON(_ path: String) throws {
        let name = URL(fileURLWithPath: path).lastPathComponent
        try assertGolden(try GestureCommand.run(["classify", path]).stdout, "\(name).txt")
        try assertGolden(try GestureCommand.run(["classify", "--format", "json", path]).stdout, "\(name).out.json")
    }

    @Test func seedProfileGoldenText() throws {
        try assertGolden(try GestureCommand.run(["classify", "--profile", "seed"] + GestureCommand.traces).stdout, "all.seed.txt")
    }

    @Test func listGolden() throws {
        try assertGolden(try GestureCommand.run(["list"]).stdout, "list.txt")
        try assertGolden(try GestureCommand.run(["list", "--format", "json"]).stdout, "list.json")
    }

    @Test func sameBytesTwiceAndInAnyOrder() throws {
        let traces = GestureCommand.traces
        let forward = try GestureCommand.run(["classify", "--format", "jsonl"] + traces)
        let again = try GestureCommand.run(["classify", "--format", "jsonl"] + traces)
        let backward = try GestureCommand.run(["classify", "--format", "jsonl"] + traces.reversed())
        #expect(forward == again)
        let lines = forward.stdout.split(separator: "\n")
        #expect(lines.count == traces.count)
        #expect(Set(lines) == Set(backward.stdout.split(separator: "\n")))
        #expect(Array(lines.reversed()) == backward.stdout.split(separator: "\n"))
        // Each trace alone gives the same line as among the others.
        for (trace, line) in zip(traces, lines) {
            #expect(try GestureCommand.run(["classify", "--format", "jsonl", trace]).stdout == line + "\n")
        }
    }

    @Test func standardInputIsSniffed() throws {
        let csv = try String(contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/z.csv"), encoding: .utf8)
        let output = try GestureCommand.run(["classify", "--format", "jsonl", "-"], input: csv)
        #expect(output.stdout.hasPrefix(#"{"file":"-","name":"z","label":"z","gesture":"z","#))
        #expect(output.status == 0)
    }

    @Test func exitStatusIsOneWhenNothingIsRecognized() throws {
        #expect(try GestureCommand.run(["classify", "Traces/not-a-tap.json"]).status == 1)
        #expect(try GestureCommand.run(["classify", "Traces/not-a-tap.json", "Traces/circle.json"]).status == 0)
    }

    @Test func helpAndVersion() throws {
        for command in [["--help"], ["classify", "--help"], ["list", "--help"]] {
            let output = try GestureCommand.run(command)
            #expect(output.status == 0)
            #expect(output.stdout.contains("usage: gesture"))
        }
        #expect(try GestureCommand.run(["--version"]).stdout == "gesture 0.1.0\n")
    }

    @Test(arguments: [
        (["classify"], "gesture: error: no FILE given (use - for standard input)\nRun `gesture --help` for usage.\n"),
        (["classify", "--frmat", "json", "x"], "gesture: error: unknown option --frmat\nRun `gesture --help` for usage.\n"),
        (["classify", "--format", "yaml", "x"], "gesture: error: invalid value \"yaml\" for --format\nRun `gesture --help` for usage.\n"),
        (["classify", "--profile"], "gesture: error: option --profile needs a value\nRun `gesture --help` for usage.\n"),
        (["frobnicate"], "gesture: error: unknown command \"frobnicate\"\nRun `gesture --help` for usage.\n"),
        (["classify", "--recognizers", "check", "x"], "gesture: error: unknown recognizer \"check\": expected one of checkmark, z, circle, swipe, double-tap, tap, long-press, pan, pinch, rotation\n"),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let output = try GestureCommand.run(arguments)
        #expect(output.stderr == message)
        #expect(output.status == 2)
        #expect(output.stdout == "")
    }

    @Test func configFileIsAppliedAndCheckedWithItsName() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-config-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let strict = folder.appendingPathComponent("strict.json")
        try #"{"parameters": {"swipe": {"minimumTravel": 1000}}}"#.write(to: strict, atomically: true, encoding: .utf8)
        let output = try GestureCommand.run(["classify", "--config", strict.path, "--format", "jsonl", "Traces/swipe-left.json"])
        #expect(output.stdout.contains(#""code":"too-short","message":"travelled too little along its axis","t":0.1667,"event":10,"sample":10,"measured":240,"limit":1000"#))
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"parameters": {"swipe": {"minimumTravl": 1}}}"#.write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try GestureCommand.run(["classify", "--config", bad.path, "Traces/swipe-left.json"])
        #expect(
            rejected.stderr
                == "gesture: error: \(bad.path): error: unknown parameter \"minimumTravl\" for swipe: expected one of minimumTravel, maximumDeviation, deviationRatio, minimumSpeed, maximumBow, jitterTolerance\n")
        #expect(rejected.status == 2)
    }
}

/// Each kind of bad input: the exact diagnostic (file:line:column, sample index, expected vs found),
/// exit status 2, and the other files still classified.
@Suite struct BadInputTests {
    static let cases: [(name: String, content: String, diagnostic: String)] = [
        ("malformed.json", "{\"samples\": [\n  {\"t\": 0, \"id\": 1, \"phase\": \"began\" \"x\": 1, \"y\": 2}\n]}\n",
         "malformed.json:2:38: error: sample 0: expected ',' or '}' after a field, found '\"'"),
        ("malformed.csv", "t,id,phase,x,y\n0,1,began,\"1,2\n",
         "malformed.csv:2:11: error: sample 0: unterminated quoted field: expected '\"'"),
        ("malformed.xml", "<Gesture>\n  <Point X=\"1\" Y=\"2\" T=\"0\">\n</Gesture>\n",
         "malformed.xml:3:1: error: sample 0: expected </Point>, found </Gesture>"),
        ("missing.json", "[{\"t\": 0, \"id\": 1, \"x\": 1, \"y\": 2}]",
         "missing.json:1:2: error: sample 0: missing field \"phase\": expected fields \"t\", \"id\", \"phase\", \"x\" and \"y\""),
        ("mistyped.json", "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": \"ten\", \"y\": 2}]",
         "mistyped.json:1:43: error: sample 0: expected a number for \"x\", found \"ten\""),
        ("nan.csv", "t,id,phase,x,y\n0,1,began,nan,2\n",
         "nan.csv:2:11: error: sample 0: expected a number for \"x\", found \"nan\""),
        ("infinite.json", "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1e999, \"y\": 2}]",
         "infinite.json:1:43: error: sample 0: number out of range for \"x\": 1e999"),
        ("phase.csv", "t,id,phase,x,y\n0,1,hover,1,2\n",
         "phase.csv:2:5: error: sample 0: unknown phase \"hover\": expected \"began\", \"moved\", \"stationary\", \"ended\" or \"cancelled\""),
        ("backwards.csv", "t,id,phase,x,y\n0.5,1,began,1,2\n0.4,1,ended,1,2\n",
         "backwards.csv:3:1: error: sample 1: time went backwards: expected t ≥ 0.5, found 0.4"),
        ("not-down.json", "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2},\n {\"t\": 0.1, \"id\": 2, \"phase\": \"moved\", \"x\": 1, \"y\": 2}]",
         "not-down.json:2:2: error: sample 1: touch 2 moved while not down: expected \"began\" first"),
        ("ended-twice.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,2\n0.2,1,ended,1,2\n",
         "ended-twice.csv:4:1: error: sample 2: touch 1 ended while not down: expected \"began\" first"),
        ("already-down.csv", "t,id,phase,x,y\n0,a,began,1,2\n0.1,a,began,1,2\n",
         "already-down.csv:3:1: error: sample 1: touch a began while already down: expected it up, found it down since sample 0"),
        ("empty.json", "{\"samples\": []}", "empty.json: error: empty trace: expected at least one sample, found none"),
        ("empty.xml", "\u{FEFF}<Gesture Name=\"x\"></Gesture>", "empty.xml: error: empty trace: expected at least one sample, found none"),
        ("missing-file.json", "", "missing-file.json: error: cannot read: no such file"),
    ]

    @Test(arguments: cases.map(\.name))
    func eachBadInputIsAPlacedErrorWithExitStatusTwo(_ name: String) throws {
        let entry = try #require(Self.cases.first { $0.name == name })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-bad-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        if name != "missing-file.json" {
            try Data(entry.content.utf8).write(to: folder.appendingPathComponent(name))
        }
        let good = GestureCommand.packageRoot.appendingPathComponent("Traces/checkmark.json").path
        let process = try GestureCommand.run(["classify", "--format", "jsonl", name, good], in: folder)
        #expect(process.stderr == entry.diagnostic + "\n")
        #expect(process.status == 2)
        let lines = process.stdout.split(separator: "\n")
        #expect(lines.count == 2, "the bad file and the good one are both reported")
        #expect(lines.last?.contains(#""gesture":"checkmark""#) == true)
        #expect(lines.first?.contains(#""gesture":null,"error":{"code":"#) == true)
    }
}
