import Foundation
import GestureKit

enum OutputFormat: String, CaseIterable {
    case text, json, jsonl
}

enum ListFormat: String, CaseIterable {
    case text, json, markdown
}

let version = "0.1.0"

let mainHelp = """
    gesture \(version): classify recorded touch traces with UIKit-style gesture recognizers.

    usage: gesture classify [options] FILE…       classify traces (- reads standard input)
           gesture batch [options] PATH…          score folders of labelled traces
           gesture merge-scores [options] FILE…   combine the JSON outputs of sharded batch runs
           gesture tune [options] CORPUS…         find the parameter values that work for everyone
           gesture list [options]                 show recognizers, parameters and relationships
           gesture convert [options] INPUT…       convert traces between JSON, CSV and $-family XML
           gesture render [options] TRACE…        draw traces and their verdicts as SVG pictures
           gesture learn [options] EXAMPLE…       learn new gestures from example traces
           gesture --version

    Run `gesture COMMAND --help` for a command's options.
    """

let classifyHelp = """
    usage: gesture classify [options] FILE…

    Replays each trace (JSON, CSV or $-family XML; - for standard input) through the recognizers and
    prints the recognized gesture, every recognizer's transitions and why the others failed.

    options:
      --format text|json|jsonl   output: text (default), one JSON document, or one JSON object per line
      --color auto|always|never  colour the text output: on a terminal unless NO_COLOR is set or
                                 TERM is dumb (auto, the default), always, or never; text fits
                                 the terminal's width (COLUMNS when set), or 100 columns when not
                                 on a terminal
      --input-format json|csv|xml  read every FILE as this format (default: by its extension, .json,
                                 .csv or .xml in any case; from its content for - and any other name)
    \(adjustmentHelp)
      --profile default|seed|hammer
                                 parameter values: tuned for real hands (default), as published
                                 (seed), or Hammer.js's, with its arbitration (hammer)
      --recognizers ID,ID…       use only these recognizers (see `gesture list`)
      --config FILE              JSON file setting parameters and relationships (docs/configuration.md;
                                 `gesture list --format json` output is one; - reads standard input)
      --set ID.PARAM=VALUE       set one parameter, after --config; repeatable, a later one wins
                                 (VALUE a number, true, false, off for an optional rule, or
                                 directions: left,right or horizontal, vertical, all)
      --templates FILE           add the recognizer a templates file describes (`gesture learn`
                                 writes them; docs/templates.md); repeatable
      --limit NAME=VALUE         change a read limit; repeatable (see below)
      -h, --help                 show this help

    \(limitsHelp)

    exit status: 0 when a gesture was recognized, 1 when none was, 2 on a usage or input error
    (the other files are still processed and reported).
    """

/// The `--limit` names and defaults, for the help of `classify` and `batch`.
let limitsHelp = """
    Read limits (a file past one is an error naming it): file-size=256M, samples=10000000,
    touches=20 (down at once), nesting=512 (JSON), line-length=1M (CSV records),
    string-length=64K, digits=800 (significant digits of a number). Sizes take K, M, G or T.
    """

let listHelp = """
    usage: gesture list [options]

    Lists the recognizers, what each is, their parameters (value, unit, meaning, default and seed
    values), relationships (require-to-fail, simultaneous recognition), constraints between
    parameters, failure codes and details. The --format json output is itself a --config file.

    options:
      --format text|json|markdown  output format (default text); markdown is the
                                   reference of docs/recognizers
      --profile default|seed|hammer
                                   whose parameter values to show
      --recognizers ID,ID…         only these recognizers
      --config FILE                apply a configuration file first (docs/configuration.md)
      --set ID.PARAM=VALUE         then set one parameter; repeatable, a later one wins
      --templates FILE             add a learned recognizer (`gesture learn`); repeatable
      -h, --help                   show this help
    """

/// The options every command that runs or shows recognizers takes (`configuration(from:)` reads them).
let configurationOptions: Set<String> = ["--profile", "--recognizers", "--config", "--set", "--templates"]

