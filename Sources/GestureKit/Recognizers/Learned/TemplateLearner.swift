import Foundation

/// Learns gestures from labelled examples for the point-cloud matcher (`PointCloud`, `$P` matched with
/// `$Q`'s pruning): a few of each gesture's examples become its templates (those nearest the rest,
/// `templatesPerGesture`), and each gesture gets a rejection threshold chosen by cross-validation.
///
/// The threshold of gesture `g` is chosen on distances measured with examples held out: each example,
/// in turn (or each group of examples, such as one person's, when groups are known), is matched against
/// the templates learned (chosen) from the others, and its distance to `g`'s nearest template is kept. The
/// threshold is the largest distance such that at most `maximumFalseAlarms` of the other gestures'
/// examples fall below it, and at most that share of the negatives (each set held to it on its own):
/// the other gestures' examples counted as if each were a gesture `g` was
/// never taught, since a stroke nearer another gesture's template would not be a false alarm of `g`
/// here, but would be once that gesture is left out. Of `g`'s own held-out examples, the share that
/// fall below it (and are nearest `g`) is its cross-validated recall.
public struct TemplateLearner: Sendable {
    /// One labelled example: its strokes (each touch's points, in order), its label (`none` for a
    /// negative), and its group (a person), when known.
    public struct Example: Sendable {
        public var strokes: [[Point]]
        public var label: String
        public var group: String?
        /// Where it came from, for messages.
        public var file: String
        /// For a negative, the set whose share within a threshold is held to the rate on its own (the
        /// mirror images of one gesture); `nil`: the negatives given.
        public var negativeSet: String? = nil
        /// For a mirror image, the position of the example it mirrors among those it was made from
        /// (which come first when learning): without groups, it is held out with that example.
        public var mirrorOf: Int? = nil

        public init(strokes: [[Point]], label: String, group: String?, file: String) {
            (self.strokes, self.label, self.group, self.file) = (strokes, label, group, file)
        }

        /// The larger side of the box around every stroke's points: how large it was drawn.
        public var size: Double { Self.size(of: strokes) }

        /// The length of the strokes' paths, added up: 0 for an example with no length to learn
        /// from (one point, however many samples give it).
        public static func length(of strokes: [[Point]]) -> Double { PointCloud.length(of: strokes) }

        static func size(of strokes: [[Point]]) -> Double {
            let points = strokes.joined()
            guard !points.isEmpty else { return 0 }
            let bounds = Bounds(points)
            return max(bounds.width, bounds.height)
        }

        /// The strokes of `trace`: each touch's locations from touch down to lift, in the order the
        /// touches came down (a touch id used again later is another stroke).
        public static func strokes(of trace: Trace) -> [[Point]] {
            var strokes: [[Point]] = []
            var current: [TouchID: Int] = [:]
            for sample in trace.samples {
                switch sample.phase {
                case .began:
                    current[sample.touch] = strokes.count
                    strokes.append([sample.location])
                case .moved, .ended, .cancelled:
                    guard let k = current[sample.touch] else { continue }
                    if strokes[k].last != sample.location { strokes[k].append(sample.location) }
                    if sample.phase != .moved { current[sample.touch] = nil }
                case .stationary: continue
                }
            }
            return strokes
        }
    }

    /// What was learned for one gesture.
    public struct Learned: Sendable, Hashable {
        public var name: String
        /// Each template's normalised points.
        var templates: [[Point]]
        /// Below this distance (in `$Q`'s squared grid units), a stroke is this gesture.
        public var threshold: Double
        /// Cross-validated: the share of its held-out examples recognized as it.
        public var recall: Double
        /// Cross-validated: the share of the other examples within the threshold.
        public var falseAlarms: Double
        /// The most strokes any of its examples has.
        public var strokes: Int
        /// How many examples it was learned from.
        public var examples: Int
        /// The file of each template's example, in the templates' order.
        public var sources: [String] = []
        /// Whether its coverage's reach was fitted (`--coverage-fit`, and enough distances to fit);
        /// `false` when read off its examples, or without a coverage.
        public var coverageFitted = false
        public var templateCount: Int { templates.count }
    }

