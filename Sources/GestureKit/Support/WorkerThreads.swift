import Dispatch

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Threads that each run one body, made with `pthread_create` rather than taken from Dispatch.
///
/// Where no thread can be made (a per-user limit on processes, `ulimit -u`), Dispatch's pool tries
/// again every second for ever, and a run waiting on it hangs at 0% CPU. Here the work goes on with
/// the threads that could be made, and the caller stands in for the rest. So a body must share its
/// work with the others (take the next unclaimed item until none is left), and any number of
/// bodies, one at least, finishes it.
final class WorkerThreads: @unchecked Sendable {
    /// Dropped once the threads are joined, so that a body holding its owner is no cycle.
    private var body: (@Sendable () -> Void)?
    private let requested: Int
    private var threads: [pthread_t] = []
    /// Signalled by each thread as its body returns (a semaphore makes no thread).
    private let finished = DispatchSemaphore(value: 0)

    /// Starts up to `count` threads running `body`, as many as can be made.
    init(_ count: Int, body: @escaping @Sendable () -> Void) {
        self.body = body
        requested = max(0, count)
        for _ in 0..<requested {
            let finished = finished
            let context = Unmanaged.passRetained(
                Body {
                    body()
                    finished.signal()
                }
            ).toOpaque()
            #if canImport(Darwin)
                var thread: pthread_t?
            #else
                var thread = pthread_t()
            #endif
            let status = pthread_create(
                &thread, nil,
                { context in
                    Unmanaged<Body>.fromOpaque(context!).takeRetainedValue().run()
                    return nil
                }, context)
            guard status == 0 else {
                Unmanaged<Body>.fromOpaque(context).release()
                break
            }
            #if canImport(Darwin)
                threads.append(thread!)
            #else
                threads.append(thread)
            #endif
        }
    }

    /// Runs `body` on `count` threads, the caller one of them, and returns when every one has
    /// finished.
    static func run(_ count: Int, body: @escaping @Sendable () -> Void) {
        let others = WorkerThreads(count - 1, body: body)
        body()
        others.join()
    }

    /// Whether fewer threads were made than asked for (one at least): the caller must then work too.
    var isShort: Bool { threads.count < max(requested, 1) }

    /// Runs the body on the calling thread when fewer threads were made than asked for, then waits
    /// for every thread (`join`). Call once.
    func finish() {
        if isShort { body?() }
        join()
    }

    /// Waits for every thread, calling `waiting` every `interval` while they work. Call once; a caller
    /// that stands in for threads not made (`isShort`) does its share first.
    func join(every interval: DispatchTimeInterval = .milliseconds(100), waiting: () -> Void = {}) {
        for _ in threads {
            while finished.wait(timeout: .now() + interval) == .timedOut { waiting() }
        }
        for thread in threads { pthread_join(thread, nil) }
        threads = []
        body = nil
    }

    private final class Body {
        let run: @Sendable () -> Void
        init(_ run: @escaping @Sendable () -> Void) { self.run = run }
    }
}
