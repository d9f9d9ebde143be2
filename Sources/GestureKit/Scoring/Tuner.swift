import Synchronization

/// One labelled trace of a tuning corpus: read once, replayed for every setting of the grid.
public struct TuningSample: Sendable {
    public var path: String
    public var trace: Trace
    /// A gesture the configuration can produce, or `none`.
    public var label: String
    /// The group (a person, say) the trace belongs to, for leave-one-group-out; `nil` without grouping.
    public var group: String?

    public init(path: String, trace: Trace, label: String, group: String? = nil) {
        self.path = path
        self.trace = trace
        self.label = label
        self.group = group
    }
}

/// Replays a labelled corpus once for every setting of a grid over one or two parameters, and chooses
/// the setting that scores best, on the whole corpus and — with groups — for each group on the other
/// groups only (leave-one-group-out), which is the figure that says how a value does for people it was
/// not chosen on.
///
///     let base = Configuration()
///     let tuner = Tuner(base: base, sweeps: [try Sweep(parsing: "circle.cornerTurn=0.8:1.2:0.1", in: base)])
///     let result = try tuner.run(samples)
///     result.grid[result.chosen.setting]   // [1.1], say
public struct Tuner: Sendable {
    /// What a setting is chosen for, among the settings whose false alarms stay within the limit.
    public enum Objective: String, Sendable, CaseIterable {
        /// The recall of the swept recognizers (mean, when they are several).
        case recall
        /// F1 of the swept recognizers: precision and recall together.
        case f1
        /// The mean of recall and 1 − false-alarm rate (balanced accuracy).
        case balanced
    }

    public var base: Configuration
    public var sweeps: [Sweep]
    public var objective: Objective
    /// The most false alarms a chosen setting may give each swept recognizer, as a fraction of the
    /// traces labelled with other gestures.
    public var maximumFalseAlarms: Double
    /// Replays run at once.
    public var jobs: Int

    /// The most settings a grid may have.
    public static let maximumSettings = 10_000

    public init(
        base: Configuration, sweeps: [Sweep], objective: Objective = .recall, maximumFalseAlarms: Double = 0.005,
        jobs: Int = 1
    ) {
        self.base = base
        self.sweeps = sweeps
        self.objective = objective
        self.maximumFalseAlarms = maximumFalseAlarms
        self.jobs = max(1, jobs)
    }

    /// Every setting of the grid, each a value per sweep; the first sweep varies slowest.
    public var settings: [[ParameterValue]] {
        sweeps.reduce([[]]) { grid, sweep in grid.flatMap { prefix in sweep.values.map { prefix + [$0] } } }
    }

    /// The swept recognizers, in configuration order: the objective and the false-alarm limit are theirs.
    public var targets: [String] {
        base.entries.map(\.id).filter { id in sweeps.contains { $0.recognizer == id } }
    }

    /// Whether settings share a replay where the swept recognizers behave alike (see `aloneReplays`);
    /// off only to check that sharing changes nothing.
    var sharesReplays = true

