/// A letter Z: one finger drawing three connected straight parts — rightward, then down and to the
/// left, then rightward again.
///
/// The seed rules are those of the Objective-C Z-letter recognizer tutorial: the stroke is followed
/// point by point; the top part moves right, staying within `strokePrecision` of its starting height;
/// the first movement left starts the diagonal, which must keep going down and left; the first
/// movement right starts the bottom part, which moves right within `strokePrecision` of its starting
/// height; each part must lie within `strokePrecision` of the straight line through its ends; the
/// stroke is a Z if it lifts during the bottom part.
///
/// Tolerances for real hands:
/// - `jitterTolerance`: movements shorter than this from the last accepted point are not judged.
///   Handwriting tablets report sub-pixel tremor that the literal rules read as turns.
/// - `turnTolerance`: a part ends only when the stroke has come back this far against it (the top
///   part ends once the pen is this far left of its rightmost point). Guards against a wobble at a
///   corner splitting one part into two.
/// - `precisionRatio`: the allowed distance from a part's line grows with the part's length, since a
///   long stroke drawn by hand bows more: `max(strokePrecision, precisionRatio × length)`.
/// - `minimumPartLength`: each part must be at least this long, so a hook at the end of a stroke is
///   not read as a third part.
public struct ZLetter: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "z",
        summary: "one finger: rightward, down-left diagonal, rightward again (the Z-letter recognizer tutorial)",
        gestures: ["z"],
        parameters: [
            Parameter("strokePrecision", unit: "pt", default: 12, seed: 20, "how far a point may be from its part's line"),
            Parameter("precisionRatio", unit: "ratio", default: 0.25, seed: 0, "allowed distance as a fraction of the part's length, when larger"),
            Parameter("jitterTolerance", unit: "pt", default: 2, seed: 0, "movements shorter than this are not judged"),
            Parameter("turnTolerance", unit: "pt", default: 5, seed: 0, "movement against a part's direction that ends it"),
            Parameter("minimumPartLength", unit: "pt", default: 10, seed: 0, "shortest length of each of the three parts"),
        ],
        examples: ZLetterExamples.all,
        make: { ZLetter(parameters: $0) })

    private enum Part: Int { case top, diagonal, bottom }

    private let strokePrecision, precisionRatio, jitterTolerance, turnTolerance, minimumPartLength: Double
    private var trackedTouch: TouchID?
    private var part = Part.top
    /// Points of the current part, from its first corner.
    private var partPoints: [Point] = []
    private var anchor = Point.zero
    /// The extreme x of the current part (rightmost for top and bottom, leftmost for the diagonal) and
    /// its index in `partPoints`, where the next corner will be if the part ends.
    private var extremeIndex = 0
    private var lowestY = 0.0

    public init(parameters: ParameterValues) {
        strokePrecision = parameters["strokePrecision"]
        precisionRatio = parameters["precisionRatio"]
        jitterTolerance = parameters["jitterTolerance"]
        turnTolerance = parameters["turnTolerance"]
        minimumPartLength = parameters["minimumPartLength"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(touches, tracked: trackedTouch, drawing: "a Z") { return }
        trackedTouch = touches[0].id
        anchor = touches[0].location
        partPoints = [anchor]
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch && $0.phase == .moved }) else { return }
        guard touch.location.distance(to: anchor) >= jitterTolerance else { return }
        anchor = touch.location
        advance(to: touch.location, touch: touch, context: &context)
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
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

    static let all: [Example] = [
        Example("a clean Z", .recognizes("z"), samples: Example.stroke(clean)),
        Example("a 7: top and diagonal only", .fails(code: "incomplete"), samples: Example.stroke(Array(clean.prefix(13)))),
        Example(
            "diagonal goes up", .fails(code: "moved-up"),
            samples: Example.stroke([(0, 60), (30, 60), (60, 60), (40, 40), (20, 20), (0, 0), (30, 0), (60, 0)])),
        Example(
            "two fingers", .fails(code: "multiple-touches"),
            samples: [Sample(0, 1, .began, 0, 0), Sample(0, 2, .began, 100, 0), Sample(0.1, 1, .ended, 0, 0), Sample(0.1, 2, .ended, 100, 0)]),
        Example(
            "top part climbs away", .fails(code: "left-the-line"),
            samples: Example.stroke([(0, 0), (20, -10), (40, -30), (60, -50), (30, -10), (0, 30), (60, 30)])),
    ]
}