/// Builds the configuration the common options describe, in this order: `--profile`, the learned
/// recognizers of `--templates FILE`, the recognizers
/// `--config FILE` declares, `--recognizers`, the rest of the file, then every `--set ID.PARAMETER=VALUE` (a later one wins), then the check that no
/// values contradict each other (a minimum above its maximum). Warnings (former names, bare relationship
/// arrays) go to stderr; any error is a `ConfigurationError`, which `run` reports with exit status 2.
func configuration(from arguments: Arguments) throws -> Configuration {
    var configuration = Configuration(profile: try arguments.choice("--profile", default: Profile.default))
    try checkStandardInputReadOnce(arguments)
    // Each --templates file's recognizer, for the check that --recognizers keeps it.
    var learned: [(path: String, id: String)] = []
    for path in arguments.repeated["--templates"] ?? [] {
        if let earlier = configuration.templatesReadAlready(path) {
            throw UsageError("--templates \(Output.name(path)) is given twice: \(earlier)")
        }
        // A file named here may be standard input or a pipe (`<(…)`); one a config file names may not
        // (see templatesBytes).
        let bytes: [UInt8]
        switch InputFile.bytes(path, kind: "templates file", limit: Configuration.templatesFileLimit) {
        case .success(let read): bytes = read
        case .failure(let error): throw ConfigurationError(error.message)
        }
        let ids = Set(configuration.entries.map(\.id))
        try configuration.addTemplates(bytes: bytes, file: path)
        learned += configuration.entries.filter { !ids.contains($0.id) }.map { (path, $0.id) }
    }
    let kept = try arguments.options["--recognizers"].map { list in
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let ids = items.filter { !$0.isEmpty }
        guard !ids.isEmpty else {
            throw UsageError(
                "--recognizers \"\(list)\" names no recognizer: give ids separated by commas (gesture list shows them)")
        }
        // An empty item (`tap,,pan`, a trailing comma) is a slip, perhaps a recognizer left out: said,
        // as an unknown one is, rather than skipped.
        if let empty = items.firstIndex(of: "") {
            throw UsageError(
                "--recognizers \"\(list)\": item \(empty + 1) is empty: give ids separated by single commas "
                    + "(gesture list shows them)")
        }
        return ids
    }
    if let path = arguments.options["--config"] {
        let bytes: [UInt8]
        switch InputFile.bytes(path, kind: "configuration file", limit: Configuration.templatesFileLimit) {
        case .success(let read): bytes = read
        case .failure(let error): throw UsageError(error.message)
        }
        // What the file says of a recognizer --recognizers leaves out is skipped, but its mistakes are
        // mistakes whatever --recognizers is: `apply` reads it whole first (an unknown parameter, a
        // value out of range, a cycle), and here the --set values are added to that whole and checked
        // not to contradict it.
        if kept != nil {
            var whole = configuration
            try whole.apply(json: bytes, file: path)
            for assignment in arguments.repeated["--set"] ?? [] { try? whole.set(assignment: assignment) }
            try checked(whole)
        }
        // The recognizers the file declares may be among those --recognizers keeps.
        try configuration.apply(json: bytes, file: path, keepingOnly: kept)
    } else if let kept {
        try configuration.keepOnly(recognizersOption: kept)
    }
    // A file given to add a recognizer that --recognizers then leaves out would change nothing, as a
    // --set of a recognizer left out would not: a slip, said as that is.
    if let kept, let (path, id) = learned.first(where: { !kept.contains($0.id) }) {
        throw UsageError(
            "--templates \(Output.name(path)) adds the recognizer \(id), which --recognizers leaves out: add \(id) "
                + "to --recognizers, or leave the file out")
    }
    var shown = configuration.warnings.count
    for warning in configuration.warnings { Output.error(warning) }
    for assignment in arguments.repeated["--set"] ?? [] {
        do throws(ConfigurationError) {
            try configuration.set(assignment: assignment)
        } catch {
            throw ConfigurationError("--set \(error.message)")
        }
        for warning in configuration.warnings[shown...] { Output.error("gesture: warning: --set: \(warning)") }
        shown = configuration.warnings.count
    }
    try checked(configuration)
    return configuration
}

