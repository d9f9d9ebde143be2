/// Everything known about one parameter of a recognizer: its name (the `--config` key), type, unit,
/// range, meaning, and its values in the default and seed profiles.
///
/// `gesture list`, the checks on `--config` values and the parameter tables in the docs are all made
/// from these, so a parameter is described once, where it is declared. A recognizer written in Swift
/// declares its parameters as a `RecognizerParameters` type; a registry entry made from data gives
/// them directly.
public struct ParameterSpec: Sendable, Hashable {
    /// The kind of value a parameter takes.
    public enum ValueType: String, Sendable, Hashable {
        /// A real number, in `unit`.
        case number
        /// A whole number (a count of taps, touches, corners…).
        case integer
        /// On or off.
        case boolean
        /// A set of directions (`Directions`).
        case directions
    }

    /// An earlier name of the parameter, still accepted in config files with a warning naming this one.
    public struct FormerName: Sendable, Hashable {
        public var name: String
        /// The unit values were given in under the old name.
        public var unit: String
        /// What an old value is multiplied by to give the value in this parameter's unit.
        public var scale: Double

        public init(_ name: String, unit: String, scale: Double) {
            self.name = name
            self.unit = unit
            self.scale = scale
        }
    }

    /// A value that used to switch an optional rule off, before the rule was an optional: still read
    /// as "off" from config files, with a warning saying to write `null`.
    public enum FormerOff: Sendable, Hashable {
        case zero
        /// A value this low or lower (a limit no stroke can be below).
        case atMost(Double)

        func matches(_ value: Double) -> Bool {
            switch self {
            case .zero: value == 0
            case .atMost(let limit): value <= limit
            }
        }

        var text: String {
            switch self {
            case .zero: "0"
            case .atMost(let limit): "\(Format.jsonNumber(limit)) or less"
            }
        }
    }

    public var name: String
    public var type: ValueType
    /// Whether the rule this parameter sets can be switched off (`null` in a config file).
    public var isOptional: Bool
    /// The unit of a number; `nil` for switches.
    public var unit: MeasureUnit?
    /// The smallest and largest values allowed, when bounded.
    public var minimum: Double?
    public var maximum: Double?
    /// One line: what the value means.
    public var meaning: String
    /// The value in the default profile, tuned for real hands. A whole number given to a number
    /// parameter is held as `.number` (see `init`), here as when it is set later.
    public var defaultValue: ParameterValue { didSet { defaultValue = taken(defaultValue) } }
    /// The value in the seed profile, which makes the rule behave as published.
    public var seed: ParameterValue { didSet { seed = taken(seed) } }
    /// The value in the hammer profile: Hammer.js's default, or the default profile's value where
    /// Hammer.js has none.
    public var hammer: ParameterValue { didSet { hammer = taken(hammer) } }
    public var formerNames: [FormerName]
    public var formerOff: FormerOff?

