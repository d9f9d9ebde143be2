// Reading traces from CSV: a record reader for RFC 4180 CSV, and the trace reader built on it.
//
// Both read the bytes in one pass, by index, without Foundation. Fields are kept as byte ranges;
// a `String` is built only for text that is kept (touch names, metadata) or quoted in an error.
//
// The dialect, beyond RFC 4180:
// - Records end at LF, CRLF or a lone CR, mixed freely. A leading UTF-8 byte-order mark is skipped.
// - Blank lines — empty, or only spaces and tabs — are skipped anywhere (outside quoted fields).
// - A line whose first byte is `#` (at the start of a record, not inside quotes) is a comment.
// - The whole text must be UTF-8: any invalid byte sequence, in a field or a comment, is a
//   syntax error placed at the first byte of the sequence.
// - Quoting is strict: a quoted field starts with `"` as its very first byte, its quotes are
//   written `""`, and its closing quote is followed directly by `,`, a line break or the end.
//   A `"` inside an unquoted field, or anything else after a closing quote (spaces included), is
//   a syntax error.

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

// MARK: - Trace reader

extension Trace {
    /// Reads a trace from CSV text: optional `#` metadata comments, a header naming at least the
    /// columns `t`, `id`, `phase`, `x` and `y` (in any order, any case; other columns are
    /// ignored), then one record per sample.
    ///
    ///     # label: tap
    ///     # view: 390x844
    ///     t,id,phase,x,y
    ///     0.000,1,began,100,200
    ///     0.080,1,ended,101,201
    ///
    /// Values:
    /// - Unquoted values are trimmed of spaces and tabs; quoted values are taken exactly as
    ///   written between the quotes, and otherwise read like unquoted ones (`"1"` is the number 1).
    /// - `t`, `x`, `y`: decimal numbers: an optional `-` or `+`, digits with an optional
    ///   fraction (`5`, `5.`, `5.25` and `.25` are all accepted), an optional exponent (`e` or
    ///   `E`, optional sign, digits). Leading zeros are allowed. NaN, infinities, hexadecimal
    ///   and empty values are rejected, and so are numbers too large for a `Double`; numbers too
    ///   small for one read as zero.
    /// - `id`: an integer (an optional `-`, then digits) in `Int`'s range is `TouchID.number`;
    ///   any other non-empty text (`+1`, `a`, `99999999999999999999`) is `TouchID.name`.
    /// - `phase`: `began`, `moved`, `stationary`, `ended` or `cancelled`, lowercase.
    ///
    /// Comments `# label: …`, `# name: …`, `# subject: …` and `# view: WIDTHxHEIGHT` set metadata
    /// (keys in any case, values trimmed, may appear anywhere, each key once: a second is an error);
    /// other comments are ignored. A text without a header returns a trace with no samples (an error
    /// when `file` is named as a labels file, `*label*.csv`, which says why it is no labels file).
    ///
    /// Only syntax and fields are checked here: time order, touch consistency and empty traces
    /// are the validator's business. Each sample's `offset` is the byte offset of its record.
    /// Errors are placed at the offending byte: for a bad value, its first character after
    /// leading spaces (the opening quote when quoted).
    ///
    /// `limits` bounds the samples, each record's length (`line-length`), each field's length
    /// (`string-length`) and the significant digits of `t`, `x`, `y` and the view's size; going past
    /// one is a `limit-exceeded` error at the record, field or value.
    public static func parseCSV(
        _ bytes: [UInt8], file: String, limits: ReadLimits = .default
    ) throws(TraceError) -> Trace {
        try parseCSV(bytes, file: file, limits: limits, fastPaths: true)
    }

    /// Reads a trace from CSV text, with the fast paths on or off.
    ///
    /// `fastPaths: false` reads every record and number the general way (`nextLine`, `readSample`,
    /// `decimalNumber` without Clinger's shortcut); the trace and any error must be the same either
    /// way, which tests and the fuzzers check.
    static func parseCSV(
        _ bytes: [UInt8], file: String, limits: ReadLimits, fastPaths: Bool
    ) throws(TraceError) -> Trace {
        try bytes.withUnsafeBufferPointer { (text) throws(TraceError) -> Trace in
            try TextEncoding.requireUTF8(text, file: file)
            let reader = CSVTraceReader(text: text, file: file, limits: limits, fastPaths: fastPaths)
            return try reader.read()
        }
    }
}

/// What the header says about the records that follow it.
private struct CSVLayout {
    /// The required columns in the order they appear in the header, so a record's first bad
    /// value is the one reported.
    var columnOrder: [(column: SampleField, index: Int)]
    /// The number of fields every record must have.
    var fieldCount: Int
    /// The required column of each field, `nil` for the columns the reader ignores.
    var columnOfField: [SampleField?]
}

