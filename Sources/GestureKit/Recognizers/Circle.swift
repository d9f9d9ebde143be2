/// A circle: one finger drawing a round, closed loop about a centre, once.
///
/// The seed rules are Erica Sadun's circle recipe (The iOS Developer's Cookbook): the stroke takes at
/// most `maximumDuration` (2 s); its start and end are within a third of the view's size of each
/// other; the angle swept about the centre of its bounding box lies within
/// [2π − π/4, 2π + π]; and its direction (the signs of x and y movement) changes at most
/// `maximumDirectionChanges` times. A trace without a `view` is judged as if drawn on a 320 × 480 pt
/// view, the screen the recipe was written for, so the seed's closure limit is then 106.7 pt.
///
/// The duration is a deadline on the trace clock: the recognizer fails at exactly `maximumDuration`
/// after touch down, even between samples, which for a finished stroke is the recipe's "elapsed > 2 s"
/// on lift. Every other rule is judged on lift, in this order, on the whole stroke: closure, arc,
/// direction changes, corners, roundness; the first one broken is the failure.
///
/// Tolerances for real hands, and the real strokes that motivated them (the `$1` logs: 180 circles by
/// 6 subjects drawn slow, medium and fast with a stylus, against 2,520 other `$1` gestures, UNIPEN Z's
/// and MMG stars and lines; y grows down):
/// - `maximumDuration` 5 s (seed 2 s): a real slow circle takes up to 3.5 s (the `slow` circles take
///   1.6–3.5 s; s05's 2.4–3.5 s, s04's 2.1–3.0 s); the recipe's 2 s failed 38 of the 180 (`too-slow`).
///   People draw a circle in about the same time whatever its size, so this stays a time, not a
///   speed. No other gesture in the data relies on it to be rejected: with no time limit at all the
///   default rules still recognize none of them.
/// - `jitterTolerance`: x or y reverses only once it has come back this far from its furthest point
///   in the current direction, and a zero movement on one axis keeps that axis's last direction. The
///   literal count reads every one-pixel wobble, and every sample where x or y stands still, as a
///   change: the seed rules fail about four in five real circles on it.
/// - `maximumDirectionChanges` 6 (seed 5): a loop of up to `maximumArc` (1.5 turns) passes an x or
///   y extreme every quarter turn, 6 times; a fast circle that overshoots by about 100° (s02, 459° in
///   all) reverses 6 times.
/// - `closureSizeRatio`: the closure must be within this fraction of the circle's own diameter
///   instead of a fraction of the view, so a small circle on a big screen cannot be a "C", and a
///   big circle is allowed a proportionate gap. `closureViewRatio` keeps the seed's view rule; the
///   limit is the larger of the two.
/// - `closureReturnRatio` 0.5 (seed 0, the end point): the closure is the nearest the stroke's second
///   half comes back to its start, not where it ends. Fast circles overshoot: the pen runs on 60–90°
///   past its start and lifts there, 0.50–0.54 of the diameter away from it (4 real circles, s01 and
///   s02 fast, failed `not-closed`), though the loop itself passed within 0.22 of the diameter of the
///   start. A "C" still fails: its nearest return is its end.
/// - `minimumArc` 5π/3 = 300° (seed 2π − π/4 = 315°): a loop whose ends are half its diameter apart
///   (the closure limit) leaves a 60° gap, so it sweeps 300°; the seed's 315° contradicted the closure
///   tolerance and failed 3 of s04's gapped circles (arcs 5.35–5.44 rad with gaps 0.39–0.45 of the
///   diameter, `arc-too-small`). Question marks that pass the other rules reach 5.11 rad.
/// - `cornerSpan` 0.2, `cornerTurn` π/3 = 60°, `maximumCorners` 1 (seed: no corner rule): the path,
///   resampled every 1/40 of its diameter, must not turn by more than 60° between the chord that
///   arrives at a point and the chord that leaves it, each 0.2 of the diameter long, at more than one
///   place. A circle turns 23° there (0.4 rad); a corner of a rectangle, triangle or star 70° and
///   more. The closure and arc rules let triangles and rectangles through: they were 185 of the 191
///   false alarms of the earlier default (triangle 110, rectangle 75), and 307 of 313 without its 2 s
///   limit. One corner is allowed because real circles have one: a hook where the pen lands or a
///   point where the loop closes turns up to 70° (s06 fast, s01 medium), while their second sharpest
///   turn stays under 56°; the second sharpest corner of every real rectangle turns at least 67°, of
///   every triangle at least 86°. The margin is the narrowest of these rules: 55° loses a real circle,
///   70° lets a rectangle through.
/// - `roundnessTolerance` 0.25 (seed: no roundness rule): the standard deviation of the resampled
///   path's distance to the centre, as a fraction of its mean, must stay under this. Real circles
///   reach 0.19 (ovals of about 3 : 2, and overshooting spirals); a 2 : 1 oval scores 0.24. Pigtails —
///   a loop between two tails — start at 0.32 (0.34 for the 50 that the other rules let through:
///   their tails cross under the loop, so they come back near their start and sweep 450–500°).
///   Triangles (≥ 0.25) and stars (≥ 0.34) score high too, but fail the corner rule first.
public struct Circle: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "circle",
        summary: "one finger, a round closed loop swept once about its centre, in time (Erica Sadun's circle recipe)",
        gestures: ["circle"],
        parameters: [
            Parameter("maximumDuration", unit: "s", default: 5, seed: 2, "time from touch down to lift"),
            Parameter("closureViewRatio", unit: "ratio", default: 0, seed: 1.0 / 3, "closure distance allowed, as a fraction of the view's smaller side"),
            Parameter("closureSizeRatio", unit: "ratio", default: 0.5, seed: 0, "closure distance allowed, as a fraction of the circle's diameter"),
            Parameter("closureReturnRatio", unit: "ratio", default: 0.5, seed: 0, "closure is measured from the start to the nearest point of this last fraction of the path (0: the end point)"),
            Parameter("minimumArc", unit: "rad", default: 5 * Double.pi / 3, seed: 2 * Double.pi - Double.pi / 4, "least angle swept about the centre"),
            Parameter("maximumArc", unit: "rad", default: 3 * Double.pi, seed: 3 * Double.pi, "greatest angle swept about the centre"),
            Parameter("maximumDirectionChanges", unit: "count", default: 6, seed: 5, "reversals of x or y movement allowed"),
            Parameter("jitterTolerance", unit: "pt", default: 3, seed: 0, "movements shorter than this are not counted as direction changes"),
            Parameter("cornerSpan", unit: "ratio", default: 0.2, seed: 0, "path length on each side of a point over which its turn is measured, as a fraction of the diameter (0: no corner rule)"),
            Parameter("cornerTurn", unit: "rad", default: Double.pi / 3, seed: 0, "a turn sharper than this within the span is a corner (0: no corner rule)"),
            Parameter("maximumCorners", unit: "count", default: 1, seed: 1, "corners allowed (where the loop closes)"),
            Parameter("roundnessTolerance", unit: "ratio", default: 0.25, seed: 0, "spread (standard deviation) of the distance to the centre allowed, as a fraction of the mean radius (0: no roundness rule)"),
        ],
        examples: CircleExamples.all,
        make: { Circle(parameters: $0) })

    /// The view assumed when a trace gives none: the original iPhone's, which the recipe targets.
    public static let assumedView = ViewSize(width: 320, height: 480)

    private let maximumDuration, closureViewRatio, closureSizeRatio, closureReturnRatio, minimumArc, maximumArc: Double
    private let maximumDirectionChanges, jitterTolerance: Double
    private let cornerSpan, cornerTurn, maximumCorners, roundnessTolerance: Double
    private var trackedTouch: TouchID?
    private var points: [Point] = []

    public init(parameters: ParameterValues) {
        maximumDuration = parameters["maximumDuration"]
        closureViewRatio = parameters["closureViewRatio"]
        closureSizeRatio = parameters["closureSizeRatio"]
        closureReturnRatio = parameters["closureReturnRatio"]
        minimumArc = parameters["minimumArc"]
        maximumArc = parameters["maximumArc"]
        maximumDirectionChanges = parameters["maximumDirectionChanges"]
        jitterTolerance = parameters["jitterTolerance"]
        cornerSpan = parameters["cornerSpan"]
        cornerTurn = parameters["cornerTurn"]
        maximumCorners = parameters["maximumCorners"]
        roundnessTolerance = parameters["roundnessTolerance"]
    }

    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(touches, tracked: trackedTouch, drawing: "a circle") { return }
        trackedTouch = touches[0].id
        points = [touches[0].location]
        context.setDeadline(at: touches[0].timestamp + maximumDuration, tag: "duration")
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        for touch in touches where touch.id == trackedTouch && touch.phase == .moved { points.append(touch.location) }
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        context.fail(
            "too-slow", "still drawing \(Format.number(maximumDuration)) s after touch down",
            measured: maximumDuration, limit: maximumDuration, unit: "s", point: points.last)
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        guard let touch = touches.first(where: { $0.id == trackedTouch }) else { return }
        points.append(touch.location)
        var minimum = points[0]
        var maximum = points[0]
        for p in points {
            minimum = Point(x: min(minimum.x, p.x), y: min(minimum.y, p.y))
            maximum = Point(x: max(maximum.x, p.x), y: max(maximum.y, p.y))
        }
        let center = Point(x: (minimum.x + maximum.x) / 2, y: (minimum.y + maximum.y) / 2)
        let diameter = ((maximum.x - minimum.x) + (maximum.y - minimum.y)) / 2

        let view = context.view ?? Circle.assumedView
        let closureLimit = max(closureViewRatio * min(view.width, view.height), closureSizeRatio * diameter)
        if closureReturnRatio == 0 {
            let closure = points[0].distance(to: touch.location)
            guard closure <= closureLimit else {
                return context.fail(
                    "not-closed", "start and end are too far apart", measured: closure, limit: closureLimit, unit: "pt",
                    point: touch.location, at: touch)
            }
        } else {
            let closure = Circle.nearestReturn(points, lastFraction: closureReturnRatio)
            guard closure.distance <= closureLimit else {
                return context.fail(
                    "not-closed",
                    "never came back near its start (the nearest point of its last "
                        + "\(Format.number(100 * closureReturnRatio))%)",
                    measured: closure.distance, limit: closureLimit, unit: "pt", point: closure.point, at: touch)
            }
        }

        var arc = 0.0
        // Each point's angle once, carried to the next step (the same values as computing it twice).
        var a = Geometry.angle(dx: points[0].x - center.x, dy: points[0].y - center.y)
        for i in 1..<points.count {
            let b = Geometry.angle(dx: points[i].x - center.x, dy: points[i].y - center.y)
            defer { a = b }
            var step = b - a
            if step > Double.pi { step -= 2 * Double.pi }
            if step < -Double.pi { step += 2 * Double.pi }
            arc += step
        }
        guard abs(arc) >= minimumArc else {
            return context.fail(
                "arc-too-small", "did not go far enough around its centre", measured: abs(arc), limit: minimumArc,
                unit: "rad", point: touch.location, at: touch)
        }
        guard abs(arc) <= maximumArc else {
            return context.fail(
                "arc-too-large", "went too far around its centre", measured: abs(arc), limit: maximumArc, unit: "rad",
                point: touch.location, at: touch)
        }

        let (changes, where_) = directionChanges()
        guard Double(changes) <= maximumDirectionChanges else {
            return context.fail(
                "too-many-direction-changes", "changed direction too often for a circle", measured: Double(changes),
                limit: maximumDirectionChanges, unit: "count", point: where_, at: touch)
        }

        if let failure = shapeFailure(center: center, diameter: diameter) { return context.fail(failure, at: touch) }

        var radius = 0.0
        for p in points { radius += p.distance(to: center) }
        radius /= Double(points.count)
        context.recognize(
            "circle",
            details: [
                .init("center", .point(center)), .init("radius", .number(radius)),
                .init(
                    "bounds",
                    .object([
                        .init("x", .number(minimum.x)), .init("y", .number(minimum.y)),
                        .init("width", .number(maximum.x - minimum.x)), .init("height", .number(maximum.y - minimum.y)),
                    ])),
                .init("direction", .string(arc > 0 ? "clockwise" : "counterclockwise")),
                .init("arc", .number(abs(arc))),
            ], at: touch)
    }

    /// The default profile's shape rules, on the path resampled evenly along its length (see
    /// `samplesPerDiameter`): at most `maximumCorners` corners, then roundness. Nil when the stroke passes
    /// them, or when they are off (the seed).
    private func shapeFailure(center: Point, diameter: Double) -> FailureReason? {
        let cornersOn = cornerSpan > 0 && cornerTurn > 0
        guard cornersOn || roundnessTolerance > 0, diameter > 0 else { return nil }
        let path = Circle.resample(points, step: diameter / Circle.samplesPerDiameter)
        if cornersOn {
            let span = max(1, Int((cornerSpan * Circle.samplesPerDiameter).rounded()))
            let corners = Circle.corners(path, span: span, sharperThan: cornerTurn)
            if Double(corners.count) > maximumCorners {
                // The first corner beyond the allowance: with one allowed, the second sharpest.
                let culprit = corners.isEmpty ? nil : corners[max(0, min(corners.count - 1, Int(maximumCorners)))]
                return FailureReason(
                    code: "too-many-corners",
                    message: "has \(corners.count) corners (turns of more than \(Format.number(cornerTurn)) rad between "
                        + "chords \(Format.number(cornerSpan)) × its diameter long)"
                        + (culprit.map { "; the sharpest beyond those allowed turns \(Format.number($0.turn)) rad" } ?? ""),
                    measured: Double(corners.count), limit: maximumCorners, unit: "count", point: culprit?.point)
            }
        }
        if roundnessTolerance > 0 {
            let spread = Circle.radialSpread(path, center: center)
            if spread.ratio > roundnessTolerance {
                return FailureReason(
                    code: "not-round", message: "its distance from the centre varies too much for a circle",
                    measured: spread.ratio, limit: roundnessTolerance, unit: "ratio", point: spread.worst)
            }
        }
        return nil
    }

    /// Counts reversals of x or y movement along the path, and where the one that broke the limit was.
    ///
    /// Seed (no jitter tolerance): the recipe's literal rule, a change whenever the sign of dx or dy
    /// differs from the previous step's. Otherwise each axis reverses only once it has
    /// come back `jitterTolerance` from its furthest point in the current direction (hysteresis), so
    /// neither a wobble nor a pause counts.
    private func directionChanges() -> (Int, Point?) {
        var changes = 0
        var culprit: Point?
        func count(at point: Point) {
            changes += 1
            if culprit == nil, Double(changes) > maximumDirectionChanges { culprit = point }
        }
        if jitterTolerance == 0 {
            // The recipe's loop, literally: steps i-1 → i for i in 2 ..< count − 1, and a C-style sign
            // that calls zero positive. (Counting zero as a third sign fails all but 1 of the 180 real
            // circles; this reading reproduces the published ~18% seed recall: 19.4%.)
            func sign(_ v: Double) -> Int { v < 0 ? -1 : 1 }
            for i in stride(from: 2, to: points.count - 1, by: 1) {
                let (a, b, c) = (points[i - 2], points[i - 1], points[i])
                if sign(c.x - b.x) != sign(b.x - a.x) || sign(c.y - b.y) != sign(b.y - a.y) { count(at: b) }
            }
            return (changes, culprit)
        }
        var x = Reversals(start: points[0].x, tolerance: jitterTolerance)
        var y = Reversals(start: points[0].y, tolerance: jitterTolerance)
        for point in points.dropFirst() {
            if x.feed(point.x) { count(at: point) }
            if y.feed(point.y) { count(at: point) }
        }
        return (changes, culprit)
    }
}

