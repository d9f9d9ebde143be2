/// A swipe: one quick, straight stroke left, right, up or down.
///
/// The seed rule is the swipe of Apple's event-handling guide: the stroke travels at least
/// `minimumTravel` along one axis while no point strays more than `maximumDeviation` across it from
/// the start (16 pt and 8 pt). The recognizer decides on lift, so that `checkmark`, `z` and `circle`,
/// which it requires to fail, can claim strokes that begin like a swipe (a Z starts rightward).
///
/// Tolerances for real hands:
/// - `deviationRatio`: the allowed sideways deviation grows with the stroke's length. A long real
///   swipe is slanted; 8 pt across a 300 pt stroke is under 2°, far stricter than any hand (it fails
///   78 of the 296 real lines). The limit is `max(maximumDeviation, deviationRatio × travel)`; 0.6
///   lets a straight stroke lean about 30° off its axis. Bent strokes are `maximumBow`'s business.
/// - `minimumSpeed`: travel along the axis divided by the stroke's duration. A slow straight drag is
///   a pan or a drawn line, not a swipe. The seed rule has no speed limit (0).
/// - `maximumBow`: no point may be further from the straight line through the stroke's start and end
///   than this fraction of the travel (`max(jitterTolerance, maximumBow × travel)`). The seed's
///   sideways limit cannot tell a slanted straight stroke from a bent one; this can. On the real
///   strokes of `../shared/datasets`, finger and stylus lines bow at most 0.079 of their length, while
///   curly braces and square brackets — long strokes with a bump or hooks, which the axis rule alone
///   took for swipes (60 false alarms) — bow at least 0.136. 0 turns the rule off (seed).
public struct Swipe: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "swipe",
        summary: "one quick straight stroke left, right, up or down (Apple's event-handling guide swipe)",
        gestures: ["swipe-left", "swipe-right", "swipe-up", "swipe-down"],
        parameters: [
            Parameter("minimumTravel", unit: "pt", default: 30, seed: 16, "distance along the axis from start to end"),
            Parameter("maximumDeviation", unit: "pt", default: 8, seed: 8, "distance across the axis any point may stray from the start"),
            Parameter("deviationRatio", unit: "ratio", default: 0.6, seed: 0, "allowed deviation as a fraction of the travel, when larger"),
            Parameter("minimumSpeed", unit: "pt/s", default: 100, seed: 0, "travel along the axis divided by the duration"),
            Parameter("maximumBow", unit: "ratio", default: 0.1, seed: 0, "distance from the start-to-end line, as a fraction of the travel (0: off)"),
            Parameter("jitterTolerance", unit: "pt", default: 2, seed: 0, "bow always allowed, for digitizer noise on short strokes"),
        ],
        requiresFailureOf: ["checkmark", "z", "circle"],
        examples: SwipeExamples.all,
        make: { Swipe(parameters: $0) })

    private let minimumTravel, maximumDeviation, deviationRatio, minimumSpeed, maximumBow, jitterTolerance: Double
    private var trackedTouch: TouchID?
    private var start = Point.zero
    private var startTime = 0.0
    private var points: [Point] = []

    public init(parameters: ParameterValues) {
        minimumTravel = parameters["minimumTravel"]
        maximumDeviation = parameters["maximumDeviation"]
        deviationRatio = parameters["deviationRatio"]
        minimumSpeed = parameters["minimumSpeed"]
        maximumBow = parameters["maximumBow"]
        jitterTolerance = parameters["jitterTolerance"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(touches, tracked: trackedTouch, drawing: "a swipe") { return }
        trackedTouch = touches[0].id
        start = touches[0].location
        startTime = touches[0].timestamp
        points = [start]
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        for touch in touches where touch.id == trackedTouch { points.append(touch.location) }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        points.append(touch.location)
        let dx = touch.location.x - start.x
        let dy = touch.location.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let travel = horizontal ? abs(dx) : abs(dy)
        let gesture = horizontal ? (dx < 0 ? "swipe-left" : "swipe-right") : (dy < 0 ? "swipe-up" : "swipe-down")
        guard travel >= minimumTravel else {
            return context.fail(
                "too-short", "travelled too little along its axis", measured: travel, limit: minimumTravel, unit: "pt",
                point: touch.location, at: touch)
        }
        var deviation = 0.0
        var worst = start
        for point in points {
            let across = horizontal ? abs(point.y - start.y) : abs(point.x - start.x)
            if across > deviation {
                deviation = across
                worst = point
            }
        }
        let allowed = max(maximumDeviation, deviationRatio * travel)
        guard deviation <= allowed else {
            return context.fail(
                "not-straight", "strayed too far across its axis", measured: deviation, limit: allowed, unit: "pt",
                point: worst, at: touch)
        }
        if maximumBow > 0 {
            let end = touch.location
            let chord = start.distance(to: end)
            var bow = 0.0
            var furthest = start
            for point in points {
                let distance = abs((end.x - start.x) * (point.y - start.y) - (end.y - start.y) * (point.x - start.x)) / chord
                if distance > bow {
                    bow = distance
                    furthest = point
                }
            }
            let allowedBow = max(jitterTolerance, maximumBow * travel)
            guard bow <= allowedBow else {
                return context.fail(
                    "bent", "bends away from the straight line between its ends", measured: bow, limit: allowedBow,
                    unit: "pt", point: furthest, at: touch)
            }
        }
        let duration = touch.timestamp - startTime
        let speed = duration > 0 ? travel / duration : .infinity
        guard speed >= minimumSpeed else {
            return context.fail(
                "too-slow", "moved too slowly for a swipe", measured: speed, limit: minimumSpeed, unit: "pt/s",
                point: touch.location, at: touch)
        }
        context.recognize(
            gesture,
            details: [
                .init("travel", .number(travel)), .init("deviation", .number(deviation)),
                .init("speed", speed.isFinite ? .number(speed) : .null),
            ], at: touch)
    }
}

