/// Who requires whom to fail, and who may recognize together, by position in a configuration's
/// entries: what arbitration asks on every recognition, without hashing ids.
struct Relations: Sendable {
    /// For each entry, the positions of the entries it requires to fail, in the order it lists them.
    let requires: [[Int]]
    /// For each entry, its id and kind (read from the entry, they would copy its definition).
    let ids: [String]
    let kinds: [RecognizerKind]
    /// For each entry, the name its recognitions are given instead of the recognizer's own, if any.
    let renames: [String?]
    /// Whether any entry renames its recognitions.
    let renamesAny: Bool
    /// For each gesture, the first entry that recognizes it with its values: the one a miss of a trace
    /// labelled with it is put on (`Miss`).
    let owners: [String: Int]
    /// `together[a * ids.count + b]`: whether entries `a` and `b` may recognize together.
    private let together: [Bool]

    /// Whether a recognizer waits for those it requires to fail while they are still possible (UIKit);
    /// false in the hammer profile, where it waits only while one of them is under way (`began` or
    /// `changed`), as Hammer.js's `requireFailure` does.
    let waitsWhilePossible: Bool

    init(_ entries: [Configuration.Entry], _ simultaneous: Set<[String]>, profile: Profile) {
        waitsWhilePossible = profile != .hammer
        let positions = Dictionary(entries.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        requires = entries.map { $0.requiresFailureOf.compactMap { positions[$0] } }
        ids = entries.map(\.id)
        kinds = entries.map(\.definition.kind)
        renames = entries.map(\.definition.recognizedAs)
        renamesAny = renames.contains { $0 != nil }
        var owners: [String: Int] = [:]
        for (index, entry) in entries.enumerated() {
            for gesture in entry.gestures where owners[gesture] == nil { owners[gesture] = index }
        }
        self.owners = owners
        // From the pairs, not by asking for every two entries: a configuration of many instances
        // makes this table again for each one it adds.
        var together = [Bool](repeating: false, count: entries.count * entries.count)
        for pair in simultaneous where pair.count == 2 && pair[0] != pair[1] {
            guard let a = positions[pair[0]], let b = positions[pair[1]] else { continue }
            together[a * entries.count + b] = true
            together[b * entries.count + a] = true
        }
        self.together = together
    }

    var count: Int { ids.count }

    func maySimultaneouslyRecognize(_ a: Int, _ b: Int) -> Bool { together[a * ids.count + b] }
}
