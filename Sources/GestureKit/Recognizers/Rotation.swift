/// A rotation: two fingers turning about each other, like `UIRotationGestureRecognizer` (continuous):
/// `began` once the line between them has turned `minimumRotation` from where it was when both were
/// down, `changed` with the rotation (radians, positive clockwise on screen) and its velocity, `ended`
/// when fewer than two fingers remain. It may recognize together with `pinch`.
///
/// UIKit documents no threshold; 0.2 rad (about 11°) keeps a pinch made with a slightly turning hand
/// from being a rotation too.
public struct Rotation: TwoFingerGesture {
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

    static let gesture = "rotation"
    static let liftedEarly = (code: "lifted-before-turning", message: "a finger lifted before the fingers turned enough", unit: "rad")
    let threshold: Double
    var fingers = TwoTouches(measuresRotation: true)

    public init(parameters: ParameterValues) {
        threshold = parameters["minimumRotation"]
    }

    var progress: Double { abs(fingers.rotation) }

    var values: [JSONValue.Member] {
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
