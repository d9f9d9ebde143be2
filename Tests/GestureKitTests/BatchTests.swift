import Foundation
import Testing

@testable import GestureKit

/// The mini corpus is scored with the four shape recognizers only: these tests check the scoring,
/// and every drag that no shape claims would otherwise be a `pan`.
/// The gestures those recognizers give, in the order messages list them.
let shapeGestures = Registry.all.filter { shapes[1].split(separator: ",").contains(Substring($0.id)) }.flatMap(
    \.gestures
)
.sorted(by: GestureOrder.precedes).joined(separator: ", ")

let shapes = [
    "--recognizers",
    Registry.all.filter { !$0.capabilities.filter { [.shape, .swipe].contains($0) }.isEmpty }.map(\.id).joined(
        separator: ","),
]

@Suite(.serialized) struct BatchTests {
    @Test func metricsOfTheMiniCorpusMatchTheHandWorkedFigures() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        let output = try GestureCommand.run(
            ["batch"] + shapes + ["--format", "json", "--labels", "labels.csv", "."], in: corpus.folder)
        #expect(output.status == 0)
        let document = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        // 7 files: 6 labelled (2 checkmark, 2 none, z, circle), 1 unlabelled; correct: c1, n2, z, by-file.
        #expect(summary["traces"] as? Int == 7)
        #expect(summary["scored"] as? Int == 6)
        #expect(summary["unlabelled"] as? Int == 1)
        #expect(summary["errors"] as? Int == 0)
        #expect(summary["correct"] as? Int == 4)
        #expect((summary["accuracy"] as? Double).map { abs($0 - 4.0 / 6) < 1e-12 } == true)
        let gestures = try #require(summary["gestures"] as? [String: [String: Any]])
        #expect(Set(gestures.keys) == ["checkmark", "circle", "swipe-left", "z", "none"])
        // checkmark: support 2, predicted 1, TP 1 → precision 1, recall 1/2, F1 2/3.
        #expect(gestures["checkmark"]?["support"] as? Int == 2)
        #expect(gestures["checkmark"]?["precision"] as? Double == 1)
        #expect(gestures["checkmark"]?["recall"] as? Double == 0.5)
        #expect((gestures["checkmark"]?["f1"] as? Double).map { abs($0 - 2.0 / 3) < 1e-12 } == true)
        // none: support 2, predicted 2 (c2, n2), TP 1.
        #expect(gestures["none"]?["precision"] as? Double == 0.5)
        #expect(gestures["none"]?["recall"] as? Double == 0.5)
        // swipe-left: never a label, predicted once: precision 0, recall and F1 undefined.
        #expect(gestures["swipe-left"]?["precision"] as? Double == 0)
        #expect(gestures["swipe-left"]?["recall"] is NSNull)
        let confusion = try #require(summary["confusion"] as? [String: [String: Int]])
        #expect(confusion["checkmark"] == ["checkmark": 1, "circle": 0, "swipe-left": 0, "z": 0, "none": 1])
        #expect(confusion["none"] == ["checkmark": 0, "circle": 0, "swipe-left": 1, "z": 0, "none": 1])
        #expect(summary["failures"] as? [String: [String: Int]] == ["checkmark": ["ended-too-low": 1]])
        let traces = try #require(document["traces"] as? [[String: Any]])
        #expect(
            traces.map { $0["path"] as? String } == [
                "./by-file.csv", "./checkmark/c1.csv", "./checkmark/c2.csv", "./misc/u.csv", "./none/n1.csv",
                "./none/n2.csv", "./z.csv",
            ])
        let miss = try #require(traces[2]["failure"] as? [String: Any])
        #expect(miss["recognizer"] as? String == "checkmark")
        #expect(miss["code"] as? String == "ended-too-low")
    }

    @Test func textSummaryGolden() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        let output = try GestureCommand.run(["batch"] + shapes + ["--labels", "labels.csv", "."], in: corpus.folder)
        try CommandLineTests().assertGolden(output.stdout, "batch-mini.txt")
        let csv = try GestureCommand.run(
            ["batch"] + shapes + ["--format", "csv", "--labels", "labels.csv", "."], in: corpus.folder)
        try CommandLineTests().assertGolden(csv.stdout, "batch-mini.csv")
    }

    /// A worker replays its traces one after another in one workspace: a trace that ends with a touch
    /// still down, its long press's deadline pending, leaves nothing to the next (a deadline carried
    /// over would make a 0.35 s press at t = 10 a long press). Each trace gives what it gives alone.
    @Test func aTraceLeavesNothingToTheNextOnItsWorker() throws {
        let corpus = try MiniCorpus("batch-carry-over")
        defer { corpus.remove() }
        try corpus.write("a.csv", "t,id,phase,x,y\n0,1,began,100,100\n0.1,1,moved,101,100\n")
        try corpus.write("b.csv", "t,id,phase,x,y\n10,1,began,100,100\n10.3,1,moved,100,100\n10.35,1,ended,100,100\n")
        let batch = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--jobs", "1", "a.csv", "b.csv"], in: corpus.folder)
        let gestures = batch.stdout.split(separator: "\n").map { row in
            ["a.csv", "b.csv"].first { row.contains("\"path\":\"\($0)\"") }.map { name in
                "\(name) " + (row.contains(#""gesture":"none""#) ? "none" : "something")
            }
        }
        #expect(gestures == ["a.csv none", "b.csv none"], "\(batch.stdout)")
        let alone = try GestureCommand.run(["classify", "b.csv"], in: corpus.folder)
        #expect(alone.stdout.hasPrefix("b.csv: none\n"))
    }

    @Test func sameBytesForAnyJobsAndPathOrder() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        let one = try GestureCommand.run(
            ["batch"] + shapes + ["--format", "jsonl", "--jobs", "1", "checkmark", "none", "z.csv"], in: corpus.folder)
        let four = try GestureCommand.run(
            ["batch"] + shapes + ["--format", "jsonl", "--jobs", "4", "z.csv", "none", "checkmark/"], in: corpus.folder)
        #expect(one == four)
        #expect(one.stdout.split(separator: "\n").count == 5)
    }

    @Test func shardsMergedEqualTheWhole() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        let whole = try GestureCommand.run(
            ["batch"] + shapes + ["--format", "json", "--labels", "labels.csv", "."], in: corpus.folder)
        let out = try MiniCorpus("shards")
        defer { out.remove() }
        var shardFiles: [String] = []
        var rows = 0
        for k in 1...3 {
            let shard = try GestureCommand.run(
                ["batch"] + shapes + ["--format", "json", "--labels", "labels.csv", "--shard", "\(k)/3", "."],
                in: corpus.folder)
            try out.write("shard\(k).json", shard.stdout)
            shardFiles.append(out.folder.appendingPathComponent("shard\(k).json").path)
            rows += shard.stdout.split(separator: "\n").filter { $0.hasPrefix("{\"path\"") }.count
        }
        #expect(rows == 7, "every trace is in exactly one shard")
        let merged = try GestureCommand.run(["merge-scores"] + shardFiles.reversed(), in: corpus.folder)
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
        let text = try GestureCommand.run(["merge-scores", "--format", "text"] + shardFiles, in: corpus.folder)
        let wholeText = try GestureCommand.run(["batch"] + shapes + ["--labels", "labels.csv", "."], in: corpus.folder)
        #expect(text.stdout == wholeText.stdout)
        // A shard given twice would count its traces twice: refused, naming both inputs.
        let twice = try GestureCommand.run(["merge-scores", shardFiles[0], shardFiles[1], shardFiles[0]])
        #expect(twice.status == 2 && twice.stdout == "")
        #expect(
            twice.stderr.hasPrefix("gesture: error: shard 1/3 is given twice: \(shardFiles[0]) and \(shardFiles[0])\n"))
    }

    /// The corpus fingerprint holds the PATH's own name: two people's folders whose files are named
    /// alike are two corpora, and one folder named two ways (`.` and its absolute path) is one.
    @Test func shardsOfTwoFoldersNamedAlikeAreRefused() throws {
        let corpus = try MiniCorpus("alike")
        defer { corpus.remove() }
        for person in ["p1", "p2"] { try corpus.add("\(person)/z.csv", from: "z.csv", label: "z") }
        let options = shapes + ["--format", "json"]
        try corpus.write(
            ".one.json",
            try GestureCommand.run(["batch"] + options + ["--shard", "1/2", "p1"], in: corpus.folder).stdout)
        try corpus.write(
            ".two.json",
            try GestureCommand.run(["batch"] + options + ["--shard", "2/2", "p2"], in: corpus.folder).stdout)
        let merged = try GestureCommand.run(["merge-scores", ".one.json", ".two.json"], in: corpus.folder)
        #expect(merged.status == 2 && merged.stdout == "")
        #expect(
            merged.stderr.hasPrefix(
                "gesture: error: .two.json walked another corpus (1 files) than .one.json (1 files)"))
        let p1 = corpus.folder.appendingPathComponent("p1")
        try corpus.write(
            ".other.json",
            try GestureCommand.run(["batch"] + options + ["--shard", "2/2", p1.path], in: corpus.folder).stdout)
        let mounted = try GestureCommand.run(["merge-scores", ".one.json", ".other.json"], in: corpus.folder)
        #expect(mounted.status == 0 && mounted.stderr == "")
    }

    @Test func everyBadFileIsAnErrorRowAndTheRunGoesOn() throws {
        let corpus = try MiniCorpus("bad")
        defer { corpus.remove() }
        try corpus.add("checkmark/good.csv", from: "checkmark.json")
        try corpus.write("checkmark/empty.json", "")
        try corpus.write("checkmark/malformed.csv", "t,id,phase,x,y\n0,1,began,\"1\n")
        try Data([0x00, 0xFF, 0xFE, 0x3C, 0x01, 0x9A]).write(
            to: corpus.folder.appendingPathComponent("checkmark/binary.xml"))
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("checkmark/dangling.json").path,
            withDestinationPath: "/nonexistent/x")
        #expect(mkfifo(corpus.folder.appendingPathComponent("checkmark/fifo.csv").path, 0o644) == 0)
        let output = try GestureCommand.run(["batch"] + shapes + ["--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 2)
        let rows = output.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 6)
        #expect(rows.filter { $0.contains(#""error":null"#) }.count == 1)
        #expect(
            output.stderr.split(separator: "\n") == [
                "./checkmark/binary.xml:1:1: error: expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?",
                "./checkmark/dangling.json: error: cannot read: dangling symbolic link",
                "./checkmark/empty.json:1:1: error: unexpected end of input: expected a value",
                "./checkmark/fifo.csv: error: cannot read: a FIFO, not a regular file",
                "./checkmark/malformed.csv:2:11: error: sample 0: unterminated quoted field: expected '\"'",
            ])
    }

    @Test func aSymbolicLinkLoopEnds() throws {
        let corpus = try MiniCorpus("loop")
        defer { corpus.remove() }
        try corpus.add("a/z.csv", from: "z.csv", label: "z")
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("a/back").path,
            withDestinationPath: corpus.folder.appendingPathComponent("a").path)
        let output = try GestureCommand.run(["batch"] + shapes + ["--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 0)
        #expect(output.stdout.split(separator: "\n").count == 1)
    }

    @Test func anUnknownLabelIsAnErrorUpFront() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        try corpus.write("bad-labels.csv", "path,label\nz.csv,zed\n")
        let output = try GestureCommand.run(
            ["batch"] + shapes + ["--labels", "bad-labels.csv", "."], in: corpus.folder)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(
            output.stderr
                == "bad-labels.csv:2:7: error: unknown label \"zed\": expected one of \(shapeGestures), none (or map it with --label-map)\n"
        )
        // A gesture of a recognizer --recognizers leaves out says so.
        try corpus.write("left-out.csv", "path,label\nz.csv,swipe-up\n")
        let leftOut = try GestureCommand.run(
            ["batch", "--recognizers", "checkmark,z,circle", "--labels", "left-out.csv", "z.csv"], in: corpus.folder)
        #expect(
            leftOut.stderr
                == "left-out.csv:2:7: error: unknown label \"swipe-up\": swipe-up is a gesture of swipe, which is not "
                + "among the recognizers (--recognizers): add swipe, or map the label (--label-map swipe-up=none)\n")
        // Of a sequence, the map's hint names the whole label: the map renames whole labels.
        try corpus.write("sequence.csv", "path,label\nz.csv,z+swipe-up\n")
        let sequence = try GestureCommand.run(
            ["batch", "--recognizers", "checkmark,z,circle", "--labels", "sequence.csv", "z.csv"], in: corpus.folder)
        #expect(sequence.stderr.hasSuffix("(--label-map z+swipe-up=none)\n"))
        let mapped = try GestureCommand.run(
            ["batch"] + shapes + ["--labels", "bad-labels.csv", "--label-map", "zed=z", "--format", "jsonl", "z.csv"],
            in: corpus.folder)
        #expect(mapped.stdout.contains(#""label":"z","gesture":"z","correct":true"#))

        // A map to a slip of a gesture, or to a gesture left out, and a recall gate on a slip, say which.
        let restricted = ["batch", "--recognizers", "checkmark,z,circle"]
        let slip = try GestureCommand.run(restricted + ["--label-map", "zed=Z", "z.csv"], in: corpus.folder)
        #expect(slip.status == 2)
        #expect(
            slip.stderr.hasPrefix(
                "gesture: error: --label-map: unknown gesture \"Z\": did you mean z? expected one of "))
        let away = try GestureCommand.run(restricted + ["--label-map", "zed=swipe-up", "z.csv"], in: corpus.folder)
        #expect(
            away.stderr.hasPrefix(
                "gesture: error: --label-map: swipe-up is a gesture of swipe, which is not among the recognizers "
                    + "(--recognizers): add swipe\n"), "\(away.stderr)")
        // A name mapped twice (the last won, unsaid), and an empty pair.
        for (map, message) in [
            ("zed=z,zed=circle", "zed is mapped to z and to circle: one name, one gesture"),
            ("*=none,*=z", "* is mapped to none and to z: one name, one gesture"),
            ("zed=z,,", "expected FROM=TO pairs separated by commas, found \"\""),
        ] {
            let twice = try GestureCommand.run(restricted + ["--label-map", map, "z.csv"], in: corpus.folder)
            #expect(twice.status == 2)
            #expect(twice.stderr.hasPrefix("gesture: error: --label-map: \(message)\n"), "\(twice.stderr)")
        }
        let same = try GestureCommand.run(restricted + ["--label-map", "zed=z,zed=z", "z.csv"], in: corpus.folder)
        #expect(same.status == 0, "\(same.stderr)")
        let gate = try GestureCommand.run(restricted + ["--min-recall", "cirle=0.9", "z.csv"], in: corpus.folder)
        #expect(gate.status == 2)
        #expect(gate.stderr.hasPrefix("gesture: error: --min-recall: unknown gesture \"cirle\": did you mean circle? "))
        // A slip of a gesture the recognizers leave out is named as a label's is.
        let leftOutSlip = try GestureCommand.run(
            ["batch", "--recognizers", "swipe", "--min-recall", "chekmark=0.9", "z.csv"], in: corpus.folder)
        #expect(leftOutSlip.status == 2)
        #expect(
            leftOutSlip.stderr.hasPrefix(
                "gesture: error: --min-recall: unknown gesture \"chekmark\": did you mean checkmark? expected one of "
                    + "swipe-down, swipe-left, swipe-right, swipe-up, none\n"), "\(leftOutSlip.stderr)")
    }

    /// A trace's own label that no recognizer produces is a row's error placed at the label, in JSON
    /// and CSV alike (the file is read again for the place, on this path alone).
    @Test func aTracesOwnUnknownLabelIsPlacedAtIt() throws {
        let corpus = try MiniCorpus("own-label")
        defer { corpus.remove() }
        try corpus.write("typo.csv", "# name: t\n#  label: tapp\nt,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,2\n")
        try corpus.write(
            "typo.json",
            "{\n  \"label\": \"tapp\",\n  \"samples\": [{\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1, \"y\": 2}]}\n"
        )
        let output = try GestureCommand.run(["batch"] + shapes + ["--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 2)
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[0].contains(#""code":"unknown-label""#) && rows[0].contains(#""line":2,"column":11"#))
        #expect(rows[1].contains(#""code":"unknown-label""#) && rows[1].contains(#""line":2,"column":12"#))
    }

    @Test func gatesExitOneWhenMissed() throws {
        let corpus = try MiniCorpus.standard()
        defer { corpus.remove() }
        let passing = try GestureCommand.run(
            ["batch"] + shapes + ["--labels", "labels.csv", "--min-accuracy", "0.6", "--min-recall", "z=1", "."],
            in: corpus.folder)
        #expect(passing.status == 0)
        let failing = try GestureCommand.run(
            ["batch"] + shapes + [
                "--labels", "labels.csv", "--quiet", "--min-accuracy", "0.7", "--min-recall", "checkmark=0.9", ".",
            ], in: corpus.folder)
        #expect(failing.status == 1)
        #expect(
            failing.stderr
                == "gesture: accuracy 0.6667 is below --min-accuracy 0.7\ngesture: recall of checkmark 0.5 is below --min-recall 0.9\n"
        )
        // A label of gestures in sequence is scored as one, and gated as one.
        let sequence = try GestureCommand.run(
            [
                "batch", "Traces", "--quiet", "--min-recall", "checkmark+swipe-right=1", "--min-recall",
                "long-press+pan=1",
            ])
        #expect(sequence.status == 0, "\(sequence.stderr)")
        // Exactly at the gate is not below it: every bundled trace right, and a gate of 1.
        let exact = try GestureCommand.run(["batch", "Traces", "--quiet", "--min-accuracy", "1"])
        #expect(exact.status == 0 && exact.stdout.contains("accuracy 100%"), "\(exact.stderr)")
        let slip = try GestureCommand.run(["batch", "Traces", "--quiet", "--min-recall", "checkmark+swipz=1"])
        #expect(slip.status == 2)
        #expect(
            slip.stderr.hasPrefix(
                "gesture: error: --min-recall: \"checkmark+swipz\" is no sequence of the gestures of the recognizers"))
        // A gate close to the figure: both as many decimals as tell them apart, the gate as given.
        let close = try GestureCommand.run(
            ["batch"] + shapes + ["--labels", "labels.csv", "--quiet", "--min-accuracy", "0.66667", "."],
            in: corpus.folder)
        #expect(close.status == 1)
        #expect(close.stderr == "gesture: accuracy 0.666667 is below --min-accuracy 0.66667\n")
        // A trace that cannot be read: exit status 2, and the gates are said not to be checked (they
        // went unsaid).
        try corpus.write("bad.json", "{")
        let unread = try GestureCommand.run(
            ["batch"] + shapes + [
                "--labels", "labels.csv", "--quiet", "--min-accuracy", "0.7", "--min-recall", "z=1", ".",
            ],
            in: corpus.folder)
        #expect(unread.status == 2)
        #expect(
            unread.stderr.hasSuffix(
                "gesture: note: --min-accuracy and --min-recall not checked: 1 trace is an error (exit status 2)\n"),
            "\(unread.stderr)")
        // A trace read, with a label of its own that names no gesture, is an error too, not one that
        // "could not be read", as the note said.
        try corpus.write(
            "bad.json",
            #"{"label": "bogus", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}, "#
                + #"{"t": 0.05, "id": 1, "phase": "ended", "x": 1, "y": 1}]}"#)
        let unknown = try GestureCommand.run(
            ["batch"] + shapes + ["--labels", "labels.csv", "--quiet", "--min-accuracy", "0.7", "."], in: corpus.folder)
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown label \"bogus\""), "\(unknown.stderr)")
        #expect(
            unknown.stderr.hasSuffix(
                "gesture: note: --min-accuracy not checked: 1 trace is an error (exit status 2)\n"),
            "\(unknown.stderr)")
    }

    @Test func walkOrderIsComponentWiseAndSkipsHiddenAndOtherFiles() throws {
        let corpus = try MiniCorpus("walk")
        defer { corpus.remove() }
        for path in ["b.json", "a-b.csv", "a/x.xml", "a/.h.json", ".g/y.json", "a.txt", "B/c.csv"] {
            try corpus.write(path, "")
        }
        let walked = CorpusWalker(roots: [corpus.folder.path + "/"]).map { $0.relativePath }
        #expect(walked == ["B/c.csv", "a/x.xml", "a-b.csv", "b.json"])
    }

    /// A folder or file reached from two roots is walked once, under the root first in path order:
    /// the same folder spelt two ways, a folder inside another root, a file inside a root, a file
    /// spelt two ways.
    @Test func aTraceReachedFromTwoRootsIsWalkedOnce() throws {
        let corpus = try MiniCorpus("roots")
        defer { corpus.remove() }
        for path in ["d/s1/a.csv", "d/s1/b.csv", "d/s2/c.csv", "e.csv"] { try corpus.write(path, "") }
        let base = corpus.folder.path
        // The paths below the corpus folder, as the walk shows them.
        func walk(_ roots: [String]) -> [String] {
            CorpusWalker(roots: roots.map { base + "/" + $0 }).map { String($0.path.dropFirst(base.count + 1)) }
        }
        #expect(walk(["d", "./d"]) == ["./d/s1/a.csv", "./d/s1/b.csv", "./d/s2/c.csv"])
        #expect(walk(["d/s1", "d"]) == ["d/s1/a.csv", "d/s1/b.csv", "d/s2/c.csv"])
        #expect(
            walk(["d/s2/c.csv", "d", "e.csv", "./e.csv"]) == ["./e.csv", "d/s1/a.csv", "d/s1/b.csv", "d/s2/c.csv"])
        // Through the command: each file scored once.
        let output = try GestureCommand.run(["batch", "--format", "jsonl", "d", "./d", "d/s1"], in: corpus.folder)
        #expect(output.stdout.split(separator: "\n").count == 3)
        // A file reached through a symbolic link to it, or through a linked folder, is that file.
        try FileManager.default.createSymbolicLink(atPath: base + "/link.csv", withDestinationPath: "d/s2/c.csv")
        try FileManager.default.createSymbolicLink(atPath: base + "/dl", withDestinationPath: "d")
        #expect(walk(["d", "link.csv", "dl/s1/a.csv"]) == ["d/s1/a.csv", "d/s1/b.csv", "d/s2/c.csv"])
    }

    /// Two hard links to one file are two names, each a trace, whether they are found in a walk or
    /// named: a root file beside them made them one (`batch c c/a.json` scored one of `c`'s two).
    @Test func hardLinksAreTwoTracesHoweverTheyAreReached() throws {
        let corpus = try MiniCorpus("hard-links")
        defer { corpus.remove() }
        try corpus.write("c/a.csv", "")
        let base = corpus.folder.path
        #expect(link(base + "/c/a.csv", base + "/c/b.csv") == 0)
        func walk(_ roots: [String]) -> [String] {
            CorpusWalker(roots: roots.map { base + "/" + $0 }).map { String($0.path.dropFirst(base.count + 1)) }
        }
        #expect(walk(["c"]) == ["c/a.csv", "c/b.csv"])
        #expect(walk(["c/a.csv", "c/b.csv"]) == ["c/a.csv", "c/b.csv"])
        #expect(walk(["c", "c/a.csv"]) == ["c/a.csv", "c/b.csv"])
        #expect(walk(["c/b.csv", "c"]) == ["c/a.csv", "c/b.csv"])
    }

    @Test func scoreboardsMergeAdditively() {
        var a = Scoreboard()
        var b = Scoreboard()
        a.add(BatchRow(path: "1", label: "z", gesture: "z"))
        b.add(
            BatchRow(
                path: "2", label: "z", gesture: "none", miss: Miss(recognizer: "z", code: "incomplete", message: "")))
        b.add(BatchRow(path: "3"))
        var whole = Scoreboard()
        for row in [
            BatchRow(path: "1", label: "z", gesture: "z"),
            BatchRow(
                path: "2", label: "z", gesture: "none", miss: Miss(recognizer: "z", code: "incomplete", message: "")),
            BatchRow(path: "3"),
        ] {
            whole.add(row)
        }
        a.merge(b)
        #expect(a == whole)
        #expect(a.metrics("z") == Scoreboard.Metrics(support: 2, predicted: 1, truePositives: 1))
    }

    /// A trace named with a line break is counted among those a labels file above the paths labels: it
    /// was looked up as output shows its name (`new\u{A}line.csv`), which no row spells.
    @Test func aLabelsFileAboveCountsATraceNamedWithALineBreak() throws {
        let corpus = try MiniCorpus("labels-above-line-break")
        defer { corpus.remove() }
        try corpus.add("people/p1/new\nline.csv", from: "checkmark.json")
        try corpus.add("people/p1/b.csv", from: "circle.json")
        try corpus.write("people/labels.csv", "path,label\n\"p1/new\nline.csv\",checkmark\np1/b.csv,circle\n")
        let run = try GestureCommand.run(["batch", "p1"], in: corpus.folder.appendingPathComponent("people"))
        #expect(
            run.stderr
                == "gesture: note: 2 traces are unlabelled; labels.csv labels all 2, but only the labels files in the "
                + "folders walked are read: give --labels labels.csv\n", "\(run.stderr)")
    }

    /// `--labels` whose rows name none of the batch's traces (written from the corpus's folder, kept
    /// elsewhere) scored nothing with no more said than a warning per row: a note says where their
    /// paths are read from.
    @Test func labelsFilesThatLabelNoTraceOfTheBatchAreNamed() throws {
        let corpus = try MiniCorpus("labels-missed")
        defer { corpus.remove() }
        try corpus.add("flat/a.csv", from: "checkmark.json")
        try corpus.add("flat/b.csv", from: "circle.json")
        try corpus.write("rows.csv", "path,label\na.csv,checkmark\nb.csv,circle\n")
        let run = try GestureCommand.run(["batch", "flat", "--labels", "rows.csv"], in: corpus.folder)
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("2 traces: 0 scored, 2 unlabelled, 0 errors\n"))
        #expect(
            run.stderr.hasSuffix(
                "gesture: note: no trace is labelled (2 traces): no row of the --labels files names one; a row's "
                    + "path is relative to its labels file's folder (rows.csv: .)\n"), "\(run.stderr)")
        // Once one trace is labelled, the rows are no longer all amiss: no note.
        try corpus.write("rows.csv", "path,label\nflat/a.csv,checkmark\nb.csv,circle\n")
        let some = try GestureCommand.run(["batch", "flat", "--labels", "rows.csv"], in: corpus.folder)
        #expect(!some.stderr.contains("note:"), "\(some.stderr)")
        // Rows with no label label nothing, and say so: no note that they name no trace.
        try corpus.write("rows.csv", "path,label\nflat/a.csv,\n")
        let none = try GestureCommand.run(["batch", "flat", "--labels", "rows.csv"], in: corpus.folder)
        #expect(none.stderr == "rows.csv:2:12: warning: flat/a.csv has no label: the row labels nothing\n")
    }

    /// A batch (or tune) of a folder whose labels file is in a folder above it labels none of its
    /// traces, since only the labels files of the folders walked are read: a note names the file to
    /// give, spelt from the path as typed; once given, there is none.
    @Test func aLabelsFileAboveThePathsGivenIsNamed() throws {
        let corpus = try MiniCorpus("labels-above")
        defer { corpus.remove() }
        try corpus.add("people/p1/a.csv", from: "checkmark.json")
        try corpus.add("people/p1/b.csv", from: "circle.json")
        try corpus.add("people/p2/c.csv", from: "circle.json")
        try corpus.write("people/labels.csv", "path,label\np1/a.csv,checkmark\np1/b.csv,circle\n")
        let people = corpus.folder.appendingPathComponent("people")
        func note(_ count: Int, _ file: String) -> String {
            "gesture: note: \(count == 1 ? "1 trace is" : "\(count) traces are") unlabelled; \(file) labels "
                + (count == 1 ? "it" : "all \(count)") + ", but only the labels files in the folders walked are read: "
                + "give --labels \(file)\n"
        }
        for (arguments, folder, file, count) in [
            (["p1"], people, "labels.csv", 2), (["people/p1"], corpus.folder, "people/labels.csv", 2),
            (["p1/a.csv"], people, "labels.csv", 1), (["./p1/../p1/"], people, "labels.csv", 2),
        ] {
            let run = try GestureCommand.run(["batch"] + arguments, in: folder)
            #expect(run.status == 0 && run.stderr == note(count, file), "\(arguments): \(run.stderr)")
        }
        // p2 has no row there: nothing to say. With p1 too, the file labels 2 of the 3, said once
        // however the paths are spelt.
        let other = try GestureCommand.run(["batch", "p2"], in: people)
        #expect(other.status == 0 && other.stderr == "", "\(other.stderr)")
        let both = try GestureCommand.run(["batch", "p2", people.appendingPathComponent("p1").path], in: people)
        #expect(
            both.stderr
                == "gesture: note: 3 traces are unlabelled; labels.csv labels 2 of them, but only the labels files in "
                + "the folders walked are read: give --labels labels.csv\n", "\(both.stderr)")
        // A row for a trace that has a label already (its folder's) is no reason to name the file.
        try corpus.add("people/p3/circle/d.csv", from: "circle.json")
        try corpus.add("people/p3/e.csv", from: "circle.json")
        try corpus.write("people/p3/labels-elsewhere.csv", "path,label\n")
        try corpus.write("people/more-labels.csv", "path,label\np3/circle/d.csv,circle\n")
        let labelled = try GestureCommand.run(["batch", "p3"], in: people)
        #expect(labelled.status == 0 && labelled.stderr == "", "\(labelled.stderr)")
        let given = try GestureCommand.run(["batch", "p1", "--labels", "labels.csv"], in: people)
        #expect(given.status == 0 && given.stderr == "", "\(given.stderr)")
        #expect(given.stdout.hasPrefix("2 traces: 2 scored, 0 unlabelled, 0 errors\n"))
        let tune = try GestureCommand.run(
            ["tune", "p1", "--sweep", "checkmark.minimumRiseRatio=0.4:0.5:0.1"], in: people)
        #expect(tune.status == 2)
        #expect(
            tune.stderr.hasPrefix(
                "gesture: error: no labelled traces among the 2 files (0 errors, 2 unlabelled): give --labels labels.csv "
                    + "(it labels them, but only the labels files in the folders walked are read), or put traces in "
                    + "folders named for their gesture\n"), "\(tune.stderr)")
        #expect(Labeler.spelt("../x", up: 1) == "../" && Labeler.spelt("x", up: 2) == "../")
        #expect(Labeler.spelt("/a/b", up: 1) == "/a/" && Labeler.spelt("/a", up: 1) == "/")
        #expect(Labeler.spelt(".", up: 1) == "../" && Labeler.spelt("a/./b/", up: 1) == "a/")
    }
}

