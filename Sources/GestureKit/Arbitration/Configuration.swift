import Foundation

/// The recognizers that compete for a trace, with their parameter values, and how they relate: which
/// must fail before another may recognize, and which may recognize together.
///
///     var configuration = Configuration(profile: .seed)
///     try configuration.keepOnly(["checkmark"])
///     try configuration.set("jitterTolerance", to: .number(3), for: "checkmark")
public struct Configuration: Sendable {
    /// One recognizer as it will run.
    public struct Entry: Sendable {
        public let definition: RecognizerDefinition
        /// Whose values the parameters start from.
        public let profile: Profile
        /// The parameters set over the profile's values (by a config file, say); setting them makes a new
        /// `prototype`.
        public internal(set) var settings = ParameterValues() {
            didSet {
                prototype = definition.make(profile, settings: settings)
                gestures = definition.gestures(profile, settings: settings)
            }
        }
        /// The gestures it recognizes with these values (`RecognizerDefinition/gestures(_:settings:)`):
        /// a swipe whose `directions` are `left, right` recognizes swipe-left and swipe-right only.
        /// What `gesture list` shows, the labels a batch knows and the gestures whose misses are put on
        /// it. Names are reserved by `definition.gestures`, whatever the values.
        public private(set) var gestures: [String]
        /// Ids of the recognizers in this configuration that must fail before this one recognizes, in
        /// registry order.
        public internal(set) var requiresFailureOf: [String]
        /// A fresh recognizer with these values: the engine copies it at every reset, instead of
        /// making one from the values again.
        public private(set) var prototype: any Recognizer
        public var id: String { definition.id }

        init(definition: RecognizerDefinition, profile: Profile, requiresFailureOf: [String]) {
            self.definition = definition
            self.profile = profile
            self.requiresFailureOf = requiresFailureOf
            prototype = definition.make(profile)
            gestures = definition.gestures(profile)
        }

        /// Every parameter's value: the profile's, or as set.
        public var values: ParameterValues {
            definition.values(profile).merging(settings)
        }
    }

    /// In registry order, which is also the order touches are delivered and ties are broken.
    public private(set) var entries: [Entry] {
        didSet {
            // Setting a parameter changes no relationship: `relations` is made again only when ids,
            // requirements or the gestures a recognizer owns change (a swipe's directions), so that
            // setting values (a config file, every point of a tuning grid) costs no rebuild.
            let same =
                oldValue.count == entries.count
                && zip(oldValue, entries).allSatisfy {
                    $0.id == $1.id && $0.requiresFailureOf == $1.requiresFailureOf && $0.gestures == $1.gestures
                }
            if !same { relations = Relations(entries, simultaneous, profile: profile) }
        }
    }
    /// Pairs that may recognize together; each pair sorted by id.
    public private(set) var simultaneous: Set<[String]> {
        didSet { relations = Relations(entries, simultaneous, profile: profile) }
    }
    /// `entries` and `simultaneous` by position, for the engine, which asks on every recognition.
    private(set) var relations = Relations([], [], profile: .default)
    public let profile: Profile
    /// What applying settings noticed that is not an error: a parameter set by a former name, a value
    /// that used to mean "off". Each says what to write instead.
    public internal(set) var warnings: [String] = []
    /// Where a config file set each value (`id.parameter`), so that values which contradict each
    /// other are placed where the file set one of them (`check()`); a `--set` after it clears it.
    var placesOfSettings: [String: (file: String, position: SourcePosition)] = [:]
    /// The assignment (`set(assignment:)`, a `--set`) that set each value last, when one did: values
    /// that contradict are then said with it, as a file's are placed.
    var assignmentsOfSettings: [String: (assignment: String, order: Int)] = [:]
    /// How many assignments were made: the order of the next.
    var assignmentsMade = 0
    /// The recognizers `keepOnly` left out, each with every gesture it may give: a setting for one of
    /// them says so, and a label naming one of a learned recognizer's or a configured instance's
    /// gestures, which the registry does not know, is one of a recognizer left out
    /// (`UnrecognizedGestures`), not an unknown name.
    public private(set) var leftOutRecognizers: [(id: String, gestures: [String])] = []
    /// Their ids.
    private var leftOut: [String] { leftOutRecognizers.map(\.id) }
    /// Those of them `--recognizers` left out (`keepOnly(recognizersOption:)`): a setting for one
    /// names the option.
    var leftOutByOption: Set<String> = []
    /// The registry the entries were made from: the kinds a configured instance may be made of.
    private let registry: [RecognizerDefinition]

