import Testing

@testable import GestureKit

/// The arbitration state machine alone: requests in, transitions, failures and recognitions out.
@Suite struct ArbiterTests {
    /// Recognizers that do nothing by themselves: the tests drive the arbiter directly.
    struct Probe: Recognizer {
        init(parameters: NoParameters) {}
        static func entry(_ id: String, kind: RecognizerKind = .discrete) -> RecognizerDefinition {
            RecognizerDefinition(Probe.self, id: id, summary: "probe", kind: kind, gestures: [id])
        }
    }

    /// An arbiter over `ids` (`c` continuous), with `configure` applied to their configuration.
    func arbiter(_ ids: [String] = ["a", "b", "c", "d"], _ configure: (inout Configuration) throws -> Void = { _ in })
        throws -> Arbiter
    {
        var configuration = Configuration(
            registry: ids.map { Probe.entry($0, kind: $0 == "c" ? .continuous : .discrete) })
        try configure(&configuration)
        return Arbiter(relations: configuration.relations, recordsTransitions: true)
    }

    let now = Arbiter.Moment(time: 1, event: 2, sample: 3)
    let later = Arbiter.Moment(time: 2, event: 5, sample: nil)
    func recognition(_ gesture: String) -> Recognition { Recognition(gesture: gesture) }
    func reason(_ code: String) -> FailureReason { FailureReason(code: code, message: code) }

