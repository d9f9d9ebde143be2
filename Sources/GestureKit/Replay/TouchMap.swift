/// A map from touch id to a value, for the handful of touches down at once.
///
/// A linear search of a small array beats hashing for the one to five touches a gesture has, and the
/// order is the order the touches went down — unlike a `Dictionary`, whose order depends on a per-run
/// hash seed, so sums over it (a centroid of three touches) could differ in their last bit between runs.
public struct TouchMap<Value: Sendable>: Sendable {
    public private(set) var ids: [TouchID] = []
    public private(set) var values: [Value] = []

    public init() {}

    public var count: Int { ids.count }
    public var isEmpty: Bool { ids.isEmpty }

    public subscript(id: TouchID) -> Value? {
        get { ids.firstIndex(of: id).map { values[$0] } }
        set {
            if let index = ids.firstIndex(of: id) {
                if let newValue {
                    values[index] = newValue
                } else {
                    ids.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                ids.append(id)
                values.append(newValue)
            }
        }
    }

    public func contains(_ id: TouchID) -> Bool { ids.contains(id) }

    public mutating func removeAll() {
        ids.removeAll(keepingCapacity: true)
        values.removeAll(keepingCapacity: true)
    }
}
