import Foundation
import Testing

@testable import GestureKit

/// A recognizer whose parameters decide which of its gestures it can recognize (a swipe's
/// `directions`) has those gestures where its values are known: `gesture list`, the labels a batch
/// or a tuning run knows, and the recognizer a miss is put on. The names stay reserved by the kind.
@Suite struct GesturesOfValuesTests {
    /// docs/configuration.md's instance: a swipe limited to left and right, beside the built-in one.
    static let horizontal =
        #"{"recognizers": [{"id": "swipe-horizontal", "kind": "swipe", "parameters": {"directions": ["left", "right"]}}]}"#

    static let all = ["swipe-left", "swipe-right", "swipe-up", "swipe-down"]

    /// Runs `gesture arguments…` in a folder holding `horizontal.json` and the bundled traces as `Traces`.
    static func run(_ arguments: [String], _ name: String) throws -> GestureCommand.Output {
        let folder = try MiniCorpus("gestures-of-values-\(name)")
        defer { folder.remove() }
        try folder.write("horizontal.json", horizontal)
        try FileManager.default.createSymbolicLink(
            at: folder.folder.appendingPathComponent("Traces"),
            withDestinationURL: GestureCommand.packageRoot.appendingPathComponent("Traces"))
        return try GestureCommand.run(arguments, in: folder.folder)
    }

    /// Each recognizer of a `gesture list --format json` output, with its gestures.
    static func listedGestures(_ json: String) throws -> [(id: String, gestures: [String])] {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let recognizers = try #require(object["recognizers"] as? [[String: Any]])
        return try recognizers.map { recognizer in
            (try #require(recognizer["id"] as? String), try #require(recognizer["gestures"] as? [String]))
        }
    }

    // MARK: The definition

    @Test func theDefinitionGivesTheGesturesOfItsValues() {
        var horizontal = ParameterValues()
        horizontal["directions"] = .directions(.horizontal)
        var up = ParameterValues()
        up["directions"] = .directions(.up)
        #expect(Swipe.definition.gestures == Self.all)
        for profile in Profile.allCases { #expect(Swipe.definition.gestures(profile) == Self.all) }
        #expect(Swipe.definition.gestures(.default, settings: horizontal) == ["swipe-left", "swipe-right"])
        #expect(Swipe.definition.gestures(.seed, settings: up) == ["swipe-up"])
        // A recognizer whose parameters decide nothing of its gestures.
        var taps = ParameterValues()
        taps["taps"] = .integer(3)
        #expect(Tap.definition.gestures(.default, settings: taps) == ["tap"])
    }

    @Test func anInstanceRecognizesItsDirectionsOrItsOwnName() throws {
        var configuration = Configuration()
        try configuration.addInstance(
            "swipe-horizontal", of: "swipe", settings: [("directions", .directions(.horizontal))])
        try configuration.addInstance(
            "flick", of: "swipe", gesture: "flick", settings: [("directions", .directions(.vertical))])
        let gestures = Dictionary(uniqueKeysWithValues: configuration.entries.map { ($0.id, $0.gestures) })
        #expect(gestures["swipe"] == Self.all)
        #expect(gestures["swipe-horizontal"] == ["swipe-left", "swipe-right"])
        #expect(gestures["flick"] == ["flick"])
        // The names it may ever give stay the kind's.
        #expect(configuration.entries.first { $0.id == "swipe-horizontal" }?.definition.gestures == Self.all)
        // Set again, its gestures follow.
        try configuration.set("directions", to: .directions(.down), for: "swipe-horizontal")
        #expect(configuration.entries.first { $0.id == "swipe-horizontal" }?.gestures == ["swipe-down"])
    }

    // MARK: gesture list

    @Test func theListSaysTheGesturesOfAnInstancesDirections() throws {
        let text = try Self.run(
            ["list", "--config", "horizontal.json", "--recognizers", "swipe-horizontal"], "list-text")
        #expect(text.status == 0 && text.stderr == "")
        #expect(
            text.stdout.hasPrefix(
                """
                profile: default

                swipe-horizontal (discrete): one quick straight stroke in one of its `directions` (Apple's
                  event-handling guide swipe)
                  gestures: swipe-left, swipe-right
                  instance of: swipe
                  is: swipe

                """))
        let json = try Self.run(
            ["list", "--config", "horizontal.json", "--recognizers", "swipe,swipe-horizontal", "--format", "json"],
            "list-json")
        #expect(json.status == 0 && json.stderr == "")
        let listed = try Self.listedGestures(json.stdout)
        #expect(listed.map(\.id) == ["swipe", "swipe-horizontal"])
        #expect(listed.map(\.gestures) == [Self.all, ["swipe-left", "swipe-right"]])
        let markdown = try Self.run(
            ["list", "--config", "horizontal.json", "--recognizers", "swipe-horizontal", "--format", "markdown"],
            "list-markdown")
        #expect(markdown.status == 0 && markdown.stderr == "")
        #expect(
            markdown.stdout.contains(
                "\nid `swipe-horizontal` · discrete · recognizes `swipe-left`, `swipe-right` · is: `swipe`\n"))
    }

