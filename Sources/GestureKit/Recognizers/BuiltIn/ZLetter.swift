/// A letter Z: one finger drawing three connected parts — rightward, then down and to the left, then
/// rightward again.
///
/// The default profile (`wholePath`) judges the whole path when the finger lifts, with every limit
/// relative to the stroke's own size or an angle. Points closer than `jitterTolerance` to the last one
/// kept are dropped; the path is split into parts where it turns back in x (once it has come back more
/// than `turnTolerance`, or `turnRatio` of its width); and each run of three consecutive parts that go
/// right, left, right is read as the top part, the diagonal and the bottom part, with up to
/// `leadInParts` parts before and `tailParts` after (a hook, a cursive descender). A reading is a Z when
/// it passes every rule, in this order: `maximumTopAngle`, `maximumTopSagRatio`, `minimumTopCornerTurn`,
/// `diagonalDropRatio`, `bottomClimbRatio`, `maximumBottomAngle` (`maximumDescenderBottomAngle` before a
/// descender), `topStartRatio`, `leadInParts`, `tailParts`, `exitRiseRatio`, `minimumDiagonalSlant`,
/// `braceSlant` with `braceEndRatio`, `minimumBarRatio`, `maximumDiagonalBowRatio`.
/// Otherwise the failure is that of the reading that got furthest, and a stroke with no right-left-right
/// reading fails `incomplete`.
///
/// The seed profile follows the Objective-C Z-letter recognizer tutorial point by point: the top part
/// moves right within `strokePrecision` of its starting height; the first movement left starts the
/// diagonal, which must keep going down; the first movement right starts the bottom part; each part
/// must lie within `strokePrecision` of the line through its ends; the stroke is a Z if it lifts during
/// the bottom part. `docs/recognizers/z.md` gives the real handwriting behind every rule.
public struct ZLetter: Recognizer {
    public static let definition = RecognizerDefinition(
        ZLetter.self, id: "z",
        summary: "one finger: rightward, down-left diagonal, rightward again (the Z-letter recognizer tutorial)",
        gestures: ["z"], capabilities: [.shape],
        details: [
            DetailSpec("topStart", .point, unit: .points, "Where the top part starts."),
            DetailSpec("topCorner", .point, unit: .points, "Where the top part turns into the diagonal."),
            DetailSpec("bottomCorner", .point, unit: .points, "Where the diagonal turns into the bottom part."),
            DetailSpec("bottomEnd", .point, unit: .points, "Where the bottom part ends (a descender may follow)."),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var strokePrecision = 12.0
        public var precisionRatio = 0.25
        public var jitterTolerance = 2.0
        public var turnTolerance = 2.0
        public var minimumPartLength = 10.0
        public var wholePath = true
        public var turnRatio = 0.1
        public var leadInParts = 1
        public var tailParts = 2
        public var maximumTopAngle: Double? = 0.75
        public var maximumTopSagRatio: Double? = 0.25
        public var minimumTopCornerTurn = 90 * Double.pi / 180
        public var diagonalDropRatio: Double? = 0.1
        public var bottomClimbRatio: Double? = 0.9
        public var maximumBottomAngle: Double? = 65 * Double.pi / 180
        public var maximumDescenderBottomAngle: Double? = 80 * Double.pi / 180
        public var topStartRatio = 0.5
        public var exitRiseRatio: Double? = 0.05
        public var minimumDiagonalSlant: Double?
        public var braceSlant: Double? = 0.5
        public var braceEndRatio = 0.35
        public var minimumBarRatio: Double? = 0.15
        public var maximumDiagonalBowRatio: Double? = 0.27

        public init() {}

        /// The tutorial: followed point by point, 20 pt of precision, no tolerance; no whole-path rule.
        public static let seed = Parameters().with {
            $0.strokePrecision = 20
            $0.precisionRatio = 0
            $0.jitterTolerance = 0
            $0.turnTolerance = 0
            $0.minimumPartLength = 0
            $0.wholePath = false
            $0.turnRatio = 0
            $0.leadInParts = 0
            $0.tailParts = 0
            $0.maximumTopAngle = nil
            $0.maximumTopSagRatio = nil
            $0.minimumTopCornerTurn = 0
            $0.diagonalDropRatio = nil
            $0.bottomClimbRatio = nil
            $0.maximumBottomAngle = nil
            $0.maximumDescenderBottomAngle = nil
            $0.topStartRatio = 1
            $0.exitRiseRatio = nil
            $0.minimumDiagonalSlant = nil
            $0.braceSlant = nil
            $0.minimumBarRatio = nil
            $0.maximumDiagonalBowRatio = nil
        }

        /// Degrees, as the angles were given before every angle was in radians.
        private static let degrees = Double.pi / 180

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "strokePrecision", \.strokePrecision, .points, minimum: 0,
                "point by point: how far a point may be from its part's line"),
            .init(
                "precisionRatio", \.precisionRatio, .ratio, minimum: 0,
                "point by point: allowed distance as a fraction of the part's length (the top and bottom: how far right it has gone so far), when larger"
            ),
            .init(
                "jitterTolerance", \.jitterTolerance, .points, minimum: 0, "movements shorter than this are not judged"),
            .init(
                "turnTolerance", \.turnTolerance, .points, minimum: 0,
                "movement against a part's direction that ends it"),
            .init(
                "minimumPartLength", \.minimumPartLength, .points, minimum: 0,
                "point by point: shortest length of each of the three parts"),
            .init(
                "wholePath", \.wholePath, nil,
                "true: judge the whole path on lift by the rules below; false: follow it point by point (the tutorial)"),
            .init(
                "turnRatio", \.turnRatio, .ratio, minimum: 0,
                "whole path: movement against a part's direction that ends it, as a fraction of the width, when larger"),
            .init(
                "leadInParts", \.leadInParts, .count, minimum: 0,
                "whole path: parts allowed before the top part (a starting hook)"),
            .init(
                "tailParts", \.tailParts, .count, minimum: 0,
                "whole path: parts allowed after the bottom part (a cursive descender and its exit)"),
            .init(
                "maximumTopAngle", \.maximumTopAngle, .radians, minimum: 0, maximum: Double.pi,
                formerly: [.init("topAngle", unit: "deg", scale: degrees)],
                "whole path: how far from horizontal the top part may head (off: any way)"),
            .init(
                "maximumTopSagRatio", \.maximumTopSagRatio, .ratio, minimum: 0,
                "whole path: how far the top part may dip below the line from its start to the top corner, as a fraction of the height (off: any)"
            ),
            .init(
                "minimumTopCornerTurn", \.minimumTopCornerTurn, .radians, minimum: 0, maximum: Double.pi,
                formerly: [.init("topCornerAngle", unit: "deg", scale: degrees)],
                "whole path: least turn from the top part's heading to the diagonal's"),
            .init(
                "diagonalDropRatio", \.diagonalDropRatio, .ratio, minimum: -1, formerOff: .atMost(-1),
                "whole path: least descent of the diagonal, as a fraction of the height (off: any)"),
            .init(
                "bottomClimbRatio", \.bottomClimbRatio, .ratio, minimum: 0,
                "whole path: most the bottom part may climb, as a fraction of the diagonal's descent (off: any)"),
            .init(
                "maximumBottomAngle", \.maximumBottomAngle, .radians, minimum: 0, maximum: Double.pi,
                formerly: [.init("bottomAngle", unit: "deg", scale: degrees)],
                "whole path: how far below horizontal the bottom part may head (off: any way)"),
            .init(
                "maximumDescenderBottomAngle", \.maximumDescenderBottomAngle, .radians, minimum: 0, maximum: Double.pi,
                formerly: [.init("descenderBottomAngle", unit: "deg", scale: degrees)],
                "whole path: the same, when a descender follows the bottom part (off: any way)"),
            .init(
                "topStartRatio", \.topStartRatio, .ratio, minimum: 0, maximum: 1,
                "whole path: how far below the stroke's top the top part may start, as a fraction of the height"),
            .init(
                "exitRiseRatio", \.exitRiseRatio, .ratio, minimum: -1, formerOff: .atMost(-1),
                "whole path: least climb of a part going right after the descender, as a fraction of the height (off: any)"
            ),
            .init(
                "minimumDiagonalSlant", \.minimumDiagonalSlant, .ratio, minimum: 0,
                "whole path: least leftward travel of the diagonal, as a fraction of its descent (off: any; a brace's stem is upright)"
            ),
            .init(
                "braceSlant", \.braceSlant, .ratio, minimum: 0,
                "whole path: a diagonal going left less than this fraction of its descent is a brace's stem when the stroke also ends as braceEndRatio says (off: no brace rule)"
            ),
            .init(
                "braceEndRatio", \.braceEndRatio, .ratio, minimum: 0,
                "whole path: with a brace's stem, how far left of the bottom part's end the stroke may end, as a fraction of the letter's height (the top part to the bottom part)"
            ),
            .init(
                "minimumBarRatio", \.minimumBarRatio, .ratio, minimum: 0,
                "whole path: length of the shorter of the top and bottom parts, as a fraction of the longer (off: any; a bracket's hook or tick is no bar)"
            ),
            .init(
                "maximumDiagonalBowRatio", \.maximumDiagonalBowRatio, .ratio, minimum: 0,
                "whole path: how far the diagonal may stray from the line between its corners, as a fraction of the stroke's width or height, whichever is larger (off: any; a bracket's bar and stem make an L)"
            ),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case incomplete
        case topTooSteep = "top-too-steep"
        case topSagged = "top-sagged"
        case topCornerOpen = "top-corner-open"
        case diagonalNotDown = "diagonal-not-down"
        case bottomClimbed = "bottom-climbed"
        case bottomTooSteep = "bottom-too-steep"
        case topNotAtTop = "top-not-at-top"
        case longLeadIn = "long-lead-in"
        case longTail = "long-tail"
        case exitNotUp = "exit-not-up"
        case diagonalUpright = "diagonal-upright"
        case braceShaped = "brace-shaped"
        case barTooShort = "bar-too-short"
        case diagonalBowed = "diagonal-bowed"
        case leftTheLine = "left-the-line"
        case movedLeft = "moved-left"
        case movedUp = "moved-up"
        case partTooShort = "part-too-short"
        case notStraight = "not-straight"

        public var meaning: String {
            switch self {
            case .multipleTouches: "a second finger touched down; a Z is one finger"
            case .incomplete: "lifted before the stroke went right, left and right again"
            case .topTooSteep: "whole path: the top part heads further from horizontal than maximumTopAngle"
            case .topSagged:
                "whole path: the top part dips below the line from its start to the top corner by more than maximumTopSagRatio of the height"
            case .topCornerOpen:
                "whole path: the diagonal turns back from the top part by less than minimumTopCornerTurn"
            case .diagonalNotDown:
                "the diagonal descends less than diagonalDropRatio of the height (point by point: half minimumPartLength)"
            case .bottomClimbed:
                "whole path: the bottom part climbs back more than bottomClimbRatio of the diagonal's descent"
            case .bottomTooSteep:
                "whole path: the bottom part heads down more steeply than maximumBottomAngle (maximumDescenderBottomAngle before a descender)"
            case .topNotAtTop:
                "whole path: the top part starts lower than topStartRatio of the height below the stroke's top"
            case .longLeadIn: "whole path: more than leadInParts parts before the top part"
            case .longTail: "whole path: more than tailParts parts after the bottom part"
            case .exitNotUp:
                "whole path: a part going right after the descender climbs less than exitRiseRatio of the height"
            case .diagonalUpright:
                "whole path: the diagonal goes left less than minimumDiagonalSlant of its descent"
            case .braceShaped:
                "whole path: the diagonal goes left less than braceSlant of its descent and the stroke ends more than braceEndRatio of the letter's height left of the bottom part's end, like a right brace"
            case .barTooShort:
                "whole path: the shorter of the top and bottom parts is under minimumBarRatio of the longer's length, like a bracket's hook or tick"
            case .diagonalBowed:
                "whole path: the diagonal strays from the line between its corners by more than maximumDiagonalBowRatio of the stroke's larger side, like a bracket's bar and stem"
            case .leftTheLine:
                "point by point: the top or bottom part strayed further from horizontal than strokePrecision, or precisionRatio of how far right it had gone when larger"
            case .movedLeft: "point by point: moved left during the bottom part"
            case .movedUp: "point by point: moved up during the diagonal"
            case .partTooShort: "point by point: a part is shorter than minimumPartLength"
            case .notStraight: "point by point: a part bows further from the line through its ends than strokePrecision"
            }
        }
    }

