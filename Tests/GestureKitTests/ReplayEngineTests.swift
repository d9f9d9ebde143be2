import Testing

@testable import GestureKit

/// Records every call it gets; recognizes on the last touch up, reporting the calls.
struct Recorder: Recognizer {
    static let definition = RecognizerDefinition(
        Recorder.self, id: "recorder", summary: "test probe", gestures: ["recorded"])
    var calls: [String] = []
    var down = 0

    init(parameters: NoParameters) {}

    mutating func log(_ name: String, _ touches: [Touch], _ event: TouchEvent, _ context: RecognizerContext) {
        calls.append(
            "\(name) \(touches.map(\.id.description).joined(separator: ",")) t=\(context.time) e=\(context.event)")
        #expect(event.index == context.event && event.time == context.time)
    }
    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        log("began", touches, event, context)
        down += touches.count
    }
    mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        log("moved", touches, event, context)
    }
    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        log("ended", touches, event, context)
        down -= touches.count
        if down == 0 { context.recognize("recorded", details: [.init("calls", .array(calls.map { .string($0) }))]) }
    }
}

/// Recognizes on lift, unless its deadline (`delay` after touch down) passes first; it ignores every
/// touch but the first. `named` makes registry entries from data: each its own id and gesture.
struct Timed: Recognizer {
    struct Parameters: RecognizerParameters {
        var delay = 1.0
        init() {}
        static let declarations: [ParameterDeclaration<Parameters>] = [
            .init("delay", \.delay, .seconds, minimum: 0, "deadline after touch down")
        ]
    }

    enum FailureCode: String, RecognizerFailureCode {
        case deadline
        case sawIgnoredTouch = "saw-ignored-touch"
        var meaning: String { rawValue }
    }

    static func named(
        _ id: String, delay: Double, requires: [String] = [], decidesOnLift: Bool = true,
        kind: Deadline.Kind = .maximum
    )
        -> RecognizerDefinition
    {
        RecognizerDefinition(
            id: id, summary: "test probe", gestures: [id], requiresFailureOf: requires.map { .recognizer($0) },
            parameters: Parameters.specs(default: Parameters().with { $0.delay = delay }),
            failureCodes: FailureCode.allCases.map { FailureCodeSpec($0.rawValue, $0.meaning) },
            make: { Timed(id: id, parameters: Parameters($0), decidesOnLift: decidesOnLift, kind: kind) })
    }
    static let definition = named("timed", delay: 1)
    let id: String
    let delay: Double
    let decidesOnLift: Bool
    let kind: Deadline.Kind
    var first: TouchID?

    init(id: String, parameters: Parameters, decidesOnLift: Bool, kind: Deadline.Kind = .maximum) {
        self.id = id
        delay = parameters.delay
        self.decidesOnLift = decidesOnLift
        self.kind = kind
    }

    init(parameters: Parameters) { self.init(id: "timed", parameters: parameters, decidesOnLift: true) }

    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches {
            if first == nil {
                first = touch.id
                context.setDeadline(at: touch.timestamp + delay, tag: "late", for: kind)
            } else {
                context.ignore(touch)
            }
        }
    }
    mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if touches.contains(where: { $0.id != first }) {
            context.fail(FailureCode.sawIgnoredTouch, "an ignored touch was delivered")
        }
    }
    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if decidesOnLift, touches.contains(where: { $0.id == first }) { context.recognize(id) }
    }
    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        context.fail(FailureCode.deadline, "the \(tag) deadline passed", measured: delay, limit: delay, unit: .seconds)
    }
}

/// Asks for a continuous recognizer's `began` although it is discrete: an illegal transition.
struct Illegal: Recognizer {
    static let definition = RecognizerDefinition(
        Illegal.self, id: "illegal", summary: "test probe", gestures: ["illegal"])
    init(parameters: NoParameters) {}
    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        context.begin("illegal")
    }
}

func replay(
    _ samples: [Sample], _ registry: [RecognizerDefinition], configure: (inout Configuration) throws -> Void = { _ in }
)
    throws -> TraceResult
{
    var configuration = Configuration(registry: registry)
    try configure(&configuration)
    var trace = Trace(samples: samples)
    try TraceValidator.validate(&trace, file: "test")
    return Classifier(configuration: configuration).classify(trace, file: "test")
}

