/// The first two touches of a sequence, for `pinch` and `rotation`: their distance or angle now and
/// when both were first down, and how fast it changes. A finger that lands where one of the two has
/// lifted takes its place, the measure going on from where it was.
///
/// The two touches are kept in fields rather than a map, and each recognizer follows only its own
/// measure: the angle (an `atan2` per move) for `rotation`, the distance for `pinch`.
struct TwoTouches: Sendable {
    /// Whether to follow the angle between the fingers (`rotation`) rather than their distance (`pinch`).
    let measuresRotation: Bool
    /// How many touches were taken: the first two of the sequence; a third is refused while both are down.
    private(set) var count = 0
    private var firstID = TouchID.number(0)
    private var secondID = TouchID.number(0)
    /// Where each taken touch is while it is down; `nil` once lifted.
    private var first: Point?
    private var second: Point?
    /// The distance when both were first down, and the same kept off zero to divide by (`scale`), or,
    /// for fingers that landed on one point, where they first came apart.
    private var startGap = 0.0
    private var startDistance = 0.0
    /// Whether fingers that landed on one point have come apart (`startDistance` is then where).
    private var parted = false
    /// Fingers closer than this (a thousandth of a point) landed on one point: a distance of 1e-9 pt
    /// to divide by read a scale of 1e11.
    static let onePoint = 0.001
    /// The rotation so far, unwrapped across ±π.
    private(set) var rotation = 0.0
    private var lastAngle = 0.0
    private var lastTime = 0.0
    private(set) var scaleVelocity = 0.0
    private(set) var rotationVelocity = 0.0
    private var lastScale = 1.0
    private var lastRotation = 0.0

    init(measuresRotation: Bool) {
        self.measuresRotation = measuresRotation
    }

    var bothDown: Bool { count == 2 && first != nil && second != nil }

    /// Whether one of the taken touches is still down.
    var anyDown: Bool { first != nil || (count == 2 && second != nil) }

    /// Where a taken touch is, or `nil` when it is not taken or has lifted.
    private func location(of id: TouchID) -> Point? {
        if count > 0, id == firstID { return first }
        if count == 2, id == secondID { return second }
        return nil
    }

    /// Sets (or, with `nil`, clears) where a taken touch is; both fields when the two share an id.
    private mutating func setLocation(_ location: Point?, of id: TouchID) {
        if count > 0, id == firstID { first = location }
        if count == 2, id == secondID { second = location }
    }

    /// Adds touches; returns false when a third finger touched down.
    mutating func add(_ touches: [Touch], at time: Double) -> Bool {
        for touch in touches {
            if count == 2 {
                guard first == nil || second == nil else { return false }
                rejoin(touch, at: time)
                continue
            }
            if count == 0 { firstID = touch.id } else { secondID = touch.id }
            count += 1
            setLocation(touch.location, of: touch.id)
        }
        if count == 2, startDistance == 0 {
            startGap = distance
            startDistance = max(startGap, 1e-9)
            lastAngle = angle
            lastTime = time
        }
        return true
    }

    /// A finger landing where one of the two lifted (UIKit's pinch and rotation go on while a finger
    /// is down): it takes the lifted one's place, and the measure goes on from where it was rather than
    /// jumping to wherever the new finger landed.
    private mutating func rejoin(_ touch: Touch, at time: Double) {
        if first == nil {
            firstID = touch.id
            first = touch.location
        } else {
            secondID = touch.id
            second = touch.location
        }
        guard bothDown else { return }
        if measuresRotation {
            lastAngle = angle
        } else if lastScale > 0 {
            startDistance = max(distance / lastScale, 1e-9)
            startGap = startDistance
        }
        lastTime = time
    }

    mutating func move(_ touches: [Touch], at time: Double) {
        guard count == 2 else {
            // The first finger is followed before the second lands, so that both start where they are
            // then. (Every one-finger stroke comes here, twice: pinch and rotation.)
            if count == 1, first != nil, let moved = touches.first(where: { $0.id == firstID }) {
                first = moved.location
            }
            return
        }
        for touch in touches where location(of: touch.id) != nil { setLocation(touch.location, of: touch.id) }
        guard bothDown else { return }
        // Fingers that landed on one point (`onePoint`) have no distance to divide by nor angle: the
        // scale and the angle are measured from where they first come apart (a scale of 2 at twice
        // that distance, where from the kept-off-zero start it read 2e11; no rotation for fingers that
        // part along one line). Their parting is still a change, of all the distance (`scaleChange`).
        if startGap < Self.onePoint, !parted {
            let distance = self.distance
            guard distance >= Self.onePoint else { return }
            parted = true
            (startDistance, lastAngle, lastTime) = (distance, angle, time)
        }
        // An event that does not change the measure is no movement, and leaves the velocity (and its
        // time) as they were, as the pan's: fingers lifted where they last moved end with it, not 0.
        if measuresRotation {
            let angle = self.angle
            rotation += Geometry.wrapped(angle - lastAngle)
            lastAngle = angle
            guard rotation != lastRotation else { return }
            if time > lastTime {
                rotationVelocity = (rotation - lastRotation) / (time - lastTime)
                lastTime = time
            }
            lastRotation = rotation
        } else {
            let scale = self.scale
            guard scale != lastScale else { return }
            if time > lastTime {
                scaleVelocity = (scale - lastScale) / (time - lastTime)
                lastTime = time
            }
            lastScale = scale
        }
    }