    private enum Part: Int { case top, diagonal, bottom }

    private let parameters: Parameters
    private var trackedTouch: TouchID?
    private var part = Part.top
    /// Points of the current part, from its first corner.
    private var partPoints: [Point] = []
    private var anchor = Point.zero
    /// The extreme x of the current part (rightmost for top and bottom, leftmost for the diagonal) and
    /// its index in `partPoints`, where the next corner will be if the part ends.
    private var extremeIndex = 0
    private var lowestY = 0.0
    /// The whole path so far, in whole-path mode: every point at least `jitterTolerance` from the last.
    private var path: [Point] = []
    /// Point by point: where the top part started and the corners passed so far.
    private var corners: [Point] = []

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(
            touches, tracked: trackedTouch, drawing: "a Z", code: FailureCode.multipleTouches)
        {
            return
        }
        trackedTouch = touches[0].id
        anchor = touches[0].location
        partPoints = [anchor]
        path = [anchor]
        if !parameters.wholePath { corners = [anchor] }
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        guard touch.location.distance(to: anchor) >= parameters.jitterTolerance else { return }
        anchor = touch.location
        if parameters.wholePath {
            path.append(touch.location)
        } else {
            advance(to: touch.location, touch: touch, context: &context)
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        if parameters.wholePath {
            if touch.location != anchor { path.append(touch.location) }
            return judgeWholePath(touch: touch, context: &context)
        }
        if touch.location != anchor {
            advance(to: touch.location, touch: touch, context: &context)
            if context.request != nil { return }
        }
        guard part == .bottom else {
            // A top part that never went right is none, as the whole-path reading says.
            let wentRight = partPoints[extremeIndex].x > partPoints[0].x
            let missing =
                part == .top ? (wentRight ? "the diagonal and bottom parts" : "the top part") : "the bottom part"
            return context.fail(
                FailureCode.incomplete, "lifted before \(missing)", point: touch.location,
                details: Self.details(corners), at: touch)
        }
        guard checkPart(partPoints, touch: touch, context: &context) else { return }
        context.recognize("z", details: Self.details(corners + [partPoints[partPoints.count - 1]]), at: touch)
    }