extension BatchTests {
    /// A miss whose labelled gesture fired in one touch sequence while the trace gave more in others
    /// is `other-gesture`, saying what else came: it read "pan recognized pan, not pan", and a
    /// checkmark recognized in its sequence was missed with the failure of its recognizer in the next
    /// (`no-up-stroke`, from the swipe).
    @Test func aLabelThatFiredBesideAnotherGestureSaysWhatElseCame() throws {
        let corpus = try MiniCorpus("batch-beside")
        defer { corpus.remove() }
        try corpus.add("a.csv", from: "long-press-then-pan.json", label: "pan")
        try corpus.add("b.csv", from: "checkmark-then-swipe-right.json", label: "checkmark")
        let run = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        let rows = run.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(
            rows.first?.contains(
                #""failure":{"recognizer":"pan","code":"other-gesture","message":"pan recognized pan, but the trace also gave long-press (its gesture is long-press+pan)""#
            ) == true, "\(rows)")
        #expect(
            rows.last?.contains(
                #""failure":{"recognizer":"checkmark","code":"other-gesture","message":"checkmark recognized checkmark, but the trace also gave swipe-right (its gesture is checkmark+swipe-right)""#
            ) == true, "\(rows)")
    }
}

extension BatchTests {
    /// The worst misses rank by how far past the limit relative to it, not in the limit's units: a
    /// hold 0.3 s against 0.5 s (40% off) is worse than a stroke 104 pt against 80 pt (30% off),
    /// though 24 points is the larger number. Otherwise point limits would always crowd out seconds.
    @Test func worstMissesRankByTheDistancePastTheLimitRelativeToIt() {
        func row(_ path: String, measured: Double, limit: Double, unit: String) -> BatchRow {
            BatchRow(
                path: path, label: "checkmark", gesture: "none",
                miss: Miss(
                    recognizer: "checkmark", code: "code", message: "m", measured: measured, limit: limit, unit: unit))
        }
        let seconds = row("a-seconds.csv", measured: 0.3, limit: 0.5, unit: "s")
        let points = row("b-points.csv", measured: 104, limit: 80, unit: "pt")
        #expect(abs((seconds.miss?.severity ?? 0) - 0.4) < 1e-12)
        #expect(abs((points.miss?.severity ?? 0) - 0.3) < 1e-12)
        for order in [[seconds, points], [points, seconds]] {
            var worst = WorstMisses(capacity: 1)
            for row in order { worst.consider(row) }
            #expect(worst.finish().map(\.path) == ["a-seconds.csv"])
        }
    }

