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
        /// `gesture batch --group-by` finds no group for the trace (its path has no N-th folder, it
        /// has no subject, no labels file gives it a group).
        case noGroup = "no-group"
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
        // A name given on the command line may hold control characters too, as a walked one may.
        var place = DiagnosticText.escaped(file)
        if let line { place += ":\(line)" }
        if let column { place += ":\(column)" }
        let sample = sampleIndex.map { "sample \($0): " } ?? ""
        return "\(place): error: \(sample)\(message)"
    }
}
