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

extension Circle {
    /// What a circle measures of its path on lift, each part made when a circle first needs it (most
    /// strokes fail on closure, and need nothing more). Circles that measure alike share one at an
    /// event (`RecognizerContext.shared`): only their limits differ, so each compares the same
    /// measures with its own. Used on the replay's thread only.
    final class Measures: @unchecked Sendable {
        /// The touch followed and how many samples of it, and every parameter the measures depend on.
        struct Key: Hashable, Sendable {
            var touch: TouchID
            var count: Int
            var closureReturnRatio: Double
            var jitterTolerance: Double?
            var jitterRatio: Double
            var cornerSpan: Double
            var cornerTurn: Double?
        }

        let points: [Point]
        let key: Key
        let bounds: Bounds
        let center: Point
        let diameter: Double

        init(_ points: [Point], _ key: Key) {
            self.points = points
            self.key = key
            bounds = Bounds(points)
            center = bounds.center
            diameter = (bounds.width + bounds.height) / 2
        }

        /// How near the path came back to its start: its end, or (with `closureReturnRatio`) the
        /// nearest point of that last fraction of it.
        private(set) lazy var closure: (distance: Double, point: Point) =
            key.closureReturnRatio == 0
            ? (points[0].distance(to: points[points.count - 1]), points[points.count - 1])
            : Circle.nearestReturn(points, lastFraction: key.closureReturnRatio)

        /// Why a path that does not come back near its start is no circle, with `closureReturnRatio`.
        private(set) lazy var notClosedMessage =
            "never came back near its start (the nearest point of its last "
            + "\(Format.number(100 * key.closureReturnRatio))%)"

        /// The angle swept about the centre, signed: positive clockwise on screen.
        private(set) lazy var arc: Double = {
            var arc = 0.0
            // Each point's angle once, carried to the next step (the same values as computing it twice).
            var a = Geometry.angle(dx: points[0].x - center.x, dy: points[0].y - center.y)
            for i in 1..<points.count {
                let b = Geometry.angle(dx: points[i].x - center.x, dy: points[i].y - center.y)
                defer { a = b }
                arc += Geometry.wrapped(b - a)
            }
            return arc
        }()

        /// Where x or y movement reversed along the path, in order (a point twice when both did).
        ///
        /// With no `jitterTolerance` (the seed): the recipe's literal rule, a change whenever the sign of dx
        /// or dy differs from the previous step's. Otherwise each axis reverses only once it has come back
        /// `jitterTolerance` from its furthest point in the current direction (`Reversals`), so neither a
        /// wobble nor a pause counts.
        private(set) lazy var directionChanges: [Point] = {
            var changes: [Point] = []
            guard let floor = key.jitterTolerance else {
                // The recipe's loop, literally: steps i-1 → i for i in 2 ..< count − 1, and a C-style sign
                // that calls zero positive (docs/recognizers/circle.md says why).
                func sign(_ v: Double) -> Int { v < 0 ? -1 : 1 }
                for i in stride(from: 2, to: points.count - 1, by: 1) {
                    let (a, b, c) = (points[i - 2], points[i - 1], points[i])
                    if sign(c.x - b.x) != sign(b.x - a.x) || sign(c.y - b.y) != sign(b.y - a.y) { changes.append(b) }
                }
                return changes
            }
            let tolerance = max(floor, key.jitterRatio * diameter)
            var x = Reversals(start: points[0].x, tolerance: tolerance)
            var y = Reversals(start: points[0].y, tolerance: tolerance)
            for point in points.dropFirst() {
                if x.feed(point.x) { changes.append(point) }
                if y.feed(point.y) { changes.append(point) }
            }
            return changes
        }()

        /// The corner rule's limit: none when it is off, or its span is 0.
        var cornerTurn: Double? { key.cornerSpan > 0 ? key.cornerTurn : nil }

        /// The path resampled evenly, `samplesPerDiameter` points a diameter: the shape rules' path.
        private(set) lazy var evenPath = Circle.resample(points, step: diameter / Circle.samplesPerDiameter)

        /// The corners sharper than `cornerTurn`, sharpest first.
        private(set) lazy var corners: [Corner] = {
            guard let cornerTurn else { return [] }
            // A span of half the path or more finds no corner; a larger one (1e308) is no Int.
            let path = evenPath
            let samples = (key.cornerSpan * Circle.samplesPerDiameter).rounded()
            let span = samples < Double(path.count) ? max(1, Int(samples)) : path.count
            return Circle.corners(path, span: span, sharperThan: cornerTurn)
        }()

        /// How much the even path's distance from the centre varies.
        private(set) lazy var spread = Circle.radialSpread(evenPath, center: center)

        /// The mean distance of the path from the centre.
        private(set) lazy var radius: Double = {
            var radius = 0.0
            for p in points { radius += p.distance(to: center) }
            return radius / Double(points.count)
        }()
    }
}