/// Reads one CSV trace. The reader itself never changes: what it learns (the header's layout,
/// metadata, samples) is kept in locals of `read()`, so calling its methods never copies it (a
/// non-mutating method called from a mutating one gets a copy of the whole struct, on every sample).
private struct CSVTraceReader {
    let text: UnsafeBufferPointer<UInt8>
    let file: String
    let limits: ReadLimits
    /// Whether plain records (`plainSample`) and short numbers (`decimalValue`) take their fast paths.
    let fastPaths: Bool

    /// Whether the file is named as a labels file (`*label*.csv`), for the errors of a header that
    /// is, or is not, a labels file's.
    var isNamedAsLabels: Bool {
        TraceFormat.isLabelsFileName(Array(file.utf8.split(separator: UInt8(ascii: "/")).last ?? []))
    }

    func read() throws(TraceError) -> Trace {
        var scanner = CSVScanner(
            text: text, position: CSVScanner.bomLength(text), recognizesComments: true, limits: limits)
        var fields: [CSVFieldSpan] = []
        fields.reserveCapacity(8)
        var trace = Trace(samples: [])
        var samples: [Sample] = []
        // Room for every line at once, so a long trace is never copied as it grows (which made a long
        // trace cost more per sample than a short one). A sample takes a line of
        // at least 14 bytes, which bounds what blank lines could make it reserve.
        var lineBreaks = 0
        for byte in text where byte == 0x0A { lineBreaks += 1 }
        samples.reserveCapacity(min(lineBreaks + 1, text.count / 14 + 1, limits.samples))
        LargeBuffers.preferHugePages(&samples)
        var layout: CSVLayout?  // set by the header
        while true {
            if fastPaths, let layout, samples.count < limits.samples,
                let (sample, next) = plainSample(at: scanner.position, layout)
            {
                samples.append(sample)
                scanner.position = next
                continue
            }
            let line: CSVLine?
            do {
                line = try scanner.nextLine(into: &fields)
            } catch {
                let index = layout != nil && !error.inComment ? samples.count : nil
                throw TraceError(
                    error.code, file: file, text: text, offset: error.offset, sampleIndex: index,
                    message: error.message)
            }
            guard let line else { break }
            switch line {
            case .comment(let start, let end):
                try readComment(from: start, to: end, into: &trace)
            case .record(let start):
                if let layout {
                    if samples.count >= limits.samples {
                        throw error(
                            .limitExceeded, at: start, sample: samples.count,
                            message: limits.message(
                                "too many samples", .samples, unit: " samples", unitForOne: " sample"))
                    }
                    samples.append(try readSample(fields, layout, at: start, index: samples.count))
                } else {
                    layout = try readHeader(fields, at: start)
                    trace.unreadNames = unreadColumns(fields)
                }
            }
        }
        trace.samples = samples
        if samples.isEmpty { trace.samplesOffset = scanner.position }
        // An empty `labels.csv` is walked as a trace: say why it was not read as labels.
        if layout == nil, isNamedAsLabels {
            throw error(
                .emptyTrace, at: scanner.position,
                message:
                    "empty trace: expected a header and samples, found none; named as a labels file, it is read as one only with a header naming \"path\" and \"label\""
            )
        }
        return trace
    }

    // MARK: Header

    /// The header's columns other than `t`, `id`, `phase`, `x` and `y`, the first few, for
    /// `Trace.unread`: read once a file.
    func unreadColumns(_ fields: [CSVFieldSpan]) -> [(kind: Trace.UnreadKind, name: [UInt8])] {
        var names: [(kind: Trace.UnreadKind, name: [UInt8])] = []
        for field in fields where names.count < Trace.unreadListed {
            let (a, b) = CSVScanner.valueRange(text, field)
            if a < b, column(named: a, b) == nil {
                names.append((.column, Array(CSVScanner.string(text, field, trimmed: true).utf8)))
            }
        }
        return names
    }

    /// What a header that lacks a column names, as the message says it: `it names "time", "id", …`,
    /// each name escaped (a second byte-order mark shows), the first `Trace.unreadListed`.
    func headerNames(_ fields: [CSVFieldSpan]) -> String {
        let names = fields.prefix(Trace.unreadListed).map { field in
            "\"" + DiagnosticText.name(CSVScanner.string(text, field, trimmed: true), delimiter: UInt8(ascii: "\""))
                + "\""
        }
        let more = fields.count > names.count ? ", … (\(fields.count) columns)" : ""
        return fields.count == 1 ? "it names only \(names[0])" : "it names \(names.joined(separator: ", "))\(more)"
    }

