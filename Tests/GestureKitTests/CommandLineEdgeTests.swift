import Foundation
import Testing

@testable import GestureKit

/// What an adversarial review of the command line found: inputs at the edges (a file named `x`,
/// coordinates near the largest double, a million jobs) that crashed or gave a wrong result, and
/// what each does now. Each test works in a `MiniCorpus` folder of its own.
@Suite struct CommandLineEdgeTests {
    /// A one-touch JSON trace through `points`, a sample every 10 ms.
    static func trace(_ points: [(Double, Double)]) -> String {
        let samples = points.enumerated().map { k, point in
            let phase = k == 0 ? "began" : (k == points.count - 1 ? "ended" : "moved")
            return "{\"t\": \(TraceWriter.number(Double(k) / 100)), \"id\": 1, \"phase\": \"\(phase)\", "
                + "\"x\": \(TraceWriter.number(point.0)), \"y\": \(TraceWriter.number(point.1))}"
        }
        return "{\"samples\": [\n" + samples.joined(separator: ",\n") + "\n]}\n"
    }

    // MARK: Paths

    /// Foundation's `deletingLastPathComponent` traps on Linux for a one-character name.
    @Test(arguments: [
        ("x", ""), ("x/", ""), ("ab", ""), ("/a", "/"), ("/", "/"), ("", ""), ("a/b", "a"), ("a//b/", "a"),
        ("./x", "."), ("/tmp/c.json", "/tmp"), ("a/b/c", "a/b"),
    ])
    func theFolderOfAPath(_ path: String, _ folder: String) {
        #expect(Paths.folder(of: path) == folder)
    }

    /// A path as a file written in `folder` names it, both relative to /w.
    @Test(arguments: [
        ("a/t.json", "b", "../a/t.json"), ("t.json", "out", "../t.json"), ("a/t.json", "a", "t.json"),
        ("a/t.json", "", "a/t.json"), ("/abs/t.json", "b", "/abs/t.json"), ("a/t.json", "/w/a/b", "../t.json"),
        ("./a/../c/t.json", "c/d/", "../t.json"), ("t.json", ".", "t.json"),
    ])
    func aPathFromAFolder(_ path: String, _ folder: String, _ relative: String) {
        #expect(Paths.relative(path, from: folder, workingDirectory: "/w") == relative)
    }

    /// A file named with none of the formats' extensions is read as its content looks, as `-` is,
    /// and the help of the commands that read one says so: it said only `-` was sniffed.
    @Test func aFileOfNoTraceExtensionIsSniffed() throws {
        let corpus = try MiniCorpus("edge-sniffed")
        defer { corpus.remove() }
        let checkmark = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/checkmark.json"), encoding: .utf8)
        try corpus.write("checkmark.txt", checkmark)
        try corpus.add("z", from: "z.csv")
        let classify = try GestureCommand.run(
            ["classify", "--format", "jsonl", "checkmark.txt", "z"], in: corpus.folder)
        #expect(classify.status == 0 && classify.stderr == "")
        let gestures = classify.stdout.split(separator: "\n").map { $0.contains(#""gesture":"checkmark""#) }
        #expect(gestures == [true, false])
        #expect(classify.stdout.split(separator: "\n").last?.contains(#""gesture":"z""#) == true)
        for command in ["classify", "convert", "render"] {
            let help = try GestureCommand.run([command, "--help"]).stdout
            #expect(help.contains("from its content for - and any other name"), "\(command) --help")
        }
    }

    /// A folder without a trace file among several PATHs is named in a warning, and the run goes on
    /// with the others (it was left out without a word); alone, it is the run's usage error.
    @Test func aFolderWithoutTracesAmongOthersIsNamed() throws {
        let corpus = try MiniCorpus("edge-empty-folder")
        defer { corpus.remove() }
        try corpus.add("z/1.csv", from: "z.csv", label: "z")
        try corpus.write("empty/notes.txt", "no trace here\n")
        // Named once, however often it is given.
        for command in [["batch"], ["tune", "--sweep", "z.turnRatio=0.1:0.2:0.1"]] {
            let run = try GestureCommand.run(command + ["--quiet", "empty", "z", "./empty/"], in: corpus.folder)
            #expect(run.status == 0, "\(command[0]): \(run.stderr)")
            #expect(run.stderr == "empty: warning: no trace files (.json, .csv, .xml) in it\n", "\(command[0])")
        }
        let alone = try GestureCommand.run(["batch", "empty"], in: corpus.folder)
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("gesture: error: no trace files (.json, .csv, .xml) in empty\n"))
    }

    /// `--version` takes nothing after it (`gesture --version extra` printed the version); `--help
    /// batch` is `help batch` (it printed the main help).
    @Test func theVersionTakesNothingAfterItAndHelpACommand() throws {
        let version = try GestureCommand.run(["--version", "extra"])
        #expect(version.status == 2 && version.stdout.isEmpty)
        #expect(version.stderr.hasPrefix("gesture: error: --version takes nothing after it, found \"extra\"\n"))
        let batchHelp = try GestureCommand.run(["batch", "--help"]).stdout
        for flag in ["--help", "-h"] {
            let help = try GestureCommand.run([flag, "batch"])
            #expect(help.status == 0 && help.stdout == batchHelp)
            let unknown = try GestureCommand.run([flag, "extra"])
            #expect(unknown.status == 2 && unknown.stderr.hasPrefix("gesture: error: unknown command \"extra\""))
        }
    }

    /// A file named on the command line with a control character in its name: its diagnostic and
    /// the text report's first line show it escaped, as the name of a file found in a folder is. A
    /// line break in it broke the report's first line in two, and an escape reached the terminal.
    @Test func aControlCharacterInANamedFileIsShownEscaped() throws {
        let corpus = try MiniCorpus("edge-control-name")
        defer { corpus.remove() }
        try corpus.add("new\nline.csv", from: "z.csv")
        let run = try GestureCommand.run(["classify", "new\nline.csv", "red\u{1B}[31m.csv"], in: corpus.folder)
        #expect(run.status == 2)
        #expect(run.stderr == "red\\u{1B}[31m.csv: error: cannot read: no such file\n")
        #expect(run.stdout.hasPrefix("new\\u{A}line.csv: z\n  sequence 1:"), "\(run.stdout)")
    }

    /// merge-scores names its inputs escaped, as every diagnostic shows a name: a shard given twice,
    /// and an input that is no batch output (its own reader's error). An escape reached the terminal.
    @Test func mergeScoresShowsItsInputsEscaped() throws {
        let corpus = try MiniCorpus("edge-merge-names")
        defer { corpus.remove() }
        try corpus.add("traces/z.csv", from: "z.csv")
        try corpus.add("traces/checkmark.csv", from: "checkmark.json")
        let shard = try GestureCommand.run(
            ["batch", "traces", "--shard", "1/2", "--format", "json"], in: corpus.folder)
        #expect(shard.status == 0 || shard.status == 1)
        try corpus.write("s1\u{1B}.json", shard.stdout)
        try corpus.write("copy.json", shard.stdout)
        try corpus.write("bad\u{1B}.json", "{")
        let twice = try GestureCommand.run(["merge-scores", "s1\u{1B}.json", "copy.json"], in: corpus.folder)
        #expect(twice.status == 2)
        #expect(twice.stderr.hasPrefix("gesture: error: shard 1/2 is given twice: s1\\u{1B}.json and copy.json\n"))
        let bad = try GestureCommand.run(["merge-scores", "bad\u{1B}.json"], in: corpus.folder)
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("bad\\u{1B}.json:1:2: error: "), "\(bad.stderr)")
    }

