/// A registry entry: everything known about a recognizer before it sees a touch — what it is and what it
/// recognizes, its parameters, how it relates to others, how it fails, what it reports, and example
/// traces it must recognize or reject.
///
/// A recognizer written in Swift makes its entry from its type, which supplies the parameters, the
/// failure codes and how to make one:
///
///     public static let definition = RecognizerDefinition(
///         Swipe.self, id: "swipe", summary: "one quick straight stroke…",
///         gestures: ["swipe-left", "swipe-right", "swipe-up", "swipe-down"], capabilities: [.swipe],
///         requiresFailureOf: [.every(.shape)], details: […], examples: examples)
///
/// An entry can also be made from data at run time — an id, gestures, parameter specs and a function
/// that makes the recognizer from their values — and joins a configuration like any other.
public struct RecognizerDefinition: Sendable {
    /// Stable id, used on the command line and in config files.
    public var id: String
    /// One line saying what it recognizes and where its rules come from.
    public var summary: String
    public var kind: RecognizerKind
    /// The gesture names it can recognize (`swipe` gives four).
    public var gestures: [String]
    /// What it is, for the recognizers that wait for every recognizer of a kind (`pan` waits for every
    /// shape and swipe).
    public var capabilities: [Capability]
    /// The recognizers that must fail before this one may recognize (UIKit's `require(toFail:)`).
    public var requiresFailureOf: [Requirement]
    /// Ids of recognizers this one may recognize together with (UIKit's delegate
    /// `shouldRecognizeSimultaneouslyWith`); the relation is symmetric.
    public var simultaneousWith: [String]
    public var parameters: [ParameterSpec]
    /// The failure codes of its own rules (the engine's are `EngineFailure`).
    public var failureCodes: [FailureCodeSpec]
    /// The values it reports with a recognition (or, continuous, at every transition).
    public var details: [DetailSpec]
    public var examples: [Example]
    /// Makes a fresh recognizer from parameter values (every declared parameter has one).
    public var make: @Sendable (ParameterValues) -> any Recognizer

    /// The entry of a recognizer type: parameters, failure codes and `make` come from `type`.
    public init<R: Recognizer>(
        _ type: R.Type, id: String, summary: String, kind: RecognizerKind = .discrete, gestures: [String],
        capabilities: [Capability] = [], requiresFailureOf: [Requirement] = [], simultaneousWith: [String] = [],
        details: [DetailSpec] = [], examples: [Example] = []
    ) {
        self.init(
            id: id, summary: summary, kind: kind, gestures: gestures, capabilities: capabilities,
            requiresFailureOf: requiresFailureOf, simultaneousWith: simultaneousWith,
            parameters: R.Parameters.specs(default: R.defaultParameters, seed: R.seedParameters),
            failureCodes: R.FailureCode.allCases.map { FailureCodeSpec($0.rawValue, $0.meaning) }, details: details,
            examples: examples, make: { R(parameters: R.Parameters($0, over: R.defaultParameters)) })
    }

    /// An entry made from data.
    public init(
        id: String, summary: String, kind: RecognizerKind = .discrete, gestures: [String], capabilities: [Capability] = [],
        requiresFailureOf: [Requirement] = [], simultaneousWith: [String] = [], parameters: [ParameterSpec] = [],
        failureCodes: [FailureCodeSpec] = [], details: [DetailSpec] = [], examples: [Example] = [],
        make: @escaping @Sendable (ParameterValues) -> any Recognizer
    ) {
        self.id = id
        self.summary = summary
        self.kind = kind
        self.gestures = gestures
        self.capabilities = capabilities
        self.requiresFailureOf = requiresFailureOf
        self.simultaneousWith = simultaneousWith
        self.parameters = parameters
        self.failureCodes = failureCodes
        self.details = details
        self.examples = examples
        self.make = make
    }

    /// The parameter values of `profile`.
    public func values(_ profile: Profile) -> ParameterValues {
        var values = ParameterValues()
        for parameter in parameters { values[parameter.name] = parameter.value(in: profile) }
        return values
    }

    /// The parameter named `name`.
    public func parameter(_ name: String) -> ParameterSpec? {
        parameters.first { $0.name == name }
    }
}