    /// - Parameters:
    ///   - registry: The recognizers to choose from, in priority order. A definition whose id an
    ///     earlier one has replaces it, in its place (`Registry.all + [myTap]`, where `myTap.id` is
    ///     `tap`, is the registry with your tap), and `warnings` says so.
    ///   - profile: Whose parameter values to start from.
    public init(registry: [RecognizerDefinition] = Registry.all, profile: Profile = .default) {
        self.profile = profile
        var unique: [RecognizerDefinition] = []
        var positions: [String: Int] = [:]
        for definition in registry {
            if let position = positions[definition.id] {
                unique[position] = definition
                warnings.append(
                    "recognizer id \"\(DiagnosticText.escaped(definition.id))\" is in the registry twice: the later "
                        + "definition replaces the earlier")
            } else {
                positions[definition.id] = unique.count
                unique.append(definition)
            }
        }
        let registry = unique
        warnings += Configuration.caseOnlyDifferences(in: registry)
        warnings += Configuration.namingMistakes(in: registry)
        self.registry = registry
        entries = registry.map { definition in
            Entry(
                definition: definition, profile: profile,
                requiresFailureOf: Configuration.resolve(definition.requiresFailureOf, of: definition.id, in: registry))
        }
        let ids = Set(registry.map(\.id))
        simultaneous = Set(
            registry.flatMap { definition in
                definition.simultaneousWith.filter(ids.contains).map { [definition.id, $0].sorted() }
            })
        if profile == .hammer { useHammerRelationships() }
        relations = Relations(entries, simultaneous, profile: profile)
        breakCycles()
    }

    /// Hammer.js's relationships among the recognizers it has, as its default preset (`new
    /// Hammer(element)`) sets them: `doubletap` recognizes with `tap` (and `tap` does not wait for
    /// it), `pan` with `swipe` (and does not wait for it either), `pinch` with `rotate`. `press` is
    /// with nothing, but Hammer.js recognizes it on a timer, which makes it no recognizer under way
    /// that stops others: a drag after it begins a pan, so `long-press` keeps recognizing with `pan`
    /// (as in the default profile). Ids not in the registry are skipped.
    private mutating func useHammerRelationships() {
        let ids = Set(entries.map(\.id))
        if let tap = entries.firstIndex(where: { $0.id == "tap" }) {
            entries[tap].requiresFailureOf.removeAll { $0 == "double-tap" }
        }
        // The preset's pan has no requireFailure: it both waited for the swipe and recognized with it,
        // so that a swipe recognized before the pan began failed it.
        if let pan = entries.firstIndex(where: { $0.id == "pan" }) {
            entries[pan].requiresFailureOf.removeAll { $0 == "swipe" }
        }
        for pair in [["double-tap", "tap"], ["pan", "swipe"], ["pinch", "rotation"]] where pair.allSatisfy(ids.contains)
        {
            simultaneous.insert(pair)
        }
    }

    /// Breaks every require-to-fail cycle that capabilities made (two shapes that each wait for every
    /// shape would wait for each other all trace long) at its last requirement, and says so in
    /// `warnings`.
    private mutating func breakCycles() {
        while let cycle = findCycle() {
            let (waiter, waited) = (cycle[cycle.count - 2], cycle[cycle.count - 1])
            guard let index = entries.firstIndex(where: { $0.id == waiter }) else { return }
            entries[index].requiresFailureOf.removeAll { $0 == waited }
            warnings.append(
                "\(waiter) does not wait for \(waited) to fail: the recognizers they require to fail would wait for "
                    + "each other (\(cycle.joined(separator: " → ")))")
        }
    }

    /// The ids `requirements` name in `registry`, in registry order: a recognizer by id, or every other
    /// recognizer with a capability. Ids not in the registry are left out.
    static func resolve(_ requirements: [Requirement], of id: String, in registry: [RecognizerDefinition]) -> [String] {
        registry.filter { candidate in
            candidate.id != id
                && requirements.contains { requirement in
                    switch requirement {
                    case .recognizer(let required): candidate.id == required
                    case .every(let capability): candidate.capabilities.contains(capability)
                    }
                }
        }.map(\.id)
    }

    /// Adds a recognizer made from the registry's recognizer `kind`, as a new entry `id` — several
    /// configured instances of one kind, as an app adds several `UITapGestureRecognizer`s:
    ///
    ///     try configuration.addInstance("triple-tap", of: "tap", gesture: "triple-tap", settings: [("taps", 3)])
    ///
    /// The instance recognizes `gesture` (when nil, those of the kind's gestures its values leave
    /// it: one of `swipe` whose `directions` are `left, right` recognizes swipe-left and swipe-right)
    /// and starts from the kind's values with `settings` set over them, each checked as
    /// `set(_:to:for:)` checks it. It has the kind's capabilities and requires every recognizer of a
    /// capability the kind requires (a swipe instance waits for the shapes, and `pan` waits for it),
    /// but none of the kind's relationships with recognizers by name (`tap` waits for `double-tap`; a
    /// `triple-tap` does not): those are the configuration's to add. It joins the registry order
    /// after the last entry of its kind.
    ///
    /// - Throws: when `id` is not a new id of letters, digits, `-` and `_`, `kind` is not in the
    ///   registry, or a setting is refused. The settings' warnings are added to `warnings`.
    public mutating func addInstance(
        _ id: String, of kind: String, gesture: String? = nil, settings: [(String, ParameterValue)] = []
    ) throws(ConfigurationError) {
        // All or nothing: an instance with a refused setting stayed, with the settings before it.
        var changed = self
        try changed.addInstance(id, of: kind, gesture: gesture)
        for (name, value) in settings { try changed.set(name, to: value, for: id) }
        self = changed
    }

