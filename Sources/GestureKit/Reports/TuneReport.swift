/// How `gesture tune` shows a `TuningResult`: a table for people, JSON or CSV (one row per setting
/// and group) for scripts and plots.
public enum TuneReport {
    /// What the corpus held before tuning: files read, and what became of them.
    public struct Corpus: Sendable, Hashable {
        /// Files found.
        public var traces: Int
        /// Labelled traces, the ones replayed.
        public var labelled: Int
        public var unlabelled: Int
        public var errors: Int
        /// The `--group-by` spec, when there is one.
        public var groupBy: String?

        public init(traces: Int, labelled: Int, unlabelled: Int, errors: Int, groupBy: String? = nil) {
            self.traces = traces
            self.labelled = labelled
            self.unlabelled = unlabelled
            self.errors = errors
            self.groupBy = groupBy
        }
    }

    // MARK: Text

    public static func text(_ result: TuningResult, corpus: Corpus) -> String {
        var out =
            "\(ReportText.count(corpus.traces, "trace")): \(corpus.labelled) labelled, \(corpus.unlabelled) unlabelled, "
            + ReportText.count(corpus.errors, "error")
        if let groupBy = corpus.groupBy { out += "; \(ReportText.count(result.groups.count, "group")) by \(groupBy)" }
        out += "\n"
        for sweep in result.sweeps {
            out +=
                "sweep \(sweep.name): \(sweep.values.first.map(sweep.shown) ?? "-") to \(sweep.values.last.map(sweep.shown) ?? "-"), "
                + "\(ReportText.count(sweep.values.count, "value"))\n"
        }
        out +=
            "chosen for \(objectiveText(result)), with the false alarms of \(targetList(result)) at most "
            + "\(ReportText.exactPercent(result.maximumFalseAlarms))\n\n"

        let showsObjective = result.objective != .recall || result.targets.count > 1
        var header = result.sweeps.map(\.name)
        if showsObjective { header.append(result.objective.rawValue) }
        for target in result.targets {
            header += ["\(result.recognizers[target]) recall", "\(result.recognizers[target]) false alarms"]
        }
        header.append("accuracy")
        var rows = [header]
        for (setting, counts) in result.totals.enumerated() {
            var row = shownValues(result, setting)
            if showsObjective { row.append(result.objective(of: counts).map { ReportText.percent($0) } ?? "-") }
            row += targetFigures(result, counts)
            row.append(counts.accuracy.map { ReportText.percent($0) } ?? "-")
            row.append(setting == result.chosen.setting ? "← chosen" : "")
            rows.append(row)
        }
        out += ReportText.table(rows, leftColumns: 0)

        let chosen = result.totals[result.chosen.setting]
        if !result.chosen.meetsFalseAlarmLimit {
            out +=
                "\nno setting keeps the false alarms of \(targetList(result)) within "
                + "\(ReportText.exactPercent(result.maximumFalseAlarms)): the one with the fewest is chosen\n"
        }
        // Without a trace of another gesture or none, every setting keeps within the limit: the
        // choice went to recall (or the objective) alone, the most permissive value likely.
        let untested = result.targets.filter { chosen.traces == chosen.labelled[$0] }
        if !untested.isEmpty {
            out +=
                "\nthe false alarms of \(untested.map { result.recognizers[$0] }.joined(separator: " and ")) were never "
                + "counted: no trace is labelled with another recognizer's gesture or none, so the limit of "
                + "\(ReportText.exactPercent(result.maximumFalseAlarms)) was not tested (label such traces to test it)\n"
        }
        // No setting recalls a trace of a target: the values tie on recall, and what keeps them from
        // being recognized as labelled is not the swept value (with the hammer profile, a swipe is
        // recognized together with pan: `pan+swipe-right`).
        // (With the balanced objective the false alarms still choose.)
        let neverRecalled = result.targets.filter { target in
            result.objective != .balanced && chosen.labelled[target] > 0
                && result.totals.allSatisfy { $0.recalled[target] == 0 }
        }
        for target in neverRecalled {
            out +=
                "\nno setting recognizes "
                + (chosen.labelled[target] == 1 ? "the one trace" : "any of the \(chosen.labelled[target]) traces")
                + " labelled with \(result.recognizers[target])'s "
                + "gestures as labelled: the values tie on its recall, so the choice is no test of them (gesture batch "
                + "with one of them shows what the traces were recognized as)\n"
        }
        // Leaving out another swept recognizer is no advice: it is tuned too.
        let swept = Set(result.targets.map { result.recognizers[$0] })
        for (target, others) in zip(result.targets, result.sharers) where !others.isEmpty {
            let unswept = others.filter { !swept.contains($0) }
            out +=
                "\n\(result.recognizers[target]) shares gestures with \(others.joined(separator: ", ")): a trace counts "
                + "for each recognizer of its gesture, whichever gave it"
                + (unswept.isEmpty
                    ? "\n"
                    : " (to tune \(result.recognizers[target]) alone, leave \(unswept.joined(separator: ", ")) out with "
                        + "--recognizers)\n")
        }
        guard let crossValidated = result.crossValidated else {
            out += "\nchosen: \(settingText(result, result.chosen.setting)): \(figures(result, chosen))\n"
            if corpus.groupBy == nil {
                out +=
                    "these figures are in-sample (chosen and scored on the same traces); --group-by gives the "
                    + "leave-one-group-out figure\n"
            } else {
                let only = result.groups.isEmpty ? "" : " (\(shownGroup(result, 0)))"
                out +=
                    "these figures are in-sample: --group-by \(corpus.groupBy!) finds one group\(only), and "
                    + "leave-one-group-out needs two or more to hold one out\n"
            }
            return out
        }
        out += "\nleave-one-group-out: each group scored with the setting chosen on the other groups\n"
        var foldRows = [["group"] + result.sweeps.map(\.name) + ["traces"]]
        for target in result.targets {
            foldRows[0] += ["\(result.recognizers[target]) recall", "\(result.recognizers[target]) false alarms"]
        }
        foldRows[0].append("accuracy")
        for fold in result.folds {
            let counts = result.counts[fold.choice.setting][fold.group]
            foldRows.append(
                [shownGroup(result, fold.group)] + shownValues(result, fold.choice.setting)
                    + ["\(counts.traces)"]
                    + targetFigures(result, counts) + [counts.accuracy.map { ReportText.percent($0) } ?? "-"])
        }
        out += ReportText.table(foldRows, leftColumns: 1)
        for fold in result.folds {
            let missing = untrained(result, fold: fold)
            guard !missing.isEmpty else { continue }
            out +=
                "fold \(shownGroup(result, fold.group)): the other groups hold no trace of "
                + "\(missing.map { result.recognizers[$0] }.joined(separator: " or ")), so its setting was chosen "
                + "without that recall (on false alarms and accuracy): its figure for that group is no test of it\n"
        }
        // Each target's worst group, each group scored with the setting `settingOf` gives its fold.
        func worstGroups(settingOf: (Int) -> Int) -> String {
            result.targets.compactMap { target in
                worstGroup(result, target: target, settingOf: settingOf).map { worst in
                    "  worst group for \(result.recognizers[target]): \(shownGroup(result, worst.group)), recall "
                        + "\(ReportText.percent(worst.recall)) (\(worst.recalled) of \(worst.labelled))\n"
                }
            }.joined()
        }
        out += "\ncross-validated (the figure to quote): \(figures(result, crossValidated))\n"
        out += worstGroups { result.folds[$0].choice.setting }
        out +=
            "in-sample (chosen on every group: \(settingText(result, result.chosen.setting))): \(figures(result, chosen))\n"
        out += worstGroups { _ in result.chosen.setting }
        out +=
            "choice across the \(result.folds.count) folds: "
            + stability(result).map { "\(settingText(result, $0.setting)) in \($0.folds)" }.joined(separator: ", ")
            + "\n"
        return out
    }

