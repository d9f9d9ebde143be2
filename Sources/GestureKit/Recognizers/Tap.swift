/// A tap: a short touch that barely moves (or `taps` of them, with `touches` fingers each), like
/// `UITapGestureRecognizer`.
///
/// The limits are Hammer.js's tap defaults, the most explicit published ones (UIKit documents none):
/// a tap lasts at most 250 ms and moves at most 9 pt; taps follow within 300 ms and land within 10 pt
/// of the first. These are both the seed and the default values: no real-hand tolerance has been
/// needed yet (no stroke of `../shared/datasets` is tap-like).
///
/// By default `tap` requires `double-tap` to fail, so a single tap is recognized only once the double
/// tap has failed — when its 300 ms interval runs out on the trace clock, which the transitions record
/// as a wait.
public struct Tap: TapCounting {
    public static let definition = RecognizerDefinition(
        id: "tap",
        summary: "short, nearly still touches: `taps` of them with `touches` fingers (Hammer.js tap defaults)",
        gestures: ["tap"],
        parameters: TapCounter.parameters(taps: 1),
        requiresFailureOf: ["double-tap"],
        examples: TapExamples.all,
        make: { Tap(parameters: $0) })

    var counter: TapCounter

    public init(parameters: ParameterValues) {
        counter = TapCounter(gesture: "tap", parameters: parameters)
    }
}

enum TapExamples {
    static func tap(at x: Double, _ y: Double, from start: Double, for duration: Double = 0.08, id: Int = 1) -> [Sample] {
        [Sample(start, id, .began, x, y), Sample(start + duration, id, .ended, x + 1, y)]
    }

    static let all: [Example] = [
        Example("a quick touch", .recognizes("tap"), samples: tap(at: 100, 100, from: 0)),
        Example("held 0.4 s", .fails(code: "held-too-long"), samples: tap(at: 100, 100, from: 0, for: 0.4)),
        Example(
            "moves 20 pt", .fails(code: "moved"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.05, 1, .moved, 120, 100), Sample(0.1, 1, .ended, 120, 100)]),
        Example(
            "two fingers", .fails(code: "too-many-touches"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 150, 100), Sample(0.1, 1, .ended, 100, 100), Sample(0.1, 2, .ended, 150, 100)]),
    ]
}
