import Foundation
import Testing

@testable import GestureKit

/// What a new user does with the README and their own data, and what `gesture` says back: labels
/// found where they are, units and axes that are wrong said out loud, shards that cannot double-count,
/// and the small things of the command line.
@Suite struct UserMistakesTests {
    static let datasets = GestureCommand.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/datasets")
    static var hasDatasets: Bool { FileManager.default.fileExists(atPath: datasets.path) }

    /// Element `index` of a JSON array.
    func at(_ value: JSONValue?, _ index: Int) -> JSONValue? {
        guard case .array(let items)? = value, index < items.count else { return nil }
        return items[index]
    }

    func run(_ arguments: [String], in corpus: MiniCorpus? = nil, input: String = "") throws -> GestureCommand.Output {
        try GestureCommand.run(arguments, input: input, in: corpus?.folder ?? GestureCommand.packageRoot)
    }

    /// A swipe to the right: `count` samples `gap` apart in the file's unit, starting at `start`.
    func swipeJSON(start: Double = 0, gap: Double, count: Int = 10, view: Bool = false) -> String {
        let samples = (0..<count).map { i -> String in
            let phase = i == 0 ? "began" : i == count - 1 ? "ended" : "moved"
            return
                #"{"t": \#(start + Double(i) * gap), "id": 1, "phase": "\#(phase)", "x": \#(100 + 25 * i), "y": 300}"#
        }
        let viewText = view ? #""view": {"width": 390, "height": 844}, "# : ""
        return "{\(viewText)\"samples\": [\n" + samples.joined(separator: ",\n") + "\n]}\n"
    }

    // MARK: 1. Labels

