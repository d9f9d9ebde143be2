import Foundation

/// A point cloud with its turning angles, after `$P+` (Vatavu, "Improving gesture recognition accuracy
/// on touch screens for users with low vision", CHI 2017): each point also carries how sharply the path
/// turns there, so that a corner is matched with a corner and a curve with a curve — a rectangle's
/// four right angles and a ring's even bend, which as clouds of positions alone lie as near each other
/// as one person's rings to another's.
///
/// The distance is `$P+`'s in `$Q`'s squared units: every point of one cloud is matched with its nearest
/// point of the other (a point may be the nearest of several), every point of the other that none chose
/// with its own nearest, and the less of the two ways round is the distance. There are no start points
/// and no weights: the matching does not depend on the order of the points, only the angles do.
///
/// With `oriented` (`--algorithm p+o`, this project's addition), each point also carries which way
/// the path runs there, as a line (its direction modulo a half turn), so that a `{` is told from a
/// `}`: drawn either way, a mirror image runs the other way at the same places, where a narrow shape's
/// positions, scaled by its height, differ by a grid unit or two.
///
/// Kept as arrays, x, y and angle (and the orientation's two components), so that the distances from
/// one point to all of another cloud's are one loop over runs of numbers.
struct TurningCloud: Sendable {
    let xs: [Double]
    let ys: [Double]
    let angles: [Double]
    /// Each point's orientation as the vector (cos 2θ, sin 2θ) times `orientationScale`, θ the
    /// direction of the path there, the two components point after point: a line's two directions
    /// give one vector, and lines at right angles opposite ones. Empty when not `oriented`.
    let orientations: [Double]

    /// The cloud of `points` (a `PointCloud`'s, in order), with their turning angles, and their
    /// orientations when `oriented`.
    init(_ points: [Point], oriented: Bool = false) {
        let within = Self.stepsWithinStrokes(points)
        self.init(
            points, angles: Self.turningAngles(points, within: within),
            orientations: oriented ? Self.orientations(points, within: within) : [])
    }

    /// `points` with the given `angles`, one each, in grid units.
    init(_ points: [Point], angles: [Double], oriented: Bool = false) {
        self.init(points, angles: angles, orientations: oriented ? Self.orientations(points) : [])
    }

    private init(_ points: [Point], angles: [Double], orientations: [Double]) {
        precondition(angles.count == points.count)
        xs = points.map(\.x)
        ys = points.map(\.y)
        self.angles = angles
        self.orientations = orientations
    }

    var isOriented: Bool { !orientations.isEmpty }

    /// The length of an orientation vector in grid units: lines at right angles lie `2 ×` it apart, a
    /// squared 64, as far as points 8 grid units apart (an eighth of the cloud's size) or turns 0.25 π
    /// apart. Chosen on `dollar1` (`Benchmarks/untaught-bound.py --algorithm p+o`; docs/templates.md):
    /// 2 and 8 part look-alikes less well, 16 parts one person's strokes from another's.
    static let orientationScale = 4.0

    /// Each of `points`' orientation (`orientations`): the direction from the point before to the
    /// point after, within its stroke (either side of a jump, the one step there is); none (0, 0) for
    /// a point alone. `within`: `stepsWithinStrokes(points)`, when already known.
    static func orientations(_ points: [Point], within: [Bool]? = nil) -> [Double] {
        let n = points.count
        var result = [Double](repeating: 0, count: 2 * n)
        guard n >= 2 else { return result }
        let within = within ?? stepsWithinStrokes(points)
        for i in 0..<n {
            let before = i > 0 && within[i - 1]
            let after = i < n - 1 && within[i]
            guard before || after else { continue }
            let direction = Geometry.angle(from: points[before ? i - 1 : i], to: points[after ? i + 1 : i])
            result[2 * i] = orientationScale * cos(2 * direction)
            result[2 * i + 1] = orientationScale * sin(2 * direction)
        }
        return result
    }

    var count: Int { xs.count }

    /// A half turn's turning angle in grid units: π maps onto half the grid, the side of the cloud's
    /// size, so that a turn weighs as `$P+` weighs it (an angle over π beside coordinates over the size).
    static let angleScale = Double(PointCloud.gridSize - 1) / 2

    /// Whether each step of `points` (from point k to point k + 1) lies within a stroke: it moves,
    /// and it is no jump between strokes, a step more than twice the median step (the points lie
    /// equally spaced along each stroke, so no step within one is longer than the spacing).
    static func stepsWithinStrokes(_ points: [Point]) -> [Bool] {
        guard points.count >= 2 else { return [] }
        let steps = (1..<points.count).map { points[$0 - 1].distance(to: points[$0]) }
        let jump = 2 * steps.sorted()[steps.count / 2]
        return steps.map { $0 > 0 && $0 <= jump }
    }

