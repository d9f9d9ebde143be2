import Foundation

/// What a `gesture batch --format json` output says about the run that made it, so that
/// `merge-scores` can refuse outputs that do not add up to one run: the shard (`K/N`, or none), a
/// fingerprint of the corpus walk (every file walked, in every shard, not only this one's) and one of
/// the settings that decide the rows (recognizers and parameters, labels, grouping, reading options).
public struct RunIdentity: Sendable {
    /// 1-based shard and shard count; `nil` for a whole run.
    public var shard: (index: Int, count: Int)?
    /// Files walked (in every shard).
    public var files = 0
    /// FNV-1a of the relative paths walked (and their roots' names), in walk order.
    public var corpus = PathOrder.stableHashStart
    /// FNV-1a of the settings, as `settings(_:)` made it.
    public var settings: UInt64 = 0
    /// The recognizers of the run and their gestures, in order, so that a merge can say what the run
    /// would: a `--min-recall` gate's "did you mean", or why a gesture is none of the run's (a
    /// recognizer `--recognizers` leaves out); for a run of the whole registry, that most `none` traces
    /// were taken for pans, and which recognizers to name to score the shapes alone. `nil` for an
    /// output that does not say (from an earlier version, which said it only for the whole registry).
    public var registry: [(id: String, gestures: [String])]?
    /// Whether the run kept some recognizers only (`--recognizers`): its `registry` is those.
    public var restricted = false

    public init() {}

    /// Counts the name of the walk's PATH into the corpus fingerprint, when there is one (several
    /// PATHs' names are in each entry's `corpus`): the last name of its absolute path, so that shards
    /// of `V/p1` and `V/p2`, two people whose files are named alike, are two corpora, and `D` and
    /// `/mnt/D` are one.
    public mutating func rooted(_ roots: [String]) {
        let distinct = Set(roots.map(CorpusWalker.trimmed))
        guard distinct.count == 1, let root = distinct.first, root != "-" else { return }
        let name = CorpusWalker.rootName(root, workingDirectory: FileManager.default.currentDirectoryPath)
        corpus = RunIdentity.hash("PATH \(name)\n", into: corpus)
    }

    /// Why outputs do not make up one run, as `merge-scores` says it.
    public struct MergeError: Error, Sendable {
        public var message: String
        init(_ message: String) { self.message = message }
    }

    /// A file named in a `MergeError`, escaped as every diagnostic shows a name.
    private static func name(_ file: String) -> String { DiagnosticText.escaped(file) }

