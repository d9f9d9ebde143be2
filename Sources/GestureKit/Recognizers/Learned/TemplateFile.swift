/// A learned recognizer's templates file (issue 18; `docs/templates.md`): what `gesture learn` writes
/// and `--templates` will read. JSON, versioned, one template a line so that a diff shows which changed:
///
///     {"format": "gesture-templates", "version": 1, "id": "shapes", "algorithm": "p", "points": 32,
///      "maximumFalseAlarms": 0.01, "crossValidation": "leave-one-group-out",
///      "source": {"paths": ["strokes/"], "examples": 60, "negatives": 10, "groups": 5},
///      "gestures": [{"name": "star", "threshold": 812.5, "recall": 0.97, "falseAlarms": 0.004,
///                    "strokes": 1, "examples": 30, "templates": [[31.5, 0, 40.2, 12.7, …], …]}]}
///
/// A template is its cloud's `points` points on `PointCloud`'s grid (0 to 63 each way), as x, y pairs
/// to one decimal; a threshold is a cloud distance in that grid's squared units.
public struct TemplateFile: Sendable, Hashable {
    public static let format = "gesture-templates"
    public static let version = 1
    /// The most templates one file may hold, all its gestures together: each costs `bytesPerTemplate`
    /// once read (its `$Q` table of lower bounds, `CloudBounds`), so this is about 800 MB, far more
    /// than any gesture needs (a few KB of file each; all 2,880 `dollar1` examples as templates are
    /// 2,880).
    public static let maximumTemplates = 25_000
    /// The most memory a template takes once read: its table of lower bounds, a double a cell.
    public static let bytesPerTemplate = PointCloud.gridSize * PointCloud.gridSize * 8

    /// The learned recognizer's id in the registry.
    public var id: String
    /// How the templates are matched (`q` where the file does not say: the first files' matcher).
    public var algorithm = TemplateAlgorithm.q
    public var points = PointCloud.count
    /// The false-alarm rate the thresholds were chosen for.
    public var maximumFalseAlarms: Double
    /// The share of each gesture's own held-out examples its threshold was held to take, no more
    /// (`gesture learn --coverage`); `nil` when the false alarms alone chose it.
    public var coverage: Double?
    /// How the coverage's reach was found: `log-normal` when fitted to the gesture's own held-out
    /// distances (`gesture learn --coverage-fit`); `nil` when read off them (or without a coverage).
    public var coverageFit: String?
    /// With `coverageFit`, the gestures whose reach was read off their held-out distances all the
    /// same, too few or all alike to fit (`TemplateLearner.fewestFitted`); `nil` when none was.
    public var coverageReadOff: [String]?
    /// The one fit `coverageFit` names.
    public static let logNormal = "log-normal"
    /// Each way examples were mirrored (`gesture learn --mirror-negatives`), the gestures whose
    /// mirror images were taught as negatives; `nil` when none were mirrored.
    public var mirrored: [TemplateLearner.Mirror.Axis: [String]]?
    /// `leave-one-group-out` (groups known) or `leave-one-out`.
    public var crossValidation: String
    public var source: Source
    public var gestures: [Gesture]

    /// Where the examples came from.
    public struct Source: Sendable, Hashable {
        public var paths: [String]
        public var examples: Int
        public var negatives: Int
        /// How many groups (people) the examples came in, when known.
        public var groups: Int?

        public init(paths: [String], examples: Int, negatives: Int, groups: Int?) {
            (self.paths, self.examples, self.negatives, self.groups) = (paths, examples, negatives, groups)
        }
    }

    public struct Gesture: Sendable, Hashable {
        public var name: String
        public var threshold: Double
        /// Cross-validated recall and false-alarm rate at the threshold.
        public var recall: Double
        public var falseAlarms: Double
        /// The most strokes an example had.
        public var strokes: Int
        public var examples: Int
        /// Each template's points on the grid.
        public var templates: [[Point]]
        /// The example file each template was made from, in order (empty when not known).
        public var sources: [String]

