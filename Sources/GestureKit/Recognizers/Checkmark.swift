/// A checkmark: one finger moving left to right, down first, then up, ending higher than it started.
///
/// The rules are Apple's "Implementing a Discrete Gesture Recognizer" listing, point for point:
/// only the first finger is tracked (a second finger in the first event fails, later ones are
/// ignored); the first movement must be down and to the right; the down-stroke may never move left;
/// the first upward movement starts the up-stroke, which may move neither left nor down; on lift, the
/// stroke must be in its up-stroke and end above the start.
///
/// Applied literally to real strokes those rules fail on pixel jitter, pen-landing hooks and `v`s, so
/// each comparison has a tolerance and a few rules are added; at the `seed` values (all zero) every
/// one of them is off and the recognizer is exactly Apple's. Figures below are from the real strokes
/// in `../shared/datasets` (`$1` logs: 180 checkmarks of subjects s01-pilot and s02–s06; MMG lines).
/// - `jitterTolerance`: movements shorter than this from the last accepted point are not judged at
///   all. Guards against stylus and digitizer noise: the `$1` logs move one pixel sideways or back
///   between samples, which the literal rules read as a change of direction.
/// - `initialDistance`: the first direction is judged only once the stroke is this far from the
///   start. Guards against a first sample that is "not yet down-right" (pen landing wobble).
/// - `backtrackTolerance`: how far left of its rightmost point the stroke may wander. Guards against
///   "moved left during the down-stroke" by a pixel or two on a near-vertical stroke.
/// - `backtrackRatio`: the same allowance grows with the stroke, to this fraction of its height so
///   far when that is more than `backtrackTolerance`. Guards against the retrace at the vertex of a
///   quick stroke, whose pen comes back up along the down-stroke before heading right: `$1`
///   s06/fast/check06 went 5 pt left (limit 4 pt) at the vertex of a stroke 46 pt tall, 0.11 of its
///   height; no other checkmark goes back more than 0.075 of its height, and 0.15 leaves room above
///   both. Height, not width: the retrace scales with the down-stroke, while a `z`'s or an arrow's
///   wide flat start says nothing about how far left its diagonal may go.
/// - `turnTolerance`: how far the stroke must rise above its lowest point before the up-stroke
///   begins, and how far it may sink below its highest point during the up-stroke. Guards against
///   the vertex wobbling into a second down-stroke.
/// - `maximumLeadInRatio`: the stroke may begin with a lead-in, a hook up (or flat) and to the right
///   as the pen lands; the down-stroke starts where the stroke first comes down `turnTolerance` below
///   the highest point so far. When the up-stroke begins, the lead-in's rise above the start may be
///   at most this fraction of the down-stroke's depth (`lead-in-too-high`); and the first judged
///   movement may then go up, but still not left (`initial-direction`). Guards against the pen-landing
///   hook: 22 of the 180 checkmarks (17 of subject s04's 30, 5 of s01-pilot's) failed
///   `initial-direction`, and s01-pilot/medium/check06 failed `moved-down` because its hook was read
///   as the up-stroke; those hooks rise up to 14 pt, at most 0.52 of the down-stroke's depth (s04).
///   A lead-in as high as the down-stroke is deep is the first stroke of an N, not a hook; 0.75 is
///   between the two. The depth is unknown until the up-stroke begins, so a stroke that only rises
///   is decided on lift (`no-up-stroke`). The lead-in also means a straight line that sags and rises
///   by a few points never starts a down-stroke at all: 6 MMG `line`s drawn rightwards were taken for
///   checkmarks (and so were not swipes) that way.
/// - `minimumDownShare`: the down-stroke's depth (from its start to the vertex) must be at least this
///   fraction of the stroke's path length (`shallow-down-stroke`), judged as soon as it fails (once
///   the up-stroke begins the depth is final and the path only grows). Guards against straight lines
///   with a dent: MMG 10-stylus/medium-04-line-up dips 7 pt before climbing 149 pt, a down-stroke of
///   0.045 of its 156 pt path, and was a checkmark (not a swipe-up); the checkmarks' down-strokes are
///   0.12–0.30 of their paths, so 0.07 sits between.
/// - `minimumUpShare`: the up-stroke's height (the vertex to its highest point) must be at least
///   this fraction of the path length (`short-up-stroke`). The other half of "a real down-stroke and
///   a real up-stroke": guards against a long flat or wandering stroke with a small tick at its end;
///   the checkmarks' up-strokes are 0.39–0.78 of their paths, and 0.2 is half the smallest.
/// - `minimumRiseRatio`: the end must be higher than the down-stroke's start by this fraction of
///   the down-stroke's depth, so the up-stroke is at least 1 + ratio times as tall as the down-stroke.
///   Apple's strict "higher than the start" is 0. Guards against the `v`, whose arms are about equal:
///   at 0.3, 23 of the 180 `$1` `v`s were checkmarks (20 of them subject s02's, who draws the right
///   arm long). Per subject the checkmarks end at least 0.64–1.34 of their depth above the start
///   (lowest: s05 0.64, s06 0.80, s01-pilot 0.84), the `v`s at most 0.18–0.42, except s02's (up to
///   0.83); 0.5 lies between the two, and 5 of s02's 30 `v`s still pass.
public struct Checkmark: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "checkmark",
        summary: "one finger, left to right, down then up, ending above the start (Apple's discrete recognizer listing)",
        gestures: ["checkmark"],
        parameters: [
            Parameter("jitterTolerance", unit: "pt", default: 3, seed: 0, "movements shorter than this are not judged"),
            Parameter("initialDistance", unit: "pt", default: 6, seed: 0, "distance from the start before the first direction is judged"),
            Parameter("backtrackTolerance", unit: "pt", default: 4, seed: 0, "how far left of its rightmost point the stroke may go"),
            Parameter(
                "backtrackRatio", unit: "ratio", default: 0.15, seed: 0,
                "how far left it may go, as a fraction of the stroke's height so far, when larger than backtrackTolerance"),
            Parameter("turnTolerance", unit: "pt", default: 4, seed: 0, "rise that starts the up-stroke; sink allowed during it"),
            Parameter(
                "maximumLeadInRatio", unit: "ratio", default: 0.75, seed: 0,
                "rise above the start before the down-stroke, as a fraction of the down-stroke's depth (0: no lead-in)"),
            Parameter(
                "minimumDownShare", unit: "ratio", default: 0.07, seed: 0,
                "depth of the down-stroke as a fraction of the stroke's path length"),
            Parameter(
                "minimumUpShare", unit: "ratio", default: 0.2, seed: 0,
                "height of the up-stroke as a fraction of the stroke's path length"),
            Parameter(
                "minimumRiseRatio", unit: "ratio", default: 0.5, seed: 0,
                "end above the down-stroke's start, as a fraction of the down-stroke's depth"),
        ],
        examples: CheckmarkExamples.all,
        make: { Checkmark(parameters: $0) })

    private enum StrokePhase { case notStarted, initialPoint, leadIn, downStroke, upStroke }

    private let jitterTolerance, initialDistance, backtrackTolerance, backtrackRatio, turnTolerance: Double
    private let maximumLeadInRatio, minimumDownShare, minimumUpShare, minimumRiseRatio: Double
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

    public init(parameters: ParameterValues) {
        jitterTolerance = parameters["jitterTolerance"]
        initialDistance = parameters["initialDistance"]
        backtrackTolerance = parameters["backtrackTolerance"]
        backtrackRatio = parameters["backtrackRatio"]
        turnTolerance = parameters["turnTolerance"]
        maximumLeadInRatio = parameters["maximumLeadInRatio"]
        minimumDownShare = parameters["minimumDownShare"]
        minimumUpShare = parameters["minimumUpShare"]
        minimumRiseRatio = parameters["minimumRiseRatio"]
    }

    /// A lead-in is allowed at all (not at the seed value, 0: Apple's first movement is down and right).
    private var allowsLeadIn: Bool { maximumLeadInRatio > 0 }

    /// How far left of its rightmost point the stroke may be now: `backtrackTolerance`, or
    /// `backtrackRatio` of the stroke's height so far when that is more.
    private var allowedBacktrack: Double {
        max(backtrackTolerance, backtrackRatio * (maxY - minY))
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
            downStart = initialPoint
            lastLocation = initialPoint
            (minY, maxY) = (initialPoint.y, initialPoint.y)
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
        measure(point)
        guard point.distance(to: anchor) >= jitterTolerance else { return }
        anchor = point
        switch strokePhase {
        case .notStarted:
            break
        case .initialPoint:
            guard point.distance(to: initialPoint) >= initialDistance else { return }
            if allowsLeadIn {
                guard point.x >= initialPoint.x - backtrackTolerance else {
                    return context.fail(
                        "initial-direction", "the first movement was to the left, not to the right",
                        measured: angleDegrees(from: initialPoint, to: point), limit: nil, unit: "deg", point: point, at: touch)
                }
                rightmostX = max(rightmostX, point.x)
                if point.y > initialPoint.y + turnTolerance {
                    strokePhase = .downStroke
                    lowestY = point.y
                    vertex = point
                } else {
                    strokePhase = .leadIn
                    if point.y < downStart.y { downStart = point }
                }
            } else if point.x >= initialPoint.x - backtrackTolerance && point.y >= initialPoint.y - turnTolerance {
                strokePhase = .downStroke
                rightmostX = max(rightmostX, point.x)
                lowestY = point.y
                vertex = point
            } else {
                context.fail(
                    "initial-direction", "the first movement was not down and to the right",
                    measured: angleDegrees(from: initialPoint, to: point), limit: nil, unit: "deg", point: point, at: touch)
            }
        case .leadIn:
            guard point.x >= rightmostX - allowedBacktrack else {
                return context.fail(
                    "moved-left", "moved left during the lead-in", measured: rightmostX - point.x,
                    limit: allowedBacktrack, unit: "pt", point: point, at: touch)
            }
            rightmostX = max(rightmostX, point.x)
            if point.y > downStart.y + turnTolerance {
                strokePhase = .downStroke
                lowestY = point.y
                vertex = point
            } else if point.y < downStart.y {
                downStart = point
            }
        case .downStroke:
            guard point.x >= rightmostX - allowedBacktrack else {
                return context.fail(
                    "moved-left", "moved left during the down-stroke", measured: rightmostX - point.x,
                    limit: allowedBacktrack, unit: "pt", point: point, at: touch)
            }
            rightmostX = max(rightmostX, point.x)
            if point.y < lowestY - turnTolerance {
                strokePhase = .upStroke
                highestY = point.y
                // The down-stroke is complete: its depth is known, so the lead-in can be judged now.
                let leadIn = initialPoint.y - downStart.y
                let allowed = maximumLeadInRatio * (lowestY - downStart.y)
                if allowsLeadIn && leadIn > allowed {
                    context.fail(
                        "lead-in-too-high", "rose too high before the down-stroke began", measured: leadIn,
                        limit: allowed, unit: "pt", point: downStart, at: touch)
                }
            } else if point.y > lowestY {
                lowestY = point.y
                vertex = point
            }
        case .upStroke:
            let allowed = allowedBacktrack
            if point.x < rightmostX - allowed {
                context.fail(
                    "moved-left", "moved left during the up-stroke", measured: rightmostX - point.x,
                    limit: allowed, unit: "pt", point: point, at: touch)
            } else if point.y > highestY + turnTolerance {
                context.fail(
                    "moved-down", "moved down during the up-stroke", measured: point.y - highestY,
                    limit: turnTolerance, unit: "pt", point: point, at: touch)
            } else {
                rightmostX = max(rightmostX, point.x)
                highestY = min(highestY, point.y)
                // The depth is final and the path only grows: a down-stroke too shallow now stays so.
                failIfShallow(at: touch, context: &context)
            }
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        let touch = touches[0]
        guard touch.id == trackedTouch else {
            return context.fail("untracked-touch", "a touch other than the first one lifted", at: touch)
        }
        let point = touch.location
        measure(point)
        guard strokePhase == .upStroke else {
            let stage = switch strokePhase {
            case .downStroke: "during the down-stroke, before any up-stroke"
            case .leadIn: "during the lead-in, before any down-stroke"
            default: "before moving, before any up-stroke"
            }
            return context.fail("no-up-stroke", "lifted \(stage)", point: point, at: touch)
        }
        if failIfShallow(at: touch, context: &context) { return }
        let rise = downStart.y - point.y
        let needed = minimumRiseRatio * (lowestY - downStart.y)
        guard rise > needed else {
            return context.fail(
                "ended-too-low", "the up-stroke ended \(rise > 0 ? "too little" : "no") higher than the start",
                measured: rise, limit: needed, unit: "pt", point: point, at: touch)
        }
        let height = lowestY - min(highestY, point.y)
        let neededHeight = minimumUpShare * pathLength
        guard minimumUpShare <= 0 || height >= neededHeight else {
            return context.fail(
                "short-up-stroke", "the up-stroke is too short a part of the stroke", measured: height,
                limit: neededHeight, unit: "pt", point: point, at: touch)
        }
        context.recognize("checkmark", at: touch)
    }

    /// Adds the way to `point` to the path length and the stroke's height.
    private mutating func measure(_ point: Point) {
        pathLength += point.distance(to: lastLocation)
        lastLocation = point
        minY = min(minY, point.y)
        maxY = max(maxY, point.y)
    }

    /// Fails with `shallow-down-stroke` when the down-stroke's depth is under `minimumDownShare` of
    /// the path so far; returns whether it did.
    @discardableResult
    private func failIfShallow(at touch: Touch, context: inout RecognizerContext) -> Bool {
        let depth = lowestY - downStart.y
        let needed = minimumDownShare * pathLength
        guard minimumDownShare > 0 && depth < needed else { return false }
        context.fail(
            "shallow-down-stroke", "the down-stroke is too shallow a part of the stroke", measured: depth,
            limit: needed, unit: "pt", point: vertex, at: touch)
        return true
    }
}