    public var maximumFalseAlarms = 0.01
    /// How many of a gesture's examples become its templates: those that together are nearest its
    /// other examples (greedy k-medoids); 0 keeps every example. Matching time grows with the count.
    public var templatesPerGesture = 8
    /// Whether each threshold holds against every other example as if its gesture were never taught
    /// (the default), or only against those nearest it, and the negatives (`--taught-only`).
    public var untaught = true
    /// When set, each threshold also reaches no further than it must to take this share of the
    /// gesture's own held-out examples (`--coverage`): a gesture accepts what lies near its examples
    /// and no more, so strokes of gestures never taught (a rectangle beside a learned ring) pass less
    /// often, and the rest of its own examples are refused. `nil`: the false alarms alone decide.
    public var coverage: Double?
    /// Whether the coverage's reach is estimated from a log-normal fitted to the gesture's own
    /// held-out distances (`--coverage-fit`, `fittedReach`) rather than read off them
    /// (`quantileReach`): a few examples far from the rest then do not carry the threshold.
    public var coverageFit = false
    /// How examples are matched: `p+` (the default), `p+o`, `q`, `p` or `1`.
    public var algorithm = TemplateAlgorithm.plus

    public init() {}

    /// The label of negative examples.
    public static let negative = "none"

    /// The gestures learned from `examples`, in order of name. Examples that make no cloud (one point)
    /// must have been refused before: they are skipped here.
    public func learn(_ examples: [Example]) -> [Learned] {
        let matcher = algorithm
        let clouds = examples.map { matcher.normalized($0.strokes) }
        let names = Set(examples.map(\.label)).subtracting([Self.negative]).sorted()
        let fold = Self.folds(examples)
        // Each cloud's turning angles, once (`p+`): every distance would otherwise take them again.
        let turning = matcher.turns ? clouds.map { $0.map(matcher.turningCloud) } : nil
        /// Example i's distance to example j's cloud as a template.
        func distance(_ i: Int, to j: Int, below limit: Double = .infinity) -> Double? {
            if let turning { return turning[i]!.distance(to: turning[j]!, below: limit) }
            return matcher.distance(clouds[i]!, to: clouds[j]!, below: limit)
        }
        // Each gesture's examples, and the distances between them, for choosing templates.
        let members: [[Int]] = names.map { name in
            examples.indices.filter { examples[$0].label == name && clouds[$0] != nil }
        }
        let within: [[[Double]]] = members.map { own in
            var d = [[Double]](repeating: [Double](repeating: 0, count: own.count), count: own.count)
            for a in own.indices {
                for b in own.indices where b > a {
                    // `$1`'s distance turns the candidate to the template: not symmetric.
                    d[a][b] = distance(own[a], to: own[b]) ?? .infinity
                    d[b][a] = matcher == .one ? distance(own[b], to: own[a]) ?? .infinity : d[a][b]
                }
            }
            return d
        }
        // distances[i][g]: example i's distance to the nearest of the templates gesture g learns
        // without i's fold.
        var distances = [[Double]](repeating: [Double](repeating: .infinity, count: names.count), count: examples.count)
        for heldOut in Set(fold).sorted() {
            let tested = examples.indices.filter { fold[$0] == heldOut && clouds[$0] != nil }
            for g in names.indices {
                let allowed = members[g].indices.filter { fold[members[g][$0]] != heldOut }
                let chosen = choose(allowed, within[g]).map { members[g][$0] }
                for i in tested {
                    for template in chosen {
                        if let d = distance(i, to: template, below: distances[i][g]) {
                            distances[i][g] = d
                        }
                    }
                }
            }
        }
        return names.enumerated().map { g, name in
            let own = members[g]
            let others = examples.indices.filter { examples[$0].label != name && clouds[$0] != nil }
            let negatives = others.filter { examples[$0].label == Self.negative }
            let gestures = others.filter { examples[$0].label != Self.negative }
            // Untaught: every other gesture's example counts, as if its gesture had not been taught.
            // Taught: only those nearest `g` (the others are another gesture's). The negatives are
            // held to the rate on their own, so that many other examples cannot hide them.
            func nearest(_ i: Int) -> Bool { distances[i].allSatisfy { $0 >= distances[i][g] } }
            let counted = untaught ? gestures : gestures.filter(nearest)
            let fallback = own.map { distances[$0][g] }
            func threshold(_ set: [Int], outOf total: Int) -> Double? {
                total == 0
                    ? nil
                    : Self.threshold(
                        set.map { distances[$0][g] }, maximumFalseAlarms: maximumFalseAlarms, fallback: fallback,
                        outOf: total)
            }
            var limit = threshold(gestures, outOf: gestures.count)
            if !untaught, let all = limit, let taught = threshold(counted, outOf: gestures.count) {
                // Never tighter than untaught: fewer examples count against it.
                limit = max(all, taught)
            }
            let limits = [limit] + negativeSets(negatives, examples).map { threshold($0, outOf: $0.count) }
            var threshold =
                limits.compactMap { $0 }.min() ?? Self.threshold([], maximumFalseAlarms: 0, fallback: fallback)
            // Fitted when asked and there is something to fit; else read off the examples.
            let fitted = coverage.flatMap { coverageFit ? Self.fittedReach(fallback, coverage: $0) : nil }
            if let coverage, let reach = fitted ?? Self.quantileReach(fallback, coverage: coverage) {
                // Up to the file's hundredth, so that the threshold read back takes what recall counted.
                threshold = min(threshold, (reach * 100).rounded(.up) / 100)
            }
            let recognized = own.filter { i in
                distances[i][g] < threshold && distances[i].indices.allSatisfy { distances[i][$0] >= distances[i][g] }
            }
            // The false alarms reported are among the examples given: mirror images are made up.
            let given = others.filter { examples[$0].negativeSet == nil }
            let alarms = (counted + negatives).filter {
                examples[$0].negativeSet == nil && distances[$0][g] < threshold
            }
            let kept = choose(Array(own.indices), within[g]).map { own[$0] }
            return Learned(
                name: name, templates: kept.map { clouds[$0]! }, threshold: threshold,
                recall: own.isEmpty ? 0 : Double(recognized.count) / Double(own.count),
                falseAlarms: given.isEmpty ? 0 : Double(alarms.count) / Double(given.count),
                strokes: own.map { examples[$0].strokes.count }.max() ?? 1, examples: own.count,
                sources: kept.map { examples[$0].file }, coverageFitted: fitted != nil)
        }
    }

