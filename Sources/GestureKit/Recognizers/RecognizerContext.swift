/// What a recognizer can see and ask for while it handles touches: the moment, the view, its own state;
/// and the requests UIKit offers (`state =`, `ignore(_:for:)`) plus deadlines on the trace clock.
///
/// The first state change asked for in a call wins; the engine carries it out after the call.
public struct RecognizerContext: Sendable {
    /// Trace time of the event (or deadline) being handled, in seconds.
    public internal(set) var time: Double
    /// Index of the event being handled (for a deadline: of the last event before it).
    public internal(set) var event: Int
    /// The view the trace was recorded in, when the trace says.
    public let view: ViewSize?
    /// The recognizer's state before this call, as it set it: a continuous recognizer whose `began` is
    /// on hold until the recognizers it requires to fail have failed reads `began` (`isOnHold`).
    public internal(set) var state: RecognizerState
    /// Whether what the recognizer asked for (its `began`) is on hold until the recognizers it requires
    /// to fail have failed. Its `changed` meanwhile only replaces the values its `began` will carry.
    public internal(set) var isOnHold = false
    /// Whether the replay keeps what failed recognizers measured (`FailureReason.details`): pictures
    /// and JSON output do, scoring does not. A recognizer may skip building them when it is false;
    /// `fail(_:_:…details:at:)` builds them only when it is true.
    public internal(set) var keepsFailureDetails = true
    /// Whether anything will show this recognizer's failure reason (its message, measured value and
    /// limit): always, except when `gesture batch` scores a trace labelled with another recognizer's
    /// gesture, where only the code is counted. A recognizer may then skip work that only the reason
    /// needs, as long as its states and failure code are what they would be otherwise.
    public var explainsFailure: Bool { explained == Int.min || explained == recognizer }
    /// The position of the recognizer whose failure reason is shown, when only one's is (`Int.min`:
    /// every one's; -1: none), and that of the recognizer called.
    var explained = Int.min
    var recognizer = 0

    /// A state change the recognizer asked for.
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
    var deadlines: [Deadline] = []
    /// Work shared at one event (see `shared(_:_:)`), and that event.
    private var sharedWork: [any AnyObject & Sendable] = []
    private var sharedEvent = -1

    /// The engine's paths of the sequence's touches.
    private let paths: TouchPaths

    init(time: Double, event: Int, view: ViewSize?, state: RecognizerState, paths: TouchPaths = TouchPaths()) {
        self.time = time
        self.event = event
        self.view = view
        self.state = state
        self.paths = paths
    }

    /// Where `touch` has been since it touched down in this touch sequence, up to and including this
    /// event: its location at touch down and at each moved, lifted or cancelled sample (stationary
    /// samples add nothing) — the locations a recognizer that has followed it from touch down was
    /// handed. Empty for a touch of another sequence. The engine keeps one path per touch for every
    /// recognizer, so a recognizer that judges a whole stroke need not keep its own copy.
    public func path(of touch: TouchID) -> [Point] { paths.path(of: touch) }

    /// `prepare` with the state the recognizer sees and whether its request is on hold (`Arbiter/visibleState`).
    @inline(__always)
    mutating func prepare(time: Double, event: Int, visible: (state: RecognizerState, onHold: Bool), recognizer: Int) {
        prepare(time: time, event: event, state: visible.state)
        isOnHold = visible.onHold
        self.recognizer = recognizer
    }

    /// Makes the context ready for another call, keeping its storage (the engine reuses one).
    @inline(__always)
    mutating func prepare(time: Double, event: Int, state: RecognizerState) {
        self.time = time
        self.event = event
        self.state = state
        isOnHold = false
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
    /// one's `.ended`), with the values its definition declares (a circle's centre, say).
    public mutating func recognize(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.recognize(Recognition(gesture: gesture, details: details)), touch)
    }

    /// Asks to fail, saying why.
    public mutating func fail(_ reason: FailureReason, at touch: Touch? = nil) {
        set(.fail(reason), touch)
    }

    /// Asks to fail with one of the recognizer's own failure codes, saying why: what was measured,
    /// against which limit, where.
    public mutating func fail<Code: RecognizerFailureCode>(
        _ code: Code, _ message: String, measured: Double? = nil, limit: Double? = nil, unit: MeasureUnit? = nil,
        point: Point? = nil, details: @autoclosure () -> [JSONValue.Member] = [], at touch: Touch? = nil
    ) {
        let details = keepsFailureDetails ? details() : []
        fail(
            FailureReason(code, message, measured: measured, limit: limit, unit: unit, point: point, details: details),
            at: touch)
    }

