/// A gesture recognizer, modelled on `UIGestureRecognizer`: it receives touches grouped by phase and
/// asks the engine, through its context, to change state, ignore a touch or be woken at a trace time.
///
/// A recognizer is a value. The engine makes a new one from its parameters at the start of every
/// touch sequence, which is UIKit's `reset()`: no state can leak from one sequence into the next.
/// Once it has asked to change state, the engine enforces the legal transitions and arbitration.
///
///     struct Tap: Recognizer {
///         static let definition = RecognizerDefinition(id: "tap", …) { Tap(parameters: $0) }
///         mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
///             context.recognize("tap")
///         }
///     }
public protocol Recognizer: Sendable {
    /// The recognizer's id, summary, parameters, relationships and examples.
    static var definition: RecognizerDefinition { get }

    mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext)
    mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext)
    mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext)
    /// By default a cancelled touch fails a discrete recognizer and cancels a continuous one in flight.
    mutating func touchesCancelled(_ touches: [Touch], context: inout RecognizerContext)
    /// Called at the trace time of a deadline the recognizer set, if it is still undecided.
    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext)
}

extension Recognizer {
    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {}
    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {}
    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {}
    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {}

    public mutating func touchesCancelled(_ touches: [Touch], context: inout RecognizerContext) {
        let reason = FailureReason(
            code: EngineFailure.touchCancelled, message: "touch \(touches[0].id) was cancelled",
            point: touches[0].location)
        if context.state == .possible {
            context.fail(reason)
        } else {
            context.cancel(reason.code, reason.message, point: reason.point)
        }
    }
}

/// What a recognizer can see and ask for while it handles touches: the moment, the view, its own state;
/// and the requests UIKit offers (`state =`, `ignore(_:for:)`) plus deadlines on the trace clock.
public struct RecognizerContext: Sendable {
    /// Trace time of the event (or deadline) being handled, in seconds.
    public internal(set) var time: Double
    /// Index of the event being handled.
    public internal(set) var event: Int
    /// The view the trace was recorded in, when the trace says.
    public let view: ViewSize?
    /// The recognizer's state before this call.
    public internal(set) var state: RecognizerState

    /// A state change the recognizer asked for; the first request in a call wins.
    enum Request: Sendable {
        case recognize(Recognition)
        case fail(FailureReason)
        case begin(Recognition)
        case change(Recognition)
        case cancel(FailureReason)
    }

    var request: Request?
    /// `request != nil`, kept apart: looking into (or clearing) the optional enum goes through the
    /// runtime's generic value witnesses, and most calls ask for nothing.
    var hasRequest = false
    /// Whether the call asked for anything: a request, a touch ignored or a deadline.
    var asked = false
    var requestSample: Int?
    var ignored: [TouchID] = []
    var deadlines: [(time: Double, tag: String)] = []

    init(time: Double, event: Int, view: ViewSize?, state: RecognizerState) {
        self.time = time
        self.event = event
        self.view = view
        self.state = state
    }

    /// Makes the context ready for another call, keeping its storage (the engine reuses one).
    mutating func prepare(time: Double, event: Int, state: RecognizerState) {
        self.time = time
        self.event = event
        self.state = state
        asked = false
        if hasRequest {
            request = nil
            requestSample = nil
            hasRequest = false
        }
        if !ignored.isEmpty { ignored.removeAll(keepingCapacity: true) }
        if !deadlines.isEmpty { deadlines.removeAll(keepingCapacity: true) }
    }

    /// Asks to recognize `gesture` (a discrete recognizer's `state = .recognized`, or a continuous
    /// one's `.ended`), with values worth reporting (a circle's centre, say).
    public mutating func recognize(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.recognize(Recognition(gesture: gesture, details: details)), touch)
    }

    /// Asks to fail, saying why.
    public mutating func fail(_ reason: FailureReason, at touch: Touch? = nil) {
        set(.fail(reason), touch)
    }

    /// Asks to fail: shorthand that builds the `FailureReason`.
    public mutating func fail(
        _ code: String, _ message: String, measured: Double? = nil, limit: Double? = nil, unit: String? = nil,
        point: Point? = nil, at touch: Touch? = nil
    ) {
        fail(FailureReason(code: code, message: message, measured: measured, limit: limit, unit: unit, point: point), at: touch)
    }

    /// A continuous recognizer's `began`.
    public mutating func begin(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.begin(Recognition(gesture: gesture, details: details)), touch)
    }

    /// A continuous recognizer's `changed`.
    public mutating func change(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.change(Recognition(gesture: gesture, details: details)), touch)
    }

    /// A continuous recognizer's `cancelled`, saying why as a failure does.
    public mutating func cancel(_ code: String, _ message: String, point: Point? = nil, at touch: Touch? = nil) {
        set(.cancel(FailureReason(code: code, message: message, point: point ?? touch?.location)), touch)
    }

    /// Fails a one-finger recognizer when `touches` begin beside (or after) the touch it tracks, and
    /// returns true; returns false when `touches` is the single first touch.
    public mutating func failUnlessFirstSingleTouch(_ touches: [Touch], tracked: TouchID?, drawing gesture: String) -> Bool {
        guard tracked != nil || touches.count != 1 else { return false }
        fail(
            "multiple-touches", "a second finger touched down; \(gesture) is drawn with one finger",
            measured: Double(touches.count + (tracked == nil ? 0 : 1)), limit: 1, unit: "touches",
            point: touches[0].location, at: touches[0])
        return true
    }

    /// `ignore(_:for:)`: the recognizer never sees this touch again in this sequence.
    public mutating func ignore(_ touch: Touch) {
        ignored.append(touch.id)
        asked = true
    }

    /// Asks to be woken by `deadlinePassed(tag)` at trace time `time`, even between samples. A deadline
    /// at the time of an event fires after that event: "within 2 s" includes 2 s.
    public mutating func setDeadline(at time: Double, tag: String) {
        deadlines.append((time, tag))
        asked = true
    }

    private mutating func set(_ newRequest: Request, _ touch: Touch?) {
        guard !hasRequest else { return }
        hasRequest = true
        asked = true
        request = newRequest
        requestSample = touch?.sampleIndex
    }
}

/// A recognized gesture: its name (`swipe-left`) and the values that describe it.
public struct Recognition: Sendable, Hashable {
    public var gesture: String
    public var details: [JSONValue.Member]

    public init(gesture: String, details: [JSONValue.Member] = []) {
        self.gesture = gesture
        self.details = details
    }
}
