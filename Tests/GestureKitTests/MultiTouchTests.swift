import Foundation
import Testing

@testable import GestureKit

/// Fingers that land, move and lift at different times: what the recognizers measure is where the
/// fingers are, and a failure names the finger that caused it.
@Suite struct MultiTouchTests {
    /// The first finger slides 40 pt, then the second lands 100 pt from it and both move together:
    /// their distance and angle never change.
    static let firstFingerMovesAlone = [
        Sample(0, 1, .began, 100, 100), Sample(0.05, 1, .moved, 140, 100), Sample(0.1, 2, .began, 240, 100),
        Sample(0.15, 1, .moved, 150, 100), Sample(0.15, 2, .moved, 250, 100), Sample(0.2, 1, .ended, 150, 100),
        Sample(0.2, 2, .ended, 250, 100),
    ]

    @Test func aPinchStartsFromWhereTheFirstFingerIsWhenTheSecondLands() throws {
        let result = try replay(Self.firstFingerMovesAlone, Registry.all) { try $0.keepOnly(["pinch"]) }
        let pinch = try report(result, "pinch")
        #expect(pinch.state == .failed, "the distance stayed 100 pt; it was measured from touch down, 140 pt")
        #expect(pinch.failure?.reason.code == "lifted-before-pinching")
        #expect(pinch.failure?.reason.measured == 0)
    }

    @Test func aRotationStartsFromWhereTheFirstFingerIsWhenTheSecondLands() throws {
        // The first finger goes down 100 pt before the second lands level with it.
        let samples = [
            Sample(0, 1, .began, 100, 100), Sample(0.05, 1, .moved, 100, 200), Sample(0.1, 2, .began, 200, 200),
            Sample(0.15, 1, .moved, 100, 201), Sample(0.15, 2, .moved, 200, 202), Sample(0.2, 1, .ended, 100, 201),
            Sample(0.2, 2, .ended, 200, 202),
        ]
        let result = try replay(samples, Registry.all) { try $0.keepOnly(["rotation"]) }
        let rotation = try report(result, "rotation")
        #expect(rotation.state == .failed, "the line between the fingers turned 0.01 rad, not π/4")
        #expect(rotation.failure?.reason.code == "lifted-before-turning")
        #expect(try #require(rotation.failure?.reason.measured) < 0.02)
    }

