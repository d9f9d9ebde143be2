import Foundation

/// The gestures a templates file teaches (`gesture learn`, `docs/templates.md`), as a registry entry
/// shows them: where they came from, and each gesture's templates and threshold.
public struct LearnedGestures: Sendable, Hashable {
    /// The templates file, as it was named.
    public var file: String
    /// A fingerprint (FNV-1a) of what the file says (`TemplateFile/text`: templates, thresholds, every
    /// field), wherever it is: a batch run's settings are of it, not of `file`.
    public var contents: UInt64 = 0
    /// How its templates are matched.
    public var algorithm: TemplateAlgorithm
    /// The false-alarm rate the thresholds were chosen for (`gesture learn --max-false-alarms`).
    public var maximumFalseAlarms: Double
    /// The share of each gesture's own held-out examples its threshold was held to take
    /// (`gesture learn --coverage`); `nil` when the false alarms alone chose it.
    public var coverage: Double?
    /// `log-normal` when the coverage's reach was fitted (`gesture learn --coverage-fit`), else `nil`.
    public var coverageFit: String? = nil
    /// With `coverageFit`, the gestures whose reach was read off their distances, too few to fit.
    public var coverageReadOff: [String]? = nil
    /// Each way examples were mirrored (`gesture learn --mirror-negatives`), the gestures whose
    /// mirror images were taught as negatives; `nil` when none were mirrored.
    public var mirrored: [TemplateLearner.Mirror.Axis: [String]]? = nil
    /// How the thresholds were cross-validated: `leave-one-group-out` or `leave-one-out`.
    public var crossValidation: String
    public var gestures: [Gesture]
    /// What the file says it was learned from, as `learn` was given it: the files and folders
    /// (`source.paths`) and each template's example (`sources`). Paths from the folder `learn` ran in.
    public var examples = Examples()
    /// The least extent, in points, a learned recognizer judges by default (`minimumSize`): a touch
    /// that stays within 10 pt is a tap or a hold to UIKit, not a drawing.
    public static let defaultMinimumSize = 10.0

    /// The files and folders a templates file was learned from, and its templates' examples.
    public struct Examples: Sendable, Hashable {
        /// `source.paths` and the templates' `sources`, as `tidied` writes them.
        public private(set) var paths: [String] = []
        public private(set) var templateSources: Set<String> = []
        /// The same made absolute from the current folder (`absolute`), as bytes, for `contains`: a
        /// batch looks up each of its traces, and a `String` compares and hashes by canonical
        /// equivalence.
        private var pathBytes: [[UInt8]] = []
        private var sourceBytes: Set<[UInt8]> = []
        private var folder: [UInt8] = []

        public init(paths: [String] = [], templateSources: [String] = []) {
            self.paths = paths.map(Self.tidied)
            self.templateSources = Set(templateSources.map(Self.tidied))
            guard !paths.isEmpty || !templateSources.isEmpty else { return }
            folder = Array(FileManager.default.currentDirectoryPath.utf8)
            pathBytes = self.paths.map { Self.absolute($0, from: folder) }
            sourceBytes = Set(self.templateSources.map { Self.absolute($0, from: folder) })
        }

        /// Whether `path`, as a walk names it, is one of the examples: a template's, or a file within
        /// (or given as) one of the paths learned from. Both are made absolute from the current
        /// folder, so `./ex/p1/a.json`, `ex/p1/../p1/a.json` and `/home/me/ex/p1/a.json` are one path;
        /// but a run from another folder than `learn`'s reads the file's relative paths from its own.
        public func contains(_ path: String) -> Bool {
            guard !pathBytes.isEmpty || !sourceBytes.isEmpty else { return false }
            let bytes = Self.absolute(path, from: folder)
            if sourceBytes.contains(bytes) { return true }
            let slash = UInt8(ascii: "/")
            return pathBytes.contains { root in
                root == [slash]
                    || (bytes.starts(with: root) && (bytes.count == root.count || bytes[root.count] == slash))
            }
        }