    /// A continuous recognizer's `began`, with its values.
    public mutating func begin(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.begin(Recognition(gesture: gesture, details: details)), touch)
    }

    /// A continuous recognizer's `changed`, with its values.
    public mutating func change(_ gesture: String, details: [JSONValue.Member] = [], at touch: Touch? = nil) {
        set(.change(Recognition(gesture: gesture, details: details)), touch)
    }

    /// A continuous recognizer's `cancelled`, saying why as a failure does; where, when no point is
    /// given, is the touch's location.
    public mutating func cancel(_ reason: FailureReason, at touch: Touch? = nil) {
        var reason = reason
        if reason.point == nil { reason.point = touch?.location }
        set(.cancel(reason), touch)
    }

    /// A continuous recognizer's `cancelled` with one of its own failure codes, saying what was
    /// measured against which limit, as a failure does.
    public mutating func cancel<Code: RecognizerFailureCode>(
        _ code: Code, _ message: String, measured: Double? = nil, limit: Double? = nil, unit: MeasureUnit? = nil,
        point: Point? = nil, at touch: Touch? = nil
    ) {
        cancel(FailureReason(code, message, measured: measured, limit: limit, unit: unit, point: point), at: touch)
    }

    /// Fails while the recognizer is `possible` and cancels it once it has begun, with the same
    /// reason: what a continuous recognizer does when what it needs stops holding (a finger too many).
    public mutating func failOrCancel<Code: RecognizerFailureCode>(
        _ code: Code, _ message: String, measured: Double? = nil, limit: Double? = nil, unit: MeasureUnit? = nil,
        point: Point? = nil, at touch: Touch? = nil
    ) {
        if state == .possible {
            fail(code, message, measured: measured, limit: limit, unit: unit, point: point, at: touch)
        } else {
            cancel(code, message, measured: measured, limit: limit, unit: unit, point: point, at: touch)
        }
    }

    /// Fails a one-finger recognizer with `code` when `touches` begin beside (or after) the touch it
    /// tracks, and returns true; returns false when `touches` is the single first touch.
    public mutating func failUnlessFirstSingleTouch<Code: RecognizerFailureCode>(
        _ touches: [Touch], tracked: TouchID?, drawing gesture: String, code: Code
    ) -> Bool {
        guard tracked != nil || touches.count != 1 else { return false }
        // The second finger: beside the first when they land together, else the first of those landing.
        let down = touches.count + (tracked == nil ? 0 : 1)
        let second = touches.first(pastAllowed: 1, down: down)
        fail(
            code, "a second finger touched down; \(gesture) is drawn with one finger",
            measured: Double(down), limit: 1, unit: .touches, point: second.location, at: second)
        return true
    }

    /// Work that recognizers of one kind share at one event: the first object of type `Work` made at
    /// this event that `matches`, or else `make()`'s, kept for the others.
    ///
    /// Copies of one recognizer that differ only in a threshold (`gesture tune` replays a copy for each
    /// value of a sweep at once) see the same touches, so they can measure a path once and each
    /// compare the measures with its own limits. `matches` must hold only for work made from the same
    /// touches with the same measuring parameters: a key the object keeps (the touch, how many of its
    /// samples, the parameters) compared with the caller's. The object may fill itself in lazily,
    /// part by part, as each recognizer needs; it is only ever used on the replay's thread.
    ///
    ///     let measures = context.shared({ $0.key == key }, make: { Measures(points, key) })
    public mutating func shared<Work: AnyObject & Sendable>(_ matches: (Work) -> Bool, make: () -> Work) -> Work {
        if sharedEvent != event {
            if !sharedWork.isEmpty { sharedWork.removeAll(keepingCapacity: true) }
            sharedEvent = event
        }
        for case let work as Work in sharedWork where matches(work) { return work }
        let work = make()
        sharedWork.append(work)
        return work
    }

    /// UIKit's `ignore(_:for:)`: the recognizer is never handed this touch again in this attempt.
    public mutating func ignore(_ touch: Touch) {
        ignored.append(touch.id)
        asked = true
    }

    /// Asks to be woken by `deadlinePassed(tag)` at trace time `time`, even between samples. A maximum's
    /// deadline at the time of an event fires after that event: "within 2 s" includes 2 s. A minimum's
    /// fires before it: "held 0.5 s" is reached by a lift at 0.5 s. The time is taken as the decimal
    /// it stands for (`TraceTime/decimal(_:)`), so the transitions it makes are at `1.152`, not at
    /// `0.652 + 0.5`'s `1.1520000000000001`.
    public mutating func setDeadline(at time: Double, tag: String, for kind: Deadline.Kind = .maximum) {
        deadlines.append(Deadline(time: TraceTime.decimal(time), tag: tag, kind: kind))
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

/// A trace time at which a recognizer asked to be woken, and the tag it gave
/// (`RecognizerContext/setDeadline(at:tag:for:)`).
public struct Deadline: Sendable {
    /// Which side of an event at its very time a deadline falls on, as thresholds are compared: a
    /// maximum is passed when the time is above it, a minimum reached when the time is at least it.
    public enum Kind: Sendable {
        /// The end of a time allowed ("within `maximumInterval`"): it fires after an event at its time.
        case maximum
        /// The end of a time required ("held `minimumPressDuration`"): it fires before an event at its time.
        case minimum
    }

    var time: Double
    var tag: String
    var kind: Kind

    /// Whether it falls before an event at `time`; a time within `TraceTime/slack(_:_:)` of it is
    /// its very time (0.09 + 0.25 is the time of an event at 0.34).
    @inline(__always)
    func precedes(eventAt time: Double) -> Bool {
        let slack = TraceTime.slack(self.time, time)
        return kind == .minimum ? self.time <= time + slack : self.time < time - slack
    }
}