    /// `addInstance(_:of:gesture:settings:)` without the settings, which a config file sets one by one
    /// to place their errors.
    mutating func addInstance(_ id: String, of kind: String, gesture: String?) throws(ConfigurationError) {
        let shown = DiagnosticText.escaped(id)
        guard RecognizerDefinition.isRecognizerID(id) else {
            throw ConfigurationError(
                "recognizer id \"\(shown)\" must be letters, digits, - and _", about: .recognizer)
        }
        // What it will recognize: its gesture, or its kind's (an unknown kind is said below).
        let recognizing = gesture.map { [$0] } ?? registry.first(where: { $0.id == kind })?.gestures ?? []
        if let taken = takenMessage(id, recognizing: recognizing) {
            throw ConfigurationError(taken, about: .recognizer)
        }
        try checkRoom()
        guard let base = registry.first(where: { $0.id == kind }) else {
            let ids = registry.map(\.id)
            let hint =
                Spelling.nearest(to: kind, among: ids).map { "did you mean \($0)?" }
                ?? "expected one of \(ids.joined(separator: ", "))"
            throw ConfigurationError("unknown kind \"\(DiagnosticText.escaped(kind))\": \(hint)", about: .value)
        }
        if let gesture {
            try Configuration.checkGesture(gesture)
            try checkSpelling(ofGesture: gesture)
        }
        var definition = base
        definition.id = id
        definition.instanceOf = kind
        definition.recognizedAs = gesture
        if let gesture { definition.gestures = [gesture] }
        definition.requiresFailureOf = base.requiresFailureOf.filter {
            if case .every = $0 { true } else { false }
        }
        definition.simultaneousWith = []
        let position =
            (entries.lastIndex { $0.id == kind || $0.definition.instanceOf == kind } ?? entries.count - 1) + 1
        insert(definition, at: position)
    }

    /// Adds `definition` at `position`, requiring what its requirements name, and waited for by every
    /// recognizer that waits for a capability it has.
    private mutating func insert(_ definition: RecognizerDefinition, at position: Int) {
        let id = definition.id
        let definitions = entries.map(\.definition) + [definition]
        var added = entries
        added.insert(
            Entry(
                definition: definition, profile: profile,
                requiresFailureOf: Configuration.resolve(definition.requiresFailureOf, of: id, in: definitions)),
            at: position)
        // Those that wait for every recognizer of a capability the instance has wait for it too.
        let order = added.map(\.id)
        for index in added.indices where added[index].id != id {
            let waits = added[index].definition.requiresFailureOf.contains { requirement in
                if case .every(let capability) = requirement {
                    definition.capabilities.contains(capability)
                } else {
                    false
                }
            }
            if waits {
                let all = Set(added[index].requiresFailureOf + [id])
                added[index].requiresFailureOf = order.filter(all.contains)
            }
        }
        entries = added
        breakCycles()
    }

    /// The most recognizers a configuration holds: far more than an app has, and few enough that
    /// arbitration's tables (a pair of recognizers each) stay small.
    public static let maximumRecognizers = 256

    /// Throws when the configuration holds `maximumRecognizers` already.
    private func checkRoom() throws(ConfigurationError) {
        guard entries.count >= Configuration.maximumRecognizers else { return }
        throw ConfigurationError(
            "too many recognizers: a configuration holds at most \(Configuration.maximumRecognizers)",
            about: .recognizer)
    }

    /// The largest templates file read: a few KB a gesture, so this is far more than any needs.
    public static let templatesFileLimit = 64 << 20

    /// The bytes of the templates file at `path`: a regular file of at most `templatesFileLimit`
    /// bytes (so that a config naming a device or a huge file is an error, not a hang).
    public static func templatesBytes(_ path: String) throws(ConfigurationError) -> [UInt8] {
        switch InputFile.bytes(path, kind: "templates file", limit: templatesFileLimit, regularOnly: true) {
        case .success(let bytes): return bytes
        case .failure(let error): throw ConfigurationError(error.message)
        }
    }

