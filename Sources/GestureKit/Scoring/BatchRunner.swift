import Dispatch

/// Classifies a corpus file by file, several at a time, and hands back rows in path order, so the
/// output bytes are the same for any number of jobs. Memory is bounded by a window of files in flight.
///
///     let runner = BatchRunner(classifier: Classifier(), labeler: labeler, jobs: 2)
///     runner.run(CorpusWalker(roots: ["corpus"])) { row in print(row.path, row.gesture ?? "error") }
public struct BatchRunner: Sendable {
    public var classifier: Classifier
    public var labeler: Labeler
    /// Files classified at once.
    public var jobs: Int
    /// Forces the input format of every file.
    public var inputFormat: TraceFormat?
    /// Scores only slice `index` (0-based) of `count`, by a stable hash of each relative path.
    public var shard: (index: Int, count: Int)?
    /// What each file may hold; a file past a limit is an error row like any other.
    public var limits: ReadLimits = .default

    public init(classifier: Classifier, labeler: Labeler, jobs: Int, inputFormat: TraceFormat? = nil) {
        self.classifier = classifier
        self.labeler = labeler
        self.jobs = max(1, jobs)
        self.inputFormat = inputFormat
    }

    /// Whether `entry` belongs to this run: in its shard, and not the labels file.
    public func includes(_ entry: CorpusEntry) -> Bool {
        if entry.path.hasSuffix(".csv"), labeler.isLabelsFile(entry.path) { return false }
        guard let shard else { return true }
        return PathOrder.stableHash(entry.relativePath) % UInt64(shard.count) == UInt64(shard.index)
    }

    /// Runs every entry of this shard; `emit` is called on the calling thread, in entry order.
    public func run(_ entries: some Sequence<CorpusEntry>, emit: (BatchRow) -> Void) {
        let window = jobs * 64
        var iterator = entries.makeIterator()
        var batch: [CorpusEntry] = []
        batch.reserveCapacity(window)
        while true {
            batch.removeAll(keepingCapacity: true)
            while batch.count < window, let entry = iterator.next() {
                if includes(entry) { batch.append(entry) }
            }
            guard !batch.isEmpty else { return }
            for row in rows(batch) { emit(row) }
        }
    }

    /// Classifies `entries` on up to `jobs` threads; the rows come back in the same order.
    func rows(_ entries: [CorpusEntry]) -> [BatchRow] {
        let slots = Slots(count: entries.count)
        let workers = min(jobs, entries.count)
        let runner = self
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: entries.count, by: workers) {
                slots.set(index, runner.row(for: entries[index]))
            }
        }
        return slots.take()
    }

    /// One file's row: read, label, classify, keep what the outputs need.
    ///
    /// Whatever happens to the file between the walk and now (deleted, truncated, replaced by a FIFO,
    /// made unreadable, grown past the size limit) is an error row for it; nothing here can wait on
    /// a file found in a folder.
    public func row(for entry: CorpusEntry) -> BatchRow {
        if let problem = entry.problem {
            return BatchRow(path: entry.path, error: TraceError(.io, file: entry.path, message: problem))
        }
        let trace: Trace
        do throws(TraceError) {
            if entry.path == "-" {
                trace = try TraceReader.read(path: "-", format: inputFormat, limits: limits)
            } else {
                trace = try TraceReader.read(
                    fileSystemPath: entry.fileSystemPath, file: entry.path, format: inputFormat, limits: limits,
                    allowsSpecialFiles: entry.isRoot)
            }
        } catch {
            return BatchRow(path: entry.path, error: error)
        }
        let label: String?
        switch labeler.label(for: entry.path, traceLabel: trace.label) {
        case .success(let found): label = found
        case .failure(let problem):
            return BatchRow(path: entry.path, error: TraceError(.unknownLabel, file: entry.path, message: problem.message))
        }
        let result = classifier.classify(trace, file: entry.path, transitions: false)
        let miss = label.flatMap { Miss.of(result, label: $0, configuration: classifier.configuration) }
        return BatchRow(path: entry.path, label: label, gesture: result.gesture, miss: miss)
    }
}

/// Result slots written by worker threads, each index by exactly one of them.
private final class Slots: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<BatchRow?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    func set(_ index: Int, _ row: BatchRow) { buffer[index] = row }

    /// The rows, in order; call once, after every worker has finished.
    func take() -> [BatchRow] { buffer.map { $0! } }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
