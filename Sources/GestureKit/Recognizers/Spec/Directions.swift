/// A set of the four directions on the screen: the directions a swipe may go (UIKit's
/// `UISwipeGestureRecognizer.direction`) or a pan may begin in (Hammer.js's `direction`).
///
/// A config file writes it as an array of names, `["left", "right"]`; `--set` as `left,right`. The
/// names `horizontal`, `vertical` and `all` stand for two or four of them, as in Hammer.js.
public struct Directions: OptionSet, Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let left = Directions(rawValue: 1)
    public static let right = Directions(rawValue: 2)
    public static let up = Directions(rawValue: 4)
    public static let down = Directions(rawValue: 8)
    public static let horizontal: Directions = [.left, .right]
    public static let vertical: Directions = [.up, .down]
    public static let all: Directions = [.horizontal, .vertical]

    /// The single directions, in the order they are written.
    static let named: [(name: String, direction: Directions)] = [
        ("left", .left), ("right", .right), ("up", .up), ("down", .down),
    ]
    /// Every name a value may be written with.
    public static let names = named.map(\.name) + ["horizontal", "vertical", "all"]

    /// The direction or set of directions `name` stands for.
    public init?(name: String) {
        switch name {
        case "horizontal": self = .horizontal
        case "vertical": self = .vertical
        case "all": self = .all
        default:
            guard let found = Directions.named.first(where: { $0.name == name }) else { return nil }
            self = found.direction
        }
    }

    /// The names of the single directions it holds, in order.
    public var names: [String] { Directions.named.filter { contains($0.direction) }.map(\.name) }

    /// `left, right`; `none` when empty.
    public var description: String { isEmpty ? "none" : names.joined(separator: ", ") }

    /// The direction of a movement by `dx`, `dy` along its main axis (ties horizontal; y grows
    /// downward), empty for no movement.
    public static func of(dx: Double, dy: Double) -> Directions {
        if dx == 0, dy == 0 { return [] }
        if abs(dx) >= abs(dy) { return dx < 0 ? .left : .right }
        return dy < 0 ? .up : .down
    }

    /// The name of a single direction (`left`), or `none`: a literal, so that a pan reporting its
    /// direction at every move allocates nothing.
    var name: String {
        switch self {
        case .left: "left"
        case .right: "right"
        case .up: "up"
        case .down: "down"
        default: "none"
        }
    }
}

extension Directions: ParameterField {
    public static var valueType: ParameterSpec.ValueType { .directions }
    public init?(_ value: ParameterValue) {
        guard case .directions(let directions) = value else { return nil }
        self = directions
    }
    public var parameterValue: ParameterValue { .directions(self) }
}
