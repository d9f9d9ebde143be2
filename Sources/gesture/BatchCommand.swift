import Foundation
import GestureKit

let batchHelp = """
    usage: gesture batch [options] PATH…

    Classifies every trace under each PATH (files, or folders searched recursively for .json, .csv and
    .xml; hidden files and folders skipped) exactly as `gesture classify` would, and scores the results
    against labels: accuracy, per-gesture precision, recall and F1, the confusion matrix, and why the
    recognizer that should have fired did not.

    Labels, first match wins: the labels files — --labels FILE, and the CSV files named *label*.csv with
    a header naming path and label found in the folders walked (never read as traces); paths relative
    to the file; rows of --labels FILE win — then the trace's own label; then its parent folder's name
    when that is a gesture or "none", in any case, or a --label-map name. Otherwise it is unlabelled:
    the summary counts why, and what the unlabelled traces were recognized as. A label may name
    gestures in sequence (checkmark+swipe-right), as a trace of several touch sequences is recognized.

    --group-by scores each group apart too, and prints a row per group (recall of each label, false
    alarms) and each label's worst group: dir:N is the N-th folder of the path below its PATH (dir:1 of
    PATH/s02/fast/a.xml is s02), column:NAME a column of the --labels files (group is short for
    column:group), meta:subject the trace's own subject (XML Subject, JSON "subject", CSV "# subject:").
    With several PATHs, a dir:N group starts with its PATH's last name (dollar1/s02). A trace with no
    group is an error row.

    options:
      --format text|jsonl|json|csv  summary (default), one row per trace, rows and summary, or CSV rows
      --labels FILE              CSV with header path,label (other columns kept); repeatable;
                                 - reads standard input
      --label-map FROM=TO,…      rename labels (and folder names) first; *=TO renames every other
                                 unknown label of a labels file or trace
      --explain-labels           say on stderr why each unlabelled trace has no label
      --group-by SPEC            score each group apart: dir:N, column:NAME (or group), meta:subject
      --jobs N                   files classified at once (default, and 0: number of cores; at most 1024)
      --shard K/N                score only slice K of N (by a stable hash of each relative path)
      --misses N                 worst misses listed in the text summary (default 10)
      --report DIR               also write an HTML report: DIR/index.html (the summary, metrics,
                                 confusion matrix, groups, and the worst misses by failure code) and
                                 DIR/traces/, a picture and the classify text of each miss shown
      --report-limit N           misses shown in the report (default 200; 0: none), furthest past
                                 their limits first
      --force                    let --report write into a folder that holds files: index.html and
                                 the report's files are overwritten, nothing is deleted
      --min-accuracy X           exit 1 when accuracy is below X (0–1)
      --min-recall GESTURE=X     exit 1 when GESTURE's recall is below X; repeatable
      --quiet                    no progress bar (it is shown only when stderr is a terminal)
      --limit NAME=VALUE         change a read limit; repeatable (see below)
      --profile, --recognizers, --config, --set, --templates, --input-format, --time-unit, --y-up,
      --lift-at-jumps            as for `gesture classify`
      -h, --help                 show this help

    \(limitsHelp)

    --format json ends with "run": the shard, the files walked and fingerprints of the corpus and the
    settings, by which merge-scores checks that its inputs are the shards of one run.

    The report (docs/report.md) is written after the output, which it leaves as it is; it opens from
    disk, without scripts, and is the same bytes for any --jobs.

    Output is the same bytes for any --jobs and any order of PATHs. Unreadable or invalid files are rows
    with their error (and diagnostics on stderr); the run goes on. Rows are written in whole lines, so
    an interrupted run leaves whole rows; when the reader of the output goes away (`| head`), the run
    stops quietly with status 0 (with --report or a --min-* gate, it drops the rest of the output and
    goes on to write the report and check the gates). A failed write (a full disk) is fatal: status 2.

    exit status: 0 when every file was read (and every --min-* gate passed), 1 when a gate failed,
    2 when a file could not be read or parsed or had no group, when a gate could not be checked (no
    traces labelled with what it measures), or on a usage error.
    """

