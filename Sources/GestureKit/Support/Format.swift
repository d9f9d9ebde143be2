/// Number formatting that is the same on every machine and run, for text and JSON output.
public enum Format {
    /// A number for people: at most `decimals` decimals, trailing zeros dropped, no `-0`.
    ///
    ///     Format.number(2.50)   // "2.5"
    ///     Format.number(-0.001) // "0"
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        // Decimals mean nothing this far out, and scaling by them would overflow (1e307 read `inf`)
        // or round (1e304 read `1.0000000000000001e+304`): the shortest form that reads back.
        if abs(value) >= 1e15 { return "\(value)" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = "\(rounded)"
        if text.utf8.contains(UInt8(ascii: "e")) { return text }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// A time or duration in seconds for people: 3 decimals (`0.117`), but a time that is not zero never
    /// reads as 0: below a millisecond it keeps two significant digits (`0.00009`, `1.2e-10`), so a
    /// trace in microseconds, or read with `--time-unit ms`, still shows when things happened; below
    /// 1e-11 s, the shortest form that reads back (`1e-15`).
    ///
    ///     Format.time(0.11749) // "0.117"
    ///     Format.time(0.00009) // "0.00009"
    public static func time(_ seconds: Double) -> String {
        let text = number(seconds, decimals: 3)
        guard text == "0", seconds != 0, seconds.isFinite else { return text }
        // The decimals that reach the second significant digit.
        var (places, scaled) = (3, abs(seconds) * 1000)
        while scaled < 10, places < 12 { (places, scaled) = (places + 1, scaled * 10) }
        guard scaled >= 10 else { return "\(seconds)" }
        // Written out in decimals (`0.00009`), where Swift's own form would read `9e-05`.
        var digits = String(Int64(scaled.rounded()))
        digits = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
        while digits.hasSuffix("0") { digits.removeLast() }
        return (seconds < 0 ? "-" : "") + digits
    }

    /// `number` with its integer digits grouped by threes for people: `1,800.45`, `-12,000`.
    public static func grouped(_ value: Double, decimals: Int = 2) -> String {
        let text = number(value, decimals: decimals)
        guard !text.utf8.contains(UInt8(ascii: "e")) else { return text }
        let negative = text.hasPrefix("-")
        let body = negative ? text.dropFirst() : Substring(text)
        let integer = body.prefix { $0 != "." }
        guard integer.count > 3 else { return text }
        var digits = ""
        for (index, digit) in integer.enumerated() {
            if index > 0, (integer.count - index) % 3 == 0 { digits += "," }
            digits.append(digit)
        }
        return (negative ? "-" : "") + digits + body.dropFirst(integer.count)
    }

    /// The fewest decimals, from `decimals` up to 6, at which `a` and `b` print differently: a measured
    /// value next to the limit it broke shows why (`0.2504` and `0.25`, not `0.25` twice). Values that
    /// differ by less than that print the same at 6 decimals (the noise of binary fractions).
    public static func decimalsToTellApart(_ a: Double, _ b: Double, from decimals: Int) -> Int {
        var places = decimals
        while places < 6, a != b, number(a, decimals: places) == number(b, decimals: places) { places += 1 }
        return places
    }

    /// A number for JSON: integers without a fraction, others in Swift's shortest round-trip form;
    /// `null` for NaN and infinities, which JSON cannot hold.
    public static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
