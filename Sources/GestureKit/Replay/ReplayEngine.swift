/// Replays a trace event by event through every recognizer of a configuration, with trace time as the
/// only clock, enforcing UIKit's state machine and arbitration, and records everything that happened.
///
/// An event is a run of consecutive samples with the same time, each touch at most once (a touch that
/// appears again at the same time starts a new event at that time, so no sample is lost). Within an
/// event, touches are delivered grouped by phase — began, moved/stationary, ended, cancelled — to every
/// recognizer still deciding, less the touches it ignores. Deadlines fire at their exact trace time,
/// before any later event; a deadline at the time of an event fires after it; after the last sample,
/// time runs on until every deadline has fired.
///
/// A recognizer's *attempt* starts at the touch sequence after it was last decided and lasts until it
/// is decided: like UIKit, the engine resets a recognizer (makes a fresh one) only once it has
/// recognized, failed or been cancelled. One still undecided when every touch lifts fails then, unless
/// it is waiting for a deadline or for a recognizer it requires to fail: then it carries into the next
/// touch sequence (a double tap's second tap).
struct ReplayEngine {
    /// A touch sequence while the trace is replayed.
    private struct SequenceRecord {
        var start: Double
        var end: Double
        var ended = true
        var gestures: [String] = []
        /// Reports in registry order, each inserted where it belongs as its recognizer is decided
        /// (nearly always at the end); `orders` holds their positions in the registry.
        var reports: [RecognizerReport] = []
        var orders: [Int] = []
        var continuing: [String] = []

        mutating func add(_ report: consuming RecognizerReport, order: Int) {
            var at = orders.count
            while at > 0, orders[at - 1] > order { at -= 1 }
            if at == orders.count {  // Nearly always: `insert` takes the general path even at the end.
                orders.append(order)
                reports.append(report)
            } else {
                orders.insert(order, at: at)
                reports.insert(report, at: at)
            }
        }
    }

    /// Whether to keep every transition; `gesture batch` needs only how each recognizer ended.
    private let recordsTransitions: Bool
    private var samples: [Sample]
    private let view: ViewSize?
    /// The configuration's entries, in the order of `slots`.
    private let entries: [Configuration.Entry]
    private let relations: Configuration.Relations
    private var slots: [RecognizerSlot] = [] {
        didSet { slotReferences = slots.map { Unmanaged.passUnretained($0) } }
    }
    /// `slots`, unretained.
    private var slotReferences: [Unmanaged<RecognizerSlot>] = []
    /// Touches down now, with their last location.
    private var down = TouchMap<Point>()
    private var eventIndex = -1
    private var time = 0.0
    private var records: [SequenceRecord] = []
    private var warnings: [String] = []
    /// The current event's touches by phase, kept between events so that their storage is reused.
    private var began: [Touch] = []
    private var moved: [Touch] = []
    private var ended: [Touch] = []
    private var cancelled: [Touch] = []
    /// No deadline of a recognizer still deciding is earlier than this (it may be earlier than the
    /// true earliest, never later), so most events skip the search for deadlines to fire.
    private var earliestDeadline = Double.infinity
    /// The context handed to recognizers, prepared afresh for each call and reused to save its setup.
    private var context: RecognizerContext

    /// Where slots come from and go back to, when the caller replays many traces on one thread.
    private let workspace: ReplayWorkspace?

    init(configuration: Configuration, trace: consuming Trace, recordsTransitions: Bool, workspace: ReplayWorkspace? = nil) {
        self.workspace = workspace
        self.recordsTransitions = recordsTransitions
        entries = configuration.entries
        relations = configuration.relations
        view = trace.view
        samples = []
        swap(&samples, &trace.samples)
        warnings = trace.warnings
        context = RecognizerContext(time: 0, event: 0, view: trace.view, state: .possible)
    }