    /// For each swept recognizer, when every one is discrete: a copy of it for each distinct value of
    /// its swept parameters, all copies in one configuration (or a few, `AloneReplays.copiesPerReplay`
    /// at most in each) where none waits for another and any may recognize with any, so each decides
    /// as it would alone and one replay decides them all; and which copies each setting uses.
    ///
    /// A discrete recognizer's part in a replay is when it recognizes (and as what) or fails, in
    /// each touch sequence: it takes the same touches whatever the others do until it is decided,
    /// and once decided (or on hold) it takes none. So two settings in which every swept recognizer,
    /// replayed alone, decides alike give the same replay with the whole configuration — and most
    /// settings of a sweep decide alike on most traces. A continuous recognizer keeps following its
    /// touches while on hold, so sweeping one replays every setting in full.
    func aloneReplays(_ grid: [[ParameterValue]]) throws(ConfigurationError) -> AloneReplays? {
        let ids = targets
        guard
            ids.allSatisfy({ id in base.entries.first { $0.id == id }?.definition.kind == .discrete })
        else { return nil }
        // Each copy: the swept recognizer's entry, its id in the replay, and its own swept values.
        var copies: [(entry: Configuration.Entry, id: String, values: [(String, ParameterValue)])] = []
        var settingCopies = Array(repeating: [Int](), count: grid.count)
        for id in ids {
            guard let entry = base.entries.first(where: { $0.id == id }) else { continue }
            var made: [[ParameterValue]: Int] = [:]
            for (index, setting) in grid.enumerated() {
                let own = zip(sweeps, setting).filter { $0.0.recognizer == id }
                let values = own.map(\.1)
                if made[values] == nil {
                    made[values] = copies.count
                    copies.append((entry, "\(id)#\(made.count)", own.map { ($0.0.parameter, $0.1) }))
                }
                settingCopies[index].append(made[values]!)
            }
        }
        var classifiers: [Classifier] = []
        var placed: [(classifier: Int, id: String)] = []
        for start in stride(from: 0, to: copies.count, by: AloneReplays.copiesPerReplay) {
            let group = copies[start..<min(start + AloneReplays.copiesPerReplay, copies.count)]
            // Every pair simultaneous, and no requirement, made with the registry (one by one,
            // each pair would make the configuration's relations again).
            var configuration = Configuration(
                registry: group.map { copy in
                    var definition = copy.entry.definition
                    definition.id = copy.id
                    definition.requiresFailureOf = []
                    definition.simultaneousWith = group.map(\.id).filter { $0 != copy.id }
                    return definition
                }, profile: base.profile)
            for copy in group {
                for name in copy.entry.settings.names {
                    try configuration.set(name, to: copy.entry.settings[name]!, for: copy.id)
                }
                for (name, value) in copy.values { try configuration.set(name, to: value, for: copy.id) }
            }
            for copy in group { placed.append((classifiers.count, copy.id)) }
            classifiers.append(Classifier(configuration: configuration))
        }
        return AloneReplays(classifiers: classifiers, copies: placed, settings: settingCopies)
    }

    /// The base configuration with one setting applied; its values must not contradict each other
    /// (a minimum above its maximum, say).
    public func configuration(for setting: [ParameterValue]) throws(ConfigurationError) -> Configuration {
        var configuration = base
        for (sweep, value) in zip(sweeps, setting) {
            try configuration.set(sweep.parameter, to: value, for: sweep.recognizer)
        }
        do throws(ConfigurationError) {
            try configuration.check()
        } catch {
            let values = zip(sweeps, setting).map { "\($0.name) = \($1.text)" }.joined(separator: ", ")
            throw ConfigurationError("the setting \(values): \(error.message)")
        }
        return configuration
    }

    /// The configuration of every setting, in grid order: what `run` replays with.
    ///
    /// - Throws: When there is no sweep, a sweep has no values, the grid is larger than
    ///   `maximumSettings`, or a setting's values contradict each other.
    public func configurations() throws(ConfigurationError) -> [Configuration] {
        guard !sweeps.isEmpty else { throw ConfigurationError("nothing to tune: no --sweep given") }
        // A sweep of no values (`Sweep(recognizer:parameter:values: [])`) makes a grid of none.
        if let empty = sweeps.first(where: { $0.values.isEmpty }) {
            throw ConfigurationError("nothing to tune: the sweep of \(empty.name) has no values")
        }
        let grid = settings
        guard grid.count <= Tuner.maximumSettings else {
            throw ConfigurationError(
                "the grid has \(grid.count) settings: at most \(Tuner.maximumSettings) are allowed; take larger steps")
        }
        var configurations: [Configuration] = []
        for setting in grid { configurations.append(try configuration(for: setting)) }
        return configurations
    }

    /// Replays every sample with every setting, `jobs` at a time, and scores them.
    ///
    /// - Parameter progress: Called now and then on the calling thread with the replays done and
    ///   their total.
    /// - Throws: When there is no sweep, a sweep has no values, the grid is larger than
    ///   `maximumSettings`, or a setting is not a configuration.
    public func run(_ samples: [TuningSample], progress: (_ done: Int, _ total: Int) -> Void = { _, _ in })
        throws(ConfigurationError) -> TuningResult
    {
        try run(samples, configurations: try configurations(), progress: progress)
    }

