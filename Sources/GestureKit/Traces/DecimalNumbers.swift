// The numbers of every reader: one digit loop, one exact-decimal conversion, one table of powers of
// ten and one integer parser, shared by the JSON, CSV and XML readers. Each reader keeps its own
// grammar (JSON's has no `+`, no leading zeros and its own messages; CSV's and XML's are the same
// and read here, by `decimalNumber`); what a number's digits are worth is decided here only.

/// Reads the run of decimal digits at `i` (before `end`) into `mantissa`, ten times it plus each digit
/// (wrapping past 19 digits), and leaves `i` after the run: the digit loop of every number reader.
@inline(__always)
func accumulateDigits(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int, into mantissa: inout UInt64) {
    while i < end, case let d = text[i] &- UInt8(ascii: "0"), d < 10 {
        mantissa = mantissa &* 10 &+ UInt64(d)
        i += 1
    }
}

/// The value of a decimal number read by a general path: ±`mantissa` × 10^`exponent`, correctly
/// rounded as `Double(String)` rounds `text` (an infinity past `Double`'s range).
///
/// The one exact-decimal conversion. With at most 19 significant digits, a mantissa of at most 53
/// bits and a power of ten a `Double` holds exactly, one correctly rounded multiplication or division
/// gives the value (Clinger's fast path); anything else is converted from its text.
///
/// - Parameters:
///   - negative: Whether the number has a `-`.
///   - mantissa: The significant digits (from the first non-zero one), when there are at most 19.
///   - significant: How many significant digits there are; 0 for a zero.
///   - exponent: The power of ten to scale `mantissa` by (fraction digits and exponent together).
///   - text: The text holding the number as written, at `start..<end`, for the conversion from
///     text; `Double(String)` must read it.
///   - fastPaths: `false` converts every number from its text, so that tests and the fuzzers can
///     check Clinger's path against it.
/// - Returns: The value; ±0 for a zero.
@inline(__always)
func decimalValue(
    negative: Bool, mantissa: UInt64, significant: Int, exponent: Int, text: UnsafeBufferPointer<UInt8>,
    _ start: Int, _ end: Int, fastPaths: Bool = true
) -> Double {
    if significant <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 && fastPaths {
        if significant == 0 { return negative ? -0.0 : 0.0 }
        let m = Double(mantissa)
        let value = exponent < 0 ? m / exactPowerOfTen(-exponent) : m * exactPowerOfTen(exponent)
        return negative ? -value : value
    }
    if significant == 0 && fastPaths { return negative ? -0.0 : 0.0 }
    return decimalValueFromText(text, start, end)
}

/// The number at `text[start..<end]` is a validated decimal number, which `Double` reads with
/// correct rounding; were it ever to fail, the number is called out of range.
@inline(never)
func decimalValueFromText(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double {
    Double(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)) ?? .infinity
}

/// The value of a short decimal read by a fast path: ±`mantissa` / 10^`fractionDigits`, for a
/// mantissa below 10^15 and at most 15 fraction digits.
///
/// Both operands are exact `Double`s, so the one division is correctly rounded: the value
/// `decimalValue` gives for the same digits (its Clinger branch, the same operation), and what a
/// fast path may return without asking the general path.
@inline(__always)
func shortDecimalValue(_ mantissa: UInt64, fractionDigits: Int, negative: Bool) -> Double {
    let value = Double(mantissa) / exactPowerOfTen(fractionDigits)
    return negative ? -value : value
}

/// `text[start..<end]` as an `Int` when it is exactly an optional `-` then digits (leading zeros
/// allowed) in `Int`'s range; `nil` otherwise. The one integer parser of the readers' general paths.
func decimalInteger(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
    var i = start
    let negative = i < end && text[i] == UInt8(ascii: "-")
    if negative { i += 1 }
    guard i < end else { return nil }
    var value = 0  // accumulated negatively, so Int.min fits
    while i < end {
        let d = text[i] &- UInt8(ascii: "0")
        guard d < 10 else { return nil }
        let (times10, o1) = value.multipliedReportingOverflow(by: 10)
        let (next, o2) = times10.subtractingReportingOverflow(Int(d))
        if o1 || o2 { return nil }
        value = next
        i += 1
    }
    if negative { return value }
    return value == .min ? nil : -value
}