    // MARK: Whole path (default profile)

    /// Splits the finished path into parts at its x turns and recognizes a Z if some right-left-right
    /// run of parts passes every rule; otherwise fails with the reason of the run that got furthest.
    private func judgeWholePath(touch: Touch, context: inout RecognizerContext) {
        let bounds = Bounds(path)
        let tolerance = max(parameters.turnTolerance, parameters.turnRatio * bounds.width)
        let turns = Self.xTurns(path, tolerance: tolerance)
        let rightward = zip(turns, turns.dropFirst()).map { path[$1].x > path[$0].x }
        var furthest: (rule: Int, reason: FailureReason, reading: Int)?
        // The corners of reading `k`: its top part's start, its two corners, its bottom part's end.
        func corners(_ k: Int) -> [JSONValue.Member] { Self.details((0...3).map { path[turns[k + $0]] }) }
        for k in rightward.indices.dropLast(2) where rightward[k] && !rightward[k + 1] && rightward[k + 2] {
            guard
                let broken = firstBrokenRule(
                    reading: k, turns: turns, rightward: rightward, strokeTop: bounds.minimum.y, height: bounds.height,
                    size: max(bounds.width, bounds.height))
            else {
                return context.recognize("z", details: corners(k), at: touch)
            }
            if furthest == nil || broken.rule > furthest!.rule { furthest = (broken.rule, broken.reason, k) }
        }
        if let furthest {
            // With the corners of that reading: built once, for the reading reported.
            var reason = furthest.reason
            if context.keepsFailureDetails {
                reason.details = corners(furthest.reading)
            }
            return context.fail(reason, at: touch)
        }
        let wentBack = rightward.indices.dropLast().contains { rightward[$0] && !rightward[$0 + 1] }
        let missing =
            wentBack ? "the bottom part" : (rightward.contains(true) ? "the diagonal and bottom parts" : "the top part")
        context.fail(
            FailureCode.incomplete,
            "lifted before \(missing): the stroke never went right, then left, then right again",
            point: touch.location, at: touch)
    }

