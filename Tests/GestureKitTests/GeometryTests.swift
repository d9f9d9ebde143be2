import Testing

@testable import GestureKit

/// The geometry the recognizers share, by hand.
@Suite struct GeometryTests {
    @Test func anglesGrowClockwiseOnScreen() {
        #expect(Geometry.angle(from: .zero, to: Point(x: 1, y: 0)) == 0)
        #expect(Geometry.angle(from: .zero, to: Point(x: 0, y: 1)) == Double.pi / 2, "down")
        #expect(Geometry.angle(from: .zero, to: Point(x: 0, y: -1)) == -Double.pi / 2, "up")
        #expect(Geometry.angle(from: .zero, to: Point(x: -1, y: 0)) == Double.pi, "left is π, not −π")
    }

    @Test func aChangeOfDirectionIsWrappedByOneTurn() {
        #expect(Geometry.wrapped(0.5) == 0.5)
        #expect(Geometry.wrapped(3 * Double.pi / 2) == -Double.pi / 2)
        #expect(Geometry.wrapped(-3 * Double.pi / 2) == Double.pi / 2)
        #expect(Geometry.wrapped(Double.pi) == Double.pi, "π is left as it is")
    }

    @Test func aTurnIsTheSmallerAngleEitherWay() {
        #expect(Geometry.turn(from: 0, to: Double.pi / 2) == Double.pi / 2)
        #expect(Geometry.turn(from: Double.pi / 2, to: 0) == Double.pi / 2)
        #expect(abs(Geometry.turn(from: 0.9 * Double.pi, to: -0.9 * Double.pi) - 0.2 * Double.pi) < 1e-15, "across ±π")
    }

    @Test func theDistanceToALineIsPerpendicular() {
        let (a, b) = (Point(x: 0, y: 0), Point(x: 10, y: 0))
        #expect(Geometry.distance(from: Point(x: 5, y: 3), toLineThrough: a, b, length: 10) == 3)
        #expect(Geometry.distance(from: Point(x: 50, y: -4), toLineThrough: a, b, length: 10) == 4, "past the ends too")
        #expect(
            Geometry.distance(from: Point(x: 1, y: 1), toLineThrough: a, Point(x: 2, y: 2), length: 2.squareRoot()) == 0
        )
    }

    @Test func boundsHoldEveryPoint() {
        let bounds = Bounds([Point(x: 3, y: 1), Point(x: -1, y: 4), Point(x: 2, y: -2)])
        #expect(bounds.minimum == Point(x: -1, y: -2))
        #expect(bounds.maximum == Point(x: 3, y: 4))
        #expect(bounds.width == 4 && bounds.height == 6)
        #expect(bounds.center == Point(x: 1, y: 1))
        #expect(Bounds([Point(x: 2, y: 2)]).width == 0)
    }

    @Test func aReversalCountsOnlyOnceItComesBackByTheTolerance() {
        var x = Reversals(start: 0, tolerance: 3)
        // Up by less than the tolerance: no direction yet; then up, a wobble back of 2, on, back by 3.
        #expect([2, 5, 8, 6, 9, 6, 5, 8].map { x.feed($0) } == [false, false, false, false, false, true, false, true])
        // With no tolerance, every step that does not go on reverses: a pause too.
        var strict = Reversals(start: 0, tolerance: 0)
        #expect([1, 2, 1, 1, 2].map { strict.feed($0) } == [false, false, true, true, false])
    }
}
