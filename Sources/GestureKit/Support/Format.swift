/// Number formatting that is the same on every machine and run, for text and JSON output.
public enum Format {
    /// A number for people: at most `decimals` decimals, trailing zeros dropped, no `-0`; written out
    /// in decimals (`0.00005`, where Swift's own form reads `5e-05`).
    ///
    ///     Format.number(2.50)   // "2.5"
    ///     Format.number(-0.001) // "0"
    public static func number(_ value: Double, decimals: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "nan" : (value < 0 ? "-inf" : "inf") }
        // Decimals mean nothing this far out, and scaling by them would overflow (1e307 read `inf`)
        // or round (1e304 read `1.0000000000000001e+304`): the shortest form that reads back.
        // A whole number is written whole, as below, up to where Swift writes an exponent (1e16):
        // 1e15 read `1000000000000000.0`.
        if abs(value) >= 1e15 {
            return value == value.rounded() && abs(value) < 1e16 ? String(Int64(value)) : "\(value)"
        }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
        var text = "\(rounded)"
        if text.utf8.contains(UInt8(ascii: "e")) {
            // Under 1e-4: the digits at `decimals` places, as whole numbers hold them exactly.
            guard abs(rounded) < 1, decimals <= 18 else { return text }
            text = String(Int64((abs(rounded) * scale).rounded()))
            text = String(repeating: "0", count: max(0, decimals + 1 - text.count)) + text
            text.insert(".", at: text.index(text.endIndex, offsetBy: -decimals))
            if rounded < 0 { text = "-" + text }
        }
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    /// The decimals that show `value` to its second significant digit: 0 from 10 up, 2 for 0.25, 5 for
    /// 0.00009; 0 for 0, and 13 below 1e-11.
    public static func significantDecimals(_ value: Double) -> Int {
        var (places, scaled) = (0, abs(value))
        guard scaled > 0, scaled.isFinite else { return 0 }
        while scaled < 10, places < 13 { (places, scaled) = (places + 1, scaled * 10) }
        return places
    }

    /// `number` at `decimals`, or at more where a value needs them to show its first two significant
    /// digits: a value that is not zero never reads as 0 (below 1e-11, the shortest form that reads
    /// back, `1e-15`).
    ///
    ///     Format.significant(0.11749, decimals: 3) // "0.117"
    ///     Format.significant(0.00009, decimals: 3) // "0.00009"
    public static func significant(_ value: Double, decimals: Int) -> String {
        let places = max(decimals, significantDecimals(value))
        // Smaller still, its two significant digits in exponent form (`5.7e-14`, not Swift's
        // `5.684341886080802e-14`): a value that is not 0 never reads as 0.
        return places <= 12 ? number(value, decimals: places) : String(format: "%.2g", value)
    }

    /// A time or duration in seconds for people: 3 decimals (`0.117`), and below 0.01 s its first two
    /// significant digits (`0.0006`, `0.00009`, `0.00000000012`), so a trace in microseconds, or read
    /// with `--time-unit ms`, still shows when things happened (`significant`).
    public static func time(_ seconds: Double) -> String { significant(seconds, decimals: 3) }

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

    /// The fewest decimals, from `decimals` up to 9, at which `a` and `b` print differently: a measured
    /// value next to the limit it broke shows why (`0.2504` and `0.25`, not `0.25` twice; `9.0000001`
    /// and `9`). Values that differ by no more than the noise of binary fractions (a millionth of a
    /// millionth of the larger: `0.25000000000000006` and `0.25`) are no different, and print the same
    /// at `decimals`.
    public static func decimalsToTellApart(_ a: Double, _ b: Double, from decimals: Int) -> Int {
        guard abs(a - b) > 1e-12 * Swift.max(abs(a), abs(b)) else { return decimals }
        var places = decimals
        while places < 9, number(a, decimals: places) == number(b, decimals: places) { places += 1 }
        return places
    }

    /// A number for a message that may be far from 0: as `number` writes it below 1e15 (`2`,
    /// `-123.46`), from there on in exponent form to six significant digits, as `%g` does (`1.5e+15`,
    /// `-1e+160`), where `number` would write every digit of the shortest form.
    static func short(_ value: Double) -> String {
        guard value.isFinite, abs(value) >= 1e15 else { return number(value) }
        var (mantissa, power) = (abs(value), 0)
        while mantissa >= 10 { (mantissa, power) = (mantissa / 10, power + 1) }
        while mantissa < 1 { (mantissa, power) = (mantissa * 10, power - 1) }
        var digits = number(mantissa, decimals: 5)
        if digits == "10" { (digits, power) = ("1", power + 1) }
        return (value < 0 ? "-" : "") + digits + (power < 0 ? "e-" : "e+") + String(abs(power))
    }

    /// The columns `text` takes in a terminal, for padding tables: two for an East Asian wide or
    /// full-width character or an emoji (`星`, `Ｗ`, `😀`), one for any other character (a letter with
    /// its combining accents is one character).
    public static func columns(_ text: String) -> Int {
        var columns = 0
        for character in text {
            let scalar = character.unicodeScalars.first!.value
            let wide =
                (0x1100...0x115F).contains(scalar) || (0x2E80...0xA4CF).contains(scalar)
                || (0xAC00...0xD7A3).contains(scalar) || (0xF900...0xFAFF).contains(scalar)
                || (0xFE30...0xFE4F).contains(scalar) || (0xFF00...0xFF60).contains(scalar)
                || (0xFFE0...0xFFE6).contains(scalar) || (0x1F300...0x1F64F).contains(scalar)
                || (0x1F900...0x1F9FF).contains(scalar) || (0x20000...0x3FFFD).contains(scalar)
            columns += wide ? 2 : 1
        }
        return columns
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
