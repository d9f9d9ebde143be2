import Foundation
import Testing

@testable import GestureKit

/// `gesture batch` and `merge-scores` outputs in combinations the other suites do not try: cells that
/// need quoting in every way, learned gestures and configured instances with groups and gates.
@Suite(.serialized) struct BatchOutputEdgeTests {
    @Test func csvCellsWithALineBreakOfTwoScalarsAreQuoted() {
        // `\r\n` is one Character, equal to neither `\r` nor `\n`; `"` and a combining mark are one too.
        #expect(ReportText.csvField("a\r\nb") == "\"a\r\nb\"")
        #expect(ReportText.csvField("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(ReportText.csvField("plain") == "plain")
    }

    @Test func aGroupWithALineBreakStaysInItsCell() throws {
        let corpus = try MiniCorpus("csv-crlf")
        defer { corpus.remove() }
        try corpus.add("p1/a.csv", from: "checkmark.json")
        try corpus.write("labels.csv", "path,label,who\r\np1/a.csv,checkmark,\"left\r\nhand\"\r\n")
        let output = try GestureCommand.run(
            ["batch"] + shapes + ["--group-by", "column:who", "--format", "csv", "."], in: corpus.folder)
        #expect(output.status == 0)
        #expect(
            output.stdout
                == BatchReport.csvHeader(grouped: true) + "./p1/a.csv,\"left\r\nhand\",checkmark,checkmark,true,,,,,\n")
    }

    /// The shards of a run with a templates file: the file may be at another path on each machine
    /// (merged), but templates of other points under the same names and thresholds, at the same path,
    /// are other settings (refused: they were merged into figures of no one run).
    @Test func shardsWithTemplatesMergeByTheFilesContentsNotTheirPaths() throws {
        let folder = try MiniCorpus("templates-shards")
        defer { folder.remove() }
        let examples = GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks").path
        let original = String(
            decoding: try Data(
                contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json")),
            as: UTF8.self)
        func shard(_ k: Int, templates: String, to output: String) throws -> String {
            let run = try GestureCommand.run(
                ["batch", examples, "--templates", templates, "--format", "json", "--shard", "\(k)/2"],
                in: folder.folder)
            try folder.write(output, run.stdout)
            return output
        }
        try folder.write("here/marks.json", original)
        try folder.write("there/marks.json", original)
        let whole = try GestureCommand.run(
            ["batch", examples, "--templates", "here/marks.json", "--format", "json"], in: folder.folder)
        let first = try shard(1, templates: "here/marks.json", to: "1.json")
        let moved = try GestureCommand.run(
            ["merge-scores", first, try shard(2, templates: "there/marks.json", to: "2.json")], in: folder.folder)
        #expect(moved.status == 0)
        #expect(moved.stdout == whole.stdout)
        // The star's templates replaced by the x's, at the path the first shard read.
        var edited = try TemplateFile.read(bytes: Array(original.utf8), file: "marks.json")
        edited.gestures[0].templates = edited.gestures[2].templates
        try folder.write("here/marks.json", edited.text)
        let other = try GestureCommand.run(
            ["merge-scores", first, try shard(2, templates: "here/marks.json", to: "2-edited.json")],
            in: folder.folder)
        #expect(other.status == 2 && other.stdout == "")
        #expect(other.stderr.contains("are outputs of runs with different settings"))
    }

    /// The summary's lists of what the unlabelled were recognized as, and of their folders, never
    /// break a line between a name and its count (`long-press+pan+pan+tap` ended a line, `3` began
    /// the next); the HTML report writes the join as a no-break space.
    @Test func aNameAndItsCountStayOnOneLine() throws {
        var board = Scoreboard()
        board.unlabelled = 12
        for (k, name) in ["long-press+pan+pan+tap", "checkmark+circle", "swipe-left+double-tap", "pinch+rotation"]
            .enumerated()
        {
            board.unlabelledGestures[name] = k + 3
            board.unlabelledFolders["folder-\(name)"] = k + 3
        }
        for width in 40...100 {
            let text = BatchReport.text(board, worst: [], errors: [], width: width)
            for line in text.split(separator: "\n") {
                let last = line.split(separator: " ").last.map(String.init) ?? ""
                #expect(
                    !board.unlabelledGestures.keys.contains(last) && !last.hasPrefix("folder-"),
                    "width \(width): \(line)")
            }
            #expect(!text.contains("\u{0}"))
        }
        #expect(!BatchReport.unlabelledText(board).contains(" 3,"))
    }
}

