/// Checks what every reader leaves to one place: that a trace is not empty, that its numbers are
/// finite and its coordinates within ``Trace/coordinateLimit``, that time never goes backwards,
/// that touches go down before they move and up only once, and that no more touches are down at
/// once, and no more samples in the trace, than the limits allow.
///
/// A trace that ends with touches still down passes: replay reports it as a warning. So does a
/// `stationary` sample that changes its touch's location: replay does not deliver stationary
/// samples, so the change is seen at the touch's next sample.
public enum TraceValidator {
    /// - Parameters:
    ///   - trace: The trace as a reader produced it.
    ///   - file: The file name to put in errors.
    ///   - text: The file's bytes, to turn sample offsets into `line:column`.
    ///   - clockResolution: How far time may step back without being an error, in seconds. Such a
    ///     step is a rounding artefact of the recording clock: the sample is given the previous time
    ///     and the trace gets a warning. The `$`-family logs need 1 ms (their integer-millisecond
    ///     stamps of a ~15.6 ms clock step back by exactly 1 ms in 148 of the 4,121 shared files).
    ///   - clockResolutionText: The resolution as the warning says it, when the trace's times are
    ///     not in seconds (an XML log's milliseconds read in another `--time-unit`); by default
    ///     `clockResolution` in milliseconds.
    ///   - fileTime: The time's name in the file, and how its value there is made from a sample's
    ///     time (`origin + time × scale`), for a trace whose times are not the file's own (an XML
    ///     log's `T`, in milliseconds from any start); by default `t` and the time itself.
    ///   - limits: `samples` and `touches` (touches down at once) are checked here, for traces from
    ///     any reader and traces built in code alike.
    /// - Throws: `TraceError` with the first problem found, placed at its sample.
    public static func validate(
        _ trace: inout Trace, file: String, text: [UInt8] = [], clockResolution: Double = 0,
        clockResolutionText: String? = nil, fileTime: (name: String, origin: Double, scale: Double)? = nil,
        limits: ReadLimits = .default
    ) throws(TraceError) {
        guard !trace.samples.isEmpty else {
            // An empty file is placed at 1:1, as every other whole-file error is; without its text (a
            // trace checked apart from its file) a reader's offset past it places nothing.
            let offset = trace.samplesOffset.flatMap { text.isEmpty && $0 > 0 ? nil : min($0, text.count) }
            throw TraceError(
                .emptyTrace, file: file, text: text, offset: offset,
                message: "empty trace: expected at least one sample, found none")
        }
        if trace.samples.count > limits.samples {
            let index = limits.samples
            throw TraceError(
                .limitExceeded, file: file, text: text, offset: text.isEmpty ? nil : trace.samples[index].offset,
                sampleIndex: index,
                message: limits.message("too many samples", .samples, unit: " samples", unitForOne: " sample"))
        }
        // A time as the file has it.
        func shown(_ time: Double) -> String {
            guard let fileTime else { return Format.jsonNumber(time) }
            return Format.number(fileTime.origin + time * fileTime.scale, decimals: 6)
        }
        // For each touch down: the sample it began at.
        var down = TouchMap<Int>()
        var previousTime = -Double.infinity
        var clamped: [Int] = []
        var movedWhileStationary: [Int] = []
        for index in trace.samples.indices {
            let sample = trace.samples[index]
            func error(_ code: TraceError.Code, _ message: String) -> TraceError {
                TraceError(
                    code, file: file, text: text, offset: text.isEmpty ? nil : sample.offset, sampleIndex: index,
                    message: message)
            }
            // Readers never produce them; a trace built in code might, and no clock or geometry survives them.
            if !(sample.time.isFinite && sample.location.x.isFinite && sample.location.y.isFinite) {
                let (name, value) =
                    !sample.time.isFinite
                    ? ("t", sample.time)
                    : !sample.location.x.isFinite ? ("x", sample.location.x) : ("y", sample.location.y)
                throw error(.invalidNumber, "expected a finite number for \"\(name)\", found \(value)")
            }
            if !(Trace.holds(sample.location.x) && Trace.holds(sample.location.y)) {
                let (name, value) =
                    Trace.holds(sample.location.x) ? ("y", sample.location.y) : ("x", sample.location.x)
                // Short, unless that reads as the limit itself (1e15 + 0.4 is "1e+15"): then every digit.
                let limit = Format.short(Trace.coordinateLimit)
                let short = Format.short(value)
                let found = short == limit || short == "-" + limit ? Format.number(value) : short
                throw error(.invalidValue, "expected \"\(name)\" within ±\(limit) pt, found \(found)")
            }
            if sample.time < previousTime, previousTime - sample.time <= clockResolution + 1e-9 {
                trace.samples[index].time = previousTime
                clamped.append(index)
            } else if sample.time < previousTime {
                throw error(
                    .timeWentBackwards,
                    "time went backwards: expected \(fileTime?.name ?? "t") ≥ \(shown(previousTime)), "
                        + "found \(shown(sample.time))"
                )
            }
            previousTime = trace.samples[index].time
            switch sample.phase {
            case .began:
                if let since = down[sample.touch] {
                    throw error(
                        .touchAlreadyDown,
                        "touch \(display(sample.touch)) began while already down: expected it up, found it down since sample \(since)"
                    )
                }
                down[sample.touch] = index
                if down.count > limits.touchesDown {
                    throw error(
                        .limitExceeded,
                        limits.message(
                            "too many touches down", .touches, unit: " at once", found: String(down.count)))
                }
            case .moved, .stationary, .ended, .cancelled:
                guard down[sample.touch] != nil else {
                    throw error(
                        .touchNotDown,
                        "touch \(display(sample.touch)) \(sample.phase.rawValue) while not down: expected \"began\" first"
                            + twin(of: sample.touch, before: index, down: down, in: trace))
                }
                if sample.phase == .stationary, sample.location != trace.previousLocation(of: index) {
                    movedWhileStationary.append(index)
                }
                if !sample.phase.isDown { down[sample.touch] = nil }
            }
        }
        func place(_ index: Int) -> String {
            trace.samples[index].offset.map { " (line \(SourcePosition(of: $0, in: text).line))" } ?? ""
        }
        if let first = clamped.first {
            trace.warnings.append(
                "time stepped back within the clock's "
                    + "\(clockResolutionText ?? "\(Format.number(clockResolution * 1000)) ms") resolution at "
                    + "\(clamped.count) sample(s), first sample \(first)\(place(first)); they were given the previous time"
            )
        }
        if let first = movedWhileStationary.first {
            trace.warnings.append(
                "\(movedWhileStationary.count) \"stationary\" sample(s) change their touch's location, first sample "
                    + "\(first)\(place(first)); replay does not deliver stationary samples, so the change is seen at "
                    + "the touch's next sample")
        }
    }