/// Follows one coordinate and tells when it reverses: only once it has come back `tolerance` from
/// its furthest value in the current direction.
struct Reversals {
    let tolerance: Double
    /// +1 increasing, −1 decreasing, 0 not yet moved by `tolerance`.
    private var direction = 0.0
    private var extreme: Double

    init(start: Double, tolerance: Double) {
        self.tolerance = tolerance
        extreme = start
    }

    /// Takes the next value; true when it reverses the direction.
    mutating func feed(_ value: Double) -> Bool {
        if direction == 0 {
            if abs(value - extreme) >= tolerance {
                direction = value > extreme ? 1 : -1
                extreme = value
            }
            return false
        }
        if (value - extreme) * direction > 0 {
            extreme = value
            return false
        }
        guard abs(extreme - value) >= tolerance else { return false }
        direction = -direction
        extreme = value
        return true
    }
}

enum CircleExamples {
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
            return (100 + (radius + wobble) * cosine(angle), 100 + (radius * aspect + wobble) * sine(angle))
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
        (cx + radius * cosine(degrees * Double.pi / 180), cy + radius * sine(degrees * Double.pi / 180))
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

    /// A pigtail: a tail rising from the lower left into a loop of radius 40, round it anticlockwise
    /// (330°), and a tail out to the lower right that passes under the start. It comes back within 0.43
    /// of its size of its start and sweeps 445°, but the tails lie far outside the loop.
    static let pigtail: [(Double, Double)] = {
        let (start, end) = ((60.0, 140.0), (170.0, 140.0))
        let loop = stride(from: 30.0, to: -300, by: -15).map { on(100, 60, 40, $0) }
        return line(start, loop[0], 6) + loop + line(loop[loop.count - 1], end, 6).dropFirst() + [end]
    }()