/// `configuration.check()`, its error said with the --set that set one of its values when no file did.
private func checked(_ configuration: Configuration) throws(ConfigurationError) {
    do throws(ConfigurationError) {
        try configuration.check()
    } catch {
        guard let assignment = error.assignment else { throw error }
        throw ConfigurationError("--set \(assignment): \(error.message)")
    }
}

/// `--force` where the output is standard output (no `--out`, or `--out -`): a slip, perhaps a missing
/// `--out`, refused as batch's without `--report` is. `target` is what `--out` names (`FILE or DIR`).
func refuseForceToStandardOutput(_ arguments: Arguments, target: String) throws(UsageError) {
    guard arguments.flags.contains("--force"), (arguments.options["--out"] ?? "-") == "-" else { return }
    throw UsageError("--force needs --out \(target) (it lets files be overwritten; standard output needs none)")
}

/// Standard input can be read once: `-` given as more than one of the traces, `--config`,
/// `--templates` and `--labels` is a usage error rather than an empty read the second time.
func checkStandardInputReadOnce(_ arguments: Arguments, operand: String = "a trace") throws {
    var uses: [String] = arguments.operands.filter { $0 == "-" }.map { _ in operand }
    if arguments.options["--config"] == "-" { uses.append("--config") }
    for option in ["--templates", "--labels"] {
        uses += (arguments.repeated[option] ?? []).filter { $0 == "-" }.map { _ in option }
    }
    guard uses.count > 1 else { return }
    throw UsageError(
        "- (standard input) is given \(uses.count) times (\(uses.joined(separator: ", "))): it can be read once")
}

/// The options that change traces as they are read: `--time-unit` (valued), `--y-up` and
/// `--lift-at-jumps` (flags).
let adjustmentOptions: Set<String> = ["--time-unit"]

/// `--time-unit s|ms|us`, `--y-up` and `--lift-at-jumps`.
func traceAdjustment(from arguments: Arguments) throws(UsageError) -> TraceAdjustment {
    var adjustment = TraceAdjustment()
    if arguments.options["--time-unit"] != nil {
        adjustment.timeUnit = try arguments.choice("--time-unit", default: TraceAdjustment.TimeUnit.s)
    }
    adjustment.flipsY = arguments.flags.contains("--y-up")
    adjustment.liftsAtJumps = arguments.flags.contains("--lift-at-jumps")
    return adjustment
}

/// The help lines of `--time-unit`, `--y-up` and `--lift-at-jumps`.
let adjustmentHelp = """
      --time-unit s|ms|us        the unit of the files' times (default: seconds, milliseconds for XML);
                                 a trace whose times look like another unit gets a warning
      --y-up                     y grows upward in the files (a swipe up reads as swipe-down without
                                 it): flip y about the view's height, or the trace's bounds
      --lift-at-jumps            in $-family XML logs, read a stroke that jumps (0.25 s and 10 pt
                                 between two points) as lifted there and put down again: a logger
                                 that records no lifts keeps two attempts, or an x's two strokes, in
                                 one stroke (the reader warns of each such log)
    """

/// The read limits the repeatable `--limit NAME=VALUE` option sets, over the defaults.
func readLimits(from arguments: Arguments) throws(UsageError) -> ReadLimits {
    var limits = ReadLimits()
    for spec in arguments.repeated["--limit"] ?? [] {
        do throws(ReadLimitsError) {
            try limits.set(spec)
        } catch {
            throw UsageError(error.message)
        }
    }
    return limits
}

