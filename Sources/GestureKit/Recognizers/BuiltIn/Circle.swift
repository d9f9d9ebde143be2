/// A circle: one finger drawing a round, closed loop about a centre, once.
///
/// Judged when the finger lifts, on the whole stroke, in this order; the first rule broken is the
/// failure. The stroke's start and its nearest return in the last `closureReturnRatio` of the path are
/// within `closureSizeRatio` of its diameter (or `closureViewRatio` of the view's smaller side); the
/// angle swept about the centre of its bounding box lies between `minimumArc` and `maximumArc`; x and y
/// reverse at most `maximumDirectionChanges` times in all (a reversal counts once the stroke has come
/// back `jitterTolerance`, or `jitterRatio` of its diameter when that is larger); it has at most
/// `maximumCorners` corners (turns sharper than `cornerTurn` between chords `cornerSpan` of its diameter
/// long) beyond the first and last `cornerEndRatio` of its path; and its distance from the centre
/// varies by at most `roundnessTolerance` of its mean. It fails at exactly `maximumDuration` after touch
/// down if still drawing — a deadline on the trace clock, even between samples.
///
/// The seed profile is Erica Sadun's circle recipe (The iOS Developer's Cookbook): 2 s, closure within a
/// third of the view, an arc within [2π − π/4, 3π], at most 5 direction changes counted sample by
/// sample, and no corner or roundness rule. A trace without a `view` is judged as if drawn on the
/// 320 × 480 pt screen the recipe was written for. `docs/recognizers/circle.md` gives the real strokes
/// behind each tolerance of the default profile.
public struct Circle: Recognizer {
    public static let definition = RecognizerDefinition(
        Circle.self, id: "circle",
        summary: "one finger, a round closed loop swept once about its centre, in time (Erica Sadun's circle recipe)",
        gestures: ["circle"], capabilities: [.shape],
        details: [
            DetailSpec("center", .point, unit: .points, "The circle's centre: the centre of the path's bounding box."),
            DetailSpec(
                "radius", .number, unit: .points, minimum: 0, "Mean distance of the path from the centre, in points."),
            DetailSpec("bounds", .rectangle, unit: .points, "The path's bounding box, in points."),
            DetailSpec(
                "direction", .text(["clockwise", "counterclockwise"]),
                "The turning direction on screen (y grows downward)."),
            DetailSpec("arc", .number, unit: .radians, minimum: 0, "Total angle swept, in radians."),
            DetailSpec(
                "closure", .number, unit: .points, minimum: 0,
                "How far from its start the path came back: to `closurePoint`, the nearest point of its last `closureReturnRatio` (its end when 0)."
            ),
            DetailSpec("closurePoint", .point, unit: .points, "Where the path came back nearest its start."),
        ],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var maximumDuration = 10.0
        public var closureViewRatio = 0.0
        public var closureSizeRatio = 0.5
        public var closureReturnRatio = 0.5
        public var minimumArc = 5 * Double.pi / 3
        public var maximumArc = 4.5 * Double.pi
        public var maximumDirectionChanges = 10
        public var jitterTolerance: Double? = 3
        public var jitterRatio = 0.03
        public var cornerSpan = 0.2
        public var cornerTurn: Double? = 1.2
        public var maximumCorners = 1
        public var cornerEndRatio = 0.1
        public var roundnessTolerance: Double? = 0.375

        public init() {}

        /// Erica Sadun's recipe: 2 s, closure within a third of the view, at least 2π − π/4, at most 5
        /// direction changes counted sample by sample, no corner or roundness rule.
        public static let seed = Parameters().with {
            $0.maximumDuration = 2
            $0.closureViewRatio = 1.0 / 3
            $0.closureSizeRatio = 0
            $0.closureReturnRatio = 0
            $0.minimumArc = 2 * Double.pi - Double.pi / 4
            $0.maximumArc = 3 * Double.pi
            $0.maximumDirectionChanges = 5
            $0.jitterTolerance = nil
            $0.jitterRatio = 0
            $0.cornerTurn = nil
            $0.cornerEndRatio = 0
            $0.roundnessTolerance = nil
        }

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init("maximumDuration", \.maximumDuration, .seconds, minimum: 0, "time from touch down to lift"),
            .init(
                "closureViewRatio", \.closureViewRatio, .ratio, minimum: 0,
                "closure distance allowed, as a fraction of the view's smaller side"),
            .init(
                "closureSizeRatio", \.closureSizeRatio, .ratio, minimum: 0,
                "closure distance allowed, as a fraction of the circle's diameter"),
            .init(
                "closureReturnRatio", \.closureReturnRatio, .ratio, minimum: 0, maximum: 1,
                "closure is measured from the start to the nearest point of this last fraction of the path (0: the end point)"
            ),
            .init("minimumArc", \.minimumArc, .radians, minimum: 0, "least angle swept about the centre"),
            .init("maximumArc", \.maximumArc, .radians, minimum: 0, "greatest angle swept about the centre"),
            .init(
                "maximumDirectionChanges", \.maximumDirectionChanges, .count, minimum: 0,
                "reversals of x or y movement allowed"),
            .init(
                "jitterTolerance", \.jitterTolerance, .points, minimum: 0, formerOff: .zero,
                "movements shorter than this are not counted as direction changes (off: the recipe's count, every change of sign between samples)"
            ),
            .init(
                "jitterRatio", \.jitterRatio, .ratio, minimum: 0,
                "the same, as a fraction of the diameter, when larger than jitterTolerance (not used when it is off)"),
            .init(
                "cornerSpan", \.cornerSpan, .ratio, minimum: 0,
                "path length on each side of a point over which its turn is measured, as a fraction of the diameter"
            ),
            .init(
                "cornerTurn", \.cornerTurn, .radians, minimum: 0, formerOff: .zero,
                "a turn sharper than this within the span is a corner (off: no corner rule)"),
            .init(
                "maximumCorners", \.maximumCorners, .count, minimum: 0,
                "corners allowed away from the ends (a lump, or where the loop closes)"),
            .init(
                "cornerEndRatio", \.cornerEndRatio, .ratio, minimum: 0, maximum: 0.5,
                "corners within this fraction of the path's length from either end are not counted (the pen landing and lifting)"
            ),
            .init(
                "roundnessTolerance", \.roundnessTolerance, .ratio, minimum: 0, formerOff: .zero,
                "spread (standard deviation) of the distance to the centre allowed, as a fraction of the mean radius (off: no roundness rule)"
            ),
        ]

