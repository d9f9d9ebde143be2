import Synchronization

/// Result slots written by worker threads, each index by exactly one of them: a worker claims the
/// next index no other has (`claim`), or is given its own, and fills it. The one place the workers'
/// results live in unsafe memory (a lock or a copy per write would cost more than the work).
final class Slots<Element>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Element>
    private let next = Atomic<Int>(0)

    /// `count` slots, each holding `initial` until it is set.
    init(count: Int, repeating initial: Element) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: initial)
    }

    /// The next unclaimed index; nil once every one is claimed.
    func claim() -> Int? {
        let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
        return index < buffer.count ? index : nil
    }

    func set(_ index: Int, _ element: Element) { buffer[index] = element }

    /// The elements, in order; call once, after every worker has finished.
    func take() -> [Element] { Array(buffer) }

    /// The elements of slots that started empty, in order, every one set; call once, after every
    /// worker has finished.
    func takeAll<Wrapped>() -> [Wrapped] where Element == Wrapped? { buffer.map { $0! } }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }
}
