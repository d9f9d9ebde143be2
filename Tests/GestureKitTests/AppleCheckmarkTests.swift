import Testing

@testable import GestureKit

// Proof that `--profile seed` checkmark is Apple's CheckmarkGestureRecognizer ("Implementing a
// Discrete Gesture Recognizer"), case by case and over thousands of random strokes.
//
// The reference is a literal transliteration of Apple's listing (`AppleCheckmark`), driven by a tiny
// stand-in for UIKit's delivery (`AppleDriver`) that is independent of `ReplayEngine`. Both sides see
// the same samples; they must agree on the outcome, on the sample that decided it and on the failure
// code (the model names the branch of Apple's code that failed with our code for it).

// MARK: - Reference model: Apple's listing

/// A touch as Apple's code sees it: identity (`UITouch` is compared by identity), `location(in:)`
/// and `previousLocation(in:)`. `sample` is bookkeeping, to say which sample decided.
struct AppleTouch {
    var id: TouchID
    var location: Point
    var previousLocation: Point
    var sample: Int
}

/// Apple's `CheckmarkGestureRecognizer`, statement for statement. `Set<UITouch>.first` is the first
/// element of the array. Two things are not Apple's: `why`, set next to each `state = .failed` to name
/// the branch with our failure code, and `ignored`, which is UIKit's bookkeeping for `ignore(_:for:)`.
struct AppleCheckmark {
    enum StrokePhase { case notStarted, initialPoint, downStroke, upStroke }
    enum State { case possible, recognized, failed }

    var strokePhase: StrokePhase = .notStarted
    var initialTouchPoint: Point = .zero
    var trackedTouch: TouchID?
    var state: State = .possible

    var why: String?
    var ignored: Set<TouchID> = []

    mutating func ignore(_ touch: AppleTouch) { ignored.insert(touch.id) }

    mutating func touchesBegan(_ touches: [AppleTouch]) {
        if touches.count != 1 {
            state = .failed
            why = "multiple-touches"
        }
        // Capture the first touch and store some information about it.
        if trackedTouch == nil {
            if let firstTouch = touches.first {
                trackedTouch = firstTouch.id
                initialTouchPoint = firstTouch.location
                strokePhase = .initialPoint
            }
        } else {
            // Ignore all but the first touch.
            for touch in touches {
                if touch.id != trackedTouch {
                    ignore(touch)
                }
            }
        }
    }

    mutating func touchesMoved(_ touches: [AppleTouch]) {
        let newTouch = touches.first
        // There should be only the first touch.
        guard newTouch?.id == trackedTouch else {
            state = .failed
            why = "untracked-touch"
            return
        }
        let newPoint = newTouch!.location
        let previousPoint = newTouch!.previousLocation
        if strokePhase == .initialPoint {
            // Make sure the initial movement is down and to the right.
            if newPoint.x >= initialTouchPoint.x && newPoint.y >= initialTouchPoint.y {
                strokePhase = .downStroke
            } else {
                state = .failed
                why = "initial-direction"
            }
        } else if strokePhase == .downStroke {
            // Always keep moving left to right.
            if newPoint.x >= previousPoint.x {
                // If the y direction changes, the gesture is moving up again.
                // Otherwise, the down stroke continues.
                if newPoint.y < previousPoint.y {
                    strokePhase = .upStroke
                }
            } else {
                // If the new point is to the left, the gesture has failed.
                state = .failed
                why = "moved-left"
            }
        } else if strokePhase == .upStroke {
            // If the new point is to the left, the gesture has failed.
            if newPoint.x < previousPoint.x || newPoint.y > previousPoint.y {
                state = .failed
                why = newPoint.x < previousPoint.x ? "moved-left" : "moved-down"
            }
        }
    }

    mutating func touchesEnded(_ touches: [AppleTouch]) {
        let newTouch = touches.first
        let newPoint = newTouch!.location
        // There should be only the first touch.
        guard newTouch?.id == trackedTouch else {
            state = .failed
            why = "untracked-touch"
            return
        }
        // If the stroke was moving up and the final point is
        // above the initial point, the gesture succeeds.
        if state == .possible && strokePhase == .upStroke && newPoint.y < initialTouchPoint.y {
            state = .recognized
        } else {
            state = .failed
            why = strokePhase == .upStroke ? "ended-too-low" : "no-up-stroke"
        }
    }

