import Testing

@testable import GestureKit

/// Failure reasons on edge-case traces (a lift at the touch-down's place or time, a movement only in
/// the lifting sample, fingers fewer than a recognizer needs) agree with their code, their measured
/// value and limit, and the stroke: each of these said something the trace contradicts before its fix.
@Suite struct EdgeReasonTests {
    /// The failure of recognizer `id`, replayed alone in `profile` with `set` assignments
    /// (`pan.minimumTouches=2`).
    func failure(
        _ id: String, _ samples: [Sample], profile: Profile = .default, set: [String] = []
    ) throws -> FailureReason {
        var configuration = Configuration(profile: profile)
        try configuration.keepOnly([id])
        for assignment in set { try configuration.set(assignment: assignment) }
        var trace = Trace(samples: samples)
        try TraceValidator.validate(&trace, file: "t.json")
        let result = Classifier(configuration: configuration).classify(trace, file: "t.json")
        return try #require(result.sequences[0].recognizers.first { $0.id == id }?.failure).reason
    }

    // MARK: long-press

    /// One finger held where two are needed: the press never began, yet it measured the time since
    /// the trace's clock started (`measured 5.2 s > limit 0.5 s` for a touch at 5 s lifted at 5.2).
    @Test func aLongPressWithTooFewFingersNeverBegan() throws {
        let samples = [Sample(5, 1, .began, 200, 400), Sample(5.2, 1, .ended, 200, 400)]
        let reason = try failure("long-press", samples, set: ["long-press.touches=2"])
        #expect(reason.code == "lifted-too-early")
        #expect(reason.message == "lifted before 2 fingers were down together: the press never began")
        #expect(reason.measured == 0)
        #expect(reason.limit == 0.5)
    }

    @Test func aLongPressLiftedEarlyMeasuresFromItsTouchDown() throws {
        let samples = [Sample(5, 1, .began, 200, 400), Sample(5.25, 1, .ended, 200, 400)]
        let reason = try failure("long-press", samples)
        #expect(reason.message == "lifted before the press was long enough")
        #expect(reason.measured == 0.25)
    }
}
