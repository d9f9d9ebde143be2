import Foundation
import Testing

@testable import GestureKit

/// Each registered recognizer has a guide in `docs/recognizers/ID.md` whose reference section is made
/// from its declaration; `make golden` rewrites the section (and writes the guide of a recognizer that
/// has none yet), so the docs never say a second time what the code declares.
@Suite struct DocsTests {
    static let folder = GestureCommand.packageRoot.appendingPathComponent("docs/recognizers")
    static let begin = "<!-- BEGIN reference -->\n"
    static let end = "<!-- END reference -->\n"

    /// The guide's text with its reference section made anew.
    static func guide(_ entry: Configuration.Entry, in configuration: Configuration, from text: String?) -> String {
        let reference =
            begin
            + "<!-- Made from the declaration by `gesture list --format markdown`; `make golden` rewrites it. -->\n\n"
            + "## Reference\n\n" + MarkdownReport.reference(entry, in: configuration, level: 3) + "\n" + end
        guard let text, let start = text.range(of: begin),
            let stop = text.range(of: end, range: start.upperBound..<text.endIndex)
        else {
            return "# `\(entry.id)`\n\n\(entry.definition.summary).\n\n" + reference
        }
        return String(text[..<start.lowerBound]) + reference + String(text[stop.upperBound...])
    }

    @Test(arguments: Registry.all.map(\.id))
    func everyRecognizerHasAGuideWithItsReference(_ id: String) throws {
        let configuration = Configuration()
        let entry = try #require(configuration.entries.first { $0.id == id })
        let url = Self.folder.appendingPathComponent("\(id).md")
        let text = try? String(contentsOf: url, encoding: .utf8)
        let expected = Self.guide(entry, in: configuration, from: text)
        if CommandLineTests.recording {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        } else {
            let text = try #require(text, "docs/recognizers/\(id).md is missing: `make golden` writes it")
            #expect(
                text == expected, "the reference in docs/recognizers/\(id).md is out of date: `make golden` rewrites it"
            )
        }
    }

    @Test func everyGuideIsOfARegisteredRecognizer() throws {
        let guides = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter {
            $0.hasSuffix(".md")
        }
        try #require(!guides.isEmpty, "no guide in \(Self.folder.path)")
        let ids = Set(Registry.all.map(\.id))
        for guide in guides {
            #expect(ids.contains(String(guide.dropLast(3))), "\(guide) names no registered recognizer")
        }
    }

    @Test func theListCommandPrintsTheSameReference() throws {
        let output = try GestureCommand.run(["list", "--format", "markdown", "--recognizers", "swipe"])
        let configuration = Configuration()
        let entry = try #require(configuration.entries.first { $0.id == "swipe" })
        // Alone, swipe requires nothing; the reference of the whole registry says what it waits for.
        #expect(
            output.stdout.contains(
                "| `minimumTravel` | pt | 30 | 16 | 10 | ≥ 0 | distance along the axis from start to end |"))
        #expect(
            MarkdownReport.reference(entry, in: configuration).contains("requires to fail: `checkmark`, `z`, `circle`"))
        #expect(output.status == 0)
    }
}
