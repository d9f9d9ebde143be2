import Foundation
import Testing

@testable import GestureKit

/// `gesture batch --group-by` on a corpus small enough to score by hand, and `merge-scores` of its
/// shards. Scored with the shape recognizers (`shapes`), as `BatchTests` are.
@Suite(.serialized) struct BatchGroupTests {
    /// Three people's folders, labels from `labels.csv` (which also has a `group` column):
    ///
    ///     path       trace (bundled)        label      recognized   group column
    ///     p1/a.csv   checkmark.json         checkmark  checkmark    left
    ///     p1/b.csv   not-a-checkmark.json   checkmark  none (miss)  left
    ///     p1/c.csv   swipe-left.json        none       swipe-left   left
    ///     p2/a.csv   checkmark.json         checkmark  checkmark    right
    ///     p2/b.csv   circle.json            circle     circle       right
    ///     p2/c.csv   not-a-checkmark.json   none       none         right
    ///     p3/a.csv   z.csv                  circle     z            left
    ///     p3/b.csv   circle.json            (none: unlabelled)      right
    ///
    /// By hand, with `dir:1`:
    /// - p1: 3 scored. checkmark: support 2 (a, b), recognized in 1 (a) → recall 1/2 = 50%. none:
    ///   support 1 (c), recognized as none in 0 → 0%. circle: no support → "-". False alarms, traces
    ///   recognized as a gesture that is not their label (none does not count): c (swipe-left) → 1 of
    ///   3 = 33.3%.
    /// - p2: 3 scored. checkmark 1/1, circle 1/1, none 1/1 → 100% each; no false alarm → 0% (0).
    /// - p3: 2 traces, 1 scored (b is unlabelled). circle: support 1, recognized as z → 0/1 = 0%;
    ///   checkmark and none: no support → "-". False alarms: a (z) → 1 of 1 = 100%.
    /// - Worst group per label (lowest recall, ties to the first group): checkmark p1 50% (1 of 2),
    ///   circle p3 0% (0 of 1) (p2 has 100%), none p1 0% (0 of 1).
    /// - Whole run: 8 traces, 7 scored, 1 unlabelled; correct: p1/a, p2/a, p2/b, p2/c = 4 of 7.
    static func corpus() throws -> MiniCorpus {
        let corpus = try MiniCorpus("groups")
        try corpus.add("p1/a.csv", from: "checkmark.json")
        try corpus.add("p1/b.csv", from: "not-a-checkmark.json")
        try corpus.add("p1/c.csv", from: "swipe-left.json")
        try corpus.add("p2/a.csv", from: "checkmark.json")
        try corpus.add("p2/b.csv", from: "circle.json")
        try corpus.add("p2/c.csv", from: "not-a-checkmark.json")
        try corpus.add("p3/a.csv", from: "z.csv")
        try corpus.add("p3/b.csv", from: "circle.json")
        try corpus.write(
            "labels.csv",
            """
            path,label,group
            p1/a.csv,checkmark,left
            p1/b.csv,checkmark,left
            p1/c.csv,none,left
            p2/a.csv,checkmark,right
            p2/b.csv,circle,right
            p2/c.csv,none,right
            p3/a.csv,circle,left

            """)
        return corpus
    }

    static func batch(_ arguments: [String], in corpus: MiniCorpus) throws -> GestureCommand.Output {
        try GestureCommand.run(["batch"] + shapes + ["--labels", "labels.csv"] + arguments, in: corpus.folder)
    }

