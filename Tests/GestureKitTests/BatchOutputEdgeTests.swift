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
}