enum SwipeExamples {
    static func line(dx: Double, dy: Double, steps: Int = 6) -> [(Double, Double)] {
        (0...steps).map { k in (200 + dx * Double(k) / Double(steps), 200 + dy * Double(k) / Double(steps)) }
    }

    static let all: [Example] = [
        Example("a quick stroke right", .recognizes("swipe-right"), samples: Example.stroke(line(dx: 100, dy: 3))),
        Example("a quick stroke left", .recognizes("swipe-left"), samples: Example.stroke(line(dx: -100, dy: -3))),
        Example("a quick stroke up", .recognizes("swipe-up"), samples: Example.stroke(line(dx: 2, dy: -100))),
        Example("a quick stroke down", .recognizes("swipe-down"), samples: Example.stroke(line(dx: 0, dy: 100))),
        Example("a short flick", .fails(code: "too-short"), samples: Example.stroke(line(dx: 12, dy: 0))),
        Example(
            "an arch, seed", .fails(code: "not-straight"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (25, -20), (50, -30), (75, -20), (100, 0)])),
        Example(
            "an arch, default", .fails(code: "bent"), profiles: [.default],
            samples: Example.stroke([(0, 0), (25, -20), (50, -30), (75, -20), (100, 0)])),
        Example(
            "leaning 40°: too far off its axis", .fails(code: "not-straight"), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 84))),
        Example(
            "a slow drag, default", .fails(code: "too-slow"), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 0), interval: 0.3)),
        Example("a slow drag, seed", .recognizes("swipe-right"), profiles: [.seed], samples: Example.stroke(line(dx: 100, dy: 0), interval: 0.3)),
        Example(
            "a straight stroke leaning 25°, default", .recognizes("swipe-right"), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 47))),
        Example(
            "a brace: straight ends, a bump in the middle", .fails(code: "bent"), profiles: [.default],
            samples: Example.stroke([(0, 0), (0, 40), (-4, 45), (-15, 50), (-4, 55), (0, 60), (0, 100)])),
    ]
}