    /// The first rule broken by reading parts `k`, `k + 1`, `k + 2` as the top part, the diagonal and
    /// the bottom part, with its position in the rule order; nil when the reading is a Z.
    private func firstBrokenRule(
        reading k: Int, turns: [Int], rightward: [Bool], strokeTop: Double, height: Double, size: Double
    ) -> (rule: Int, reason: FailureReason)? {
        let a = path[turns[k]]
        let b = path[turns[k + 1]]
        let c = path[turns[k + 2]]
        let d = path[turns[k + 3]]
        let trailing = rightward.count - (k + 3)
        func share(_ length: Double) -> Double { height > 0 ? length / height : 0 }
        func broken(
            _ rule: Int, _ code: FailureCode, _ message: String, _ measured: Double, _ limit: Double,
            _ unit: MeasureUnit,
            _ point: Point
        ) -> (rule: Int, reason: FailureReason) {
            (rule, FailureReason(code, message, measured: measured, limit: limit, unit: unit, point: point))
        }

        let topHeading = abs(Geometry.angle(from: a, to: b))
        if let limit = parameters.maximumTopAngle, topHeading > limit {
            return broken(0, .topTooSteep, "the top part heads too far from horizontal", topHeading, limit, .radians, b)
        }
        if let limit = parameters.maximumTopSagRatio {
            var deepest = a
            var depth = 0.0
            let length = a.distance(to: b)
            for p in path[turns[k]...turns[k + 1]] {
                // Below the line a → b, which goes right: on its right, y growing downward.
                let below =
                    length > 0 ? Geometry.signedDistance(from: p, toLineThrough: a, b, length: length) : p.y - a.y
                if below > depth { (depth, deepest) = (below, p) }
            }
            if share(depth) > limit {
                return broken(
                    1, .topSagged, "the top part dips like a V, not a bar", share(depth), limit, .ratio, deepest)
            }
        }
        let corner = Geometry.turn(from: Geometry.angle(from: a, to: b), to: Geometry.angle(from: b, to: c))
        if corner < parameters.minimumTopCornerTurn {
            return broken(
                2, .topCornerOpen, "the diagonal does not turn back far enough at the top corner", corner,
                parameters.minimumTopCornerTurn, .radians, b)
        }
        let drop = c.y - b.y
        if let limit = parameters.diagonalDropRatio, share(drop) < limit {
            return broken(3, .diagonalNotDown, "the diagonal did not go down far enough", share(drop), limit, .ratio, c)
        }
        let highest = path[turns[k + 2]...turns[k + 3]].min { $0.y < $1.y } ?? c
        let climb = c.y - highest.y
        let climbRatio = drop > 0 ? climb / drop : (climb > 0 ? Double.infinity : 0)
        if let limit = parameters.bottomClimbRatio, climbRatio > limit {
            return broken(
                4, .bottomClimbed, "the bottom part climbed back towards the top corner", climbRatio, limit, .ratio,
                highest)
        }
        let bottomHeading = Geometry.angle(from: c, to: d)
        if let steepest = trailing > 0 ? parameters.maximumDescenderBottomAngle : parameters.maximumBottomAngle,
            bottomHeading > steepest
        {
            let message =
                trailing > 0
                ? "the bottom part heads down too steeply, even into a descender"
                : "the bottom part heads down too steeply"
            return broken(5, .bottomTooSteep, message, bottomHeading, steepest, .radians, d)
        }
        let start = share(a.y - strokeTop)
        if start > parameters.topStartRatio {
            return broken(
                6, .topNotAtTop, "the top part starts too far below the top of the stroke", start,
                parameters.topStartRatio,
                .ratio, a)
        }
        if k > parameters.leadInParts {
            return broken(
                7, .longLeadIn, "too many parts before the top part", Double(k), Double(parameters.leadInParts), .count,
                a)
        }
        if trailing > parameters.tailParts {
            return broken(
                8, .longTail, "too many parts after the bottom part", Double(trailing), Double(parameters.tailParts),
                .count, d)
        }
        if let limit = parameters.exitRiseRatio {
            for j in (k + 3)..<rightward.count where rightward[j] {
                let exit = (path[turns[j]], path[turns[j + 1]])
                let rise = share(exit.0.y - exit.1.y)
                if rise < limit {
                    return broken(
                        9, .exitNotUp, "went right again after the bottom part without climbing", rise, limit, .ratio,
                        exit.1)
                }
            }
        }
        // The diagonal's leftward travel over its descent, which both rules below judge.
        let slant = drop > 0 ? (b.x - c.x) / drop : 0
        if let limit = parameters.minimumDiagonalSlant, slant < limit {
            return broken(
                10, .diagonalUpright, "the diagonal runs down too upright, like a brace's stem", slant, limit, .ratio, c
            )
        }
        if let upright = parameters.braceSlant, drop > 0, slant < upright {
            // A right brace's stem runs down nearly upright, its middle tip reads as the bottom part,
            // and its lower half carries on down and curls back left; a cursive ʒ does one or the
            // other, not both. The letter's height, not the stroke's: the brace's lower half is not in it.
            let end = path[path.count - 1]
            let letter = max(c.y, d.y) - min(a.y, b.y)
            let back = letter > 0 ? (d.x - end.x) / letter : 0
            if back > parameters.braceEndRatio {
                return broken(
                    11, .braceShaped,
                    "an upright stem (going left \(Format.number(slant)) of its descent) and an end curling back left, like a right brace",
                    back, parameters.braceEndRatio, .ratio, end)
            }
        }
        if let limit = parameters.minimumBarRatio {
            // A Z has two bars. A bracket read as one has a bar and a hook where the pen lands (`[`)
            // or a tick where it lifts (`]`); a hasty z's shortest bar is still a flick of its own.
            let (top, bottom) = (a.distance(to: b), c.distance(to: d))
            let ratio = max(top, bottom) > 0 ? min(top, bottom) / max(top, bottom) : 1
            if ratio < limit {
                let message =
                    top < bottom
                    ? "the top part is a hook, not a bar: shorter than the bottom part by far"
                    : "the bottom part is a tick, not a bar: shorter than the top part by far"
                return broken(12, .barTooShort, message, ratio, limit, .ratio, top < bottom ? b : d)
            }
        }
        if let limit = parameters.maximumDiagonalBowRatio, size > 0 {
            // A Z's diagonal is one stroke, straight or gently bowed. A `[` begun with a hook to the
            // right reads its top bar and stem, an L, as the diagonal (a `]` its stem and bottom bar);
            // over the stroke's larger side, so that a letter drawn wide or narrow measures the same.
            var farthest = b
            var distance = 0.0
            let length = b.distance(to: c)
            for p in path[turns[k + 1]...turns[k + 2]] {
                let away =
                    length > 0 ? Geometry.distance(from: p, toLineThrough: b, c, length: length) : p.distance(to: b)
                if away > distance { (distance, farthest) = (away, p) }
            }
            if distance / size > limit {
                return broken(
                    13, .diagonalBowed,
                    "the diagonal strays from the line between its corners, like a bracket's bar and stem",
                    distance / size, limit, .ratio, farthest)
            }
        }
        return nil
    }