    func readHeader(_ fields: [CSVFieldSpan], at start: Int) throws(TraceError) -> CSVLayout {
        var index = [Int](repeating: -1, count: SampleField.allCases.count)
        for (i, field) in fields.enumerated() {
            let (a, b) = CSVScanner.valueRange(text, field)
            guard let column = column(named: a, b) else { continue }
            if index[column.rawValue] >= 0 {
                throw error(
                    .invalidValue, at: CSVScanner.place(text, field), message: "duplicate column \"\(column.name)\"")
            }
            index[column.rawValue] = i
        }
        if index.contains(where: { $0 < 0 }) {
            let names = fields.map { field in
                let (a, b) = CSVScanner.valueRange(text, field)
                return String(decoding: UnsafeBufferPointer(rebasing: text[a..<b]), as: UTF8.self).lowercased()
            }
            // As the labels reader reads a header: trimmed, inside quotes too (`"Path "`).
            let trimmed = names.map { $0.trimmingCharacters(in: .whitespaces) }
            if trimmed.contains("path"), trimmed.contains("label") {
                // Whichever command read it (classify has no --labels; batch found it named otherwise).
                let found = isNamedAsLabels ? "found" : "named *label*.csv and found"
                throw error(
                    .missingField, at: start,
                    message:
                        "a labels file (header \"path,label\"), not a trace: batch, tune and learn read it given with --labels, or \(found) in a folder they walk"
                )
            }
            try checkSeparators(fields, names: names, at: start)
        }
        for column in SampleField.allCases where index[column.rawValue] < 0 {
            // A file named as a labels file (`*label*.csv`) whose header is no labels file's.
            let labelsHint =
                isNamedAsLabels
                ? "; named as a labels file, it is read as one only with a header naming \"path\" and \"label\"" : ""
            throw error(
                .missingField, at: start,
                message:
                    "missing column \"\(column.name)\": the header must name \(SampleField.list); "
                    + "\(headerNames(fields))\(labelsHint)")
        }
        let columnOrder = SampleField.allCases.map { (column: $0, index: index[$0.rawValue]) }.sorted {
            $0.index < $1.index
        }
        var columnOfField = [SampleField?](repeating: nil, count: fields.count)
        for (column, i) in columnOrder { columnOfField[i] = column }
        return CSVLayout(columnOrder: columnOrder, fieldCount: fields.count, columnOfField: columnOfField)
    }

    /// A header that is not comma-separated, or a first row that is no header, said as such: the
    /// columns seen (as the file has them: `names` are lowercased), the separator that seems to be
    /// used instead.
    func checkSeparators(_ fields: [CSVFieldSpan], names: [String], at start: Int) throws(TraceError) {
        let wanted = SampleField.allCases.map { "\($0.name)" }
        let shown = fields.map { field in
            let (a, b) = CSVScanner.valueRange(text, field)
            return "\"\(DiagnosticText.escaped(UnsafeBufferPointer(rebasing: text[a..<b]), maxCharacters: 40))\""
        }.joined(separator: ", ")
        if fields.count == 1, let only = names.first {
            for (separator, name) in [(";", "semicolons"), ("\t", "tabs"), ("|", "vertical bars")] {
                let parts = only.split(separator: Character(separator)).map { $0.trimmingCharacters(in: .whitespaces) }
                // A labels file saved so by a spreadsheet (`path;label`): batch reads it as labels only
                // with commas.
                if parts.contains("path"), parts.contains("label") {
                    throw error(
                        .missingField, at: start,
                        message:
                            "a labels file separated by \(name), not commas: found the one column \(shown); write \"path\" and \"label\" separated by commas, and batch reads it as labels"
                    )
                }
                if parts.count > 1, parts.contains(where: wanted.contains) {
                    throw error(
                        .missingField, at: start,
                        message:
                            "the header is separated by \(name), not commas: found the one column \(shown); write \(SampleField.list) separated by commas"
                    )
                }
            }
        }
        let numeric = names.filter { !$0.isEmpty && Double($0.trimmingCharacters(in: .whitespaces)) != nil }.count
        if !names.contains(where: wanted.contains), numeric >= 2 {
            throw error(
                .missingField, at: start,
                message:
                    "no header: the first row is data (\(shown)); the first row must name the columns \(SampleField.list)"
            )
        }
    }

    /// The required column a header field names: trimmed already, compared without case.
    func column(named a: Int, _ b: Int) -> SampleField? {
        switch b - a {
        case 1:
            switch text[a] | 0x20 {
            case UInt8(ascii: "t"): return .t
            case UInt8(ascii: "x"): return .x
            case UInt8(ascii: "y"): return .y
            default: return nil
            }
        case 2:
            return text[a] | 0x20 == UInt8(ascii: "i") && text[a + 1] | 0x20 == UInt8(ascii: "d") ? .id : nil
        case 5:
            return matchesLowercased(a, b, "phase") ? .phase : nil
        default:
            return nil
        }
    }

    /// Whether `text[a..<b]`, ASCII letters lowercased, is `word` (an ASCII lowercase word).
    func matchesLowercased(_ a: Int, _ b: Int, _ word: StaticString) -> Bool {
        guard b - a == word.utf8CodeUnitCount else { return false }
        let w = word.utf8Start
        for k in 0..<(b - a) {
            var c = text[a + k]
            if c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") { c |= 0x20 }
            if c != w[k] { return false }
        }
        return true
    }

    // MARK: Samples

