import Foundation
import Testing

@testable import GestureKit

/// `gesture tune` as a user runs it: the three-person corpus of `TunerTests` as files in a folder per
/// person, labelled by a labels file.
@Suite struct TuneCommandTests {
    static func corpus(_ name: String) throws -> MiniCorpus {
        let corpus = try MiniCorpus("tune-\(name)")
        var labels = "path,label\n"
        for sample in TunerTests.people {
            try corpus.add(sample.path, sample.trace)
            labels += "\(sample.path),\(sample.label)\n"
        }
        try corpus.write("labels.csv", labels)
        return corpus
    }

    static let sweep = ["--recognizers", "swipe", "--sweep", "swipe.minimumTravel=20:40:10", "--max-false-alarms", "0"]

    @Test func leaveOneGroupOutByFolder() throws {
        let corpus = try Self.corpus("folders")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--group-by", "dir:1"] + Self.sweep, in: corpus.folder)
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.hasPrefix("8 traces: 8 labelled, 0 unlabelled, 0 errors; 3 groups by dir:1\n"))
        #expect(
            run.stdout.contains(
                "cross-validated (the figure to quote): swipe recall 60% (3 of 5), false alarms 33.33% (1 of 3), accuracy 62.5%\n"
            ))
        #expect(
            run.stdout.contains(
                "choice across the 3 folds: swipe.minimumTravel = 40 in 2, swipe.minimumTravel = 30 in 1\n"))
    }

    @Test func theSameBytesForAnyNumberOfJobs() throws {
        let corpus = try Self.corpus("jobs")
        defer { corpus.remove() }
        let base = ["tune", ".", "--labels", "labels.csv", "--group-by", "dir:1", "--format", "json"] + Self.sweep
        let one = try GestureCommand.run(base + ["--jobs", "1"], in: corpus.folder)
        let three = try GestureCommand.run(base + ["--jobs", "3"], in: corpus.folder)
        #expect(one.status == 0 && one == three)
        let json = try JSONValue.parse(Array(one.stdout.utf8), file: "out.json")
        #expect(json["chosen"]?["setting"]?.text == #"{"swipe.minimumTravel":40}"#)
        #expect(
            json["crossValidation"]?["folds"]?.text.contains(#""group":"c","setting":{"swipe.minimumTravel":30}"#)
                == true)
        #expect(
            json["crossValidation"]?["worstGroups"]?.text
                == #"{"swipe":{"group":"a","labelled":2,"recalled":1,"recall":0.5}}"#)
        // One row per setting and group: 3 × (the whole corpus and 3 groups).
        if case .array(let rows)? = json["rows"] { #expect(rows.count == 12) } else { Issue.record("no rows") }
    }

    @Test func theWrittenConfigurationGivesTheChosenFigures() throws {
        let corpus = try Self.corpus("write")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--write-config", "tuned.json", "--quiet"] + Self.sweep,
            in: corpus.folder)
        #expect(run.status == 0)
        let written = try String(contentsOf: corpus.folder.appendingPathComponent("tuned.json"), encoding: .utf8)
        #expect(written == "{\n  \"parameters\": {\n    \"swipe\": {\n      \"minimumTravel\": 40\n    }\n  }\n}\n")
        let batch = try GestureCommand.run(
            ["batch", ".", "--labels", "labels.csv", "--recognizers", "swipe", "--config", "tuned.json"],
            in: corpus.folder)
        // In-sample at 40: S45 ×3 recognized, S25 and S35 missed, the three none strokes not recognized.
        #expect(batch.stdout.contains("accuracy 75% (6 of 8)\n"))
    }

    /// Tuned with a config that adds a learned recognizer and an instance and changes a relationship,
    /// the written file carries them all (the templates path from the written file's folder), and
    /// replays as the tuned configuration did.
    @Test func theWrittenConfigurationCarriesTemplatesInstancesAndRelationships() throws {
        let corpus = try MiniCorpus("tune-templates")
        defer { corpus.remove() }
        let examples = GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks").path
        let learn = try GestureCommand.run(
            ["learn", examples, "--group-by", "dir:1", "--id", "marks", "--out", "marks.json"], in: corpus.folder)
        #expect(learn.status == 0, "\(learn.stderr)")
        try corpus.write(
            "c.json",
            #"{"templates": ["marks.json"], "recognizers": [{"id": "triple-tap", "kind": "tap", "gesture": "triple-tap", "#
                + #""parameters": {"taps": 3}}], "requiresFailureOf": {"double-tap": {"add": ["triple-tap"]}}}"#)
        try corpus.write("out/notes.txt", "")  // The folder the file is written in.
        let tune = try GestureCommand.run(
            [
                "tune", examples, "--group-by", "dir:1", "--config", "c.json", "--sweep",
                "marks.thresholdScale=0.5:2:0.5", "--quiet", "--write-config", "out/tuned.json",
            ], in: corpus.folder)
        #expect(tune.status == 0, "\(tune.stderr)")
        let written = try String(contentsOf: corpus.folder.appendingPathComponent("out/tuned.json"), encoding: .utf8)
        let value = try JSONValue.parse(Array(written.utf8), file: "tuned.json")
        #expect(value["templates"] == .array([.string("../marks.json")]))
        #expect(value["recognizers"]?.text == #"[{"id":"triple-tap","kind":"tap","gesture":"triple-tap"}]"#)
        #expect(value["parameters"]?["triple-tap"]?.text == #"{"taps":3}"#)
        #expect(value["requiresFailureOf"]?.text == #"{"double-tap":{"replace":["triple-tap"]}}"#)
        let listed = try GestureCommand.run(["list", "--format", "json", "--config", "c.json"], in: corpus.folder)
        let relisted = try GestureCommand.run(
            ["list", "--format", "json", "--config", "out/tuned.json"], in: corpus.folder)
        #expect(relisted.status == 0, "\(relisted.stderr)")
        // The same recognizers, relationships and values but the threshold scale the tuning chose.
        #expect(
            listed.stdout.replacingOccurrences(of: "marks.json", with: "out/../marks.json")
                .replacingOccurrences(of: #""name":"thresholdScale","value":1,"#, with: "")
                == relisted.stdout
                .replacingOccurrences(of: #""name":"thresholdScale","value":1,"#, with: ""))
    }

    @Test(arguments: [
        ([String](), "gesture: error: no CORPUS given"),
        (["."], "gesture: error: no --sweep given: say which parameter to tune"),
        (
            [
                ".", "--sweep", "swipe.minimumTravel=1:2:1", "--sweep", "swipe.minimumSpeed=1:2:1", "--sweep",
                "swipe.maximumBow=0:1:1",
            ],
            "gesture: error: 3 sweeps: at most two parameters are tuned at once (the grid grows as the product)"
        ),
        (
            [".", "--sweep", "z.wholePath=0:1:1"],
            "gesture: error: --sweep z.wholePath=0:1:1: z.wholePath is a switch (true or false), not a number: it cannot be swept"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=40:20:5"],
            "gesture: error: --sweep swipe.minimumTravel=40:20:5: the range is reversed: FROM (40) is above TO (20)"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=20:40:0"],
            "gesture: error: --sweep swipe.minimumTravel=20:40:0: STEP must be above 0, found 0"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--sweep", "swipe.minimumTravel=3:4:1"],
            "gesture: error: --sweep: swipe.minimumTravel is swept twice"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--write-config", "no-such-folder/tuned.json"],
            "gesture: error: --write-config no-such-folder/tuned.json: no folder no-such-folder to write it in, or not writable"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--objective", "speed"],
            "gesture: error: invalid value \"speed\" for --objective: expected recall, f1 or balanced"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--max-false-alarms", "2"],
            "gesture: error: --max-false-alarms: expected a number from 0 to 1, found \"2\""
        ),
        (
            ["Traces", "--sweep", "circle.maximumDuration=1:101:1", "--sweep", "swipe.minimumTravel=1:101:1"],
            "gesture: error: the grid has 10201 settings: at most 10000 are allowed; take larger steps"
        ),
        (
            ["no-such-folder", "--set", "circle.maximumArc=9.5", "--sweep", "circle.minimumArc=9:10:1"],
            "gesture: error: the setting circle.minimumArc = 10: contradictory values: circle.minimumArc = 10 is "
                + "above circle.maximumArc = 9.5 (expected minimumArc ≤ maximumArc)"
        ),
    ])
    func badArgumentsAreUsageErrors(_ arguments: [String], _ message: String) throws {
        let run = try GestureCommand.run(["tune"] + arguments)
        #expect(run.status == 2)
        #expect(run.stdout == "")
        #expect(run.stderr == message + "\nRun `gesture tune --help` for usage.\n")
    }

    @Test func setIsAppliedUnderTheSweep() throws {
        let corpus = try Self.corpus("set")
        defer { corpus.remove() }
        let base = ["tune", ".", "--labels", "labels.csv", "--format", "csv"] + Self.sweep
        // A minimum speed of 500 pt/s fails every stroke (at most 450 pt/s): no recall at any travel.
        let slowFails = try GestureCommand.run(base + ["--set", "swipe.minimumSpeed=500"], in: corpus.folder)
        try corpus.write(".settings/fast.json", #"{"parameters": {"swipe": {"minimumSpeed": 500}}}"#)
        let viaConfig = try GestureCommand.run(base + ["--config", ".settings/fast.json"], in: corpus.folder)
        #expect(slowFails.status == 0)
        #expect(slowFails == viaConfig)
        #expect(slowFails.stdout.split(separator: "\n")[1] == "20,,8,3,0.375,0,5,0,0,0,0")
    }

    @Test func aCorpusWithNothingToTuneIsAUsageError() throws {
        let corpus = try MiniCorpus("tune-empty")
        defer { corpus.remove() }
        try corpus.write("notes.txt", "no trace here")
        let empty = try GestureCommand.run(["tune", ".", "--sweep", "swipe.minimumTravel=1:2:1"], in: corpus.folder)
        #expect(empty.status == 2)
        #expect(empty.stderr.hasPrefix("gesture: error: no trace files (.json, .csv, .xml) in .\n"))
        try corpus.write("misc/a.csv", "t,id,phase,x,y\n0,1,began,0,0\n0.1,1,ended,0,0\n")
        let unlabelled = try GestureCommand.run(
            ["tune", ".", "--sweep", "swipe.minimumTravel=1:2:1"], in: corpus.folder)
        #expect(unlabelled.status == 2)
        #expect(
            unlabelled.stderr.hasPrefix(
                "gesture: error: no labelled traces among the 1 files (0 errors, 1 unlabelled): give --labels FILE, "
                    + "or put traces in folders named for their gesture\n"))
        // Labelled, but not one trace of the swept recognizer's gesture: its recall has nothing to say.
        try corpus.write("labels.csv", "path,label\nmisc/a.csv,none\n")
        let noCircle = try GestureCommand.run(
            ["tune", ".", "--sweep", "circle.roundnessTolerance=0.2:0.3:0.1", "--write-config", "c.json"],
            in: corpus.folder)
        #expect(noCircle.status == 2 && noCircle.stdout == "")
        #expect(
            noCircle.stderr.hasPrefix(
                "gesture: error: no traces labelled circle among the 1 labelled traces: circle's recall, which "
                    + "--sweep circle.roundnessTolerance is chosen by, cannot be measured\n"))
        #expect(!FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("c.json").path))
    }

    @Test func aGroupSpecThatNamesNoFolderIsAUsageError() throws {
        let corpus = try Self.corpus("no-folder")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--group-by", "dir:3"] + Self.sweep, in: corpus.folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr.hasPrefix(
                "gesture: error: --group-by dir:3: 8 of the 8 traces are in no group, the first: ./a/none-15.csv: "
                    + "error: no group by dir:3:"))
    }

    @Test func anUnreadableFileIsReportedAndTheRestTuned() throws {
        let corpus = try Self.corpus("unreadable")
        defer { corpus.remove() }
        try corpus.write("a/broken.csv", "t,id,phase,x,y\n0,1,began,0\n")
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--quiet"] + Self.sweep, in: corpus.folder)
        #expect(run.status == 2)
        #expect(run.stdout.hasPrefix("9 traces: 8 labelled, 0 unlabelled, 1 error\n"))
        #expect(run.stderr.hasPrefix("./a/broken.csv:2:"))
    }
}
