/// A pan: touches dragged across the view, followed until they lift, like `UIPanGestureRecognizer`
/// (continuous): `began` once their centroid has moved `minimumTranslation` from where it started,
/// `changed` on every move with the translation and velocity, `ended` on lift with the final velocity.
///
/// Any stroke is a pan, so `pan` requires every shape and swipe to fail (by default `checkmark`, `z`,
/// `circle` and `swipe`): it never steals their strokes, and on a one-finger stroke it begins only when
/// the last of them has failed — usually on lift, when they decide. A drag with two fingers, which none of them accepts,
/// begins at once. It may recognize together with `long-press` (press, hold, then drag).
///
/// While its `began` is on hold it asks nothing more, so the values recorded at `began` are those of
/// the moment it asked; `ended` always carries the final translation and velocity.
///
/// The slop, 10 pt, is UIKit's hysteresis as commonly measured (Hammer.js: 10 px, Android: 8 dp).
///
/// `docs/recognizers/pan.md` is its guide.
public struct Pan: Recognizer {
    public static let definition = RecognizerDefinition(
        Pan.self, id: "pan",
        summary: "touches dragged past a 10 pt slop, then followed until they lift (UIPanGestureRecognizer)",
        kind: .continuous, gestures: ["pan"], requiresFailureOf: [.every(.shape), .every(.swipe), .every(.template)],
        simultaneousWith: ["long-press"],
        details: [
            DetailSpec(
                "translation", .point, unit: .points, "Movement of the touches' centroid since touch down, in points."),
            DetailSpec(
                "velocity", .point, unit: .pointsPerSecond, nullable: true, nullText: "infinite",
                "Its velocity over the latest movement, in points per second (an event that does not move it, such as a lift where the finger last moved, leaves it as it was). It is null (infinite in text) when that change took too little time to divide by (a step of less than about 1e-290 s)."
            ),
            DetailSpec(
                "direction", .text(["left", "right", "up", "down", "none"]),
                "The translation's direction along its main axis (along the locked axis when directions is one axis; none while it is zero), as Hammer.js reports it."
            ),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumTranslation = 10.0
        public var minimumTouches = 1
        public var maximumTouches = 10
        public var directions = Directions.all

        public init() {}

        /// Hammer.js's pan: 10 px, one pointer exactly (`pointers: 1`).
        public static let hammer = Parameters().with { $0.maximumTouches = 1 }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "minimumTranslation", \.minimumTranslation, .points, minimum: 0,
                "how far the touches must move before the pan begins"),
            .init("minimumTouches", \.minimumTouches, .count, minimum: 1, "fewest fingers that may pan"),
            .init("maximumTouches", \.maximumTouches, .count, minimum: 1, "most fingers that may pan"),
            .init(
                "directions", \.directions, nil,
                "the directions it may begin in; one axis locks it, measuring only along that axis (Hammer.js's direction)"
            ),
        ]

        public static let constraints = [ParameterConstraint("minimumTouches", atMost: "maximumTouches")]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case tooManyTouches = "too-many-touches"
        case tooFewTouches = "too-few-touches"
        case didNotMove = "did-not-move"
        case wrongDirection = "wrong-direction"

