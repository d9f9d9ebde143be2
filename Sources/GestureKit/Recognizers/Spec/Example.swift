/// A trace a recognizer must recognize (as `gesture`) or must reject (with failure `code`), in the
/// profiles it names. One generic test replays every registered recognizer's examples, so a new
/// recognizer is tested the moment it is registered; together they must give every failure code the
/// recognizer declares.
public struct Example: Sendable {
    public enum Expectation: Sendable, Hashable {
        case recognizes(String)
        case fails(code: String)

        /// Fails with one of the recognizer's own codes.
        public static func fails<Code: RecognizerFailureCode>(_ code: Code) -> Expectation {
            .fails(code: code.rawValue)
        }
    }

    public var name: String
    public var samples: [Sample]
    public var view: ViewSize?
    public var expectation: Expectation
    public var profiles: [Profile]
    /// Parameters set over the profile's values, by name (`taps: 2` for a tap that needs two).
    public var settings: [String: ParameterValue]

    public init(
        _ name: String, _ expectation: Expectation, profiles: [Profile] = [.default, .seed],
        settings: [String: ParameterValue] = [:], view: ViewSize? = nil, samples: [Sample]
    ) {
        self.name = name
        self.samples = samples
        self.view = view
        self.expectation = expectation
        self.profiles = profiles
        self.settings = settings
    }

    /// A one-finger stroke through `points`, one sample every `interval` seconds.
    public static func stroke(_ points: [(Double, Double)], interval: Double = 0.016, start: Double = 0) -> [Sample] {
        points.enumerated().map { index, point in
            let phase: Phase = index == 0 ? .began : (index == points.count - 1 ? .ended : .moved)
            return Sample(start + Double(index) * interval, 1, phase, point.0, point.1)
        }
    }
}

/// A set of parameter values: `default`, tuned for real hands; `seed`, the rules as published; or
/// `hammer`, Hammer.js's defaults, with Hammer.js's arbitration (`docs/hammer.md`).
public enum Profile: String, Sendable, Hashable, CaseIterable {
    case `default`, seed, hammer
}
