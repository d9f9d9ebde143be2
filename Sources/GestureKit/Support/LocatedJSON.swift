/// A parsed JSON document that keeps where each value and each member's key starts (byte offsets in
/// the document), so that an error about one part of a config file can name its line and column.
///
/// Made by the same parser as `JSONValue.parse`, which is generic over what it builds: the plain parse
/// pays nothing for the offsets. The trace readers do not use either.
///
///     let document = try LocatedJSON.parse(Array(#"{"a": [1, true]}"#.utf8), file: "c.json")
///     document["a"]?.value.offset   // 6
struct LocatedJSON: Sendable {
    enum Content: Sendable {
        case null
        case bool(Bool)
        case number(Double)
        case string(String)
        case array([LocatedJSON])
        case object([Member])
    }

    /// One `"key": value` of an object, with where its key starts.
    struct Member: Sendable {
        var key: String
        var keyOffset: Int
        var value: LocatedJSON
    }

    var content: Content
    /// Where the value starts: its first byte in the document.
    var offset: Int

    /// Parses `bytes` as `JSONValue.parse` does, with the same errors.
    static func parse(_ bytes: [UInt8], file: String, maximumDepth: Int = 512) throws(JSONParseError) -> LocatedJSON {
        var parser = GenericJSONParser<LocatedJSON>(bytes: bytes, file: file, maximumDepth: maximumDepth)
        return try parser.document()
    }

    /// The value without its offsets.
    var plain: JSONValue {
        switch content {
        case .null: .null
        case .bool(let value): .bool(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let items): .array(items.map(\.plain))
        case .object(let members): .object(members.map { JSONValue.Member($0.key, $0.value.plain) })
        }
    }

    /// The member `key` of an object (the first, when a key is repeated), or `nil`.
    subscript(key: String) -> Member? {
        guard case .object(let members) = content else { return nil }
        return members.first { $0.key == key }
    }

    var members: [Member]? { if case .object(let members) = content { members } else { nil } }
    var items: [LocatedJSON]? { if case .array(let items) = content { items } else { nil } }
    var stringValue: String? { if case .string(let value) = content { value } else { nil } }
}

extension LocatedJSON: JSONTree {
    static func null(at offset: Int) -> LocatedJSON { LocatedJSON(content: .null, offset: offset) }
    static func bool(_ value: Bool, at offset: Int) -> LocatedJSON {
        LocatedJSON(content: .bool(value), offset: offset)
    }
    static func number(_ value: Double, at offset: Int) -> LocatedJSON {
        LocatedJSON(content: .number(value), offset: offset)
    }
    static func string(_ value: String, at offset: Int) -> LocatedJSON {
        LocatedJSON(content: .string(value), offset: offset)
    }
    static func array(_ items: [LocatedJSON], at offset: Int) -> LocatedJSON {
        LocatedJSON(content: .array(items), offset: offset)
    }
    static func member(_ key: String, at keyOffset: Int, _ value: LocatedJSON) -> Member {
        Member(key: key, keyOffset: keyOffset, value: value)
    }
    static func object(_ members: [Member], at offset: Int) -> LocatedJSON {
        LocatedJSON(content: .object(members), offset: offset)
    }
}