    mutating func touchesCancelled(_ touches: [AppleTouch]) {
        // Apple writes `state = .cancelled`, which UIKit does not allow a discrete recognizer still
        // in `possible`; our engine fails it instead, and so does the model.
        state = .failed
        why = EngineFailure.touchCancelled.rawValue
    }
}

/// How one touch sequence ended for a recognizer: the state, the failure code, and the index of the
/// sample whose delivery decided it (`nil` when the sequence ending did).
struct AppleOutcome: Equatable, CustomStringConvertible {
    var recognized: Bool
    var code: String?
    var sample: Int?

    static func recognized(at sample: Int?) -> AppleOutcome {
        AppleOutcome(recognized: true, code: nil, sample: sample)
    }
    static func failed(_ code: String, at sample: Int?) -> AppleOutcome {
        AppleOutcome(recognized: false, code: code, sample: sample)
    }

    var description: String {
        (recognized ? "recognized" : "failed \(code ?? "?")") + " at sample \(sample.map(String.init) ?? "-")"
    }
}

/// UIKit's side, just enough for one touch sequence: samples with equal time are one event; an event
/// calls `touchesBegan`, `touchesMoved`, `touchesEnded`, `touchesCancelled` in that order with the
/// touches in that phase, less those the recognizer ignores, and only while it is `possible`.
/// `touchesMoved` gets only touches whose sample says `moved` (a `stationary` one did not move, and
/// UIKit does not report it); a `moved` sample is delivered even when its location did not change.
/// A recognizer still `possible` when every touch is up is failed (UIKit resets it).
enum AppleDriver {
    static func run(_ samples: [Sample]) -> AppleOutcome {
        var model = AppleCheckmark()
        var last: [TouchID: Point] = [:]
        var decided: Int?
        var start = 0
        while start < samples.count, model.state == .possible {
            var end = start + 1
            while end < samples.count, samples[end].time == samples[start].time { end += 1 }
            var groups: [[AppleTouch]] = [[], [], [], []]
            for index in start..<end {
                let sample = samples[index]
                let touch = AppleTouch(
                    id: sample.touch, location: sample.location,
                    previousLocation: last[sample.touch] ?? sample.location,
                    sample: index)
                switch sample.phase {
                case .began: groups[0].append(touch)
                case .moved: groups[1].append(touch)
                case .stationary: break
                case .ended: groups[2].append(touch)
                case .cancelled: groups[3].append(touch)
                }
                last[sample.touch] = sample.phase.isDown ? sample.location : nil
            }
            for (phase, group) in groups.enumerated() where model.state == .possible {
                let touches = group.filter { !model.ignored.contains($0.id) }
                guard let first = touches.first else { continue }
                switch phase {
                case 0: model.touchesBegan(touches)
                case 1: model.touchesMoved(touches)
                case 2: model.touchesEnded(touches)
                default: model.touchesCancelled(touches)
                }
                if model.state != .possible { decided = first.sample }
            }
            start = end
            if last.isEmpty { break }
        }
        switch model.state {
        case .recognized: return .recognized(at: decided)
        case .failed: return .failed(model.why ?? "?", at: decided)
        case .possible: return .failed(EngineFailure.sequenceEndedUndecided.rawValue, at: nil)
        }
    }
}

// MARK: - Our recognizer, alone

enum OurCheckmark {
    static let seed = configuration(.seed)
    static let `default` = configuration(.default)

    static func configuration(_ profile: Profile) -> Configuration {
        var configuration = Configuration(profile: profile)
        try! configuration.keepOnly(["checkmark"])
        return configuration
    }

