/// A gesture as one stroke, for the `$1` unistroke matcher (Wobbrock, Wilson & Li, "Gestures without
/// libraries, toolkits or training: a $1 recognizer for user interface prototypes", UIST 2007), beside
/// `PointCloud`'s `$P`/`$Q` for comparison: the order and direction of the points matter.
///
/// Normalised as the paper's steps 1 to 3 do it: resampled to `count` points equally spaced along the
/// path; rotated about the centroid so that the indicative angle (from the centroid to the first point)
/// is 0; scaled non-uniformly to a reference square of `size` a side; translated so that the centroid is
/// the origin. Then shifted by `size / 2` each way, so that the centroid is at (size/2, size/2). The
/// centroid lies within the points' bounds but seldom at their middle, so most shapes reach past
/// [0, size] on some side (a v drawn from its left tip, by some 40 units; a circle, a little below 0),
/// though never past [−size/2, 3·size/2].
///
/// Matched as the paper's step 4 does it: the mean distance between corresponding points (the path
/// distance) at the best rotation of the candidate found by golden-section search over ±45°, to 2°.
struct Unistroke: Sendable, Hashable {
    /// The normalised points: centroid at (size/2, size/2), indicative angle 0, bounding box `size` a side
    /// (or nothing across, for a straight line); each coordinate within [−size/2, 3·size/2].
    let points: [Point]

    static let count = 64
    static let size = 250.0

    /// The paper's search range (±θ) and the width at which the search stops (θΔ), in radians.
    static let searchRange = 45 * Double.pi / 180
    static let searchThreshold = 2 * Double.pi / 180

    /// The golden ratio's conjugate, φ = ½(−1 + √5).
    static let phi = 0.5 * (-1 + 5.0.squareRoot())

    /// The stroke of `strokes` (each a list of points in order) joined end to start into one, or nil
    /// when it has no length (a tap, a single point). The jumps between strokes count as path: `$1`
    /// knows one stroke only.
    ///
    /// A side of the bounding box shorter than a millionth of the other (a straight line, which the
    /// paper notes non-uniform scaling cannot handle) is scaled as the other is, rather than blown up.
    init?(strokes: [[Point]]) {
        let path = strokes.flatMap { $0 }
        guard var resampled = PointCloud.resample([path], to: Unistroke.count) else { return nil }
        // Step 2: rotate so that the indicative angle is 0.
        let centroid = Unistroke.centroid(of: resampled)
        let indicative = Geometry.angle(from: centroid, to: resampled[0])
        resampled = Unistroke.rotated(resampled, by: -indicative, about: centroid)
        // Step 3: scale to the reference square, then translate the centroid to the origin (and on to
        // the middle of the square).
        let bounds = Bounds(resampled)
        let longer = max(bounds.width, bounds.height)
        guard longer > 0 else { return nil }
        let scaleX = bounds.width > longer * 1e-6 ? Unistroke.size / bounds.width : Unistroke.size / longer
        let scaleY = bounds.height > longer * 1e-6 ? Unistroke.size / bounds.height : Unistroke.size / longer
        let scaled = resampled.map { Point(x: $0.x * scaleX, y: $0.y * scaleY) }
        let middle = Unistroke.centroid(of: scaled)
        let half = Unistroke.size / 2
        points = scaled.map { Point(x: $0.x - middle.x + half, y: $0.y - middle.y + half) }
    }

    /// A template read back from a templates file: its points as they were written.
    init(points: [Point]) { self.points = points }

    static func centroid(of points: [Point]) -> Point {
        var x = 0.0
        var y = 0.0
        for point in points {
            x += point.x
            y += point.y
        }
        return Point(x: x / Double(points.count), y: y / Double(points.count))
    }

    /// `points` turned by `angle` (positive clockwise on screen) about `center`.
    static func rotated(_ points: [Point], by angle: Double, about center: Point) -> [Point] {
        let cos = Geometry.cosine(angle)
        let sin = Geometry.sine(angle)
        return points.map { point in
            let dx = point.x - center.x
            let dy = point.y - center.y
            return Point(x: dx * cos - dy * sin + center.x, y: dx * sin + dy * cos + center.y)
        }
    }

    /// The path distance between this stroke turned by `angle` about its centroid and `template`: the
    /// mean distance between corresponding points (over as many as both have).
    func pathDistance(to template: Unistroke, at angle: Double) -> Double {
        let half = Unistroke.size / 2
        let turned = Unistroke.rotated(points, by: angle, about: Point(x: half, y: half))
        var sum = 0.0
        var n = 0
        for (a, b) in zip(turned, template.points) {
            sum += a.distance(to: b)
            n += 1
        }
        return n > 0 ? sum / Double(n) : .infinity
    }

    /// `$1`'s distance between this stroke and `template`: the path distance at the best angle that
    /// golden-section search finds within ±45°, stopping at 2° (the paper's values), in the units of
    /// `points`; or nil when it is not below `limit` (the best distance so far, when matching several
    /// templates). Both were normalised to indicative angle 0 with their centroids at (size/2, size/2),
    /// so the candidate turns about that point.
    ///
    /// The search never tries angle 0 itself and stops within 2° of the best angle, so a stroke's
    /// distance to itself is not 0 but some tenths of a unit. Nothing is pruned: the search compares
    /// every value it computes, and a distance cut short would change the angles it tries.
    func distance(to template: Unistroke, below limit: Double = .infinity) -> Double? {
        let phi = Unistroke.phi
        var a = -Unistroke.searchRange
        var b = Unistroke.searchRange
        var x1 = phi * a + (1 - phi) * b
        var f1 = pathDistance(to: template, at: x1)
        var x2 = (1 - phi) * a + phi * b
        var f2 = pathDistance(to: template, at: x2)
        while abs(b - a) > Unistroke.searchThreshold {
            if f1 < f2 {
                b = x2
                x2 = x1
                f2 = f1
                x1 = phi * a + (1 - phi) * b
                f1 = pathDistance(to: template, at: x1)
            } else {
                a = x1
                x1 = x2
                f1 = f2
                x2 = (1 - phi) * a + phi * b
                f2 = pathDistance(to: template, at: x2)
            }
        }
        let best = min(f1, f2)
        return best < limit ? best : nil
    }

    /// The paper's score: 1 less the distance over half the diagonal of the reference square, so 1 for
    /// a perfect match, and below 0 for a distance beyond half the diagonal.
    static func score(_ distance: Double) -> Double {
        1 - distance / (0.5 * (2 * size * size).squareRoot())
    }
}
