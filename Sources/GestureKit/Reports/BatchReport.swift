/// The outputs of `gesture batch` and `gesture merge-scores`: rows as JSON or CSV, the summary as JSON
/// or text, and the way back from JSON to rows and scoreboards so shards can be merged.
public enum BatchReport {
    // MARK: Rows

    /// One row as JSON. With `grouped` (a run with `--group-by`) it carries `group` after `path`;
    /// without, the row is as it was before groups existed.
    public static func value(_ row: BatchRow, grouped: Bool = false) -> JSONValue {
        // The name as the file system has it (as a labels file's row names it), not as text shows it.
        let path = JSONValue.Member("path", .string(row.labelsPath))
        let label = JSONValue.Member("label", .string(row.label))
        let gesture = JSONValue.Member("gesture", .string(row.gesture))
        let correct = JSONValue.Member("correct", row.correct.map { .bool($0) } ?? .null)
        let error = JSONValue.Member(
            "error",
            row.error.map { .object(JSONReport.errorMembers($0)) } ?? .null)
        let failure = JSONValue.Member(
            "failure",
            row.miss.map { miss in
                .object([
                    .init("recognizer", .string(miss.recognizer)),
                    .init("code", .string(miss.code)),
                    .init("message", .string(miss.message)),
                    .init("measured", .number(miss.measured)),
                    .init("limit", .number(miss.limit)),
                    .init("unit", .string(miss.unit)),
                ])
            } ?? .null)
        let warnings = JSONValue.Member("warnings", .array(row.warnings.map { .string($0) }))
        guard grouped else { return .object([path, label, gesture, correct, error, failure, warnings]) }
        return .object([path, .init("group", .string(row.group)), label, gesture, correct, error, failure, warnings])
    }

    public static let csvHeader =
        "path,label,gesture,correct,error_code,error_message,failure_recognizer,failure_code,failure_message\n"

    /// The CSV header; with `grouped`, a `group` column follows `path`.
    public static func csvHeader(grouped: Bool) -> String {
        grouped ? "path,group" + csvHeader.dropFirst("path".count) : csvHeader
    }

    /// One CSV record (RFC 4180 quoting), ending in a line break; with `grouped`, the group follows
    /// the path.
    public static func csv(_ row: BatchRow, grouped: Bool = false) -> String {
        var fields = [
            row.labelsPath, row.label ?? "", row.gesture ?? "", row.correct.map { $0 ? "true" : "false" } ?? "",
            row.error?.code.rawValue ?? "", row.error.map(\.description) ?? "", row.miss?.recognizer ?? "",
            row.miss?.code ?? "", row.miss?.message ?? "",
        ]
        if grouped { fields.insert(row.group ?? "", at: 1) }
        return fields.map(ReportText.csvField).joined(separator: ",") + "\n"
    }

    // MARK: Summary

    /// The summary as JSON. A grouped run's adds `groupBy` (the spec), `groups` (each group's summary,
    /// with the fields of this one and `falseAlarms`) and `worstGroups` (per labelled gesture, the
    /// group with the lowest recall); without a grouping the summary is as it was before groups.
    public static func value(_ board: Scoreboard) -> JSONValue {
        guard let grouping = board.grouping else { return .object(counts(board)) }
        let groups = board.groupNames.map { name in
            let group = board.groups[name]!
            return JSONValue.Member(
                name, .object(counts(group) + [.init("falseAlarms", .number(Double(group.falseAlarms)))]))
        }
        let worst = labelledGestures(board).compactMap { gesture -> JSONValue.Member? in
            guard let (group, m) = board.worstGroup(for: gesture) else { return nil }
            return .init(
                gesture,
                .object([
                    .init("group", .string(group)), .init("support", .number(Double(m.support))),
                    .init("truePositives", .number(Double(m.truePositives))), .init("recall", .number(m.recall)),
                ]))
        }
        return .object(
            counts(board) + [
                .init("groupBy", .string(grouping.spec)), .init("groups", .object(groups)),
                .init("worstGroups", .object(worst)),
            ])
    }

    /// The gestures some scored trace is labelled with, in summary order.
    static func labelledGestures(_ board: Scoreboard) -> [String] {
        board.confusion.keys.sorted(by: GestureOrder.precedes)
    }

