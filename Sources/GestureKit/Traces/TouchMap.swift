/// A map from touch id to a value, for the handful of touches down at once.
///
/// A linear search beats hashing for the one to five touches a gesture has, and the order is the
/// order the touches went down — unlike a `Dictionary`, whose order depends on a per-run hash seed,
/// so sums over it (a centroid of three touches) could differ in their last bit between runs.
///
/// The first two entries are kept inline and only a third or later one goes to the heap: most
/// gestures have one or two touches, and a map is made afresh for every trace, by the engine and
/// by several recognizers, so it would otherwise allocate several arrays per trace.
struct TouchMap<Value: Sendable>: Sendable {
    private var firstID = TouchID.number(0)
    private var secondID = TouchID.number(0)
    private var first: Value?
    private var second: Value?
    /// Entries after the first two, in order.
    private var moreIDs: [TouchID] = []
    private var moreValues: [Value] = []
    private(set) var count = 0

    init() {}

    var isEmpty: Bool { count == 0 }

    /// The ids, in the order they were added.
    var ids: [TouchID] {
        var result: [TouchID] = []
        forEach { id, _ in result.append(id) }
        return result
    }

    /// The values, in the order their ids were added.
    var values: [Value] {
        var result: [Value] = []
        forEach { _, value in result.append(value) }
        return result
    }

    /// Calls `body` with each entry, in the order they were added, without making arrays.
    func forEach(_ body: (TouchID, Value) -> Void) {
        if count > 0 { body(firstID, first!) }
        if count > 1 { body(secondID, second!) }
        for k in moreIDs.indices { body(moreIDs[k], moreValues[k]) }
    }

    private func index(of id: TouchID) -> Int? {
        if count > 0, firstID == id { return 0 }
        if count > 1, secondID == id { return 1 }
        return moreIDs.firstIndex(of: id).map { $0 + 2 }
    }

    subscript(id: TouchID) -> Value? {
        get {
            switch index(of: id) {
            case 0?: first
            case 1?: second
            case let index?: moreValues[index - 2]
            case nil: nil
            }
        }
        set {
            if let index = index(of: id) {
                if let newValue {
                    switch index {
                    case 0: first = newValue
                    case 1: second = newValue
                    default: moreValues[index - 2] = newValue
                    }
                } else {
                    remove(at: index)
                }
            } else if let newValue {
                switch count {
                case 0: (firstID, first) = (id, newValue)
                case 1: (secondID, second) = (id, newValue)
                default:
                    moreIDs.append(id)
                    moreValues.append(newValue)
                }
                count += 1
            }
        }
    }

    /// Removes entry `index`, moving the later ones up so that the order stays that of addition.
    private mutating func remove(at index: Int) {
        if index == 0 { (firstID, first) = (secondID, second) }
        if index <= 1 {
            if moreIDs.isEmpty {
                second = nil
            } else {
                (secondID, second) = (moreIDs.removeFirst(), moreValues.removeFirst())
            }
        } else {
            moreIDs.remove(at: index - 2)
            moreValues.remove(at: index - 2)
        }
        count -= 1
        if count == 0 { first = nil }
    }

    func contains(_ id: TouchID) -> Bool { index(of: id) != nil }

    mutating func removeAll() {
        first = nil
        second = nil
        count = 0
        if !moreIDs.isEmpty {
            moreIDs.removeAll(keepingCapacity: true)
            moreValues.removeAll(keepingCapacity: true)
        }
    }
}

extension TouchMap where Value == Point {
    /// The mean of the points, summed in the order they were added (`.zero` for none).
    var centroid: Point {
        guard count > 0 else { return .zero }
        // From zero, as a sum of the values would: a lone -0 comes out as 0.
        var x = 0.0
        var y = 0.0
        x += first!.x
        y += first!.y
        if count > 1 {
            x += second!.x
            y += second!.y
        }
        for p in moreValues {
            x += p.x
            y += p.y
        }
        return Point(x: x / Double(count), y: y / Double(count))
    }
}
