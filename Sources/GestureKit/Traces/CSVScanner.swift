// The CSV scanner the record reader (`CSVRecordReader`) and the trace reader (`Trace+CSV.swift`) share.
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
