/// A tap: a short touch that barely moves (or `taps` of them, with `touches` fingers each), like
/// `UITapGestureRecognizer`.
///
/// Each tap lasts at most `maximumDuration` and moves at most `allowableMovement`; later taps follow
/// within `maximumInterval` and land within `maximumDistance` of the first (Hammer.js's defaults: 250 ms,
/// 9 pt, 300 ms, 10 pt, in both profiles). By default `tap` requires `double-tap` to fail, so a single
/// tap is recognized once the double tap has failed — when its interval runs out on the trace clock,
/// which the transitions record as a wait.
///
/// `docs/recognizers/tap.md` is its guide.
public struct Tap: TapCounting {
    public typealias Parameters = TapParameters
    public typealias FailureCode = TapFailureCode

    public static let definition = RecognizerDefinition(
        Tap.self, id: "tap",
        summary: "short, nearly still touches: `taps` of them with `touches` fingers (Hammer.js tap defaults)",
        gestures: ["tap"], requiresFailureOf: [.recognizer("double-tap")], details: tapDetails, examples: examples)

    /// What `tap` and `double-tap` report.
    static let tapDetails = [
        DetailSpec(
            "location", .point, unit: .points,
            "Where the first tap lifted, the centroid of its fingers (within allowableMovement of where they landed): later taps are measured from it."
        ),
        DetailSpec("taps", .integer, unit: .count, minimum: 1, "Taps counted."),
    ]

    var counter: TapCounter

    public init(parameters: Parameters) {
        counter = TapCounter(gesture: "tap", parameters: parameters)
    }
}

extension Tap {
    static func tap(at x: Double, _ y: Double, from start: Double, for duration: Double = 0.08, id: Int = 1) -> [Sample]
    {
        [Sample(start, id, .began, x, y), Sample(start + duration, id, .ended, x + 1, y)]
    }

    /// A 20 pt drag: too far for a tap.
    static let drag = [
        Sample(0, 1, .began, 100, 100), Sample(0.05, 1, .moved, 120, 100), Sample(0.1, 1, .ended, 120, 100),
    ]

    /// Two fingers down together for 0.1 s.
    static let twoFingers = [
        Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 150, 100), Sample(0.1, 1, .ended, 100, 100),
        Sample(0.1, 2, .ended, 150, 100),
    ]

    /// What fails any tap counter, whatever its number of taps.
    static let failures: [Example] = [
        Example("moves 20 pt", .fails(FailureCode.moved), samples: drag),
        Example("two fingers", .fails(FailureCode.tooManyTouches), samples: twoFingers),
        Example(
            "one finger where two are needed", .fails(FailureCode.tooFewTouches), settings: ["touches": .integer(2)],
            samples: tap(at: 100, 100, from: 0)),
    ]

    static let examples: [Example] =
        [
            Example("a quick touch", .recognizes("tap"), samples: tap(at: 100, 100, from: 0)),
            Example("held 0.4 s", .fails(FailureCode.heldTooLong), samples: tap(at: 100, 100, from: 0, for: 0.4)),
            Example(
                "two fingers together where two are needed", .recognizes("tap"), settings: ["touches": .integer(2)],
                samples: twoFingers),
            Example(
                "one tap where three are needed", .fails(FailureCode.noNextTap), settings: ["taps": .integer(3)],
                samples: tap(at: 100, 100, from: 0)),
            Example(
                "three taps 0.2 s apart", .recognizes("tap"), settings: ["taps": .integer(3)],
                samples: tap(at: 100, 100, from: 0) + tap(at: 102, 100, from: 0.2) + tap(at: 101, 101, from: 0.4)),
            Example(
                "the second of three taps 40 pt away", .fails(FailureCode.tooFar), settings: ["taps": .integer(3)],
                samples: tap(at: 100, 100, from: 0) + tap(at: 140, 100, from: 0.2)),
        ] + failures
}