/// Reads the decimal number `[+-]? (D+ ('.' D*)? | '.' D+) ([eE] [+-]? D+)?` that fills
/// `text[start..<end]` exactly: its value, correctly rounded as `Double(String)` would give it (an
/// infinity past `Double`'s range), and its significant digits (from the first non-zero one to the
/// exponent); `nil` for any other text, so that `nan`, `inf` or hexadecimal never reach the
/// conversion. The CSV reader's general path and the XML reader both read numbers with it;
/// `fastPaths` is `decimalValue`'s.
func decimalNumber(
    _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, fastPaths: Bool = true
) -> (value: Double, significant: Int)? {
    var i = start
    var negative = false
    if i < end && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
        negative = text[i] == UInt8(ascii: "-")
        i += 1
    }
    // The significant digits (from the first non-zero one) make the mantissa. Leading zeros are
    // skipped in loops of their own, and the digit loops neither count nor test: the count is the
    // distance walked. Past 19 significant digits the mantissa wraps around and means nothing, but
    // then it is not used (only `Double(String)` reads such numbers).
    var mantissa: UInt64 = 0
    var exponent = 0  // of ten, applied to the mantissa
    let integerStart = i
    while i < end && text[i] == UInt8(ascii: "0") { i += 1 }
    let integerSignificantStart = i
    accumulateDigits(text, &i, end, into: &mantissa)
    var significant = i - integerSignificantStart
    var digits = i - integerStart
    if i < end && text[i] == UInt8(ascii: ".") {
        i += 1
        let fractionStart = i
        if significant == 0 {
            while i < end && text[i] == UInt8(ascii: "0") { i += 1 }
        }
        let fractionSignificantStart = i
        accumulateDigits(text, &i, end, into: &mantissa)
        significant += i - fractionSignificantStart
        exponent = fractionStart - i
        digits += i - fractionStart
    }
    guard digits > 0 else { return nil }
    if i < end && (text[i] == UInt8(ascii: "e") || text[i] == UInt8(ascii: "E")) {
        i += 1
        var negativeExponent = false
        if i < end && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
            negativeExponent = text[i] == UInt8(ascii: "-")
            i += 1
        }
        var value = 0
        var exponentDigits = 0
        while i < end, case let d = text[i] &- UInt8(ascii: "0"), d < 10 {
            if value < 1_000_000 { value = value * 10 + Int(d) }  // beyond, only the sign matters
            exponentDigits += 1
            i += 1
        }
        guard exponentDigits > 0 else { return nil }
        exponent += negativeExponent ? -value : value
    }
    guard i == end else { return nil }
    let value = decimalValue(
        negative: negative, mantissa: mantissa, significant: significant, exponent: exponent, text: text, start, end,
        fastPaths: fastPaths)
    return (value, significant)
}

/// 10^`exponent` for `exponent` in 0...22: the powers of ten a `Double` holds exactly, for the
/// fast paths of the number readers (Clinger's: an exact mantissa of at most 53 bits
/// times or over one of these is correctly rounded, as `Double(String)` would be).
///
/// A `switch` of constants, which the compiler turns into a table lookup: a `static let` array
/// costs a lazy-initialisation check and a bounds check on every access.
@inline(__always)
func exactPowerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: 1e0
    case 1: 1e1
    case 2: 1e2
    case 3: 1e3
    case 4: 1e4
    case 5: 1e5
    case 6: 1e6
    case 7: 1e7
    case 8: 1e8
    case 9: 1e9
    case 10: 1e10
    case 11: 1e11
    case 12: 1e12
    case 13: 1e13
    case 14: 1e14
    case 15: 1e15
    case 16: 1e16
    case 17: 1e17
    case 18: 1e18
    case 19: 1e19
    case 20: 1e20
    case 21: 1e21
    case 22: 1e22
    default: preconditionFailure("10^\(exponent) is not an exact Double")
    }
}
