/// The first two touches of a sequence, for `pinch` and `rotation`: their distance and angle now and
/// when both were first down, and how fast each changes.
struct TwoTouches: Sendable {
    private(set) var ids: [TouchID] = []
    private var locations = TouchMap<Point>()
    private var startDistance = 0.0
    private var startAngle = 0.0
    /// The rotation so far, unwrapped across ±π.
    private(set) var rotation = 0.0
    private var lastAngle = 0.0
    private var lastTime = 0.0
    private(set) var scaleVelocity = 0.0
    private(set) var rotationVelocity = 0.0
    private var lastScale = 1.0
    private var lastRotation = 0.0

    var bothDown: Bool { ids.count == 2 && ids.allSatisfy { locations[$0] != nil } }

    /// Adds touches; returns false when a third finger touched down.
    mutating func add(_ touches: [Touch], at time: Double) -> Bool {
        for touch in touches {
            guard ids.count < 2 else { return false }
            ids.append(touch.id)
            locations[touch.id] = touch.location
        }
        if ids.count == 2, startDistance == 0 {
            startDistance = max(distance, 1e-9)
            startAngle = angle
            lastAngle = startAngle
            lastTime = time
        }
        return true
    }

    mutating func move(_ touches: [Touch], at time: Double) {
        guard ids.count == 2 else { return }
        for touch in touches where locations[touch.id] != nil { locations[touch.id] = touch.location }
        guard bothDown else { return }
        var step = angle - lastAngle
        if step > Double.pi { step -= 2 * Double.pi }
        if step < -Double.pi { step += 2 * Double.pi }
        rotation += step
        lastAngle = angle
        if time > lastTime {
            scaleVelocity = (scale - lastScale) / (time - lastTime)
            rotationVelocity = (rotation - lastRotation) / (time - lastTime)
            lastTime = time
        }
        lastScale = scale
        lastRotation = rotation
    }

    /// Removes lifted touches; returns true when one of the two tracked lifted.
    mutating func lift(_ touches: [Touch]) -> Bool {
        var tracked = false
        for touch in touches where locations[touch.id] != nil {
            locations[touch.id] = nil
            tracked = true
        }
        return tracked
    }

    var scale: Double { ids.count == 2 ? distance / startDistance : 1 }

    private var distance: Double {
        guard ids.count == 2, let a = locations[ids[0]], let b = locations[ids[1]] else { return startDistance }
        return a.distance(to: b)
    }

    private var angle: Double {
        guard ids.count == 2, let a = locations[ids[0]], let b = locations[ids[1]] else { return lastAngle }
        return Geometry.angle(dx: b.x - a.x, dy: b.y - a.y)
    }
}

/// A continuous two-finger recognizer that begins once one measure of the fingers (`pinch`: how much
/// their distance changed; `rotation`: how far they turned) reaches a threshold, and ends when fewer
/// than two fingers remain.
protocol TwoFingerGesture: Recognizer {
    var fingers: TwoTouches { get set }
    /// The gesture's name, which is also its id.
    static var gesture: String { get }
    /// The failure code, message and unit for two fingers that lift before reaching the threshold.
    static var liftedEarly: (code: String, message: String, unit: String) { get }
    var threshold: Double { get }
    /// How far the fingers have gone towards the threshold.
    var progress: Double { get }
    var values: [JSONValue.Member] { get }
}

extension TwoFingerGesture {
    public mutating func touchesBegan(_ touches: [Touch], context: inout RecognizerContext) {
        guard fingers.add(touches, at: context.time) else {
            let message = "a third finger touched down; a \(Self.gesture) is two fingers"
            if context.state == .possible {
                context.fail("too-many-touches", message, measured: 3, limit: 2, unit: "touches", point: touches[0].location, at: touches[0])
            } else {
                context.cancel("too-many-touches", message, at: touches[0])
            }
            return
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        guard fingers.bothDown else { return }
        if context.state == .possible {
            if progress >= threshold { context.begin(Self.gesture, details: values, at: touches[0]) }
        } else {
            context.change(Self.gesture, details: values, at: touches[0])
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        let final = values
        guard fingers.lift(touches) else { return }
        guard context.state == .possible else {
            return context.recognize(Self.gesture, details: final, at: touches[0])
        }
        if fingers.ids.count == 2 {
            context.fail(
                Self.liftedEarly.code, Self.liftedEarly.message, measured: progress, limit: threshold,
                unit: Self.liftedEarly.unit, point: touches[0].location, at: touches[0])
        } else {
            context.fail(
                "needs-two-touches", "one finger only; a \(Self.gesture) is two", measured: 1, limit: 2, unit: "touches",
                point: touches[0].location, at: touches[0])
        }
    }
}
