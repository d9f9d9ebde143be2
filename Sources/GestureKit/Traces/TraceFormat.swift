/// The file formats a trace can be read from.
public enum TraceFormat: String, Sendable, Hashable, CaseIterable {
    case json, csv, xml

    /// The format a path's extension names, or `nil` when the extension is not one of ours.
    public init?(path: String) {
        guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        self.init(rawValue: path[path.index(after: dot)...].lowercased())
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
