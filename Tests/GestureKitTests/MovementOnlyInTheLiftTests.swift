import Testing

@testable import GestureKit

/// A continuous recognizer begins on a move, never on the lift (as UIKit's): a movement that reaches
/// the threshold only in the lifting sample fails, and the reason says so, measured before the lift,
/// rather than "measured 60 pt > limit 10 pt" under a code that says it did not move.
@Suite struct MovementOnlyInTheLiftTests {
    func failure(_ id: String, _ samples: [Sample]) throws -> FailureReason {
        let result = try replay(samples, Registry.all.filter { $0.id == id }) { _ in }
        return try #require(result.sequences[0].recognizers.first { $0.id == id }?.failure).reason
    }

    @Test func aPanThatMovesOnlyAsItLifts() throws {
        let reason = try failure("pan", [Sample(0, 1, .began, 200, 400), Sample(0.01, 1, .ended, 260, 400)])
        #expect(reason.code == "did-not-move")
        #expect(
            reason.message
                == "lifted before moving 10 pt; it moved 60 pt only as it lifted, and a pan begins on a move")
        #expect(reason.measured == 0)
        #expect(reason.limit == 10)
    }

    @Test func aPanThatMovesALittleAsItLiftsMeasuresThatMovement() throws {
        let reason = try failure("pan", [Sample(0, 1, .began, 200, 400), Sample(0.08, 1, .ended, 203, 404)])
        #expect(reason.message == "lifted before moving 10 pt")
        #expect(reason.measured == 5)
    }

    @Test func aPinchThatSpreadsOnlyAsTheFingersLift() throws {
        let reason = try failure("pinch", Pinch.fingers([100, 100, 200]))
        #expect(reason.code == "lifted-before-pinching")
        #expect(
            reason.message
                == "a finger lifted before the distance changed enough; the distance changed by 100% only as a finger lifted"
        )
        #expect(reason.measured == 0)
        #expect(reason.limit == 0.1)
    }

    @Test func aRotationThatTurnsOnlyAsTheFingersLift() throws {
        let reason = try failure("rotation", Pinch.fingers([150, 150, 150], angles: [0, 0, 0.5]))
        #expect(reason.code == "lifted-before-turning")
        #expect(
            reason.message
                == "a finger lifted before the fingers turned enough; the fingers turned 0.5 rad only as a finger lifted"
        )
        #expect(reason.measured == 0)
    }
}