    /// A trace labelled by its folder's name is, however the PATH names it: `.` from inside the folder,
    /// or the file's bare name (they were read as in a folder `.` and in none: unlabelled).
    /// `--force` where output goes to standard output, which it cannot be about, is a slip (a missing
    /// `--out`?), refused as batch's without `--report` and tune's without `--write-config` are.
    @Test(arguments: [
        (["render", "Traces/tap.json", "--force"], "--out FILE or DIR", "render"),
        (["render", "Traces/tap.json", "--out", "-", "--force"], "--out FILE or DIR", "render"),
        (["convert", "Traces/tap.json", "--to", "csv", "--force"], "--out FILE or DIR", "convert"),
        (["learn", "docs/examples/marks", "--out", "-", "--force"], "--out FILE", "learn"),
    ])
    func forceWithoutAFileIsRefused(_ arguments: [String], _ needs: String, _ command: String) throws {
        let output = try run(arguments)
        #expect(output.status == 2 && output.stdout == "")
        #expect(
            output.stderr
                == "gesture: error: --force needs \(needs) (it lets files be overwritten; standard output needs none)\n"
                + "Run `gesture \(command) --help` for usage.\n")
    }

    @Test(arguments: [["."], ["a.csv"], ["./a.csv"], ["../circle/a.csv"]])
    func aFolderLabelsItsTracesHoweverThePathIsSpelt(_ paths: [String]) throws {
        let corpus = try MiniCorpus("folder-label-\(paths[0].utf8.count)")
        defer { corpus.remove() }
        try corpus.add("circle/a.csv", from: "circle.json")
        let output = try GestureCommand.run(
            ["batch", "--format", "jsonl"] + paths, in: corpus.folder.appendingPathComponent("circle"))
        #expect(output.status == 0, "\(output.stderr)")
        let row = try JSONValue.parse(Array(output.stdout.utf8), file: "row")
        #expect(row["label"]?.stringValue == "circle")
        #expect(row["gesture"]?.stringValue == "circle")
    }

    @Test func aLabelsFileInAFolderLabelsItsTracesAndIsNoTrace() throws {
        let corpus = try MiniCorpus("folder-labels")
        defer { corpus.remove() }
        try corpus.add("s01/a.csv", from: "checkmark.json")
        try corpus.add("s01/b.csv", from: "circle.json")
        try corpus.add("s02/c.csv", from: "z.csv")
        try corpus.write("labels.csv", "path,label\ns01/a.csv,checkmark\ns01/b.csv,circle\n")
        // A second labels file deeper down, named otherwise: found too, its rows for its folder; its
        // header after a comment and a blank line, as the labels reader reads it.
        try corpus.write("s02/Labels-2024.csv", "\u{FEFF}# study 2, left hand\n\npath,label\nc.csv,z\n")
        let output = try run(["batch", "--format", "json", "."], in: corpus)
        #expect(output.status == 0, "\(output.stderr)")
        let document = try BatchReport.document(Array(output.stdout.utf8), file: "out")
        #expect(document.rows.map(\.path) == ["./s01/a.csv", "./s01/b.csv", "./s02/c.csv"])
        #expect(document.rows.map(\.label) == ["checkmark", "circle", "z"])
        #expect(document.board.scored == 3 && document.board.errors == 0 && document.board.unlabelled == 0)
    }

    /// A labels file read as a trace says what it is and which commands read one: batch found one not
    /// named so in its folder (`truth.csv`), or classify was given one named so (it has no `--labels`,
    /// and the advice names no name it already has).
    @Test(arguments: [
        (["batch", "."], "./truth.csv", "named *label*.csv and found"),
        (["classify", "labels.csv"], "labels.csv", "found"),
    ])
    func aLabelsFileReadAsATraceSaysWhatItIs(_ command: [String], _ file: String, _ found: String) throws {
        // A folder of each case's own: the cases run side by side.
        let corpus = try MiniCorpus("labels-as-trace-\(command[0])")
        defer { corpus.remove() }
        try corpus.add("checkmark/a.csv", from: "checkmark.json")
        try corpus.write((file as NSString).lastPathComponent, "path,label\ncheckmark/a.csv,checkmark\n")
        let output = try run(command, in: corpus)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "\(file):1:1: error: a labels file (header \"path,label\"), not a trace: batch, tune and learn read it given with --labels, or \(found) in a folder they walk\n"
        )
    }

    @Test(
        .enabled(if: hasDatasets, "../shared/datasets is absent (a user's clone has no ../shared): dollar1 not scored"))
    func theDollarOneFolderScoresAsItIs() throws {
        let output = try run([
            "batch", "--recognizers", "checkmark,circle", "--label-map", "*=none", "../shared/datasets/dollar1",
        ])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("2880 traces: 2880 scored, 0 unlabelled, 0 errors\n"))
    }

    @Test func folderNamesLabelInAnyCaseAndThroughTheLabelMap() throws {
        let corpus = try MiniCorpus("folder-case")
        defer { corpus.remove() }
        try corpus.add("Z/a.csv", from: "z.csv")
        try corpus.add("check/b.csv", from: "checkmark.json")
        try corpus.add("None/c.csv", from: "not-a-checkmark.json")
        let output = try run(["batch", "--format", "jsonl", "--label-map", "check=checkmark", "."], in: corpus)
        #expect(output.status == 0, "\(output.stderr)")
        let labels = output.stdout.split(separator: "\n").map { line in
            (try? JSONValue.parse(Array(line.utf8), file: "row"))?["label"]?.stringValue
        }
        #expect(labels == ["none", "z", "checkmark"])  // None/, Z/, check/: bytes order
    }

    @Test func unlabelledTracesSayWhyAndWhatTheyWereRecognizedAs() throws {
        let corpus = try MiniCorpus("unlabelled")
        defer { corpus.remove() }
        try corpus.add("fast/a.csv", from: "checkmark.json")
        try corpus.add("fast/b.csv", from: "circle.json")
        try corpus.add("slow/c.csv", from: "checkmark.json")
        let output = try run(["batch", "--explain-labels", "."], in: corpus)
        #expect(output.status == 0)
        #expect(
            output.stdout.hasPrefix(
                """
                3 traces: 0 scored, 3 unlabelled, 0 errors
                recognized among the unlabelled: checkmark 2, circle 1
                unlabelled: no labels-file row, no label of their own, and a folder name that is no gesture of the
                  recognizers: fast 2, slow 1 (--explain-labels lists them, saying why)

                """))
        let known =
            "checkmark, circle, double-tap, long-press, pan, pinch, rotation, swipe-down, swipe-left, swipe-right, swipe-up, tap, z, none"
        #expect(
            output.stderr.split(separator: "\n").first
                == "./fast/a.csv: unlabelled: no labels file, no label of its own, and its folder \"fast\" is no gesture name (expected one of \(known))"
        )
        #expect(output.stderr.split(separator: "\n").count == 3)
        let json = try run(["batch", "--format", "json", "."], in: corpus)
        let summary = try #require(try JSONValue.parse(Array(json.stdout.utf8), file: "out")["summary"])
        #expect(summary["unlabelledGestures"]?.text == #"{"checkmark":2,"circle":1}"#)
        #expect(summary["unlabelledFolders"]?.text == #"{"fast":2,"slow":1}"#)
    }

    /// A folder of hidden traces and their labels file (a recorder archive of subject `.s1`) scored
    /// "0 traces" and exited 0: the walk skips hidden files, the labels file is no trace, and its
    /// rows named files that exist. Now the run is refused, and each such row is warned of.
    @Test func aFolderOfHiddenTracesIsNoCleanRun() throws {
        let corpus = try MiniCorpus("hidden-rows")
        defer { corpus.remove() }
        try corpus.add("check/.s1-01.csv", from: "checkmark.json")
        try corpus.write("check/labels.csv", "path,label\n.s1-01.csv,checkmark\n")
        let empty = try run(["batch", "check"], in: corpus)
        #expect(empty.status == 2)
        #expect(
            empty.stderr
                == "check/labels.csv:2:1: warning: .s1-01.csv is hidden (a name starts with \".\"): a folder's walk "
                + "skips it, so the row labels it only when it is given as a PATH\n"
                + "gesture: error: no trace files (.json, .csv, .xml) in check\n"
                + "Run `gesture batch --help` for usage.\n")
        // Given as a PATH, it is read and labelled.
        let named = try run(
            ["batch", "--format", "csv", "--labels", "check/labels.csv", "check/.s1-01.csv"], in: corpus)
        #expect(named.status == 0)
        #expect(named.stdout.contains("check/.s1-01.csv,checkmark,checkmark,true"), "\(named.stdout)")
    }

    /// A folder's labels file whose row a `--labels` row overrules: its label (`zed`, no gesture)
    /// stopped the run, though the given row wins; its group still counts.
    @Test func aFoundRowThatAGivenRowOverrulesMayHaveAnyLabel() throws {
        let corpus = try MiniCorpus("overruled-rows")
        defer { corpus.remove() }
        try corpus.add("data/a.csv", from: "z.csv")
        try corpus.add("data/b.csv", from: "z.csv")
        try corpus.write("data/labels.csv", "path,label,group\na.csv,zed,p1\nb.csv,z,p2\n")
        try corpus.write("mine.csv", "path,label\ndata/a.csv,z\n")
        let alone = try run(["batch", "data"], in: corpus)
        #expect(alone.status == 2)
        #expect(alone.stderr.hasPrefix("data/labels.csv:2:7: error: unknown label \"zed\""), "\(alone.stderr)")
        let overruled = try run(
            ["batch", "--labels", "mine.csv", "--group-by", "group", "--format", "csv", "data"], in: corpus)
        #expect(overruled.status == 0, "\(overruled.stderr)")
        #expect(overruled.stdout.hasSuffix("\ndata/a.csv,p1,z,z,true,,,,,\ndata/b.csv,p2,z,z,true,,,,,\n"))
    }

    /// A labels row naming its file through a symbolic link (or another mount point) labelled
    /// nothing, unsaid: rows were matched by path alone. Now by the file, too, label and group.
    @Test func aRowNamingItsFileByAnotherPathLabelsIt() throws {
        let corpus = try MiniCorpus("linked-rows")
        defer { corpus.remove() }
        try corpus.add("data/a.csv", from: "z.csv")
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("alias").path, withDestinationPath: "data")
        try corpus.write("mine.csv", "path,label,group\nalias/a.csv,circle,p1\n")
        let output = try run(
            ["batch", "--labels", "mine.csv", "--group-by", "group", "--format", "csv", "data"], in: corpus)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(
            output.stdout.hasSuffix(
                "\ndata/a.csv,p1,circle,z,false,,,circle,not-closed,never came back near its start (the nearest "
                    + "point of its last 50%)\n"))
    }

    @Test func labelsRowsForMissingFilesWarnAndDuplicatesAreCaught() throws {
        let corpus = try MiniCorpus("label-rows")
        defer { corpus.remove() }
        try corpus.add("a.csv", from: "checkmark.json")
        try corpus.write("labels.csv", "path,label\na.csv,checkmark\nmissing.csv,circle\na.csv,checkmark\n")
        let output = try run(["batch", "--labels", "labels.csv", "a.csv"], in: corpus)
        #expect(output.status == 0)
        let lines = output.stderr.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix("labels.csv:3:1: warning: no file missing.csv ("))
        #expect(lines[0].hasSuffix("/missing.csv): the row labels nothing"))
        #expect(lines[1] == "labels.csv:4:1: warning: a.csv is listed again (line 2, the same label)")

        try corpus.write("labels.csv", "path,label\na.csv,checkmark\na.csv,circle\n")
        let disagree = try run(["batch", "--labels", "labels.csv", "a.csv"], in: corpus)
        #expect(disagree.status == 2)
        #expect(
            disagree.stderr
                == "labels.csv:3:1: error: a.csv is labelled circle here and checkmark on line 2: one path, one label\n"
        )

        // Two labels files that disagree: the later one wins, and says so.
        try corpus.write("labels.csv", "path,label\na.csv,circle\n")
        try corpus.write("more-labels.csv", "path,label\na.csv,checkmark\n")
        let twoFiles = try run(
            ["batch", "--labels", "labels.csv", "--labels", "more-labels.csv", "--format", "jsonl", "a.csv"], in: corpus
        )
        #expect(twoFiles.status == 0)
        #expect(twoFiles.stdout.contains(#""label":"checkmark""#))
        #expect(
            twoFiles.stderr
                == "more-labels.csv:2:1: warning: a.csv is labelled checkmark here and circle by an earlier labels "
                + "file: this row, read later, wins\n")
    }

    /// A folder's labels file that is also given with --labels is read with the --labels files: its
    /// rows win over a deeper folder's, as --labels rows do.
    @Test func aFoundLabelsFileGivenWithLabelsWinsAsTheyDo() throws {
        let corpus = try MiniCorpus("labels-given")
        defer { corpus.remove() }
        try corpus.add("tap/1.csv", from: "tap.json")
        try corpus.write("labels.csv", "path,label\ntap/1.csv,z\n")
        try corpus.write("tap/more-labels.csv", "path,label\n1.csv,tap\n")
        let found = try run(["batch", "--format", "jsonl", "."], in: corpus)
        #expect(found.stdout.contains(#""label":"tap""#), "the deeper file wins")
        let given = try run(["batch", "--labels", "labels.csv", "--format", "jsonl", "."], in: corpus)
        #expect(given.stdout.contains(#""label":"z""#), "the file given with --labels wins")
        #expect(
            given.stderr
                == "labels.csv:2:1: warning: tap/1.csv is labelled z here and tap by an earlier labels file: this "
                + "row, read later, wins\n")
    }

    @Test func aLabelsFileOverridingATracesOwnLabelIsCounted() throws {
        let corpus = try MiniCorpus("override")
        defer { corpus.remove() }
        try corpus.add("a.csv", from: "circle.json", label: "none")
        try corpus.add("b.csv", from: "checkmark.json", label: "checkmark")
        try corpus.write("labels.csv", "path,label\na.csv,circle\nb.csv,checkmark\n")
        let output = try run(["batch", "."], in: corpus)
        #expect(output.status == 0)
        #expect(
            output.stdout.split(separator: "\n").prefix(3) == [
                "2 traces: 2 scored, 0 unlabelled, 0 errors", "accuracy 100% (2 of 2)",
                "labels files gave 1 trace a label other than their own",
            ])
    }

    @Test func theProjectsOwnTracesScoreWithTheirSequenceLabels() throws {
        let output = try run(["batch", "Traces"])
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout.hasPrefix("23 traces: 23 scored, 0 unlabelled, 0 errors\naccuracy 100% (23 of 23)\n"))
        #expect(output.stdout.contains("\ncheckmark+swipe-right        1       100%    100%  100%\n"))
    }

    @Test func aShapeCorpusWhoseNoneTracesArePansSaysHowToScoreShapesAlone() throws {
        let corpus = try MiniCorpus("pans")
        defer { corpus.remove() }
        try corpus.add("checkmark/c.csv", from: "checkmark.json")
        for i in 0..<9 { try corpus.add("none/n\(i).csv", from: "two-finger-pan.json") }
        // A long press and then a pan is counted with them.
        try corpus.add("none/n9.csv", from: "long-press-then-pan.json")
        try corpus.add("none/t.csv", from: "tap.json")
        let output = try run(["batch", "."], in: corpus)
        #expect(
            output.stdout.contains(
                "\nnote: 10 of the 11 traces labelled none were recognized as pan or long-press, as UIKit would (an\n"
                    + "  unclaimed drag is a pan); to score the shapes alone, give --recognizers checkmark\n"
            ))
        let alone = try run(["batch", "--recognizers", "checkmark", "--label-map", "*=none", "."], in: corpus)
        #expect(!alone.stdout.contains("note:"))
        // Shards merged say it as the one run does: their outputs name the run's recognizers.
        let outputs = try MiniCorpus("pans-shards")
        defer { outputs.remove() }
        for k in 1...2 {
            let shard = try run(["batch", "--format", "json", "--shard", "\(k)/2", "."], in: corpus)
            try outputs.write("s\(k).json", shard.stdout)
        }
        let merged = try run(["merge-scores", "--format", "text", "s1.json", "s2.json"], in: outputs)
        #expect(merged.stdout == output.stdout, "\(merged.stderr)")
    }

    /// Long text from a file is quoted cut, as docs/trace-formats.md says: a label (the recorder page
    /// keeps any length) to 100 characters, its --label-map hint then naming it LABEL, and a touch's
    /// name to 20 (both were quoted whole: a 300-character label made a 535-character line).
    @Test func longLabelsAndTouchNamesAreQuotedCut() throws {
        let corpus = try MiniCorpus("long-quotes")
        defer { corpus.remove() }
        let label = String(repeating: "a", count: 300)
        try corpus.write(
            "long-label.json",
            #"{"label": "\#(label)", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}, "#
                + #"{"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 1}]}"#)
        let batch = try run(["batch", "long-label.json"], in: corpus)
        #expect(batch.status == 2)
        #expect(
            batch.stderr.hasPrefix(
                "long-label.json:1:11: error: unknown label \"" + String(repeating: "a", count: 100)
                    + "…\" in the trace"),
            "\(batch.stderr)")
        let name = String(repeating: "y", count: 60)
        try corpus.write(
            "long-touch.json", #"{"samples": [{"t": 0, "id": "\#(name)", "phase": "moved", "x": 1, "y": 1}]}"#)
        let classify = try run(["classify", "long-touch.json"], in: corpus)
        #expect(classify.status == 2)
        #expect(
            classify.stderr.contains(
                "error: sample 0: touch " + String(repeating: "y", count: 20) + "… moved while not down"),
            "\(classify.stderr)")
    }

    /// A small pilot (three `none` traces, two of them pans) gets the note too: it was said only from
    /// ten `none` traces on, so a first session's poor score came without its reason.
    @Test func aSmallPilotWhoseNoneTracesArePansGetsTheNote() throws {
        let corpus = try MiniCorpus("pilot-pans")
        defer { corpus.remove() }
        try corpus.add("checkmark/c.csv", from: "checkmark.json")
        for i in 0..<2 { try corpus.add("none/n\(i).csv", from: "two-finger-pan.json") }
        try corpus.add("none/t.csv", from: "tap.json")
        let output = try run(["batch", "."], in: corpus)
        #expect(output.stdout.contains("\nnote: 2 of the 3 traces labelled none were recognized as pan or long-press"))
        // One of three is not most of them.
        try corpus.add("none/n1.csv", from: "tap.json")
        #expect(!(try run(["batch", "."], in: corpus)).stdout.contains("note:"))
    }

    // MARK: 2. Units, axes, separators

    @Test func timesInMillisecondsAreReadWithTimeUnitAndWarnedAboutWithout() throws {
        let trace = swipeJSON(gap: 16)
        let read = try run(["classify", "--time-unit", "ms", "-"], input: trace)
        #expect(read.stdout.hasPrefix("-: swipe-right\n"), "\(read.stdout)")
        let warned = try run(["classify", "--format", "json", "-"], input: trace)
        let warnings = at(try JSONValue.parse(Array(warned.stdout.utf8), file: "out")["traces"], 0)?["warnings"]
        #expect(
            warnings?.text
                == #"["samples are 16 s apart on average (10 samples over 144 s): are the times milliseconds read as seconds? give --time-unit ms"]"#
        )
        let text = try run(["classify", "-"], input: trace)
        #expect(text.stdout.contains("  warning: samples are 16 s apart on average"))
    }

    /// Epoch times in another unit, and times past any clock (1e300 was said to look like epoch
    /// milliseconds), either sign.
    @Test(arguments: [
        (
            1e300,
            "times start at 1e+300 s, beyond a clock in seconds, milliseconds or microseconds: at that size a time cannot tell 0.5 s from 0 (is the column a time?)"
        ),
        (
            -1e20,
            "times start at -1e+20 s, beyond a clock in seconds, milliseconds or microseconds: at that size a time cannot tell 0.5 s from 0 (is the column a time?)"
        ),
        (
            1.7e15,
            "times start at 1700000000000000 s, like epoch time in microseconds: if they are microseconds, give --time-unit us"
        ),
        (
            1.7e12,
            "times start at 1700000000000 s, like epoch time in milliseconds: if they are milliseconds, give --time-unit ms"
        ),
        (
            1.7e9,
            "times start at 1700000000 s, like epoch time in seconds: fine if they are seconds; otherwise give --time-unit"
        ),
    ])
    func epochTimesAreWarnedAbout(start: Double, warning: String) throws {
        let output = try run(["classify", "--format", "jsonl", "-"], input: swipeJSON(start: start, gap: 0.016))
        let row = try JSONValue.parse(Array(output.stdout.utf8), file: "out")
        #expect(row["warnings"]?.text == "[\"\(warning)\"]")
    }

    @Test func convertTakesTheTimeUnitAndWritesSeconds() throws {
        let converted = try run(
            ["convert", "--time-unit", "ms", "--to", "csv", "-"], input: swipeJSON(gap: 16, count: 3))
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(
            converted.stdout.hasSuffix(
                "t,id,phase,x,y\n0,1,began,100,300\n0.016,1,moved,125,300\n0.032,1,ended,150,300\n"))
        // Without it, the file is converted as read, and the warning says why that may be wrong.
        let asRead = try run(["convert", "--to", "csv", "-"], input: swipeJSON(gap: 16, count: 3))
        #expect(
            asRead.stderr
                == "-: warning: samples are 16 s apart on average (3 samples over 32 s): are the times milliseconds read as seconds? give --time-unit ms\n"
        )
    }

    @Test func samplesAMicrosecondApartAreWarnedAbout() throws {
        let output = try run(["classify", "--format", "jsonl", "-"], input: swipeJSON(gap: 0.000_001))
        let row = try JSONValue.parse(Array(output.stdout.utf8), file: "out")
        #expect(
            row["warnings"]?.text
                == #"["samples are 1 µs apart on average: is the time unit right? give --time-unit s, ms or us"]"#)
    }

    @Test func xmlTimesStayMillisecondsAndTakeTheOption() throws {
        let corpus = try MiniCorpus("xml-unit")
        defer { corpus.remove() }
        try corpus.addXML("a.xml", from: "swipe-left.json")
        #expect(try run(["classify", "a.xml"], in: corpus).stdout.hasPrefix("a.xml: swipe-left\n"))
        // Read as microseconds, the same numbers are a stroke 1,000 times faster than any hand: still
        // a swipe: the swipe has a least speed (minimumSpeed) and no greatest.
        let fast = try run(["classify", "--format", "jsonl", "--time-unit", "us", "a.xml"], in: corpus)
        #expect(fast.status == 0)
        #expect(
            fast.stdout.hasPrefix(#"{"file":"a.xml","name":"swipe-left.json","label":null,"gesture":"swipe-left","#))
        let durations = at(try JSONValue.parse(Array(fast.stdout.utf8), file: "out")["sequences"], 0)
        let slow = try run(["classify", "--format", "jsonl", "a.xml"], in: corpus)
        let ms = at(try JSONValue.parse(Array(slow.stdout.utf8), file: "out")["sequences"], 0)
        let end = try #require(durations?["end"]?.numberValue)
        let endMs = try #require(ms?["end"]?.numberValue)
        #expect(abs(end * 1000 - endMs) < 1e-9)
    }

    @Test func yUpFlipsAboutTheViewOrTheBounds() throws {
        #expect(try run(["classify", "Traces/swipe-up.csv"]).stdout.hasPrefix("Traces/swipe-up.csv: swipe-up\n"))
        let flipped = try run(["classify", "--y-up", "Traces/swipe-up.csv"])
        #expect(flipped.stdout.hasPrefix("Traces/swipe-up.csv: swipe-down\n"), "\(flipped.stdout)")
        // Without a view: about the trace's own bounds, so the stroke stays where it was.
        var trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-up.csv").path)
        trace.view = nil
        let ys = trace.samples.map(\.location.y)
        TraceAdjustment(flipsY: true).apply(to: &trace)
        #expect(trace.samples.map(\.location.y) == ys.map { ys.min()! + ys.max()! - $0 })
        var withView = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-up.csv").path)
        TraceAdjustment(flipsY: true).apply(to: &withView)
        #expect(withView.samples.map(\.location.y) == ys.map { 844 - $0 })
    }

    @Test(arguments: [
        (
            "t;id;phase;x;y\n0;1;began;0;0\n",
            "1:1: error: the header is separated by semicolons, not commas: found the one column \"t;id;phase;x;y\"; write \"t\", \"id\", \"phase\", \"x\" and \"y\" separated by commas"
        ),
        (
            "t\tid\tphase\tx\ty\n0\t1\tbegan\t0\t0\n",
            "1:1: error: the header is separated by tabs, not commas: found the one column \"t\\u{9}id\\u{9}phase\\u{9}x\\u{9}y\"; write \"t\", \"id\", \"phase\", \"x\" and \"y\" separated by commas"
        ),
        (
            "0,1,began,0,0\n0.1,1,ended,5,0\n",
            "1:1: error: no header: the first row is data (\"0\", \"1\", \"began\", \"0\", \"0\"); the first row must name the columns \"t\", \"id\", \"phase\", \"x\" and \"y\""
        ),
        (
            "t,id,phase,x,y\n\"0,5\",1,began,0,0\n",
            "2:1: error: sample 0: expected a number for \"t\", found \"0,5\" (a decimal comma? write 0.5 with a point)"
        ),
        ("t,id,phase,x,y\n", "2:1: error: empty trace: expected at least one sample, found none"),
        // Nothing at all: placed at 1:1, as an empty JSON or XML input is.
        ("", "1:1: error: empty trace: expected at least one sample, found none"),
    ])
    func csvMistakesAreSaidWithWhatWasFound(text: String, error: String) throws {
        let output = try run(["classify", "--input-format", "csv", "-"], input: text)
        #expect(output.status == 2)
        #expect(output.stderr == "-:\(error)\n")
    }

    @Test(arguments: [
        ("Began", "began"), ("begin", "began"), ("canceled", "cancelled"), ("down", "began"), ("up", "ended"),
        ("move", "moved"), ("pointerdown", "began"), ("ACTION_DOWN", "began"), ("touchcancel", "cancelled"),
    ])
    func unknownPhasesGetDidYouMean(phase: String, meant: String) throws {
        let csv = try run(["classify", "--input-format", "csv", "-"], input: "t,id,phase,x,y\n0,1,\(phase),0,0\n")
        #expect(csv.status == 2)
        #expect(
            csv.stderr
                == "-:2:5: error: sample 0: unknown phase \"\(phase)\": expected \"began\", \"moved\", \"stationary\", \"ended\" or \"cancelled\" (did you mean \"\(meant)\"?)\n"
        )
        let json = try run(["classify", "-"], input: #"[{"t": 0, "id": 1, "phase": "\#(phase)", "x": 0, "y": 0}]"#)
        #expect(json.status == 2)
        #expect(json.stderr.hasSuffix("(did you mean \"\(meant)\"?)\n"), "\(json.stderr)")
    }

    @Test(arguments: [
        (
            "e.json", "{\"name\": \"a\",\n  \"samples\": []}",
            "e.json:2:14: error: empty trace: expected at least one sample, found none"
        ),
        (
            "e.xml", "<Gesture Name=\"a\">\n</Gesture>\n",
            "e.xml:1:1: error: empty trace: expected at least one sample, found none"
        ),
        (
            "e.csv", "# name: a\nt,id,phase,x,y\n",
            "e.csv:3:1: error: empty trace: expected at least one sample, found none"
        ),
        // A file of no bytes is placed at 1:1 in every format, as any error about the whole file is.
        ("zero.csv", "", "zero.csv:1:1: error: empty trace: expected at least one sample, found none"),
        ("zero.json", "", "zero.json:1:1: error: unexpected end of input: expected a value"),
        ("zero.xml", "", "zero.xml:1:1: error: unexpected end of input: expected a <Gesture> root element"),
    ])
    func anEmptyTraceIsPlaced(name: String, text: String, error: String) throws {
        let corpus = try MiniCorpus("empty-\(name)")
        defer { corpus.remove() }
        try corpus.write(name, text)
        let output = try run(["classify", name], in: corpus)
        #expect(output.status == 2)
        #expect(output.stderr == error + "\n")
    }

    // MARK: 3. Shards

    @Test func shardsRecordWhatTheyAreAndMergeOnlyIntoOneRun() throws {
        let corpus = try MiniCorpus.standard("mistakes-1")
        let outputs = try MiniCorpus("shard-outputs")
        defer {
            corpus.remove()
            outputs.remove()
        }
        var made = 0
        // Each output in a file of its own, outside the corpus, named by the folder's path.
        func shard(_ k: Int, of n: Int, _ extra: [String] = []) throws -> String {
            made += 1
            let name = "shard-\(k)-\(n)-\(made).json"
            let output = try run(["batch", "--format", "json", "--shard", "\(k)/\(n)"] + extra + ["."], in: corpus)
            try outputs.write(name, output.stdout)
            return outputs.folder.appendingPathComponent(name).path
        }
        let whole = try run(["batch", "--format", "json", "."], in: corpus)
        let root = try JSONValue.parse(Array(whole.stdout.utf8), file: "whole")
        #expect(root["run"]?["shard"] == .null)
        #expect(root["run"]?["files"]?.intValue == 8)
        let (a, b, c) = (try shard(1, of: 3), try shard(2, of: 3), try shard(3, of: 3))
        let second = try String(contentsOf: URL(fileURLWithPath: b), encoding: .utf8)
        #expect(try JSONValue.parse(Array(second.utf8), file: b)["run"]?["shard"]?.stringValue == "2/3")
        let merged = try run(["merge-scores", a, b, c], in: corpus)
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == whole.stdout)

        let twice = try run(["merge-scores", a, a, b, c], in: corpus)
        #expect(twice.stderr.hasPrefix("gesture: error: shard 1/3 is given twice: \(a) and \(a)\n"))
        let missing = try run(["merge-scores", a, c], in: corpus)
        #expect(
            missing.stderr.hasPrefix(
                "gesture: error: missing shard 2/3 of 3: the merged figures would leave those traces out\n"))
        let other = try shard(2, of: 3, ["--profile", "seed"])
        let settings = try run(["merge-scores", a, other, c], in: corpus)
        #expect(
            settings.stderr.hasPrefix("gesture: error: \(other) and \(a) are outputs of runs with different settings"))
        try corpus.add("extra.csv", from: "tap.json")
        let grown = try shard(2, of: 3)
        let corpora = try run(["merge-scores", a, grown, c], in: corpus)
        #expect(
            corpora.stderr.hasPrefix("gesture: error: \(grown) walked another corpus (9 files) than \(a) (8 files)"))
        // Two whole runs (of one corpus here; of two, their sum was written as one run's figures).
        try outputs.write("whole.json", whole.stdout)
        let wholeFile = outputs.folder.appendingPathComponent("whole.json").path
        let wholes = try run(["merge-scores", wholeFile, wholeFile], in: corpus)
        #expect(
            wholes.stderr.hasPrefix(
                "gesture: error: \(wholeFile) and \(wholeFile) are outputs of whole runs (no --shard): merge-scores "
                    + "merges the shards of one run (gesture batch --shard K/N)\n"))
        let alone = try run(["merge-scores", wholeFile], in: corpus)
        #expect(alone.status == 0 && alone.stdout == whole.stdout)
        for output in [twice, missing, settings, corpora, wholes] {
            #expect(output.status == 2)
            #expect(output.stderr.hasSuffix("Run `gesture merge-scores --help` for usage.\n"))
        }
    }

    @Test func mergeScoresGatesTheMergedFigures() throws {
        let corpus = try MiniCorpus.standard("mistakes-2")
        let outputs = try MiniCorpus("gate-outputs")
        defer {
            corpus.remove()
            outputs.remove()
        }
        for k in 1...2 {
            try outputs.write(
                "s\(k).json", try run(["batch", "--format", "json", "--shard", "\(k)/2", "."], in: corpus).stdout)
        }
        let passed = try run(["merge-scores", "--min-accuracy", "0.1", "s1.json", "s2.json"], in: outputs)
        #expect(passed.status == 0)
        let failed = try run(
            ["merge-scores", "--min-recall", "checkmark=0.9", "--format", "text", "s1.json", "s2.json"], in: outputs)
        #expect(failed.status == 1)
        #expect(failed.stderr == "gesture: recall of checkmark 0.5 is below --min-recall 0.9\n")
        // The outputs of a run of the whole registry name its gestures: a slip gets "did you mean".
        let slip = try run(["merge-scores", "--min-recall", "chekmark=0.9", "s1.json", "s2.json"], in: outputs)
        #expect(slip.status == 2)
        #expect(
            slip.stderr.hasPrefix(
                "gesture: error: --min-recall: unknown gesture \"chekmark\": did you mean checkmark?"),
            "\(slip.stderr)")
        // The outputs of a run of some recognizers name theirs too: a gate on a gesture of one left out
        // says so, as `batch` does; and they have no note on pans, which that run's text has not.
        for k in 1...2 {
            try outputs.write(
                "r\(k).json",
                try run(
                    [
                        "batch", "--format", "json", "--recognizers", "checkmark,z,circle", "--shard", "\(k)/2", ".",
                    ], in: corpus
                ).stdout)
        }
        let restricted = try String(
            contentsOf: outputs.folder.appendingPathComponent("r1.json"), encoding: .utf8)
        #expect(
            restricted.contains(
                #""registry":[{"id":"checkmark","gestures":["checkmark"]},{"id":"z","gestures":["z"]},"#
                    + #"{"id":"circle","gestures":["circle"]}],"restricted":true}"#))
        // Every recognizer named is the whole registry: not restricted (it said so of any --recognizers).
        let all = Configuration().entries.map(\.id).joined(separator: ",")
        let named = try run(["batch", "--format", "json", "--recognizers", all, "."], in: corpus).stdout
        #expect(named.contains(#""registry":[{"id":"checkmark""#) && !named.contains("restricted"))
        let leftOut = try run(["merge-scores", "--min-recall", "tap=0.9", "r1.json", "r2.json"], in: outputs)
        #expect(leftOut.status == 2)
        #expect(
            leftOut.stderr.hasPrefix(
                "gesture: error: --min-recall: tap is a gesture of tap, which is not among the recognizers "
                    + "(--recognizers): add tap\n"), "\(leftOut.stderr)")
        let merged = try run(["merge-scores", "--format", "text", "r1.json", "r2.json"], in: outputs)
        let whole = try run(
            ["batch", "--recognizers", "checkmark,z,circle", "."], in: corpus)
        #expect(merged.status == whole.status && merged.stdout == whole.stdout, "\(merged.stdout)")
    }

    @Test(arguments: [
        (["batch"], "this is batch text output; use --format json"),
        (["batch", "--format", "jsonl"], "this is batch jsonl output (one row per line); use --format json"),
        (["batch", "--format", "csv"], "this is batch csv output; use --format json"),
    ])
    func otherBatchOutputsAreNamedWhenMerged(batch: [String], message: String) throws {
        let corpus = try MiniCorpus.standard("mistakes-out-\(batch.joined(separator: "-"))")
        defer { corpus.remove() }
        try corpus.write("out.txt", try run(batch + ["."], in: corpus).stdout)
        let output = try run(["merge-scores", "out.txt"], in: corpus)
        #expect(output.status == 2)
        #expect(output.stderr == "out.txt: error: \(message)\n")
    }

    // MARK: 4. Small things

    @Test func aPlacedErrorHasOnePrefix() throws {
        let output = try run(["batch", "--labels", "no-such-labels.csv", "Traces"])
        #expect(output.status == 2)
        #expect(output.stderr == "no-such-labels.csv: error: cannot read labels file: no such file\n")
    }

    /// A configuration, templates or labels file that cannot be read says why, as a trace does; `-`
    /// reads each from standard input, which can be read once.
    @Test(arguments: [
        (
            ["classify", "--config", "no-such.json", "Traces/tap.json"],
            "gesture: error: cannot read configuration file no-such.json: no such file"
        ),
        (
            ["classify", "--config", "Traces", "Traces/tap.json"],
            "gesture: error: cannot read configuration file Traces: is a folder"
        ),
        (
            ["classify", "--templates", "Traces", "Traces/tap.json"],
            "gesture: error: cannot read templates file Traces: is a folder"
        ),
        (["batch", "--labels", "Traces", "Traces"], "Traces: error: cannot read labels file: is a folder"),
        (["merge-scores", "no-such.json"], "gesture: error: cannot read batch output no-such.json: no such file"),
        (["batch", "docs/completions"], "gesture: error: no trace files (.json, .csv, .xml) in docs/completions"),
        (
            ["classify", "--config", "-", "-"],
            "gesture: error: - (standard input) is given 2 times (a trace, --config): it can be read once"
        ),
        (
            ["batch", "--labels", "-", "--templates", "-", "Traces"],
            "gesture: error: - (standard input) is given 2 times (--templates, --labels): it can be read once"
        ),
        (
            ["classify", "--recognizers", " , ", "Traces/tap.json"],
            "gesture: error: --recognizers \" , \" names no recognizer: give ids separated by commas (gesture list shows them)"
        ),
        (
            ["classify", "--recognizers", "tap,,pan", "Traces/tap.json"],
            "gesture: error: --recognizers \"tap,,pan\": item 2 is empty: give ids separated by single commas (gesture list shows them)"
        ),
        (
            ["batch", "--recognizers", "tap, pan,", "Traces"],
            "gesture: error: --recognizers \"tap, pan,\": item 3 is empty: give ids separated by single commas (gesture list shows them)"
        ),
    ])
    func anInputThatCannotBeReadSaysWhy(arguments: [String], message: String) throws {
        let output = try run(arguments)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr.hasPrefix(message + "\n"))
    }

    /// An empty `--config`, `--templates` or `--labels` names no file: a usage error naming the
    /// option, in every command that takes it, as `--out ""` is (`--config ""` was read as a file of
    /// no name: `cannot read configuration file : no such file`).
    @Test(arguments: [
        (["list"], "--config"), (["list"], "--templates"),
        (["classify", "Traces/tap.json"], "--config"), (["classify", "Traces/tap.json"], "--templates"),
        (["render", "Traces/tap.json"], "--config"), (["render", "Traces/tap.json"], "--templates"),
        (["batch", "Traces"], "--config"), (["batch", "Traces"], "--templates"), (["batch", "Traces"], "--labels"),
        (["tune", "Traces", "--sweep", "tap.allowableMovement=5:10:5"], "--config"),
        (["tune", "Traces", "--sweep", "tap.allowableMovement=5:10:5"], "--templates"),
        (["tune", "Traces", "--sweep", "tap.allowableMovement=5:10:5"], "--labels"),
        (["learn", "docs/examples/marks", "--out", "no-such-folder/m.json"], "--labels"),
    ])
    func anEmptyInputFileIsAUsageError(command: [String], option: String) throws {
        for given in [[option, ""], [option + "="]] {
            let output = try run(command + given)
            #expect(
                output
                    == .init(
                        status: 2, stdout: "",
                        stderr: "gesture: error: \(option) \"\": an empty path names no file\n"
                            + "Run `gesture \(command[0]) --help` for usage.\n"),
                "\(command + given)")
        }
    }

    /// An empty operand (`gesture batch "$DIR"` with an empty variable), before or after `--`, is a
    /// usage error in every command: it was read as a file of no name (`: error: cannot read: no
    /// such file`). So is an empty `--report`, which was `--report : cannot write into the folder :`.
    @Test(arguments: [
        ["classify", ""], ["render", ""], ["convert", "", "--to", "csv"], ["batch", "Traces/tap.json", ""],
        ["batch", "Traces/tap.json", "--", ""], ["tune", "", "--sweep", "tap.allowableMovement=5:10:5"],
        ["learn", "", "--out", "no-such-folder/m.json"], ["merge-scores", ""], ["list", ""],
    ])
    func anEmptyOperandIsAUsageError(command: [String]) throws {
        #expect(
            try run(command)
                == .init(
                    status: 2, stdout: "",
                    stderr: "gesture: error: an empty operand (\"\") names no file or folder\n"
                        + "Run `gesture \(command[0]) --help` for usage.\n"))
        let report = try run(["batch", "Traces/tap.json", "--report", ""])
        #expect(report.status == 2)
        #expect(report.stderr.hasPrefix("gesture: error: --report \"\": an empty path names no folder\n"))
    }

    /// An output under a file where a folder should be says so in the system's words, not Foundation's.
    @Test func aFileInTheWayOfAnOutputIsNamed() throws {
        let corpus = try MiniCorpus("in-the-way")
        defer { corpus.remove() }
        try corpus.write("afile", "")
        let tap = GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path
        let convert = try run(["convert", tap, "--to", "csv", "--out", "afile/x.csv"], in: corpus)
        #expect(convert.status == 2)
        #expect(
            convert.stderr
                == "afile/x.csv: error: cannot make its folder afile: Not a directory; \(tap) not converted\n")
        let made = try run(["convert", tap, "--to", "csv", "--out", "new/sub/x.csv"], in: corpus)
        #expect(made.status == 0)
        #expect(FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("new/sub/x.csv").path))
        let render = try run(["render", tap, "--out", "afile/x.svg"], in: corpus)
        #expect(render.status == 2)
        #expect(
            render.stderr == "afile/x.svg: error: cannot make its folder afile: Not a directory; \(tap) not drawn\n")
        let drawn = try run(["render", tap, "--out", "new/deeper/x.svg"], in: corpus)
        #expect(drawn.status == 0)
        #expect(FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("new/deeper/x.svg").path))
        let marks = GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks").path
        let learn = try run(["learn", marks, "--group-by", "dir:1", "--out", "afile/m.json"], in: corpus)
        #expect(learn.status == 2)
        // Said before the learning.
        #expect(learn.stderr.hasPrefix("gesture: error: --out afile/m.json: afile is not a folder\n"))
    }

    /// A labels file's row for `-` labels standard input, and is no missing file.
    @Test func aLabelsRowForStandardInputIsNoMissingFile() throws {
        let corpus = try MiniCorpus("label-stdin")
        defer { corpus.remove() }
        try corpus.write("l.csv", "path,label\n-,z\n")
        let tap = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json"), encoding: .utf8)
        let output = try run(["batch", "--labels", "l.csv", "--format", "jsonl", "-"], in: corpus, input: tap)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix(#"{"path":"-","label":"z","gesture":"tap","correct":false"#))
    }

    @Test func aConfigurationAndALabelsFileComeFromStandardInput() throws {
        let configuration = try run(["list", "--format", "json"]).stdout
        let classified = try run(
            ["classify", "--config", "-", "--recognizers", "tap", "Traces/tap.json"], input: configuration)
        #expect(classified.status == 0 && classified.stdout.hasPrefix("Traces/tap.json: tap\n"))
        let batch = try run(
            ["batch", "--labels", "-", "--format", "jsonl", "Traces/tap.json"], input: "path,label\nTraces/tap.json,z\n"
        )
        #expect(batch.stdout.contains(#""label":"z","gesture":"tap","correct":false"#))
    }

    @Test func usageErrorsPointAtTheirCommandsHelp() throws {
        let output = try run(["batch", "--format", "yaml", "Traces"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "gesture: error: invalid value \"yaml\" for --format: expected text, jsonl, json or csv\nRun `gesture batch --help` for usage.\n"
        )
        let profile = try run(["classify", "--profile", "Seed", "Traces/tap.json"])
        #expect(
            profile.stderr
                == "gesture: error: invalid value \"Seed\" for --profile: expected default, seed or hammer (did you mean seed?)\nRun `gesture classify --help` for usage.\n"
        )
        let unknown = try run(["bach", "Traces"])
        #expect(
            unknown.stderr
                == "gesture: error: unknown command \"bach\": did you mean batch?\nRun `gesture --help` for usage.\n")
    }

    @Test(arguments: ["classify", "batch", "merge-scores", "tune", "list", "convert", "render", "learn"])
    func helpCommandShowsACommandsHelp(command: String) throws {
        let help = try run(["help", command])
        #expect(help.status == 0)
        #expect(help == (try run([command, "--help"])))
    }

    /// `gesture help help` is the help of `gesture help`, the main one (it was an unknown command).
    @Test func helpOnHelpShowsTheMainHelp() throws {
        let help = try run(["help", "help"])
        #expect(help.status == 0)
        #expect(help == (try run(["--help"])))
        #expect(help.stdout.hasPrefix("gesture 0.1.0: classify recorded touch traces"))
    }

    /// `gesture help` takes one command: `help classify batch` showed classify's help alone.
    @Test func helpOfTwoCommandsIsAnError() throws {
        let help = try run(["help", "classify", "batch"])
        #expect(help.status == 2 && help.stdout == "")
        #expect(
            help.stderr
                == "gesture: error: gesture help takes one command, found 2: classify batch\nRun `gesture --help` for usage.\n"
        )
    }

    @Test func anOptionGivenTwiceThatTakesOneValueIsAnError() throws {
        let output = try run(["classify", "--format", "json", "--format", "text", "Traces/tap.json"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "gesture: error: option --format is given twice (\"json\" and \"text\"): it takes one value\nRun `gesture classify --help` for usage.\n"
        )
        // Repeatable ones add up.
        #expect(
            try run([
                "classify", "--set", "tap.maximumDuration=0.3", "--set", "tap.maximumDuration=0.4", "Traces/tap.json",
            ]).status == 0)
    }

    @Test func aGestureNamedAsARecognizerIsExplained() throws {
        let output = try run(["classify", "--recognizers", "swipe-left", "Traces/swipe-left.json"])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "gesture: error: --recognizers: unknown recognizer \"swipe-left\": swipe-left is a gesture of the recognizer swipe (name swipe instead)\n"
        )
    }

    @Test func jobsZeroMeansEveryCore() throws {
        let zero = try run(["batch", "--jobs", "0", "Traces"])
        #expect(zero.status == 0)
        #expect(zero.stdout == (try run(["batch", "--jobs", "1", "Traces"])).stdout)
        #expect(
            try run(["batch", "--jobs", "-1", "Traces"]).stderr.hasPrefix(
                "gesture: error: --jobs: expected an integer from 0 to 1024, found \"-1\""))
    }

    @Test func theTimeLeftIsShownOnlyWhenItMeansSomething() {
        #expect(!ProgressEstimate.isMeaningful(elapsed: 0.5, done: 500, total: 1000))  // too soon
        #expect(!ProgressEstimate.isMeaningful(elapsed: 5, done: 10, total: 100_000))  // too few
        #expect(ProgressEstimate.isMeaningful(elapsed: 2, done: 2000, total: 100_000))
        #expect(!ProgressEstimate.isMeaningful(elapsed: 2, done: 100_000, total: 100_000))  // done
    }

    @Test func noArgumentsPrintsTheUsage() throws {
        let output = try run([])
        #expect(output.status == 2)
        #expect(output.stdout.isEmpty)
        #expect(output.stderr == (try run(["--help"])).stdout)
    }

    @Test func touchesStillDownAreCountedAndNamed() throws {
        let two = #"[{"t":0,"id":1,"phase":"began","x":0,"y":0},{"t":0,"id":2,"phase":"began","x":50,"y":0}]"#
        let output = try run(["classify", "--format", "jsonl", "-"], input: two)
        let row = try JSONValue.parse(Array(output.stdout.utf8), file: "out")
        #expect(
            row["warnings"]?.text
                == #"["the trace ended with 2 touches still down (touch ids 1, 2): its last touch sequence never ended"]"#
        )
    }

    @Test func batchRowsCarryTheirTracesWarnings() throws {
        let corpus = try MiniCorpus("row-warnings")
        defer { corpus.remove() }
        try corpus.write("none/held.json", #"[{"t":0,"id":7,"phase":"began","x":0,"y":0}]"#)
        let output = try run(["batch", "--format", "jsonl", "."], in: corpus)
        let row = try JSONValue.parse(Array(output.stdout.utf8), file: "out")
        #expect(
            row["warnings"]?.text
                == #"["the trace ended with 1 touch still down (touch id 7): its last touch sequence never ended"]"#)
    }

    /// The `$`-family logs whose clock steps back 1 ms say so in their rows.
    @Test(
        .enabled(
            if: hasDatasets, "../shared/datasets is absent (a user's clone has no ../shared): mmg-strokes not read"))
    func batchRowsOfLogsWhoseClockStepsBackSaySo() throws {
        let logs = try run(
            [
                "batch", "--format", "jsonl", "--recognizers", "checkmark", "--label-map", "*=none",
                "../shared/datasets/mmg-strokes",
            ])
        let warned = logs.stdout.split(separator: "\n").filter { $0.contains("they were given the previous time") }
        #expect(warned.count == 148)
    }
}

extension UserMistakesTests {
    /// The pan note is said when most `none` traces are pans, not when exactly half are: two pans and
    /// two taps of four is no reason to tell a user to leave pan out.
    @Test func halfTheNoneTracesPansGetsNoNote() throws {
        let corpus = try MiniCorpus("half-pans")
        defer { corpus.remove() }
        try corpus.add("checkmark/c.csv", from: "checkmark.json")
        for i in 0..<2 { try corpus.add("none/n\(i).csv", from: "two-finger-pan.json") }
        for i in 0..<2 { try corpus.add("none/t\(i).csv", from: "tap.json") }
        let half = try run(["batch", "."], in: corpus)
        #expect(half.stdout.hasPrefix("5 traces: 5 scored, 0 unlabelled, 0 errors\n"), "\(half.stdout)")
        #expect(!half.stdout.contains("note:"), "\(half.stdout)")
        // One more pan makes three of five: the note.
        try corpus.add("none/n2.csv", from: "two-finger-pan.json")
        #expect(
            try run(["batch", "."], in: corpus).stdout.contains(
                "\nnote: 3 of the 5 traces labelled none were recognized as pan or long-press"))
    }
}
