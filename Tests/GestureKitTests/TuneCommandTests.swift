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

    /// The written file keeps no `--recognizers`, nor how the traces were read: given back alone it
    /// scores another registry (every swipe stroke a pan, or waiting for one). A note names what to
    /// give with it (`theWrittenConfigurationGivesTheChosenFigures`: with it, the tuned figures).
    @Test func theWrittenConfigurationSaysWhatToGiveWithIt() throws {
        let corpus = try Self.corpus("write-note")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            [
                "tune", ".", "--labels", "labels.csv", "--write-config", "tuned.config", "--quiet", "--label-map",
                "*=none",
            ]
                + Self.sweep, in: corpus.folder)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "gesture: note: tuned.config keeps parameters and relationships, not which recognizers ran nor how the "
                + "traces were read (a config file serves any choice of recognizers): give --labels labels.csv "
                + "--recognizers swipe --label-map '*=none' with --config tuned.config to score as tuned\n")
        // Without --recognizers (or another option the note names), no note. (The files are named
        // .config, not to be walked as traces by the next run.)
        let all = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--write-config", "all.config", "--quiet"]
                + ["--sweep", "swipe.minimumTravel=20:40:10"], in: corpus.folder)
        #expect(all.status == 0 && all.stderr == "", "\(all.stderr)")
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
        #expect(value["requiresFailureOf"]?.text == #"{"double-tap":{"add":["triple-tap"]}}"#)
        let listed = try GestureCommand.run(["list", "--format", "json", "--config", "c.json"], in: corpus.folder)
        let relisted = try GestureCommand.run(
            ["list", "--format", "json", "--config", "out/tuned.json"], in: corpus.folder)
        #expect(relisted.status == 0, "\(relisted.stderr)")
        // The same recognizers, relationships and values but the threshold scale the tuning chose.
        // (list names the templates file by its absolute path, whichever config named it.)
        #expect(listed.stdout.contains(#""file": "\#(corpus.folder.standardized.path)/marks.json""#))
        #expect(
            listed.stdout.replacingOccurrences(of: #""name":"thresholdScale","value":1,"#, with: "")
                == relisted.stdout
                .replacingOccurrences(of: #""name":"thresholdScale","value":1,"#, with: ""))
        // Written through a link to a folder elsewhere, the path is from that folder, as the reader
        // follows it: `../marks.json` from `linked/` named a file beside the link, which none read.
        try corpus.write("elsewhere/deep/notes.txt", "")
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("linked").path,
            withDestinationPath: corpus.folder.appendingPathComponent("elsewhere/deep").path)
        let linked = try GestureCommand.run(
            [
                "tune", examples, "--group-by", "dir:1", "--config", "c.json", "--sweep",
                "marks.thresholdScale=0.5:2:0.5", "--quiet", "--write-config", "linked/tuned.json",
            ], in: corpus.folder)
        #expect(linked.status == 0, "\(linked.stderr)")
        let throughLink = try JSONValue.parse(
            Array(try Data(contentsOf: corpus.folder.appendingPathComponent("linked/tuned.json"))), file: "t")
        #expect(throughLink["templates"] == .array([.string("../../marks.json")]))
        let relinked = try GestureCommand.run(
            ["list", "--format", "json", "--config", "linked/tuned.json"], in: corpus.folder)
        #expect(relinked.status == 0 && relinked.stdout == relisted.stdout, "\(relinked.stderr)")
        // Nor written over a templates file it reads: the config would name itself.
        let over = try GestureCommand.run(
            [
                "tune", examples, "--group-by", "dir:1", "--config", "c.json", "--sweep",
                "marks.thresholdScale=0.5:2:0.5", "--quiet", "--write-config", "marks.json", "--force",
            ], in: corpus.folder)
        #expect(over.status == 2 && over.stdout == "")
        #expect(
            over.stderr.hasPrefix(
                "gesture: error: --write-config marks.json is a templates file the configuration reads (recognizer "
                    + "marks was read from this file already): writing the config over it would lose it; name another file\n"
            ),
            "\(over.stderr)")
        #expect(
            try TemplateFile.read(
                bytes: Array(Data(contentsOf: corpus.folder.appendingPathComponent("marks.json"))), file: "m"
            ).id == "marks")
        // Templates read from standard input cannot be named in a config: said before the replays.
        let piped = try GestureCommand.run(
            [
                "tune", examples, "--group-by", "dir:1", "--templates", "-", "--sweep",
                "marks.thresholdScale=0.5:2:0.5", "--quiet", "--write-config", "out/piped.json",
            ], input: try String(contentsOf: corpus.folder.appendingPathComponent("marks.json"), encoding: .utf8),
            in: corpus.folder)
        #expect(piped.status == 2)
        #expect(
            piped.stderr.hasPrefix(
                "gesture: error: --write-config out/piped.json: the templates were read from standard input "
                    + "(--templates -), which a config file cannot name: give the templates file by its path\n"))
    }

    /// Tuned with `--recognizers`, the run sees none of the relationships with the recognizers it
    /// leaves out: the file writes what it changed as additions, so that read with the whole registry
    /// it keeps those (swipe still requires z; long press and pan still recognize together).
    @Test func theWrittenConfigurationKeepsRelationshipsWithRecognizersLeftOut() throws {
        let corpus = try Self.corpus("write-subset")
        defer { corpus.remove() }
        try corpus.write(
            ".c.json",
            #"{"requiresFailureOf": {"swipe": {"add": ["long-press"]}}, "simultaneous": {"add": [["swipe", "long-press"]]}}"#
        )
        let run = try GestureCommand.run(
            [
                "tune", ".", "--labels", "labels.csv", "--recognizers", "swipe,long-press", "--config", ".c.json",
                "--sweep", "swipe.minimumTravel=20:40:10", "--max-false-alarms", "0", "--quiet",
                "--write-config", ".tuned.json",
            ], in: corpus.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOf: corpus.folder.appendingPathComponent(".tuned.json"), encoding: .utf8)
        let value = try JSONValue.parse(Array(written.utf8), file: "tuned.json")
        #expect(value["requiresFailureOf"]?.text == #"{"swipe":{"add":["long-press"]}}"#)
        #expect(value["simultaneous"]?.text == #"{"add":[["long-press","swipe"]]}"#)
        let given = try GestureCommand.run(["list", "--format", "json", "--config", ".c.json"], in: corpus.folder)
        let tuned = try GestureCommand.run(["list", "--format", "json", "--config", ".tuned.json"], in: corpus.folder)
        #expect(tuned.status == 0 && given.status == 0)
        /// Each recognizer's requirements and partners, as `gesture list --format json` gives them.
        func relationships(_ listing: String) throws -> [String] {
            let json = try JSONValue.parse(Array(listing.utf8), file: "list")
            guard case .array(let recognizers)? = json["recognizers"] else { return [] }
            return recognizers.map {
                "\($0["id"]?.text ?? "") \($0["requiresFailureOf"]?.text ?? "") \($0["simultaneousWith"]?.text ?? "")"
            }
        }
        #expect(try relationships(tuned.stdout).count == 10)
        #expect(try relationships(tuned.stdout) == relationships(given.stdout))
        #expect(
            try relationships(tuned.stdout).contains(#""swipe" ["checkmark","z","circle","long-press"] ["long-press"]"#)
        )
        // Taken away, a requirement is written as the whole registry's list without it (a run sees only
        // those among its own recognizers).
        #expect(
            try Self.writtenRequirements(#"{"swipe": {"replace": []}}"#, recognizers: "swipe,z", in: corpus)
                == #"{"swipe":{"replace":["checkmark","circle"]}}"#)
    }

    /// The `requiresFailureOf` that `tune --write-config` writes when tuned with `--recognizers` and a
    /// config of these `requiresFailureOf`, as JSON text.
    static func writtenRequirements(_ requirements: String, recognizers: String, in corpus: MiniCorpus) throws
        -> String?
    {
        try corpus.write(".requirements.json", #"{"requiresFailureOf": "# + requirements + "}")
        let run = try GestureCommand.run(
            [
                "tune", ".", "--labels", "labels.csv", "--recognizers", recognizers, "--config", ".requirements.json",
                "--sweep", "swipe.minimumTravel=20:40:10", "--quiet", "--write-config", ".written.json", "--force",
            ], in: corpus.folder)
        #expect(run.status == 0, "\(run.stderr)")
        let text = try String(contentsOf: corpus.folder.appendingPathComponent(".written.json"), encoding: .utf8)
        return try JSONValue.parse(Array(text.utf8), file: "written")["requiresFailureOf"]?.text
    }

    /// A requirement list the run replaced keeps the run's order, then the registry's requirements on
    /// the recognizers the run did not have.
    @Test func aReplacedRequirementKeepsTheRunsOrder() throws {
        let corpus = try Self.corpus("write-order")
        defer { corpus.remove() }
        #expect(
            try Self.writtenRequirements(
                #"{"pan": {"replace": ["tap", "circle"]}}"#, recognizers: "circle,swipe,pan,tap", in: corpus)
                == #"{"pan":{"replace":["tap","circle","checkmark","z"]}}"#)
    }

    /// A file tuned with another profile sets every parameter, so it gives the tuned values with any.
    @Test func theWrittenConfigurationOfAnotherProfileSetsEveryValue() throws {
        let corpus = try Self.corpus("write-seed")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--profile", "seed", "--quiet", "--write-config", "seed.json"]
                + Self.sweep, in: corpus.folder)
        // Only the note that the file does not keep --recognizers swipe.
        #expect(
            run.status == 0 && run.stderr.hasPrefix("gesture: note: seed.json keeps ") && !run.stderr.contains("error"))
        let seedList = try GestureCommand.run(
            [
                "list", "--format", "json", "--profile", "seed", "--recognizers", "swipe", "--set",
                "swipe.minimumTravel=40",
            ])
        let applied = try GestureCommand.run(
            ["list", "--format", "json", "--recognizers", "swipe", "--config", "seed.json"], in: corpus.folder)
        /// Each parameter's name and value, in order.
        func values(_ listing: String) throws -> [String] {
            let json = try JSONValue.parse(Array(listing.utf8), file: "list")
            guard case .array(let recognizers)? = json["recognizers"],
                case .array(let parameters)? =
                    recognizers.first?["parameters"]
            else { return [] }
            return parameters.map { "\($0["name"]?.text ?? "") \($0["value"]?.text ?? "")" }
        }
        #expect(try values(applied.stdout).count > 5)
        #expect(try values(applied.stdout) == values(seedList.stdout))
        #expect(
            try values(applied.stdout)
                != values(try GestureCommand.run(["list", "--format", "json", "--recognizers", "swipe"]).stdout))
    }

    /// Leave-one-group-out says where it tests nothing: a fold whose other groups hold no trace of the
    /// target, and a grouping of one group. A trace the labels leave unlabelled needs no group.
    @Test func foldsThatTestNothingAreSaid() throws {
        let corpus = try Self.corpus("untrained")
        defer { corpus.remove() }
        var byRole = "path,label,group\n"
        var everyone = "path,label,group\n"
        for sample in TunerTests.people {
            byRole += "\(sample.path),\(sample.label),\(sample.label == "none" ? "n" : "s")\n"
            everyone += "\(sample.path),\(sample.label),all\n"
        }
        try corpus.write(".roles.csv", byRole)
        try corpus.write(".one.csv", everyone)
        try corpus.write("misc/unlisted.csv", "t,id,phase,x,y\n0,1,began,0,0\n0.1,1,ended,0,0\n")
        let roles = try GestureCommand.run(
            ["tune", ".", "--labels", ".roles.csv", "--group-by", "column:group"] + Self.sweep, in: corpus.folder)
        #expect(roles.status == 0, "\(roles.stderr)")
        #expect(roles.stdout.hasPrefix("9 traces: 8 labelled, 1 unlabelled, 0 errors; 2 groups by column:group\n"))
        #expect(
            roles.stdout.contains(
                "fold s: the other groups hold no trace of swipe, so its setting was chosen without that recall (on "
                    + "false alarms and accuracy): its figure for that group is no test of it\n"))
        #expect(!roles.stdout.contains("fold n:"))
        let json = try GestureCommand.run(
            ["tune", ".", "--labels", ".roles.csv", "--group-by", "column:group", "--format", "json"] + Self.sweep,
            in: corpus.folder)
        let folds = try JSONValue.parse(Array(json.stdout.utf8), file: "tune.json")["crossValidation"]?["folds"]
        guard case .array(let each)? = folds else {
            Issue.record("no folds")
            return
        }
        #expect(
            each.map { "\($0["group"]?.text ?? "") \($0["untrainedTargets"]?.text ?? "")" } == [
                #""n" []"#, #""s" ["swipe"]"#,
            ])
        let one = try GestureCommand.run(
            ["tune", ".", "--labels", ".one.csv", "--group-by", "column:group"] + Self.sweep, in: corpus.folder)
        #expect(one.status == 0)
        #expect(
            one.stdout.hasSuffix(
                "these figures are in-sample: --group-by column:group finds one group (all), and leave-one-group-out "
                    + "needs two or more to hold one out\n"))
    }

    /// A setting that contradicts is said with its values as the contradiction says them (it read
    /// `= 3.5343` there, `= 3.534292` after).
    @Test func aContradictorySettingIsSaidWithItsValuesWhole() throws {
        let run = try GestureCommand.run([
            "tune", "no-such-folder", "--sweep", "circle.maximumArc=3.534292:28.274334:3.534292",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "gesture: error: the setting circle.maximumArc = 3.534292: contradictory values: circle.minimumArc = "
                    + "5.235987755982989 is above circle.maximumArc = 3.534292 (expected minimumArc ≤ maximumArc)\n"))
    }

    @Test(arguments: [
        ([String](), "gesture: error: no CORPUS given"),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--force"],
            "gesture: error: --force needs --write-config FILE"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--write-config", "Traces", "--force"],
            "gesture: error: --write-config Traces is a folder: name a file"
        ),
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
            "gesture: error: --write-config no-such-folder/tuned.json: no folder no-such-folder to write it in"
        ),
        // Said before a file is read, not after the replays.
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--write-config", ""],
            "gesture: error: --write-config \"\": an empty path names no file"
        ),
        (
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--write-config", "README.md/tuned.json"],
            "gesture: error: --write-config README.md/tuned.json: README.md is not a folder"
        ),
        // Values kept to 12 decimals fall together: 12 rows that all read 1.
        (
            [".", "--sweep", "circle.cornerTurn=1:1.000000000000001:0.0000000000000001"],
            "gesture: error: --sweep circle.cornerTurn=1:1.000000000000001:0.0000000000000001: its 12 values are not "
                + "distinct as written (1 comes 12 times): STEP 0.0000000000000001 is finer than values are kept (12 "
                + "decimals); take a larger STEP"
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
            // Written as every option writes a number: not as hexadecimal, which Double(String) reads.
            [".", "--sweep", "swipe.minimumTravel=1:2:1", "--max-false-alarms", "0x0.1p0"],
            "gesture: error: --max-false-alarms: expected a number from 0 to 1, found \"0x0.1p0\""
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

    /// A `--set` of a swept parameter was replaced by every swept value without a word (and a former
    /// name of it too): the run tuned something other than what the command line says.
    @Test func aSetOfASweptParameterIsAUsageError() throws {
        let corpus = try Self.corpus("set-swept")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--set", "swipe.minimumTravel=25", "--quiet"] + Self.sweep, in: corpus.folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr
                == "gesture: error: --set swipe.minimumTravel=25: swipe.minimumTravel is swept too "
                + "(--sweep swipe.minimumTravel=20:40:10), whose values replace it: give one or the other\n"
                + "Run `gesture tune --help` for usage.\n")
        let former = try GestureCommand.run(
            ["tune", ".", "--recognizers", "z", "--set", "z.topAngle=45", "--sweep", "z.maximumTopAngle=0.6:0.8:0.1"],
            in: corpus.folder)
        #expect(former.status == 2 && former.stderr.contains("z.maximumTopAngle is swept too"))
        // Another parameter of the swept recognizer is set as before.
        let other = try GestureCommand.run(
            ["tune", ".", "--set", "swipe.jitterTolerance=3", "--quiet"] + Self.sweep, in: corpus.folder)
        #expect(other.status == 0)
    }

    /// With no trace of another gesture or none, no false alarm can be counted: every setting keeps
    /// within the limit, and the report says that the limit was not tested.
    @Test func aFalseAlarmLimitNoTraceTestsIsSaid() throws {
        let corpus = try MiniCorpus("tune-untested")
        defer { corpus.remove() }
        var labels = "path,label\n"
        for sample in TunerTests.people where sample.label != "none" {
            try corpus.add(sample.path, sample.trace)
            labels += "\(sample.path),\(sample.label)\n"
        }
        try corpus.write("labels.csv", labels)
        let untested = try GestureCommand.run(["tune", ".", "--labels", "labels.csv"] + Self.sweep, in: corpus.folder)
        #expect(untested.status == 0)
        #expect(
            untested.stdout.contains(
                "\nthe false alarms of swipe were never counted: no trace is labelled with another recognizer's "
                    + "gesture or none, so the limit of 0% was not tested (label such traces to test it)\n\nchosen: "))
        let tested = try Self.corpus("tested")
        defer { tested.remove() }
        let run = try GestureCommand.run(["tune", ".", "--labels", "labels.csv"] + Self.sweep, in: tested.folder)
        #expect(run.status == 0 && !run.stdout.contains("never counted"))
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

    @Test func aCorpusOfErrorsSaysSo() throws {
        let run = try GestureCommand.run(["tune", "no-such-folder", "--sweep", "swipe.minimumTravel=20:40:10"])
        #expect(
            run
                == .init(
                    status: 2, stdout: "",
                    stderr: "no-such-folder: error: cannot read: no such file or folder\n"
                        + "gesture: error: no trace could be read: every one of the 1 files is an error (above)\n"
                        + "Run `gesture tune --help` for usage.\n"))
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

extension TuneCommandTests {
    /// `--time-unit` reads the traces' times, which a config file does not keep: the --write-config
    /// note names it with the others, or the written file would score the traces read another way.
    @Test func theWrittenConfigurationNoteNamesTheTimeUnit() throws {
        let corpus = try Self.corpus("write-time-unit")
        defer { corpus.remove() }
        let run = try GestureCommand.run(
            ["tune", ".", "--labels", "labels.csv", "--write-config", "tuned.config", "--quiet", "--time-unit", "s"]
                + Self.sweep, in: corpus.folder)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "gesture: note: tuned.config keeps parameters and relationships, not which recognizers ran nor how the "
                + "traces were read (a config file serves any choice of recognizers): give --labels labels.csv "
                + "--recognizers swipe --time-unit s with --config tuned.config to score as tuned\n")
    }
}
