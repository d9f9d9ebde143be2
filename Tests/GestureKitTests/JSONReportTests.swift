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
}
