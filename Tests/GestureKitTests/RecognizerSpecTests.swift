import Testing

@testable import GestureKit

/// Every registered recognizer's spec, checked from its declaration: its examples replayed in each
/// profile they name (with the recognizer alone), every failure code it declares given by one of them,
/// the details it reports of the declared shape, and its parameters declared once, under their Swift
/// names, with defaults and seeds in range. A new recognizer is tested the moment it is registered.
@Suite struct RecognizerSpecTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let definition: RecognizerDefinition
        let example: Example
        let profile: Profile
        var testDescription: String { "\(definition.id) [\(profile.rawValue)]: \(example.name)" }
    }

    static let cases: [Case] = Registry.all.flatMap { definition in
        definition.examples.flatMap { example in
            example.profiles.map { Case(definition: definition, example: example, profile: $0) }
        }
    }

    /// Replays one example with its recognizer alone, in `profile`, with the example's settings.
    static func replay(_ example: Example, of definition: RecognizerDefinition, in profile: Profile) throws
        -> RecognizerReport
    {
        var configuration = Configuration(registry: [definition], profile: profile)
        for (name, value) in example.settings.sorted(by: { $0.key < $1.key }) {
            try configuration.set(name, to: value, for: definition.id)
        }
        var trace = Trace(view: example.view, samples: example.samples)
        try TraceValidator.validate(&trace, file: "example")
        let result = Classifier(configuration: configuration).classify(trace, file: "example")
        return try #require(result.sequences.first?.recognizers.first)
    }

    @Test(arguments: cases)
    func example(_ c: Case) throws {
        let report = try Self.replay(c.example, of: c.definition, in: c.profile)
        switch c.example.expectation {
        case .recognizes(let gesture):
            #expect(report.state == .recognized, "\(report.failure.map { TextReport.describe($0.reason) } ?? "")")
            #expect(report.recognition?.gesture == gesture)
        case .fails(let code):
            #expect(report.state == .failed, "\(report.failure.map { TextReport.describe($0.reason) } ?? "")")
            #expect(report.failure?.reason.code == code)
        }
        if let failure = report.failure {
            let declared = c.definition.failureCodes.map(\.code) + EngineFailure.allCases.map(\.rawValue)
            #expect(
                declared.contains(failure.reason.code), "\(failure.reason.code) is not declared by \(c.definition.id)")
        }
        // What it reports has the declared shape: its details, and a continuous recognizer's values at
        // every transition.
        let declared = c.definition.details.map(\.name)
        var reported: [[JSONValue.Member]] = report.recognition.map { [$0.details] } ?? []
        if c.definition.kind == .continuous {
            reported += report.transitions.filter { [.began, .changed, .recognized].contains($0.to) }.map(\.values)
        }
        for members in reported {
            #expect(
                members.map(\.key) == declared,
                "\(c.definition.id) reported \(members.map(\.key)), declared \(declared)")
            for (member, spec) in zip(members, c.definition.details) {
                #expect(
                    spec.admits(member.value),
                    "\(c.definition.id).\(spec.name) = \(member.value.text) is not a \(spec.kind.name)")
            }
        }
    }

    @Test(arguments: Registry.all.map(\.id))
    func everyRecognizerHasExamplesBothWays(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        let kinds = Set(definition.examples.map { if case .recognizes = $0.expectation { true } else { false } })
        #expect(kinds == [true, false], "\(id) needs examples it recognizes and examples it rejects")
    }

    @Test(arguments: Registry.all.map(\.id))
    func everyDeclaredFailureCodeIsGivenByAnExample(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        try #require(!definition.failureCodes.isEmpty, "\(id) declares no failure code")
        let given = Set(
            definition.examples.compactMap { if case .fails(let code) = $0.expectation { code } else { nil } })
        for code in definition.failureCodes.map(\.code) {
            #expect(given.contains(code), "no example of \(id) fails with \(code)")
        }
        for code in definition.failureCodes {
            #expect(
                !code.meaning.isEmpty && code.code.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id): \(code.code)")
        }
    }

    /// Each field of a recognizer's `Parameters` is declared once, under its own Swift name, so the
    /// config key, `gesture list` and the code can never disagree.
    @Test(arguments: Registry.all.map(\.id))
    func parametersAreTheFieldsOfTheParametersType(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        func fields<R: Recognizer>(_ recognizer: R) -> [String] {
            Mirror(reflecting: R.defaultParameters).children.compactMap(\.label)
        }
        #expect(fields(definition.make(.default)) == definition.parameters.map(\.name))
    }

    @Test(arguments: Registry.all.map(\.id))
    func defaultAndSeedValuesAreWhatTheirParametersTake(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        for parameter in definition.parameters {
            for value in [parameter.defaultValue, parameter.seed] {
                #expect((try? parameter.checked(value).get()) == value, "\(id).\(parameter.name) = \(value)")
            }
            #expect(!parameter.meaning.isEmpty, "\(id).\(parameter.name) has no meaning")
            #expect(
                (parameter.unit == nil) == (parameter.type == .boolean),
                "\(id).\(parameter.name): a number needs a unit")
        }
    }

    @Test(arguments: Registry.all.map(\.id))
    func detailsAreDeclaredWithUnitsAndMeanings(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        for detail in definition.details {
            #expect(!detail.meaning.isEmpty, "\(id).\(detail.name)")
            if case .text = detail.kind { continue }
            #expect(detail.unit != nil || id == "pinch", "\(id).\(detail.name) has no unit")
        }
    }
}
