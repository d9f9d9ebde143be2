/// A long press: a touch held still for `minimumPressDuration`, then followed until it lifts, like
/// `UILongPressGestureRecognizer` (continuous).
///
/// It `began` at exactly `minimumPressDuration` after touch down — a deadline on the trace clock, so
/// it begins even when no sample arrives then (a touch held with no samples between `began` and
/// `ended` is still a long press); it reports `changed` as the touch moves afterwards and `ended` on
/// lift. Before it begins it fails if the touch moves more than `allowableMovement` or lifts. The
/// values are UIKit's defaults (0.5 s, 10 pt), as seed and default.
///
/// By default it may recognize together with `pan`: press, hold, then drag.
///
/// `docs/recognizers/long-press.md` is its guide.
public struct LongPress: Recognizer {
    public static let definition = RecognizerDefinition(
        LongPress.self, id: "long-press",
        summary:
            "a touch held still for minimumPressDuration, then followed until it lifts (UILongPressGestureRecognizer)",
        kind: .continuous, gestures: ["long-press"], simultaneousWith: ["pan"],
        details: [
            DetailSpec("location", .point, unit: .points, "Where the touches are (their centroid)."),
            DetailSpec("translation", .point, unit: .points, "How far they moved since touch down, in points."),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumPressDuration = 0.5
        public var allowableMovement = 10.0
        public var touches = 1
        public var tapsBefore = 0
        public var maximumTapInterval = 0.3
        public var maximumTapDistance = 10.0

        public init() {}

        /// Hammer.js's press: 251 ms, 9 px.
        public static let hammer = Parameters().with {
            $0.minimumPressDuration = 0.251
            $0.allowableMovement = 9
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "minimumPressDuration", \.minimumPressDuration, .seconds, minimum: 0,
                "how long the touch must be held before it begins"),
            .init(
                "allowableMovement", \.allowableMovement, .points, minimum: 0,
                "how far the touch may move before it begins"),
            .init(
                "touches", \.touches, .count, minimum: 1,
                "fingers that must be held down (UIKit's numberOfTouchesRequired)"),
            .init(
                "tapsBefore", \.tapsBefore, .count, minimum: 0,
                "taps before the press: tap-then-hold (UIKit's numberOfTapsRequired); each lifts before minimumPressDuration"
            ),
            .init(
                "maximumTapInterval", \.maximumTapInterval, .seconds, minimum: 0,
                "with taps before the press: longest wait from a tap's lift to the next touch"),
            .init(
                "maximumTapDistance", \.maximumTapDistance, .points, minimum: 0,
                "with taps before the press: farthest the next touch may land from where the tap before it lifted (as double-tap's maximumDistance)"
            ),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case tooManyTouches = "too-many-touches"
        case movedTooFar = "moved-too-far"
        case liftedTooEarly = "lifted-too-early"
        case tapHeldTooLong = "tap-held-too-long"
        case noNextTouch = "no-next-touch"
        case tooFar = "too-far"

        public var meaning: String {
            switch self {
            case .tooManyTouches: "more fingers down than touches (cancels a long press in flight)"
            case .movedTooFar: "a finger moved further than allowableMovement before the press was long enough"
            case .liftedTooEarly: "a finger lifted before minimumPressDuration"
            case .tapHeldTooLong: "a tap before the press was still down minimumPressDuration after it began"
            case .noNextTouch: "after a tap before the press, the next touch did not come within maximumTapInterval"
            case .tooFar:
                "after a tap before the press, the next touch landed further than maximumTapDistance from where the tap lifted (with several fingers, their centroids)"
            }
        }
    }

    private let parameters: Parameters
    private var starts = TouchMap<Point>()
    private var current = TouchMap<Point>()
    private var pressStart = 0.0
    private var pressing = false
    /// Taps made before the press, and whether one is under way.
    private var tapsDone = 0
    private var tapping = false
    /// Where the last tap before the press lifted (its fingers' centroid as the first of them lifted).
    private var lastTap: Point?

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ new: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in new {
            starts[touch.id] = touch.location
            current[touch.id] = touch.location
        }
        if starts.count > parameters.touches {
            let message = "\(starts.count) fingers down; a long press here needs \(parameters.touches)"
            let extra = new.first(pastAllowed: parameters.touches, down: starts.count)
            return context.failOrCancel(
                FailureCode.tooManyTouches, message, measured: Double(starts.count),
                limit: Double(parameters.touches), unit: .touches, point: extra.location, at: extra)
        }
        // A tap, or the press, after a tap lands where that tap was: a tap here and a press across the
        // screen were one long press (a double tap holds its taps to the same).
        if tapsDone > 0, let lastTap, starts.count == parameters.touches {
            let landed = starts.centroid
            let distance = landed.distance(to: lastTap)
            if Tolerance.exceeds(distance, parameters.maximumTapDistance) {
                return context.fail(
                    FailureCode.tooFar, "landed too far from where tap \(tapsDone) lifted", measured: distance,
                    limit: parameters.maximumTapDistance, unit: .points, point: landed, at: new[new.count - 1])
            }
        }
        if tapsDone < parameters.tapsBefore {
            if !tapping {
                tapping = true
                context.setDeadline(
                    at: context.time + parameters.minimumPressDuration, tag: "tap-\(tapsDone)", for: .minimum)
            }
            return
        }
        if starts.count == parameters.touches, !pressing {
            pressing = true
            pressStart = context.time
            context.setDeadline(at: context.time + parameters.minimumPressDuration, tag: "press", for: .minimum)
        }
    }