    /// `{"key": count, …}` in the order `precedes` gives.
    private static func countsObject(_ counts: [String: Int], by precedes: (String, String) -> Bool) -> JSONValue {
        .object(counts.keys.sorted(by: precedes).map { .init($0, .number(Double(counts[$0]!))) })
    }

    /// The members every summary has, a group's too.
    private static func counts(_ board: Scoreboard) -> [JSONValue.Member] {
        let gestures = board.gestures
        return [
            .init("traces", .number(Double(board.traces))),
            .init("scored", .number(Double(board.scored))),
            .init("correct", .number(Double(board.correct))),
            .init("accuracy", .number(board.accuracy)),
            .init("unlabelled", .number(Double(board.unlabelled))),
            .init("errors", .number(Double(board.errors))),
            .init("unlabelledGestures", countsObject(board.unlabelledGestures, by: GestureOrder.precedes)),
            .init("unlabelledFolders", countsObject(board.unlabelledFolders, by: PathOrder.bytesPrecede)),
            .init("overriddenLabels", .number(Double(board.overriddenLabels))),
            .init(
                "gestures",
                .object(
                    gestures.map { gesture in
                        let m = board.metrics(gesture)
                        return .init(
                            gesture,
                            .object([
                                .init("support", .number(Double(m.support))),
                                .init("predicted", .number(Double(m.predicted))),
                                .init("truePositives", .number(Double(m.truePositives))),
                                .init("precision", .number(m.precision)),
                                .init("recall", .number(m.recall)),
                                .init("f1", .number(m.f1)),
                            ]))
                    })),
            .init(
                "confusion",
                .object(
                    gestures.map { label in
                        .init(
                            label,
                            .object(gestures.map { .init($0, .number(Double(board.confusion[label]?[$0] ?? 0))) }))
                    })),
            .init(
                "failures",
                .object(
                    board.failures.keys.sorted(by: GestureOrder.precedes).map { label in
                        let codes = board.failures[label] ?? [:]
                        return .init(
                            label,
                            .object(
                                codes.keys.sorted(by: PathOrder.bytesPrecede).map {
                                    .init($0, .number(Double(codes[$0] ?? 0)))
                                }))
                    })),
        ]
    }

    // MARK: Reading outputs back

    /// The first of a summary's figures made from its counts (`scored`, `correct`, `accuracy`, each
    /// gesture's metrics) that is not what those counts make; `nil` when all are, or absent.
    static func derivedMismatch(_ summary: JSONValue, _ board: Scoreboard) -> String? {
        for member in counts(board) where ["scored", "correct", "accuracy", "gestures"].contains(member.key) {
            if let given = summary[member.key], given != member.value { return "\"\(member.key)\"" }
        }
        return nil
    }

    // MARK: The `--format json` document

    /// The start of a `--format json` document, before its rows.
    public static let documentStart = "{\"traces\":["

    /// A row of a `--format json` document, on a line of its own: the first after the start, each
    /// other after a comma.
    public static func documentRow(_ row: BatchRow, first: Bool, grouped: Bool) -> String {
        (first ? "\n" : ",\n") + value(row, grouped: grouped).text
    }

    /// The end of a `--format json` document, after its rows: the summary, and the run when it is
    /// known (`merge-scores` of outputs of an earlier version knows none).
    public static func documentEnd(_ board: Scoreboard, run: RunIdentity?) -> String {
        "\n],\n\"summary\":" + value(board).text + (run.map { ",\n\"run\":" + $0.value.text } ?? "") + "}\n"
    }

    /// A `gesture batch --format json` document read back, for `merge-scores`.
    public struct Document: Sendable {
        public var rows: [BatchRow]
        public var board: Scoreboard
        /// The run that made it; `nil` for the output of a version that did not say.
        public var run: RunIdentity?
    }

    /// The largest `--format json` output `merge-scores` reads (a few million traces).
    public static let outputFileLimit = 4 << 30

    /// The most any count of a summary may be (a trillion traces): sums of a few stay far from overflow.
    public static let maximumCount = 1 << 40

