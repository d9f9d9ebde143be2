/// What `RecognizerSpecTests` checks of every built-in recognizer, for anyone's: a recognizer written
/// outside this package is checked with `#expect(Caret.definition.problems() == [])`.
extension RecognizerDefinition {
    /// What is wrong with this definition, one sentence each; empty when nothing is.
    ///
    /// It has examples it recognizes and examples it rejects, and each gives what it expects when
    /// replayed with the recognizer alone in each profile it names (``problems(of:in:)``); every failure
    /// code it declares is given by an example and has a meaning; every parameter's default and seed
    /// are values it takes, with a meaning, and a unit unless it is a boolean; each constraint names
    /// two parameters with numbers, and the default and seed values keep it; every detail has a
    /// meaning; its id is letters, digits, `-` and `_` (`isRecognizerID`), as `--set` and `--recognizers`
    /// name it; every gesture is named as a label can name it (`isGestureName`, and not `none`), and
    /// the gestures of every profile's values (`gestures(_:settings:)`) are among them.
    public func problems() -> [String] {
        var problems: [String] = []
        if !RecognizerDefinition.isRecognizerID(id) {
            problems.append(
                "id \"\(DiagnosticText.escaped(id))\" must be letters, digits, - and _, as --set and --recognizers name it"
            )
        }
        for gesture in gestures where !RecognizerDefinition.isGestureName(gesture) || gesture.lowercased() == "none" {
            problems.append(
                "\(id)'s gesture \"\(DiagnosticText.escaped(gesture))\" must be a name without "
                    + "\(RecognizerDefinition.forbiddenInNames), and not none")
        }
        for profile in Profile.allCases {
            for gesture in self.gestures(profile) where !gestures.contains(gesture) {
                problems.append(
                    "\(id)'s \(profile.rawValue) values give gesture \(gesture), which is not among its gestures")
            }
        }
        let expectations = examples.map(\.expectation)
        if !expectations.contains(where: { if case .recognizes = $0 { true } else { false } }) {
            problems.append("\(id) has no example it recognizes")
        }
        let given = Set(expectations.compactMap { if case .fails(let code) = $0 { code } else { nil } })
        if given.isEmpty { problems.append("\(id) has no example it rejects") }
        for code in failureCodes {
            if !given.contains(code.code) { problems.append("no example of \(id) fails with \(code.code)") }
            if code.meaning.isEmpty { problems.append("\(id)'s failure code \(code.code) has no meaning") }
        }
        problems += parameterFieldProblems
        for (name, count) in Dictionary(parameters.map { ($0.name, 1) }, uniquingKeysWith: +).sorted(by: {
            $0.key < $1.key
        })
        where count > 1 {
            problems.append("\(id) declares parameter \(name) \(count) times: one name sets one value")
        }
        for code in failureCodes.map(\.code) {
            if !Self.isFailureCode(code) {
                problems.append(
                    "\(id)'s failure code \"\(DiagnosticText.escaped(code))\" must be kebab-case: a-z, 0-9 and -")
            }
            if EngineFailure(rawValue: code) != nil {
                problems.append("\(id)'s failure code \(code) is the engine's: give the rule a code of its own")
            }
        }
        // A recognizer is a value made afresh for every attempt; an object's state outlives one.
        let made = type(of: make(.default))
        if made is AnyClass {
            problems.append(
                "\(id)'s recognizer \(made) is a class: make it a struct, so that each attempt "
                    + "starts afresh (a class keeps its state from one to the next)")
        }
        for parameter in parameters {
            let name = "\(id).\(parameter.name)"
            let hammer = parameter.hammer == parameter.defaultValue ? [] : [parameter.hammer]
            for value in [parameter.defaultValue, parameter.seed] + hammer
            where (try? parameter.checked(value).get()) != value {
                problems.append("\(name) = \(value) is not a value it takes: \(parameter.accepted)")
            }
            if parameter.meaning.isEmpty { problems.append("\(name) has no meaning") }
            if (parameter.unit == nil) != (parameter.type == .boolean || parameter.type == .directions) {
                problems.append("\(name) is a number without a unit, or a boolean or directions with one")
            }
        }
        for constraint in constraints {
            let sides = [constraint.lower, constraint.upper].map { name in (name, parameter(name)) }
            for (name, spec) in sides where spec == nil || spec?.type == .boolean || spec?.type == .directions {
                problems.append(
                    "\(id)'s constraint \(constraint) names \(name), which is not a parameter with a number")
            }
            guard sides.allSatisfy({ $0.1 != nil }) else { continue }
            // The hammer profile's values, where they are the default's, break what the default's break.
            let profiles = Profile.allCases.filter { $0 != .hammer || values(.hammer) != values(.default) }
            for profile in profiles where constraint.holds(in: values(profile)) == false {
                let values = values(profile)
                problems.append(
                    "\(id)'s \(profile.rawValue) values break its constraint \(constraint): "
                        + "\(values[constraint.lower]!) > \(values[constraint.upper]!)")
            }
        }
        for detail in details where detail.meaning.isEmpty { problems.append("\(id).\(detail.name) has no meaning") }
        for example in examples {
            for profile in example.profiles { problems += self.problems(of: example, in: profile) }
        }
        return problems
    }

