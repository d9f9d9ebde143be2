/// A pinch: two fingers moving apart or together, like `UIPinchGestureRecognizer` (continuous):
/// `began` once the distance between them has changed by `minimumScaleChange` of what it was when both
/// were down, `changed` with the scale (current ÷ starting distance) and its velocity, `ended` when
/// fewer than two fingers remain. It may recognize together with `rotation`.
///
/// UIKit documents no threshold; 10% is a change no steady two-finger touch makes by accident.
public struct Pinch: TwoFingerGesture {
    public static let definition = RecognizerDefinition(
        id: "pinch",
        summary: "two fingers moving apart or together; reports the scale (UIPinchGestureRecognizer)",
        kind: .continuous,
        gestures: ["pinch"],
        parameters: [
            Parameter("minimumScaleChange", unit: "ratio", default: 0.1, seed: 0.1, "change of the fingers' distance, as a fraction, before it begins")
        ],
        simultaneousWith: ["rotation"],
        examples: PinchExamples.all,
        make: { Pinch(parameters: $0) })

    static let gesture = "pinch"
    static let liftedEarly = (code: "lifted-before-pinching", message: "a finger lifted before the distance changed enough", unit: "ratio")
    let threshold: Double
    var fingers = TwoTouches(measuresRotation: false)

    public init(parameters: ParameterValues) {
        threshold = parameters["minimumScaleChange"]
    }

    var progress: Double { abs(fingers.scale - 1) }

    var values: [JSONValue.Member] {
        [.init("scale", .number(fingers.scale)), .init("velocity", .number(fingers.scaleVelocity))]
    }
}

enum PinchExamples {
    /// Two fingers on a horizontal line around (200, 200), `gap` apart at each step.
    static func fingers(_ gaps: [Double], angles: [Double]? = nil) -> [Sample] {
        var samples: [Sample] = []
        for (k, gap) in gaps.enumerated() {
            let angle = angles?[k] ?? 0
            let dx = gap / 2 * cosine(angle)
            let dy = gap / 2 * sine(angle)
            let phase: Phase = k == 0 ? .began : (k == gaps.count - 1 ? .ended : .moved)
            let t = Double(k) * 0.03
            samples += [Sample(t, 1, phase, 200 - dx, 200 - dy), Sample(t, 2, phase, 200 + dx, 200 + dy)]
        }
        return samples
    }

    static let all: [Example] = [
        Example("fingers spreading", .recognizes("pinch"), samples: fingers([100, 120, 140, 170, 200])),
        Example("fingers closing", .recognizes("pinch"), samples: fingers([200, 170, 140, 120, 100])),
        Example("fingers still", .fails(code: "lifted-before-pinching"), samples: fingers([100, 101, 102, 101])),
        Example("one finger", .fails(code: "needs-two-touches"), samples: Example.stroke([(100, 100), (150, 100), (200, 100)])),
    ]
}
