import Foundation
import Testing

@testable import GestureKit

/// `gesture learn` as a user runs it: a folder of examples in, a templates file out, and every bad
/// example an error at its place, with nothing written.
@Suite struct LearnCommandTests {
    /// A fresh folder for one test.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("learn-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A trace file of `strokes`, one touch each, a sample every 8 points.
    static func traceText(_ strokes: [[Point]], scale: Double = 1) -> String {
        var samples: [String] = []
        var time = 0.0
        for stroke in strokes {
            let dense = LearnedRecognizerTests.dense(stroke)
            for (k, point) in dense.enumerated() {
                let phase = k == 0 ? "began" : (k == dense.count - 1 ? "ended" : "moved")
                samples.append(
                    "{\"t\": \(TraceWriter.number(time)), \"id\": 1, \"phase\": \"\(phase)\", "
                        + "\"x\": \(TraceWriter.number(100 + scale * point.x)), "
                        + "\"y\": \(TraceWriter.number(300 + scale * point.y))}")
                time += 0.016
            }
            time += 0.3
        }
        return "{\"samples\": [\n" + samples.joined(separator: ",\n") + "\n]}\n"
    }

    /// `examples/pPERSON/SHAPE/TAKE.json` for each shape, person and take.
    static func examples(
        in folder: URL, _ shapes: [String], people: Int = 3, takes: Int = 2, scale: Double = 1
    ) throws {
        for shape in shapes {
            for person in 0..<people {
                let dir = folder.appendingPathComponent("examples/p\(person)/\(shape)")
                try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
                for take in 0..<takes {
                    let example = TemplateLearnerTests.drawn(shape == "o" ? "circle" : shape, by: person, take: take)
                    try Data(traceText(example.strokes, scale: scale).utf8)
                        .write(to: dir.appendingPathComponent("\(take).json"))
                }
            }
        }
    }

