/// A swipe: one quick, straight stroke left, right, up or down.
///
/// Decided when the finger lifts, so that the shapes, which it requires to fail, can claim strokes that
/// begin like a swipe (a Z starts rightward). The stroke must travel `minimumTravel` along its main
/// axis; no point may stray further across that axis from the start than `maximumDeviation`, or
/// `deviationRatio` of the travel when that is more; no point may be further from the straight line
/// between the stroke's ends than `maximumBow` of the travel (at least `jitterTolerance`); and the travel
/// divided by the duration must be at least `minimumSpeed`. The seed profile is the swipe of Apple's
/// event-handling guide (16 pt travel, 8 pt deviation, no other rule).
///
/// `docs/recognizers/swipe.md` gives the real strokes behind each tolerance.
public struct Swipe: Recognizer {
    public static let definition = RecognizerDefinition(
        Swipe.self, id: "swipe",
        summary: "one quick straight stroke left, right, up or down (Apple's event-handling guide swipe)",
        gestures: ["swipe-left", "swipe-right", "swipe-up", "swipe-down"],
        capabilities: [.swipe], requiresFailureOf: [.every(.shape)],
        details: [
            DetailSpec(
                "travel", .number, unit: .points, minimum: 0,
                "Distance along the swipe's axis from start to end, in points."),
            DetailSpec(
                "deviation", .number, unit: .points, minimum: 0,
                "Largest distance across the axis from the start, in points."),
            DetailSpec(
                "speed", .number, unit: .pointsPerSecond, minimum: 0, nullable: true,
                "Travel divided by duration, in points per second; null when the duration is zero (an infinite speed)."),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumTravel = 30.0
        public var maximumDeviation = 8.0
        public var deviationRatio = 0.6
        public var minimumSpeed = 100.0
        public var maximumBow: Double? = 0.175
        public var jitterTolerance = 2.0

        public init() {}

        /// Apple's swipe: 16 pt along the axis, 8 pt across it, nothing else.
        public static let seed = Parameters().with {
            $0.minimumTravel = 16
            $0.deviationRatio = 0
            $0.minimumSpeed = 0
            $0.maximumBow = nil
            $0.jitterTolerance = 0
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init("minimumTravel", \.minimumTravel, .points, minimum: 0, "distance along the axis from start to end"),
            .init(
                "maximumDeviation", \.maximumDeviation, .points, minimum: 0,
                "distance across the axis any point may stray from the start"),
            .init(
                "deviationRatio", \.deviationRatio, .ratio, minimum: 0,
                "allowed deviation as a fraction of the travel, when larger"),
            .init(
                "minimumSpeed", \.minimumSpeed, .pointsPerSecond, minimum: 0,
                "travel along the axis divided by the duration"),
            .init(
                "maximumBow", \.maximumBow, .ratio, minimum: 0, formerOff: .zero,
                "distance from the start-to-end line, as a fraction of the travel (off: no bow rule)"),
            .init(
                "jitterTolerance", \.jitterTolerance, .points, minimum: 0,
                "bow always allowed, for digitizer noise on short strokes"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case tooShort = "too-short"
        case notStraight = "not-straight"
        case bent
        case tooSlow = "too-slow"

        public var meaning: String {
            switch self {
            case .multipleTouches: "a second finger touched down; a swipe is one finger"
            case .tooShort: "travelled less than minimumTravel along its axis"
            case .notStraight:
                "a point strayed further across the axis than maximumDeviation (or deviationRatio of the travel)"
            case .bent: "a point is further from the line between the ends than maximumBow of the travel"
            case .tooSlow: "travel divided by duration is under minimumSpeed"
            }
        }
    }

    private let parameters: Parameters
    private var trackedTouch: TouchID?
    private var startTime = 0.0

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(
            touches, tracked: trackedTouch, drawing: "a swipe", code: FailureCode.multipleTouches)
        {
            return
        }
        trackedTouch = touches[0].id
        startTime = touches[0].timestamp
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        let points = context.path(of: touch.id)
        // The path starts where the touch came down.
        let start = points[0]
        let dx = touch.location.x - start.x
        let dy = touch.location.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let travel = horizontal ? abs(dx) : abs(dy)
        let gesture = horizontal ? (dx < 0 ? "swipe-left" : "swipe-right") : (dy < 0 ? "swipe-up" : "swipe-down")
        guard travel >= parameters.minimumTravel else {
            return context.fail(
                FailureCode.tooShort, "travelled too little along its axis", measured: travel,
                limit: parameters.minimumTravel, unit: .points, point: touch.location, at: touch)
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
        let allowed = max(parameters.maximumDeviation, parameters.deviationRatio * travel)
        guard deviation <= allowed else {
            return context.fail(
                FailureCode.notStraight, "strayed too far across its axis", measured: deviation, limit: allowed,
                unit: .points, point: worst, at: touch)
        }
        if let maximumBow = parameters.maximumBow {
            let end = touch.location
            let chord = start.distance(to: end)
            var bow = 0.0
            var furthest = start
            for point in points {
                let distance = Geometry.distance(from: point, toLineThrough: start, end, length: chord)
                if distance > bow {
                    bow = distance
                    furthest = point
                }
            }
            let allowedBow = max(parameters.jitterTolerance, maximumBow * travel)
            guard bow <= allowedBow else {
                return context.fail(
                    FailureCode.bent, "bends away from the straight line between its ends", measured: bow,
                    limit: allowedBow, unit: .points, point: furthest, at: touch)
            }
        }
        let duration = touch.timestamp - startTime
        let speed = duration > 0 ? travel / duration : .infinity
        guard speed >= parameters.minimumSpeed else {
            return context.fail(
                FailureCode.tooSlow, "moved too slowly for a swipe", measured: speed, limit: parameters.minimumSpeed,
                unit: .pointsPerSecond, point: touch.location, at: touch)
        }
        context.recognize(
            gesture,
            details: [
                .init("travel", .number(travel)), .init("deviation", .number(deviation)),
                .init("speed", speed.isFinite ? .number(speed) : .null),
            ], at: touch)
    }
}

extension Swipe {
    static func line(dx: Double, dy: Double, steps: Int = 6) -> [(Double, Double)] {
        (0...steps).map { k in (200 + dx * Double(k) / Double(steps), 200 + dy * Double(k) / Double(steps)) }
    }

    static let examples: [Example] = [
        Example("a quick stroke right", .recognizes("swipe-right"), samples: Example.stroke(line(dx: 100, dy: 3))),
        Example("a quick stroke left", .recognizes("swipe-left"), samples: Example.stroke(line(dx: -100, dy: -3))),
        Example("a quick stroke up", .recognizes("swipe-up"), samples: Example.stroke(line(dx: 2, dy: -100))),
        Example("a quick stroke down", .recognizes("swipe-down"), samples: Example.stroke(line(dx: 0, dy: 100))),
        Example("a short flick", .fails(FailureCode.tooShort), samples: Example.stroke(line(dx: 12, dy: 0))),
        Example(
            "an arch, seed", .fails(FailureCode.notStraight), profiles: [.seed],
            samples: Example.stroke([(0, 0), (25, -20), (50, -30), (75, -20), (100, 0)])),
        Example(
            "an arch, default", .fails(FailureCode.bent), profiles: [.default],
            samples: Example.stroke([(0, 0), (25, -20), (50, -30), (75, -20), (100, 0)])),
        Example(
            "leaning 40°: too far off its axis", .fails(FailureCode.notStraight), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 84))),
        Example(
            "a slow drag, default", .fails(FailureCode.tooSlow), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 0), interval: 0.3)),
        Example(
            "a slow drag, seed", .recognizes("swipe-right"), profiles: [.seed],
            samples: Example.stroke(line(dx: 100, dy: 0), interval: 0.3)),
        Example(
            "a straight stroke leaning 25°, default", .recognizes("swipe-right"), profiles: [.default],
            samples: Example.stroke(line(dx: 100, dy: 47))),
        Example(
            "a brace: straight ends, a bump in the middle", .fails(FailureCode.bent), profiles: [.default],
            samples: Example.stroke([(0, 0), (0, 40), (-5, 45), (-20, 50), (-5, 55), (0, 60), (0, 100)])),
        Example(
            "a second finger touches down", .fails(FailureCode.multipleTouches),
            samples: [Sample(0, 1, .began, 200, 200), Sample(0.05, 2, .began, 260, 200)]
                + [Sample(0.1, 1, .ended, 300, 200), Sample(0.1, 2, .ended, 300, 240)]),
    ]
}
