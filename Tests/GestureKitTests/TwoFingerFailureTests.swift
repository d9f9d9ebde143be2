import Testing

@testable import GestureKit

/// Two-finger recognizers that fail say how far the fingers got, measured before the lift.
@Suite struct TwoFingerFailureTests {
    func failure(_ id: String, _ samples: [Sample]) throws -> Failure {
        let result = try replay(samples, Registry.all) { _ in }
        let report = try #require(result.sequences[0].recognizers.first { $0.id == id })
        return try #require(report.failure)
    }

    @Test func aPinchThatBarelyChangesReportsTheScaleChangeAtTheLift() throws {
        let failure = try failure("pinch", Pinch.fingers([100, 101, 102, 101]))
        #expect(failure.reason.code == "lifted-before-pinching")
        #expect(failure.reason.measured == 0.01, "the distance went from 100 to 101 pt")
        #expect(failure.reason.limit == 0.1)
        #expect(failure.sample == 6)
    }

    @Test func aRotationThatBarelyTurnsReportsTheTurnAtTheLift() throws {
        let failure = try failure("rotation", Pinch.fingers([150, 150, 150], angles: [0, 0.05, 0.02]))
        #expect(failure.reason.code == "lifted-before-turning")
        let measured = try #require(failure.reason.measured)
        #expect(abs(measured - 0.02) < 1e-12, "the line between the fingers turned to 0.02 rad")
        #expect(failure.reason.limit == 0.2)
    }
}

/// Two fingers that land on one point start 0 pt apart: their distance is kept off zero to divide
/// by, and measured from that a distance that stays 0 had changed by 1 (100%). Fingers that never
/// moved were recognized as a pinch, and a lift there failed "lifted-before-pinching … measured 1
/// > limit 0.1".
extension TwoFingerFailureTests {
    @Test func fingersOnOnePointThatNeverMoveAreNoPinch() throws {
        let result = try replay(Pinch.fingers([0, 0, 0]), Registry.all.filter { $0.id == "pinch" })
        let reason = try #require(try report(result, "pinch").failure).reason
        #expect(reason.code == "lifted-before-pinching")
        #expect(reason.message == "a finger lifted before the distance changed enough")
        #expect(reason.measured == 0)
        #expect(reason.limit == 0.1)
    }

    @Test func aFingerLiftingAsTheSecondLandsOnItsPointDidNotPinch() throws {
        // One event: finger 1 lifts where finger 2 lands.
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0, 1, .ended, 200, 400), Sample(0, 2, .began, 200, 400),
            Sample(0, 2, .ended, 200, 400),
        ]
        let result = try replay(samples, Registry.all.filter { $0.id == "pinch" })
        let reason = try #require(try report(result, "pinch").failure).reason
        #expect(reason.message == "a finger lifted before the distance changed enough")
        #expect(reason.measured == 0)
    }

    @Test func fingersOnOnePointThatSpreadArePinching() throws {
        let result = try replay(Pinch.fingers([0, 10, 10]), Registry.all.filter { $0.id == "pinch" })
        #expect(try report(result, "pinch").recognition?.gesture == "pinch")
    }
}
