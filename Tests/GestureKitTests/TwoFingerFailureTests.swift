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
