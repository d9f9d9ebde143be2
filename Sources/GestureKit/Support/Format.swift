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