let mergeHelp = """
    usage: gesture merge-scores [options] FILE…

    Combines the `--format json` outputs of `gesture batch --shard K/N` runs into one output, identical
    to the output of a single run over the whole corpus (with its groups, when the runs had the same
    --group-by). It refuses a shard given twice, a missing shard, shards of another corpus or run
    with other settings, and several whole runs. - reads standard input.

    options:
      --format json|text         the merged output (default json), or the text summary
      --misses N                 worst misses listed in the text summary (default 10)
      --min-accuracy X           exit 1 when the merged accuracy is below X (0–1)
      --min-recall GESTURE=X     exit 1 when GESTURE's merged recall is below X; repeatable
      -h, --help                 show this help

    exit status: 0 when merged (and every --min-* gate passed), 1 when a gate failed, 2 on a usage
    error, an unreadable FILE, inputs that are not the shards of one run, merged rows of traces that
    could not be read (as the one run exits 2; the gates are then not checked), or a gate that could
    not be checked.
    """

/// The labels of a batch or tune: the labels files found in the folders walked (`*label*.csv` with
/// a `path,label` header), then the `--labels` files, whose rows win; their warnings on stderr.
func loadLabels(_ labeler: inout Labeler, _ arguments: Arguments) throws {
    try labeler.loadLabels(
        found: CorpusWalker.labelsFiles(under: arguments.operands), given: arguments.repeated["--labels"] ?? [])
    for warning in labeler.warnings { Output.error(warning) }
}

/// Refuses `file`, which `option` names to be written, when it is a labels file the run reads (named
/// with `--labels`, or found in a folder walked): the labels would be lost under what is written.
func refuseLabelsFile(_ file: String, for option: String, _ labeler: Labeler) throws(UsageError) {
    guard file != "-", labeler.isLabelsFile(file) else { return }
    throw UsageError(
        "\(option) \(Output.name(file)) is a labels file this run reads: writing over it would lose its labels; "
            + "name another file")
}

/// `--group-by SPEC` of a batch, tune or learn, checked against the labels files (a `column:NAME` they
/// lack); nil without the option.
func grouping(_ arguments: Arguments, _ labeler: Labeler) throws(UsageError) -> Grouping? {
    guard let spec = arguments.options["--group-by"] else { return nil }
    do throws(GroupingError) {
        let grouping = try Grouping(parsing: spec)
        try grouping.check(labeler)
        return grouping
    } catch {
        throw UsageError("--group-by: \(error.message)")
    }
}

enum BatchFormat: String, CaseIterable {
    case text, jsonl, json, csv
}

/// What `merge-scores` writes: the merged JSON output, or the text summary.
enum MergeFormat: String, CaseIterable {
    case json, text
}

