import Foundation
import GestureKit

let learnHelp = """
    usage: gesture learn EXAMPLES… [--labels FILE]… [--group-by SPEC] [--id NAME]
                         [--algorithm p+|p+o|q|p|1] [--points 32] [--templates-per-gesture N]
                         [--negatives LABEL] [--max-false-alarms 0.01] [--taught-only]
                         [--coverage X [--coverage-fit]] [--mirror-negatives WAYS]
                         --out TEMPLATES.json

    Learns gestures from labelled example traces and writes a templates file, which --templates adds
    to the recognizers of classify, batch, tune, render and list (docs/templates.md).

    Each label is a gesture, but none (or --negatives LABEL): those examples are negatives, strokes
    that must not be recognized. Labels come from --labels files, a folder's own labels CSV, a
    trace's own label, or else the name of its folder (examples/star/1.json is a star). Strokes are
    matched as point clouds, each point with how sharply the path turns there ($P+, with $Q's
    pruning), so any number of strokes in any order and direction. Each gesture keeps the examples
    that together are nearest the rest as its templates, and a rejection threshold chosen on
    held-out examples: leave-one-group-out with --group-by (a group is a person, say),
    leave-one-out otherwise. At most --max-false-alarms of the other gestures' held-out examples
    fall within it, counted as if the gesture had never been taught beside them (so the threshold
    holds against strokes of gestures nobody taught), and at most that share of the negatives,
    counted on their own.

    options:
      --out FILE                 the templates file to write (- for standard output); required
      --force                    overwrite FILE when it exists
      --id NAME                  the learned recognizer's id (default: learned)
      --algorithm p+|p+o|q|p|1   p+: point clouds with each point's turning angle, after $P+
                                 (default); p+o: also each point's orientation, which tells a
                                 shape from its mirror image (docs/templates.md); q: $P's greedy
                                 cloud matching with $Q's lower bounds skipping what cannot win; p:
                                 the same distances, every start point in full; 1: the $1
                                 unistroke matcher (strokes joined in order)
      --points N                 points a gesture is resampled to: 32 for p+, p+o, q and p, 64 for 1
                                 (the papers' values, the only ones supported)
      --templates-per-gesture N  templates kept a gesture (default 8; 0 keeps every example);
                                 matching time grows with it
      --negatives LABEL          the label of negative examples (default none)
      --max-false-alarms X       the false-alarm rate each threshold is chosen for (default 0.01)
      --taught-only              count as false alarms only the held-out examples nearest the
                                 gesture, and the negatives: more recall among the gestures taught,
                                 but strokes of gestures never taught pass more often
      --coverage X               hold each threshold also to no more than it needs to take this
                                 share (above 0, at most 1) of the gesture's own held-out
                                 examples: strokes of gestures never taught pass less often, and
                                 that much recall is given up (default: off; docs/templates.md
                                 has the trade-off)
      --coverage-fit             find that reach from a log-normal fitted to the held-out
                                 distances (their logarithms' median and spread), not from the
                                 distances themselves: a few examples far from the rest do not
                                 carry the threshold out to them (never past the farthest; read
                                 off them with fewer than 8 to fit)
      --mirror-negatives left-right|top-bottom|both
                                 teach the examples' mirror images as negatives too, one way or
                                 both: a } mirrored left to right is a {, a v top to bottom a
                                 caret, so gestures never taught that mirror one taught pass
                                 less often. A gesture whose mirror images one way are mostly
                                 one gesture taught (a circle's are circles) is left out that
                                 way; learning takes two to three times as long
                                 (docs/templates.md has the trade-off)
      --labels FILE              CSV with header path,label; repeatable
      --label-map FROM=TO,…      rename labels first
      --group-by SPEC            hold examples out by group (as for `gesture batch`): dir:N,
                                 column:NAME, meta:subject
      --jobs N                   example files read at once (default, and 0: number of cores;
                                 at most 1024)
      --input-format, --limit, --time-unit, --y-up, --lift-at-jumps
                                 as for `gesture batch`
      -h, --help                 show this help

    Prints what it chose for each gesture and why: its examples, templates, threshold and the
    cross-validated recall and false-alarm rate (to stderr when --out is -).

    exit status: 0 when the file was written; 2 on a usage error or bad examples (a file that
    cannot be read, an example with one point, an unlabelled example, a gesture with one example,
    a single label and no negatives), reported every one, and nothing written; 2 also when the file
    was written but its summary could not be (standard output closed or full).
    """