    /// `run`, with the configurations `configurations()` made (a caller that checked them first
    /// need not make them twice).
    public func run(
        _ samples: [TuningSample], configurations: [Configuration],
        progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws(ConfigurationError) -> TuningResult {
        let grid = settings
        guard !grid.isEmpty else {
            throw ConfigurationError("nothing to tune: the grid has no settings (a sweep of no values, or none)")
        }
        guard configurations.count == grid.count else {
            throw ConfigurationError(
                "\(configurations.count) configurations for \(grid.count) settings of the grid: one configuration "
                    + "per setting (Tuner/configurations())")
        }
        let classifiers = configurations.map { Classifier(configuration: $0) }
        let codes = GestureCodes(["none"] + base.entries.flatMap(\.definition.gestures))
        let outcomes = Tuner.replay(
            samples, classifiers, alone: sharesReplays ? try aloneReplays(grid) : nil, codes: codes, jobs: jobs,
            progress: progress)
        return TuningResult(tuner: self, grid: grid, samples: samples, codes: codes, outcomes: outcomes)
    }

    /// The gesture each setting gave each sample, as a code of `codes`, setting after setting: two
    /// bytes a replay. Workers take a few samples at a time and replay each with every setting.
    private static func replay(
        _ samples: [TuningSample], _ classifiers: [Classifier], alone: AloneReplays?, codes: GestureCodes,
        jobs: Int, progress: (Int, Int) -> Void
    ) -> [UInt16] {
        let gestures = codes.gestures
        let settings = classifiers.count
        let total = samples.count * settings
        let results = Slots<UInt16>(count: total, repeating: .max)
        let next = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let chunk = 4
        // Each worker's share: replays until none is left, calling `report` after each chunk.
        @Sendable func work(_ report: () -> Void) {
            // A workspace serves one configuration.
            var workspaces: [ReplayWorkspace?] = Array(repeating: nil, count: settings)
            var aloneWorkspaces: [ReplayWorkspace?] = Array(repeating: nil, count: alone?.classifiers.count ?? 0)
            func classify(
                _ classifier: Classifier, _ sample: TuningSample, _ workspace: inout ReplayWorkspace?,
                transitions: Bool
            )
                -> TraceResult
            {
                if workspace == nil { workspace = ReplayWorkspace() }
                return classifier.classify(
                    sample.trace, file: sample.path, transitions: transitions, workspace: workspace)
            }
            while true {
                let start = next.wrappingAdd(chunk, ordering: .relaxed).oldValue
                guard start < samples.count else { return }
                let end = min(start + chunk, samples.count)
                for index in start..<end {
                    let sample = samples[index]
                    // How the swept recognizers decide alone, copy by copy; without copies every
                    // setting is its own key, and each is replayed.
                    var byCopy: [String: [UInt64]] = [:]
                    if let alone {
                        for which in alone.classifiers.indices {
                            AloneReplays.decisions(
                                classify(
                                    alone.classifiers[which], sample, &aloneWorkspaces[which], transitions: true),
                                gestures: gestures, into: &byCopy)
                        }
                    }
                    let decisions = alone?.copies.map { byCopy[$0.id] ?? [] } ?? []
                    var replayed: [[[UInt64]]: UInt16] = [:]
                    for setting in 0..<settings {
                        let key = alone?.settings[setting].map { decisions[$0] } ?? [[UInt64(setting)]]
                        let outcome: UInt16
                        if let known = replayed[key] {
                            outcome = known
                        } else {
                            let gesture = classify(
                                classifiers[setting], sample, &workspaces[setting], transitions: false
                            ).gesture
                            outcome = codes.code(gesture)
                            replayed[key] = outcome
                        }
                        results.set(setting * samples.count + index, outcome)
                    }
                }
                done.wrappingAdd((end - start) * settings, ordering: .relaxed)
                report()
            }
        }
        let workers = WorkerThreads(min(max(jobs, 1), BatchRunner.maximumJobs, max(samples.count, 1))) { work({}) }
        // Standing in for threads that could not be made, the caller reports as it works, every 0.1 s.
        if workers.isShort {
            let clock = ContinuousClock()
            var last = clock.now
            work {
                guard clock.now - last >= .milliseconds(100) else { return }
                last = clock.now
                progress(done.load(ordering: .relaxed), total)
            }
        }
        workers.join { progress(done.load(ordering: .relaxed), total) }
        progress(total, total)
        return results.take()
    }
}

/// The swept recognizers replayed alone (see `Tuner.aloneReplays`).
struct AloneReplays: Sendable {
    /// The most copies replayed together: every pair of them is a simultaneous pair.
    static let copiesPerReplay = 64
    /// Each replays up to `copiesPerReplay` copies, in the order of `copies`.
    var classifiers: [Classifier]
    /// Each copy's classifier and id there.
    var copies: [(classifier: Int, id: String)]
    /// For each setting, the copies (one per swept recognizer) its values make.
    var settings: [[Int]]