    /// What tells a touch apart from a touch down that a message names alike, a name `"1"` and the
    /// number 1 (`"id": "1"` then `"id": 1`), both `touch 1`; empty when no such touch is down. (Two
    /// names that read alike once cut at 20 characters are not told apart this way.)
    private static func twin(of touch: TouchID, before index: Int, down: TouchMap<Int>, in trace: Trace) -> String {
        let shown = display(touch)
        guard
            let other = trace.samples[..<index].lazy.map(\.touch).first(where: {
                ($0.name == nil) != (touch.name == nil) && down[$0] != nil && display($0) == shown
            })
        else { return "" }
        let kind = { (id: TouchID) in id.name != nil ? "the name \"\(shown)\"" : "the number \(shown)" }
        return "; the touch down since sample \(down[other]!) is \(kind(other)), this one \(kind(touch))"
    }

    /// A touch id for a message: a name as ``DiagnosticText`` shows it, so a diagnostic never carries
    /// a control character to a terminal (found by fuzzing: Fuzz/regressions/csv and replay).
    static func display(_ touch: TouchID) -> String {
        guard let name = touch.name else { return touch.description }
        return DiagnosticText.escaped(name, maxCharacters: 20)
    }
}

extension Trace {
    /// The location of the touch's sample before sample `index`; the touch is down, so there is one.
    /// Only stationary samples ask, and each scan ends at its touch's previous sample.
    fileprivate func previousLocation(of index: Int) -> Point {
        let touch = samples[index].touch
        var earlier = index - 1
        while samples[earlier].touch != touch { earlier -= 1 }
        return samples[earlier].location
    }
}
