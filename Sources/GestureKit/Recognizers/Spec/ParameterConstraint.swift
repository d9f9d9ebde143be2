/// An order two parameters of a recognizer must keep: `lower ≤ upper`, such as a minimum and its
/// maximum. Declared once, next to the parameters (`RecognizerParameters.constraints`), shown by
/// `gesture list` and the guides, and checked on the final values of a configuration
/// (`Configuration.check()`), after every setting: values that break one contradict each other.
///
///     public static let constraints = [ParameterConstraint("minimumTouches", atMost: "maximumTouches")]
///
/// A constraint with a side switched off (an optional rule set to off) holds.
public struct ParameterConstraint: Sendable, Hashable, CustomStringConvertible {
    /// The parameter that must not be above the other.
    public var lower: String
    public var upper: String

    /// `lower ≤ upper`.
    public init(_ lower: String, atMost upper: String) {
        self.lower = lower
        self.upper = upper
    }

    /// `minimumTouches ≤ maximumTouches`.
    public var description: String { "\(lower) ≤ \(upper)" }

    /// Whether `values` keep the order: `nil` when a side has no number (it is off, a switch, or not
    /// there), so nothing contradicts.
    public func holds(in values: ParameterValues) -> Bool? {
        guard let low = values[lower]?.number, let high = values[upper]?.number else { return nil }
        return low <= high
    }
}
