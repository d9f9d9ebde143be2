/// What `--time-unit`, `--y-up` and `--lift-at-jumps` change in a trace after it is read, and the
/// warnings about times that look like the wrong unit.
///
///     var adjustment = TraceAdjustment()
///     adjustment.timeUnit = .ms             // JSON and CSV times are milliseconds
///     adjustment.flipsY = true              // y grew upward where it was recorded
///     adjustment.apply(to: &trace)
public struct TraceAdjustment: Sendable, Hashable {
    /// The unit of the times in a file.
    public enum TimeUnit: String, Sendable, Hashable, CaseIterable {
        case s, ms, us

        /// Seconds in one of this unit.
        public var seconds: Double {
            switch self {
            case .s: 1
            case .ms: 0.001
            case .us: 0.000_001
            }
        }
    }

    /// The unit of every file's times; `nil`: seconds for JSON and CSV, milliseconds for XML.
    public var timeUnit: TimeUnit?
    /// Flip y about the view's height (or, without a view, about the middle of the trace's bounds).
    public var flipsY = false
    /// In a `$`-family log, read each jump of a stroke (`Trace.dollarJump`: a lift the format cannot
    /// record) as the end of one touch and the start of the next.
    public var liftsAtJumps = false

    public init(timeUnit: TimeUnit? = nil, flipsY: Bool = false, liftsAtJumps: Bool = false) {
        self.timeUnit = timeUnit
        self.flipsY = flipsY
        self.liftsAtJumps = liftsAtJumps
    }

    /// Applies the unit and the flip to a trace as its reader made it, then adds a warning when its
    /// times still look like the wrong unit.
    public func apply(to trace: inout Trace) {
        // On the times as read, as the reader's jump warning judged them.
        if liftsAtJumps, trace.format == .xml { Self.liftAtJumps(&trace) }
        if let timeUnit {
            let native: TimeUnit = trace.format == .xml ? .ms : .s
            if timeUnit != native {
                // Divide by a whole number where one is exact (1,000 ms a second), so that 150 ms reads
                // as the same double as 0.15 written in seconds.
                let perSecond = 1 / timeUnit.seconds
                let nativePerSecond = 1 / native.seconds
                for index in trace.samples.indices {
                    let t = trace.samples[index].time * nativePerSecond
                    trace.samples[index].time = t / perSecond
                }
            }
        }
        if flipsY, !trace.samples.isEmpty {
            let axis: Double
            if let view = trace.view {
                axis = view.height
            } else {
                let ys = trace.samples.map(\.location.y)
                axis = ys.min()! + ys.max()!
            }
            for index in trace.samples.indices {
                trace.samples[index].location.y = axis - trace.samples[index].location.y
            }
        }
        if timeUnit == nil, let warning = TraceAdjustment.unitWarning(trace) { trace.warnings.append(warning) }
    }

    /// Ends the touch before each jump of a stroke and begins a new one at it, numbering the touches
    /// 1, 2, … in order again (a `$` log's strokes follow one another), and turns the reader's jump
    /// warning into one that says so. A jump next to a touch's first or last point (a stroke's, or
    /// one a lift just before it made) is left: a touch of one point would need a sample the file
    /// does not have.
    static func liftAtJumps(_ trace: inout Trace) {
        let jumps = Trace.jumps(in: trace)
        var lifted = 0
        // In order, each seeing the lifts before it: of two jumps in a row, the second would leave a
        // touch of the one point between them.
        for jump in jumps
        where trace.samples[jump.index - 1].phase != .began && trace.samples[jump.index].phase != .ended {
            trace.samples[jump.index - 1].phase = .ended
            trace.samples[jump.index].phase = .began
            lifted += 1
        }
        if lifted > 0 {
            var touch = 0
            for index in trace.samples.indices {
                if trace.samples[index].phase == .began { touch += 1 }
                trace.samples[index].touch = .number(touch)
            }
        }
        let left = jumps.count - lifted
        let next = "next to a touch's first or last point"
        let read =
            switch (lifted, left) {
            case (0, _): "not read as a lift (--lift-at-jumps): \(left == 1 ? "it is" : "each is") \(next)"
            case (1, 0): "read as a lift (--lift-at-jumps)"
            case (_, 0): "\(lifted) jumps read as lifts (--lift-at-jumps)"
            default: "\(lifted) of \(jumps.count) jumps read as lifts (--lift-at-jumps), \(left) not: \(next)"
            }
        trace.warnings = trace.warnings.map { warning in
            guard let range = warning.range(of: Trace.jumpWarningReading) else { return warning }
            return warning.replacingCharacters(in: range, with: read)
        }
    }

    /// A warning when the times of `trace` (in seconds) look like another unit: epoch times, samples a
    /// second or more apart on average (milliseconds read as seconds), or microseconds apart.
    static func unitWarning(_ trace: Trace) -> String? {
        guard let first = trace.samples.first?.time else { return nil }
        let unit = trace.format == .xml ? "milliseconds" : "seconds"
        // Past any clock's count in seconds, milliseconds or microseconds (epoch nanoseconds are 1.8e18),
        // and where a double no longer tells a second's parts apart: 1e300 was said to look like
        // epoch milliseconds.
        if abs(first) >= 1e17 {
            return
                "times start at \(Format.number(first, decimals: 0)) s, beyond a clock in seconds, milliseconds or microseconds: at that size a time cannot tell 0.5 s from 0 (is the column a time?)"
        }
        // XML times are milliseconds, and the `$`-family logs stamp them with the epoch: no warning.
        if trace.format != .xml, first >= 1e14 {
            return
                "times start at \(Int64(first.rounded())) s, like epoch time in microseconds: if they are microseconds, give --time-unit us"
        }
        if trace.format != .xml, first >= 1e11 {
            return
                "times start at \(Format.number(first, decimals: 0)) s, like epoch time in milliseconds: if they are milliseconds, give --time-unit ms"
        }
        if trace.format != .xml, first >= 1e8 {
            return
                "times start at \(Format.number(first, decimals: 3)) s, like epoch time in seconds: fine if they are seconds; otherwise give --time-unit"
        }
        // The mean gap, which needs no sorting: this runs for every trace of a batch.
        let count = trace.samples.count
        let duration = trace.samples[count - 1].time - first
        guard count >= 3, duration > 0 else { return nil }
        let gap = duration / Double(count - 1)
        if gap >= 1 {
            return
                "samples are \(Format.number(gap, decimals: 3)) s apart on average (\(count) samples over \(Format.number(duration, decimals: 3)) s): are the times milliseconds read as \(unit)? give --time-unit ms"
        }
        if gap < 0.000_01 {
            return
                "samples are \(Format.number(gap * 1e6, decimals: 3)) µs apart on average: is the time unit right? give --time-unit s, ms or us"
        }
        return nil
    }
}