    func readSample(_ fields: [CSVFieldSpan], _ layout: CSVLayout, at start: Int, index: Int) throws(TraceError)
        -> Sample
    {
        guard fields.count == layout.fieldCount else {
            throw error(
                .syntax, at: start, sample: index,
                message: "expected \(layout.fieldCount) fields, found \(fields.count)")
        }
        var time = 0.0
        var x = 0.0
        var y = 0.0
        var touch = TouchID.number(0)
        var phase = Phase.began
        for (column, i) in layout.columnOrder {
            let field = fields[i]
            switch column {
            case .t: time = try number(field, column, sample: index)
            case .x: x = try number(field, column, sample: index)
            case .y: y = try number(field, column, sample: index)
            case .id: touch = try touchID(field, sample: index)
            case .phase: phase = try self.phase(field, sample: index)
            }
        }
        return Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: start)
    }

    // MARK: Plain records

    /// The sample of the record at `p` and the offset after its line break, when the record is
    /// *plain*; `nil` otherwise, and then the general path (`nextLine`, `readSample`) reads it.
    ///
    /// Most records are plain, and reading them in one pass, with the values parsed as the bytes
    /// go by, costs a fraction of scanning the record into fields and then reading each field. A
    /// record is plain when it is at the start of a line that is not a comment and has exactly the
    /// header's number of fields, all unquoted ASCII with no `"`, and:
    /// - `t`, `x` and `y` are an optional sign then at most 15 digits (and at most the `digits`
    ///   limit) with an optional `.`: no spaces, no exponent;
    /// - `id` is an optional `-` then 1 to 18 digits (always in `Int`'s range);
    /// - `phase` is one of the phase names;
    /// - the record is no longer than the `line-length` and `string-length` limits, so no field
    ///   is either.
    /// Anything else, valid or not, is left to the general path, which gives the same samples for
    /// plain records (the number is `shortDecimalValue`, the operation `decimalValue` does for the
    /// same digits) and is the only one that reports errors: this one cannot throw, it gives up. So
    /// it is an optimisation only, which `fastPaths: false` turns off for tests and the fuzzers.
    func plainSample(at p: Int, _ layout: CSVLayout) -> (Sample, Int)? {
        let n = text.count
        guard p < n, text[p] != UInt8(ascii: "#") else { return nil }
        var i = p
        var time = 0.0
        var x = 0.0
        var y = 0.0
        var touch = TouchID.number(0)
        var phase = Phase.began
        let last = layout.fieldCount - 1
        for k in 0...last {
            switch layout.columnOfField[k] {
            case .t?:
                guard let (value, end) = plainNumber(at: i) else { return nil }
                time = value
                i = end
            case .x?:
                guard let (value, end) = plainNumber(at: i) else { return nil }
                x = value
                i = end
            case .y?:
                guard let (value, end) = plainNumber(at: i) else { return nil }
                y = value
                i = end
            case .id?:
                let negative = i < n && text[i] == UInt8(ascii: "-")
                if negative { i += 1 }
                let start = i
                var value = 0
                while i < n, case let d = text[i] &- UInt8(ascii: "0"), d < 10 {
                    value = value &* 10 &+ Int(d)
                    i += 1
                }
                // At most 18 digits: below 10^18, in `Int`'s range without wrapping.
                guard i > start && i - start <= 18 else { return nil }
                touch = .number(negative ? -value : value)
            case .phase?:
                let start = i
                while i < n && text[i] >= UInt8(ascii: "a") && text[i] <= UInt8(ascii: "z") { i += 1 }
                guard let known = Self.phase(text, start, i) else { return nil }
                phase = known
            case nil:
                while i < n, case let byte = text[i], byte < 0x80, byte != CSVScanner.comma,
                    byte != CSVScanner.lf, byte != CSVScanner.cr, byte != CSVScanner.quote
                {
                    i += 1
                }
            }
            if k < last {
                guard i < n && text[i] == CSVScanner.comma else { return nil }
                i += 1
            } else {
                guard i == n || text[i] == CSVScanner.lf || text[i] == CSVScanner.cr else { return nil }
            }
        }
        guard i - p <= limits.lineLength && i - p <= limits.stringLength else { return nil }
        let sample = Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y), offset: p)
        return (sample, CSVScanner.skipLineBreak(text, at: i))
    }

    /// A plain number at `i` (see `plainSample`) and the offset after it, or `nil`.
    @inline(__always)
    func plainNumber(at start: Int) -> (Double, Int)? {
        let n = text.count
        var i = start
        var negative = false
        if i < n && (text[i] == UInt8(ascii: "-") || text[i] == UInt8(ascii: "+")) {
            negative = text[i] == UInt8(ascii: "-")
            i += 1
        }
        let digitsStart = i
        var mantissa: UInt64 = 0
        accumulateDigits(text, &i, n, into: &mantissa)
        var digits = i - digitsStart
        var fractionDigits = 0
        if i < n && text[i] == UInt8(ascii: ".") {
            i += 1
            let fractionStart = i
            accumulateDigits(text, &i, n, into: &mantissa)
            fractionDigits = i - fractionStart
            digits += fractionDigits
        }
        guard digits > 0 && digits <= 15 && digits <= limits.digits else { return nil }
        return (shortDecimalValue(mantissa, fractionDigits: fractionDigits, negative: negative), i)
    }

    func number(_ field: CSVFieldSpan, _ column: SampleField, sample: Int) throws(TraceError) -> Double {
        let (a, b) = CSVScanner.valueRange(text, field)
        switch CSVScanner.number(text, a, b, maxDigits: limits.digits, fastPaths: fastPaths) {
        case .value(let value):
            return value
        case .tooPrecise(let digits):
            throw error(
                .limitExceeded, at: CSVScanner.place(text, field), sample: sample,
                message: limits.message(
                    "number too precise for \"\(column.name)\"", .digits,
                    unit: " significant digits", unitForOne: " significant digit", found: String(digits)))
        case .outOfRange:
            // The grammar accepted it, so it is ASCII without quotes: shown as is.
            let string = String(decoding: UnsafeBufferPointer(rebasing: text[a..<b]), as: UTF8.self)
            throw error(
                .invalidNumber, at: CSVScanner.place(text, field), sample: sample,
                message:
                    "number out of range for \"\(column.name)\": \(DiagnosticText.escaped(string, maxCharacters: 20))")
        case .malformed:
            let raw = CSVScanner.string(text, field, trimmed: true)
            let hint =
                raw.contains(",") && Double(raw.replacingOccurrences(of: ",", with: ".")) != nil
                ? " (a decimal comma? write \(raw.replacingOccurrences(of: ",", with: ".")) with a point)" : ""
            throw error(
                .invalidValue, at: CSVScanner.place(text, field), sample: sample,
                message: "expected a number for \"\(column.name)\", found \(found(field))\(hint)")
        }
    }

    func touchID(_ field: CSVFieldSpan, sample: Int) throws(TraceError) -> TouchID {
        let (a, b) = CSVScanner.valueRange(text, field)
        guard a < b else {
            throw error(
                .invalidValue, at: CSVScanner.place(text, field), sample: sample,
                message: "expected a touch id for \"id\", found nothing")
        }
        if let n = decimalInteger(text, a, b) { return .number(n) }
        return .name(CSVScanner.string(text, field, trimmed: true))
    }

    func phase(_ field: CSVFieldSpan, sample: Int) throws(TraceError) -> Phase {
        let (a, b) = CSVScanner.valueRange(text, field)
        if let phase = Self.phase(text, a, b) { return phase }
        let expected = #""began", "moved", "stationary", "ended" or "cancelled""#
        if a == b {
            throw error(
                .unknownPhase, at: CSVScanner.place(text, field), sample: sample,
                message: "expected \(expected) for \"phase\", found nothing")
        }
        let hint =
            PhaseNames.suggestion(for: CSVScanner.string(text, field, trimmed: true)).map {
                " (did you mean \"\($0)\"?)"
            } ?? ""
        throw error(
            .unknownPhase, at: CSVScanner.place(text, field), sample: sample,
            message: "unknown phase \(brief(field)): expected \(expected)\(hint)")
    }

    /// The phase `text[a..<b]` names (lowercase), or `nil`.
    @inline(__always)
    static func phase(_ text: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int) -> Phase? {
        /// Whether the bytes at `a` are `word` (the length has been checked).
        func equals(_ word: StaticString) -> Bool {
            let w = word.utf8Start
            for k in 0..<word.utf8CodeUnitCount where text[a + k] != w[k] { return false }
            return true
        }
        switch b - a {
        case 5:
            if equals("began") { return .began }
            if equals("moved") { return .moved }
            if equals("ended") { return .ended }
        case 9:
            if equals("cancelled") { return .cancelled }
        case 10:
            if equals("stationary") { return .stationary }
        default:
            break
        }
        return nil
    }

    // MARK: Comments

    /// Reads `# key: value` metadata from the comment `text[start..<end]` (`start` is at the `#`).
    func readComment(from start: Int, to end: Int, into trace: inout Trace) throws(TraceError) {
        var colon = start + 1
        while colon < end && text[colon] != UInt8(ascii: ":") { colon += 1 }
        guard colon < end else { return }
        let (keyStart, keyEnd) = CSVScanner.trim(text, start + 1, colon)
        let key: String
        if matchesLowercased(keyStart, keyEnd, "label") {
            key = "label"
        } else if matchesLowercased(keyStart, keyEnd, "name") {
            key = "name"
        } else if matchesLowercased(keyStart, keyEnd, "view") {
            key = "view"
        } else if matchesLowercased(keyStart, keyEnd, "subject") {
            key = "subject"
        } else {
            return
        }
        let (a, b) = CSVScanner.trim(text, colon + 1, end)
        // One value a key, as JSON's keys: a second `# label:` would otherwise drop the first unseen.
        let isSet =
            switch key {
            case "label": trace.label != nil
            case "name": trace.name != nil
            case "subject": trace.subject != nil
            default: trace.view != nil
            }
        if isSet {
            throw error(
                .invalidValue, at: keyStart,
                message: "a second \"# \(key):\" comment: a trace has one \(key) (keys in any case)")
        }
        guard a < b else {
            throw error(.invalidValue, at: a, message: "expected a value for \"\(key)\", found nothing")
        }
        let value = String(decoding: UnsafeBufferPointer(rebasing: text[a..<b]), as: UTF8.self)
        switch key {
        case "label":
            trace.label = value
            trace.labelOffset = a
        case "name": trace.name = value
        case "subject": trace.subject = value
        default:
            try checkViewDigits(a, b)
            guard let view = viewSize(a, b) else {
                throw error(
                    .invalidValue, at: a,
                    message:
                        "expected \"WIDTHxHEIGHT\" for view (positive numbers up to 1e15), found \(CSVScanner.quote(value))"
                )
            }
            trace.view = view
        }
    }

    /// Throws when the width or height of a `# view:` value has more significant digits than allowed.
    func checkViewDigits(_ a: Int, _ b: Int) throws(TraceError) {
        var x = a
        while x < b && text[x] | 0x20 != UInt8(ascii: "x") { x += 1 }
        guard x < b else { return }
        for (start, end) in [CSVScanner.trim(text, a, x), CSVScanner.trim(text, x + 1, b)] {
            if case .tooPrecise(let digits) = CSVScanner.number(
                text, start, end, maxDigits: limits.digits, fastPaths: fastPaths)
            {
                throw error(
                    .limitExceeded, at: start,
                    message: limits.message(
                        "number too precise for view", .digits,
                        unit: " significant digits", unitForOne: " significant digit", found: String(digits)))
            }
        }
    }

    /// `WIDTHxHEIGHT` (or `X`, spaces allowed around it), both positive numbers, at most ``Trace/coordinateLimit``.
    func viewSize(_ a: Int, _ b: Int) -> ViewSize? {
        var x = a
        while x < b && text[x] | 0x20 != UInt8(ascii: "x") { x += 1 }
        guard x < b else { return nil }
        let (wa, wb) = CSVScanner.trim(text, a, x)
        let (ha, hb) = CSVScanner.trim(text, x + 1, b)
        guard case .value(let width) = CSVScanner.number(text, wa, wb, fastPaths: fastPaths),
            case .value(let height) = CSVScanner.number(text, ha, hb, fastPaths: fastPaths),
            width > 0, height > 0, width <= Trace.coordinateLimit, height <= Trace.coordinateLimit
        else { return nil }
        return ViewSize(width: width, height: height)
    }

    // MARK: Messages

    /// The field's value for "found …": quoted and shortened, or `nothing` when empty.
    func found(_ field: CSVFieldSpan) -> String {
        let (a, b) = CSVScanner.valueRange(text, field)
        return a == b ? "nothing" : brief(field)
    }

    func brief(_ field: CSVFieldSpan) -> String {
        CSVScanner.quote(CSVScanner.string(text, field, trimmed: true))
    }

    func error(_ code: TraceError.Code, at offset: Int, sample: Int? = nil, message: String) -> TraceError {
        TraceError(code, file: file, text: text, offset: offset, sampleIndex: sample, message: message)
    }
}