func batch(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: [
            "--format", "--labels", "--label-map", "--jobs", "--shard", "--misses", "--min-accuracy", "--min-recall",
            "--profile", "--recognizers", "--config", "--set", "--templates", "--input-format", "--limit", "--group-by",
            "--time-unit",
            "--report", "--report-limit",
        ], flags: ["--help", "--quiet", "--y-up", "--lift-at-jumps", "--explain-labels", "--force"])
    if arguments.flags.contains("--help") {
        Output.write(batchHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: BatchFormat.text)
    guard !arguments.operands.isEmpty else { throw UsageError("no PATH given") }
    let configuration = try configuration(from: arguments)
    var labeler = Labeler(configuration: configuration)
    if let map = arguments.options["--label-map"] { try labeler.setLabelMap(map) }
    try loadLabels(&labeler, arguments)
    let grouping = try grouping(arguments, labeler)
    let grouped = grouping != nil

    let jobs = try arguments.jobs()
    let misses = try arguments.integer("--misses", default: 10, minimum: 0)
    let minimumAccuracy = try arguments.fraction(arguments.options["--min-accuracy"], for: "--min-accuracy")
    let minimumRecall = try recallGates(arguments, known: labeler.known, unrecognized: labeler.unrecognized)
    let reportLimit = try arguments.integer("--report-limit", default: 200, minimum: 0)
    if arguments.options["--report"] == nil {
        if arguments.options["--report-limit"] != nil { throw UsageError("--report-limit needs --report DIR") }
        if arguments.flags.contains("--force") { throw UsageError("--force needs --report DIR") }
    }
    var runner = BatchRunner(
        classifier: Classifier(configuration: configuration), labeler: labeler, jobs: jobs,
        inputFormat: try arguments.inputFormat())
    runner.limits = try readLimits(from: arguments)
    runner.adjustment = try traceAdjustment(from: arguments)
    runner.grouping = grouping
    if let spec = arguments.options["--shard"] {
        let parts = spec.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else {
            throw UsageError("--shard: expected K/N with 1 ≤ K ≤ N, found \"\(spec)\"")
        }
        runner.shard = (k - 1, n)
    }

    let roots = arguments.operands
    // The recognizers of a run of the whole registry (none left out by --recognizers), for the note on
    // pans; a merge of the run's shards is told the run's recognizers either way (`RunIdentity/registry`).
    let wholeRegistry = configuration.leftOutRecognizers.isEmpty ? registry(of: configuration) : nil
    // A corpus with no trace file at all is a mistake (a misspelt or empty folder, or one that holds
    // only its labels file), not a clean run; one entry is enough to know, and the walk is lazy. A
    // shard that takes none of them is fine.
    var probe = CorpusWalker(roots: roots).lazy.filter { !labeler.isLabelsFile($0.path) }.makeIterator()
    guard probe.next() != nil else {
        throw UsageError.noTraceFiles(in: roots)
    }
    warnOfFoldersWithoutTraces(roots) { labeler.isLabelsFile($0) }
    // Checked and made before the run: a folder that may not be written costs no run.
    let report = try arguments.options["--report"].map { path throws(UsageError) in
        try ReportFolder(path, force: arguments.flags.contains("--force"))
    }
    // The report is written, and the gates checked, whether or not the output's reader stays to the
    // end: `batch … --min-accuracy 0.99 | head -1` exited 0, the gate unchecked, where it failed.
    Output.finishWhenReaderGoes = report != nil || minimumAccuracy != nil || !minimumRecall.isEmpty
    var reportMisses = ReportMisses(limit: report == nil ? 0 : reportLimit)
    // Not when the rows stream to the same terminal: each row drawn over the bar (`…] 1/500 traces
    // 55/s{"path":…`), and the rows show the progress themselves.
    let rowsToTerminal = format != .text && isatty(STDOUT_FILENO) == 1
    var progress = Progress(enabled: !arguments.flags.contains("--quiet") && Progress.canDraw && !rowsToTerminal)
    if progress.enabled { progress.total = CorpusWalker(roots: roots).filter(runner.includes).count }

    let explainsLabels = arguments.flags.contains("--explain-labels")
    var board = Scoreboard(grouping: grouping)
    var worst = WorstMisses(capacity: format == .text ? misses : 0)
    var firstErrors: [BatchRow] = []
    var first = true
    switch format {
    case .csv: Output.buffered(BatchReport.csvHeader(grouped: grouped))
    case .json: Output.buffered(BatchReport.documentStart)
    case .text, .jsonl: break
    }
    // What `--format json` says of the run, for merge-scores: made only for that format (the settings
    // fingerprint writes the configuration out, about as much work as `gesture list --format json`).
    var identity = RunIdentity()
    if format == .json {
        identity.shard = runner.shard.map { ($0.index + 1, $0.count) }
        identity.settings = RunIdentity.settings(
            [
                // A templates file by its contents: shards may read it at other paths.
                JSONReport.value(configuration, placeless: true).text, String(labeler.fingerprint),
                arguments.options["--group-by"] ?? "", arguments.options["--input-format"] ?? "",
                arguments.options["--time-unit"] ?? "", arguments.flags.contains("--y-up") ? "y-up" : "",
            ] + (arguments.repeated["--limit"] ?? [])
                // Only when given, so that the fingerprints of runs without it stay what they were.
                + (arguments.flags.contains("--lift-at-jumps") ? ["--lift-at-jumps"] : []))
        identity.rooted(roots)
        identity.registry = registry(of: configuration)
        identity.restricted = wholeRegistry == nil
    }
    let identifies = format == .json
    let walk = CorpusWalker(roots: roots).lazy.map { entry in
        if identifies { identity.walked(entry) }
        return entry
    }
    // For the note on a labels file above the paths given (`labelsAboveNote`).
    var unlabelledPaths: [String] = []
    var examples = LearnedExamplesSeen(configuration)
    runner.run(walk) { row in
        board.add(row)
        examples.consider(row)
        worst.consider(row)
        if report != nil { reportMisses.consider(row) }
        if let error = row.error {
            if firstErrors.count < 10 { firstErrors.append(row) }
            progress.clear()
            Output.error(error.description)
        } else if row.label == nil {
            // As a labels file's row spells it, not escaped as shown.
            unlabelledPaths.append(row.labelsPath)
            if explainsLabels {
                progress.clear()
                Output.error("\(row.path): unlabelled: \(labeler.whyUnlabelled(folder: row.unlabelledFolder ?? ""))")
            }
        }
        switch format {
        case .jsonl:
            Output.buffered { out in
                BatchReport.value(row, grouped: grouped).write(to: &out)
                out.append(UInt8(ascii: "\n"))
            }
        case .json: Output.bufferedRecord(BatchReport.documentRow(row, first: first, grouped: grouped))
        case .csv: Output.buffered(BatchReport.csv(row, grouped: grouped))
        case .text: break
        }
        first = false
        progress.advance()
    }
    progress.clear()
    switch format {
    case .json: Output.buffered(BatchReport.documentEnd(board, run: identity))
    case .text:
        let notes = wholeRegistry.map { panNote(board, $0) } ?? []
        Output.buffered(
            BatchReport.text(
                board, worst: worst.finish(), errors: firstErrors, notes: notes, width: Output.textStyle().width))
    case .jsonl, .csv: break
    }
    Output.flush()

    var written = true
    if let report {
        let notes = wholeRegistry.map { panNote(board, $0) } ?? []
        written = report.write(
            &reportMisses, board: board, runner: runner, roots: roots, notes: notes, errors: firstErrors)
    }
    labelsAboveNote(labeler, roots: roots, unlabelled: unlabelledPaths)
    examples.note(of: "traces scored")
    if labeler.labelledRows > 0 {
        labelsMissedNote(arguments.repeated["--labels"] ?? [], unlabelled: unlabelledPaths.count, scored: board.scored)
    }
    gatesNotCheckedNote(board, minimumAccuracy: minimumAccuracy, minimumRecall: minimumRecall)
    // A report that could not be written is an error; the gates are still checked and said.
    let status =
        board.errors > 0 ? .error : checkGates(board, minimumAccuracy: minimumAccuracy, minimumRecall: minimumRecall)
    return written ? status : .error
}

