import Foundation

/// Plane geometry the recognizers share, each rule written once. Screen coordinates: x grows to the
/// right, y downward, so a positive angle turns clockwise on screen. Angles are in radians.
public enum Geometry {
    /// The direction of the vector (dx, dy), in (−π, π]: 0 is right, π/2 is down.
    public static func angle(dx: Double, dy: Double) -> Double { atan2(dy, dx) }

    /// The direction from `a` to `b`, in (−π, π]: 0 is right, π/2 is down.
    public static func angle(from a: Point, to b: Point) -> Double { angle(dx: b.x - a.x, dy: b.y - a.y) }

    /// `angle` brought into [−π, π] by one turn either way: the signed change between two directions
    /// each in (−π, π].
    public static func wrapped(_ angle: Double) -> Double {
        var angle = angle
        if angle > Double.pi { angle -= 2 * Double.pi }
        if angle < -Double.pi { angle += 2 * Double.pi }
        return angle
    }

    /// How far the direction `to` turns from the direction `from`, either way, in [0, π].
    public static func turn(from: Double, to: Double) -> Double {
        let turn = abs(to - from)
        return turn > Double.pi ? 2 * Double.pi - turn : turn
    }

    /// The distance from `point` to the straight line through `a` and `b`, which are `length` apart
    /// (`a.distance(to: b)`, passed in because callers measure many points against one line).
    public static func distance(from point: Point, toLineThrough a: Point, _ b: Point, length: Double) -> Double {
        abs(signedDistance(from: point, toLineThrough: a, b, length: length))
    }

    /// The same distance, positive on the right of the direction from `a` to `b` (below a line going
    /// right, on a screen whose y grows downward) and negative on its left.
    public static func signedDistance(from point: Point, toLineThrough a: Point, _ b: Point, length: Double)
        -> Double
    {
        ((b.x - a.x) * (point.y - a.y) - (b.y - a.y) * (point.x - a.x)) / length
    }

    static func sine(_ x: Double) -> Double { sin(x) }
    static func cosine(_ x: Double) -> Double { cos(x) }
}

/// The smallest upright rectangle holding some points.
public struct Bounds: Sendable, Hashable {
    /// The corner with the smallest x and y (top left on screen), and the one with the largest.
    public var minimum: Point
    public var maximum: Point

    /// The bounds of `points`; of no points, the empty rectangle at (0, 0) (a recognizer's path of
    /// a touch of another sequence is empty: it crashed here).
    public init<Points: Collection<Point>>(_ points: Points) {
        guard let first = points.first else {
            (minimum, maximum) = (Point(x: 0, y: 0), Point(x: 0, y: 0))
            return
        }
        var minimum = first
        var maximum = minimum
        for p in points {
            minimum = Point(x: min(minimum.x, p.x), y: min(minimum.y, p.y))
            maximum = Point(x: max(maximum.x, p.x), y: max(maximum.y, p.y))
        }
        self.minimum = minimum
        self.maximum = maximum
    }

    public var width: Double { maximum.x - minimum.x }
    public var height: Double { maximum.y - minimum.y }
    public var center: Point { Point(x: (minimum.x + maximum.x) / 2, y: (minimum.y + maximum.y) / 2) }
}

/// Follows one coordinate and tells when it reverses, with hysteresis: only once it has come back
/// `tolerance` from its furthest value in the current direction, so neither a wobble smaller than
/// `tolerance` nor a pause counts.
struct Reversals: Sendable {
    let tolerance: Double
    /// +1 increasing, −1 decreasing, 0 not yet moved by `tolerance`.
    private var direction = 0.0
    private var extreme: Double

    init(start: Double, tolerance: Double) {
        self.tolerance = tolerance
        extreme = start
    }

    /// Takes the next value; true when it reverses the direction.
    mutating func feed(_ value: Double) -> Bool {
        if direction == 0 {
            if abs(value - extreme) >= tolerance {
                direction = value > extreme ? 1 : -1
                extreme = value
            }
            return false
        }
        if (value - extreme) * direction > 0 {
            extreme = value
            return false
        }
        guard abs(extreme - value) >= tolerance else { return false }
        direction = -direction
        extreme = value
        return true
    }
}