    /// The turning angle at each of `points` (a cloud's, in order), in grid units: how far the step
    /// leaving it turns from the step arriving, over π, times `angleScale`. 0 at the first and last
    /// point, and either side of a jump between strokes or a step that does not move
    /// (`stepsWithinStrokes`, passed as `within` when already known).
    static func turningAngles(_ points: [Point], within: [Bool]? = nil) -> [Double] {
        let n = points.count
        var angles = [Double](repeating: 0, count: n)
        guard n >= 3 else { return angles }
        let within = within ?? stepsWithinStrokes(points)
        for i in 1..<(n - 1) where within[i - 1] && within[i] {
            let turn = Geometry.turn(
                from: Geometry.angle(from: points[i - 1], to: points[i]),
                to: Geometry.angle(from: points[i], to: points[i + 1]))
            angles[i] = turn / Double.pi * angleScale
        }
        return angles
    }

    /// The turning distance to `template`, or nil when it is not below `limit`: the less of the two
    /// matchings' sums of squared distances in (x, y, angle), and orientation when both are oriented.
    ///
    /// With `bounds` (each point's least squared distance to the other cloud's positions: `CloudMatcher`'s
    /// look-up tables, this cloud's points' first, then the template's), a matching whose bounds already
    /// reach `limit` cannot be the less, and the pairs are taken a point of the other cloud at a time: the
    /// sum of its points' nearest so far and the bounds of the points still to come is abandoned as soon
    /// as it reaches `limit` too. Taken either way round, every nearest is the same, ties to the earlier
    /// point, so the distance does not depend on it.
    func distance(
        to template: TurningCloud, below limit: Double = .infinity,
        bounds: (UnsafeBufferPointer<Double>, UnsafeBufferPointer<Double>)? = nil
    ) -> Double? {
        precondition(template.count == count && template.isOriented == isOriented)
        // Rows are the cloud whose matching may still win; the other's bounds are the abandoning's.
        var (rows, columns) = (self, template)
        var rowBounds: UnsafeBufferPointer<Double>?
        if let (own, other) = bounds {
            if other.reduce(0, +) >= limit {
                rowBounds = own
            } else if own.reduce(0, +) >= limit {
                (rows, columns, rowBounds) = (template, self, other)
            }
        }
        return rows.match(columns, below: limit, bounds: rowBounds)
    }

    /// `distance`'s matching, with this cloud's points as the rows.
    private func match(_ columns: TurningCloud, below limit: Double, bounds: UnsafeBufferPointer<Double>?)
        -> Double?
    {
        let n = count
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 3 * n) { buffer in
            withUnsafeTemporaryAllocation(of: Int.self, capacity: 2 * n) { nearest in
                let (rowMins, columnMins, row) = (
                    buffer.baseAddress!, buffer.baseAddress! + n, buffer.baseAddress! + 2 * n
                )
                let (rowNearest, columnNearest) = (nearest.baseAddress!, nearest.baseAddress! + n)
                for j in 0..<n {
                    columnMins[j] = .infinity
                    columnNearest[j] = 0
                }
                var remaining = bounds?.reduce(0, +) ?? 0
                var matched = 0.0
                let abandoned: Bool = columns.xs.withUnsafeBufferPointer { cx in
                    columns.ys.withUnsafeBufferPointer { cy in
                        columns.angles.withUnsafeBufferPointer { ca in
                            for i in 0..<n {
                                // The distances from this row's point to every column's, then the
                                // nearest each way, a tie to the earlier.
                                let (x, y, a) = (xs[i], ys[i], angles[i])
                                for j in 0..<n {
                                    let (dx, dy, da) = (x - cx[j], y - cy[j], a - ca[j])
                                    row[j] = dx * dx + dy * dy + da * da
                                }
                                if isOriented {
                                    let (u, v) = (orientations[2 * i], orientations[2 * i + 1])
                                    columns.orientations.withUnsafeBufferPointer { co in
                                        for j in 0..<n {
                                            let (du, dv) = (u - co[2 * j], v - co[2 * j + 1])
                                            row[j] += du * du + dv * dv
                                        }
                                    }
                                }
                                var (least, at) = (row[0], 0)
                                for j in 1..<n where row[j] < least { (least, at) = (row[j], j) }
                                (rowMins[i], rowNearest[i]) = (least, at)
                                for j in 0..<n where row[j] < columnMins[j] {
                                    (columnMins[j], columnNearest[j]) = (row[j], i)
                                }
                                if let bounds {
                                    matched += least
                                    remaining -= bounds[i]
                                    if matched + max(remaining, 0) >= limit { return true }
                                }
                            }
                            return false
                        }
                    }
                }
                if abandoned { return nil }
                // Rows → columns: every row's nearest, and each column no row chose, its own; columns →
                // rows, the same the other way.
                var forward = 0.0
                var backward = 0.0
                for k in 0..<n {
                    forward += rowMins[k]
                    backward += columnMins[k]
                }
                return withUnsafeTemporaryAllocation(of: Bool.self, capacity: 2 * n) { chosen in
                    for k in 0..<(2 * n) { chosen[k] = false }
                    for i in 0..<n { chosen[n + rowNearest[i]] = true }
                    for j in 0..<n { chosen[columnNearest[j]] = true }
                    for j in 0..<n where !chosen[n + j] { forward += columnMins[j] }
                    for i in 0..<n where !chosen[i] { backward += rowMins[i] }
                    let distance = min(forward, backward)
                    return distance < limit ? distance : nil
                }
            }
        }
    }
}
