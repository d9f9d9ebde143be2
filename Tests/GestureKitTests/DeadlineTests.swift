import Testing

@testable import GestureKit

/// Every deadline of the new recognizers fires at its exact trace time, between samples or after the
/// last one, with the whole default registry competing.
@Suite struct DeadlineTests {
    func classify(_ samples: [Sample]) throws -> TraceResult {
        try replay(samples, Registry.all) { _ in }
    }

    func transitions(_ result: TraceResult, _ id: String) -> [Transition] {
        result.sequences.flatMap(\.recognizers).first { $0.id == id }?.transitions ?? []
    }

    /// The starts at which recognizer `id` alone, on `samples(start, past: 0)` (exactly at its limit),
    /// does not recognize its gesture, or, on `samples(start, past: 1)` (just past it), does not fail
    /// with `code`.
    static func boundaryMisses(
        _ id: String, _ code: String, starts: [Int], _ samples: (Int, Int) -> [Sample]
    ) throws -> [String] {
        var wrong: [String] = []
        for start in starts {
            let exact = try replay(samples(start, 0), Registry.all) { try $0.keepOnly([id]) }
            if exact.gesture != (id == "swipe" ? "swipe-right" : id) { wrong.append("\(start): \(exact.gesture)") }
            let past = try replay(samples(start, 1), Registry.all) { try $0.keepOnly([id]) }
            let failure = try report(past, id).failure?.reason.code
            if failure != code { wrong.append("\(start) past: \(failure ?? past.gesture)") }
        }
        return wrong
    }

    /// A limit met exactly holds at every start time: times read as decimals and a limit added to one
    /// differ by a rounding error (0.09 + 0.25 is 0.33999999999999997), which failed a tap held from
    /// 0.09 s to 0.34 s and passed one held from 0 to 0.25 s (and so for a long press lifted at
    /// exactly its duration, a next tap at exactly the interval, a swipe at exactly its speed). A
    /// hundredth past the limit still fails.
    @Test(arguments: [
        ("tap", "held-too-long"), ("long-press", "lifted-too-early"), ("double-tap", "no-next-tap"),
        ("swipe", "too-slow"),
    ])
    func aLimitMetExactlyHoldsAtEveryStartTime(_ id: String, _ code: String) throws {
        /// The samples starting at `k` hundredths of a second, as a file gives them, `past` hundredths
        /// beyond the limit.
        func samples(_ k: Int, past: Int) -> [Sample] {
            func t(_ hundredths: Int) -> Double { Double(k + hundredths) / 100 }
            switch id {
            case "tap": return [Sample(t(0), 1, .began, 100, 100), Sample(t(25 + past), 1, .ended, 100, 100)]
            case "long-press": return [Sample(t(0), 1, .began, 100, 100), Sample(t(50 - past), 1, .ended, 100, 100)]
            case "double-tap":
                return [
                    Sample(t(0), 1, .began, 100, 100), Sample(t(5), 1, .ended, 100, 100),
                    Sample(t(35 + past), 1, .began, 100, 100), Sample(t(40 + past), 1, .ended, 100, 100),
                ]
            default:
                return [
                    Sample(t(0), 1, .began, 100, 100), Sample(t(20), 1, .moved, 120, 100),
                    Sample(t(40 + past), 1, .ended, 140, 100),
                ]
            }
        }
        let wrong = try Self.boundaryMisses(id, code, starts: Array(0..<100), samples)
        #expect(wrong.isEmpty, "starting at hundredths \(wrong)")
    }