    /// Runs the whole trace. The trace must have passed `TraceValidator`.
    ///
    /// Memory: the trace is consumed, so that its samples go as soon as they have been replayed, and
    /// each sequence's record goes as soon as its result is made — a million-sample session holds
    /// neither twice.
    static func run(
        _ trace: consuming Trace, file: String, configuration: Configuration, recordsTransitions: Bool = true,
        workspace: ReplayWorkspace? = nil
    ) -> TraceResult {
        let name = trace.name
        let label = trace.label
        var engine = ReplayEngine(
            configuration: configuration, trace: trace, recordsTransitions: recordsTransitions, workspace: workspace)
        engine.replay()
        if !engine.slots.isEmpty { workspace?.giveBack(engine.slots) }
        engine.samples = []
        var sequences: [SequenceResult] = []
        sequences.reserveCapacity(engine.records.count)
        for index in engine.records.indices {
            // Moved out, not copied: each report is made once and never copied.
            var record = SequenceRecord(start: 0, end: 0)
            swap(&record, &engine.records[index])
            sequences.append(
                SequenceResult(
                    start: record.start, end: record.end, ended: record.ended, gestures: record.gestures,
                    recognizers: record.reports, continuing: record.continuing))
        }
        return TraceResult(file: file, name: name, label: label, warnings: engine.warnings, sequences: sequences)
    }

    private mutating func replay() {
        var start = 0
        while start < samples.count {
            // An event rarely has more than a few touches: a linear search of it beats hashing, which
            // takes over for a large one (the touches limit can be raised) so that time stays linear.
            var end = start + 1
            var seen: Set<TouchID>?
            while end < samples.count, samples[end].time == samples[start].time {
                let touch = samples[end].touch
                if end - start < 16 {
                    if samples[start..<end].contains(where: { $0.touch == touch }) { break }
                } else {
                    if seen == nil { seen = Set(samples[start..<end].lazy.map(\.touch)) }
                    if !seen!.insert(touch).inserted { break }
                }
                end += 1
            }
            deliverEvent(start..<end)
            start = end
        }
        finishTrace()
    }

    // MARK: Events

    private mutating func deliverEvent(_ range: Range<Int>) {
        let eventTime = samples[range.lowerBound].time
        fireDeadlines(before: eventTime)
        eventIndex += 1
        time = eventTime
        if down.isEmpty { beginSequence() }
        // Emptied from the end, keeping their storage: an event holds a touch or two, and
        // `removeAll(keepingCapacity:)` takes the general path of `replaceSubrange`.
        while !began.isEmpty { began.removeLast() }
        while !moved.isEmpty { moved.removeLast() }
        while !ended.isEmpty { ended.removeLast() }
        while !cancelled.isEmpty { cancelled.removeLast() }
        for index in range {
            let sample = samples[index]
            let touch = Touch(
                id: sample.touch, phase: sample.phase, location: sample.location,
                previousLocation: down[sample.touch] ?? sample.location, timestamp: sample.time, sampleIndex: index)
            switch sample.phase {
            case .began: began.append(touch)
            case .moved, .stationary: moved.append(touch)
            case .ended: ended.append(touch)
            case .cancelled: cancelled.append(touch)
            }
            down[sample.touch] = sample.phase.isDown ? sample.location : nil
        }
        if !began.isEmpty { deliver(began, phase: 0) }
        if !moved.isEmpty { deliver(moved, phase: 1) }
        if !ended.isEmpty { deliver(ended, phase: 2) }
        if !cancelled.isEmpty { deliver(cancelled, phase: 3) }
        if down.isEmpty { endSequence() }
    }

    /// Hands the touches of one phase to every recognizer still taking them, less those it ignores.
    private mutating func deliver(_ touches: [Touch], phase: Int) {
        for index in slots.indices {
            // Unretained (`slots` keeps every slot alive while an event is delivered): reference
            // counting was a fifth of the engine's work.
            let delivered = slotReferences[index]._withUnsafeGuaranteedRef { slot -> Int? in
                guard slot.isActive else { return nil }
                if !slot.ignoresTouches {
                    context.prepare(time: time, event: eventIndex, state: slot.state)
                    slot.deliver(phase: phase, touches, context: &context)
                    return touches[0].sampleIndex
                }
                let visible = touches.filter { !slot.ignored.contains($0.id) }
                guard !visible.isEmpty else { return nil }
                context.prepare(time: time, event: eventIndex, state: slot.state)
                slot.deliver(phase: phase, visible, context: &context)
                return visible[0].sampleIndex
            }
            if let delivered, context.asked { applyContext(to: index, sample: delivered) }
        }
    }

