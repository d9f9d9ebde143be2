/// A measure compared with its limit as the rule reads, where exactly the limit is within it.
///
/// Measures are worked out from coordinates read as decimals: a stroke from x = 100.7 to 130.7 has
/// travelled 29.999999999999986 pt, not 30, and a 30 pt minimum would fail it where a stroke from 100
/// to 130 passes. A measure within a billionth of the limit (relative to the larger of the two) is at
/// the limit: far below anything a finger or a sensor can tell, far above what rounding leaves.
public enum Tolerance {
    /// Whether `measured` reaches `minimum` (at least it, to within rounding).
    @inline(__always)
    public static func reaches(_ measured: Double, _ minimum: Double) -> Bool {
        measured >= minimum || measured >= minimum - slack(measured, minimum)
    }

    /// Whether `measured` goes past `maximum` (more than it, beyond rounding).
    @inline(__always)
    public static func exceeds(_ measured: Double, _ maximum: Double) -> Bool {
        measured > maximum && measured > maximum + slack(measured, maximum)
    }

    @inline(__always)
    static func slack(_ a: Double, _ b: Double) -> Double { 1e-9 * Swift.max(abs(a), abs(b)) }
}
