import Testing

@testable import GestureKit

/// Point clouds with their turning angles (`--algorithm p+`, after `$P+`), and their orientations
/// (`p+o`): the angles and orientations, the distance worked by hand, what they part, and the matcher's
/// pruning.
@Suite struct TurningCloudTests {
    static func points(_ xy: [(Double, Double)]) -> [Point] { xy.map { Point(x: $0.0, y: $0.1) } }

    /// The turn at each point, over π, in grid units: none along a line, at the ends or either side of
    /// a jump between strokes; a right angle half of `angleScale`, a turn back all of it.
    @Test func theTurningAngleIsTheTurnAtEachPoint() {
        let scale = TurningCloud.angleScale
        #expect(TurningCloud.turningAngles(Self.points([(0, 0), (1, 0), (2, 0), (3, 0)])) == [0, 0, 0, 0])
        #expect(
            TurningCloud.turningAngles(Self.points([(0, 0), (1, 0), (1, 1), (0, 1)])) == [0, scale / 2, scale / 2, 0])
        #expect(TurningCloud.turningAngles(Self.points([(0, 0), (1, 0), (0, 0)])) == [0, scale, 0])
        // Two strokes of a step each side of a jump of 10: the points beside it have no angle.
        let twoStrokes = Self.points([(0, 0), (1, 0), (2, 0), (2, 1), (12, 1), (12, 2), (11, 2), (10, 2)])
        #expect(TurningCloud.turningAngles(twoStrokes) == [0, 0, scale / 2, 0, 0, scale / 2, 0, 0])
        #expect(TurningCloud.turningAngles(Self.points([(0, 0), (1, 1)])) == [0, 0])
        // A point that does not move has no direction to turn from.
        #expect(TurningCloud.turningAngles(Self.points([(0, 0), (1, 0), (1, 0), (1, 1)])) == [0, 0, 0, 0])
    }

    /// A point's orientation is the way its path runs as a line, doubled: (s, 0) along x either way,
    /// (-s, 0) along y, (0, s) on the diagonal that rises with x; the ends take their one step, and the
    /// points beside a jump between strokes the step on their own side.
    @Test func theOrientationIsTheLineThePathRunsAlong() {
        let s = TurningCloud.orientationScale
        func rounded(_ points: [(Double, Double)]) -> [[Double]] {
            let values = TurningCloud.orientations(Self.points(points)).map { ($0 * 1e9).rounded() / 1e9 }
            return stride(from: 0, to: values.count, by: 2).map { [values[$0], values[$0 + 1]] }
        }
        #expect(rounded([(0, 0), (1, 0), (2, 0)]) == [[s, 0], [s, 0], [s, 0]])
        #expect(rounded([(2, 0), (1, 0), (0, 0)]) == [[s, 0], [s, 0], [s, 0]], "drawn the other way")
        #expect(rounded([(0, 0), (0, 1), (0, 2)]) == [[-s, 0], [-s, 0], [-s, 0]])
        #expect(rounded([(0, 0), (1, 1), (2, 2)]) == [[0, s], [0, s], [0, s]])
        // A corner: the point at it runs from the point before to the point after, at 45°.
        #expect(rounded([(0, 0), (1, 0), (1, 1)]) == [[s, 0], [0, s], [-s, 0]])
        // Two strokes, a jump of 10 between (0, 1) and (10, 1): each side keeps its own step.
        #expect(
            rounded([(0, 0), (0, 1), (10, 1), (11, 1)]) == [[-s, 0], [-s, 0], [s, 0], [s, 0]])
        // A point alone has none; without `oriented`, a cloud has none at all.
        #expect(rounded([(0, 0), (0, 0)]) == [[0, 0], [0, 0]])
        #expect(!TurningCloud(Self.points([(0, 0), (1, 0)])).isOriented)
    }

    /// A narrow `{` and its mirror image, a `}`, lie near each other as positions and turns (the
    /// turns are unsigned); their orientations part them, and drawn backwards a brace is still itself.
    @Test func orientationsPartAShapeFromItsMirrorImage() throws {
        let brace: [(Double, Double)] = [(6, 0), (2, 2), (2, 8), (0, 10), (2, 12), (2, 18), (6, 20)]
        let left = Self.points(brace)
        let right = Self.points(brace.map { (6 - $0.0, $0.1) })
        func cloud(_ points: [Point]) throws -> [Point] {
            try #require(PointCloud(strokes: [points])).points
        }
        let (a, b, backwards) = (try cloud(left), try cloud(right), try cloud(left.reversed()))
        let turns = try #require(TemplateAlgorithm.plus.distance(a, to: b))
        let oriented = try #require(TemplateAlgorithm.oriented.distance(a, to: b))
        #expect(oriented > 2 * turns, "p+ \(turns), p+o \(oriented)")
        #expect(try #require(TemplateAlgorithm.oriented.distance(a, to: backwards)) < 1e-6)
        #expect(try #require(TemplateAlgorithm.oriented.distance(a, to: a)) == 0)
    }

    /// Every point to its nearest in the other cloud, and each point of the other that none chose to
    /// its own nearest: worked by hand on three points a side, the two ways round giving 54 and 51.
    @Test func theTurningDistanceIsTheLessOfTheTwoMatchings() {
        let a = Self.points([(0, 0), (2, 0), (3, 0)])
        let b = Self.points([(0, 0), (1, 0), (10, 0)])
        let flat = [0.0, 0, 0]
        // a → b: 0 + 1 + 4, and (10, 0), which none chose, to (3, 0): 49; b → a: 0 + 1 (to the
        // earlier of two at 1) + 49, and (2, 0), which none chose, to (1, 0): 1.
        let (flatA, flatB) = (TurningCloud(a, angles: flat), TurningCloud(b, angles: flat))
        #expect(flatA.distance(to: flatB) == 51)
        #expect(flatB.distance(to: flatA) == 51)
        #expect(flatA.distance(to: flatB, below: 51) == nil)
        #expect(flatA.distance(to: flatA) == 0)
        // The same places, one turning: its angle counts, squared, where positions alone would not.
        #expect(flatA.distance(to: TurningCloud(a, angles: [0, 2, 0])) == 4)
    }

    /// A ring and a square as clouds of positions lie near each other; their corners part them.
    @Test func cornersPartARingFromASquare() throws {
        let ring = try #require(PointCloud(strokes: [PointCloudTests.circle(steps: 64)]))
        let square = try #require(
            PointCloud(strokes: [
                PointCloudTests.line(from: (50, 50), to: (150, 50))
                    + PointCloudTests.line(from: (150, 50), to: (150, 150)).dropFirst()
                    + PointCloudTests.line(from: (150, 150), to: (50, 150)).dropFirst()
                    + PointCloudTests.line(from: (50, 150), to: (50, 50)).dropFirst()
            ]))
        func turning(_ a: PointCloud, _ b: PointCloud) -> Double {
            TurningCloud(a.points).distance(to: TurningCloud(b.points))!
        }
        func positions(_ a: PointCloud, _ b: PointCloud) -> Double {
            let flat = [Double](repeating: 0, count: a.points.count)
            return TurningCloud(a.points, angles: flat).distance(to: TurningCloud(b.points, angles: flat))!
        }
        #expect(turning(ring, ring) == 0)
        #expect(turning(ring, square) > 2 * positions(ring, square))
    }

    /// With turning angles (and orientations), the matcher's bound (the positions' share) never exceeds
    /// the distance, and its distances are `TurningCloud.distance`'s exactly.
    @Test(arguments: [TemplateAlgorithm.plus, .oriented])
    func theTurningMatchersBoundsAreBounds(_ algorithm: TemplateAlgorithm) throws {
        let clouds = PointCloudTests.randomClouds(16, seed: 29)
        let oriented = algorithm == .oriented
        let templates = clouds.map { CloudTemplate($0, matcher: algorithm) }
        for a in clouds {
            let matcher = CloudMatcher(a, matcher: algorithm)
            for (b, template) in zip(clouds, templates) {
                let expected = try #require(
                    TurningCloud(a.points, oriented: oriented).distance(to: TurningCloud(b.points, oriented: oriented)))
                #expect(matcher.bound(template) <= expected + 1e-9)
                #expect(matcher.distance(to: template, below: .infinity) == expected)
                #expect(matcher.distance(to: template, below: expected) == nil)
                #expect(algorithm.distance(a.points, to: b.points) == expected)
                if oriented, a.points != b.points {
                    #expect(expected > TemplateAlgorithm.plus.distance(a.points, to: b.points)!)
                }
            }
        }
    }
}
