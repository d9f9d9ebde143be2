/// Counts taps for `tap` and `double-tap`: each tap short and nearly still, each next tap soon after
/// the last and near the first, with every touch required down together.
///
/// Deadlines run on the trace clock: a tap held too long fails at exactly `maximumDuration` after it
/// began, and a missing next tap fails at exactly `maximumInterval` after the last lift — between
/// samples, or after the last sample of the trace.
struct TapCounter: Sendable {
    let gesture: String
    let taps: Int
    let touches: Int
    let maximumDuration: Double
    let allowableMovement: Double
    let maximumInterval: Double
    let maximumDistance: Double

    private var completed = 0
    private var inTap = false
    private var starts = TouchMap<Point>()
    private var mostTouches = 0
    private var firstLocation: Point?
    private var lastLift = 0.0

    init(gesture: String, parameters: ParameterValues) {
        self.gesture = gesture
        taps = max(1, Int(parameters["taps"]))
        touches = max(1, Int(parameters["touches"]))
        maximumDuration = parameters["maximumDuration"]
        allowableMovement = parameters["allowableMovement"]
        maximumInterval = parameters["maximumInterval"]
        maximumDistance = parameters["maximumDistance"]
    }

    static func parameters(taps: Double) -> [Parameter] {
        [
            Parameter("taps", unit: "count", default: taps, seed: taps, "taps required"),
            Parameter("touches", unit: "count", default: 1, seed: 1, "fingers required, down together, in each tap"),
            Parameter("maximumDuration", unit: "s", default: 0.25, seed: 0.25, "longest time a tap may be held (Hammer.js: 250 ms)"),
            Parameter("allowableMovement", unit: "pt", default: 9, seed: 9, "how far a finger may move during a tap (Hammer.js: 9 px)"),
            Parameter("maximumInterval", unit: "s", default: 0.3, seed: 0.3, "longest wait from one tap's lift to the next tap (Hammer.js: 300 ms)"),
            Parameter("maximumDistance", unit: "pt", default: 10, seed: 10, "how far a later tap may land from the first (Hammer.js: 10 px)"),
        ]
    }

    mutating func began(_ touches: [Touch], context: inout RecognizerContext) {
        let now = context.time
        if !inTap {
            if completed > 0, now - lastLift > maximumInterval {
                return context.fail(
                    "too-late", "tap \(completed + 1) came too late", measured: now - lastLift, limit: maximumInterval,
                    unit: "s", point: touches[0].location, at: touches[0])
            }
            inTap = true
            mostTouches = 0
            context.setDeadline(at: now + maximumDuration, tag: "held-\(completed)")
        }
        for touch in touches {
            starts[touch.id] = touch.location
            if let first = firstLocation, touch.location.distance(to: first) > maximumDistance {
                return context.fail(
                    "too-far", "tap \(completed + 1) landed too far from the first", measured: touch.location.distance(to: first),
                    limit: maximumDistance, unit: "pt", point: touch.location, at: touch)
            }
        }
        mostTouches = max(mostTouches, starts.count)
        if starts.count > self.touches {
            context.fail(
                "too-many-touches", "\(starts.count) fingers down; \(gesture) needs \(self.touches)",
                measured: Double(starts.count), limit: Double(self.touches), unit: "touches", point: touches[0].location,
                at: touches[0])
        }
    }

    mutating func moved(_ touches: [Touch], context: inout RecognizerContext) {
        for touch in touches {
            guard let start = starts[touch.id] else { continue }
            let distance = touch.location.distance(to: start)
            if distance > allowableMovement {
                return context.fail(
                    "moved", "moved too far for a tap", measured: distance, limit: allowableMovement, unit: "pt",
                    point: touch.location, at: touch)
            }
        }
    }

    mutating func ended(_ touches: [Touch], context: inout RecognizerContext) {
        moved(touches, context: &context)
        if context.request != nil { return }
        for touch in touches { starts[touch.id] = nil }
        guard starts.isEmpty, inTap else { return }
        inTap = false
        guard mostTouches >= self.touches else {
            return context.fail(
                "too-few-touches", "\(mostTouches) finger(s) down together; \(gesture) needs \(self.touches)",
                measured: Double(mostTouches), limit: Double(self.touches), unit: "touches", point: touches[0].location,
                at: touches[0])
        }
        completed += 1
        lastLift = context.time
        if firstLocation == nil { firstLocation = touches[0].location }
        if completed == taps {
            context.recognize(
                gesture, details: [.init("location", .point(firstLocation)), .init("taps", .number(Double(taps)))],
                at: touches[0])
        } else {
            context.setDeadline(at: context.time + maximumInterval, tag: "interval-\(completed)")
        }
    }

    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        if tag == "held-\(completed)", inTap {
            context.fail(
                "held-too-long", "tap \(completed + 1) was held too long", measured: maximumDuration, limit: maximumDuration,
                unit: "s")
        } else if tag == "interval-\(completed)", !inTap {
            context.fail(
                "no-next-tap", "tap \(completed + 1) of \(taps) did not come in time", measured: maximumInterval,
                limit: maximumInterval, unit: "s", point: firstLocation)
        }
    }
}

/// A recognizer that is a `TapCounter`: `tap` and `double-tap` differ only in their definitions.
protocol TapCounting: Recognizer {
    var counter: TapCounter { get set }
}

extension TapCounting {
    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        counter.began(touches, context: &context)
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        counter.moved(touches, context: &context)
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        counter.ended(touches, context: &context)
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        counter.deadlinePassed(tag, context: &context)
    }
}
