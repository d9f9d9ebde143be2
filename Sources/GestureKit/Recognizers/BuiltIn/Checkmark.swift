/// A checkmark: one finger moving left to right, down first, then up, ending higher than it started.
///
/// The rules are Apple's "Implementing a Discrete Gesture Recognizer" listing, point for point: only the
/// first finger is tracked (a second finger in the first event fails, later ones are ignored); the first
/// movement must be down and to the right; the down-stroke may never move left; the first upward
/// movement starts the up-stroke, which may move neither left nor down; on lift, the stroke must be in
/// its up-stroke and end above the start. The seed profile is exactly that listing (a test replays
/// Apple's code against it).
///
/// The default profile gives each comparison a tolerance (`jitterTolerance`, `initialDistance`,
/// `backtrackTolerance`, `backtrackRatio`, `turnTolerance`) and adds rules for real strokes: a lead-in
/// hook before the down-stroke (`maximumLeadInRatio`), a real down-stroke and up-stroke as shares of the
/// path (`minimumDownShare`, `minimumUpShare`), and an end that rises well above where the down-stroke
/// starts (`minimumRiseRatio`, against `v`s). `docs/recognizers/checkmark.md` gives the real strokes
/// behind each of them.
public struct Checkmark: Recognizer {
    public static let definition = RecognizerDefinition(
        Checkmark.self, id: "checkmark",
        summary:
            "one finger, left to right, down then up, ending above the start (Apple's discrete recognizer listing)",
        gestures: ["checkmark"], capabilities: [.shape],
        details: [
            DetailSpec(
                "downStart", .point, unit: .points,
                "Where the down-stroke starts: the highest point of a lead-in, or the touch-down."),
            DetailSpec(
                "turn", .point, unit: .points, "The lowest point of the down-stroke, where the up-stroke turns."),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var jitterTolerance = 3.0
        public var initialDistance = 6.0
        public var backtrackTolerance = 6.0
        public var backtrackRatio = 0.15
        public var turnTolerance = 4.0
        public var sinkRatio = 0.15
        public var maximumLeadInRatio: Double? = 0.75
        public var maximumHookRatio: Double? = 0.4
        public var maximumHookDuration = 0.1
        public var minimumDownShare: Double? = 0.07
        public var minimumUpShare = 0.2
        public var minimumRiseRatio = 0.5
        /// Whether a finger that lands after the first is ignored, as Apple's listing ignores it,
        /// rather than failing the checkmark: ignored, a two-finger drag whose fingers land a frame
        /// apart (as real fingers do) kept the checkmark deciding, and a pan waiting, until the lift.
        public var ignoresLaterTouches = false

        public init() {}

        /// Apple's listing: every tolerance zero, no lead-in, no share rules.
        public static let seed = Parameters().with {
            $0.jitterTolerance = 0
            $0.initialDistance = 0
            $0.backtrackTolerance = 0
            $0.backtrackRatio = 0
            $0.turnTolerance = 0
            $0.sinkRatio = 0
            $0.maximumLeadInRatio = nil
            $0.maximumHookRatio = nil
            $0.maximumHookDuration = 0
            $0.minimumDownShare = nil
            $0.minimumUpShare = 0
            $0.minimumRiseRatio = 0
            $0.ignoresLaterTouches = true
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "jitterTolerance", \.jitterTolerance, .points, minimum: 0, "movements shorter than this are not judged"),
            .init(
                "initialDistance", \.initialDistance, .points, minimum: 0,
                "distance from the start before the first direction is judged"),
            .init(
                "backtrackTolerance", \.backtrackTolerance, .points, minimum: 0,
                "how far left of its rightmost point the stroke may go"),
            .init(
                "backtrackRatio", \.backtrackRatio, .ratio, minimum: 0,
                "how far left it may go, as a fraction of the stroke's height so far, when larger than backtrackTolerance"
            ),
            .init(
                "turnTolerance", \.turnTolerance, .points, minimum: 0,
                "rise above the lowest point still taken as the down-stroke (more starts the up-stroke); sink allowed during it"
            ),
            .init(
                "sinkRatio", \.sinkRatio, .ratio, minimum: 0,
                "sink allowed during the up-stroke, as a fraction of the down-stroke's depth, when larger than turnTolerance"
            ),
            .init(
                "maximumLeadInRatio", \.maximumLeadInRatio, .ratio, minimum: 0, formerOff: .zero,
                "rise above the start before the down-stroke, as a fraction of the down-stroke's depth (off: no lead-in, the first movement must be down and right)"
            ),
            .init(
                "maximumHookRatio", \.maximumHookRatio, .ratio, minimum: 0,
                "with a lead-in: how far left of the start the stroke may hook before the down-stroke, as a fraction of the down-stroke's depth (off: a first movement to the left fails)"
            ),
            .init(
                "maximumHookDuration", \.maximumHookDuration, .seconds, minimum: 0,
                "with a hook: how long after touch down the stroke may still be going further left"),
            .init(
                "minimumDownShare", \.minimumDownShare, .ratio, minimum: 0, formerOff: .zero,
                "length of the down-stroke (straight, from its start to the turn) as a fraction of the stroke's path length (off: no rule)"
            ),
            .init(
                "minimumUpShare", \.minimumUpShare, .ratio, minimum: 0,
                "height of the up-stroke as a fraction of the stroke's path length"),
            .init(
                "minimumRiseRatio", \.minimumRiseRatio, .ratio, minimum: 0,
                "end above the down-stroke's start, as a fraction of the down-stroke's depth"),
            .init(
                "ignoresLaterTouches", \.ignoresLaterTouches, nil,
                "a finger landing after the first is ignored (Apple's listing), not a failure"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case initialDirection = "initial-direction"
        case movedLeft = "moved-left"
        case leadInTooHigh = "lead-in-too-high"
        case movedDown = "moved-down"
        case noUpStroke = "no-up-stroke"
        case shallowDownStroke = "shallow-down-stroke"
        case endedTooLow = "ended-too-low"
        case shortUpStroke = "short-up-stroke"

        public var meaning: String {
            switch self {
            case .multipleTouches:
                "more than one finger touched down in one event, or (unless ignoresLaterTouches) a finger after the first"
            case .initialDirection:
                "the first judged movement was not down and to the right (with a lead-in: went left; with a hook: went on left past maximumHookDuration, or further than maximumHookRatio of the down-stroke's depth)"
            case .movedLeft:
                "went further left of its rightmost point than backtrackTolerance (or backtrackRatio of its height)"
            case .leadInTooHigh:
                "the lead-in rose above the start by more than maximumLeadInRatio of the down-stroke's depth"
            case .movedDown:
                "sank below its highest point during the up-stroke by more than turnTolerance (or sinkRatio of the down-stroke's depth)"
            case .noUpStroke: "lifted before any up-stroke"
            case .shallowDownStroke:
                "the down-stroke's length (straight, from its start to the turn) is under minimumDownShare of the path length"
            case .endedTooLow:
                "ended less than minimumRiseRatio of the down-stroke's depth above where the down-stroke starts"
            case .shortUpStroke: "the up-stroke's height is under minimumUpShare of the path length"
            }
        }
    }

    private enum StrokePhase { case notStarted, initialPoint, leadIn, downStroke, upStroke }

    private let parameters: Parameters
    private var strokePhase = StrokePhase.notStarted
    private var trackedTouch: TouchID?
    private var initialPoint = Point.zero
    /// The last point judged; movements are measured from it.
    private var anchor = Point.zero
    private var rightmostX = 0.0
    /// Largest y (lowest on screen) of the down-stroke, and smallest y of the up-stroke.
    private var lowestY = 0.0
    private var highestY = 0.0
    /// Where the down-stroke starts: the highest point of the lead-in, or the initial point.
    private var downStart = Point.zero
    /// The lowest point of the down-stroke, where the up-stroke turns.
    private var vertex = Point.zero
    /// Path length so far, over every sample, and the last location it was measured to.
    private var pathLength = 0.0
    private var lastLocation = Point.zero
    /// Vertical extent of the stroke so far.
    private var minY = 0.0, maxY = 0.0
    /// The leftmost point of a hook at the start (the start itself without one), the rightmost x so far,
    /// and the time of touch down.
    private var leftmostX = 0.0
    private var maximumX = 0.0
    private var startTime = 0.0

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    /// A lead-in is allowed at all (not in the seed profile: Apple's first movement is down and right).
    private var allowsLeadIn: Bool { parameters.maximumLeadInRatio != nil }

    /// How far left of its rightmost point the stroke may be now: `backtrackTolerance`, or
    /// `backtrackRatio` of the stroke's height so far when that is more.
    private var allowedBacktrack: Double {
        max(parameters.backtrackTolerance, parameters.backtrackRatio * (maxY - minY))
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if !parameters.ignoresLaterTouches, trackedTouch != nil {
            _ = context.failUnlessFirstSingleTouch(
                touches, tracked: trackedTouch, drawing: "a checkmark", code: FailureCode.multipleTouches)
            return
        }
        if touches.count != 1 {
            context.fail(
                FailureCode.multipleTouches,
                "\(touches.count) touches began together; a checkmark is drawn with one finger",
                measured: Double(touches.count), limit: 1, unit: .touches, point: touches[0].location)
        }
        if trackedTouch == nil {
            trackedTouch = touches[0].id
            strokePhase = .initialPoint
            initialPoint = touches[0].location
            anchor = initialPoint
            rightmostX = initialPoint.x
            downStart = initialPoint
            lastLocation = initialPoint
            (leftmostX, maximumX, startTime) = (initialPoint.x, initialPoint.x, touches[0].timestamp)
            (minY, maxY) = (initialPoint.y, initialPoint.y)
        } else {
            for touch in touches where touch.id != trackedTouch { context.ignore(touch) }
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        // Every other touch is ignored, so these are the tracked touch's.
        let touch = touches[0]
        let point = touch.location
        measure(point)
        guard point.distance(to: anchor) >= parameters.jitterTolerance else { return }
        anchor = point
        switch strokePhase {
        case .notStarted:
            break
        case .initialPoint:
            guard point.distance(to: initialPoint) >= parameters.initialDistance else { return }
            if allowsLeadIn {
                if point.x < initialPoint.x - parameters.backtrackTolerance {
                    guard parameters.maximumHookRatio != nil else {
                        return context.fail(
                            FailureCode.initialDirection, "the first movement was to the left, not to the right",
                            measured: Geometry.angle(from: initialPoint, to: point), unit: .radians, point: point,
                            at: touch)
                    }
                    // A hook to the left as the pen lands: judged once the down-stroke's depth is known.
                    if extendHook(touch, context: &context) { return }
                } else {
                    rightmostX = max(rightmostX, point.x)
                }
                if point.y > initialPoint.y + parameters.turnTolerance {
                    beginDownStroke(at: point)
                } else {
                    strokePhase = .leadIn
                    if point.y < downStart.y { downStart = point }
                }
            } else if point.x >= initialPoint.x - parameters.backtrackTolerance
                && point.y >= initialPoint.y - parameters.turnTolerance
            {
                rightmostX = max(rightmostX, point.x)
                beginDownStroke(at: point)
            } else {
                context.fail(
                    FailureCode.initialDirection, "the first movement was not down and to the right",
                    measured: Geometry.angle(from: initialPoint, to: point), unit: .radians, point: point, at: touch)
            }
        case .leadIn:
            if followHook(touch, context: &context) { return }
            guard point.x >= rightmostX - allowedBacktrack else {
                return context.fail(
                    FailureCode.movedLeft, "moved left during the lead-in", measured: rightmostX - point.x,
                    limit: allowedBacktrack, unit: .points, point: point, at: touch)
            }
            rightmostX = max(rightmostX, point.x)
            if point.y > downStart.y + parameters.turnTolerance {
                beginDownStroke(at: point)
            } else if point.y < downStart.y {
                downStart = point
            }
        case .downStroke:
            if followHook(touch, context: &context) { return }
            guard point.x >= rightmostX - allowedBacktrack else {
                return context.fail(
                    FailureCode.movedLeft, "moved left during the down-stroke", measured: rightmostX - point.x,
                    limit: allowedBacktrack, unit: .points, point: point, details: measuredDetails, at: touch)
            }
            rightmostX = max(rightmostX, point.x)
            if point.y < lowestY - parameters.turnTolerance {
                strokePhase = .upStroke
                highestY = point.y
                // The down-stroke is complete: its depth is known, so the lead-in can be judged now.
                let leadIn = initialPoint.y - downStart.y
                if let ratio = parameters.maximumLeadInRatio {
                    let allowed = ratio * (lowestY - downStart.y)
                    if leadIn > allowed {
                        context.fail(
                            FailureCode.leadInTooHigh, "rose too high before the down-stroke began", measured: leadIn,
                            limit: allowed, unit: .points, point: downStart, details: measuredDetails, at: touch)
                    }
                }
                if let ratio = parameters.maximumHookRatio, hooked {
                    let hook = initialPoint.x - leftmostX
                    let allowed = ratio * (lowestY - downStart.y)
                    if hook > allowed {
                        context.fail(
                            FailureCode.initialDirection, "hooked too far left before the down-stroke", measured: hook,
                            limit: allowed, unit: .points, point: Point(x: leftmostX, y: initialPoint.y),
                            details: measuredDetails, at: touch)
                    }
                }
                // The turn is final here too: a down-stroke already too short fails at once, not at the
                // next move, against a longer path's limit (the first reason asked for is the one given).
                failIfShallow(at: touch, context: &context)
            } else if point.y > lowestY {
                lowestY = point.y
                vertex = point
            }
        case .upStroke:
            let allowed = allowedBacktrack
            // The sink allowed grows with the checkmark: a droop at the end of a 200-point mouse stroke
            // is several points.
            let sink = max(parameters.turnTolerance, parameters.sinkRatio * (lowestY - downStart.y))
            if point.x < rightmostX - allowed {
                context.fail(
                    FailureCode.movedLeft, "moved left during the up-stroke", measured: rightmostX - point.x,
                    limit: allowed, unit: .points, point: point, details: measuredDetails, at: touch)
            } else if point.y > highestY + sink {
                context.fail(
                    FailureCode.movedDown, "moved down during the up-stroke", measured: point.y - highestY,
                    limit: sink, unit: .points, point: point, details: measuredDetails, at: touch)
            } else {
                rightmostX = max(rightmostX, point.x)
                highestY = min(highestY, point.y)
                // The turn is final and the path only grows: a down-stroke too short now stays so.
                failIfShallow(at: touch, context: &context)
            }
        }
    }

    /// The down-stroke begins at `point`, its lowest point and vertex so far.
    private mutating func beginDownStroke(at point: Point) {
        strokePhase = .downStroke
        lowestY = point.y
        vertex = point
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        // Every other touch is ignored, so this is the tracked touch.
        let touch = touches[0]
        let point = touch.location
        // Whether the moves went anywhere: a lift is no movement (Apple's listing judges only moves),
        // and the seed profile takes a move that stays put as the down-stroke.
        let movedBefore = pathLength > 0
        measure(point)
        guard strokePhase == .upStroke else {
            // Before the first judged movement the stroke stayed this near its start.
            let near = max(parameters.initialDistance, parameters.jitterTolerance)
            var stage =
                switch strokePhase {
                case _ where !movedBefore: "before moving, before any up-stroke"
                case .downStroke: "during the down-stroke, before any up-stroke"
                case .leadIn: "during the lead-in, before any down-stroke"
                default:
                    "before moving \(Format.significant(near, decimals: 2)) pt from its start, before any up-stroke"
                }
            let lift = point.distance(to: initialPoint)
            if strokePhase == .initialPoint || !movedBefore, lift >= near, lift > 0 {
                stage +=
                    "; it moved \(Format.significant(lift, decimals: 2)) pt only as it lifted, and the lift starts no stroke"
            }
            return context.fail(
                FailureCode.noUpStroke, "lifted \(stage)", point: point, details: measuredDetails, at: touch)
        }
        if failIfShallow(at: touch, context: &context) { return }
        let rise = downStart.y - point.y
        let needed = parameters.minimumRiseRatio * (lowestY - downStart.y)
        // A minimum, reached at `>=`; the end must also be above the start (Apple's strict "higher",
        // the seed's ratio of 0).
        guard rise >= needed, rise > 0 else {
            // After a lead-in the down-stroke starts above the touch down: that start is named, since
            // "the start" read as the touch down, which the end may well be above.
            let start = downStart == initialPoint ? "the start" : "where the down-stroke starts, \(downStart)"
            return context.fail(
                FailureCode.endedTooLow, "the up-stroke ended \(rise > 0 ? "too little" : "no") higher than \(start)",
                measured: rise, limit: needed, unit: .points, point: point, details: measuredDetails, at: touch)
        }
        let height = lowestY - min(highestY, point.y)
        // The up-stroke began more than turnTolerance above the vertex, so its height is positive.
        let neededHeight = parameters.minimumUpShare * pathLength
        guard height >= neededHeight else {
            return context.fail(
                FailureCode.shortUpStroke, "the up-stroke is too short a part of the stroke", measured: height,
                limit: neededHeight, unit: .points, point: point, details: measuredDetails, at: touch)
        }
        context.recognize("checkmark", details: measuredDetails, at: touch)
    }

    /// Where the down-stroke starts and turns, once it has begun (the turn so far while it goes down).
    private var measuredDetails: [JSONValue.Member] {
        guard strokePhase == .downStroke || strokePhase == .upStroke else { return [] }
        return [.init("downStart", .point(downStart)), .init("turn", .point(vertex))]
    }

    /// Whether the stroke began with a hook to the left (see `maximumHookRatio`).
    private var hooked: Bool { leftmostX < initialPoint.x - parameters.backtrackTolerance }

    /// Before the stroke has gone right of its start, a point further left than the start (by more than
    /// `backtrackTolerance`) and than any before it is a hook, and the stroke's leftward drift is
    /// measured from there on; returns whether the hook failed, going left for too long.
    private mutating func followHook(_ touch: Touch, context: inout RecognizerContext) -> Bool {
        let point = touch.location
        guard parameters.maximumHookRatio != nil, maximumX <= initialPoint.x + parameters.backtrackTolerance,
            point.x < min(leftmostX, initialPoint.x - parameters.backtrackTolerance)
        else { return false }
        return extendHook(touch, context: &context)
    }

    /// Takes `touch` as the hook's new leftmost point, from which the leftward drift is measured;
    /// returns whether the hook failed instead, going left for too long.
    private mutating func extendHook(_ touch: Touch, context: inout RecognizerContext) -> Bool {
        if failIfHookTooLong(touch, context: &context) { return true }
        (leftmostX, rightmostX) = (touch.location.x, touch.location.x)
        return false
    }

    /// Fails with `initial-direction` when the stroke is still going left `maximumHookDuration` after
    /// touch down: a hook turns at once (within 0.08 s in the data), a leftward swipe or pan goes on, and
    /// should not keep the checkmark — and so pan — waiting until it lifts.
    private func failIfHookTooLong(_ touch: Touch, context: inout RecognizerContext) -> Bool {
        let elapsed = touch.timestamp - startTime
        guard elapsed > parameters.maximumHookDuration + TraceTime.slack(touch.timestamp, startTime) else {
            return false
        }
        context.fail(
            FailureCode.initialDirection, "kept going left after touch down: not a hook", measured: elapsed,
            limit: parameters.maximumHookDuration, unit: .seconds, point: touch.location, at: touch)
        return true
    }

    /// Adds the way to `point` to the path length and the stroke's height.
    private mutating func measure(_ point: Point) {
        pathLength += point.distance(to: lastLocation)
        lastLocation = point
        maximumX = max(maximumX, point.x)
        minY = min(minY, point.y)
        maxY = max(maxY, point.y)
    }

    /// Fails with `shallow-down-stroke` when the down-stroke's length, straight from where it starts to
    /// the turn, is under `minimumDownShare` of the path so far; returns whether it did. Its length, not
    /// its depth: a down-stroke that runs nearly flat before it drops (a touchpad's) is a real one, and
    /// a stroke turned a few degrees keeps its length.
    @discardableResult
    private func failIfShallow(at touch: Touch, context: inout RecognizerContext) -> Bool {
        guard let share = parameters.minimumDownShare else { return false }
        let length = vertex.distance(to: downStart)
        let needed = share * pathLength
        guard length < needed else { return false }
        context.fail(
            FailureCode.shallowDownStroke, "the down-stroke is too short a part of the stroke", measured: length,
            limit: needed, unit: .points, point: vertex, details: measuredDetails, at: touch)
        return true
    }
}

extension Checkmark {
    static let clean: [(Double, Double)] = [
        (0, 0), (5, 5), (10, 10), (15, 15), (20, 20), (25, 12), (30, 4), (35, -4), (40, -12), (45, -20),
    ]
    /// A hook up and to the right as the pen lands (5 pt up), then a checkmark 30 pt deep.
    static let hooked: [(Double, Double)] = [
        (0, 0), (4, -3), (8, -5), (12, -4), (16, 2), (20, 10), (25, 18), (30, 25), (36, 15), (42, 5), (48, -5),
        (54, -15), (60, -25), (66, -35),
    ]
    /// A checkmark 48 pt deep whose pen goes 5 pt back left at the vertex (0.1 of its height).
    static let retraced: [(Double, Double)] = [
        (0, 0), (8, 8), (16, 16), (24, 24), (32, 32), (40, 40), (44, 48), (39, 44), (42, 36), (50, 24), (60, 10),
        (70, -4), (80, -18), (90, -32), (100, -46),
    ]

    /// The pen lands, hooks 8 pt left, then draws a checkmark 31 pt deep.
    static let leftHook: [(Double, Double)] = [
        (0, 0), (-4, -1), (-8, -1), (-4, 6), (2, 12), (8, 18), (14, 24), (20, 30), (28, 18), (36, 6), (44, -6),
        (52, -18),
    ]

    static let examples: [Example] = [
        Example("a clean checkmark", .recognizes("checkmark"), samples: Example.stroke(clean)),
        Example(
            "two fingers in the first event", .fails(FailureCode.multipleTouches),
            samples: [Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 50, 0)]
                + Example.stroke(Array(clean.dropFirst()), start: 0.016).map { s in
                    var s = s
                    if s.phase == .began { s.phase = .moved }
                    return s
                }),
        Example(
            "a second finger later is ignored, as in the listing", .recognizes("checkmark"), profiles: [.seed],
            samples: Array(Example.stroke(clean).prefix(3)) + [Sample(0.033, 2, .began, 80, 80)]
                + Array(Example.stroke(clean).dropFirst(3)) + [Sample(0.2, 2, .ended, 80, 80)]),
        Example(
            "a second finger later fails it, default (ignoresLaterTouches false)", .fails(FailureCode.multipleTouches),
            profiles: [.default],
            samples: Array(Example.stroke(clean).prefix(3)) + [Sample(0.033, 2, .began, 80, 80)]
                + Array(Example.stroke(clean).dropFirst(3)) + [Sample(0.2, 2, .ended, 80, 80)]),
        // In the default profile an up-and-right start is a lead-in, so this one is seed only (by
        // default it lifts during its down-stroke: `no-up-stroke`); see the lead-in examples.
        Example(
            "first movement up and right", .fails(FailureCode.initialDirection), profiles: [.seed],
            samples: Example.stroke([(0, 0), (10, -10), (20, 0), (30, -20)])),
        Example(
            "first movement to the left, as far as the stroke is deep", .fails(FailureCode.initialDirection),
            samples: Example.stroke([(0, 0), (-10, 5), (-20, 10), (0, 20), (20, -20), (30, -30)])),
        Example(
            "moves left on the way down", .fails(FailureCode.movedLeft),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (5, 30), (30, 0)])),
        Example(
            "comes down again on the way up", .fails(FailureCode.movedDown),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 0), (40, 20), (50, -20)])),
        Example(
            "lifts at the bottom", .fails(FailureCode.noUpStroke),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30)])),
        Example(
            "up-stroke ends below the start", .fails(FailureCode.endedTooLow),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 20), (50, 10)])),
        Example(
            "a v with equal arms", .fails(FailureCode.endedTooLow), profiles: [.default],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 20), (50, 10), (60, -1)])),
        Example(
            "a one-pixel step back on the way down, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([(0, 0), (5, 5), (10, 10), (9, 16), (15, 20), (25, 12), (35, -4), (45, -20)])),
        Example(
            "a one-pixel step back on the way down, seed", .fails(FailureCode.movedLeft), profiles: [.seed],
            samples: Example.stroke([(0, 0), (5, 5), (10, 10), (9, 16), (15, 20), (25, 12), (35, -4), (45, -20)])),

        // turnTolerance: a rise of exactly 4 pt at the bottom is within it, still the down-stroke, which
        // then goes on down 8 pt (as an up-stroke's sink that would be past the 4.5 pt allowed).
        Example(
            "rises exactly turnTolerance at the bottom, then goes on down", .recognizes("checkmark"),
            profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 10), (20, 20), (30, 30), (34, 26), (38, 34), (48, 20), (58, 6), (68, -8), (78, -22),
            ])),

        // maximumLeadInRatio
        Example(
            "a hook up and right before the down-stroke, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke(hooked)),
        Example(
            "a hook up and right before the down-stroke, seed", .fails(FailureCode.initialDirection), profiles: [.seed],
            samples: Example.stroke(hooked)),
        Example(
            "rises higher before the down-stroke than the down-stroke descends", .fails(FailureCode.leadInTooHigh),
            profiles: [.default],
            samples: Example.stroke([
                (0, 0), (5, -10), (10, -20), (15, -30), (20, -20), (25, -10), (30, -5), (35, -15), (40, -25), (45, -40),
                (50, -50),
            ])),
        // maximumHookRatio: the pen lands and hooks 8 pt left (0.26 of the 31 pt depth) before coming down.
        Example(
            "a hook to the left before the down-stroke, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke(leftHook)),
        Example(
            "a hook to the left before the down-stroke, seed", .fails(FailureCode.initialDirection), profiles: [.seed],
            samples: Example.stroke(leftHook)),
        // maximumHookDuration: a leftward drag is no hook once it has gone on for 0.1 s.
        Example(
            "a leftward drag", .fails(FailureCode.initialDirection),
            samples: Example.stroke((0..<12).map { (-10 * Double($0), 0) })),
        // backtrackRatio
        Example(
            "a retrace at the vertex of a large checkmark, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke(retraced)),
        Example(
            "a retrace at the vertex of a large checkmark, seed", .fails(FailureCode.movedLeft), profiles: [.seed],
            samples: Example.stroke(retraced)),
        Example(
            "doubles back at the vertex of a large checkmark", .fails(FailureCode.movedLeft), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (8, 8), (16, 16), (24, 24), (32, 32), (40, 40), (44, 48), (32, 44), (36, 36), (50, 24),
                (60, 10),
                (70, -4), (80, -18), (90, -32), (100, -46),
            ])),
        // minimumDownShare
        Example(
            "a short but real down-stroke", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (4, 6), (8, 12), (13, 4), (18, -6), (23, -16), (28, -26), (33, -36), (38, -46),
            ])),
        // The down-stroke runs flat for 40 pt and drops 8: 0.05 of the path deep, 0.3 of it long.
        Example(
            "a down-stroke that runs flat before it drops", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 0), (20, 0), (30, 0), (40, 0), (44, 4), (48, 8), (55, -10), (62, -28), (69, -46),
                (76, -64), (83, -82), (90, -100),
            ])),
        Example(
            "a straight line up with a dent at its start", .fails(FailureCode.shallowDownStroke), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (1, 7), (1, 2), (1, -10), (1, -25), (1, -40), (1, -55), (1, -70), (1, -85), (1, -100),
                (1, -115),
            ])),
        // minimumUpShare
        Example(
            "a flat run before a full-size checkmark", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 0), (20, 0), (30, 0), (35, 10), (40, 20), (45, 30), (50, 20), (55, 5), (60, -10),
                (65, -25),
                (70, -40),
            ])),
        Example(
            "a long flat run before a small tick", .fails(FailureCode.shortUpStroke), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 0), (20, 0), (30, 0), (40, 0), (50, 0), (60, 0), (70, 0), (80, 0), (90, 0), (100, 0),
                (105, 8),
                (110, 15), (115, 5), (120, -5), (125, -12),
            ])),
        // minimumRiseRatio
        Example(
            "ends 0.6 of its depth above the start", .recognizes("checkmark"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 14), (50, -2), (60, -18)])),
        Example(
            "ends exactly 0.5 of its depth above the start: the minimum is reached", .recognizes("checkmark"),
            profiles: [.default],
            samples: Example.stroke([
                (0, 0), (5, 5), (10, 10), (15, 15), (20, 20), (25, 12), (30, 4), (35, -4), (40, -10),
            ])),
        Example(
            "ends level with the start, seed: not above it", .fails(FailureCode.endedTooLow), profiles: [.seed],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 10), (40, 0)])),
        Example(
            "a v whose right arm is a little longer, default", .fails(FailureCode.endedTooLow), profiles: [.default],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 16), (50, 2), (60, -12)])),
        Example(
            "a v whose right arm is a little longer, seed", .recognizes("checkmark"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 16), (50, 2), (60, -12)])),
    ]
}
