import Foundation
import GestureKit

let batchHelp = """
    usage: gesture batch [options] PATH…

    Classifies every trace under each PATH (files, or folders searched recursively for .json, .csv and
    .xml; hidden files and folders skipped) exactly as `gesture classify` would, and scores the results
    against labels: accuracy, per-gesture precision, recall and F1, the confusion matrix, and why the
    recognizer that should have fired did not.

    Labels, first match wins: --labels FILE (CSV "path,label", paths relative to that file); the trace's
    own label; its parent folder's name when that is a gesture or "none". Otherwise a trace is unlabelled.

    --group-by scores each group apart too, and prints a row per group (recall of each label, false
    alarms) and each label's worst group: dir:N is the N-th folder of the path below its PATH (dir:1 of
    PATH/s02/fast/a.xml is s02), column:NAME a column of the --labels files (group is short for
    column:group), meta:subject the trace's own subject (XML Subject, JSON "subject", CSV "# subject:").
    With several PATHs, a dir:N group starts with its PATH's last name (dollar1/s02). A trace with no
    group is an error row.

    options:
      --format text|jsonl|json|csv  summary (default), one row per trace, rows and summary, or CSV rows
      --labels FILE              CSV with header path,label (other columns kept); repeatable
      --label-map FROM=TO,…      rename labels first; *=TO renames every other unknown label
      --group-by SPEC            score each group apart: dir:N, column:NAME (or group), meta:subject
      --jobs N                   files classified at once (default: number of cores)
      --shard K/N                score only slice K of N (by a stable hash of each relative path)
      --misses N                 worst misses listed in the text summary (default 10)
      --min-accuracy X           exit 1 when accuracy is below X (0–1)
      --min-recall GESTURE=X     exit 1 when GESTURE's recall is below X; repeatable
      --quiet                    no progress bar (it is shown only when stderr is a terminal)
      --limit NAME=VALUE         change a read limit; repeatable (see below)
      --profile, --recognizers, --config, --set, --input-format   as for `gesture classify`
      -h, --help                 show this help

    \(limitsHelp)

    Output is the same bytes for any --jobs and any order of PATHs. Unreadable or invalid files are rows
    with their error (and diagnostics on stderr); the run goes on. Rows are written in whole lines, so
    an interrupted run leaves whole rows; when the reader of the output goes away (`| head`), the run
    stops quietly with status 0. A failed write (a full disk) is fatal: status 2.

    exit status: 0 when every file was read (and every --min-* gate passed), 1 when a gate failed,
    2 when a file could not be read or parsed or had no group, when a gate could not be checked (no
    traces labelled with what it measures), or on a usage error.
    """

let mergeHelp = """
    usage: gesture merge-scores [--format json|text] [--misses N] FILE…

    Combines the `--format json` outputs of `gesture batch --shard K/N` runs into one output, identical
    to the output of a single run over the whole corpus (with its groups, when the runs had the same
    --group-by).

    exit status: 0 when merged, 2 on a usage error or an unreadable FILE.
    """

enum BatchFormat: String {
    case text, jsonl, json, csv
}

