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
public struct LongPress: Recognizer {
    public static let definition = RecognizerDefinition(
        id: "long-press",
        summary: "a touch held still 0.5 s, then followed until it lifts (UILongPressGestureRecognizer defaults)",
        kind: .continuous,
        gestures: ["long-press"],
        parameters: [
            Parameter("minimumPressDuration", unit: "s", default: 0.5, seed: 0.5, "how long the touch must be held before it begins"),
            Parameter("allowableMovement", unit: "pt", default: 10, seed: 10, "how far the touch may move before it begins"),
            Parameter("touches", unit: "count", default: 1, seed: 1, "fingers that must be held down"),
        ],
        simultaneousWith: ["pan"],
        examples: LongPressExamples.all,
        make: { LongPress(parameters: $0) })

    private let minimumPressDuration, allowableMovement: Double
    private let touches: Int
    private var starts = TouchMap<Point>()
    private var current = TouchMap<Point>()
    private var pressStart = 0.0
    private var pressing = false

    public init(parameters: ParameterValues) {
        minimumPressDuration = parameters["minimumPressDuration"]
        allowableMovement = parameters["allowableMovement"]
        touches = max(1, Int(parameters["touches"]))
    }

    public mutating func touchesBegan(_ new: [Touch], context: inout RecognizerContext) {
        for touch in new {
            starts[touch.id] = touch.location
            current[touch.id] = touch.location
        }
        if starts.count > touches {
            let message = "\(starts.count) fingers down; a long press here needs \(touches)"
            if context.state == .possible {
                context.fail("too-many-touches", message, measured: Double(starts.count), limit: Double(touches), unit: "touches", at: new[0])
            } else {
                context.cancel("too-many-touches", message, at: new[0])
            }
            return
        }
        if starts.count == touches, !pressing {
            pressing = true
            pressStart = context.time
            context.setDeadline(at: context.time + minimumPressDuration, tag: "press")
        }
    }

    public mutating func touchesMoved(_ moved: [Touch], context: inout RecognizerContext) {
        for touch in moved { current[touch.id] = touch.location }
        if context.state == .possible {
            for touch in moved {
                guard let start = starts[touch.id] else { continue }
                let distance = touch.location.distance(to: start)
                if distance > allowableMovement {
                    return context.fail(
                        "moved-too-far", "moved before the press was long enough", measured: distance,
                        limit: allowableMovement, unit: "pt", point: touch.location, at: touch)
                }
            }
        } else if moved.contains(where: { $0.phase == .moved }) {
            context.change("long-press", details: values(), at: moved[0])
        }
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        guard tag == "press", context.state == .possible, starts.count == touches else { return }
        context.begin("long-press", details: values())
    }

    public mutating func touchesEnded(_ ended: [Touch], context: inout RecognizerContext) {
        for touch in ended { current[touch.id] = touch.location }
        if context.state == .possible {
            context.fail(
                "lifted-too-early", "lifted before the press was long enough", measured: context.time - pressStart,
                limit: minimumPressDuration, unit: "s", point: ended[0].location, at: ended[0])
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

enum LongPressExamples {
    static let all: [Example] = [
        Example(
            "held 0.8 s with no samples between", .recognizes("long-press"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.8, 1, .ended, 101, 100)]),
        Example(
            "held, then dragged", .recognizes("long-press"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.6, 1, .moved, 140, 100), Sample(0.7, 1, .ended, 180, 100)]),
        Example("lifted after 0.3 s", .fails(code: "lifted-too-early"), samples: [Sample(0, 1, .began, 100, 100), Sample(0.3, 1, .ended, 100, 100)]),
        Example(
            "moved 30 pt at once", .fails(code: "moved-too-far"),
            samples: [Sample(0, 1, .began, 100, 100), Sample(0.1, 1, .moved, 130, 100), Sample(0.9, 1, .ended, 130, 100)]),
    ]
}