    public mutating func touchesMoved(_ moved: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in moved { current[touch.id] = touch.location }
        if context.state == .possible {
            // Before the press began (or a tap before it), a finger may move allowableMovement.
            for touch in moved {
                guard let start = starts[touch.id] else { continue }
                let distance = touch.location.distance(to: start)
                if Tolerance.exceeds(distance, parameters.allowableMovement) {
                    return context.fail(
                        FailureCode.movedTooFar, "moved before the press was long enough", measured: distance,
                        limit: parameters.allowableMovement, unit: .points, point: touch.location, at: touch)
                }
            }
        } else {
            context.change("long-press", details: values(), at: moved[0])
        }
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        if tag == "tap-\(tapsDone)", tapping {
            return context.fail(
                FailureCode.tapHeldTooLong, "tap \(tapsDone + 1) before the press was held as long as a press",
                measured: parameters.minimumPressDuration, limit: parameters.minimumPressDuration, unit: .seconds)
        }
        if tag == "next-\(tapsDone)", !tapping, starts.isEmpty {
            return context.fail(
                FailureCode.noNextTouch,
                "the touch after tap \(tapsDone) did not come within maximumTapInterval",
                measured: parameters.maximumTapInterval, limit: parameters.maximumTapInterval, unit: .seconds)
        }
        guard tag == "press", context.state == .possible, starts.count == parameters.touches else { return }
        context.begin("long-press", details: values())
    }

    public mutating func touchesEnded(_ ended: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in ended { current[touch.id] = touch.location }
        if tapping {
            touchesMoved(ended, with: event, context: &context)
            if context.hasRequest { return }
            if starts.count == parameters.touches { lastTap = current.centroid }
            for touch in ended {
                starts[touch.id] = nil
                current[touch.id] = nil
            }
            if starts.isEmpty {
                tapping = false
                tapsDone += 1
                context.setDeadline(at: context.time + parameters.maximumTapInterval, tag: "next-\(tapsDone)")
            }
            return
        }
        if context.state == .possible {
            // The press is timed from when `touches` fingers are down together: with fewer, it never
            // began, and lasted 0 s (not the time since the trace's clock started).
            let message =
                pressing
                ? "lifted before the press was long enough"
                : "lifted before \(parameters.touches) fingers were down together: the press never began"
            context.fail(
                FailureCode.liftedTooEarly, message, measured: pressing ? context.time - pressStart : 0,
                limit: parameters.minimumPressDuration, unit: .seconds, point: ended[0].location, at: ended[0])
        } else {
            context.recognize("long-press", details: values(), at: ended[0])
        }
        for touch in ended {
            starts[touch.id] = nil
            current[touch.id] = nil
        }
    }