// MARK: - Scanner

/// A field of the current record, as a place in the text.
struct CSVFieldSpan: Sendable, Hashable {
    /// Offset of the field's first byte: its opening quote when quoted.
    var start: Int
    /// Offset just past the field's content: its closing quote when quoted.
    var end: Int
    var isQuoted: Bool
    /// Whether the quoted content holds `""` pairs, which stand for one `"` each.
    var hasDoubledQuotes: Bool

    var contentStart: Int { isQuoted ? start + 1 : start }
}

/// What a line of CSV is: a record (its fields are in the array passed to the scanner) or a comment.
enum CSVLine: Sendable, Hashable {
    case record(start: Int)
    /// A comment from its `#` to the end of its line, line break excluded.
    case comment(start: Int, end: Int)
}

struct CSVSyntaxError: Error, Sendable {
    var offset: Int
    var message: String
    /// Whether the error is in a comment line rather than a record.
    var inComment = false
    /// `syntax`, or `limit-exceeded` for a record or field longer than the limits allow.
    var code: TraceError.Code = .syntax
}

enum CSVNumber: Sendable, Hashable {
    case value(Double)
    case malformed
    case outOfRange
    /// Well-formed, with more significant digits (given) than allowed.
    case tooPrecise(Int)
}

/// The single-pass CSV scanner the record and trace readers share.
struct CSVScanner {
    let text: UnsafeBufferPointer<UInt8>
    /// The offset of the next byte to read.
    var position: Int
    let recognizesComments: Bool
    /// `line-length` bounds each record and comment line, `string-length` each field.
    var limits: ReadLimits = .default