    /// Replays `samples` (one touch sequence) with the checkmark alone.
    static func run(_ samples: [Sample], _ configuration: Configuration = seed) throws -> AppleOutcome {
        var trace = Trace(samples: samples)
        try TraceValidator.validate(&trace, file: "apple")
        let result = Classifier(configuration: configuration).classify(trace, file: "apple")
        try #require(result.sequences.count == 1)
        let report = try #require(result.sequences[0].recognizers.first)
        try #require(report.id == "checkmark")
        switch report.state {
        case .recognized: return .recognized(at: report.transitions.last?.sample)
        case .failed:
            let failure = try #require(report.failure)
            return .failed(failure.reason.code, at: failure.sample)
        default:
            Issue.record("checkmark ended in \(report.state)")
            return .failed("?", at: nil)
        }
    }
}

/// One finger through `points`, one sample every 16 ms: `began`, `moved`s, `ended`.
func appleStroke(_ points: [(Double, Double)]) -> [Sample] { Example.stroke(points) }

// MARK: - Case by case

@Suite struct AppleCheckmarkTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let expected: AppleOutcome
        let samples: [Sample]
        var testDescription: String { name }

        init(_ name: String, _ expected: AppleOutcome, _ samples: [Sample]) {
            self.name = name
            self.expected = expected
            self.samples = samples
        }
    }

    static let check: [(Double, Double)] = [(0, 0), (10, 10), (20, 20), (30, 5), (40, -10)]

    static let cases: [Case] = [
        Case("clean check", .recognized(at: 4), appleStroke(check)),
        Case("Apple's example shape", .recognized(at: 9), appleStroke(Checkmark.clean)),
        Case(
            "first move up (and right)", .failed("initial-direction", at: 1),
            appleStroke([(0, 0), (5, -1), (10, 10), (20, 20), (30, 5), (40, -10)])),
        Case(
            "first move straight up", .failed("initial-direction", at: 1),
            appleStroke([(0, 0), (0, -5), (10, 10), (20, 20), (30, 5), (40, -10)])),
        Case(
            "first move left (and down)", .failed("initial-direction", at: 1),
            appleStroke([(0, 0), (-1, 5), (10, 10), (20, 20), (30, 5), (40, -10)])),
        // An equal point is "down and to the right" (>=, >=): the down-stroke starts, so the next,
        // upward, move is the up-stroke.
        Case(
            "zero-length first move starts the down-stroke", .recognized(at: 3),
            appleStroke([(0, 0), (0, 0), (10, -10), (20, -20)])),
        Case(
            "one pixel left on the down-stroke", .failed("moved-left", at: 3),
            appleStroke([(0, 0), (5, 5), (10, 10), (9, 15), (20, 0), (30, -10)])),
        Case(
            "equal x on the down-stroke is allowed", .recognized(at: 5),
            appleStroke([(0, 0), (5, 5), (5, 10), (5, 15), (10, 10), (20, -10)])),
        Case(
            "flat (equal y) on the down-stroke is allowed", .recognized(at: 5),
            appleStroke([(0, 0), (5, 5), (10, 5), (15, 5), (20, 0), (30, -10)])),
        Case(
            "up-stroke moving left", .failed("moved-left", at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (25, 10), (24, 5), (30, -10)])),
        Case(
            "up-stroke moving down", .failed("moved-down", at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (25, 10), (30, 11), (40, -10)])),
        Case(
            "up-stroke moving left and down: left is reported", .failed("moved-left", at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (25, 10), (24, 11), (40, -10)])),
        Case(
            "up-stroke straight up and flat is allowed", .recognized(at: 5),
            appleStroke([(0, 0), (10, 10), (20, 20), (20, 10), (30, 10), (40, -1)])),
        Case(
            "end exactly at the start height", .failed("ended-too-low", at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (30, 10), (40, 0)])),
        Case(
            "end one point higher than the start", .recognized(at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (30, 10), (40, -1)])),
        // touchesEnded judges only the height: the lift's own movement (here down and left) is not.
        Case(
            "the lift moves down and left, still above the start", .recognized(at: 4),
            appleStroke([(0, 0), (10, 10), (20, 20), (30, -10), (25, -5)])),
        Case(
            "lift during the down-stroke", .failed("no-up-stroke", at: 3),
            appleStroke([(0, 0), (10, 10), (20, 20), (30, 30)])),
        Case(
            "lift before moving, even above and right of the start", .failed("no-up-stroke", at: 1),
            appleStroke([(0, 0), (10, -10)])),
        // UIKit does not call touchesMoved for a stationary touch: unlike a zero-length `moved`, a
        // `stationary` sample does not start the down-stroke.
        Case(
            "a stationary sample is not a movement", .failed("initial-direction", at: 2),
            [
                Sample(0, 1, .began, 0, 0), Sample(0.016, 1, .stationary, 0, 0), Sample(0.032, 1, .moved, 10, -10),
                Sample(0.048, 1, .ended, 20, -20),
            ]),
        Case(
            "stationary samples inside a check are skipped", .recognized(at: 6),
            [
                Sample(0, 1, .began, 0, 0), Sample(0.016, 1, .moved, 10, 10), Sample(0.032, 1, .stationary, 10, 10),
                Sample(0.048, 1, .moved, 20, 20), Sample(0.064, 1, .moved, 30, 0), Sample(0.080, 1, .stationary, 30, 0),
                Sample(0.096, 1, .ended, 40, -10),
            ]),
        Case(
            "two fingers in the first event", .failed("multiple-touches", at: 0),
            [
                Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 50, 0), Sample(0.016, 1, .moved, 10, 10),
                Sample(0.032, 1, .moved, 20, 20), Sample(0.048, 1, .moved, 30, 5), Sample(0.064, 1, .ended, 40, -10),
                Sample(0.064, 2, .ended, 50, 0),
            ]),
        // The second finger is ignored: its moves (even in the same event as the first finger's, and
        // leftward and downward) and its lift are never seen.
        Case(
            "a second finger later is ignored", .recognized(at: 8),
            [
                Sample(0, 1, .began, 0, 0), Sample(0.016, 1, .moved, 10, 10), Sample(0.032, 2, .began, 80, 80),
                Sample(0.048, 1, .moved, 20, 20), Sample(0.048, 2, .moved, 70, 90), Sample(0.064, 2, .ended, 60, 95),
                Sample(0.080, 1, .moved, 30, 5), Sample(0.096, 3, .began, 0, 100), Sample(0.112, 1, .ended, 40, -10),
                Sample(0.128, 3, .ended, 0, 100),
            ]),
        // Apple checks `touches.count != 1` before looking at trackedTouch.
        Case(
            "two fingers beginning together later", .failed("multiple-touches", at: 2),
            [
                Sample(0, 1, .began, 0, 0), Sample(0.016, 1, .moved, 10, 10), Sample(0.032, 2, .began, 80, 80),
                Sample(0.032, 3, .began, 90, 80), Sample(0.048, 1, .moved, 20, 20), Sample(0.064, 1, .moved, 30, 5),
                Sample(0.080, 1, .ended, 40, -10), Sample(0.080, 2, .ended, 80, 80), Sample(0.080, 3, .ended, 90, 80),
            ]),
        Case(
            "a cancelled touch", .failed(EngineFailure.touchCancelled.rawValue, at: 3),
            [
                Sample(0, 1, .began, 0, 0), Sample(0.016, 1, .moved, 10, 10), Sample(0.032, 1, .moved, 20, -5),
                Sample(0.048, 1, .cancelled, 30, -10),
            ]),
    ]

    @Test(arguments: cases)
    func seedIsApple(_ c: Case) throws {
        let ours = try OurCheckmark.run(c.samples)
        #expect(ours == c.expected, "ours")
        #expect(AppleDriver.run(c.samples) == c.expected, "Apple's model")
    }

    // MARK: Differential

    /// Every generated stroke gives the same outcome, code and deciding sample in Apple's model and in
    /// the seed profile; the strokes reach every branch of Apple's code many times.
    @Test func seedAgreesWithAppleOnRandomStrokes() throws {
        var rng = SplitMix64(seed: 0x00C0_FFEE_C4EC_4A11)
        let strokes = (0..<3_000).map { _ in StrokeGenerator.stroke(&rng) }
        var firstDifference: String?
        var tally: [String: Int] = [:]
        var defaultOnly = 0
        for (index, points) in strokes.enumerated() {
            let samples = appleStroke(points.map { ($0.x, $0.y) })
            let apple = AppleDriver.run(samples)
            let ours = try OurCheckmark.run(samples)
            tally[apple.code ?? "recognized", default: 0] += 1
            if apple != ours, firstDifference == nil {
                let path = points.map(\.description).joined(separator: " ")
                firstDifference = "stroke \(index) \(path): Apple's model \(apple), seed \(ours)"
            }
            if try !ours.recognized && OurCheckmark.run(samples, OurCheckmark.default).recognized { defaultOnly += 1 }
        }
        #expect(firstDifference == nil, "\(firstDifference ?? "")")
        // The comparison means something only if every outcome is well represented.
        for outcome in ["recognized", "initial-direction", "moved-left", "moved-down", "no-up-stroke", "ended-too-low"]
        {
            #expect(tally[outcome, default: 0] >= 100, "\(outcome): \(tally[outcome, default: 0]) of \(strokes.count)")
        }
        _ = defaultOnly  // counted, not asserted: strokes the default profile's tolerances rescue
    }

    @Test func theGeneratorIsDeterministic() {
        var a = SplitMix64(seed: 42)
        var b = SplitMix64(seed: 42)
        #expect((0..<50).map { _ in StrokeGenerator.stroke(&a) } == (0..<50).map { _ in StrokeGenerator.stroke(&b) })
        // SplitMix64's published first output for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
    }
}

