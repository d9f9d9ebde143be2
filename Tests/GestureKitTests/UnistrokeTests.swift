import Foundation
import Testing

@testable import GestureKit

/// The `$1` unistroke matcher (Wobbrock, Wilson & Li, UIST 2007), for comparison with `$P`/`$Q`.
@Suite struct UnistrokeTests {
    static func line(from a: (Double, Double), to b: (Double, Double), steps: Int = 10) -> [Point] {
        (0...steps).map { k in
            let t = Double(k) / Double(steps)
            return Point(x: a.0 + t * (b.0 - a.0), y: a.1 + t * (b.1 - a.1))
        }
    }

    /// Straight segments through `corners`, in order.
    static func polyline(_ corners: [(Double, Double)]) -> [Point] {
        zip(corners, corners.dropFirst()).flatMap { line(from: $0, to: $1).dropLast() } + [
            Point(x: corners.last!.0, y: corners.last!.1)
        ]
    }

    static func circle(radius: Double = 50, steps: Int = 40) -> [Point] {
        (0...steps).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: 100 + radius * Geometry.cosine(angle), y: 100 + radius * Geometry.sine(angle))
        }
    }

    static let v = polyline([(0, 0), (50, 100), (100, 0)])
    /// A check mark: short arm down, long arm up; not the same shape drawn backwards.
    static let check = polyline([(0, 50), (30, 100), (100, 0)])
    /// An L with a long foot: its centroid far from the middle of its bounds.
    static let foot = polyline([(0, 0), (0, 100), (300, 100)])

    /// The most that golden-section search's last step leaves in a distance between identical shapes.
    static let residual = 0.5

    /// `points` turned by `degrees` about the origin, scaled by `scale` and moved by (dx, dy).
    static func moved(_ points: [Point], degrees: Double, scale: Double, dx: Double, dy: Double) -> [Point] {
        let angle = degrees * Double.pi / 180
        let (cos, sin) = (Geometry.cosine(angle), Geometry.sine(angle))
        return points.map { p in
            Point(x: scale * (p.x * cos - p.y * sin) + dx, y: scale * (p.x * sin + p.y * cos) + dy)
        }
    }

    @Test func aStrokeIsResampledAndNormalisedAboutTheSquaresMiddle() throws {
        let half = Unistroke.size / 2
        for stroke in [Self.v, Self.check, Self.circle(), Self.line(from: (0, 0), to: (80, 60)), Self.foot] {
            let unistroke = try #require(Unistroke(strokes: [stroke]))
            #expect(unistroke.points.count == Unistroke.count)
            let bounds = Bounds(unistroke.points)
            let centroid = Unistroke.centroid(of: unistroke.points)
            #expect(abs(centroid.x - half) < 1e-9 && abs(centroid.y - half) < 1e-9)
            // Indicative angle 0: the first point straight left or right of the centroid.
            #expect(abs(unistroke.points[0].y - half) < 1e-9)
            // Each side is the square's, or nothing for a straight line; the centroid lies within the
            // bounds, so no point is further than `size` from it.
            #expect(abs(bounds.width - Unistroke.size) < 1e-9 || bounds.width < 1e-6)
            #expect(abs(bounds.height - Unistroke.size) < 1e-9 || bounds.height < 1e-6)
            #expect(bounds.minimum.x <= half && half <= bounds.maximum.x)
            #expect(bounds.minimum.y <= half && half <= bounds.maximum.y)
            #expect(bounds.minimum.x >= -half && bounds.maximum.x <= Unistroke.size + half)
            #expect(bounds.minimum.y >= -half && bounds.maximum.y <= Unistroke.size + half)
        }
        // The centroid is seldom the middle of the bounds, so [0, size] does not hold all the points:
        // a v drawn from its left tip reaches some 40 past it (and a circle, with its start point
        // counted twice, a little below 0).
        let v = Bounds(try #require(Unistroke(strokes: [Self.v])).points)
        #expect(v.maximum.x > Unistroke.size + 30 && v.maximum.y > Unistroke.size + 30)
        let circle = Bounds(try #require(Unistroke(strokes: [Self.circle()])).points)
        #expect(circle.minimum.x < 0)
    }

    @Test func aStraightLineIsNotBlownUpAcrossTheSquare() throws {
        let line = try #require(Unistroke(strokes: [Self.line(from: (10, 20), to: (90, 80))]))
        let bounds = Bounds(line.points)
        #expect(abs(bounds.width - Unistroke.size) < 1e-9)
        #expect(bounds.height < 1e-6)
    }

    @Test func aStrokeWithoutLengthHasNoUnistroke() {
        #expect(Unistroke(strokes: [[Point(x: 5, y: 5)]]) == nil)
        #expect(Unistroke(strokes: [[Point(x: 5, y: 5), Point(x: 5, y: 5)]]) == nil)
        #expect(Unistroke(strokes: [[Point(x: 5, y: 5)], [Point(x: 5, y: 5)]]) == nil)
        #expect(Unistroke(strokes: []) == nil)
    }

    /// Nearly 0, not 0: golden-section search never tries angle 0 itself, and its last angles are a
    /// fraction of a degree off, which is some tenths of a unit on a 250-unit square.
    @Test func aStrokeMatchesItselfAlmostExactly() throws {
        for stroke in [Self.v, Self.check, Self.circle(), Self.foot] {
            let unistroke = try #require(Unistroke(strokes: [stroke]))
            let distance = try #require(unistroke.distance(to: unistroke))
            #expect(distance > 0)
            #expect(distance < Self.residual)
            #expect(Unistroke.score(distance) > 0.998)
        }
    }

    @Test func rotationScaleAndPositionDoNotMatterButShapeDoes() throws {
        let v = try #require(Unistroke(strokes: [Self.v]))
        let moved = try #require(
            Unistroke(strokes: [Self.moved(Self.v, degrees: 30, scale: 3, dx: 400, dy: -70)]))
        let circle = try #require(Unistroke(strokes: [Self.circle()]))
        let line = try #require(Unistroke(strokes: [Self.line(from: (0, 0), to: (100, 0))]))
        let same = try #require(moved.distance(to: v))
        let round = try #require(moved.distance(to: circle))
        let straight = try #require(moved.distance(to: line))
        #expect(same < Self.residual)
        #expect(same < round / 20)
        #expect(same < straight / 20)
        #expect(Unistroke.score(same) > 0.99)
        #expect(Unistroke.score(round) < 0.8)
    }

    @Test func theSearchFindsASmallTurnLeftAfterTheIndicativeAngle() throws {
        // The indicative angle only roughly aligns two drawings of a shape; what it leaves (here 0.3
        // radians, about 17°) is for the search to find.
        let check = try #require(Unistroke(strokes: [Self.check]))
        let turned = Unistroke(points: Unistroke.rotated(check.points, by: 0.3, about: Point(x: 125, y: 125)))
        let atZero = turned.pathDistance(to: check, at: 0)
        let distance = try #require(turned.distance(to: check))
        #expect(atZero > 20)
        #expect(distance < 1)
    }

    @Test func directionMatters() throws {
        let check = try #require(Unistroke(strokes: [Self.check]))
        let backwards = try #require(Unistroke(strokes: [Self.check.reversed()]))
        let distance = try #require(backwards.distance(to: check))
        #expect(distance > 30)
        // A shape whose reverse is itself turned half round (a straight line) is not told apart: the
        // indicative angle takes the half turn out.
        let line = try #require(Unistroke(strokes: [Self.line(from: (0, 0), to: (100, 40))]))
        let reversedLine = try #require(Unistroke(strokes: [Self.line(from: (100, 40), to: (0, 0))]))
        #expect(try #require(reversedLine.distance(to: line)) < Self.residual)
    }

    @Test func severalStrokesAreJoinedInOrder() throws {
        let joined = try #require(Unistroke(strokes: [Self.v]))
        let split = try #require(
            Unistroke(strokes: [Array(Self.v[...10]), Array(Self.v[11...])]))
        #expect(split.distance(to: joined) == joined.distance(to: joined))
    }

    @Test func aLimitAtOrUnderTheDistanceGivesNil() throws {
        let v = try #require(Unistroke(strokes: [Self.v]))
        let circle = try #require(Unistroke(strokes: [Self.circle()]))
        let distance = try #require(v.distance(to: circle))
        #expect(v.distance(to: circle, below: distance) == nil)
        #expect(v.distance(to: circle, below: distance / 2) == nil)
        #expect(v.distance(to: circle, below: distance + 1) == distance)
    }

    @Test func aTemplateReadBackAtOneDecimalStillMatches() throws {
        let check = try #require(Unistroke(strokes: [Self.check]))
        let template = Unistroke(
            points: check.points.map {
                Point(x: TemplateFile.rounded($0.x, 1), y: TemplateFile.rounded($0.y, 1))
            })
        let exact = try #require(check.distance(to: check))
        #expect(abs(try #require(check.distance(to: template)) - exact) < 0.1)
    }
}
