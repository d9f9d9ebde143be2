import Foundation
import Testing

/// Each kind of bad input: the exact diagnostic (file:line:column, sample index, expected vs found),
/// exit status 2, and the other files still classified.
@Suite struct BadInputTests {
    static let cases: [(name: String, content: String, diagnostic: String)] = [
        (
            "malformed.json", "{\"samples\": [\n  {\"t\": 0, \"id\": 1, \"phase\": \"began\" \"x\": 1, \"y\": 2}\n]}\n",
            "malformed.json:2:38: error: sample 0: expected ',' or '}' after a field, found '\"'"
        ),
        (
            "malformed.csv", "t,id,phase,x,y\n0,1,began,\"1,2\n",
            "malformed.csv:2:11: error: sample 0: unterminated quoted field: expected '\"'"
        ),
        (
            "malformed.xml", "<Gesture>\n  <Point X=\"1\" Y=\"2\" T=\"0\">\n</Gesture>\n",
            "malformed.xml:3:1: error: sample 0: expected </Point>, found </Gesture>"
        ),
        (
            "missing.json", "[{\"t\": 0, \"id\": 1, \"x\": 1, \"y\": 2}]",
            "missing.json:1:2: error: sample 0: missing field \"phase\": expected fields \"t\", \"id\", \"phase\", \"x\" and \"y\""
        ),
        (
            "mistyped.json", "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": \"ten\", \"y\": 2}]",
            "mistyped.json:1:43: error: sample 0: expected a number for \"x\", found \"ten\""
        ),
        (
            "nan.csv", "t,id,phase,x,y\n0,1,began,nan,2\n",
            "nan.csv:2:11: error: sample 0: expected a number for \"x\", found \"nan\""
        ),
        (
            "infinite.json", "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1e999, \"y\": 2}]",
            "infinite.json:1:43: error: sample 0: number out of range for \"x\": 1e999"
        ),
        (
            "phase.csv", "t,id,phase,x,y\n0,1,hover,1,2\n",
            "phase.csv:2:5: error: sample 0: unknown phase \"hover\": expected \"began\", \"moved\", \"stationary\", \"ended\" or \"cancelled\""
        ),
        (
            "backwards.csv", "t,id,phase,x,y\n0.5,1,began,1,2\n0.4,1,ended,1,2\n",
            "backwards.csv:3:1: error: sample 1: time went backwards: expected t ≥ 0.5, found 0.4"
        ),
        (
            // The file's own T, not the seconds from the first point that replay uses.
            "backwards.xml",
            "<Gesture>\n<Point X=\"1\" Y=\"2\" T=\"11581800\"/>\n<Point X=\"5\" Y=\"2\" T=\"11581750\"/>\n</Gesture>\n",
            "backwards.xml:3:1: error: sample 1: time went backwards: expected T ≥ 11581800, found 11581750"
        ),
        (
            "not-down.json",
            "[{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2},\n {\"t\": 0.1, \"id\": 2, \"phase\": \"moved\", \"x\": 1, \"y\": 2}]",
            "not-down.json:2:2: error: sample 1: touch 2 moved while not down: expected \"began\" first"
        ),
        (
            "ended-twice.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,2\n0.2,1,ended,1,2\n",
            "ended-twice.csv:4:1: error: sample 2: touch 1 ended while not down: expected \"began\" first"
        ),
        (
            // Both would be "touch 1": which is which is said.
            "name-then-number.json",
            "[{\"t\": 0, \"id\": \"1\", \"phase\": \"began\", \"x\": 1, \"y\": 2},\n {\"t\": 0.1, \"id\": 1, \"phase\": \"ended\", \"x\": 1, \"y\": 2}]",
            "name-then-number.json:2:2: error: sample 1: touch 1 ended while not down: expected \"began\" first; the "
                + "touch down since sample 0 is the name \"1\", this one the number 1"
        ),
        (
            // The other way round, and two names that read alike once cut are not told apart so.
            "number-then-name.json",
            "[{\"t\": 0, \"id\": 7, \"phase\": \"began\", \"x\": 1, \"y\": 2},\n {\"t\": 0.1, \"id\": \"7\", \"phase\": \"moved\", \"x\": 1, \"y\": 2}]",
            "number-then-name.json:2:2: error: sample 1: touch 7 moved while not down: expected \"began\" first; the "
                + "touch down since sample 0 is the number 7, this one the name \"7\""
        ),
        (
            "long-names.csv",
            "t,id,phase,x,y\n0,aaaaaaaaaaaaaaaaaaaaaaaaX,began,1,2\n0.1,aaaaaaaaaaaaaaaaaaaaaaaaY,ended,1,2\n",
            "long-names.csv:3:1: error: sample 1: touch aaaaaaaaaaaaaaaaaaaa… ended while not down: expected \"began\" first"
        ),
        (
            "already-down.csv", "t,id,phase,x,y\n0,a,began,1,2\n0.1,a,began,1,2\n",
            "already-down.csv:3:1: error: sample 1: touch a began while already down: expected it up, found it down since sample 0"
        ),
        (
            "empty.json", "{\"samples\": []}",
            "empty.json:1:13: error: empty trace: expected at least one sample, found none"
        ),
        (
            "empty.xml", "\u{FEFF}<Gesture Name=\"x\"></Gesture>",
            "empty.xml:1:1: error: empty trace: expected at least one sample, found none"
        ),
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

    /// A word of the command line that is not UTF-8 (a file name of Latin-1 bytes) is refused at once
    /// with its place, where it used to reach the command repaired and the file was "missing"; the
    /// same file is read from its folder, and from standard input.
    @Test func aCommandLineWordThatIsNotUTF8IsRefusedWithItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-latin1-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let good = GestureCommand.packageRoot.appendingPathComponent("Traces/checkmark.json").path
        let output = try GestureCommand.bash(
            #"cp "\#(good)" $'caf\xe9.json' && "$GESTURE" classify --format jsonl $'caf\xe9.json'; echo "status $?"; "#
                + #""$GESTURE" batch . --format jsonl --quiet; "$GESTURE" classify - --format jsonl < $'caf\xe9.json'"#,
            in: folder)
        #expect(
            output.stderr
                == "gesture: error: argument 4 is not UTF-8 (caf\\xE9.json): a file so named cannot be given on the "
                + "command line; batch, tune, learn and convert read it in a folder they walk, and classify and "
                + "render from standard input (classify - < FILE)\n")
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.first == "status 2")
        #expect(lines.count == 3)
        #expect(lines.dropFirst().allSatisfy { $0.contains(#""gesture":"checkmark""#) }, "\(lines)")
        #expect(lines[1].contains(#""path":"./caf\\xE9.json""#), "\(lines[1])")
    }

    /// A `$`-family log may step back by its clock's 1 ms with a warning; 1 ms in the unit given with
    /// `--time-unit`, so one whole second back is an error when the times are seconds.
    @Test func anXMLClockStepIsOneMillisecondInTheTimeUnitGiven() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-step-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let points = [(1, 100), (5, 200), (9, 199), (19, 300)].map { "<Point X=\"\($0)\" Y=\"2\" T=\"\($1)\"/>" }
        try Data(("<Gesture>\n" + points.joined(separator: "\n") + "\n</Gesture>\n").utf8).write(
            to: folder.appendingPathComponent("step.xml"))
        let warning = "time stepped back within the clock's 1 ms resolution at 1 sample(s), first sample 2 (line 4)"
        for unit in ["", "ms", "us"] {
            let run = try GestureCommand.run(
                ["classify", "--format", "jsonl"] + (unit.isEmpty ? [] : ["--time-unit", unit]) + ["step.xml"],
                in: folder)
            #expect(run.status == 1, "--time-unit \(unit)")
            #expect(run.stdout.contains(warning), "--time-unit \(unit)")
        }
        let seconds = try GestureCommand.run(["classify", "--time-unit", "s", "step.xml"], in: folder)
        #expect(seconds.status == 2)
        #expect(seconds.stderr == "step.xml:4:1: error: sample 2: time went backwards: expected T ≥ 200, found 199\n")
    }
}
