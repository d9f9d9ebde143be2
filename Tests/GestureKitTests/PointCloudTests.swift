import Foundation
import Testing

@testable import GestureKit

/// The `$P`/`$Q` point-cloud matcher that learned recognizers will be built on (issue 18).
@Suite struct PointCloudTests {
    static func line(from a: (Double, Double), to b: (Double, Double), steps: Int = 10) -> [Point] {
        (0...steps).map { k in
            let t = Double(k) / Double(steps)
            return Point(x: a.0 + t * (b.0 - a.0), y: a.1 + t * (b.1 - a.1))
        }
    }

    static func circle(radius: Double = 50, steps: Int = 40) -> [Point] {
        (0...steps).map { k in
            let angle = 2 * Double.pi * Double(k) / Double(steps)
            return Point(x: 100 + radius * Geometry.cosine(angle), y: 100 + radius * Geometry.sine(angle))
        }
    }

    /// An x: two crossing strokes.
    static let strokeA = line(from: (0, 0), to: (100, 100))
    static let strokeB = line(from: (100, 0), to: (0, 100))

    /// `$P`'s greedy cloud match without any pruning: the least over both directions and every ⌊√n⌋-th
    /// start point.
    static func exhaustive(_ a: PointCloud, _ b: PointCloud) -> Double {
        let n = a.points.count
        return stride(from: 0, to: n, by: Int(Double(n).squareRoot())).flatMap { start in
            [
                PointCloud.cloudDistance(a.points, b.points, from: start, below: .infinity)!,
                PointCloud.cloudDistance(b.points, a.points, from: start, below: .infinity)!,
            ]
        }.min()!
    }

    @Test func resamplingGivesEquallySpacedPointsFromStartToEnd() throws {
        let points = try #require(PointCloud.resample([Self.line(from: (0, 0), to: (310, 0), steps: 7)], to: 32))
        #expect(points.count == 32)
        #expect(points.first == Point(x: 0, y: 0))
        #expect(abs(points.last!.x - 310) < 1e-9)
        for (a, b) in zip(points, points.dropFirst()) { #expect(abs(a.distance(to: b) - 10) < 1e-9) }
    }

    @Test func aCloudIsScaledIntoTheGridAroundItsCentroid() throws {
        let cloud = try #require(PointCloud(strokes: [Self.circle(radius: 300)]))
        let small = try #require(PointCloud(strokes: [Self.circle(radius: 3)]))
        let xs = cloud.points.map(\.x)
        let ys = cloud.points.map(\.y)
        let (low, high, last) = (xs.min()!, xs.max()!, Double(PointCloud.gridSize - 1))
        let meanY: Double = ys.reduce(0, +) / Double(ys.count)
        #expect(low >= 0 && high <= last)
        // The larger side is 1 of the [-1, 1] range: half the grid.
        let width: Double = high - low
        #expect(abs(width - last / 2) < 0.5)
        #expect(abs(meanY - last / 2) < 1e-9)
        // Size does not matter.
        #expect(try #require(cloud.distance(to: small)) < 1e-6)
    }

    @Test func aStrokeWithoutLengthHasNoCloud() {
        #expect(PointCloud(strokes: [[Point(x: 5, y: 5)]]) == nil)
        #expect(PointCloud(strokes: [[Point(x: 5, y: 5), Point(x: 5, y: 5)]]) == nil)
        #expect(PointCloud(strokes: []) == nil)
    }

    @Test func directionAndStrokeOrderDoNotMatterButShapeDoes() throws {
        let x = try #require(PointCloud(strokes: [Self.strokeA, Self.strokeB]))
        let reversed = try #require(PointCloud(strokes: [Self.strokeB.reversed(), Self.strokeA.reversed()]))
        let line = try #require(PointCloud(strokes: [Self.line(from: (0, 0), to: (100, 100))]))
        let circle = try #require(PointCloud(strokes: [Self.circle()]))
        let same = try #require(x.distance(to: x))
        let turned = try #require(x.distance(to: reversed))
        let other = try #require(x.distance(to: line))
        let round = try #require(x.distance(to: circle))
        #expect(same == 0)
        #expect(turned < other / 10)
        #expect(turned < round / 10)
    }

    /// `count` clouds of one to three random strokes of two to eight points each, from `seed`.
    static func randomClouds(_ count: Int, seed: UInt64) -> [PointCloud] {
        var generator = SplitMix64(seed: seed)
        var clouds: [PointCloud] = []
        while clouds.count < count {
            let strokes = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
                (0..<Int.random(in: 2...8, using: &generator)).map { _ in
                    Point(
                        x: Double.random(in: 0...200, using: &generator),
                        y: Double.random(in: 0...200, using: &generator))
                }
            }
            if let cloud = PointCloud(strokes: strokes) { clouds.append(cloud) }
        }
        return clouds
    }

    /// The lower bounds only skip work: the distance is `$P`'s, and a limit at or under it gives nil.
    @Test func pruningNeverChangesTheDistance() throws {
        let clouds = Self.randomClouds(12, seed: 19)
        for a in clouds {
            for b in clouds {
                let expected = Self.exhaustive(a, b)
                #expect(a.distance(to: b) == expected)
                #expect(a.distance(to: b, below: expected) == nil)
                #expect(a.distance(to: b, below: expected + 1) == expected)
                #expect(a.distance(to: b, prunes: false) == expected)
            }
        }
    }

    /// The look-up tables' bounds (`$Q`'s, made exact) never exceed the distance, and matching with
    /// them, one template at a time or the nearest of many, finds `$P`'s distances exactly.
    @Test func theMatchersBoundsAreBoundsAndItsDistancesArePs() throws {
        let clouds = Self.randomClouds(16, seed: 23)
        let templates = clouds.map { CloudTemplate($0) }
        for a in clouds {
            let matcher = CloudMatcher(a)
            for (b, template) in zip(clouds, templates) {
                let expected = Self.exhaustive(a, b)
                #expect(matcher.bound(template) <= expected + 1e-9)
                let found = try #require(matcher.distance(to: template, below: .infinity))
                #expect(abs(found - expected) <= 1e-9 * max(1, expected))
                #expect(matcher.distance(to: template, below: expected * (1 - 1e-9)) == nil)
            }
        }
    }
}

/// AppleCheckmarkTests' seeded generator, so that the random clouds are the same on every run.
extension SplitMix64: RandomNumberGenerator {}

extension PointCloudTests {
    /// On a tie the pruned matcher takes the earliest template point, as `$P`'s cloud distance does:
    /// (5,5) is 25 from both (0,5) and (10,5); taking (0,5) leaves (0,5) to (10,5), 75 in all. Taking
    /// the later one gave 25, and a distance that depends on the matcher changes what is recognized.
    @Test func thePrunedMatcherBreaksATieAsThePlainDistanceDoes() throws {
        let points = [Point(x: 5, y: 5), Point(x: 0, y: 5)]
        let template = [Point(x: 0, y: 5), Point(x: 10, y: 5)]
        let plain = try #require(PointCloud.cloudDistance(points, template, from: 0, below: .infinity))
        #expect(plain == 75)
        let pruned = [0.0, 0].withUnsafeBufferPointer { bounds in
            CloudMatcher.match(points, template, from: 0, bounds: bounds, bound: 0, below: .infinity)
        }
        #expect(pruned == 75)
    }
}
