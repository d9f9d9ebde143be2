import Foundation
import Testing

@testable import GestureKit

@Suite struct JSONReportTests {
    static let traces = ["checkmark-then-swipe-right.json", "long-press-then-pan.json", "double-tap.json", "z.csv"]

    /// The streamed form is byte for byte the tree's text: for results of one and several sequences,
    /// with recognizers carried between them, and for an error.
    @Test(arguments: traces)
    func streamedTextIsTheValuesText(_ name: String) throws {
        let path = GestureCommand.packageRoot.appendingPathComponent("Traces/\(name)").path
        let trace = try TraceReader.read(path: path)
        let outcome: Result<TraceResult, TraceError> = .success(Classifier().classify(trace, file: name))
        var pieces: [String] = []
        JSONReport.writeText(outcome) { pieces.append($0) }
        #expect(pieces.joined() == JSONReport.value(outcome).text)
        #expect(pieces.count == 2 + (try outcome.get().sequences.count))
    }

    @Test func streamedErrorIsTheValuesText() {
        let outcome: Result<TraceResult, TraceError> = .failure(
            TraceError(.io, file: "gone.json", message: "No such file or directory"))
        var pieces: [String] = []
        JSONReport.writeText(outcome) { pieces.append($0) }
        #expect(pieces == [JSONReport.value(outcome).text])
    }

    /// `classify --format json` is written a sequence at a time too: the pieces, nested at any level,
    /// are the tree's pretty text, and each but the last ends a line, so that output goes out in whole
    /// lines as it is made (a 1,000,000-sample session: 774 MB at its peak before, 177 MB after).
    @Test(arguments: traces)
    func streamedPrettyTextIsTheValuesPrettyText(_ name: String) throws {
        let path = GestureCommand.packageRoot.appendingPathComponent("Traces/\(name)").path
        let outcome: Result<TraceResult, TraceError> = .success(
            Classifier().classify(try TraceReader.read(path: path), file: name))
        for level in [0, 2] {
            var pieces: [String] = []
            JSONReport.writePrettyText(outcome, atLevel: level) { pieces.append($0) }
            #expect(pieces.joined() == JSONReport.value(outcome).prettyText(atLevel: level))
            #expect(pieces.count == 2 + (try outcome.get().sequences.count))
            #expect(pieces.dropLast().allSatisfy { $0.hasSuffix("\n") })
        }
        let error: Result<TraceResult, TraceError> = .failure(TraceError(.io, file: "gone.json", message: "gone"))
        var pieces: [String] = []
        JSONReport.writePrettyText(error, atLevel: 2) { pieces.append($0) }
        #expect(pieces == [JSONReport.value(error).prettyText(atLevel: 2)])
        // The whole document, as `classify` writes it, is the tree's: the trace, an error, the trace again.
        let given = "Traces/\(name)"
        let again: Result<TraceResult, TraceError> = .success(
            Classifier().classify(try TraceReader.read(path: path), file: given))
        let missing: Result<TraceResult, TraceError>
        do throws(TraceError) {
            missing = .success(Classifier().classify(try TraceReader.read(path: "Traces/none-such.json"), file: ""))
        } catch {
            missing = .failure(error)
        }
        let document = JSONValue.object([.init("traces", .array([again, missing, again].map(JSONReport.value)))])
        let written = try GestureCommand.run(
            ["classify", "--format", "json", given, "Traces/none-such.json", given], in: GestureCommand.packageRoot)
        #expect(written.status == 2)
        #expect(written.stdout == document.prettyText + "\n")
        // Output goes in whole lines: the diagnostic, on the same stream, is a line of its own.
        let merged = try GestureCommand.bash(
            #""$GESTURE" classify --format json "\#(given)" Traces/none-such.json 2>&1"#, in: GestureCommand.packageRoot
        )
        #expect(merged.stdout.contains("\n    },\nTraces/none-such.json: error: cannot read: no such file\n    {\n"))
    }

    /// A failure carries what the recognizer had measured: the circle that stopped short, its centre,
    /// bounds and the gap it left; a recognizer that measured nothing has `details: null`.
    @Test func aFailureCarriesWhatWasMeasured() throws {
        let name = "not-a-circle-open.json"
        let path = GestureCommand.packageRoot.appendingPathComponent("Traces/\(name)").path
        let result = Classifier().classify(try TraceReader.read(path: path), file: name)
        let reports = try #require(result.sequences.first).recognizers
        let circle = try #require(reports.first { $0.id == "circle" }?.failure?.reason)
        #expect(circle.code == "not-closed")
        #expect(circle.details.map(\.key) == ["center", "bounds", "closure", "closurePoint"])
        // Scoring keeps no transitions and no failure details, and fails the same way.
        let scored = Classifier().classify(try TraceReader.read(path: path), file: name, transitions: false)
        let lean = try #require(scored.sequences.first?.recognizers.first { $0.id == "circle" }?.failure?.reason)
        #expect(lean.details.isEmpty)
        var same = circle
        same.details = []
        #expect(lean == same)
        let json = JSONReport.value(.success(result)).text
        #expect(json.contains("\"closurePoint\":{\"x\":117.4,\"y\":406.9}"))
        #expect(
            json.contains("\"code\":\"moved\",")
                && json.contains("\"point\":{\"x\":207.3,\"y\":338.1},\"details\":null"))
    }
}