    /// Reads a `--format json` output; the summary's counts become a scoreboard and the rows rows.
    public static func document(_ bytes: [UInt8], file: String) throws(LabelError) -> Document {
        // The name as diagnostics show it: a control character in it must not reach the terminal.
        let shown = DiagnosticText.escaped(file)
        func fail(_ message: String) -> LabelError { LabelError("\(shown): error: \(message)") }
        // Another format of batch output, named as such.
        let head = String(decoding: bytes.prefix(120), as: UTF8.self)
        if let first = head.unicodeScalars.first, ("0"..."9").contains(first),
            head.contains(" traces: ") || head.hasPrefix("1 trace: ")
        {
            throw fail("this is batch text output; use --format json")
        }
        if head.hasPrefix("{\"path\"") {
            throw fail("this is batch jsonl output (one row per line); use --format json")
        }
        if head.hasPrefix("path,") { throw fail("this is batch csv output; use --format json") }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes, file: shown) } catch { throw LabelError(error.description) }
        guard case .array(let traces)? = root["traces"], let summary = root["summary"] else {
            throw fail("expected the JSON output of `gesture batch --format json`, with \"traces\" and \"summary\"")
        }
        var run: RunIdentity?
        if let value = root["run"] {
            guard let identity = RunIdentity(value) else {
                throw fail("the \"run\" is not the shard, files, corpus and settings of a batch run")
            }
            run = identity
        }
        func counts(_ value: JSONValue?) -> [String: [String: Int]]? {
            guard case .object(let rows)? = value else { return nil }
            var table: [String: [String: Int]] = [:]
            for row in rows {
                guard case .object(let cells) = row.value else { return nil }
                for cell in cells {
                    guard let count = cell.value.intValue, (0...maximumCount).contains(count) else { return nil }
                    if count != 0 { table[row.key, default: [:]][cell.key] = count }
                }
            }
            return table
        }
        func flat(_ value: JSONValue?) -> [String: Int] {
            guard case .object(let members)? = value else { return [:] }
            var counts: [String: Int] = [:]
            for member in members { if let count = member.value.intValue { counts[member.key] = count } }
            return counts
        }
        func counted(_ summary: JSONValue) -> Scoreboard? {
            guard let total = summary["traces"]?.intValue, let errors = summary["errors"]?.intValue,
                let unlabelled = summary["unlabelled"]?.intValue, let confusion = counts(summary["confusion"]),
                let failures = counts(summary["failures"]),
                [total, errors, unlabelled].allSatisfy((0...maximumCount).contains)
            else { return nil }
            var board = Scoreboard()
            board.traces = total
            board.errors = errors
            board.unlabelled = unlabelled
            // Outputs of earlier versions have none of these three: they count 0.
            board.unlabelledGestures = flat(summary["unlabelledGestures"])
            board.unlabelledFolders = flat(summary["unlabelledFolders"])
            board.overriddenLabels = summary["overriddenLabels"]?.intValue ?? 0
            board.confusion = confusion
            board.failures = failures
            return board
        }
        guard var board = counted(summary) else {
            throw fail(
                "the \"summary\" lacks traces, errors, unlabelled, confusion or failures counts (whole numbers from 0 to 2^40)"
            )
        }
        // A summary that does not add up, or does not count the rows, was cut or edited: merging it
        // would report traces that are not there. Summed without overflow: each count is at most
        // 2^40, but a file may hold many.
        var sum = board.errors + board.unlabelled
        for row in board.confusion.values {
            for count in row.values {
                let (next, overflow) = sum.addingReportingOverflow(count)
                guard !overflow, next <= maximumCount else { throw fail("the \"summary\"'s counts add up past 2^40") }
                sum = next
            }
        }
        guard board.traces == sum else {
            throw fail(
                "the \"summary\" counts \(board.traces) traces, but \(board.scored) scored, \(board.errors) errors and "
                    + "\(board.unlabelled) unlabelled: it was edited")
        }
        if let field = derivedMismatch(summary, board) {
            throw fail("the \"summary\"'s \(field) does not follow from its counts: it was edited")
        }
        guard board.traces == traces.count else {
            throw fail(
                "the \"summary\" counts \(board.traces) traces and there are \(traces.count) rows: the file was cut or edited"
            )
        }
        if let spec = summary["groupBy"], spec != .null {
            guard let text = spec.stringValue else { throw fail("the \"groupBy\" of the summary is not a string") }
            do { board.grouping = try Grouping(parsing: text) } catch {
                throw fail("the \"groupBy\" of the summary: \(error.message)")
            }
            guard case .object(let groups)? = summary["groups"] else {
                throw fail("the \"summary\" has a \"groupBy\" but no \"groups\"")
            }
            for group in groups {
                guard let counts = counted(group.value) else {
                    throw fail("group \"\(group.key)\" lacks traces, errors, unlabelled, confusion or failures counts")
                }
                if let field = derivedMismatch(group.value, counts) {
                    throw fail("group \"\(group.key)\"'s \(field) does not follow from its counts: it was edited")
                }
                board.groups[group.key] = counts
            }
        }
        var rows: [BatchRow] = []
        for (index, value) in traces.enumerated() {
            guard let row = row(value) else { throw fail("trace \(index) is not a batch row") }
            // A run without --group-by writes no group: merged, it would be dropped.
            if row.group != nil, board.grouping == nil {
                throw fail("trace \(index) has a group, but the summary has no \"groupBy\": it was edited")
            }
            rows.append(row)
        }
        // The rows must make the counts: a row edited with the counts kept would merge into a summary
        // of traces that are not there.
        var fromRows = Scoreboard()
        for row in rows { fromRows.add(row) }
        // Earlier versions' outputs have no "unlabelledGestures": the rows say what it is, so that the
        // merged output, which has it, reads back.
        if summary["unlabelledGestures"] == nil {
            board.unlabelledGestures = fromRows.unlabelledGestures
            for name in board.groups.keys {
                board.groups[name]?.unlabelledGestures = fromRows.groups[name]?.unlabelledGestures ?? [:]
            }
        }
        if let field = rowsMismatch(board, fromRows) {
            throw fail("the \"summary\"'s \(field) is not what its rows count: it was edited")
        }
        for name in Set(board.groups.keys).union(fromRows.groups.keys).sorted() {
            if let field = rowsMismatch(board.groups[name] ?? Scoreboard(), fromRows.groups[name] ?? Scoreboard()) {
                throw fail("group \"\(name)\"'s \(field) is not what its rows count: it was edited")
            }
        }
        return Document(rows: rows, board: board, run: run)
    }

    /// The first count of `summary` that `rows` (the scoreboard of the rows themselves) do not make,
    /// among those a row carries: what a row holds of its folder or its own label is not written.
    private static func rowsMismatch(_ summary: Scoreboard, _ rows: Scoreboard) -> String? {
        if summary.traces != rows.traces { return "\"traces\"" }
        if summary.errors != rows.errors { return "\"errors\"" }
        if summary.unlabelled != rows.unlabelled { return "\"unlabelled\"" }
        if summary.confusion != rows.confusion { return "\"confusion\"" }
        if summary.failures != rows.failures { return "\"failures\"" }
        if summary.unlabelledGestures != rows.unlabelledGestures { return "\"unlabelledGestures\"" }
        return nil
    }

    private static func row(_ object: JSONValue) -> BatchRow? {
        guard let name = object["path"]?.stringValue else { return nil }
        // Shown as the run that wrote it showed it: a name with a control character escaped.
        let path = CorpusWalker.shown(Array(name.utf8))
        var row = BatchRow(
            path: path, group: object["group"]?.stringValue, label: object["label"]?.stringValue,
            gesture: object["gesture"]?.stringValue)
        if path != name { row.fileSystemPath = Array(name.utf8) }
        if case .array(let warnings)? = object["warnings"] { row.warnings = warnings.compactMap(\.stringValue) }
        if let error = object["error"], error != .null {
            guard let raw = error["code"]?.stringValue, let code = TraceError.Code(rawValue: raw),
                let message = error["message"]?.stringValue
            else { return nil }
            row.error = TraceError(
                code, file: path, line: error["line"]?.intValue, column: error["column"]?.intValue,
                sampleIndex: error["sample"]?.intValue, message: message)
        }
        if let failure = object["failure"], failure != .null {
            guard let recognizer = failure["recognizer"]?.stringValue, let code = failure["code"]?.stringValue,
                let message = failure["message"]?.stringValue
            else { return nil }
            row.miss = Miss(
                recognizer: recognizer, code: code, message: message, measured: failure["measured"]?.numberValue,
                limit: failure["limit"]?.numberValue, unit: failure["unit"]?.stringValue)
        }
        return row
    }

    // MARK: Text

    /// The summary a person reads: counts, accuracy, per-gesture metrics, confusion matrix, failure
    /// codes of misses, the groups of a grouped run (`groupsText`), the worst misses and the first errors.
    /// `notes` are lines the command adds after the counts (a hint about the options, say). Lines of
    /// prose wrap to fit `width` (tables do not), continued two spaces further in.
    public static func text(
        _ board: Scoreboard, worst: [BatchRow], errors: [BatchRow], notes: [String] = [], width: Int = 100
    ) -> String {
        /// `text` from column `indent`, wrapped to the width, continued at `indent + 2`.
        func prose(_ text: String, indent: Int = 0) -> String {
            String(repeating: " ", count: indent)
                + TextReport.wrap(text, start: indent, indent: indent + 2, width: max(width, 40)) + "\n"
        }
        var out =
            "\(ReportText.count(board.traces, "trace")): \(board.scored) scored, \(board.unlabelled) unlabelled, "
            + "\(ReportText.count(board.errors, "error"))\n"
        if let accuracy = board.accuracy {
            out += "accuracy \(percent(accuracy)) (\(board.correct) of \(board.scored))\n"
        }
        if board.overriddenLabels > 0 {
            let traces = ReportText.count(board.overriddenLabels, "trace")
            out += "labels files gave \(traces) a label other than their own\n"
        }
        for line in unlabelledText(board).split(separator: "\n") { out += prose(String(line)) }
        for note in notes { out += prose(note) }
        let gestures = board.gestures
        if !gestures.isEmpty {
            out +=
                "\n"
                + table(
                    [["gesture", "support", "precision", "recall", "F1"]]
                        + gestures.map { g in
                            let m = board.metrics(g)
                            return [
                                g, "\(m.support)", m.precision.map(percent) ?? "-", m.recall.map(percent) ?? "-",
                                m.f1.map(percent) ?? "-",
                            ]
                        })
            out += "\nconfusion (rows: label, columns: recognized)\n"
            out += table(
                [["label"] + gestures]
                    + gestures.filter { board.confusion[$0] != nil }.map { label in
                        [label] + gestures.map { "\(board.confusion[label]?[$0] ?? 0)" }
                    })
        }
        if !board.failures.isEmpty {
            out += "\nmisses by failure code of the recognizer that should have fired\n"
            for label in board.failures.keys.sorted(by: GestureOrder.precedes) {
                let codes = board.failures[label] ?? [:]
                let listed = codes.sorted {
                    $0.value != $1.value ? $0.value > $1.value : PathOrder.bytesPrecede($0.key, $1.key)
                }
                out += prose(
                    "\(label) (\(codes.values.reduce(0, +))): "
                        + listed.map { "\($0.key) \($0.value)" }.joined(separator: ", "), indent: 2)
            }
        }
        if board.grouping != nil { out += groupsText(board) }
        let misses = board.scored - board.correct
        if !worst.isEmpty {
            out += "\n" + prose("worst misses (\(worst.count) of \(misses), furthest past their limit first)")
            for row in worst {
                var line = TextReport.glue(row.path) + ": \(row.label ?? "?") → \(row.gesture ?? "?")"
                if let miss = row.miss {
                    line += ": \(miss.recognizer) \(miss.code): \(miss.message)"
                    if let measured = miss.measured, let limit = miss.limit {
                        let unit = miss.unit.map(MeasureUnit.init(rawValue:))
                        line += " (" + TextReport.gluedComparison(measured: measured, limit: limit, unit: unit) + ")"
                    }
                }
                out += prose(line, indent: 2)
            }
        }
        if !errors.isEmpty {
            out += "\nerrors (\(errors.count) of \(board.errors))\n"
            for row in errors { out += prose(row.error?.description ?? TextReport.glue(row.path), indent: 2) }
        }
        return out
    }

    /// What the unlabelled traces were recognized as, and why they have no label: the folders
    /// whose names are no gesture of the recognizers (a `swipe-up/` one, when their values leave
    /// swipe-up out, is one), most traces first. A name and its count are joined by a no-break mark
    /// (`TextReport.noBreak`), which wrapping writes as a space: a line is not broken between them.
    static func unlabelledText(_ board: Scoreboard) -> String {
        guard board.unlabelled > 0 else { return "" }
        var out = ""
        if !board.unlabelledGestures.isEmpty {
            let counts = board.unlabelledGestures.sorted {
                $0.value != $1.value ? $0.value > $1.value : GestureOrder.precedes($0.key, $1.key)
            }
            out +=
                "recognized among the unlabelled: "
                + counts.map { "\($0.key)\(TextReport.noBreak)\($0.value)" }.joined(separator: ", ") + "\n"
        }
        if !board.unlabelledFolders.isEmpty {
            let folders = board.unlabelledFolders.sorted {
                $0.value != $1.value ? $0.value > $1.value : PathOrder.bytesPrecede($0.key, $1.key)
            }
            let shown = folders.prefix(5).map {
                "\($0.key.isEmpty ? "(no folder)" : $0.key)\(TextReport.noBreak)\($0.value)"
            }
            let more = folders.count > 5 ? ", and \(folders.count - 5) more" : ""
            out +=
                "unlabelled: no labels-file row, no label of their own, and a folder name that is no gesture of "
                + "the recognizers: " + shown.joined(separator: ", ") + more
                + " (--explain-labels lists them, saying why)\n"
        }
        return out
    }

    /// The groups table of a grouped run: per group, its scored traces, the recall of each gesture
    /// some trace is labelled with (`-` where the group has none), and its false alarms (scored traces
    /// recognized as a gesture other than their label, `Scoreboard/falseAlarms`, over its scored
    /// traces); then each label's worst group. A group's name (a trace's subject, a labels file's
    /// column) is shown as diagnostics show text, its control characters escaped.
    static func groupsText(_ board: Scoreboard) -> String {
        guard let grouping = board.grouping else { return "" }
        let names = board.groupNames
        guard !names.isEmpty else { return "\nno groups by \(grouping.spec): no trace has one\n" }
        let labels = labelledGestures(board)
        var out =
            "\n\(ReportText.count(names.count, "group")) by \(grouping.spec): recall of each label;"
            + " false alarms: scored traces recognized as a gesture that is not their label\n"
        out += table(
            [["group", "scored"] + labels + ["false alarms"]]
                + names.map { name in
                    let group = board.groups[name]!
                    let alarms =
                        group.scored == 0
                        ? "-"
                        : "\(percent(Double(group.falseAlarms) / Double(group.scored))) (\(group.falseAlarms))"
                    return [DiagnosticText.escaped(name), "\(group.scored)"]
                        + labels.map { group.metrics($0).recall.map(percent) ?? "-" }
                        + [alarms]
                })
        let worst = labels.compactMap { label in
            board.worstGroup(for: label).map { (label, DiagnosticText.escaped($0.group), $0.metrics) }
        }
        if !worst.isEmpty {
            out += "\nworst group per label (lowest recall)\n"
            let labelWidth = worst.map { Format.columns($0.0) }.max()!
            let groupWidth = worst.map { Format.columns($0.1) }.max()!
            func padded(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: width - Format.columns(text))
            }
            for (label, group, m) in worst {
                out +=
                    "  \(padded(label, labelWidth))  \(padded(group, groupWidth))  "
                    + "\(percent(m.recall ?? 0)) (\(m.truePositives) of \(m.support))\n"
            }
        }
        return out
    }

    private static func percent(_ value: Double) -> String { ReportText.percent(value) }

    private static func table(_ rows: [[String]]) -> String { ReportText.table(rows) }
}

/// Keeps the `capacity` worst misses seen so far: furthest past their limit first, then those without
/// a measurement, ties in path order. Bounded, so a long run holds only these.
public struct WorstMisses: Sendable {
    public let capacity: Int
    public private(set) var rows: [BatchRow] = []

    public init(capacity: Int) { self.capacity = capacity }

    public mutating func consider(_ row: BatchRow) {
        guard capacity > 0, row.correct == false else { return }
        rows.append(row)
        if rows.count - capacity > capacity { trim() }  // capacity * 2 overflows for --misses Int.max
    }

    public mutating func finish() -> [BatchRow] {
        trim()
        return rows
    }

    private mutating func trim() {
        rows.sort { a, b in
            let x = a.miss?.severity ?? -1
            let y = b.miss?.severity ?? -1
            return x != y ? x > y : PathOrder.precedes(a.path, b.path)
        }
        if rows.count > capacity { rows.removeLast(rows.count - capacity) }
    }
}
