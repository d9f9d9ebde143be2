/// A checkmark: one finger moving left to right, down first, then up, ending higher than it started.
///
/// The rules are Apple's "Implementing a Discrete Gesture Recognizer" listing, point for point:
/// only the first finger is tracked (a second finger in the first event fails, later ones are
/// ignored); the first movement must be down and to the right; the down-stroke may never move left;
/// the first upward movement starts the up-stroke, which may move neither left nor down; on lift, the
/// stroke must be in its up-stroke and end above the start.
///
/// Applied literally to real strokes those rules fail on pixel jitter, so each comparison has a
/// tolerance; at the `seed` values (all zero) the recognizer is exactly Apple's:
/// - `jitterTolerance`: movements shorter than this from the last accepted point are not judged at
///   all. Guards against stylus and digitizer noise: the `$1` logs move one pixel sideways or back
///   between samples, which the literal rules read as a change of direction.
/// - `initialDistance`: the first direction is judged only once the stroke is this far from the
///   start. Guards against a first sample that is "not yet down-right" (pen landing wobble).
/// - `backtrackTolerance`: how far left of its rightmost point the stroke may wander. Guards against
///   "moved left during the down-stroke" by a pixel or two on a near-vertical stroke.
/// - `turnTolerance`: how far the stroke must rise above its lowest point before the up-stroke
///   begins, and how far it may sink below its highest point during the up-stroke. Guards against
///   the vertex wobbling into a second down-stroke.
/// - `minimumRiseRatio`: the end must be higher than the start by this fraction of the down-stroke's
///   depth. Apple's strict "higher than the start" is 0; a little more keeps a `v`, whose arms are
///   equal, from passing as a checkmark.
public struct Checkmark: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "checkmark",
        summary: "one finger, left to right, down then up, ending above the start (Apple's discrete recognizer listing)",
        gestures: ["checkmark"],
        parameters: [
            Parameter("jitterTolerance", unit: "pt", default: 3, seed: 0, "movements shorter than this are not judged"),
            Parameter("initialDistance", unit: "pt", default: 6, seed: 0, "distance from the start before the first direction is judged"),
            Parameter("backtrackTolerance", unit: "pt", default: 4, seed: 0, "how far left of its rightmost point the stroke may go"),
            Parameter("turnTolerance", unit: "pt", default: 4, seed: 0, "rise that starts the up-stroke; sink allowed during it"),
            Parameter("minimumRiseRatio", unit: "ratio", default: 0.3, seed: 0, "end above start, as a fraction of the down-stroke's depth"),
        ],
        examples: CheckmarkExamples.all,
        make: { Checkmark(parameters: $0) })

    private enum StrokePhase { case notStarted, initialPoint, downStroke, upStroke }

    private let jitterTolerance, initialDistance, backtrackTolerance, turnTolerance, minimumRiseRatio: Double
    private var strokePhase = StrokePhase.notStarted
    private var trackedTouch: TouchID?
    private var initialPoint = Point.zero
    /// The last point judged; movements are measured from it.
    private var anchor = Point.zero
    private var rightmostX = 0.0
    /// Largest y (lowest on screen) of the down-stroke, and smallest y of the up-stroke.
    private var lowestY = 0.0
    private var highestY = 0.0

    public init(parameters: ParameterValues) {
        jitterTolerance = parameters["jitterTolerance"]
        initialDistance = parameters["initialDistance"]
        backtrackTolerance = parameters["backtrackTolerance"]
        turnTolerance = parameters["turnTolerance"]
        minimumRiseRatio = parameters["minimumRiseRatio"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        if touches.count != 1 {
            context.fail(
                "multiple-touches", "\(touches.count) touches began together; a checkmark is drawn with one finger",
                measured: Double(touches.count), limit: 1, unit: "touches", point: touches[0].location)
        }
        if trackedTouch == nil {
            trackedTouch = touches[0].id
            strokePhase = .initialPoint
            initialPoint = touches[0].location
            anchor = initialPoint
            rightmostX = initialPoint.x
        } else {
            for touch in touches where touch.id != trackedTouch { context.ignore(touch) }
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        // UIKit never calls touchesMoved for a stationary touch.
        guard let touch = touches.first(where: { $0.phase == .moved }) else { return }
        guard touch.id == trackedTouch else {
            return context.fail("untracked-touch", "a touch other than the first one moved", at: touch)
        }
        let point = touch.location
        guard point.distance(to: anchor) >= jitterTolerance else { return }
        anchor = point
        switch strokePhase {
        case .notStarted:
            break
        case .initialPoint:
            guard point.distance(to: initialPoint) >= initialDistance else { return }
            if point.x >= initialPoint.x - backtrackTolerance && point.y >= initialPoint.y - turnTolerance {
                strokePhase = .downStroke
                rightmostX = max(rightmostX, point.x)
                lowestY = point.y
            } else {
                context.fail(
                    "initial-direction", "the first movement was not down and to the right",
                    measured: angleDegrees(from: initialPoint, to: point), limit: nil, unit: "deg", point: point, at: touch)
            }
        case .downStroke:
            guard point.x >= rightmostX - backtrackTolerance else {
                return context.fail(
                    "moved-left", "moved left during the down-stroke", measured: rightmostX - point.x,
                    limit: backtrackTolerance, unit: "pt", point: point, at: touch)
            }
            rightmostX = max(rightmostX, point.x)
            if point.y < lowestY - turnTolerance {
                strokePhase = .upStroke
                highestY = point.y
            } else {
                lowestY = max(lowestY, point.y)
            }
        case .upStroke:
            if point.x < rightmostX - backtrackTolerance {
                context.fail(
                    "moved-left", "moved left during the up-stroke", measured: rightmostX - point.x,
                    limit: backtrackTolerance, unit: "pt", point: point, at: touch)
            } else if point.y > highestY + turnTolerance {
                context.fail(
                    "moved-down", "moved down during the up-stroke", measured: point.y - highestY,
                    limit: turnTolerance, unit: "pt", point: point, at: touch)
            } else {
                rightmostX = max(rightmostX, point.x)
                highestY = min(highestY, point.y)
            }
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        let touch = touches[0]
        guard touch.id == trackedTouch else {
            return context.fail("untracked-touch", "a touch other than the first one lifted", at: touch)
        }
        let point = touch.location
        guard strokePhase == .upStroke else {
            let stage = strokePhase == .downStroke ? "during the down-stroke" : "before moving"
            return context.fail("no-up-stroke", "lifted \(stage), before any up-stroke", point: point, at: touch)
        }
        let rise = initialPoint.y - point.y
        let needed = minimumRiseRatio * (lowestY - initialPoint.y)
        guard rise > needed else {
            return context.fail(
                "ended-too-low", "the up-stroke ended \(rise > 0 ? "too little" : "no") higher than the start",
                measured: rise, limit: needed, unit: "pt", point: point, at: touch)
        }
        context.recognize("checkmark", at: touch)
    }
}

enum CheckmarkExamples {
    static let clean: [(Double, Double)] = [
        (0, 0), (5, 5), (10, 10), (15, 15), (20, 20), (25, 12), (30, 4), (35, -4), (40, -12), (45, -20),
    ]

    static let all: [Example] = [
        Example("a clean checkmark", .recognizes("checkmark"), samples: Example.stroke(clean)),
        Example(
            "two fingers in the first event", .fails(code: "multiple-touches"),
            samples: [Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 50, 0)]
                + Example.stroke(Array(clean.dropFirst()), start: 0.016).map { s in
                    var s = s
                    if s.phase == .began { s.phase = .moved }
                    return s
                }),
        Example(
            "a second finger later is ignored", .recognizes("checkmark"),
            samples: Array(Example.stroke(clean).prefix(3)) + [Sample(0.033, 2, .began, 80, 80)]
                + Array(Example.stroke(clean).dropFirst(3)) + [Sample(0.2, 2, .ended, 80, 80)]),
        Example(
            "first movement up and right", .fails(code: "initial-direction"),
            samples: Example.stroke([(0, 0), (10, -10), (20, 0), (30, -20)])),
        Example(
            "moves left on the way down", .fails(code: "moved-left"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (5, 30), (30, 0)])),
        Example(
            "comes down again on the way up", .fails(code: "moved-down"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 0), (40, 20), (50, -20)])),
        Example(
            "lifts at the bottom", .fails(code: "no-up-stroke"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30)])),
        Example(
            "up-stroke ends below the start", .fails(code: "ended-too-low"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 20), (50, 10)])),
        Example(
            "a v with equal arms", .fails(code: "ended-too-low"), profiles: [.default],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 20), (50, 10), (60, -1)])),
        Example(
            "a one-pixel step back on the way down, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([(0, 0), (5, 5), (10, 10), (9, 16), (15, 20), (25, 12), (35, -4), (45, -20)])),
        Example(
            "a one-pixel step back on the way down, seed", .fails(code: "moved-left"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (5, 5), (10, 10), (9, 16), (15, 20), (25, 12), (35, -4), (45, -20)])),
    ]
}
