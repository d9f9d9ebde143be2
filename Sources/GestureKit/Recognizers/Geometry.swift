import Foundation

/// Geometry the recognizers share.
enum Geometry {
    /// The angle of the vector (dx, dy) in radians, in (−π, π]; positive turns clockwise on screen
    /// because y grows downward.
    static func angle(dx: Double, dy: Double) -> Double { atan2(dy, dx) }
}

/// The direction from `a` to `b` in degrees: 0 is right, 90 is down.
func angleDegrees(from a: Point, to b: Point) -> Double {
    Geometry.angle(dx: b.x - a.x, dy: b.y - a.y) * 180 / Double.pi
}

func sine(_ x: Double) -> Double { sin(x) }
func cosine(_ x: Double) -> Double { cos(x) }