    /// The sets of `negatives` (positions in `examples`) each held to the false-alarm rate on its own:
    /// the negatives given, and each gesture's mirror images one way (`negativeSet`), so that many
    /// mirror images far from a gesture cannot hide a few near it. But a set of mirror images too
    /// small to let even one in at the rate joins the other such sets: alone, one of them near a
    /// gesture would halve its threshold (30 examples a gesture, at 1%).
    func negativeSets(_ negatives: [Int], _ examples: [Example]) -> [[Int]] {
        var sets: [String: [Int]] = [:]
        for (key, members) in Dictionary(grouping: negatives, by: { examples[$0].negativeSet ?? "" }) {
            let alone = key.isEmpty || maximumFalseAlarms * Double(members.count) >= 1
            sets[alone ? key : "\u{0}", default: []] += members
        }
        return sets.keys.sorted().map { sets[$0]! }
    }

    /// What became of the mirror images of one gesture's examples (`mirrors(of:judgedBy:)`).
    public struct Mirror: Sendable, Hashable {
        public var gesture: String
        /// Which way they were mirrored.
        public var axis: Axis
        /// How many examples were mirrored.
        public var examples: Int
        /// The gesture most of the mirror images were recognized as, and how many were (nil, 0 when
        /// none was recognized).
        public var mostlyAs: String?
        public var recognized: Int
        /// Whether they are taught as negatives: unless half of them or more are one gesture taught.
        public var taught: Bool { recognized * 2 < examples }

        /// Left to right (x becomes -x) or top to bottom (y becomes -y).
        public enum Axis: String, Sendable, Hashable, CaseIterable, Comparable {
            case leftRight, topBottom

            /// `left to right`, `top to bottom`.
            public var words: String { self == .leftRight ? "left to right" : "top to bottom" }

            public static func < (a: Axis, b: Axis) -> Bool { a == .leftRight && b == .topBottom }
        }
    }