extension BatchOutputEdgeTests {
    /// A path holding a carriage return is quoted in CSV, as one with a line feed is: unquoted, a
    /// spreadsheet or CSV reader would end the record at it and shift every later cell.
    @Test func aPathWithACarriageReturnIsQuotedInCSV() {
        #expect(ReportText.csvField("a\rb") == "\"a\rb\"")
        let row = BatchRow(path: "a\rb.json", label: "checkmark", gesture: "checkmark")
        #expect(BatchReport.csv(row) == "\"a\rb.json\",checkmark,checkmark,true,,,,,\n")
    }

    /// The summary lists a label's failure codes most first, then by name: the failure behind most
    /// misses is read first.
    @Test func failureCodesAreListedMostFirstThenByName() {
        var board = Scoreboard()
        board.failures["long-press"] = ["held-too-long": 1, "moved": 2, "drifted": 1]
        let text = BatchReport.text(board, worst: [], errors: [])
        #expect(
            text.contains(
                "\nmisses by failure code of the recognizer that should have fired\n"
                    + "  long-press (4): moved 2, drifted 1, held-too-long 1\n"),
            "\(text)")
    }

    /// Five unlabelled folders are all named, with no ", and 0 more"; a sixth is counted as one more.
    @Test func fiveUnlabelledFoldersAreNamedWithNothingMore() {
        var board = Scoreboard()
        board.unlabelled = 5
        for name in ["a", "b", "c", "d", "e"] { board.unlabelledFolders[name] = 1 }
        let start =
            "unlabelled: no labels-file row, no label of their own, and a folder name that is no gesture of the "
            + "recognizers: "
        let end = " (--explain-labels lists them, saying why)\n"
        #expect(BatchReport.unlabelledText(board) == start + "a\u{0}1, b\u{0}1, c\u{0}1, d\u{0}1, e\u{0}1" + end)
        board.unlabelled = 6
        board.unlabelledFolders["f"] = 1
        #expect(
            BatchReport.unlabelledText(board)
                == start + "a\u{0}1, b\u{0}1, c\u{0}1, d\u{0}1, e\u{0}1, and 1 more" + end)
    }

    /// Of 12 files that cannot be read, the text summary lists the first 10 and says "10 of 12";
    /// `merge-scores --format text` of the run's two shards lists the same 10, as the one run does.
    @Test func theSummaryListsTheFirstTenErrorsAndAMergeListsTheSame() throws {
        let corpus = try MiniCorpus("ten-errors")
        defer { corpus.remove() }
        try corpus.add("checkmark/good.csv", from: "checkmark.json")
        let names = (1...12).map { String(format: "e%02d.json", $0) }
        for name in names { try corpus.write("checkmark/\(name)", "") }
        let output = try GestureCommand.run(["batch"] + shapes + ["."], in: corpus.folder)
        #expect(output.status == 2)
        let listed = names.prefix(10).map {
            "  ./checkmark/\($0):1:1: error: unexpected end of input: expected a value\n"
        }
        #expect(output.stdout.hasSuffix("\nerrors (10 of 12)\n" + listed.joined()), "\(output.stdout)")
        let outputs = try MiniCorpus("ten-errors-shards")
        defer { outputs.remove() }
        for k in 1...2 {
            let shard = try GestureCommand.run(
                ["batch"] + shapes + ["--format", "json", "--shard", "\(k)/2", "."], in: corpus.folder)
            try outputs.write("s\(k).json", shard.stdout)
        }
        let merged = try GestureCommand.run(
            ["merge-scores", "--format", "text", "s1.json", "s2.json"], in: outputs.folder)
        #expect(merged.status == 2)
        #expect(merged.stdout == output.stdout, "\(merged.stderr)")
    }
}
