/// A gesture recognizer, modelled on `UIGestureRecognizer`: it is handed touches by phase, with the
/// event they came in, and asks the engine, through its context, to change state, ignore a touch or be
/// woken at a trace time.
///
/// A recognizer is a value made from its typed `Parameters`. The engine makes a fresh one for every
/// attempt, which is UIKit's `reset()`: no state can leak from one attempt into the next. Once it has
/// asked to change state, the engine enforces the legal transitions and arbitration. Its registry
/// entry, a `RecognizerDefinition`, says what it is, what it recognizes and how it fails:
///
///     public struct Tap: Recognizer {
///         public static let definition = RecognizerDefinition(Tap.self, id: "tap", …)
///         public init(parameters: Parameters) { … }
///         public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
///             context.recognize("tap")
///         }
///     }
///
/// `docs/adding-a-recognizer.md` walks through writing one.
public protocol Recognizer: Sendable {
    /// Its parameters, typed; `NoParameters` when it has none.
    associatedtype Parameters: RecognizerParameters = NoParameters
    /// The failure codes its own rules give.
    associatedtype FailureCode: RecognizerFailureCode = NoFailureCode

    /// The default profile's parameter values; `Parameters()` unless the recognizer says otherwise
    /// (a double tap shares a tap's parameters, with two taps).
    static var defaultParameters: Parameters { get }
    /// The seed profile's values, the rules as published; `Parameters.seed` unless it says otherwise.
    static var seedParameters: Parameters { get }
    /// The hammer profile's values, Hammer.js's defaults; `Parameters.hammer` unless it says otherwise.
    static var hammerParameters: Parameters { get }

    /// A fresh recognizer, ready for the first touch of an attempt.
    init(parameters: Parameters)

    /// Touches that touched down in `event`.
    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext)
    /// Touches that moved in `event` (never the stationary ones, which only the event lists).
    mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext)
    /// Touches that lifted in `event`.
    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext)
    /// Touches the system took away. By default this fails a recognizer still possible and cancels a
    /// continuous one in flight.
    mutating func touchesCancelled(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext)
    /// Called at the trace time of a deadline the recognizer set, if it is still deciding.
    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext)
}

extension Recognizer {
    public static var defaultParameters: Parameters { Parameters() }
    public static var seedParameters: Parameters { Parameters.seed }
    public static var hammerParameters: Parameters { Parameters.hammer }

    /// The parameters of `profile`.
    public static func parameters(_ profile: Profile) -> Parameters {
        switch profile {
        case .default: defaultParameters
        case .seed: seedParameters
        case .hammer: hammerParameters
        }
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {}
    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {}
    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {}
    public mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {}

    public mutating func touchesCancelled(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext)
    {
        let reason = FailureReason(
            EngineFailure.touchCancelled, "touch \(TraceValidator.display(touches[0].id)) was cancelled",
            point: touches[0].location)
        if context.state == .possible {
            context.fail(reason)
        } else {
            context.cancel(reason)
        }
    }
}

/// A recognized gesture: its name (`swipe-left`) and the values that describe it, as the recognizer's
/// definition declares them.
public struct Recognition: Sendable, Hashable {
    public var gesture: String
    public var details: [JSONValue.Member]

    public init(gesture: String, details: [JSONValue.Member] = []) {
        self.gesture = gesture
        self.details = details
    }
}