        public init(
            name: String, threshold: Double, recall: Double, falseAlarms: Double, strokes: Int, examples: Int,
            templates: [[Point]], sources: [String] = []
        ) {
            (self.name, self.threshold, self.recall, self.falseAlarms) = (name, threshold, recall, falseAlarms)
            (self.strokes, self.examples, self.templates, self.sources) = (strokes, examples, templates, sources)
        }
    }

    public init(
        id: String, maximumFalseAlarms: Double, crossValidation: String, source: Source, gestures: [Gesture]
    ) {
        (self.id, self.maximumFalseAlarms, self.crossValidation) = (id, maximumFalseAlarms, crossValidation)
        (self.source, self.gestures) = (source, gestures)
    }

    /// The file's text: its fields in a fixed order, a template a line.
    public var text: String {
        func number(_ value: Double) -> String { JSONValue.number(value).text }
        func string(_ value: String) -> String { JSONValue.string(value).text }
        var out = "{\n  \"format\": \(string(Self.format)),\n  \"version\": \(Self.version),\n"
        out += "  \"id\": \(string(id)),\n  \"algorithm\": \(string(algorithm.rawValue)),\n  \"points\": \(points),\n"
        out += "  \"maximumFalseAlarms\": \(number(maximumFalseAlarms)),\n"
        if let coverage { out += "  \"coverage\": \(number(coverage)),\n" }
        if let coverageFit { out += "  \"coverageFit\": \(string(coverageFit)),\n" }
        if let coverageReadOff {
            out += "  \"coverageReadOff\": [\(coverageReadOff.map(string).joined(separator: ", "))],\n"
        }
        if let mirrored {
            let ways = mirrored.sorted { $0.key < $1.key }.map {
                "\(string($0.key.rawValue)): [\($0.value.map(string).joined(separator: ", "))]"
            }
            out += "  \"mirrored\": {\(ways.joined(separator: ", "))},\n"
        }
        out += "  \"crossValidation\": \(string(crossValidation)),\n"
        out += "  \"source\": {\"paths\": [\(source.paths.map(string).joined(separator: ", "))], "
        out += "\"examples\": \(source.examples), \"negatives\": \(source.negatives), "
        out += "\"groups\": \(source.groups.map(String.init) ?? "null")},\n"
        out += "  \"gestures\": ["
        for (index, gesture) in gestures.enumerated() {
            out += index == 0 ? "\n" : ",\n"
            out += "    {\"name\": \(string(gesture.name)), \"threshold\": \(number(Self.rounded(gesture.threshold))), "
            out += "\"recall\": \(number(Self.rounded(gesture.recall, 4))), "
            out += "\"falseAlarms\": \(number(Self.rounded(gesture.falseAlarms, 4))), "
            out += "\"strokes\": \(gesture.strokes), \"examples\": \(gesture.examples),"
            if !gesture.sources.isEmpty {
                out += "\n     \"sources\": [\(gesture.sources.map(string).joined(separator: ", "))],\n    "
            }
            out += " "
            out += "\"templates\": ["
            for (k, template) in gesture.templates.enumerated() {
                out += k == 0 ? "\n" : ",\n"
                out +=
                    "      ["
                    + template.map { "\(number(Self.rounded($0.x, 1))), \(number(Self.rounded($0.y, 1)))" }
                    .joined(separator: ", ") + "]"
            }
            out += "\n    ]}"
        }
        out += "\n  ]\n}\n"
        return out
    }

    public static func rounded(_ value: Double, _ decimals: Int = 2) -> Double {
        let scale = [1.0, 10, 100, 1_000, 10_000][decimals]
        // Scaled, a number past about 1e304 would be infinite, and written as null. Past 2^53 every
        // double is whole: there is nothing to round.
        guard abs(value) < 0x1p53 else { return value }
        return (value * scale).rounded() / scale
    }
}

/// What is wrong with a templates file, placed at `file:line:column` when it is about one part.
public struct TemplateFileError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public var file: String
    public var position: SourcePosition?

    public var description: String {
        guard let position else { return "\(file): error: \(message)" }
        return "\(file):\(position.line):\(position.column): error: \(message)"
    }
}

