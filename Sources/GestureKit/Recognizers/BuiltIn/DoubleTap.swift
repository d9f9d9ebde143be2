/// A double tap: two taps in quick succession, near each other, like `UITapGestureRecognizer` with two
/// taps required — a tap whose `taps` is 2.
///
/// The second tap is a new touch sequence: the recognizer stays undecided across the end of the first
/// (it carries into the next sequence) and is reset only when it recognizes or fails — at the latest
/// when its interval passes on the trace clock, even after the trace's last sample.
///
/// `docs/recognizers/double-tap.md` is its guide.
public struct DoubleTap: TapCounting {
    public typealias Parameters = TapParameters
    public typealias FailureCode = TapFailureCode

    public static let definition = RecognizerDefinition(
        DoubleTap.self, id: "double-tap",
        summary: "two taps within 300 ms and 10 pt of each other (Hammer.js tap defaults)",
        gestures: ["double-tap"], details: Tap.tapDetails, examples: examples)

    public static let defaultParameters = TapParameters().with { $0.taps = 2 }
    public static let seedParameters = defaultParameters
    public static let hammerParameters = defaultParameters

    var counter: TapCounter

    public init(parameters: Parameters) {
        counter = TapCounter(gesture: "double-tap", parameters: parameters)
    }
}

extension DoubleTap {
    static let examples: [Example] =
        [
            Example(
                "two taps 0.15 s apart", .recognizes("double-tap"),
                samples: Tap.tap(at: 100, 100, from: 0) + Tap.tap(at: 103, 101, from: 0.23)),
            Example("a single tap", .fails(FailureCode.noNextTap), samples: Tap.tap(at: 100, 100, from: 0)),
            Example(
                "second tap 0.5 s later", .fails(FailureCode.noNextTap),
                samples: Tap.tap(at: 100, 100, from: 0) + Tap.tap(at: 100, 100, from: 0.58)),
            Example(
                "second tap 40 pt away", .fails(FailureCode.tooFar),
                samples: Tap.tap(at: 100, 100, from: 0) + Tap.tap(at: 140, 100, from: 0.2)),
            Example(
                "the second tap held 0.4 s", .fails(FailureCode.heldTooLong),
                samples: Tap.tap(at: 100, 100, from: 0) + Tap.tap(at: 100, 100, from: 0.2, for: 0.4)),
        ] + Tap.failures
}