    /// How each recognizer of `result` decided, by id: in each touch sequence that reports it, the
    /// sequence, each transition's state, event and time, and the gesture recognized, as numbers.
    static func decisions(_ result: TraceResult, gestures: [String: UInt16], into decisions: inout [String: [UInt64]]) {
        for (number, sequence) in result.sequences.enumerated() {
            for report in sequence.recognizers {
                var found = decisions[report.id] ?? []
                found.append(UInt64.max - UInt64(number))  // Sequences apart.
                for transition in report.transitions {
                    let state: UInt64 =
                        switch transition.to {
                        case .possible: 1
                        case .began: 2
                        case .changed: 3
                        case .recognized: 4
                        case .failed: 5
                        case .cancelled: 6
                        }
                    found += [state, UInt64(truncatingIfNeeded: transition.event), transition.time.bitPattern]
                }
                found.append(UInt64(report.recognition.map { gestures[$0.gesture] ?? .max } ?? .max - 1))
                decisions[report.id] = found
            }
        }
    }
}

/// The gestures replays end in, by number: `none` and every gesture of the configuration first, then
/// each result of several (`pan+checkmark`: two touch sequences, or `long-press+pan`: two recognizers
/// together) as a replay first meets it. Looking up one of the first takes no lock; the numbers of the
/// others depend on which worker met them first, and nothing counted depends on the numbers.
final class GestureCodes: Sendable {
    /// The configuration's gestures (and `none`), whose codes never change.
    let gestures: [String: UInt16]
    private let others: Mutex<(codes: [String: UInt16], names: [String])>

    init(_ names: [String]) {
        var gestures: [String: UInt16] = [:]
        var ordered: [String] = []
        for name in names where gestures[name] == nil {
            gestures[name] = UInt16(ordered.count)
            ordered.append(name)
        }
        self.gestures = gestures
        others = Mutex(([:], ordered))
    }

    /// The code of `name`, given it now if it has none; `UInt16.max` once every other code is taken.
    func code(_ name: String) -> UInt16 {
        if let code = gestures[name] { return code }
        return others.withLock { table in
            if let code = table.codes[name] { return code }
            guard table.names.count < Int(UInt16.max) else { return .max }
            let code = UInt16(table.names.count)
            table.codes[name] = code
            table.names.append(name)
            return code
        }
    }

    /// Every name, by code.
    var names: [String] { others.withLock { $0.names } }
}

/// What one setting did on a set of labelled traces. Every figure of a tuning report is derived
/// from these counts, and they add up, so the counts of groups make the counts of the whole.
public struct TuningCounts: Sendable, Hashable {
    /// Labelled traces replayed.
    public var traces = 0
    /// Of those, recognized as labelled.
    public var correct = 0
    /// Per recognizer of the configuration, in its order: traces labelled with one of its gestures (a
    /// label of several, `checkmark+swipe-right`, counts for each of their recognizers).
    public var labelled: [Int]
    /// Of those, recognized as labelled (a swipe labelled `swipe-left` must be recognized as `swipe-left`).
    public var recalled: [Int]
    /// Traces on which one of its gestures was recognized, alone or beside others (`long-press+pan`
    /// counts for long-press and for pan).
    public var predicted: [Int]
    /// Of those, traces whose label has none of its gestures: labelled with another recognizer's
    /// gesture, or `none`.
    public var falseAlarms: [Int]