    /// The targets of which the groups other than the fold's hold no labelled trace: the fold chose its
    /// setting without their recall.
    static func untrained(_ result: TuningResult, fold: TuningResult.Fold) -> [Int] {
        let total = result.totals[fold.choice.setting]
        let held = result.counts[fold.choice.setting][fold.group]
        return result.targets.filter { total.labelled[$0] - held.labelled[$0] == 0 }
    }

    /// The settings chosen by the folds, the most chosen first (ties in grid order).
    public static func stability(_ result: TuningResult) -> [(setting: Int, folds: Int)] {
        var tally: [Int: Int] = [:]
        for fold in result.folds { tally[fold.choice.setting, default: 0] += 1 }
        return tally.map { (setting: $0.key, folds: $0.value) }.sorted {
            $0.folds != $1.folds ? $0.folds > $1.folds : $0.setting < $1.setting
        }
    }

    /// The group with the lowest recall of `target`, each group counted with the setting `settingOf`
    /// gives its fold; ties go to the first group by name. `nil` when no group has the target's gestures.
    static func worstGroup(_ result: TuningResult, target: Int, settingOf: (Int) -> Int)
        -> (group: Int, recall: Double, recalled: Int, labelled: Int)?
    {
        var worst: (group: Int, recall: Double, recalled: Int, labelled: Int)?
        for group in result.groups.indices {
            let counts = result.counts[settingOf(group)][group]
            guard let recall = counts.recall(target) else { continue }
            if worst == nil || recall < worst!.recall {
                worst = (group, recall, counts.recalled[target], counts.labelled[target])
            }
        }
        return worst
    }

