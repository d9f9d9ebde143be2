/// A rotation: two fingers turning about each other, like `UIRotationGestureRecognizer` (continuous):
/// `began` once the line between them has turned `minimumRotation` from where it was when both were
/// down, `changed` with the rotation (radians, positive clockwise on screen) and its velocity, `ended`
/// when both have lifted (a finger landing in the meantime takes the lifted one's place). It may
/// recognize together with `pinch`.
///
/// UIKit documents no threshold; 0.2 rad (about 11°) keeps a pinch made with a slightly turning hand
/// from being a rotation too.
///
/// `docs/recognizers/rotation.md` is its guide.
public struct Rotation: TwoFingerGesture {
    public static let definition = RecognizerDefinition(
        Rotation.self, id: "rotation",
        summary: "two fingers turning about each other; reports the rotation (UIRotationGestureRecognizer)",
        kind: .continuous, gestures: ["rotation"], simultaneousWith: ["pinch"],
        details: [
            DetailSpec(
                "rotation", .number, unit: .radians,
                "Turn of the line between the two fingers since both were first down, in radians, positive clockwise on screen."
            ),
            DetailSpec(
                "velocity", .number, unit: .radiansPerSecond, nullable: true, nullText: "infinite",
                "Radians per second over the latest turn (an event that does not turn the fingers, such as a lift where they last were, leaves it as it was). It is null (infinite in text) when that change took too little time to divide by (a step of less than about 1e-290 s)."
            ),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumRotation = 0.2
        public var endOnFirstLift = false

        public init() {}

        /// Hammer.js's rotate: threshold 0, exceeded strictly (any turn), and it ends as a finger lifts.
        public static let hammer = Parameters().with {
            $0.minimumRotation = 0
            $0.endOnFirstLift = true
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "minimumRotation", \.minimumRotation, .radians, minimum: 0,
                "turn of the line between the fingers before it begins"),
            .init(
                "endOnFirstLift", \.endOnFirstLift, nil,
                "true: end when the first of the two fingers lifts (Hammer.js); false: when both have (UIKit)"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case tooManyTouches = "too-many-touches"
        case needsTwoTouches = "needs-two-touches"
        case liftedBeforeTurning = "lifted-before-turning"

        public var meaning: String {
            switch self {
            case .tooManyTouches: "a third finger touched down (cancels a rotation in flight)"
            case .needsTwoTouches: "a finger lifted before a second one touched down"
            case .liftedBeforeTurning: "a finger lifted before the fingers turned minimumRotation"
            }
        }
    }

    static let gesture = "rotation"
    static let tooManyTouches = FailureCode.tooManyTouches
    static let needsTwoTouches = FailureCode.needsTwoTouches
    static let liftedEarly = (
        code: FailureCode.liftedBeforeTurning, message: "a finger lifted before the fingers turned enough",
        anyChange: "a finger lifted before the fingers turned at all",
        unit: MeasureUnit.radians, onLift: "the fingers turned"
    )
    let threshold: Double
    let endsOnFirstLift: Bool
    var fingers = TwoTouches(measuresRotation: true)

    public init(parameters: Parameters) {
        threshold = parameters.minimumRotation
        endsOnFirstLift = parameters.endOnFirstLift
    }

    var progress: Double { abs(fingers.rotation) }

    var values: [JSONValue.Member] {
        [
            .init("rotation", .number(fingers.rotation)),
            .init("velocity", fingers.rotationVelocity.isFinite ? .number(fingers.rotationVelocity) : .null),
        ]
    }
}

extension Rotation {
    static let examples: [Example] = [
        Example(
            "a quarter turn", .recognizes("rotation"),
            samples: Pinch.fingers([150, 150, 150, 150, 150], angles: [0, 0.4, 0.8, 1.2, 1.57])),
        Example(
            "a slight wobble", .fails(FailureCode.liftedBeforeTurning),
            samples: Pinch.fingers([150, 150, 150], angles: [0, 0.05, 0.02])),
        Example(
            "a slight wobble, hammer: any turn", .recognizes("rotation"), profiles: [.hammer],
            samples: Pinch.fingers([150, 150, 150], angles: [0, 0.05, 0.02])),
        Example(
            "fingers spreading on one line, hammer: no turn", .fails(FailureCode.liftedBeforeTurning),
            profiles: [.hammer], samples: Pinch.fingers([100, 120, 140])),
        Example(
            "one finger", .fails(FailureCode.needsTwoTouches),
            samples: Example.stroke([(100, 100), (150, 100), (200, 100)])),
        Example("a third finger", .fails(FailureCode.tooManyTouches), samples: Pinch.threeFingers),
    ]
}