    /// What a registry's definitions name that reads as a slip: a recognizer to wait for, or to
    /// recognize with, that neither this registry nor the built-in one has (a requirement on one
    /// merely left out of this registry is dropped unsaid, as `resolve` drops it); a gesture that is
    /// another recognizer's id, or that two recognizers give (a label naming it would be either's).
    private static func namingMistakes(in registry: [RecognizerDefinition]) -> [String] {
        let known = Set(registry.map(\.id) + Registry.all.map(\.id))
        var found: [String] = []
        func unknown(_ named: String, _ what: String, of id: String) {
            guard !known.contains(named) else { return }
            let near = Spelling.nearest(to: named, among: known.sorted()).map { ": did you mean \($0)?" } ?? ""
            found.append(
                "\(DiagnosticText.escaped(id)) \(what) \"\(DiagnosticText.escaped(named))\", which no recognizer is\(near)"
            )
        }
        var owners: [String: String] = [:]
        let ids = Set(registry.map(\.id))
        for definition in registry {
            let id = definition.id
            for case .recognizer(let named) in definition.requiresFailureOf {
                unknown(named, "requires to fail", of: id)
            }
            for named in definition.simultaneousWith { unknown(named, "recognizes with", of: id) }
            for gesture in definition.gestures {
                if ids.contains(gesture) && gesture != id {
                    found.append(
                        "gesture \"\(DiagnosticText.escaped(gesture))\" of \(DiagnosticText.escaped(id)) is the id of "
                            + "the recognizer \(DiagnosticText.escaped(gesture)): a label names one or the other")
                }
                if let other = owners[gesture], other != id {
                    found.append(
                        "gesture \"\(DiagnosticText.escaped(gesture))\" is given by both \(DiagnosticText.escaped(other)) "
                            + "and \(DiagnosticText.escaped(id)): a label \(DiagnosticText.escaped(gesture)) names either"
                    )
                } else {
                    owners[gesture] = id
                }
            }
        }
        return found
    }

    /// What a registry spells two ways: an id, or a gesture of two recognizers, that differs from an
    /// earlier one only in case (`Tap` beside `tap`), as a configured instance or a learned gesture may
    /// not (`takenID(like:)`, `checkSpelling(ofGesture:)`); labels would not tell them apart.
    private static func caseOnlyDifferences(in registry: [RecognizerDefinition]) -> [String] {
        var ids: [String: String] = [:]
        var gestures: [String: (gesture: String, owner: String)] = [:]
        var found: [String] = []
        for definition in registry {
            let id = definition.id
            if let other = ids[id.lowercased()] {
                found.append(
                    "recognizer id \"\(DiagnosticText.escaped(id))\" differs only in case from "
                        + "\(DiagnosticText.escaped(other)): ids must differ in more than case")
            } else {
                ids[id.lowercased()] = id
            }
            for gesture in definition.gestures {
                if let other = gestures[gesture.lowercased()], other.gesture != gesture {
                    found.append(
                        "gesture \"\(DiagnosticText.escaped(gesture))\" of \(DiagnosticText.escaped(id)) differs only "
                            + "in case from \"\(DiagnosticText.escaped(other.gesture))\", a gesture of "
                            + "\(DiagnosticText.escaped(other.owner)): gesture names must differ in more than case")
                } else if gestures[gesture.lowercased()] == nil {
                    gestures[gesture.lowercased()] = (gesture, id)
                }
            }
        }
        return found
    }

    /// The id that takes `id` from a new recognizer, in its own case: a recognizer of the configuration,
    /// one left out of it, or a kind. Ids differ in more than case, as gesture names do: `Circle`
    /// beside `circle` would read as one.
    public func takenID(like id: String) -> String? {
        (entries.map(\.id) + leftOut + registry.map(\.id)).first { $0.lowercased() == id.lowercased() }
    }

    /// Why `id` cannot name a new recognizer: taken by one (`takenID(like:)`), or a gesture of one.
    public func whyIDIsTaken(_ id: String) -> String? { takenMessage(id) }

    /// Why `id` cannot name a new recognizer (`takenID(like:)`), when it is taken.
    private func takenMessage(_ id: String, recognizing gestures: [String] = []) -> String? {
        let shown = DiagnosticText.escaped(id)
        // Output names the recognizers an attempt continues with, and `none` is no gesture's name there.
        if id.lowercased() == "none" {
            return "recognizer id \"\(shown)\" is the label of no gesture: an id needs another name"
        }
        guard let other = takenID(like: id) else {
            // Nor another recognizer's gesture (a learned `star`) that this one does not recognize too:
            // with that recognizer left out, a label `star` would be taken for this one's gestures
            // (`idClash`, the other way round). An instance `swipe-left` of swipe's left may be.
            guard !gestures.contains(where: { RecognizerDefinition.sameGestureName($0, id) }),
                let (owner, spelt) = spellings(of: id).first
            else { return nil }
            return "recognizer id \"\(shown)\" is "
                + (spelt == id ? "" : "in another case ") + "a gesture of \(owner): a label \(shown) names that "
                + "gesture, so an id needs another name"
        }
        return other == id
            ? "recognizer id \"\(shown)\" is taken: ids must be unique"
            : "recognizer id \"\(shown)\" differs only in case from \(DiagnosticText.escaped(other)): ids must differ "
                + "in more than case"
    }

    /// Why the templates file at `path` cannot be added, when a learned recognizer of the configuration
    /// was read from it already: the same file (device and inode), however its path is spelt. Its id
    /// would be taken by itself, which said nothing of the file being given twice.
    public func templatesReadAlready(_ path: String) -> String? {
        guard path != "-", let identity = FileKind.fileIdentity(Array(path.utf8)) else { return nil }
        for entry in entries {
            guard let file = entry.definition.learned?.file, file != "-",
                FileKind.fileIdentity(Array(file.utf8)) == identity
            else { continue }
            return "recognizer \(entry.id) was read from this file already"
                + (file == path ? "" : " (named \(DiagnosticText.escaped(file)))")
        }
        return nil
    }