    private static func objectiveText(_ result: TuningResult) -> String {
        let what =
            switch result.objective {
            case .recall: "recall"
            case .f1: "F1"
            case .balanced: "balanced accuracy (mean of recall and 1 − false-alarm rate)"
            }
        return result.targets.count > 1
            ? "the mean \(what) of \(targetList(result))" : "the \(what) of \(targetList(result))"
    }

    private static func targetList(_ result: TuningResult) -> String {
        result.targets.map { result.recognizers[$0] }.joined(separator: " and ")
    }

    private static func settingText(_ result: TuningResult, _ setting: Int) -> String {
        zip(result.sweeps, shownValues(result, setting)).map { "\($0.name) = \($1)" }.joined(separator: ", ")
    }

    /// Group `index`'s name as the text shows it: as diagnostics show text, control characters escaped
    /// (a trace's subject may hold them); JSON and CSV keep it as it is.
    private static func shownGroup(_ result: TuningResult, _ index: Int) -> String {
        DiagnosticText.escaped(result.groups[index])
    }

    /// The values of grid setting `setting`, each as its sweep shows it (`Sweep/shown(_:)`).
    private static func shownValues(_ result: TuningResult, _ setting: Int) -> [String] {
        zip(result.sweeps, result.grid[setting]).map { $0.shown($1) }
    }

    private static func targetFigures(_ result: TuningResult, _ counts: TuningCounts) -> [String] {
        result.targets.flatMap { target in
            [
                counts.recall(target).map { ReportText.percent($0) } ?? "-",
                counts.falseAlarmRate(target).map {
                    ReportText.percent($0, decimals: 2, apartFrom: result.maximumFalseAlarms)
                } ?? "-",
            ]
        }
    }

    private static func figures(_ result: TuningResult, _ counts: TuningCounts) -> String {
        var parts: [String] = []
        for target in result.targets {
            let name = result.recognizers[target]
            let others = counts.traces - counts.labelled[target]
            parts.append(
                "\(name) recall \(counts.recall(target).map { ReportText.percent($0) } ?? "-") (\(counts.recalled[target]) of \(counts.labelled[target])), "
                    + "false alarms \(counts.falseAlarmRate(target).map { ReportText.percent($0, decimals: 2, apartFrom: result.maximumFalseAlarms) } ?? "-") "
                    + "(\(counts.falseAlarms[target]) of \(others))")
        }
        parts.append("accuracy \(counts.accuracy.map { ReportText.percent($0) } ?? "-")")
        return parts.joined(separator: ", ")
    }