enum CheckmarkExamples {
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
        // In the default profile an up-and-right start is a lead-in, so this one is seed only (by
        // default it lifts during its down-stroke: `no-up-stroke`); see the lead-in examples.
        Example(
            "first movement up and right", .fails(code: "initial-direction"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (10, -10), (20, 0), (30, -20)])),
        Example(
            "first movement to the left", .fails(code: "initial-direction"),
            samples: Example.stroke([(0, 0), (-10, 5), (-20, 10), (0, 20), (20, -20)])),
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

        // maximumLeadInRatio
        Example("a hook up and right before the down-stroke, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke(hooked)),
        Example("a hook up and right before the down-stroke, seed", .fails(code: "initial-direction"), profiles: [.seed],
            samples: Example.stroke(hooked)),
        Example(
            "rises higher before the down-stroke than the down-stroke descends", .fails(code: "lead-in-too-high"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (5, -10), (10, -20), (15, -30), (20, -20), (25, -10), (30, -5), (35, -15), (40, -25), (45, -40),
                (50, -50),
            ])),
        // backtrackRatio
        Example("a retrace at the vertex of a large checkmark, default", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke(retraced)),
        Example("a retrace at the vertex of a large checkmark, seed", .fails(code: "moved-left"), profiles: [.seed],
            samples: Example.stroke(retraced)),
        Example(
            "doubles back at the vertex of a large checkmark", .fails(code: "moved-left"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (8, 8), (16, 16), (24, 24), (32, 32), (40, 40), (44, 48), (32, 44), (36, 36), (50, 24), (60, 10),
                (70, -4), (80, -18), (90, -32), (100, -46),
            ])),
        // minimumDownShare
        Example(
            "a short but real down-stroke", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([(0, 0), (4, 6), (8, 12), (13, 4), (18, -6), (23, -16), (28, -26), (33, -36), (38, -46)])),
        Example(
            "a straight line up with a dent at its start", .fails(code: "shallow-down-stroke"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (1, 7), (1, 2), (1, -10), (1, -25), (1, -40), (1, -55), (1, -70), (1, -85), (1, -100), (1, -115),
            ])),
        // minimumUpShare
        Example(
            "a flat run before a full-size checkmark", .recognizes("checkmark"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 0), (20, 0), (30, 0), (35, 10), (40, 20), (45, 30), (50, 20), (55, 5), (60, -10), (65, -25),
                (70, -40),
            ])),
        Example(
            "a long flat run before a small tick", .fails(code: "short-up-stroke"), profiles: [.default],
            samples: Example.stroke([
                (0, 0), (10, 0), (20, 0), (30, 0), (40, 0), (50, 0), (60, 0), (70, 0), (80, 0), (90, 0), (100, 0), (105, 8),
                (110, 15), (115, 5), (120, -5), (125, -12),
            ])),
        // minimumRiseRatio
        Example(
            "ends 0.6 of its depth above the start", .recognizes("checkmark"),
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 14), (50, -2), (60, -18)])),
        Example(
            "a v whose right arm is a little longer, default", .fails(code: "ended-too-low"), profiles: [.default],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 16), (50, 2), (60, -12)])),
        Example(
            "a v whose right arm is a little longer, seed", .recognizes("checkmark"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (10, 10), (20, 20), (30, 30), (40, 16), (50, 2), (60, -12)])),
    ]
}