    @Test func theListSaysTheGesturesOfTheBuiltInSwipeSetToOneAxis() throws {
        let set = ["list", "--recognizers", "swipe", "--set", "swipe.directions=vertical"]
        let text = try GestureCommand.run(set)
        #expect(text.status == 0 && text.stderr == "")
        #expect(
            text.stdout.split(separator: "\n").filter { $0.hasPrefix("  gestures: ") } == [
                "  gestures: swipe-up, swipe-down"
            ])
        // Its summary, the kind's, names no direction it does not recognize: it is true of any values.
        #expect(
            text.stdout.hasPrefix(
                "profile: default\n\nswipe (discrete): one quick straight stroke in one of its `directions` "))
        let json = try GestureCommand.run(set + ["--format", "json"])
        #expect(try Self.listedGestures(json.stdout).map(\.gestures) == [["swipe-up", "swipe-down"]])
    }

    // MARK: Labels and misses

    /// Beside the built-in swipe, swipe-up is still a gesture of the run: a label, scored.
    @Test func aLabelAnotherRecognizerRecognizesIsScored() throws {
        let run = try Self.run(["batch", "--config", "horizontal.json", "Traces/swipe-up.csv"], "label-other")
        #expect(run.status == 0 && run.stderr == "")
        #expect(run.stdout.hasPrefix("1 trace: 1 scored, 0 unlabelled, 0 errors\naccuracy 100% (1 of 1)\n"))
    }

    /// No recognizer of the run recognizes swipe-up: its label is unknown, as one of a recognizer left
    /// out is, and the message says why and what to do.
    @Test(arguments: [
        (
            ["--config", "horizontal.json", "--recognizers", "swipe-horizontal"],
            "swipe-up is a gesture of swipe, which is not among the recognizers (--recognizers): add swipe, or map "
                + "the label (--label-map swipe-up=none)"
        ),
        (
            ["--recognizers", "swipe", "--set", "swipe.directions=horizontal"],
            "swipe-up is a gesture of swipe that its parameters leave out (it recognizes swipe-left, swipe-right; "
                + "gesture list shows its values): change them, or map the label (--label-map swipe-up=none)"
        ),
    ])
    func aLabelNoRecognizerRecognizesIsUnknownSayingWhy(_ options: [String], _ why: String) throws {
        let name = options.contains("--set") ? "label-set" : "label-instance"
        let run = try Self.run(["batch"] + options + ["Traces/swipe-up.csv", "Traces/swipe-left.json"], name)
        #expect(run.status == 2)
        #expect(run.stderr == "Traces/swipe-up.csv:2:10: error: unknown label \"swipe-up\" in the trace: \(why)\n")
        #expect(run.stdout.hasPrefix("2 traces: 1 scored, 0 unlabelled, 1 error\naccuracy 100% (1 of 1)\n"))
        // Mapped to none, as an app without a vertical swipe has it, the trace is scored.
        let mapped = try Self.run(
            ["batch"] + options + ["--label-map", "swipe-up=none", "Traces/swipe-up.csv", "Traces/swipe-left.json"],
            name + "-mapped")
        #expect(mapped.status == 0 && mapped.stderr == "")
        #expect(mapped.stdout.hasPrefix("2 traces: 2 scored, 0 unlabelled, 0 errors\naccuracy 100% (2 of 2)\n"))
        // A map to it is refused for the same reason.
        let into = try Self.run(["batch"] + options + ["--label-map", "up=swipe-up", "Traces/swipe-left.json"], name)
        #expect(into.status == 2)
        let reason = why.components(separatedBy: ", or map the label").first!
        #expect(into.stderr == "gesture: error: --label-map: \(reason)\n")
    }

    /// A miss of a swipe up is put on the recognizer that recognizes swipe-up with its values, and
    /// shows why that one failed: the vertical instance's too-short, not the horizontal swipe's
    /// wrong-direction.
    @Test func aMissIsPutOnTheRecognizerWhoseValuesRecognizeIt() throws {
        let folder = try MiniCorpus("gestures-of-values-miss")
        defer { folder.remove() }
        try folder.write(
            "split.json",
            #"{"recognizers": [{"id": "swipe-vertical", "kind": "swipe", "parameters": {"directions": ["up", "down"], "#
                + #""minimumTravel": 1000}}], "parameters": {"swipe": {"directions": ["left", "right"]}}}"#)
        let trace = GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-up.csv").path
        let run = try GestureCommand.run(
            ["batch", "--config", "split.json", "--recognizers", "swipe,swipe-vertical", trace], in: folder.folder)
        #expect(run.status == 0 && run.stderr == "")
        #expect(
            run.stdout.contains(
                "\nmisses by failure code of the recognizer that should have fired\n  swipe-up (1): too-short 1\n"))
        #expect(run.stdout.contains(": swipe-up → none: swipe-vertical too-short: "))
    }

    @Test func theOwnerOfAGestureFollowsTheValues() throws {
        var configuration = Configuration()
        try configuration.keepOnly(["swipe"])
        try configuration.addInstance("swipe-vertical", of: "swipe", settings: [("directions", .directions(.vertical))])
        func owner(_ gesture: String) -> String? {
            configuration.relations.owners[gesture].map { configuration.entries[$0].id }
        }
        #expect(owner("swipe-up") == "swipe")
        try configuration.set(assignment: "swipe.directions=horizontal")
        #expect(owner("swipe-up") == "swipe-vertical")
        #expect(owner("swipe-left") == "swipe")
    }

    // MARK: Folders and gates naming a gesture no recognizer of the run recognizes

    /// The reasons made from a configuration, and from the recognizers a run recorded with the
    /// gestures of their values (what `merge-scores` has), are the same.
    @Test func aRunsRecordedRecognizersGiveTheReasonsOfItsConfiguration() throws {
        var configuration = Configuration()
        try configuration.set(assignment: "swipe.directions=horizontal")
        let reasons = UnrecognizedGestures(configuration: configuration)
        let recorded = UnrecognizedGestures(registry: configuration.entries.map { ($0.id, $0.gestures) })
        for name in ["swipe-up", "swipe-down", "swipe", "swipe-left", "tap", "nothing"] {
            #expect(reasons.reason(for: name) == recorded.reason(for: name), "\(name)")
        }
        let horizontal = ["swipe-left", "swipe-right"]
        #expect(reasons.reason(for: "swipe-up") == .leftOutByValues(owner: "swipe", recognizes: horizontal))
        #expect(reasons.reason(for: "swipe") == .recognizer(gestures: horizontal))
        #expect(reasons.reason(for: "swipe-left") == nil && reasons.reason(for: "tap") == nil)
        #expect(reasons.gestures == ["swipe-down", "swipe-up"])
        #expect(reasons.reason(forAnyCase: "Swipe-Up")?.name == "swipe-up")
        try configuration.keepOnly(["tap"])
        #expect(UnrecognizedGestures(configuration: configuration).reason(for: "swipe-up") == .leftOut(owner: "swipe"))
    }

    /// A learned recognizer, or a configured instance, that `--recognizers` leaves out: a label naming
    /// one of its gestures is one of a recognizer left out, as a built-in one's is, not an unknown name.
    @Test func aGestureOfALearnedRecognizerOrAnInstanceLeftOutIsOneLeftOut() throws {
        let marks = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json"), encoding: .utf8)
        var configuration = Configuration()
        try configuration.addTemplates(bytes: Array(marks.utf8), file: "marks.json")
        try configuration.addInstance("triple-tap", of: "tap", gesture: "triple-tap", settings: [("taps", 3)])
        try configuration.keepOnly(["tap", "pan"])
        let reasons = UnrecognizedGestures(configuration: configuration)
        #expect(reasons.reason(for: "star") == .leftOut(owner: "marks"))
        #expect(reasons.reason(for: "triple-tap") == .leftOut(owner: "triple-tap"))
        #expect(reasons.reason(for: "swipe-up") == .leftOut(owner: "swipe"))
        // An instance left out says more than the values of its kind kept: add it.
        var vertical = Configuration()
        try vertical.addInstance("swipe-vertical", of: "swipe")
        try vertical.set(assignment: "swipe-vertical.directions=vertical")
        try vertical.set(assignment: "swipe.directions=horizontal")
        try vertical.keepOnly(["swipe", "tap"])
        #expect(
            UnrecognizedGestures(configuration: vertical).reason(for: "swipe-up") == .leftOut(owner: "swipe-vertical"))
        var labeler = Labeler(configuration: configuration)
        #expect(
            throws: LabelError(
                "labels.csv:2:8: error: unknown label \"star\": star is a gesture of marks, which is not among the "
                    + "recognizers (--recognizers): add marks, or map the label (--label-map star=none)")
        ) {
            try labeler.loadLabels(bytes: Array("path,label\na.json,star\n".utf8), file: "labels.csv")
        }
    }

    /// The two reasons no recognizer of a run recognizes swipe-up, each with the options that give it
    /// and what to do: the label error's, said where a folder's name or a `--min-recall` gate names it.
    static let swipeUpUnrecognized: [(options: [String], reason: String, remedy: String)] = [
        (
            ["--config", "horizontal.json", "--recognizers", "swipe-horizontal"],
            "swipe-up is a gesture of swipe, which is not among the recognizers (--recognizers)", "add swipe"
        ),
        (
            ["--recognizers", "swipe", "--set", "swipe.directions=horizontal"],
            "swipe-up is a gesture of swipe that its parameters leave out (it recognizes swipe-left, swipe-right; "
                + "gesture list shows its values)",
            "change them"
        ),
    ]

    /// A `swipe-up/` folder labels nothing then, and `--explain-labels` says why, as a label would;
    /// mapped (`--label-map swipe-up=none`) it labels its traces none.
    @Test(arguments: [0, 1])
    func aFolderNamedForAGestureNoRecognizerRecognizesSaysWhy(_ index: Int) throws {
        let (options, reason, remedy) = Self.swipeUpUnrecognized[index]
        let corpus = try MiniCorpus("gestures-of-values-folder-\(index)")
        defer { corpus.remove() }
        try corpus.write("horizontal.json", Self.horizontal)
        try corpus.add("swipe-up/1.csv", from: "swipe-up.csv")
        let run = try GestureCommand.run(["batch", "--explain-labels"] + options + ["swipe-up"], in: corpus.folder)
        #expect(run.status == 0)
        #expect(
            run.stderr
                == "swipe-up/1.csv: unlabelled: no labels file, no label of its own, and its folder \"swipe-up\" names "
                + "no gesture of the recognizers: \(reason): \(remedy), or map the name (--label-map swipe-up=none)\n")
        // The summary says the folder's name is no gesture of the recognizers, not no gesture.
        let summary = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(
            summary.contains(
                "\nunlabelled: no labels-file row, no label of their own, and a folder name that is no gesture of the "
                    + "recognizers: swipe-up 1 (--explain-labels lists them, saying why)\n"),
            "\(run.stdout)")
        let mapped = try GestureCommand.run(
            ["batch", "--explain-labels"] + options + ["--label-map", "swipe-up=none", "swipe-up"], in: corpus.folder)
        #expect(mapped.status == 0 && mapped.stderr == "")
        #expect(mapped.stdout.hasPrefix("1 trace: 1 scored, 0 unlabelled, 0 errors\n"))
    }

    /// A folder named for a recognizer whose gestures have other names (`swipe/`), or for a gesture of
    /// one left out in another case (`Swipe-Up/`, which a run with swipe would read as swipe-up),
    /// says so; a folder named for nothing still lists the gestures.
    @Test func aFolderNamedForARecognizerOrInAnotherCaseSaysWhy() throws {
        let corpus = try MiniCorpus("gestures-of-values-folder-names")
        defer { corpus.remove() }
        try corpus.add("swipe/1.csv", from: "swipe-left.json")
        try corpus.add("Swipe-Up/1.csv", from: "swipe-up.csv")
        try corpus.add("misc/1.csv", from: "tap.json")
        let run = try GestureCommand.run(
            ["batch", "--explain-labels", "--recognizers", "tap,swipe", "--set", "swipe.directions=left", "."],
            in: corpus.folder)
        #expect(run.status == 0)
        let start = "unlabelled: no labels file, no label of its own, and its folder"
        let recognizer: String =
            "./swipe/1.csv: \(start) \"swipe\" names no gesture: swipe is a recognizer, not a gesture; its gestures "
            + "are swipe-left: put its traces in folders named for those, or label them (--labels)"
        let otherCase: String =
            "./Swipe-Up/1.csv: \(start) \"Swipe-Up\" names no gesture of the recognizers: swipe-up is a gesture of "
            + "swipe that its parameters leave out (it recognizes swipe-left; gesture list shows its values): "
            + "change them, or map the name (--label-map Swipe-Up=none)"
        let nothing = "./misc/1.csv: \(start) \"misc\" is no gesture name (expected one of swipe-left, tap, none)"
        #expect(
            run.stderr.split(separator: "\n").map(String.init) == [otherCase, nothing, recognizer], "in path order")
    }

    /// A `--min-recall` gate on such a gesture is refused saying why, as its label is.
    @Test(arguments: [0, 1])
    func aRecallGateOnAGestureNoRecognizerRecognizesSaysWhy(_ index: Int) throws {
        let (options, reason, remedy) = Self.swipeUpUnrecognized[index]
        let name = "gate-\(index)"
        let gate = try Self.run(["batch"] + options + ["--min-recall", "swipe-up=0.9", "Traces/swipe-left.json"], name)
        #expect(gate.status == 2)
        #expect(
            gate.stderr
                == "gesture: error: --min-recall: \(reason): \(remedy)\nRun `gesture batch --help` for usage.\n")
        // In a sequence too.
        let sequence = try Self.run(
            ["batch"] + options + ["--min-recall", "swipe-left+swipe-up=0.9", "Traces/swipe-left.json"], name)
        #expect(sequence.status == 2)
        #expect(
            sequence.stderr
                == "gesture: error: --min-recall: \"swipe-left+swipe-up\" is no sequence of the gestures of the "
                + "recognizers (GESTURE+GESTURE…): \(reason): \(remedy)\nRun `gesture batch --help` for usage.\n")
    }

    /// A gate on a recognizer rather than a gesture names its gestures, those of its values.
    @Test func aRecallGateOnARecognizerNamesItsGestures() throws {
        let gate = try GestureCommand.run(
            ["batch", "--set", "swipe.directions=horizontal", "--min-recall", "swipe=0.9", "Traces/swipe-left.json"])
        #expect(gate.status == 2)
        #expect(
            gate.stderr
                == "gesture: error: --min-recall: swipe is a recognizer, not a gesture; its gestures are swipe-left, "
                + "swipe-right: gate them one by one (--min-recall swipe-left=0.9)\n"
                + "Run `gesture batch --help` for usage.\n")
    }

    /// `merge-scores` knows the gestures of the merged run's values from its outputs, and says why
    /// one is not among them as the run would.
    @Test func aMergedRunsRecallGateOnAGestureItsValuesLeaveOutSaysWhy() throws {
        let outputs = try MiniCorpus("gestures-of-values-merge")
        defer { outputs.remove() }
        let trace = GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-left.json").path
        let batch = try GestureCommand.run(
            ["batch", "--format", "json", "--set", "swipe.directions=horizontal", trace], in: outputs.folder)
        #expect(batch.status == 0)
        try outputs.write("out.json", batch.stdout)
        let merged = try GestureCommand.run(
            ["merge-scores", "--min-recall", "swipe-up=0.9", "out.json"], in: outputs.folder)
        #expect(merged.status == 2)
        #expect(
            merged.stderr
                == "gesture: error: --min-recall: \(Self.swipeUpUnrecognized[1].reason): change them\n"
                + "Run `gesture merge-scores --help` for usage.\n")
    }

    // MARK: gesture tune

    /// A swept recognizer's recall counts the traces of the gestures its values recognize: a swipe
    /// limited to left and right is not chosen by traces labelled swipe-up, which are unknown as in
    /// `batch` (or, mapped to none, count towards its false alarms).
    @Test func tuningALimitedSwipeDoesNotCountTheOtherDirections() throws {
        let corpus = try MiniCorpus("gestures-of-values-tune")
        defer { corpus.remove() }
        try corpus.add("left.csv", from: "swipe-left.json", label: "swipe-left")
        try corpus.add("up.csv", from: "swipe-up.csv", label: "swipe-up")
        let tune = [
            "tune", ".", "--recognizers", "swipe", "--set", "swipe.directions=horizontal", "--sweep",
            "swipe.minimumTravel=20:40:20",
        ]
        let unknown = try GestureCommand.run(tune, in: corpus.folder)
        #expect(unknown.status == 2)
        #expect(unknown.stdout.hasPrefix("2 traces: 1 labelled, 0 unlabelled, 1 error\n"))
        #expect(unknown.stderr.hasPrefix("./up.csv:1:10: error: unknown label \"swipe-up\" in the trace: "))
        let mapped = try GestureCommand.run(tune + ["--label-map", "swipe-up=none"], in: corpus.folder)
        #expect(mapped.status == 0 && mapped.stderr == "")
        #expect(mapped.stdout.hasPrefix("2 traces: 2 labelled, 0 unlabelled, 0 errors\n"))
        #expect(mapped.stdout.contains(": swipe recall 100% (1 of 1), false alarms 0% (0 of 1), accuracy 100%\n"))
    }

    /// A corpus whose traces are labelled only by a folder named for a gesture the values leave out
    /// has no labelled trace: tune, which has no --explain-labels, says why with its error.
    @Test func tuningACorpusOfAFolderNamedForAGestureLeftOutSaysWhy() throws {
        let corpus = try MiniCorpus("gestures-of-values-tune-folder")
        defer { corpus.remove() }
        try corpus.add("swipe-up/1.csv", from: "swipe-up.csv")
        let run = try GestureCommand.run(
            [
                "tune", ".", "--recognizers", "swipe", "--set", "swipe.directions=horizontal", "--sweep",
                "swipe.minimumTravel=20:40:20",
            ],
            in: corpus.folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "gesture: error: no labelled traces among the 1 files (0 errors, 1 unlabelled): give --labels "
                + "FILE, or put traces in folders named for their gesture; ./swipe-up/1.csv: unlabelled: no labels "
                + "file, no label of its own, and its folder \"swipe-up\" names no gesture of the recognizers: "
                + "\(Self.swipeUpUnrecognized[1].reason): change them, or map the name (--label-map swipe-up=none)\n"
                + "Run `gesture tune --help` for usage.\n")
    }

    /// A swept instance with no trace of the gestures its values recognize has no recall to choose by.
    @Test func tuningAnInstanceWithNoTraceOfItsGesturesIsAUsageError() throws {
        let corpus = try MiniCorpus("gestures-of-values-tune-none")
        defer { corpus.remove() }
        // In a hidden folder, which the walk does not read as a trace.
        try corpus.write(".settings/horizontal.json", Self.horizontal)
        try corpus.add("swipe-up/1.csv", from: "swipe-up.csv")
        let run = try GestureCommand.run(
            [
                "tune", ".", "--config", ".settings/horizontal.json", "--sweep",
                "swipe-horizontal.minimumTravel=20:40:20",
            ],
            in: corpus.folder)
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "gesture: error: no traces labelled swipe-left or swipe-right among the 1 labelled traces: "
                + "swipe-horizontal's recall, which --sweep swipe-horizontal.minimumTravel is chosen by, cannot be "
                + "measured\nRun `gesture tune --help` for usage.\n")
    }
}
