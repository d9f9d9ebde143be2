/// Reading traces from JSON (RFC 8259, strictly).
///
/// A document is either an object with the trace's metadata and its samples,
///
///     {"name": "tap", "label": "tap", "view": {"width": 390, "height": 844},
///      "samples": [{"t": 0, "id": 1, "phase": "began", "x": 10, "y": 20}, …]}
///
/// or a bare array of samples. Unknown keys are ignored, but their values must still be valid JSON.
/// A key may appear only once in the trace, `view` and sample objects; inside ignored values only the
/// syntax is checked.
extension Trace {
    /// Reads a trace from the bytes of a JSON document.
    ///
    /// The reader checks syntax and fields only: well-formedness, required fields, types, finite
    /// numbers and phase names. Time order and touch consistency are left to the validator, so an
    /// empty list of samples is returned normally. Each sample's `offset` is the byte offset of its
    /// `{`. When the document has both a syntax error and a field error, the syntax error is reported.
    ///
    /// Limits are checked like field errors: the first problem in the document wins, and a later
    /// syntax error takes precedence. Reading never recurses, so no depth of nesting can overflow the
    /// stack; past `limits.nesting` the syntax is still checked (so a truncated `[[[[…` is reported as
    /// truncated) and no sample past `limits.samples` is kept.
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8, optionally starting with a byte-order mark.
    ///   - file: The file name to put in errors.
    ///   - limits: Nesting depth, samples, string length and significant digits allowed.
    public static func parseJSON(
        _ bytes: [UInt8], file: String, limits: ReadLimits = .default
    ) throws(TraceError) -> Trace {
        let result: Result<Trace, JSONTraceParser.Failure> = bytes.withUnsafeBufferPointer { buffer in
            do throws(TraceError) {
                try TextEncoding.requireUTF8(buffer, file: file)
            } catch {
                return .failure(
                    JSONTraceParser.Failure(code: error.code, offset: 0, sampleIndex: nil, message: error.message,
                                            placed: error))
            }
            var parser = JSONTraceParser(buffer, limits: limits)
            do throws(JSONTraceParser.Failure) {
                return .success(try parser.parseDocument())
            } catch {
                return .failure(error)
            }
        }
        switch result {
        case .success(let trace):
            return trace
        case .failure(let failure):
            if let placed = failure.placed { throw placed }
            throw TraceError(
                failure.code, file: file, text: bytes, offset: failure.offset,
                sampleIndex: failure.sampleIndex, message: failure.message)
        }
    }
}

/// A single-pass JSON reader that builds a `Trace` directly from the bytes.
///
/// Syntax errors are thrown at once. Field errors (wrong type, missing field, unknown phase…) are
/// recorded, the first one wins, and reading goes on so that a later syntax error can take
/// precedence; the recorded error is thrown when the document turns out to be well-formed.
struct JSONTraceParser {
    /// An error before it is given a file name and a line and column.
    struct Failure: Error {
        var code: TraceError.Code
        var offset: Int
        var sampleIndex: Int?
        var message: String
        /// An error already placed (the encoding check's).
        var placed: TraceError? = nil
    }

    /// A lexed string: `start` is the offset of the opening quote, `end` the offset after the closing one.
    struct StringToken {
        var start: Int
        var end: Int
        /// Whether the string contains escapes, so its content differs from its bytes.
        var escaped: Bool
    }

    /// A lexed number, with what the fast conversion path needs.
    struct NumberToken {
        var start: Int
        var end: Int
        /// No fraction and no exponent.
        var isInteger: Bool
        var negative: Bool
        /// The significant digits, when there are at most 19 of them.
        var mantissa: UInt64
        /// The power of ten to scale `mantissa` by.
        var exponent: Int
        /// Whether `mantissa` holds every significant digit.
        var exact: Bool
        /// Digits from the first non-zero one on.
        var significant = 0
    }