    /// Adds the recognizer a templates file (`gesture learn`'s output, `docs/templates.md`) describes,
    /// with the file's id: a `template`, after the configuration's last shape, swipe or template, that
    /// recognizes the file's gestures and waits for every swipe to fail (`pan` waits for it). The
    /// built-in shapes come first: when one of them and a learned gesture would both recognize a
    /// stroke, the built-in one does, and the learned recognizer fails as preempted.
    ///
    /// - Throws: a `ConfigurationError` placed in `file` when it is not a valid templates file, its id
    ///   is taken, or one of its gestures is a gesture of a recognizer already in the configuration.
    public mutating func addTemplates(bytes: [UInt8], file: String) throws(ConfigurationError) {
        let read: (file: TemplateFile, names: [Int], id: SourcePosition?)
        do {
            read = try TemplateFile.readPlaced(bytes: bytes, file: file)
        } catch {
            throw ConfigurationError(error.message, file: file, at: error.position)
        }
        if let taken = takenMessage(read.file.id, recognizing: read.file.gestures.map(\.name)) {
            throw ConfigurationError(taken + " (learn with another --id)", file: file, at: read.id)
        }
        do throws(ConfigurationError) {
            try checkRoom()
        } catch {
            throw ConfigurationError(error.message, file: file, at: read.id)
        }
        for (gesture, offset) in zip(read.file.gestures, read.names) {
            if let message = idClash(gesture.name) {
                throw ConfigurationError(message, file: file, at: SourcePosition(of: offset, in: bytes))
            }
            guard let (owner, theirs) = spellings(of: gesture.name).first else { continue }
            let spelt = theirs == gesture.name ? "" : " (as \(DiagnosticText.escaped(theirs)), in another case)"
            throw ConfigurationError(
                "gesture \"\(DiagnosticText.escaped(gesture.name))\" is a gesture of \(owner) already\(spelt): "
                    + "a learned gesture needs a name of its own", file: file, at: SourcePosition(of: offset, in: bytes)
            )
        }
        insertLearned(LearnedRecognizer.definition(of: read.file, path: file))
    }

    /// Adds a learned recognizer's definition where `addTemplates` puts one: after the shapes and
    /// swipes it waits for. Its id and gestures are the caller's to have checked.
    mutating func insertLearned(_ definition: RecognizerDefinition) {
        let position =
            (entries.lastIndex { !Set($0.definition.capabilities).isDisjoint(with: [.shape, .swipe, .template]) }
                ?? entries.count - 1) + 1
        insert(definition, at: position)
    }

    /// Throws unless `gesture` can name a gesture: not empty, without spaces, commas or `+` (which
    /// labels use to list gestures), and not `none` (what a trace is when nothing is recognized).
    static func checkGesture(_ gesture: String) throws(ConfigurationError) {
        if !RecognizerDefinition.isGestureName(gesture) {
            throw ConfigurationError(
                "gesture \"\(DiagnosticText.escaped(gesture))\" must be a name without \(RecognizerDefinition.forbiddenInNames)",
                about: .value)
        }
        if gesture.lowercased() == "none" {
            throw ConfigurationError(
                "gesture \"none\" is what a trace is when nothing is recognized: a gesture needs another name",
                about: .value)
        }
    }

    /// Throws when `gesture` is a gesture of a recognizer of the configuration in another case: one
    /// gesture for two recognizers is allowed, two spellings of one are not (`Double-Tap` would be
    /// scored as another gesture than `double-tap`).
    func checkSpelling(ofGesture gesture: String) throws(ConfigurationError) {
        if let message = idClash(gesture) { throw ConfigurationError(message, about: .value) }
        guard let (owner, theirs) = spellings(of: gesture).first(where: { $0.spelt != gesture }) else { return }
        throw ConfigurationError(
            "gesture \"\(DiagnosticText.escaped(gesture))\" differs only in case from \""
                + "\(DiagnosticText.escaped(theirs))\", a gesture of \(owner): gesture names must differ in "
                + "more than case",
            about: .value)
    }

    /// Why `gesture` cannot name a gesture when it is, in any case, the id of a recognizer of the
    /// configuration none of whose gestures is so named (`swipe`): a label `swipe` is taken for that
    /// recognizer's gestures (`swipe-left`, …), so a gesture so named could not be labelled.
    public func idClash(_ gesture: String) -> String? {
        guard
            let entry = entries.first(where: {
                RecognizerDefinition.sameGestureName($0.id, gesture)
                    && !$0.definition.gestures.contains { RecognizerDefinition.sameGestureName($0, gesture) }
            })
        else { return nil }
        return "gesture \"\(DiagnosticText.escaped(gesture))\" is the id of the recognizer \(entry.id)"
            + (entry.id == gesture ? "" : " in another case") + ", whose gestures are "
            + entry.definition.gestures.joined(separator: ", ")
            + ": a label \(DiagnosticText.escaped(gesture)) is taken for them, so a gesture needs a name of its own"
    }