func learn(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: [
            "--out", "--id", "--algorithm", "--points", "--templates-per-gesture", "--negatives",
            "--max-false-alarms", "--labels", "--label-map", "--group-by", "--input-format", "--limit", "--time-unit",
            "--jobs", "--coverage", "--mirror-negatives",
        ], flags: ["--help", "--force", "--y-up", "--lift-at-jumps", "--taught-only", "--coverage-fit"])
    if arguments.flags.contains("--help") {
        Output.write(learnHelp + "\n")
        return .recognized
    }
    guard !arguments.operands.isEmpty else { throw UsageError("no EXAMPLES given: folders or files of example traces") }
    // `- --labels -` read the example as the labels file's CSV, and then had no example to read.
    try checkStandardInputReadOnce(arguments, operand: "an example")
    guard let out = arguments.options["--out"] else {
        throw UsageError("no --out FILE given: where to write the templates")
    }
    let id = arguments.options["--id"] ?? "learned"
    guard RecognizerDefinition.isRecognizerID(id) else {
        throw UsageError("--id \"\(id)\": an id is letters, digits, - and _")
    }
    let builtIn = Configuration()
    if let taken = builtIn.takenID(like: id) {
        throw UsageError(
            "--id \(id): the id of a built-in recognizer\(taken == id ? "" : " (\(taken)) in another case"); a "
                + "learned recognizer needs an id of its own")
    }
    // A gesture's name (`swipe-left`) is refused here, not by every reader of the file written.
    if let taken = builtIn.whyIDIsTaken(id) { throw UsageError("--id \(id): \(taken)") }
    let name = arguments.options["--algorithm"] ?? TemplateAlgorithm.plus.rawValue
    let choices: [TemplateAlgorithm] = [.plus, .oriented, .q, .p, .one]
    guard let algorithm = TemplateAlgorithm(rawValue: name) else {
        throw UsageError(Arguments.invalid(name, for: "--algorithm", choices: choices.map(\.rawValue)))
    }
    let points = algorithm.points
    // Compared as a number, as every integer option is read: 032 is 32.
    if let given = arguments.options["--points"], Int(given) != points {
        throw UsageError(
            "--points \(given): algorithm \(name) resamples to \(points) points (the papers' value), the only size supported"
        )
    }
    var learner = TemplateLearner()
    learner.algorithm = algorithm
    learner.untaught = !arguments.flags.contains("--taught-only")
    learner.templatesPerGesture = try arguments.integer("--templates-per-gesture", default: 8, minimum: 0)
    learner.maximumFalseAlarms =
        try arguments.fraction(arguments.options["--max-false-alarms"], for: "--max-false-alarms") ?? 0.01
    if let given = arguments.options["--coverage"] {
        if let written = JSONValue.numberAsJSON(given) {
            throw UsageError("--coverage \(given): write the number as JSON does, \(written)")
        }
        guard let coverage = JSONValue.decimal(given), coverage > 0, coverage <= 1 else {
            throw UsageError(
                "--coverage \(given): expected a share above 0 and at most 1 (a threshold that takes none of its "
                    + "gesture's examples recognizes nothing)")
        }
        learner.coverage = coverage
    }
    if arguments.flags.contains("--coverage-fit") {
        guard let coverage = learner.coverage else {
            throw UsageError("--coverage-fit without --coverage X: it fits the reach a coverage asks for")
        }
        guard coverage < 1 else {
            throw UsageError("--coverage-fit with --coverage 1: every example is taken, and no fit reaches them all")
        }
        learner.coverageFit = true
    }
    var axes: [TemplateLearner.Mirror.Axis]?
    if let ways = arguments.options["--mirror-negatives"] {
        let choices =
            ["left-right": [.leftRight], "top-bottom": [.topBottom], "both": [.leftRight, .topBottom]]
            as [String: [TemplateLearner.Mirror.Axis]]
        guard let chosen = choices[ways] else {
            throw UsageError(
                Arguments.invalid(ways, for: "--mirror-negatives", choices: ["left-right", "top-bottom", "both"]))
        }
        axes = chosen
    }
    let negatives = arguments.options["--negatives"] ?? TemplateLearner.negative
    // A label no example can have (`--negatives ""`) would leave the negatives unnamed without a word.
    guard Labeler.isName(negatives) else {
        throw UsageError(
            "--negatives \"\(Output.name(negatives))\": expected a label, not empty and without "
                + RecognizerDefinition.forbiddenInNames)
    }
    /// Labels name gestures in any case: `NONE/` holds negatives as `none/` does.
    func isNegative(_ label: String) -> Bool { RecognizerDefinition.sameGestureName(label, negatives) }
    // Before the learning, which can take a while, rather than after it.
    try refuseForceToStandardOutput(arguments, target: "FILE")
    if out != "-" { try checkOutputFile(out, for: "--out", force: arguments.flags.contains("--force")) }

    var labeler = Labeler(anyLabel: ())
    if let map = arguments.options["--label-map"] { try labeler.setLabelMap(map) }
    try loadLabels(&labeler, arguments)
    try refuseLabelsFile(out, for: "--out", labeler)
    var runner = BatchRunner(
        classifier: Classifier(configuration: Configuration()), labeler: labeler, jobs: try arguments.jobs(),
        inputFormat: try arguments.inputFormat())
    runner.limits = try readLimits(from: arguments)
    runner.adjustment = try traceAdjustment(from: arguments)
    runner.grouping = try grouping(arguments, labeler)
    // Each path as `source.paths` writes it, less what names nothing (`ex` and `./ex/` are `ex`,
    // `a//b/./c` is `a/b/c`): the walk's order, and so the templates chosen and their `sources`, are
    // then those of any spelling (`./ex//p1` was walked before `ex/p0`, '/' sorting before 'p').
    let roots = arguments.operands.map(tidiedPath)
    var entries = Array(CorpusWalker(roots: roots).filter(runner.includes))
    // The file --out names, when it is among the examples: a templates file (this command's own, from
    // a run before) is no example and is left out; anything else is an example it would overwrite.
    if out != "-", let written = CorpusWalker.fileIdentity(Array(out.utf8)) {
        if let index = entries.firstIndex(where: { CorpusWalker.fileIdentity($0.fileSystemPath) == written }) {
            // Its head is enough to tell (`{"format": "gesture-templates", …` on the first line).
            let head = FileHandle(forReadingAtPath: out).map { $0.readData(ofLength: 200) } ?? Data()
            guard String(decoding: head, as: UTF8.self).contains("\"\(TemplateFile.format)\"") else {
                throw UsageError(
                    "--out \(Output.name(out)) is one of the examples (\(Output.name(entries[index].path))): write the "
                        + "templates elsewhere")
            }
            entries.remove(at: index)
        }
    }
    guard !entries.isEmpty else {
        throw UsageError.noTraceFiles(in: arguments.operands)
    }
    warnOfFoldersWithoutTraces(arguments.operands) { labeler.isLabelsFile($0) }
    let reads = runner.readAll(entries)
    folderLabelsNote(labeler, roots: roots, entries: entries, reads: reads)

    // Every bad example is reported; nothing is learned from a corpus with one.
    var problems: [String] = []
    var examples: [TemplateLearner.Example] = []
    for (entry, read) in zip(entries, reads) {
        guard let trace = read.trace else {
            problems.append(read.error?.description ?? "\(Output.name(entry.path)): error: cannot read")
            continue
        }
        guard let label = read.label else {
            let folder = (Paths.folder(of: entry.labelsPath) as NSString).lastPathComponent
            let hint =
                !folder.isEmpty && !Labeler.isName(folder)
                ? "its folder's name \"\(Output.name(folder))\" is no gesture name (no \(RecognizerDefinition.forbiddenInNames)): rename the folder, "
                    + "or give --labels FILE"
                : "give --labels FILE, or put it in a folder named for its gesture"
            problems.append("\(Output.name(entry.path)): error: unlabelled example: \(hint)")
            continue
        }
        let strokes = TemplateLearner.Example.strokes(of: trace)
        guard TemplateLearner.Example.length(of: strokes) > 0 else {
            // One point, however many samples give it (a `$`-family log's one `<Point>` reads as a
            // touch beginning and ending there): all at one place and one time.
            let first = trace.samples.first
            let onePoint = trace.samples.allSatisfy { $0.location == first?.location && $0.time == first?.time }
            problems.append(
                "\(Output.name(entry.path)): error: example with \(onePoint ? "one point" : "no length"): "
                    + "a gesture is learned from a path")
            continue
        }
        examples.append(
            .init(
                strokes: strokes, label: isNegative(label) ? TemplateLearner.negative : label, group: read.group,
                file: entry.path))
    }
    // The templates file could not be used beside the built-in recognizers: said now.
    let (counts, countProblems) = TemplateLearner.gestures(of: examples)
    problems += countProblems + builtIn.problems(naming: counts, negatives: negatives)
    let negativeCount = examples.count { $0.label == TemplateLearner.negative }
    if problems.isEmpty {
        // Said of every example, so placed at the paths given.
        // The first three paths, then a count: a shell's glob may give thousands.
        let paths = arguments.operands.prefix(3).map(Output.name).joined(separator: ", ")
        let more = arguments.operands.count > 3 ? " and \(arguments.operands.count - 3) more" : ""
        let given = "the \(examples.count) example\(examples.count == 1 ? "" : "s") of \(paths)\(more)"
        if counts.isEmpty {
            problems.append(
                "gesture: error: no gesture among \(given): every one is a negative (\(negatives))")
        } else if counts.count == 1, negativeCount == 0 {
            problems.append(
                "gesture: error: one label (\(counts.keys.first!)) and no negatives among \(given): a threshold is "
                    + "chosen against other gestures' examples or negatives (label them \(negatives))")
        }
    }
    guard problems.isEmpty else {
        for problem in problems { Output.error(problem) }
        Output.error(
            "gesture: error: \(problems.count) problem\(problems.count == 1 ? "" : "s") with the examples; nothing written"
        )
        return .error
    }

    // One group cannot be held out against the others: the folds are single examples, and the
    // thresholds are then no measure of new people. Say so rather than fall back without a word.
    if let spec = arguments.options["--group-by"], !TemplateLearner.foldsByGroup(examples),
        let group = examples.lazy.compactMap(\.group).first
    {
        Output.error(
            "gesture: warning: --group-by \(spec) puts every example in one group (\(Output.name(group))): "
                + "the thresholds are chosen leave-one-out instead, holding out one example at a time, not a group")
    }
    // A gesture whose examples are all in one group has none left to match when that group is held
    // out: its recall counts none, whatever its threshold (`--group-by dir:1` of a folder of gesture
    // folders groups by gesture, not by person).
    var alone: [String] = []
    if let spec = arguments.options["--group-by"], TemplateLearner.foldsByGroup(examples) {
        var groups: [String: Set<String>] = [:]
        for example in examples where example.label != TemplateLearner.negative {
            if let group = example.group { groups[example.label, default: []].insert(group) }
        }
        alone = groups.filter { $0.value.count == 1 }.keys.sorted(by: PathOrder.precedes)
        if !alone.isEmpty {
            // Groups named for the gestures are folders of gestures, not of people: the advice is to
            // group by person. Otherwise one person drew that gesture, and more people's are needed.
            let byGesture = alone.allSatisfy { groups[$0] == [$0] }
            let which =
                alone.count == groups.count && groups.count > 1
                ? "every gesture" : alone.map { Output.name($0) }.joined(separator: ", ")
            Output.error(
                "gesture: warning: --group-by \(spec) puts all the examples of \(which) in one group"
                    + (alone.count > 1 ? " each" : "") + (byGesture ? ", named for the gesture" : "")
                    + ": held out, that group leaves none of the gesture's examples to match, and its recall counts "
                    + "none; "
                    + (byGesture
                        ? "group by person (--group-by dir:N of the people's folders, or column:NAME)"
                        : "add examples of it from more people"))
        }
    }
    // Strokes drawn smaller than the recognizer judges (coordinates in another unit, say) would each
    // fail too-small: say so, with the first of them.
    let minimum = LearnedGestures.defaultMinimumSize
    let small = examples.filter { $0.label != TemplateLearner.negative && $0.size < minimum }
    if let first = small.first {
        Output.error(
            "\(Output.name(first.file)): warning: \(small.count) example\(small.count == 1 ? "" : "s") of the gestures span less "
                + "than \(Format.number(minimum)) pt (this one \(Format.significant(first.size, decimals: 1))): the learned "
                + "recognizer fails such strokes as too-small unless --set \(id).minimumSize is lower")
    }
    // Learning takes seconds for thousands of examples: say so on a terminal.
    let showsProgress = Progress.canDraw
    if showsProgress {
        Output.progressShown = true
        Output.writeError("learning \(counts.count) gestures from \(examples.count) examples, cross-validated…")
    }
    var learned = learner.learn(examples)
    var mirrors: [TemplateLearner.Mirror]?
    if let axes {
        let mirrored = learner.mirrors(of: examples, judgedBy: learned, axes: axes)
        if !mirrored.negatives.isEmpty { learned = learner.learn(examples + mirrored.negatives) }
        mirrors = mirrored.gestures
    }
    if showsProgress { Output.clearProgress() }
    let file = learner.file(
        id: id, learned: learned, examples: examples,
        paths: CorpusWalker.distinct(roots).sorted(by: PathOrder.precedes), mirrors: mirrors)
    let total = file.gestures.reduce(0) { $0 + $1.templates.count }
    guard total <= TemplateFile.maximumTemplates else {
        throw UsageError(
            "\(total) templates: a templates file may hold at most \(TemplateFile.maximumTemplates); keep fewer a "
                + "gesture with --templates-per-gesture N")
    }
    let text = file.text
    if out == "-" {
        Output.write(text)
    } else {
        if let problem = writeFile(text, to: out, replacing: true) {
            Output.error("gesture: error: cannot write \(Output.name(out)): \(Output.reason(problem))")
            return .error
        }
    }
    // A gesture that takes none of its own held-out examples will recognize nothing like them; said
    // before the summary, whose last line says what was written.
    for gesture in learned where gesture.recall == 0 {
        Output.error(
            "gesture: warning: gesture \(gesture.name) recognized none of its held-out examples: its threshold lets "
                + "in nothing ("
                + (alone.contains(gesture.name)
                    ? "all its examples are in one group"
                    : "its examples are too like another gesture's or a negative, or each person drew it once") + ")")
    }
    let summary = learnSummary(file, learned: learned, mirrors: mirrors, out: out, bytes: text.utf8.count)
    if out == "-" { Output.error(summary) } else { Output.write(summary + "\n") }
    return .recognized
}