    // MARK: JSON

    /// Every setting's counts, on the whole corpus and on each group, the choice and the folds.
    public static func json(_ result: TuningResult, corpus: Corpus) -> JSONValue {
        json(result, corpus: corpus, withRows: true)
    }

    /// `json(_:corpus:).prettyText`, handed to `write` in pieces, a row at a time: the same bytes,
    /// without the whole document in memory (10,000 settings on 174 groups are 1.75 million rows,
    /// and the document as one took 7.5 GB).
    public static func writeJSON(_ result: TuningResult, corpus: Corpus, to write: (String) -> Void) {
        let document = json(result, corpus: corpus, withRows: false).prettyText
        let placeholder = "\n  \"rows\": [],"
        guard let range = document.range(of: placeholder) else { return write(document) }
        write(String(document[..<range.lowerBound]) + "\n  \"rows\": [")
        var first = true
        forEachRow(result) { row in
            write((first ? "" : ",") + "\n    " + row.prettyText(atLevel: 2))
            first = false
        }
        write((first ? "]," : "\n  ],") + document[range.upperBound...])
    }

    /// Each row of the JSON: a setting on the whole corpus, then on each group, setting after setting.
    private static func forEachRow(_ result: TuningResult, _ body: (JSONValue) -> Void) {
        for setting in result.grid.indices {
            body(row(result, setting: setting, group: nil, result.totals[setting]))
            if !result.groups.isEmpty {
                for group in result.groups.indices {
                    body(row(result, setting: setting, group: group, result.counts[setting][group]))
                }
            }
        }
    }

    private static func json(_ result: TuningResult, corpus: Corpus, withRows: Bool) -> JSONValue {
        typealias M = JSONValue.Member
        var rows: [JSONValue] = []
        if withRows { forEachRow(result) { rows.append($0) } }
        var crossValidation = JSONValue.null
        if let pooled = result.crossValidated {
            let folds: [JSONValue] = result.folds.map { fold in
                .object(
                    [
                        M("group", .string(result.groups[fold.group])),
                        M("setting", setting(result, fold.choice.setting)),
                        M("meetsMaxFalseAlarms", .bool(fold.choice.meetsFalseAlarmLimit)),
                        M(
                            "untrainedTargets",
                            .array(untrained(result, fold: fold).map { .string(result.recognizers[$0]) })),
                    ] + figures(result, result.counts[fold.choice.setting][fold.group]))
            }
            let worst: [M] = result.targets.map { target in
                let found = worstGroup(result, target: target, settingOf: { result.folds[$0].choice.setting })
                return M(
                    result.recognizers[target],
                    found.map {
                        .object([
                            M("group", .string(result.groups[$0.group])), M("labelled", .number(Double($0.labelled))),
                            M("recalled", .number(Double($0.recalled))), M("recall", .number($0.recall)),
                        ])
                    }
                        ?? .null)
            }
            crossValidation = .object(
                [
                    M("folds", .array(folds)),
                    M("pooled", .object(figures(result, pooled))),
                    M("worstGroups", .object(worst)),
                    M(
                        "stability",
                        .array(
                            stability(result).map {
                                .object([
                                    M("setting", setting(result, $0.setting)), M("folds", .number(Double($0.folds))),
                                ])
                            })),
                ])
        }
        return .object([
            M(
                "traces",
                .object([
                    M("total", .number(Double(corpus.traces))), M("labelled", .number(Double(corpus.labelled))),
                    M("unlabelled", .number(Double(corpus.unlabelled))), M("errors", .number(Double(corpus.errors))),
                ])),
            M("groupBy", .string(corpus.groupBy)),
            M("groups", .array(result.groups.map { .string($0) })),
            M("objective", .string(result.objective.rawValue)),
            M("maxFalseAlarms", .number(result.maximumFalseAlarms)),
            M("targets", .array(result.targets.map { .string(result.recognizers[$0]) })),
            M(
                "sharedGestures",
                .object(
                    zip(result.targets, result.sharers).filter { !$1.isEmpty }.map {
                        M(result.recognizers[$0], .array($1.map { .string($0) }))
                    })),
            M(
                "sweeps",
                .array(
                    result.sweeps.map { sweep in
                        .object([
                            M("recognizer", .string(sweep.recognizer)), M("parameter", .string(sweep.parameter)),
                            M("values", .array(sweep.values.map(\.json))),
                        ])
                    })),
            M("rows", .array(rows)),
            M(
                "chosen",
                .object(
                    [
                        M("setting", setting(result, result.chosen.setting)),
                        M("meetsMaxFalseAlarms", .bool(result.chosen.meetsFalseAlarmLimit)),
                    ] + figures(result, result.totals[result.chosen.setting]))),
            M("crossValidation", crossValidation),
        ])
    }