    /// The corners of a reading as details: the top part's start, the top and bottom corners, and the
    /// bottom part's end, as many as are known.
    private static func details(_ points: [Point]) -> [JSONValue.Member] {
        zip(["topStart", "topCorner", "bottomCorner", "bottomEnd"], points).map { .init($0, .point($1)) }
    }

    // MARK: Point by point (the tutorial; seed profile)

    /// Feeds one accepted point to the part state machine.
    private mutating func advance(to point: Point, touch: Touch, context: inout RecognizerContext) {
        let extreme = partPoints[extremeIndex]
        switch part {
        case .top, .bottom:
            if point.x < extreme.x - parameters.turnTolerance {
                guard part == .top else {
                    return context.fail(
                        FailureCode.movedLeft, "moved left during the bottom part", measured: extreme.x - point.x,
                        limit: parameters.turnTolerance, unit: .points, point: point, details: Self.details(corners),
                        at: touch)
                }
                startNextPart(at: point, touch: touch, context: &context)
                return
            }
            if point.x > extreme.x { extremeIndex = partPoints.count }
            partPoints.append(point)
            let drift = abs(point.y - partPoints[0].y)
            let allowed = max(parameters.strokePrecision, parameters.precisionRatio * abs(point.x - partPoints[0].x))
            if drift > allowed {
                context.fail(
                    FailureCode.leftTheLine, "the \(part == .top ? "top" : "bottom") part strayed from horizontal",
                    measured: drift, limit: allowed, unit: .points, point: point, details: Self.details(corners),
                    at: touch)
            }
        case .diagonal:
            if point.x > extreme.x + parameters.turnTolerance {
                startNextPart(at: point, touch: touch, context: &context)
                return
            }
            if point.y < lowestY - parameters.turnTolerance {
                return context.fail(
                    FailureCode.movedUp, "moved up during the diagonal", measured: lowestY - point.y,
                    limit: parameters.turnTolerance, unit: .points, point: point, details: Self.details(corners),
                    at: touch)
            }
            lowestY = max(lowestY, point.y)
            if point.x < extreme.x { extremeIndex = partPoints.count }
            partPoints.append(point)
        }
    }