    /// The gestures of the configuration's recognizers that are `gesture` in any case
    /// (`RecognizerDefinition/sameGestureName(_:_:)`), in order, each with its recognizer's id.
    private func spellings(of gesture: String) -> [(owner: String, spelt: String)] {
        entries.flatMap { entry in
            entry.definition.gestures.filter { RecognizerDefinition.sameGestureName($0, gesture) }.map {
                (entry.id, $0)
            }
        }
    }

    /// Keeps only the recognizers `ids` (in registry order); requirements on those left out are dropped.
    public mutating func keepOnly(_ ids: [String]) throws(ConfigurationError) {
        for id in ids { _ = try entryIndex(id) }
        leftOutRecognizers += entries.filter { !ids.contains($0.id) }.map { ($0.id, $0.definition.gestures) }
        entries = entries.filter { ids.contains($0.id) }
        for index in entries.indices {
            entries[index].requiresFailureOf = entries[index].requiresFailureOf.filter(ids.contains)
        }
        simultaneous = simultaneous.filter { $0.allSatisfy(ids.contains) }
    }

    /// Sets one parameter of one recognizer, checked against its declaration: its type, its range, and
    /// whether it can be switched off (`.off`). A former name of the parameter, or a value that used to
    /// switch its rule off, is still accepted, with a warning saying what to write instead.
    ///
    /// Values are checked one by one; whether they contradict each other (a minimum above its maximum)
    /// is checked on the final values, by `check()`, once every setting is made.
    public mutating func set(_ name: String, to value: ParameterValue, for id: String) throws(ConfigurationError) {
        warnings += try setting(name, to: value, for: id).map(\.text)
    }

    /// The error `set(_:to:for:)` gives when `id` or `name` names no recognizer or parameter here,
    /// whatever the value: nil when both are known. A value of the wrong kind (`"20"`, `abc`) is
    /// then not the first mistake to report: `minimumTravl` gets its "did you mean".
    func unknownTarget(_ name: String, for id: String) -> ConfigurationError? {
        var probe = self
        do throws(ConfigurationError) { _ = try probe.setting(name, to: .off, for: id) } catch {
            return error.subject == .value ? nil : error
        }
        return nil
    }

    /// `set(_:to:for:)`, returning its warnings, each with what it is about (the name or the value), so
    /// that a config file can place them.
    mutating func setting(_ name: String, to value: ParameterValue, for id: String) throws(ConfigurationError)
        -> [(text: String, subject: ConfigurationError.Subject)]
    {
        let index = try entryIndex(id)
        let definition = entries[index].definition
        var (name, value) = (name, value)
        var warnings: [(text: String, subject: ConfigurationError.Subject)] = []
        // A former name: its value in its former unit, converted, and what the error would call it.
        var former: (name: String, unit: String, scale: Double)?
        if definition.parameter(name) == nil,
            let renamed = definition.parameters.first(where: { $0.formerNames.contains { $0.name == name } }),
            let formerName = renamed.formerNames.first(where: { $0.name == name })
        {
            var warning = "\(id).\(name) is now \(id).\(renamed.name)"
            if let old = value.number, let unit = renamed.unit {
                value = .number(old * formerName.scale)
                warning +=
                    ", in \(unit): \(Format.jsonNumber(old)) \(formerName.unit) read as "
                    + "\(Format.number(old * formerName.scale, decimals: 4)) \(unit)"
            }
            warnings.append((warning, .parameter))
            former = (name, formerName.unit, formerName.scale)
            name = renamed.name
        }
        guard let parameter = definition.parameter(name) else {
            let names = definition.parameters.map(\.name)
            let hint =
                Spelling.nearest(to: name, among: names).map { "did you mean \($0)?" }
                ?? (names.isEmpty ? "\(id) has no parameters" : "expected one of \(names.joined(separator: ", "))")
            throw ConfigurationError(
                "unknown parameter \"\(DiagnosticText.name(name))\" for \(id): \(hint)", about: .parameter)
        }
        if let formerOff = parameter.formerOff, parameter.isOptional, let number = value.number,
            formerOff.matches(number)
        {
            warnings.append(
                ("\(id).\(name): \(formerOff.text) used to switch the rule off; write null (off) instead", .value))
            value = .off
        }
        if parameter.type == .boolean, let number = value.number, number == 0 || number == 1 {
            warnings.append(
                ("\(id).\(name) is a switch: write \(number == 1) instead of \(Format.number(number))", .value))
            value = .boolean(number == 1)
        }
        switch parameter.checked(value) {
        case .success(let checked): entries[index].settings[name] = checked
        case .failure(let error):
            if value == .off {
                // Written null in a config file and off or null in --set: name both, not one.
                throw ConfigurationError(
                    "parameter \"\(name)\" for \(id) cannot be switched off (null or off): it must be \(error.expected)",
                    about: .value)
            }
            guard let former, let converted = value.number else {
                throw ConfigurationError(
                    "parameter \"\(name)\" for \(id) must be \(error.expected), found \(value.text)", about: .value)
            }
            throw ConfigurationError(
                "parameter \"\(former.name)\" for \(id) (now \"\(name)\", in \(parameter.unit?.rawValue ?? "its unit")) must be "
                    + "\(parameter.accepted(unit: former.unit, scale: former.scale)), found \(Format.jsonNumber(converted / former.scale))",
                about: .value)
        }
        return warnings
    }

