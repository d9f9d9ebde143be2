/// A double tap: two taps in quick succession, near each other, like `UITapGestureRecognizer` with
/// two taps required.
///
/// The second tap is a new touch sequence: the recognizer stays undecided across the end of the first
/// (it carries into the next sequence) and is reset only when it recognizes or fails — at the latest
/// when its 300 ms interval passes on the trace clock, even after the trace's last sample. Its limits
/// are `tap`'s (Hammer.js's defaults).
public struct DoubleTap: TapCounting {
    public static let definition = RecognizerDefinition(
        id: "double-tap",
        summary: "two taps within 300 ms and 10 pt of each other (Hammer.js tap defaults)",
        gestures: ["double-tap"],
        parameters: TapCounter.parameters(taps: 2),
        examples: DoubleTapExamples.all,
        make: { DoubleTap(parameters: $0) })

    var counter: TapCounter

    public init(parameters: ParameterValues) {
        counter = TapCounter(gesture: "double-tap", parameters: parameters)
    }
}

enum DoubleTapExamples {
    static let all: [Example] = [
        Example(
            "two taps 0.15 s apart", .recognizes("double-tap"),
            samples: TapExamples.tap(at: 100, 100, from: 0) + TapExamples.tap(at: 103, 101, from: 0.23)),
        Example("a single tap", .fails(code: "no-next-tap"), samples: TapExamples.tap(at: 100, 100, from: 0)),
        Example(
            "second tap 0.5 s later", .fails(code: "no-next-tap"),
            samples: TapExamples.tap(at: 100, 100, from: 0) + TapExamples.tap(at: 100, 100, from: 0.58)),
        Example(
            "second tap 40 pt away", .fails(code: "too-far"),
            samples: TapExamples.tap(at: 100, 100, from: 0) + TapExamples.tap(at: 140, 100, from: 0.2)),
    ]
}