    /// A `labels.csv` whose header does not name both `path` and `label` (`path,gesture`,
    /// `label,notes`) is no labels file: it is read as a trace, an error row, and its folder's other
    /// traces are still scored, where reading it as labels would stop the whole run.
    @Test func aLabelsFileNamingOnlyPathOrLabelIsAnErrorRowNotAnAbort() throws {
        let corpus = try MiniCorpus("labels-header")
        defer { corpus.remove() }
        try corpus.add("checkmark/c.csv", from: "checkmark.json")
        for (header, isLabels) in [("path,gesture", false), ("label,notes", false), ("Path, \"Label\"", true)] {
            try corpus.write("checkmark/labels.csv", "\(header)\nc.csv,checkmark\n")
            let file = corpus.folder.appendingPathComponent("checkmark/labels.csv").path
            #expect(CorpusWalker.isLabelsHeader(Array(file.utf8)) == isLabels, "\(header)")
        }
        try corpus.write("checkmark/labels.csv", "path,gesture\nc.csv,checkmark\n")
        let output = try GestureCommand.run(["batch"] + shapes + ["--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 2)
        let rows = output.stdout.split(separator: "\n").map(String.init)
        #expect(rows.count == 2)
        #expect(
            rows.first?.hasPrefix(#"{"path":"./checkmark/c.csv","label":"checkmark","gesture":"checkmark""#) == true)
        #expect(rows.last?.hasPrefix(#"{"path":"./checkmark/labels.csv","label":null,"gesture":null"#) == true)
        #expect(
            output.stderr.hasPrefix(
                "./checkmark/labels.csv:1:1: error: missing column \"t\": the header must name \"t\", \"id\", \"phase\""
            ),
            "\(output.stderr)")
    }
}