func batch(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: [
            "--format", "--labels", "--label-map", "--jobs", "--shard", "--misses", "--min-accuracy", "--min-recall",
            "--profile", "--recognizers", "--config", "--set", "--input-format", "--limit", "--group-by",
        ], flags: ["--help", "--quiet"])
    if arguments.flags.contains("--help") {
        Output.write(batchHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: BatchFormat.text)
    guard !arguments.operands.isEmpty else { throw UsageError("no PATH given") }
    let configuration = try configuration(from: arguments)
    var labeler = Labeler(configuration: configuration)
    if let map = arguments.options["--label-map"] { try labeler.setLabelMap(map) }
    for file in arguments.repeated["--labels"] ?? [] { try labeler.loadLabels(file) }
    var grouping: Grouping?
    if let spec = arguments.options["--group-by"] {
        do throws(GroupingError) {
            grouping = try Grouping(parsing: spec)
            try grouping?.check(labeler)
        } catch {
            throw UsageError("--group-by: \(error.message)")
        }
    }
    let grouped = grouping != nil

    let jobs = try arguments.integer("--jobs", default: ProcessInfo.processInfo.activeProcessorCount, minimum: 1)
    let misses = try arguments.integer("--misses", default: 10, minimum: 0)
    let minimumAccuracy = try arguments.fraction(arguments.options["--min-accuracy"], for: "--min-accuracy")
    var minimumRecall: [(String, Double)] = []
    for spec in arguments.repeated["--min-recall"] ?? [] {
        let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { throw UsageError("--min-recall: expected GESTURE=X, found \"\(spec)\"") }
        guard labeler.known.contains(parts[0]) else {
            throw UsageError(
                "--min-recall: unknown gesture \"\(parts[0])\": expected one of \(labeler.known.sorted(by: GestureOrder.precedes).joined(separator: ", "))"
            )
        }
        minimumRecall.append((parts[0], try arguments.fraction(parts[1], for: "--min-recall")!))
    }
    var runner = BatchRunner(
        classifier: Classifier(configuration: configuration), labeler: labeler, jobs: jobs,
        inputFormat: try arguments.inputFormat())
    runner.limits = try readLimits(from: arguments)
    runner.grouping = grouping
    if let spec = arguments.options["--shard"] {
        let parts = spec.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
            throw UsageError("--shard: expected K/N with 1 ≤ K ≤ N, found \"\(spec)\"")
        }
        runner.shard = (k - 1, n)
    }

    let roots = arguments.operands
    var progress = Progress(enabled: !arguments.flags.contains("--quiet") && isatty(STDERR_FILENO) == 1)
    if progress.enabled { progress.total = CorpusWalker(roots: roots).filter(runner.includes).count }

    var board = Scoreboard(grouping: grouping)
    var worst = WorstMisses(capacity: format == .text ? misses : 0)
    var firstErrors: [BatchRow] = []
    var first = true
    switch format {
    case .csv: Output.buffered(BatchReport.csvHeader(grouped: grouped))
    case .json: Output.buffered("{\"traces\":[")
    case .text, .jsonl: break
    }
    runner.run(CorpusWalker(roots: roots)) { row in
        board.add(row)
        worst.consider(row)
        if let error = row.error {
            if firstErrors.count < 10 { firstErrors.append(row) }
            progress.clear()
            Output.error(error.description)
        }
        switch format {
        case .jsonl:
            Output.buffered { out in
                BatchReport.value(row, grouped: grouped).write(to: &out)
                out.append(UInt8(ascii: "\n"))
            }
        case .json: Output.buffered((first ? "\n" : ",\n") + BatchReport.value(row, grouped: grouped).text)
        case .csv: Output.buffered(BatchReport.csv(row, grouped: grouped))
        case .text: break
        }
        first = false
        progress.advance()
    }
    progress.clear()
    switch format {
    case .json: Output.buffered("\n],\n\"summary\":" + BatchReport.value(board).text + "}\n")
    case .text: Output.buffered(BatchReport.text(board, worst: worst.finish(), errors: firstErrors))
    case .jsonl, .csv: break
    }
    Output.flush()

    if board.errors > 0 { return .error }
    // A gate over no traces is neither passed nor failed: saying "accuracy 0 is below" would blame
    // the recognizers for a corpus that was not labelled.
    var passed = true
    var checked = true
    if let minimumAccuracy {
        if let accuracy = board.accuracy {
            if accuracy < minimumAccuracy {
                Output.error(
                    "gesture: accuracy \(Format.number(accuracy, decimals: 4)) is below --min-accuracy \(Format.number(minimumAccuracy, decimals: 4))"
                )
                passed = false
            }
        } else {
            Output.error("gesture: error: no labelled traces: --min-accuracy cannot be checked")
            checked = false
        }
    }
    for (gesture, minimum) in minimumRecall {
        guard let recall = board.metrics(gesture).recall else {
            Output.error(
                "gesture: error: no traces labelled \(gesture): --min-recall \(gesture)=\(Format.number(minimum, decimals: 4)) cannot be checked"
            )
            checked = false
            continue
        }
        if recall < minimum {
            Output.error(
                "gesture: recall of \(gesture) \(Format.number(recall, decimals: 4)) is below --min-recall \(Format.number(minimum, decimals: 4))"
            )
            passed = false
        }
    }
    return !checked ? .error : passed ? .recognized : .noneRecognized
}

