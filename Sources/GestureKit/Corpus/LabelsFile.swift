/// A corpus's labels file (CSV with a header naming `path` and `label`), as `gesture convert` copies
/// it into a converted folder: every row of a converted trace kept, the paths renamed to the new
/// extension.
///
///     // labels.csv: path,label / s01/a.xml,checkmark
///     let copy = try LabelsFile.renamingPaths(bytes, file: "labels.csv", to: .json).bytes
///     // path,label / s01/a.json,checkmark
public enum LabelsFile {
    /// `bytes` with each `path` whose extension is a trace format's (`.json`, `.csv`, `.xml`, any case)
    /// given `format`'s; every other field is kept as read, written in RFC 4180 form (comments are
    /// left out). A row whose path `keeping` refuses (its trace was not converted) is left out, and its
    /// path returned in `left`. A comment line that names a file, read as a row (`#1.json,circle`), is
    /// left out too, with the warning `gesture batch` gives for it, in `warnings`.
    ///
    /// - Throws: `TraceError` placed in the file when it is not CSV or its header names no `path`.
    public static func renamingPaths(
        _ bytes: [UInt8], file: String, to format: TraceFormat, keeping: (String) -> Bool = { _ in true }
    ) throws(TraceError) -> (bytes: [UInt8], left: [String], warnings: [String]) {
        // As `gesture batch` reads it: a UTF-16 file, or a NUL byte (which the copy lost), is an error.
        try TextEncoding.requireUTF8(bytes, file: file)
        var reader = CSVRecordReader(bytes, file: file)
        guard let header = try reader.next() else {
            throw TraceError(
                .missingField, file: file, text: bytes, offset: 0,
                message: "empty labels file: expected a header \"path,label\"")
        }
        guard let pathColumn = header.fields.firstIndex(where: { Labeler.trimmed($0.value).lowercased() == "path" })
        else {
            throw TraceError(
                .missingField, file: file, text: bytes, offset: header.offset,
                message: "expected a header naming \"path\" and \"label\"")
        }
        var out = line(header.fields.map(\.value))
        var left: [String] = []
        while let record = try reader.next() {
            var fields = record.fields.map(\.value)
            if pathColumn < fields.count {
                let path = Labeler.trimmed(fields[pathColumn])
                guard keeping(path) else {
                    left.append(path)
                    continue
                }
                fields[pathColumn] = renamed(path, to: format)
            }
            out += line(fields)
        }
        let warnings = Labeler.commentWarnings(
            bytes, comments: reader.comments, pathColumn: pathColumn, file: file,
            folder: Paths.folder(of: Paths.absolute(file)))
        return (Array(out.utf8), left, warnings)
    }

    /// `path` with its trace extension replaced by `format`'s; other paths as they are.
    public static func renamed(_ path: String, to format: TraceFormat) -> String {
        guard TraceFormat(path: path) != nil, let dot = path.lastIndex(of: ".") else { return path }
        return path[..<dot] + "." + format.rawValue
    }

    /// One record of a labels file: the fields, quoted where RFC 4180 needs it, and a line feed.
    public static func line(_ fields: [String]) -> String {
        fields.map(TraceWriter.csvField).joined(separator: ",") + "\n"
    }
}
