/// Values of one recognizer that break one of its constraints: a minimum set above its maximum.
public struct Contradiction: Sendable, Hashable, CustomStringConvertible {
    /// The recognizer.
    public var id: String
    public var constraint: ParameterConstraint
    /// The values of the constraint's two parameters.
    public var lower: ParameterValue
    public var upper: ParameterValue

    public init(id: String, constraint: ParameterConstraint, lower: ParameterValue, upper: ParameterValue) {
        self.id = id
        self.constraint = constraint
        self.lower = lower
        self.upper = upper
    }

    /// `pan.minimumTouches = 5 is above pan.maximumTouches = 2`, with values as a config file writes them.
    public var description: String {
        "\(id).\(constraint.lower) = \(lower.text) is above \(id).\(constraint.upper) = \(upper.text)"
    }
}
