/// Arbitration among the recognizers of one replay, as UIKit does it: the legal transitions of each
/// recognizer, require-to-fail, preemption, recognitions on hold, and pairs that may recognize together.
///
/// The engine tells it what each recognizer asked for (`handle`) and what the touches decided
/// (`fail`); it moves each attempt's state, records every transition, and when one recognizer
/// recognizes, fails every other undecided one it excludes:
/// - A recognizer that would recognize (or begin) while one it requires to fail is still `possible`
///   waits — a `possible → possible` transition naming whom it waits for — and recognizes once all of
///   them have failed, or fails with `required-recognizer-succeeded` when one of them recognizes.
/// - A recognition fails, with `preempted`, every other `possible` recognizer that may not recognize
///   together with it.
/// - A continuous recognizer in flight (`began`, `changed`) cannot fail: it is cancelled.
/// - A request UIKit does not allow (a discrete recognizer asking to begin, say) is dropped with a
///   warning.
///
/// Gestures recognized or begun, and warnings, are queued in order for the engine to take.
struct Arbiter {
    /// One recognizer's attempt: from the touch sequence it began in until it is decided.
    struct Attempt {
        /// The touch sequence in which this attempt began.
        var sequence: Int
        var state = RecognizerState.possible
        /// A recognition on hold until the recognizers this one requires to fail have failed.
        var pending: PendingRecognition?
        var transitions: [Transition] = []
        var recognition: Recognition?
        var failure: Failure?
    }

    /// When a decision is made: the trace time, the event, and the sample that caused it, if one did.
    struct Moment {
        var time: Double
        var event: Int
        var sample: Int?
    }

    let relations: Relations
    /// Whether to keep every transition; scoring needs only how each attempt ended.
    let recordsTransitions: Bool
    private(set) var attempts: [Attempt]
    /// Gestures recognized or begun since the engine last took them, with the sequence of their attempt.
    private(set) var recognized: [(sequence: Int, gesture: String)] = []
    /// Requests dropped as illegal since the engine last took them.
    private(set) var warnings: [String] = []
    /// The recognizers a recognition being committed is failing (see `commit`).
    private var excluded: [Int] = []
    /// Failures recognizers asked for at the event being settled, not carried out yet: one that a
    /// recognition would fail as `preempted` fails for its own reason instead (the engine's held
    /// requests).
    var ownFailures: [OwnFailure] = []

    /// A failure a recognizer asked for at the event being settled (`ownFailures`).
    struct OwnFailure {
        var index: Int
        var reason: FailureReason
        var moment: Moment
    }

    init(relations: Relations, recordsTransitions: Bool, sequence: Int = 0) {
        self.relations = relations
        self.recordsTransitions = recordsTransitions
        attempts = Array(repeating: Attempt(sequence: sequence), count: relations.count)
    }

    /// Whether recognizer `index` takes touches and deadlines: undecided or in flight, and not a
    /// discrete recognition on hold (a continuous one on hold keeps following its touches, as in UIKit).
    func isActive(_ index: Int) -> Bool {
        !attempts[index].state.isFinal
            && (attempts[index].pending == nil
                || (relations.kinds[index] == .continuous && attempts[index].pending?.ended != true))
    }

    func state(_ index: Int) -> RecognizerState { attempts[index].state }

    /// The state recognizer `index` sees in its own calls. A continuous recognizer whose `began` is on
    /// hold has begun, as far as it is concerned (in UIKit it set `state = .began`; what waits is the
    /// delivery): so it goes on with `changed` and `ended` rather than judging the touch again as if it
    /// had never asked — a long press lifted after its press duration, while the recognizer it requires
    /// to fail is still deciding, ends; it does not fail `lifted-too-early`. Once it has asked to end,
    /// it takes no more touches (`isActive`).
    @inline(__always)
    func visibleState(_ index: Int) -> (state: RecognizerState, onHold: Bool) {
        // Nothing on hold, nearly always: one test of the optional, no copy of what it holds.
        if attempts[index].pending == nil { return (attempts[index].state, false) }
        return (attempts[index].pending!.begins ? .began : attempts[index].state, true)
    }

