/// The failure codes a recognizer's rules give, as an enum whose raw values are the stable, kebab-case
/// codes scripts match on (like `TraceError.Code`), each with a line saying what it means.
///
///     public enum FailureCode: String, RecognizerFailureCode {
///         case tooShort = "too-short"
///         public var meaning: String { "travelled less than minimumTravel along its axis" }
///     }
public protocol RecognizerFailureCode: RawRepresentable<String>, CaseIterable, Sendable {
    /// One line: what the recognizer saw, and which rule or parameter it broke.
    var meaning: String { get }
}

/// The codes of a recognizer that never fails by a rule of its own.
public struct NoFailureCode: RecognizerFailureCode {
    public let rawValue: String
    public init?(rawValue: String) { nil }
    public static var allCases: [NoFailureCode] { [] }
    public var meaning: String { "" }
}

/// A failure code as a registry entry lists it.
public struct FailureCodeSpec: Sendable, Hashable {
    public var code: String
    public var meaning: String

    public init(_ code: String, _ meaning: String) {
        self.code = code
        self.meaning = meaning
    }
}