    /// Closes the current part at its extreme point and starts the next from there.
    private mutating func startNextPart(at point: Point, touch: Touch, context: inout RecognizerContext) {
        let finished = Array(partPoints[...extremeIndex])
        guard checkPart(finished, touch: touch, context: &context) else { return }
        let descent = finished[finished.count - 1].y - finished[0].y
        if part == .diagonal, descent < parameters.minimumPartLength / 2 {
            return context.fail(
                FailureCode.diagonalNotDown, "the diagonal did not go down", measured: descent,
                limit: parameters.minimumPartLength / 2, unit: .points, point: point, details: Self.details(corners),
                at: touch)
        }
        part = part == .top ? .diagonal : .bottom
        corners.append(finished[finished.count - 1])
        partPoints = Array(partPoints[extremeIndex...]) + [point]
        lowestY = partPoints.map(\.y).max() ?? point.y
        extremeIndex = 0
        for (i, p) in partPoints.enumerated()
        where part == .diagonal ? p.x < partPoints[extremeIndex].x : p.x > partPoints[extremeIndex].x {
            extremeIndex = i
        }
    }

    /// Checks a finished part's length and straightness; fails and returns false when it breaks them.
    private func checkPart(_ points: [Point], touch: Touch, context: inout RecognizerContext) -> Bool {
        let name = ["top", "diagonal", "bottom"][part.rawValue]
        let first = points[0]
        let last = points[points.count - 1]
        let length = first.distance(to: last)
        guard length >= parameters.minimumPartLength, length > 0 else {
            // With a minimum of 0 (the seed's), a part fails only when it has no length at all.
            let minimum = parameters.minimumPartLength
            context.fail(
                FailureCode.partTooShort,
                minimum > 0 ? "the \(name) part is too short" : "the \(name) part has no length",
                measured: length, limit: minimum, unit: .points, point: last,
                details: Self.details(corners), at: touch)
            return false
        }
        let allowed = max(parameters.strokePrecision, parameters.precisionRatio * length)
        for p in points {
            let distance = Geometry.distance(from: p, toLineThrough: first, last, length: length)
            if distance > allowed {
                context.fail(
                    FailureCode.notStraight, "the \(name) part bows too far from a straight line", measured: distance,
                    limit: allowed, unit: .points, point: p, details: Self.details(corners), at: touch)
                return false
            }
        }
        return true
    }
}