    /// Whether recognizer `index` has a recognition on hold.
    func isWaiting(_ index: Int) -> Bool { attempts[index].pending != nil }

    /// The recognizer that `request` of recognizer `index` (possible, nothing on hold) makes recognize
    /// at once, if one certainly recognizes: `index` itself, for a recognition with nothing to wait
    /// for; the first waiting for `index` alone, when it fails. `nil` otherwise.
    func recognizer(madeBy request: RecognizerContext.Request, of index: Int) -> Int? {
        switch request {
        case .recognize, .begin:
            return relations.requires[index].contains(where: { blocks(attempts[$0]) }) ? nil : index
        case .fail, .cancel:
            // One in flight is cancelled, which releases no one.
            guard attempts[index].state == .possible else { return nil }
            return attempts.indices.first { waiter in
                waits(waiter, on: index)
                    && relations.requires[waiter].allSatisfy { $0 == index || attempts[$0].state == .failed }
            }
        case .change: return nil
        }
    }

    /// Whether a recognition by `winner` fails recognizer `index` whatever `index` asks for at the
    /// same event (it is possible, and may not recognize with it, or requires it to fail). The one
    /// rule `commit` fails recognizers by, which the engine's shortcut relies on.
    @inline(__always)
    func isFailed(_ index: Int, byRecognitionOf winner: Int) -> Bool {
        index != winner && attempts[index].state == .possible
            && (relations.requires[index].contains(winner) || !relations.maySimultaneouslyRecognize(winner, index))
    }

    /// Whether failing recognizer `index` may release a recognition on hold: one still possible waits
    /// for it.
    func mayRelease(_ index: Int) -> Bool {
        attempts.indices.contains { waits($0, on: index) }
    }

    /// Whether recognizer `waiter` holds a recognition that waits for recognizer `index` to fail.
    @inline(__always)
    private func waits(_ waiter: Int, on index: Int) -> Bool {
        attempts[waiter].pending != nil && attempts[waiter].state == .possible
            && relations.requires[waiter].contains(index)
    }

    /// A fresh attempt of recognizer `index`, beginning in `sequence` (UIKit's `reset()`).
    mutating func reset(_ index: Int, sequence: Int) {
        attempts[index] = Attempt(sequence: sequence)
    }

    /// The decided attempt of recognizer `index`, moved out (its transitions are not copied); the
    /// recognizer must be reset before it is asked anything again.
    mutating func take(_ index: Int) -> Attempt {
        var attempt = Attempt(sequence: attempts[index].sequence)
        swap(&attempt, &attempts[index])
        return attempt
    }

    /// The gestures and warnings queued since the last call, in order.
    mutating func takeNews() -> (recognized: [(sequence: Int, gesture: String)], warnings: [String]) {
        defer {
            recognized.removeAll(keepingCapacity: true)
            warnings.removeAll(keepingCapacity: true)
        }
        return (recognized, warnings)
    }

    var hasNews: Bool { !recognized.isEmpty || !warnings.isEmpty }

    // MARK: Requests

    /// Carries out what recognizer `index` asked for.
    mutating func handle(_ request: RecognizerContext.Request, of index: Int, at moment: Moment) {
        if relations.renamesAny, let name = relations.renames[index] {
            carryOut(request.renamed(name), of: index, at: moment)
        } else {
            carryOut(request, of: index, at: moment)
        }
    }