        /// `path` from `folder` (an absolute path) when it is relative, its `.` and `..` parts and
        /// repeated `/` resolved as written (not through links): `/home/me/ex/p1`.
        static func absolute(_ path: String, from folder: [UInt8]) -> [UInt8] {
            let slash = UInt8(ascii: "/")
            let dot = UInt8(ascii: ".")
            let full = path.utf8.first == slash ? Array(path.utf8) : folder + [slash] + Array(path.utf8)
            var result: [UInt8] = []
            result.reserveCapacity(full.count)
            var i = 0
            while i < full.count {
                while i < full.count, full[i] == slash { i += 1 }
                let start = i
                while i < full.count, full[i] != slash { i += 1 }
                let length = i - start
                if length == 0 || (length == 1 && full[start] == dot) { continue }
                if length == 2, full[start] == dot, full[start + 1] == dot {
                    result.removeSubrange((result.lastIndex(of: slash) ?? 0)...)
                    continue
                }
                result.append(slash)
                result.append(contentsOf: full[start..<i])
            }
            return result.isEmpty ? [slash] : result
        }

        /// Whether a path has nothing for `tidied` to leave out: no `./`, `//` or `/.` at its end, nor
        /// `/` at its end (but `/` itself) — what `learn` writes, and most paths a walk names. Bytes: a
        /// `String`'s search is by canonical equivalence, and a templates file names a hundred sources.
        static func isTidy(_ utf8: String.UTF8View) -> Bool {
            let (slash, dot) = (UInt8(ascii: "/"), UInt8(ascii: "."))
            let b = Array(utf8)
            guard let last = b.last else { return false }
            if b == [slash] { return true }
            if last == slash || b == [dot] || b.starts(with: [dot, slash]) { return false }
            if b.count >= 2, last == dot, b[b.count - 2] == slash { return false }
            for i in b.indices.dropFirst() where b[i] == slash {
                if b[i - 1] == slash || (b[i - 1] == dot && (i == 1 || b[i - 2] == slash)) { return false }
            }
            return true
        }

        /// `path` without `.` parts and repeated `/`: as `learn` writes `source.paths`.
        public static func tidied(_ path: String) -> String {
            guard !path.isEmpty, !isTidy(path.utf8) else { return path }
            let parts = path.split(separator: "/").filter { $0 != "." }.joined(separator: "/")
            return path.hasPrefix("/") ? "/" + parts : parts.isEmpty ? "." : parts
        }
    }

    public struct Gesture: Sendable, Hashable {
        public var name: String
        public var templates: Int
        /// The cloud distance a stroke must be below to be recognized (strictly: at it is too far), before
        /// `thresholdScale`.
        public var threshold: Double
        /// What `gesture learn` measured, cross-validated.
        public var recall: Double
        public var falseAlarms: Double
        public var strokes: Int
    }
}

/// A recognizer learned from examples: it judges the whole gesture, every stroke of it, against the
/// templates of a templates file, and recognizes the nearest gesture when it is within that gesture's
/// threshold and clearly nearer than any other.
///
/// It waits, after every touch has lifted, `timeWindow` for another stroke (so an `x` or a star in two
/// strokes is judged whole, across touch sequences); when every template has one stroke
/// (`maximumStrokes` 1) it judges on the lift. Strokes are matched as point clouds (`$P`, with `$Q`'s
/// pruning: `PointCloud`), so their number, order and direction do not matter.
struct LearnedRecognizer: Recognizer {
    typealias FailureCode = LearnedFailureCode

    /// What every copy shares: the templates, and the values of the parameters.
    struct Model: Sendable {
        var names: [String] = []
        /// Per gesture, its templates.
        var templates: [[CloudTemplate]] = [] {
            didSet { templateCount = templates.reduce(0) { $0 + $1.count } }
        }
        private(set) var templateCount = 0
        /// Per gesture, its threshold times `thresholdScale`.
        var thresholds: [Double] = []
        /// Per gesture, how far its nearest template is looked for when a failure is explained:
        /// `searchRange` times its learned threshold, whatever `thresholdScale` (so that the details
        /// of a failure do not depend on it), or its threshold when that is further.
        var searchReach: [Double] = []
        var timeWindow = 0.5
        var maximumStrokes = 1
        var minimumPoints = 5
        var minimumSize = LearnedGestures.defaultMinimumSize
        var ambiguityMargin: Double? = 0.05
        /// `$Q`'s pruning (algorithm `q`), `$P` in full (`p`): the same distances; with turning angles
        /// (`p+`) and orientations (`p+o`); or `$1` (`1`).
        var matcher = TemplateAlgorithm.q
    }