/// `path` less what names nothing: `ex` and `./ex/` are `ex`, `a//b/./c` is `a/b/c`, `./` is `.`; the
/// empty path and `-` (standard input) as they are.
func tidiedPath(_ path: String) -> String { LearnedGestures.Examples.tidied(path) }

/// What `learn` chose for each gesture, and why.
func learnSummary(
    _ file: TemplateFile, learned: [TemplateLearner.Learned], mirrors: [TemplateLearner.Mirror]?, out: String,
    bytes: Int
) -> String {
    let method =
        file.crossValidation == "leave-one-group-out"
        ? "leave-one-group-out over \(file.source.groups ?? 0) groups" : "leave-one-out"
    let share = "\(Format.number(file.maximumFalseAlarms * 100))%"
    var lines = [
        "learned \(learned.count) gesture\(learned.count == 1 ? "" : "s") from \(file.source.examples) examples "
            + "(\(file.source.negatives) negative\(file.source.negatives == 1 ? "" : "s")), cross-validated \(method)",
        "each threshold lets in at most \(share) of the other gestures' held-out examples"
            + (file.source.negatives > 0 ? ", and \(share) of the negatives" : "")
            + (file.coverage.map {
                ", and reaches no further than it must to take \(Format.number($0 * 100, decimals: 4))% of its own held-out examples"
                    + (file.coverageFit.map { " (by a \($0) fitted to their distances)" } ?? "")
            } ?? ""),
    ]
    if let readOff = file.coverageReadOff {
        lines.append(
            "  read off the examples, with too little to fit (fewer than \(TemplateLearner.fewestFitted) held-out "
                + "distances above 0, or all alike): \(readOff.joined(separator: ", "))")
    }
    for axis in TemplateLearner.Mirror.Axis.allCases {
        let ways = (mirrors ?? []).filter { $0.axis == axis }
        guard !ways.isEmpty else { continue }
        let taught = ways.filter(\.taught)
        let count = taught.reduce(0) { $0 + $1.examples }
        lines.append(
            "mirror images \(axis.words) taught as negatives: "
                + (taught.isEmpty ? "none" : "\(taught.map(\.gesture).joined(separator: ", ")) (\(count))"))
        let left = ways.filter { !$0.taught }.map {
            "\($0.gesture) (\($0.recognized) of \($0.examples) as \($0.mostlyAs ?? ""))"
        }
        if !left.isEmpty { lines.append("  left out, mostly a gesture taught: " + left.joined(separator: ", ")) }
    }
    lines.append("")
    let width = max(7, learned.map { Format.columns($0.name) }.max() ?? 0)
    func pad(_ text: String, _ n: Int, left: Bool = false) -> String {
        let space = String(repeating: " ", count: max(0, n - Format.columns(text)))
        return left ? text + space : space + text
    }
    lines.append(
        pad("gesture", width, left: true) + "  examples  templates  threshold  recall  false alarms")
    for gesture in learned {
        lines.append(
            pad(gesture.name, width, left: true) + pad(String(gesture.examples), 10)
                + pad(String(gesture.templateCount), 11)
                + pad(Format.significant(TemplateFile.rounded(gesture.threshold), decimals: 1), 11)
                + pad(Format.number(gesture.recall * 100, decimals: 1) + "%", 8)
                + pad(Format.number(gesture.falseAlarms * 100, decimals: 2) + "%", 14))
    }
    lines.append("")
    lines.append(
        "wrote \(out == "-" ? "standard output" : Output.name(out)) (\(Format.number(Double(bytes) / 1000, decimals: 1)) KB, "
            + "recognizer \(file.id))")
    return lines.joined(separator: "\n")
}