/// The traces of a run that are examples a learned recognizer's templates were made from
/// (`LearnedGestures/examples`): its figures on them are not of unseen strokes, and a `tune --group-by`
/// holds out the setting, not the templates. Counted per learned recognizer, and said in a note.
struct LearnedExamplesSeen {
    private let learned: [(id: String, file: String, examples: LearnedGestures.Examples)]
    private var counts: [Int]
    private var total = 0

    init(_ configuration: Configuration) {
        learned = configuration.entries.compactMap { entry in
            entry.definition.learned.map { (entry.id, $0.file, $0.examples) }
        }
        counts = Array(repeating: 0, count: learned.count)
    }

    /// Counts a scored row (labelled, read) of the run.
    mutating func consider(_ row: BatchRow) {
        guard row.error == nil, row.label != nil else { return }
        consider(path: row.labelsPath)
    }

    /// Counts a trace of a run that reads them all (tune), by its path as walked; the path is made
    /// only when there is a learned recognizer (most runs have none).
    mutating func consider(path: @autoclosure () -> String) {
        guard !learned.isEmpty else { return }
        total += 1
        let path = path()
        for (k, entry) in learned.enumerated() where entry.examples.contains(path) { counts[k] += 1 }
    }

    /// The note on stderr, one line per learned recognizer with examples among the `what`.
    func note(of what: String) {
        for (k, entry) in learned.enumerated() where counts[k] > 0 {
            Output.error(
                "gesture: note: \(counts[k]) of the \(total) \(what) are examples \(Output.name(entry.file)) was "
                    + "learned from (its sources and source.paths): \(entry.id)'s figures on them are not of unseen "
                    + "strokes; score it on people it was not learned from")
        }
    }
}

