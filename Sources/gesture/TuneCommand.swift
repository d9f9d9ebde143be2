import Foundation
import GestureKit

let tuneHelp = """
    usage: gesture tune CORPUS… [--labels FILE]… --sweep ID.PARAM=FROM:TO:STEP [--sweep …]
                        [--group-by SPEC] [--objective recall|f1|balanced] [--max-false-alarms X]
                        [--format text|json|csv] [--write-config FILE [--force]]

    Finds the value of one or two parameters that works best on a labelled corpus. Each trace is read
    once and replayed with every setting of the grid; for each setting it counts, per recognizer, the
    recall (traces labelled with its gestures recognized as labelled; a swipe must have the labelled
    direction), the false alarms (traces labelled otherwise recognized as one of its gestures) and the
    accuracy. The chosen setting has the best objective among those whose false alarms stay within
    --max-false-alarms for every swept recognizer; of settings that do equally well, the middle one.

    With --group-by (a group is a person, say), it also runs leave-one-group-out: each group is scored
    with the setting chosen on the other groups only. That cross-validated figure is the one to quote:
    it says how the value does for people it was not chosen on. The in-sample figure is shown beside it.

    options:
      --sweep ID.PARAM=FROM:TO:STEP  values FROM, FROM+STEP, … up to TO; one or two sweeps
      --labels FILE              CSV with header path,label; repeatable (a corpus's own *label*.csv
                                 with that header is found and read, as by `gesture batch`)
      --label-map FROM=TO,…      rename labels first; *=TO renames every other unknown label
      --group-by SPEC            group traces for leave-one-group-out (as for `gesture batch`)
      --objective recall|f1|balanced  what the chosen setting maximizes for the swept recognizers
                                 (default recall; balanced: mean of recall and 1 − false-alarm rate)
      --max-false-alarms X       most false alarms allowed, as a fraction (default 0.005)
      --format text|json|csv     a table (default), or every setting and group for scripts and plots
      --write-config FILE        write the chosen values as a configuration file (for --config); it
                                 keeps no --recognizers: a note says what to give with it
      --force                    overwrite the --write-config FILE when it exists
      --jobs N                   replays run at once (default, and 0: number of cores; at most 1024)
      --quiet                    no progress bar (it is shown only when stderr is a terminal)
      --profile, --recognizers, --config, --set, --templates, --input-format, --limit,
      --time-unit, --y-up, --lift-at-jumps
                                 as for `gesture batch`
      -h, --help                 show this help

    Output is the same bytes for any --jobs. Unreadable or invalid files are reported on stderr and
    left out; the rest is tuned.

    exit status: 0 when tuned, 2 when a file could not be read (the rest was tuned) or on a usage error
    (no labelled trace, a sweep that is not a range of a numeric parameter, …).
    """

enum TuneFormat: String, CaseIterable {
    case text, json, csv
}

