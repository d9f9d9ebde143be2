/// Replays a trace event by event through every recognizer of a configuration, with trace time as the
/// only clock, and records everything that happened.
///
/// Each event (see `EventSplitter`) is handed to every recognizer still deciding as UIKit does it: the
/// touches that began, then those that moved, ended and were cancelled, each group to its touches…
/// method, less the touches the recognizer ignores; stationary touches are in the event only. Deadlines
/// fire at their exact trace time, before any later event; a deadline at the time of an event fires
/// after it; after the last sample, time runs on until every deadline has fired. What a recognizer
/// asks for goes to the `Arbiter`, which keeps the states and decides who wins.
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

    private var samples: [Sample]
    private let relations: Relations
    private var arbiter: Arbiter
    private var recognizers: RecognizerBoxes
    /// Per recognizer: the touches it ignores in this attempt, and the deadlines it set.
    private var ignored: [[TouchID]]
    private var deadlines: [[Deadline]]
    /// Touches down now, with their last location.
    private var down = TouchMap<Point>()
    /// Where each touch of the sequence has been, for recognizers to read through the context.
    private let paths: TouchPaths
    /// The index of the event being delivered (the last one, between events).
    private var eventIndex = -1
    /// The storage of the event's touches, lent to each event in turn, and of its touches by phase:
    /// kept between events (and, in a workspace, between traces) so that their storage is reused.
    private var touches = TouchBuffers()

    /// The arrays an event's touches are kept in, emptied before each event.
    struct TouchBuffers {
        var event: [Touch] = []
        var began: [Touch] = []
        var moved: [Touch] = []
        var ended: [Touch] = []
        var cancelled: [Touch] = []
    }
    /// Trace time now: the event's, or a deadline's between events.
    private var time = 0.0
    private var records: [SequenceRecord] = []
    private var warnings: [String] = []
    /// No deadline of a recognizer still deciding falls before an event earlier than this (it may be
    /// earlier than need be, never later), so most events skip the search for deadlines to fire: the
    /// earliest deadline less twice its slack (`TraceTime`), which a deadline may be early by and
    /// still be at an event's time, worked out when deadlines are set rather than at every event.
    private var earliestDeadline = Double.infinity
    /// The context handed to recognizers, prepared afresh for each call and reused to save its setup.
    private var context: RecognizerContext
    /// Whether an event's touches are being handed round (`handRound`), not a deadline fired.
    private var handing = false
    /// A request that may make a recognition (a recognition, or a failure releasing one on hold),
    /// asked for while touches are handed round, held until the recognizers after it have had them too
    /// (`settle`).
    private var winner: HeldRequest?
    /// `winner != nil`, kept apart: testing the optional at every delivery copies what it holds.
    private var hasWinner = false
    /// Whether requests are held (`held`) meanwhile.
    private var holding = false
    /// The requests of the recognizers handed the touches after `winner`, in the order made.
    private var held: [HeldRequest] = []

    /// A request held while touches are handed round (a struct: a tuple of these is copied and
    /// destroyed through the runtime's generic witnesses).
    struct HeldRequest {
        var index: Int
        var request: RecognizerContext.Request
        var moment: Arbiter.Moment
    }

    private init(
        configuration: Configuration, trace: consuming Trace, recordsTransitions: Bool, workspace: ReplayWorkspace?,
        explaining: Explained
    ) {
        relations = configuration.relations
        samples = []
        swap(&samples, &trace.samples)
        warnings = trace.warnings
        paths = workspace?.paths ?? TouchPaths()
        paths.removeAll()
        context = RecognizerContext(time: 0, event: 0, view: trace.view, state: .possible, paths: paths)
        context.keepsFailureDetails = recordsTransitions
        switch explaining {
        case .all: context.explained = Int.min
        case .only(let index): context.explained = index ?? -1
        }
        if let workspace, let recognizers = workspace.recognizers.take(), let arbiter = workspace.arbiter.take(),
            recognizers.count == relations.count, arbiter.recordsTransitions == recordsTransitions
        {
            self.recognizers = recognizers
            self.arbiter = arbiter
            ignored = []
            deadlines = []
            swap(&ignored, &workspace.ignored)
            swap(&deadlines, &workspace.deadlines)
            swap(&touches, &workspace.touches)
            for index in 0..<recognizers.count { reset(index, sequence: 0) }
        } else {
            recognizers = RecognizerBoxes(configuration.entries.map(\.prototype))
            arbiter = Arbiter(relations: relations, recordsTransitions: recordsTransitions)
            ignored = Array(repeating: [], count: relations.count)
            deadlines = Array(repeating: [], count: relations.count)
        }
    }

    /// Runs the whole trace, which must have passed `TraceValidator`.
    ///
    /// Memory: the trace is consumed, so that its samples go as soon as they have been replayed, and
    /// each sequence's record goes as soon as its result is made — a million-sample session holds
    /// neither twice.
    @inline(never) static func run(
        _ trace: consuming Trace, file: String, configuration: Configuration, recordsTransitions: Bool = true,
        workspace: ReplayWorkspace? = nil, explaining: Explained = .all
    ) -> TraceResult {
        let name = trace.name
        let label = trace.label
        var engine = ReplayEngine(
            configuration: configuration, trace: trace, recordsTransitions: recordsTransitions, workspace: workspace,
            explaining: explaining)
        engine.replay()
        engine.samples = []
        if let workspace {
            workspace.recognizers = engine.recognizers
            workspace.arbiter = engine.arbiter
            swap(&workspace.ignored, &engine.ignored)
            swap(&workspace.deadlines, &engine.deadlines)
            swap(&workspace.touches, &engine.touches)
        }
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
            let end = EventSplitter.end(ofEventAt: start, in: samples)
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
        // The event is built in storage kept from event to event, and moved out of the engine while it
        // is delivered, so that no delivery retains it. Arrays are emptied from the end, keeping their
        // storage: `removeAll(keepingCapacity:)` takes the general path of `replaceSubrange`.
        var event = TouchEvent(index: eventIndex, time: eventTime, touches: [])
        swap(&event.touches, &touches.event)
        defer { swap(&event.touches, &touches.event) }
        while !event.touches.isEmpty { event.touches.removeLast() }
        for index in range {
            let sample = samples[index]
            event.touches.append(
                Touch(
                    id: sample.touch, phase: sample.phase, location: sample.location,
                    previousLocation: down[sample.touch] ?? sample.location, timestamp: sample.time, sampleIndex: index)
            )
            down[sample.touch] = sample.phase.isDown ? sample.location : nil
            paths.add(sample.location, of: sample.touch, phase: sample.phase)
        }
        if event.touches.count == 1 {
            // Most events: one touch, handed over as the event's own array.
            if let delivery = TouchDelivery(event.touches[0].phase) { deliver(event.touches, as: delivery, in: event) }
        } else {
            while !touches.began.isEmpty { touches.began.removeLast() }
            while !touches.moved.isEmpty { touches.moved.removeLast() }
            while !touches.ended.isEmpty { touches.ended.removeLast() }
            while !touches.cancelled.isEmpty { touches.cancelled.removeLast() }
            for touch in event.touches {
                switch touch.phase {
                case .began: touches.began.append(touch)
                case .moved: touches.moved.append(touch)
                case .stationary: break
                case .ended: touches.ended.append(touch)
                case .cancelled: touches.cancelled.append(touch)
                }
            }
            if !touches.began.isEmpty { deliver(touches.began, as: .began, in: event) }
            if !touches.moved.isEmpty { deliver(touches.moved, as: .moved, in: event) }
            if !touches.ended.isEmpty { deliver(touches.ended, as: .ended, in: event) }
            if !touches.cancelled.isEmpty { deliver(touches.cancelled, as: .cancelled, in: event) }
        }
        if down.isEmpty { endSequence() }
    }

    /// Which recognizers' failure reasons a replay is to explain: every one's, or only the one at a
    /// position of the configuration's entries (`nil`: none), as `gesture batch` shows only the reason
    /// of the recognizer of a trace's label.
    enum Explained: Sendable, Hashable {
        case all
        case only(Int?)
    }

    /// Hands the touches of one phase to every recognizer still taking them, less those it ignores.
    ///
    /// Cancelled touches go first to the recognizers with a recognition on hold: in UIKit every
    /// recognizer has the cancel before any outcome is settled, and one still possible fails. Handed
    /// in registry order, a requirement failing at the cancel released the one waiting for it, which
    /// then began on the cancelled touch (a pan waiting for swipe).
    private mutating func deliver(_ touches: [Touch], as delivery: TouchDelivery, in event: TouchEvent) {
        if delivery == .cancelled {
            let waiting = (0..<recognizers.count).filter { arbiter.isActive($0) && arbiter.isWaiting($0) }
            handRound(
                waiting + (0..<recognizers.count).filter { !waiting.contains($0) }, touches, as: delivery, in: event)
        } else {
            handRound(nil, touches, as: delivery, in: event)
        }
    }

    /// Hands the touches to the recognizers of `order` still taking them, carrying out each request as
    /// it is made — but one that may make a recognition (a recognition or `began`, or a failure that
    /// releases one on hold) only once every recognizer after it has had the touches too, their
    /// requests held (`settle`): in UIKit state changes are settled after the event is delivered, so
    /// one that fails on its own at the event another recognizes in says its own reason (handed the
    /// touches after the winner was settled, the rest of the registry was failed `preempted` without
    /// having seen them).
    private mutating func handRound(
        _ order: [Int]?, _ touches: [Touch], as delivery: TouchDelivery, in event: TouchEvent
    ) {
        handing = true
        defer { handing = false }
        // `order`, or the registry's (an array made for it cost every event more than it saved).
        let count = order?.count ?? recognizers.count
        var position = 0
        while position < count {
            let index = order?[position] ?? position
            position += 1
            guard arbiter.isActive(index) else { continue }
            deliver(touches, as: delivery, in: event, to: index)
            guard hasWinner else { continue }
            // One the recognition certainly fails needs the touches only for its reason, and only where
            // its reason is explained (`gesture batch` explains the label's recognizer alone): the
            // rest are failed `preempted` without them, as before, at less cost.
            let made =
                context.explained == Int.min ? nil : arbiter.recognizer(madeBy: winner!.request, of: winner!.index)
            holding = true
            while position < count {
                let other = order?[position] ?? position
                position += 1
                guard arbiter.isActive(other) else { continue }
                if let made, other != context.explained, arbiter.isFailed(other, byRecognitionOf: made) { continue }
                deliver(touches, as: delivery, in: event, to: other)
            }
            holding = false
            settle()
        }
    }

    /// Holds `request` as `winner`.
    private mutating func hold(_ request: HeldRequest) {
        winner = request
        hasWinner = true
    }

    /// Carries out `winner`'s request, then those held after it, in the order made: a failure asked
    /// for is the recognizer's reason should the recognition fail it (`Arbiter/ownFailures`), and the
    /// request of one the recognition decided is dropped (it would not have had the touches).
    private mutating func settle() {
        let first = winner.take()!
        hasWinner = false
        for position in held.indices {
            if case .fail(let reason) = held[position].request {
                arbiter.ownFailures.append(
                    Arbiter.OwnFailure(index: held[position].index, reason: reason, moment: held[position].moment))
            }
        }
        arbiter.handle(first.request, of: first.index, at: first.moment)
        takeNews()
        for position in held.indices where !arbiter.state(held[position].index).isFinal {
            arbiter.handle(held[position].request, of: held[position].index, at: held[position].moment)
            takeNews()
        }
        // Emptied from the end, keeping their storage (`removeAll(keepingCapacity:)` is generic).
        while !arbiter.ownFailures.isEmpty { arbiter.ownFailures.removeLast() }
        while !held.isEmpty { held.removeLast() }
    }

    /// Hands the touches of one phase to recognizer `index`, less those it ignores.
    @inline(__always)
    private mutating func deliver(_ touches: [Touch], as delivery: TouchDelivery, in event: TouchEvent, to index: Int) {
        if ignored[index].isEmpty {
            context.prepare(time: time, event: eventIndex, visible: arbiter.visibleState(index), recognizer: index)
            recognizers.deliver(delivery, touches, with: event, to: index, context: &context)
            if context.asked { applyContext(to: index, sample: touches[0].sampleIndex) }
        } else {
            let visible = touches.filter { !ignored[index].contains($0.id) }
            guard !visible.isEmpty else { return }
            context.prepare(time: time, event: eventIndex, visible: arbiter.visibleState(index), recognizer: index)
            recognizers.deliver(delivery, visible, with: event, to: index, context: &context)
            if context.asked { applyContext(to: index, sample: visible[0].sampleIndex) }
        }
    }

    /// Fires, in time order, every deadline of a recognizer still deciding that falls before an event
    /// at `limit`: those earlier, and a minimum's at `limit` itself (`Deadline/precedes(eventAt:)`).
    private mutating func fireDeadlines(before limit: Double) {
        // Deadlines fired in this call, and, past a few, by recognizer: one that re-arms its deadline
        // every time it fires (at the same time, or a second on after the trace) is failed rather
        // than replayed forever.
        var fired = 0
        var firedBy: [Int] = []
        while earliestDeadline <= limit {
            var next: (time: Double, recognizer: Int, position: Int)?
            var earliest = Double.infinity
            for index in 0..<recognizers.count where arbiter.isActive(index) {
                for (position, deadline) in deadlines[index].enumerated() {
                    earliest = min(earliest, deadline.time)
                    if deadline.precedes(eventAt: limit) && (next == nil || deadline.time < next!.time) {
                        next = (deadline.time, index, position)
                    }
                }
            }
            earliestDeadline = Self.due(earliest)
            guard let (deadlineTime, index, position) = next else { return }
            let tag = deadlines[index].remove(at: position).tag
            time = max(time, deadlineTime)
            fired += 1
            if fired > 64 {
                if firedBy.isEmpty { firedBy = Array(repeating: 0, count: recognizers.count) }
                firedBy[index] += 1
            }
            if fired > 64, firedBy[index] > Self.maximumDeadlinesInARow {
                deadlines[index].removeAll()
                fail(index, Self.tooManyDeadlinesReason)
            } else {
                context.prepare(
                    time: time, event: eventIndex, visible: arbiter.visibleState(index), recognizer: index)
                recognizers.deadlinePassed(tag, to: index, context: &context)
                applyContext(to: index, sample: nil)
            }
            if down.isEmpty { failUndecided(EngineFailure.sequenceEndedReason) }
        }
    }

    /// The earliest event time a deadline at `time` may fall before (`earliestDeadline`): its time
    /// less twice its slack, the most by which an event may be earlier and at its time.
    @inline(__always)
    private static func due(_ time: Double) -> Double { time - 2 * TraceTime.slack(time, time) }

    /// How many of a recognizer's deadlines may fire with no event between (beyond the first 64 of
    /// all recognizers): a double tap's or a long press's are a few.
    static let maximumDeadlinesInARow = 10_000

    /// Measured at the first deadline past the maximum: a maximum allows a value equal to it, as every
    /// rule's does, so the reason never reads `measured 10,000 = limit 10,000`.
    static let tooManyDeadlinesReason = FailureReason(
        EngineFailure.tooManyDeadlines,
        "set deadline after deadline, each firing with no event between: a recognizer that re-arms its "
            + "deadline every time it passes never decides",
        measured: Double(maximumDeadlinesInARow + 1), limit: Double(maximumDeadlinesInARow), unit: .count)

    /// Carries out what the last call asked for through `context`.
    private mutating func applyContext(to index: Int, sample: Int?) {
        if !context.ignored.isEmpty { ignored[index] += context.ignored }
        if !context.deadlines.isEmpty {
            deadlines[index] += context.deadlines
            for deadline in context.deadlines { earliestDeadline = min(earliestDeadline, Self.due(deadline.time)) }
        }
        guard context.hasRequest, let request = context.request.take() else { return }
        context.hasRequest = false
        let moment = Arbiter.Moment(time: time, event: eventIndex, sample: context.requestSample ?? sample)
        if holding { return held.append(HeldRequest(index: index, request: request, moment: moment)) }
        // What may make a recognition now, and so fail others: a recognition (not an end, nor one
        // already waiting), or a failure that releases one waiting for it. The rest of the round first.
        if handing {
            switch request {
            case .recognize, .begin:
                if arbiter.state(index) == .possible, !arbiter.isWaiting(index) {
                    hold(HeldRequest(index: index, request: request, moment: moment))
                    return
                }
            case .fail, .cancel:
                if arbiter.mayRelease(index) {
                    hold(HeldRequest(index: index, request: request, moment: moment))
                    return
                }
            case .change: break
            }
        }
        arbiter.handle(request, of: index, at: moment)
        takeNews()
    }

    /// Fails recognizer `index` for a reason of the engine's.
    private mutating func fail(_ index: Int, _ reason: FailureReason) {
        arbiter.fail(index, reason, at: Arbiter.Moment(time: time, event: eventIndex))
        takeNews()
    }

    /// Files the gestures the arbiter recognized under their sequences, and its warnings.
    private mutating func takeNews() {
        guard arbiter.hasNews else { return }
        let news = arbiter.takeNews()
        for (sequence, gesture) in news.recognized { records[sequence].gestures.append(gesture) }
        warnings += news.warnings
    }

    // MARK: Sequences

    /// A new touch sequence: decided recognizers are reset; undecided ones carry on.
    private mutating func beginSequence() {
        let sequence = records.count
        records.append(SequenceRecord(start: time, end: time))
        records[sequence].reports.reserveCapacity(recognizers.count)
        records[sequence].orders.reserveCapacity(recognizers.count)
        guard sequence > 0 else { return }
        paths.removeAll()
        for index in 0..<recognizers.count {
            if arbiter.state(index).isFinal {
                archive(index)
                reset(index, sequence: sequence)
            } else {
                records[sequence].continuing.append(relations.ids[index])
                // Every touch it ignored has lifted; touch ids may be reused from here on.
                ignored[index].removeAll()
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
        for index in 0..<recognizers.count
        where arbiter.isActive(index) && !arbiter.isWaiting(index) && deadlines[index].isEmpty {
            fail(index, reason)
        }
    }

    /// A fresh attempt of recognizer `index`, beginning in `sequence` (UIKit's `reset()`): its state,
    /// its arbitration, the touches it ignored and the deadlines it set.
    private mutating func reset(_ index: Int, sequence: Int) {
        recognizers.reset(index)
        arbiter.reset(index, sequence: sequence)
        ignored[index].removeAll()
        deadlines[index].removeAll()
    }

    /// Moves a decided recognizer's report into the sequence where its attempt began, without copying
    /// what the arbiter kept: the recognizer is reset right after.
    private mutating func archive(_ index: Int) {
        let attempt = arbiter.take(index)
        records[attempt.sequence].add(
            RecognizerReport(
                id: relations.ids[index], kind: relations.kinds[index], state: attempt.state,
                transitions: attempt.transitions, recognition: attempt.recognition, failure: attempt.failure),
            order: index)
    }

    private mutating func finishTrace() {
        guard !records.isEmpty else { return }
        let reason: FailureReason
        if down.isEmpty {
            fireDeadlines(before: .infinity)
            reason = EngineFailure.sequenceEndedReason
        } else {
            // A deadline at the time of the last event fires after it, as after any event: a press held
            // exactly its duration, the trace ending then, is a long press. "At the time" is within
            // the slack of one instant, so the limit is past it by more than that.
            fireDeadlines(before: time + 3 * TraceTime.slack(time, time))
            let ids = down.ids.map(TraceValidator.display).sorted().joined(separator: ", ")
            let stillDown = down.count == 1 ? "1 touch" : "\(down.count) touches"
            let named = down.count == 1 ? "id \(ids)" : "ids \(ids)"
            warnings.append(
                "the trace ended with \(stillDown) still down (touch \(named)): its last touch sequence never ended")
            records[records.count - 1].ended = false
            records[records.count - 1].end = time
            reason = FailureReason(
                EngineFailure.sequenceNeverEnded,
                "the touch sequence never ended: \(stillDown) still down when the trace stopped"
            )
        }
        // Recognitions on hold go first, so that their requirements failing now cannot release them.
        for index in 0..<recognizers.count where arbiter.isWaiting(index) && arbiter.state(index) == .possible {
            fail(index, reason)
        }
        for index in 0..<recognizers.count where !arbiter.state(index).isFinal {
            fail(index, reason)
        }
        for index in 0..<recognizers.count { archive(index) }
    }
}