/// When `--labels` files were given and not one trace of the batch is labelled, a note on stderr says
/// that no row named one, and where their paths are read from: rows written from the corpus's folder
/// (`Bob check01.xml`) in a labels file kept elsewhere labelled nothing (`scored 0`, exit status 0),
/// with no more said than a warning per row.
func labelsMissedNote(_ files: [String], unlabelled: Int, scored: Int) {
    guard !files.isEmpty, scored == 0, unlabelled > 0 else { return }
    let folders = files.map { file in
        let folder = Paths.folder(of: file)
        return file == "-" || Labeler.isPipe(file)
            ? "\(Output.name(file)): the current folder"
            : "\(Output.name(file)): \(Output.name(folder.isEmpty ? "." : folder))"
    }
    Output.error(
        "gesture: note: no trace is labelled (\(unlabelled == 1 ? "1 trace" : "\(unlabelled) traces")): no row of the "
            + "--labels files names one; a row's path is relative to its labels file's folder "
            + "(\(folders.joined(separator: "; ")))")
}

/// When traces are unlabelled and a labels file above the paths given (not walked, so not read)
/// labels some of them (`batch dollar1/s02`, whose labels are in `dollar1/labels.csv`), a note on
/// stderr names it and how many it labels: the walk reads the labels files of the folders it walks.
func labelsAboveNote(_ labeler: Labeler, roots: [String], unlabelled: [String]) {
    let files = labeler.labelsFilesAbove(roots, unlabelled: unlabelled)
    guard !files.isEmpty else { return }
    let count = unlabelled.count
    Output.error(
        "gesture: note: \(count == 1 ? "1 trace is" : "\(count) traces are") unlabelled; "
            + labelsAbove(files, of: count))
}

/// What a note says of the labels files above the paths given (`Labeler/labelsFilesAbove`) that label
/// some of the `count` traces asked about: `dollar1/labels.csv labels all 480, but only the labels
/// files in the folders walked are read: give --labels dollar1/labels.csv`.
func labelsAbove(_ files: [(file: String, labels: Int)], of count: Int) -> String {
    files.map {
        "\(Output.name($0.file)) labels "
            + ($0.labels < count ? "\($0.labels) of them" : count == 1 ? "it" : "all \(count)")
    }
    .joined(separator: ", ")
        + ", but only the labels files in the folders walked are read: give "
        + files.map { "--labels \(Output.name($0.file))" }.joined(separator: " ")
}

/// The recognizers of `configuration` and their gestures, as `panNote` and a merge need them.
func registry(of configuration: Configuration) -> [(id: String, gestures: [String])] {
    configuration.entries.map { ($0.id, $0.gestures) }
}

/// With every recognizer competing, a shape corpus's `none` traces come out as pan (an unclaimed drag)
/// or long press, as UIKit would have it: when most do, one line says so and how to score the shapes alone.
func panNote(_ board: Scoreboard, _ registry: [(id: String, gestures: [String])]) -> [String] {
    guard let none = board.confusion["none"] else { return [] }
    let total = none.values.reduce(0, +)
    // Results made of pans and long presses only: `pan`, `long-press`, `long-press+pan`, ….
    let claimed = none.filter { result, _ in
        result.split(separator: "+").allSatisfy { $0 == "pan" || $0 == "long-press" }
    }.values.reduce(0, +)
    guard claimed * 2 > total else { return [] }
    let labelled = Set(board.confusion.keys)
    let ids = registry.filter { !labelled.isDisjoint(with: $0.gestures) }.map(\.id)
    guard !ids.isEmpty else { return [] }
    return [
        "note: \(claimed) of the \(total) traces labelled none were recognized as pan or long-press, as UIKit would (an unclaimed drag is a pan); to score the shapes alone, give --recognizers \(ids.joined(separator: ","))"
    ]
}