    static let quote = UInt8(ascii: "\"")
    static let comma = UInt8(ascii: ",")
    static let lf = UInt8(ascii: "\n")
    static let cr = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let tab = UInt8(ascii: "\t")

    static func bomLength<Text: RandomAccessCollection<UInt8>>(_ text: Text) -> Int where Text.Index == Int {
        let s = text.startIndex
        return text.count >= 3 && text[s] == 0xEF && text[s + 1] == 0xBB && text[s + 2] == 0xBF ? 3 : 0
    }

    /// Reads the next comment or record, skipping blank lines; `nil` at the end of the text. A
    /// record's fields replace the contents of `fields`.
    mutating func nextLine(into fields: inout [CSVFieldSpan]) throws(CSVSyntaxError) -> CSVLine? {
        let n = text.count
        var p = position
        // Skip blank lines: nothing, or only spaces and tabs, before a line break or the end.
        while true {
            var q = p
            while q < n && (text[q] == Self.space || text[q] == Self.tab) { q += 1 }
            if q == n {
                position = n
                return nil
            }
            if text[q] == Self.lf {
                p = q + 1
            } else if text[q] == Self.cr {
                p = q + 1 < n && text[q + 1] == Self.lf ? q + 2 : q + 1
            } else {
                break
            }
        }
        if recognizesComments && text[p] == UInt8(ascii: "#") {
            let start = p
            while p < n {
                let byte = text[p]
                if byte == Self.lf || byte == Self.cr { break }
                if byte < 0x80 {
                    p += 1
                } else {
                    do { p = try Self.skipUTF8(text, at: p) } catch {
                        throw CSVSyntaxError(offset: error.offset, message: error.message, inComment: true)
                    }
                }
            }
            let end = p
            if end - start > limits.lineLength {
                throw CSVSyntaxError(
                    offset: start, message: limits.message("comment line too long", .lineLength), inComment: true,
                    code: .limitExceeded)
            }
            position = Self.skipLineBreak(text, at: p)
            return .comment(start: start, end: end)
        }
        // The record's fields overwrite the previous record's in place, and the array is cut to
        // length only when the record has fewer (`removeAll(keepingCapacity:)` on every line costs
        // a call into the generic `replaceSubrange`).
        var count = 0
        func add(_ field: CSVFieldSpan) {
            if count < fields.count { fields[count] = field } else { fields.append(field) }
            count += 1
        }
        func finishRecord() {
            if fields.count > count { fields.removeLast(fields.count - count) }
        }
        let recordStart = p
        let limits = self.limits
        let lineLimit = limits.lineLength
        let fieldLimit = limits.stringLength
        /// Checked at the end of every field, so a record never holds more fields than the limit allows bytes.
        func checkLengths(_ fieldStart: Int, _ fieldEnd: Int) throws(CSVSyntaxError) {
            if fieldEnd - fieldStart > fieldLimit {
                throw CSVSyntaxError(
                    offset: fieldStart,
                    message: limits.message(
                        "field too long", .stringLength, found: ReadLimits.bytes(fieldEnd - fieldStart)),
                    code: .limitExceeded)
            }
            if fieldEnd - recordStart > lineLimit {
                throw CSVSyntaxError(
                    offset: recordStart, message: limits.message("record too long", .lineLength), code: .limitExceeded)
            }
        }
        while true {
            let fieldStart = p
            if p < n && text[p] == Self.quote {
                p += 1
                var doubled = false
                let contentEnd: Int
                while true {
                    guard p < n else {
                        throw CSVSyntaxError(offset: fieldStart, message: "unterminated quoted field: expected '\"'")
                    }
                    let byte = text[p]
                    if byte == Self.quote {
                        if p + 1 < n && text[p + 1] == Self.quote {
                            doubled = true
                            p += 2
                        } else {
                            contentEnd = p
                            p += 1
                            break
                        }
                    } else if byte < 0x80 {
                        p += 1
                    } else {
                        p = try Self.skipUTF8(text, at: p)
                    }
                }
                try checkLengths(fieldStart, p)
                add(CSVFieldSpan(start: fieldStart, end: contentEnd, isQuoted: true, hasDoubledQuotes: doubled))
                if p == n {
                    finishRecord()
                    position = n
                    return .record(start: recordStart)
                }
                let byte = text[p]
                if byte == Self.comma {
                    p += 1
                    continue
                }
                if byte == Self.lf || byte == Self.cr {
                    finishRecord()
                    position = Self.skipLineBreak(text, at: p)
                    return .record(start: recordStart)
                }
                throw CSVSyntaxError(
                    offset: p,
                    message:
                        "expected ',' or a line break after a closing quote, found \(try Self.character(text, at: p))")
            } else {
                while true {
                    guard p < n else {
                        try checkLengths(fieldStart, n)
                        add(CSVFieldSpan(start: fieldStart, end: n, isQuoted: false, hasDoubledQuotes: false))
                        finishRecord()
                        position = n
                        return .record(start: recordStart)
                    }
                    let byte = text[p]
                    if byte >= 0x80 {
                        p = try Self.skipUTF8(text, at: p)
                    } else if byte > Self.comma {
                        p += 1
                    } else if byte == Self.comma {
                        try checkLengths(fieldStart, p)
                        add(CSVFieldSpan(start: fieldStart, end: p, isQuoted: false, hasDoubledQuotes: false))
                        p += 1
                        break
                    } else if byte == Self.lf || byte == Self.cr {
                        try checkLengths(fieldStart, p)
                        add(CSVFieldSpan(start: fieldStart, end: p, isQuoted: false, hasDoubledQuotes: false))
                        finishRecord()
                        position = Self.skipLineBreak(text, at: p)
                        return .record(start: recordStart)
                    } else if byte == Self.quote {
                        throw CSVSyntaxError(
                            offset: p,
                            message:
                                "unexpected '\"' in an unquoted field: quote the whole field and write '\"' as '\"\"'")
                    } else {
                        p += 1
                    }
                }
            }
        }
    }

