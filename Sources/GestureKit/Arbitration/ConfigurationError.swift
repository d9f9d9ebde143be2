/// A configuration that cannot be used: an unknown recognizer or parameter, a bad value, a cycle, two
/// values that contradict each other; in a config file, with its place.
///
/// Its `description` is a diagnostic in the form compilers use when it comes from a file —
/// `c.json:3:18: error: parameter "taps" for tap must be a whole number ≥ 1, found 2.5` — and the bare
/// message otherwise.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in one line, without the place.
    public var message: String
    /// The config file it is in, when it comes from one.
    public var file: String?
    /// Where in `file`, when it is about one part of it.
    public var position: SourcePosition?
    /// The assignment (`Configuration.set(assignment:)`, a `--set`) that set a value it is about, when
    /// no file did, as a message shows it (escaped, cut after 60 characters), for a command line to
    /// say the error with (`--set pan.maximumTouches=2: …`).
    public var assignment: String?
    /// What it is about, so that a config file's reader can point at the key or at the value.
    var subject = Subject.value

    enum Subject: Sendable {
        /// A recognizer id: a config file points at its key.
        case recognizer
        /// A parameter name: a config file points at its key.
        case parameter
        /// A value: a config file points at it.
        case value
    }

    public init(_ message: String, file: String? = nil, at position: SourcePosition? = nil) {
        self.message = message
        self.file = file
        self.position = position
    }

    init(_ message: String, about subject: Subject) {
        self.message = message
        self.subject = subject
    }

    /// `file: error: message`, the file's name shown as every diagnostic shows it, control characters
    /// escaped.
    public var description: String {
        guard let file else { return message }
        let shown = DiagnosticText.escaped(file)
        guard let position else { return "\(shown): error: \(message)" }
        return "\(shown):\(position.line):\(position.column): error: \(message)"
    }

    /// The same error, placed in a file.
    func placed(in file: String, at position: SourcePosition?) -> ConfigurationError {
        var placed = self
        placed.file = file
        placed.position = position
        return placed
    }

    // The subject only guides where a file's reader points: two errors saying the same are equal.
    public static func == (a: ConfigurationError, b: ConfigurationError) -> Bool {
        a.message == b.message && a.file == b.file && a.position == b.position
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(message)
        hasher.combine(file)
        hasher.combine(position)
    }
}
