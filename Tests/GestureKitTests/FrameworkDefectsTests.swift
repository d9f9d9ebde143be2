import Foundation
import Testing

@testable import GestureKit

/// The defects Hammer.js's own tests found (issue 19, part 1), each a test that failed before its fix:
/// a request on hold forgotten when the next touch phase arrives, a deadline at the trace's last
/// instant that never fired, and a threshold of 0 read as "no movement".
@Suite struct FrameworkDefectsTests {
    /// Replays `samples` through the recognizers `ids`, with `requires` added to a recognizer's
    /// require-to-fail list and parameters set.
    func replay(
        _ samples: [Sample], _ ids: [String], requires: [String: [String]] = [:], set: [String] = []
    ) throws -> TraceResult {
        var configuration = Configuration()
        try configuration.keepOnly(ids)
        if !requires.isEmpty {
            let relations = requires.map {
                "\"\($0.key)\": {\"add\": [\($0.value.map { "\"\($0)\"" }.joined(separator: ","))]}"
            }
            try configuration.apply(
                json: Array("{\"requiresFailureOf\": {\(relations.joined(separator: ","))}}".utf8), file: "c.json")
        }
        for assignment in set { try configuration.set(assignment: assignment) }
        var trace = Trace(samples: samples)
        try TraceValidator.validate(&trace, file: "t.json")
        return Classifier(configuration: configuration).classify(trace, file: "t.json")
    }

    func report(_ result: TraceResult, _ id: String) throws -> RecognizerReport {
        try #require(result.sequences.first?.recognizers.first { $0.id == id })
    }

    /// Held 0.35 s where 0.2 s is enough, then lifted: the long press asked to begin at 0.2 s, while the
    /// recognizer it requires to fail was still deciding; the lift must end it, not fail it.
    @Test(arguments: ["pan", "swipe", "tap"])
    func aLongPressOnHoldEndsWhenItsRequirementFails(_ required: String) throws {
        let press = [Sample(0, 1, .began, 100, 100), Sample(0.35, 1, .ended, 100, 100)]
        let result = try replay(
            press, ["long-press", required], requires: ["long-press": [required]],
            set: ["long-press.minimumPressDuration=0.2"])
        let longPress = try report(result, "long-press")
        #expect(longPress.state == .recognized, "\(String(describing: longPress.failure?.reason.message))")
        #expect(longPress.transitions.map(\.to) == [.possible, .began, .recognized])
        #expect(result.gesture == "long-press")
    }

    /// On hold, a long press that then moves further than allowableMovement has begun: it changes.
    @Test func aLongPressOnHoldThatMovesChanges() throws {
        let press = [
            Sample(0, 1, .began, 100, 100), Sample(0.3, 1, .moved, 130, 100), Sample(0.4, 1, .ended, 130, 100),
        ]
        // swipe decides on lift; until then the long press waits for it.
        let result = try replay(
            press, ["long-press", "swipe"], requires: ["long-press": ["swipe"]],
            set: ["long-press.minimumPressDuration=0.2"])
        let longPress = try report(result, "long-press")
        #expect(longPress.state == .recognized)
        #expect(longPress.failure == nil)
    }

    @Test func aDeadlineAtTheLastInstantFiresBeforeTheTraceEnds() throws {
        let held = [Sample(0, 1, .began, 100, 100), Sample(0.5, 1, .stationary, 100, 100)]
        let result = try replay(held, ["long-press"])
        #expect(result.gesture == "long-press")
        #expect(try report(result, "long-press").transitions.map(\.to).contains(.began))
        let shorter = [Sample(0, 1, .began, 100, 100), Sample(0.499, 1, .stationary, 100, 100)]
        #expect(try replay(shorter, ["long-press"]).gesture == "none")
    }

    /// Two fingers moving apart on one line: with `minimumRotation` 0 that is no rotation (it was one,
    /// of 0 rad, with 47 changes).
    @Test func aZeroThresholdMeansAnyChangeNotNone() throws {
        var apart = [Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 140, 100)]
        for k in 1...47 {
            let t = Double(k) * 0.01
            apart += [Sample(t, 1, .moved, 100 - Double(k), 100), Sample(t, 2, .moved, 140 + Double(k), 100)]
        }
        apart += [Sample(0.5, 1, .ended, 53, 100), Sample(0.5, 2, .ended, 187, 100)]
        let rotation = try report(try replay(apart, ["rotation"], set: ["rotation.minimumRotation=0"]), "rotation")
        #expect(rotation.state == .failed)
        #expect(rotation.failure?.reason.code == "lifted-before-turning")
        // The same fingers turning a little do rotate.
        var turned = apart
        turned[turned.count - 3].location.y = 101
        #expect(try replay(turned, ["rotation"], set: ["rotation.minimumRotation=0"]).gesture == "rotation")
        // A pan with minimumTranslation 0 begins at the first move that goes somewhere, not at one that stays.
        let still = [
            Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .moved, 100, 100), Sample(0.2, 1, .moved, 101, 100),
            Sample(0.3, 1, .ended, 101, 100),
        ]
        let pan = try report(try replay(still, ["pan"], set: ["pan.minimumTranslation=0"]), "pan")
        #expect(pan.state == .recognized)
        #expect(pan.transitions.first { $0.to == .began }?.time == 0.2)
    }
}