    /// The values that break a constraint of their recognizer (a minimum above its maximum), in
    /// registry order; empty when none do. A constraint with a side switched off holds.
    ///
    /// Setting values one by one checks each alone, so that any order of settings reaches the same
    /// values; call this (or `check()`) once they are all set.
    public func contradictions() -> [Contradiction] {
        entries.flatMap { entry -> [Contradiction] in
            // A profile's own values keep every constraint (`RecognizerDefinition.problems()` checks
            // it): only set values can contradict, and a run that sets nothing builds no spec.
            guard !entry.settings.isEmpty else { return [] }
            let constraints = entry.definition.constraints
            guard !constraints.isEmpty else { return [] }
            let values = entry.values
            return constraints.compactMap { constraint in
                guard constraint.holds(in: values) == false, let lower = values[constraint.lower],
                    let upper = values[constraint.upper]
                else { return nil }
                return Contradiction(id: entry.id, constraint: constraint, lower: lower, upper: upper)
            }
        }
    }

    /// Throws when some values contradict each other (see `contradictions()`), naming every one:
    /// `contradictory values: pan.minimumTouches = 5 is above pan.maximumTouches = 2 (expected
    /// minimumTouches ≤ maximumTouches)`.
    /// The error is placed where a config file set one of the first contradiction's values, when one
    /// did (the lower's place first).
    public func check() throws(ConfigurationError) {
        try checkInstanceNames()
        let found = contradictions()
        guard let first = found.first else { return }
        let keys = [first.constraint.lower, first.constraint.upper].map { "\(first.id).\($0)" }
        let place = keys.lazy.compactMap { self.placesOfSettings[$0] }.first
        throw Self.said(
            ConfigurationError(
                "contradictory values: " + found.map { "\($0) (expected \($0.constraint))" }.joined(separator: "; "),
                file: place?.file, at: place?.position),
            by: place == nil
                ? keys.compactMap { self.assignmentsOfSettings[$0] }.max { $0.order < $1.order }?.assignment : nil)
    }

    /// `error` with the assignment that set one of its values, when one did (`ConfigurationError.assignment`).
    private static func said(_ error: ConfigurationError, by assignment: String?) -> ConfigurationError {
        var said = error
        said.assignment = assignment.map { DiagnosticText.escaped($0, maxCharacters: 60) }
        return said
    }

    /// Throws when an instance is named as a gesture of a recognizer (of the configuration or the
    /// registry) that it does not recognize with its values: a `swipe-up` of kind swipe whose
    /// `directions` are left and right, where the id was checked against its kind's gestures before
    /// the values were set. A label `swipe-up` would then name a gesture no recognizer of that name
    /// gives. Placed where a config file set the instance's `directions`, when one did.
    func checkInstanceNames() throws(ConfigurationError) {
        for entry in entries where entry.definition.instanceOf != nil {
            let id = entry.id
            guard !entry.gestures.contains(where: { RecognizerDefinition.sameGestureName($0, id) }) else { continue }
            let others = entries.map(\.definition).filter { $0.id != id } + registry
            guard
                let owner = others.first(where: { other in
                    other.gestures.contains { RecognizerDefinition.sameGestureName($0, id) }
                })
            else { continue }
            let shown = DiagnosticText.escaped(id)
            let place = placesOfSettings["\(id).directions"]
            throw Self.said(
                ConfigurationError(
                    "recognizer id \"\(shown)\" is a gesture of \(owner.id) that, with its values, it does not "
                        + "recognize (it recognizes \(entry.gestures.joined(separator: ", "))): a label \(shown) names "
                        + "that gesture, so an id needs another name, or values that take the gesture in",
                    file: place?.file, at: place?.position),
                by: place == nil ? assignmentsOfSettings["\(id).directions"]?.assignment : nil)
        }
    }

    /// Replaces the recognizers `id` requires to fail; when that makes a cycle (or names an unknown
    /// recognizer), throws and leaves the configuration as it was (the cycle was kept, and replay
    /// waited on it).
    public mutating func setRequirements(of id: String, _ required: [String]) throws(ConfigurationError) {
        var changed = self
        try changed.changeRequirements(of: id, to: required)
        if let cycle = changed.findCycle() {
            throw ConfigurationError("require-to-fail cycle: \(cycle.joined(separator: " → "))")
        }
        self = changed
    }

    /// Adds to the recognizers `id` requires to fail, keeping those it requires already; the list stays
    /// in registry order.
    public mutating func addRequirements(of id: String, _ required: [String]) throws(ConfigurationError) {
        let index = try entryIndex(id)
        let all = Set(entries[index].requiresFailureOf + required)
        try setRequirements(of: id, entries.map(\.id).filter(all.contains))
    }

