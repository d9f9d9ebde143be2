/// A parameter's value, whatever its type: what a config file, `gesture list` and the registry hold.
///
/// A recognizer never reads these: it gets its own typed `Parameters` value.
public enum ParameterValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    case integer(Int)
    case boolean(Bool)
    /// A set of directions (`["left", "right"]` in a config file).
    case directions(Directions)
    /// An optional rule switched off (`null` in a config file).
    case off

    public var description: String {
        switch self {
        case .number(let value): Format.significant(value, decimals: 4)
        case .integer(let value): String(value)
        case .boolean(let value): value ? "true" : "false"
        case .directions(let value): value.names.joined(separator: ",")
        case .off: "off"
        }
    }

    /// The value as JSON: a number, a boolean, or `null` for a rule switched off.
    public var json: JSONValue {
        switch self {
        case .number(let value): .number(value)
        case .integer(let value): .number(Double(value))
        case .boolean(let value): .bool(value)
        case .directions(let value): .array(value.names.map { .string($0) })
        case .off: .null
        }
    }
}

extension ParameterValue: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByNilLiteral
{
    /// `0.5` is `.number(0.5)`.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// `3` is `.integer(3)`, which a number parameter takes as 3.0.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// `true` is `.boolean(true)`.
    public init(booleanLiteral value: Bool) { self = .boolean(value) }
    /// `nil` is `.off`.
    public init(nilLiteral: ()) { self = .off }
}

/// Parameter values by name: one recognizer's, as a configuration holds them.
public struct ParameterValues: Sendable, Hashable {
    private var values: [String: ParameterValue] = [:]

    public init() {}

    public subscript(name: String) -> ParameterValue? {
        get { values[name] }
        set { values[name] = newValue }
    }

    public var isEmpty: Bool { values.isEmpty }

    /// The names that have a value, sorted.
    public var names: [String] { values.keys.sorted() }

    /// These values, with those of `other` in place of theirs.
    public func merging(_ other: ParameterValues) -> ParameterValues {
        ParameterValues(values: values.merging(other.values) { $1 })
    }

    private init(values: [String: ParameterValue]) {
        self.values = values
    }
}