extension TemplateFile {
    /// Reads a templates file. Every mistake is an error placed at the value it is about: a file that
    /// is not JSON, another format or version, a missing or unknown field, a value of the wrong type or
    /// out of range, two gestures of one name, a template of the wrong size or off the grid.
    public static func read(bytes: [UInt8], file: String) throws(TemplateFileError) -> TemplateFile {
        try readPlaced(bytes: bytes, file: file).file
    }

    /// `read(bytes:file:)`, with where each gesture's name (a byte offset, made a line and column only
    /// for an error: each from the start, for 20,000 names, took a minute) and the id are.
    static func readPlaced(bytes: [UInt8], file: String) throws(TemplateFileError)
        -> (file: TemplateFile, names: [Int], id: SourcePosition?)
    {
        let document: LocatedJSON
        do {
            document = try LocatedJSON.parse(bytes, file: file)
        } catch {
            throw TemplateFileError(message: error.message, file: file, position: error.position)
        }
        let result = try TemplateReader(bytes: bytes, file: file).file(document)
        let names = (document["gestures"]?.value.items ?? []).compactMap { $0["name"]?.value.offset }
        return (
            result, names,
            document["id"].map { SourcePosition(of: $0.value.offset, in: bytes) }
        )
    }
}

/// Reads one templates file's parsed JSON, placing each error at its value.
private struct TemplateReader {
    let bytes: [UInt8]
    let file: String

    func error(_ message: String, at value: LocatedJSON) -> TemplateFileError {
        TemplateFileError(message: message, file: file, position: SourcePosition(of: value.offset, in: bytes))
    }

    func object(_ value: LocatedJSON, _ what: String, keys: [String], required: [String]) throws(TemplateFileError)
        -> [String: LocatedJSON]
    {
        guard let members = value.members else { throw error("\(what) must be an object", at: value) }
        var found: [String: LocatedJSON] = [:]
        for member in members {
            guard keys.contains(member.key) else {
                let keyPlace = LocatedJSON(content: .null, offset: member.keyOffset)
                throw error(
                    "unknown field \"\(DiagnosticText.name(member.key))\" in \(what): expected one of "
                        + keys.joined(separator: ", "), at: keyPlace)
            }
            guard found[member.key] == nil else {
                throw error("\"\(member.key)\" is given twice in \(what)", at: member.value)
            }
            found[member.key] = member.value
        }
        for key in required where found[key] == nil {
            throw error("\(what) has no \"\(key)\"", at: value)
        }
        return found
    }

    func string(_ value: LocatedJSON, _ what: String) throws(TemplateFileError) -> String {
        guard let text = value.stringValue else { throw error("\(what) must be a string", at: value) }
        return text
    }

    func number(_ value: LocatedJSON, _ what: String, from low: Double, to high: Double = .infinity)
        throws(TemplateFileError) -> Double
    {
        guard case .number(let n) = value.content else { throw error("\(what) must be a number", at: value) }
        guard n >= low, n <= high else {
            let range =
                high.isFinite
                ? "from \(Format.number(low)) to \(Format.number(high))" : "at least \(Format.number(low))"
            throw error("\(what) must be \(range), found \(Self.found(n))", at: value)
        }
        return n
    }

    /// A number as found, unrounded: `63.0000001` is not `63`, nor `1.0000001` `1`.
    static func found(_ n: Double) -> String { n.isFinite ? Format.jsonNumber(n) : Format.number(n) }

    func integer(_ value: LocatedJSON, _ what: String, from low: Int) throws(TemplateFileError) -> Int {
        let n = try number(value, what, from: Double(low), to: 1e9)
        guard n == n.rounded() else {
            throw error("\(what) must be a whole number, found \(Self.found(n))", at: value)
        }
        return Int(n)
    }

