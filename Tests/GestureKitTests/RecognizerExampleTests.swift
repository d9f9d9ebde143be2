import Testing
@testable import GestureKit

/// Every registered recognizer's own examples, in each profile they name, replayed with that
/// recognizer alone: a new recognizer is tested the moment it is registered.
@Suite struct RecognizerExampleTests {
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

    @Test(arguments: cases)
    func example(_ c: Case) throws {
        var configuration = Configuration(profile: c.profile)
        try configuration.keepOnly([c.definition.id])
        var trace = Trace(view: c.example.view, samples: c.example.samples)
        try TraceValidator.validate(&trace, file: "example")
        let result = Classifier(configuration: configuration).classify(trace, file: "example")
        let report = try #require(result.sequences.first?.recognizers.first)
        switch c.example.expectation {
        case .recognizes(let gesture):
            #expect(report.state == .recognized, "\(report.failure.map { TextReport.describe($0.reason) } ?? "")")
            #expect(report.recognition?.gesture == gesture)
        case .fails(let code):
            #expect(report.state == .failed, "\(report.failure.map { TextReport.describe($0.reason) } ?? "")")
            #expect(report.failure?.reason.code == code)
        }
    }

    @Test func everyRecognizerHasExamplesBothWays() {
        for definition in Registry.all {
            let kinds = Set(definition.examples.map { if case .recognizes = $0.expectation { true } else { false } })
            #expect(kinds == [true, false], "\(definition.id) needs examples it recognizes and examples it rejects")
        }
    }
}
