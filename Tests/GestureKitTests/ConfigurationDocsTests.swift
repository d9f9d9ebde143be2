import Foundation
import GestureKit
import Testing

// BEGIN configure
/// The configuration `gesture --config PATH --set pan.minimumTouches=2` runs with.
func configure(path: String) throws -> Configuration {
    var configuration = Configuration(profile: .default)
    let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    try configuration.apply(json: Array(bytes), file: path)  // a config file
    try configuration.set(assignment: "pan.minimumTouches=2")  // --set
    try configuration.check()  // constraints
    for warning in configuration.warnings { print(warning) }
    return configuration
}
// END configure

/// `docs/configuration.md` runs as printed: its config files are written to a folder, and each
/// command it shows is run there, in order, and prints exactly what the guide says.
@Suite struct ConfigurationDocsTests {
    @Test func theGuideHasExamples() {
        #expect(ConfigurationGuide.files.count >= 4)
        #expect(ConfigurationGuide.commands.count >= 8)
    }

    @Test func theSwiftExampleRunsAndIsShownAsItIs() throws {
        let corpus = try MiniCorpus("configuration-swift")
        defer { corpus.remove() }
        let tuned = try #require(ConfigurationGuide.files.first { $0.name == "tuned.json" })
        try corpus.write("tuned.json", tuned.text)
        let configuration = try configure(path: corpus.folder.appendingPathComponent("tuned.json").path)
        #expect(configuration.parameters(of: "pan", as: Pan.self)?.minimumTouches == 2)
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.minimumTravel == 20)

        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let code = try #require(
            source.components(separatedBy: "// BEGIN configure\n").dropFirst().first?.components(
                separatedBy: "// END configure"
            ).first)
        let guide = try String(contentsOf: ConfigurationGuide.url, encoding: .utf8)
        let begin = try #require(guide.range(of: "<!-- BEGIN configure"), "no BEGIN configure line")
        let start = try #require(guide.range(of: "\n", range: begin.upperBound..<guide.endIndex)).upperBound
        let end = try #require(guide.range(of: "<!-- END configure -->", range: start..<guide.endIndex))
        let expected = "```swift\nimport Foundation\nimport GestureKit\n\n" + code + "```\n"
        if CommandLineTests.recording {
            try (String(guide[..<start]) + expected + String(guide[end.lowerBound...])).write(
                to: ConfigurationGuide.url, atomically: true, encoding: .utf8)
        } else {
            #expect(String(guide[start..<end.lowerBound]) == expected, "docs/configuration.md: `make golden` copies it")
        }
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
