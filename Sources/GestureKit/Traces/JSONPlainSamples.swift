/// The plain-sample fast path of the JSON reader: a sample object written plainly, read in one pass
/// with its values parsed as the bytes go by, at a fraction of the general parser's token by token
/// reading. Nearly every sample of a trace file is plain.
///
/// Every function here returns `nil` for anything it does not handle — valid or not — having read
/// nothing, and then the general parser (`JSONTraceParser`) reads the same bytes: it cannot report
/// an error, it gives up. For a plain object the general parser would record nothing and give the
/// same sample: the keys, phase names and touch ids are compared byte for byte, and a number is
/// `shortDecimalValue`, the operation `decimalValue` does for the same digits. So this is an
/// optimisation only, and `fastPaths: false` (see `Trace.parseJSON`) turns it off so that tests and
/// the fuzzers check that.
///
/// The caller checks the nesting and samples limits. Static functions of the bytes, counting in
/// locals: no state, nothing to copy, and the compiler keeps the position in a register.
enum JSONPlainSamples {
    /// The sample object at `p` (its `{`) and the offset after its `}`, when the object is written
    /// *plainly*; `nil` for anything else, and then the general parser reads it.
    ///
    /// An object is plain when its keys are exactly `t`, `id`, `phase`, `x` and `y`, in any order, each
    /// once and written without escapes, with any JSON whitespace between the tokens, and:
    /// - `t`, `x` and `y` are an optional `-`, then at most 15 digits (and at most the `digits` limit)
    ///   with an optional fraction: no leading zeros, no exponent;
    /// - `id` is an integer of 1 to 18 digits (always in `Int`'s range), or a non-empty string of
    ///   printable ASCII without escapes, within the `string-length` limit;
    /// - `phase` is a phase name within the `string-length` limit.
    ///
    /// The layout the project writes (`canonical`) is tried first, then any order and spacing.
    ///
    /// - Parameters:
    ///   - b: The document.
    ///   - p: The offset of a `{` in it.
    ///   - maxString: The `string-length` limit; the caller has checked that it allows the keys.
    ///   - maxDigits: The `digits` limit.
    /// - Returns: The sample, its `offset` `p`, and the offset after its `}`; `nil` when the object
    ///   is not plain, valid or not.
    static func sample(
        _ b: UnsafeBufferPointer<UInt8>, at p: Int, maxString: Int, maxDigits: Int
    ) -> (Sample, Int)? {
        let n = b.count
        let quote = UInt8(ascii: "\"")
        var time = 0.0
        var x = 0.0
        var y = 0.0
        var touch = TouchID.number(0)
        var phase = Phase.began
        var seen: UInt8 = 0
        if let sample = canonical(b, at: p, maxString: maxString, maxDigits: maxDigits) { return sample }
        var k = skipSpace(b, p + 1)
        while true {
            // The key, its `:` and a space, as the project writes them: compared eight bytes at a
            // time, when there are nine bytes left.
            var found: SampleField?
            if n - k >= 9 {
                let word = load64(b, k)
                switch word & 0xFF_FFFF_FFFF {
                case 0x20_3A22_7422:
                    found = .t
                    k += 5  // "t":
                case 0x20_3A22_7822:
                    found = .x
                    k += 5  // "x":
                case 0x20_3A22_7922:
                    found = .y
                    k += 5  // "y":
                default:
                    if word & 0xFFFF_FFFF_FFFF == 0x203A_2264_6922 {  // "id":
                        found = .id
                        k += 6
                    } else if word == 0x3A22_6573_6168_7022, b[k + 8] == 0x20 {  // "phase":
                        found = .phase
                        k += 9
                    }
                }
            }
            if found == nil {
                // Otherwise the key alone, then spaces and the `:`.
                guard let read = readKey(b, at: k) else { return nil }
                found = read.key
                k = read.next
            }
            guard let key = found, seen & key.bit == 0 else { return nil }
            seen |= key.bit
            guard k < n else { return nil }
            if b[k] <= 0x20 {
                k = skipSpace(b, k)
                guard k < n else { return nil }
            }
            // The value.
            switch key {
            case .t, .x, .y:
                guard let value = readNumber(b, &k, maxDigits: maxDigits) else { return nil }
                switch key {
                case .t: time = value
                case .x: x = value
                default: y = value
                }
            case .id:
                guard let value = readTouchID(b, &k, maxString: maxString) else { return nil }
                touch = value
            case .phase:
                guard let value = readPhase(b, &k, maxString: maxString) else { return nil }
                phase = value
            }
            // A `,` and the next field, or the `}`: most often `, ` then the key.
            if n - k >= 3, b[k] == UInt8(ascii: ","), b[k + 1] == 0x20, b[k + 2] == quote {
                k += 2
                continue
            }
            k = skipSpace(b, k)
            guard k < n else { return nil }
            if b[k] == UInt8(ascii: ",") {
                k = skipSpace(b, k + 1)
                continue
            }
            guard b[k] == UInt8(ascii: "}"), seen == SampleField.allBits else { return nil }
            return (Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: p), k + 1)
        }
    }

    /// A plain sample (see `sample`) written as the project writes them,
    /// `{"t": …, "id": …, "phase": …, "x": …, "y": …}`, with these keys in this order, one space after
    /// each `:` and `,` and no other: its punctuation and keys are compared eight bytes at a time.
    @inline(__always)
    static func canonical(
        _ b: UnsafeBufferPointer<UInt8>, at p: Int, maxString: Int, maxDigits: Int
    ) -> (Sample, Int)? {
        let n = b.count
        var k = p
        guard n - k >= 16, load64(b, k) & 0xFFFF_FFFF_FFFF == 0x203A_2274_227B else { return nil }  // {"t":
        k += 6
        guard let time = readNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard n - k >= 16, load64(b, k) == 0x203A_2264_6922_202C else { return nil }  // , "id":
        k += 8
        guard let touch = readTouchID(b, &k, maxString: maxString) else { return nil }
        guard n - k >= 16, load64(b, k) == 0x6573_6168_7022_202C,  // , "phase
            load64(b, k + 8) & 0xFF_FFFF == 0x20_3A22  // ":
        else { return nil }
        k += 11
        guard let phase = readPhase(b, &k, maxString: maxString) else { return nil }
        guard n - k >= 16, load64(b, k) & 0xFF_FFFF_FFFF_FFFF == 0x20_3A22_7822_202C else { return nil }  // , "x":
        k += 7
        guard let x = readNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard n - k >= 16, load64(b, k) & 0xFF_FFFF_FFFF_FFFF == 0x20_3A22_7922_202C else { return nil }  // , "y":
        k += 7
        guard let y = readNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard k < n, b[k] == UInt8(ascii: "}") else { return nil }
        return (Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: p), k + 1)
    }

    /// A plain number at `k` (see `sample`), `k` then after it; `nil` for anything else. What
    /// follows the number is the caller's to check (an exponent or a second `.` is not a `,` or a `}`).
    @inline(__always)
    static func readNumber(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxDigits: Int) -> Double? {
        let n = b.count
        var j = k
        guard j < n else { return nil }
        let negative = b[j] == UInt8(ascii: "-")
        if negative { j += 1 }
        let digitsStart = j
        var mantissa: UInt64 = 0
        accumulateDigits(b, &j, n, into: &mantissa)
        let integerDigits = j - digitsStart
        guard integerDigits == 1 || (integerDigits > 1 && b[digitsStart] != UInt8(ascii: "0")) else { return nil }
        var fractionDigits = 0
        if j < n && b[j] == UInt8(ascii: ".") {
            j += 1
            let fractionStart = j
            accumulateDigits(b, &j, n, into: &mantissa)
            fractionDigits = j - fractionStart
            guard fractionDigits > 0 else { return nil }
        }
        let digits = integerDigits + fractionDigits
        guard digits <= 15, digits <= maxDigits else { return nil }
        k = j
        return shortDecimalValue(mantissa, fractionDigits: fractionDigits, negative: negative)
    }

    /// A plain `id` at `k` (see `sample`), `k` then after it; `nil` for anything else.
    @inline(__always)
    static func readTouchID(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxString: Int) -> TouchID? {
        let n = b.count
        var j = k
        guard j < n else { return nil }
        if b[j] == UInt8(ascii: "\"") {
            let end = stringEnd(b, at: j)
            guard end > j + 2, end - j - 2 <= maxString else { return nil }
            k = end
            return .name(String(decoding: UnsafeBufferPointer(rebasing: b[j + 1..<end - 1]), as: UTF8.self))
        }
        let negative = b[j] == UInt8(ascii: "-")
        if negative { j += 1 }
        let start = j
        var value = 0
        while j < n, case let d = b[j] &- UInt8(ascii: "0"), d < 10 {
            value = value &* 10 &+ Int(d)
            j += 1
        }
        // At most 18 digits: below 10^18, in `Int`'s range without wrapping.
        guard j > start, j - start <= 18, j - start == 1 || b[start] != UInt8(ascii: "0") else { return nil }
        k = j
        return .number(negative ? -value : value)
    }

    /// A phase name at `k` (its opening quote) within the string-length limit, `k` then after its
    /// closing quote; `nil` for anything else. The name and its closing quote are compared eight bytes
    /// at a time.
    @inline(__always)
    static func readPhase(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxString: Int) -> Phase? {
        let n = b.count
        let j = k
        guard n - j >= 9, b[j] == UInt8(ascii: "\"") else { return nil }
        let word = load64(b, j + 1)
        switch word & 0xFFFF_FFFF_FFFF {
        case 0x2264_6576_6F6D:  // moved"
            k = j + 7
            return .moved
        case 0x226E_6167_6562:  // began"
            k = j + 7
            return .began
        case 0x2264_6564_6E65:  // ended"
            k = j + 7
            return .ended
        default:
            if word == 0x656C_6C65_636E_6163, maxString >= 9, n - j >= 11,  // cancelle
                b[j + 9] == UInt8(ascii: "d"), b[j + 10] == UInt8(ascii: "\"")
            {
                k = j + 11
                return .cancelled
            }
            if word == 0x616E_6F69_7461_7473, maxString >= 10, n - j >= 12,  // stationa
                b[j + 9] == UInt8(ascii: "r"), b[j + 10] == UInt8(ascii: "y"), b[j + 11] == UInt8(ascii: "\"")
            {
                k = j + 12
                return .stationary
            }
            return nil
        }
    }

    /// The eight bytes at `k` as a little-endian integer (the caller checks that there are eight).
    @inline(__always)
    static func load64(_ b: UnsafeBufferPointer<UInt8>, _ k: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(b.baseAddress! + k).loadUnaligned(as: UInt64.self))
    }

    /// The offset after JSON whitespace at `k`.
    @inline(__always)
    static func skipSpace(_ b: UnsafeBufferPointer<UInt8>, _ k: Int) -> Int {
        // Space, tab, line feed and carriage return, as bits.
        let spaces: UInt64 = 1 << 0x20 | 1 << 0x09 | 1 << 0x0A | 1 << 0x0D
        var k = k
        while k < b.count, case let c = b[k], c <= 0x20, spaces & (1 << c) != 0 { k += 1 }
        return k
    }

    /// The offset after a string at `start` (its `"`) of printable ASCII without escapes, or `start`
    /// when the string is anything else.
    @inline(__always)
    static func stringEnd(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var k = start + 1
        while k < b.count, case let c = b[k], c >= 0x20, c < 0x80, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") {
            k += 1
        }
        guard k < b.count, b[k] == UInt8(ascii: "\"") else { return start }
        return k + 1
    }

    /// A sample's own key written plainly at `k` — `"t"`, `"id"`, `"phase"`, `"x"` or `"y"` — then
    /// spaces and its `:`: the key and the offset after the `:`; `nil` for anything else. Keys take
    /// at most 5 bytes, so the caller checks that the string-length limit allows them.
    @inline(__always)
    static func readKey(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> (key: SampleField, next: Int)? {
        let n = b.count
        let quote = UInt8(ascii: "\"")
        guard k + 3 < n, b[k] == quote else { return nil }
        let key: SampleField
        var end: Int
        if b[k + 2] == quote {
            switch b[k + 1] {
            case UInt8(ascii: "t"): key = .t
            case UInt8(ascii: "x"): key = .x
            case UInt8(ascii: "y"): key = .y
            default: return nil
            }
            end = k + 3
        } else if b[k + 1] == UInt8(ascii: "i"), b[k + 2] == UInt8(ascii: "d"), b[k + 3] == quote {
            key = .id
            end = k + 4
        } else if k + 6 < n, b[k + 1] == UInt8(ascii: "p"), b[k + 2] == UInt8(ascii: "h"),
            b[k + 3] == UInt8(ascii: "a"), b[k + 4] == UInt8(ascii: "s"), b[k + 5] == UInt8(ascii: "e"),
            b[k + 6] == quote
        {
            key = .phase
            end = k + 7
        } else {
            return nil
        }
        end = skipSpace(b, end)
        guard end < n, b[end] == UInt8(ascii: ":") else { return nil }
        return (key, end + 1)
    }
}
