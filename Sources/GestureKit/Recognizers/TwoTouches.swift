/// The first two touches of a sequence, for `pinch` and `rotation`: their distance and angle now and
/// when both were first down, and how fast each changes.
struct TwoTouches: Sendable {
    private(set) var ids: [TouchID] = []
    private var locations: [TouchID: Point] = [:]
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
