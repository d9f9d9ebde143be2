/// A recognizer's parameters as a typed value: lengths, times and ratios as `Double`, counts as `Int`,
/// switches as `Bool`, a rule that can be switched off as an optional. `init()` gives the default
/// profile's values and `seed` the rules as published; `declarations` names each field once, with its
/// unit, range and meaning, for `gesture list`, config files and the docs.
///
///     public struct Parameters: RecognizerParameters {
///         public var minimumTravel = 30.0
///         public var maximumBow: Double? = 0.1
///         public init() {}
///         public static let seed = Parameters().with { $0.minimumTravel = 16; $0.maximumBow = nil }
///         public static let declarations: [ParameterDeclaration<Parameters>] = [
///             .init("minimumTravel", \.minimumTravel, .points, minimum: 0, "distance along the axis"),
///             .init("maximumBow", \.maximumBow, .ratio, minimum: 0, "bow allowed, as a fraction of the travel"),
///         ]
///     }
///
/// Two fields whose values must keep an order (a minimum and its maximum) say so in `constraints`.
public protocol RecognizerParameters: Sendable, Hashable {
    /// The default profile's values, tuned for real hands.
    init()
    /// The seed profile's values: the rules as published. By default the same as `init()`.
    static var seed: Self { get }
    /// The hammer profile's values: Hammer.js's defaults. By default the same as `init()`.
    static var hammer: Self { get }
    /// Every field a user may set, in the order `gesture list` shows them.
    static var declarations: [ParameterDeclaration<Self>] { get }
    /// Orders the fields' values must keep, by name: a minimum not above its maximum. None by default.
    static var constraints: [ParameterConstraint] { get }
}

extension RecognizerParameters {
    public static var seed: Self { Self() }
    public static var hammer: Self { Self() }
    public static var constraints: [ParameterConstraint] { [] }

    /// `base` with the values a configuration holds; names not declared are ignored.
    public init(_ values: ParameterValues, over base: Self = Self()) {
        self = base
        for declaration in Self.declarations {
            if let value = values[declaration.name] { declaration.write(&self, value) }
        }
    }

    /// A copy changed by `change`: `Parameters().with { $0.minimumTravel = 16 }`.
    public func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }

    /// These values by name.
    public var values: ParameterValues {
        var values = ParameterValues()
        for declaration in Self.declarations { values[declaration.name] = declaration.read(self) }
        return values
    }

    /// The parameters as a registry entry lists them, with these default, seed and hammer values.
    public static func specs(default defaults: Self = Self(), seed: Self = Self.seed, hammer: Self = Self.hammer)
        -> [ParameterSpec]
    {
        declarations.map { $0.spec(default: defaults, seed: seed, hammer: hammer) }
    }
}

/// No parameters at all.
public struct NoParameters: RecognizerParameters {
    public init() {}
    public static let declarations: [ParameterDeclaration<NoParameters>] = []
}

/// One field of a `RecognizerParameters` type, declared for users: its name (the `--config` key, and by
/// convention the field's own name), unit, range and meaning.
public struct ParameterDeclaration<Parameters: RecognizerParameters>: Sendable {
    public let name: String
    let type: ParameterSpec.ValueType
    let isOptional: Bool
    let unit: MeasureUnit?
    let minimum: Double?
    let maximum: Double?
    let meaning: String
    let formerNames: [ParameterSpec.FormerName]
    let formerOff: ParameterSpec.FormerOff?
    let read: @Sendable (Parameters) -> ParameterValue
    let write: @Sendable (inout Parameters, ParameterValue) -> Void

    /// Declares the field at `keyPath`.
    ///
    /// - Parameters:
    ///   - name: The key in config files and `gesture list`.
    ///   - unit: The unit of a number (`nil` for a switch).
    ///   - minimum: The smallest value allowed, if any.
    ///   - maximum: The largest value allowed, if any.
    ///   - formerly: Earlier names of the parameter, still read from config files with a warning.
    ///   - formerOff: The value that switched the rule off before it was an optional, still read so.
    ///   - meaning: One line, as `gesture list` shows it.
    public init<Value: ParameterField>(
        _ name: String, _ keyPath: WritableKeyPath<Parameters, Value> & Sendable, _ unit: MeasureUnit?,
        minimum: Double? = nil, maximum: Double? = nil, formerly: [ParameterSpec.FormerName] = [],
        formerOff: ParameterSpec.FormerOff? = nil, _ meaning: String
    ) {
        self.name = name
        type = Value.valueType
        isOptional = Value.isOptional
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.meaning = meaning
        formerNames = formerly
        self.formerOff = formerOff
        read = { $0[keyPath: keyPath].parameterValue }
        write = { parameters, value in
            if let field = Value(value) { parameters[keyPath: keyPath] = field }
        }
    }

    func spec(default defaults: Parameters, seed: Parameters, hammer: Parameters) -> ParameterSpec {
        ParameterSpec(
            name: name, type: type, isOptional: isOptional, unit: unit, minimum: minimum, maximum: maximum,
            meaning: meaning, defaultValue: read(defaults), seed: read(seed), hammer: read(hammer),
            formerNames: formerNames,
            formerOff: formerOff)
    }
}

/// A Swift type a parameter field may have: `Double`, `Int`, `Bool`, or an optional of the first two
/// (a rule that can be switched off).
public protocol ParameterField: Sendable {
    static var valueType: ParameterSpec.ValueType { get }
    static var isOptional: Bool { get }
    /// The field from a checked value (`nil` when the value is of another type).
    init?(_ value: ParameterValue)
    var parameterValue: ParameterValue { get }
}

extension ParameterField {
    public static var isOptional: Bool { false }
}

extension Double: ParameterField {
    public static var valueType: ParameterSpec.ValueType { .number }
    /// A number, or a whole number taken as one.
    public init?(_ value: ParameterValue) {
        switch value {
        case .number(let number): self = number
        case .integer(let integer): self = Double(integer)
        default: return nil
        }
    }
    public var parameterValue: ParameterValue { .number(self) }
}

extension Int: ParameterField {
    public static var valueType: ParameterSpec.ValueType { .integer }
    public init?(_ value: ParameterValue) {
        guard case .integer(let integer) = value else { return nil }
        self = integer
    }
    public var parameterValue: ParameterValue { .integer(self) }
}

extension Bool: ParameterField {
    public static var valueType: ParameterSpec.ValueType { .boolean }
    public init?(_ value: ParameterValue) {
        guard case .boolean(let boolean) = value else { return nil }
        self = boolean
    }
    public var parameterValue: ParameterValue { .boolean(self) }
}

extension Optional: ParameterField where Wrapped: ParameterField {
    public static var valueType: ParameterSpec.ValueType { Wrapped.valueType }
    public static var isOptional: Bool { true }
    public init?(_ value: ParameterValue) {
        if case .off = value {
            self = .none
        } else if let wrapped = Wrapped(value) {
            self = .some(wrapped)
        } else {
            return nil
        }
    }
    public var parameterValue: ParameterValue { map(\.parameterValue) ?? .off }
}