    /// Where the touches are, and how far they have moved since touch down (their centroids).
    private func values() -> [JSONValue.Member] {
        let now = current.centroid
        let then = starts.centroid
        return [
            .init("location", .point(now)),
            .init("translation", .point(Point(x: now.x - then.x, y: now.y - then.y))),
        ]
    }
}

extension LongPress {
    static let examples: [Example] = [
        Example(
            "held 0.8 s with no samples between", .recognizes("long-press"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.8, 1, .ended, 101, 100)]),
        Example(
            "held, then dragged", .recognizes("long-press"),
            samples: [
                Sample(0, 1, .began, 100, 100), Sample(0.6, 1, .moved, 140, 100), Sample(0.7, 1, .ended, 180, 100),
            ]),
        Example(
            "held 0.3 s, hammer: longer than 251 ms", .recognizes("long-press"), profiles: [.hammer],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.3, 1, .ended, 100, 100)]),
        Example(
            "lifted at exactly 0.5 s: the minimum is reached", .recognizes("long-press"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.5, 1, .ended, 100, 100)]),
        Example(
            "lifted after 0.3 s", .fails(FailureCode.liftedTooEarly),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.3, 1, .ended, 100, 100)]),
        Example(
            "moved 30 pt at once", .fails(FailureCode.movedTooFar),
            samples: [
                Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .moved, 130, 100), Sample(0.9, 1, .ended, 130, 100),
            ]),
        Example(
            "a second finger", .fails(FailureCode.tooManyTouches),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 2, .began, 160, 100)]
                + [Sample(0.8, 1, .ended, 100, 100), Sample(0.8, 2, .ended, 160, 100)]),
        Example(
            "two fingers held where two are needed", .recognizes("long-press"), settings: ["touches": .integer(2)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 160, 100)]
                + [Sample(0.8, 1, .ended, 100, 100), Sample(0.8, 2, .ended, 160, 100)]),
        Example(
            "one finger held 0.8 s where two are needed: the press never began", .fails(FailureCode.liftedTooEarly),
            settings: ["touches": .integer(2)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.8, 1, .ended, 100, 100)]),
        Example(
            "a tap, then held 0.6 s, where one tap comes before", .recognizes("long-press"),
            settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)]
                + [Sample(0.3, 2, .began, 102, 100), Sample(0.9, 2, .ended, 102, 100)]),
        Example(
            "a tap, then held 0.6 s 12 pt away, where one tap comes before", .fails(FailureCode.tooFar),
            settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)]
                + [Sample(0.3, 2, .began, 112, 100), Sample(0.9, 2, .ended, 112, 100)]),
        Example(
            "a tap, then held 0.6 s 9 pt away, where one tap comes before", .recognizes("long-press"),
            settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)]
                + [Sample(0.3, 2, .began, 109, 100), Sample(0.9, 2, .ended, 109, 100)]),
        Example(
            "held 0.8 s where one tap comes before", .fails(FailureCode.tapHeldTooLong),
            settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.8, 1, .ended, 101, 100)]),
        Example(
            "a tap lifted at exactly 0.5 s where one tap comes before: held as long as a press",
            .fails(FailureCode.tapHeldTooLong), settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.5, 1, .ended, 100, 100)]),
        Example(
            "a tap, then nothing for 0.5 s, where one tap comes before", .fails(FailureCode.noNextTouch),
            settings: ["tapsBefore": .integer(1)],
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .ended, 100, 100)]
                + [Sample(0.6, 2, .began, 100, 100), Sample(1.2, 2, .ended, 100, 100)]),
    ]
}