    init(recognizers: Int) {
        labelled = Array(repeating: 0, count: recognizers)
        recalled = labelled
        predicted = labelled
        falseAlarms = labelled
    }

    public static func + (a: TuningCounts, b: TuningCounts) -> TuningCounts {
        var sum = a
        sum.traces += b.traces
        sum.correct += b.correct
        for index in sum.labelled.indices {
            sum.labelled[index] += b.labelled[index]
            sum.recalled[index] += b.recalled[index]
            sum.predicted[index] += b.predicted[index]
            sum.falseAlarms[index] += b.falseAlarms[index]
        }
        return sum
    }

    /// Correct ÷ traces; `nil` without traces.
    public var accuracy: Double? { traces == 0 ? nil : Double(correct) / Double(traces) }
    /// Recall of recognizer `index`; `nil` when no trace is labelled with its gestures.
    public func recall(_ index: Int) -> Double? {
        labelled[index] == 0 ? nil : Double(recalled[index]) / Double(labelled[index])
    }
    /// False alarms of recognizer `index` ÷ the traces labelled otherwise; `nil` when there are none.
    public func falseAlarmRate(_ index: Int) -> Double? {
        let others = traces - labelled[index]
        return others == 0 ? nil : Double(falseAlarms[index]) / Double(others)
    }
    public func precision(_ index: Int) -> Double? {
        predicted[index] == 0 ? nil : Double(recalled[index]) / Double(predicted[index])
    }
    /// 2 × recalled ÷ (labelled + predicted): the harmonic mean of precision and recall, and 0 when
    /// nothing is recalled even if nothing was predicted; `nil` when there is neither.
    public func f1(_ index: Int) -> Double? {
        let both = labelled[index] + predicted[index]
        return both == 0 ? nil : 2 * Double(recalled[index]) / Double(both)
    }
}

/// The counts of every setting on every group, the setting chosen on the whole corpus, and the
/// settings chosen fold by fold when the corpus is grouped.
public struct TuningResult: Sendable {
    public let sweeps: [Sweep]
    public let objective: Tuner.Objective
    public let maximumFalseAlarms: Double
    /// The recognizers of the configuration, in its order: the indexes of the counts' arrays.
    public let recognizers: [String]
    /// Indexes into `recognizers` of the swept ones.
    public let targets: [Int]
    /// Per target (in `targets`' order), the other recognizers of the configuration that recognize one
    /// of its gestures (an instance beside its kind): a result names a gesture, not who gave it, so
    /// its figures are those gestures' whichever of them recognized them.
    public let sharers: [[String]]
    /// The grid, in order; a setting is an index into it.
    public let grid: [[ParameterValue]]
    /// The groups, in name order (runs of digits as numbers: `s2` before `s10`); empty without grouping.
    public let groups: [String]
    /// `counts[setting][group]`; without grouping, one count per setting, for the whole corpus.
    public let counts: [[TuningCounts]]
    /// Per setting, over every group.
    public let totals: [TuningCounts]
    /// The setting chosen on the whole corpus (in-sample).
    public let chosen: Choice
    /// Leave-one-group-out: for each group, the setting chosen on the other groups. Empty with fewer
    /// than two groups.
    public let folds: [Fold]

    /// A setting, and whether it keeps every target's false alarms within the limit (when none does,
    /// the one with the fewest is chosen).
    public struct Choice: Sendable, Hashable {
        public var setting: Int
        public var meetsFalseAlarmLimit: Bool
    }