    /// Fires, in time order, every deadline earlier than `limit` of a recognizer still deciding.
    private mutating func fireDeadlines(before limit: Double) {
        while earliestDeadline < limit {
            var next: (time: Double, slot: Int, position: Int)?
            var earliest = Double.infinity
            for index in slots.indices where slots[index].isActive {
                for (position, deadline) in slots[index].deadlines.enumerated() {
                    earliest = min(earliest, deadline.time)
                    if deadline.time < limit && (next == nil || deadline.time < next!.time) {
                        next = (deadline.time, index, position)
                    }
                }
            }
            earliestDeadline = earliest
            guard let (deadlineTime, index, position) = next else { return }
            let tag = slots[index].deadlines.remove(at: position).tag
            time = max(time, deadlineTime)
            let slot = slots[index]
            context.prepare(time: time, event: eventIndex, state: slot.state)
            slot.deadlinePassed(tag, context: &context)
            applyContext(to: index, sample: nil)
            if down.isEmpty { failUndecided(EngineFailure.sequenceEndedReason) }
        }
    }

    // MARK: Requests and arbitration

    /// Carries out what the last call asked for through `context`.
    private mutating func applyContext(to index: Int, sample: Int?) {
        if !context.ignored.isEmpty {
            slots[index].ignored += context.ignored
            slots[index].ignoresTouches = true
        }
        if !context.deadlines.isEmpty {
            slots[index].deadlines += context.deadlines
            for deadline in context.deadlines { earliestDeadline = min(earliestDeadline, deadline.time) }
        }
        guard context.hasRequest, let request = context.request.take() else { return }
        context.hasRequest = false
        let sample = context.requestSample ?? sample
        switch request {
        case .fail(let reason): fail(index, reason, sample: sample)
        case .begin(let recognition):
            if slots[index].pending != nil {
                // Its `began` is on hold: the recognizer still sees `possible` and may ask again, as UIKit
                // tolerates; keep the latest values.
                slots[index].pending?.recognition = recognition
            } else {
                requestRecognition(index, recognition, begins: true, sample: sample)
            }
        case .recognize(let recognition):
            if slots[index].pending?.begins == true {
                slots[index].pending?.recognition = recognition
                slots[index].pending?.ended = true
            } else if slots[index].state == .began || slots[index].state == .changed {
                end(index, recognition, sample: sample)
            } else {
                requestRecognition(index, recognition, begins: false, sample: sample)
            }
        case .change(let recognition):
            if slots[index].pending != nil {
                slots[index].pending?.recognition = recognition
            } else if move(index, to: .changed, reason: "changed", sample: sample, values: recognition.details) {
                slots[index].recognition = recognition
            }
        case .cancel(let reason):
            // Failing a recognizer in flight cancels it (and a possible one simply fails).
            fail(index, reason, sample: sample)
        }
    }

    /// Records a transition if UIKit allows it; an illegal request is dropped with a warning.
    @discardableResult
    private mutating func move(
        _ index: Int, to state: RecognizerState, reason: @autoclosure () -> String, sample: Int?, waitingFor: [String] = [],
        values: [JSONValue.Member] = []
    ) -> Bool {
        let from = slots[index].state
        guard from.canMove(to: state, kind: relations.kinds[index]) else {
            warnings.append(
                "\(relations.ids[index]) asked for the illegal transition \(from.rawValue) → \(state.rawValue) at t=\(Format.number(time, decimals: 3))")
            return false
        }
        slots[index].state = state
        if recordsTransitions {
            slots[index].transitions.append(
                Transition(
                    from: from, to: state, time: time, event: eventIndex, sample: sample, reason: reason(),
                    waitingFor: waitingFor, values: slots[index].isContinuous ? values : []))
        }
        return true
    }

