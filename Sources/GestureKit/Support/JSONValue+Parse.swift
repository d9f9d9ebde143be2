extension JSONValue {
    /// `text` as a number written the way JSON and every option write one (`0.25`, `-3`, `1e-6`):
    /// `nil` for anything else, such as the hexadecimal (`0x1`), `nan`, `inf` or `+1` that
    /// `Double(String)` takes, and for a number too large for a `Double`.
    public static func decimal(_ text: String) -> Double? {
        guard !text.isEmpty, case .number(let value)? = try? parse(Array(text.utf8), file: "-", maximumDepth: 1)
        else { return nil }
        return value
    }

    /// For a number written as JSON does not write one, the way JSON does (`.5` → `0.5`, `-.5` →
    /// `-0.5`, `5.` → `5`, `+2` → `2`, `05` → `5`), for a message: `nil` when `text` is a JSON number
    /// already, or is no number either way. Every numeric option and `--set` value is read as JSON
    /// reads numbers, as config files are.
    public static func numberAsJSON(_ text: String) -> String? {
        guard decimal(text) == nil, text.contains(where: \.isNumber) else { return nil }
        var sign = ""
        var rest = Substring(text)
        if rest.first == "+" {
            rest = rest.dropFirst()
        } else if rest.first == "-" {
            (sign, rest) = ("-", rest.dropFirst())
        }
        if rest.hasPrefix(".") { rest = "0" + rest }
        if rest.hasSuffix(".") { rest = rest.dropLast() }
        while rest.count > 1, rest.first == "0", rest.dropFirst().first?.isNumber == true { rest = rest.dropFirst() }
        let written = sign + rest
        return written != text && decimal(written) != nil ? written : nil
    }

    /// Parses a JSON document (RFC 8259; a leading BOM allowed) into a value, keeping object members in
    /// document order. Numbers are converted exactly (`Double(String)` after the grammar is checked), so
    /// a number this package wrote reads back as the same `Double`.
    ///
    /// - Throws: `JSONParseError` (`.syntax`, or `.invalidNumber` for a number out of range) placed at
    ///   its line and column in `file`.
    public static func parse(_ bytes: [UInt8], file: String, maximumDepth: Int = 512) throws(JSONParseError)
        -> JSONValue
    {
        var parser = GenericJSONParser<JSONValue>(bytes: bytes, file: file, maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// The member `key` of an object, or `nil`.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    public var stringValue: String? { if case .string(let s) = self { s } else { nil } }
    public var numberValue: Double? { if case .number(let n) = self { n } else { nil } }
    /// The number, when it is a whole number that fits an `Int`.
    public var intValue: Int? {
        guard case .number(let n) = self, n == n.rounded(), abs(n) < 9e15 else { return nil }
        return Int(n)
    }
}

/// What a JSON parse builds: plain `JSONValue`s, or `LocatedJSON` that also keeps where each value
/// and key starts. The parser is generic over it, and specialised, so the plain parse pays nothing
/// for the positions.
protocol JSONTree {
    associatedtype Member
    static func null(at offset: Int) -> Self
    static func bool(_ value: Bool, at offset: Int) -> Self
    static func number(_ value: Double, at offset: Int) -> Self
    static func string(_ value: String, at offset: Int) -> Self
    static func array(_ items: [Self], at offset: Int) -> Self
    static func member(_ key: String, at keyOffset: Int, _ value: Self) -> Member
    static func object(_ members: [Member], at offset: Int) -> Self
}

extension JSONValue: JSONTree {
    static func null(at offset: Int) -> JSONValue { .null }
    static func bool(_ value: Bool, at offset: Int) -> JSONValue { .bool(value) }
    static func number(_ value: Double, at offset: Int) -> JSONValue { .number(value) }
    static func string(_ value: String, at offset: Int) -> JSONValue { .string(value) }
    static func array(_ items: [JSONValue], at offset: Int) -> JSONValue { .array(items) }
    static func member(_ key: String, at keyOffset: Int, _ value: JSONValue) -> Member { Member(key, value) }
    static func object(_ members: [Member], at offset: Int) -> JSONValue { .object(members) }
}

/// A plain recursive-descent JSON reader for small documents (configuration, batch outputs), building
/// a `Tree`.
struct GenericJSONParser<Tree: JSONTree> {
    let bytes: [UInt8]
    let file: String
    let maximumDepth: Int
    var index = 0
    var depth = 0

    init(bytes: [UInt8], file: String, maximumDepth: Int) {
        self.bytes = bytes
        self.file = file
        self.maximumDepth = maximumDepth
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    }

    mutating func document() throws(JSONParseError) -> Tree {
        // A UTF-16 file (PowerShell's `>` writes one) is named as such, as the trace readers name it:
        // read as UTF-8 it was "found byte 0xFF".
        if let problem = bytes.withUnsafeBufferPointer(TextEncoding.notUTF8) {
            throw error(problem.message, at: problem.offset)
        }
        let value = try self.value()
        skipSpace()
        guard index == bytes.count else {
            throw error("expected the end of input after the top-level value, found \(found)")
        }
        return value
    }

    private func error(_ message: String, at offset: Int? = nil, _ code: JSONParseError.Code = .syntax)
        -> JSONParseError
    {
        JSONParseError(code, file: file, at: SourcePosition(of: offset ?? index, in: bytes), message: message)
    }

    /// What a syntax error found: a printable ASCII character, a whole UTF-8 character with its code
    /// point (`'“' (U+201C)`, a quote pasted from a page, as the trace reader says it), or a byte.
    private var found: String {
        guard index < bytes.count else { return "the end of input" }
        let byte = bytes[index]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[index..<min(index + 4, bytes.count)].makeIterator()
        if byte >= 0x80, case .valid(let encoded) = parser.parseScalar(from: &iterator) {
            let scalar = Unicode.UTF8.decode(encoded)
            let digits = String(scalar.value, radix: 16, uppercase: true)
            let code = "U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits
            return "'\(DiagnosticText.escaped(String(Character(scalar))))' (\(code))"
        }
        return "byte 0x\(String(byte, radix: 16, uppercase: true))"
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func expect(_ literal: String) throws(JSONParseError) {
        let start = index
        for byte in literal.utf8 {
            guard index < bytes.count, bytes[index] == byte else {
                throw error("expected a value, found \(found)", at: start)
            }
            index += 1
        }
    }

    private mutating func value() throws(JSONParseError) -> Tree {
        skipSpace()
        guard index < bytes.count else { throw error("unexpected end of input: expected a value") }
        let start = index
        switch bytes[index] {
        case UInt8(ascii: "{"): return try container(object: true)
        case UInt8(ascii: "["): return try container(object: false)
        case UInt8(ascii: "\""): return .string(try string(), at: start)
        case UInt8(ascii: "t"):
            try expect("true")
            return .bool(true, at: start)
        case UInt8(ascii: "f"):
            try expect("false")
            return .bool(false, at: start)
        case UInt8(ascii: "n"):
            try expect("null")
            return .null(at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number(), at: start)
        default: throw error("expected a value, found \(found)")
        }
    }

    private mutating func container(object: Bool) throws(JSONParseError) -> Tree {
        depth += 1
        guard depth <= maximumDepth else { throw error("nesting deeper than \(maximumDepth) levels") }
        defer { depth -= 1 }
        let close = UInt8(ascii: object ? "}" : "]")
        let start = index
        index += 1
        var members: [Tree.Member] = []
        var items: [Tree] = []
        skipSpace()
        if index < bytes.count, bytes[index] == close {
            index += 1
            return object ? .object([], at: start) : .array([], at: start)
        }
        while true {
            skipSpace()
            if object {
                guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                    throw error("expected a string key, found \(found)")
                }
                let keyStart = index
                let key = try string()
                skipSpace()
                guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                    throw error("expected ':' after a key, found \(found)")
                }
                index += 1
                members.append(Tree.member(key, at: keyStart, try value()))
            } else {
                items.append(try value())
            }
            skipSpace()
            guard index < bytes.count else {
                throw error("unexpected end of input: expected ',' or '\(Character(UnicodeScalar(close)))'")
            }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                continue
            }
            guard bytes[index] == close else {
                throw error("expected ',' or '\(Character(UnicodeScalar(close)))', found \(found)")
            }
            index += 1
            return object ? .object(members, at: start) : .array(items, at: start)
        }
    }

    private mutating func string() throws(JSONParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var runStart = index
        func flush(_ end: Int) throws(JSONParseError) {
            guard let text = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                let at = firstInvalidUTF8(runStart..<end)
                throw error(
                    bytes.withUnsafeBufferPointer { TextEncoding.invalidUTF8($0, at: at, in: " in a string") }, at: at)
            }
            scalars.append(contentsOf: text.unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                try flush(index)
                index += 1
                return String(scalars)
            }
            if byte < 0x20 { throw error("expected an escape sequence, found a control character in a string") }
            if byte == UInt8(ascii: "\\") {
                try flush(index)
                index += 1
                guard index < bytes.count else {
                    // At the end, as the trace reader says it.
                    throw error(
                        "unexpected end of input: expected "
                            + #"'"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\'"#)
                }
                let escapeStart = index - 1
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): scalars.append("\"")
                case UInt8(ascii: "\\"): scalars.append("\\")
                case UInt8(ascii: "/"): scalars.append("/")
                case UInt8(ascii: "b"): scalars.append("\u{8}")
                case UInt8(ascii: "f"): scalars.append("\u{C}")
                case UInt8(ascii: "n"): scalars.append("\n")
                case UInt8(ascii: "r"): scalars.append("\r")
                case UInt8(ascii: "t"): scalars.append("\t")
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800..<0xDC00).contains(code) {
                        // Named as the trace reader names them: the escapes as written.
                        let high = String(decoding: bytes[(index - 6)..<index], as: UTF8.self)
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else {
                            throw error(
                                index < bytes.count
                                    ? "expected a low surrogate escape after '\(high)', found \(found)"
                                    : "unexpected end of input: expected a low surrogate escape after '\(high)'")
                        }
                        let second = index
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else {
                            let written = String(decoding: bytes[second..<index], as: UTF8.self)
                            throw error(
                                "expected a low surrogate escape after '\(high)', found '\(written)'", at: second)
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = UnicodeScalar(code) else {
                        throw error("unpaired surrogate escape in a string", at: escapeStart)
                    }
                    scalars.append(scalar)
                default: throw error("expected an escape sequence after '\\', found \(found)", at: index - 1)
                }
                runStart = index
                continue
            }
            index += 1
        }
        // Placed at the end of the input, where it ran out (as the trace reader places it).
        throw error("unexpected end of input: expected '\"' to end the string", at: bytes.count)
    }

    /// Where the first byte of `range` that does not start a well-formed UTF-8 sequence is, so that
    /// an error names that byte rather than the start of the string.
    private func firstInvalidUTF8(_ range: Range<Int>) -> Int {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[range].makeIterator()
        var offset = range.lowerBound
        while case .valid(let scalar) = parser.parseScalar(from: &iterator) { offset += scalar.count }
        return offset
    }

    private mutating func hex4() throws(JSONParseError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count else {
                // As the trace reader says it.
                throw error("unexpected end of input: expected 4 hex digits after '\\u'")
            }
            guard let digit = Character(UnicodeScalar(bytes[index])).hexDigitValue else {
                throw error("expected 4 hex digits after '\\u', found \(found)")
            }
            code = code * 16 + UInt32(digit)
            index += 1
        }
        return code
    }

    private mutating func number() throws(JSONParseError) -> Double {
        let start = index
        func digits() -> Int {
            let from = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits > 0 else { throw error("expected a digit after '-', found \(found)") }
        if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
            throw error("expected a number without leading zeros", at: integerStart)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw error("expected a digit after '.', found \(found)") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("expected a digit in the exponent, found \(found)") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            // Cut as the trace readers cut what they quote: a number of 100,000 digits is not shown whole.
            throw error(
                "number out of range: \(DiagnosticText.escaped(text, maxCharacters: 20))", at: start, .invalidNumber)
        }
        // Too small for a `Double` (1e-400) is out of range too, rather than a 0 nobody wrote (which
        // may switch a rule off): a zero read from a number with a digit other than 0 before its exponent.
        if value == 0,
            bytes[start..<index].prefix(while: { $0 != UInt8(ascii: "e") && $0 != UInt8(ascii: "E") })
                .contains(where: { $0 >= UInt8(ascii: "1") && $0 <= UInt8(ascii: "9") })
        {
            throw error(
                "number out of range: \(DiagnosticText.escaped(text, maxCharacters: 20)) is too small, and would be read "
                    + "as 0", at: start, .invalidNumber)
        }
        return value
    }
}

/// Why a JSON document (a config file, a batch output) could not be parsed, and where.
///
/// Its `description` is a diagnostic in the form compilers use: `c.json:3:18: error: expected ',' …`.
public struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public enum Code: String, Sendable, Hashable {
        /// The bytes are not well-formed JSON.
        case syntax
        /// A number too large for a `Double`.
        case invalidNumber = "invalid-number"
    }

    public var code: Code
    /// The file as the user named it.
    public var file: String
    public var position: SourcePosition
    public var message: String

    public init(_ code: Code, file: String, at position: SourcePosition, message: String) {
        self.code = code
        self.file = file
        self.position = position
        self.message = message
    }

    public var description: String { "\(file):\(position.line):\(position.column): error: \(message)" }
}