func mergeScores(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words, valued: ["--format", "--misses", "--min-accuracy", "--min-recall"], flags: ["--help"])
    if arguments.flags.contains("--help") {
        Output.write(mergeHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: MergeFormat.json)
    guard !arguments.operands.isEmpty else { throw UsageError("no FILE given") }
    try checkStandardInputReadOnce(arguments, operand: "an output")
    let misses = try arguments.integer("--misses", default: 10, minimum: 0)
    let minimumAccuracy = try arguments.fraction(arguments.options["--min-accuracy"], for: "--min-accuracy")
    var board = Scoreboard()
    var found: [(BatchRow, Int)] = []
    var runs: [(file: String, run: RunIdentity?)] = []
    for (index, file) in arguments.operands.enumerated() {
        let bytes: [UInt8]
        switch InputFile.bytes(file, kind: "batch output", limit: BatchReport.outputFileLimit) {
        case .success(let read): bytes = read
        case .failure(let error): throw UsageError(error.message)
        }
        let document = try BatchReport.document(bytes, file: file)
        // Groups of different groupings would add up to nonsense.
        if index > 0, document.board.grouping != board.grouping {
            func by(_ grouping: Grouping?) -> String { grouping.map { "--group-by \($0.spec)" } ?? "no --group-by" }
            throw UsageError(
                "\(Output.name(file)) is the output of a run with \(by(document.board.grouping)), \(Output.name(arguments.operands[0])) of one with \(by(board.grouping)): merge the outputs of runs with the same --group-by"
            )
        }
        board.merge(document.board)
        found += document.rows.map { ($0, index) }
        runs.append((file, document.run))
    }
    let run: RunIdentity?
    do throws(RunIdentity.MergeError) { run = try RunIdentity.merged(runs) } catch { throw UsageError(error.message) }
    // The gestures of the run's recognizers, when its outputs say them: a slip gets "did you mean", and
    // a gesture its values or --recognizers leave out why, as in `batch`. Otherwise (outputs of an
    // earlier version) any gesture name is taken, and one no trace is labelled with cannot be checked.
    let minimumRecall = try recallGates(
        arguments, known: run?.registry.map { Set($0.flatMap(\.gestures) + ["none"]) },
        unrecognized: run?.registry.map { UnrecognizedGestures(registry: $0) } ?? UnrecognizedGestures())
    found.sort { PathOrder.precedes($0.0.path, $1.0.path) }
    // A shard given twice (a retried run, a glob) would count its traces twice.
    for (a, b) in zip(found, found.dropFirst()) where PathKey(a.0.path) == PathKey(b.0.path) && a.1 != b.1 {
        throw UsageError(
            "\(Output.name(a.0.path)) is a row of input \(a.1 + 1) (\(Output.name(arguments.operands[a.1]))) and of input \(b.1 + 1) "
                + "(\(Output.name(arguments.operands[b.1]))): each trace must be in one input (a shard given twice?)")
    }
    let rows = found.map(\.0)
    if format == .json {
        Output.buffered(BatchReport.documentStart)
        for (index, row) in rows.enumerated() {
            Output.bufferedRecord(BatchReport.documentRow(row, first: index == 0, grouped: board.grouping != nil))
        }
        Output.buffered(BatchReport.documentEnd(board, run: run))
    } else {
        var worst = WorstMisses(capacity: misses)
        for row in rows { worst.consider(row) }
        // As the one run says it, when the outputs say their run's recognizers.
        let notes = run.flatMap { $0.restricted ? nil : $0.registry }.map { panNote(board, $0) } ?? []
        Output.buffered(
            BatchReport.text(
                board, worst: worst.finish(), errors: Array(rows.filter { $0.error != nil }.prefix(10)), notes: notes,
                width: Output.textStyle().width))
    }
    Output.flush()
    // As the one run would: its diagnostics were the shards' to say; the status is the merge's.
    guard board.errors == 0 else {
        Output.error(
            "gesture: error: \(board.errors) trace\(board.errors == 1 ? " is an error" : "s are errors") of the merged outputs "
                + "(rows with an error: not read, not parsed, or with no group): exit status 2, as the one run's")
        gatesNotCheckedNote(board, minimumAccuracy: minimumAccuracy, minimumRecall: minimumRecall)
        return .error
    }
    return checkGates(board, minimumAccuracy: minimumAccuracy, minimumRecall: minimumRecall)
}