    /// A problem replaying an example: its settings or samples refused, or no report.
    public struct ReplayProblem: Error, Hashable {
        public var message: String
    }

    /// `example` replayed with this recognizer alone in `profile`, with the example's settings: the
    /// configuration it ran with and the recognizer's report of the first touch sequence.
    public func replay(_ example: Example, in profile: Profile) -> Result<
        (configuration: Configuration, report: RecognizerReport), ReplayProblem
    > {
        var configuration = Configuration(registry: [self], profile: profile)
        do {
            for (name, value) in example.settings.sorted(by: { $0.key < $1.key }) {
                try configuration.set(name, to: value, for: id)
            }
            try configuration.check()
        } catch {
            return .failure(ReplayProblem(message: "\(error)"))
        }
        var trace = Trace(view: example.view, samples: example.samples)
        do {
            try TraceValidator.validate(&trace, file: "example")
        } catch {
            return .failure(ReplayProblem(message: error.message))
        }
        let result = Classifier(configuration: configuration).classify(trace, file: "example")
        guard let report = result.sequences.first?.recognizers.first else {
            return .failure(ReplayProblem(message: "replay gave no report"))
        }
        return .success((configuration, report))
    }

    /// Whether `code` is kebab-case: words of a-z and 0-9 joined by single `-`.
    static func isFailureCode(_ code: String) -> Bool {
        !code.isEmpty
            && code.split(separator: "-", omittingEmptySubsequences: false).allSatisfy { word in
                !word.isEmpty && word.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) }
            }
    }

    /// What is wrong when `example` is replayed with this recognizer alone in `profile`, with the
    /// example's settings: it must give what the example expects, fail only with a code this
    /// definition or the engine declares, recognize only a gesture of those values, and report the
    /// declared details (and a continuous recognizer's values at every transition) with values of the
    /// declared kinds.
    public func problems(of example: Example, in profile: Profile) -> [String] {
        let place = "\(id) [\(profile.rawValue)] \"\(example.name)\""
        let configuration: Configuration
        let report: RecognizerReport
        switch replay(example, in: profile) {
        case .failure(let problem): return ["\(place): \(problem.message)"]
        case .success(let replayed): (configuration, report) = replayed
        }
        var problems: [String] = []
        let outcome =
            report.failure.map { "failed with \($0.reason.code): \($0.reason.message)" }
            ?? report.recognition.map { "recognized \($0.gesture)" } ?? "ended \(report.state.rawValue)"
        switch example.expectation {
        case .recognizes(let gesture) where report.state != .recognized || report.recognition?.gesture != gesture:
            problems.append("\(place): expected to recognize \(gesture), \(outcome)")
        case .fails(let code) where report.state != .failed || report.failure?.reason.code != code:
            problems.append("\(place): expected to fail with \(code), \(outcome)")
        default: break
        }
        if let code = report.failure?.reason.code,
            !failureCodes.contains(where: { $0.code == code }), EngineFailure(rawValue: code) == nil
        {
            problems.append("\(place): failed with \(code), which \(id) does not declare")
        }
        if let gesture = report.recognition?.gesture, !configuration.entries[0].gestures.contains(gesture) {
            problems.append(
                "\(place): recognized \(gesture), which \(id) does not declare"
                    + (gestures.contains(gesture) ? " with these values (gestures(_:settings:))" : ""))
        }
        var reported: [[JSONValue.Member]] = report.recognition.map { [$0.details] } ?? []
        if kind == .continuous {
            reported += report.transitions.filter { [.began, .changed, .recognized].contains($0.to) }.map(\.values)
        }
        let declared = details.map(\.name)
        for members in reported {
            if members.map(\.key) != declared {
                problems.append("\(place): reported \(members.map(\.key)), declared \(declared)")
            }
            for (member, spec) in zip(members, details) where !spec.admits(member.value) {
                problems.append("\(place): \(spec.name) = \(member.value.text) is not a \(spec.kind.name)")
            }
        }
        if let measured = report.failure?.reason.details, !measured.isEmpty {
            // Some of the declared details, in their declared order.
            var rest = details[...]
            for member in measured {
                guard let found = rest.firstIndex(where: { $0.name == member.key }) else {
                    problems.append(
                        "\(place): failed with details \(measured.map(\.key)), not some of \(declared) in that order")
                    break
                }
                if !details[found].admits(member.value) {
                    problems.append(
                        "\(place): \(member.key) = \(member.value.text) is not a \(details[found].kind.name)")
                }
                rest = details[(found + 1)...]
            }
        }
        return problems
    }
}
