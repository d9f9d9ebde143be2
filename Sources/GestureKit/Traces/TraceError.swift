/// Why a trace could not be read: where (file, line, column, sample index) and what (expected vs found).
///
/// Its `description` is a diagnostic in the form compilers use, so editors can jump to it:
///
///     Traces/bad.json:3:18: error: sample 1: expected a number for "x", found "ten"
public struct TraceError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable, kebab-case name for the kind of problem.
    public enum Code: String, Sendable, Hashable {
        /// The bytes are not well-formed JSON, CSV or XML.
        case syntax
        /// A required field is absent.
        case missingField = "missing-field"
        /// A field has the wrong type, or a value is out of its domain.
        case invalidValue = "invalid-value"
        /// NaN, infinite or a number that cannot be represented.
        case invalidNumber = "invalid-number"
        case unknownPhase = "unknown-phase"
        case timeWentBackwards = "time-went-backwards"
        /// `moved`, `stationary`, `ended` or `cancelled` for a touch that is not down.
        case touchNotDown = "touch-not-down"
        /// `began` for a touch that is already down.
        case touchAlreadyDown = "touch-already-down"
        case emptyTrace = "empty-trace"
        /// The file could not be opened or read.
        case io
        /// The trace's label is not a gesture any recognizer of the configuration can produce.
        case unknownLabel = "unknown-label"
        /// The file goes past one of the ``ReadLimits``: too large, too many samples or touches down,
        /// nested too deep, a record or string too long, a number too precise.
        case limitExceeded = "limit-exceeded"
    }

    public var code: Code
    /// The file as the user named it (`-` for standard input).
    public var file: String
    /// 1-based line, when the format has lines and the place is known.
    public var line: Int?
    /// 1-based column in characters (Unicode scalars), when the place is known.
    public var column: Int?
    /// 0-based index of the sample concerned, when there is one.
    public var sampleIndex: Int?
    /// What was wrong, phrased as "expected …, found …" where that applies.
    public var message: String

    public init(
        _ code: Code, file: String, line: Int? = nil, column: Int? = nil, sampleIndex: Int? = nil,
        message: String
    ) {
        self.code = code
        self.file = file
        self.line = line
        self.column = column
        self.sampleIndex = sampleIndex
        self.message = message
    }

    /// Builds an error placed at a byte offset of `text`, converting it to line and column.
    public init<Text: RandomAccessCollection<UInt8>>(
        _ code: Code, file: String, text: Text, offset: Int?, sampleIndex: Int? = nil, message: String
    ) where Text.Index == Int {
        let place = offset.map { SourcePosition(of: $0, in: text) }
        self.init(
            code, file: file, line: place?.line, column: place?.column, sampleIndex: sampleIndex,
            message: message)
    }

    public var description: String {
        var place = file
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        let sample = sampleIndex.map { "sample \($0): " } ?? ""
        return "\(place): error: \(sample)\(message)"
    }
}

/// A 1-based line and column in a text, computed from a byte offset only when an error needs it, so
/// readers carry a single integer per sample.
public struct SourcePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    /// Lines end at LF, CRLF or a lone CR; columns count Unicode scalars, not bytes; a leading
    /// UTF-8 byte-order mark is not counted.
    public init<Text: RandomAccessCollection<UInt8>>(of offset: Int, in text: Text) where Text.Index == Int {
        var line = 1
        var column = 1
        var i = text.startIndex
        let end = min(text.startIndex + max(offset, 0), text.endIndex)
        if end - i >= 3, text[i] == 0xEF, text[i + 1] == 0xBB, text[i + 2] == 0xBF { i += 3 }
        while i < end {
            let byte = text[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if i + 1 < text.endIndex, text[i + 1] == 0x0A {
                    // The LF that follows ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
