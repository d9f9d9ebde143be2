/// What a batch worker keeps from one trace to the next on its thread, so that each trace resets ten
/// recognizers and their bookkeeping in place instead of allocating and freeing them. Not shared
/// between threads; it serves one configuration.
final class ReplayWorkspace {
    private var kept: (RecognizerBoxes, Arbiter, [[TouchID]], [[Deadline]])?

    init() {}

    /// What the last trace gave back, when it was for as many recognizers, recording transitions alike.
    func take(count: Int, recordsTransitions: Bool) -> (RecognizerBoxes, Arbiter, [[TouchID]], [[Deadline]])? {
        defer { kept = nil }
        guard let kept, kept.0.count == count, kept.1.recordsTransitions == recordsTransitions else { return nil }
        return kept
    }

    func giveBack(_ recognizers: RecognizerBoxes, _ arbiter: Arbiter, _ ignored: [[TouchID]], _ deadlines: [[Deadline]]) {
        kept = (recognizers, arbiter, ignored, deadlines)
    }
}
