/// Why a recognizer failed, as data: a stable code, a one-line message, what was measured against
/// which limit, and where.
///
///     FailureReason(code: "moved-left", message: "moved left during the down-stroke",
///                   measured: 3, limit: 2, unit: "pt", point: Point(x: 101, y: 230))
public struct FailureReason: Sendable, Hashable {
    /// Stable, kebab-case; scripts match on it.
    public var code: String
    /// One line for people.
    public var message: String
    /// The measured value that broke the limit, when there is one.
    public var measured: Double?
    /// The limit it broke.
    public var limit: Double?
    /// The unit of `measured` and `limit` (`pt`, `s`, `rad`, `pt/s`, …).
    public var unit: String?
    /// Where on the path it happened, when that means something.
    public var point: Point?

    public init(
        code: String, message: String, measured: Double? = nil, limit: Double? = nil, unit: String? = nil,
        point: Point? = nil
    ) {
        self.code = code
        self.message = message
        self.measured = measured
        self.limit = limit
        self.unit = unit
        self.point = point
    }
}

/// Failure codes the engine itself gives, as opposed to a recognizer's own rules.
public enum EngineFailure {
    /// Another recognizer recognized first, and the two may not recognize together.
    public static let preempted = "preempted"
    /// A recognizer this one requires to fail recognized instead.
    public static let requiredRecognizerSucceeded = "required-recognizer-succeeded"
    /// Every touch lifted and the recognizer had not decided.
    public static let sequenceEnded = "sequence-ended-undecided"
    static let sequenceEndedReason = FailureReason(
        code: sequenceEnded, message: "every touch lifted before the gesture was recognized")
    /// The trace ended with touches still down.
    public static let sequenceNeverEnded = "sequence-never-ended"
    /// A touch was cancelled (the system took it away).
    public static let touchCancelled = "touch-cancelled"
    /// A recognizer asked for a state change UIKit does not allow.
    public static let illegalTransition = "illegal-transition"
}
