/// The recognizers that compete for a trace, with their parameter values, and how they relate:
/// which must fail before another may recognize, and which may recognize together.
///
///     var configuration = Configuration(profile: .seed)
///     try configuration.keepOnly(["checkmark"])
///     try configuration.set("jitterTolerance", to: 3, for: "checkmark")
public struct Configuration: Sendable {
    /// One recognizer as it will run.
    public struct Entry: Sendable {
        public let definition: RecognizerDefinition
        /// The parameter values; setting them makes a new `prototype`.
        public var values: ParameterValues {
            didSet { prototype = definition.make(values) }
        }
        /// Ids of the recognizers in this configuration that must fail before this one recognizes.
        public var requiresFailureOf: [String]
        /// A fresh recognizer with these values: the engine copies it at every reset, instead of
        /// reading every parameter by name again.
        public private(set) var prototype: any Recognizer
        public var id: String { definition.id }

        init(definition: RecognizerDefinition, values: ParameterValues, requiresFailureOf: [String]) {
            self.definition = definition
            self.values = values
            self.requiresFailureOf = requiresFailureOf
            prototype = definition.make(values)
        }
    }

    /// In registry order, which is also the order touches are delivered and ties are broken.
    public private(set) var entries: [Entry] {
        didSet { relations = Relations(entries, simultaneous) }
    }
    /// Pairs that may recognize together; each pair sorted by id.
    public private(set) var simultaneous: Set<[String]> {
        didSet { relations = Relations(entries, simultaneous) }
    }
    /// `entries` and `simultaneous` by position, for the engine, which asks on every recognition.
    private(set) var relations = Relations([], [])
    public let profile: Profile

    /// - Parameters:
    ///   - registry: The recognizers to choose from, in priority order.
    ///   - profile: Whose parameter values to start from.
    public init(registry: [RecognizerDefinition] = Registry.all, profile: Profile = .default) {
        self.profile = profile
        entries = registry.map { definition in
            Entry(definition: definition, values: definition.values(profile), requiresFailureOf: definition.requiresFailureOf)
        }
        let ids = Set(registry.map(\.id))
        simultaneous = Set(
            registry.flatMap { definition in
                definition.simultaneousWith.filter(ids.contains).map { [definition.id, $0].sorted() }
            })
        relations = Relations(entries, simultaneous)
    }

    /// Who requires whom to fail, and who may recognize together, by position in `entries`.
    struct Relations: Sendable {
        /// For each entry, the positions of the entries it requires to fail, in the order given.
        let requires: [[Int]]
        /// For each entry, its id and kind (read from the entry, they would copy its definition).
        let ids: [String]
        let kinds: [RecognizerKind]
        /// `together[a * ids.count + b]`: whether entries `a` and `b` may recognize together.
        private let together: [Bool]

        init(_ entries: [Entry], _ simultaneous: Set<[String]>) {
            let positions = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
            requires = entries.map { $0.requiresFailureOf.compactMap { positions[$0] } }
            ids = entries.map(\.id)
            kinds = entries.map(\.definition.kind)
            together = entries.flatMap { a in entries.map { b in simultaneous.contains([a.id, b.id].sorted()) } }
        }

        func maySimultaneouslyRecognize(_ a: Int, _ b: Int) -> Bool { together[a * ids.count + b] }
    }

    /// Keeps only the recognizers `ids` (in registry order); requirements on those left out are dropped.
    public mutating func keepOnly(_ ids: [String]) throws(ConfigurationError) {
        for id in ids { _ = try entryIndex(id) }
        entries = entries.filter { ids.contains($0.id) }
        for index in entries.indices {
            entries[index].requiresFailureOf = entries[index].requiresFailureOf.filter(ids.contains)
        }
        simultaneous = simultaneous.filter { $0.allSatisfy(ids.contains) }
    }

    /// Overrides one parameter of one recognizer.
    public mutating func set(_ parameter: String, to value: Double, for id: String) throws(ConfigurationError) {
        let index = try entryIndex(id)
        let names = entries[index].definition.parameters.map(\.name)
        guard names.contains(parameter) else {
            throw ConfigurationError(
                "unknown parameter \"\(parameter)\" for \(id): expected one of \(names.joined(separator: ", "))")
        }
        guard value.isFinite else { throw ConfigurationError("parameter \"\(parameter)\" for \(id) must be a finite number") }
        entries[index].values[parameter] = value
    }

    /// Replaces the recognizers `id` requires to fail.
    public mutating func setRequirements(of id: String, _ required: [String]) throws(ConfigurationError) {
        let index = try entryIndex(id)
        for other in required { _ = try entryIndex(other) }
        entries[index].requiresFailureOf = required
        if let cycle = findCycle() {
            throw ConfigurationError("require-to-fail cycle: \(cycle.joined(separator: " → "))")
        }
    }

    /// Forgets every simultaneous pair, so a configuration file can list exactly the ones it wants.
    public mutating func clearSimultaneous() {
        simultaneous = []
    }

    /// Lets `a` and `b` recognize together (UIKit's `shouldRecognizeSimultaneouslyWith`).
    public mutating func allowSimultaneous(_ a: String, _ b: String) throws(ConfigurationError) {
        _ = try entryIndex(a)
        _ = try entryIndex(b)
        simultaneous.insert([a, b].sorted())
    }

    public func maySimultaneouslyRecognize(_ a: String, _ b: String) -> Bool {
        simultaneous.contains([a, b].sorted())
    }

    private func entryIndex(_ id: String) throws(ConfigurationError) -> Int {
        guard let index = entries.firstIndex(where: { $0.id == id }) else {
            throw ConfigurationError(
                "unknown recognizer \"\(id)\": expected one of \(entries.map(\.id).joined(separator: ", "))")
        }
        return index
    }

    private func findCycle() -> [String]? {
        let requires = Dictionary(uniqueKeysWithValues: entries.map { ($0.id, $0.requiresFailureOf) })
        func visit(_ id: String, _ path: [String]) -> [String]? {
            if let start = path.firstIndex(of: id) { return Array(path[start...]) + [id] }
            for next in requires[id] ?? [] {
                if let cycle = visit(next, path + [id]) { return cycle }
            }
            return nil
        }
        for entry in entries {
            if let cycle = visit(entry.id, []) { return cycle }
        }
        return nil
    }
}

/// A configuration that cannot be used: an unknown recognizer or parameter, a bad value, a cycle.
public struct ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}