    /// The mirror images of `examples`' gestures, left to right and (or) top to bottom (`axes`), to be
    /// taught as negatives (`--mirror-negatives`), judged by what was learned from them (`learned`): a
    /// `{` is a `}` mirrored left to right, a caret a `v` mirrored top to bottom, and a file that
    /// learned `}` and `[` but never `{` takes a `{` for one of them far less often once mirrored `}`s
    /// are negatives. A gesture whose mirror images one way are, half of them or more, recognized as
    /// one gesture taught is left out that way: a circle's are circles, a `}`'s are `{`s where `{` is
    /// taught. The negatives keep their example's group (without groups, they are held out with it:
    /// `mirrorOf`), name its file with ` (mirrored left to right)`, and are held to the false-alarm
    /// rate gesture by gesture and way by way (`negativeSet`), so that many mirror images far from a
    /// gesture cannot hide a few near it.
    public func mirrors(
        of examples: [Example], judgedBy learned: [Learned], axes: [Mirror.Axis] = [.leftRight]
    ) -> (negatives: [Example], gestures: [Mirror]) {
        let matcher = algorithm
        let turningTemplates = matcher.turns ? learned.map { $0.templates.map(matcher.turningCloud) } : []
        /// The gesture `strokes` are recognized as: the nearest template's, when within its threshold.
        func recognized(_ strokes: [[Point]]) -> Int? {
            guard let cloud = matcher.normalized(strokes) else { return nil }
            let turning = matcher.turns ? matcher.turningCloud(cloud) : nil
            var best: (gesture: Int, distance: Double)?
            for (g, gesture) in learned.enumerated() {
                for (t, template) in gesture.templates.enumerated() {
                    let limit = best?.distance ?? .infinity
                    let found =
                        turning.map { $0.distance(to: turningTemplates[g][t], below: limit) }
                        ?? matcher.distance(cloud, to: template, below: limit)
                    if let d = found { best = (g, d) }
                }
            }
            guard let best, best.distance < learned[best.gesture].threshold else { return nil }
            return best.gesture
        }
        var negatives: [Example] = []
        let gestures = axes.flatMap { axis in learned.map { (axis, $0) } }.map { axis, gesture in
            let mirrored = examples.indices.filter { examples[$0].label == gesture.name }.map { k in
                let example = examples[k]
                var image = Example(
                    strokes: example.strokes.map {
                        $0.map { axis == .leftRight ? Point(x: -$0.x, y: $0.y) : Point(x: $0.x, y: -$0.y) }
                    }, label: Self.negative, group: example.group, file: example.file + " (mirrored \(axis.words))")
                image.negativeSet = "\(axis.rawValue) \(gesture.name)"
                image.mirrorOf = k
                return image
            }
            var counts = [Int](repeating: 0, count: learned.count)
            for example in mirrored {
                if let g = recognized(example.strokes) { counts[g] += 1 }
            }
            // The most, the first in name order among equals.
            let top = counts.indices.max { counts[$0] < counts[$1] || (counts[$0] == counts[$1] && $0 > $1) }
            let mirror = Mirror(
                gesture: gesture.name, axis: axis, examples: mirrored.count,
                mostlyAs: top.flatMap { counts[$0] > 0 ? learned[$0].name : nil },
                recognized: top.map { counts[$0] } ?? 0)
            if mirror.taught { negatives += mirrored }
            return mirror
        }
        return (negatives, gestures)
    }

    /// The fold of each example: its group's number when examples are held out by group, else its own.
    static func folds(_ examples: [Example]) -> [Int] {
        guard foldsByGroup(examples) else { return examples.indices.map { examples[$0].mirrorOf ?? $0 } }
        let ordered = Set(examples.compactMap(\.group)).sorted()
        let number = Dictionary(uniqueKeysWithValues: ordered.enumerated().map { ($1, $0) })
        return examples.map { number[$0.group!]! }
    }

    /// Up to `templatesPerGesture` of `candidates` (positions in `distances`, a gesture's examples'
    /// distances to each other), chosen greedily: each next one the one that most lowers the sum,
    /// over the candidates, of the distance to the nearest chosen (k-medoids' greedy start); ties to the
    /// earlier. In the order chosen.
    func choose(_ candidates: [Int], _ distances: [[Double]]) -> [Int] {
        guard templatesPerGesture > 0, candidates.count > templatesPerGesture else { return candidates }
        var nearest = [Double](repeating: .infinity, count: candidates.count)
        var chosen: [Int] = []
        while chosen.count < templatesPerGesture {
            var best = -1
            var bestSum = Double.infinity
            for (k, candidate) in candidates.enumerated() where !chosen.contains(candidate) {
                var sum = 0.0
                for (m, other) in candidates.enumerated() {
                    sum += min(nearest[m], distances[candidate][other])
                    if sum >= bestSum { break }
                }
                if sum < bestSum {
                    bestSum = sum
                    best = k
                }
            }
            guard best >= 0 else { break }
            let candidate = candidates[best]
            chosen.append(candidate)
            for (m, other) in candidates.enumerated() { nearest[m] = min(nearest[m], distances[candidate][other]) }
        }
        return chosen
    }

    /// Whether examples are held out by group: every example has one, and there are at least two.
    public static func foldsByGroup(_ examples: [Example]) -> Bool {
        examples.allSatisfy { $0.group != nil } && Set(examples.compactMap(\.group)).count >= 2
    }