func tune(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: [
            "--sweep", "--labels", "--label-map", "--group-by", "--objective", "--max-false-alarms", "--format",
            "--write-config", "--jobs", "--profile", "--recognizers", "--config", "--set", "--templates",
            "--input-format", "--limit",
            "--time-unit",
        ], flags: ["--help", "--quiet", "--force", "--y-up", "--lift-at-jumps"])
    if arguments.flags.contains("--help") {
        Output.write(tuneHelp + "\n")
        return .recognized
    }
    let format = try arguments.choice("--format", default: TuneFormat.text)
    let objective = try arguments.choice("--objective", default: Tuner.Objective.recall)
    let maximumFalseAlarms =
        try arguments.fraction(arguments.options["--max-false-alarms"], for: "--max-false-alarms") ?? 0.005
    guard !arguments.operands.isEmpty else { throw UsageError("no CORPUS given") }
    let configuration = try configuration(from: arguments)
    let sweepTexts = arguments.repeated["--sweep"] ?? []
    guard !sweepTexts.isEmpty else { throw UsageError("no --sweep given: say which parameter to tune") }
    guard sweepTexts.count <= 2 else {
        throw UsageError(
            "\(sweepTexts.count) sweeps: at most two parameters are tuned at once (the grid grows as the product)")
    }
    var sweeps: [Sweep] = []
    for text in sweepTexts {
        let sweep: Sweep
        do throws(ConfigurationError) {
            sweep = try Sweep(parsing: text, in: configuration)
        } catch {
            throw UsageError(error.message)
        }
        guard !sweeps.contains(where: { $0.name == sweep.name }) else {
            throw UsageError("--sweep: \(sweep.name) is swept twice")
        }
        sweeps.append(sweep)
    }
    // A --set of a swept parameter was silently replaced by each swept value: the run tuned something
    // other than what the command line says.
    for assignment in arguments.repeated["--set"] ?? [] {
        let set = configuration.parameterSet(by: assignment)
        if let (sweep, text) = zip(sweeps, sweepTexts).first(where: {
            set?.recognizer == $0.0.recognizer && set?.parameter == $0.0.parameter
        }) {
            throw UsageError(
                "--set \(Output.typed(assignment)): \(sweep.name) is swept too "
                    + "(--sweep \(Output.typed(text))), whose values replace it: give one or the other")
        }
    }
    let tuner = Tuner(
        base: configuration, sweeps: sweeps, objective: objective, maximumFalseAlarms: maximumFalseAlarms,
        jobs: try arguments.jobs())
    // Every setting checked before a file is read; a grid too large, or a setting whose values
    // contradict each other, is the sweep's mistake: a usage error, with the help line.
    let configurations: [Configuration]
    do throws(ConfigurationError) {
        configurations = try tuner.configurations()
    } catch {
        throw UsageError(error.message)
    }
    if arguments.flags.contains("--force"), arguments.options["--write-config"] == nil {
        throw UsageError("--force needs --write-config FILE")
    }
    if let file = arguments.options["--write-config"] {
        // Said now rather than after the replays.
        if file == "-" {
            throw UsageError("--write-config -: standard output carries the report; name a file")
        }
        if configuration.entries.contains(where: { $0.definition.learned?.file == "-" }) {
            throw UsageError(
                "--write-config \(Output.name(file)): the templates were read from standard input (--templates -), which a config "
                    + "file cannot name: give the templates file by its path")
        }
        try checkOutputFile(file, for: "--write-config", force: arguments.flags.contains("--force"))
        // The config is written whether or not the report's reader stays to the end.
        Output.finishWhenReaderGoes = true
        // Overwritten, a templates file the config names would name itself, and be read by nothing.
        if let read = configuration.templatesReadAlready(file) {
            throw UsageError(
                "--write-config \(Output.name(file)) is a templates file the configuration reads (\(read)): "
                    + "writing the config over it would lose it; name another file")
        }
    }
    var labeler = Labeler(configuration: configuration)
    if let map = arguments.options["--label-map"] { try labeler.setLabelMap(map) }
    try loadLabels(&labeler, arguments)
    if let file = arguments.options["--write-config"] { try refuseLabelsFile(file, for: "--write-config", labeler) }
    var runner = BatchRunner(
        classifier: Classifier(configuration: configuration), labeler: labeler, jobs: tuner.jobs,
        inputFormat: try arguments.inputFormat())
    runner.limits = try readLimits(from: arguments)
    runner.adjustment = try traceAdjustment(from: arguments)
    runner.grouping = try grouping(arguments, labeler)
    let showsProgress = !arguments.flags.contains("--quiet") && Progress.canDraw

    // Read every trace once.
    let entries = Array(CorpusWalker(roots: arguments.operands).filter(runner.includes))
    guard !entries.isEmpty else {
        throw UsageError.noTraceFiles(in: arguments.operands)
    }
    warnOfFoldersWithoutTraces(arguments.operands) { labeler.isLabelsFile($0) }
    let reads = runner.readAll(entries)
    var samples: [TuningSample] = []
    var errors = 0
    var unlabelledPaths: [String] = []
    // The first unlabelled trace whose folder is named for a gesture no recognizer of the run
    // recognizes (`swipe-up/`, the swipe limited to left and right), or for a recognizer: why it is
    // unlabelled is known, and when no trace is labelled that is likely why.
    var namedForAGesture: String?
    // Labelled traces that a learned recognizer's templates were made from: not unseen, whatever the folds.
    var examples = LearnedExamplesSeen(configuration)
    // Every trace must be in a group: a fold left out would make the cross-validated figure lie.
    let ungrouped = reads.compactMap { $0.error?.code == .noGroup ? $0.error : nil }
    if let first = ungrouped.first {
        throw UsageError(
            "--group-by \(arguments.options["--group-by"] ?? ""): \(ungrouped.count) of the \(entries.count) traces are "
                + "in no group, the first: \(first.description)")
    }
    for (entry, read) in zip(entries, reads) {
        guard let trace = read.trace else {
            errors += 1
            Output.error(read.error?.description ?? Output.name(entry.path))
            continue
        }
        guard let label = read.label else {
            unlabelledPaths.append(entry.labelsPath)
            if namedForAGesture == nil, let folder = read.labelling?.unlabelledFolder,
                labeler.unrecognized.reason(forAnyCase: folder) != nil
            {
                namedForAGesture = "\(entry.path): unlabelled: \(labeler.whyUnlabelled(folder: folder))"
            }
            continue
        }
        samples.append(TuningSample(path: entry.path, trace: trace, label: label, group: read.group))
        examples.consider(path: entry.labelsPath)
    }
    guard !samples.isEmpty else {
        if errors == entries.count {
            throw UsageError(
                "no trace could be read: every one of the \(entries.count) files is an error (above)")
        }
        // Their labels may be in a folder above the ones walked (`tune dollar1/s02`).
        let above = labeler.labelsFilesAbove(arguments.operands, unlabelled: unlabelledPaths)
        let give =
            above.isEmpty
            ? "give --labels FILE"
            : "give " + above.map { "--labels \(Output.name($0.file))" }.joined(separator: " ")
                + " (it labels them, but only the labels files in the folders walked are read)"
        throw UsageError(
            "no labelled traces among the \(entries.count) files (\(errors) errors, \(unlabelledPaths.count) unlabelled): "
                + "\(give), or put traces in folders named for their gesture"
                + (namedForAGesture.map { "; \($0)" } ?? ""))
    }
    labelsAboveNote(labeler, roots: arguments.operands, unlabelled: unlabelledPaths)
    // A swept recognizer with no traces of its own has no recall to choose by: every value would tie.
    let labelled = Set(samples.flatMap { $0.label.split(separator: "+").map(String.init) })
    for id in tuner.targets {
        let gestures = configuration.entries.first { $0.id == id }?.gestures ?? []
        guard gestures.contains(where: labelled.contains) else {
            let sweep = sweeps.first { $0.recognizer == id }!
            throw UsageError(
                "no traces labelled \(gestures.joined(separator: " or ")) among the \(samples.count) labelled traces: "
                    + "\(id)'s recall, which --sweep \(sweep.name) is chosen by, cannot be measured")
        }
    }

    var progress = Progress(enabled: showsProgress, unit: "replays")
    let result = try tuner.run(samples, configurations: configurations) { done, total in
        progress.total = total
        progress.update(done: done)
    }
    progress.clear()
    let corpus = TuneReport.Corpus(
        traces: entries.count, labelled: samples.count, unlabelled: unlabelledPaths.count, errors: errors,
        groupBy: arguments.options["--group-by"])
    switch format {
    case .text: Output.buffered(TuneReport.text(result, corpus: corpus))
    case .json:
        TuneReport.writeJSON(result, corpus: corpus) { Output.bufferedRecord($0) }
        Output.buffered("\n")
    case .csv: Output.buffered(TuneReport.csv(result))
    }
    Output.flush()
    examples.note(of: "labelled traces")
    if let file = arguments.options["--write-config"] {
        let chosen = configurations[result.chosen.setting]
        let text = TuneReport.config(chosen, folder: Paths.folder(of: file)).prettyText + "\n"
        if let problem = writeFile(text, to: file, replacing: true) {
            Output.error(
                "gesture: error: cannot write configuration file \(Output.name(file)): \(Output.reason(problem))")
            return .error
        }
        // What made these figures but is no configuration: without it, `batch --config FILE` scored
        // another registry (dollar1 tuned with four recognizers at 99.3% scored 12.5% with them all).
        let options = optionsNotInConfig(arguments)
        if !options.isEmpty {
            Output.error(
                "gesture: note: \(Output.name(file)) keeps parameters and relationships, not which recognizers ran "
                    + "nor how the traces were read (a config file serves any choice of recognizers): give "
                    + "\(options.joined(separator: " ")) with --config \(Output.name(file)) to score as tuned")
        }
        if configuration.profile == .hammer {
            Output.error(
                "gesture: note: \(Output.name(file)) sets every parameter, so its values hold with any --profile; its "
                    + "relationships are changes to --profile hammer's, whose way of waiting comes with that profile "
                    + "only: apply it with --profile hammer")
        }
    }
    return errors > 0 ? .error : .recognized
}

/// The options of a tune run that a written config file does not hold but that its figures depend
/// on, as they were given: `--recognizers` and those that read the traces and labels, with the
/// `--labels` files when there is one of those.
private func optionsNotInConfig(_ arguments: Arguments) -> [String] {
    /// A value as a shell reads it back: quoted unless it is plain.
    func quoted(_ value: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._,:=/+-")
        if !value.isEmpty && value.allSatisfy(plain.contains) { return value }
        return "'" + Output.typed(value).replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
    var options: [String] = []
    for name in ["--recognizers", "--label-map", "--input-format", "--time-unit"] {
        if let value = arguments.options[name] { options.append("\(name) \(quoted(value))") }
    }
    for limit in arguments.repeated["--limit"] ?? [] { options.append("--limit \(quoted(limit))") }
    for flag in ["--y-up", "--lift-at-jumps"] where arguments.flags.contains(flag) { options.append(flag) }
    // The labels files too when the note is said at all: what it lists is then all that scores as
    // tuned, with the traces (a run with --labels alone needs no note: those are what is scored).
    guard !options.isEmpty else { return [] }
    return (arguments.repeated["--labels"] ?? []).map { "--labels \(quoted($0))" } + options
}