    /// The run the merged outputs make up: every shard of one corpus walked with one set of settings,
    /// each once; or one whole run (no shard), read back (`--format text` prints its summary). Outputs
    /// that do not say (`run` absent, from an earlier version) are taken as they are.
    public static func merged(_ runs: [(file: String, run: RunIdentity?)]) throws(MergeError) -> RunIdentity? {
        let known = runs.compactMap { run in run.run.map { (run.file, $0) } }
        guard let (firstFile, first) = known.first else { return nil }
        for (file, run) in known.dropFirst() where run.settings != first.settings {
            throw MergeError(
                "\(name(file)) and \(name(firstFile)) are outputs of runs with different settings (recognizers, parameters, labels, --group-by or reading options): merge the shards of one command"
            )
        }
        let sharded = known.filter { $0.1.shard != nil }
        guard !sharded.isEmpty else {
            // Two whole runs are two corpora, or one twice: their sum was written as one run's figures,
            // with no `run` for a later merge to check.
            guard known.count == 1 else {
                throw MergeError(
                    "\(name(known[1].0)) and \(name(firstFile)) are outputs of whole runs (no --shard): "
                        + "merge-scores merges the shards of one run (gesture batch --shard K/N)")
            }
            return first
        }
        if let whole = known.first(where: { $0.1.shard == nil }) {
            throw MergeError(
                "\(name(whole.0)) is the output of a whole run, the others of shards: merge the shards of one run")
        }
        let count = sharded[0].1.shard!.count
        for (file, run) in sharded {
            guard run.shard!.count == count else {
                throw MergeError(
                    "\(name(file)) is shard \(run.shardText!), \(name(sharded[0].0)) shard \(sharded[0].1.shardText!): merge the shards of one --shard K/N split"
                )
            }
            guard run.corpus == first.corpus, run.files == first.files else {
                throw MergeError(
                    "\(name(file)) walked another corpus (\(run.files) files) than \(name(firstFile)) (\(first.files) files): merge the shards of one corpus, each run on a PATH of the same name"
                )
            }
        }
        var seen: [Int: String] = [:]
        for (file, run) in sharded {
            let k = run.shard!.index
            if let other = seen[k] {
                throw MergeError("shard \(k)/\(count) is given twice: \(name(other)) and \(name(file))")
            }
            seen[k] = file
        }
        let missing = (1...count).filter { seen[$0] == nil }
        guard missing.isEmpty || runs.count > known.count else {
            throw MergeError(
                "missing shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(count)" }.joined(separator: ", ")) of \(count): the merged figures would leave those traces out"
            )
        }
        var merged = first
        merged.shard = nil
        return merged
    }

    /// Counts one walked entry into the corpus fingerprint.
    public mutating func walked(_ entry: CorpusEntry) {
        files += 1
        if let name = entry.corpus { corpus = RunIdentity.hash(name, into: corpus) }
        corpus = RunIdentity.hash("/", into: corpus)
        corpus = RunIdentity.hash(entry.relativePath, into: corpus)
        corpus = RunIdentity.hash("\n", into: corpus)
    }

    /// The settings fingerprint of texts that describe them (each in a fixed form).
    public static func settings(_ parts: [String]) -> UInt64 {
        parts.reduce(PathOrder.stableHashStart) { hash("\($1)\u{0}", into: $0) }
    }

    static func hash(_ text: String, into start: UInt64) -> UInt64 { PathOrder.stableHash(text.utf8, from: start) }

    /// `"2/3"`, or `nil` for a whole run.
    public var shardText: String? { shard.map { "\($0.index)/\($0.count)" } }

    /// The `run` member of a `--format json` output.
    public var value: JSONValue {
        .object(
            [
                .init("shard", .string(shardText)),
                .init("files", .number(Double(files))),
                .init("corpus", .string(RunIdentity.hex(corpus))),
                .init("settings", .string(RunIdentity.hex(settings))),
            ] + (registry.map { [.init("registry", RunIdentity.value($0))] } ?? [])
                + (restricted ? [.init("restricted", .bool(true))] : []))
    }

    static func value(_ registry: [(id: String, gestures: [String])]) -> JSONValue {
        .array(
            registry.map {
                .object([.init("id", .string($0.id)), .init("gestures", .array($0.gestures.map { .string($0) }))])
            })
    }

    /// Reads a `run` member back; `nil` when it is not one.
    public init?(_ value: JSONValue) {
        guard let files = value["files"]?.intValue,
            let corpus = value["corpus"]?.stringValue.flatMap(RunIdentity.unhex),
            let settings = value["settings"]?.stringValue.flatMap(RunIdentity.unhex)
        else { return nil }
        self.files = files
        self.corpus = corpus
        self.settings = settings
        if let listed = value["registry"] {
            guard case .array(let items) = listed else { return nil }
            var registry: [(id: String, gestures: [String])] = []
            for item in items {
                guard let id = item["id"]?.stringValue, case .array(let names)? = item["gestures"] else { return nil }
                let gestures = names.compactMap(\.stringValue)
                guard gestures.count == names.count else { return nil }
                registry.append((id, gestures))
            }
            self.registry = registry
        }
        switch value["restricted"] {
        case nil: break
        case .bool(let flag)?: restricted = flag
        default: return nil
        }
        if let text = value["shard"]?.stringValue {
            let parts = text.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let k = parts[0], let n = parts[1], n >= 1, (1...n).contains(k) else { return nil }
            shard = (k, n)
        } else if value["shard"] != .null {
            return nil
        }
    }

    static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    static func unhex(_ text: String) -> UInt64? { text.utf8.count == 16 ? UInt64(text, radix: 16) : nil }
}
