import Foundation
import GestureKit

/// A small command-line parser: `--name value`, `--name=value`, flags, `--` and positional operands.
/// Each command says which options take a value; anything else starting with `-` (but `-` alone) is
/// a usage error. An option that takes one value may be given once; those in `repeatableOptions` any
/// number of times.
struct Arguments {
    /// The last value of each option.
    var options: [String: String] = [:]
    /// Every value of each option, in order, for options that may be repeated.
    var repeated: [String: [String]] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    init(_ words: ArraySlice<String>, valued: Set<String>, flags known: Set<String>) throws(UsageError) {
        var words = words
        // Every command's operands are paths: `gesture batch "$DIR"` with an empty variable was
        // reported as a file of no name (`: error: cannot read: no such file`).
        func operand(_ word: String) throws(UsageError) {
            guard !word.isEmpty else { throw UsageError("an empty operand (\"\") names no file or folder") }
            operands.append(word)
        }
        while let word = words.popFirst() {
            if word == "--" {
                while let word = words.popFirst() { try operand(word) }
                break
            }
            guard word.hasPrefix("-"), word != "-" else {
                try operand(word)
                continue
            }
            var name = word
            var value: String?
            if let equals = word.firstIndex(of: "=") {
                name = String(word[..<equals])
                value = String(word[word.index(after: equals)...])
            }
            if name == "-h" { name = "--help" }
            if valued.contains(name) {
                if value == nil {
                    // Another of the command's options is no value: `--mirror-negatives --out x.json`
                    // left out the value, and would otherwise take `--out` for it.
                    if let next = words.first, next.hasPrefix("--"),
                        case let nextName = String(next.prefix { $0 != "=" }),
                        valued.contains(nextName) || known.contains(nextName)
                    {
                        throw UsageError("option \(name) needs a value, found the option \(nextName)")
                    }
                    value = words.popFirst()
                }
                guard let value else { throw UsageError("option \(name) needs a value") }
                // `--config ""` was read as a file of no name: `cannot read configuration file : no such file`.
                if value.isEmpty, let named = pathOptions[name] {
                    throw UsageError("\(name) \"\": an empty path names no \(named)")
                }
                if let earlier = options[name], !repeatableOptions.contains(name) {
                    throw UsageError(
                        "option \(name) is given twice (\"\(earlier)\" and \"\(value)\"): it takes one value")
                }
                options[name] = value
                repeated[name, default: []].append(value)
            } else if known.contains(name), value == nil {
                flags.insert(name)
            } else {
                throw UsageError("unknown option \(word)")
            }
        }
    }

    /// The value of `name`, which must be one of `choices`.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws(UsageError) -> T
    where T.RawValue == String {
        guard let raw = options[name] else { return fallback }
        guard let value = T(rawValue: raw) else {
            throw UsageError(Arguments.invalid(raw, for: name, choices: T.allCases.map(\.rawValue)))
        }
        return value
    }

    /// "invalid value "Seed" for --profile: expected default or seed (did you mean seed?)"
    static func invalid(_ raw: String, for name: String, choices: [String]) -> String {
        let list =
            choices.count == 1
            ? choices[0] : choices.dropLast().joined(separator: ", ") + " or " + choices.last!
        let hint = Spelling.nearest(to: raw, among: choices).map { " (did you mean \($0)?)" } ?? ""
        return "invalid value \"\(raw)\" for \(name): expected \(list)\(hint)"
    }
}

/// The options that may be given more than once, each value adding to the others.
let repeatableOptions: Set<String> = [
    "--set", "--limit", "--labels", "--min-recall", "--sweep", "--recognizer", "--templates",
]

/// The options that name a file to read or a folder to write, of every command that takes them, and
/// what they name: an empty value, which names none, is a usage error, as `--out ""` is.
let pathOptions: [String: String] = [
    "--config": "file", "--templates": "file", "--labels": "file", "--report": "folder",
]

/// Warns of each folder among several PATHs that holds no trace file (a misspelt or empty one was
/// left out without a word while the others ran); with one PATH, the run's own error says it.
func warnOfFoldersWithoutTraces(_ roots: [String], isLabelsFile: (String) -> Bool) {
    guard roots.count > 1 else { return }
    var seen = Set<String>()
    // Each once, however often or however spelt it was given (`empty` and `./empty`).
    for root in roots where seen.insert(Paths.absoluteThroughLinks(root)).inserted {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root, isDirectory: &isFolder), isFolder.boolValue else {
            continue
        }
        // The first trace file ends the walk, which is lazy.
        if !CorpusWalker(roots: [root]).contains(where: { !isLabelsFile($0.path) }) {
            Output.error("\(Output.name(root)): warning: no trace files (.json, .csv, .xml) in it")
        }
    }
}

/// A mistake on the command line; exit status 2.
struct UsageError: Error {
    var message: String

    /// The folders and files a command was given hold no trace file: a misspelt or empty folder.
    static func noTraceFiles(in paths: [String]) -> UsageError {
        UsageError("no trace files (.json, .csv, .xml) in \(paths.map(Output.name).joined(separator: ", "))")
    }
    init(_ message: String) { self.message = message }
}

/// What the exit status means, like grep.
enum ExitCode: Int32 {
    /// Some gesture was recognized.
    case recognized = 0
    /// Nothing was recognized.
    case noneRecognized = 1
    /// A usage or input error (other files were still processed).
    case error = 2
}