func report(_ result: TraceResult, _ id: String, sequence: Int = 0) throws -> RecognizerReport {
    try #require(result.sequences[sequence].recognizers.first { $0.id == id })
}

@Suite struct ReplayEngineTests {
    @Test func touchesAreDeliveredGroupedByPhaseWithinAnEvent() throws {
        let result = try replay(
            [
                Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .moved, 1, 0), Sample(0.1, 2, .began, 5, 5),
                Sample(0.2, 2, .moved, 6, 5), Sample(0.2, 1, .ended, 2, 0), Sample(0.3, 2, .ended, 7, 5),
            ], [Recorder.definition])
        let details = try #require(try report(result, "recorder").recognition?.details.first?.value)
        #expect(
            details
                == .array(
                    [
                        "began 1 t=0.0 e=0", "began 2 t=0.1 e=1", "moved 1 t=0.1 e=1", "moved 2 t=0.2 e=2",
                        "ended 1 t=0.2 e=2",
                        "ended 2 t=0.3 e=3",
                    ].map { .string($0) }))
    }

    /// Every recognizer has an event's touches before the requests are settled, as in UIKit: one after
    /// the winner in the registry that fails on its own at the event says its own reason, not
    /// `preempted` (pinch and rotation at the lift of a one-finger circle, which circle recognizes; the
    /// circle of a z), and its failure is placed at its own sample. One that asks nothing at the event
    /// is still preempted (the shapes, when a long press begins while they are still deciding).
    @Test func oneFailingOnItsOwnAtTheWinnersEventSaysItsOwnReason() throws {
        func classify(_ path: String) throws -> TraceResult {
            Classifier().classify(
                try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent(path).path), file: path)
        }
        let circle = try classify("Traces/circle.json")
        #expect(circle.gesture == "circle")
        for id in ["pinch", "rotation"] {
            let failure = try #require(try report(circle, id).failure)
            #expect(failure.reason.code == "needs-two-touches", "\(id)")
            #expect(failure.time == 0.6 && failure.event == 36 && failure.sample == 36, "\(id)")
        }
        let z = try classify("Traces/z.csv")
        #expect(z.gesture == "z")
        #expect(try report(z, "circle").failure?.reason.code == "not-closed")
        let press = try classify("Traces/long-press.json")
        #expect(press.gesture == "long-press")
        for id in ["checkmark", "z", "circle", "swipe"] {
            #expect(try report(press, id).failure?.reason.code == "preempted", "\(id)")
        }
    }

    @Test func aTouchRepeatedAtTheSameTimeStartsANewEvent() throws {
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0, 1, .moved, 1, 0), Sample(0, 1, .ended, 2, 0)], [Recorder.definition])
        let details = try #require(try report(result, "recorder").recognition?.details.first?.value)
        #expect(details == .array(["began 1 t=0.0 e=0", "moved 1 t=0.0 e=1", "ended 1 t=0.0 e=2"].map { .string($0) }))
    }

    @Test func aDeadlineFiresAtItsExactTimeBetweenSamples() throws {
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0.3, 1, .moved, 1, 0), Sample(0.9, 1, .ended, 2, 0)],
            [Timed.named("timed", delay: 0.5)])
        let timed = try report(result, "timed")
        #expect(timed.state == .failed)
        #expect(
            timed.failure
                == Failure(
                    reason: FailureReason(
                        code: "deadline", message: "the late deadline passed", measured: 0.5, limit: 0.5, unit: .seconds
                    ),
                    time: 0.5, event: 1, sample: nil))
    }

    @Test func aDeadlineAtTheTimeOfAnEventFiresAfterIt() throws {
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0.5, 1, .ended, 2, 0)], [Timed.named("timed", delay: 0.5)])
        #expect(try report(result, "timed").state == .recognized)
    }

    @Test func aMinimumsDeadlineAtTheTimeOfAnEventFiresBeforeIt() throws {
        // "Held 0.5 s" is reached by a lift at 0.5 s, as a minimum is reached at ≥; "within 0.5 s"
        // includes a lift at 0.5 s. Both at once: the minimum's fires before the event, the maximum's not.
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0.5, 1, .ended, 2, 0)],
            [Timed.named("minimum", delay: 0.5, kind: .minimum), Timed.named("maximum", delay: 0.5)])
        let minimum = try report(result, "minimum")
        #expect(minimum.state == .failed)
        #expect(minimum.failure?.time == 0.5)
        #expect(minimum.failure?.event == 0)
        #expect(minimum.failure?.sample == nil)
        #expect(try report(result, "maximum").state == .recognized)
    }

    @Test func anIgnoredTouchIsNeverDeliveredAgain() throws {
        let result = try replay(
            [
                Sample(0, 1, .began, 0, 0), Sample(0.1, 2, .began, 5, 5), Sample(0.2, 2, .moved, 6, 5),
                Sample(0.3, 2, .ended, 6, 5), Sample(0.4, 1, .ended, 0, 0),
            ], [Timed.definition])
        #expect(try report(result, "timed").state == .recognized)
    }

    @Test func eachTouchSequenceIsClassifiedAfterAReset() throws {
        let result = try replay(
            [
                Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .ended, 0, 0), Sample(1, 7, .began, 0, 0),
                Sample(1.1, 7, .ended, 0, 0),
            ],
            [Recorder.definition])
        #expect(result.sequences.count == 2)
        #expect(result.gesture == "recorded+recorded")
        #expect(result.sequences.map(\.start) == [0, 1])
        #expect(result.sequences.map(\.end) == [0.1, 1.1])
        let second = try #require(try report(result, "recorder", sequence: 1).recognition?.details.first?.value)
        #expect(second == .array(["began 7 t=1.0 e=2", "ended 7 t=1.1 e=3"].map { .string($0) }))
    }

    @Test func aTraceEndingWithTouchesDownWarnsAndFailsTheUndecided() throws {
        let result = try replay([Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .moved, 3, 0)], [Recorder.definition])
        #expect(
            result.warnings == [
                "the trace ended with 1 touch still down (touch id 1): its last touch sequence never ended"
            ])
        #expect(result.sequences[0].ended == false)
        let recorder = try report(result, "recorder")
        #expect(recorder.failure?.reason.code == "sequence-never-ended")
        #expect(
            recorder.failure?.reason.message
                == "the touch sequence never ended: 1 touch still down when the trace stopped")
        #expect(result.gesture == "none")
    }

    @Test func aStationarySampleThatMovesItsTouchIsAWarning() throws {
        // Stationary samples are not delivered: the jump to (5, 0) is seen at the touch's next sample.
        let text = "t,id,phase,x,y\n0,1,began,0,0\n0.1,1,stationary,0,0\n0.2,1,stationary,5,0\n0.3,1,ended,5,0\n"
        let trace = try TraceReader.read(bytes: Array(text.utf8), file: "t.csv")
        #expect(
            trace.warnings == [
                "1 \"stationary\" sample(s) change their touch's location, first sample 2 (line 4); replay does not "
                    + "deliver stationary samples, so the change is seen at the touch's next sample"
            ])
        let still = "t,id,phase,x,y\n0,1,began,0,0\n0.1,1,stationary,0,0\n0.2,1,moved,5,0\n0.3,1,stationary,5,0\n"
        #expect(try TraceReader.read(bytes: Array((still + "0.4,1,ended,5,0\n").utf8), file: "t.csv").warnings == [])
        // Compared with the same touch's previous sample, not the trace's: touch 2 moves in between.
        let two =
            "t,id,phase,x,y\n0,1,began,0,0\n0,2,began,50,50\n0.1,2,moved,60,50\n0.1,1,stationary,0,0\n"
            + "0.2,2,moved,70,50\n0.2,1,stationary,0,1\n0.3,1,ended,0,1\n0.3,2,ended,70,50\n"
        #expect(
            try TraceReader.read(bytes: Array(two.utf8), file: "t.csv").warnings == [
                "1 \"stationary\" sample(s) change their touch's location, first sample 5 (line 7); replay does not "
                    + "deliver stationary samples, so the change is seen at the touch's next sample"
            ])
    }

    @Test func requireToFailWaitsThenRecognizesWhenTheOtherFails() throws {
        // "slow" is still undecided when the touch lifts at 0.2; its deadline fails it at 1.0, after the
        // last sample (time runs on), and only then may "quick" recognize.
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0.2, 1, .ended, 0, 0)],
            [Timed.named("slow", delay: 1, decidesOnLift: false), Timed.named("quick", delay: 5, requires: ["slow"])])
        let quick = try report(result, "quick")
        #expect(
            quick.transitions == [
                Transition(
                    from: .possible, to: .possible, time: 0.2, event: 1, sample: 1,
                    reason: "would recognize quick; waiting for slow to fail", waitingFor: ["slow"]),
                Transition(
                    from: .possible, to: .recognized, time: 1, event: 1, sample: nil,
                    reason: "recognized quick once slow failed"),
            ])
        #expect(try report(result, "slow").failure?.time == 1)
        #expect(result.gesture == "quick")
    }

    @Test func preemptionFailsTheOthersUnlessSimultaneous() throws {
        let samples = [Sample(0, 1, .began, 0, 0), Sample(0.2, 1, .ended, 0, 0)]
        let alone = try replay(samples, [Timed.named("a", delay: 1), Timed.named("b", delay: 1)])
        #expect(alone.gesture == "a")
        #expect(try report(alone, "b").failure?.reason == FailureReason(code: "preempted", message: "preempted by a"))
        let together = try replay(samples, [Timed.named("a", delay: 1), Timed.named("b", delay: 1)]) {
            try $0.allowSimultaneous("a", "b")
        }
        #expect(together.gesture == "a+b")
    }

    @Test func aRecognizerThatIsRequiredToFailButRecognizesFailsTheWaiter() throws {
        let result = try replay(
            [Sample(0, 1, .began, 0, 0), Sample(0.2, 1, .ended, 0, 0)],
            [Timed.named("waiter", delay: 1, requires: ["first"]), Timed.named("first", delay: 1)])
        let waiter = try report(result, "waiter")
        #expect(waiter.state == .failed)
        #expect(
            waiter.failure?.reason
                == FailureReason(
                    code: "required-recognizer-succeeded", message: "first recognized, and waiter requires it to fail"))
        #expect(waiter.transitions.map(\.to) == [.possible, .failed])
        #expect(waiter.transitions[0].waitingFor == ["first"])
        #expect(result.gesture == "first")
    }

    @Test func aCancelledTouchFailsADiscreteRecognizer() throws {
        let result = try replay([Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .cancelled, 0, 0)], [Timed.definition])
        let timed = try report(result, "timed")
        #expect(timed.failure?.reason.code == "touch-cancelled")
        #expect(timed.failure?.sample == 1)
    }

    /// A pan waiting for swipe to fail, its touch cancelled: the pan has the cancel before the swipe's
    /// failure can release it, and fails (it began on the cancelled touch, and the trace was a pan).
    @Test func aCancelReachesARecognitionOnHoldBeforeItIsReleased() throws {
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0.1, 1, .moved, 200, 430), Sample(0.2, 1, .moved, 200, 460),
            Sample(0.3, 1, .cancelled, 200, 470),
        ]
        let result = try replay(samples, Registry.all) { try $0.keepOnly(["swipe", "pan"]) }
        let pan = try report(result, "pan")
        #expect(pan.transitions.first?.waitingFor == ["swipe"])
        #expect(pan.state == .failed)
        #expect(pan.failure?.reason.code == "touch-cancelled")
        #expect(pan.failure?.sample == 3)
        #expect(result.gesture == "none")
    }

    @Test func anIllegalTransitionIsRefusedWithAWarning() throws {
        let result = try replay([Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .ended, 0, 0)], [Illegal.definition])
        #expect(result.warnings == ["illegal asked for the illegal transition possible → began at t=0"])
        #expect(try report(result, "illegal").failure?.reason.code == "sequence-ended-undecided")
    }
}