    /// A file named with U+E000 (of Unicode's private use area) is reported by that name: the text
    /// report used U+E000 as its mark of a space no line breaks at, and printed it as a space
    /// (`a b.csv: z`). Its mark is now NUL, which no file name or argument holds; and a touch name
    /// that holds one (`"a\u0000b"` in JSON) is shown escaped, as diagnostics show it, rather than
    /// raw, which would have been read as the mark.
    @Test func aPrivateUseCharacterInANameIsNotTakenForTheNoBreakMark() throws {
        let corpus = try MiniCorpus("edge-no-break-mark")
        defer { corpus.remove() }
        try corpus.add("a\u{E000}b.csv", from: "z.csv")
        let run = try GestureCommand.run(["classify", "a\u{E000}b.csv"], in: corpus.folder)
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.hasPrefix("a\u{E000}b.csv: z\n  sequence 1:"), "\(run.stdout)")
        try corpus.write(
            "cancelled.json",
            #"{"samples": [{"t": 0, "id": "a\u0000b", "phase": "began", "x": 1, "y": 1}, "#
                + #"{"t": 0.1, "id": "a\u0000b", "phase": "cancelled", "x": 2, "y": 2}]}"#)
        let cancelled = try GestureCommand.run(
            ["classify", "--recognizers", "tap", "cancelled.json"], in: corpus.folder)
        #expect(!cancelled.stdout.utf8.contains(0))
        #expect(cancelled.stdout.contains(#"touch-cancelled: touch a\u{0}b was cancelled"#), "\(cancelled.stdout)")
        try corpus.write("down.json", #"{"samples": [{"t": 0, "id": "a\u001Bb", "phase": "began", "x": 1, "y": 1}]}"#)
        let down = try GestureCommand.run(["classify", "--recognizers", "tap", "down.json"], in: corpus.folder)
        #expect(
            down.stdout.contains(#"warning: the trace ended with 1 touch still down (touch id a\u{1B}b)"#),
            "\(down.stdout)")
    }

    /// `render` and `convert` show a name with a control character escaped in their own messages
    /// about what they write (a file in the way, one written twice, `--out` a file), as every other
    /// diagnostic does: the names reached the terminal raw, an escape and all.
    @Test func renderAndConvertShowTheNamesTheyWriteEscaped() throws {
        let corpus = try MiniCorpus("edge-control-write")
        defer { corpus.remove() }
        let red = "red\u{1B}[31m"
        try corpus.add("\(red).csv", from: "z.csv")
        try corpus.add("sub/\(red).csv", from: "z.csv")
        try corpus.write("taken", "")
        try corpus.write("file\u{7}", "")
        let exists = try GestureCommand.run(["render", "\(red).csv", "--out", "taken"], in: corpus.folder)
        #expect(
            exists
                == .init(
                    status: 2, stdout: "",
                    stderr: "taken: error: exists; not overwritten (--force overwrites); red\\u{1B}[31m.csv not drawn\n"
                ))
        let twice = try GestureCommand.run(
            ["render", "\(red).csv", "sub/\(red).csv", "--out", "pictures\u{1B}"], in: corpus.folder)
        #expect(twice.status == 2)
        #expect(
            twice.stderr
                == "pictures\\u{1B}/red\\u{1B}[31m.svg: error: already written from red\\u{1B}[31m.csv in this run; "
                + "sub/red\\u{1B}[31m.csv not drawn (a picture is named for its trace's file: draw each folder "
                + "into a --out of its own, or use gesture batch --report, whose pictures are numbered)\n")
        let first = try GestureCommand.run(
            ["convert", "\(red).csv", "--to", "json", "--out", "out\u{1B}.json"], in: corpus.folder)
        #expect(first == .init(status: 0, stdout: "", stderr: ""))
        let second = try GestureCommand.run(
            ["convert", "\(red).csv", "--to", "json", "--out", "out\u{1B}.json"], in: corpus.folder)
        #expect(
            second
                == .init(
                    status: 2, stdout: "",
                    stderr: "out\\u{1B}.json: error: exists; not overwritten (--force overwrites); "
                        + "red\\u{1B}[31m.csv not converted\n"))
        let folder = try GestureCommand.run(
            ["convert", "sub", "--to", "json", "--out", "file\u{7}"], in: corpus.folder)
        #expect(
            folder.stderr
                == "gesture: error: --out file\\u{7} is a file, not a folder: several inputs or a folder need --out DIR\n"
                + "Run `gesture convert --help` for usage.\n")
        #expect(folder.status == 2)
    }

    /// A group's name (here a trace's own subject) with a control character is shown escaped in the
    /// text reports of `batch` and `tune`, as diagnostics show text; `batch --format jsonl` keeps the
    /// value as it is. The text tables printed the subject raw, an escape and a tab and all.
    @Test func groupNamesAreShownEscapedInTextReports() throws {
        let corpus = try MiniCorpus("edge-control-group")
        defer { corpus.remove() }
        func read(_ name: String) throws -> String {
            try String(
                contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/\(name)"), encoding: .utf8)
        }
        let (z, swipe) = (try read("z.csv"), try read("swipe-up.csv"))
        try corpus.write("z/1.csv", "# subject: a\u{1B}[31mb\n" + z)
        try corpus.write("z/2.csv", "# subject: p\tq\n" + z)
        let batch = try GestureCommand.run(["batch", ".", "--group-by", "meta:subject"], in: corpus.folder)
        #expect(batch.status == 0 && batch.stderr == "")
        #expect(
            batch.stdout
                == """
                2 traces: 2 scored, 0 unlabelled, 0 errors
                accuracy 100% (2 of 2)

                gesture  support  precision  recall    F1
                z              2       100%    100%  100%

                confusion (rows: label, columns: recognized)
                label  z
                z      2

                2 groups by meta:subject: recall of each label; false alarms: scored traces recognized as a gesture that is not their label
                group         scored     z  false alarms
                a\\u{1B}[31mb       1  100%        0% (0)
                p\\u{9}q            1  100%        0% (0)

                worst group per label (lowest recall)
                  z  a\\u{1B}[31mb  100% (1 of 1)

                """)
        let json = try GestureCommand.run(
            ["batch", ".", "--group-by", "meta:subject", "--format", "jsonl"], in: corpus.folder)
        let row = #","label":"z","gesture":"z","correct":true,"error":null,"failure":null,"warnings":[]}"#
        #expect(
            json.stdout
                == #"{"path":"./z/1.csv","group":"a\u001b[31mb""# + row + "\n"
                + #"{"path":"./z/2.csv","group":"p\tq""# + row + "\n")

        try corpus.write("z/3.csv", "# subject: a\u{1B}[31mb\n" + z)
        try corpus.write("none/4.csv", "# subject: p\tq\n" + swipe)
        let tune = try GestureCommand.run(
            ["tune", ".", "--group-by", "meta:subject", "--sweep", "z.jitterTolerance=0.1:0.2:0.1"], in: corpus.folder)
        #expect(tune.status == 0 && tune.stderr == "")
        #expect(
            tune.stdout.hasSuffix(
                """
                leave-one-group-out: each group scored with the setting chosen on the other groups
                group         z.jitterTolerance  traces  z recall  z false alarms  accuracy
                a\\u{1B}[31mb                0.1       2      100%               -      100%
                p\\u{9}q                     0.1       2      100%              0%      100%

                cross-validated (the figure to quote): z recall 100% (3 of 3), false alarms 0% (0 of 1), accuracy 100%
                  worst group for z: a\\u{1B}[31mb, recall 100% (2 of 2)
                in-sample (chosen on every group: z.jitterTolerance = 0.1): z recall 100% (3 of 3), false alarms 0% (0 of 1), accuracy 100%
                  worst group for z: a\\u{1B}[31mb, recall 100% (2 of 2)
                choice across the 2 folds: z.jitterTolerance = 0.1 in 2

                """), "\(tune.stdout)")
    }

    /// `list` shows a templates file's name with a control character escaped, in the recognizer's
    /// summary and its `learned:` line (text) and in the Markdown reference, as diagnostics show it;
    /// `--format json` keeps the name as it is. So do the diagnostics about the file: one given twice,
    /// and one that is no JSON (a config file's error named its file raw). Each reached the terminal
    /// raw, an escape and all.
    @Test func listShowsATemplatesFileNameEscaped() throws {
        let corpus = try MiniCorpus("edge-control-templates")
        defer { corpus.remove() }
        let marks = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json"), encoding: .utf8)
        let red = "m\u{1B}[31m.json"
        try corpus.write(red, marks)
        try corpus.write("bad\u{7}.json", "{")
        let text = try GestureCommand.run(["list", "--templates", red, "--recognizers", "marks"], in: corpus.folder)
        #expect(text.status == 0 && text.stderr == "")
        #expect(
            text.stdout.hasPrefix(
                """
                profile: default

                marks (discrete): gestures learned from examples (m\\u{1B}[31m.json): 3 gestures, matched as point
                  clouds with their turning angles ($P+)
                  gestures: star, v, x
                  learned: m\\u{1B}[31m.json, algorithm p+
                  thresholds chosen leave-one-group-out
                """), "\(text.stdout)")
        #expect(!text.stdout.contains("\u{1B}"))
        let markdown = try GestureCommand.run(
            ["list", "--format", "markdown", "--templates", red, "--recognizers", "marks"], in: corpus.folder)
        #expect(
            markdown.stdout.hasPrefix(
                "# Recognizers (profile: default)\n\n## `marks`: gestures learned from examples (m\\u{1B}[31m.json): "
                    + "3 gestures, matched as point clouds with their turning angles ($P+)\n\n"), "\(markdown.stdout)")
        #expect(
            markdown.stdout.contains(
                "\nFrom `m\\u{1B}[31m.json`, algorithm p+; thresholds chosen leave-one-group-out for false alarms of "
                    + "at most 1%.\n"))
        #expect(!markdown.stdout.contains("\u{1B}"))
        let json = try GestureCommand.run(
            ["list", "--format", "json", "--templates", red, "--recognizers", "marks"], in: corpus.folder)
        let absolute = corpus.folder.appendingPathComponent("m\\u001b[31m.json").path
        #expect(json.stdout.contains("\"file\": \"\(absolute)\""), "\(json.stdout)")
        let twice = try GestureCommand.run(["list", "--templates", red, "--templates", "./" + red], in: corpus.folder)
        #expect(
            twice
                == .init(
                    status: 2, stdout: "",
                    stderr: "gesture: error: --templates ./m\\u{1B}[31m.json is given twice: recognizer marks was read "
                        + "from this file already (named m\\u{1B}[31m.json)\nRun `gesture list --help` for usage.\n"))
        let bad = try GestureCommand.run(["list", "--templates", "bad\u{7}.json"], in: corpus.folder)
        #expect(
            bad
                == .init(
                    status: 2, stdout: "",
                    stderr: "bad\\u{7}.json:1:2: error: expected a string key, found the end of input\n"))
        try corpus.write("c\u{7}.json", "{")
        let config = try GestureCommand.run(["list", "--config", "c\u{7}.json"], in: corpus.folder)
        #expect(
            config
                == .init(
                    status: 2, stdout: "",
                    stderr: "c\\u{7}.json:1:2: error: expected a string key, found the end of input\n"))
    }

    /// `learn` and `tune` show the names of the files they write, and of their examples, escaped in
    /// their own messages (`--out` or `--write-config` a folder, a file that exists, no folder to
    /// write in; a gesture with one example; no trace files; what was written), as every other
    /// diagnostic does: a control character in one reached the terminal raw.
    @Test func learnAndTuneShowTheNamesTheyWriteEscaped() throws {
        let folder = try LearnCommandTests.folder("edge-control-learn")
        defer { try? FileManager.default.removeItem(at: folder) }
        try LearnCommandTests.examples(in: folder, ["v", "caret"])
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("examples"), to: folder.appendingPathComponent("ex\u{1B}"))
        for name in ["d\u{1B}", "empty\u{1B}"] {
            try FileManager.default.createDirectory(
                at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try Data().write(to: folder.appendingPathComponent("t\u{1B}"))
        func usage(_ command: String, _ message: String) -> GestureCommand.Output {
            .init(
                status: 2, stdout: "",
                stderr: "gesture: error: \(message)\nRun `gesture \(command) --help` for usage.\n")
        }
        let learn = ["learn", "ex\u{1B}", "--out"]
        let learned = try GestureCommand.run(learn + ["o\u{1B}.json"], in: folder)
        #expect(learned.status == 0 && learned.stderr == "")
        #expect(learned.stdout.contains("\nwrote o\\u{1B}.json ("), "\(learned.stdout)")
        #expect(!learned.stdout.contains("\u{1B}"))
        #expect(
            try GestureCommand.run(learn + ["o\u{1B}.json"], in: folder)
                == usage("learn", "--out o\\u{1B}.json exists: give --force to overwrite it"))
        #expect(
            try GestureCommand.run(learn + ["d\u{1B}"], in: folder)
                == usage("learn", "--out d\\u{1B} is a folder: name a file"))
        #expect(
            try GestureCommand.run(learn + ["no\u{1B}/t.json"], in: folder)
                == usage("learn", "--out no\\u{1B}/t.json: no folder no\\u{1B} to write it in"))
        #expect(
            try GestureCommand.run(learn + ["t\u{1B}/t.json"], in: folder)
                == usage("learn", "--out t\\u{1B}/t.json: t\\u{1B} is not a folder"))
        #expect(
            try GestureCommand.run(["learn", "empty\u{1B}", "--out", "e.json"], in: folder)
                == usage("learn", "no trace files (.json, .csv, .xml) in empty\\u{1B}"))
        let star = folder.appendingPathComponent("ex\u{1B}/p0/star")
        try FileManager.default.createDirectory(at: star, withIntermediateDirectories: true)
        try Data(LearnCommandTests.traceText(TemplateLearnerTests.drawn("l", by: 0, take: 0).strokes).utf8)
            .write(to: star.appendingPathComponent("only.json"))
        let one = try GestureCommand.run(["learn", "ex\u{1B}", "--out", "s.json"], in: folder)
        #expect(one.status == 2 && one.stdout == "")
        #expect(
            one.stderr
                == "ex\\u{1B}/p0/star/only.json: error: gesture star has one example: learning needs two or more of each, "
                + "to choose its threshold on one held out\n"
                + "gesture: error: 1 problem with the examples; nothing written\n")

        let tune = ["tune", "ex\u{1B}", "--sweep", "z.jitterTolerance=1:2:1", "--write-config"]
        #expect(
            try GestureCommand.run(tune + ["d\u{1B}"], in: folder)
                == usage("tune", "--write-config d\\u{1B} is a folder: name a file"))
        #expect(
            try GestureCommand.run(tune + ["t\u{1B}"], in: folder)
                == usage("tune", "--write-config t\\u{1B} exists: give --force to overwrite it"))
        #expect(
            try GestureCommand.run(tune + ["no\u{1B}/c.json"], in: folder)
                == usage("tune", "--write-config no\\u{1B}/c.json: no folder no\\u{1B} to write it in"))
        #expect(
            try GestureCommand.run(["tune", "empty\u{1B}", "--sweep", "z.jitterTolerance=1:2:1"], in: folder)
                == usage("tune", "no trace files (.json, .csv, .xml) in empty\\u{1B}"))
    }

    /// `batch` shows the folder `--report` names, and a PATH with no trace files, escaped in its usage
    /// errors, as every diagnostic shows a name: a control character in one reached the terminal raw.
    @Test func batchShowsItsReportFolderAndPathsEscaped() throws {
        let corpus = try MiniCorpus("edge-control-report")
        defer { corpus.remove() }
        try corpus.add("z.csv", from: "z.csv", label: "z")
        try corpus.write("r\u{1B}", "")
        try corpus.write("empty\u{1B}/notes.txt", "")
        func usage(_ message: String) -> GestureCommand.Output {
            .init(status: 2, stdout: "", stderr: "gesture: error: \(message)\nRun `gesture batch --help` for usage.\n")
        }
        #expect(
            try GestureCommand.run(["batch", "z.csv", "--report", "r\u{1B}"], in: corpus.folder)
                == usage("--report r\\u{1B}: exists and is not a folder"))
        #expect(
            try GestureCommand.run(["batch", "z.csv", "--report", "r\u{1B}/report"], in: corpus.folder)
                == usage("--report r\\u{1B}/report: cannot make the folder r\\u{1B}/report: Not a directory"))
        #expect(
            try GestureCommand.run(["batch", "empty\u{1B}"], in: corpus.folder)
                == usage("no trace files (.json, .csv, .xml) in empty\\u{1B}"))
    }

    @Test func tuneWritesAConfigNamedWithOneLetterAndOverwritesOnlyWithForce() throws {
        let corpus = try MiniCorpus("edge-write-config")
        defer { corpus.remove() }
        let folder = corpus.folder
        let tune =
            ["tune", GestureCommand.packageRoot.appendingPathComponent("Traces").path, "--quiet"]
            + ["--sweep", "circle.maximumDuration=3:4:1"]
        let first = try GestureCommand.run(tune + ["--write-config", "x"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let written = try String(contentsOf: folder.appendingPathComponent("x"), encoding: .utf8)
        #expect(written.contains("\"maximumDuration\""))

        let again = try GestureCommand.run(tune + ["--write-config", "x"], in: folder)
        #expect(again.status == 2 && again.stdout == "")
        #expect(again.stderr.hasPrefix("gesture: error: --write-config x exists: give --force to overwrite it\n"))
        #expect(try GestureCommand.run(tune + ["--write-config", "x", "--force"], in: folder).status == 0)

        let dash = try GestureCommand.run(tune + ["--write-config", "-"], in: folder)
        #expect(dash.status == 2)
        #expect(
            dash.stderr.hasPrefix("gesture: error: --write-config -: standard output carries the report; name a file\n")
        )
    }

    @Test func aConfigFileNamedWithOneLetterFindsItsTemplatesBesideIt() throws {
        let corpus = try MiniCorpus("edge-config-c")
        defer { corpus.remove() }
        let folder = corpus.folder
        let marks = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json"), encoding: .utf8)
        try corpus.write("t/marks.json", marks)
        try corpus.write("t/c", #"{"templates": ["marks.json"]}"#)
        let listed = try GestureCommand.run(
            ["list", "--config", "c", "--recognizers", "marks"], in: folder.appendingPathComponent("t"))
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout.contains("\nmarks (discrete): gestures learned from examples (marks.json): 3 gestures"))
    }

    /// A templates file given twice (twice in a config, in a config and by --templates, or by
    /// --templates twice, under any name for it) is said to be so, at the second place: it read as the
    /// file's id taken, placed in the templates file.
    @Test func aTemplatesFileGivenTwiceIsSaidToBe() throws {
        let corpus = try MiniCorpus("edge-templates-twice")
        defer { corpus.remove() }
        let folder = corpus.folder
        let marks = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json"), encoding: .utf8)
        try corpus.write("t/marks.json", marks)
        try corpus.write("t/twice.json", #"{"templates": ["marks.json", "marks.json"]}"#)
        try corpus.write("t/once.json", #"{"templates": ["marks.json"]}"#)
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("t/link.json").path, withDestinationPath: "marks.json")
        let twice = try GestureCommand.run(["list", "--config", "t/twice.json"], in: folder)
        #expect(twice.status == 2 && twice.stdout == "")
        #expect(
            twice.stderr
                == "t/twice.json:1:30: error: templates file marks.json is given twice: recognizer marks was read from "
                + "this file already\n")
        let both = try GestureCommand.run(
            ["list", "--templates", "t/link.json", "--config", "t/once.json"], in: folder)
        #expect(both.status == 2)
        #expect(
            both.stderr
                == "t/once.json:1:16: error: templates file marks.json is given twice: recognizer marks was read from "
                + "this file already (named t/link.json)\n")
        let options = try GestureCommand.run(
            ["list", "--templates", "t/marks.json", "--templates", "./t/marks.json"], in: folder)
        #expect(options.status == 2)
        #expect(
            options.stderr.hasPrefix(
                "gesture: error: --templates ./t/marks.json is given twice: recognizer marks was read from this file "
                    + "already (named t/marks.json)\n"))
        // The output of `list --format json` names the file again: given with it, the same file is
        // given twice, and another file of the same id takes it. Both were accepted without a word,
        // the list's values going to whichever file had the id.
        let list = try GestureCommand.run(
            ["list", "--templates", "t/marks.json", "--format", "json", "--set", "marks.timeWindow=0.3"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        try corpus.write("t/list.json", list.stdout)
        let listed = try GestureCommand.run(
            ["list", "--templates", "t/link.json", "--config", "t/list.json"], in: folder)
        #expect(listed.status == 2 && listed.stdout == "")
        #expect(
            listed.stderr.contains(
                "error: templates file \(folder.path)/t/marks.json is given twice: recognizer marks was read from "
                    + "this file already (named t/link.json)\n"), "\(listed.stderr)")
        try corpus.write(
            "t/other.json",
            marks.replacingOccurrences(of: "\"maximumFalseAlarms\": 0.01", with: "\"maximumFalseAlarms\": 0.02"))
        let other = try GestureCommand.run(
            ["list", "--templates", "t/other.json", "--config", "t/list.json"], in: folder)
        #expect(other.status == 2 && other.stdout == "")
        #expect(
            other.stderr.contains(
                "error: recognizer id \"marks\" is taken (read from t/other.json): this list's marks is read from "
                    + "\(folder.path)/t/marks.json; ids must be unique\n"), "\(other.stderr)")
    }

    /// A standard input or output the caller closed (`<&-`, `>&-`) is one that fails, in batch as in
    /// classify: batch read its own event descriptor, which took the closed number, as standard input
    /// ("invalid argument"), and could have written output to a file it opened.
    @Test func aClosedStandardInputOrOutputIsSaidToBeOne() throws {
        func shell(_ script: String) throws -> GestureCommand.Output {
            try GestureCommand.process(
                URL(fileURLWithPath: "/bin/sh"), ["-c", script, "sh", GestureCommand.executable.path])
        }
        let batch = try shell(#""$1" batch --format jsonl - <&-"#)
        #expect(batch.status == 2)
        #expect(
            batch.stdout.contains(#""error":{"code":"io","message":"cannot read: bad file descriptor""#), "\(batch)")
        let classify = try shell(#""$1" classify - <&-"#)
        #expect(
            classify.status == 2 && classify.stderr == "-: error: cannot read: bad file descriptor\n", "\(classify)")
        for command in [#""$1" batch Traces --format jsonl >&-"#, #""$1" classify Traces/tap.json >&-"#] {
            let run = try shell(command)
            #expect(
                run.status == 2 && run.stderr == "gesture: error: cannot write output: Bad file descriptor\n", "\(run)")
        }
    }

    /// A run that writes files besides its output writes them though the output's reader went away
    /// (`batch … --report r | head -1` left an empty report folder, refused by the next run, and
    /// `tune … --write-config` wrote no config), with status 0, and a batch with gates checks them;
    /// without them it ends at once.
    @Test func filesBesidesTheOutputAreWrittenWhenItsReaderGoes() throws {
        let corpus = try MiniCorpus("edge-reader-gone")
        defer { corpus.remove() }
        func closedOutput(_ arguments: [String]) throws -> Int32 {
            let process = Process()
            process.executableURL = GestureCommand.executable
            process.arguments = arguments
            process.currentDirectoryURL = GestureCommand.packageRoot
            let (stdout, stderr) = (Pipe(), Pipe())
            process.standardOutput = stdout
            process.standardError = stderr
            try stdout.fileHandleForReading.close()  // Every write fails: no reader.
            try process.run()
            _ = stderr.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return process.terminationStatus
        }
        let report = corpus.folder.appendingPathComponent("report").path
        #expect(
            try closedOutput(["batch", "Traces", "--quiet", "--report", report]) == 0)
        let index = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
        #expect(index.contains("</html>"))
        let config = corpus.folder.appendingPathComponent("tuned.json").path
        #expect(
            try closedOutput([
                "tune", "Traces", "--sweep", "circle.roundnessTolerance=0.1:0.3:0.1",
                "--quiet", "--write-config", config,
            ]) == 0)
        #expect(FileManager.default.fileExists(atPath: config))
        #expect(try closedOutput(["batch", "Traces", "--quiet"]) == 0)
        // A gate is checked, and a miss is status 1 (it was 0, the gate unchecked, when the run ended
        // at the first write).
        let gate = ["batch", "Traces", "--quiet", "--set", "tap.maximumDuration=0.01", "--min-recall", "tap=1"]
        #expect(try closedOutput(gate) == 1)
        #expect(try closedOutput(gate.dropLast(2) + ["--min-accuracy", "0.5"]) == 0)
    }

    /// `--out ""` names nothing: a usage error in render and convert (a folder's traces were converted
    /// to `/NAME.csv`, at the root of the file system).
    @Test func anEmptyOutIsAUsageError() throws {
        for command in [["render", "Traces/circle.json"], ["convert", "Traces/circle.json", "--to", "csv"]] {
            let run = try GestureCommand.run(command + ["--out", ""])
            #expect(run.status == 2 && run.stdout == "")
            #expect(
                run.stderr
                    == "gesture: error: --out \"\": an empty path names no file or folder\nRun `gesture \(command[0]) "
                    + "--help` for usage.\n")
        }
    }

    // MARK: Coordinates near the largest double

    /// A coordinate of 1e308 went through: `render` refused it as wider than a picture, and distances
    /// read `measured inf pt`. Beyond ``Trace/coordinateLimit`` a trace is now an error at its
    /// sample, in every command; a batch keeps its row.
    @Test func coordinatesBeyondTheLimitAreAnErrorAtTheirSample() throws {
        let corpus = try MiniCorpus("edge-huge-render")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write("circle/huge.json", Self.trace([(-1e308, 2), (0, 2), (1e308, 2)]))
        let error = "circle/huge.json:2:1: error: sample 0: expected \"x\" within ±1e+15 pt, found -1e+308\n"
        let render = try GestureCommand.run(["render", "circle/huge.json"], in: folder)
        #expect(render.status == 2 && render.stdout == "")
        #expect(render.stderr == error)
        let classify = try GestureCommand.run(["classify", "circle/huge.json"], in: folder)
        #expect(classify.status == 2 && classify.stderr == error, "\(classify.stderr)")

        let batch = try GestureCommand.run(["batch", ".", "--format", "jsonl"], in: folder)
        #expect(batch.status == 2, "\(batch.stderr)")
        #expect(
            batch.stdout.contains(
                #"{"path":"./circle/huge.json","label":null,"gesture":null,"correct":null,"error":{"code":"invalid-value","#
                    + #""message":"expected \"x\" within ±1e+15 pt, found -1e+308","line":2,"column":1,"sample":0}"#),
            "\(batch.stdout)")
    }

    @Test func theLearnedRecognizerJudgesStrokesOfHugeCoordinates() throws {
        let corpus = try MiniCorpus("edge-huge-learned")
        defer { corpus.remove() }
        let folder = corpus.folder
        // Examples 1e12 times the usual size, near the largest coordinates a reader takes.
        try LearnCommandTests.examples(in: folder, ["v", "caret"], scale: 1e12)
        let learned = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        let file = try String(contentsOf: folder.appendingPathComponent("t.json"), encoding: .utf8)
        #expect(!file.split(separator: "\"templates\"").dropFirst().contains { $0.contains("null") })
        let classified = try GestureCommand.run(
            ["classify", "--templates", "t.json", "--recognizers", "learned", "examples/p1/v/0.json"], in: folder)
        #expect(classified.stdout.hasPrefix("examples/p1/v/0.json: v\n"), "\(classified.stderr)")

        // A zigzag ±1e15 wide against the bundled marks: judged, not a trap; and a batch keeps every row.
        let zig = Self.trace((0..<10).map { (($0 % 2 == 0 ? -1e15 : 1e15), Double($0) * 10) })
        try corpus.write("star/zig.json", zig)
        try corpus.write("star/v.json", Self.trace([(100, 100), (150, 200), (200, 100)]))
        let marks = GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json").path
        let batch = try GestureCommand.run(
            ["batch", "star", "--templates", marks, "--recognizers", "marks", "--format", "jsonl"], in: folder)
        #expect(batch.stdout.split(separator: "\n").count == 2, "\(batch.stderr)")
        #expect(batch.stdout.contains("\"path\":\"star/zig.json\""))
    }

    /// The corner rule's span, in samples, was converted to an Int: 1e308 trapped.
    @Test func aCornerSpanAsLargeAsADoubleFindsNoCorner() throws {
        let run = try GestureCommand.run(["classify", "--set", "circle.cornerSpan=1e308", "Traces/circle.json"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("Traces/circle.json: circle\n"))
    }

    /// `--misses` of Int.max doubled it to know when to trim; a sweep of counts past 2^63 made Ints of them.
    @Test func countsAsLargeAsAnIntHolds() throws {
        let corpus = try MiniCorpus("edge-int-max")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write("circle/tap.json", Self.trace([(100, 100), (101, 100)]))
        let batch = try GestureCommand.run(["batch", ".", "--misses", String(Int.max)], in: folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.contains("worst misses (1 of 1, furthest past their limit first)\n  ./circle/tap.json"))

        let tune = try GestureCommand.run([
            "tune", "Traces", "--quiet", "--sweep", "swipe.touches=9223372036854775808:9223372036854775808:1",
        ])
        #expect(tune.status == 2)
        #expect(tune.stderr.contains("swipe.touches"), "\(tune.stderr)")
    }

    /// merge-scores exits as the one run would: 2 when a merged row is a trace that could not be read
    /// (it exited 0), saying, as the one run does, that a gate was not checked; its --format error
    /// names its own two formats; `-` twice is refused.
    @Test func mergeScoresExitsAsTheOneRunWould() throws {
        let corpus = try MiniCorpus("edge-merge-errors")
        defer { corpus.remove() }
        try corpus.write("in/tap.json", Self.trace([(100, 100), (101, 100)]))
        try corpus.write("in/bad.json", "{\n")
        let whole = try GestureCommand.run(["batch", "in", "--format", "json", "--shard", "1/1"], in: corpus.folder)
        #expect(whole.status == 2)
        try corpus.write("s.json", whole.stdout)
        let merged = try GestureCommand.run(["merge-scores", "s.json", "--min-accuracy", "0"], in: corpus.folder)
        #expect(merged.status == 2)
        let one = try GestureCommand.run(["batch", "in", "--format", "json"], in: corpus.folder)
        #expect(merged.stdout == one.stdout && one.status == 2)
        #expect(
            merged.stderr
                == "gesture: error: 1 trace is an error of the merged outputs (rows with an error: not read, not "
                + "parsed, or with no group): exit status 2, as the one run's\n"
                + "gesture: note: --min-accuracy not checked: 1 trace is an error (exit status 2)\n")
        let format = try GestureCommand.run(["merge-scores", "--format", "csv", "s.json"], in: corpus.folder)
        #expect(format.status == 2)
        #expect(format.stderr.hasPrefix("gesture: error: invalid value \"csv\" for --format: expected json or text\n"))
        let twice = try GestureCommand.run(["merge-scores", "-", "-"], in: corpus.folder)
        #expect(
            twice.stderr.hasPrefix(
                "gesture: error: - (standard input) is given 2 times (an output, an output): it can be read once\n"))
    }

    /// merge-scores took each shard's summary on trust: a shard cut to 5 of its rows merged with its
    /// old totals, and one counting -5 traces merged into a smaller total.
    @Test func aShardWhoseSummaryDoesNotCountItsRowsIsRefused() throws {
        let corpus = try MiniCorpus("edge-merge")
        defer { corpus.remove() }
        let folder = corpus.folder
        let shard = try GestureCommand.run(["batch", "Traces", "--shard", "1/2", "--format", "json"])
        #expect(shard.status == 0)
        var lines = shard.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        // The first row of `{"traces":[` and its rows, one a line: drop the second row.
        #expect(lines[0] == #"{"traces":["# && lines[2].hasPrefix(#"{"path":"#))
        lines.remove(at: 2)
        try corpus.write("cut.json", lines.joined(separator: "\n"))
        let cut = try GestureCommand.run(["merge-scores", "cut.json"], in: folder)
        #expect(cut.status == 2 && cut.stdout == "")
        #expect(
            cut.stderr.contains(
                "cut.json: error: the \"summary\" counts 13 traces and there are 12 rows: the file was cut or edited"),
            "\(cut.stderr)")

        try corpus.write(
            "minus.json", shard.stdout.replacingOccurrences(of: #""traces":13"#, with: #""traces":-5"#))
        let minus = try GestureCommand.run(["merge-scores", "minus.json"], in: folder)
        #expect(minus.status == 2)
        #expect(
            minus.stderr.contains(
                "minus.json: error: the \"summary\" lacks traces, errors, unlabelled, confusion or failures counts (whole numbers from 0 to 2^40)"
            ), "\(minus.stderr)")

        // The figures made from the counts must be what they make: an edited one is refused too.
        let edits = [
            (#""scored":13"#, #""scored":12"#, "scored"), (#""correct":13"#, #""correct":12"#, "correct"),
            (#""none":{"support":4"#, #""none":{"support":5"#, "gestures"),
        ]
        for (original, edit, field) in edits {
            let edited = shard.stdout.replacingOccurrences(of: original, with: edit)
            #expect(edited != shard.stdout, "\(original) is in the shard's summary")
            guard edited != shard.stdout else { continue }
            try corpus.write("edited.json", edited)
            let run = try GestureCommand.run(["merge-scores", "edited.json"], in: folder)
            #expect(run.status == 2)
            #expect(
                run.stderr.contains(
                    "edited.json: error: the \"summary\"'s \"\(field)\" does not follow from its counts: it was edited"),
                "\(run.stderr)")
        }

        // A row edited, the counts kept: the rows no longer make the summary.
        let row = #"{"path":"Traces/checkmark.json","label":"checkmark","gesture":"checkmark","#
        let miscounted = shard.stdout.replacingOccurrences(
            of: row, with: row.replacingOccurrences(of: #""gesture":"checkmark""#, with: #""gesture":"pan""#))
        #expect(miscounted != shard.stdout, "\(row) is a row of the shard")
        try corpus.write("row.json", miscounted)
        let edited = try GestureCommand.run(["merge-scores", "row.json"], in: folder)
        #expect(edited.status == 2 && edited.stdout == "")
        #expect(
            edited.stderr.contains(
                "row.json: error: the \"summary\"'s \"confusion\" is not what its rows count: it was edited"),
            "\(edited.stderr)")
    }

    /// `é` as one character and as `e` with a combining accent: one Swift `String`, two files. convert
    /// and render wrote one and refused the other as "already written", merge-scores refused shards
    /// holding one each as a shard given twice, and a labels file gave both the label of the last row.
    @Test func twoSpellingsOfANameAreTwoFiles() throws {
        let corpus = try MiniCorpus("edge-normalization")
        defer { corpus.remove() }
        let (decomposed, composed) = ("e\u{301}", "\u{E9}")
        #expect(Array(decomposed.utf8) != Array(composed.utf8) && decomposed == composed)
        try corpus.add("in/\(decomposed).csv", from: "tap.json")
        try corpus.add("in/\(composed).csv", from: "swipe-left.json")
        try corpus.write("in/labels.csv", "path,label\n\(decomposed).csv,tap\n\(composed).csv,swipe-left\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: corpus.folder.appendingPathComponent("in").path)
        try #require(names.count == 3, "\(names)")

        let batch = try GestureCommand.run(["batch", "in", "--format", "jsonl"], in: corpus.folder)
        #expect(batch.status == 0, "\(batch.stderr)")
        #expect(batch.stdout.components(separatedBy: "\"correct\":true").count == 3, "\(batch.stdout)")
        let converted = try GestureCommand.run(["convert", "in", "--to", "json", "--out", "out"], in: corpus.folder)
        #expect(converted.status == 0, "\(converted.stderr)")
        let rendered = try GestureCommand.run(
            ["render", "in/\(decomposed).csv", "in/\(composed).csv", "--out", "svg/"], in: corpus.folder)
        #expect(rendered.status == 0, "\(rendered.stderr)")
        for folder in ["out", "svg"] {
            let written = try FileManager.default.contentsOfDirectory(
                atPath: corpus.folder.appendingPathComponent(folder).path)
            #expect(written.filter { !$0.hasPrefix("labels") }.count == 2, "\(folder): \(written)")
        }
        var shards: [String] = []
        for k in 1...3 {
            let shard = try GestureCommand.run(
                ["batch", "in", "--format", "json", "--shard", "\(k)/3"], in: corpus.folder)
            try corpus.write("s\(k).json", shard.stdout)
            shards.append("s\(k).json")
        }
        let merged = try GestureCommand.run(["merge-scores", "--format", "text"] + shards, in: corpus.folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout.hasPrefix("2 traces: 2 scored"), "\(merged.stdout)")

        // One file, named as macOS writes names (e and an accent), its row typed with é as one
        // character: the row labels it, without a warning that the file is missing.
        try corpus.add("mac/\(decomposed).csv", from: "tap.json")
        try corpus.write("mac/labels.csv", "path,label,group\n\(composed).csv,tap,left\n")
        let typed = try GestureCommand.run(
            ["batch", "mac", "--format", "jsonl", "--group-by", "column:group"], in: corpus.folder)
        #expect(typed.status == 0 && typed.stderr == "", "\(typed.stderr)")
        #expect(typed.stdout.contains(#""label":"tap","gesture":"tap","correct":true"#), "\(typed.stdout)")
        #expect(typed.stdout.contains(#""group":"left""#), "\(typed.stdout)")
    }

    @Test func aTextNumberFarOutReadsAsItIs() {
        #expect(Format.number(1e306) == "1e+306")
        #expect(Format.number(-1e308) == "-1e+308")
        #expect(Format.number(1e304) == "1e+304")
        #expect(Format.number(123_456.789) == "123456.79")
        // Whole, as nearer ones are (1e15 read "1000000000000000.0", 5e14 "500000000000000"), up to
        // where an exponent is shorter.
        #expect(Format.number(1e15) == "1000000000000000")
        #expect(Format.number(-1e15) == "-1000000000000000")
        #expect(Format.number(5e14) == "500000000000000")
        #expect(Format.number(1e15 + 0.5) == "1000000000000000.5")
        #expect(Format.number(0x1p53) == "9007199254740992")
        #expect(Format.number(1e16) == "1e+16")
    }

    /// Through the library, a shard of no slices divided by zero, a negative one trapped, and
    /// `jobs` near `Int.max` overflowed: none is a trap now (a shard that is none takes nothing).
    @Test func aBatchRunnerTakesAnyShardAndJobs() {
        var runner = BatchRunner(
            classifier: Classifier(), labeler: Labeler(configuration: Configuration()), jobs: Int.max / 1000)
        let entries = ["Traces/tap.json", "Traces/z.csv"].map {
            CorpusEntry(path: GestureCommand.packageRoot.appendingPathComponent($0).path, relativePath: $0)
        }
        var rows: [String?] = []
        runner.run(entries) { rows.append($0.gesture) }
        #expect(rows == ["tap", "z"])
        for shard in [(0, 0), (0, -1), (-1, 2), (2, 2)] {
            runner.shard = shard
            #expect(!entries.contains(where: runner.includes), "\(shard)")
        }
        runner.shard = (0, 1)
        #expect(entries.allSatisfy(runner.includes))
    }

    /// A number of 500 digits was echoed whole by `--set` and config files, and `Int.max` was shown
    /// rounded in a contradiction.
    @Test func numbersInConfigurationMessagesAreCutAndWholeNumbersExact() throws {
        let long = "1" + String(repeating: "0", count: 500)
        let set = try GestureCommand.run(["list", "--set", "pan.minimumTouches=\(long)"])
        #expect(set.status == 2)
        #expect(
            set.stderr.hasPrefix(
                "gesture: error: --set pan.minimumTouches=10000000000000000000000000000000000000000…: number out of "
                    + "range: 10000000000000000000…\n"), "\(set.stderr)")
        let corpus = try MiniCorpus("edge-long-number")
        defer { corpus.remove() }
        try corpus.write("c.json", #"{"parameters": {"pan": {"minimumTouches": \#(long)}}}"#)
        let file = try GestureCommand.run(["list", "--config", "c.json"], in: corpus.folder)
        #expect(file.stderr == "c.json:1:43: error: number out of range: 10000000000000000000…\n", "\(file.stderr)")
        let max = try GestureCommand.run(["list", "--set", "pan.minimumTouches=9223372036854775807"])
        #expect(
            max.stderr.hasPrefix(
                "gesture: error: --set pan.minimumTouches=9223372036854775807: contradictory values: "
                    + "pan.minimumTouches = 9223372036854775807 is"))
    }

    /// A table of a gesture named 星 was a column out: padding counted characters, and 星 takes two
    /// columns of a terminal.
    @Test func tablesArePaddedToTerminalColumns() {
        #expect(Format.columns("abc") == 3 && Format.columns("星") == 2 && Format.columns("😀") == 2)
        #expect(Format.columns("e\u{301}") == 1 && Format.columns("Ｗ") == 2 && Format.columns("") == 0)
        #expect(ReportText.table([["星", "1"], ["ab", "22"]]) == "星   1\nab  22\n")
    }

    @Test func aTimeThatIsNotZeroNeverReadsAsZero() {
        #expect(Format.time(0.11749) == "0.117")
        #expect(Format.time(0) == "0")
        #expect(Format.time(0.00009) == "0.00009")
        #expect(Format.time(0.00049) == "0.00049")
        #expect(Format.time(-0.000_012_34) == "-0.000012")
        #expect(Format.time(3.4e-10) == "0.00000000034")
        #expect(Format.time(1e-15) == "1e-15")
        // From 0.5 ms to 1 ms too, in step with the values around them.
        #expect(Format.time(0.0004999) == "0.0005" && Format.time(0.0006) == "0.0006")
        #expect(Format.time(0.000999) == "0.001" && Format.time(0.0049) == "0.0049" && Format.time(0.0123) == "0.012")
        // Numbers of many decimals are written out, not as Swift's `5e-05`.
        #expect(
            Format.number(0.00005, decimals: 6) == "0.00005" && Format.number(-0.000012, decimals: 6) == "-0.000012")
        // A short time beside its limit: both to the smaller's two significant digits.
        #expect(
            TextReport.compare(measured: 0.0049, limit: 0.005, unit: .seconds) == "measured 0.0049 s < limit 0.005 s")
        #expect(
            TextReport.compare(measured: 0.0004, limit: 0.0006, unit: .seconds) == "measured 0.0004 s < limit 0.0006 s")
        #expect(TextReport.compare(measured: 0.09, limit: 0.5, unit: .seconds) == "measured 0.09 s < limit 0.5 s")
        // Three decimals, as the `t=` column has them: it read `t=0.117` beside `measured 0.12 s`.
        #expect(TextReport.compare(measured: 0.117, limit: 0.1, unit: .seconds) == "measured 0.117 s > limit 0.1 s")
        #expect(TextReport.compare(measured: 0.2504, limit: 0.25, unit: .seconds) == "measured 0.2504 s > limit 0.25 s")
        #expect(TextReport.compare(measured: nil, limit: 0.00002, unit: .seconds) == "limit 0.00002 s")
        // Another unit's value that would read as 0 but is not (a trace in metres): two significant
        // digits; values that read as something keep their 2 decimals (4 for radians), 0 reads as 0.
        #expect(
            TextReport.compare(measured: 0.0001, limit: 0.0000475, unit: .points)
                == "measured 0.0001 pt > limit 0.000048 pt")
        #expect(TextReport.compare(measured: 0.00014, limit: 10, unit: .points) == "measured 0.00014 pt < limit 10 pt")
        // A rounding error beside a real limit: its two significant digits (it read
        // `5.684341886080802e-14 pt`), never 0.
        #expect(
            TextReport.compare(measured: 5.684341886080802e-14, limit: 30, unit: .points)
                == "measured 5.7e-14 pt < limit 30 pt")
        #expect(
            TextReport.compare(measured: 2e-13, limit: 1e-13, unit: .points) == "measured 2e-13 pt > limit 1e-13 pt")
        #expect(TextReport.compare(measured: 0.0523, limit: 0.07, unit: .ratio) == "measured 0.052 < limit 0.07")
        // One significant digit is not enough either: a limit of 0.005 read 0.01.
        #expect(
            TextReport.compare(measured: 0.0014, limit: 0.005, unit: .points) == "measured 0.0014 pt < limit 0.005 pt")
        #expect(TextReport.compare(measured: 0.25, limit: 12.345, unit: .points) == "measured 0.25 pt < limit 12.35 pt")
        #expect(TextReport.compare(measured: 0, limit: 0.1, unit: .ratio) == "measured 0 < limit 0.1")
        #expect(
            TextReport.compare(measured: 0.00001, limit: 0.2, unit: .radians) == "measured 0.00001 rad < limit 0.2 rad")
        // Its own digits only: the other value keeps its decimals; below 1e-11, the shortest form.
        #expect(
            TextReport.compare(measured: 12.3456, limit: 0.00001, unit: .points)
                == "measured 12.35 pt > limit 0.00001 pt")
        #expect(TextReport.compare(measured: 3e-15, limit: 1, unit: .points) == "measured 3e-15 pt < limit 1 pt")
        // A parameter set that small is shown as set.
        #expect(
            ParameterValue.number(0.00001).description == "0.00001"
                && ParameterValue.number(0.69813).description == "0.6981")
    }

    /// A trace of 90 µs (`--time-unit ms` on times written in milliseconds) shows its times and its
    /// durations, which printed as `t 0 → 0 s` and `measured 0 s`.
    @Test func aTraceOfMicrosecondsShowsItsTimes() throws {
        let run = try GestureCommand.run([
            "classify", "--time-unit", "ms", "--recognizers", "long-press", "Traces/tap.json",
        ])
        #expect(run.status == 1)
        #expect(run.stdout.contains("sequence 1: t 0 → 0.00009 s: none"), "\(run.stdout)")
        #expect(run.stdout.contains("t=0.00009 event 2 sample 2  lifted-too-early"), "\(run.stdout)")
        #expect(run.stdout.contains("(measured 0.00009 s\n"), "\(run.stdout)")
    }

    /// A trace in metres: the messages' own distances read as set and as measured (`lifted before
    /// moving 0.005 pt`, which read 0.01, and `it moved 0.00014 pt`, which read 0), as the comparison does.
    @Test func aTraceInMetresReadsItsDistancesInTheMessages() throws {
        let trace = """
            {"samples": [{"t": 0, "id": 1, "phase": "began", "x": 0.2, "y": 0.4},
              {"t": 0.09, "id": 1, "phase": "ended", "x": 0.2001, "y": 0.4001}]}
            """
        let run = try GestureCommand.run(
            [
                "classify", "--recognizers", "pan,checkmark", "--set", "pan.minimumTranslation=0.0001",
                "--set", "checkmark.initialDistance=0.00005", "--set", "checkmark.jitterTolerance=0.00004", "-",
            ], input: trace)
        #expect(run.status == 1)
        let text = run.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        #expect(
            text.contains(
                "no-up-stroke: lifted before moving, before any up-stroke; it moved 0.00014 pt only as it lifted, "
                    + "and the lift starts no stroke"), "\(run.stdout)")
        #expect(
            text.contains(
                "did-not-move: lifted before moving 0.0001 pt; it moved 0.00014 pt only as it lifted, and a pan "
                    + "begins on a move (measured 0 pt < limit 0.0001 pt)"), "\(run.stdout)")
    }

    // MARK: Options and names

    @Test(arguments: ["batch", "tune"])
    func aMillionJobsIsAUsageError(_ command: String) throws {
        var arguments = [command, "Traces", "--jobs", "1000000"]
        if command == "tune" { arguments += ["--sweep", "circle.maximumDuration=3:4:1"] }
        let run = try GestureCommand.run(arguments)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("gesture: error: --jobs: expected an integer from 0 to 1024, found \"1000000\"\n"))
    }

    @Test func learnRefusesNamesTheBuiltInRecognizersHave() throws {
        let corpus = try MiniCorpus("edge-learn-names")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["circle", "v"])
        let named = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(named.status == 2 && named.stdout == "")
        #expect(
            named.stderr
                == "examples/p0/circle/0.json: error: gesture circle is a gesture of the built-in recognizer circle: a "
                + "learned gesture needs a name of its own (--label-map circle=my-circle)\n"
                + "gesture: error: 1 problem with the examples; nothing written\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.json").path))
        let mapped = try GestureCommand.run(
            ["learn", "examples", "--out", "t.json", "--label-map", "circle=ring"], in: folder)
        #expect(mapped.status == 0, "\(mapped.stderr)")

        let id = try GestureCommand.run(["learn", "examples", "--out", "u.json", "--id", "circle"], in: folder)
        #expect(id.status == 2)
        #expect(
            id.stderr.hasPrefix(
                "gesture: error: --id circle: the id of a built-in recognizer; a learned recognizer needs an id of its own\n"
            ))
        let cased = try GestureCommand.run(["learn", "examples", "--out", "u.json", "--id", "Circle"], in: folder)
        #expect(cased.status == 2)
        #expect(
            cased.stderr.hasPrefix(
                "gesture: error: --id Circle: the id of a built-in recognizer (circle) in another case; a learned "
                    + "recognizer needs an id of its own\n"))
    }

    /// `swipe` is a built-in recognizer's id and none of its gestures: without the templates file a
    /// label `swipe` is told it names swipe-left, …, and `tune --sweep swipe.…` finds no trace of
    /// swipe's among those labelled `swipe`. So learn refuses it, in any case.
    @Test func learnRefusesTheIdOfABuiltInRecognizerAsAGestureName() throws {
        let corpus = try MiniCorpus("edge-learn-swipe")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["swipe", "Pinch", "v"])
        let run = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr
                == "examples/p0/Pinch/0.json: error: gesture Pinch is a gesture of the built-in recognizer pinch in "
                + "another case: a learned gesture needs a name of its own (--label-map Pinch=my-pinch)\n"
                + "examples/p0/swipe/0.json: error: gesture \"swipe\" is the id of the recognizer swipe, whose "
                + "gestures are swipe-left, swipe-right, swipe-up, swipe-down: a label swipe is taken for them, so a "
                + "gesture needs a name of its own (--label-map swipe=my-swipe)\n"
                + "gesture: error: 2 problems with the examples; nothing written\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.json").path))
        let mapped = try GestureCommand.run(
            ["learn", "examples", "--out", "t.json", "--label-map", "swipe=stroke,Pinch=squeeze"], in: folder)
        #expect(mapped.status == 0, "\(mapped.stderr)")
    }

    /// Standard input is read once: an example from it and `--labels -` is a usage error, as in `batch`.
    /// The example was read as the labels file, and refused as CSV.
    @Test func learnReadsStandardInputOnce() throws {
        let corpus = try MiniCorpus("edge-learn-stdin")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["v", "caret"])
        let example = try String(
            contentsOf: folder.appendingPathComponent("examples/p0/v/0.json"), encoding: .utf8)
        let run = try GestureCommand.run(
            ["learn", "-", "examples", "--labels", "-", "--out", "t.json"], input: example, in: folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr
                == "gesture: error: - (standard input) is given 2 times (an example, --labels): it can be read once\n"
                + "Run `gesture learn --help` for usage.\n")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.json").path))
    }

    /// A templates file whose recognizer `--recognizers` leaves out would change nothing: a usage error
    /// on every command that reads it, as a `--set` of a recognizer left out is; kept, it runs.
    @Test(arguments: [
        ["classify", "Traces/checkmark.json"], ["batch", "Traces/checkmark.json"], ["list"],
        ["render", "Traces/checkmark.json", "--out", "-"],
        ["tune", "Traces/checkmark.json", "--sweep", "checkmark.minimumRiseRatio=0.4:0.5:0.1"],
    ])
    func templatesWhoseRecognizerIsLeftOutAreRefused(command: [String]) throws {
        let marks = ["--templates", "docs/examples/marks.json"]
        let run = try GestureCommand.run(command + marks + ["--recognizers", "checkmark"])
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "gesture: error: --templates docs/examples/marks.json adds the recognizer marks, which --recognizers "
                    + "leaves out: add marks to --recognizers, or leave the file out\n"), "\(run.stderr)")
        let kept = try GestureCommand.run(command + marks + ["--recognizers", "checkmark,marks"])
        #expect(kept.status == 0, "\(kept.stderr)")
    }

    /// Two gestures drawn alike recognize none of their held-out examples: the file is written, with a
    /// warning for each.
    @Test func learnWarnsOfAGestureThatRecognizesNothing() throws {
        let corpus = try MiniCorpus("edge-learn-nothing")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["v"], people: 1, takes: 3)
        try FileManager.default.copyItem(
            at: folder.appendingPathComponent("examples/p0/v"), to: folder.appendingPathComponent("examples/p0/w"))
        let run = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        for name in ["v", "w"] {
            #expect(
                run.stderr.contains(
                    "gesture: warning: gesture \(name) recognized none of its held-out examples: its threshold lets in "
                        + "nothing"), "\(run.stderr)")
        }
        // Written to standard output, the summary goes to stderr too: the warnings come before it, and
        // its last line says what was written.
        let piped = try GestureCommand.run(["learn", "examples", "--out", "-"], in: folder)
        #expect(piped.status == 0 && piped.stdout.hasPrefix("{"))
        #expect(piped.stderr.hasPrefix("gesture: warning: gesture v recognized none"), "\(piped.stderr)")
        let lines = piped.stderr.split(separator: "\n")
        #expect(
            lines.last?.hasPrefix("wrote standard output (") == true
                && lines.last?.hasSuffix("recognizer learned)") == true, "\(piped.stderr)")
    }

    /// `--out` among the examples: its own templates file from a run before is left out of them, and an
    /// example is never overwritten.
    @Test func learnNeitherReadsItsOwnOutputNorOverwritesAnExample() throws {
        let corpus = try MiniCorpus("edge-learn-out")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["v", "line"])
        for _ in 0..<2 {
            let run = try GestureCommand.run(["learn", "examples", "--out", "examples/t.json", "--force"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
        }
        let example = try GestureCommand.run(
            ["learn", "examples", "--out", "examples/p0/v/0.json", "--force"], in: folder)
        #expect(example.status == 2)
        #expect(
            example.stderr.hasPrefix(
                "gesture: error: --out examples/p0/v/0.json is one of the examples (examples/p0/v/0.json): write the "
                    + "templates elsewhere\n"))
        let kept = try String(contentsOf: folder.appendingPathComponent("examples/p0/v/0.json"), encoding: .utf8)
        #expect(kept.contains("\"samples\""))
    }

    /// `learn --out` and `tune --write-config` never write over a labels file the run reads, named
    /// with `--labels` or found in a folder walked, by any spelling or link (both wrote over it with
    /// `--force`, exit 0, and the labels were lost).
    @Test func neitherLearnNorTuneWritesOverALabelsFileItReads() throws {
        let corpus = try MiniCorpus("edge-labels-out")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["v", "line"])
        var rows = "path,label\n"
        for person in 0..<3 {
            for take in 0..<2 { rows += "p\(person)/v/\(take).json,vee\np\(person)/line/\(take).json,dash\n" }
        }
        try corpus.write("examples/labels.csv", rows)
        try corpus.write("given.csv", "path,label\nexamples/p0/v/0.json,vee\n")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.csv", withDestinationPath: "given.csv")
        for (out, given) in [
            ("examples/labels.csv", []), ("./examples/../examples/labels.csv", []), ("given.csv", ["given.csv"]),
            ("link.csv", ["given.csv"]),
        ] {
            let run = try GestureCommand.run(
                ["learn", "examples", "--out", out, "--force"] + given.flatMap { ["--labels", $0] }, in: folder)
            #expect(run.status == 2 && run.stdout == "")
            #expect(
                run.stderr
                    == "gesture: error: --out \(out) is a labels file this run reads: writing over it would lose its "
                    + "labels; name another file\nRun `gesture learn --help` for usage.\n")
        }
        try corpus.write("traces.csv", "path,label\ncheckmark.json,checkmark\n")
        let tune = try GestureCommand.run(
            [
                "tune", "Traces", "--labels", corpus.folder.path + "/traces.csv", "--sweep",
                "checkmark.minimumRiseRatio=0.3:0.6:0.1", "--write-config", corpus.folder.path + "/traces.csv",
                "--force",
            ])
        #expect(tune.status == 2)
        #expect(
            tune.stderr.contains("/traces.csv is a labels file this run reads: writing over it would lose its labels"))
        for name in ["examples/labels.csv", "given.csv", "traces.csv"] {
            let kept = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            #expect(kept.hasPrefix("path,label\n"))
        }
    }

    /// A failure's details name the nearest gesture whatever `thresholdScale` (at 0.03 they were all
    /// null: the search reached twice the scaled threshold, so lowering it hid the nearest).
    @Test func aLearnedFailureNamesTheNearestWhateverTheScale() throws {
        var seen: [String] = []
        for scale in ["0.05", "0.03", "0.001"] {
            let run = try GestureCommand.run([
                "classify", "docs/examples/new-star.json", "--templates", "docs/examples/marks.json", "--recognizers",
                "marks", "--set", "marks.thresholdScale=" + scale,
            ])
            #expect(run.status == 1)
            seen.append(
                run.stdout.contains("is star's, at 82.8 (measured 82.78 > limit ") ? "star" : run.stdout
            )
        }
        #expect(seen == ["star", "star", "star"])
    }

    /// A trace read from standard input is in no folder: the current folder's name is no label of it
    /// (`learn -` in a folder named `star` learned a drawn `v` as a star, and batch scored it so).
    @Test func standardInputIsLabelledByNoFolder() throws {
        let corpus = try MiniCorpus("edge-stdin-folder")
        defer { corpus.remove() }
        try corpus.write("checkmark/.keep", "")
        let trace = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/checkmark.json"), encoding: .utf8)
        let unlabelled = trace.replacingOccurrences(of: "\"label\": \"checkmark\",", with: "")
        #expect(unlabelled != trace)
        let batch = try GestureCommand.run(
            ["batch", "--format", "jsonl", "-"], input: unlabelled,
            in: corpus.folder.appendingPathComponent("checkmark"))
        #expect(batch.stdout.hasPrefix(#"{"path":"-","label":null,"gesture":"checkmark","correct":null,"#))
        let learn = try GestureCommand.run(
            ["learn", "-", "--out", "t.json"], input: unlabelled, in: corpus.folder.appendingPathComponent("checkmark"))
        #expect(learn.status == 2)
        #expect(learn.stderr.hasPrefix("-: error: unlabelled example: "))
    }

    /// Folder names label in any case, so a learned gesture may not differ from a built-in one, or from
    /// another learned one, only in case.
    @Test func learnRefusesNamesThatDifferOnlyInCase() throws {
        let corpus = try MiniCorpus("edge-learn-case")
        defer { corpus.remove() }
        let folder = corpus.folder
        try LearnCommandTests.examples(in: folder, ["Circle", "circle", "v", "V"])
        let run = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(run.status == 2 && run.stdout == "")
        // Circle and circle are not told to be mapped one to the other, which would leave one refused:
        // mapped as each error says, they are one gesture my-circle.
        #expect(
            run.stderr
                == "examples/p0/Circle/0.json: error: gesture Circle is a gesture of the built-in recognizer circle in "
                + "another case: a learned gesture needs a name of its own (--label-map Circle=my-circle)\n"
                + "examples/p0/circle/0.json: error: gesture circle is a gesture of the built-in recognizer circle: a "
                + "learned gesture needs a name of its own (--label-map circle=my-circle)\n"
                + "examples/p0/v/0.json: error: gestures V and v differ only in case: labels name gestures in any case, "
                + "so they would be one (--label-map v=V)\n"
                + "gesture: error: 3 problems with the examples; nothing written\n")
    }

    @Test func anExampleInAFolderWhoseNameIsNoGestureSaysSo() throws {
        let corpus = try MiniCorpus("edge-learn-comma")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write("a,b/1.json", Self.trace([(0, 0), (50, 100), (100, 0)]))
        let run = try GestureCommand.run(["learn", ".", "--out", "t.json"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "./a,b/1.json: error: unlabelled example: its folder's name \"a,b\" is no gesture name (no spaces, "
                    + "commas, +, control characters or marks of text direction): rename the folder, or give --labels FILE\n"
            ))
    }

    /// A folder named with a mark of text direction or a tab names no gesture, though output shows it
    /// escaped (`st\u{202E}ar`), which would be a name: the gesture was once named that text.
    @Test(arguments: ["st\u{202E}ar", "a\tb"])
    func anExampleInAFolderNamedWithAnInvisibleCharacterSaysSo(_ name: String) throws {
        let corpus = try MiniCorpus("edge-learn-invisible-\(name.unicodeScalars.count)")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write("\(name)/1.json", Self.trace([(0, 0), (50, 100), (100, 0)]))
        try corpus.write("v/1.json", Self.trace([(0, 0), (50, 100), (100, 0)]))
        let run = try GestureCommand.run(["learn", ".", "--out", "t.json"], in: folder)
        #expect(run.status == 2)
        let shown = name == "a\tb" ? #"a\u{9}b"# : #"st\u{202E}ar"#
        #expect(
            run.stderr.hasPrefix(
                "./\(shown)/1.json: error: unlabelled example: its folder's name \"\(shown)\" is no gesture name (no "
                    + "spaces, commas, +, control characters or marks of text direction): rename the folder, or give "
                    + "--labels FILE\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.json").path))
    }

    /// An id that is a built-in gesture's name (`swipe-left`), or `none`, is refused before learning:
    /// `learn` wrote a file that every reader then refused, telling the user to learn again.
    @Test(arguments: [
        (
            "swipe-left",
            #"recognizer id "swipe-left" is a gesture of swipe: a label swipe-left names that gesture, so an id needs another name"#
        ),
        ("none", #"recognizer id "none" is the label of no gesture: an id needs another name"#),
    ])
    func learnRefusesAnIDThatNamesAGesture(_ id: String, _ message: String) throws {
        let corpus = try MiniCorpus("edge-learn-id-\(id)")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            [
                "learn", GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks").path, "--id", id,
                "--out", "t.json",
            ],
            in: corpus.folder)
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("gesture: error: --id \(id): \(message)\n"), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("t.json").path))
        // A configured instance so named is refused at its place, as the file learn would have written.
        try corpus.write("c.json", #"{"recognizers": [{"id": "\#(id)", "kind": "tap"}]}"#)
        let list = try GestureCommand.run(["list", "--config", "c.json"], in: corpus.folder)
        #expect(list.status == 2)
        #expect(list.stderr.hasPrefix("c.json:1:25: error: \(message)"), "\(list.stderr)")
    }

    @Test func aConfiguredInstanceCannotBeNamedNone() throws {
        let corpus = try MiniCorpus("edge-none")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write("none.json", #"{"recognizers": [{"id": "t2", "kind": "tap", "gesture": "none"}]}"#)
        let run = try GestureCommand.run(["list", "--config", "none.json"], in: folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "none.json:1:57: error: gesture \"none\" is what a trace is when nothing is recognized: a gesture needs "
                    + "another name\n"))
    }

    @Test func aHammerListAppliedWithAnotherProfileIsWarnedOf() throws {
        let corpus = try MiniCorpus("edge-hammer-list")
        defer { corpus.remove() }
        let folder = corpus.folder
        let list = try GestureCommand.run(["list", "--format", "json", "--profile", "hammer"])
        try corpus.write("hammer.json", list.stdout)
        let run = try GestureCommand.run(["list", "--config", "hammer.json", "--recognizers", "tap"], in: folder)
        #expect(run.status == 0)
        #expect(
            run.stderr.contains(
                ": warning: this list was printed with --profile hammer and is applied with --profile default: its "
                    + "values and relationships are taken, but a recognizer waits as UIKit does (Hammer.js's waiting "
                    + "comes with --profile hammer only)\n"))
        let same = try GestureCommand.run(
            ["list", "--config", "hammer.json", "--profile", "hammer", "--recognizers", "tap"], in: folder)
        #expect(same.status == 0 && same.stderr == "")
    }

    // MARK: Outputs

    @Test func convertAndRenderWriteDashToStandardOutput() throws {
        let corpus = try MiniCorpus("edge-dash")
        defer { corpus.remove() }
        let folder = corpus.folder
        let tap = GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path
        let converted = try GestureCommand.run(["convert", tap, "--to", "csv", "--out", "-"], in: folder)
        #expect(converted.status == 0 && converted.stdout.hasPrefix("# name: tap\n"))
        let rendered = try GestureCommand.run(["render", tap, "--out", "-"], in: folder)
        #expect(rendered.status == 0 && rendered.stdout.hasPrefix("<?xml"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("-").path))

        // A path ending in / is a folder, made when missing.
        let intoFolder = try GestureCommand.run(["convert", tap, "--to", "csv", "--out", "out/"], in: folder)
        #expect(intoFolder.status == 0, "\(intoFolder.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/tap.csv").path))
    }

    @Test func csvThatCannotTellANamedTouchFromANumberedOneSaysSo() throws {
        let corpus = try MiniCorpus("edge-clash")
        defer { corpus.remove() }
        let folder = corpus.folder
        try corpus.write(
            "clash.json",
            """
            {"samples": [
            {"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0},
            {"t": 0, "id": "1", "phase": "began", "x": 50, "y": 0},
            {"t": 0.1, "id": 1, "phase": "ended", "x": 0, "y": 0},
            {"t": 0.1, "id": "1", "phase": "ended", "x": 50, "y": 0}
            ]}
            """)
        let run = try GestureCommand.run(["convert", "clash.json", "--to", "csv", "--lossy"], in: folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr
                == "clash.json: error: csv cannot hold touch \"1\" (a name) beside touch 1 (a number): both are written "
                + "1 and read back as one touch; not converted\n")
    }
}
