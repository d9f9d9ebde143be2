import Synchronization

/// Classifies a corpus file by file, several at a time, and hands back rows in path order, so the
/// output bytes are the same for any number of jobs. Memory is bounded by two windows of files in flight.
///
///     let runner = BatchRunner(classifier: Classifier(), labeler: labeler, jobs: 2)
///     runner.run(CorpusWalker(roots: ["corpus"])) { row in print(row.path, row.gesture ?? "error") }
public struct BatchRunner: Sendable {
    public var classifier: Classifier
    public var labeler: Labeler
    /// Files classified at once: 1 to `maximumJobs` (a value outside is taken as the nearest).
    public var jobs: Int

    /// The most files classified at once (`--jobs`): each job holds a window of files in memory, and
    /// more threads than this buy nothing on any machine (a million was an allocation of 160 GB and
    /// a crash).
    public static let maximumJobs = 1024

    /// `jobs` within 1 and `maximumJobs`.
    var workers: Int { Swift.min(Swift.max(1, jobs), BatchRunner.maximumJobs) }
    /// Forces the input format of every file.
    public var inputFormat: TraceFormat?
    /// Scores only slice `index` (0-based) of `count`, by a stable hash of each relative path. A shard
    /// that is none (`count` below 1, `index` outside `0..<count`) takes no entry.
    public var shard: (index: Int, count: Int)?
    /// What each file may hold; a file past a limit is an error row like any other.
    public var limits: ReadLimits = .default
    /// Puts each row in a group (`--group-by`); a trace it finds no group for is an error row
    /// (`no-group`). Check it against the labeler first (`Grouping/check(_:)`).
    public var grouping: Grouping?
    /// `--time-unit` and `--y-up`, applied to every trace read (and the unit warnings).
    public var adjustment = TraceAdjustment()

    public init(classifier: Classifier, labeler: Labeler, jobs: Int, inputFormat: TraceFormat? = nil) {
        self.classifier = classifier
        self.labeler = labeler
        self.jobs = max(1, jobs)
        self.inputFormat = inputFormat
    }

    /// Whether `entry` belongs to this run: in its shard, and not the labels file.
    public func includes(_ entry: CorpusEntry) -> Bool {
        if entry.path.hasSuffix(".csv"), labeler.isLabelsFile(entry.path, isRegular: entry.isListedAsRegularFile) {
            return false
        }
        guard let shard else { return true }
        guard shard.count >= 1, (0..<shard.count).contains(shard.index) else { return false }
        return PathOrder.stableHash(entry.relativePath) % UInt64(shard.count) == UInt64(shard.index)
    }

    /// Runs every entry of this shard; `emit` is called on the calling thread, in entry order.
    ///
    /// Entries are taken a window at a time. While the workers classify one window, the calling
    /// thread walks the next and then emits the rows of the one before, so walking and writing overlap
    /// the classifying; within a window each worker takes the next unclaimed file, so a run of long
    /// traces does not leave a core idle. At most two windows are in memory.
    public func run(_ entries: some Sequence<CorpusEntry>, emit: (BatchRow) -> Void) {
        // Large windows: handing a window to the workers wakes threads, which small windows pay for
        // with idle cores (the figures are in Benchmarks/README.md).
        let window = workers * 2048
        var iterator = entries.makeIterator()
        var inFlight: Window?
        while true {
            var batch: [CorpusEntry] = []
            batch.reserveCapacity(window)
            while batch.count < window, let entry = iterator.next() {
                if includes(entry) { batch.append(entry) }
            }
            if let done = inFlight {
                for row in done.rows() { emit(row) }
                inFlight = nil
            }
            guard !batch.isEmpty else { return }
            inFlight = Window(batch, runner: self)
        }
    }

    /// One file's row: read, label, classify, keep what the outputs need.
    ///
    /// Whatever happens to the file between the walk and now (deleted, truncated, replaced by a FIFO,
    /// made unreadable, grown past the size limit) is an error row for it; nothing here can wait on
    /// a file found in a folder.
    public func row(for entry: CorpusEntry) -> BatchRow {
        row(for: entry, workspace: nil)
    }

    func row(for entry: CorpusEntry, workspace: ReplayWorkspace?) -> BatchRow {
        let read = self.read(entry)
        guard let trace = read.trace else { return BatchRow(path: entry.path, group: read.group, error: read.error) }
        // Only the failure reason of the label's recognizer is shown (`Miss`).
        let result = classifier.classify(
            trace, file: entry.path, transitions: false, workspace: workspace,
            explaining: .only(read.label.flatMap { Miss.recognizer(of: $0, in: classifier.configuration) }))
        let miss = read.label.flatMap { Miss.of(result, label: $0, configuration: classifier.configuration) }
        var row = BatchRow(
            path: entry.path, group: read.group, label: read.label, gesture: result.gesture, miss: miss)
        row.overridesTraceLabel = read.labelling?.overridesTrace ?? false
        row.unlabelledFolder = read.labelling?.unlabelledFolder
        row.warnings = result.warnings
        // The shown path only ever escapes (a control character or a byte that is not UTF-8 grows to
        // `\u{7}` or `\xFF`), so one of the same length is the same path: no comparison of every byte.
        if entry.fileSystemPath.count != entry.path.utf8.count { row.fileSystemPath = entry.fileSystemPath }
        return row
    }