        public static let constraints = [ParameterConstraint("minimumArc", atMost: "maximumArc")]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case tooSlow = "too-slow"
        case notClosed = "not-closed"
        case arcTooSmall = "arc-too-small"
        case arcTooLarge = "arc-too-large"
        case tooManyDirectionChanges = "too-many-direction-changes"
        case tooManyCorners = "too-many-corners"
        case notRound = "not-round"

        public var meaning: String {
            switch self {
            case .multipleTouches: "a second finger touched down; a circle is one finger"
            case .tooSlow: "still drawing maximumDuration after touch down"
            case .notClosed: "never came back within the closure distance of its start"
            case .arcTooSmall: "swept less than minimumArc about its centre"
            case .arcTooLarge: "swept more than maximumArc about its centre"
            case .tooManyDirectionChanges: "x and y reversed more than maximumDirectionChanges times"
            case .tooManyCorners: "more than maximumCorners turns sharper than cornerTurn"
            case .notRound: "its distance from the centre varies by more than roundnessTolerance of its mean"
            }
        }
    }

    /// The view assumed when a trace gives none: the original iPhone's, which the recipe targets.
    public static let assumedView = ViewSize(width: 320, height: 480)

    private let parameters: Parameters
    private var trackedTouch: TouchID?

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(
            touches, tracked: trackedTouch, drawing: "a circle", code: FailureCode.multipleTouches)
        {
            return
        }
        trackedTouch = touches[0].id
        context.setDeadline(at: touches[0].timestamp + parameters.maximumDuration, tag: "duration")
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        context.fail(
            FailureCode.tooSlow, "still drawing \(Format.time(parameters.maximumDuration)) s after touch down",
            measured: parameters.maximumDuration, limit: parameters.maximumDuration, unit: .seconds,
            point: trackedTouch.flatMap { context.path(of: $0).last })
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        let points = context.path(of: touch.id)
        // Copies of this circle that differ only in their limits (a tuning sweep) measure the path once.
        let key = Measures.Key(
            touch: touch.id, count: points.count, closureReturnRatio: parameters.closureReturnRatio,
            jitterTolerance: parameters.jitterTolerance, jitterRatio: parameters.jitterRatio,
            cornerSpan: parameters.cornerSpan,
            cornerTurn: parameters.cornerTurn)
        let measures = context.shared({ $0.key == key }, make: { Measures(points, key) })
        let (bounds, center, diameter) = (measures.bounds, measures.center, measures.diameter)

        let view = context.view ?? Circle.assumedView
        let closureLimit = max(
            parameters.closureViewRatio * min(view.width, view.height), parameters.closureSizeRatio * diameter)
        let closure = measures.closure
        // What a failure reports it measured, in the declared order: centre and bounds, the arc once
        // measured, the closure. Built only when the replay keeps them.
        func measured(arc: Double? = nil) -> [JSONValue.Member] {
            var members: [JSONValue.Member] = [
                .init("center", .point(center)), .init("bounds", Self.rectangle(bounds)),
            ]
            if let arc {
                members.append(.init("direction", .string(arc > 0 ? "clockwise" : "counterclockwise")))
                members.append(.init("arc", .number(abs(arc))))
            }
            members.append(.init("closure", .number(closure.distance)))
            members.append(.init("closurePoint", .point(closure.point)))
            return members
        }
        guard closure.distance <= closureLimit else {
            if parameters.closureReturnRatio == 0 {
                return context.fail(
                    FailureCode.notClosed, "start and end are too far apart", measured: closure.distance,
                    limit: closureLimit, unit: .points, point: touch.location, details: measured(), at: touch)
            }
            return context.fail(
                FailureCode.notClosed, measures.notClosedMessage, measured: closure.distance, limit: closureLimit,
                unit: .points, point: closure.point, details: measured(), at: touch)
        }

        let arc = measures.arc
        guard abs(arc) >= parameters.minimumArc else {
            return context.fail(
                FailureCode.arcTooSmall, "did not go far enough around its centre", measured: abs(arc),
                limit: parameters.minimumArc, unit: .radians, point: touch.location, details: measured(arc: arc),
                at: touch)
        }
        guard abs(arc) <= parameters.maximumArc else {
            return context.fail(
                FailureCode.arcTooLarge, "went too far around its centre", measured: abs(arc),
                limit: parameters.maximumArc, unit: .radians, point: touch.location, details: measured(arc: arc),
                at: touch)
        }

        let changes = measures.directionChanges
        guard changes.count <= parameters.maximumDirectionChanges else {
            // Where the first change beyond the allowance was.
            return context.fail(
                FailureCode.tooManyDirectionChanges, "changed direction too often for a circle",
                measured: Double(changes.count), limit: Double(parameters.maximumDirectionChanges), unit: .count,
                point: changes[parameters.maximumDirectionChanges], details: measured(arc: arc), at: touch)
        }

        if var failure = shapeFailure(measures) {
            if context.keepsFailureDetails { failure.details = measured(arc: arc) }
            return context.fail(failure, at: touch)
        }

        var details = measured(arc: arc)
        details.insert(.init("radius", .number(measures.radius)), at: 1)
        context.recognize("circle", details: details, at: touch)
    }

    /// A bounding box as a `rectangle` detail.
    static func rectangle(_ bounds: Bounds) -> JSONValue {
        .object([
            .init("x", .number(bounds.minimum.x)), .init("y", .number(bounds.minimum.y)),
            .init("width", .number(bounds.width)), .init("height", .number(bounds.height)),
        ])
    }

    /// The default profile's shape rules, on the path resampled evenly along its length (see
    /// `samplesPerDiameter`): at most `maximumCorners` corners, then roundness. Nil when the stroke passes
    /// them, or when they are off (the seed).
    private func shapeFailure(_ measures: Measures) -> FailureReason? {
        guard measures.cornerTurn != nil || parameters.roundnessTolerance != nil, measures.diameter > 0 else {
            return nil
        }
        if let cornerTurn = measures.cornerTurn {
            // A hook where the pen lands or lifts is no corner of the loop: one within cornerEndRatio
            // of an end, at it included (a maximum, passed only above it), is not counted.
            let last = Double(measures.evenPath.count - 1)
            let ends = parameters.cornerEndRatio
            let corners = measures.corners.filter { corner in
                let along = Double(corner.index) / last
                return along > ends && along < 1 - ends
            }
            if corners.count > parameters.maximumCorners {
                // The first corner beyond the allowance: with one allowed, the second sharpest.
                let culprit = corners[min(corners.count - 1, parameters.maximumCorners)]
                let away = ends > 0 ? ", not counting the first and last \(Format.number(100 * ends))% of its path" : ""
                return FailureReason(
                    FailureCode.tooManyCorners,
                    "has \(corners.count) corners (turns of more than \(Format.number(cornerTurn)) rad between "
                        + "chords \(Format.number(parameters.cornerSpan)) × its diameter long\(away))"
                        + "; the sharpest beyond those allowed turns \(Format.number(culprit.turn)) rad",
                    measured: Double(corners.count), limit: Double(parameters.maximumCorners), unit: .count,
                    point: culprit.point)
            }
        }
        if let tolerance = parameters.roundnessTolerance {
            let spread = measures.spread
            if spread.ratio > tolerance {
                return FailureReason(
                    FailureCode.notRound, "its distance from the centre varies too much for a circle",
                    measured: spread.ratio, limit: tolerance, unit: .ratio, point: spread.worst)
            }
        }
        return nil
    }
}

