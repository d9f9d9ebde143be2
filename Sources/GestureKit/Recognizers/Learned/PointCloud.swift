/// A gesture as a cloud of points, for the `$`-family template matchers (the learned recognizers of
/// issue 18): every stroke's points together, so that the number of strokes, their order and their
/// direction do not matter.
///
/// Normalised as `$P` does it (Vatavu, Anthony & Wobbrock, "Gestures as point clouds", ICMI 2012):
/// resampled to `count` points equally spaced along the strokes (the jumps between strokes not
/// counted), scaled uniformly so that the larger side of the bounding box is 1, and translated so
/// that the centroid is the origin; then, as `$Q` does (Vatavu, Anthony & Wobbrock, "$Q: a
/// super-quick, articulation-invariant stroke-gesture recognizer for low-resource devices",
/// MobileHCI 2018), placed on a grid of `gridSize` units a side and compared by squared distances,
/// with `$Q`'s lower bound of the matching distance skipping the start points (and templates) that
/// cannot beat the best so far. The bound is computed exactly (each point's distance to its nearest
/// point of the other cloud), not from `$Q`'s look-up table, so the result is always `$P`'s.
struct PointCloud: Sendable, Hashable {
    /// Points in grid units: the normalised cloud, with x and y in [-1, 1] mapped onto [0, gridSize - 1].
    let points: [Point]

    static let count = 32
    static let gridSize = 64

    /// The cloud of `strokes` (each a list of points in order), or nil when they have no length at all
    /// (a tap, a single point): a cloud needs a path to resample.
    init?(strokes: [[Point]]) {
        guard let resampled = PointCloud.resample(strokes, to: PointCloud.count) else { return nil }
        var xs = resampled.map(\.x)
        var ys = resampled.map(\.y)
        let size = max(xs.max()! - xs.min()!, ys.max()! - ys.min()!)
        guard size > 0 else { return nil }
        let cx = xs.reduce(0, +) / Double(xs.count)
        let cy = ys.reduce(0, +) / Double(ys.count)
        let scale = Double(PointCloud.gridSize - 1) / 2
        for k in xs.indices {
            // In [-1, 1] at most (a side of 1 around a centroid inside it), then onto the grid.
            xs[k] = ((xs[k] - cx) / size + 1) * scale
            ys[k] = ((ys[k] - cy) / size + 1) * scale
        }
        points = zip(xs, ys).map { Point(x: $0, y: $1) }
    }

    /// A cloud read back from a templates file: its points on the grid, as they were written.
    init(points: [Point]) { self.points = points }

    @inline(__always)
    static func squaredDistance(_ a: Point, _ b: Point) -> Double {
        (a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)
    }

    /// The length of the strokes' paths, added up: 0 for points all at one place.
    static func length(of strokes: [[Point]]) -> Double {
        var length = 0.0
        for stroke in strokes {
            for (a, b) in zip(stroke, stroke.dropFirst()) { length += a.distance(to: b) }
        }
        return length
    }

    /// `count` points equally spaced along the strokes, in order; nil when the strokes have no length.
    /// Coordinates so large that a distance would overflow (±1e160 squared) are first divided by the
    /// largest of them: every matcher scales the points to its own square afterwards, so only their
    /// shape matters, and `inf - inf` on the grid was a trap.
    static func resample(_ strokes: [[Point]], to count: Int) -> [Point]? {
        var largest = 0.0
        for stroke in strokes {
            for point in stroke { largest = max(largest, abs(point.x), abs(point.y)) }
        }
        if largest > 1e150, largest.isFinite {
            return resample(strokes.map { $0.map { Point(x: $0.x / largest, y: $0.y / largest) } }, to: count)
        }
        let length = length(of: strokes)
        guard length > 0, let first = strokes.first(where: { !$0.isEmpty })?.first else { return nil }
        let interval = length / Double(count - 1)
        var points = [first]
        var carried = 0.0
        for stroke in strokes where !stroke.isEmpty {
            var previous = stroke[0]
            for next in stroke.dropFirst() {
                var segment = previous.distance(to: next)
                var from = previous
                while carried + segment >= interval, points.count < count {
                    let t = (interval - carried) / segment
                    let point = Point(x: from.x + t * (next.x - from.x), y: from.y + t * (next.y - from.y))
                    points.append(point)
                    segment -= interval - carried
                    from = point
                    carried = 0
                }
                carried += segment
                previous = next
            }
        }
        // Rounding can leave the last point out: it is the end of the last stroke.
        while points.count < count { points.append(strokes.last(where: { !$0.isEmpty })!.last!) }
        return points
    }

