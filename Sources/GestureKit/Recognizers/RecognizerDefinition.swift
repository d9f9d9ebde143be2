/// Everything known about a recognizer before it sees a touch: what it is, what it can recognize, its
/// parameters, how it relates to others, and example traces it must recognize or reject.
///
/// The registry is a list of these; one generic test replays every definition's examples.
public struct RecognizerDefinition: Sendable {
    /// Stable id, used on the command line and in `--config`.
    public var id: String
    /// One line saying what it recognizes and where its rules come from.
    public var summary: String
    public var kind: RecognizerKind
    /// The gesture names it can recognize (`swipe` gives four).
    public var gestures: [String]
    public var parameters: [Parameter]
    /// Ids of recognizers that must fail before this one may recognize (UIKit's `require(toFail:)`).
    public var requiresFailureOf: [String]
    /// Ids of recognizers this one may recognize together with (UIKit's delegate
    /// `shouldRecognizeSimultaneouslyWith`); the relation is symmetric.
    public var simultaneousWith: [String]
    public var examples: [Example]
    /// Makes a fresh recognizer from resolved parameter values.
    public var make: @Sendable (ParameterValues) -> any Recognizer

    public init(
        id: String, summary: String, kind: RecognizerKind = .discrete, gestures: [String], parameters: [Parameter],
        requiresFailureOf: [String] = [], simultaneousWith: [String] = [], examples: [Example] = [],
        make: @escaping @Sendable (ParameterValues) -> any Recognizer
    ) {
        self.simultaneousWith = simultaneousWith
        self.id = id
        self.summary = summary
        self.kind = kind
        self.gestures = gestures
        self.parameters = parameters
        self.requiresFailureOf = requiresFailureOf
        self.examples = examples
        self.make = make
    }

    /// The parameter values of `profile`.
    public func values(_ profile: Profile) -> ParameterValues {
        var values = ParameterValues()
        for parameter in parameters {
            values[parameter.name] = profile == .seed ? parameter.seed : parameter.defaultValue
        }
        return values
    }
}

/// A named threshold of a recognizer, with its unit, meaning, tuned default and seed value.
public struct Parameter: Sendable, Hashable {
    public var name: String
    /// `pt`, `s`, `rad`, `pt/s`, `ratio`, `count`, …
    public var unit: String
    public var meaning: String
    /// The value in the default profile, tuned for real hands.
    public var defaultValue: Double
    /// The value in the `seed` profile, which makes the rule behave as published.
    public var seed: Double

    public init(_ name: String, unit: String, default defaultValue: Double, seed: Double, _ meaning: String) {
        self.name = name
        self.unit = unit
        self.meaning = meaning
        self.defaultValue = defaultValue
        self.seed = seed
    }
}

/// Parameter values by name.
public struct ParameterValues: Sendable, Hashable {
    private var values: [String: Double] = [:]

    public init() {}

    /// A value; parameters the definition declares are always present once resolved.
    public subscript(name: String) -> Double {
        get { values[name] ?? .nan }
        set { values[name] = newValue }
    }

    public func contains(_ name: String) -> Bool { values[name] != nil }
}

/// A set of parameter values: `default`, tuned for real hands, or `seed`, the rules as published.
public enum Profile: String, Sendable, Hashable, CaseIterable {
    case `default`, seed
}

/// A trace a recognizer must recognize (as `gesture`) or must reject (with failure `code`), in a profile.
public struct Example: Sendable {
    public enum Expectation: Sendable, Hashable {
        case recognizes(String)
        case fails(code: String)
    }

    public var name: String
    public var samples: [Sample]
    public var view: ViewSize?
    public var expectation: Expectation
    public var profiles: [Profile]

    public init(
        _ name: String, _ expectation: Expectation, profiles: [Profile] = Profile.allCases, view: ViewSize? = nil,
        samples: [Sample]
    ) {
        self.name = name
        self.samples = samples
        self.view = view
        self.expectation = expectation
        self.profiles = profiles
    }

    /// A one-finger stroke through `points`, one sample every `interval` seconds.
    public static func stroke(_ points: [(Double, Double)], interval: Double = 0.016, start: Double = 0) -> [Sample] {
        points.enumerated().map { index, point in
            let phase: Phase = index == 0 ? .began : (index == points.count - 1 ? .ended : .moved)
            return Sample(start + Double(index) * interval, 1, phase, point.0, point.1)
        }
    }
}