    public init(
        name: String, type: ValueType, isOptional: Bool = false, unit: MeasureUnit?, minimum: Double? = nil,
        maximum: Double? = nil, meaning: String, defaultValue: ParameterValue, seed: ParameterValue,
        hammer: ParameterValue? = nil, formerNames: [FormerName] = [], formerOff: FormerOff? = nil
    ) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.unit = unit
        self.minimum = minimum
        self.maximum = maximum
        self.meaning = meaning
        self.formerNames = formerNames
        self.formerOff = formerOff
        self.defaultValue = defaultValue
        self.seed = seed
        self.hammer = hammer ?? defaultValue
        // `3` is `.integer(3)`: a number parameter holds it as 3.0, as it holds a value set to 3, so
        // that a recognizer made from data reads every value of a number parameter as `.number`.
        self.defaultValue = taken(self.defaultValue)
        self.seed = taken(self.seed)
        self.hammer = taken(self.hammer)
    }

    /// `value` as `checked` takes it (a whole number for a number parameter, a whole `.number` for an
    /// integer one), or `value` itself when it is not one it takes, for `problems()` to name.
    private func taken(_ value: ParameterValue) -> ParameterValue {
        (try? checked(value).get()) ?? value
    }

    /// The value in `profile`.
    public func value(in profile: Profile) -> ParameterValue {
        switch profile {
        case .default: defaultValue
        case .seed: seed
        case .hammer: hammer
        }
    }

    /// The values this parameter accepts, in words: `a number ≥ 0 (pt)`, `a whole number from 1 to 10`,
    /// `true or false`; `, or null to switch the rule off` for an optional rule. Bounds are written in
    /// full, so that a value copied from the message is accepted.
    public var accepted: String { accepted(unit: unit?.rawValue, scale: 1) }

    /// The range in a few words, as `gesture list` and the guides show it: `≥ 0`, `0 – 1`, `≥ 1, whole`,
    /// `true, false`; `, or off` for an optional rule.
    public var range: String {
        var text: String
        switch (minimum, maximum) {
        case (let low?, let high?): text = "\(Format.number(low, decimals: 4)) – \(Format.number(high, decimals: 4))"
        case (let low?, nil): text = "≥ \(Format.number(low, decimals: 4))"
        case (nil, let high?): text = "≤ \(Format.number(high, decimals: 4))"
        case (nil, nil):
            switch type {
            case .boolean: text = "true, false"
            case .directions: text = "left, right, up, down"
            default: text = "any"
            }
        }
        if type == .integer { text += ", whole" }
        if isOptional { text += ", or off" }
        return text
    }

    /// The same in another unit, of which one is `scale` of this parameter's (a former name's degrees).
    func accepted(unit: String?, scale: Double) -> String {
        var text: String
        switch type {
        case .boolean: return "true or false"
        case .directions:
            return
                "some of \"left\", \"right\", \"up\", \"down\" (or \"horizontal\", \"vertical\", \"all\"), at least one"
        case .number: text = "a number"
        case .integer: text = "a whole number"
        }
        switch (minimum.map { $0 / scale }, maximum.map { $0 / scale }) {
        case (let low?, let high?): text += " from \(Format.jsonNumber(low)) to \(Format.jsonNumber(high))"
        case (let low?, nil): text += " ≥ \(Format.jsonNumber(low))"
        case (nil, let high?): text += " ≤ \(Format.jsonNumber(high))"
        case (nil, nil): break
        }
        if let unit, type == .number { text += " (\(unit))" }
        if isOptional { text += ", or null to switch the rule off" }
        return text
    }

    /// `value` as this parameter takes it, or why it cannot be: a wrong type, a fraction for a whole
    /// number, a value out of range. A number is accepted for an integer when it is whole.
    public func checked(_ value: ParameterValue) -> Result<ParameterValue, ParameterValueError> {
        let refused = Result<ParameterValue, ParameterValueError>.failure(ParameterValueError(expected: accepted))
        switch (type, value) {
        case (_, .off): return isOptional ? .success(.off) : refused
        case (.boolean, .boolean): return .success(value)
        case (.directions, .directions(let directions)): return directions.isEmpty ? refused : .success(value)
        case (.number, .number(let number)): return inRange(number) ? .success(value) : refused
        case (.number, .integer(let integer)):
            return inRange(Double(integer)) ? .success(.number(Double(integer))) : refused
        case (.integer, .integer(let integer)): return inRange(Double(integer)) ? .success(value) : refused
        case (.integer, .number(let number)):
            // A whole number written as `1e18` is taken as the integer it names, as far as an Int goes.
            guard number == number.rounded(), inRange(number) else { return refused }
            guard let integer = Int(exactly: number) else {
                // A double this large is 2^63 or more: Int.max itself reads as 2^63.
                return .failure(ParameterValueError(expected: "\(accepted), less than 2^63 (9223372036854775808)"))
            }
            return .success(.integer(integer))
        default: return refused
        }
    }

    private func inRange(_ number: Double) -> Bool {
        number.isFinite && number >= (minimum ?? -.infinity) && number <= (maximum ?? .infinity)
    }
}

/// A value a parameter does not take, and what it does take.
public struct ParameterValueError: Error, Sendable, Hashable {
    /// `a number ≥ 0 (pt)`, …
    public var expected: String
}