    private static func setting(_ result: TuningResult, _ setting: Int) -> JSONValue {
        .object(zip(result.sweeps, result.grid[setting]).map { JSONValue.Member($0.name, $1.json) })
    }

    private static func row(_ result: TuningResult, setting: Int, group: Int?, _ counts: TuningCounts) -> JSONValue {
        .object(
            [
                JSONValue.Member("setting", self.setting(result, setting)),
                JSONValue.Member("group", .string(group.map { result.groups[$0] })),
            ] + figures(result, counts))
    }

    private static func figures(_ result: TuningResult, _ counts: TuningCounts) -> [JSONValue.Member] {
        typealias M = JSONValue.Member
        let recognizers: [M] = result.recognizers.indices.map { index in
            M(
                result.recognizers[index],
                .object([
                    M("labelled", .number(Double(counts.labelled[index]))),
                    M("recalled", .number(Double(counts.recalled[index]))),
                    M("recall", .number(counts.recall(index))),
                    M("predicted", .number(Double(counts.predicted[index]))),
                    M("precision", .number(counts.precision(index))),
                    M("falseAlarms", .number(Double(counts.falseAlarms[index]))),
                    M("falseAlarmRate", .number(counts.falseAlarmRate(index))),
                ]))
        }
        return [
            M("traces", .number(Double(counts.traces))),
            M("correct", .number(Double(counts.correct))),
            M("accuracy", .number(counts.accuracy)),
            M("objective", .number(result.objective(of: counts))),
            M("recognizers", .object(recognizers)),
        ]
    }

    // MARK: CSV

    /// The CSV header and one row per setting and group (the whole corpus first, with an empty group):
    /// the swept values, the group, the counts and figures of each swept recognizer.
    public static func csv(_ result: TuningResult) -> String {
        var header = result.sweeps.map(\.name) + ["group", "traces", "correct", "accuracy", "objective"]
        for target in result.targets {
            let id = result.recognizers[target]
            header += ["labelled", "recalled", "recall", "falseAlarms", "falseAlarmRate"].map { "\(id).\($0)" }
        }
        var out = header.map(ReportText.csvField).joined(separator: ",") + "\n"
        func number(_ value: Double?) -> String { value.map(Format.jsonNumber) ?? "" }
        for setting in result.grid.indices {
            let groups: [Int?] = [nil] + result.groups.indices.map { $0 }
            for group in groups {
                let counts = group.map { result.counts[setting][$0] } ?? result.totals[setting]
                var fields = result.grid[setting].map { $0.json.text }
                fields += [
                    group.map { result.groups[$0] } ?? "", "\(counts.traces)", "\(counts.correct)",
                    number(counts.accuracy), number(result.objective(of: counts)),
                ]
                for target in result.targets {
                    fields += [
                        "\(counts.labelled[target])", "\(counts.recalled[target])", number(counts.recall(target)),
                        "\(counts.falseAlarms[target])", number(counts.falseAlarmRate(target)),
                    ]
                }
                out += fields.map(ReportText.csvField).joined(separator: ",") + "\n"
            }
        }
        return out
    }

    // MARK: Config

