/// One step in a recognizer's life: a state change, or a recognition put on hold while recognizers it
/// requires to fail are undecided.
public struct Transition: Sendable, Hashable {
    public var from: RecognizerState
    public var to: RecognizerState
    /// Trace time in seconds.
    public var time: Double
    /// Index of the event (samples with equal time) being delivered, counted over the whole trace.
    public var event: Int
    /// Index of the sample of the touch that caused it; `nil` when a deadline or another recognizer did.
    public var sample: Int?
    /// Why, in one line.
    public var reason: String
    /// For a recognition on hold: the recognizers it waits for, in registry order.
    public var waitingFor: [String]
    /// A continuous recognizer's values at `began`, `changed` and `ended` (translation, scale, …).
    public var values: [JSONValue.Member]

    public init(
        from: RecognizerState, to: RecognizerState, time: Double, event: Int, sample: Int?, reason: String,
        waitingFor: [String] = [], values: [JSONValue.Member] = []
    ) {
        self.values = values
        self.from = from
        self.to = to
        self.time = time
        self.event = event
        self.sample = sample
        self.reason = reason
        self.waitingFor = waitingFor
    }
}

/// A failure reason placed in time: when, at which event, by which sample.
public struct Failure: Sendable, Hashable {
    public var reason: FailureReason
    public var time: Double
    public var event: Int
    public var sample: Int?
}
