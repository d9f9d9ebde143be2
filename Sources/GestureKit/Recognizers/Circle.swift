/// A circle: one finger drawing a closed loop around a centre, quickly.
///
/// The seed rules are Erica Sadun's circle recipe (The iOS Developer's Cookbook): the stroke takes at
/// most `maximumDuration` (2 s); its start and end are within a third of the view's size of each
/// other; the angle swept about the centre of its bounding box lies within
/// [2π − π/4, 2π + π]; and its direction (the signs of x and y movement) changes at most
/// `maximumDirectionChanges` times. A trace without a `view` is judged as if drawn on a 320 × 480 pt
/// view, the screen the recipe was written for, so the seed's closure limit is then 106.7 pt.
///
/// The duration is a deadline on the trace clock: the recognizer fails at exactly 2 s after touch
/// down, even between samples, which for a finished stroke is the recipe's "elapsed > 2 s" on lift.
///
/// Tolerances for real hands:
/// - `jitterTolerance`: direction changes are counted on a path that keeps only points at least this
///   far apart, and a zero movement on one axis keeps that axis's last direction. The literal count
///   reads every one-pixel wobble, and every sample where x or y stands still, as a change: the
///   seed rules fail about four in five real circles on it.
/// - `closureSizeRatio`: start and end must be within this fraction of the circle's own diameter
///   instead of a fraction of the view, so a small circle on a big screen cannot be a "C", and a
///   big circle is allowed a proportionate gap. `closureViewRatio` keeps the seed's view rule; the
///   limit is the larger of the two.
public struct Circle: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "circle",
        summary: "one finger, a closed loop swept once about its centre within 2 s (Erica Sadun's circle recipe)",
        gestures: ["circle"],
        parameters: [
            Parameter("maximumDuration", unit: "s", default: 2, seed: 2, "time from touch down to lift"),
            Parameter("closureViewRatio", unit: "ratio", default: 0, seed: 1.0 / 3, "start-to-end distance allowed, as a fraction of the view's smaller side"),
            Parameter("closureSizeRatio", unit: "ratio", default: 0.5, seed: 0, "start-to-end distance allowed, as a fraction of the circle's diameter"),
            Parameter("minimumArc", unit: "rad", default: 2 * Double.pi - Double.pi / 4, seed: 2 * Double.pi - Double.pi / 4, "least angle swept about the centre"),
            Parameter("maximumArc", unit: "rad", default: 3 * Double.pi, seed: 3 * Double.pi, "greatest angle swept about the centre"),
            Parameter("maximumDirectionChanges", unit: "count", default: 5, seed: 5, "reversals of x or y movement allowed"),
            Parameter("jitterTolerance", unit: "pt", default: 3, seed: 0, "movements shorter than this are not counted as direction changes"),
        ],
        examples: CircleExamples.all,
        make: { Circle(parameters: $0) })

    /// The view assumed when a trace gives none: the original iPhone's, which the recipe targets.
    public static let assumedView = ViewSize(width: 320, height: 480)

    private let maximumDuration, closureViewRatio, closureSizeRatio, minimumArc, maximumArc: Double
    private let maximumDirectionChanges, jitterTolerance: Double
    private var trackedTouch: TouchID?
    private var points: [Point] = []

    public init(parameters: ParameterValues) {
        maximumDuration = parameters["maximumDuration"]
        closureViewRatio = parameters["closureViewRatio"]
        closureSizeRatio = parameters["closureSizeRatio"]
        minimumArc = parameters["minimumArc"]
        maximumArc = parameters["maximumArc"]
        maximumDirectionChanges = parameters["maximumDirectionChanges"]
        jitterTolerance = parameters["jitterTolerance"]
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
        let closure = points[0].distance(to: touch.location)
        let closureLimit = max(closureViewRatio * min(view.width, view.height), closureSizeRatio * diameter)
        guard closure <= closureLimit else {
            return context.fail(
                "not-closed", "start and end are too far apart", measured: closure, limit: closureLimit, unit: "pt",
                point: touch.location, at: touch)
        }

        var arc = 0.0
        for i in 1..<points.count {
            let a = Geometry.angle(dx: points[i - 1].x - center.x, dy: points[i - 1].y - center.y)
            let b = Geometry.angle(dx: points[i].x - center.x, dy: points[i].y - center.y)
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
    /// `steps` points around a circle, starting at its rightmost point, going clockwise on screen.
    static func loop(turns: Double = 1, steps: Int = 24, radius: Double = 50, noise: Double = 0) -> [(Double, Double)] {
        let count = Int(Double(steps) * turns)
        return (0...count).map { k in
            let angle = Double(k) * 2 * Double.pi / Double(steps)
            let wobble = k % 2 == 0 ? noise : -noise
            return (100 + (radius + wobble) * cosine(angle), 100 + (radius + wobble) * sine(angle))
        }
    }

    static let all: [Example] = [
        Example("a clean circle", .recognizes("circle"), samples: Example.stroke(loop())),
        Example("a C: three quarters, seed", .fails(code: "arc-too-small"), profiles: [.seed], samples: Example.stroke(loop(turns: 0.75))),
        Example("a C: three quarters, default", .fails(code: "not-closed"), profiles: [.default], samples: Example.stroke(loop(turns: 0.75))),
        Example("two loops", .fails(code: "arc-too-large"), samples: Example.stroke(loop(turns: 2))),
        Example("drawn in 2.4 s", .fails(code: "too-slow"), samples: Example.stroke(loop(), interval: 0.1)),
        Example(
            "a wobbly circle, default", .recognizes("circle"), profiles: [.default],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
        Example(
            "a wobbly circle, seed", .fails(code: "too-many-direction-changes"), profiles: [.seed],
            samples: Example.stroke(loop(steps: 72, noise: 1.5))),
    ]
}
