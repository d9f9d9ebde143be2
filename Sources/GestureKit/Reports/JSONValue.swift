/// A JSON value with object members in a fixed order, so output bytes never depend on hashing.
public indirect enum JSONValue: Sendable, Hashable {
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
        var out = ""
        write(to: &out, indent: nil, level: 0)
        return out
    }

    /// JSON text indented by two spaces per level.
    public var prettyText: String {
        var out = ""
        write(to: &out, indent: "  ", level: 0)
        return out
    }

    private func write(to out: inout String, indent: String?, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Format.jsonNumber(n)
        case .string(let s): JSONValue.writeString(s, to: &out)
        case .array(let items):
            writeContainer("[", "]", items.count, to: &out, indent: indent, level: level) { i, out in
                items[i].write(to: &out, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer("{", "}", members.count, to: &out, indent: indent, level: level) { i, out in
                JSONValue.writeString(members[i].key, to: &out)
                out += indent == nil ? ":" : ": "
                members[i].value.write(to: &out, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        _ open: String, _ close: String, _ count: Int, to out: inout String, indent: String?, level: Int,
        item: (Int, inout String) -> Void
    ) {
        out += open
        guard count > 0 else { return out += close }
        for i in 0..<count {
            if i > 0 { out += "," }
            if let indent { out += "\n" + String(repeating: indent, count: level + 1) }
            item(i, &out)
        }
        if let indent { out += "\n" + String(repeating: indent, count: level) }
        out += close
    }

    static func writeString(_ s: String, to out: inout String) {
        out += "\""
        // Most strings (ids, codes, paths) need no escaping: copy them whole.
        if s.utf8.allSatisfy({ $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }) {
            out += s
            out += "\""
            return
        }
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
