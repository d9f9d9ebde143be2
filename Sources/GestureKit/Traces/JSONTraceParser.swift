/// The general path of the JSON reader: a single-pass parser that builds a `Trace` directly from the
/// bytes, token by token (`JSONLexer`), and the only part of the reader that reports errors.
///
/// Syntax errors are thrown at once. Field errors (wrong type, missing field, unknown phase…) are
/// recorded, the first one wins, and reading goes on so that a later syntax error can take
/// precedence; the recorded error is thrown when the document turns out to be well-formed.
///
/// Fast paths beside it, each of which gives up to it on anything it does not handle: plain sample
/// objects (`JSONPlainSamples`), a sample's own keys read at once (`quickSampleKey`) and Clinger's
/// conversion of short numbers (`decimalValue`). `fastPaths: false` turns them all off.
struct JSONTraceParser {
    typealias Failure = JSONLexer.Failure
    typealias StringToken = JSONLexer.StringToken

    static let phaseNames = #""began", "moved", "stationary", "ended" or "cancelled""#

    /// The tokens, and the read position.
    var lexer: JSONLexer
    /// The document (the lexer's), at hand.
    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    let limits: ReadLimits
    /// `limits.nesting`, `limits.stringLength`, `limits.samples` and `limits.digits`, at hand.
    let maxDepth: Int
    let maxString: Int
    let maxSamples: Int
    let maxDigits: Int
    /// Whether the fast paths may read what they can; `false` reads everything the general way.
    let fastPaths: Bool
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
    /// The unknown keys of the first few samples, for `Trace.unread`.
    var unreadSampleKeys: [[UInt8]] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>, limits: ReadLimits = .default, fastPaths: Bool = true) {
        lexer = JSONLexer(bytes)
        b = bytes
        n = bytes.count
        self.limits = limits
        maxDepth = limits.nesting
        maxString = limits.stringLength
        maxSamples = limits.samples
        maxDigits = limits.digits
        self.fastPaths = fastPaths
    }

    /// The read position, the lexer's.
    var i: Int {
        @inline(__always) get { lexer.i }
        @inline(__always) set { lexer.i = newValue }
    }

    // MARK: - Document structure

    /// Reads the document: the trace, or the first syntax error, or else the first field error.
    mutating func parseDocument() throws(Failure) -> Trace {
        let trace: Trace
        do throws(Failure) {
            trace = try parseValue()
        } catch {
            // A syntax error is thrown where it is found, inside the sample being read if any.
            var placed = error
            placed.sampleIndex = sampleIndex
            throw placed
        }
        if let pending { throw pending }
        return trace
    }

    /// Reads the top-level value and what follows it.
    mutating func parseValue() throws(Failure) -> Trace {
        if n >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
        skipWhitespace()
        var trace = Trace(samples: [])
        guard i < n else { throw syntax(at: i, expected: "a value") }
        switch b[i] {
        case UInt8(ascii: "{"):
            trace = try parseTraceObject()
        case UInt8(ascii: "["):
            trace.samplesOffset = i
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
        trace.unreadNames += unreadSampleKeys.map { (.sampleKey, $0) }
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
                let known = lexer.withContent(key, JSONTraceKey.init)
                if let known {
                    checkDuplicate(&seen, bit: known.bit, key: key)
                } else {
                    checkDuplicate(in: &unknownKeys, key: key)
                }
                switch known {
                case .name: trace.name = try readOptionalString(name: "name", level: level + 1)
                case .label:
                    trace.labelOffset = i
                    trace.label = try readOptionalString(name: "label", level: level + 1)
                case .view: trace.view = try readView(level: level + 1)
                case .samples:
                    if i < n, b[i] == UInt8(ascii: "[") {
                        trace.samplesOffset = i
                        trace.samples = try parseSamples(level: level + 1)
                    } else {
                        let valueStart = i
                        try skipValue(level: level + 1)
                        record(
                            .invalidValue, at: valueStart,
                            #"expected an array for "samples", found \#(describeValue(valueStart))"#)
                    }
                case nil:
                    if trace.subject == nil, lexer.withContent(key, Self.isSubjectKey) {
                        trace.subject = try readSubject(level: level + 1)
                    } else {
                        if trace.unreadNames.count < Trace.unreadListed {
                            trace.unreadNames.append((.key, lexer.withContent(key) { Array($0) }))
                        }
                        try skipValue(level: level + 1)
                    }
                }
            } while try nextField()
        }
        if seen & JSONTraceKey.samples.bit == 0 {
            record(
                .missingField, at: start,
                #"missing field "samples": expected an object with a "samples" array"# + Self.otherFile(unknownKeys))
        }
        return trace
    }

    /// What the file is instead of a trace, when its keys say (a templates file or a config file,
    /// given where a trace belongs), as a hint to add to the error; else "".
    static func otherFile(_ keys: Set<[UInt8]>) -> String {
        func has(_ key: String) -> Bool { keys.contains(Array(key.utf8)) }
        if has("format"), has("gestures") {
            return "; this is a templates file (`gesture learn` writes them): give it with --templates FILE"
        }
        if FileKeys.configOrList.contains(where: has) {
            return "; this is a config file: give it with --config FILE"
        }
        return ""
    }

    /// Whether a key is `subject` in any case. Not a `JSONTraceKey`: it was an ignored key before it
    /// was read, so `subject` and `Subject` in one object are still two keys, and the first is taken.
    static func isSubjectKey(_ s: UnsafeBufferPointer<UInt8>) -> Bool {
        let word: StaticString = "subject"
        guard s.count == word.utf8CodeUnitCount else { return false }
        for k in 0..<s.count where s[k] | 0x20 != word.utf8Start[k] { return false }
        return true
    }

    /// Reads the value of `subject`: a string, or a number as written (`2` is `"2"`). Any other value
    /// is skipped, as it was when the key was ignored, and the trace has no subject.
    mutating func readSubject(level: Int) throws(Failure) -> String? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "\"") { return lexer.string(try scanString()) }
        try skipValue(level: level)
        guard b[start] == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b[start]) else {
            return nil
        }
        return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
    }

    /// Reads a string or `null` for `name` or `label`.
    mutating func readOptionalString(name: String, level: Int) throws(Failure) -> String? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "\"") {
            return lexer.string(try scanString())
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
                let known = lexer.withContent(key, JSONViewKey.init)
                if let known {
                    checkDuplicate(&seen, bit: known.bit, key: key)
                } else {
                    checkDuplicate(in: &unknownKeys, key: key)
                }
                switch known {
                case .width: size.width = try readDimension(name: "width", level: level + 1) ?? 1
                case .height: size.height = try readDimension(name: "height", level: level + 1) ?? 1
                case nil: try skipValue(level: level + 1)
                }
            } while try nextField()
        }
        for key in JSONViewKey.allCases where seen & key.bit == 0 {
            record(.missingField, at: start, #"missing field "\#(key.name)": expected fields "width" and "height""#)
        }
        return size
    }

    mutating func readDimension(name: String, level: Int) throws(Failure) -> Double? {
        let start = i
        guard let value = try readNumber(name: name, level: level) else { return nil }
        guard value > 0, value <= Trace.coordinateLimit else {
            record(
                .invalidValue, at: start,
                #"expected a positive number up to 1e15 for "\#(name)", found \#(describeValue(start))"#)
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
        // Plain samples (see `JSONPlainSamples`) need the keys within the string-length limit and the
        // objects within the nesting limit; the samples limit is checked for each.
        let plainAllowed = fastPaths && maxString >= 5 && level + 1 <= maxDepth
        while true {
            guard i < n, Self.isValueStart(b[i]) else {
                throw syntax(at: i, expected: first ? "a value or ']'" : "a value")
            }
            first = false
            if plainAllowed, samplesSeen < maxSamples, b[i] == UInt8(ascii: "{"),
                let (sample, end) = JSONPlainSamples.sample(b, at: i, maxString: maxString, maxDigits: maxDigits)
            {
                samplesSeen += 1
                samples.append(sample)
                i = end
            } else {
                sampleIndex = samplesSeen
                samplesSeen += 1
                if samplesSeen > maxSamples, pending == nil {
                    record(
                        .limitExceeded, at: i,
                        limits.message("too many samples", .samples, unit: " samples", unitForOne: " sample"))
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
                let known: SampleField?
                let keyStart = i
                if let quick = quickSampleKey() {
                    key = StringToken(start: keyStart, end: keyStart + quick.length + 2, escaped: false)
                    known = quick
                } else {
                    key = try readKey(afterComma: afterComma)
                    known = lexer.withContent(key, SampleField.init)
                }
                afterComma = true
                if let known {
                    checkDuplicate(&seen, bit: known.bit, key: key)
                } else {
                    checkUnknownSampleKey(key)
                }
                switch known {
                case .t: if let v = try readNumber(name: "t", level: level + 1) { time = v }
                case .id: if let v = try readTouchID(level: level + 1) { touch = v }
                case .phase: if let v = try readPhase(level: level + 1) { phase = v }
                case .x: if let v = try readNumber(name: "x", level: level + 1) { x = v }
                case .y: if let v = try readNumber(name: "y", level: level + 1) { y = v }
                case nil: try skipValue(level: level + 1)
                }
            } while try nextField()
        }
        if seen != SampleField.allBits {
            if let missing = SampleField.allCases.first(where: { seen & $0.bit == 0 }) {
                record(
                    .missingField, at: start,
                    #"missing field "\#(missing.name)": expected fields \#(SampleField.list)"#)
            }
            return nil
        }
        return Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: start)
    }

    /// A sample's own key written plainly at the read position (`JSONPlainSamples.readKey`), which
    /// on success moves past the `:` and the spaces after it; `nil` (nothing read) for anything else,
    /// which `readKey` then reads and, if need be, reports. A fast path: off with `fastPaths`.
    @inline(__always)
    mutating func quickSampleKey() -> SampleField? {
        guard fastPaths, maxString >= 5, let read = JSONPlainSamples.readKey(b, at: i) else { return nil }
        i = read.next
        skipWhitespace()
        return read.key
    }

    /// Reads a number for a field; `nil` (and a recorded error) when it is not a finite number.
    mutating func readNumber(name: String, level: Int) throws(Failure) -> Double? {
        let start = i
        if i < n, b[i] == UInt8(ascii: "-") || JSONLexer.isDigit(b[i]) {
            let token = try scanNumber()
            if token.significant > maxDigits {
                if pending == nil {
                    record(
                        .limitExceeded, at: start,
                        limits.message(
                            #"number too precise for "\#(name)""#, .digits, unit: " significant digits",
                            unitForOne: " significant digit",
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
            return .name(lexer.string(token))
        }
        if i < n, b[i] == UInt8(ascii: "-") || JSONLexer.isDigit(b[i]) {
            let token = try scanNumber()
            guard token.isInteger else {
                record(
                    .invalidValue, at: start,
                    #"expected an integer or a string for "id", found \#(describeValue(start))"#)
                return nil
            }
            guard let value = lexer.integerValue(token) else {
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
        let phase = lexer.withContent(token) { s -> Phase? in
            switch s.count {
            case 5:
                if JSONLexer.equals(s, "began") { return .began }
                if JSONLexer.equals(s, "moved") { return .moved }
                if JSONLexer.equals(s, "ended") { return .ended }
            case 9 where JSONLexer.equals(s, "cancelled"): return .cancelled
            case 10 where JSONLexer.equals(s, "stationary"): return .stationary
            default: break
            }
            return nil
        }
        guard let phase else {
            let raw = lexer.withContent(token) { String(decoding: $0, as: UTF8.self) }
            let hint = PhaseNames.suggestion(for: raw).map { " (did you mean \"\($0)\"?)" } ?? ""
            record(
                .unknownPhase, at: start,
                "unknown phase \(describeValue(start)): expected \(Self.phaseNames)\(hint)")
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

    /// Records a duplicate when the key's `bit` is already in `seen`, and adds it.
    @inline(__always)
    mutating func checkDuplicate(_ seen: inout UInt8, bit: UInt8, key: StringToken) {
        if seen & bit != 0 { recordDuplicate(key) }
        seen |= bit
    }

    mutating func checkDuplicate(in keys: inout Set<[UInt8]>, key: StringToken) {
        if !keys.insert(lexer.withContent(key) { Array($0) }).inserted { recordDuplicate(key) }
    }

    /// Checks an unknown key of a sample against the others: by comparing bytes while there are
    /// few, then with a set, so that many keys are not quadratic.
    mutating func checkUnknownSampleKey(_ key: StringToken) {
        // The first samples' only: a file has the same keys throughout, and looking at every sample's
        // cost batch 9% on traces with a few extra keys.
        if samplesSeen <= 4, unreadSampleKeys.count < Trace.unreadListed {
            lexer.withContent(key) { content in
                if !unreadSampleKeys.contains(where: { $0.elementsEqual(content) }) {
                    unreadSampleKeys.append(Array(content))
                }
            }
        }
        if sampleUnknownKeys.count < 16 {
            for other in sampleUnknownKeys where sameContent(other, key) {
                recordDuplicate(key)
                return
            }
            sampleUnknownKeys.append(key)
            return
        }
        if sampleUnknownKeySet.isEmpty {
            let contents = sampleUnknownKeys.map { lexer.withContent($0) { Array($0) } }
            sampleUnknownKeySet = Set(contents)
        }
        let content = lexer.withContent(key) { Array($0) }
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
        return lexer.withContent(a) { Array($0) } == lexer.withContent(b) { Array($0) }
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

    // The lexer's, with the parser's limits and switch; inlined, as a call to a method of the parser
    // from a mutating one would copy the whole parser first.

    @inline(__always)
    mutating func skipWhitespace() { lexer.skipWhitespace() }

    @inline(__always)
    mutating func scanLiteral() throws(Failure) { try lexer.scanLiteral() }

    @inline(__always)
    mutating func scanNumber() throws(Failure) -> JSONLexer.NumberToken { try lexer.scanNumber() }

    /// Reads a string; one longer than `string-length` (key or value, used or ignored) is recorded
    /// as a limit error at its opening quote.
    @inline(__always)
    mutating func scanString() throws(Failure) -> StringToken {
        let token = try lexer.scanString()
        if token.end - token.start - 2 > maxString { recordLongString(at: token.start) }
        return token
    }

    /// The number's value (see `decimalValue`), with the parser's `fastPaths`.
    @inline(__always)
    func doubleValue(_ token: JSONLexer.NumberToken) -> Double { lexer.doubleValue(token, fastPaths: fastPaths) }

    @inline(__always)
    func syntax(at offset: Int, expected: String) -> Failure { lexer.syntax(at: offset, expected: expected) }

    // MARK: - Errors

    /// A field error at `offset`, in the sample being read if any.
    func failure(_ code: TraceError.Code, at offset: Int, _ message: String) -> Failure {
        Failure(code: code, offset: offset, sampleIndex: sampleIndex, message: message)
    }

    /// Records that nesting went past the limit at the `[` or `{` at `offset`; reading goes on (it
    /// never recurses), so that a syntax error later in the document still takes precedence.
    mutating func recordNesting(at offset: Int) {
        guard pending == nil else { return }
        record(
            .limitExceeded, at: offset,
            limits.message("nesting too deep", .nesting, unit: " levels", unitForOne: " level"))
    }

    /// Records a string (key or value, used or ignored) longer than the limit, at its opening quote,
    /// just after it was read.
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

    /// What a field error found, for a value that ends at the read position.
    func describeValue(_ start: Int) -> String { describeValue(start, i) }

    /// What a field error found: the text of the value at `start..<end`, shortened, or "an object" /
    /// "an array".
    func describeValue(_ start: Int, _ end: Int) -> String {
        switch b[start] {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "\"\(lexer.truncated(start + 1, end - 1))\""
        default: lexer.truncated(start, end)
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
}
