/// A touch as a recognizer sees it during one event, like `UITouch`.
public struct Touch: Sendable, Hashable {
    public var id: TouchID
    public var phase: Phase
    public var location: Point
    /// Where the touch was in the previous event that carried it (its own location when it began).
    public var previousLocation: Point
    /// Trace time of this event, in seconds.
    public var timestamp: Double
    /// Index of the sample that produced this touch.
    public var sampleIndex: Int

    public init(
        id: TouchID, phase: Phase, location: Point, previousLocation: Point, timestamp: Double, sampleIndex: Int
    ) {
        self.id = id
        self.phase = phase
        self.location = location
        self.previousLocation = previousLocation
        self.timestamp = timestamp
        self.sampleIndex = sampleIndex
    }
}

extension Array where Element == Touch {
    /// Of touches that just landed, the one that took the fingers down past `allowed`, when `down` are
    /// down now (these among them): the third of three landing together where two may, not the
    /// first, which was allowed. The touches must not be empty.
    public func first(pastAllowed allowed: Int, down: Int) -> Touch {
        precondition(!isEmpty, "first(pastAllowed:down:) of no touches")
        let before = down - count
        return self[Swift.min(count - 1, Swift.max(0, allowed - before))]
    }
}