func mergeScores(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(words, valued: ["--format", "--misses"], flags: ["--help"])
    if arguments.flags.contains("--help") {
        Output.write(mergeHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: BatchFormat.json)
    guard format == .json || format == .text else {
        throw UsageError("merge-scores writes json or text, not \(format.rawValue)")
    }
    guard !arguments.operands.isEmpty else { throw UsageError("no FILE given") }
    let misses = try arguments.integer("--misses", default: 10, minimum: 0)
    var board = Scoreboard()
    var found: [(BatchRow, Int)] = []
    for (index, file) in arguments.operands.enumerated() {
        guard
            let data = file == "-"
                ? FileHandle.standardInput.readDataToEndOfFile() : FileManager.default.contents(atPath: file)
        else {
            throw UsageError("cannot read \(file)")
        }
        let document = try BatchReport.document(Array(data), file: file)
        // Groups of different groupings would add up to nonsense.
        if index > 0, document.board.grouping != board.grouping {
            func by(_ grouping: Grouping?) -> String { grouping.map { "--group-by \($0.spec)" } ?? "no --group-by" }
            throw UsageError(
                "\(file) is the output of a run with \(by(document.board.grouping)), \(arguments.operands[0]) of one with \(by(board.grouping)): merge the outputs of runs with the same --group-by"
            )
        }
        board.merge(document.board)
        found += document.rows.map { ($0, index) }
    }
    found.sort { PathOrder.precedes($0.0.path, $1.0.path) }
    // A shard given twice (a retried run, a glob) would count its traces twice.
    for (a, b) in zip(found, found.dropFirst()) where a.0.path == b.0.path && a.1 != b.1 {
        throw UsageError(
            "\(a.0.path) is a row of input \(a.1 + 1) (\(arguments.operands[a.1])) and of input \(b.1 + 1) "
                + "(\(arguments.operands[b.1])): each trace must be in one input (a shard given twice?)")
    }
    let rows = found.map(\.0)
    if format == .json {
        Output.buffered("{\"traces\":[")
        for (index, row) in rows.enumerated() {
            Output.buffered(
                (index == 0 ? "\n" : ",\n") + BatchReport.value(row, grouped: board.grouping != nil).text)
        }
        Output.buffered("\n],\n\"summary\":" + BatchReport.value(board).text + "}\n")
    } else {
        var worst = WorstMisses(capacity: misses)
        for row in rows { worst.consider(row) }
        Output.buffered(
            BatchReport.text(board, worst: worst.finish(), errors: Array(rows.filter { $0.error != nil }.prefix(10))))
    }
    Output.flush()
    return .recognized
}

/// A one-line progress bar on stderr: count, rate and time left. Shown only on a terminal.
struct Progress {
    let enabled: Bool
    /// What is counted ("traces").
    let unit: String
    var total = 0
    private var done = 0
    private var start = Date()
    private var lastDraw = Date.distantPast

    init(enabled: Bool, unit: String = "traces") {
        self.enabled = enabled
        self.unit = unit
    }

    mutating func advance() { update(done: done + 1) }

    mutating func update(done: Int) {
        self.done = done
        guard enabled else { return }
        let now = Date()
        guard now.timeIntervalSince(lastDraw) >= 0.1 || done == total else { return }
        lastDraw = now
        let elapsed = max(now.timeIntervalSince(start), 1e-6)
        let rate = Double(done) / elapsed
        let left = rate > 0 ? Double(max(total - done, 0)) / rate : 0
        let width = 30
        let filled = total > 0 ? min(width, width * done / total) : 0
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        Output.writeError("\r\u{1B}[K[\(bar)] \(done)/\(total) \(unit)  \(Int(rate))/s  ETA \(Int(left.rounded()))s")
    }

    func clear() {
        if enabled { Output.writeError("\r\u{1B}[K") }
    }
}

extension Arguments {
    func integer(_ name: String, default fallback: Int, minimum: Int) throws(UsageError) -> Int {
        guard let raw = options[name] else { return fallback }
        guard let value = Int(raw), value >= minimum else {
            throw UsageError("\(name): expected an integer ≥ \(minimum), found \"\(raw)\"")
        }
        return value
    }

    func fraction(_ raw: String?, for name: String) throws(UsageError) -> Double? {
        guard let raw else { return nil }
        guard let value = Double(raw), value >= 0, value <= 1 else {
            throw UsageError("\(name): expected a number from 0 to 1, found \"\(raw)\"")
        }
        return value
    }

    func inputFormat() throws(UsageError) -> TraceFormat? {
        guard let raw = options["--input-format"] else { return nil }
        guard let format = TraceFormat(rawValue: raw) else {
            throw UsageError("invalid value \"\(raw)\" for --input-format")
        }
        return format
    }
}