    /// The templates file of what `learn` found in `examples`, read from `paths`; with `mirrors`
    /// (`mirrors(of:judgedBy:axes:)`), each way mirrored and the gestures whose mirror images were taught.
    public func file(
        id: String, learned: [Learned], examples: [Example], paths: [String], mirrors: [Mirror]? = nil
    ) -> TemplateFile {
        let groups = Set(examples.compactMap(\.group))
        var file = TemplateFile(
            id: id, maximumFalseAlarms: maximumFalseAlarms,
            crossValidation: Self.foldsByGroup(examples) ? "leave-one-group-out" : "leave-one-out",
            source: .init(
                paths: paths, examples: examples.count,
                negatives: examples.filter { $0.label == Self.negative }.count,
                groups: groups.isEmpty ? nil : groups.count),
            gestures: learned.map { gesture in
                TemplateFile.Gesture(
                    name: gesture.name, threshold: gesture.threshold, recall: gesture.recall,
                    falseAlarms: gesture.falseAlarms, strokes: gesture.strokes, examples: gesture.examples,
                    templates: gesture.templates, sources: gesture.sources)
            })
        file.algorithm = algorithm
        file.points = algorithm.points
        file.coverage = coverage
        file.coverageFit = coverage != nil && coverageFit ? TemplateFile.logNormal : nil
        if file.coverageFit != nil {
            let readOff = learned.filter { !$0.coverageFitted }.map(\.name)
            file.coverageReadOff = readOff.isEmpty ? nil : readOff
        }
        file.mirrored = mirrors.map {
            Dictionary(grouping: $0, by: \.axis).mapValues { $0.filter(\.taught).map(\.gesture) }
        }
        return file
    }

    /// The largest distance below which at most `maximumFalseAlarms` of `negatives` fall (halfway to
    /// the next one, so that it is not fitted to the last one let in). When none may be let in,
    /// halfway from the farthest of the gesture's own held-out distances (`fallback`) nearer than the
    /// nearest negative to it: halfway from 0 halved the reach of a gesture taught with fewer than
    /// 1 / `maximumFalseAlarms` other examples. Without negatives, past the largest of its own, so
    /// that all of them pass.
    static func threshold(
        _ negatives: [Double], maximumFalseAlarms: Double, fallback: [Double], outOf total: Int? = nil
    ) -> Double {
        let sorted = negatives.filter(\.isFinite).sorted()
        guard !sorted.isEmpty else {
            let own = fallback.filter(\.isFinite)
            return (own.max() ?? 0) * 1.1 + 1
        }
        // Allowed below the threshold: ⌊rate × count⌋ of them.
        let allowed = Int((maximumFalseAlarms * Double(total ?? negatives.count)).rounded(.down))
        if allowed >= sorted.count { return sorted[sorted.count - 1] * 1.1 + 1 }
        let next = sorted[allowed]
        let previous = allowed > 0 ? sorted[allowed - 1] : fallback.filter { $0 < next }.max() ?? 0
        return (previous + next) / 2
    }

    /// How far a gesture's threshold reaches to take `coverage` of its own held-out examples, at the
    /// distances `own` (`--coverage-fit`): estimated from a log-normal fitted to them — the median of
    /// their logarithms, and their spread as 1.4826 times the median absolute deviation from it, both
    /// robust — so that a few examples far from the rest (five rectangles of 180 drawn another way) do
    /// not carry the threshold out to them. Never past the reach that takes every one of them
    /// (`quantileReach` of 1): a fitted tail longer than the examples' own would loosen the threshold
    /// beyond `--coverage 1`'s. An example held out with no template of its gesture left is at an
    /// infinite distance: it counts, and the fit takes the rest's share of `coverage`; one at 0 (an
    /// example repeated) is taken at any reach, and has no logarithm. `nil` where there is nothing to
    /// fit: fewer than `fewestFitted` distances above 0, no spread, or a share the fit never reaches (all
    /// of them); the caller reads the reach off the examples then.
    static func fittedReach(_ own: [Double], coverage: Double) -> Double? {
        let positive = own.filter { $0.isFinite && $0 > 0 }
        let zeros = own.filter { $0 == 0 }.count
        let share = (coverage * Double(own.count) - Double(zeros)) / Double(max(1, positive.count))
        guard positive.count >= fewestFitted, share > 0, share < 1 else { return nil }
        let logs = positive.map { log($0) }
        let centre = median(logs)
        let spread = 1.4826 * median(logs.map { abs($0 - centre) })
        guard spread > 0 else { return nil }
        let every = quantileReach(positive, coverage: 1)!
        return min(exp(centre + spread * normalQuantile(share)), every)
    }