    /// Replaces the requirements without looking for a cycle, so that a file can change several
    /// before the result is checked (`requirementCycle()`).
    mutating func changeRequirements(of id: String, to required: [String]) throws(ConfigurationError) {
        let index = try entryIndex(id)
        for other in required { _ = try entryIndex(other) }
        var unique: [String] = []
        for other in required where !unique.contains(other) { unique.append(other) }
        entries[index].requiresFailureOf = unique
    }

    /// A require-to-fail cycle, as the ids along it (the first again at the end), or `nil`.
    func requirementCycle() -> [String]? { findCycle() }

    /// Forgets every simultaneous pair, so a configuration file can list exactly the ones it wants.
    public mutating func clearSimultaneous() {
        simultaneous = []
    }

    /// Forgets every simultaneous pair of two of `ids`.
    mutating func clearSimultaneous(among ids: Set<String>) {
        simultaneous = simultaneous.filter { pair in !pair.allSatisfy(ids.contains) }
    }

    /// Lets `a` and `b` recognize together (UIKit's `shouldRecognizeSimultaneouslyWith`).
    public mutating func allowSimultaneous(_ a: String, _ b: String) throws(ConfigurationError) {
        _ = try entryIndex(a)
        _ = try entryIndex(b)
        guard a != b else {
            throw ConfigurationError("a simultaneous pair needs two different recognizers, found \(a) twice")
        }
        simultaneous.insert([a, b].sorted())
    }

    public func maySimultaneouslyRecognize(_ a: String, _ b: String) -> Bool {
        simultaneous.contains([a, b].sorted())
    }

    /// The recognizers that may recognize together with `id`, in registry order.
    public func simultaneousPartners(of id: String) -> [String] {
        entries.map(\.id).filter { $0 != id && maySimultaneouslyRecognize($0, id) }
    }

    /// The typed parameters of the recognizer `id`, when it is of type `type`.
    ///
    ///     configuration.parameters(of: "swipe", as: Swipe.self)?.minimumTravel   // 30
    public func parameters<R: Recognizer>(of id: String, as type: R.Type) -> R.Parameters? {
        guard let entry = entries.first(where: { $0.id == id }), entry.prototype is R else { return nil }
        return R.Parameters(entry.values, over: R.defaultParameters)
    }

    /// Whether `id` was in the registry but left out by `keepOnly`.
    public func isLeftOut(_ id: String) -> Bool { leftOut.contains(id) }

    /// The position of the entry `id`, or an error saying which ids there are, or which one was meant.
    func entryIndex(_ id: String) throws(ConfigurationError) -> Int {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            let ids = entries.map(\.id)
            let shown = DiagnosticText.name(id)
            if leftOut.contains(id) {
                let by = leftOutByOption.contains(id) ? " by --recognizers (add it there)" : ""
                throw ConfigurationError(
                    "recognizer \"\(shown)\" is left out of this configuration\(by): expected one of "
                        + ids.joined(separator: ", "),
                    about: .recognizer)
            }
            if let owner = entries.first(where: { $0.definition.gestures.contains(id) }) {
                throw ConfigurationError(
                    "unknown recognizer \"\(shown)\": \(shown) is a gesture of the recognizer \(owner.id) (name \(owner.id) instead)",
                    about: .recognizer)
            }
            let hint =
                Spelling.nearest(to: id, among: ids).map { "did you mean \($0)?" }
                ?? "expected one of \(ids.joined(separator: ", "))"
            throw ConfigurationError("unknown recognizer \"\(shown)\": \(hint)", about: .recognizer)
        }
        return index
    }

    /// The first cycle a depth-first walk from each entry in turn meets. A recognizer whose walk met
    /// none is not walked again: nothing it reaches is on a cycle, so the walk is linear in the
    /// requirements (walking every path took seconds for 24 instances that each wait for the ones
    /// before).
    private func findCycle() -> [String]? {
        let requires = Dictionary(
            entries.map { ($0.id, $0.requiresFailureOf) }, uniquingKeysWith: { first, _ in first })
        var clear: Set<String> = []
        var path: [String] = []
        func visit(_ id: String) -> [String]? {
            if let start = path.firstIndex(of: id) { return Array(path[start...]) + [id] }
            guard !clear.contains(id) else { return nil }
            path.append(id)
            for next in requires[id] ?? [] {
                if let cycle = visit(next) { return cycle }
            }
            path.removeLast()
            clear.insert(id)
            return nil
        }
        for entry in entries {
            if let cycle = visit(entry.id) { return cycle }
        }
        return nil
    }
}

extension ParameterValue {
    /// A number or an integer as a `Double`; nil otherwise.
    var number: Double? {
        switch self {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// As a config file writes it; a whole number with every digit (`Int.max` read 9.223372036854776e+18);
    /// a number no file holds, set from Swift, as Swift writes it (`nan`, `inf`), not as JSON's `null`.
    var text: String {
        if case .integer(let value) = self { return String(value) }
        if case .number(let value) = self, !value.isFinite { return "\(value)" }
        return json.text
    }
}
