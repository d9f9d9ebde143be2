/// The parameters of `tap` and `double-tap`: how many taps, with how many fingers, how short, how still,
/// how close together in time and place. Hammer.js's tap defaults, the most explicit published ones
/// (UIKit documents none), in both profiles.
public struct TapParameters: RecognizerParameters {
    public var taps = 1
    public var touches = 1
    public var maximumDuration = 0.25
    public var allowableMovement = 9.0
    public var maximumInterval = 0.3
    public var maximumDistance = 10.0

    public init() {}

    public static let declarations: [ParameterDeclaration<TapParameters>] = [
        .init("taps", \.taps, .count, minimum: 1, "taps required"),
        .init("touches", \.touches, .count, minimum: 1, "fingers required, down together, in each tap"),
        .init(
            "maximumDuration", \.maximumDuration, .seconds, minimum: 0,
            "longest time a tap may be held (Hammer.js: 250 ms)"),
        .init(
            "allowableMovement", \.allowableMovement, .points, minimum: 0,
            "how far a finger may move during a tap (Hammer.js: 9 px)"),
        .init(
            "maximumInterval", \.maximumInterval, .seconds, minimum: 0,
            "longest wait from one tap's lift to the next tap (Hammer.js: 300 ms)"),
        .init(
            "maximumDistance", \.maximumDistance, .points, minimum: 0,
            "how far a later tap may land from where the first lifted (Hammer.js: 10 px)"),
    ]
}

/// The failure codes of `tap` and `double-tap`.
public enum TapFailureCode: String, RecognizerFailureCode {
    case heldTooLong = "held-too-long"
    case moved
    case tooManyTouches = "too-many-touches"
    case tooFewTouches = "too-few-touches"
    case tooFar = "too-far"
    case noNextTap = "no-next-tap"

    public var meaning: String {
        switch self {
        case .heldTooLong: "a tap was still down maximumDuration after it began"
        case .moved: "a finger moved further than allowableMovement during a tap"
        case .tooManyTouches: "more fingers down together than touches"
        case .tooFewTouches: "a tap lifted with fewer fingers down together than touches"
        case .tooFar:
            "a later tap landed further than maximumDistance from where the first lifted (with several fingers, their centroids once all are down)"
        case .noNextTap: "the next tap did not begin within maximumInterval of the last lift"
        }
    }
}

/// Counts taps for `tap` and `double-tap`: each tap short and nearly still, each next tap soon after
/// the last and near the first, with every touch required down together.
///
/// Deadlines run on the trace clock: a tap held too long fails at exactly `maximumDuration` after it
/// began, and a missing next tap fails at exactly `maximumInterval` after the last lift — between
/// samples, or after the last sample of the trace. A next tap that begins at exactly that time is in
/// time (a deadline at the time of an event fires after it).
struct TapCounter: Sendable {
    let gesture: String
    let parameters: TapParameters

    private var completed = 0
    private var inTap = false
    private var starts = TouchMap<Point>()
    /// Where each finger of the tap under way lifted.
    private var lifts = TouchMap<Point>()
    private var mostTouches = 0
    /// Where the first tap lifted: the centroid of its fingers' lifts, as UIKit's location is.
    private var firstLocation: Point?

    init(gesture: String, parameters: TapParameters) {
        self.gesture = gesture
        self.parameters = parameters
    }

    mutating func began(_ touches: [Touch], context: inout RecognizerContext) {
        let now = context.time
        if !inTap {
            inTap = true
            mostTouches = 0
            lifts = TouchMap()
            context.setDeadline(at: now + parameters.maximumDuration, tag: "held-\(completed)")
        }
        for touch in touches { starts[touch.id] = touch.location }
        // A later tap is measured from the first once all its fingers are down, by their centroid:
        // two fingers landing where two lifted are in place, though each is 50 pt from the other's.
        if let first = firstLocation, starts.count == parameters.touches {
            let landed = starts.centroid
            let distance = landed.distance(to: first)
            if Tolerance.exceeds(distance, parameters.maximumDistance) {
                return context.fail(
                    TapFailureCode.tooFar, "tap \(completed + 1) landed too far from the first",
                    measured: distance, limit: parameters.maximumDistance, unit: .points, point: landed,
                    at: touches[0])
            }
        }
        mostTouches = max(mostTouches, starts.count)
        if starts.count > parameters.touches {
            let extra = touches.first(pastAllowed: parameters.touches, down: starts.count)
            context.fail(
                TapFailureCode.tooManyTouches, "\(starts.count) fingers down; \(gesture) needs \(parameters.touches)",
                measured: Double(starts.count), limit: Double(parameters.touches), unit: .touches,
                point: extra.location, at: extra)
        }
    }

    mutating func moved(_ touches: [Touch], context: inout RecognizerContext) {
        for touch in touches {
            guard let start = starts[touch.id] else { continue }
            let distance = touch.location.distance(to: start)
            if Tolerance.exceeds(distance, parameters.allowableMovement) {
                return context.fail(
                    TapFailureCode.moved, "moved too far for a tap", measured: distance,
                    limit: parameters.allowableMovement, unit: .points, point: touch.location, at: touch)
            }
        }
    }

    mutating func ended(_ touches: [Touch], context: inout RecognizerContext) {
        moved(touches, context: &context)
        if context.request != nil { return }
        for touch in touches {
            starts[touch.id] = nil
            lifts[touch.id] = touch.location
        }
        guard starts.isEmpty, inTap else { return }
        inTap = false
        guard mostTouches >= parameters.touches else {
            return context.fail(
                TapFailureCode.tooFewTouches,
                "\(mostTouches) finger(s) down together; \(gesture) needs \(parameters.touches)",
                measured: Double(mostTouches), limit: Double(parameters.touches), unit: .touches,
                point: touches[0].location, at: touches[0])
        }
        completed += 1
        if firstLocation == nil { firstLocation = lifts.centroid }
        if completed == parameters.taps {
            context.recognize(
                gesture,
                details: [.init("location", .point(firstLocation)), .init("taps", .number(Double(parameters.taps)))],
                at: touches[0])
        } else {
            context.setDeadline(at: context.time + parameters.maximumInterval, tag: "interval-\(completed)")
        }
    }

    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        if tag == "held-\(completed)", inTap {
            context.fail(
                TapFailureCode.heldTooLong, "tap \(completed + 1) was held too long",
                measured: parameters.maximumDuration,
                limit: parameters.maximumDuration, unit: .seconds)
        } else if tag == "interval-\(completed)", !inTap {
            context.fail(
                TapFailureCode.noNextTap, "tap \(completed + 1) of \(parameters.taps) did not come in time",
                measured: parameters.maximumInterval, limit: parameters.maximumInterval, unit: .seconds,
                point: firstLocation)
        }
    }
}

/// A recognizer that is a `TapCounter`: `tap` and `double-tap` differ only in their definitions.
protocol TapCounting: Recognizer where Parameters == TapParameters, FailureCode == TapFailureCode {
    var counter: TapCounter { get set }
}

extension TapCounting {
    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        counter.began(touches, context: &context)
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        counter.moved(touches, context: &context)
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        counter.ended(touches, context: &context)
    }

    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        counter.deadlinePassed(tag, context: &context)
    }
}
