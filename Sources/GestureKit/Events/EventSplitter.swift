/// Splits a trace's samples into events: runs of consecutive samples with the same time, each touch at
/// most once. A touch that appears again at the same time starts a new event at that time, so no
/// sample is lost.
enum EventSplitter {
    /// The end of the event that begins with sample `start` (one past its last sample).
    ///
    /// - Complexity: O(*n*) in the event's length *n*.
    @inline(__always)
    static func end(ofEventAt start: Int, in samples: [Sample]) -> Int {
        // An event rarely has more than a few touches: a linear search of it beats hashing, which
        // takes over for a large one (the touches limit can be raised) so that time stays linear.
        var end = start + 1
        var seen: Set<TouchID>?
        while end < samples.count, samples[end].time == samples[start].time {
            let touch = samples[end].touch
            if end - start < 16 {
                if samples[start..<end].contains(where: { $0.touch == touch }) { break }
            } else {
                if seen == nil { seen = Set(samples[start..<end].lazy.map(\.touch)) }
                if !seen!.insert(touch).inserted { break }
            }
            end += 1
        }
        return end
    }
}