    static let phaseNames = #""began", "moved", "stationary", "ended" or "cancelled""#
    static let sampleFields = #""t", "id", "phase", "x" and "y""#

    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    let limits: ReadLimits
    /// `limits.nesting`, `limits.stringLength`, `limits.samples` and `limits.digits`, at hand.
    let maxDepth: Int
    let maxString: Int
    let maxSamples: Int
    let maxDigits: Int
    /// The read position.
    var i = 0
    /// The first field error found, thrown at the end unless a syntax error comes first.
    var pending: Failure?
    /// The index of the sample being read, for errors inside it.
    var sampleIndex: Int?
    /// How many samples have been started.
    var samplesSeen = 0
    /// The open containers of `skipValue`: `true` for an object.
    var skipStack: [Bool] = []
    /// The unknown keys of the sample being read; kept between samples so that checking them for
    /// duplicates does not allocate.
    var sampleUnknownKeys: [StringToken] = []
    /// The unknown keys of the sample being read, when it has many.
    var sampleUnknownKeySet: Set<[UInt8]> = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: ReadLimits = .default) {
        b = bytes
        n = bytes.count
        self.limits = limits
        maxDepth = limits.nesting
        maxString = limits.stringLength
        maxSamples = limits.samples
        maxDigits = limits.digits
    }

    // MARK: - Document structure

    mutating func parseDocument() throws(Failure) -> Trace {
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        skipWhitespace()
        var trace = Trace(samples: [])
        guard i < n else { throw syntax(at: i, expected: "a value") }
        switch b[i] {
        case UInt8(ascii: "{"):
            trace = try parseTraceObject()
        case UInt8(ascii: "["):
            trace.samples = try parseSamples(level: 1)
        default:
            let start = i
            try skipValue(level: 1)
            record(
                .invalidValue, at: start,
                "expected an object or an array of samples, found \(kindName(at: start))")
        }
        skipWhitespace()
        if i < n { throw syntax(at: i, expected: "the end of input after the top-level value") }
        if let pending { throw pending }
        return trace
    }

    /// Reads `{"name": …, "label": …, "view": …, "samples": […]}` at level 1.
    mutating func parseTraceObject() throws(Failure) -> Trace {
        let start = i
        let level = 1
        var trace = Trace(samples: [])
        var seen: UInt8 = 0
        var unknownKeys: Set<[UInt8]> = []
        i += 1
        skipWhitespace()
        if i < n, b[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            var afterComma = false
            repeat {
                let key = try readKey(afterComma: afterComma)
                afterComma = true
                let field = withContent(key, Self.traceField)
                if field < 4 {
                    checkDuplicate(&seen, bit: field, key: key)
                } else {
                    checkDuplicate(in: &unknownKeys, key: key)
                }
                switch field {
                case 0: trace.name = try readOptionalString(name: "name", level: level + 1)
                case 1: trace.label = try readOptionalString(name: "label", level: level + 1)
                case 2: trace.view = try readView(level: level + 1)
                case 3:
                    if i < n, b[i] == UInt8(ascii: "[") {
                        trace.samples = try parseSamples(level: level + 1)
                    } else {
                        let valueStart = i
                        try skipValue(level: level + 1)
                        record(
                            .invalidValue, at: valueStart,
                            #"expected an array for "samples", found \#(describeValue(valueStart))"#)
                    }
                default: try skipValue(level: level + 1)
                }
            } while try nextField()
        }
        if seen & (1 << 3) == 0 {
            record(.missingField, at: start, #"missing field "samples": expected an object with a "samples" array"#)
        }
        return trace
    }

    static func traceField(_ s: UnsafeBufferPointer<UInt8>) -> Int {
        if equals(s, "name") { return 0 }
        if equals(s, "label") { return 1 }
        if equals(s, "view") { return 2 }
        if equals(s, "samples") { return 3 }
        return 4
    }

    /// Reads a string or `null` for `name` or `label`.
    mutating func readOptionalString(name: String, level: Int) throws(Failure) -> String? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "\"") {
            return string(try scanString())
        }
        try skipValue(level: level)
        if b[start] != UInt8(ascii: "n") {
            record(
                .invalidValue, at: start,
                #"expected a string or null for "\#(name)", found \#(describeValue(start))"#)
        }
        return nil
    }

    /// Reads `{"width": …, "height": …}` or `null`.
    mutating func readView(level: Int) throws(Failure) -> ViewSize? {
        let start = i
        guard i < n, b[i] == UInt8(ascii: "{") else {
            try skipValue(level: level)
            if b[start] != UInt8(ascii: "n") {
                record(
                    .invalidValue, at: start,
                    #"expected an object or null for "view", found \#(describeValue(start))"#)
            }
            return nil
        }
        var size = ViewSize(width: 1, height: 1)
        var seen: UInt8 = 0
        var unknownKeys: Set<[UInt8]> = []
        i += 1
        skipWhitespace()
        if i < n, b[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            var afterComma = false
            repeat {
                let key = try readKey(afterComma: afterComma)
                afterComma = true
                let field = withContent(key) { s in Self.equals(s, "width") ? 0 : Self.equals(s, "height") ? 1 : 2 }
                if field < 2 {
                    checkDuplicate(&seen, bit: field, key: key)
                } else {
                    checkDuplicate(in: &unknownKeys, key: key)
                }
                switch field {
                case 0: size.width = try readDimension(name: "width", level: level + 1) ?? 1
                case 1: size.height = try readDimension(name: "height", level: level + 1) ?? 1
                default: try skipValue(level: level + 1)
                }
            } while try nextField()
        }
        for (bit, name) in [(0, "width"), (1, "height")] where seen & (1 << bit) == 0 {
            record(.missingField, at: start, #"missing field "\#(name)": expected fields "width" and "height""#)
        }
        return size
    }

    mutating func readDimension(name: String, level: Int) throws(Failure) -> Double? {
        let start = i
        guard let value = try readNumber(name: name, level: level) else { return nil }
        guard value > 0 else {
            record(
                .invalidValue, at: start, #"expected a positive number for "\#(name)", found \#(describeValue(start))"#)
            return nil
        }
        return value
    }

    /// Reads an array of samples whose `[` is at `level`.
    mutating func parseSamples(level: Int) throws(Failure) -> [Sample] {
        if level > maxDepth { recordNesting(at: i) }
        var samples: [Sample] = []
        i += 1
        skipWhitespace()
        if i < n, b[i] == UInt8(ascii: "]") {
            i += 1
            return samples
        }
        // Room for as many samples as the rest of the text could hold (a sample takes at least 42
        // bytes), so that a long trace is never copied as it grows; pages never written cost no memory.
        samples.reserveCapacity(min((n - i) / 42 + 1, maxSamples))
        LargeBuffers.preferHugePages(&samples)
        var first = true
        // Plain samples (see `plainSample`) need the keys within the string-length limit and the
        // objects within the nesting limit; the samples limit is checked for each.
        let plainAllowed = maxString >= 5 && level + 1 <= maxDepth
        while true {
            guard i < n, Self.isValueStart(b[i]) else {
                throw syntax(at: i, expected: first ? "a value or ']'" : "a value")
            }
            first = false
            if plainAllowed, samplesSeen < maxSamples, b[i] == UInt8(ascii: "{"),
                let (sample, end) = Self.plainSample(b, at: i, maxString: maxString, maxDigits: maxDigits)
            {
                samplesSeen += 1
                samples.append(sample)
                i = end
            } else {
                sampleIndex = samplesSeen
                samplesSeen += 1
                if samplesSeen > maxSamples, pending == nil {
                    record(.limitExceeded, at: i, limits.message("too many samples", .samples, unit: " samples"))
                }
                if let sample = try parseSample(level: level + 1), samplesSeen <= maxSamples { samples.append(sample) }
                sampleIndex = nil
            }
            skipWhitespace()
            guard i < n else { throw syntax(at: i, expected: "',' or ']' after a sample") }
            switch b[i] {
            case UInt8(ascii: ","):
                i += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                i += 1
                return samples
            default:
                throw syntax(at: i, expected: "',' or ']' after a sample")
            }
        }
    }

    /// Reads one sample, `{"t": …, "id": …, "phase": …, "x": …, "y": …}`; `nil` after a field error.
    mutating func parseSample(level: Int) throws(Failure) -> Sample? {
        let start = i
        guard b[i] == UInt8(ascii: "{") else {
            try skipValue(level: level)
            record(.invalidValue, at: start, "expected a sample object, found \(describeValue(start))")
            return nil
        }
        if level > maxDepth { recordNesting(at: i) }
        var time = 0.0
        var x = 0.0
        var y = 0.0
        var touch = TouchID.number(0)
        var phase = Phase.began
        var seen: UInt8 = 0
        if !sampleUnknownKeys.isEmpty { sampleUnknownKeys.removeAll(keepingCapacity: true) }
        if !sampleUnknownKeySet.isEmpty { sampleUnknownKeySet.removeAll() }
        i += 1
        skipWhitespace()
        if i < n, b[i] == UInt8(ascii: "}") {
            i += 1
        } else {
            var afterComma = false
            repeat {
                let key: StringToken
                let field: Int
                let keyStart = i
                let known = quickSampleKey()
                if known >= 0 {
                    key = StringToken(start: keyStart, end: keyStart + Self.sampleKeyLength(known) + 2, escaped: false)
                    field = known
                } else {
                    key = try readKey(afterComma: afterComma)
                    field = key.escaped ? withContent(key, Self.sampleField) : Self.sampleField(at: key, in: b)
                }
                afterComma = true
                if field < 5 {
                    checkDuplicate(&seen, bit: field, key: key)
                } else {
                    checkUnknownSampleKey(key)
                }
                switch field {
                case 0: if let v = try readNumber(name: "t", level: level + 1) { time = v }
                case 1: if let v = try readTouchID(level: level + 1) { touch = v }
                case 2: if let v = try readPhase(level: level + 1) { phase = v }
                case 3: if let v = try readNumber(name: "x", level: level + 1) { x = v }
                case 4: if let v = try readNumber(name: "y", level: level + 1) { y = v }
                default: try skipValue(level: level + 1)
                }
            } while try nextField()
        }
        if seen != 0b1_1111 {
            let names = ["t", "id", "phase", "x", "y"]
            for bit in 0..<5 where seen & (1 << bit) == 0 {
                record(
                    .missingField, at: start,
                    #"missing field "\#(names[bit])": expected fields \#(Self.sampleFields)"#)
                break
            }
            return nil
        }
        return Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: start)
    }

    // MARK: - Plain samples

    /// The sample object at `p` (its `{`) and the offset after its `}`, when the object is written
    /// *plainly*; `nil` otherwise, having read and recorded nothing, and then `parseSample` reads it.
    ///
    /// Nearly every sample is plain, and reading it in one pass, the values parsed as the bytes go by,
    /// costs a fraction of the general path's token by token reading. An object is plain when its keys
    /// are exactly `t`, `id`, `phase`, `x` and `y`, in any order, each once and written without escapes,
    /// with any JSON whitespace between the tokens, and:
    /// - `t`, `x` and `y` are an optional `-`, then at most 15 digits (and at most the `digits` limit)
    ///   with an optional fraction: no leading zeros, no exponent;
    /// - `id` is an integer of 1 to 18 digits (always in `Int`'s range), or a non-empty string of
    ///   printable ASCII without escapes, within the `string-length` limit;
    /// - `phase` is a phase name within the `string-length` limit.
    /// The caller checks the nesting and samples limits, and that the keys are within `string-length`.
    /// Anything else, valid or not, goes the general way, which is the only one to report errors; for a
    /// plain object it records nothing and gives the same sample (a number is the same single exact
    /// division as `doubleValue`'s fast path: a mantissa below 10^15 over 10^k, k ≤ 15). So this is an
    /// optimisation only.
    ///
    /// The layout the project writes (`canonicalSample`) is tried first, then any order and spacing.
    /// Static, with the bytes passed in, and counting in locals: see `skipWhitespace`.
    static func plainSample(
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
        if let sample = canonicalSample(b, at: p, maxString: maxString, maxDigits: maxDigits) { return sample }
        var k = skipSpace(b, p + 1)
        while true {
            // The key, its `:` and a space, as the project writes them: compared eight bytes at a
            // time, when there are nine bytes left.
            var field = -1
            if n - k >= 9 {
                let word = load64(b, k)
                switch word & 0xFF_FFFF_FFFF {
                case 0x20_3A22_7422: field = 0; k += 5  // "t":
                case 0x20_3A22_7822: field = 3; k += 5  // "x":
                case 0x20_3A22_7922: field = 4; k += 5  // "y":
                default:
                    if word & 0xFFFF_FFFF_FFFF == 0x203A_2264_6922 {  // "id":
                        field = 1
                        k += 6
                    } else if word == 0x3A22_6573_6168_7022, b[k + 8] == 0x20 {  // "phase":
                        field = 2
                        k += 9
                    }
                }
            }
            if field < 0 {
                // Otherwise the key alone, then spaces and the `:`.
                guard let key = plainSampleKey(b, at: k) else { return nil }
                field = key.field
                k = key.next
            }
            let bit: UInt8 = 1 << field
            guard seen & bit == 0 else { return nil }
            seen |= bit
            guard k < n else { return nil }
            if b[k] <= 0x20 {
                k = skipSpace(b, k)
                guard k < n else { return nil }
            }
            // The value.
            switch field {
            case 0, 3, 4:
                guard let value = plainNumber(b, &k, maxDigits: maxDigits) else { return nil }
                switch field {
                case 0: time = value
                case 3: x = value
                default: y = value
                }
            case 1:
                guard let value = plainTouchID(b, &k, maxString: maxString) else { return nil }
                touch = value
            default:
                guard let value = plainPhase(b, &k, maxString: maxString) else { return nil }
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
            guard b[k] == UInt8(ascii: "}"), seen == 0b1_1111 else { return nil }
            return (Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: p), k + 1)
        }
    }

    /// A plain sample (see `plainSample`) written as the project writes them,
    /// `{"t": …, "id": …, "phase": …, "x": …, "y": …}`, with these keys in this order, one space after
    /// each `:` and `,` and no other: its punctuation and keys are compared eight bytes at a time.
    @inline(__always)
    static func canonicalSample(
        _ b: UnsafeBufferPointer<UInt8>, at p: Int, maxString: Int, maxDigits: Int
    ) -> (Sample, Int)? {
        let n = b.count
        var k = p
        guard n - k >= 16, load64(b, k) & 0xFFFF_FFFF_FFFF == 0x203A_2274_227B else { return nil }  // {"t":
        k += 6
        guard let time = plainNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard n - k >= 16, load64(b, k) == 0x203A_2264_6922_202C else { return nil }  // , "id":
        k += 8
        guard let touch = plainTouchID(b, &k, maxString: maxString) else { return nil }
        guard n - k >= 16, load64(b, k) == 0x6573_6168_7022_202C,  // , "phase
            load64(b, k + 8) & 0xFF_FFFF == 0x20_3A22  // ":
        else { return nil }
        k += 11
        guard let phase = plainPhase(b, &k, maxString: maxString) else { return nil }
        guard n - k >= 16, load64(b, k) & 0xFF_FFFF_FFFF_FFFF == 0x20_3A22_7822_202C else { return nil }  // , "x":
        k += 7
        guard let x = plainNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard n - k >= 16, load64(b, k) & 0xFF_FFFF_FFFF_FFFF == 0x20_3A22_7922_202C else { return nil }  // , "y":
        k += 7
        guard let y = plainNumber(b, &k, maxDigits: maxDigits) else { return nil }
        guard k < n, b[k] == UInt8(ascii: "}") else { return nil }
        return (Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: p), k + 1)
    }

    /// A plain number at `k` (see `plainSample`), `k` then after it; `nil` for anything else. What
    /// follows the number is the caller's to check (an exponent or a second `.` is not a `,` or a `}`).
    @inline(__always)
    static func plainNumber(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxDigits: Int) -> Double? {
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
        let value = Double(mantissa) / exactPowerOfTen(fractionDigits)
        return negative ? -value : value
    }

    /// A plain `id` at `k` (see `plainSample`), `k` then after it; `nil` for anything else.
    @inline(__always)
    static func plainTouchID(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxString: Int) -> TouchID? {
        let n = b.count
        var j = k
        guard j < n else { return nil }
        if b[j] == UInt8(ascii: "\"") {
            let end = plainStringEnd(b, at: j)
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
        guard j > start, j - start <= 18, j - start == 1 || b[start] != UInt8(ascii: "0") else { return nil }
        k = j
        return .number(negative ? -value : value)
    }

    /// A phase name at `k` (its opening quote) within the string-length limit, `k` then after its
    /// closing quote; `nil` for anything else. The name and its closing quote are compared eight bytes
    /// at a time.
    @inline(__always)
    static func plainPhase(_ b: UnsafeBufferPointer<UInt8>, _ k: inout Int, maxString: Int) -> Phase? {
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
    static func plainStringEnd(_ b: UnsafeBufferPointer<UInt8>, at start: Int) -> Int {
        var k = start + 1
        while k < b.count, case let c = b[k], c >= 0x20, c < 0x80, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") {
            k += 1
        }
        guard k < b.count, b[k] == UInt8(ascii: "\"") else { return start }
        return k + 1
    }

    /// A sample's own key written plainly at `k` — `"t"`, `"id"`, `"phase"`, `"x"` or `"y"` — then
    /// spaces and its `:`: the field (see `sampleField`) and the offset after the `:`; `nil` for
    /// anything else. Keys take at most 5 bytes, so the caller checks the string-length limit allows them.
    @inline(__always)
    static func plainSampleKey(_ b: UnsafeBufferPointer<UInt8>, at k: Int) -> (field: Int, next: Int)? {
        let n = b.count
        let quote = UInt8(ascii: "\"")
        guard k + 3 < n, b[k] == quote else { return nil }
        let field: Int
        var end: Int
        if b[k + 2] == quote {
            switch b[k + 1] {
            case UInt8(ascii: "t"): field = 0
            case UInt8(ascii: "x"): field = 3
            case UInt8(ascii: "y"): field = 4
            default: return nil
            }
            end = k + 3
        } else if b[k + 1] == UInt8(ascii: "i"), b[k + 2] == UInt8(ascii: "d"), b[k + 3] == quote {
            field = 1
            end = k + 4
        } else if k + 6 < n, b[k + 1] == UInt8(ascii: "p"), b[k + 2] == UInt8(ascii: "h"),
            b[k + 3] == UInt8(ascii: "a"), b[k + 4] == UInt8(ascii: "s"), b[k + 5] == UInt8(ascii: "e"),
            b[k + 6] == quote
        {
            field = 2
            end = k + 7
        } else {
            return nil
        }
        end = skipSpace(b, end)
        guard end < n, b[end] == UInt8(ascii: ":") else { return nil }
        return (field, end + 1)
    }

    /// `plainSampleKey` at the parser's position, which on success moves past the `:` and the spaces
    /// after it: the field, or -1 (nothing read) for anything else, which `readKey` then reads and,
    /// if need be, reports.
    @inline(__always)
    mutating func quickSampleKey() -> Int {
        guard maxString >= 5, let key = Self.plainSampleKey(b, at: i) else { return -1 }
        i = key.next
        skipWhitespace()
        return key.field
    }

    /// The length of a sample key, by field.
    @inline(__always)
    static func sampleKeyLength(_ field: Int) -> Int { field == 1 ? 2 : field == 2 ? 5 : 1 }

    /// The sample field a key names, from the key's bytes: 0 `t`, 1 `id`, 2 `phase`, 3 `x`, 4 `y`, 5 other.
    @inline(__always)
    static func sampleField(at key: StringToken, in b: UnsafeBufferPointer<UInt8>) -> Int {
        let s = key.start + 1
        switch key.end - key.start - 2 {
        case 1:
            switch b[s] {
            case UInt8(ascii: "t"): return 0
            case UInt8(ascii: "x"): return 3
            case UInt8(ascii: "y"): return 4
            default: return 5
            }
        case 2:
            return b[s] == UInt8(ascii: "i") && b[s + 1] == UInt8(ascii: "d") ? 1 : 5
        case 5:
            return b[s] == UInt8(ascii: "p") && b[s + 1] == UInt8(ascii: "h") && b[s + 2] == UInt8(ascii: "a")
                && b[s + 3] == UInt8(ascii: "s") && b[s + 4] == UInt8(ascii: "e") ? 2 : 5
        default:
            return 5
        }
    }

    static func sampleField(_ s: UnsafeBufferPointer<UInt8>) -> Int {
        let names: [StaticString] = ["t", "id", "phase", "x", "y"]
        for (index, name) in names.enumerated() where equals(s, name) { return index }
        return 5
    }

    /// Reads a number for a field; `nil` (and a recorded error) when it is not a finite number.
    mutating func readNumber(name: String, level: Int) throws(Failure) -> Double? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "-") || Self.isDigit(b[i]) {
            let token = try scanNumber()
            if token.significant > maxDigits {
                if pending == nil {
                    record(
                        .limitExceeded, at: start,
                        limits.message(
                            #"number too precise for "\#(name)""#, .digits, unit: " significant digits",
                            found: String(token.significant)))
                }
                return nil
            }
            let value = doubleValue(token)
            guard value.isFinite else {
                record(.invalidNumber, at: start, #"number out of range for "\#(name)": \#(describeValue(start))"#)
                return nil
            }
            return value
        }
        try skipValue(level: level)
        record(.invalidValue, at: start, #"expected a number for "\#(name)", found \#(describeValue(start))"#)
        return nil
    }

    /// Reads `id`: an integer without fraction or exponent, or a non-empty string.
    mutating func readTouchID(level: Int) throws(Failure) -> TouchID? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "\"") {
            let token = try scanString()
            guard token.end - token.start > 2 else {
                record(.invalidValue, at: start, #"expected a non-empty string for "id", found """#)
                return nil
            }
            return .name(string(token))
        }
        if i < n, b[i] == UInt8(ascii: "-") || Self.isDigit(b[i]) {
            let token = try scanNumber()
            guard token.isInteger else {
                record(
                    .invalidValue, at: start,
                    #"expected an integer or a string for "id", found \#(describeValue(start))"#)
                return nil
            }
            guard let value = integerValue(token) else {
                record(.invalidNumber, at: start, #"number out of range for "id": \#(describeValue(start))"#)
                return nil
            }
            return .number(value)
        }
        try skipValue(level: level)
        record(.invalidValue, at: start, #"expected an integer or a string for "id", found \#(describeValue(start))"#)
        return nil
    }

    mutating func readPhase(level: Int) throws(Failure) -> Phase? {
        let start = i
        guard i < n, b[i] == UInt8(ascii: "\"") else {
            try skipValue(level: level)
            record(
                .invalidValue, at: start,
                #"expected \#(Self.phaseNames) for "phase", found \#(describeValue(start))"#)
            return nil
        }
        let token = try scanString()
        let phase = withContent(token) { s -> Phase? in
            switch s.count {
            case 5:
                if Self.equals(s, "began") { return .began }
                if Self.equals(s, "moved") { return .moved }
                if Self.equals(s, "ended") { return .ended }
            case 9 where Self.equals(s, "cancelled"): return .cancelled
            case 10 where Self.equals(s, "stationary"): return .stationary
            default: break
            }
            return nil
        }
        guard let phase else {
            record(
                .unknownPhase, at: start,
                "unknown phase \(describeValue(start)): expected \(Self.phaseNames)")
            return nil
        }
        return phase
    }

    // MARK: - Objects and keys

    /// Reads `"key"` and the `:` after it, leaving the position at the value.
    @inline(__always)
    mutating func readKey(afterComma: Bool) throws(Failure) -> StringToken {
        guard i < n, b[i] == UInt8(ascii: "\"") else {
            throw syntax(at: i, expected: afterComma ? "a string key" : "a string key or '}'")
        }
        let key = try scanString()
        skipWhitespace()
        guard i < n, b[i] == UInt8(ascii: ":") else { throw syntax(at: i, expected: "':' after a key") }
        i += 1
        skipWhitespace()
        return key
    }

    /// After a field's value: `true` after a `,` (another field follows), `false` after the `}`.
    @inline(__always)
    mutating func nextField() throws(Failure) -> Bool {
        skipWhitespace()
        if i < n {
            if b[i] == UInt8(ascii: ",") {
                i += 1
                skipWhitespace()
                return true
            }
            if b[i] == UInt8(ascii: "}") {
                i += 1
                return false
            }
        }
        throw syntax(at: i, expected: "',' or '}' after a field")
    }

    @inline(__always)
    mutating func checkDuplicate(_ seen: inout UInt8, bit: Int, key: StringToken) {
        if seen & (1 << bit) != 0 { recordDuplicate(key) }
        seen |= 1 << bit
    }

    mutating func checkDuplicate(in keys: inout Set<[UInt8]>, key: StringToken) {
        if !keys.insert(withContent(key) { Array($0) }).inserted { recordDuplicate(key) }
    }

    /// Checks an unknown key of a sample against the others: by comparing bytes while there are
    /// few, then with a set, so that many keys are not quadratic.
    mutating func checkUnknownSampleKey(_ key: StringToken) {
        if sampleUnknownKeys.count < 16 {
            for other in sampleUnknownKeys where sameContent(other, key) {
                recordDuplicate(key)
                return
            }
            sampleUnknownKeys.append(key)
            return
        }
        if sampleUnknownKeySet.isEmpty {
            let contents = sampleUnknownKeys.map { withContent($0) { Array($0) } }
            sampleUnknownKeySet = Set(contents)
        }
        let content = withContent(key) { Array($0) }
        if !sampleUnknownKeySet.insert(content).inserted { recordDuplicate(key) }
    }

    /// Whether two strings have the same content once decoded.
    func sameContent(_ a: StringToken, _ b: StringToken) -> Bool {
        if !a.escaped && !b.escaped {
            let count = a.end - a.start
            guard b.end - b.start == count else { return false }
            for k in 1..<count - 1 where self.b[a.start + k] != self.b[b.start + k] { return false }
            return true
        }
        return withContent(a) { Array($0) } == withContent(b) { Array($0) }
    }

    mutating func recordDuplicate(_ key: StringToken) {
        record(.invalidValue, at: key.start, "duplicate key \(describeValue(key.start, key.end))")
    }

    // MARK: - Skipping values

    /// Skips one value whose container, if it is one, is at `level`, checking its syntax.
    ///
    /// Iterative, so deep nesting cannot overflow the stack; going past `maxDepth` is recorded as a
    /// limit error, and the syntax is still checked to the end.
    mutating func skipValue(level: Int) throws(Failure) {
        skipStack.removeAll(keepingCapacity: true)
        var expectingValue = true
        while true {
            if expectingValue {
                guard i < n else { throw syntax(at: i, expected: "a value") }
                switch b[i] {
                case UInt8(ascii: "{"):
                    if level + skipStack.count > maxDepth { recordNesting(at: i) }
                    i += 1
                    skipWhitespace()
                    if i < n, b[i] == UInt8(ascii: "}") {
                        i += 1
                        expectingValue = false
                    } else {
                        skipStack.append(true)
                        _ = try readKey(afterComma: false)
                        continue
                    }
                case UInt8(ascii: "["):
                    if level + skipStack.count > maxDepth { recordNesting(at: i) }
                    i += 1
                    skipWhitespace()
                    if i < n, b[i] == UInt8(ascii: "]") {
                        i += 1
                        expectingValue = false
                    } else {
                        guard i < n, Self.isValueStart(b[i]) else { throw syntax(at: i, expected: "a value or ']'") }
                        skipStack.append(false)
                        continue
                    }
                case UInt8(ascii: "\""):
                    _ = try scanString()
                    expectingValue = false
                case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                    _ = try scanNumber()
                    expectingValue = false
                case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                    try scanLiteral()
                    expectingValue = false
                default:
                    throw syntax(at: i, expected: "a value")
                }
            }
            // After a complete value.
            guard let isObject = skipStack.last else { return }
            skipWhitespace()
            let c: UInt8 = i < n ? b[i] : 0
            if isObject {
                if c == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    _ = try readKey(afterComma: true)
                    expectingValue = true
                } else if c == UInt8(ascii: "}") && i < n {
                    i += 1
                    skipStack.removeLast()
                } else {
                    throw syntax(at: i, expected: "',' or '}' after a field")
                }
            } else {
                if c == UInt8(ascii: ",") {
                    i += 1
                    skipWhitespace()
                    expectingValue = true
                } else if c == UInt8(ascii: "]") && i < n {
                    i += 1
                    skipStack.removeLast()
                } else {
                    throw syntax(at: i, expected: "',' or ']' after an element")
                }
            }
        }
    }

    @inline(__always)
    static func isValueStart(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "{"), UInt8(ascii: "["), UInt8(ascii: "\""), UInt8(ascii: "-"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
            true
        default:
            false
        }
    }

    // MARK: - Tokens

    /// Hot loops count in a local and store `i` once: the compiler keeps a local in a register, but
    /// writes every step of `i` back to the parser.
    @inline(__always)
    mutating func skipWhitespace() {
        var k = i
        while k < n {
            let c = b[k]
            guard c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 else { break }
            k += 1
        }
        i = k
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- UInt8(ascii: "0") < 10 }

    /// Reads `true`, `false` or `null`.
    mutating func scanLiteral() throws(Failure) {
        let word: StaticString =
            switch b[i] {
            case UInt8(ascii: "t"): "true"
            case UInt8(ascii: "f"): "false"
            default: "null"
            }
        let count = word.utf8CodeUnitCount
        guard n - i >= count else { throw syntax(at: i, expected: "a value") }
        for k in 0..<count where b[i + k] != word.utf8Start[k] {
            throw syntax(at: i, expected: "a value")
        }
        i += count
    }

    /// Reads a string, checking its escapes and UTF-8.
    @inline(__always)
    mutating func scanString() throws(Failure) -> StringToken {
        let start = i
        var escaped = false
        i += 1
        while true {
            // The common case: printable ASCII.
            var k = i
            while k < n {
                let c = b[k]
                guard c >= 0x20, c < 0x80, c != UInt8(ascii: "\""), c != UInt8(ascii: "\\") else { break }
                k += 1
            }
            i = k
            guard i < n else { throw syntax(at: i, expected: "'\"' to end the string") }
            let c = b[i]
            if c == UInt8(ascii: "\"") {
                i += 1
                if i - start - 2 > maxString { recordLongString(at: start) }
                return StringToken(start: start, end: i, escaped: escaped)
            } else if c == UInt8(ascii: "\\") {
                escaped = true
                try scanEscape()
            } else if c < 0x20 {
                throw failure(
                    .syntax, at: i,
                    "expected an escape sequence, found control character \(Self.unicodeName(UInt32(c))) in a string")
            } else {
                try scanUTF8()
            }
        }
    }

    /// Reads an escape sequence at a `\`.
    mutating func scanEscape() throws(Failure) {
        let escape = i
        i += 1
        guard i < n else { throw syntax(at: i, expected: #"'"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\'"#) }
        switch b[i] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            i += 1
        case UInt8(ascii: "u"):
            i += 1
            let unit = try scanHex4()
            if unit >= 0xD800 && unit <= 0xDBFF {
                let high = text(escape, escape + 6)
                guard i + 1 < n, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                    throw syntax(at: i, expected: "a low surrogate escape after '\(high)'")
                }
                let second = i
                i += 2
                let low = try scanHex4()
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw failure(
                        .syntax, at: second,
                        "expected a low surrogate escape after '\(high)', found '\(text(second, second + 6))'")
                }
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw failure(
                    .syntax, at: escape,
                    "unpaired low surrogate '\(text(escape, escape + 6))': expected a high surrogate escape before it")
            }
        default:
            throw syntax(at: i, expected: #"'"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\'"#)
        }
    }

    mutating func scanHex4() throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < n, let digit = Self.hexValue(b[i]) else {
                throw syntax(at: i, expected: #"4 hex digits after '\u'"#)
            }
            value = value << 4 | digit
            i += 1
        }
        return value
    }

    @inline(__always)
    static func hexValue(_ c: UInt8) -> UInt32? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(c - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(c - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Checks one multi-byte UTF-8 sequence (no overlongs, no surrogates, at most U+10FFFF).
    mutating func scanUTF8() throws(Failure) {
        let (length, valid) = TextEncoding.utf8Sequence(b, at: i)
        guard valid else { throw invalidUTF8(bytes: length) }
        i += length
    }

    func invalidUTF8(bytes count: Int) -> Failure {
        let list = (i..<i + count).map { Self.byteName(b[$0]) }.joined(separator: " ")
        return failure(.syntax, at: i, "invalid UTF-8 in a string: found \(count == 1 ? "byte" : "bytes") \(list)")
    }

    /// Reads a number per the JSON grammar.
    @inline(__always)
    mutating func scanNumber() throws(Failure) -> NumberToken {
        let start = i
        var k = i  // See `skipWhitespace`.
        var token = NumberToken(
            start: k, end: k, isInteger: true, negative: false, mantissa: 0, exponent: 0, exact: true)
        var digits = 0
        if b[k] == UInt8(ascii: "-") {
            token.negative = true
            k += 1
        }
        guard k < n, Self.isDigit(b[k]) else { i = k; throw syntax(at: k, expected: "a digit after '-'") }
        if b[k] == UInt8(ascii: "0") {
            k += 1
            if k < n, Self.isDigit(b[k]) {
                var end = k
                while end < n, Self.isDigit(b[end]) { end += 1 }
                i = k
                throw failure(
                    .syntax, at: start, "expected a number without leading zeros, found \(truncated(start, end))")
            }
        } else {
            while k < n, Self.isDigit(b[k]) {
                if digits < 19 {
                    token.mantissa = token.mantissa &* 10 &+ UInt64(b[k] &- UInt8(ascii: "0"))
                    digits += 1
                } else {
                    token.exact = false
                }
                token.significant += 1
                k += 1
            }
        }
        if k < n, b[k] == UInt8(ascii: ".") {
            token.isInteger = false
            k += 1
            guard k < n, Self.isDigit(b[k]) else { i = k; throw syntax(at: k, expected: "a digit after '.'") }
            while k < n, Self.isDigit(b[k]) {
                let digit = b[k] &- UInt8(ascii: "0")
                if token.mantissa == 0 && digit == 0 {
                    token.exponent -= 1  // A leading zero of the fraction.
                } else if digits < 19 {
                    token.mantissa = token.mantissa &* 10 &+ UInt64(digit)
                    token.exponent -= 1
                    digits += 1
                    token.significant += 1
                } else {
                    token.exact = false
                    token.significant += 1
                }
                k += 1
            }
        }
        if k < n, b[k] == UInt8(ascii: "e") || b[k] == UInt8(ascii: "E") {
            token.isInteger = false
            k += 1
            var negativeExponent = false
            if k < n, b[k] == UInt8(ascii: "+") || b[k] == UInt8(ascii: "-") {
                negativeExponent = b[k] == UInt8(ascii: "-")
                k += 1
            }
            guard k < n, Self.isDigit(b[k]) else { i = k; throw syntax(at: k, expected: "a digit in the exponent") }
            var exponent = 0
            while k < n, Self.isDigit(b[k]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(b[k] &- UInt8(ascii: "0")) }
                k += 1
            }
            token.exponent += negativeExponent ? -exponent : exponent
        }
        token.end = k
        i = k
        return token
    }

    /// The number's value, correctly rounded; infinite when it overflows.
    ///
    /// Inlined, like the other small readers of `b` below: a call to a method of the parser from a
    /// mutating one copies the whole parser (300 bytes) first, once per number.
    @inline(__always)
    func doubleValue(_ token: NumberToken) -> Double {
        if token.exact {
            // Exact mantissa and power of ten: one correctly rounded operation (Clinger's fast path).
            if token.mantissa == 0 { return token.negative ? -0.0 : 0.0 }
            if token.mantissa <= 1 << 53 && token.exponent >= -22 && token.exponent <= 22 {
                var value = Double(token.mantissa)
                if token.exponent < 0 {
                    value /= Self.powerOfTen(-token.exponent)
                } else {
                    value *= Self.powerOfTen(token.exponent)
                }
                return token.negative ? -value : value
            }
        }
        return Self.slowDoubleValue(UnsafeBufferPointer(rebasing: b[token.start..<token.end]))
    }

    /// The text is a validated JSON number, which `Double` reads with correct rounding.
    @inline(never)
    static func slowDoubleValue(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: text, as: UTF8.self)) ?? .nan
    }

    @inline(__always)
    static func powerOfTen(_ k: Int) -> Double {
        var value = 1.0
        var base = 10.0
        var k = k
        // Exact for k <= 22: every intermediate power of ten up to 1e22 is a double.
        while k > 0 {
            if k & 1 == 1 { value *= base }
            base *= base
            k >>= 1
        }
        return value
    }

    /// The value of an integer token, `nil` when it is outside `Int`'s range.
    @inline(__always)
    func integerValue(_ token: NumberToken) -> Int? {
        var k = token.start
        if token.negative { k += 1 }
        var value = 0
        while k < token.end {
            let digit = Int(b[k] &- UInt8(ascii: "0"))
            let (scaled, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) =
                token.negative ? scaled.subtractingReportingOverflow(digit) : scaled.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            value = next
            k += 1
        }
        return value
    }

    // MARK: - String contents

    /// Calls `body` with the decoded content of a string.
    @inline(__always)
    func withContent<R>(_ token: StringToken, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if !token.escaped {
            return body(UnsafeBufferPointer(rebasing: b[token.start + 1..<token.end - 1]))
        }
        return Self.decoded(token, in: b).withUnsafeBufferPointer(body)
    }

    @inline(__always)
    func string(_ token: StringToken) -> String {
        if !token.escaped {
            return String(decoding: UnsafeBufferPointer(rebasing: b[token.start + 1..<token.end - 1]), as: UTF8.self)
        }
        return String(decoding: Self.decoded(token, in: b), as: UTF8.self)
    }

    /// The UTF-8 content of a string whose escapes have been checked by `scanString`.
    static func decoded(_ token: StringToken, in b: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(token.end - token.start)
        var k = token.start + 1
        let end = token.end - 1
        while k < end {
            let c = b[k]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                k += 1
                continue
            }
            let e = b[k + 1]
            k += 2
            switch e {
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = hex4(at: k, in: b)
                k += 4
                if scalar >= 0xD800 && scalar <= 0xDBFF {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (hex4(at: k + 2, in: b) &- 0xDC00)
                    k += 6
                }
                Self.appendUTF8(scalar, to: &out)
            default: out.append(e)
            }
        }
        return out
    }

    static func hex4(at k: Int, in b: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var value: UInt32 = 0
        for j in k..<k + 4 { value = value << 4 | (Self.hexValue(b[j]) ?? 0) }
        return value
    }

    static func appendUTF8(_ scalar: UInt32, to out: inout [UInt8]) {
        switch scalar {
        case ..<0x80:
            out.append(UInt8(scalar))
        case ..<0x800:
            out.append(UInt8(0xC0 | scalar >> 6))
            out.append(UInt8(0x80 | scalar & 0x3F))
        case ..<0x10000:
            out.append(UInt8(0xE0 | scalar >> 12))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        default:
            out.append(UInt8(0xF0 | scalar >> 18 & 0x07))
            out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            out.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    static func equals(_ s: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard s.count == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<s.count where s[k] != w[k] { return false }
        return true
    }

    // MARK: - Errors

    func failure(_ code: TraceError.Code, at offset: Int, _ message: String) -> Failure {
        Failure(code: code, offset: offset, sampleIndex: sampleIndex, message: message)
    }

    /// A syntax error at `offset`: "expected …, found …", or "unexpected end of input: expected …".
    func syntax(at offset: Int, expected: String) -> Failure {
        let message =
            offset >= n
            ? "unexpected end of input: expected \(expected)"
            : "expected \(expected), found \(describeCharacter(at: offset))"
        return failure(.syntax, at: min(offset, n), message)
    }

    /// Records that nesting went past the limit at the `[` or `{` at `offset`; reading goes on (it
    /// never recurses), so that a syntax error later in the document still takes precedence.
    mutating func recordNesting(at offset: Int) {
        guard pending == nil else { return }
        record(.limitExceeded, at: offset, limits.message("nesting too deep", .nesting, unit: " levels"))
    }

    /// Records a string (key or value, used or ignored) longer than the limit, at its opening quote.
    mutating func recordLongString(at start: Int) {
        guard pending == nil else { return }
        record(
            .limitExceeded, at: start,
            limits.message(
                "string too long", .stringLength, found: ReadLimits.bytes(i - start - 2)))
    }

    /// Keeps the first field error; later ones are usually consequences of it.
    /// Field errors are rare, so building their message before knowing whether it is kept is fine.
    mutating func record(_ code: TraceError.Code, at offset: Int, _ message: String) {
        if pending == nil { pending = failure(code, at: offset, message) }
    }

    /// What a syntax error found: a word, a quoted character, or a named byte.
    func describeCharacter(at p: Int) -> String {
        let c = b[p]
        if Self.isWordByte(c) {
            var end = p
            while end < n, Self.isWordByte(b[end]) { end += 1 }
            return "'\(truncated(p, end))'"
        }
        switch c {
        case 0x20: return "a space"
        case 0x09: return "a tab"
        case 0x0A: return "a line feed"
        case 0x0D: return "a carriage return"
        case 0x21...0x7E: return "'\(Character(Unicode.Scalar(c)))'"
        case ..<0x80: return Self.unicodeName(UInt32(c))
        default:
            // A whole UTF-8 character, or the byte when it does not start one.
            var decoder = UTF8()
            var iterator = b[p..<min(p + 4, n)].makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                if TextEncoding.isControl(scalar) { return Self.unicodeName(scalar.value) }
                return "'\(Character(scalar))' (\(Self.unicodeName(scalar.value)))"
            }
            return "byte \(Self.byteName(c))"
        }
    }

    static func isWordByte(_ c: UInt8) -> Bool {
        switch c {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }

    /// What a field error found, for a value that ends at the read position.
    func describeValue(_ start: Int) -> String { describeValue(start, i) }

    /// What a field error found: the text of the value at `start..<end`, shortened, or "an object" /
    /// "an array".
    func describeValue(_ start: Int, _ end: Int) -> String {
        switch b[start] {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "\"\(truncated(start + 1, end - 1))\""
        default: truncated(start, end)
        }
    }

    /// The top-level value's kind, for "expected an object or an array of samples, found …".
    func kindName(at start: Int) -> String {
        switch b[start] {
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"): "true"
        case UInt8(ascii: "f"): "false"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    /// The text of `start..<end`, cut to 20 characters with "…" when longer; control characters
    /// (DEL and C1 may be raw in a JSON string) written `\u{7F}` (found by fuzzing:
    /// Fuzz/regressions/json/del-in-unknown-phase-diagnostic.json).
    func truncated(_ start: Int, _ end: Int) -> String {
        var characters = 0
        var cut = start
        while cut < end {
            if b[cut] & 0xC0 != 0x80 {
                if characters == 20 { break }
                characters += 1
            }
            cut += 1
        }
        let text = TextEncoding.escapingControls(text(start, cut))
        return cut < end ? text + "…" : text
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[start..<min(end, n)]), as: UTF8.self)
    }

    static func unicodeName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    static func byteName(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }
}
