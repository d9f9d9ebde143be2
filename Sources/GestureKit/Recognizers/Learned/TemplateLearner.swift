/// Learns gestures from labelled examples for the point-cloud matcher (`PointCloud`, `$P` matched with
/// `$Q`'s pruning): every example of a gesture becomes one of its templates, and each gesture gets a
/// rejection threshold chosen by cross-validation.
///
/// The threshold of gesture `g` is chosen on distances measured with examples held out: each example,
/// in turn (or each group of examples, such as one person's, when groups are known), is matched against
/// the templates learned from the others, and its distance to `g`'s nearest template is kept. The
/// threshold is the largest distance such that at most `maximumFalseAlarms` of the examples that are
/// not `g` (the other gestures' and the negatives') fall below it: as if each were a gesture `g` was
/// never taught, since a stroke nearer another gesture's template would not be a false alarm of `g`
/// here, but would be once that gesture is left out. Of `g`'s own held-out examples, the share that
/// fall below it (and are nearest `g`) is its cross-validated recall.
struct TemplateLearner: Sendable {
    /// One labelled example: its strokes (each touch's points, in order), its label (`none` for a
    /// negative), and its group (a person), when known.
    struct Example: Sendable {
        var strokes: [[Point]]
        var label: String
        var group: String?
        /// Where it came from, for messages.
        var file: String
    }

    /// What was learned for one gesture.
    struct Learned: Sendable, Hashable {
        var name: String
        var templates: [PointCloud]
        /// Below this distance (in `$Q`'s squared grid units), a stroke is this gesture.
        var threshold: Double
        /// Cross-validated: the share of its held-out examples recognized as it.
        var recall: Double
        /// Cross-validated: the share of the other examples within the threshold.
        var falseAlarms: Double
        /// The most strokes any of its examples has.
        var strokes: Int
    }

    var maximumFalseAlarms = 0.01

    /// The label of negative examples.
    static let negative = "none"

    /// The gestures learned from `examples`, in order of name. Examples that make no cloud (one point)
    /// must have been refused before: they are skipped here.
    func learn(_ examples: [Example]) -> [Learned] {
        let clouds = examples.map { PointCloud(strokes: $0.strokes) }
        let names = Set(examples.map(\.label)).subtracting([Self.negative]).sorted()
        // The folds: by group when every example has one and there are at least two groups, else one
        // example each.
        let groups = examples.map(\.group)
        let byGroup = Self.foldsByGroup(examples)
        let fold: [Int] = {
            guard byGroup else { return Array(examples.indices) }
            let ordered = Array(Set(groups.compactMap { $0 })).sorted()
            let number = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
            return groups.map { number[$0!]! }
        }()
        // distances[i][g]: example i's distance to gesture g's nearest template among other folds.
        var distances = [[Double]](repeating: [Double](repeating: .infinity, count: names.count), count: examples.count)
        let gestureIndex = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
        for i in examples.indices {
            guard let cloud = clouds[i] else { continue }
            for j in examples.indices where fold[j] != fold[i] {
                guard let g = gestureIndex[examples[j].label], let template = clouds[j] else { continue }
                if let d = cloud.distance(to: template, below: distances[i][g]) { distances[i][g] = d }
            }
        }
        return names.enumerated().map { g, name in
            let own = examples.indices.filter { examples[$0].label == name && clouds[$0] != nil }
            let others = examples.indices.filter { examples[$0].label != name && clouds[$0] != nil }
            let threshold = Self.threshold(
                others.map { distances[$0][g] }, maximumFalseAlarms: maximumFalseAlarms,
                fallback: own.map { distances[$0][g] })
            let recognized = own.filter { i in
                distances[i][g] < threshold && distances[i].indices.allSatisfy { distances[i][$0] >= distances[i][g] }
            }
            let alarms = others.filter { distances[$0][g] < threshold }
            return Learned(
                name: name, templates: own.compactMap { clouds[$0] }, threshold: threshold,
                recall: own.isEmpty ? 0 : Double(recognized.count) / Double(own.count),
                falseAlarms: others.isEmpty ? 0 : Double(alarms.count) / Double(others.count),
                strokes: own.map { examples[$0].strokes.count }.max() ?? 1)
        }
    }

    /// Whether examples are held out by group: every example has one, and there are at least two.
    static func foldsByGroup(_ examples: [Example]) -> Bool {
        examples.allSatisfy { $0.group != nil } && Set(examples.compactMap(\.group)).count >= 2
    }

    /// The templates file of what `learn` found in `examples`, read from `paths`.
    func file(id: String, learned: [Learned], examples: [Example], paths: [String]) -> TemplateFile {
        let groups = Set(examples.compactMap(\.group))
        return TemplateFile(
            id: id, maximumFalseAlarms: maximumFalseAlarms,
            crossValidation: Self.foldsByGroup(examples) ? "leave-one-group-out" : "leave-one-out",
            source: .init(
                paths: paths, examples: examples.count,
                negatives: examples.filter { $0.label == Self.negative }.count,
                groups: groups.isEmpty ? nil : groups.count),
            gestures: learned.map { gesture in
                TemplateFile.Gesture(
                    name: gesture.name, threshold: gesture.threshold, recall: gesture.recall,
                    falseAlarms: gesture.falseAlarms, strokes: gesture.strokes, examples: gesture.templates.count,
                    templates: gesture.templates.map(\.points))
            })
    }

    /// The largest distance below which at most `maximumFalseAlarms` of `negatives` fall (halfway to
    /// the next one, so that it is not fitted to the last one let in). Without negatives, the largest
    /// of the gesture's own held-out distances (`fallback`), so that all of them pass.
    static func threshold(_ negatives: [Double], maximumFalseAlarms: Double, fallback: [Double]) -> Double {
        let sorted = negatives.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else {
            let own = fallback.filter(\.isFinite)
            return (own.max() ?? 0) * 1.1 + 1
        }
        // Allowed below the threshold: ⌊rate × count⌋ of them.
        let allowed = Int((maximumFalseAlarms * Double(negatives.count)).rounded(.down))
        if allowed >= sorted.count { return sorted[sorted.count - 1] * 1.1 + 1 }
        let next = sorted[allowed]
        let previous = allowed > 0 ? sorted[allowed - 1] : 0
        return (previous + next) / 2
    }
}
