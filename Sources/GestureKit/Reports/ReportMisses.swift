/// The misses a `batch --report` page shows: every miss counted by the failure code of the recognizer
/// that should have fired, and the `limit` worst kept, furthest past their limits first.
///
/// Memory is bounded by the limit, not the corpus: rows are counted and offered to a `WorstMisses`, so
/// a run over 100,000 traces holds the counts and at most twice `limit` rows.
///
///     var misses = ReportMisses(limit: 200)
///     runner.run(CorpusWalker(roots: ["corpus"])) { misses.consider($0) }
///     for group in misses.finish() { print(group.kind.title, group.rows.count) }
public struct ReportMisses: Sendable {
    /// What a miss is filed under: the recognizer that should have fired and its failure code
    /// (`other-gesture` when it recognized something else), or, for a trace labelled `none` that was
    /// recognized as a gesture, no recognizer, `false-alarm` and the gesture.
    public struct Kind: Sendable, Hashable {
        public var recognizer: String?
        public var code: String
        /// For a false alarm, what was recognized.
        public var recognized: String?

        public init(recognizer: String?, code: String, recognized: String? = nil) {
            self.recognizer = recognizer
            self.code = code
            self.recognized = recognized
        }

        /// `circle not-closed`, or `false-alarm: z`.
        public var title: String {
            if let recognizer { return "\(recognizer) \(code)" }
            return recognized.map { "\(code): \($0)" } ?? code
        }

        /// Kinds in a fixed order: by recognizer (none first), then code, by bytes.
        public static func precedes(_ a: Kind, _ b: Kind) -> Bool {
            if a.recognizer != b.recognizer {
                guard let x = a.recognizer else { return true }
                guard let y = b.recognizer else { return false }
                return PathOrder.bytesPrecede(x, y)
            }
            if a.code != b.code { return PathOrder.bytesPrecede(a.code, b.code) }
            return PathOrder.bytesPrecede(a.recognized ?? "", b.recognized ?? "")
        }
    }

    /// The shown misses of one kind, worst first.
    public struct Group: Sendable {
        public var kind: Kind
        public var rows: [BatchRow]
    }

    /// Misses shown at most; 0 shows none (they are still counted).
    public let limit: Int
    /// Every miss considered: a scored trace recognized as something other than its label.
    public private(set) var total = 0
    /// Every miss by kind.
    public private(set) var counts: [Kind: Int] = [:]
    private var worst: WorstMisses

    public init(limit: Int) {
        self.limit = max(0, limit)
        worst = WorstMisses(capacity: self.limit)
    }

    /// Counts `row` when it is a miss, and keeps it when it is among the `limit` worst so far.
    public mutating func consider(_ row: BatchRow) {
        guard row.correct == false else { return }
        total += 1
        counts[Self.kind(of: row), default: 0] += 1
        worst.consider(row)
    }

    /// The kind a miss is filed under.
    public static func kind(of row: BatchRow) -> Kind {
        if let miss = row.miss { return Kind(recognizer: miss.recognizer, code: miss.code) }
        guard row.label == "none" else { return Kind(recognizer: nil, code: "no-failure") }
        return Kind(recognizer: nil, code: "false-alarm", recognized: row.gesture)
    }

    /// The shown misses grouped by kind: the groups in the order of their worst miss, each group's
    /// rows worst first (furthest past the limit, those without a measurement last, ties in path
    /// order). The same for any order the rows were considered in.
    public mutating func finish() -> [Group] {
        var groups: [Group] = []
        var index: [Kind: Int] = [:]
        for row in worst.finish() {
            let kind = Self.kind(of: row)
            if let at = index[kind] {
                groups[at].rows.append(row)
            } else {
                index[kind] = groups.count
                groups.append(Group(kind: kind, rows: [row]))
            }
        }
        return groups
    }
}
