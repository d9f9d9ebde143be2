/// Why a recognizer failed, as data: a stable code, a one-line message, what was measured against
/// which limit, and where.
///
///     FailureReason(Checkmark.FailureCode.movedLeft, "moved left during the down-stroke",
///                   measured: 3, limit: 2, unit: .points, point: Point(x: 101, y: 230))
public struct FailureReason: Sendable, Hashable {
    /// Stable, kebab-case; scripts match on it. A recognizer's own codes are declared by its
    /// `FailureCode` type; the engine's by `EngineFailure`.
    public var code: String
    /// One line for people.
    public var message: String
    /// The measured value that broke the limit, when there is one (finite: `init` leaves out one that
    /// is not, as it does a limit or a point).
    public var measured: Double?
    /// The limit it broke.
    public var limit: Double?
    /// The unit of `measured` and `limit`.
    public var unit: MeasureUnit?
    /// Where on the path it happened, when that means something.
    public var point: Point?
    /// What the recognizer had measured when it failed: some of the details its definition declares,
    /// in their declared order (a circle's centre and closure gap, a Z's corners), for pictures and
    /// scripts; empty when it had measured none.
    public var details: [JSONValue.Member]

    public init(
        code: String, message: String, measured: Double? = nil, limit: Double? = nil, unit: MeasureUnit? = nil,
        point: Point? = nil, details: [JSONValue.Member] = []
    ) {
        self.code = code
        self.message = message
        // A value that is not a number measures nothing (a ratio of 0 over 0): left out, as JSON
        // would write it (null), rather than shown as `measured nan`.
        self.measured = measured.flatMap { $0.isFinite ? $0 : nil }
        self.limit = limit.flatMap { $0.isFinite ? $0 : nil }
        self.unit = unit
        self.point = point.flatMap { $0.x.isFinite && $0.y.isFinite ? $0 : nil }
        self.details = details
    }

    /// A reason with a declared failure code.
    public init<Code: RecognizerFailureCode>(
        _ code: Code, _ message: String, measured: Double? = nil, limit: Double? = nil, unit: MeasureUnit? = nil,
        point: Point? = nil, details: [JSONValue.Member] = []
    ) {
        self.init(
            code: code.rawValue, message: message, measured: measured, limit: limit, unit: unit, point: point,
            details: details)
    }
}

/// The failure codes the engine itself gives, as opposed to a recognizer's own rules.
public enum EngineFailure: String, RecognizerFailureCode {
    /// Another recognizer recognized first, and the two may not recognize together.
    case preempted
    /// A recognizer this one requires to fail recognized instead.
    case requiredRecognizerSucceeded = "required-recognizer-succeeded"
    /// Every touch lifted and the recognizer had not decided.
    case sequenceEndedUndecided = "sequence-ended-undecided"
    /// The trace ended with touches still down.
    case sequenceNeverEnded = "sequence-never-ended"
    /// A touch was cancelled (the system took it away).
    case touchCancelled = "touch-cancelled"
    /// The recognizer set deadline after deadline, each firing without an event between
    /// (`ReplayEngine.maximumDeadlinesInARow`): a recognizer that re-arms its deadline on every one
    /// would never decide, and the replay would never end.
    case tooManyDeadlines = "too-many-deadlines"

    public var meaning: String {
        switch self {
        case .preempted: "another recognizer recognized first, and the two may not recognize together"
        case .requiredRecognizerSucceeded: "a recognizer this one requires to fail recognized instead"
        case .sequenceEndedUndecided: "every touch lifted before the recognizer decided"
        case .sequenceNeverEnded: "the trace ended with touches still down"
        case .touchCancelled: "a touch was cancelled (the system took it away)"
        case .tooManyDeadlines: "the recognizer set deadline after deadline with no event between (a defect of its own)"
        }
    }

    static let sequenceEndedReason = FailureReason(
        EngineFailure.sequenceEndedUndecided, "every touch lifted before the gesture was recognized")
}
