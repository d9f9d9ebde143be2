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
        // Of any values, as tap's is: `gestures` and `directions` say which ways it recognizes.
        summary: "one quick straight stroke in one of its `directions` (Apple's event-handling guide swipe)",
        gestures: gestures(of: .all), gesturesWith: { gestures(of: $0.directions) },
        capabilities: [.swipe], requiresFailureOf: [.every(.shape)],
        details: [
            DetailSpec(
                "travel", .number, unit: .points, minimum: 0,
                "Distance along the swipe's axis from start to end, in points."),
            DetailSpec(
                "deviation", .number, unit: .points, minimum: 0,
                "Largest distance across the axis from the start, in points."),
            DetailSpec(
                "speed", .number, unit: .pointsPerSecond, minimum: 0, nullable: true, nullText: "infinite",
                "Travel divided by duration, in points per second; null when the duration is zero (an infinite speed)."),
        ],
        examples: examples)

    /// The gestures of swipes in `directions`, in their order: `swipe-left`, `swipe-right`, ….
    static func gestures(of directions: Directions) -> [String] {
        directions.names.map { "swipe-\($0)" }
    }

    public struct Parameters: RecognizerParameters {
        public var minimumTravel = 30.0
        public var maximumDeviation: Double? = 8.0
        public var deviationRatio = 0.6
        public var minimumSpeed = 100.0
        public var maximumBow: Double? = 0.175
        public var jitterTolerance = 2.0
        public var directions = Directions.all
        public var touches = 1

        public init() {}

        /// Hammer.js's swipe: 10 px and 0.3 px/ms (300 pt/s) at the end, and no rule on the path.
        public static let hammer = Parameters().with {
            $0.minimumTravel = 10
            $0.minimumSpeed = 300
            $0.maximumDeviation = nil
            $0.deviationRatio = 0
            $0.maximumBow = nil
            $0.jitterTolerance = 0
        }

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
                "distance across the axis any point may stray from the start (off: no deviation rule)"),
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
            .init(
                "directions", \.directions, nil,
                "the directions it recognizes (UIKit's direction; a stroke another way fails wrong-direction)"),
            .init(
                "touches", \.touches, .count, minimum: 1,
                "fingers that swipe together, each judged by the rules above (UIKit's numberOfTouchesRequired)"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case tooFewTouches = "too-few-touches"
        case tooShort = "too-short"
        case wrongDirection = "wrong-direction"
        case notStraight = "not-straight"
        case bent
        case tooSlow = "too-slow"

        public var meaning: String {
            switch self {
            case .multipleTouches: "more fingers touched down than touches (a second one, by default)"
            case .tooFewTouches: "a finger lifted before touches fingers were down together"
            case .tooShort: "travelled less than minimumTravel along its axis"
            case .wrongDirection: "went in a direction not among directions, or the fingers went different ways"
            case .notStraight:
                "a point strayed further across the axis than maximumDeviation (or deviationRatio of the travel)"
            case .bent: "a point is further from the line between the ends than maximumBow of the travel"
            case .tooSlow: "travel divided by duration is under minimumSpeed"
            }
        }
    }

    private let parameters: Parameters
    /// The fingers of the swipe, in the order they touched down, and when each did.
    private var tracked: [(id: TouchID, start: Double)] = []
    private var lifted = 0

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        let down = tracked.count + touches.count
        if parameters.touches == 1 {
            if context.failUnlessFirstSingleTouch(
                touches, tracked: tracked.first?.id, drawing: "a swipe", code: FailureCode.multipleTouches)
            {
                return
            }
        } else if down > parameters.touches || lifted > 0 {
            // The finger past those allowed (the third of three landing together), or the one landing
            // after a lift: it named the first of them.
            let extra = lifted > 0 ? touches[0] : touches.first(pastAllowed: parameters.touches, down: down)
            return context.fail(
                FailureCode.multipleTouches,
                lifted > 0
                    ? "a finger touched down after one had lifted"
                    : "\(down) fingers down; a swipe here is made with \(parameters.touches)",
                measured: Double(down), limit: Double(parameters.touches), unit: .touches,
                point: extra.location, at: extra)
        }
        for touch in touches { tracked.append((touch.id, touch.timestamp)) }
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        let ending = touches.filter { touch in tracked.contains { $0.id == touch.id } }
        guard !ending.isEmpty else { return }
        lifted += ending.count
        if tracked.count < parameters.touches {
            return context.fail(
                FailureCode.tooFewTouches,
                "a finger lifted with \(tracked.count) down; a swipe here is made with \(parameters.touches)",
                measured: Double(tracked.count), limit: Double(parameters.touches), unit: .touches,
                point: ending[0].location, at: ending[0])
        }
        guard lifted == tracked.count else { return }
        var first: (gesture: String, details: [JSONValue.Member])?
        for finger in tracked {
            // Each finger's stroke is judged alone; the last to lift is in `touches`, the others are
            // where their paths end.
            let path = context.path(of: finger.id)
            let end = touches.first { $0.id == finger.id }?.timestamp ?? context.time
            // With several fingers, the failure names the one it measured (it is placed at the last lift).
            let who = tracked.count > 1 ? "touch \(TraceValidator.display(finger.id)) " : ""
            guard let judged = judge(path, from: finger.start, to: end, who: who, context: &context, at: ending[0])
            else {
                return
            }
            if let first, first.gesture != judged.gesture {
                return context.fail(
                    FailureCode.wrongDirection, "the fingers went different ways (\(first.gesture), \(judged.gesture))",
                    point: path.last, at: ending[0])
            }
            if first == nil { first = judged }
        }
        if let first { context.recognize(first.gesture, details: first.details, at: ending[0]) }
    }

    /// The gesture and details of one finger's stroke, or nil once it has failed the recognizer; `who`
    /// begins each failure's message (`touch 2 `, or nothing with one finger).
    private func judge(
        _ points: [Point], from startTime: Double, to endTime: Double, who: String,
        context: inout RecognizerContext, at touch: Touch
    ) -> (gesture: String, details: [JSONValue.Member])? {
        // The path starts where the touch came down and ends where it lifted.
        let start = points[0]
        let end = points[points.count - 1]
        let dx = end.x - start.x
        let dy = end.y - start.y
        let horizontal = abs(dx) >= abs(dy)
        let travel = horizontal ? abs(dx) : abs(dy)
        let direction: Directions = horizontal ? (dx < 0 ? .left : .right) : (dy < 0 ? .up : .down)
        guard Tolerance.reaches(travel, parameters.minimumTravel) else {
            context.fail(
                FailureCode.tooShort, "\(who)travelled too little along its axis", measured: travel,
                limit: parameters.minimumTravel, unit: .points, point: end, at: touch)
            return nil
        }
        guard parameters.directions.contains(direction) else {
            context.fail(
                FailureCode.wrongDirection,
                "\(who)went \(direction.name); this swipe goes \(parameters.directions.names.joined(separator: " or "))",
                point: end, at: touch)
            return nil
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
        if let maximumDeviation = parameters.maximumDeviation {
            let allowed = max(maximumDeviation, parameters.deviationRatio * travel)
            guard !Tolerance.exceeds(deviation, allowed) else {
                context.fail(
                    FailureCode.notStraight, "\(who)strayed too far across its axis", measured: deviation,
                    limit: allowed,
                    unit: .points, point: worst, at: touch)
                return nil
            }
        }
        if let maximumBow = parameters.maximumBow {
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
            guard !Tolerance.exceeds(bow, allowedBow) else {
                context.fail(
                    FailureCode.bent, "\(who)bends away from the straight line between its ends", measured: bow,
                    limit: allowedBow, unit: .points, point: furthest, at: touch)
                return nil
            }
        }
        let duration = endTime - startTime
        let speed = duration > 0 ? travel / duration : .infinity
        // Exactly minimumSpeed is fast enough at any start time (30 pt from 0.03 s to 0.33 s read
        // 99.99999999999999 pt/s: a duration a rounding error over 0.3 s).
        let slack = TraceTime.slack(endTime, startTime)
        guard speed >= parameters.minimumSpeed || travel >= parameters.minimumSpeed * (duration - slack) else {
            context.fail(
                FailureCode.tooSlow, "\(who)moved too slowly for a swipe", measured: speed,
                limit: parameters.minimumSpeed,
                unit: .pointsPerSecond, point: end, at: touch)
            return nil
        }
        return (
            "swipe-\(direction.name)",
            [
                .init("travel", .number(travel)), .init("deviation", .number(deviation)),
                .init("speed", speed.isFinite ? .number(speed) : .null),
            ]
        )
    }
}

