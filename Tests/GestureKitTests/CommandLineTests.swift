import Foundation
import Testing

@testable import GestureKit

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
        let label = try #require(
            object["label"] as? String, "every bundled trace carries the gesture it shows as its label")
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
        try assertGolden(
            try GestureCommand.run(["classify", "--profile", "seed"] + GestureCommand.traces).stdout, "all.seed.txt")
    }

    /// The help of every command, as a user sees it; `-h` is the same.
    @Test(arguments: ["", "classify", "batch", "merge-scores", "list", "tune", "convert", "render", "learn"])
    func everyCommandsHelpIsGolden(_ command: String) throws {
        let words = command.isEmpty ? [] : [command]
        let help = try GestureCommand.run(words + ["--help"])
        #expect(help.status == 0 && help.stderr == "")
        try assertGolden(help.stdout, "help-\(command.isEmpty ? "gesture" : command).txt")
        #expect(try GestureCommand.run(words + ["-h"]) == help)
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
        let csv = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/z.csv"), encoding: .utf8)
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

    /// How JSON writes a number written another way, for a message; nil for a JSON number, or
    /// for what is no number at all (a lone `.` is not `0`).
    @Test func aNumberIsSaidAsJSONWritesIt() {
        for (text, written) in [
            (".5", "0.5"), ("-.5", "-0.5"), ("5.", "5"), ("+2", "2"), ("05", "5"), ("-007.5", "-7.5"),
            ("+.5e3", "0.5e3"),
        ] {
            #expect(JSONValue.numberAsJSON(text) == written, "\(text)")
        }
        for text in ["0.5", "-3", "1e-6", ".", "-", "+", "abc", "0x1", "nan", "", "1..2"] {
            #expect(JSONValue.numberAsJSON(text) == nil, "\(text)")
        }
    }

    @Test(arguments: [
        (
            ["classify"],
            "gesture: error: no FILE given (use - for standard input)\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["classify", "--frmat", "json", "x"],
            "gesture: error: unknown option --frmat\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["classify", "--format", "yaml", "x"],
            "gesture: error: invalid value \"yaml\" for --format: expected text, json or jsonl\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["classify", "--profile"],
            "gesture: error: option --profile needs a value\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["learn", "x", "--mirror-negatives", "--out", "t.json"],
            "gesture: error: option --mirror-negatives needs a value, found the option --out\n"
                + "Run `gesture learn --help` for usage.\n"
        ),
        (
            ["frobnicate"],
            "gesture: error: unknown command \"frobnicate\": expected one of classify, batch, merge-scores, tune, list, convert, render, learn\nRun `gesture --help` for usage.\n"
        ),
        (
            ["classify", "--recognizers", "check", "x"],
            "gesture: error: --recognizers: unknown recognizer \"check\": expected one of \(Registry.all.map(\.id).joined(separator: ", "))\n"
        ),
        // What was typed is shown with its control characters escaped, as file names are: raw, an
        // escape sequence reached the terminal and a newline split the message.
        (
            ["classify", "--fr\u{1B}[2Jmat", "json", "x"],
            "gesture: error: unknown option --fr\\u{1B}[2Jmat\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["classify", "--format", "ya\nml", "x"],
            "gesture: error: invalid value \"ya\\u{A}ml\" for --format: expected text, json or jsonl\nRun `gesture classify --help` for usage.\n"
        ),
        (
            ["learn", "x", "--id", "a\u{1B}b", "--out", "t.json"],
            "gesture: error: --id \"a\\u{1B}b\": an id is letters, digits, - and _\nRun `gesture learn --help` for usage.\n"
        ),
        // A number written as JSON does not write one is read as config files read it, and the
        // message says how to write it (it said `--coverage .9` was not from 0 to 1).
        (
            ["batch", "Traces", "--min-accuracy", ".5"],
            "gesture: error: --min-accuracy: write the number as JSON does, 0.5, found \".5\"\n"
                + "Run `gesture batch --help` for usage.\n"
        ),
        (
            ["learn", "x", "--coverage", ".9", "--out", "t.json"],
            "gesture: error: --coverage .9: write the number as JSON does, 0.9\nRun `gesture learn --help` for usage.\n"
        ),
        (
            ["classify", "Traces/tap.json", "--set", "tap.maximumDuration=-.5"],
            "gesture: error: --set tap.maximumDuration=-.5: write the number as JSON does, -0.5, found \"-.5\"\n"
        ),
        (
            ["classify", "Traces/tap.json", "--set", "tap.maximumDuration=+1."],
            "gesture: error: --set tap.maximumDuration=+1.: write the number as JSON does, 1, found \"+1.\"\n"
        ),
        (
            ["batch", "Traces", "--group-by", "column:a\tb"],
            "gesture: error: --group-by: column:a\\u{9}b groups by a column of the labels files, and no labels file was given\n"
                + "Run `gesture batch --help` for usage.\n"
        ),
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
        let output = try GestureCommand.run([
            "classify", "--config", strict.path, "--format", "jsonl", "Traces/swipe-left.json",
        ])
        #expect(
            output.stdout.contains(
                #""code":"too-short","message":"travelled too little along its axis","t":0.1667,"event":10,"sample":10,"measured":240,"limit":1000"#
            ))
        let bad = folder.appendingPathComponent("bad.json")
        try #"{"parameters": {"swipe": {"minimumTravl": 1}}}"#.write(to: bad, atomically: true, encoding: .utf8)
        let rejected = try GestureCommand.run(["classify", "--config", bad.path, "Traces/swipe-left.json"])
        #expect(
            rejected.stderr
                == "\(bad.path):1:27: error: unknown parameter \"minimumTravl\" for swipe: did you mean minimumTravel?\n"
        )
        #expect(rejected.status == 2)
    }
}
