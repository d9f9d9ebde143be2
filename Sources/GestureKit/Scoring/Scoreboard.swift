/// The counts a batch summary is made of. Every field adds up, so the scoreboards of shards merge into
/// exactly the scoreboard of the whole run; accuracy, precision, recall and F1 are derived from them.
///
/// A run with a `Grouping` keeps a scoreboard per group beside the whole run's: a row counts in the
/// whole and in its group's (an error row whose group could not be told, in the whole only).
public struct Scoreboard: Sendable, Hashable {
    /// Files accounted for: scored, unlabelled or errors.
    public var traces = 0
    public var errors = 0
    public var unlabelled = 0
    /// Scored traces by label, then by recognized gesture.
    public var confusion: [String: [String: Int]] = [:]
    /// Misses by label, then by the expected recognizer's failure code.
    public var failures: [String: [String: Int]] = [:]
    /// Unlabelled traces by the gesture they were recognized as: what a corpus without labels holds.
    public var unlabelledGestures: [String: Int] = [:]
    /// Unlabelled traces by the name of their folder (which is no gesture; "" for a path without one).
    public var unlabelledFolders: [String: Int] = [:]
    /// Traces labelled by a labels file's row that said something other than their own label.
    public var overriddenLabels = 0
    /// How the run was grouped (`--group-by`), or `nil`.
    public var grouping: Grouping?
    /// Each group's own scoreboard (with no `grouping` or `groups` of its own), by group name.
    public var groups: [String: Scoreboard] = [:]

    public init(grouping: Grouping? = nil) {
        self.grouping = grouping
    }

    public mutating func add(_ row: BatchRow) {
        addCounts(row)
        if let group = row.group { groups[group, default: Scoreboard()].addCounts(row) }
    }

    private mutating func addCounts(_ row: BatchRow) {
        traces += 1
        if row.error != nil {
            errors += 1
        } else if let label = row.label, let gesture = row.gesture {
            confusion[label, default: [:]][gesture, default: 0] += 1
            if let miss = row.miss { failures[label, default: [:]][miss.code, default: 0] += 1 }
            if row.overridesTraceLabel { overriddenLabels += 1 }
        } else {
            unlabelled += 1
            if let gesture = row.gesture { unlabelledGestures[gesture, default: 0] += 1 }
            if let folder = row.unlabelledFolder { unlabelledFolders[folder, default: 0] += 1 }
        }
    }

    public mutating func merge(_ other: Scoreboard) {
        traces += other.traces
        errors += other.errors
        unlabelled += other.unlabelled
        overriddenLabels += other.overriddenLabels
        for (gesture, count) in other.unlabelledGestures { unlabelledGestures[gesture, default: 0] += count }
        for (folder, count) in other.unlabelledFolders { unlabelledFolders[folder, default: 0] += count }
        for (label, row) in other.confusion {
            for (gesture, count) in row { confusion[label, default: [:]][gesture, default: 0] += count }
        }
        for (label, row) in other.failures {
            for (code, count) in row { failures[label, default: [:]][code, default: 0] += count }
        }
        if grouping == nil { grouping = other.grouping }
        for (name, board) in other.groups { groups[name, default: Scoreboard()].merge(board) }
    }

    public var scored: Int { confusion.values.reduce(0) { $0 + $1.values.reduce(0, +) } }
    public var correct: Int { confusion.reduce(0) { $0 + ($1.value[$1.key] ?? 0) } }
    /// Correct ÷ scored; `nil` when nothing was scored.
    public var accuracy: Double? { scored == 0 ? nil : Double(correct) / Double(scored) }

    /// Scored traces recognized as a gesture that is not their label (`none` is not a gesture here):
    /// the false alarms of every gesture added up.
    public var falseAlarms: Int {
        confusion.reduce(0) { sum, row in
            sum + row.value.reduce(0) { $0 + ($1.key != row.key && $1.key != "none" ? $1.value : 0) }
        }
    }

    /// The group names, in `Grouping/precedes(_:_:)` order.
    public var groupNames: [String] { groups.keys.sorted(by: Grouping.precedes) }

    /// The group where `gesture` has the lowest recall, among those with traces labelled with it;
    /// ties go to the first group in order. `nil` when no group has such a trace.
    public func worstGroup(for gesture: String) -> (group: String, metrics: Metrics)? {
        var worst: (group: String, metrics: Metrics, recall: Double)?
        for name in groupNames {
            let metrics = groups[name]!.metrics(gesture)
            guard let recall = metrics.recall else { continue }
            if worst == nil || recall < worst!.recall { worst = (name, metrics, recall) }
        }
        return worst.map { ($0.group, $0.metrics) }
    }

    /// Every gesture that is a label or a result of a scored trace, by name with `none` last.
    public var gestures: [String] {
        Set(confusion.keys).union(confusion.values.flatMap(\.keys)).sorted(by: GestureOrder.precedes)
    }

    /// One gesture's figures.
    public struct Metrics: Sendable, Hashable {
        /// Scored traces labelled with it.
        public var support: Int
        /// Scored traces recognized as it.
        public var predicted: Int
        public var truePositives: Int
        public var precision: Double? { predicted == 0 ? nil : Double(truePositives) / Double(predicted) }
        public var recall: Double? { support == 0 ? nil : Double(truePositives) / Double(support) }
        public var f1: Double? {
            guard let precision, let recall, precision + recall > 0 else { return nil }
            return 2 * precision * recall / (precision + recall)
        }
    }

    public func metrics(_ gesture: String) -> Metrics {
        Metrics(
            support: confusion[gesture]?.values.reduce(0, +) ?? 0,
            predicted: confusion.values.reduce(0) { $0 + ($1[gesture] ?? 0) },
            truePositives: confusion[gesture]?[gesture] ?? 0)
    }
}
