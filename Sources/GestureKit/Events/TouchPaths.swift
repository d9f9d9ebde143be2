/// Where each touch of the current touch sequence has been: its location at touch down and at every
/// sample delivered since (moved, lifted or cancelled; stationary samples add nothing), kept once by
/// the engine for every recognizer to read (`RecognizerContext.path(of:)`) instead of each keeping
/// its own copy.
///
/// Emptied when a new touch sequence begins; a touch that touches down again starts a new path.
/// The arrays' storage is kept from sequence to sequence (and, in a workspace, from trace to trace).
/// Used on the replay's thread only.
final class TouchPaths: @unchecked Sendable {
    // Used on one thread, by the engine that owns it: no exclusivity checks at run time.
    @exclusivity(unchecked) private var ids: [TouchID] = []
    @exclusivity(unchecked) private var paths: [[Point]] = []
    /// The entries in use: the first `used` of `ids` and `paths`.
    @exclusivity(unchecked) private var used = 0

    init() {}

    /// Adds a sample of a touch that is delivered to recognizers.
    @inline(__always)
    func add(_ location: Point, of touch: TouchID, phase: Phase) {
        guard phase != .stationary else { return }
        var index = 0
        while index < used && ids[index] != touch { index += 1 }
        if index == used {
            if used == ids.count {
                ids.append(touch)
                paths.append([])
            } else {
                ids[used] = touch
            }
            used += 1
        } else if phase == .began {
            paths[index].removeAll(keepingCapacity: true)
        }
        paths[index].append(location)
    }

    /// The path of `touch` in this sequence; empty for a touch it has not seen.
    func path(of touch: TouchID) -> [Point] {
        for index in 0..<used where ids[index] == touch { return paths[index] }
        return []
    }

    /// Forgets every path, keeping the storage.
    func removeAll() {
        for index in 0..<used { paths[index].removeAll(keepingCapacity: true) }
        used = 0
    }
}