    /// A configuration file that `--config` reads back to replay with `configuration`: its learned
    /// recognizers' templates files (paths relative to `folder`, where the file is written), its
    /// configured instances, every parameter it sets over its profile, in declaration order (with a
    /// profile other than `default`, every parameter's value, so that the file gives them whatever
    /// `--profile` it is applied with), and the relationships that differ from those the profile, the
    /// templates and the instances give.
    ///
    /// Relationships are written as changes to the whole registry's, not to the run's recognizers
    /// alone: a run with `--recognizers` sees none of the requirements and pairs with the recognizers
    /// it leaves out, and a file that replaced lists with what it saw would drop them. What the run
    /// added is written as `add`; where it took something away, `replace` lists the whole registry's
    /// with that taken away and the additions put in.
    public static func config(_ configuration: Configuration, folder: String = "") -> JSONValue {
        typealias M = JSONValue.Member
        var members: [M] = []
        // What the same profile, templates files and instances give before any relationship is changed.
        var whole = Configuration(profile: configuration.profile)
        var templates: [JSONValue] = []
        var instances: [JSONValue] = []
        for entry in configuration.entries {
            let definition = entry.definition
            if let learned = definition.learned {
                templates.append(.string(Paths.relative(learned.file, from: folder)))
                // The definition read from the file already, not the file again.
                whole.insertLearned(definition)
            } else if let kind = definition.instanceOf {
                var fields = [M("id", .string(entry.id)), M("kind", .string(kind))]
                if let gesture = definition.recognizedAs { fields.append(M("gesture", .string(gesture))) }
                instances.append(.object(fields))
                try? whole.addInstance(entry.id, of: kind, gesture: definition.recognizedAs)
            }
        }
        // What the run's own recognizers started from.
        var baseline = whole
        try? baseline.keepOnly(configuration.entries.map(\.id))
        if !templates.isEmpty { members.append(M("templates", .array(templates))) }
        if !instances.isEmpty { members.append(M("recognizers", .array(instances))) }
        let absolute = configuration.profile != .default
        let recognizers: [M] = configuration.entries.compactMap { entry in
            let values = absolute ? entry.values : entry.settings
            let set = entry.definition.parameters.compactMap { parameter in
                values[parameter.name].map { M(parameter.name, $0.json) }
            }
            return set.isEmpty ? nil : M(entry.id, .object(set))
        }
        members.append(M("parameters", .object(recognizers)))
        let started = Dictionary(baseline.entries.map { ($0.id, $0.requiresFailureOf) }) { a, _ in a }
        let registry = Dictionary(whole.entries.map { ($0.id, $0.requiresFailureOf) }) { a, _ in a }
        let runIDs = Set(configuration.entries.map(\.id))
        let changed: [M] = configuration.entries.compactMap { entry in
            let before = started[entry.id] ?? []
            let now = entry.requiresFailureOf
            guard before != now else { return nil }
            let removed = before.filter { !now.contains($0) }
            let added = now.filter { !before.contains($0) }
            if removed.isEmpty, !added.isEmpty {
                return M(entry.id, .object([M("add", .array(added.map(JSONValue.string)))]))
            }
            // The run's list in its order, then the whole registry's requirements on recognizers the run
            // did not have (which it could not change).
            let replaced = now + (registry[entry.id] ?? []).filter { !runIDs.contains($0) }
            return M(entry.id, .object([M("replace", .array(replaced.map(JSONValue.string)))]))
        }
        if !changed.isEmpty { members.append(M("requiresFailureOf", .object(changed))) }
        if baseline.simultaneous != configuration.simultaneous {
            func list(_ pairs: Set<[String]>) -> JSONValue {
                .array(pairs.sorted { $0.lexicographicallyPrecedes($1) }.map { .array($0.map(JSONValue.string)) })
            }
            let removed = baseline.simultaneous.subtracting(configuration.simultaneous)
            let added = configuration.simultaneous.subtracting(baseline.simultaneous)
            members.append(
                M(
                    "simultaneous",
                    .object([
                        removed.isEmpty
                            ? M("add", list(added))
                            : M("replace", list(whole.simultaneous.subtracting(removed).union(added)))
                    ])))
        }
        return .object(members)
    }
}
