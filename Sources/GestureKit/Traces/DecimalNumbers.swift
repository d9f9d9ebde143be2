/// Reads the run of decimal digits at `i` (before `end`) into `mantissa`, ten times it plus each digit
/// (wrapping past 19 digits), and leaves `i` after the run: the digit loop of every number reader.
@inline(__always)
func accumulateDigits(_ text: UnsafeBufferPointer<UInt8>, _ i: inout Int, _ end: Int, into mantissa: inout UInt64) {
    while i < end, case let d = text[i] &- UInt8(ascii: "0"), d < 10 {
        mantissa = mantissa &* 10 &+ UInt64(d)
        i += 1
    }
}

/// Reads the decimal number `[+-]? (D+ ('.' D*)? | '.' D+) ([eE] [+-]? D+)?` that fills
/// `text[start..<end]` exactly: its value, correctly rounded as `Double(String)` would give it (an
/// infinity past `Double`'s range), and its significant digits (from the first non-zero one to the
/// exponent); `nil` for any other text, so that `nan`, `inf` or hexadecimal never reach the
/// conversion. The CSV reader's general path and the XML reader both read numbers with it.
func decimalNumber(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (value: Double, significant: Int)? {
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
    if significant == 0 { return (negative ? -0.0 : 0.0, 0) }
    // Clinger's fast path: an exact mantissa and an exact power of ten, one correctly rounded operation.
    if significant <= 19 && mantissa <= 1 << 53 && exponent >= -22 && exponent <= 22 {
        let m = Double(mantissa)
        let value = exponent < 0 ? m / exactPowerOfTen(-exponent) : m * exactPowerOfTen(exponent)
        return (negative ? -value : value, significant)
    }
    // A validated number never fails to convert; were it to, call it out of range.
    let value = Double(String(decoding: UnsafeBufferPointer(rebasing: text[start..<end]), as: UTF8.self)) ?? .infinity
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