    /// The offset after the line break at `p` (LF, CRLF or CR), or `p` at the end of the text.
    @inline(__always)
    static func skipLineBreak(_ text: UnsafeBufferPointer<UInt8>, at p: Int) -> Int {
        guard p < text.count else { return p }
        if text[p] == cr && p + 1 < text.count && text[p + 1] == lf { return p + 2 }
        return p + 1
    }

    /// The offset after the UTF-8 sequence whose lead byte (0x80 or more) is at `p`; throws
    /// `invalid UTF-8` at `p` when the sequence is not well-formed (overlong forms, surrogates
    /// and values past U+10FFFF included).
    static func skipUTF8(_ text: UnsafeBufferPointer<UInt8>, at p: Int) throws(CSVSyntaxError) -> Int {
        let (length, valid) = TextEncoding.utf8Sequence(text, at: p)
        guard valid else { throw CSVSyntaxError(offset: p, message: TextEncoding.invalidUTF8(text, at: p)) }
        return p + length
    }

    /// The character at `p` quoted for a message, like `'x'` (see ``DiagnosticText``).
    static func character(_ text: UnsafeBufferPointer<UInt8>, at p: Int) throws(CSVSyntaxError) -> String {
        let end = text[p] < 0x80 ? p + 1 : try skipUTF8(text, at: p)
        let shown = DiagnosticText.escaped(UnsafeBufferPointer(rebasing: text[p..<end]), delimiter: UInt8(ascii: "'"))
        return "'" + shown + "'"
    }

