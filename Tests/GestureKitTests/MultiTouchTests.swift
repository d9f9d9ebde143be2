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
}