    private mutating func requestRecognition(_ index: Int, _ recognition: Recognition, begins: Bool, sample: Int?) {
        guard slots[index].state == .possible, slots[index].pending == nil else {
            return warnings.append(
                "\(relations.ids[index]) asked to \(begins ? "begin" : "recognize") while \(slots[index].state.rawValue) at t=\(Format.number(time, decimals: 3))")
        }
        if relations.requires[index].contains(where: { slots[$0].state == .possible }) {
            slots[index].pending = PendingRecognition(recognition: recognition, begins: begins)
            guard recordsTransitions else { return }
            let waiting = relations.requires[index].filter { slots[$0].state == .possible }.map { relations.ids[$0] }
            slots[index].transitions.append(
                Transition(
                    from: .possible, to: .possible, time: time, event: eventIndex, sample: sample,
                    reason: "would \(begins ? "begin" : "recognize") \(recognition.gesture); waiting for \(waiting.joined(separator: ", ")) to fail",
                    waitingFor: waiting))
            return
        }
        commit(index, recognition, begins: begins, sample: sample, reason: "\(begins ? "began" : "recognized") \(recognition.gesture)")
    }

    /// Makes a recognition (or a `began`) happen, and fails whoever it excludes.
    private mutating func commit(
        _ index: Int, _ recognition: Recognition, begins: Bool, sample: Int?, reason: @autoclosure () -> String
    ) {
        guard move(index, to: begins ? .began : .recognized, reason: reason(), sample: sample, values: recognition.details) else { return }
        slots[index].recognition = recognition
        let ended = slots[index].pending?.ended == true
        slots[index].pending = nil
        if !begins { slots[index].deadlines = [] }
        records[slots[index].sequence].gestures.append(recognition.gesture)
        let winner = relations.ids[index]
        // Made once and shared by every recognizer it preempts (most of the registry, often).
        var preempted: FailureReason?
        for other in slots.indices where other != index && slots[other].state == .possible {
            if relations.requires[other].contains(index) {
                fail(
                    other,
                    FailureReason(
                        code: EngineFailure.requiredRecognizerSucceeded,
                        message: "\(winner) \(begins ? "began" : "recognized"), and \(relations.ids[other]) requires it to fail"),
                    sample: sample)
            } else if !relations.maySimultaneouslyRecognize(index, other) {
                if preempted == nil {
                    preempted = FailureReason(
                        code: EngineFailure.preempted,
                        message: recognition.gesture == winner ? "preempted by \(winner)" : "preempted by \(winner) (\(recognition.gesture))")
                }
                fail(other, preempted!, sample: sample)
            }
        }
        if ended { end(index, recognition, sample: sample) }
    }

    /// A continuous recognizer's `ended`.
    private mutating func end(_ index: Int, _ recognition: Recognition, sample: Int?) {
        guard move(index, to: .recognized, reason: "ended \(recognition.gesture)", sample: sample, values: recognition.details) else {
            return
        }
        slots[index].recognition = recognition
        slots[index].deadlines = []
    }

    private mutating func fail(_ index: Int, _ reason: FailureReason, sample: Int?) {
        guard slots[index].state == .possible else {
            // A continuous recognizer in flight cannot fail; UIKit cancels it.
            if move(index, to: .cancelled, reason: reason.message, sample: sample) {
                slots[index].failure = Failure(reason: reason, time: time, event: eventIndex, sample: sample)
                slots[index].deadlines = []
            }
            return
        }
        move(index, to: .failed, reason: reason.message, sample: sample)
        slots[index].failure = Failure(reason: reason, time: time, event: eventIndex, sample: sample)
        slots[index].deadlines = []
        slots[index].pending = nil
        for waiter in slots.indices where slots[waiter].pending != nil && slots[waiter].state == .possible {
            let required = relations.requires[waiter]
            guard required.contains(index), required.allSatisfy({ slots[$0].state == .failed }) else { continue }
            let requirements = entries[waiter].requiresFailureOf
            let pending = slots[waiter].pending!
            commit(
                waiter, pending.recognition, begins: pending.begins, sample: nil,
                reason: "\(pending.begins ? "began" : "recognized") \(pending.recognition.gesture) once \(requirements.joined(separator: ", ")) failed")
        }
    }

    // MARK: Sequences

