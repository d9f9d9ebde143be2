/// A pinch: two fingers moving apart or together, like `UIPinchGestureRecognizer` (continuous):
/// `began` once the distance between them has changed by `minimumScaleChange` of what it was when both
/// were down, `changed` with the scale (current ÷ starting distance) and its velocity, `ended` when
/// fewer than two fingers remain. It may recognize together with `rotation`.
///
/// UIKit documents no threshold; 10% is a change no steady two-finger touch makes by accident.
public struct Pinch: Recognizer {
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

    private let minimumScaleChange: Double
    private var fingers = TwoTouches()

    public init(parameters: ParameterValues) {
        minimumScaleChange = parameters["minimumScaleChange"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        guard fingers.add(touches, at: context.time) else {
            return twoFingerFailure("too-many-touches", "a third finger touched down; a pinch is two fingers", touches[0], &context)
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        guard fingers.bothDown else { return }
        if context.state == .possible {
            if abs(fingers.scale - 1) >= minimumScaleChange { context.begin("pinch", details: values, at: touches[0]) }
        } else {
            context.change("pinch", details: values, at: touches[0])
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        let final = values
        guard fingers.lift(touches) else { return }
        if context.state == .possible {
            let twoFingers = fingers.ids.count == 2
            context.fail(
                twoFingers ? "lifted-before-pinching" : "needs-two-touches",
                twoFingers ? "a finger lifted before the distance changed enough" : "one finger only; a pinch is two",
                measured: twoFingers ? abs(fingers.scale - 1) : 1, limit: twoFingers ? minimumScaleChange : 2,
                unit: twoFingers ? "ratio" : "touches", point: touches[0].location, at: touches[0])
        } else {
            context.recognize("pinch", details: final, at: touches[0])
        }
    }

    private var values: [JSONValue.Member] {
        [.init("scale", .number(fingers.scale)), .init("velocity", .number(fingers.scaleVelocity))]
    }
}

/// Fails an undecided two-finger recognizer, or cancels one in flight.
func twoFingerFailure(_ code: String, _ message: String, _ touch: Touch, _ context: inout RecognizerContext) {
    if context.state == .possible {
        context.fail(code, message, measured: 3, limit: 2, unit: "touches", point: touch.location, at: touch)
    } else {
        context.cancel(code, message, at: touch)
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