    /// The fewest held-out distances above 0 a log-normal is fitted to.
    public static let fewestFitted = 8

    /// The middle value of `values` (not empty); the mean of the two middle ones of an even count.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let half = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2
    }

    /// The standard normal distribution's quantile at `p` (0 < p < 1): where its cumulative
    /// probability, ½ erfc(−z / √2), is `p`, by bisection (to about 1e-12).
    static func normalQuantile(_ p: Double) -> Double {
        var low = -40.0
        var high = 40.0
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if erfc(-middle / 2.0.squareRoot()) / 2 < p { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// The least distance below which at least `coverage` of a gesture's own held-out distances fall
    /// (halfway to the next larger one, as `threshold` does); when that takes the largest, as far past
    /// it as `threshold` reaches without negatives. `nil` when no distance can take that share: an
    /// example held out with no template of its gesture left (all its examples in one group) is at
    /// an infinite distance, and counts.
    static func quantileReach(_ own: [Double], coverage: Double) -> Double? {
        let sorted = own.sorted()
        guard !sorted.isEmpty else { return nil }
        let index = min(sorted.count - 1, max(0, Int((coverage * Double(sorted.count) - 1e-9).rounded(.up)) - 1))
        guard sorted[index].isFinite else { return nil }
        // Halfway to the next larger one, so that distances tied with the last one taken are taken too.
        guard let next = sorted[(index + 1)...].first(where: { $0 > sorted[index] }), next.isFinite else {
            return sorted[index] * 1.1 + 1
        }
        return (sorted[index] + next) / 2
    }
}

/// How templates are matched, as a templates file's `algorithm` and `gesture learn --algorithm` name
/// it (the raw value): point clouds matched as `$P` does (`p`), the same with `$Q`'s pruning (`q`),
/// point clouds with their turning angles after `$P+` (`p+`, with the same pruning), the same with
/// each point's orientation too (`p+o`), or `$1`'s unistroke matching (`1`), for comparison.
public enum TemplateAlgorithm: String, Sendable, Hashable, CaseIterable {
    case p, q
    case plus = "p+"
    /// `p+` with each point's orientation too (`TurningCloud`): this project's addition.
    case oriented = "p+o"
    case one = "1"

    /// Whether clouds are matched with their turning angles (`TurningCloud`).
    var turns: Bool { self == .plus || self == .oriented }

    /// `points` (a cloud's, in order) as this matcher compares them with turning angles.
    func turningCloud(_ points: [Point]) -> TurningCloud { TurningCloud(points, oriented: self == .oriented) }

    /// How it matches, for a recognizer's summary.
    var matching: String {
        switch self {
        case .plus: "matched as point clouds with their turning angles ($P+)"
        case .oriented:
            "matched as point clouds with their turning angles ($P+) and, this tool's addition, orientations (p+o)"
        case .p, .q: "matched as point clouds ($P/$Q)"
        case .one: "matched as one stroke ($1)"
        }
    }

    /// The points a template has.
    public var points: Int { self == .one ? Unistroke.count : PointCloud.count }

    /// Where a template's coordinates lie.
    var range: ClosedRange<Double> {
        self == .one ? -Unistroke.size / 2...Unistroke.size * 1.5 : 0...Double(PointCloud.gridSize - 1)
    }

    /// The normalised points of `strokes`, or nil when they have no length.
    func normalized(_ strokes: [[Point]]) -> [Point]? {
        self == .one ? Unistroke(strokes: strokes)?.points : PointCloud(strokes: strokes)?.points
    }

    /// The distance from a candidate's normalised points to a template's, or nil when not below `limit`.
    func distance(_ candidate: [Point], to template: [Point], below limit: Double = .infinity) -> Double? {
        switch self {
        case .one: Unistroke(points: candidate).distance(to: Unistroke(points: template), below: limit)
        case .p: PointCloud(points: candidate).distance(to: PointCloud(points: template), below: limit, prunes: false)
        case .q: PointCloud(points: candidate).distance(to: PointCloud(points: template), below: limit)
        case .plus, .oriented: turningCloud(candidate).distance(to: turningCloud(template), below: limit)
        }
    }
}