    @Test(arguments: ["pinch", "rotation"])
    func threeFingersLandingTogetherFailAtTheThird(_ id: String) throws {
        let samples = [
            Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 200, 100), Sample(0, 3, .began, 150, 150),
            Sample(0.1, 1, .ended, 100, 100), Sample(0.1, 2, .ended, 200, 100), Sample(0.1, 3, .ended, 150, 150),
        ]
        let result = try replay(samples, Registry.all) { try $0.keepOnly([id]) }
        let failure = try #require(try report(result, id).failure)
        #expect(failure.reason.code == "too-many-touches")
        #expect(failure.sample == 2)
        #expect(failure.reason.point == Point(x: 150, y: 150))
    }

    /// A second finger landing a frame after the first fails the checkmark (it is drawn with one
    /// finger), so a two-finger pan waiting for it begins as it moves, not as it lifts; the seed
    /// ignores the later finger, as Apple's listing does, and the pan waits.
    @Test func aLaterFingerFailsTheCheckmarkButNotInTheSeed() throws {
        var samples = [Sample(0, 1, .began, 100, 100), Sample(0.03, 2, .began, 200, 100)]
        for step in 1...10 {
            let t = 0.03 + Double(step) * 0.02
            samples += [
                Sample(t, 1, .moved, 100, 100 + 12 * Double(step)), Sample(t, 2, .moved, 200, 100 + 12 * Double(step)),
            ]
        }
        samples += [Sample(0.3, 1, .ended, 100, 220), Sample(0.3, 2, .ended, 200, 220)]
        let result = try replay(samples, Registry.all)
        let failure = try #require(try report(result, "checkmark").failure)
        #expect(failure.reason.code == "multiple-touches" && failure.sample == 1 && failure.time == 0.03)
        let began = try #require(try report(result, "pan").transitions.first { $0.to == .began })
        #expect(began.time < 0.3, "\(began)")
        let seed = try replay(samples, Registry.all) { $0 = Configuration(registry: Registry.all, profile: .seed) }
        #expect(try report(seed, "checkmark").failure?.reason.code != "multiple-touches")
        let waited = try #require(try report(seed, "pan").transitions.first { $0.to == .began })
        #expect(waited.time == 0.3, "\(waited)")
    }

    /// A two-finger swipe one of whose fingers went too short names that finger: the measurement and
    /// the point are its own, the sample the last lift's, where the swipe is judged.
    @Test func aTwoFingerSwipeNamesTheFingerThatFailed() throws {
        let samples = [
            Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 100, 150), Sample(0.05, 1, .ended, 110, 100),
            Sample(0.1, 2, .moved, 150, 150), Sample(0.2, 2, .ended, 200, 150),
        ]
        let result = try replay(samples, Registry.all) {
            try $0.keepOnly(["swipe"])
            try $0.set(assignment: "swipe.touches=2")
        }
        let failure = try #require(try report(result, "swipe").failure)
        #expect(failure.reason.code == "too-short" && failure.reason.measured == 10)
        #expect(failure.reason.message == "touch 1 travelled too little along its axis")
        #expect(failure.reason.point == Point(x: 110, y: 100) && failure.sample == 4)
    }

    /// Three fingers landing together where a swipe is made with two: the failure is placed at the
    /// third, the finger too many (it named the first).
    @Test func threeFingersOnATwoFingerSwipeFailAtTheThird() throws {
        let samples = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 100, 450), Sample(0, 3, .began, 100, 500),
            Sample(0.1, 1, .ended, 200, 400), Sample(0.1, 2, .ended, 200, 450), Sample(0.1, 3, .ended, 200, 500),
        ]
        let result = try replay(samples, Registry.all) {
            try $0.keepOnly(["swipe"])
            try $0.set(assignment: "swipe.touches=2")
        }
        let failure = try #require(try report(result, "swipe").failure)
        #expect(failure.reason.code == "multiple-touches" && failure.reason.measured == 3)
        #expect(failure.sample == 2 && failure.reason.point == Point(x: 100, y: 500))
    }

    @Test(arguments: ["z", "circle", "swipe"])
    func twoFingersLandingTogetherFailAtTheSecond(_ id: String) throws {
        let samples = [
            Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 200, 100), Sample(0.1, 1, .ended, 100, 100),
            Sample(0.1, 2, .ended, 200, 100),
        ]
        let result = try replay(samples, Registry.all) { try $0.keepOnly([id]) }
        let failure = try #require(try report(result, id).failure)
        #expect(failure.reason.code == "multiple-touches")
        #expect(failure.sample == 1)
        #expect(failure.reason.point == Point(x: 200, y: 100))
    }

    /// The pan's final translation and velocity: `(x, y)` of its `ended` details.
    static func panEnd(_ samples: [Sample]) throws -> (translation: JSONValue?, velocity: JSONValue?) {
        let result = try replay(samples, Registry.all) { try $0.keepOnly(["pan"]) }
        let details = try #require(try report(result, "pan").recognition?.details)
        return (details.first { $0.key == "translation" }?.value, details.first { $0.key == "velocity" }?.value)
    }

    static func point(_ x: Double, _ y: Double) -> JSONValue { .point(Point(x: x, y: y)) }

    /// Whether a point detail is `(x, y)` to within a rounding error.
    static func near(_ value: JSONValue?, _ x: Double, _ y: Double) -> Bool {
        guard let px = value?["x"]?.numberValue, let py = value?["y"]?.numberValue else { return false }
        return abs(px - x) < 1e-9 && abs(py - y) < 1e-9
    }

    /// Two fingers 20 pt a step to the right, 0.1 s a step, to x = 140 at 0.2 s.
    static let twoFingersDragged = [
        Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 100, 500), Sample(0.1, 1, .moved, 120, 400),
        Sample(0.1, 2, .moved, 120, 500), Sample(0.2, 1, .moved, 140, 400), Sample(0.2, 2, .moved, 140, 500),
    ]

    /// Two fingers move 20 pt as a third lands in the same event: the pan has gone 60 pt, not 40 plus
    /// a third of their 40 (53.3 pt, the move shared out among the new set).
    @Test func fingersMovingAsAnotherLandsMoveThePanAsTheyWere() throws {
        let end = try Self.panEnd(
            Self.twoFingersDragged + [
                Sample(0.3, 1, .moved, 160, 400), Sample(0.3, 2, .moved, 160, 500), Sample(0.3, 3, .began, 300, 500),
                Sample(0.4, 1, .ended, 160, 400), Sample(0.4, 2, .ended, 160, 500), Sample(0.4, 3, .ended, 300, 500),
            ])
        #expect(Self.near(end.translation, 60, 0), "\(String(describing: end.translation))")
        #expect(Self.near(end.velocity, 200, 0), "\(String(describing: end.velocity))")
    }

    /// A finger lifts while the other stays; the other then moves 20 pt in 0.1 s: 200 pt/s, counted
    /// from its last move, not from the other's lift 0.01 s before (2,000 pt/s).
    @Test func aFingerLiftingDoesNotShortenTheOthersMove() throws {
        let end = try Self.panEnd(
            Self.twoFingersDragged + [Sample(0.29, 2, .ended, 140, 500), Sample(0.3, 1, .ended, 160, 400)])
        #expect(Self.near(end.translation, 60, 0), "\(String(describing: end.translation))")
        #expect(Self.near(end.velocity, 200, 0), "\(String(describing: end.velocity))")
    }

    /// A flick lifted where it last moved, as most are: the velocity at `ended` is the flick's, 20 pt
    /// in 16 ms, not 0 (the lift is no movement).
    @Test func aLiftWhereTheFingerLastMovedKeepsTheFlicksVelocity() throws {
        let flick = Example.stroke([(100, 400), (120, 400), (140, 400), (160, 400), (160, 400)], interval: 0.016)
        let end = try Self.panEnd(flick)
        #expect(Self.near(end.translation, 60, 0), "\(String(describing: end.translation))")
        #expect(Self.near(end.velocity, 1250, 0), "\(String(describing: end.velocity))")
    }

    /// A drag held still before the lift flings nothing: the velocity at `ended` is 0 once the fingers
    /// have rested more than `Pan.restingTime`, as UIKit's dies away (it was the last move's, 1,250
    /// pt/s, after a one-second hold); lifted within it, the flick's.
    @Test func aDragHeldStillBeforeTheLiftEndsWithNoVelocity() throws {
        let flick = [
            Sample(0, 1, .began, 100, 400), Sample(0.016, 1, .moved, 120, 400), Sample(0.032, 1, .moved, 140, 400),
            Sample(0.048, 1, .moved, 160, 400),
        ]
        for (rest, velocity) in [(1.0, 0.0), (0.2, 0), (0.09, 1250)] {
            let end = try Self.panEnd(flick + [Sample(0.048 + rest, 1, .ended, 160, 400)])
            #expect(Self.near(end.translation, 60, 0), "\(rest)")
            #expect(Self.near(end.velocity, velocity, 0), "\(rest): \(String(describing: end.velocity))")
        }
    }

    /// Two fingers tapping twice where they tapped before: a double tap, measured by their centroid
    /// (the second tap's first finger is 50 pt from where the first tap's other finger lifted).
    @Test func twoFingersTappingTwiceInPlaceAreADoubleTap() throws {
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0, 2, .began, 250, 400), Sample(0.08, 1, .ended, 200, 400),
            Sample(0.1, 2, .ended, 250, 400), Sample(0.2, 1, .began, 200, 400), Sample(0.2, 2, .began, 250, 400),
            Sample(0.28, 1, .ended, 200, 400), Sample(0.3, 2, .ended, 250, 400),
        ]
        let result = try replay(samples, Registry.all) {
            try $0.keepOnly(["double-tap"])
            try $0.set(assignment: "double-tap.touches=2")
        }
        let doubleTap = try report(result, "double-tap")
        #expect(doubleTap.state == .recognized, "\(String(describing: doubleTap.failure?.reason.message))")
        #expect(doubleTap.recognition?.details.first { $0.key == "location" }?.value == Self.point(225, 400))
        // Moved 20 pt to the right together, the second tap is 20 pt away: too far.
        let moved = samples.enumerated().map { k, sample in
            var sample = sample
            if k >= 4 { sample.location.x += 20 }
            return sample
        }
        let far = try report(
            try replay(moved, Registry.all) {
                try $0.keepOnly(["double-tap"])
                try $0.set(assignment: "double-tap.touches=2")
            }, "double-tap")
        #expect(far.failure?.reason.code == "too-far")
        #expect(far.failure?.reason.measured == 20)
        #expect(far.failure?.reason.point == Point(x: 245, y: 400))
    }

    /// Two fingers spreading (scale 1.2 → 1.4 in 0.05 s) or turning, lifted where they last were: the
    /// velocity at `ended` is the last change's, not 0 (the lift is no change).
    @Test(arguments: ["pinch", "rotation"])
    func fingersLiftedWhereTheyLastWereKeepTheirVelocity(_ id: String) throws {
        let spread = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 200, 400), Sample(0.05, 2, .moved, 220, 400),
            Sample(0.1, 2, .moved, 240, 400), Sample(0.15, 1, .ended, 100, 400), Sample(0.15, 2, .ended, 240, 400),
        ]
        let turn = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 200, 400), Sample(0.05, 2, .moved, 200, 430),
            Sample(0.1, 2, .moved, 200, 460), Sample(0.15, 1, .ended, 100, 400), Sample(0.15, 2, .ended, 200, 460),
        ]
        let result = try replay(id == "pinch" ? spread : turn, Registry.all) { try $0.keepOnly([id]) }
        let ended = try report(result, id)
        #expect(ended.state == .recognized)
        let velocity = ended.recognition?.details.first { $0.key == "velocity" }?.value.numberValue ?? 0
        // The last change, over 0.05 s: 0.2 in scale, or the turn from atan(0.3) to atan(0.6).
        let expected = id == "pinch" ? 0.2 / 0.05 : (atan(0.6) - atan(0.3)) / 0.05
        #expect(abs(velocity - expected) < 1e-9, "\(velocity)")
    }

    /// Three fingers landing together where one or two may: the failure names the first finger past
    /// the limit (sample 1 or 2), not the first of them, which was allowed.
    @Test(arguments: [("tap", 1), ("long-press", 1), ("pan", 2)])
    func tooManyFingersLandingTogetherNameTheFirstPastTheLimit(_ id: String, _ allowed: Int) throws {
        let samples = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 200, 400), Sample(0, 3, .began, 300, 400),
            Sample(0.1, 1, .ended, 100, 400), Sample(0.1, 2, .ended, 200, 400), Sample(0.1, 3, .ended, 300, 400),
        ]
        let result = try replay(samples, Registry.all) {
            try $0.keepOnly([id])
            if id == "pan" { try $0.set(assignment: "pan.maximumTouches=2") }
        }
        let failure = try #require(try report(result, id).failure)
        #expect(failure.reason.code == "too-many-touches")
        #expect(failure.sample == allowed)
        #expect(failure.reason.point == Point(x: 100 + 100 * Double(allowed), y: 400))
    }

    /// Two fingers spread from 100 pt to 140 (scale 1.4) or turn a quarter, then the first lifts at
    /// 0.15 s and the second moves on alone until 0.3 s: UIKit's pinch and rotation end when both fingers
    /// have lifted, with the measure as it was while both were down; Hammer.js's end at the first lift.
    static func oneFingerLiftsFirst(_ id: String) -> [Sample] {
        let (x, y) = id == "pinch" ? (240.0, 400.0) : (200.0, 500.0)
        return [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 200, 400), Sample(0.05, 2, .moved, 220, 420),
            Sample(0.1, 2, .moved, x, y), Sample(0.15, 1, .ended, 100, 400), Sample(0.2, 2, .moved, x + 50, y + 50),
            Sample(0.3, 2, .ended, x + 50, y + 50),
        ]
    }

    @Test(arguments: [("pinch", false), ("rotation", false), ("pinch", true), ("rotation", true)])
    func aTwoFingerGestureEndsWhenBothFingersHaveLifted(_ id: String, _ endOnFirstLift: Bool) throws {
        let result = try replay(Self.oneFingerLiftsFirst(id), Registry.all) {
            try $0.keepOnly([id])
            try $0.set(assignment: "\(id).endOnFirstLift=\(endOnFirstLift)")
        }
        let ended = try report(result, id)
        #expect(ended.state == .recognized)
        let end = try #require(ended.transitions.last)
        #expect(end.to == .recognized)
        #expect(end.time == (endOnFirstLift ? 0.15 : 0.3))
        #expect(end.sample == (endOnFirstLift ? 4 : 6))
        // No change while one finger is down: every transition before the end is a move of both.
        #expect(ended.transitions.dropLast().allSatisfy { $0.time <= 0.1 })
        #expect(ended.transitions.count >= 2)
        let measure = ended.recognition?.details.first { $0.key == (id == "pinch" ? "scale" : "rotation") }
        let expected = id == "pinch" ? 1.4 : atan2(100.0, 100.0)
        #expect(abs((measure?.value.numberValue ?? 0) - expected) < 1e-12)
    }

    /// After the first finger lifts, a finger landing takes its place and the measure goes on from
    /// where it was: scale 1.4, then the new finger lands 70 pt from the other and spreads to 140 pt
    /// (twice as far): 2.8. A finger landing beside both is a third, and cancels it.
    @Test func aFingerLandingAfterOneLiftedTakesItsPlace() throws {
        let rejoined = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 200, 400), Sample(0.05, 2, .moved, 240, 400),
            Sample(0.1, 1, .ended, 100, 400), Sample(0.2, 3, .began, 170, 400), Sample(0.25, 3, .moved, 100, 400),
            Sample(0.3, 3, .ended, 100, 400), Sample(0.3, 2, .ended, 240, 400),
        ]
        let result = try replay(rejoined, Registry.all) { try $0.keepOnly(["pinch"]) }
        let pinch = try report(result, "pinch")
        #expect(pinch.state == .recognized)
        #expect(pinch.transitions.last?.time == 0.3)
        let scale = pinch.recognition?.details.first { $0.key == "scale" }?.value.numberValue ?? 0
        #expect(abs(scale - 2.8) < 1e-12, "\(scale)")

        let third =
            rejoined.prefix(5) + [Sample(0.22, 4, .began, 300, 300)] + rejoined.suffix(3)
            + [Sample(0.3, 4, .ended, 300, 300)]
        let cancelled = try report(try replay(Array(third), Registry.all) { try $0.keepOnly(["pinch"]) }, "pinch")
        #expect(cancelled.state == .cancelled)
        #expect(cancelled.failure?.reason.code == "too-many-touches")
        #expect(cancelled.failure?.sample == 5)
    }

    /// A continuous recognizer cancelled in flight by a finger too many says what it counted against
    /// which limit, as it does when the finger comes before it began (the cancel had neither).
    @Test(arguments: [("long-press", 2.0, 1.0), ("pan", 3, 2), ("pinch", 3, 2), ("rotation", 3, 2)])
    func aFingerTooManyInFlightCancelsWithWhatItCounted(_ id: String, _ measured: Double, _ limit: Double) throws {
        // Held still 0.6 s (a long press begins at 0.5 s), or turned apart and drifting right at once
        // (pan, pinch, rotation).
        let still = id == "long-press"
        var samples = [Sample(0, 1, .began, 100, 100)] + (still ? [] : [Sample(0, 2, .began, 200, 100)])
        for step in 1...6 {
            let t = Double(step) * 0.1
            samples.append(
                Sample(t, 1, .moved, still ? 100 : 100 - 5 * Double(step), still ? 100 : 100 + 15 * Double(step)))
            if !still { samples.append(Sample(t, 2, .moved, 200 + 15 * Double(step), 100 - 15 * Double(step))) }
        }
        let extra = still ? 2 : 3
        samples.append(Sample(0.7, extra, .began, 300, 300))
        samples += [Sample(0.8, 1, .ended, still ? 100 : 70, still ? 100 : 190), Sample(0.8, extra, .ended, 300, 300)]
        if !still { samples.append(Sample(0.8, 2, .ended, 290, 10)) }
        let result = try replay(samples, Registry.all) { configuration in
            try configuration.keepOnly([id])
            if id == "pan" { try configuration.set("maximumTouches", to: 2, for: "pan") }
        }
        let cancelled = try report(result, id)
        #expect(cancelled.state == .cancelled, "\(cancelled.failure?.reason.message ?? "")")
        let reason = try #require(cancelled.failure?.reason)
        #expect(reason.code == "too-many-touches")
        #expect(reason.measured == measured)
        #expect(reason.limit == limit)
        #expect(reason.unit == .touches)
        #expect(reason.point == Point(x: 300, y: 300))
    }

    /// Fingers that land on one point are measured from where they first come apart: spread from 100 pt
    /// apart to 200 pt, a scale of 2 (from the kept-off-zero start, 2e11 with a velocity of 2e12 /s); and
    /// parting along one line is no rotation (from the angle of two points at one place, π/2).
    /// (Within a thousandth of a point is one point: 1e-9 pt apart read a scale of 1e11.)
    @Test(arguments: ["pinch", "rotation"], [0, 1e-9, 1e-6])
    func fingersLandingOnOnePointAreMeasuredFromWhereTheyPart(_ id: String, _ apart: Double) throws {
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0, 2, .began, 200 + apart, 400), Sample(0.05, 1, .moved, 200, 350),
            Sample(0.05, 2, .moved, 200, 450), Sample(0.1, 1, .moved, 200, 300), Sample(0.1, 2, .moved, 200, 500),
            Sample(0.15, 1, .ended, 200, 300), Sample(0.15, 2, .ended, 200, 500),
        ]
        let measured = try report(try replay(samples, Registry.all) { try $0.keepOnly([id]) }, id)
        if id == "pinch" {
            #expect(measured.state == .recognized)
            let scale = measured.recognition?.details.first { $0.key == "scale" }?.value.numberValue
            #expect(scale == 2)
            let velocity = measured.recognition?.details.first { $0.key == "velocity" }?.value.numberValue
            #expect(abs((velocity ?? 0) - 20) < 1e-9, "from 1 to 2 in 0.05 s: \(String(describing: velocity))")
        } else {
            #expect(measured.state == .failed)
            #expect(measured.failure?.reason.code == "lifted-before-turning")
            #expect(measured.failure?.reason.measured == 0)
        }
    }
}
