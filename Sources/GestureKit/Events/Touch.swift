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