extension Swipe {
    static func line(dx: Double, dy: Double, steps: Int = 6) -> [(Double, Double)] {
        (0...steps).map { k in (200 + dx * Double(k) / Double(steps), 200 + dy * Double(k) / Double(steps)) }
    }

    /// Two fingers 50 pt apart, moving `dx` and `dx2` in six steps of 0.02 s.
    static func twoFingers(dx: Double, dx2: Double) -> [Sample] {
        (0...6).flatMap { k -> [Sample] in
            let phase: Phase = k == 0 ? .began : (k == 6 ? .ended : .moved)
            let t = Double(k) * 0.02
            return [
                Sample(t, 1, phase, 200 + dx * Double(k) / 6, 200), Sample(t, 2, phase, 200 + dx2 * Double(k) / 6, 250),
            ]
        }
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
            "an arch, hammer: no rule on the path", .recognizes("swipe-right"), profiles: [.hammer],
            samples: Example.stroke([(0, 0), (25, -20), (50, -30), (75, -20), (100, 0)])),
        Example(
            "a 100 pt stroke in 0.5 s, hammer: under 300 pt/s", .fails(FailureCode.tooSlow), profiles: [.hammer],
            samples: Example.stroke(line(dx: 100, dy: 0), interval: 0.5 / 6)),
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
            "a stroke up where only left and right are recognized", .fails(FailureCode.wrongDirection),
            settings: ["directions": .directions(.horizontal)], samples: Example.stroke(line(dx: 2, dy: -100))),
        Example(
            "a stroke left where only left and right are recognized", .recognizes("swipe-left"),
            settings: ["directions": .directions(.horizontal)], samples: Example.stroke(line(dx: -100, dy: -3))),
        Example(
            "two fingers swiping right together where two are needed", .recognizes("swipe-right"),
            settings: ["touches": .integer(2)], samples: twoFingers(dx: 100, dx2: 100)),
        Example(
            "two fingers going different ways", .fails(FailureCode.wrongDirection), settings: ["touches": .integer(2)],
            samples: twoFingers(dx: 100, dx2: -100)),
        Example(
            "one finger where two are needed", .fails(FailureCode.tooFewTouches), settings: ["touches": .integer(2)],
            samples: Example.stroke(line(dx: 100, dy: 3))),
        Example(
            "three fingers where two are needed", .fails(FailureCode.multipleTouches),
            settings: ["touches": .integer(2)],
            samples: [
                Sample(0, 1, .began, 200, 200), Sample(0, 2, .began, 200, 250), Sample(0.02, 3, .began, 200, 300),
            ]
                + [
                    Sample(0.1, 1, .ended, 300, 200), Sample(0.1, 2, .ended, 300, 250),
                    Sample(0.1, 3, .ended, 300, 300),
                ]),
        Example(
            "a second finger touches down", .fails(FailureCode.multipleTouches),
            samples: [Sample(0, 1, .began, 200, 200), Sample(0.05, 2, .began, 260, 200)]
                + [Sample(0.1, 1, .ended, 300, 200), Sample(0.1, 2, .ended, 300, 240)]),
    ]
}
