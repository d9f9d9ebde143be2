import Foundation
import Testing

/// Every `$ gesture …` example in README.md, docs/*.md and the recognizers' guides (docs/recognizers/)
/// prints what the page shows, run from the package root: the lines that follow the command
/// (continued by `\`) up to the end of its code block are its output, stdout then stderr. A line the
/// page cuts short with `…` must begin the same way. Examples on `../shared/datasets` run only where
/// it is present.
@Suite struct DocExamplesTests {
    struct Example: CustomStringConvertible, Sendable {
        var page: String
        var line: Int
        var words: [String]
        var printed: [String]
        var description: String { "\(page):\(line)" }
        /// Whether it reads `../shared/datasets`.
        var usesDatasets: Bool { words.contains { $0.contains("../shared") } }
    }

    /// docs/configuration.md's examples read the files the page shows first: `ConfigurationDocsTests`
    /// writes them and runs those examples.
    static let pages: [String] =
        ["README.md"]
        + GestureCommand.files(in: "docs").filter { $0.hasSuffix(".md") && $0 != "docs/configuration.md" }
        + GestureCommand.files(in: "docs/recognizers").filter { $0.hasSuffix(".md") }

    static var examples: [Example] {
        var found: [Example] = []
        for page in pages {
            let url = GestureCommand.packageRoot.appendingPathComponent(page)
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var index = 0
            while index < lines.count {
                guard lines[index].hasPrefix("$ gesture ") else {
                    index += 1
                    continue
                }
                let start = index
                var command = ""
                while true {
                    command += lines[index].trimmingCharacters(in: .whitespaces)
                    guard command.hasSuffix("\\") else { break }
                    command.removeLast()
                    index += 1
                }
                var printed: [String] = []
                index += 1
                while index < lines.count, lines[index] != "```" {
                    printed.append(lines[index])
                    index += 1
                }
                let words = command.split(separator: " ").map(String.init).dropFirst(2)
                found.append(Example(page: page, line: start + 1, words: Array(words), printed: printed))
            }
        }
        return found
    }

    @Test func thePagesHaveExamples() {
        #expect(Self.examples.count >= 4)
    }

    /// A conflict of a merge or rebase left in a page (one reached docs/batch.md) reads as two
    /// versions of a paragraph, neither of them checked by its examples.
    @Test(arguments: pages + ["docs/configuration.md"])
    func noPageHoldsTheMarkersOfAConflict(_ page: String) throws {
        let text = try String(contentsOf: GestureCommand.packageRoot.appendingPathComponent(page), encoding: .utf8)
        let markers = text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().filter {
            $0.element.hasPrefix("<<<<<<< ") || $0.element.hasPrefix(">>>>>>> ")
        }
        #expect(markers.isEmpty, "\(page):\(markers.first.map { $0.offset + 1 } ?? 0): a conflict's marker")
    }

    /// Each parameterised test below takes a part of the examples; neither part may be empty.
    @Test func thePagesHaveExamplesOnTheDatasetsAndWithout() {
        #expect(Self.examples.filter(\.usesDatasets).count >= 2)
        #expect(Self.examples.filter { !$0.usesDatasets }.count >= 2)
    }

    @Test(arguments: examples.filter { !$0.usesDatasets })
    func theExamplePrintsWhatThePageShows(_ example: Example) throws {
        try expectPrinted(example)
    }

    /// The examples on `../shared/datasets`: skipped, and reported as skipped, where it is absent.
    @Test(
        .enabled(if: BatchDatasetTests.present, "../shared/datasets is absent: the pages' examples on it not run"),
        arguments: examples.filter(\.usesDatasets))
    func theExampleOnTheDatasetsPrintsWhatThePageShows(_ example: Example) throws {
        try expectPrinted(example)
    }

    func expectPrinted(_ example: Example) throws {
        let run = try GestureCommand.run(example.words)
        var actual = (run.stdout + run.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if actual.last == "" { actual.removeLast() }
        #expect(
            actual.count == example.printed.count,
            "\(example): \(actual.count) lines printed, the page shows \(example.printed.count)")
        for (shown, printed) in zip(example.printed, actual) {
            if shown.hasSuffix("…") {
                #expect(printed.hasPrefix(String(shown.dropLast())), "\(example): \(printed)")
            } else {
                #expect(printed == shown, "\(example)")
            }
        }
    }
}