    /// Whether `result`, a replay of `row`'s trace read again, gives what the row scored: its gesture
    /// and the miss of its label. A replay of the same trace always does; a file changed since it was
    /// scored may not, and a picture of it would contradict the row (`batch --report`).
    public func agrees(_ result: TraceResult, with row: BatchRow) -> Bool {
        guard result.gesture == row.gesture else { return false }
        return row.label.flatMap { Miss.of(result, label: $0, configuration: classifier.configuration) } == row.miss
    }

    /// One file read for scoring (see `read(_:)`).
    public struct Read: Sendable {
        public var trace: Trace?
        /// The expected gesture; `nil` when unlabelled or not read.
        public var label: String?
        public var group: String?
        public var error: TraceError?
        /// How the label was found, for a trace that was read.
        public var labelling: Labeler.Labelling?
    }

    /// One file read for scoring, without replaying it: its trace, its label (`nil` when unlabelled)
    /// and its group (with `grouping`), or the error that makes it a row of its own — unreadable,
    /// invalid, in no group, or labelled with a gesture the configuration cannot produce — with the
    /// group its entry alone gives, if any.
    public func read(_ entry: CorpusEntry) -> Read {
        // The group of a row that could not be read, when the entry alone tells it.
        func errorGroup() -> String? {
            try? grouping?.group(of: entry, trace: nil, labeler: labeler).get()
        }
        if let problem = entry.problem {
            return Read(group: errorGroup(), error: TraceError(.io, file: entry.path, message: problem))
        }
        let trace: Trace
        do throws(TraceError) {
            trace = try TraceReader.read(
                path: entry.path, fileSystemPath: entry.fileSystemPath, format: inputFormat, limits: limits,
                allowsSpecialFiles: entry.isRoot, adjustment: adjustment)
        } catch {
            return Read(group: errorGroup(), error: error)
        }
        let labelling: Labeler.Labelling
        switch labeler.labelling(for: entry.path, file: entry.labelsPath, traceLabel: trace.label) {
        case .success(let found): labelling = found
        case .failure(let problem):
            let group = try? grouping?.group(of: entry, trace: trace, labeler: labeler).get()
            return Read(group: group, error: labelError(problem.message, trace: trace, entry: entry))
        }
        var group: String?
        if let grouping {
            switch grouping.group(of: entry, trace: trace, labeler: labeler) {
            case .success(let found): group = found
            case .failure(let problem):
                // An unlabelled trace is not scored, so it needs no group: one left out of a labels
                // file that gives the groups is unlabelled, and says so, rather than an error.
                if labelling.label != nil {
                    return Read(error: TraceError(.noGroup, file: entry.path, message: problem.message))
                }
            }
        }
        return Read(trace: trace, label: labelling.label, group: group, labelling: labelling)
    }

    /// Reads every entry, `jobs` files at a time (the calling thread one of them); the results in
    /// entry order.
    public func readAll(_ entries: [CorpusEntry]) -> [Read] {
        let slots = Slots<Read?>(count: entries.count, repeating: nil)
        WorkerThreads.run(Swift.min(workers, Swift.max(entries.count, 1))) {
            while let index = slots.claim() { slots.set(index, read(entries[index])) }
        }
        return slots.takeAll()
    }

    /// An unknown label of the trace's own, placed at it: the file is read again for its line and
    /// column, on this path alone (a regular file; standard input and pipes cannot be read twice).
    private func labelError(_ message: String, trace: Trace, entry: CorpusEntry) -> TraceError {
        guard let offset = trace.labelOffset, entry.path != "-",
            let bytes = try? TraceReader.load(
                fileSystemPath: entry.fileSystemPath, file: entry.path, limits: limits, allowsSpecialFiles: false),
            offset < bytes.count
        else { return TraceError(.unknownLabel, file: entry.path, message: message) }
        return TraceError(.unknownLabel, file: entry.path, text: bytes, offset: offset, message: message)
    }
}

/// A window of entries being classified by `jobs` worker threads.
private final class Window: @unchecked Sendable {
    private let entries: [CorpusEntry]
    private let slots: Slots<BatchRow?>
    private var workers: WorkerThreads!

    init(_ entries: [CorpusEntry], runner: BatchRunner) {
        self.entries = entries
        slots = Slots(count: entries.count, repeating: nil)
        workers = WorkerThreads(min(runner.workers, entries.count)) { [self] in
            let workspace = ReplayWorkspace()
            while let index = slots.claim() { slots.set(index, runner.row(for: entries[index], workspace: workspace)) }
        }
    }

    /// The rows in entry order, once every worker has finished (the calling thread classifies too
    /// when fewer threads could be made than `jobs`).
    func rows() -> [BatchRow] {
        workers.finish()
        return slots.takeAll()
    }
}