/// When examples are labelled by their folders' names and a labels file above the paths given (not
/// walked, so not read) labels them, a note on stderr names it: `learn dollar1/s02` learned `fast`,
/// `medium` and `slow`, the folders of its speeds, where `dollar1/labels.csv` names the gestures.
private func folderLabelsNote(
    _ labeler: Labeler, roots: [String], entries: [CorpusEntry], reads: [BatchRunner.Read]
) {
    let named = zip(entries, reads).filter { $0.1.trace != nil && $0.1.labelling?.byFolder == true }
    guard !named.isEmpty else { return }
    let files = labeler.labelsFilesAbove(roots, unlabelled: named.map(\.0.labelsPath))
    guard !files.isEmpty else { return }
    let folders = Set(named.compactMap(\.1.label)).sorted { PathOrder.bytesPrecede($0, $1) }
    let names = folders.prefix(5).map { Output.name($0) }.joined(separator: ", ") + (folders.count > 5 ? ", …" : "")
    let count = named.count
    Output.error(
        "gesture: note: "
            + (count == 1
                ? "1 example is labelled by its folder's name"
                : "\(count) examples are labelled by their folders' names")
            + " (\(names)); " + labelsAbove(files, of: count) + " to learn from "
            + (files.count == 1 ? "its" : "their") + " labels")
}