        public var meaning: String {
            switch self {
            case .tooManyTouches: "more fingers down than maximumTouches (cancels a pan in flight)"
            case .tooFewTouches:
                "lifted having moved minimumTranslation, but with fewer fingers down than minimumTouches"
            case .didNotMove: "lifted before the touches moved minimumTranslation"
            case .wrongDirection: "lifted having moved minimumTranslation, but in a direction not among directions"
            }
        }
    }

    private let parameters: Parameters
    /// The axis `directions` keep to, which locks the pan to it (Hammer.js's direction): measured only
    /// along it; nil when they take in both axes, measured in the plane.
    private let lock: Axis?
    private enum Axis { case horizontal, vertical }
    private var current = TouchMap<Point>()
    /// Translation carried over from before the set of touches last changed, so that a finger added
    /// or lifted does not make the pan jump (UIKit does the same).
    private var carried = Point.zero
    private var anchor = Point.zero
    private var lastTranslation = Point.zero
    private var lastTime = 0.0
    private var velocity = Point.zero
    /// Whether it has asked to begin.
    private var askedToBegin = false
    /// Why the latest move that went `minimumTranslation` did not begin the pan: the fingers down,
    /// fewer than `minimumTouches`, and the way it went, perhaps not among `directions`. A pan that
    /// lifts without beginning says so, rather than that it did not move.
    private var blocked: (touches: Int, direction: Directions)?
    /// How far the translation had gone at the latest move, as compared with `minimumTranslation`:
    /// what a pan that lifts without beginning had moved, without any lifting sample's own movement
    /// (a finger that lifts while others stay carries its lift into the translation).
    private var movedDistance = 0.0

    public init(parameters: Parameters) {
        self.parameters = parameters
        let directions = parameters.directions
        lock =
            directions.isDisjoint(with: .vertical)
            ? .horizontal : directions.isDisjoint(with: .horizontal) ? .vertical : nil
    }

    @inline(__always) private var translation: Point {
        let centroid = current.centroid
        return Point(x: carried.x + centroid.x - anchor.x, y: carried.y + centroid.y - anchor.y)
    }

    /// Changes the set of touches without changing the translation.
    private mutating func changeTouches(_ change: (inout TouchMap<Point>) -> Void) {
        carried = current.isEmpty ? .zero : translation
        change(&current)
        anchor = current.centroid
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if current.isEmpty {
            lastTime = context.time
            lastTranslation = .zero
        } else if event.touches.count > touches.count {
            // Fingers down that move in the event a finger joins (their moves come after this call,
            // as UIKit's do) moved as the touches they were: counted before the set changes, not
            // shared out among the new set (two fingers 20 pt right as a third lands: 20, not 13.3).
            var movedBefore = false
            for touch in event.touches where touch.phase == .moved && current[touch.id] != nil {
                current[touch.id] = touch.location
                movedBefore = true
            }
            if movedBefore { track(context.time, translation) }
        }
        changeTouches { current in for touch in touches { current[touch.id] = touch.location } }
        if current.count > parameters.maximumTouches {
            let message = "\(current.count) fingers down; at most \(parameters.maximumTouches) may pan"
            let extra = touches.first(pastAllowed: parameters.maximumTouches, down: current.count)
            context.failOrCancel(
                FailureCode.tooManyTouches, message, measured: Double(current.count),
                limit: Double(parameters.maximumTouches), unit: .touches, point: extra.location, at: extra)
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches { current[touch.id] = touch.location }
        let translation = self.translation
        track(context.time, translation)
        if context.state == .possible {
            // A minimum of 0 is "any movement": it begins when the translation is no longer zero.
            let (distance, direction) = measure(translation)
            movedDistance = distance
            if !askedToBegin, Tolerance.reaches(distance, parameters.minimumTranslation), distance > 0 {
                if current.count >= parameters.minimumTouches, parameters.directions.contains(direction) {
                    askedToBegin = true
                    context.begin("pan", details: values(translation), at: touches[0])
                } else {
                    blocked = (current.count, direction)
                }
            }
        } else if !context.isOnHold {
            // While its `began` waits for the shapes, it carries the values it asked with.
            context.change("pan", details: values(translation), at: touches[0])
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches { current[touch.id] = touch.location }
        let translation = self.translation
        track(context.time, translation)
        // Fingers that rested before they lifted flick nothing: UIKit's velocity dies away on a hold (a
        // drag held still for a second ended at the speed of its last move, 1,250 pt/s, and one with a
        // 0.1 pt twitch in the hold at 0.11 pt/s).
        if context.time - lastTime > Self.restingTime + TraceTime.slack(context.time, lastTime) { velocity = .zero }
        let final = values(translation)
        let (moved, _) = measure(translation)
        changeTouches { current in for touch in touches { current[touch.id] = nil } }
        guard current.count < parameters.minimumTouches else { return }
        if context.state == .possible && !askedToBegin {
            // Judged on the moves, as the pan begins: the lifting sample's own movement begins nothing.
            if let blocked, blocked.touches < parameters.minimumTouches {
                let fingers = blocked.touches == 1 ? "1 finger" : "\(blocked.touches) fingers"
                return context.fail(
                    FailureCode.tooFewTouches,
                    "moved with \(fingers) down; this pan needs \(parameters.minimumTouches)",
                    measured: Double(blocked.touches), limit: Double(parameters.minimumTouches), unit: .touches,
                    point: touches[0].location, at: touches[0])
            }
            if let blocked {
                return context.fail(
                    FailureCode.wrongDirection,
                    "moved \(blocked.direction.name); this pan begins \(parameters.directions.names.joined(separator: " or "))",
                    point: touches[0].location, at: touches[0])
            }
            let limit = parameters.minimumTranslation
            // A minimum of 0 is "any movement": the pan failed because it did not move at all, which
            // "moving 0 pt" would contradict. The limit stays in the reason, as every rule's does.
            var message =
                limit > 0
                ? "lifted before moving \(Format.significant(limit, decimals: 2)) pt\(lockedAxis)"
                : "lifted before moving\(lockedAxis)"
            var measured = moved
            if Tolerance.reaches(moved, limit), moved > 0 {
                // Far enough only with the lifting samples' own movement: said, and measured as the
                // moves left it.
                message +=
                    "; it moved \(Format.significant(moved, decimals: 2)) pt only as it lifted, and a pan begins on a move"
                measured = movedDistance
            }
            context.fail(
                FailureCode.didNotMove, message, measured: measured, limit: limit, unit: .points,
                point: touches[0].location, at: touches[0])
        } else {
            context.recognize("pan", details: final, at: touches[0])
        }
    }

    /// How long after the latest movement a lift ends the pan with no velocity.
    public static let restingTime = 0.1

    /// Velocity over the latest movement between two distinct times. An event that does not move the
    /// translation is no movement, and leaves the velocity (and its time) as they were: a finger that
    /// lifts where it last moved (as most do) keeps the flick's velocity, as UIKit's does, where it was
    /// 0; and a finger lifted while another moves does not shorten that one's time.
    private mutating func track(_ time: Double, _ now: Point) {
        guard now != lastTranslation else { return }
        if time > lastTime {
            velocity = Point(
                x: (now.x - lastTranslation.x) / (time - lastTime), y: (now.y - lastTranslation.y) / (time - lastTime))
            lastTime = time
        }
        lastTranslation = now
    }

    /// How far the translation has gone, and which way: along one axis when `directions` keeps to
    /// that axis (Hammer.js's lock), else in the plane, its direction by the main axis.
    private func measure(_ translation: Point) -> (distance: Double, direction: Directions) {
        switch lock {
        case .horizontal?:
            (abs(translation.x), translation.x == 0 ? [] : (translation.x < 0 ? .left : .right))
        case .vertical?:
            (abs(translation.y), translation.y == 0 ? [] : (translation.y < 0 ? .up : .down))
        case nil:
            (translation.distance(to: .zero), Directions.of(dx: translation.x, dy: translation.y))
        }
    }

    /// The axis `measure` keeps to, for messages: a pan locked to left and right that moves only up
    /// has moved 0 pt horizontally, not 0 pt.
    private var lockedAxis: String {
        switch lock {
        case .horizontal?: " horizontally"
        case .vertical?: " vertically"
        case nil: ""
        }
    }

    private func values(_ translation: Point) -> [JSONValue.Member] {
        [
            .init("translation", .point(translation)),
            .init("velocity", velocity.x.isFinite && velocity.y.isFinite ? .point(velocity) : .null),
            .init("direction", .string(measure(translation).direction.name)),
        ]
    }
}

extension Pan {
    static let drag: [(Double, Double)] = (0...10).map { k in (100 + Double(k) * 20, 100) }

    /// Two fingers 40 pt apart moving down together, 15 pt per step.
    static var twoFingers: [Sample] {
        var samples = [Sample(0, 1, .began, 100, 100), Sample(0, 2, .began, 140, 100)]
        for k in 1...5 {
            let t = Double(k) * 0.05
            let y = 100 + Double(k) * 15
            samples.append(Sample(t, 1, .moved, 100, y))
            samples.append(Sample(t, 2, .moved, 140, y))
        }
        samples.append(Sample(0.3, 1, .ended, 100, 175))
        samples.append(Sample(0.3, 2, .ended, 140, 175))
        return samples
    }

    static let examples: [Example] = [
        Example("a slow drag", .recognizes("pan"), samples: Example.stroke(drag, interval: 0.1)),
        Example("two fingers dragged together", .recognizes("pan"), samples: twoFingers),
        Example(
            "a touch that barely moves", .fails(FailureCode.didNotMove),
            samples: Example.stroke([(100, 100), (103, 101), (104, 102)])),
        Example(
            "a touch that moves only as it lifts: a pan begins on a move", .fails(FailureCode.didNotMove),
            samples: Example.stroke([(100, 100), (160, 100)])),
        Example(
            "two fingers where at most one may pan", .fails(FailureCode.tooManyTouches),
            settings: ["maximumTouches": .integer(1)],
            samples: twoFingers),
        Example(
            "one finger dragged where two must pan", .fails(FailureCode.tooFewTouches),
            settings: ["minimumTouches": .integer(2)], samples: Example.stroke(drag, interval: 0.1)),
        Example(
            "a drag left lifted far to the right, locked to right: judged before the lift",
            .fails(FailureCode.wrongDirection), settings: ["directions": .directions(.right)],
            samples: Example.stroke([(200, 100), (180, 100), (150, 100), (250, 100)])),
        Example(
            "a drag down, locked to left and right", .fails(FailureCode.didNotMove),
            settings: ["directions": .directions(.horizontal)], samples: twoFingers),
        Example(
            "a drag right, locked to left", .fails(FailureCode.wrongDirection),
            settings: ["directions": .directions(.left)], samples: Example.stroke(drag, interval: 0.1)),
        Example(
            "a drag right, locked to left and right", .recognizes("pan"),
            settings: ["directions": .directions(.horizontal)], samples: Example.stroke(drag, interval: 0.1)),
    ]
}