func classify(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: configurationOptions.union(["--format", "--color", "--input-format", "--limit"]).union(
            adjustmentOptions),
        flags: ["--help", "--y-up", "--lift-at-jumps"])
    if arguments.flags.contains("--help") {
        Output.write(classifyHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: OutputFormat.text)
    let style = Output.textStyle(color: try arguments.choice("--color", default: ColorChoice.auto))
    let inputFormat = try arguments.inputFormat()
    let limits = try readLimits(from: arguments)
    let adjustment = try traceAdjustment(from: arguments)
    let classifier = Classifier(configuration: try configuration(from: arguments))
    guard !arguments.operands.isEmpty else { throw UsageError("no FILE given (use - for standard input)") }

    var anyError = false
    var anyGesture = false
    for (index, file) in arguments.operands.enumerated() {
        let outcome: Result<TraceResult, TraceError>
        do throws(TraceError) {
            let trace = try TraceReader.read(
                path: file, format: inputFormat, limits: limits, adjustment: adjustment)
            outcome = .success(classifier.classify(trace, file: file))
        } catch {
            outcome = .failure(error)
        }
        switch outcome {
        case .success(let result): anyGesture = anyGesture || result.gesture != "none"
        case .failure(let error):
            anyError = true
            Output.error(error.description)
        }
        switch format {
        case .text:
            if case .success(let result) = outcome {
                TextReport.render(result, configuration: classifier.configuration, style: style, to: Output.buffered)
                Output.flush()
            }
        case .jsonl:
            JSONReport.writeText(outcome, to: Output.buffered)
            Output.write("\n")
        case .json:
            // `{"traces": [...]}`, pretty, written a trace (and a sequence) at a time, each piece
            // ending its line, so that a diagnostic between them starts a line of its own.
            Output.buffered((index == 0 ? "{\n  \"traces\": [\n" : "") + "    ")
            JSONReport.writePrettyText(outcome, atLevel: 2, to: Output.buffered)
            Output.write(index == arguments.operands.count - 1 ? "\n  ]\n}\n" : ",\n")
        }
    }
    return anyError ? .error : (anyGesture ? .recognized : .noneRecognized)
}

/// `list --format json` with each learned recognizer's templates file named by its absolute path, so
/// that the output, kept anywhere and given back as `--config`, reads the same file (a config's paths
/// are relative to the config file). Standard input (`-`) stays as it is.
func absoluteTemplates(_ list: JSONValue) -> JSONValue {
    guard case .object(var members) = list, let k = members.firstIndex(where: { $0.key == "recognizers" }),
        case .array(var recognizers) = members[k].value
    else { return list }
    for (r, recognizer) in recognizers.enumerated() {
        guard case .object(var fields) = recognizer, let t = fields.firstIndex(where: { $0.key == "templates" }),
            case .object(var templates) = fields[t].value,
            let f = templates.firstIndex(where: { $0.key == "file" }), case .string(let path) = templates[f].value,
            path != "-", !path.hasPrefix("/")
        else { continue }
        let absolute = Paths.absoluteThroughLinks(path)
        templates[f].value = .string(absolute)
        fields[t].value = .object(templates)
        // The summary names the file too.
        if let k = fields.firstIndex(where: { $0.key == "summary" }), case .string(let summary) = fields[k].value {
            fields[k].value = .string(summary.replacingOccurrences(of: "(\(path))", with: "(\(absolute))"))
        }
        recognizers[r] = .object(fields)
    }
    members[k].value = .array(recognizers)
    return .object(members)
}

func list(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words, valued: configurationOptions.union(["--format"]), flags: ["--help"])
    if arguments.flags.contains("--help") {
        Output.write(listHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: ListFormat.text)
    guard arguments.operands.isEmpty else { throw UsageError("list takes no operands, found \(arguments.operands[0])") }
    let configuration = try configuration(from: arguments)
    switch format {
    case .text: Output.write(TextReport.render(configuration, style: Output.textStyle(color: .never)))
    case .json: Output.write(absoluteTemplates(JSONReport.value(configuration)).prettyText + "\n")
    case .markdown: Output.write(MarkdownReport.render(configuration))
    }
    return .recognized
}
