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

    /// A tap waits for a double tap, which requires a triple tap to fail; the tap may recognize with
    /// the triple tap. Three taps: the triple tap recognizes, the double tap fails, so the tap waiting
    /// for it recognizes, as in UIKit. It was left waiting, and failed when the trace ended.
    @Test func aRecognitionReleasesOneThatMayRecognizeWithItWhenWhatThatWaitedForFails() throws {
        var configuration = Configuration()
        try configuration.apply(
            json: Array(
                #"""
                {"recognizers": [{"id": "triple-tap", "kind": "tap", "gesture": "triple-tap", "parameters": {"taps": 3}}],
                 "requiresFailureOf": {"double-tap": {"add": ["triple-tap"]}},
                 "simultaneous": {"add": [["tap", "triple-tap"]]}}
                """#.utf8), file: "c.json")
        try configuration.keepOnly(["tap", "double-tap", "triple-tap"])
        var trace = Trace(samples: [
            Sample(0, 1, .began, 200, 400), Sample(0.08, 1, .ended, 200, 400), Sample(0.23, 1, .began, 202, 400),
            Sample(0.31, 1, .ended, 202, 400), Sample(0.46, 1, .began, 201, 400), Sample(0.53, 1, .ended, 201, 400),
        ])
        try TraceValidator.validate(&trace, file: "t")
        let result = Classifier(configuration: configuration).classify(trace, file: "t")
        let tap = try #require(result.sequences[0].recognizers.first { $0.id == "tap" })
        #expect(tap.state == .recognized, "\(String(describing: tap.failure?.reason.message))")
        #expect(tap.transitions.last?.time == 0.53)
        #expect(result.gesture == "triple-tap+tap")
    }
}