    /// The format or the version, which must be this reader's.
    func check(_ key: String, _ value: LocatedJSON) throws(TemplateFileError) {
        if key == "format" {
            let format = try string(value, "\"format\"")
            guard format == TemplateFile.format else {
                throw error(
                    "\"format\" is \"\(DiagnosticText.escaped(format))\": a templates file's is \"\(TemplateFile.format)\"",
                    at: value)
            }
        } else {
            // Any other version, whatever its number, is named as found with the one this reads.
            let version: Int
            do throws(TemplateFileError) {
                version = try integer(value, "\"version\"", from: 1)
            } catch {
                let found: String
                switch value.content {
                case .number(let n): found = Self.found(n)
                case .string(let text): found = "\"\(DiagnosticText.escaped(text))\""
                default: throw error
                }
                throw self.error(
                    "unknown version \(found): this gesture reads templates files of version \(TemplateFile.version)",
                    at: value)
            }
            guard version == TemplateFile.version else {
                throw error(
                    "unknown version \(version): this gesture reads templates files of version \(TemplateFile.version)",
                    at: value)
            }
        }
    }

    func file(_ document: LocatedJSON) throws(TemplateFileError) -> TemplateFile {
        // A trace given where a templates file belongs.
        if let members = document.members, members.contains(where: { $0.key == "samples" }),
            !members.contains(where: { $0.key == "format" })
        {
            throw error(
                "this is a trace, not a templates file: `gesture learn EXAMPLES… --out FILE` makes one from traces",
                at: document)
        }
        // A config file, or `gesture list --format json`'s output, where a templates file belongs.
        if let members = document.members, !members.contains(where: { $0.key == "format" }),
            members.contains(where: { FileKeys.configOrList.contains($0.key) })
        {
            throw error("this is a config file, not a templates file: give it with --config FILE", at: document)
        }
        // Another format or version first: its fields may be anything.
        for member in document.members ?? [] where member.key == "format" || member.key == "version" {
            try check(member.key, member.value)
        }
        let fields = try object(
            document, "a templates file",
            keys: [
                "format", "version", "id", "algorithm", "points", "maximumFalseAlarms", "coverage", "coverageFit",
                "coverageReadOff", "mirrored", "crossValidation",
                "source", "gestures",
            ], required: ["format", "version", "id", "gestures"])
        let id = try string(fields["id"]!, "\"id\"")
        guard RecognizerDefinition.isRecognizerID(id) else {
            throw error(
                "\"id\" must be letters, digits, - and _, found \"\(DiagnosticText.escaped(id))\"", at: fields["id"]!)
        }
        var result = TemplateFile(
            id: id, maximumFalseAlarms: 0.01, crossValidation: "leave-one-out",
            source: .init(paths: [], examples: 0, negatives: 0, groups: nil), gestures: [])
        if let algorithm = fields["algorithm"] {
            let name = try string(algorithm, "\"algorithm\"")
            guard let known = TemplateAlgorithm(rawValue: name) else {
                throw error(
                    "unknown algorithm \"\(DiagnosticText.escaped(name))\": expected p, q, p+ or p+o (point clouds) or 1 ($1)",
                    at: algorithm)
            }
            result.algorithm = known
        }
        if let points = fields["points"] {
            result.points = try integer(points, "\"points\"", from: 2)
            let expected = result.algorithm.points
            guard result.points == expected else {
                throw error(
                    "\"points\" must be \(expected), the templates' size for algorithm \(result.algorithm.rawValue), found \(result.points)",
                    at: points)
            }
        } else {
            result.points = result.algorithm.points
        }
        if let rate = fields["maximumFalseAlarms"] {
            result.maximumFalseAlarms = try number(rate, "\"maximumFalseAlarms\"", from: 0, to: 1)
        }
        if let coverage = fields["coverage"] {
            let share = try number(coverage, "\"coverage\"", from: -.infinity)
            guard share > 0, share <= 1 else {
                throw error("\"coverage\" must be above 0 and at most 1, found \(Self.found(share))", at: coverage)
            }
            result.coverage = share
        }
        if let fit = fields["coverageFit"] {
            let name = try string(fit, "\"coverageFit\"")
            guard name == TemplateFile.logNormal else {
                throw error(
                    "unknown \"coverageFit\" \"\(DiagnosticText.escaped(name))\": expected \(TemplateFile.logNormal)",
                    at: fit)
            }
            guard result.coverage != nil else {
                throw error("\"coverageFit\" without a \"coverage\": it says how a coverage's reach was found", at: fit)
            }
            result.coverageFit = name
        }
        var readOffAt: [(name: String, at: LocatedJSON)] = []
        if let readOff = fields["coverageReadOff"] {
            guard result.coverageFit != nil else {
                throw error(
                    "\"coverageReadOff\" without a \"coverageFit\": it names the gestures the fit could not be made for",
                    at: readOff)
            }
            result.coverageReadOff = try names(readOff, "coverageReadOff", "a gesture read off", placed: &readOffAt)
            guard result.coverageReadOff?.isEmpty == false else {
                throw error("\"coverageReadOff\" names no gesture: leave it out when every one was fitted", at: readOff)
            }
        }
        var mirroredAt: [(name: String, at: LocatedJSON)] = []
        if let mirrored = fields["mirrored"] {
            let ways = try object(mirrored, "\"mirrored\"", keys: ["leftRight", "topBottom"], required: [])
            result.mirrored = [:]
            for axis in TemplateLearner.Mirror.Axis.allCases {
                guard let value = ways[axis.rawValue] else { continue }
                result.mirrored![axis] = try names(value, axis.rawValue, "a gesture mirrored", placed: &mirroredAt)
            }
        }
        if let method = fields["crossValidation"] {
            result.crossValidation = try string(method, "\"crossValidation\"")
            guard ["leave-one-group-out", "leave-one-out"].contains(result.crossValidation) else {
                throw error("\"crossValidation\" must be leave-one-group-out or leave-one-out", at: method)
            }
        }
        if let source = fields["source"] {
            let parts = try object(
                source, "\"source\"", keys: ["paths", "examples", "negatives", "groups"], required: [])
            if let paths = parts["paths"] {
                guard let items = paths.items else { throw error("\"paths\" must be an array of strings", at: paths) }
                for item in items { result.source.paths.append(try string(item, "a path")) }
            }
            if let examples = parts["examples"] {
                result.source.examples = try integer(examples, "\"examples\"", from: 0)
            }
            if let negatives = parts["negatives"] {
                result.source.negatives = try integer(negatives, "\"negatives\"", from: 0)
            }
            // null when the groups were not known; anything but a count or null is a wrong type.
            if let groups = parts["groups"], groups.plain != .null {
                result.source.groups = try integer(groups, "\"groups\"", from: 0)
            }
        }
        let gestures = fields["gestures"]!
        guard let items = gestures.items, !items.isEmpty else {
            throw error("\"gestures\" must be an array of at least one gesture", at: gestures)
        }
        var seen: Set<String> = []
        var seenInAnyCase: Set<String> = []
        var total = 0
        for item in items {
            let gesture = try self.gesture(item, result.algorithm)
            let place = item["name"]?.value ?? item
            guard seen.insert(gesture.name).inserted else {
                throw error("gesture \"\(DiagnosticText.escaped(gesture.name))\" is given twice", at: place)
            }
            guard seenInAnyCase.insert(gesture.name.lowercased()).inserted else {
                throw error(
                    "gesture \"\(DiagnosticText.escaped(gesture.name))\" differs from another only in case: "
                        + "labels name gestures in any case", at: place)
            }
            result.gestures.append(gesture)
            total += gesture.templates.count
            guard total <= TemplateFile.maximumTemplates else {
                throw error(
                    "\(total) templates or more: a file may hold at most \(TemplateFile.maximumTemplates) (each takes up "
                        + "to \(TemplateFile.bytesPerTemplate >> 10) KB once read, its table of lower bounds)",
                    at: item)
            }
        }
        for (key, placed) in [("mirrored", mirroredAt), ("coverageReadOff", readOffAt)] {
            if let stranger = placed.first(where: { !seen.contains($0.name) }) {
                throw error(
                    "\"\(key)\" names \"\(DiagnosticText.escaped(stranger.name))\", which is none of the file's gestures",
                    at: stranger.at)
            }
        }
        return result
    }

