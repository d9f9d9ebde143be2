/// A pinch: two fingers moving apart or together, like `UIPinchGestureRecognizer` (continuous):
/// `began` once the distance between them has changed by `minimumScaleChange` of what it was when both
/// were down, `changed` with the scale (current ÷ starting distance) and its velocity, `ended` when both
/// have lifted (a finger landing in the meantime takes the lifted one's place). It may recognize
/// together with `rotation`.
///
/// UIKit documents no threshold; 10% is a change no steady two-finger touch makes by accident.
///
/// `docs/recognizers/pinch.md` is its guide.
public struct Pinch: TwoFingerGesture {
    public static let definition = RecognizerDefinition(
        Pinch.self, id: "pinch",
        summary: "two fingers moving apart or together; reports the scale (UIPinchGestureRecognizer)",
        kind: .continuous, gestures: ["pinch"], simultaneousWith: ["rotation"],
        details: [
            DetailSpec(
                "scale", .number, unit: .ratio, minimum: 0,
                "Distance between the two fingers ÷ the distance when both were first down."),
            DetailSpec(
                "velocity", .number, unit: .perSecond, nullable: true, nullText: "infinite",
                "Change of scale per second over the latest change (an event that does not change the scale, such as a lift where the fingers last were, leaves it as it was). It is null (infinite in text) when that change took too little time to divide by (a step of less than about 1e-290 s)."
            ),
            DetailSpec(
                "direction", .text(["in", "out"]),
                "in while the fingers are closer than they started (scale below 1), else out, as Hammer.js's pinchin and pinchout."
            ),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumScaleChange = 0.1
        public var endOnFirstLift = false

        public init() {}

        /// Hammer.js's pinch: threshold 0, exceeded strictly (any change of scale); it ends as a finger lifts.
        public static let hammer = Parameters().with {
            $0.minimumScaleChange = 0
            $0.endOnFirstLift = true
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "minimumScaleChange", \.minimumScaleChange, .ratio, minimum: 0,
                "change of the fingers' distance, as a fraction, before it begins"),
            .init(
                "endOnFirstLift", \.endOnFirstLift, nil,
                "true: end when the first of the two fingers lifts (Hammer.js); false: when both have (UIKit)"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case tooManyTouches = "too-many-touches"
        case needsTwoTouches = "needs-two-touches"
        case liftedBeforePinching = "lifted-before-pinching"

        public var meaning: String {
            switch self {
            case .tooManyTouches: "a third finger touched down (cancels a pinch in flight)"
            case .needsTwoTouches: "a finger lifted before a second one touched down"
            case .liftedBeforePinching: "a finger lifted before the distance changed by minimumScaleChange"
            }
        }
    }

    static let gesture = "pinch"
    static let tooManyTouches = FailureCode.tooManyTouches
    static let needsTwoTouches = FailureCode.needsTwoTouches
    static let liftedEarly = (
        code: FailureCode.liftedBeforePinching, message: "a finger lifted before the distance changed enough",
        anyChange: "a finger lifted before the distance changed at all",
        unit: MeasureUnit.ratio, onLift: "the distance changed by"
    )
    let threshold: Double
    let endsOnFirstLift: Bool
    var fingers = TwoTouches(measuresRotation: false)

    public init(parameters: Parameters) {
        threshold = parameters.minimumScaleChange
        endsOnFirstLift = parameters.endOnFirstLift
    }

    var progress: Double { fingers.scaleChange }

    var values: [JSONValue.Member] {
        [
            .init("scale", .number(fingers.scale)),
            .init("velocity", fingers.scaleVelocity.isFinite ? .number(fingers.scaleVelocity) : .null),
            .init("direction", .string(fingers.scale < 1 ? "in" : "out")),
        ]
    }
}

extension Pinch {
    /// Two fingers on a horizontal line around (200, 200), `gap` apart at each step.
    static func fingers(_ gaps: [Double], angles: [Double]? = nil) -> [Sample] {
        var samples: [Sample] = []
        for (k, gap) in gaps.enumerated() {
            let angle = angles?[k] ?? 0
            let dx = gap / 2 * Geometry.cosine(angle)
            let dy = gap / 2 * Geometry.sine(angle)
            let phase: Phase = k == 0 ? .began : (k == gaps.count - 1 ? .ended : .moved)
            let t = Double(k) * 0.03
            samples += [Sample(t, 1, phase, 200 - dx, 200 - dy), Sample(t, 2, phase, 200 + dx, 200 + dy)]
        }
        return samples
    }

    static let examples: [Example] = [
        Example("fingers spreading", .recognizes("pinch"), samples: fingers([100, 120, 140, 170, 200])),
        Example("fingers closing", .recognizes("pinch"), samples: fingers([200, 170, 140, 120, 100])),
        Example(
            "fingers closing by exactly 10%: the minimum is reached", .recognizes("pinch"),
            samples: fingers([100, 90, 90])),
        Example("fingers still", .fails(FailureCode.liftedBeforePinching), samples: fingers([100, 101, 102, 101])),
        Example(
            "fingers on one point that stay there", .fails(FailureCode.liftedBeforePinching),
            samples: fingers([0, 0, 0])),
        Example(
            "fingers that spread only as they lift: a pinch begins on a move",
            .fails(FailureCode.liftedBeforePinching), samples: fingers([100, 100, 200])),
        Example(
            "fingers spreading by 2%, hammer: any change", .recognizes("pinch"), profiles: [.hammer],
            samples: fingers([100, 101, 102, 101])),
        Example(
            "fingers that never move, hammer", .fails(FailureCode.liftedBeforePinching), profiles: [.hammer],
            samples: fingers([100, 100, 100])),
        Example(
            "one finger", .fails(FailureCode.needsTwoTouches),
            samples: Example.stroke([(100, 100), (150, 100), (200, 100)])),
        Example("a third finger", .fails(FailureCode.tooManyTouches), samples: threeFingers),
    ]

    /// Three fingers down one after another, then lifted together.
    static let threeFingers = [
        Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 200, 100), Sample(0.05, 3, .began, 150, 150),
        Sample(0.1, 1, .ended, 100, 100), Sample(0.1, 2, .ended, 200, 100), Sample(0.1, 3, .ended, 150, 150),
    ]
}