extension ZLetter {
    static let clean: [(Double, Double)] =
        stride(from: 0.0, through: 60, by: 10).map { ($0, 0) }
        + stride(from: 50.0, through: 0, by: -10).map { ($0, 60 - $0) }
        + stride(from: 10.0, through: 60, by: 10).map { ($0, 60) }

    /// Points along the straight segments through `corners`, `steps` to a segment.
    static func polyline(_ corners: [(Double, Double)], steps: Int = 4) -> [(Double, Double)] {
        var points = [corners[0]]
        for (a, b) in zip(corners, corners.dropFirst()) {
            for i in 1...steps {
                let t = Double(i) / Double(steps)
                points.append((a.0 + (b.0 - a.0) * t, a.1 + (b.1 - a.1) * t))
            }
        }
        return points
    }

    /// A cursive z (ʒ): top, diagonal, a bottom part heading 74° down into a descender, and the
    /// descender's exit climbing back to the right.
    static let cursive = polyline([(0, 0), (50, 0), (10, 40), (30, 110), (0, 150), (40, 110)])

    static let examples: [Example] = [
        Example("a clean Z", .recognizes("z"), samples: Example.stroke(clean)),
        Example(
            "a 7: top and diagonal only", .fails(FailureCode.incomplete),
            samples: Example.stroke(Array(clean.prefix(13)))),
        Example(
            "diagonal goes up", .fails(FailureCode.movedUp), profiles: [.seed],
            samples: Example.stroke([(0, 60), (30, 60), (60, 60), (40, 40), (20, 20), (0, 0), (30, 0), (60, 0)])),
        Example(
            "two fingers", .fails(FailureCode.multipleTouches),
            samples: [
                Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 100, 0), Sample(0.1, 1, .ended, 0, 0),
                Sample(0.1, 2, .ended, 100, 0),
            ]),
        Example(
            "the bottom part turns back left, point by point", .fails(FailureCode.movedLeft), profiles: [.seed],
            samples: Example.stroke([
                (0, 0), (30, 0), (60, 0), (40, 20), (20, 40), (0, 60), (30, 60), (60, 60), (40, 60),
            ])),
        Example(
            "the top part sags in the middle, point by point", .fails(FailureCode.notStraight), profiles: [.seed],
            samples: Example.stroke([(0, 0), (50, 20), (100, -20), (60, 20), (20, 60), (60, 60), (100, 60)])),
        Example(
            "top part climbs away", .fails(FailureCode.leftTheLine), profiles: [.seed],
            samples: Example.stroke([(0, 0), (20, -10), (40, -30), (60, -50), (30, -10), (0, 30), (60, 30)])),

