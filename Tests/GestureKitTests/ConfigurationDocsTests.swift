import Foundation
import Testing

/// `docs/configuration.md` runs as printed: its config files are written to a folder, and each
/// command it shows is run there, in order, and prints exactly what the guide says.
@Suite struct ConfigurationDocsTests {
    @Test func theGuideHasExamples() {
        #expect(ConfigurationGuide.files.count >= 4)
        #expect(ConfigurationGuide.commands.count >= 8)
    }

    @Test func everyCommandOfTheGuidePrintsWhatItSays() throws {
        let corpus = try MiniCorpus("configuration-guide")
        defer { corpus.remove() }
        for file in ConfigurationGuide.files { try corpus.write(file.name, file.text) }
        try FileManager.default.createSymbolicLink(
            at: corpus.folder.appendingPathComponent("Traces"),
            withDestinationURL: GestureCommand.packageRoot.appendingPathComponent("Traces"))
        var recorded = try String(contentsOf: ConfigurationGuide.url, encoding: .utf8)
        for command in ConfigurationGuide.commands {
            var words = command.words
            var target: String?
            if words.count >= 2, words[words.count - 2] == ">" {
                target = words.removeLast()
                words.removeLast()
            }
            let result = try GestureCommand.run(words, in: corpus.folder)
            if let target { try corpus.write(target, result.stdout) }
            let printed = result.stderr + (target == nil ? result.stdout : "")
            let shown = "docs/configuration.md:\(command.line): gesture \(command.words.joined(separator: " "))"
            if CommandLineTests.recording, printed != command.output {
                let line = "$ gesture " + command.words.joined(separator: " ") + "\n"
                recorded = recorded.replacingOccurrences(of: line + command.output, with: line + printed)
            }
            #expect(CommandLineTests.recording || printed == command.output, "\(shown)")
            // An error is a usage or input error: exit status 2, and only then.
            #expect((result.status == 2) == printed.contains(" error: "), "\(shown): exit status \(result.status)")
        }
        if CommandLineTests.recording {
            try recorded.write(to: ConfigurationGuide.url, atomically: true, encoding: .utf8)
        }
    }
}
