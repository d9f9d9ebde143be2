/// A rotation: two fingers turning about each other, like `UIRotationGestureRecognizer` (continuous):
/// `began` once the line between them has turned `minimumRotation` from where it was when both were
/// down, `changed` with the rotation (radians, positive clockwise on screen) and its velocity, `ended`
/// when fewer than two fingers remain. It may recognize together with `pinch`.
///
/// UIKit documents no threshold; 0.2 rad (about 11°) keeps a pinch made with a slightly turning hand
/// from being a rotation too.
public struct Rotation: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "rotation",
        summary: "two fingers turning about each other; reports the rotation (UIRotationGestureRecognizer)",
        kind: .continuous,
        gestures: ["rotation"],
        parameters: [
            Parameter("minimumRotation", unit: "rad", default: 0.2, seed: 0.2, "turn of the line between the fingers before it begins")
        ],
        simultaneousWith: ["pinch"],
        examples: RotationExamples.all,
        make: { Rotation(parameters: $0) })

    private let minimumRotation: Double
    private var fingers = TwoTouches()

    public init(parameters: ParameterValues) {
        minimumRotation = parameters["minimumRotation"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        guard fingers.add(touches, at: context.time) else {
            return twoFingerFailure("too-many-touches", "a third finger touched down; a rotation is two fingers", touches[0], &context)
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        guard fingers.bothDown else { return }
        if context.state == .possible {
            if abs(fingers.rotation) >= minimumRotation { context.begin("rotation", details: values, at: touches[0]) }
        } else {
            context.change("rotation", details: values, at: touches[0])
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        let final = values
        guard fingers.lift(touches) else { return }
        if context.state == .possible {
            let twoFingers = fingers.ids.count == 2
            context.fail(
                twoFingers ? "lifted-before-turning" : "needs-two-touches",
                twoFingers ? "a finger lifted before the fingers turned enough" : "one finger only; a rotation is two",
                measured: twoFingers ? abs(fingers.rotation) : 1, limit: twoFingers ? minimumRotation : 2,
                unit: twoFingers ? "rad" : "touches", point: touches[0].location, at: touches[0])
        } else {
            context.recognize("rotation", details: final, at: touches[0])
        }
    }

    private var values: [JSONValue.Member] {
        [.init("rotation", .number(fingers.rotation)), .init("velocity", .number(fingers.rotationVelocity))]
    }
}

enum RotationExamples {
    static let all: [Example] = [
        Example("a quarter turn", .recognizes("rotation"), samples: PinchExamples.fingers([150, 150, 150, 150, 150], angles: [0, 0.4, 0.8, 1.2, 1.57])),
        Example("a slight wobble", .fails(code: "lifted-before-turning"), samples: PinchExamples.fingers([150, 150, 150], angles: [0, 0.05, 0.02])),
        Example("one finger", .fails(code: "needs-two-touches"), samples: Example.stroke([(100, 100), (150, 100), (200, 100)])),
    ]
}
