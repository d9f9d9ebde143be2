import Foundation

extension Configuration {
    /// Applies a `--config` file (`docs/configuration.md` describes it, `docs/config.schema.json` is its
    /// schema):
    ///
    ///     {
    ///       "parameters": {"checkmark": {"jitterTolerance": 2}, "swipe": {"maximumBow": null}},
    ///       "requiresFailureOf": {"swipe": {"add": ["long-press"]}},
    ///       "simultaneous": {"replace": [["checkmark", "circle"]]}
    ///     }
    ///
    /// Every key is optional; unknown keys, recognizers and parameters are errors (with the nearest
    /// name when one is near), and so is a value its parameter does not take (see `set(_:to:for:)`);
    /// `null` switches an optional rule off. A relationship says whether it adds to the defaults or
    /// replaces them; a bare array, as earlier versions wrote, replaces them, with a warning.
    ///
    /// The output of `gesture list --format json` is accepted too (`{"profile": …, "recognizers": […]}`):
    /// each listed recognizer's parameter values, requirements and simultaneous partners are taken,
    /// the descriptive fields ignored; a list of some recognizers describes the relationships among
    /// those only.
    ///
    /// In either form, what concerns a recognizer of the registry that `keepOnly` left out (or a
    /// relationship with one) is skipped, so that one file serves any `--recognizers`; but its
    /// mistakes are mistakes whoever is kept (an unknown parameter, a value out of range, a cycle): with
    /// `keepingOnly`, the file is first read whole, every recognizer kept, and its errors are thrown.
    ///
    /// Values are checked one by one; contradictions between them are left to `check()`, once every
    /// setting is made. Every error and warning names its place, as `FILE:LINE:COLUMN: error: …`;
    /// warnings are added to `warnings`.
    ///
    /// A config file may declare new recognizers, configured instances of the registry's
    /// (`addInstance(_:of:gesture:settings:)`), under `"recognizers"`; `keepingOnly`, when given, is
    /// then applied (`keepOnly(_:)`) after they are declared and before the rest of the file, so that
    /// `--recognizers` may name them; its errors name `--recognizers`.
    public mutating func apply(json bytes: [UInt8], file: String, keepingOnly ids: [String]? = nil)
        throws(ConfigurationError)
    {
        if ids != nil {
            var whole = self
            try whole.applyAll(json: bytes, file: file, keepingOnly: nil)
        }
        // All or nothing: a file with an error left what it set before it.
        var changed = self
        try changed.applyAll(json: bytes, file: file, keepingOnly: ids)
        self = changed
    }

    /// `apply(json:file:keepingOnly:)`, changing `self` as it goes.
    private mutating func applyAll(json bytes: [UInt8], file: String, keepingOnly ids: [String]?)
        throws(ConfigurationError)
    {
        let root: LocatedJSON
        do {
            root = try LocatedJSON.parse(bytes, file: file)
        } catch {
            throw ConfigurationError(error.message, file: file, at: error.position)
        }
        var reader = ConfigFile(bytes: bytes, file: file)
        let members = try reader.object(root, "the top level")
        // `gesture list --format json` always says its profile; a config file never does.
        if members.contains(where: { $0.key == "profile" }) {
            try reader.declareListed(members, in: &self)
            if let ids { try keepOnly(recognizersOption: ids) }
            try reader.applyList(members, to: &self)
        } else {
            // A templates file where a config file belongs (`--config marks.json`): say what it is.
            if members.contains(where: { $0.key == "format" && $0.value.stringValue == TemplateFile.format }) {
                throw reader.fail(
                    "this is a templates file, not a config file: give it with --templates FILE, or name it in a "
                        + "config file's \"templates\"", at: root.offset)
            }
            try reader.checkKeys(members, ConfigFile.configKeys, in: "")
            if let templates = members.first(where: { $0.key == "templates" }) {
                try reader.declareTemplates(templates.value, in: &self)
            }
            if let declared = members.first(where: { $0.key == "recognizers" }) {
                try reader.declare(declared.value, in: &self)
            }
            if let ids { try keepOnly(recognizersOption: ids) }
            try reader.applyConfig(members, to: &self)
        }
    }
}

