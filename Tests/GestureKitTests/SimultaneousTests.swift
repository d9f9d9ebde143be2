import Testing

@testable import GestureKit

@Suite struct SimultaneousTests {
    @Test func pressHoldThenDragGivesLongPressAndPanTogether() throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/long-press-then-pan.json").path)
        let result = Classifier().classify(trace, file: "t")
        #expect(result.gesture == "long-press+pan")
        let reports = result.sequences[0].recognizers
        let press = try #require(reports.first { $0.id == "long-press" })
        let pan = try #require(reports.first { $0.id == "pan" })
        let pressBegan = try #require(press.transitions.first { $0.to == .began })
        let panEnded = try #require(pan.transitions.last)
        #expect(pressBegan.time == 0.5)
        #expect(panEnded.to == .recognized)
        #expect(panEnded.time > pressBegan.time)
        #expect(pan.transitions.filter { $0.to == .changed }.allSatisfy { !$0.values.isEmpty })
    }

    @Test func defaultPairsAreDataAndAConfigFileReplacesThem() throws {
        var configuration = Configuration()
        #expect(configuration.simultaneous == [["long-press", "pan"], ["pinch", "rotation"]])
        try configuration.apply(json: Array(#"{"simultaneous": [["tap", "pan"]]}"#.utf8), file: "c.json")
        #expect(configuration.simultaneous == [["pan", "tap"]])
        try configuration.keepOnly(["pan", "pinch"])
        #expect(configuration.simultaneous.isEmpty)
    }
}
