import Foundation
import GestureKit

/// The `gesture` command: parses arguments, calls GestureKit, maps results to output and exit status.
func run(_ words: [String]) -> ExitCode {
    do {
        switch words.first {
        case "classify": return try classify(words.dropFirst())
        case "list": return try list(words.dropFirst())
        case "batch": return try batch(words.dropFirst())
        case "merge-scores": return try mergeScores(words.dropFirst())
        case "tune": return try tune(words.dropFirst())
        case "convert": return try convert(words.dropFirst())
        case "--version": Output.write("gesture \(version)\n")
        case "--help", "-h", "help": Output.write(mainHelp + "\n")
        case nil: throw UsageError("no command given")
        case let other?: throw UsageError("unknown command \"\(other)\"")
        }
        return .recognized
    } catch let error as UsageError {
        Output.error("gesture: error: \(error.message)\nRun `gesture --help` for usage.")
    } catch let error as LabelError {
        Output.error("gesture: error: \(error.message)")
    } catch let error as ConfigurationError {
        // An error in a config file is placed in it, as `c.json:3:18: error: …`.
        Output.error(error.file == nil ? "gesture: error: \(error.message)" : error.description)
    } catch {
        Output.error("gesture: error: \(error)")
    }
    return .error
}

Output.install()
let status = run(Array(CommandLine.arguments.dropFirst()))
Output.flush()
exit(status.rawValue)