    /// A new touch sequence: decided recognizers are reset; undecided ones carry on.
    private mutating func beginSequence() {
        let sequence = records.count
        records.append(SequenceRecord(start: time, end: time))
        records[sequence].reports.reserveCapacity(entries.count)
        records[sequence].orders.reserveCapacity(entries.count)
        if slots.isEmpty {
            if let reused = workspace?.takeSlots() {
                for slot in reused { slot.reset(sequence: sequence) }
                slots = reused
            } else {
                slots = entries.indices.map { makeSlot($0, sequence: sequence) }
            }
            return
        }
        for index in slots.indices {
            if slots[index].state.isFinal {
                archive(index)
                slots[index].reset(sequence: sequence)
            } else {
                records[sequence].continuing.append(relations.ids[index])
                // Every touch it ignored has lifted; touch ids may be reused from here on.
                slots[index].ignored = []
                slots[index].ignoresTouches = false
            }
        }
    }

    /// Every touch lifted: whoever has nothing left to wait for fails.
    private mutating func endSequence() {
        records[records.count - 1].end = time
        failUndecided(EngineFailure.sequenceEndedReason)
    }

    /// Fails (or, in flight, cancels) the recognizers still deciding with no deadline to wait for and
    /// no recognition on hold; a failure may in turn release recognitions on hold.
    private mutating func failUndecided(_ reason: FailureReason) {
        for index in slots.indices where slots[index].isActive && slots[index].pending == nil && slots[index].deadlines.isEmpty {
            fail(index, reason, sample: nil)
        }
    }

    /// A fresh attempt of recognizer `index`. Only the prototype is copied: copying an entry would
    /// count references to its definition, which every worker thread shares.
    private func makeSlot(_ index: Int, sequence: Int) -> RecognizerSlot {
        entries[index].prototype.makeSlot(isContinuous: relations.kinds[index] == .continuous, sequence: sequence)
    }

    /// Moves a decided recognizer's report into the sequence where its attempt began. What the slot
    /// kept is moved, not copied: the slot is reset (or given back to the workspace) right after.
    private mutating func archive(_ index: Int) {
        let slot = slots[index]
        var transitions: [Transition] = []
        swap(&transitions, &slot.transitions)
        records[slot.sequence].add(
            RecognizerReport(
                id: relations.ids[index], kind: relations.kinds[index], state: slot.state, transitions: transitions,
                recognition: slot.recognition.take(), failure: slot.failure.take()),
            order: index)
    }

    private mutating func finishTrace() {
        guard !records.isEmpty else { return }
        let reason: FailureReason
        if down.isEmpty {
            fireDeadlines(before: .infinity)
            reason = EngineFailure.sequenceEndedReason
        } else {
            let ids = down.ids.map(\.description).sorted().joined(separator: ", ")
            warnings.append("the trace ended with touches still down (\(ids)): its last touch sequence never ended")
            records[records.count - 1].ended = false
            records[records.count - 1].end = time
            reason = FailureReason(
                code: EngineFailure.sequenceNeverEnded,
                message: "the touch sequence never ended: \(down.count) touch(es) still down when the trace stopped")
        }
        // Recognitions on hold go first, so that their requirements failing now cannot release them.
        for index in slots.indices where slots[index].pending != nil && slots[index].state == .possible {
            fail(index, reason, sample: nil)
        }
        for index in slots.indices where !slots[index].state.isFinal {
            fail(index, reason, sample: nil)
        }
        for index in slots.indices { archive(index) }
    }
}

/// A recognizer's attempt while a trace is replayed: the recognizer and what the engine keeps about it.
///
/// A class, so that the engine mutates each recognizer in place; `TypedSlot` stores the recognizer as
/// its own type, so calling it needs no existential box (whose every mutation checks that the box
/// is unique) and no copy.
class RecognizerSlot {
    let isContinuous: Bool
    /// The touch sequence in which this attempt began.
    final var sequence: Int
    @exclusivity(unchecked) final var state: RecognizerState = .possible
    @exclusivity(unchecked) final var transitions: [Transition] = []
    @exclusivity(unchecked) final var ignored: [TouchID] = []
    /// `!ignored.isEmpty`, without touching the array.
    @exclusivity(unchecked) final var ignoresTouches = false
    @exclusivity(unchecked) final var deadlines: [(time: Double, tag: String)] = []
    /// A recognition on hold until the recognizers this one requires to fail have failed.
    @exclusivity(unchecked) final var pending: PendingRecognition?
    @exclusivity(unchecked) final var recognition: Recognition?
    @exclusivity(unchecked) final var failure: Failure?

