import Foundation
import GestureKit

/// The `gesture` command: parses arguments, calls GestureKit, maps results to output and exit status.
func run(_ words: [String]) -> ExitCode {
    // A usage error points at the help of the command it is about.
    var command = commands.contains(words.first ?? "") ? words.first! : nil
    do {
        switch words.first {
        case "classify": return try classify(words.dropFirst())
        case "list": return try list(words.dropFirst())
        case "batch": return try batch(words.dropFirst())
        case "merge-scores": return try mergeScores(words.dropFirst())
        case "tune": return try tune(words.dropFirst())
        case "convert": return try convert(words.dropFirst())
        case "render": return try render(words.dropFirst())
        case "learn": return try learn(words.dropFirst())
        case "--version": Output.write("gesture \(version)\n")
        case "--help", "-h": Output.write(mainHelp + "\n")
        case "help":
            // `gesture help batch` is `gesture batch --help`.
            guard let name = words.dropFirst().first else {
                Output.write(mainHelp + "\n")
                break
            }
            guard commands.contains(name) else {
                command = nil
                throw UsageError("unknown command \"\(name)\": expected one of \(commands.joined(separator: ", "))")
            }
            return run([name, "--help"])
        case nil:
            Output.error(mainHelp)
            return .error
        case let other?:
            let hint =
                Spelling.nearest(to: other, among: commands).map { "did you mean \($0)?" }
                ?? "expected one of \(commands.joined(separator: ", "))"
            throw UsageError("unknown command \"\(other)\": \(hint)")
        }
        return .recognized
    } catch let error as UsageError {
        let help = command.map { "gesture \($0) --help" } ?? "gesture --help"
        Output.error("gesture: error: \(error.message)\nRun `\(help)` for usage.")
    } catch let error as LabelError {
        // A message placed in a file (`labels.csv:3:7: error: …`) is shown as it is.
        Output.error(error.isPlaced ? error.message : "gesture: error: \(error.message)")
    } catch let error as ConfigurationError {
        // An error in a config file is placed in it, as `c.json:3:18: error: …`.
        Output.error(error.file == nil ? "gesture: error: \(error.message)" : error.description)
    } catch {
        Output.error("gesture: error: \(error)")
    }
    return .error
}

/// The commands `gesture` runs, as `gesture help` names them.
let commands = ["classify", "batch", "merge-scores", "tune", "list", "convert", "render", "learn"]

Output.install()
let status = run(Array(CommandLine.arguments.dropFirst()))
Output.flush()
exit(status.rawValue)