    /// The greedy cloud-matching distance between this cloud and `template`, as `$P` defines it (the
    /// least, over both directions and ⌈√n⌉ start points, of the weighted sum of each point's distance
    /// to the nearest template point not yet matched), in squared grid units as `$Q` measures it; or
    /// nil when it is not below `limit` (the best distance found so far, when matching several
    /// templates): `$Q`'s lower bounds skip the start points that cannot beat it.
    ///
    /// With `prunes` false it is `$P` itself: every start point matched in full, no bound consulted.
    func distance(to template: PointCloud, below limit: Double = .infinity, prunes: Bool = true) -> Double? {
        let n = points.count
        let step = Int(Double(n).squareRoot())
        var best = limit
        if !prunes {
            for start in stride(from: 0, to: n, by: step) {
                best = min(
                    best, PointCloud.cloudDistance(points, template.points, from: start, below: .infinity)!,
                    PointCloud.cloudDistance(template.points, points, from: start, below: .infinity)!)
            }
            return best < limit ? best : nil
        }
        // Each point's distance to its nearest point in the other cloud, matched or not: a lower bound
        // of what it costs in any matching.
        let toTemplate = points.map { template.nearestDistance(to: $0) }
        let toSelf = template.points.map { nearestDistance(to: $0) }
        for start in stride(from: 0, to: n, by: step) {
            if PointCloud.lowerBound(toTemplate, from: start) < best,
                let d = PointCloud.cloudDistance(points, template.points, from: start, below: best)
            {
                best = d
            }
            if PointCloud.lowerBound(toSelf, from: start) < best,
                let d = PointCloud.cloudDistance(template.points, points, from: start, below: best)
            {
                best = d
            }
        }
        return best < limit ? best : nil
    }

    /// The squared distance from `point` to the nearest point of the cloud.
    func nearestDistance(to point: Point) -> Double {
        var best = Double.infinity
        for other in points { best = min(best, PointCloud.squaredDistance(point, other)) }
        return best
    }

    /// The weighted sum of `distances` in the order matching from `start` takes them.
    static func lowerBound(_ distances: [Double], from start: Int) -> Double {
        let n = distances.count
        var sum = 0.0
        for k in 0..<n { sum += (1 - Double(k) / Double(n)) * distances[(start + k) % n] }
        return sum
    }

    /// `$P`'s cloud distance from `points` to `template` matching from point `start`: each point in
    /// turn to its nearest unmatched template point, weighted by how early it is matched; nil as soon
    /// as the sum reaches `limit`.
    static func cloudDistance(_ points: [Point], _ template: [Point], from start: Int, below limit: Double) -> Double? {
        let n = points.count
        var matched = [Bool](repeating: false, count: n)
        var sum = 0.0
        for k in 0..<n {
            let point = points[(start + k) % n]
            var best = 0
            var bestDistance = Double.infinity
            for j in 0..<n where !matched[j] {
                let distance = squaredDistance(point, template[j])
                if distance < bestDistance {
                    bestDistance = distance
                    best = j
                }
            }
            matched[best] = true
            sum += (1 - Double(k) / Double(n)) * bestDistance
            if sum >= limit { return nil }
        }
        return sum
    }
}