    /// The gesture names of array `value` (the field `key`), each once; each with where it is, in
    /// `placed`, for the check that the file teaches it.
    func names(_ value: LocatedJSON, _ key: String, _ what: String, placed: inout [(name: String, at: LocatedJSON)])
        throws(TemplateFileError) -> [String]
    {
        guard let items = value.items else { throw error("\"\(key)\" must be an array of gesture names", at: value) }
        var names: [String] = []
        for item in items {
            let name = try string(item, what)
            guard !names.contains(name) else {
                throw error("\"\(key)\" names \"\(DiagnosticText.escaped(name))\" twice", at: item)
            }
            names.append(name)
            placed.append((name, item))
        }
        return names
    }

    func gesture(_ value: LocatedJSON, _ matcher: TemplateAlgorithm) throws(TemplateFileError) -> TemplateFile.Gesture {
        let fields = try object(
            value, "a gesture",
            keys: ["name", "threshold", "recall", "falseAlarms", "strokes", "examples", "sources", "templates"],
            required: ["name", "threshold", "strokes", "templates"])
        let name = try string(fields["name"]!, "a gesture's \"name\"")
        guard RecognizerDefinition.isGestureName(name), name.lowercased() != TemplateLearner.negative else {
            throw error(
                "a gesture's name must not be empty or \"none\", nor contain \(RecognizerDefinition.forbiddenInNames), found \"\(DiagnosticText.escaped(name))\"",
                at: fields["name"]!)
        }
        let threshold = try number(fields["threshold"]!, "\"threshold\"", from: 0)
        let templates = fields["templates"]!
        guard let items = templates.items, !items.isEmpty else {
            throw error("\"templates\" must be an array of at least one template", at: templates)
        }
        let (low, high) = (matcher.range.lowerBound, matcher.range.upperBound)
        var clouds: [[Point]] = []
        for item in items {
            guard let numbers = item.items, numbers.count == 2 * matcher.points else {
                throw error(
                    "a template must be an array of \(2 * matcher.points) numbers (\(matcher.points) x, y pairs)",
                    at: item)
            }
            var points: [Point] = []
            for k in stride(from: 0, to: numbers.count, by: 2) {
                let x = try number(numbers[k], "a template's x", from: low, to: high)
                let y = try number(numbers[k + 1], "a template's y", from: low, to: high)
                points.append(Point(x: x, y: y))
            }
            clouds.append(points)
        }
        // Each template is one of the examples: fewer examples than templates is a file at odds with itself.
        if let given = fields["examples"], case let examples = try integer(given, "\"examples\"", from: 0),
            examples < items.count
        {
            throw error(
                "\"examples\" must be \(items.count) or more, as each of the gesture's \(items.count) templates is one of "
                    + "its examples, found \(examples)", at: given)
        }
        var sources: [String] = []
        if let list = fields["sources"] {
            guard let paths = list.items, paths.count == items.count else {
                throw error("\"sources\" must be an array of a path for each template (\(items.count))", at: list)
            }
            for path in paths { sources.append(try string(path, "a source path")) }
        }
        return TemplateFile.Gesture(
            name: name, threshold: threshold,
            recall: try fields["recall"].map { v throws(TemplateFileError) in
                try number(v, "\"recall\"", from: 0, to: 1)
            } ?? 0,
            falseAlarms: try fields["falseAlarms"].map { v throws(TemplateFileError) in
                try number(v, "\"falseAlarms\"", from: 0, to: 1)
            } ?? 0,
            strokes: try integer(fields["strokes"]!, "\"strokes\"", from: 1),
            examples: try fields["examples"].map { v throws(TemplateFileError) in
                try integer(v, "\"examples\"", from: 0)
            }
                ?? items.count,
            templates: clouds, sources: sources)
    }
}