    @Test func aRecognitionWaitsForWhatItRequiresThenRecognizesWhenItFails() throws {
        var arbiter = try arbiter { try $0.setRequirements(of: "a", ["b"]) }
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        #expect(arbiter.state(0) == .possible && arbiter.isWaiting(0) && !arbiter.isActive(0))
        #expect(
            arbiter.attempts[0].transitions == [
                Transition(
                    from: .possible, to: .possible, time: 1, event: 2, sample: 3,
                    reason: "would recognize a; waiting for b to fail",
                    waitingFor: ["b"])
            ])
        #expect(arbiter.takeNews().recognized.isEmpty)
        arbiter.fail(1, reason("no"), at: later)
        #expect(arbiter.state(0) == .recognized)
        #expect(
            arbiter.attempts[0].transitions.last
                == Transition(
                    from: .possible, to: .recognized, time: 2, event: 5, sample: nil,
                    reason: "recognized a once b failed"))
        #expect(arbiter.takeNews().recognized.map(\.gesture) == ["a"])
        // Its recognition preempted the others, once it happened.
        #expect(arbiter.attempts[2].failure?.reason == FailureReason(code: "preempted", message: "preempted by a"))
    }

    @Test func aRecognitionOnHoldFailsWhenWhatItRequiresRecognizes() throws {
        var arbiter = try arbiter { try $0.setRequirements(of: "a", ["b"]) }
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        arbiter.handle(.recognize(recognition("b")), of: 1, at: later)
        #expect(arbiter.state(1) == .recognized)
        #expect(arbiter.state(0) == .failed)
        #expect(arbiter.attempts[0].failure?.reason.code == "required-recognizer-succeeded")
        #expect(arbiter.attempts[0].failure?.reason.message == "b recognized, and a requires it to fail")
        #expect(arbiter.takeNews().recognized.map(\.gesture) == ["b"])
    }

    @Test func aRecognitionPreemptsEveryUndecidedRecognizerButThoseAllowedTogether() throws {
        var arbiter = try arbiter { try $0.allowSimultaneous("a", "d") }
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        #expect((0..<4).map(arbiter.state) == [.recognized, .failed, .failed, .possible])
        #expect(
            arbiter.attempts[1].failure
                == Failure(reason: reason("preempted").with(message: "preempted by a"), time: 1, event: 2, sample: 3))
        arbiter.handle(.recognize(recognition("d")), of: 3, at: later)
        #expect(arbiter.takeNews().recognized.map(\.gesture) == ["a", "d"])
    }

    /// A winner whose gesture is not its id (swipe's swipe-left, an instance's) is named with it.
    @Test func aPreemptionNamesTheWinnersGestureWhereItIsNotItsId() throws {
        var arbiter = try arbiter()
        arbiter.handle(.recognize(recognition("a-left")), of: 0, at: now)
        #expect(arbiter.attempts[1].failure?.reason.message == "preempted by a (a-left)")
    }

    @Test func aContinuousRecognizerBeginsChangesAndEndsAndIsCancelledNotFailedInFlight() throws {
        var arbiter = try arbiter(["c", "d"]) { try $0.allowSimultaneous("c", "d") }
        arbiter.handle(.begin(Recognition(gesture: "c", details: [.init("v", .number(1))])), of: 0, at: now)
        arbiter.handle(.change(Recognition(gesture: "c", details: [.init("v", .number(2))])), of: 0, at: later)
        #expect(arbiter.state(0) == .changed && arbiter.isActive(0))
        #expect(arbiter.attempts[0].transitions.map(\.values) == [[.init("v", .number(1))], [.init("v", .number(2))]])
        arbiter.fail(0, reason("lost"), at: later)
        #expect(arbiter.state(0) == .cancelled)
        #expect(arbiter.attempts[0].failure?.reason.code == "lost")
    }

    @Test func aContinuousBeganOnHoldKeepsItsLatestValuesAndEndsWhenReleased() throws {
        var arbiter = try arbiter(["b", "c"]) { try $0.setRequirements(of: "c", ["b"]) }
        arbiter.handle(.begin(Recognition(gesture: "c", details: [.init("v", .number(1))])), of: 1, at: now)
        #expect(arbiter.isActive(1), "a continuous recognizer on hold keeps following its touches")
        arbiter.handle(.change(Recognition(gesture: "c", details: [.init("v", .number(2))])), of: 1, at: now)
        arbiter.handle(.recognize(Recognition(gesture: "c", details: [.init("v", .number(3))])), of: 1, at: now)
        arbiter.fail(0, reason("no"), at: later)
        #expect(arbiter.attempts[1].transitions.map(\.to) == [.possible, .began, .recognized])
        #expect(
            arbiter.attempts[1].transitions.dropFirst().map(\.values) == [
                [.init("v", .number(3))], [.init("v", .number(3))],
            ])
        #expect(arbiter.attempts[1].transitions[1].reason == "began c once b failed")
    }

    @Test func anIllegalRequestIsDroppedWithAWarning() throws {
        var arbiter = try arbiter(["a"])
        arbiter.handle(.begin(recognition("a")), of: 0, at: now)
        arbiter.handle(.change(recognition("a")), of: 0, at: now)
        #expect(arbiter.state(0) == .possible)
        #expect(
            arbiter.takeNews().warnings == [
                "a asked for the illegal transition possible → began at t=1",
                "a asked for the illegal transition possible → changed at t=1",
            ])
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        arbiter.handle(.recognize(recognition("a")), of: 0, at: later)
        #expect(arbiter.takeNews().warnings == ["a asked to recognize while recognized at t=2"])
    }

    @Test func withoutTransitionsOnlyTheOutcomeIsKept() throws {
        var configuration = Configuration(registry: [Probe.entry("a"), Probe.entry("b")])
        try configuration.setRequirements(of: "a", ["b"])
        var arbiter = Arbiter(relations: configuration.relations, recordsTransitions: false)
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        arbiter.fail(1, reason("no"), at: later)
        #expect(arbiter.state(0) == .recognized && arbiter.attempts[0].transitions.isEmpty)
        #expect(arbiter.attempts[1].failure?.reason.code == "no")
    }

    @Test func aResetStartsAFreshAttemptInItsSequence() throws {
        var arbiter = try arbiter(["a"])
        arbiter.handle(.recognize(recognition("a")), of: 0, at: now)
        let taken = arbiter.take(0)
        #expect(taken.state == .recognized && taken.recognition?.gesture == "a" && taken.transitions.count == 1)
        arbiter.reset(0, sequence: 4)
        #expect(
            arbiter.state(0) == .possible && arbiter.attempts[0].sequence == 4
                && arbiter.attempts[0].transitions.isEmpty)
    }
}

extension FailureReason {
    func with(message: String) -> FailureReason {
        var copy = self
        copy.message = message
        return copy
    }
}