// MARK: - Stroke generator

/// Sebastiano Vigna's SplitMix64.
struct SplitMix64 {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform enough in `range` (modulo bias is below 2⁻⁵⁰ for these ranges).
    mutating func int(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }
}

/// One-finger strokes of 3–30 integer points: check-like shapes (down, then up to near the start
/// height, ±0–2 px jitter), random walks, and straight lines (with jitter).
enum StrokeGenerator {
    static func stroke(_ rng: inout SplitMix64) -> [Point] {
        let count = rng.int(3...30)
        let start = Point(x: Double(rng.int(0...300)), y: Double(rng.int(0...300)))
        var points: [Point]
        switch rng.int(0...9) {
        case 0...5: points = check(count, from: start, &rng)
        case 6...7: points = walk(count, from: start, &rng)
        default: points = line(count, from: start, &rng)
        }
        let jitter = rng.int(0...2)
        if jitter > 0 {
            for index in points.indices {
                points[index].x += Double(rng.int(-jitter...jitter))
                points[index].y += Double(rng.int(-jitter...jitter))
            }
        }
        return points
    }

    /// Down and right to a vertex, then up and right to end `rise` above the start (-3…6 px: around
    /// Apple's "strictly higher" boundary). Steps may be zero, so equal points and flat runs occur.
    static func check(_ count: Int, from start: Point, _ rng: inout SplitMix64) -> [Point] {
        let vertex = rng.int(1...(count - 2))
        var points = [start]
        for _ in 0..<vertex {
            let last = points[points.count - 1]
            points.append(Point(x: last.x + Double(rng.int(0...6)), y: last.y + Double(rng.int(0...6))))
        }
        let steps = count - 1 - vertex
        let rise = rng.int(-3...6)
        let total = max(0, Int(points[vertex].y - start.y) + rise)
        var ups = [Int](repeating: 0, count: steps)
        for _ in 0..<total { ups[rng.int(0...(steps - 1))] += 1 }
        for up in ups {
            let last = points[points.count - 1]
            points.append(Point(x: last.x + Double(rng.int(0...6)), y: last.y - Double(up)))
        }
        return points
    }

    static func walk(_ count: Int, from start: Point, _ rng: inout SplitMix64) -> [Point] {
        var points = [start]
        let drift = rng.int(0...1)
        while points.count < count {
            let last = points[points.count - 1]
            points.append(Point(x: last.x + Double(rng.int((-3 + 2 * drift)...3)), y: last.y + Double(rng.int(-3...3))))
        }
        return points
    }

    static func line(_ count: Int, from start: Point, _ rng: inout SplitMix64) -> [Point] {
        let dx = Double(rng.int(-5...5))
        let dy = Double(rng.int(-5...5))
        return (0..<count).map { Point(x: start.x + Double($0) * dx, y: start.y + Double($0) * dy) }
    }
}
