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

    /// Whether a file name says it holds labels: it ends in `.csv` and contains `label`, in any case
    /// (`labels.csv`, `Labels-2024.csv`). `gesture batch` reads such a file with a `path,label` header
    /// as its folder's labels, and the CSV reader says so of one without.
    public static func isLabelsFileName(_ name: [UInt8]) -> Bool {
        // ASCII letters lowered by setting one bit; no allocation, since it runs for every file.
        let count = name.count
        guard count >= 9, name[count - 4] == UInt8(ascii: "."), name[count - 3] | 0x20 == UInt8(ascii: "c"),
            name[count - 2] | 0x20 == UInt8(ascii: "s"), name[count - 1] | 0x20 == UInt8(ascii: "v")
        else { return false }
        for start in 0...(count - 9) {
            if name[start] | 0x20 == UInt8(ascii: "l"), name[start + 1] | 0x20 == UInt8(ascii: "a"),
                name[start + 2] | 0x20 == UInt8(ascii: "b"), name[start + 3] | 0x20 == UInt8(ascii: "e"),
                name[start + 4] | 0x20 == UInt8(ascii: "l")
            {
                return true
            }
        }
        return false
    }
}
