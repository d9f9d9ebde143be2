// A record reader for RFC 4180 CSV, in the dialect `CSVScanner` reads: labels files and other
// tables that are not traces.

// MARK: - Record reader

/// One field of a CSV record.
struct CSVField: Sendable, Hashable {
    /// The field's text: for a quoted field, without the enclosing quotes and with each `""`
    /// turned into `"`; an unquoted field exactly as written, spaces included.
    var value: String
    /// Byte offset of the field's first byte in the text (its opening quote when quoted).
    var offset: Int
    /// Whether the field was written in quotes.
    var isQuoted: Bool

    init(value: String, offset: Int, isQuoted: Bool = false) {
        self.value = value
        self.offset = offset
        self.isQuoted = isQuoted
    }
}

/// One record (line, or more when a quoted field holds line breaks) of a CSV text.
struct CSVRecord: Sendable, Hashable {
    /// Byte offset of the record's first byte in the text.
    var offset: Int
    /// The fields, at least one.
    var fields: [CSVField]
}

/// Reads the records of a CSV text one by one, with the dialect described at the top of this file.
///
/// Blank lines are skipped, and so are comment lines when `skipsComments` is true. Errors are
/// `.syntax` ``TraceError``s placed at the offending byte.
///
///     var reader = CSVRecordReader(Array("a,b\n1,\"x,y\"\n".utf8))
///     while let record = try reader.next() { print(record.fields.map(\.value)) }
///     // ["a", "b"]
///     // ["1", "x,y"]
struct CSVRecordReader: Sendable {
    /// The text being read.
    let bytes: [UInt8]
    /// The file name used in errors.
    let file: String
    /// Whether lines starting with `#` are comments, skipped, rather than records.
    let skipsComments: Bool
    /// The comment lines skipped so far, each from its `#` to the end of its line (line break
    /// excluded): a labels file warns of one that reads as a row for a file (`Labeler`).
    private(set) var comments: [Range<Int>] = []
    private var position: Int
    private var spans: [CSVFieldSpan] = []

    init(_ bytes: [UInt8], file: String = "-", skipsComments: Bool = true) {
        self.bytes = bytes
        self.file = file
        self.skipsComments = skipsComments
        self.position = CSVScanner.bomLength(bytes)
    }

    /// The next record, or `nil` at the end of the text.
    mutating func next() throws(TraceError) -> CSVRecord? {
        let start = position
        var spans: [CSVFieldSpan] = []
        swap(&spans, &self.spans)  // keeps the buffer uniquely referenced, so it is reused
        var comments: [Range<Int>] = []
        swap(&comments, &self.comments)
        defer { swap(&comments, &self.comments) }
        let result = bytes.withUnsafeBufferPointer { (text) -> Result<(CSVRecord, Int)?, CSVSyntaxError> in
            var scanner = CSVScanner(text: text, position: start, recognizesComments: skipsComments)
            do throws(CSVSyntaxError) {
                while let line = try scanner.nextLine(into: &spans) {
                    guard case .record(let offset) = line else {
                        if case .comment(let start, let end) = line { comments.append(start..<end) }
                        continue
                    }
                    let fields = spans.map { span in
                        CSVField(
                            value: CSVScanner.string(text, span, trimmed: false), offset: span.start,
                            isQuoted: span.isQuoted)
                    }
                    return .success((CSVRecord(offset: offset, fields: fields), scanner.position))
                }
                return .success(nil)
            } catch {
                return .failure(error)
            }
        }
        self.spans = spans
        switch result {
        case .success(let found):
            guard let (record, end) = found else {
                position = bytes.count
                return nil
            }
            position = end
            return record
        case .failure(let error):
            position = bytes.count
            throw TraceError(error.code, file: file, text: bytes, offset: error.offset, message: error.message)
        }
    }

    /// All the records of a CSV text.
    static func records(
        _ bytes: [UInt8], file: String = "-", skipsComments: Bool = true
    ) throws(TraceError) -> [CSVRecord] {
        try recordsAndComments(bytes, file: file, skipsComments: skipsComments).records
    }

    /// All the records of a CSV text, and its comment lines (`comments`).
    static func recordsAndComments(
        _ bytes: [UInt8], file: String = "-", skipsComments: Bool = true
    ) throws(TraceError) -> (records: [CSVRecord], comments: [Range<Int>]) {
        var reader = CSVRecordReader(bytes, file: file, skipsComments: skipsComments)
        var records: [CSVRecord] = []
        while let record = try reader.next() { records.append(record) }
        return (records, reader.comments)
    }
}