    /// A distance or a ratio met exactly holds wherever the stroke starts: coordinates read as
    /// decimals leave a rounding error (100.7 to 130.7 is 29.999999999999986 pt), which failed a 30 pt
    /// swipe there and passed one from 100 to 130 (and so a pan's 10 pt, a tap's 9 pt of movement, a
    /// long press's 10, a pinch's tenth). A little past the limit still fails.
    @Test(arguments: [
        ("swipe", "too-short"), ("pan", "did-not-move"), ("tap", "moved"), ("long-press", "moved-too-far"),
        ("pinch", "lifted-before-pinching"),
    ])
    func aDistanceMetExactlyHoldsWhereverTheStrokeStarts(_ id: String, _ code: String) throws {
        /// The samples with the first point at `x` tenths, `past` tenths of a point beyond the limit.
        func samples(_ x: Int, past: Int) -> [Sample] {
            func at(_ tenths: Int) -> Double { Double(x + tenths) / 10 }
            switch id {
            case "swipe":
                return [
                    Sample(0, 1, .began, at(0), 400), Sample(0.05, 1, .moved, at(150), 400),
                    Sample(0.1, 1, .ended, at(300 - past), 400),
                ]
            case "pan":
                return [
                    Sample(0, 1, .began, at(0), 400), Sample(0.05, 1, .moved, at(100 - past), 400),
                    Sample(0.1, 1, .ended, at(100 - past), 400),
                ]
            case "tap":
                return [
                    Sample(0, 1, .began, at(0), 400), Sample(0.05, 1, .moved, at(90 + past), 400),
                    Sample(0.1, 1, .ended, at(90 + past), 400),
                ]
            case "long-press":
                return [
                    Sample(0, 1, .began, at(0), 400), Sample(0.2, 1, .moved, at(100 + past), 400),
                    Sample(0.8, 1, .ended, at(100 + past), 400),
                ]
            default:
                // Fingers 100 pt apart spread to 110: a change of exactly a tenth.
                return [
                    Sample(0, 1, .began, at(0), 400), Sample(0, 2, .began, at(1000), 400),
                    Sample(0.05, 2, .moved, at(1100 - past), 400), Sample(0.1, 1, .ended, at(0), 400),
                    Sample(0.1, 2, .ended, at(1100 - past), 400),
                ]
            }
        }
        let wrong = try Self.boundaryMisses(id, code, starts: Array(stride(from: 1, to: 1000, by: 7)), samples)
        #expect(wrong.isEmpty, "starting at tenths \(wrong)")
    }

    @Test func aLongPressBeginsAtExactlyHalfASecondWithNoSampleThen() throws {
        let result = try classify([Sample(1.2, 1, .began, 100, 100), Sample(2.0, 1, .ended, 101, 100)])
        let press = transitions(result, "long-press")
        #expect(press.map(\.to) == [.began, .recognized])
        #expect(press[0].time == 1.7)
        #expect(press[0].event == 0, "it began between event 0 and event 1")
        #expect(press[0].sample == nil)
        #expect(press[1].time == 2.0)
        #expect(result.gesture == "long-press")
    }

    /// A deadline is at the decimal a time read plus a limit stands for: a press landing at 0.652 s
    /// begins at 1.152 s, where `0.652 + 0.5` is `1.1520000000000001` and JSON printed that.
    @Test func aDeadlineIsAtTheDecimalTheTimeReadPlusTheLimitStandsFor() throws {
        #expect(0.652 + 0.5 != 1.152, "the sum this test is about")
        let result = try classify([Sample(0.652, 1, .began, 100, 100), Sample(1.5, 1, .ended, 100, 100)])
        #expect(transitions(result, "long-press").map(\.time) == [1.152, 1.5])
        let tap = try #require(result.sequences[0].recognizers.first { $0.id == "tap" })
        #expect(tap.failure?.time == 0.902)
        let json = JSONReport.value(result).text
        #expect(json.contains("\"t\":1.152,"))
        #expect(!json.contains("1.1520000000000001"))
    }

    @Test func aTimeIsTakenAsItsDecimalOnlyWithinTheSlackOfOneInstant() {
        #expect(TraceTime.decimal(0.652 + 0.5) == 1.152)
        #expect(TraceTime.decimal(0.09 + 0.25) == 0.34)
        // A time that is no rounding error keeps every digit: a trace timed in tenths of a nanosecond.
        #expect(TraceTime.decimal(1.000_000_000_1) == 1.000_000_000_1)
        #expect(TraceTime.decimal(1_700_000_000.123_456) == 1_700_000_000.123_456)
        #expect(TraceTime.decimal(-0.3 - 0.6) == -0.9)
        #expect(TraceTime.decimal(.infinity) == .infinity)
        #expect(TraceTime.decimal(.nan).isNaN)
    }

