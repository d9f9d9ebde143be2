/// What a recognizer is, for the recognizers that must wait for it: relationships are declared by what
/// a recognizer is, not by listing ids, so a new shape is waited for by `swipe` and `pan` the moment it
/// is registered.
///
///     RecognizerDefinition(Heart.self, id: "heart", …, capabilities: [.shape])
public struct Capability: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    public var rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }

    /// A one-finger shape, judged on the whole stroke when the finger lifts (checkmark, z, circle). A
    /// swipe waits for every shape to fail, so a Z's first rightward stroke is never a swipe.
    public static let shape = Capability(rawValue: "shape")
    /// A quick straight one-finger stroke, judged when the finger lifts. A pan waits for every shape and
    /// swipe to fail, so it never steals their strokes.
    public static let swipe = Capability(rawValue: "swipe")
    /// A gesture matched against templates learned from examples (`gesture learn`), judged when every
    /// touch has lifted. It waits for every swipe to fail: a point cloud has no rule against a straight
    /// stroke, and a swipe bowed like a brace would be taken for one. A pan waits for it.
    public static let template = Capability(rawValue: "template")

    public var description: String { rawValue }
}

/// A recognizer that must fail before another may recognize (UIKit's `require(toFail:)`): one named by
/// its id, or every other recognizer of the configuration with a capability, in registry order.
public enum Requirement: Sendable, Hashable, CustomStringConvertible {
    case recognizer(String)
    case every(Capability)

    public var description: String {
        switch self {
        case .recognizer(let id): id
        case .every(let capability): "every \(capability)"
        }
    }
}
