/// The states of a gesture recognizer, as `UIGestureRecognizer.State`.
///
/// `recognized` is UIKit's `.ended` (the two are one state there too).
public enum RecognizerState: String, Sendable, Hashable {
    case possible, began, changed, recognized, failed, cancelled

    /// Whether the recognizer has decided and takes no more touches until it is reset.
    public var isFinal: Bool { self == .recognized || self == .failed || self == .cancelled }

    /// Whether UIKit allows going from `self` to `next` for a recognizer of `kind`.
    ///
    /// Discrete: possible → recognized | failed. Continuous: possible → began | failed,
    /// began | changed → changed | recognized (ended) | cancelled.
    public func canMove(to next: RecognizerState, kind: RecognizerKind) -> Bool {
        switch (kind, self, next) {
        case (_, .possible, .failed): true
        case (.discrete, .possible, .recognized): true
        case (.continuous, .possible, .began): true
        case (.continuous, .began, .changed), (.continuous, .changed, .changed): true
        case (.continuous, .began, .recognized), (.continuous, .changed, .recognized): true
        case (.continuous, .began, .cancelled), (.continuous, .changed, .cancelled): true
        default: false
        }
    }
}

/// Whether a recognizer decides once (a checkmark) or reports a gesture as it goes (a pan).
public enum RecognizerKind: String, Sendable, Hashable {
    case discrete, continuous
}
