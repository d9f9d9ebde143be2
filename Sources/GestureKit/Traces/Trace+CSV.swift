// Reading traces from CSV, on the scanner of `CSVScanner.swift` (whose dialect the file follows).
//
// The reader reads the bytes in one pass, by index, without Foundation. Fields are kept as byte
// ranges; a `String` is built only for text that is kept (touch names, metadata) or quoted in an error.

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
