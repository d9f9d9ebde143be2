/// The file formats a trace can be read from.
public enum TraceFormat: String, Sendable, Hashable, CaseIterable {
    case json, csv, xml

    /// The format a path's extension names, or `nil` when the extension is not one of ours.
    public init?(path: String) {
        // By bytes: this runs for every file of a batch, and `Character`s cost far more.
        let utf8 = path.utf8
        guard let dot = utf8.lastIndex(of: UInt8(ascii: ".")), !utf8[dot...].contains(UInt8(ascii: "/")) else {
            return nil
        }
        let suffix = utf8[utf8.index(after: dot)...]
        guard suffix.count <= 4 else { return nil }
        self.init(rawValue: String(decoding: suffix.map { $0 | (0x41...0x5A ~= $0 ? 0x20 : 0) }, as: UTF8.self))
    }

    /// Guesses the format from the first non-blank bytes: `{`/`[` is JSON, `<` is XML, anything else CSV.
    public init(sniffing bytes: some Collection<UInt8>) {
        var rest = bytes[...]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        let first = rest.first { !($0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D) }
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "["): self = .json
        case UInt8(ascii: "<"): self = .xml
        default: self = .csv
        }
    }
}