    static let all: [Example] = [
        Example("a clean circle", .recognizes("circle"), samples: Example.stroke(loop())),
        Example("a C: three quarters, seed", .fails(code: "arc-too-small"), profiles: [.seed], samples: Example.stroke(loop(turns: 0.75))),
        // Default: the nearest the C's second half comes to its start is its end, 0.71 of its size away.
        Example("a C: three quarters, default", .fails(code: "not-closed"), profiles: [.default], samples: Example.stroke(loop(turns: 0.75))),
        Example("two loops", .fails(code: "arc-too-large"), samples: Example.stroke(loop(turns: 2))),
        Example("drawn in 2.4 s, seed", .fails(code: "too-slow"), profiles: [.seed], samples: Example.stroke(loop(), interval: 0.1)),
        Example("drawn in 2.4 s, default", .recognizes("circle"), profiles: [.default], samples: Example.stroke(loop(), interval: 0.1)),
        Example("drawn in 6 s", .fails(code: "too-slow"), samples: Example.stroke(loop(), interval: 0.25)),
        Example(
            "a wobbly circle, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
        Example(
            "a wobbly circle, seed", .fails(code: "too-many-direction-changes"), profiles: [.seed],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
        // closureReturnRatio: lifts a quarter turn past its start, 0.71 of its size away from it.
        Example(
            "one and a quarter turns, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 1.25))),
        // minimumArc: 61 steps of 5°, a 55° gap 0.46 of its size: sweeps 305°.
        Example(
            "a loop with a 55° gap, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 61.5 / 72, steps: 72))),
        Example(
            "a loop with a 55° gap, seed", .fails(code: "arc-too-small"), profiles: [.seed],
            samples: Example.stroke(loop(turns: 61.5 / 72, steps: 72))),
        // maximumDirectionChanges: from 45°, 525° round, x and y reverse 3 times each.
        Example(
            "one and a half turns, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(turns: 1.46, steps: 48, start: Double.pi / 4))),
        // Corners: one is allowed, three are not.
        Example("a teardrop, default", .recognizes("circle"), profiles: [.default], samples: Example.stroke(teardrop)),
        Example("a square, default", .fails(code: "too-many-corners"), profiles: [.default], samples: Example.stroke(square)),
        // Roundness: an oval of 3 : 2 spreads 0.14 of its radius; a pigtail 0.39.
        Example(
            "an oval, 3 : 2, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 48, radius: 60, aspect: 2.0 / 3))),
        Example("a pigtail, default", .fails(code: "not-round"), profiles: [.default], samples: Example.stroke(pigtail)),
    ]
}
