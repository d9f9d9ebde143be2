/// A letter Z: one finger drawing three connected parts — rightward, then down and to the left, then
/// rightward again.
///
/// The seed rules are those of the Objective-C Z-letter recognizer tutorial: the stroke is followed
/// point by point; the top part moves right, staying within `strokePrecision` of its starting height;
/// the first movement left starts the diagonal, which must keep going down and left; the first
/// movement right starts the bottom part, which moves right within `strokePrecision` of its starting
/// height; each part must lie within `strokePrecision` of the straight line through its ends; the
/// stroke is a Z if it lifts during the bottom part. `wholePath` 0 selects these rules (with the
/// point-by-point tolerances `jitterTolerance`, `turnTolerance`, `precisionRatio` and
/// `minimumPartLength`, which the seed profile sets to 0).
///
/// Real handwriting breaks them almost every time: on the 648 UNIPEN z (many writers and tablets,
/// scaled to 150 units) even with those tolerances the point-by-point rules recognized 16.5%; 357
/// failed `left-the-line` (a sloping or rounded top bar) and 164 `part-too-short` (a hook at the
/// start read as a whole part). So the default profile (`wholePath` 1) waits for the lift and judges
/// the whole path, with every limit relative to the stroke's own size or an angle:
///
/// 1. Points closer than `jitterTolerance` to the last one kept are dropped.
/// 2. The path is split into parts where it turns back in x: a part ends at its extreme x once the
///    stroke has come back more than `max(turnTolerance, turnRatio × width)`. A Z reads right, left,
///    right; the three consecutive parts that do are its top part, diagonal and bottom part.
/// 3. Each such reading is judged by the rules below, in this order; the stroke is a Z if one reading
///    passes them all. Otherwise the failure is that of the reading that got furthest, and a stroke
///    with no right-left-right reading fails `incomplete`.
///
/// Tolerances and rules for real hands. The counts are from the development data in
/// `../shared/datasets` (the 648 UNIPEN z and the 3,473 other $1 and MMG gestures, whole registry
/// competing), each the change from switching that one rule off or moving its limit. The limits
/// were checked on two halves of the writers and subjects separately (UNIPEN aga–ced, $1 s01–s03 and
/// MMG 10, 12, 28, 58, 66 against the rest): recall 97.2% and 97.3%, false alarms 0.29% and 0.40%.
/// Each seed value switches its rule off, and the seed profile's `wholePath` 0 runs none of them:
/// - `turnRatio`: a turn back narrower than this fraction of the width stays inside its part. Tablet
///   staircases, wobbly corners and hooks scale with the letter, not with the pixel: with the 5 pt
///   floor alone 11 z fail (and 2 others pass); 0.08 or 0.12 recognize 6 or 4 fewer than 0.1.
/// - `leadInParts`: parts allowed before the top part. 79 z begin with a hook or by going left along
///   the top bar before drawing it; a second part admits 23 right curly braces, whose upper arc and
///   middle tip then read as the Z.
/// - `tailParts`: parts allowed after the bottom part. 117 z go on after it, most of them cursive (ʒ):
///   the bottom part bends down into a descender, often looping back up and out to the right; more
///   parts only admit whole words (a "zone" and a "zoo" are labelled z).
/// - `topAngle`: how far from horizontal the top part may head (from its start to its rightmost
///   point). Keeps a straight line, or the steep upper stem of a left curly brace (5 of them, 42–59°),
///   from being a top part; costs 2 z (41° and 57°).
/// - `topCornerAngle`: the least turn from the top part's heading to the diagonal's (a Z turns back
///   sharply at the top corner). Below 90° admits 14 right curly braces, whose upper arc bends down
///   into the stem; the recognized z turn 91° and more.
/// - `diagonalDropRatio`: the least descent of the diagonal, as a fraction of the height (the
///   tutorial's "keeps going down"). Rejects an upside-down Z and a flat back-stroke (1 five-point
///   star); 0.15 would lose 2 z.
/// - `bottomClimbRatio`: how far the bottom part may climb back, as a fraction of the diagonal's
///   descent. 56 five-point stars and 3 delete marks draw a third stroke back up to where the
///   "diagonal" began; real bottom bars and loop exits stay below.
/// - `bottomAngle`: how far below horizontal the bottom part may head. 24 question marks read their
///   stem as the bottom part; it heads 72–85° down.
/// - `descenderBottomAngle`: the same limit when a cursive descender follows: there the bottom part is
///   the upper side of the descender's bowl or loop and may head steeply down; 13 narrow cursive z
///   head 65–77°. Question marks end at the stem, so `bottomAngle` still catches them.
/// - `topStartRatio`: how far below the top of the stroke the top part may start, as a fraction of
///   the height. 101 pigtails, 5 arrows and a five-point star start at the bottom and climb into a
///   "top part".
/// - `exitRiseRatio`: a part going right after the descender (the exit of a loop, an upward flick)
///   must climb at least this fraction of the height. 23 left curly braces end with a rightward arc
///   along the bottom after their lower stem; 3 z whose exit stays flat are lost.
///
/// Every rule needs the finished stroke (its width and height), so in this mode the recognizer
/// decides on lift; only a second finger fails it at once.
public struct ZLetter: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "z",
        summary: "one finger: rightward, down-left diagonal, rightward again (the Z-letter recognizer tutorial)",
        gestures: ["z"],
        parameters: [
            Parameter("strokePrecision", unit: "pt", default: 12, seed: 20, "point by point: how far a point may be from its part's line"),
            Parameter("precisionRatio", unit: "ratio", default: 0.25, seed: 0, "point by point: allowed distance as a fraction of the part's length, when larger"),
            Parameter("jitterTolerance", unit: "pt", default: 2, seed: 0, "movements shorter than this are not judged"),
            Parameter("turnTolerance", unit: "pt", default: 5, seed: 0, "movement against a part's direction that ends it"),
            Parameter("minimumPartLength", unit: "pt", default: 10, seed: 0, "point by point: shortest length of each of the three parts"),
            Parameter("wholePath", unit: "flag", default: 1, seed: 0, "1: judge the whole path on lift by the rules below; 0: follow it point by point"),
            Parameter("turnRatio", unit: "ratio", default: 0.1, seed: 0, "whole path: movement against a part's direction that ends it, as a fraction of the width, when larger"),
            Parameter("leadInParts", unit: "count", default: 1, seed: 0, "whole path: parts allowed before the top part (a starting hook)"),
            Parameter("tailParts", unit: "count", default: 2, seed: 0, "whole path: parts allowed after the bottom part (a cursive descender and its exit)"),
            Parameter("topAngle", unit: "deg", default: 40, seed: 180, "whole path: how far from horizontal the top part may head"),
            Parameter("topCornerAngle", unit: "deg", default: 90, seed: 0, "whole path: least turn from the top part's heading to the diagonal's"),
            Parameter("diagonalDropRatio", unit: "ratio", default: 0.1, seed: -1, "whole path: least descent of the diagonal, as a fraction of the height"),
            Parameter("bottomClimbRatio", unit: "ratio", default: 0.9, seed: 1000, "whole path: most the bottom part may climb, as a fraction of the diagonal's descent"),
            Parameter("bottomAngle", unit: "deg", default: 65, seed: 180, "whole path: how far below horizontal the bottom part may head"),
            Parameter("descenderBottomAngle", unit: "deg", default: 80, seed: 180, "whole path: the same, when a descender follows the bottom part"),
            Parameter("topStartRatio", unit: "ratio", default: 0.5, seed: 1, "whole path: how far below the stroke's top the top part may start, as a fraction of the height"),
            Parameter("exitRiseRatio", unit: "ratio", default: 0.05, seed: -1, "whole path: least climb of a part going right after the descender, as a fraction of the height"),
        ],
        examples: ZLetterExamples.all,
        make: { ZLetter(parameters: $0) })

    private enum Part: Int { case top, diagonal, bottom }

    private let strokePrecision, precisionRatio, jitterTolerance, turnTolerance, minimumPartLength: Double
    private let wholePath: Bool
    private let turnRatio, leadInParts, tailParts, topAngle, topCornerAngle, diagonalDropRatio: Double
    private let bottomClimbRatio, bottomAngle, descenderBottomAngle, topStartRatio, exitRiseRatio: Double
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

    public init(parameters: ParameterValues) {
        strokePrecision = parameters["strokePrecision"]
        precisionRatio = parameters["precisionRatio"]
        jitterTolerance = parameters["jitterTolerance"]
        turnTolerance = parameters["turnTolerance"]
        minimumPartLength = parameters["minimumPartLength"]
        wholePath = parameters["wholePath"] >= 0.5
        turnRatio = parameters["turnRatio"]
        leadInParts = parameters["leadInParts"]
        tailParts = parameters["tailParts"]
        topAngle = parameters["topAngle"]
        topCornerAngle = parameters["topCornerAngle"]
        diagonalDropRatio = parameters["diagonalDropRatio"]
        bottomClimbRatio = parameters["bottomClimbRatio"]
        bottomAngle = parameters["bottomAngle"]
        descenderBottomAngle = parameters["descenderBottomAngle"]
        topStartRatio = parameters["topStartRatio"]
        exitRiseRatio = parameters["exitRiseRatio"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(touches, tracked: trackedTouch, drawing: "a Z") { return }
        trackedTouch = touches[0].id
        anchor = touches[0].location
        partPoints = [anchor]
        path = [anchor]
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch && $0.phase == .moved }) else { return }
        guard touch.location.distance(to: anchor) >= jitterTolerance else { return }
        anchor = touch.location
        if wholePath {
            path.append(touch.location)
        } else {
            advance(to: touch.location, touch: touch, context: &context)
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        if wholePath {
            if touch.location != anchor { path.append(touch.location) }
            return judgeWholePath(touch: touch, context: &context)
        }
        if touch.location != anchor {
            advance(to: touch.location, touch: touch, context: &context)
            if context.request != nil { return }
        }
        guard part == .bottom else {
            let missing = part == .top ? "the diagonal and bottom parts" : "the bottom part"
            return context.fail("incomplete", "lifted before \(missing)", point: touch.location, at: touch)
        }
        guard checkPart(partPoints, touch: touch, context: &context) else { return }
        context.recognize("z", at: touch)
    }

    // MARK: Whole path (default profile)

    /// Splits the finished path into parts at its x turns and recognizes a Z if some right-left-right
    /// run of parts passes every rule; otherwise fails with the reason of the run that got furthest.
    private func judgeWholePath(touch: Touch, context: inout RecognizerContext) {
        var low = path[0], high = path[0]
        for p in path {
            low = Point(x: min(low.x, p.x), y: min(low.y, p.y))
            high = Point(x: max(high.x, p.x), y: max(high.y, p.y))
        }
        let turns = Self.xTurns(path, tolerance: max(turnTolerance, turnRatio * (high.x - low.x)))
        let rightward = zip(turns, turns.dropFirst()).map { path[$1].x > path[$0].x }
        var furthest: (rule: Int, reason: FailureReason)?
        for k in rightward.indices.dropLast(2) where rightward[k] && !rightward[k + 1] && rightward[k + 2] {
            guard let broken = firstBrokenRule(reading: k, turns: turns, rightward: rightward, strokeTop: low.y, height: high.y - low.y) else {
                return context.recognize("z", at: touch)
            }
            if furthest == nil || broken.rule > furthest!.rule { furthest = broken }
        }
        if let furthest { return context.fail(furthest.reason, at: touch) }
        let wentBack = rightward.indices.dropLast().contains { rightward[$0] && !rightward[$0 + 1] }
        let missing = wentBack ? "the bottom part" : (rightward.contains(true) ? "the diagonal and bottom parts" : "the top part")
        context.fail(
            "incomplete", "lifted before \(missing): the stroke never went right, then left, then right again",
            point: touch.location, at: touch)
    }

    /// The first rule broken by reading parts `k`, `k + 1`, `k + 2` as the top part, the diagonal and
    /// the bottom part, with its position in the rule order; nil when the reading is a Z.
    private func firstBrokenRule(
        reading k: Int, turns: [Int], rightward: [Bool], strokeTop: Double, height: Double
    ) -> (rule: Int, reason: FailureReason)? {
        let a = path[turns[k]], b = path[turns[k + 1]], c = path[turns[k + 2]], d = path[turns[k + 3]]
        let trailing = rightward.count - (k + 3)
        func share(_ length: Double) -> Double { height > 0 ? length / height : 0 }
        func broken(_ rule: Int, _ code: String, _ message: String, _ measured: Double, _ limit: Double, _ unit: String, _ point: Point)
            -> (rule: Int, reason: FailureReason)
        {
            (rule, FailureReason(code: code, message: message, measured: measured, limit: limit, unit: unit, point: point))
        }

        let topHeading = abs(angleDegrees(from: a, to: b))
        if topHeading > topAngle {
            return broken(0, "top-too-steep", "the top part heads too far from horizontal", topHeading, topAngle, "deg", b)
        }
        let corner = Self.turnDegrees(along: (a, b), then: (b, c))
        if corner < topCornerAngle {
            return broken(1, "top-corner-open", "the diagonal does not turn back far enough at the top corner", corner, topCornerAngle, "deg", b)
        }
        let drop = c.y - b.y
        if share(drop) < diagonalDropRatio {
            return broken(2, "diagonal-not-down", "the diagonal did not go down far enough", share(drop), diagonalDropRatio, "ratio", c)
        }
        let highest = path[turns[k + 2]...turns[k + 3]].min { $0.y < $1.y } ?? c
        let climb = c.y - highest.y
        let climbRatio = drop > 0 ? climb / drop : (climb > 0 ? Double.infinity : 0)
        if climbRatio > bottomClimbRatio {
            return broken(3, "bottom-climbed", "the bottom part climbed back towards the top corner", climbRatio, bottomClimbRatio, "ratio", highest)
        }
        let bottomHeading = angleDegrees(from: c, to: d)
        let steepest = trailing > 0 ? descenderBottomAngle : bottomAngle
        if bottomHeading > steepest {
            let message = trailing > 0 ? "the bottom part heads down too steeply, even into a descender" : "the bottom part heads down too steeply"
            return broken(4, "bottom-too-steep", message, bottomHeading, steepest, "deg", d)
        }
        let start = share(a.y - strokeTop)
        if start > topStartRatio {
            return broken(5, "top-not-at-top", "the top part starts too far below the top of the stroke", start, topStartRatio, "ratio", a)
        }
        if Double(k) > leadInParts {
            return broken(6, "long-lead-in", "too many parts before the top part", Double(k), leadInParts, "count", a)
        }
        if Double(trailing) > tailParts {
            return broken(7, "long-tail", "too many parts after the bottom part", Double(trailing), tailParts, "count", d)
        }
        for j in (k + 3)..<rightward.count where rightward[j] {
            let exit = (path[turns[j]], path[turns[j + 1]])
            let rise = share(exit.0.y - exit.1.y)
            if rise < exitRiseRatio {
                return broken(8, "exit-not-up", "went right again after the bottom part without climbing", rise, exitRiseRatio, "ratio", exit.1)
            }
        }
        return nil
    }

    // MARK: Point by point (the tutorial; seed profile)

    /// Feeds one accepted point to the part state machine.
    private mutating func advance(to point: Point, touch: Touch, context: inout RecognizerContext) {
        let extreme = partPoints[extremeIndex]
        switch part {
        case .top, .bottom:
            if point.x < extreme.x - turnTolerance {
                guard part == .top else {
                    return context.fail(
                        "moved-left", "moved left during the bottom part", measured: extreme.x - point.x,
                        limit: turnTolerance, unit: "pt", point: point, at: touch)
                }
                startNextPart(at: point, touch: touch, context: &context)
                return
            }
            if point.x > extreme.x { extremeIndex = partPoints.count }
            partPoints.append(point)
            let drift = abs(point.y - partPoints[0].y)
            let allowed = max(strokePrecision, precisionRatio * abs(point.x - partPoints[0].x))
            if drift > allowed {
                context.fail(
                    "left-the-line", "the \(part == .top ? "top" : "bottom") part strayed from horizontal",
                    measured: drift, limit: allowed, unit: "pt", point: point, at: touch)
            }
        case .diagonal:
            if point.x > extreme.x + turnTolerance {
                startNextPart(at: point, touch: touch, context: &context)
                return
            }
            if point.y < lowestY - turnTolerance {
                return context.fail(
                    "moved-up", "moved up during the diagonal", measured: lowestY - point.y, limit: turnTolerance,
                    unit: "pt", point: point, at: touch)
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
        if part == .diagonal, finished[finished.count - 1].y - finished[0].y < minimumPartLength / 2 {
            return context.fail(
                "diagonal-not-down", "the diagonal did not go down",
                measured: finished[finished.count - 1].y - finished[0].y, limit: minimumPartLength / 2, unit: "pt",
                point: point, at: touch)
        }
        part = part == .top ? .diagonal : .bottom
        partPoints = Array(partPoints[extremeIndex...]) + [point]
        lowestY = partPoints.map(\.y).max() ?? point.y
        extremeIndex = 0
        for (i, p) in partPoints.enumerated() where part == .diagonal ? p.x < partPoints[extremeIndex].x : p.x > partPoints[extremeIndex].x {
            extremeIndex = i
        }
    }

    /// Checks a finished part's length and straightness; fails and returns false when it breaks them.
    private func checkPart(_ points: [Point], touch: Touch, context: inout RecognizerContext) -> Bool {
        let name = ["top", "diagonal", "bottom"][part.rawValue]
        let first = points[0]
        let last = points[points.count - 1]
        let length = first.distance(to: last)
        guard length >= minimumPartLength, length > 0 else {
            context.fail(
                "part-too-short", "the \(name) part is too short", measured: length, limit: minimumPartLength, unit: "pt",
                point: last, at: touch)
            return false
        }
        let allowed = max(strokePrecision, precisionRatio * length)
        for p in points {
            // Distance from p to the line through first and last.
            let cross = abs((last.x - first.x) * (p.y - first.y) - (last.y - first.y) * (p.x - first.x)) / length
            if cross > allowed {
                context.fail(
                    "not-straight", "the \(name) part bows too far from a straight line", measured: cross, limit: allowed,
                    unit: "pt", point: p, at: touch)
                return false
            }
        }
        return true
    }
}

enum ZLetterExamples {
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

    static let all: [Example] = [
        Example("a clean Z", .recognizes("z"), samples: Example.stroke(clean)),
        Example("a 7: top and diagonal only", .fails(code: "incomplete"), samples: Example.stroke(Array(clean.prefix(13)))),
        Example(
            "diagonal goes up", .fails(code: "moved-up"), profiles: [.seed],
            samples: Example.stroke([(0, 60), (30, 60), (60, 60), (40, 40), (20, 20), (0, 0), (30, 0), (60, 0)])),
        Example(
            "two fingers", .fails(code: "multiple-touches"),
            samples: [Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 100, 0), Sample(0.1, 1, .ended, 0, 0), Sample(0.1, 2, .ended, 100, 0)]),
        Example(
            "top part climbs away", .fails(code: "left-the-line"), profiles: [.seed],
            samples: Example.stroke([(0, 0), (20, -10), (40, -30), (60, -50), (30, -10), (0, 30), (60, 30)])),

        // Whole path (default profile). The two seed examples above, judged on lift:
        Example(
            "diagonal goes up, whole path", .fails(code: "diagonal-not-down"), profiles: [.default],
            samples: Example.stroke([(0, 60), (30, 60), (60, 60), (40, 40), (20, 20), (0, 0), (30, 0), (60, 0)])),
        Example(
            "top part climbs away, whole path: it starts 62% of the height below the top", .fails(code: "top-not-at-top"),
            profiles: [.default], samples: Example.stroke([(0, 0), (20, -10), (40, -30), (60, -50), (30, -10), (0, 30), (60, 30)])),
        // turnRatio
        Example(
            "a wobble back at the top corner, narrower than a tenth of the width", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (150, 0), (140, 4), (148, 8), (0, 150), (150, 150)]))),
        Example(
            "a long line with a small step back is not a Z", .fails(code: "incomplete"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (100, 0), (90, 20), (150, 20)]))),
        // leadInParts (and wholePath: the tutorial reads the hook as the whole top part)
        Example(
            "a hook before the top part", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(8, 10), (0, 0), (60, 0), (0, 60), (60, 60)]))),
        Example(
            "a hook before the top part, point by point", .fails(code: "part-too-short"), profiles: [.seed],
            samples: Example.stroke(polyline([(8, 10), (0, 0), (60, 0), (0, 60), (60, 60)]))),
        Example(
            "two parts before the top part", .fails(code: "long-lead-in"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (15, 0), (0, 2), (60, 2), (0, 62), (60, 62)]))),
        // tailParts, descenderBottomAngle, exitRiseRatio
        Example("a cursive z with a descender loop", .recognizes("z"), profiles: [.default], samples: Example.stroke(cursive)),
        Example(
            "a cursive z with a descender loop, point by point", .fails(code: "left-the-line"), profiles: [.seed],
            samples: Example.stroke(cursive)),
        Example(
            "three parts after the bottom part", .fails(code: "long-tail"), profiles: [.default],
            samples: Example.stroke(clean + polyline([(60, 60), (40, 80), (60, 70), (40, 90)]).dropFirst())),
        Example(
            "the bottom part heads 85° down into the descender", .fails(code: "bottom-too-steep"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (16, 110), (0, 150), (40, 110)]))),
        Example(
            "the descender's exit runs flat along the bottom", .fails(code: "exit-not-up"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (30, 110), (0, 150), (40, 150)]))),
        // bottomAngle
        Example(
            "a bottom part sloping 31° down", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (10, 40), (60, 70)]))),
        Example(
            "the bottom part heads 74° down and stops, like a question mark's stem", .fails(code: "bottom-too-steep"),
            profiles: [.default], samples: Example.stroke(polyline([(0, 0), (50, 0), (10, 40), (30, 110)]))),
        // topAngle
        Example(
            "a top part rising 27°", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 30), (60, 0), (0, 70), (60, 70)]))),
        Example(
            "a top part rising 51°", .fails(code: "top-too-steep"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 50), (40, 0), (0, 80), (60, 80)]))),
        // topCornerAngle
        Example(
            "a rounded top corner", .recognizes("z"), profiles: [.default],
            samples: Example.stroke([(0, 10), (20, 0), (40, 0), (55, 8)] + polyline([(60, 20), (0, 70), (60, 70)]))),
        Example(
            "the diagonal turns only 74° from a sloping top part", .fails(code: "top-corner-open"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 35), (44, 100), (110, 100)]))),
        // diagonalDropRatio
        Example(
            "a diagonal that goes back almost level", .fails(code: "diagonal-not-down"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (0, 4), (60, 60)]))),
        // bottomClimbRatio
        Example(
            "a bottom part sloping up", .recognizes("z"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (30, 30), (60, 20)]))),
        Example(
            "a bottom part climbing back almost to the top corner", .fails(code: "bottom-climbed"), profiles: [.default],
            samples: Example.stroke(polyline([(0, 0), (60, 0), (30, 30), (60, 2)]))),
        // topStartRatio
        Example(
            "a long stroke down into the top part", .fails(code: "top-not-at-top"), profiles: [.default],
            samples: Example.stroke(polyline([(30, -100), (0, 0), (60, 0), (0, 60), (60, 60)]))),
    ]
}
