import Testing

@testable import GestureKit

/// Every registered recognizer's spec, checked from its declaration by `RecognizerDefinition.problems()`
/// (its examples replayed in each profile they name, with the recognizer alone; every failure code it
/// declares given by one of them; the details it reports of the declared shape; defaults and seeds in
/// range), and its parameters declared once, under their Swift names. A new recognizer is tested the
/// moment it is registered.
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

    /// `RecognizerDefinition.problems(of:in:)`: it gives what it expects, fails only with declared
    /// codes, and reports details of the declared shape.
    @Test(arguments: cases)
    func example(_ c: Case) {
        #expect(c.definition.problems(of: c.example, in: c.profile) == [])
    }

    /// What every example gives, exactly: a failure's code, message, time, event, sample, measured value,
    /// limit, unit, point and details, a recognition's details (the test above checks a failure's code only, so a
    /// wrong measured value or limit went unseen). `RECORD_GOLDEN=1 swift test` rewrites the file.
    @Test func everyExampleGivesWhatItsGoldenFileSays() throws {
        var lines: [String] = []
        for c in Self.cases {
            let head = "\(c.definition.id) [\(c.profile.rawValue)] \(c.example.name):"
            switch c.definition.replay(c.example, in: c.profile) {
            case .failure(let problem): lines.append("\(head) \(problem.message)")
            case .success(let replayed):
                let report = replayed.report
                if let failure = report.failure {
                    // As `gesture classify --format json` writes a failure.
                    lines.append("\(head) failed \(JSONReport.value(failure).text)")
                } else if let recognition = report.recognition {
                    lines.append(
                        "\(head) recognized \(recognition.gesture) \(JSONValue.object(recognition.details).text)")
                } else {
                    lines.append("\(head) ended \(report.state.rawValue)")
                }
            }
        }
        #expect(lines.count >= 250)
        try CommandLineTests().assertGolden(lines.joined(separator: "\n") + "\n", "examples.txt")
    }

    /// `RecognizerDefinition.problems()`: examples both ways, every declared failure code given by
    /// one, defaults and seeds in range, meanings and units.
    @Test(arguments: Registry.all.map(\.id))
    func theDeclarationHasNoProblem(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        #expect(!definition.failureCodes.isEmpty, "\(id) declares no failure code")
        #expect(definition.problems() == [])
        for code in definition.failureCodes {
            #expect(code.code.allSatisfy { $0.isLowercase || $0 == "-" }, "\(id): \(code.code) is not kebab-case")
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
    func detailsAreDeclaredWithUnitsAndMeanings(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        for detail in definition.details {
            #expect(!detail.meaning.isEmpty, "\(id).\(detail.name)")
            if case .text = detail.kind { continue }
            #expect(detail.unit != nil || id == "pinch", "\(id).\(detail.name) has no unit")
        }
    }
}