extension Configuration {
    /// `keepOnly(_:)` for the ids `--recognizers` gives: its errors name the option.
    public mutating func keepOnly(recognizersOption ids: [String]) throws(ConfigurationError) {
        do throws(ConfigurationError) {
            let kept = Set(entries.map(\.id))
            try keepOnly(ids)
            leftOutByOption.formUnion(kept.subtracting(ids))
        } catch {
            throw ConfigurationError("--recognizers: " + error.message)
        }
    }
}

/// Reads a config file's located values into a configuration, placing every error and warning.
private struct ConfigFile {
    let bytes: [UInt8]
    let file: String

    static let configKeys = FileKeys.config
    static let instanceKeys = ["id", "kind", "gesture", "parameters"]
    static let listKeys = FileKeys.list
    /// The fields of a recognizer in `gesture list --format json`: only the relationships and the
    /// parameters are read.
    static let listRecognizerKeys = [
        "id", "kind", "summary", "gestures", "instanceOf", "recognizedAs", "templates", "capabilities",
        "requiresFailureOf",
        "simultaneousWith", "parameters",
        "constraints", "failureCodes", "details",
    ]
    static let listParameterKeys = [
        "name", "value", "default", "seed", "hammer", "unit", "type", "optional", "minimum", "maximum", "meaning",
    ]

    func position(_ offset: Int) -> SourcePosition { SourcePosition(of: offset, in: bytes) }

    /// A value as a message quotes it: as JSON, its first 40 characters, control characters escaped.
    func shown(_ value: LocatedJSON) -> String {
        let text = value.plain.text
        return DiagnosticText.escaped(text.count > 40 ? text.prefix(40) + "…" : text)
    }

    func fail(_ message: String, at offset: Int) -> ConfigurationError {
        ConfigurationError(message, file: file, at: position(offset))
    }

    func warn(_ message: String, at offset: Int, in configuration: inout Configuration) {
        let place = position(offset)
        configuration.warnings.append("\(file):\(place.line):\(place.column): warning: \(message)")
    }

    /// `error`, placed on the recognizer's key, the parameter's key or the value, by what it is about.
    func placed(_ error: ConfigurationError, recognizer: Int, parameter: Int? = nil, value: Int) -> ConfigurationError {
        let offset: Int
        switch error.subject {
        case .recognizer: offset = recognizer
        case .parameter: offset = parameter ?? value
        case .value: offset = value
        }
        return error.placed(in: file, at: position(offset))
    }

    /// The members of an object, each key once.
    func object(_ value: LocatedJSON, _ what: String) throws(ConfigurationError) -> [LocatedJSON.Member] {
        guard let members = value.members else {
            throw fail("expected an object at \(what), found \(shown(value))", at: value.offset)
        }
        var seen: Set<String> = []
        for member in members where !seen.insert(member.key).inserted {
            throw fail("duplicate key \"\(DiagnosticText.escaped(member.key))\" in \(what)", at: member.keyOffset)
        }
        return members
    }

    func checkKeys(_ members: [LocatedJSON.Member], _ known: [String], in what: String) throws(ConfigurationError) {
        for member in members where !known.contains(member.key) {
            let hint =
                Spelling.nearest(to: member.key, among: known).map { "did you mean \"\($0)\"?" }
                ?? "expected \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
            throw fail(
                "unknown key \"\(DiagnosticText.name(member.key))\"\(what.isEmpty ? "" : " in \(what)"): \(hint)",
                at: member.keyOffset)
        }
    }

    /// A recognizer id of the configuration, given as the string `value`.
    func recognizer(_ value: LocatedJSON, in what: String, of configuration: Configuration) throws(ConfigurationError)
        -> String
    {
        guard let id = value.stringValue else {
            throw fail("\(what) must list recognizer ids, found \(shown(value))", at: value.offset)
        }
        do throws(ConfigurationError) {
            _ = try configuration.entryIndex(id)
        } catch {
            throw error.placed(in: file, at: position(value.offset))
        }
        return id
    }