        // Whole path (default profile). The two seed examples above, judged on lift:
        Example(
            "diagonal goes up, whole path", .fails(FailureCode.diagonalNotDown), profiles: [.default],
            samples: Example.stroke([(0, 60), (30, 60), (60, 60), (40, 40), (20, 20), (0, 0), (30, 0), (60, 0)])),
        Example(
            "top part climbs away, whole path: it starts 62% of the height below the top",
            .fails(FailureCode.topNotAtTop),
            profiles: [.default],
            samples: Example.stroke([(0, 0), (20, -10), (40, -30), (60, -50), (30, -10), (0, 30), (60, 30)])),
        // turnRatio
        Example(
            "a wobble back at the top corner, narrower than a tenth of the width", .recognizes("z"),
            profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (150, 0), (140, 4), (148, 8), (0, 150), (150, 150)]))),
        Example(
            "a long line with a small step back is not a Z", .fails(FailureCode.incomplete), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (100, 0), (90, 20), (150, 20)]))),
        // leadInParts (and wholePath: the tutorial reads the hook as the whole top part)
        Example(
            "a hook before the top part", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(8, 10), (0, 0), (60, 0), (0, 60), (60, 60)]))),
        Example(
            "a hook before the top part, point by point", .fails(FailureCode.partTooShort), profiles: [.seed],
            samples: Example.stroke(polyline([(8, 10), (0, 0), (60, 0), (0, 60), (60, 60)]))),
        Example(
            "two parts before the top part", .fails(FailureCode.longLeadIn), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (15, 0), (0, 2), (60, 2), (0, 62), (60, 62)]))),
        // tailParts, maximumDescenderBottomAngle, exitRiseRatio
        Example(
            "a cursive z with a descender loop", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(cursive)),
        Example(
            "a cursive z with a descender loop, point by point", .fails(FailureCode.leftTheLine), profiles: [.seed],
            samples: Example.stroke(cursive)),
        Example(
            "three parts after the bottom part", .fails(FailureCode.longTail), profiles: [.default],
            samples: Example.stroke(clean + polyline([(60, 60), (40, 80), (60, 70), (40, 90)]).dropFirst())),
        Example(
            "the bottom part heads 85° down into the descender", .fails(FailureCode.bottomTooSteep),
            profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (16, 110), (0, 150), (40, 110)]))),
        Example(
            "the descender's exit runs flat along the bottom", .fails(FailureCode.exitNotUp), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (30, 110), (0, 150), (40, 150)]))),
        // maximumBottomAngle
        Example(
            "a bottom part sloping 31° down", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (10, 40), (60, 70)]))),
        Example(
            "the bottom part heads 74° down and stops, like a question mark's stem", .fails(FailureCode.bottomTooSteep),
            profiles: [.default], samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (30, 110)]))),
        // maximumTopAngle
        Example(
            "a top part rising 27°", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 30), (60, 0), (0, 70), (60, 70)]))),
        Example(
            "a top part rising 51°", .fails(FailureCode.topTooSteep), profiles: [.default],
            samples: Example.stroke(polyline([(0, 50), (40, 0), (0, 80), (60, 80)]))),
        // maximumTopSagRatio
        Example(
            "a top bar sagging 0.13 of the height", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (30, 8), (60, 0), (0, 60), (60, 60)]))),
        Example(
            "a top part dipping like a V, 0.86 of the height (a five-pointed star's first points)",
            .fails(FailureCode.topSagged), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (30, 60), (60, 0), (0, 70), (60, 70)]))),
        // minimumDiagonalSlant (off by default)
        Example(
            "an upright diagonal, going left 0.13 of its descent", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (40, 0), (30, 80), (60, 80)]))),
        Example(
            "an upright diagonal, with minimumDiagonalSlant 0.3", .fails(FailureCode.diagonalUpright),
            profiles: [.default], settings: ["minimumDiagonalSlant": 0.3],
            samples: Example.stroke(polyline([(0, 0), (40, 0), (30, 80), (60, 80)]))),
        // braceSlant and braceEndRatio
        Example(
            "a right brace: an upright stem (going left 0.12 of its descent), and its lower half curling back left 0.6 of the letter's height",
            .fails(FailureCode.braceShaped), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (30, 0), (24, 50), (40, 60), (26, 72), (24, 110), (4, 120)]))),
        Example(
            "a cursive z whose descender ends as far left, with a slanting diagonal (0.6 of its descent)",
            .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (40, 0), (10, 50), (40, 60), (26, 72), (24, 110), (4, 120)]))),
        // minimumBarRatio
        Example(
            "a right bracket whose stem ends in a tick: a bottom part 0.13 of the top part's length",
            .fails(FailureCode.barTooShort), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (44, 100), (52, 100)]))),
        Example(
            "a left bracket begun with a hook to the right: a top part an eighth of the bottom part's length",
            .fails(FailureCode.barTooShort), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (10, 0), (-30, 0), (-32, 100), (48, 100)]))),
        Example(
            "a hasty z ending in a flick: a bottom part 0.2 of the top part's length", .recognizes("z"),
            profiles: [.default], samples: Example.stroke(polyline([(0, 0), (100, 0), (10, 80), (30, 80)]))),
        // maximumDiagonalBowRatio
        Example(
            "a left bracket begun with a hook to the right a fifth of its bottom bar: its top bar and stem, an L, read as the diagonal",
            .fails(FailureCode.diagonalBowed), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (20, 0), (-36, 0), (-44, 100), (60, 100)]))),
        Example(
            "a z whose diagonal bows 0.21 of its size", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (100, 0), (35, 35), (0, 100), (100, 100)]))),
        // minimumTopCornerTurn
        Example(
            "a rounded top corner", .recognizes("z"), profiles: [.default],
            samples: Example.stroke([(0, 10), (20, 0), (40, 0), (55, 8)] + polyline([(60, 20), (0, 70), (60, 70)]))),
        Example(
            "the diagonal turns only 74° from a sloping top part", .fails(FailureCode.topCornerOpen),
            profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 35), (44, 100), (110, 100)]))),
        // diagonalDropRatio
        Example(
            "a diagonal that goes back almost level", .fails(FailureCode.diagonalNotDown), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (0, 4), (60, 60)]))),
        // bottomClimbRatio
        Example(
            "a bottom part sloping up", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (30, 30), (60, 20)]))),
        Example(
            "a bottom part climbing back almost to the top corner", .fails(FailureCode.bottomClimbed),
            profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (30, 30), (60, 2)]))),
        // topStartRatio
        Example(
            "a long stroke down into the top part", .fails(FailureCode.topNotAtTop), profiles: [.default],
            samples: Example.stroke(polyline([(30, -100), (0, 0), (60, 0), (0, 60), (60, 60)]))),
    ]
}
