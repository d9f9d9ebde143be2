/// The unit of a parameter, a measured value or a limit. Each quantity has one unit everywhere:
/// lengths in points, times in seconds, angles in radians (as UIKit's rotation and the math reports).
///
///     FailureReason(code: "too-short", message: "…", measured: 12, limit: 30, unit: .points)
public struct MeasureUnit: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The symbol output shows: `pt`, `s`, `rad`, `pt/s`, …
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// Points (UIKit's; CSS pixels in a browser).
    public static let points = MeasureUnit(rawValue: "pt")
    public static let seconds = MeasureUnit(rawValue: "s")
    public static let radians = MeasureUnit(rawValue: "rad")
    public static let pointsPerSecond = MeasureUnit(rawValue: "pt/s")
    public static let radiansPerSecond = MeasureUnit(rawValue: "rad/s")
    /// A dimensionless quantity's change per second (a pinch's scale).
    public static let perSecond = MeasureUnit(rawValue: "/s")
    /// A dimensionless fraction of some other measure, which the meaning names.
    public static let ratio = MeasureUnit(rawValue: "ratio")
    public static let count = MeasureUnit(rawValue: "count")
    /// Fingers down at once.
    public static let touches = MeasureUnit(rawValue: "touches")

    public var description: String { rawValue }
}