    let model: Model
    /// Every stroke so far, each touch's path from touch down to lift.
    private var strokes: [[Point]] = []
    private var down = 0
    private var started = 0

    /// Never used: a learned recognizer is made by its registry entry, from its templates file. This
    /// one has no gestures and fails everything.
    init(parameters: NoParameters) { model = Model() }

    init(model: Model) { self.model = model }

    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        down += touches.count
        started += touches.count
        if started > model.maximumStrokes {
            context.fail(
                FailureCode.tooManyStrokes,
                "\(started) strokes; the learned gestures have at most \(model.maximumStrokes)",
                measured: Double(started), limit: Double(model.maximumStrokes), unit: .count,
                point: touches[0].location, at: touches[0])
        }
    }

    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches { strokes.append(context.path(of: touch.id)) }
        down -= touches.count
        guard down == 0 else { return }
        if model.maximumStrokes == 1 {
            judge(&context, at: touches[0])
        } else {
            context.setDeadline(at: context.time + model.timeWindow, tag: "window-\(started)")
        }
    }

    mutating func deadlinePassed(_ tag: String, context: inout RecognizerContext) {
        guard down == 0, tag == "window-\(started)" else { return }
        judge(&context, at: nil)
    }

    /// Matches the strokes against every template: the nearest gesture, if within its threshold and
    /// not within `ambiguityMargin` of another gesture that is within its own.
    private func judge(_ context: inout RecognizerContext, at touch: Touch?) {
        let points = strokes.reduce(0) { $0 + $1.count }
        let last = strokes.last?.last
        guard points >= model.minimumPoints, let normalized = model.matcher.normalized(strokes) else {
            return context.fail(
                FailureCode.tooFewPoints,
                "\(points) points; a learned gesture needs \(model.minimumPoints) and a length",
                measured: Double(points), limit: Double(model.minimumPoints), unit: .count, point: last, at: touch)
        }
        // A touch that stays within a few points is a tap or a hold (UIKit's tap allows 10 pt of
        // movement), not a drawing: scaled to a template's size, its jitter would be a random cloud.
        let size = TemplateLearner.Example.size(of: strokes)
        guard size >= model.minimumSize else {
            // As many decimals as tell the two apart: 9.99 pt is not "10 pt across" beside a limit of 10.
            let decimals = Format.decimalsToTellApart(size, model.minimumSize, from: 1)
            return context.fail(
                FailureCode.tooSmall,
                "\(Format.significant(size, decimals: decimals)) pt across; a learned gesture is drawn at least "
                    + "\(Format.significant(model.minimumSize, decimals: 2)) pt across",
                measured: size, limit: model.minimumSize, unit: .points, point: last, at: touch)
        }
        guard !model.names.isEmpty else {
            return context.fail(FailureCode.noCloseTemplate, "no gesture was learned", point: last, at: touch)
        }
        let cloud = PointCloud(points: normalized)
        let unistroke = Unistroke(points: normalized)
        let matcher = model.matcher == .q || model.matcher.turns ? CloudMatcher(cloud, matcher: model.matcher) : nil
        // Every template's lower bound, in the order of `model.templates` (none without pruning): the
        // second search below takes them from here too.
        let bounds = matcher.map { matcher in model.templates.flatMap { $0.map(matcher.bound) } } ?? []
        let explains = context.explainsFailure
        var (best, second) = nearest(
            cloud, matcher, bounds, unistroke, within: explains ? model.searchReach : model.thresholds, exact: explains)
        if !explains {
            // Nothing shows the reason, so the first search looked only within each gesture's
            // threshold (most strokes of other gestures are nowhere near): finding nothing there is
            // the failure `no-close-template` the full search gives too. Finding something, the full
            // search decides, as it does when the reason is shown.
            guard best.gesture >= 0 else {
                return context.fail(
                    FailureCode.noCloseTemplate, "no template is within its gesture's threshold", point: last,
                    details: Self.nothingNear, at: touch)
            }
            (best, second) = nearest(cloud, matcher, bounds, unistroke, within: model.searchReach, exact: true)
        }
        guard best.gesture >= 0 else {
            return context.fail(
                FailureCode.noCloseTemplate,
                "no template is close: none within \(Format.number(Self.searchRange)) times its gesture's learned threshold",
                point: last, details: Self.nothingNear, at: touch)
        }
        let name = model.names[best.gesture]
        let runnerUp: [JSONValue.Member] = [
            .init("runnerUp", second.gesture >= 0 ? .string(model.names[second.gesture]) : .null),
            .init("runnerUpDistance", second.gesture >= 0 ? .number(Self.rounded(second.distance)) : .null),
        ]
        let details: [JSONValue.Member] =
            [.init("gesture", .string(name)), .init("distance", .number(Self.rounded(best.distance)))] + runnerUp
        let threshold = model.thresholds[best.gesture]
        guard best.distance < threshold else {
            return context.fail(
                FailureCode.noCloseTemplate,
                "no template is close enough: the nearest is \(name)'s, at \(Format.number(best.distance, decimals: 1))",
                measured: best.distance, limit: threshold, point: last, details: details, at: touch)
        }
        if let margin = model.ambiguityMargin, second.gesture >= 0,
            second.distance < model.thresholds[second.gesture], second.distance <= best.distance * (1 + margin)
        {
            return context.fail(
                FailureCode.ambiguous,
                "as near \(model.names[second.gesture]) as \(name): \(Format.number(second.distance, decimals: 1)) "
                    + "against \(Format.number(best.distance, decimals: 1))",
                measured: best.distance > 0 ? second.distance / best.distance - 1 : 0, limit: margin, unit: .ratio,
                point: last, details: details, at: touch)
        }
        context.recognize(name, details: details, at: touch)
    }

    /// The nearest gesture and the runner-up. Templates are taken in order of their lower bound
    /// (`bounds`, in the order of `model.templates`; empty without pruning); one matters only if it may
    /// beat its gesture's best when that gesture is the nearest, or the runner-up otherwise; once a
    /// bound reaches the runner-up's distance, none can. First only the templates within their gesture's
    /// cap (`caps`, a distance per gesture): finding none there, nothing is near (and how far is not looked for).
    /// Finding one, and with `exact`, the templates that were left out for their gesture's cap are
    /// looked at too, wherever they may be nearer than the nearest found or within its runner-up
    /// range: a gesture whose threshold is small may be the nearest all the same, and the nearest and
    /// runner-up named are then those of every template, as the learner counted them.
    private func nearest(
        _ cloud: PointCloud, _ matcher: CloudMatcher?, _ bounds: [Double], _ unistroke: Unistroke,
        within caps: [Double], exact: Bool = false
    ) -> (best: (gesture: Int, distance: Double), second: (gesture: Int, distance: Double)) {
        var order: [(bound: Double, gesture: Int, template: Int)] = []
        order.reserveCapacity(model.templateCount)
        // Left out for their gesture's range, to be looked at again when `exact`.
        var beyond: [(bound: Double, gesture: Int, template: Int)] = []
        var k = 0
        for (g, templates) in model.templates.enumerated() {
            let cap = caps[g]
            for t in templates.indices {
                let bound = bounds.isEmpty ? 0 : bounds[k]
                k += 1
                if bound < cap { order.append((bound, g, t)) } else if exact { beyond.append((bound, g, t)) }
            }
        }
        if matcher != nil {
            order.sort { ($0.bound, $0.gesture, $0.template) < ($1.bound, $1.gesture, $1.template) }
        }
        var best = (gesture: -1, distance: Double.infinity)
        var second = (gesture: -1, distance: Double.infinity)
        var own = caps
        func match(_ g: Int, _ t: Int, below limit: Double) -> Double? {
            let template = model.templates[g][t]
            return switch model.matcher {
            case .q, .plus, .oriented: matcher!.distance(to: template, below: limit)
            case .p: cloud.distance(to: template.cloud, below: limit, prunes: false)
            case .one: unistroke.distance(to: Unistroke(points: template.cloud.points), below: limit)
            }
        }
        func take(_ g: Int, _ d: Double) {
            own[g] = d
            if g == best.gesture {
                best.distance = d
            } else if d < best.distance {
                if best.gesture >= 0 { second = best }
                best = (g, d)
            } else {
                second = (g, d)
            }
        }
        /// Looks at one template of `items` (taken in order of their bounds): false once no further one
        /// can matter. One not within its gesture's range alone is kept for the second look
        /// (`keepingLeftOut`): it may be within the nearest's.
        func visit(_ item: (bound: Double, gesture: Int, template: Int), keepingLeftOut: Bool) -> Bool {
            if item.bound >= min(second.distance, best.distance * Self.runnerUpRange) { return false }
            let g = item.gesture
            let limit =
                g == best.gesture ? best.distance : min(own[g], second.distance, best.distance * Self.runnerUpRange)
            guard item.bound < limit else { return true }
            guard let d = match(g, item.template, below: limit) else {
                if keepingLeftOut, limit == caps[g], own[g] == caps[g] { beyond.append(item) }
                return true
            }
            take(g, d)
            return true
        }
        for item in order {
            guard visit(item, keepingLeftOut: exact) else { break }
        }
        if exact, best.gesture >= 0, !beyond.isEmpty {
            // A gesture found nowhere within its range is at no known distance.
            for g in own.indices where own[g] == caps[g] && g != best.gesture && g != second.gesture {
                own[g] = .infinity
            }
            if matcher != nil {
                beyond.sort { ($0.bound, $0.gesture, $0.template) < ($1.bound, $1.gesture, $1.template) }
            }
            for item in beyond {
                guard visit(item, keepingLeftOut: false) else { break }
            }
        }
        // A best overtaken became the runner-up however far it then lies; past the range it is not
        // one (and its distance was not looked at again, nor were others' there).
        if !(second.distance < best.distance * Self.runnerUpRange) { second = (-1, .infinity) }
        return (best, second)
    }

    /// How much further than the nearest gesture a runner-up is looked for: one further away is not
    /// reported (nor could it be ambiguous, within any margin below it), and not looking saves most
    /// of the matching.
    static let runnerUpRange = 1.5

    /// How far the nearest template is looked for, in times its gesture's learned threshold: a stroke further
    /// from every template is nothing near (the failure names no gesture), which most strokes of other
    /// gestures are, and finding how far they are would cost most of the matching.
    static let searchRange = 2.0

    static let nothingNear: [JSONValue.Member] = [
        .init("gesture", .null), .init("distance", .null), .init("runnerUp", .null), .init("runnerUpDistance", .null),
    ]

    static func rounded(_ value: Double) -> Double { (value * 10).rounded() / 10 }
}

