/// The touches of one moment, as UIKit's `UIEvent` carries them: the samples of the trace that share a
/// time, each touch at most once.
///
/// A recognizer is handed the touches of one phase at a time (`touchesBegan`, `touchesMoved`, …) with
/// the event they came in. A stationary touch is in the event but handed to none of those methods, as
/// in UIKit: `touchesMoved` gets only the touches that moved.
public struct TouchEvent: Sendable {
    /// The index of the event over the whole trace, from 0.
    public internal(set) var index: Int
    /// Trace time in seconds.
    public internal(set) var time: Double
    /// Every touch of the event in the order of its samples, stationary ones included.
    public internal(set) var touches: [Touch]

    public init(index: Int, time: Double, touches: [Touch]) {
        self.index = index
        self.time = time
        self.touches = touches
    }
}

/// Which of a recognizer's touches… methods a touch is handed to: its phase, less `stationary`.
enum TouchDelivery: Sendable, Hashable, CaseIterable {
    case began, moved, ended, cancelled

    /// The method a sample in `phase` goes to; `nil` for a stationary touch, which goes to none.
    init?(_ phase: Phase) {
        switch phase {
        case .began: self = .began
        case .moved: self = .moved
        case .stationary: return nil
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        }
    }
}
