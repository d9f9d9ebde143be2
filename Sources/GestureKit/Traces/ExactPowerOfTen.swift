/// 10^`exponent` for `exponent` in 0...22: the powers of ten a `Double` holds exactly, for the
/// fast path of the CSV and XML number readers (Clinger's: an exact mantissa of at most 53 bits
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