    /// One fold of leave-one-group-out: the group held out and the setting chosen without it.
    public struct Fold: Sendable, Hashable {
        public var group: Int
        public var choice: Choice
    }

    init(tuner: Tuner, grid: [[ParameterValue]], samples: [TuningSample], codes: GestureCodes, outcomes: [UInt16]) {
        sweeps = tuner.sweeps
        objective = tuner.objective
        maximumFalseAlarms = tuner.maximumFalseAlarms
        let entries = tuner.base.entries
        recognizers = entries.map(\.id)
        targets = tuner.targets.compactMap { id in entries.firstIndex { $0.id == id } }
        sharers = targets.map { target in
            let gestures = Set(entries[target].gestures)
            return entries.indices.filter { $0 != target && !gestures.isDisjoint(with: entries[$0].gestures) }
                .map { entries[$0].id }
        }
        self.grid = grid
        // Per code: the recognizers whose gestures it holds (none for `none`), each once, in order; a
        // result of several gestures (two touch sequences, or two recognizers together) counts for each.
        // A gesture two recognizers recognize (an instance beside its kind, two double-tap recognizers)
        // counts for both: a result names the gesture, not who gave it.
        let labels = samples.map { codes.code($0.label) }
        let families = codes.names.map { name in
            let parts = Set(name.split(separator: "+").map(String.init))
            return entries.indices.filter { !parts.isDisjoint(with: entries[$0].gestures) }
        }
        // Without groups, one count per setting; with them, a sample without one is in the group "".
        let grouped = samples.contains { $0.group != nil }
        let groupNames = grouped ? Set(samples.map { $0.group ?? "" }).sorted(by: Grouping.precedes) : []
        groups = groupNames
        let groupIndex = Dictionary(uniqueKeysWithValues: groupNames.enumerated().map { ($1, $0) })
        let groupOf = samples.map { grouped ? groupIndex[$0.group ?? ""]! : 0 }
        let labelFamilies = labels.map { $0 == .max ? [] : families[Int($0)] }
        let empty = TuningCounts(recognizers: entries.count)
        var counts: [[TuningCounts]] = []
        for setting in grid.indices {
            var byGroup = Array(repeating: empty, count: max(groupNames.count, 1))
            for index in samples.indices {
                let gesture = outcomes[setting * samples.count + index]
                let group = groupOf[index]
                let correct = gesture != .max && gesture == labels[index]
                byGroup[group].traces += 1
                if correct { byGroup[group].correct += 1 }
                let labelled = labelFamilies[index]
                for family in labelled {
                    byGroup[group].labelled[family] += 1
                    if correct { byGroup[group].recalled[family] += 1 }
                }
                if gesture != .max {
                    for family in families[Int(gesture)] {
                        byGroup[group].predicted[family] += 1
                        if !labelled.contains(family) { byGroup[group].falseAlarms[family] += 1 }
                    }
                }
            }
            counts.append(byGroup)
        }
        self.counts = counts
        totals = counts.map { $0.reduce(empty, +) }
        let shape = tuner.sweeps.map(\.values.count)
        chosen = TuningResult.choose(
            totals, shape: shape, targets: targets, objective: tuner.objective, limit: tuner.maximumFalseAlarms)
        var folds: [Fold] = []
        if groupNames.count >= 2 {
            for group in groupNames.indices {
                let training = zip(totals, counts).map { total, byGroup in TuningResult.subtract(total, byGroup[group])
                }
                folds.append(
                    Fold(
                        group: group,
                        choice: TuningResult.choose(
                            training, shape: shape, targets: targets, objective: tuner.objective,
                            limit: tuner.maximumFalseAlarms)))
            }
        }
        self.folds = folds
    }

    /// Each held-out group scored with the setting chosen without it, added up: the cross-validated
    /// counts. `nil` without folds.
    public var crossValidated: TuningCounts? {
        guard !folds.isEmpty else { return nil }
        return folds.map { counts[$0.choice.setting][$0.group] }.reduce(TuningCounts(recognizers: recognizers.count), +)
    }