    /// A subfolder of a labelled corpus is labelled by its folders' names (`learn dollar1/s02` learned
    /// `fast`, `medium` and `slow`): a note names the labels file above that labels its examples.
    @Test func aLabelsFileAboveTheExamplesIsNoted() throws {
        let folder = try Self.folder("above")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"])
        var rows = "path,label\n"
        for person in 0..<3 {
            for take in 0..<2 { rows += "p\(person)/v/\(take).json,vee\np\(person)/caret/\(take).json,hat\n" }
        }
        try Data(rows.utf8).write(to: folder.appendingPathComponent("examples/labels.csv"))
        let sub = try GestureCommand.run(["learn", "examples/p0", "--out", "t.json"], in: folder)
        #expect(sub.status == 0, "\(sub.stderr)")
        #expect(
            sub.stderr.hasPrefix(
                "gesture: note: 4 examples are labelled by their folders' names (caret, v); examples/labels.csv "
                    + "labels all 4, but only the labels files in the folders walked are read: give --labels "
                    + "examples/labels.csv to learn from its labels\n"), "\(sub.stderr)")
        // Given, or walked, it labels them, and there is nothing to note.
        for words in [["examples/p0", "--labels", "examples/labels.csv"], ["examples"]] {
            let run = try GestureCommand.run(["learn"] + words + ["--out", "u.json", "--force"], in: folder)
            #expect(run.status == 0 && !run.stderr.contains("note:"), "\(words): \(run.stderr)")
            let file = try String(contentsOf: folder.appendingPathComponent("u.json"), encoding: .utf8)
            #expect(file.contains("\"vee\"") && file.contains("\"hat\""), "\(words)")
        }
    }

    /// The note counts an example whose name has a line break among those the labels file above
    /// labels: its row names the file as the file system spells it, not as output shows it
    /// (`new\u{A}line.json`), which the note looked up and so counted 3 of 4.
    @Test func aLabelsFileAboveCountsAnExampleWhoseNameHasALineBreak() throws {
        let folder = try Self.folder("above-line-break")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"], people: 1)
        let v = folder.appendingPathComponent("examples/p0/v")
        try FileManager.default.moveItem(
            at: v.appendingPathComponent("1.json"), to: v.appendingPathComponent("new\nline.json"))
        let rows =
            "path,label\np0/v/0.json,vee\n\"p0/v/new\nline.json\",vee\np0/caret/0.json,hat\np0/caret/1.json,hat\n"
        try Data(rows.utf8).write(to: folder.appendingPathComponent("examples/labels.csv"))
        let run = try GestureCommand.run(["learn", "examples/p0", "--out", "t.json"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("examples/labels.csv labels all 4,"), "\(run.stderr)")
    }

    /// Examples drawn smaller than the recognizer judges (another unit) are learned, with a warning:
    /// such strokes would each fail too-small.
    @Test func examplesSmallerThanTheRecognizerJudgesAreWarnedOf() throws {
        let folder = try Self.folder("small")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"], scale: 0.05)
        let learned = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(learned.status == 0)
        #expect(
            learned.stderr
                == "examples/p0/caret/0.json: warning: 12 examples of the gestures span less than 10 pt (this one "
                + "5.1): the learned recognizer fails such strokes as too-small unless --set learned.minimumSize is "
                + "lower\n")
        // Far smaller, the size still shows: it read "(this one 0)".
        try Self.examples(in: folder.appendingPathComponent("tiny"), ["v", "caret"], scale: 2e-10)
        let tiny = try GestureCommand.run(["learn", "tiny/examples", "--out", "tiny.json"], in: folder)
        #expect(tiny.status == 0)
        #expect(
            tiny.stderr.hasPrefix(
                "tiny/examples/p0/caret/0.json: warning: 12 examples of the gestures span less than 10 pt (this one 0.00000002): "
            ))
        let classified = try GestureCommand.run(
            ["classify", "examples/p1/v/0.json", "--templates", "t.json", "--format", "jsonl"], in: folder)
        #expect(classified.stdout.contains("\"too-small\""))
        let lowered = try GestureCommand.run(
            ["classify", "examples/p1/v/0.json", "--templates", "t.json", "--set", "learned.minimumSize=1"], in: folder)
        #expect(lowered.stdout.hasPrefix("examples/p1/v/0.json: v"))
    }

    @Test func itLearnsFromFoldersNamedForTheirGestureAndClassifyUsesIt() throws {
        let folder = try Self.folder("ok")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret", "o"])
        let learned = try GestureCommand.run(
            ["learn", "examples", "--group-by", "dir:1", "--id", "marks", "--out", "marks.json"], in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(
            learned.stdout.hasPrefix(
                "learned 3 gestures from 18 examples (0 negatives), cross-validated leave-one-group-out over 3 groups\n"
            ))
        #expect(learned.stdout.contains("\ncaret           6          6"))
        #expect(learned.stdout.hasSuffix("recognizer marks)\n"))
        func written(_ name: String) throws -> TemplateFile {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            return try TemplateFile.read(bytes: Array(text.utf8), file: name)
        }
        let file = try written("marks.json")
        #expect(file.id == "marks" && file.gestures.map(\.name) == ["caret", "o", "v"])
        #expect(file.source.paths == ["examples"] && file.source.examples == 18 && file.source.groups == 3)
        #expect(file.gestures[0].sources.allSatisfy { $0.contains("/caret/") })
        // Not written over without --force.
        let again = try GestureCommand.run(["learn", "examples", "--out", "marks.json"], in: folder)
        #expect(again.status == 2 && again.stderr.contains("--out marks.json exists: give --force to overwrite it"))

        let stroke = TemplateLearnerTests.drawn("caret", by: 7, take: 0).strokes
        try Data(Self.traceText(stroke).utf8).write(to: folder.appendingPathComponent("new.json"))
        let classified = try GestureCommand.run(
            ["classify", "new.json", "--templates", "marks.json", "--format", "jsonl"], in: folder)
        #expect(classified.status == 0, "\(classified.stderr)")
        #expect(classified.stdout.contains("\"gesture\":\"caret\""))
        let listed = try GestureCommand.run(
            ["list", "--templates", "marks.json", "--recognizers", "marks"], in: folder)
        #expect(listed.stdout.contains("learned: marks.json, algorithm p+"))

        // With orientations (`p+o`): recorded and listed, and the new caret is still a caret.
        let oriented = try GestureCommand.run(
            ["learn", "examples", "--group-by", "dir:1", "--algorithm", "p+o", "--out", "oriented.json"], in: folder)
        #expect(oriented.status == 0, "\(oriented.stderr)")
        #expect(try written("oriented.json").algorithm == .oriented)
        let classifiedOriented = try GestureCommand.run(
            ["classify", "new.json", "--templates", "oriented.json", "--format", "jsonl"], in: folder)
        #expect(classifiedOriented.stdout.contains("\"gesture\":\"caret\""), "\(classifiedOriented.stdout)")
        let listedOriented = try GestureCommand.run(
            ["list", "--templates", "oriented.json", "--recognizers", "learned"], in: folder)
        #expect(listedOriented.stdout.contains("learned: oriented.json, algorithm p+o"))
        #expect(listedOriented.stdout.contains("orientations (p+o)"), "\(listedOriented.stdout)")

        // A coverage tightens each threshold to its own examples' reach, says so and is recorded.
        let covered = try GestureCommand.run(
            ["learn", "examples", "--group-by", "dir:1", "--coverage", "0.9", "--out", "covered.json"], in: folder)
        #expect(covered.status == 0, "\(covered.stderr)")
        #expect(
            covered.stdout.contains(
                "of the other gestures' held-out examples, and reaches no further than it must to take 90% of its own held-out examples\n"
            ))
        let tight = try written("covered.json")
        #expect(tight.coverage == 0.9 && file.coverage == nil)
        for (a, b) in zip(file.gestures, tight.gestures) {
            #expect(a.name == b.name && b.threshold <= a.threshold, "\(a.name): \(a.threshold) then \(b.threshold)")
        }
        #expect(zip(file.gestures, tight.gestures).contains { $1.threshold < $0.threshold })
        // `gesture list` says what the thresholds were chosen for, the coverage with it.
        let listedTight = try GestureCommand.run(
            ["list", "--templates", "covered.json", "--recognizers", "learned"], in: folder)
        #expect(
            listedTight.stdout.contains(
                "  thresholds chosen leave-one-group-out for false alarms of at most 1%, each reaching no further\n"
                    + "    than it must to take 90% of its own held-out examples\n"))

    }

    /// A batch or tune that scores traces the templates were learned from says so: their figures are
    /// not of unseen strokes, and `tune --group-by` holds out the setting, not the templates (a tune on
    /// the people learned from read "cross-validated" 100% where new people drew 25%). Matched by the
    /// paths `learn` was given, written the same way; traces of other people are not counted.
    @Test func examplesTheTemplatesWereLearnedFromAreNotedWhenScored() throws {
        let folder = try Self.folder("seen")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret", "o"], people: 4)
        let learned = try GestureCommand.run(
            ["learn", "examples/p0", "examples/p1/", "./examples/p2", "--out", "m.json"], in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        func note(_ count: Int, _ total: Int, _ what: String) -> String {
            "gesture: note: \(count) of the \(total) \(what) are examples m.json was learned from (its sources and "
                + "source.paths): learned's figures on them are not of unseen strokes; score it on people it was not "
                + "learned from\n"
        }
        let unseen = try GestureCommand.run(
            ["batch", "examples/p3", "--templates", "m.json", "--recognizers", "learned"], in: folder)
        #expect(unseen.status == 0 && unseen.stderr == "", "\(unseen.stderr)")
        let all = try GestureCommand.run(
            ["batch", "examples", "--templates", "m.json", "--recognizers", "learned", "--quiet"], in: folder)
        #expect(all.stderr == note(18, 24, "traces scored"), "\(all.stderr)")
        let tuned = try GestureCommand.run(
            [
                "tune", "./examples", "--templates", "m.json", "--recognizers", "learned", "--quiet",
                "--sweep", "learned.thresholdScale=1:1.2:0.2", "--group-by", "dir:1",
            ], in: folder)
        #expect(tuned.stderr == note(18, 24, "labelled traces"), "\(tuned.stderr)")
    }

    @Test func pathsAreTidiedAndMatchedByWholeNames() {
        typealias Examples = LearnedGestures.Examples
        for (path, tidied) in [
            ("ex", "ex"), ("./ex/", "ex"), ("a//b/./c", "a/b/c"), ("./", "."), (".", "."), ("/", "/"),
            ("/abs/./x", "/abs/x"), ("..", ".."), ("../a/.", "../a"), (".hidden/x", ".hidden/x"), ("a.", "a."),
        ] {
            #expect(Examples.tidied(path) == tidied, "\(path)")
        }
        let examples = Examples(paths: ["./ex/p1/", "/abs/corpus"], templateSources: ["ex/p2/v/0.json"])
        #expect(examples.paths == ["ex/p1", "/abs/corpus"])
        for (path, contained) in [
            ("ex/p1/v/0.json", true), ("./ex//p1/v/0.json", true), ("ex/p1", true), ("ex/p10/v/0.json", false),
            ("ex/p2/v/0.json", true), ("ex/p2/v/1.json", false), ("/abs/corpus/a.csv", true),
            ("abs/corpus/a.csv", false),
        ] {
            #expect(examples.contains(path) == contained, "\(path)")
        }
        // Any spelling of one path, from the current folder.
        let folder = FileManager.default.currentDirectoryPath
        #expect(examples.contains(folder + "/ex/p1/v/0.json") && examples.contains("ex/p3/../p1/v/0.json"))
        #expect(examples.contains(folder + "/./ex/p2/v/0.json") && !examples.contains(folder + "/ex/p2/v/1.json"))
        #expect(Examples.absolute("../a/./b//c/..", from: Array("/x/y".utf8)) == Array("/x/a/b".utf8))
        #expect(Examples.absolute("/..", from: Array("/x".utf8)) == Array("/".utf8))
        let here = Examples(paths: ["."])
        #expect(here.contains("a/b.json") && !here.contains("../a.json") && !here.contains("/a.json"))
        #expect(!Examples().contains("a.json"))
    }

    /// `--coverage-fit` finds a coverage's reach from a log-normal fitted to the held-out distances
    /// (twelve examples a gesture, more than the eight it needs): other thresholds than the share of the
    /// distances themselves; the summary says so, and the file and `gesture list` record it.
    @Test func aFittedCoverageIsSaidAndRecorded() throws {
        let folder = try Self.folder("fit")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret", "o"], takes: 4)
        func learned(_ more: [String], _ out: String) throws -> TemplateFile {
            let run = try GestureCommand.run(
                ["learn", "examples", "--group-by", "dir:1", "--coverage", "0.9", "--out", out] + more, in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            if !more.isEmpty {
                #expect(
                    run.stdout.contains(
                        "to take 90% of its own held-out examples (by a log-normal fitted to their distances)\n"),
                    "\(run.stdout)")
            }
            return try TemplateFile.read(
                bytes: Array(try Data(contentsOf: folder.appendingPathComponent(out))), file: out)
        }
        let quantile = try learned([], "quantile.json")
        let fit = try learned(["--coverage-fit"], "fitted.json")
        #expect(
            try GestureCommand.run(
                ["learn", "examples", "--group-by", "dir:1", "--coverage", "0.9", "--coverage-fit", "--out", "-"],
                in: folder
            ).stderr.contains("read off") == false)
        // Four examples a gesture, from one person: nothing to fit, and the summary says so.
        let few = try GestureCommand.run(
            ["learn", "examples/p0", "--coverage", "0.9", "--coverage-fit", "--out", "few.json"], in: folder)
        #expect(few.status == 0, "\(few.stderr)")
        #expect(
            few.stdout.contains(
                "\n  read off the examples, with too little to fit (fewer than 8 held-out distances above 0, or all "
                    + "alike): caret, o, v\n"), "\(few.stdout)")
        // The file and `gesture list` keep which: the fit the file names was made for none of them.
        let fewFile = try TemplateFile.read(
            bytes: Array(try Data(contentsOf: folder.appendingPathComponent("few.json"))), file: "few.json")
        #expect(fewFile.coverageReadOff == ["caret", "o", "v"])
        let fewListed = try GestureCommand.run(
            ["list", "--templates", "few.json", "--recognizers", "learned"], in: folder)
        #expect(
            fewListed.stdout.replacingOccurrences(of: "\n    ", with: " ").contains(
                "(by a log-normal fitted to their distances; read off them for caret, o, v, too few or alike to fit)"),
            "\(fewListed.stdout)")
        #expect(fit.coverage == 0.9 && fit.coverageFit == "log-normal" && quantile.coverageFit == nil)
        #expect(zip(fit.gestures, quantile.gestures).contains { $0.threshold != $1.threshold })
        let listed = try GestureCommand.run(
            ["list", "--templates", "fitted.json", "--recognizers", "learned", "--format", "json"], in: folder)
        #expect(
            listed.stdout.contains("\"coverage\": 0.9,\n        \"coverageFit\": \"log-normal\","), "\(listed.stdout)")
        let text = try GestureCommand.run(
            ["list", "--templates", "fitted.json", "--recognizers", "learned"], in: folder)
        #expect(
            text.stdout.contains(
                "than it must to take 90% of its own held-out examples (by a log-normal fitted to their\n    distances)\n"
            ),
            "\(text.stdout)")
    }

    /// The same examples give the same file, whatever the order of the paths, and each path is listed
    /// once however it is spelt (`./examples//p1/` was listed beside `examples/p1`), and walked so: the
    /// file is the same for any spelling (`./examples//p1` was walked before `examples/p0`, which chose
    /// other templates, their `sources` spelt so); `--group-by` that finds one group says that the
    /// thresholds are chosen leave-one-out instead.
    @Test func theFileIsTheSameForAnyOrderOfPathsAndOneGroupIsSaid() throws {
        let folder = try Self.folder("order")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"])
        let forward = try GestureCommand.run(
            ["learn", "examples/p0", "examples/p1", "--out", "a.json"], in: folder)
        let backward = try GestureCommand.run(
            ["learn", "examples/p1", "examples/p0/", "examples/p1", "--out", "b.json"], in: folder)
        #expect(forward.status == 0 && backward.status == 0, "\(forward.stderr)\(backward.stderr)")
        let a = try Data(contentsOf: folder.appendingPathComponent("a.json"))
        #expect(a == (try Data(contentsOf: folder.appendingPathComponent("b.json"))))
        #expect(String(decoding: a, as: UTF8.self).contains(#""paths": ["examples/p0", "examples/p1"]"#))
        let spelt = try GestureCommand.run(
            ["learn", "examples/p0", "examples/p1", "./examples//p1/", "--out", "d.json"], in: folder)
        #expect(spelt.status == 0, "\(spelt.stderr)")
        let d = try Data(contentsOf: folder.appendingPathComponent("d.json"))
        #expect(String(decoding: d, as: UTF8.self).contains(#""paths": ["examples/p0", "examples/p1"]"#))
        // The templates and their `sources` too (spelt so, a source was `./examples//p1/v/0.json`).
        let respelt = try GestureCommand.run(
            ["learn", "./examples/p0/", "./examples//p1", "--out", "e.json"], in: folder)
        #expect(respelt.status == 0, "\(respelt.stderr)")
        #expect(a == (try Data(contentsOf: folder.appendingPathComponent("e.json"))))

        try Self.examples(in: folder.appendingPathComponent("solo"), ["v", "caret"], people: 1, takes: 2)
        let one = try GestureCommand.run(
            ["learn", "solo/examples", "--group-by", "dir:1", "--out", "c.json"], in: folder)
        #expect(one.status == 0)
        #expect(
            one.stderr
                == "gesture: warning: --group-by dir:1 puts every example in one group (p0): the thresholds are "
                + "chosen leave-one-out instead, holding out one example at a time, not a group\n")
        #expect(
            one.stdout.hasPrefix("learned 2 gestures from 4 examples (0 negatives), cross-validated leave-one-out\n"))
        // Grouped by the gestures' folders, each gesture's examples are one group: said, and each
        // gesture's recall of none put down to it (the warning blamed the examples).
        let byGesture = try GestureCommand.run(
            ["learn", "examples/p0", "--group-by", "dir:1", "--out", "g.json"], in: folder)
        #expect(byGesture.status == 0)
        #expect(
            byGesture.stderr
                == "gesture: warning: --group-by dir:1 puts all the examples of every gesture in one group each, named "
                + "for the gesture: held out, that group leaves none of the gesture's examples to match, and its recall "
                + "counts none; group by person (--group-by dir:N of the people's folders, or column:NAME)\n"
                + "gesture: warning: gesture caret recognized none of its held-out examples: its threshold lets in "
                + "nothing (all its examples are in one group)\n"
                + "gesture: warning: gesture v recognized none of its held-out examples: its threshold lets in "
                + "nothing (all its examples are in one group)\n")
        // Grouped by person, a gesture one person drew: more people's examples of it, not another grouping.
        try Self.examples(in: folder.appendingPathComponent("one"), ["v", "caret"], people: 3, takes: 2)
        try FileManager.default.removeItem(at: folder.appendingPathComponent("one/examples/p1/caret"))
        try FileManager.default.removeItem(at: folder.appendingPathComponent("one/examples/p2/caret"))
        let onePerson = try GestureCommand.run(
            ["learn", "one/examples", "--group-by", "dir:1", "--out", "h.json"], in: folder)
        #expect(
            onePerson.stderr.hasPrefix(
                "gesture: warning: --group-by dir:1 puts all the examples of caret in one group: held out, that group "
                    + "leaves none of the gesture's examples to match, and its recall counts none; add examples of it "
                    + "from more people\n"), "\(onePerson.stderr)")
    }

    /// `--mirror-negatives`: the mirror images of each gesture's examples are negatives, but those of
    /// a gesture whose mirror images are mostly one gesture taught; the summary and the file say whose.
    @Test func mirrorImagesAreTaughtAsNegativesWhenAsked() throws {
        let folder = try Self.folder("mirror")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "l", "o"])
        let learned = try GestureCommand.run(
            ["learn", "examples", "--group-by", "dir:1", "--mirror-negatives", "left-right", "--out", "m.json"],
            in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(
            learned.stdout.contains(
                "\nmirror images left to right taught as negatives: l (6)\n  left out, mostly a gesture taught: "
                    + "o (6 of 6 as o), v (6 of 6 as v)\n\n"))
        let text = try String(contentsOf: folder.appendingPathComponent("m.json"), encoding: .utf8)
        #expect(text.contains("\n  \"mirrored\": {\"leftRight\": [\"l\"]},\n"))
        let file = try TemplateFile.read(bytes: Array(text.utf8), file: "m.json")
        #expect(file.mirrored == [.leftRight: ["l"]] && file.source.negatives == 0 && file.source.examples == 18)
        #expect(file.text == text)
        let listed = try GestureCommand.run(["list", "--templates", "m.json", "--recognizers", "learned"], in: folder)
        #expect(
            listed.stdout.replacingOccurrences(of: "\n    ", with: " ").contains(
                "for false alarms of at most 1%; the mirror images of l (left to right) taught as negatives\n"),
            "\(listed.stdout)")
        let json = try GestureCommand.run(
            ["list", "--templates", "m.json", "--recognizers", "learned", "--format", "json"], in: folder)
        #expect(
            json.stdout.contains(
                "\"mirrored\": {\n          \"leftRight\": [\n            \"l\"\n          ]\n        },"))
        // Both ways, each reported on its own line and recorded in the file.
        let both = try GestureCommand.run(
            ["learn", "examples", "--group-by", "dir:1", "--mirror-negatives", "both", "--out", "b.json"], in: folder)
        #expect(both.status == 0, "\(both.stderr)")
        #expect(both.stdout.contains("\nmirror images left to right taught as negatives: l (6)\n"))
        #expect(both.stdout.contains("\nmirror images top to bottom taught as negatives: "))
        let bothFile = try TemplateFile.read(
            bytes: Array(try String(contentsOf: folder.appendingPathComponent("b.json"), encoding: .utf8).utf8),
            file: "b.json")
        #expect(bothFile.mirrored?.keys.sorted() == [.leftRight, .topBottom])
        let sideways = try GestureCommand.run(
            ["learn", "examples", "--mirror-negatives", "sideways", "--out", "s.json"], in: folder)
        #expect(sideways.status == 2)
        #expect(
            sideways.stderr.hasPrefix(
                #"gesture: error: invalid value "sideways" for --mirror-negatives: expected left-right, top-bottom or both"#
            ))
        // Without the option nothing is mirrored, and the file says nothing of it.
        let plain = try GestureCommand.run(["learn", "examples", "--out", "p.json"], in: folder)
        #expect(plain.status == 0 && !plain.stdout.contains("mirror"))
        let plainText = try String(contentsOf: folder.appendingPathComponent("p.json"), encoding: .utf8)
        #expect(!plainText.contains("mirrored"))
    }

    /// docs/examples/marks.json is what the page's command writes from docs/examples/marks, byte for byte.
    @Test func theBundledTemplatesFileIsWhatLearnWrites() throws {
        let folder = try Self.folder("docs")
        defer { try? FileManager.default.removeItem(at: folder) }
        let out = folder.appendingPathComponent("marks.json").path
        let run = try GestureCommand.run(
            ["learn", "docs/examples/marks", "--group-by", "dir:1", "--id", "marks", "--out", out])
        #expect(run.status == 0, "\(run.stderr)")
        let bundled = try Data(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json"))
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: out)) == bundled, "python3 scripts/learn-examples.py, then learn")
    }

    /// Every bad example is reported, at its place, and nothing is written.
    @Test func badExamplesAreEachAnErrorAndNothingIsWritten() throws {
        let folder = try Self.folder("bad")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"])
        let examples = folder.appendingPathComponent("examples")
        // One point; one example of a gesture; a file that is not a trace.
        try Data("{\"samples\": [{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2}]}".utf8).write(
            to: examples.appendingPathComponent("p0/v/dot.json"))
        try FileManager.default.createDirectory(
            at: examples.appendingPathComponent("p0/star"), withIntermediateDirectories: true)
        try Data(Self.traceText(TemplateLearnerTests.drawn("l", by: 0, take: 0).strokes).utf8).write(
            to: examples.appendingPathComponent("p0/star/only.json"))
        try Data("{\"samples\": [".utf8).write(to: examples.appendingPathComponent("p1/caret/broken.json"))
        // One point of a `$`-family log (read as a touch beginning and ending there: it said "no
        // length"), and a press that stays put, which has no length.
        try Data(#"<Gesture><Point X="1" Y="2" T="0"/></Gesture>"#.utf8).write(
            to: examples.appendingPathComponent("p1/v/dot.xml"))
        try Data(
            "{\"samples\": [{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2}, {\"t\": 0.5, \"id\": 1, \"phase\": \"ended\", \"x\": 1, \"y\": 2}]}"
                .utf8
        ).write(to: examples.appendingPathComponent("p2/v/press.json"))
        let run = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(run.status == 2)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("examples/p1/caret/broken.json:1:14: error: ") })
        #expect(
            lines.contains("examples/p0/v/dot.json: error: example with one point: a gesture is learned from a path"))
        #expect(
            lines.contains(
                "examples/p0/star/only.json: error: gesture star has one example: learning needs two or more of each, to choose its threshold on one held out"
            ))
        #expect(
            lines.contains("examples/p1/v/dot.xml: error: example with one point: a gesture is learned from a path"))
        #expect(
            lines.contains("examples/p2/v/press.json: error: example with no length: a gesture is learned from a path"))
        #expect(lines.last == "gesture: error: 5 problems with the examples; nothing written")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("t.json").path))
    }

    @Test func aCorpusThatTeachesNothingIsRefused() throws {
        let folder = try Self.folder("nothing")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let empty = try GestureCommand.run(["learn", "empty", "--out", "t.json"], in: folder)
        #expect(empty.status == 2)
        #expect(empty.stderr.hasPrefix("gesture: error: no trace files (.json, .csv, .xml) in empty\n"))
        try Self.examples(in: folder, ["v"])
        let single = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(single.status == 2)
        #expect(
            single.stderr.contains(
                "gesture: error: one label (v) and no negatives among the 6 examples of examples: a threshold is chosen "
                    + "against other gestures' examples or negatives (label them none)"
            ))
        // Of more than three paths, the first three and a count (a shell's glob may give thousands).
        let globbed = try GestureCommand.run(
            [
                "learn", "examples/p0/v/0.json", "examples/p0/v/1.json", "examples/p1/v/0.json", "examples/p1/v/1.json",
                "--label-map", "*=v", "--out", "t.json",
            ], in: folder)
        #expect(
            globbed.stderr.hasPrefix(
                "gesture: error: one label (v) and no negatives among the 4 examples of examples/p0/v/0.json, "
                    + "examples/p0/v/1.json, examples/p1/v/0.json and 1 more: "), "\(globbed.stderr)")
        // Every example a negative: nothing to learn, said of the examples given.
        let negatives = try GestureCommand.run(
            ["learn", "examples/p0", "examples/p1", "--negatives", "v", "--out", "t.json"], in: folder)
        #expect(negatives.status == 2)
        #expect(
            negatives.stderr.hasPrefix(
                "gesture: error: no gesture among the 4 examples of examples/p0, examples/p1: every one is a negative (v)\n"
            ), "\(negatives.stderr)")
        // With negatives, one gesture is enough.
        try Self.examples(in: folder, ["caret"])
        let withNegatives = try GestureCommand.run(
            ["learn", "examples", "--negatives", "caret", "--out", "t.json"], in: folder)
        #expect(withNegatives.status == 0, "\(withNegatives.stderr)")
        #expect(withNegatives.stdout.hasPrefix("learned 1 gesture from 12 examples (6 negatives)"))
        // --points is a number: 032 is the 32 the algorithm resamples to.
        let points = try GestureCommand.run(
            ["learn", "examples", "--negatives", "caret", "--points", "032", "--out", "t.json", "--force"], in: folder)
        #expect(points.status == 0, "\(points.stderr)")
        try FileManager.default.createSymbolicLink(
            atPath: folder.appendingPathComponent("dangling.json").path, withDestinationPath: "missing/t.json")
        for (arguments, message) in [
            (["learn", "examples"], "no --out FILE given: where to write the templates"),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--algorithm", "z"],
                "invalid value \"z\" for --algorithm: expected p+, p+o, q, p or 1"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--coverage", "0"],
                "--coverage 0: expected a share above 0 and at most 1 (a threshold that takes none of its gesture's examples recognizes nothing)"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--coverage", "1.2"],
                "--coverage 1.2: expected a share above 0 and at most 1"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--coverage", "1", "--coverage-fit"],
                "--coverage-fit with --coverage 1: every example is taken, and no fit reaches them all"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--coverage-fit"],
                "--coverage-fit without --coverage X: it fits the reach a coverage asks for"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--points", "16"],
                "--points 16: algorithm p+ resamples to 32 points (the papers' value), the only size supported"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--algorithm", "1", "--points", "32"],
                "--points 32: algorithm 1 resamples to 64 points (the papers' value), the only size supported"
            ),
            (
                ["learn", "examples", "--out", "t.json", "--force", "--id", "a b"],
                "--id \"a b\": an id is letters, digits, - and _"
            ),
            // Said before the learning, not after it.
            (
                ["learn", "examples", "--out", "missing/t.json"],
                "--out missing/t.json: no folder missing to write it in\n"
            ),
            // A symbolic link to no file is checked where it points (it learned, then could not write).
            (
                ["learn", "examples", "--out", "dangling.json"],
                "--out dangling.json: no folder missing to write it in\n"
            ),
            (["learn", "examples", "--out", ""], "--out \"\": an empty path names no file\n"),
            // A folder is no file to write, with --force or not (it said to give --force, then learned
            // and failed to write).
            (["learn", "examples", "--out", "examples"], "--out examples is a folder: name a file\n"),
            (["learn", "examples", "--out", "examples", "--force"], "--out examples is a folder: name a file\n"),
            // A path ending in / names a folder, there or not (writing to it failed after the work).
            (["learn", "examples", "--out", "nothere/"], "--out nothere/ names a folder: name a file\n"),
            (["learn", "examples", "--out", "examples/."], "--out examples/. names a folder: name a file\n"),
            (
                ["tune", "examples", "--sweep", "circle.roundnessTolerance=0.1:0.2:0.1", "--write-config", "nothere/"],
                "--write-config nothere/ names a folder: name a file\n"
            ),
            // A label no example can have: the negatives were then a gesture named none, or nothing.
            (
                ["learn", "examples", "--out", "t.json", "--force", "--negatives", ""],
                "--negatives \"\": expected a label, not empty and without spaces, commas, +, control characters "
                    + "or marks of text direction\n"
            ),
        ] {
            let run = try GestureCommand.run(arguments, in: folder)
            #expect(run.status == 2 && run.stderr.hasPrefix("gesture: error: \(message)"), "\(run.stderr)")
        }
    }

    /// Labels name gestures in any case: a folder `NONE` holds negatives as `none` does. With other
    /// negatives (`--negatives`), examples labelled none are refused, as no gesture may be named so:
    /// the file would be refused by every command that reads it.
    @Test func noneInAnyCaseLabelsNegatives() throws {
        let folder = try Self.folder("none-case")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.examples(in: folder, ["v", "caret"])
        try FileManager.default.moveItem(
            at: folder.appendingPathComponent("examples/p0/caret"),
            to: folder.appendingPathComponent("examples/p0/NONE"))
        let learned = try GestureCommand.run(["learn", "examples", "--out", "t.json"], in: folder)
        #expect(learned.status == 0, "\(learned.stderr)")
        #expect(learned.stdout.hasPrefix("learned 2 gestures from 12 examples (2 negatives)"), "\(learned.stdout)")
        let listed = try GestureCommand.run(["list", "--templates", "t.json", "--recognizers", "learned"], in: folder)
        #expect(listed.status == 0, "\(listed.stderr)")
        let other = try GestureCommand.run(
            ["learn", "examples", "--negatives", "v", "--out", "u.json"], in: folder)
        #expect(other.status == 2)
        #expect(
            other.stderr.contains(
                "examples/p0/NONE/0.json: error: label NONE is a gesture here, as the negatives are labelled v, but no "
                    + "recognizer's gesture may be named none (--label-map NONE=v makes them negatives)\n"),
            "\(other.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("u.json").path))
    }

    /// A templates file that cannot be read is an error with its place, on every command.
    @Test func aBadTemplatesFileIsAnErrorAtItsPlace() throws {
        let folder = try Self.folder("templates")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{\"format\": \"gesture-templates\", \"version\": 2}".utf8).write(
            to: folder.appendingPathComponent("v2.json"))
        try Data("{\"format\": ".utf8).write(to: folder.appendingPathComponent("cut.json"))
        let trace = GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path
        for command in [["classify", trace], ["list"], ["render", trace, "--out", "-"]] {
            let v2 = try GestureCommand.run(command + ["--templates", "v2.json"], in: folder)
            #expect(v2.status == 2)
            #expect(
                v2.stderr == "v2.json:1:44: error: unknown version 2: this gesture reads templates files of version 1\n"
            )
            let cut = try GestureCommand.run(command + ["--templates", "cut.json"], in: folder)
            #expect(cut.stderr == "cut.json:1:12: error: unexpected end of input: expected a value\n")
        }
        // A device is not read (it could go on for ever), in a config file either.
        let device = try GestureCommand.run(["list", "--templates", "/dev/zero"], in: folder)
        #expect(
            device.status == 2 && device.stderr == "gesture: error: templates file /dev/zero is not a regular file\n")
        try Data(#"{"templates": ["/dev/zero"]}"#.utf8).write(to: folder.appendingPathComponent("c.json"))
        let configured = try GestureCommand.run(["list", "--config", "c.json"], in: folder)
        #expect(configured.stderr == "c.json:1:16: error: templates file /dev/zero is not a regular file\n")
        let missing = try GestureCommand.run(["list", "--templates", "nope.json"], in: folder)
        #expect(missing.status == 2 && missing.stderr.hasPrefix("gesture: error: cannot read templates file nope.json"))
        // Any other version is named as found; a trace is named as a trace.
        for (version, shown) in [("0", "0"), ("-1", "-1"), ("1e20", "1e+20"), ("\"x\"", "\"x\"")] {
            try Data("{\"format\": \"gesture-templates\", \"version\": \(version)}".utf8).write(
                to: folder.appendingPathComponent("v.json"))
            let run = try GestureCommand.run(["list", "--templates", "v.json"], in: folder)
            #expect(
                run.stderr
                    == "v.json:1:44: error: unknown version \(shown): this gesture reads templates files of version 1\n"
            )
        }
        let given = try GestureCommand.run(["list", "--templates", trace], in: folder)
        #expect(
            given.stderr
                == "\(trace):1:1: error: this is a trace, not a templates file: `gesture learn EXAMPLES… --out "
                + "FILE` makes one from traces\n")
    }

    /// A pipe named on the command line (`<(…)`) is read, as for traces; a device is not.
    @Test func aTemplatesFileThroughAPipeIsRead() async throws {
        let folder = try Self.folder("pipe")
        defer { try? FileManager.default.removeItem(at: folder) }
        let examples = GestureCommand.packageRoot.appendingPathComponent("docs/examples").path
        let output = try await GestureCommand.bashInBackground(
            "\"$GESTURE\" list --templates <(cat '\(examples)/marks.json') | grep -c '^marks'", in: folder)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "1\n")
    }
}