    init(isContinuous: Bool, sequence: Int) {
        self.isContinuous = isContinuous
        self.sequence = sequence
    }

    /// Takes touches and deadlines: undecided or in flight, and not a discrete recognition on hold
    /// (a continuous one on hold keeps following its touches, as in UIKit).
    final var isActive: Bool { !state.isFinal && (pending == nil || isContinuous) }

    /// Hands touches of one phase (0 began, 1 moved or stationary, 2 ended, 3 cancelled) to the recognizer.
    func deliver(phase: Int, _ touches: [Touch], context: inout RecognizerContext) {
        fatalError("abstract")
    }

    func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        fatalError("abstract")
    }

    /// A fresh attempt in this same object (UIKit's `reset()`), beginning in `sequence`: the
    /// recognizer made anew from its prototype and everything the engine kept about it forgotten.
    /// Reports already taken keep their own copies.
    func reset(sequence: Int) {
        self.sequence = sequence
        state = .possible
        transitions = []
        ignored = []
        ignoresTouches = false
        deadlines = []
        pending = nil
        recognition = nil
        failure = nil
    }
}

private final class TypedSlot<R: Recognizer>: RecognizerSlot {
    @exclusivity(unchecked) var recognizer: R
    private let prototype: R

    init(_ recognizer: R, isContinuous: Bool, sequence: Int) {
        self.recognizer = recognizer
        prototype = recognizer
        super.init(isContinuous: isContinuous, sequence: sequence)
    }

    override func deliver(phase: Int, _ touches: [Touch], context: inout RecognizerContext) {
        switch phase {
        case 0: recognizer.touchesBegan(touches, context: &context)
        case 1: recognizer.touchesMoved(touches, context: &context)
        case 2: recognizer.touchesEnded(touches, context: &context)
        default: recognizer.touchesCancelled(touches, context: &context)
        }
    }

    override func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        recognizer.deadlinePassed(tag, context: &context)
    }

    override func reset(sequence: Int) {
        super.reset(sequence: sequence)
        recognizer = prototype
    }
}

extension Recognizer {
    func makeSlot(isContinuous: Bool, sequence: Int) -> RecognizerSlot {
        TypedSlot(self, isContinuous: isContinuous, sequence: sequence)
    }
}

/// Slots kept between traces replayed one after another on one thread (a batch worker), so that
/// each trace resets ten recognizers in place instead of allocating and freeing them. Not shared
/// between threads.
final class ReplayWorkspace {
    private var slots: [RecognizerSlot]?

    init() {}

    func takeSlots() -> [RecognizerSlot]? {
        defer { slots = nil }
        return slots
    }

    func giveBack(_ slots: [RecognizerSlot]) { self.slots = slots }
}

/// A `began` (continuous) or recognition (discrete) waiting for requirements to fail; for a
/// continuous recognizer, also whether it has ended meanwhile.
struct PendingRecognition {
    var recognition: Recognition
    var begins: Bool
    var ended = false
}

/// Classifies traces with a configuration: the library's entry point.
///
///     let classifier = Classifier(configuration: Configuration())
///     let trace = try TraceReader.read(path: "Traces/checkmark.json")
///     print(classifier.classify(trace, file: "Traces/checkmark.json").gesture)  // "checkmark"
public struct Classifier: Sendable {
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Replays `trace`, which must have passed `TraceValidator` (every `TraceReader` result has).
    ///
    /// - Parameter transitions: Whether to keep every transition of every recognizer; without them a
    ///   result still has each recognizer's final state, recognition and failure, which is all that
    ///   scoring needs, for less work.
    public func classify(_ trace: consuming Trace, file: String, transitions: Bool = true) -> TraceResult {
        ReplayEngine.run(trace, file: file, configuration: configuration, recordsTransitions: transitions)
    }

    /// `classify`, reusing the recognizers `workspace` kept from the last trace this thread replayed.
    func classify(_ trace: consuming Trace, file: String, transitions: Bool, workspace: ReplayWorkspace?) -> TraceResult {
        ReplayEngine.run(
            trace, file: file, configuration: configuration, recordsTransitions: transitions, workspace: workspace)
    }
}
