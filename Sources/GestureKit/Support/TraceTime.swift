/// When two trace times are one instant.
///
/// Times are read from decimal text, and a limit is added to them: `0.09 + 0.25` is
/// `0.33999999999999997`, not `0.34`, so a tap held from 0.09 s to 0.34 s was held past its 0.25 s
/// where one held from 0 to 0.25 s was not, and a long press lifted at 0.57 s after landing at 0.07 s
/// had not reached its 0.5 s. Two times within `slack` of each other are one instant: a few units in
/// the last place of the larger (of 1 s at least), far below any clock's resolution — 9e-16 s near a
/// second, 1e-6 s at epoch seconds (1.7e9), where a double holds no finer time anyway.
public enum TraceTime {
    /// How far apart `a` and `b` may be and still be one instant; 0 when either is not finite.
    @inline(__always)
    public static func slack(_ a: Double, _ b: Double) -> Double {
        // Two-argument max: the three-argument one takes its last as a variadic array.
        let largest = Swift.max(Swift.max(abs(a), abs(b)), 1)
        return largest.isFinite ? 4 * largest.ulp : 0
    }

    /// `time` as the decimal it stands for: the nearest whole nanosecond when that is within `slack`
    /// of it, else `time` itself. A deadline is a time read plus a limit, `0.652 + 0.5`, which is
    /// `1.1520000000000001`; the transitions it makes are at `1.152`, as the text says, in JSON too.
    @inline(__always)
    public static func decimal(_ time: Double) -> Double {
        let nearest = (time * 1e9).rounded() / 1e9
        return abs(nearest - time) <= slack(time, time) ? nearest : time
    }
}
