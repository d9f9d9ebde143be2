/// What a batch worker keeps from one trace to the next on its thread, so that each trace resets ten
/// recognizers and their bookkeeping in place instead of allocating and freeing them. Not shared
/// between threads; it serves one configuration. Everything is moved in and out, never copied.
final class ReplayWorkspace {
    var recognizers: RecognizerBoxes?
    var arbiter: Arbiter?
    var ignored: [[TouchID]] = []
    var deadlines: [[Deadline]] = []
    /// The storage of an event's touches, and of its touches by phase.
    var touches = ReplayEngine.TouchBuffers()
    let paths = TouchPaths()

    init() {}
}
