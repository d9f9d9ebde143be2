/// A JSON value with object members in a fixed order, so output bytes never depend on hashing.
public enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One `"key": value` of an object.
    public struct Member: Sendable, Hashable {
        public var key: String
        public var value: JSONValue

        public init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A number, or `null` when absent.
    public static func number(_ value: Double?) -> JSONValue { value.map { .number($0) } ?? .null }
    /// A string, or `null` when absent.
    public static func string(_ value: String?) -> JSONValue { value.map { .string($0) } ?? .null }
    public static func point(_ point: Point?) -> JSONValue {
        guard let point else { return .null }
        return .object([Member("x", .number(point.x)), Member("y", .number(point.y))])
    }

    /// Compact JSON text on one line.
    public var text: String {
        var out: [UInt8] = []
        out.reserveCapacity(256)
        write(to: &out, indent: nil, level: 0)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `text`'s bytes to `out`, without making the string.
    public func write(to out: inout [UInt8]) {
        write(to: &out, indent: nil, level: 0)
    }

    /// JSON text indented by two spaces per level.
    public var prettyText: String { prettyText(atLevel: 0) }

    /// `prettyText` as it reads nested `level` deep in a larger document: every line after the first
    /// indented `level` times more, so that a document can be written a piece at a time.
    public func prettyText(atLevel level: Int) -> String {
        var out: [UInt8] = []
        write(to: &out, indent: "  ", level: level)
        return String(decoding: out, as: UTF8.self)
    }

    /// Written as bytes: appending to a `String` piece by piece costs several times as much.
    private func write(to out: inout [UInt8], indent: String?, level: Int) {
        switch self {
        case .null: out += "null".utf8
        case .bool(let b): out += (b ? "true" : "false").utf8
        case .number(let n): out += Format.jsonNumber(n).utf8
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            writeContainer(UInt8(ascii: "["), UInt8(ascii: "]"), items.count, to: &out, indent: indent, level: level) {
                i, out in
                items[i].write(to: &out, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(UInt8(ascii: "{"), UInt8(ascii: "}"), members.count, to: &out, indent: indent, level: level)
            { i, out in
                JSONValue.writeString(members[i].key, to: &out)
                out.append(UInt8(ascii: ":"))
                if indent != nil { out.append(UInt8(ascii: " ")) }
                members[i].value.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        _ open: UInt8, _ close: UInt8, _ count: Int, to out: inout [UInt8], indent: String?, level: Int,
        item: (Int, inout [UInt8]) -> Void
    ) {
        out.append(open)
        guard count > 0 else { return out.append(close) }
        for i in 0..<count {
            if i > 0 { out.append(UInt8(ascii: ",")) }
            if let indent { newline(indent, level + 1, to: &out) }
            item(i, &out)
        }
        if let indent { newline(indent, level, to: &out) }
        out.append(close)
    }

    private func newline(_ indent: String, _ level: Int, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\n"))
        for _ in 0..<level { out += indent.utf8 }
    }

    static func writeString(_ s: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        // Most strings (ids, codes, paths) need no escaping: copy their bytes whole.
        var s = s
        let copied = s.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) else {
                return false
            }
            out.append(contentsOf: bytes)
            return true
        }
        if copied { return out.append(UInt8(ascii: "\"")) }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += #"\""#.utf8
            case "\\": out += #"\\"#.utf8
            case "\n": out += #"\n"#.utf8
            case "\r": out += #"\r"#.utf8
            case "\t": out += #"\t"#.utf8
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
            default: out += UTF8.encode(scalar)!
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