/// The `--min-recall GESTURE=X` gates, each gesture (or each of a sequence's) checked against `known` (`nil`: any
/// gesture name); one that is not known says why when `unrecognized` knows (a gesture the recognizers' values
/// leave out, a recognizer's id).
func recallGates(
    _ arguments: Arguments, known: Set<String>?, unrecognized: UnrecognizedGestures
) throws(UsageError) -> [(String, Double)] {
    var gates: [(String, Double)] = []
    for spec in arguments.repeated["--min-recall"] ?? [] {
        // At the last `=`: X never holds one, and a configured gesture's name may (`a=b=0.9`).
        guard let cut = spec.lastIndex(of: "=") else {
            throw UsageError("--min-recall: expected GESTURE=X, found \"\(spec)\"")
        }
        let parts = [String(spec[..<cut]), String(spec[spec.index(after: cut)...])]
        // A label of gestures in sequence (checkmark+swipe-right) is scored as one, so it may be gated.
        let steps = parts[0].split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if steps.count > 1 {
            guard
                steps.allSatisfy({ step in
                    known.map { $0.contains(step) && step != "none" } ?? RecognizerDefinition.isGestureName(step)
                })
            else {
                // The first step that a recognizer left out, or one whose values leave it out, would
                // recognize says why.
                let why = steps.lazy.compactMap(unrecognized.whyUnrecognized).first.map {
                    ": \($0.reason): \($0.remedy)"
                }
                throw UsageError(
                    "--min-recall: \"\(Output.name(parts[0]))\" is no sequence of the gestures "
                        + "of the recognizers (GESTURE+GESTURE…)" + (why ?? ""))
            }
            gates.append((parts[0], try arguments.fraction(parts[1], for: "--min-recall")!))
            continue
        }
        guard let known else {
            guard RecognizerDefinition.isGestureName(parts[0]) || parts[0] == "none" else {
                throw UsageError("--min-recall: \"\(parts[0])\" is no gesture name")
            }
            gates.append((parts[0], try arguments.fraction(parts[1], for: "--min-recall")!))
            continue
        }
        guard known.contains(parts[0]) else {
            if let reason = unrecognized.reason(for: parts[0]) {
                let shown = Output.name(parts[0])
                if let remedy = reason.remedy {
                    throw UsageError("--min-recall: \(reason.text(for: shown)): \(remedy)")
                }
                if case .recognizer(let gestures) = reason, let first = gestures.first {
                    throw UsageError(
                        "--min-recall: \(reason.text(for: shown)): gate them one by one (--min-recall \(first)=\(parts[1]))"
                    )
                }
            }
            let gestures = known.sorted(by: GestureOrder.precedes)
            throw UsageError(
                "--min-recall: unknown gesture \"\(Output.name(parts[0]))\": "
                    + (unrecognized.nearest(to: parts[0], known: known).map { "did you mean \($0)? " } ?? "")
                    + "expected one of \(gestures.joined(separator: ", "))")
        }
        gates.append((parts[0], try arguments.fraction(parts[1], for: "--min-recall")!))
    }
    return gates
}

/// When traces are errors, the gates are not checked (exit status 2 says nothing of them): a note on
/// stderr says so. An error is a file that could not be read, or a trace read with a label no
/// gesture's or no group: "could not be read" was said of all of them.
func gatesNotCheckedNote(_ board: Scoreboard, minimumAccuracy: Double?, minimumRecall: [(String, Double)]) {
    guard board.errors > 0, minimumAccuracy != nil || !minimumRecall.isEmpty else { return }
    let gates = (minimumAccuracy != nil ? ["--min-accuracy"] : []) + (minimumRecall.isEmpty ? [] : ["--min-recall"])
    Output.error(
        "gesture: note: \(gates.joined(separator: " and ")) not checked: "
            + (board.errors == 1 ? "1 trace is an error" : "\(board.errors) traces are errors") + " (exit status 2)")
}

