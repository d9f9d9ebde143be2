/// Shape measurements the default circle rules make on the whole stroke once it lifts: where the stroke
/// comes back to its start, how far it is from round, and where it has corners. Pure functions of the
/// points, so each can be checked by hand.
extension Circle {
    /// The path is resampled every 1/`samplesPerDiameter` of the circle's diameter (a 100 pt circle every
    /// 2.5 pt), so that slow, densely sampled stretches weigh no more than fast ones and a one-pixel wobble
    /// between samples is not read as a turn.
    static let samplesPerDiameter = 40.0

    /// Points every `step` along the polyline `path`, starting with its first point (linear interpolation).
    ///
    /// Stops early rather than loop forever (found by fuzzing, issue 7): when a segment's length
    /// overflows (coordinates beyond ~1e154), and when `step` is finer than the coordinates' precision
    /// (a 1e-13 pt circle at (400, 400)), where an interpolated point no longer moves.
    static func resample(_ path: [Point], step: Double) -> [Point] {
        guard let first = path.first, step > 0, step.isFinite else { return path }
        var result = [first]
        var previous = first
        var carried = 0.0
        for next in path.dropFirst() {
            var from = previous
            var length = from.distance(to: next)
            guard length.isFinite else { return result }
            while carried + length >= step, length > 0 {
                let t = (step - carried) / length
                let point = Point(x: from.x + t * (next.x - from.x), y: from.y + t * (next.y - from.y))
                if point == from { break }
                result.append(point)
                from = point
                length = from.distance(to: next)
                carried = 0
            }
            carried += length
            previous = next
        }
        return result
    }

    /// The point of the stroke's last `fraction` of its length (by distance along the path) nearest to its
    /// start, and that distance. With `fraction` 0 it is the end point.
    static func nearestReturn(_ path: [Point], lastFraction fraction: Double) -> (distance: Double, point: Point) {
        var along = [0.0]
        for i in path.indices.dropFirst() { along.append(along[i - 1] + path[i - 1].distance(to: path[i])) }
        let from = (1 - fraction) * along[along.count - 1]
        var best = (distance: path[0].distance(to: path[path.count - 1]), point: path[path.count - 1])
        for i in path.indices where along[i] >= from {
            let distance = path[0].distance(to: path[i])
            if distance < best.distance { best = (distance, path[i]) }
        }
        return best
    }

    /// How far from round `path` is about `center`: the standard deviation of the points' distances to the
    /// centre as a fraction of their mean (0 for a perfect circle), and the point furthest from the mean.
    static func radialSpread(_ path: [Point], center: Point) -> (ratio: Double, worst: Point) {
        let radii = path.map { $0.distance(to: center) }
        let mean = radii.reduce(0, +) / Double(radii.count)
        let variance = radii.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(radii.count)
        var worst = 0
        for i in radii.indices where abs(radii[i] - mean) > abs(radii[worst] - mean) { worst = i }
        return (mean > 0 ? variance.squareRoot() / mean : 0, path[worst])
    }

    /// A place where the stroke turns sharply: how much (radians) and where.
    struct Corner: Equatable {
        var turn: Double
        var index: Int
        var point: Point
    }

    /// The corners of `path` sharper than `limit`, sharpest first. The turn at point i is the angle between
    /// the chords from point i − `span` to i and from i to i + `span`; corners closer than 2 × `span` points
    /// to a sharper one are the same corner. Points within `span` of either end have no turn.
    static func corners(_ path: [Point], span: Int, sharperThan limit: Double) -> [Corner] {
        guard span > 0, path.count > 2 * span else { return [] }
        // The direction of each chord from point j to j + `span`, computed once: the chord leaving a
        // point is the one arriving at the point `span` further on.
        let chords = (0..<(path.count - span)).map { j in
            Geometry.angle(dx: path[j + span].x - path[j].x, dy: path[j + span].y - path[j].y)
        }
        var turns: [Corner] = []
        for i in span..<(path.count - span) {
            let b = path[i]
            let turn = Geometry.wrapped(chords[i] - chords[i - span])
            if abs(turn) > limit { turns.append(Corner(turn: abs(turn), index: i, point: b)) }
        }
        turns.sort { $0.turn != $1.turn ? $0.turn > $1.turn : $0.index < $1.index }
        var corners: [Corner] = []
        for candidate in turns where corners.allSatisfy({ abs($0.index - candidate.index) >= 2 * span }) {
            corners.append(candidate)
        }
        return corners
    }
}