    /// Removes lifted touches; returns true when one of the two tracked lifted.
    mutating func lift(_ touches: [Touch]) -> Bool {
        var tracked = false
        for touch in touches where location(of: touch.id) != nil {
            setLocation(nil, of: touch.id)
            tracked = true
        }
        return tracked
    }

    /// The distance over the starting one; with a finger lifted, what it was when both were last down.
    var scale: Double { bothDown ? distance / startDistance : count == 2 ? lastScale : 1 }

    /// How much the distance changed, as a fraction of the starting one: `|scale − 1|`, computed from
    /// the change in points so that a change of exactly a tenth (100 pt to 90) measures 0.1, not the
    /// 0.09999999999999998 of `1 − 0.9`. Fingers that land on one point and stay there have not changed
    /// (0), however small the distance divided by: from the kept-off-zero one they would measure 1.
    /// Once they part, all their distance is change: the distance over where they parted (the scale).
    var scaleChange: Double {
        guard bothDown, parted || startGap >= Self.onePoint else { return 0 }
        return abs(distance - startGap) / startDistance
    }

    private var distance: Double {
        guard count == 2, let a = first, let b = second else { return startDistance }
        return a.distance(to: b)
    }

    private var angle: Double {
        guard count == 2, let a = first, let b = second else { return lastAngle }
        return Geometry.angle(dx: b.x - a.x, dy: b.y - a.y)
    }
}

/// A continuous two-finger recognizer that begins once one measure of the fingers (`pinch`: how much
/// their distance changed; `rotation`: how far they turned) reaches a threshold, changes while both are
/// down, and ends when both have lifted (UIKit's), or, with `endsOnFirstLift`, when one has (Hammer.js's).
protocol TwoFingerGesture: Recognizer {
    var fingers: TwoTouches { get set }
    /// The gesture's name, which is also its id.
    static var gesture: String { get }
    static var tooManyTouches: FailureCode { get }
    static var needsTwoTouches: FailureCode { get }
    /// The failure for two fingers that lift before reaching the threshold: its code, message and unit,
    /// and what the measure did, for a lift that reached the threshold only in its own sample
    /// (`the distance changed by`).
    /// `anyChange` is the message where the threshold is 0 (any change, exceeded strictly: Hammer.js's),
    /// which fails only fingers whose measure did not move at all.
    static var liftedEarly: (code: FailureCode, message: String, anyChange: String, unit: MeasureUnit, onLift: String) {
        get
    }
    var threshold: Double { get }
    /// Whether it ends when the first of its two fingers lifts, rather than when both have.
    var endsOnFirstLift: Bool { get }
    /// How far the fingers have gone towards the threshold.
    var progress: Double { get }
    var values: [JSONValue.Member] { get }
}

extension TwoFingerGesture {
    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        let taken = fingers.count
        guard fingers.add(touches, at: context.time) else {
            // The third finger: with fingers landing together, the one after those taken.
            let third = touches.first(pastAllowed: 2, down: taken + touches.count)
            let message = "a third finger touched down; a \(Self.gesture) is two fingers"
            return context.failOrCancel(
                Self.tooManyTouches, message, measured: 3, limit: 2, unit: .touches, point: third.location, at: third)
        }
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        fingers.move(touches, at: context.time)
        guard fingers.bothDown else { return }
        if context.state == .possible {
            // A threshold of 0 is "any change": it begins once the measure has moved from where it started.
            let progress = self.progress
            if Tolerance.reaches(progress, threshold), progress > 0 {
                context.begin(Self.gesture, details: values, at: touches[0])
            }
        } else {
            context.change(Self.gesture, details: values, at: touches[0])
        }
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        // What the moves before the lift reached: it begins on a move, never on the lift.
        let before = progress
        fingers.move(touches, at: context.time)
        let final = values
        // Measured before the lift: with a finger gone, the distance between them is unknown.
        let measured = progress
        guard fingers.lift(touches) else { return }
        guard context.state == .possible else {
            // Under way with a finger still down, it waits for that one (or another to land in its place).
            if !endsOnFirstLift, fingers.anyDown { return }
            return context.recognize(Self.gesture, details: final, at: touches[0])
        }
        if fingers.count == 2 {
            var message = threshold > 0 ? Self.liftedEarly.message : Self.liftedEarly.anyChange
            var shown = measured
            if Tolerance.reaches(measured, threshold), measured > 0 {
                // Enough only with the lifting sample's own movement: said, and measured before it.
                // A change of the distance is a fraction of it, said as a share (`by 100%`): `by 1` read as 1 pt.
                let change =
                    Self.liftedEarly.unit == .radians
                    ? "\(Format.significant(measured, decimals: 2)) rad"
                    : "\(Format.significant(measured * 100, decimals: 2))%"
                message += "; \(Self.liftedEarly.onLift) \(change) only as a finger lifted"
                shown = before
            }
            context.fail(
                Self.liftedEarly.code, message, measured: shown, limit: threshold, unit: Self.liftedEarly.unit,
                point: touches[0].location, at: touches[0])
        } else {
            context.fail(
                Self.needsTwoTouches, "one finger only; a \(Self.gesture) is two", measured: 1, limit: 2,
                unit: .touches,
                point: touches[0].location, at: touches[0])
        }
    }
}