    @Test func theGroupsTableMatchesTheHandWorkedFigures() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let output = try Self.batch(["--group-by", "dir:1", "."], in: corpus)
        #expect(output.status == 0)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix("8 traces: 7 scored, 1 unlabelled, 0 errors\naccuracy 57.1% (4 of 7)\n"))
        let groups = """

            3 groups by dir:1: recall of each label; false alarms: scored traces recognized as a gesture that is not their label
            group  scored  checkmark  circle  none  false alarms
            p1          3        50%       -    0%     33.3% (1)
            p2          3       100%    100%  100%        0% (0)
            p3          1          -      0%     -      100% (1)

            worst group per label (lowest recall)
              checkmark  p1  50% (1 of 2)
              circle     p3  0% (0 of 1)
              none       p1  0% (0 of 1)

            """
        #expect(output.stdout.contains(groups + "\nworst misses"), "\(output.stdout)")
        // Without --group-by, the summary is as before: no groups.
        let plain = try Self.batch(["."], in: corpus)
        #expect(plain.stdout == output.stdout.replacingOccurrences(of: groups, with: ""))
    }

    @Test func jsonRowsAndSummaryCarryTheGroups() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let output = try Self.batch(["--group-by", "dir:1", "--format", "json", "."], in: corpus)
        #expect(output.status == 0)
        #expect(
            output.stdout.contains(#"{"path":"./p1/a.csv","group":"p1","label":"checkmark","gesture":"checkmark","#))
        #expect(output.stdout.contains(#"{"path":"./p3/b.csv","group":"p3","label":null,"gesture":"circle","#))
        let document = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let summary = try #require(document["summary"] as? [String: Any])
        #expect(summary["groupBy"] as? String == "dir:1")
        let groups = try #require(summary["groups"] as? [String: [String: Any]])
        #expect(groups.keys.sorted() == ["p1", "p2", "p3"])
        let p1 = try #require(groups["p1"])
        #expect(
            Set(p1.keys) == [
                "traces", "scored", "correct", "accuracy", "unlabelled", "errors", "unlabelledGestures",
                "unlabelledFolders", "overriddenLabels", "gestures", "confusion", "failures", "falseAlarms",
            ])
        #expect(p1["traces"] as? Int == 3 && p1["scored"] as? Int == 3 && p1["correct"] as? Int == 1)
        #expect(p1["falseAlarms"] as? Int == 1)
        #expect((p1["gestures"] as? [String: [String: Any]])?["checkmark"]?["recall"] as? Double == 0.5)
        #expect(p1["failures"] as? [String: [String: Int]] == ["checkmark": ["ended-too-low": 1]])
        #expect(groups["p3"]?["traces"] as? Int == 2 && groups["p3"]?["unlabelled"] as? Int == 1)
        let worst = try #require(summary["worstGroups"] as? [String: [String: Any]])
        #expect(worst.keys.sorted() == ["checkmark", "circle", "none"])
        #expect(worst["circle"]?["group"] as? String == "p3")
        #expect(worst["circle"]?["recall"] as? Double == 0)
        #expect(worst["checkmark"]?["support"] as? Int == 2 && worst["checkmark"]?["truePositives"] as? Int == 1)
        // The order of the summary's members is fixed: the groups come after the whole run's counts.
        #expect(
            output.stdout.contains(
                #""failures":{"checkmark":{"ended-too-low":1},"circle":{"not-closed":1}},"groupBy":"dir:1","groups":{"p1":"#
            ))
    }

    @Test func jsonlAndCSVRowsCarryTheGroupOnlyWhenGrouped() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let csv = try Self.batch(["--group-by", "column:group", "--format", "csv", "p2"], in: corpus)
        #expect(
            csv.stdout == """
                path,group,label,gesture,correct,error_code,error_message,failure_recognizer,failure_code,failure_message
                p2/a.csv,right,checkmark,checkmark,true,,,,,
                p2/b.csv,right,circle,circle,true,,,,,
                p2/c.csv,right,none,none,true,,,,,

                """)
        let jsonl = try Self.batch(["--group-by", "group", "--format", "jsonl", "p3/a.csv"], in: corpus)
        #expect(jsonl.stdout.hasPrefix(#"{"path":"p3/a.csv","group":"left","label":"circle","gesture":"z","#))
        let plain = try Self.batch(["--format", "jsonl", "p3/a.csv"], in: corpus)
        #expect(plain.stdout.hasPrefix(#"{"path":"p3/a.csv","label":"circle","gesture":"z","#))
    }

    /// `column:group` (here by its short form): left = p1's three and p3/a, right = p2's three. p3/b,
    /// which no labels file row lists, is unlabelled, and needs no group; labelled by its own label, it
    /// is an error row. Left: checkmark 1 of 2, none 0 of 1, circle 0 of 1; false alarms p1/c and p3/a,
    /// 2 of 4 = 50%.
    @Test func columnGroupsComeFromTheLabelsFile() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let output = try Self.batch(["--group-by", "group", "--misses", "0", "."], in: corpus)
        #expect(output.status == 0 && output.stderr == "")
        #expect(output.stdout.hasPrefix("8 traces: 7 scored, 1 unlabelled, 0 errors\n"))
        try corpus.add("p3/b.csv", from: "circle.json", label: "circle")
        let labelled = try Self.batch(["--group-by", "group", "--misses", "0", "."], in: corpus)
        #expect(labelled.status == 2)
        #expect(
            labelled.stderr
                == #"./p3/b.csv: error: no group by column:group: no labels file with a "group" column lists this trace"#
                + "\n")
        #expect(
            output.stdout.contains(
                """
                group  scored  checkmark  circle  none  false alarms
                left        4        50%      0%    0%       50% (2)
                right       3       100%    100%  100%        0% (0)
                """))
    }

    /// A trace whose path has no N-th folder is an error row that names the spec and the path; the
    /// run goes on, reports every file, and exits 2.
    @Test func aPathWithoutTheFolderIsAnErrorRow() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        try corpus.add("loose.csv", from: "z.csv", label: "z")
        let output = try Self.batch(["--group-by", "dir:1", "--format", "jsonl", "."], in: corpus)
        #expect(output.status == 2)
        #expect(
            output.stderr == #"./loose.csv: error: no group by dir:1: "loose.csv" has no folder below its root"# + "\n")
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 9)
        #expect(
            rows[0]
                == #"{"path":"./loose.csv","group":null,"label":null,"gesture":null,"correct":null,"error":{"code":"no-group","message":"no group by dir:1: \"loose.csv\" has no folder below its root","line":null,"column":null,"sample":null},"failure":null,"warnings":[]}"#
        )
        let text = try Self.batch(["--group-by", "dir:2", "."], in: corpus)
        #expect(text.status == 2)
        // p3/b, unlabelled, needs no group.
        #expect(text.stdout.hasPrefix("9 traces: 0 scored, 1 unlabelled, 8 errors\n"))
        #expect(text.stdout.contains("\nno groups by dir:2: no trace has one\n"))
        #expect(
            text.stdout.contains(
                #"  ./p1/a.csv: error: no group by dir:2: "p1/a.csv" has 1 folder below its root, not 2"#))
    }

    /// A file that cannot be read is still counted in its group when its path tells the group.
    @Test func anUnreadableTraceCountsInTheGroupItsPathGives() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        try corpus.write("p2/bad.csv", "t,id,phase,x,y\n0,1,began,\"1\n")
        let output = try Self.batch(["--group-by", "dir:1", "--format", "json", "."], in: corpus)
        #expect(output.status == 2)
        #expect(output.stdout.contains(#"{"path":"./p2/bad.csv","group":"p2","label":null,"gesture":null,"#))
        let document = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        let groups = try #require((document["summary"] as? [String: Any])?["groups"] as? [String: [String: Any]])
        #expect(groups["p2"]?["traces"] as? Int == 4 && groups["p2"]?["errors"] as? Int == 1)
    }

    @Test func metaSubjectGroupsByTheXMLSubject() throws {
        let corpus = try MiniCorpus("subjects")
        defer { corpus.remove() }
        try corpus.addXML("checkmark/a.xml", from: "checkmark.json", attributes: #"Subject="2""#)
        try corpus.addXML("checkmark/b.xml", from: "checkmark.json", attributes: #"subject="10""#)
        try corpus.addXML("circle/c.xml", from: "circle.json", attributes: #"Subject="2""#)
        try corpus.addXML("circle/d.xml", from: "circle.json")
        let output = try GestureCommand.run(
            ["batch"] + shapes + ["--group-by", "meta:subject", "--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 2)
        let rows = try output.stdout.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
        #expect(
            rows.map { $0["path"] as? String } == [
                "./checkmark/a.xml", "./checkmark/b.xml", "./circle/c.xml", "./circle/d.xml",
            ])
        #expect(rows.map { $0["group"] as? String } == ["2", "10", "2", nil])
        #expect(rows.map { $0["gesture"] as? String } == ["checkmark", "checkmark", "circle", nil])
        #expect(output.stderr.hasPrefix("./circle/d.xml: error: no group by meta:subject: the trace has no subject"))
        // Subjects are listed as numbers: 2 before 10. Several roots do not change a subject.
        let text = try GestureCommand.run(
            ["batch"] + shapes + ["--group-by", "meta:subject", "checkmark", "circle/c.xml"], in: corpus.folder)
        #expect(
            text.stdout.contains(
                """
                group  scored  checkmark  circle  false alarms
                2           2       100%    100%        0% (0)
                10          1       100%       -        0% (0)
                """))
    }

    @Test func shardsOfAGroupedRunMergeIntoTheWholeRun() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let whole = try Self.batch(["--group-by", "dir:1", "--format", "json", "."], in: corpus)
        let out = try MiniCorpus("group-shards")
        defer { out.remove() }
        var files: [String] = []
        for k in 1...3 {
            let shard = try Self.batch(
                ["--group-by", "dir:1", "--format", "json", "--shard", "\(k)/3", "."], in: corpus)
            try out.write("shard\(k).json", shard.stdout)
            files.append(out.folder.appendingPathComponent("shard\(k).json").path)
        }
        let merged = try GestureCommand.run(["merge-scores"] + files.reversed(), in: corpus.folder)
        #expect(merged.status == 0)
        #expect(merged.stdout == whole.stdout)
        let text = try GestureCommand.run(["merge-scores", "--format", "text"] + files, in: corpus.folder)
        #expect(text.stdout == (try Self.batch(["--group-by", "dir:1", "."], in: corpus)).stdout)
        // Outputs of runs grouped differently do not add up.
        let other = try Self.batch(["--group-by", "group", "--format", "json", "p2"], in: corpus)
        try out.write("other.json", other.stdout)
        let mixed = try GestureCommand.run(
            ["merge-scores", files[0], out.folder.appendingPathComponent("other.json").path], in: corpus.folder)
        #expect(mixed.status == 2)
        #expect(
            mixed.stderr
                == "gesture: error: \(out.folder.path)/other.json is the output of a run with --group-by column:group, \(files[0]) of one with --group-by dir:1: merge the outputs of runs with the same --group-by\nRun `gesture merge-scores --help` for usage.\n"
        )
    }

    @Test(
        arguments: [
            (
                ["--group-by", "dir:0"],
                #"--group-by: dir:N names the N-th folder below each root, counted from 1: expected a whole number ≥ 1 after "dir:", found "0""#
            ),
            (
                ["--group-by", "column:device"],
                #"--group-by: column:device: no labels file has a "device" column (their other columns: group)"#
            ),
            (
                ["--group-by", "meta:hand"],
                "--group-by: meta:hand: the readers keep no such metadata: expected meta:subject"
            ),
        ])
    func aBadGroupSpecIsAUsageError(_ arguments: [String], _ message: String) throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let output = try Self.batch(arguments + ["."], in: corpus)
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(output.stderr == "gesture: error: \(message)\nRun `gesture batch --help` for usage.\n")
    }

    /// A gate splits at its last `=`: a configured gesture's name may hold one (`a=b=0.5`), and X never
    /// does. At the first, `a=b` was gated as the unknown gesture `a`.
    @Test func aGateOfAGestureNamedWithAnEqualsSign() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-eq-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"recognizers": [{"id": "triple", "kind": "tap", "gesture": "a=b", "parameters": {"taps": 3}}]}"#
            .write(to: folder.appendingPathComponent("c.json"), atomically: true, encoding: .utf8)
        let output = try GestureCommand.run([
            "batch", "--config", folder.appendingPathComponent("c.json").path, "--min-recall", "a=b=0.5",
            "Traces/tap.json",
        ])
        #expect(output.status == 2)
        #expect(output.stderr == "gesture: error: no traces labelled a=b: --min-recall a=b=0.5 cannot be checked\n")
    }

    /// A gate over no traces is not "accuracy 0 is below": it says it cannot be checked, and exits 2.
    @Test func gatesWithNothingToMeasureSaySo() throws {
        let corpus = try Self.corpus()
        defer { corpus.remove() }
        let unlabelled = try GestureCommand.run(
            ["batch"] + shapes + ["--min-accuracy", "0.5", "--min-recall", "z=0.9", "p3/b.csv"], in: corpus.folder)
        #expect(unlabelled.status == 2)
        #expect(
            unlabelled.stderr == """
                gesture: error: no labelled traces: --min-accuracy cannot be checked
                gesture: error: no traces labelled z: --min-recall z=0.9 cannot be checked

                """)
        // One gate cannot be checked, another fails: still 2, and both are said.
        let mixed = try Self.batch(["--min-recall", "checkmark=0.9", "--min-recall", "z=0.5", "."], in: corpus)
        #expect(mixed.status == 2)
        #expect(
            mixed.stderr == """
                gesture: recall of checkmark 0.6667 is below --min-recall 0.9
                gesture: error: no traces labelled z: --min-recall z=0.5 cannot be checked

                """)
        let passing = try Self.batch(["--min-accuracy", "0.5", "--min-recall", "circle=0.5", "."], in: corpus)
        #expect(passing.status == 0 && passing.stderr == "")
    }
}