    @inline(__always)
    private mutating func carryOut(_ request: RecognizerContext.Request, of index: Int, at moment: Moment) {
        switch request {
        case .fail(let reason): fail(index, reason, at: moment)
        case .begin(let recognition):
            if attempts[index].pending != nil {
                // Its `began` is on hold (the recognizer sees `began`, so this is a recognizer asking
                // again): keep the latest values.
                attempts[index].pending?.recognition = recognition
            } else {
                requestRecognition(index, recognition, begins: true, at: moment)
            }
        case .recognize(let recognition):
            if attempts[index].pending?.begins == true {
                attempts[index].pending?.recognition = recognition
                attempts[index].pending?.ended = true
            } else if attempts[index].state == .began || attempts[index].state == .changed {
                end(index, recognition, at: moment)
            } else {
                requestRecognition(index, recognition, begins: false, at: moment)
            }
        case .change(let recognition):
            if attempts[index].pending != nil {
                attempts[index].pending?.recognition = recognition
            } else if move(index, to: .changed, reason: "changed", at: moment, values: recognition.details) {
                attempts[index].recognition = recognition
            }
        case .cancel(let reason):
            // Failing a recognizer in flight cancels it (and a possible one simply fails).
            fail(index, reason, at: moment)
        }
    }

    /// Fails recognizer `index` (cancels it when in flight). A failure may release recognitions on hold
    /// that waited only for it, which may in turn fail others.
    mutating func fail(_ index: Int, _ reason: FailureReason, at moment: Moment) {
        guard attempts[index].state == .possible else {
            // A continuous recognizer in flight cannot fail; UIKit cancels it.
            if move(index, to: .cancelled, reason: reason.message, at: moment) {
                attempts[index].failure = Failure(
                    reason: reason, time: moment.time, event: moment.event, sample: moment.sample)
            }
            return
        }
        move(index, to: .failed, reason: reason.message, at: moment)
        attempts[index].failure = Failure(reason: reason, time: moment.time, event: moment.event, sample: moment.sample)
        attempts[index].pending = nil
        for waiter in attempts.indices where waits(waiter, on: index) {
            // One that a recognition is failing is not released by another it fails first.
            if excluded.contains(waiter) { continue }
            let required = relations.requires[waiter]
            guard required.allSatisfy({ attempts[$0].state == .failed }) else { continue }
            let pending = attempts[waiter].pending!
            let names = required.map { relations.ids[$0] }.joined(separator: ", ")
            commit(
                waiter, pending.recognition, begins: pending.begins, at: Moment(time: moment.time, event: moment.event),
                reason: "\(pending.begins ? "began" : "recognized") \(pending.recognition.gesture) once \(names) failed"
            )
        }
    }

    // MARK: Transitions

    /// Records a transition if UIKit allows it; an illegal request is dropped with a warning.
    @discardableResult
    private mutating func move(
        _ index: Int, to state: RecognizerState, reason: @autoclosure () -> String, at moment: Moment,
        waitingFor: [String] = [], values: [JSONValue.Member] = []
    ) -> Bool {
        let from = attempts[index].state
        guard from.canMove(to: state, kind: relations.kinds[index]) else {
            warnings.append(
                "\(relations.ids[index]) asked for the illegal transition \(from.rawValue) → \(state.rawValue) at t=\(Format.time(moment.time))"
            )
            return false
        }
        attempts[index].state = state
        if recordsTransitions {
            attempts[index].transitions.append(
                Transition(
                    from: from, to: state, time: moment.time, event: moment.event, sample: moment.sample,
                    reason: reason(),
                    waitingFor: waitingFor, values: relations.kinds[index] == .continuous ? values : []))
        }
        return true
    }

    private mutating func requestRecognition(_ index: Int, _ recognition: Recognition, begins: Bool, at moment: Moment)
    {
        guard attempts[index].state == .possible, attempts[index].pending == nil else {
            return warnings.append(
                "\(relations.ids[index]) asked to \(begins ? "begin" : "recognize") while \(attempts[index].state.rawValue) at t=\(Format.time(moment.time))"
            )
        }
        if relations.requires[index].contains(where: { blocks(attempts[$0]) }) {
            attempts[index].pending = PendingRecognition(recognition: recognition, begins: begins)
            guard recordsTransitions else { return }
            let waiting = relations.requires[index].filter { blocks(attempts[$0]) }.map { relations.ids[$0] }
            attempts[index].transitions.append(
                Transition(
                    from: .possible, to: .possible, time: moment.time, event: moment.event, sample: moment.sample,
                    reason:
                        "would \(begins ? "begin" : "recognize") \(recognition.gesture); waiting for \(waiting.joined(separator: ", ")) to fail",
                    waitingFor: waiting))
            return
        }
        commit(
            index, recognition, begins: begins, at: moment,
            reason: "\(begins ? "began" : "recognized") \(recognition.gesture)")
    }

