/// One value a recognizer reports with a recognition (its `details`) or with a continuous
/// recognizer's `began`, `changed` and `ended` (their `values`): the swipe's travel, the circle's
/// centre, a pan's translation. The JSON schema's recognizer parts and the docs are made from these.
public struct DetailSpec: Sendable, Hashable {
    /// The shape of a value in JSON.
    public enum Kind: Sendable, Hashable {
        case number
        case integer
        /// `{"x": …, "y": …}`.
        case point
        /// `{"x": …, "y": …, "width": …, "height": …}`.
        case rectangle
        /// One of these strings.
        case text([String])

        /// `number`, `integer`, `point`, `rectangle` or `text`.
        public var name: String {
            switch self {
            case .number: "number"
            case .integer: "integer"
            case .point: "point"
            case .rectangle: "rectangle"
            case .text: "text"
            }
        }
    }

    public var name: String
    public var kind: Kind
    public var unit: MeasureUnit?
    /// The smallest value a number takes, when it has one.
    public var minimum: Double?
    /// Whether it may be `null` (a speed over no time, say).
    public var nullable: Bool
    /// How a `null` reads in the text output: `none` (no runner-up), or what it stands for (`infinite`).
    public var nullText: String
    public var meaning: String

    public init(
        _ name: String, _ kind: Kind, unit: MeasureUnit? = nil, minimum: Double? = nil, nullable: Bool = false,
        nullText: String = "none", _ meaning: String
    ) {
        self.name = name
        self.kind = kind
        self.unit = unit
        self.minimum = minimum
        self.nullable = nullable
        self.nullText = nullText
        self.meaning = meaning
    }

    /// Whether `value` has this shape.
    public func admits(_ value: JSONValue) -> Bool {
        switch (kind, value) {
        case (_, .null): nullable
        case (.number, .number(let n)): n >= (minimum ?? -.infinity)
        case (.integer, .number(let n)): n == n.rounded() && n >= (minimum ?? -.infinity)
        case (.point, .object(let members)):
            members.map(\.key) == ["x", "y"] && members.allSatisfy { $0.value.numberValue != nil }
        case (.rectangle, .object(let members)):
            members.map(\.key) == ["x", "y", "width", "height"] && members.allSatisfy { $0.value.numberValue != nil }
        case (.text(let values), .string(let s)): values.contains(s)
        default: false
        }
    }
}
