/// The name a misspelt one most likely meant, for "did you mean …?" in diagnostics.
///
///     Spelling.nearest(to: "minimumTravl", among: ["minimumTravel", "maximumBow"])   // "minimumTravel"
public enum Spelling {
    /// The candidate nearest to `name` by edit distance (insertions, deletions, substitutions and
    /// swaps of two neighbours, ignoring case), when it is near enough to be a slip: at most a third
    /// of the longer name's characters, and at least one, differ. The first of equally near ones;
    /// `nil` for an empty name.
    public static func nearest(to name: String, among candidates: [String]) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        // Nothing typed is no slip of anything (an empty label read "did you mean z?").
        guard !typed.isEmpty else { return nil }
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let target = Array(candidate.lowercased().unicodeScalars)
            let limit = max(1, max(typed.count, target.count) / 3)
            // The distance is at least the difference in length: a long name is no slip of a short one.
            guard abs(typed.count - target.count) <= limit else { continue }
            let distance = editDistance(typed, target)
            // And something of what was typed is kept: `x` for `z` is another name, not a slip (the
            // recorder page's rule, which its guide says is this one).
            if distance <= limit, distance < typed.count, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.candidate
    }

    /// The optimal-string-alignment distance: Levenshtein's, with a swap of two neighbours one edit.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        // Three rows: the one before last (for swaps), the last and the current.
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
