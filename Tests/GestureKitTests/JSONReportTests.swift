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
