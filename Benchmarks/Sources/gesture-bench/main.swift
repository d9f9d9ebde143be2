import Foundation
import GestureKit

// gesture-bench: the in-process half of the benchmark suite, driven by Benchmarks/run.py.
// Every command prints one JSON object on stdout.

let usage = """
    usage: gesture-bench generate --out DIR [--seed N] [--traces N] [--long N,N,…]
           gesture-bench parse --format json|csv|xml [--validate] [--repeat N] DIR
           gesture-bench replay [--seconds S] FILE
           gesture-bench linearity [--seconds S] [--no-classify] FILE…
           gesture-bench classify-each [--seconds S] LIST
           gesture-bench count parse|read|replay FILE TIMES
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("gesture-bench: \(message)\n\(usage)\n".utf8))
    exit(2)
}

/// Options (`--name value`, or `--flag`) and operands.
struct Options {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var operands: [String] = []

    init(_ words: ArraySlice<String>, flags known: Set<String> = []) {
        var rest = words
        while let word = rest.popFirst() {
            if known.contains(word) {
                flags.insert(word)
            } else if word.hasPrefix("--") {
                guard let value = rest.popFirst() else { fail("\(word) needs a value") }
                values[word] = value
            } else {
                operands.append(word)
            }
        }
    }

    func double(_ name: String, _ fallback: Double) -> Double {
        guard let text = values[name] else { return fallback }
        guard let value = Double(text) else { fail("\(name): expected a number, found \(text)") }
        return value
    }

    func int(_ name: String, _ fallback: Int) -> Int {
        guard let text = values[name] else { return fallback }
        guard let value = Int(text) else { fail("\(name): expected an integer, found \(text)") }
        return value
    }
}

func emit(_ object: [String: Any]) {
    let data = try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write(Data("\n".utf8))
}

let words = CommandLine.arguments.dropFirst()
guard let command = words.first else { fail("no command") }
let options = Options(words.dropFirst(), flags: ["--validate", "--no-classify"])

switch command {
case "generate":
    guard let out = options.values["--out"] else { fail("generate: --out DIR is required") }
    let long = (options.values["--long"] ?? "").split(separator: ",").map { word -> Int in
        guard let size = Int(word), size >= 2 else { fail("--long: expected sizes of at least 2, found \(word)") }
        return size
    }
    let corpus = Corpus(
        root: out, seed: UInt64(options.int("--seed", 1)), traces: options.int("--traces", 100_000), longSizes: long)
    do {
        let manifest = try corpus.write()
        let data = try JSONSerialization.data(withJSONObject: manifest, options: [.sortedKeys, .prettyPrinted])
        try data.write(to: URL(fileURLWithPath: out + "/manifest.json"))
        emit(manifest)
    } catch {
        FileHandle.standardError.write(Data("gesture-bench: generate: \(error)\n".utf8))
        exit(1)
    }
case "parse":
    guard let name = options.values["--format"], let format = TraceFormat(rawValue: name) else {
        fail("parse: --format json|csv|xml is required")
    }
    guard let directory = options.operands.first else { fail("parse: DIR is required") }
    emit(
        Measure.parseCorpus(
            directory: directory, format: format, validate: options.flags.contains("--validate"),
            repeats: options.int("--repeat", 3)))
case "replay":
    guard let file = options.operands.first else { fail("replay: FILE is required") }
    emit(Measure.replay(file: file, minimumSeconds: options.double("--seconds", 1)))
case "linearity":
    guard !options.operands.isEmpty else { fail("linearity: FILE… is required") }
    emit(
        Measure.linearity(
            files: options.operands, minimumSeconds: options.double("--seconds", 0.5),
            classify: !options.flags.contains("--no-classify")))
case "classify-each":
    guard let list = options.operands.first else { fail("classify-each: LIST is required") }
    emit(Measure.classifyEach(listFile: list, minimumSeconds: options.double("--seconds", 1)))
case "count":
    guard options.operands.count == 3, let times = Int(options.operands[2]) else {
        fail("count: expected parse|read|replay FILE TIMES")
    }
    emit(Measure.count(options.operands[0], file: options.operands[1], times: times))
default:
    fail("unknown command \(command)")
}