    /// A parameter's value as JSON gives it: a number, a boolean or `null`.
    /// `accepted`: what the parameter takes (`a number ≥ 0 (pt)`), when it is known, for the message
    /// of a value of another kind (`"20"`, a string).
    func parameterValue(_ value: LocatedJSON, named name: String, for id: String, accepted: String? = nil)
        throws(ConfigurationError) -> ParameterValue
    {
        switch value.content {
        case .number(let number): return .number(number)
        case .bool(let flag): return .boolean(flag)
        case .null: return .off
        case .array(let items):
            // A set of directions: each item one of their names.
            var directions = Directions()
            for item in items {
                guard let name = item.stringValue, let direction = Directions(name: name) else {
                    throw fail(
                        "parameter \"\(DiagnosticText.escaped(name))\" for \(DiagnosticText.escaped(id)) is a list of directions: expected one of \(Directions.names.map { "\"\($0)\"" }.joined(separator: ", ")), found \(shown(item))",
                        at: item.offset)
                }
                directions.formUnion(direction)
            }
            return .directions(directions)
        default:
            throw fail(
                "parameter \"\(DiagnosticText.escaped(name))\" for \(DiagnosticText.escaped(id)) must be "
                    + (accepted ?? "a number, true, false, null or an array of directions") + ", found \(shown(value))",
                at: value.offset)
        }
    }

    func set(
        _ name: String, at nameOffset: Int, to value: LocatedJSON, for id: String, at idOffset: Int,
        in configuration: inout Configuration
    ) throws(ConfigurationError) {
        let spec = configuration.entries.first { $0.id == id }?.definition.parameter(name)
        // A file gives directions as an array (`["horizontal"]`), where `--set` takes `horizontal`.
        let accepted = spec.map { $0.type == .directions ? "an array of \($0.accepted)" : $0.accepted }
        let parameter: ParameterValue
        do throws(ConfigurationError) {
            parameter = try parameterValue(value, named: name, for: id, accepted: accepted)
        } catch {
            // An unknown name is the first mistake, with its "did you mean", before the value's kind.
            if accepted == nil, let unknown = configuration.unknownTarget(name, for: id) {
                throw placed(unknown, recognizer: idOffset, parameter: nameOffset, value: value.offset)
            }
            throw error
        }
        do throws(ConfigurationError) {
            for warning in try configuration.setting(name, to: parameter, for: id) {
                warn(warning.text, at: warning.subject == .value ? value.offset : nameOffset, in: &configuration)
            }
            configuration.placesOfSettings["\(id).\(name)"] = (file, position(value.offset))
            configuration.assignmentsOfSettings["\(id).\(name)"] = nil
        } catch {
            throw placed(error, recognizer: idOffset, parameter: nameOffset, value: value.offset)
        }
    }

    /// A relationship: `{"add": [...]}`, `{"replace": [...]}`, or a bare array, which replaces (with a
    /// warning saying so).
    func relationship(_ value: LocatedJSON, _ what: String, keeps kept: String, in configuration: inout Configuration)
        throws(ConfigurationError) -> (replace: Bool, items: [LocatedJSON])
    {
        if let items = value.items {
            warn(
                "\(what) as a bare array replaces \(kept): write {\"replace\": [...]} to say so, or {\"add\": [...]} to keep them",
                at: value.offset, in: &configuration)
            return (true, items)
        }
        let members = try object(value, what)
        try checkKeys(members, ["add", "replace"], in: what)
        guard members.count == 1 else {
            throw fail(
                members.isEmpty
                    ? "\(what) must be {\"add\": [...]} or {\"replace\": [...]}"
                    : "\(what) takes \"add\" or \"replace\", not both",
                at: members.last?.keyOffset ?? value.offset)
        }
        guard let items = members[0].value.items else {
            throw fail(
                "\(what).\"\(members[0].key)\" must be an array, found \(shown(members[0].value))",
                at: members[0].value.offset)
        }
        return (members[0].key == "replace", items)
    }

    /// The key of the first recognizer along `cycle` whose requirements the file changed, for the
    /// error's place.
    func cycleError(_ cycle: [String], changed: [(id: String, offset: Int)]) -> ConfigurationError {
        let offset = changed.first { cycle.contains($0.id) }?.offset ?? 0
        return fail("require-to-fail cycle: \(cycle.joined(separator: " → "))", at: offset)
    }

    // MARK: The config file

    /// `"templates"`: templates files (`gesture learn`'s), paths relative to the config file's folder,
    /// each adding its learned recognizer (`Configuration.addTemplates(bytes:file:)`).
    func declareTemplates(_ list: LocatedJSON, in configuration: inout Configuration) throws(ConfigurationError) {
        guard let items = list.items else {
            throw fail("\"templates\" must be an array of templates files, found \(shown(list))", at: list.offset)
        }
        for item in items {
            guard let path = item.stringValue, !path.isEmpty else {
                throw fail("\"templates\" must list paths of templates files, found \(shown(item))", at: item.offset)
            }
            if let earlier = configuration.templatesReadAlready(besideFile(path)) {
                throw fail(
                    "templates file \(DiagnosticText.escaped(path)) is given twice: \(earlier)", at: item.offset)
            }
            try addTemplates(besideFile(path), at: item, in: &configuration)
        }
    }

    /// `path`, a path in the config file, as a path from the current folder: relative to the config
    /// file's folder unless absolute.
    func besideFile(_ path: String) -> String {
        let folder = Paths.folder(of: file)
        return path.hasPrefix("/") || folder.isEmpty ? path : folder + "/" + path
    }

    /// Reads the templates file at `path` and adds its recognizer; an unreadable file is an error at
    /// `value`, a mistake in the file an error placed in it.
    func addTemplates(_ path: String, at value: LocatedJSON, in configuration: inout Configuration)
        throws(ConfigurationError)
    {
        let bytes: [UInt8]
        do throws(ConfigurationError) {
            bytes = try Configuration.templatesBytes(path)
        } catch {
            throw fail(error.message, at: value.offset)
        }
        try configuration.addTemplates(bytes: bytes, file: path)
    }

    /// `"recognizers"`: configured instances, `{"id": …, "kind": …, "gesture": …, "parameters": {…}}`.
    func declare(_ list: LocatedJSON, in configuration: inout Configuration) throws(ConfigurationError) {
        guard let items = list.items else {
            throw fail("\"recognizers\" must be an array of recognizers, found \(shown(list))", at: list.offset)
        }
        for item in items {
            let what = "a recognizer of \"recognizers\""
            let fields = try object(item, what)
            try checkKeys(fields, Self.instanceKeys, in: what)
            let field = Dictionary(fields.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
            guard let idField = field["id"], let id = idField.value.stringValue else {
                throw fail(
                    "\(what) needs an \"id\" string\(field["id"].map { ", found \(shown($0.value))" } ?? "")",
                    at: field["id"]?.value.offset ?? item.offset)
            }
            guard let kindField = field["kind"], let kind = kindField.value.stringValue else {
                throw fail(
                    "recognizer \(DiagnosticText.escaped(id)) needs a \"kind\": the id of the recognizer it is made from\(field["kind"].map { ", found \(shown($0.value))" } ?? "")",
                    at: field["kind"]?.value.offset ?? item.offset)
            }
            var gesture: String?
            if let gestureField = field["gesture"] {
                guard let name = gestureField.value.stringValue else {
                    throw fail(
                        "\"gesture\" of \(DiagnosticText.escaped(id)) must be a string, found \(shown(gestureField.value))",
                        at: gestureField.value.offset)
                }
                do throws(ConfigurationError) {
                    try Configuration.checkGesture(name)
                    try configuration.checkSpelling(ofGesture: name)
                } catch {
                    throw error.placed(in: file, at: position(gestureField.value.offset))
                }
                gesture = name
            }
            do throws(ConfigurationError) {
                try configuration.addInstance(id, of: kind, gesture: gesture)
            } catch {
                throw placed(error, recognizer: idField.value.offset, value: kindField.value.offset)
            }
            if let parameters = field["parameters"] {
                for value in try object(parameters.value, "\"parameters\" of \(DiagnosticText.escaped(id))") {
                    try set(
                        value.key, at: value.keyOffset, to: value.value, for: id, at: idField.value.offset,
                        in: &configuration)
                }
            }
        }
    }

    mutating func applyConfig(_ members: [LocatedJSON.Member], to configuration: inout Configuration)
        throws(ConfigurationError)
    {
        try checkKeys(members, Self.configKeys, in: "")
        let byKey = Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if let parameters = byKey["parameters"] {
            for recognizer in try object(parameters.value, "\"parameters\"")
            where !configuration.isLeftOut(recognizer.key) {
                let id = recognizer.key
                let what = "\"parameters\".\"\(DiagnosticText.escaped(id))\""
                do throws(ConfigurationError) {
                    _ = try configuration.entryIndex(id)
                } catch {
                    throw error.placed(in: file, at: position(recognizer.keyOffset))
                }
                for value in try object(recognizer.value, what) {
                    try set(
                        value.key, at: value.keyOffset, to: value.value, for: id, at: recognizer.keyOffset,
                        in: &configuration)
                }
            }
        }
        if let requirements = byKey["requiresFailureOf"] {
            var changed: [(id: String, offset: Int)] = []
            for recognizer in try object(requirements.value, "\"requiresFailureOf\"")
            where !configuration.isLeftOut(recognizer.key) {
                let id = recognizer.key
                let what = "\"requiresFailureOf\".\"\(DiagnosticText.escaped(id))\""
                let index: Int
                do throws(ConfigurationError) {
                    index = try configuration.entryIndex(id)
                } catch {
                    throw error.placed(in: file, at: position(recognizer.keyOffset))
                }
                let (replace, items) = try relationship(
                    recognizer.value, what, keeps: "\(id)'s default requirements", in: &configuration)
                var ids: [String] = []
                for item in items where !(item.stringValue.map(configuration.isLeftOut) ?? false) {
                    ids.append(try self.recognizer(item, in: what, of: configuration))
                }
                if !replace {
                    let all = Set(configuration.entries[index].requiresFailureOf + ids)
                    ids = configuration.entries.map(\.id).filter(all.contains)
                }
                try configuration.changeRequirements(of: id, to: ids)
                changed.append((id, recognizer.keyOffset))
            }
            if let cycle = configuration.requirementCycle() { throw cycleError(cycle, changed: changed) }
        }
        if let pairs = byKey["simultaneous"] {
            let what = "\"simultaneous\""
            let (replace, items) = try relationship(
                pairs.value, what, keeps: "every default pair", in: &configuration)
            if replace { configuration.clearSimultaneous() }
            for pair in items {
                guard let ids = pair.items, ids.count == 2 else {
                    throw fail(
                        "\(what) must list pairs of recognizer ids, found \(shown(pair))", at: pair.offset)
                }
                if ids.contains(where: { $0.stringValue.map(configuration.isLeftOut) ?? false }) { continue }
                let a = try recognizer(ids[0], in: what, of: configuration)
                let b = try recognizer(ids[1], in: what, of: configuration)
                do throws(ConfigurationError) {
                    try configuration.allowSimultaneous(a, b)
                } catch {
                    throw error.placed(in: file, at: position(pair.offset))
                }
            }
        }
    }

    // MARK: The output of gesture list --format json

    /// The configured instances a list shows (`"instanceOf"` set), declared again, before
    /// `--recognizers` chooses among them; the rest of each entry is read by `applyList`.
    func declareListed(_ members: [LocatedJSON.Member], in configuration: inout Configuration)
        throws(ConfigurationError)
    {
        for item in members.first(where: { $0.key == "recognizers" })?.value.items ?? [] {
            // A learned recognizer: its templates file, read again.
            if let fields = item.members, let idField = fields.first(where: { $0.key == "id" }),
                let id = idField.value.stringValue,
                let templates = fields.first(where: { $0.key == "templates" })?.value,
                let file = templates["file"]?.value
            {
                guard let path = file.stringValue, !path.isEmpty else {
                    throw fail("\"file\" of \(DiagnosticText.escaped(id))'s templates must be a path", at: file.offset)
                }
                guard path != "-" else {
                    throw fail(
                        "\(DiagnosticText.escaped(id))'s templates were read from standard input (--templates -), "
                            + "which cannot be read again: give the templates file by its path",
                        at: file.offset)
                }
                // Given again (`--templates` the same file beside the list of it), or another file under
                // its id: an error, as in a config's "templates"; it was skipped, and the list's values
                // went to whichever file had the id.
                if let earlier = configuration.templatesReadAlready(besideFile(path)) {
                    throw fail(
                        "templates file \(DiagnosticText.escaped(path)) is given twice: \(earlier)", at: file.offset)
                }
                if let other = configuration.entries.first(where: { $0.id == id }) {
                    let source =
                        other.definition.learned.map { " (read from \(DiagnosticText.escaped($0.file)))" } ?? ""
                    throw fail(
                        "recognizer id \"\(DiagnosticText.escaped(id))\" is taken\(source): this list's \(DiagnosticText.escaped(id)) "
                            + "is read from \(DiagnosticText.escaped(path)); ids must be unique",
                        at: idField.value.offset)
                }
                try addTemplates(besideFile(path), at: file, in: &configuration)
                continue
            }
            guard let fields = item.members, let idField = fields.first(where: { $0.key == "id" }),
                let id = idField.value.stringValue,
                let kind = fields.first(where: { $0.key == "instanceOf" }), let kindId = kind.value.stringValue,
                !configuration.entries.contains(where: { $0.id == id })
            else { continue }
            let renamed = fields.first { $0.key == "recognizedAs" }?.value.stringValue
            do throws(ConfigurationError) {
                try configuration.addInstance(id, of: kindId, gesture: renamed)
            } catch {
                throw placed(error, recognizer: idField.value.offset, value: kind.value.offset)
            }
        }
    }

    mutating func applyList(_ members: [LocatedJSON.Member], to configuration: inout Configuration)
        throws(ConfigurationError)
    {
        try checkKeys(members, Self.listKeys, in: "")
        let byKey = Dictionary(members.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        if let profile = byKey["profile"], profile.value.stringValue.flatMap(Profile.init(rawValue:)) == nil {
            let quoted = Profile.allCases.map { "\"\($0.rawValue)\"" }
            let names = quoted.dropLast().joined(separator: ", ") + " or " + quoted.last!
            throw fail(
                "\"profile\" must be \(names), found \(shown(profile.value))", at: profile.value.offset)
        }
        // The list holds values and relationships; Hammer's way of waiting is the profile's own.
        if let profile = byKey["profile"], let listed = profile.value.stringValue.flatMap(Profile.init(rawValue:)),
            (listed == .hammer) != (configuration.profile == .hammer)
        {
            let hammerList = listed == .hammer
            warn(
                "this list was printed with --profile \(listed.rawValue) and is applied with --profile "
                    + "\(configuration.profile.rawValue): its values and relationships are taken, but a recognizer "
                    + (hammerList
                        ? "waits as UIKit does (Hammer.js's waiting comes with --profile hammer only)"
                        : "waits as Hammer.js does (UIKit's waiting comes with any other --profile)"),
                at: profile.value.offset, in: &configuration)
        }
        guard let recognizers = byKey["recognizers"]?.value, let list = recognizers.items else {
            throw fail("\"recognizers\" must be an array of recognizers", at: byKey["recognizers"]?.value.offset ?? 0)
        }
        // A list of some recognizers (gesture list --recognizers …) describes the relationships among
        // those only: requirements and pairs that involve another recognizer are kept.
        var listed: Set<String> = []
        for item in list {
            if let id = item["id"]?.value.stringValue, !configuration.isLeftOut(id) { listed.insert(id) }
        }
        var changed: [(id: String, offset: Int)] = []
        var pairs: [(a: String, b: String, offset: Int)] = []
        // Where each recognizer is listed: a second listing would have been taken, or dropped, unsaid
        // (a config file refuses a key given twice).
        var seen: [String: Int] = [:]
        for item in list {
            let fields = try object(item, "a recognizer of \"recognizers\"")
            try checkKeys(fields, Self.listRecognizerKeys, in: "a recognizer")
            guard let idField = fields.first(where: { $0.key == "id" }), let id = idField.value.stringValue else {
                throw fail("a recognizer of \"recognizers\" needs an \"id\" string", at: item.offset)
            }
            if let first = seen[id] {
                throw fail(
                    "recognizer \(DiagnosticText.escaped(id)) is listed twice (first at \(position(first).line):\(position(first).column)): "
                        + "a list names each recognizer once", at: idField.value.offset)
            }
            seen[id] = idField.value.offset
            // The list may describe recognizers this configuration left out (--recognizers): skipped.
            if configuration.isLeftOut(id) { continue }

            // A config file's instance (`"kind": "tap"`) in a file that says its profile: the
            // profile made it a list, whose recognizers are the registry's.
            if !configuration.entries.contains(where: { $0.id == id }),
                let kind = fields.first(where: { $0.key == "kind" })?.value.stringValue,
                RecognizerKind(rawValue: kind) == nil, let profile = byKey["profile"]
            {
                throw fail(
                    "\"profile\" makes this file a `gesture list` output, which declares no recognizers; a config file "
                        + "declaring \(DiagnosticText.escaped(id)) has no \"profile\" (choose it with --profile)",
                    at: profile.keyOffset)
            }
            let index = try configuration.entryIndex(recognizer(idField.value, in: "\"id\"", of: configuration))
            let field = Dictionary(fields.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
            if let parameters = field["parameters"] {
                guard let entries = parameters.items else {
                    throw fail("\"parameters\" of \(id) must be an array", at: parameters.offset)
                }
                var named: [String: Int] = [:]
                for entry in entries {
                    let parameter = try object(entry, "a parameter of \(id)")
                    try checkKeys(parameter, Self.listParameterKeys, in: "a parameter")
                    guard let name = parameter.first(where: { $0.key == "name" }), let text = name.value.stringValue,
                        let value = parameter.first(where: { $0.key == "value" })
                    else {
                        throw fail("a parameter of \(id) needs a \"name\" and a \"value\"", at: entry.offset)
                    }
                    if let first = named[text] {
                        throw fail(
                            "parameter \(DiagnosticText.escaped(text)) of \(id) is given twice (first at "
                                + "\(position(first).line):\(position(first).column)): the last would win unsaid",
                            at: name.value.offset)
                    }
                    named[text] = name.value.offset
                    try set(
                        text, at: name.value.offset, to: value.value, for: id, at: idField.value.offset,
                        in: &configuration)
                }
            }
            if let required = field["requiresFailureOf"] {
                let what = "\"requiresFailureOf\" of \(id)"
                guard let items = required.items else { throw fail("\(what) must be an array", at: required.offset) }
                var ids: [String] = []
                for item in items where !(item.stringValue.map(configuration.isLeftOut) ?? false) {
                    ids.append(try recognizer(item, in: what, of: configuration))
                }
                let kept = configuration.entries[index].requiresFailureOf.filter { !listed.contains($0) }
                if !kept.isEmpty {
                    let all = Set(ids + kept)
                    ids = configuration.entries.map(\.id).filter(all.contains)
                }
                try configuration.changeRequirements(of: id, to: ids)
                changed.append((id, idField.value.offset))
            }
            if let together = field["simultaneousWith"] {
                let what = "\"simultaneousWith\" of \(id)"
                guard let items = together.items else { throw fail("\(what) must be an array", at: together.offset) }
                for item in items where !(item.stringValue.map(configuration.isLeftOut) ?? false) {
                    pairs.append((id, try recognizer(item, in: what, of: configuration), item.offset))
                }
            }
        }
        if let cycle = configuration.requirementCycle() { throw cycleError(cycle, changed: changed) }
        configuration.clearSimultaneous(among: listed)
        // A pair is one relationship, listed on both its sides: one side edited alone still makes
        // the pair, which is said (the edit was lost without a word).
        let listedPairs = Set(pairs.map { "\($0.a)\u{0}\($0.b)" })
        for pair in pairs where listed.contains(pair.b) && !listedPairs.contains("\(pair.b)\u{0}\(pair.a)") {
            warn(
                "\(pair.a) lists \(pair.b) in its \"simultaneousWith\" and \(pair.b) does not list \(pair.a): "
                    + "a pair is one relationship, so the two recognize together; remove \(pair.b) here too "
                    + "to part them",
                at: pair.offset, in: &configuration)
        }
        for pair in pairs {
            do throws(ConfigurationError) {
                try configuration.allowSimultaneous(pair.a, pair.b)
            } catch {
                throw error.placed(in: file, at: position(pair.offset))
            }
        }
    }
}
