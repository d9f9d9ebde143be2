/// Number formatting that is the same on every machine and run, for text and JSON output.
public enum Format {
    /// A number for people: at most `decimals` decimals, trailing zeros dropped, no `-0`.
    ///
    ///     Format.number(2.50)   // "2.5"
    ///     Format.number(-0.001) // "0"
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
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

    /// A number for JSON: integers without a fraction, others in Swift's shortest round-trip form;
    /// `null` for NaN and infinities, which JSON cannot hold.
    public static func jsonNumber(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == 0 { return "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