    @Test func aSingleTapIsRecognizedWhenTheDoubleTapIntervalRunsOutAfterTheLastSample() throws {
        let result = try classify([Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)])
        let tap = transitions(result, "tap")
        #expect(tap.map(\.to) == [.possible, .recognized])
        #expect(tap[0].waitingFor == ["double-tap"])
        #expect(tap[1].time == 0.1 + 0.3)
        #expect(tap[1].reason == "recognized tap once double-tap failed")
        let doubleTap = try #require(result.sequences[0].recognizers.first { $0.id == "double-tap" })
        #expect(doubleTap.failure?.reason.code == "no-next-tap")
        #expect(doubleTap.failure?.time == 0.4)
        #expect(result.gesture == "tap")
    }

    @Test func aTapHeldTooLongFailsAtItsDeadlineBetweenSamples() throws {
        let result = try classify([Sample(0, 1, .began, 100, 100), Sample(0.6, 1, .ended, 100, 100)])
        let tap = try #require(result.sequences[0].recognizers.first { $0.id == "tap" })
        #expect(tap.failure?.reason.code == "held-too-long")
        #expect(tap.failure?.time == 0.25)
    }

    @Test func aDoubleTapSpansTwoSequencesAndIsReportedInTheFirst() throws {
        let result = try classify([
            Sample(0, 1, .began, 100, 100), Sample(0.08, 1, .ended, 100, 100),
            Sample(0.3, 1, .began, 102, 100), Sample(0.38, 1, .ended, 102, 100),
        ])
        #expect(result.gesture == "double-tap")
        #expect(result.sequences.map(\.gesture) == ["double-tap", "none"])
        #expect(result.sequences[1].continuing == ["double-tap", "tap"])
        #expect(!result.sequences[1].recognizers.contains { $0.id == "double-tap" })
        let doubleTap = try #require(result.sequences[0].recognizers.first { $0.id == "double-tap" })
        #expect(doubleTap.transitions.last?.time == 0.38)
        #expect(doubleTap.transitions.last?.event == 3)
    }

    @Test func twoTapsTooFarApartInTimeAreTwoTaps() throws {
        let result = try classify([
            Sample(0, 1, .began, 100, 100), Sample(0.08, 1, .ended, 100, 100),
            Sample(0.5, 1, .began, 100, 100), Sample(0.58, 1, .ended, 100, 100),
        ])
        #expect(result.gesture == "tap+tap")
        #expect(result.sequences[1].continuing == [])
    }

    @Test func aCancelledTouchCancelsAContinuousRecognizerInFlight() throws {
        let result = try classify([Sample(0, 1, .began, 100, 100), Sample(0.7, 1, .cancelled, 100, 100)])
        let press = try #require(result.sequences[0].recognizers.first { $0.id == "long-press" })
        #expect(press.state == .cancelled)
        #expect(press.failure?.reason.code == "touch-cancelled")
        #expect(press.transitions.map(\.to) == [.began, .cancelled])
    }

    /// A recognizer that sets a new deadline each time one passes, at that time or a second on, made
    /// the replay run forever (`classify` never returned); it fails, and the others decide as ever.
    @Test(arguments: [0.0, 1.0])
    func aRecognizerThatReArmsItsDeadlineForeverFails(_ step: Double) throws {
        struct Rearming: Recognizer {
            static let definition = RecognizerDefinition(
                Rearming.self, id: "rearming", summary: "test probe", gestures: ["rearmed"])
            var step = 0.0
            init(parameters: NoParameters) {}
            init(step: Double) { self.step = step }
            mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
                context.setDeadline(at: context.time, tag: "again")
            }
            mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
                context.setDeadline(at: context.time + step, tag: "again")
            }
        }
        let rearming = RecognizerDefinition(
            id: "rearming", summary: "test probe", gestures: ["rearmed"], parameters: [], failureCodes: [],
            make: { _ in Rearming(step: step) })
        let result = try replay(
            [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)],
            [rearming, Timed.named("timed", delay: 0.5, decidesOnLift: false)])
        let report = try #require(result.sequences[0].recognizers.first { $0.id == "rearming" })
        #expect(report.failure?.reason.code == "too-many-deadlines")
        // Past the maximum, as every rule's limit is: 10,000 may fire, the next one fails it.
        let reason = try #require(report.failure?.reason)
        #expect(reason.measured == 10_001 && reason.limit == 10_000)
        let explained = TextReport.explain(reason)
        #expect(explained.hasSuffix("(measured 10,001 > limit 10,000)"), "\(explained)")
        // The other's deadline still fired, at its time.
        let timed = try #require(result.sequences[0].recognizers.first { $0.id == "timed" })
        #expect(timed.failure?.reason.code == "deadline" && timed.failure?.time == 0.5)
    }

    @Test func panWaitsForTheShapesOnOneFingerAndNeverStealsASwipe() throws {
        let swipe = try classify(Example.stroke([(0, 0), (40, 1), (80, 2), (120, 2), (160, 3)]))
        #expect(swipe.gesture == "swipe-right")
        let pan = try #require(swipe.sequences[0].recognizers.first { $0.id == "pan" })
        #expect(pan.failure?.reason.code == "required-recognizer-succeeded")
        // It waited for those of its requirements still deciding when it asked, in registry order: the
        // shapes that decide on lift, and the swipe.
        let requirements = try #require(Configuration().entries.first { $0.id == "pan" }?.requiresFailureOf)
        let waitedFor = try #require(pan.transitions.first?.waitingFor)
        #expect(waitedFor == requirements.filter(waitedFor.contains))
        #expect(["checkmark", "z", "circle", "swipe"].allSatisfy(waitedFor.contains))
    }
}
