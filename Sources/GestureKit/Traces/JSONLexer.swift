/// The tokens of JSON (RFC 8259, strictly): whitespace, strings, numbers and literals, read at a
/// position in the bytes, checked as they are read (escapes, UTF-8, the number grammar), and the
/// syntax errors they make.
///
/// The general parser (`JSONTraceParser`) reads a document with it, token by token. A token is a
/// place in the bytes; a string's content is decoded only when it is used (`withContent`, `string`).
/// Limits, field errors and sample indices are the parser's: a failure thrown here carries none.
struct JSONLexer {
    /// An error before it is given a file name and a line and column.
    struct Failure: Error {
        var code: TraceError.Code
        var offset: Int
        var sampleIndex: Int?
        var message: String
    }

    /// A lexed string: `start` is the offset of the opening quote, `end` the offset after the closing one.
    struct StringToken {
        var start: Int
        var end: Int
        /// Whether the string contains escapes, so its content differs from its bytes.
        var escaped: Bool
    }

    /// A lexed number, with what `decimalValue` needs: `mantissa` holds every significant digit
    /// when there are at most 19 of them.
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
        /// Digits from the first non-zero one on.
        var significant = 0
    }

    let b: UnsafeBufferPointer<UInt8>
    let n: Int
    /// The read position.
    var i = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        b = bytes
        n = bytes.count
    }

    // MARK: - Tokens

    /// Hot loops count in a local and store `i` once: the compiler keeps a local in a register, but
    /// writes every step of `i` back to the lexer.
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
        guard valid else { throw invalidUTF8() }
        i += length
    }

    func invalidUTF8() -> Failure {
        failure(.syntax, at: i, TextEncoding.invalidUTF8(b, at: i, in: " in a string"))
    }

    /// Reads a number per the JSON grammar.
    @inline(__always)
    mutating func scanNumber() throws(Failure) -> NumberToken {
        let start = i
        var k = i  // See `skipWhitespace`.
        var token = NumberToken(start: k, end: k, isInteger: true, negative: false, mantissa: 0, exponent: 0)
        var digits = 0
        if b[k] == UInt8(ascii: "-") {
            token.negative = true
            k += 1
        }
        guard k < n, Self.isDigit(b[k]) else {
            i = k
            throw syntax(at: k, expected: "a digit after '-'")
        }
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
                }
                token.significant += 1
                k += 1
            }
        }
        if k < n, b[k] == UInt8(ascii: ".") {
            token.isInteger = false
            k += 1
            guard k < n, Self.isDigit(b[k]) else {
                i = k
                throw syntax(at: k, expected: "a digit after '.'")
            }
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
            guard k < n, Self.isDigit(b[k]) else {
                i = k
                throw syntax(at: k, expected: "a digit in the exponent")
            }
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

    /// The number's value, correctly rounded; infinite when it overflows (see `decimalValue`, and
    /// there `fastPaths`).
    ///
    /// Inlined, like the other small readers of `b`: a call to a method of the lexer from a mutating
    /// method of the parser would copy it first, once per number.
    @inline(__always)
    func doubleValue(_ token: NumberToken, fastPaths: Bool) -> Double {
        decimalValue(
            negative: token.negative, mantissa: token.mantissa, significant: token.significant,
            exponent: token.exponent, text: b, token.start, token.end, fastPaths: fastPaths)
    }

    /// The value of an integer token, `nil` when it is outside `Int`'s range.
    @inline(__always)
    func integerValue(_ token: NumberToken) -> Int? {
        decimalInteger(b, token.start, token.end)
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

    /// A failure at `offset`; the parser gives it the index of the sample being read.
    func failure(_ code: TraceError.Code, at offset: Int, _ message: String) -> Failure {
        Failure(code: code, offset: offset, sampleIndex: nil, message: message)
    }

    /// A syntax error at `offset`: "expected …, found …", or "unexpected end of input: expected …".
    func syntax(at offset: Int, expected: String) -> Failure {
        let message =
            offset >= n
            ? "unexpected end of input: expected \(expected)"
            : "expected \(expected), found \(describeCharacter(at: offset))"
        return failure(.syntax, at: min(offset, n), message)
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
                if DiagnosticText.isControl(scalar) { return Self.unicodeName(scalar.value) }
                return "'\(Character(scalar))' (\(Self.unicodeName(scalar.value)))"
            }
            return "byte \(TextEncoding.byteName(c))"
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

    /// The text of `start..<end` as diagnostics show it (``DiagnosticText``): at most 20 characters,
    /// then "…" (DEL and C1 controls may be raw in a JSON string: found by fuzzing,
    /// Fuzz/regressions/json/del-in-unknown-phase-diagnostic.json).
    func truncated(_ start: Int, _ end: Int) -> String {
        DiagnosticText.escaped(UnsafeBufferPointer(rebasing: b[start..<min(end, n)]), maxCharacters: 20)
    }

    func text(_ start: Int, _ end: Int) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: b[start..<min(end, n)]), as: UTF8.self)
    }

    static func unicodeName(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

}