extension Circle {
    /// `steps` points around a circle (an oval `radius` wide and `radius × aspect` high), starting at
    /// angle `start` (0: its rightmost point), going clockwise on screen.
    static func loop(
        turns: Double = 1, steps: Int = 24, radius: Double = 50, noise: Double = 0, start: Double = 0,
        aspect: Double = 1
    ) -> [(Double, Double)] {
        let count = Int(Double(steps) * turns)
        return (0...count).map { k in
            let angle = start + Double(k) * 2 * Double.pi / Double(steps)
            let wobble = k % 2 == 0 ? noise : -noise
            return (
                100 + (radius + wobble) * Geometry.cosine(angle),
                100 + (radius * aspect + wobble) * Geometry.sine(angle)
            )
        }
    }

    /// `count` points from `a` towards `b`, without `b`.
    static func line(_ a: (Double, Double), _ b: (Double, Double), _ count: Int) -> [(Double, Double)] {
        (0..<count).map { k in
            let t = Double(k) / Double(count)
            return (a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1))
        }
    }

    /// A point on the circle of radius `radius` about (`cx`, `cy`) at `degrees` (clockwise on screen).
    static func on(_ cx: Double, _ cy: Double, _ radius: Double, _ degrees: Double) -> (Double, Double) {
        (
            cx + radius * Geometry.cosine(degrees * Double.pi / 180),
            cy + radius * Geometry.sine(degrees * Double.pi / 180)
        )
    }

    /// A drop: a circle of radius 40 whose top is drawn to a point by two straight tangents that meet
    /// at a right angle (a 90° turn), started and ended half way along the left tangent, so the point
    /// is in the middle of the path: one corner, as where a real loop closes.
    static let teardrop: [(Double, Double)] = {
        let tip = (100.0, 100 - 40 * 2.0.squareRoot())
        let (left, right) = (on(100, 100, 40, -135), on(100, 100, 40, -45))
        let middle = ((left.0 + tip.0) / 2, (left.1 + tip.1) / 2)
        let arc = stride(from: -45.0, to: 225, by: 10).map { on(100, 100, 40, $0) }
        return line(middle, tip, 4) + line(tip, right, 8) + arc + line(left, middle, 4) + [middle]
    }()

    /// A 100 pt square drawn clockwise from its top-left corner, a point every 5 pt: three corners on
    /// the way (the fourth is where it starts and ends).
    static let square: [(Double, Double)] =
        line((0, 0), (100, 0), 20) + line((100, 0), (100, 100), 20) + line((100, 100), (0, 100), 20)
        + line((0, 100), (0, 0), 20) + [(0, 0)]

    /// A 100 pt square drawn clockwise from the middle of its top side, a point every 5 pt: its corners
    /// at exactly an eighth, three eighths, five eighths and seven eighths of its path.
    static let squareFromASide: [(Double, Double)] =
        stride(from: 50.0, to: 100, by: 5).map { ($0, 0) } + stride(from: 0.0, to: 100, by: 5).map { (100, $0) }
        + stride(from: 100.0, to: 0, by: -5).map { ($0, 100) } + stride(from: 100.0, to: 0, by: -5).map { (0, $0) }
        + stride(from: 0.0, through: 50, by: 5).map { ($0, 0) }

    /// A circle of radius 50 drawn clockwise from its rightmost point, with a hook where the pen lands
    /// and another where it lifts: a 20 pt stroke to the right into the loop, and one to the left out of
    /// it, each turning about 100° into or out of it, within the first and last 6% of the path.
    static let hooked: [(Double, Double)] =
        line((130, 100), (150, 100), 8) + loop(steps: 72) + line((150, 100), (130, 100), 8).dropFirst() + [(130, 100)]

    /// A pigtail: a tail rising from the lower left into a loop of radius 40, round it anticlockwise
    /// (330°), and a tail out to the lower right that passes under the start. It comes back within 0.43
    /// of its size of its start and sweeps 445°, but the tails lie far outside the loop.
    static let pigtail: [(Double, Double)] = {
        let (start, end) = ((60.0, 140.0), (170.0, 140.0))
        let loop = stride(from: 30.0, to: -300, by: -15).map { on(100, 60, 40, $0) }
        return line(start, loop[0], 6) + loop + line(loop[loop.count - 1], end, 6).dropFirst() + [end]
    }()

    static let examples: [Example] = [
        Example("a clean circle", .recognizes("circle"), samples: Example.stroke(loop())),
        Example(
            "a second finger touches down", .fails(FailureCode.multipleTouches),
            samples: Array(Example.stroke(loop()).prefix(4)) + [
                Sample(0.05, 2, .began, 20, 20), Sample(0.06, 2, .ended, 20, 20),
            ]
                + Example.stroke(loop()).dropFirst(4)),
        Example(
            "a C: three quarters, seed", .fails(FailureCode.arcTooSmall), profiles: [.seed],
            samples: Example.stroke(loop(turns: 0.75))),
        // Default: the nearest the C's second half comes to its start is its end, 0.71 of its size away.
        Example(
            "a C: three quarters, default", .fails(FailureCode.notClosed), profiles: [.default],
            samples: Example.stroke(loop(turns: 0.75))),
        Example("three loops", .fails(FailureCode.arcTooLarge), samples: Example.stroke(loop(turns: 3))),
        Example(
            "drawn in 2.4 s, seed", .fails(FailureCode.tooSlow), profiles: [.seed],
            samples: Example.stroke(loop(), interval: 0.1)),
        Example(
            "drawn in 2.4 s, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(), interval: 0.1)),
        Example("drawn in 12 s", .fails(FailureCode.tooSlow), samples: Example.stroke(loop(), interval: 0.5)),
        Example(
            "a wobbly circle, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
        Example(
            "a wobbly circle, seed", .fails(FailureCode.tooManyDirectionChanges), profiles: [.seed],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
        // jitterRatio: the same circle and its wobbles four times as large, 400 pt across, its wobbles
        // 12 pt: past the 3 pt floor, within 0.03 of the diameter.
        Example(
            "the wobbly circle four times as large, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 72, radius: 200, noise: 6))),
        Example(
            "the wobbly circle four times as large, in points alone", .fails(FailureCode.tooManyDirectionChanges),
            profiles: [.default], settings: ["jitterRatio": 0],
            samples: Example.stroke(loop(steps: 72, radius: 200, noise: 6))),
        // closureReturnRatio: lifts a quarter turn past its start, 0.71 of its size away from it.
        Example(
            "one and a quarter turns, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 1.25))),
        // minimumArc: 61 steps of 5°, a 55° gap 0.46 of its size: sweeps 305°.
        Example(
            "a loop with a 55° gap, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 61.5 / 72, steps: 72))),
        Example(
            "a loop with a 55° gap, seed", .fails(FailureCode.arcTooSmall), profiles: [.seed],
            samples: Example.stroke(loop(turns: 61.5 / 72, steps: 72))),
        // maximumDirectionChanges: from 45°, 525° round, x and y reverse 3 times each.
        Example(
            "one and a half turns, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 1.46, steps: 48, start: Double.pi / 4))),
        // Corners: one is allowed, three are not.
        Example("a teardrop, default", .recognizes("circle"), profiles: [.default], samples: Example.stroke(teardrop)),
        Example(
            "a square, default", .fails(FailureCode.tooManyCorners), profiles: [.default],
            samples: Example.stroke(square)),
        // cornerEndRatio: a hook where the pen lands and one where it lifts are not corners of the loop.
        Example(
            "hooked at both ends, default", .recognizes("circle"), profiles: [.default], samples: Example.stroke(hooked)
        ),
        Example(
            "hooked at both ends, the ends' corners counted", .fails(FailureCode.tooManyCorners), profiles: [.default],
            settings: ["cornerEndRatio": 0], samples: Example.stroke(hooked)),
        Example(
            "a square's first and last corners exactly cornerEndRatio from its ends: not counted",
            .recognizes("circle"), profiles: [.default], settings: ["cornerEndRatio": 0.125, "maximumCorners": 2],
            samples: Example.stroke(squareFromASide)),
        // Roundness: an oval of 3 : 2 spreads 0.14 of its radius; a pigtail 0.39.
        Example(
            "an oval, 3 : 2, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 48, radius: 60, aspect: 2.0 / 3))),
        Example(
            "a pigtail, default", .fails(FailureCode.notRound), profiles: [.default], samples: Example.stroke(pigtail)),
    ]
}