    // MARK: Values

    /// The range of a field's value: a quoted field's content, or an unquoted field trimmed of
    /// spaces and tabs.
    @inline(__always)
    static func valueRange(_ text: UnsafeBufferPointer<UInt8>, _ field: CSVFieldSpan) -> (Int, Int) {
        field.isQuoted ? (field.start + 1, field.end) : trim(text, field.start, field.end)
    }

    /// Where an error about a field's value is placed: its opening quote, or its first character
    /// after leading spaces (the field's start when it is blank).
    static func place(_ text: UnsafeBufferPointer<UInt8>, _ field: CSVFieldSpan) -> Int {
        if field.isQuoted { return field.start }
        let (a, b) = trim(text, field.start, field.end)
        return a < b ? a : field.start
    }

    @inline(__always)
    static func trim(_ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (Int, Int) {
        var a = start
        var b = end
        while a < b && (text[a] == space || text[a] == tab) { a += 1 }
        while b > a && (text[b - 1] == space || text[b - 1] == tab) { b -= 1 }
        return (a, b)
    }

    /// A field's text, with `""` turned into `"` when quoted; trimmed when asked and unquoted.
    static func string(_ text: UnsafeBufferPointer<UInt8>, _ field: CSVFieldSpan, trimmed: Bool) -> String {
        let (a, b) = trimmed ? valueRange(text, field) : (field.contentStart, field.end)
        guard field.hasDoubledQuotes else {
            return String(decoding: UnsafeBufferPointer(rebasing: text[a..<b]), as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(b - a)
        var i = a
        while i < b {
            bytes.append(text[i])
            i += text[i] == quote ? 2 : 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `"text"` for a message: at most 20 characters (then `…`), as ``DiagnosticText`` shows them,
    /// with `"` and `\` escaped.
    static func quote(_ text: String) -> String {
        "\"" + DiagnosticText.escaped(text, maxCharacters: 20, delimiter: UInt8(ascii: "\"")) + "\""
    }

    /// Reads `text[start..<end]` as a decimal number (see `decimalNumber`, and there `fastPaths`).
    /// More than `maxDigits` significant digits (counted from the first non-zero digit) is `.tooPrecise`.
    static func number(
        _ text: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, maxDigits: Int = .max, fastPaths: Bool
    ) -> CSVNumber {
        guard let (value, significant) = decimalNumber(text, start, end, fastPaths: fastPaths) else {
            return .malformed
        }
        if significant > maxDigits { return .tooPrecise(significant) }
        return value.isFinite ? .value(value) : .outOfRange
    }
}