/// Checks `--min-accuracy` and `--min-recall` against the figures; says on stderr what failed.
/// Exit 1 when a gate failed, 2 when one could not be checked (no traces with that label).
func checkGates(_ board: Scoreboard, minimumAccuracy: Double?, minimumRecall: [(String, Double)]) -> ExitCode {
    // A figure beside the gate it missed, the gate as given: 4 decimals, or as many more as tell them
    // apart (0.99236 is below 0.99237; 4 decimals read 0.9924 twice).
    func below(_ figure: Double, _ gate: Double) -> String {
        let shown = Format.number(figure, decimals: Format.decimalsToTellApart(figure, gate, from: 4))
        // Past 9 decimals, every digit (0.999500249875 below 0.9995002499 read 0.99950025).
        return shown == Format.number(gate, decimals: 9) || Double(shown).map { $0 >= gate } == true
            ? "\(figure)" : shown
    }
    // A gate over no traces is neither passed nor failed: saying "accuracy 0 is below" would blame
    // the recognizers for a corpus that was not labelled.
    var passed = true
    var checked = true
    if let minimumAccuracy {
        if let accuracy = board.accuracy {
            if accuracy < minimumAccuracy {
                Output.error(
                    "gesture: accuracy \(below(accuracy, minimumAccuracy)) is below --min-accuracy \(Format.jsonNumber(minimumAccuracy))"
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
                "gesture: recall of \(gesture) \(below(recall, minimum)) is below --min-recall \(Format.jsonNumber(minimum))"
            )
            passed = false
        }
    }
    return !checked ? .error : passed ? .recognized : .noneRecognized
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

    /// Whether stderr is a terminal that takes the bar's carriage return and erase (`TERM=dumb`, an
    /// editor's shell, prints the escape as it is; so may one with no `TERM`).
    static var canDraw: Bool {
        isatty(STDERR_FILENO) == 1 && !(ProcessInfo.processInfo.environment["TERM"] ?? "").isEmpty
            && !Output.terminalIsDumb
    }

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
        let eta =
            ProgressEstimate.isMeaningful(elapsed: elapsed, done: done, total: total)
            ? "  ETA \(Int(left.rounded()))s" : ""
        Output.showProgress("[\(bar)] \(done)/\(total) \(unit)  \(Int(rate))/s\(eta)")
    }

    func clear() {
        if enabled { Output.clearProgress() }
    }
}

extension Arguments {
    func integer(_ name: String, default fallback: Int, minimum: Int, maximum: Int = .max) throws(UsageError) -> Int {
        guard let raw = options[name] else { return fallback }
        guard let value = Int(raw), value >= minimum, value <= maximum else {
            let range = maximum == .max ? "≥ \(minimum)" : "from \(minimum) to \(maximum)"
            throw UsageError("\(name): expected an integer \(range), found \"\(raw)\"")
        }
        return value
    }

    /// `--jobs N`: files (or replays) at once; 0, or no option, means one per core.
    func jobs() throws(UsageError) -> Int {
        let jobs = try integer("--jobs", default: 0, minimum: 0, maximum: BatchRunner.maximumJobs)
        return jobs == 0 ? ProcessInfo.processInfo.activeProcessorCount : jobs
    }

    func fraction(_ raw: String?, for name: String) throws(UsageError) -> Double? {
        guard let raw else { return nil }
        guard let value = JSONValue.decimal(raw), value >= 0, value <= 1 else {
            if let written = JSONValue.numberAsJSON(raw) {
                throw UsageError("\(name): write the number as JSON does, \(written), found \"\(raw)\"")
            }
            throw UsageError("\(name): expected a number from 0 to 1, found \"\(raw)\"")
        }
        return value
    }

    func inputFormat() throws(UsageError) -> TraceFormat? {
        guard let raw = options["--input-format"] else { return nil }
        guard let format = TraceFormat(rawValue: raw) else {
            throw UsageError(
                Arguments.invalid(raw, for: "--input-format", choices: TraceFormat.allCases.map(\.rawValue)))
        }
        return format
    }
}
