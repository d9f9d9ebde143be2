/// A registry entry: everything known about a recognizer before it sees a touch — what it is and what it
/// recognizes, its parameters, how it relates to others, how it fails, what it reports, and example
/// traces it must recognize or reject.
///
/// A recognizer written in Swift makes its entry from its type, which supplies the parameters, the
/// failure codes and how to make one:
///
///     public static let definition = RecognizerDefinition(
///         Swipe.self, id: "swipe", summary: "one quick straight stroke…",
///         gestures: gestures(of: .all), gesturesWith: { gestures(of: $0.directions) }, capabilities: [.swipe],
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
    /// The gesture names it can recognize with some values of its parameters (`swipe` gives four):
    /// the names it may ever give, which no other recognizer may spell in another case. The ones it
    /// recognizes with given values are `gestures(_:settings:)`.
    public var gestures: [String]
    /// The registry entry this one was configured from (`tap` for a `triple-tap` a config file
    /// declares), or nil for an entry of its own.
    public var instanceOf: String?
    /// The name every recognition of this entry is given instead of the recognizer's own (a configured
    /// instance's `gesture`), or nil to keep it.
    public var recognizedAs: String?
    /// For a recognizer learned from examples (`--templates`), its templates file and gestures.
    public var learned: LearnedGestures?
    /// What it is, for the recognizers that wait for every recognizer of a kind (`pan` waits for every
    /// shape and swipe).
    public var capabilities: [Capability]
    /// The recognizers that must fail before this one may recognize (UIKit's `require(toFail:)`).
    public var requiresFailureOf: [Requirement]
    /// Ids of recognizers this one may recognize together with (UIKit's delegate
    /// `shouldRecognizeSimultaneouslyWith`); the relation is symmetric.
    public var simultaneousWith: [String]
    /// The parameters, in the order `gesture list` shows them. Made when asked for: a recognizer written
    /// in Swift declares them with key paths, which are not worth instantiating for a run that sets none.
    public var parameters: [ParameterSpec] { parameterSpecs() }
    /// Orders the parameters' values must keep (a minimum not above its maximum); a configuration whose
    /// values break one is refused by `Configuration.check()`.
    public var constraints: [ParameterConstraint]
    /// The failure codes of its own rules (the engine's are `EngineFailure`).
    public var failureCodes: [FailureCodeSpec]
    /// The values it reports with a recognition (or, continuous, at every transition).
    public var details: [DetailSpec]
    /// Traces it must recognize or reject, made when asked for (by the tests).
    public var examples: [Example] { exampleList() }

    private let parameterSpecs: @Sendable () -> [ParameterSpec]
    /// The gestures it recognizes with the values of a profile, less those set otherwise, for a
    /// recognizer whose parameters decide them; nil when they are always `gestures`.
    private let gesturesWith: (@Sendable (Profile, ParameterValues) -> [String])?
    private let exampleList: @Sendable () -> [Example]
    /// Makes a fresh recognizer from the values of a profile, with some of them set otherwise.
    private let maker: @Sendable (Profile, ParameterValues) -> any Recognizer
    /// For a recognizer type's entry, what is wrong between its parameters' declarations and their
    /// fields (`problems()`).
    private var fieldProblems: @Sendable () -> [String] = { [] }

    /// The entry of a recognizer type: parameters, failure codes and how to make one come from `type`.
    ///
    /// A recognizer whose parameters decide which of its gestures it can recognize gives
    /// `gesturesWith`, the gestures of given values (a swipe's `directions`), each among `gestures`;
    /// `problems()` checks the examples against it.
    public init<R: Recognizer>(
        _ type: R.Type, id: String, summary: String, kind: RecognizerKind = .discrete, gestures: [String],
        gesturesWith: (@Sendable (R.Parameters) -> [String])? = nil,
        capabilities: [Capability] = [], requiresFailureOf: [Requirement] = [], simultaneousWith: [String] = [],
        details: [DetailSpec] = [], examples: @autoclosure @escaping @Sendable () -> [Example] = []
    ) {
        var byValues: (@Sendable (Profile, ParameterValues) -> [String])?
        if let gesturesWith {
            byValues = { profile, settings in gesturesWith(R.Parameters(settings, over: R.parameters(profile))) }
        }
        self.init(
            id: id, summary: summary, kind: kind, gestures: gestures, gesturesWith: byValues,
            capabilities: capabilities,
            requiresFailureOf: requiresFailureOf, simultaneousWith: simultaneousWith,
            constraints: R.Parameters.constraints,
            failureCodes: R.FailureCode.allCases.map { FailureCodeSpec($0.rawValue, $0.meaning) }, details: details,
            parameterSpecs: {
                R.Parameters.specs(default: R.defaultParameters, seed: R.seedParameters, hammer: R.hammerParameters)
            },
            exampleList: examples,
            maker: { profile, settings in
                settings.isEmpty
                    ? R(parameters: R.parameters(profile))
                    : R(parameters: R.Parameters(settings, over: R.parameters(profile)))
            })
        fieldProblems = {
            // A declaration's name is its field's Swift name, and each stored field is declared: one
            // that is not can be set by no config file or --set.
            let declared = R.Parameters.declarations.map(\.name)
            let fields = Mirror(reflecting: R.Parameters()).children.compactMap(\.label)
            return declared.filter { !fields.contains($0) }.map {
                "\(id).\($0) names no field of \(R.Parameters.self): a declaration is named as its field is in Swift"
            }
                + fields.filter { !declared.contains($0) }.map {
                    "\(id)'s parameter field \($0) is not declared: no config file or --set can set it"
                }
        }
    }

    /// An entry made from data: its parameters are `parameters`, whose values must keep `constraints`,
    /// and `make` makes a recognizer from a value for each of them.
    public init(
        id: String, summary: String, kind: RecognizerKind = .discrete, gestures: [String],
        capabilities: [Capability] = [],
        requiresFailureOf: [Requirement] = [], simultaneousWith: [String] = [], parameters: [ParameterSpec] = [],
        constraints: [ParameterConstraint] = [], failureCodes: [FailureCodeSpec] = [], details: [DetailSpec] = [],
        examples: [Example] = [], make: @escaping @Sendable (ParameterValues) -> any Recognizer
    ) {
        self.init(
            id: id, summary: summary, kind: kind, gestures: gestures, gesturesWith: nil, capabilities: capabilities,
            requiresFailureOf: requiresFailureOf, simultaneousWith: simultaneousWith, constraints: constraints,
            failureCodes: failureCodes,
            details: details, parameterSpecs: { parameters }, exampleList: { examples },
            maker: { profile, settings in
                var values = ParameterValues()
                for parameter in parameters {
                    values[parameter.name] = settings[parameter.name] ?? parameter.value(in: profile)
                }
                return make(values)
            })
    }

    private init(
        id: String, summary: String, kind: RecognizerKind, gestures: [String],
        gesturesWith: (@Sendable (Profile, ParameterValues) -> [String])?, capabilities: [Capability],
        requiresFailureOf: [Requirement], simultaneousWith: [String], constraints: [ParameterConstraint],
        failureCodes: [FailureCodeSpec], details: [DetailSpec],
        parameterSpecs: @escaping @Sendable () -> [ParameterSpec],
        exampleList: @escaping @Sendable () -> [Example],
        maker: @escaping @Sendable (Profile, ParameterValues) -> any Recognizer
    ) {
        self.id = id
        self.summary = summary
        self.kind = kind
        self.gestures = gestures
        self.gesturesWith = gesturesWith
        self.capabilities = capabilities
        self.requiresFailureOf = requiresFailureOf
        self.simultaneousWith = simultaneousWith
        self.constraints = constraints
        self.failureCodes = failureCodes
        self.details = details
        self.parameterSpecs = parameterSpecs
        self.exampleList = exampleList
        self.maker = maker
    }

    /// What is wrong between a recognizer type's parameter declarations and their fields.
    var parameterFieldProblems: [String] { fieldProblems() }

    /// A fresh recognizer with the values of `profile`, less those `settings` sets otherwise.
    public func make(_ profile: Profile, settings: ParameterValues = ParameterValues()) -> any Recognizer {
        maker(profile, settings)
    }

    /// The gestures it recognizes with the values of `profile`, less those `settings` sets otherwise:
    /// `gestures`, or those its parameters leave it, in the same order —
    ///
    ///     var settings = ParameterValues()
    ///     settings["directions"] = .directions(.horizontal)
    ///     Swipe.definition.gestures(.default, settings: settings)   // ["swipe-left", "swipe-right"]
    ///
    /// A configured instance that renames its recognitions (`recognizedAs`) recognizes that one name.
    public func gestures(_ profile: Profile, settings: ParameterValues = ParameterValues()) -> [String] {
        guard recognizedAs == nil, let gesturesWith else { return gestures }
        return gesturesWith(profile, settings)
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

extension RecognizerDefinition {
    /// Whether `name` can name a gesture: not empty, and without spaces, commas or `+`, which join
    /// gestures in lists (`--recognizers`, `--label-map`) and in sequence (`checkmark+tap`), nor
    /// control characters (an escape sequence in a name would reach the terminal in every line that
    /// shows it), nor the marks that turn text right to left (U+202E would show every line that holds
    /// the name reversed past it). The same rule holds for built-in, configured and learned gestures
    /// and for labels. `forbiddenInNames` says so in messages.
    public static func isGestureName(_ name: String) -> Bool {
        // Scalar by scalar, so that a mark combining with a comma does not hide it; white space as
        // Unicode has it, and U+FEFF, which JSON Schema's `\s` also counts.
        !name.isEmpty
            && !name.unicodeScalars.contains {
                $0 == "," || $0 == "+" || $0.properties.isWhitespace || $0 == "\u{FEFF}"
                    || $0.properties.generalCategory == .control || $0.properties.isBidiControl
            }
    }

    /// Whether `id` can be a recognizer's id: letters, digits, `-` and `_`, not empty, as `--set ID.NAME=…`,
    /// `--recognizers` and a config file's keys name it. Configured instances and templates files are
    /// held to it; a definition made in code is checked by `problems()`.
    public static func isRecognizerID(_ id: String) -> Bool {
        !id.isEmpty
            && id.unicodeScalars.allSatisfy {
                $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "-" || $0 == "_"
            }
    }

    /// What `isGestureName` refuses, as messages name it: "a name without \(forbiddenInNames)".
    public static let forbiddenInNames = "spaces, commas, +, control characters or marks of text direction"

    /// Whether two gesture names are one to a label: folder names label in any case (`Circle/` is
    /// `circle`), so names that differ only in case cannot both be gestures.
    public static func sameGestureName(_ a: String, _ b: String) -> Bool {
        a == b || a.lowercased() == b.lowercased()
    }
}