/// The failure codes of a learned recognizer.
enum LearnedFailureCode: String, RecognizerFailureCode {
    case noCloseTemplate = "no-close-template"
    case ambiguous
    case tooFewPoints = "too-few-points"
    case tooManyStrokes = "too-many-strokes"
    case tooSmall = "too-small"

    var meaning: String {
        switch self {
        case .noCloseTemplate:
            "the nearest template is at or beyond its gesture's threshold (times thresholdScale); the details name it when some template is within twice its gesture's learned threshold (before thresholdScale)"
        case .ambiguous:
            "another gesture within its own threshold is within ambiguityMargin of the nearest"
        case .tooFewPoints: "fewer than minimumPoints points in all, or no length to compare"
        case .tooManyStrokes: "more strokes than maximumStrokes"
        case .tooSmall: "every stroke together spans less than minimumSize: a tap or a hold, not a drawing"
        }
    }
}

extension LearnedRecognizer {
    /// The registry entry of the gestures `file` teaches, read from `path`: a `template` (it waits
    /// for swipe to fail, and pan waits for it), with the parameters `timeWindow`, `maximumStrokes`, `minimumPoints`,
    /// `minimumSize`, `thresholdScale` and `ambiguityMargin`.
    static func definition(of file: TemplateFile, path: String) -> RecognizerDefinition {
        let strokes = file.gestures.map(\.strokes).max() ?? 1
        let names = file.gestures.map(\.name)
        let parameters = [
            ParameterSpec(
                name: "timeWindow", type: .number, unit: .seconds, minimum: 0,
                meaning: "how long after every touch lifted another stroke may begin (when maximumStrokes > 1)",
                defaultValue: .number(0.5), seed: .number(0.5)),
            ParameterSpec(
                name: "maximumStrokes", type: .integer, unit: .count, minimum: 1,
                meaning: "most strokes a gesture may have; 1 judges on the lift without waiting (the file's most)",
                defaultValue: .integer(strokes), seed: .integer(strokes)),
            ParameterSpec(
                name: "minimumPoints", type: .integer, unit: .count, minimum: 2,
                meaning: "fewest points, over every stroke, a gesture is judged on",
                defaultValue: .integer(5), seed: .integer(5)),
            ParameterSpec(
                name: "minimumSize", type: .number, unit: .points, minimum: 0,
                meaning: "least extent (the larger side of every stroke's bounding box) a gesture is judged on",
                defaultValue: .number(LearnedGestures.defaultMinimumSize),
                seed: .number(LearnedGestures.defaultMinimumSize)),
            ParameterSpec(
                name: "thresholdScale", type: .number, unit: .ratio, minimum: 0,
                meaning: "multiplies every gesture's learned threshold (above 1 recognizes more, and more wrongly)",
                defaultValue: .number(1), seed: .number(1)),
            ParameterSpec(
                name: "ambiguityMargin", type: .number, isOptional: true, unit: .ratio, minimum: 0, maximum: 0.5,
                meaning: "fail when another gesture within its threshold is this much (a fraction) as far again",
                defaultValue: .number(0.05), seed: .number(0.05)),
        ]
        // `$1`'s templates are kept as clouds too, without their bounds' use.
        let algorithm = file.algorithm
        let clouds = file.gestures.map {
            $0.templates.map { CloudTemplate(PointCloud(points: $0), matcher: algorithm) }
        }
        let thresholds = file.gestures.map(\.threshold)
        var definition = RecognizerDefinition(
            id: file.id,
            summary: "gestures learned from examples (\(path)): "
                + "\(names.count) gesture\(names.count == 1 ? "" : "s"), "
                + algorithm.matching,
            gestures: names, capabilities: [.template], requiresFailureOf: [.every(.swipe)], parameters: parameters,
            failureCodes: FailureCode.allCases.map { FailureCodeSpec($0.rawValue, $0.meaning) },
            details: [
                DetailSpec(
                    "gesture", .text(names), nullable: true,
                    "The nearest gesture (recognized, or the one that failed); null when no template is within "
                        + "twice its gesture's learned threshold (before thresholdScale)."),
                DetailSpec(
                    "distance", .number, minimum: 0, nullable: true,
                    "Its cloud distance (squared grid units; 0 is identical)."),
                DetailSpec(
                    "runnerUp", .text(names), nullable: true,
                    "The next nearest gesture, when one is within 1.5 times the nearest's distance; else null."),
                DetailSpec("runnerUpDistance", .number, minimum: 0, nullable: true, "Its cloud distance."),
            ]
        ) { values in
            var model = Model()
            model.names = names
            model.templates = clouds
            model.matcher = algorithm
            let scale = values["thresholdScale"]?.number ?? 1
            model.thresholds = thresholds.map { $0 * scale }
            model.searchReach = thresholds.map { $0 * Swift.max(Self.searchRange, scale) }
            model.timeWindow = values["timeWindow"]?.number ?? 0.5
            if case .integer(let n)? = values["maximumStrokes"] { model.maximumStrokes = n }
            if case .integer(let n)? = values["minimumPoints"] { model.minimumPoints = n }
            model.minimumSize = values["minimumSize"]?.number ?? LearnedGestures.defaultMinimumSize
            model.ambiguityMargin = values["ambiguityMargin"]?.number
            return LearnedRecognizer(model: model)
        }
        definition.learned = LearnedGestures(
            file: path, contents: PathOrder.stableHash(file.text), algorithm: file.algorithm,
            maximumFalseAlarms: file.maximumFalseAlarms,
            coverage: file.coverage, coverageFit: file.coverageFit, coverageReadOff: file.coverageReadOff,
            mirrored: file.mirrored,
            crossValidation: file.crossValidation,
            gestures: file.gestures.map {
                .init(
                    name: $0.name, templates: $0.templates.count, threshold: $0.threshold, recall: $0.recall,
                    falseAlarms: $0.falseAlarms, strokes: $0.strokes)
            },
            examples: .init(paths: file.source.paths, templateSources: file.gestures.flatMap(\.sources)))
        return definition
    }
}
