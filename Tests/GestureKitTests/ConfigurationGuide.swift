import Foundation

/// The examples of `docs/configuration.md`: the config files it shows (a ```json block under a
/// `<!-- file: NAME -->` line) and the commands it runs (`$ gesture …` lines in ```console blocks,
/// each followed by what it prints, standard error first).
enum ConfigurationGuide {
    static let url = GestureCommand.packageRoot.appendingPathComponent("docs/configuration.md")

    struct File {
        var name: String
        var text: String
    }

    struct Command {
        /// The words after `gesture`; `> FILE` at the end sends standard output to FILE.
        var words: [String]
        var output: String
        /// Where it is in the guide, for messages.
        var line: Int
    }

    static var lines: [Substring] {
        ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n", omittingEmptySubsequences: false)
    }

    static var files: [File] {
        var files: [File] = []
        let lines = self.lines
        for (index, line) in lines.enumerated() {
            guard let name = line.wholeMatch(of: /<!-- file: (\S+) -->/)?.output.1, index + 1 < lines.count,
                lines[index + 1] == "```json"
            else { continue }
            let body = lines[(index + 2)...].prefix { $0 != "```" }
            files.append(File(name: String(name), text: body.joined(separator: "\n") + "\n"))
        }
        return files
    }

    static var commands: [Command] {
        var commands: [Command] = []
        var inConsole = false
        for (index, line) in lines.enumerated() {
            if line == "```console" {
                inConsole = true
            } else if line == "```" {
                inConsole = false
            } else if inConsole, line.hasPrefix("$ gesture ") {
                let words = line.dropFirst("$ gesture ".count).split(separator: " ").map(String.init)
                commands.append(Command(words: words, output: "", line: index + 1))
            } else if inConsole, !commands.isEmpty {
                commands[commands.count - 1].output += line + "\n"
            }
        }
        return commands
    }
}