    /// The objective of `counts`: the mean over the targets; `nil` when a target has no figure (no
    /// trace labelled with its gestures, say).
    public func objective(of counts: TuningCounts) -> Double? {
        TuningResult.objective(counts, targets: targets, objective: objective)
    }

    /// Whether every target's false-alarm rate is within the limit.
    public func meetsFalseAlarmLimit(_ counts: TuningCounts) -> Bool {
        targets.allSatisfy { (counts.falseAlarmRate($0) ?? 0) <= maximumFalseAlarms + 1e-12 }
    }

    static func objective(_ counts: TuningCounts, targets: [Int], objective: Tuner.Objective) -> Double? {
        var sum = 0.0
        for target in targets {
            let figure: Double?
            switch objective {
            case .recall: figure = counts.recall(target)
            case .f1: figure = counts.f1(target)
            case .balanced: figure = counts.recall(target).map { ($0 + 1 - (counts.falseAlarmRate(target) ?? 0)) / 2 }
            }
            guard let figure else { return nil }
            sum += figure
        }
        return targets.isEmpty ? nil : sum / Double(targets.count)
    }

    /// The best setting: within the false-alarm limit if any is (otherwise the fewest false alarms,
    /// by the worst target's rate); then the highest objective, the highest accuracy, the fewest
    /// false alarms of the targets. Among settings tied on all of these, the one in their middle:
    /// the median value of the first sweep among them (the lower one of two), then of the second
    /// among those with it. A limit chosen at the edge of a range of values that do equally well
    /// (the first in grid order) leaves no margin for the next person's strokes; the middle does.
    /// `shape` is the number of values of each sweep, the first varying slowest.
    static func choose(
        _ counts: [TuningCounts], shape: [Int], targets: [Int], objective: Tuner.Objective, limit: Double
    ) -> Choice {
        struct Key {
            var meets: Bool
            var worstRate: Double
            var objective: Double
            var accuracy: Double
            var falseAlarms: Int
        }
        func key(_ counts: TuningCounts) -> Key {
            let rates = targets.map { counts.falseAlarmRate($0) ?? 0 }
            return Key(
                meets: rates.allSatisfy { $0 <= limit + 1e-12 }, worstRate: rates.max() ?? 0,
                objective: TuningResult.objective(counts, targets: targets, objective: objective) ?? -1,
                accuracy: counts.accuracy ?? -1, falseAlarms: targets.reduce(0) { $0 + counts.falseAlarms[$1] })
        }
        func better(_ a: Key, _ b: Key) -> Bool {
            if a.meets != b.meets { return a.meets }
            if !a.meets, a.worstRate != b.worstRate { return a.worstRate < b.worstRate }
            if a.objective != b.objective { return a.objective > b.objective }
            if a.accuracy != b.accuracy { return a.accuracy > b.accuracy }
            return a.falseAlarms < b.falseAlarms
        }
        let keys = counts.map(key)
        var bestKey = keys[0]
        for candidate in keys.dropFirst() where better(candidate, bestKey) { bestKey = candidate }
        var tied = keys.indices.filter { !better(bestKey, keys[$0]) }
        // Axis by axis: a setting's coordinate on sweep `axis` is its index's digit in the grid's shape.
        for axis in shape.indices {
            let span = shape[(axis + 1)...].reduce(1, *)
            let coordinates = Set(tied.map { $0 / span % shape[axis] }).sorted()
            let middle = coordinates[(coordinates.count - 1) / 2]
            tied = tied.filter { $0 / span % shape[axis] == middle }
        }
        return Choice(setting: tied[0], meetsFalseAlarmLimit: bestKey.meets)
    }

    static func subtract(_ a: TuningCounts, _ b: TuningCounts) -> TuningCounts {
        var difference = a
        difference.traces -= b.traces
        difference.correct -= b.correct
        for index in difference.labelled.indices {
            difference.labelled[index] -= b.labelled[index]
            difference.recalled[index] -= b.recalled[index]
            difference.predicted[index] -= b.predicted[index]
            difference.falseAlarms[index] -= b.falseAlarms[index]
        }
        return difference
    }
}
