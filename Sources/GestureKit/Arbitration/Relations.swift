/// Who requires whom to fail, and who may recognize together, by position in a configuration's
/// entries: what arbitration asks on every recognition, without hashing ids.
struct Relations: Sendable {
    /// For each entry, the positions of the entries it requires to fail, in the order it lists them.
    let requires: [[Int]]
    /// For each entry, its id and kind (read from the entry, they would copy its definition).
    let ids: [String]
    let kinds: [RecognizerKind]
    /// `together[a * ids.count + b]`: whether entries `a` and `b` may recognize together.
    private let together: [Bool]

    init(_ entries: [Configuration.Entry], _ simultaneous: Set<[String]>) {
        let positions = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        requires = entries.map { $0.requiresFailureOf.compactMap { positions[$0] } }
        ids = entries.map(\.id)
        kinds = entries.map(\.definition.kind)
        together = entries.flatMap { a in entries.map { b in simultaneous.contains([a.id, b.id].sorted()) } }
    }

    var count: Int { ids.count }

    func maySimultaneouslyRecognize(_ a: Int, _ b: Int) -> Bool { together[a * ids.count + b] }
}