    /// Whether a required recognizer in `attempt` makes one that requires it wait: while it is
    /// possible (UIKit), or in the hammer profile only while it is under way.
    private func blocks(_ attempt: Attempt) -> Bool {
        relations.waitsWhilePossible
            ? attempt.state == .possible : attempt.state == .began || attempt.state == .changed
    }

    /// Makes a recognition (or a `began`) happen, and fails whoever it excludes.
    private mutating func commit(
        _ index: Int, _ recognition: Recognition, begins: Bool, at moment: Moment, reason: @autoclosure () -> String
    ) {
        guard move(index, to: begins ? .began : .recognized, reason: reason(), at: moment, values: recognition.details)
        else {
            return
        }
        attempts[index].recognition = recognition
        let ended = attempts[index].pending?.ended == true
        attempts[index].pending = nil
        recognized.append((attempts[index].sequence, recognition.gesture))
        let winner = relations.ids[index]
        // Made once and shared by every recognizer it preempts (most of the registry, often).
        var preempted: FailureReason?
        // Every recognizer it fails is excluded from the start: failing one (a double tap) must not
        // release another's recognition on hold (a tap waiting for the double tap) that this
        // recognition also fails. One that may recognize with it is not excluded: failing what it
        // waits for releases it.
        let outer = excluded.count
        for other in attempts.indices where isFailed(other, byRecognitionOf: index) { excluded.append(other) }
        defer { excluded.removeSubrange(outer...) }
        for other in attempts.indices where isFailed(other, byRecognitionOf: index) {
            if relations.requires[other].contains(index) {
                fail(
                    other,
                    FailureReason(
                        EngineFailure.requiredRecognizerSucceeded,
                        "\(winner) \(begins ? "began" : "recognized"), and \(relations.ids[other]) requires it to fail"),
                    at: moment)
            } else {
                if !ownFailures.isEmpty, let own = ownFailures.first(where: { $0.index == other }) {
                    fail(other, own.reason, at: own.moment)
                    continue
                }
                if preempted == nil {
                    preempted = FailureReason(
                        EngineFailure.preempted,
                        recognition.gesture == winner
                            ? "preempted by \(winner)" : "preempted by \(winner) (\(recognition.gesture))")
                }
                fail(other, preempted!, at: moment)
            }
        }
        if ended { end(index, recognition, at: moment) }
    }

    /// A continuous recognizer's `ended`.
    private mutating func end(_ index: Int, _ recognition: Recognition, at moment: Moment) {
        guard
            move(
                index, to: .recognized, reason: "ended \(recognition.gesture)", at: moment, values: recognition.details)
        else {
            return
        }
        attempts[index].recognition = recognition
    }
}

/// A `began` (continuous) or recognition (discrete) waiting for requirements to fail; for a
/// continuous recognizer, also whether it has ended meanwhile.
struct PendingRecognition {
    var recognition: Recognition
    var begins: Bool
    var ended = false
}

extension RecognizerContext.Request {
    /// The same request, its recognition named `name` (a configured instance's gesture).
    func renamed(_ name: String) -> Self {
        switch self {
        case .recognize(var recognition):
            recognition.gesture = name
            return .recognize(recognition)
        case .begin(var recognition):
            recognition.gesture = name
            return .begin(recognition)
        case .change(var recognition):
            recognition.gesture = name
            return .change(recognition)
        case .fail, .cancel: return self
        }
    }
}
