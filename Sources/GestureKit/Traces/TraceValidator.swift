/// Checks what every reader leaves to one place: that a trace is not empty, that time never goes
/// backwards, and that touches go down before they move and up only once.
///
/// A trace that ends with touches still down passes: replay reports it as a warning.
public enum TraceValidator {
    /// - Parameters:
    ///   - trace: The trace as a reader produced it.
    ///   - file: The file name to put in errors.
    ///   - text: The file's bytes, to turn sample offsets into `line:column`.
    /// - Throws: `TraceError` with the first problem found, placed at its sample.
    public static func validate(_ trace: Trace, file: String, text: [UInt8] = []) throws(TraceError) {
        guard !trace.samples.isEmpty else {
            throw TraceError(.emptyTrace, file: file, message: "empty trace: expected at least one sample, found none")
        }
        var down: [TouchID: Int] = [:]
        var previousTime = -Double.infinity
        for (index, sample) in trace.samples.enumerated() {
            func error(_ code: TraceError.Code, _ message: String) -> TraceError {
                TraceError(code, file: file, text: text, offset: text.isEmpty ? nil : sample.offset, sampleIndex: index, message: message)
            }
            if sample.time < previousTime {
                throw error(
                    .timeWentBackwards,
                    "time went backwards: expected t ≥ \(Format.jsonNumber(previousTime)), found \(Format.jsonNumber(sample.time))")
            }
            previousTime = sample.time
            switch sample.phase {
            case .began:
                if let since = down[sample.touch] {
                    throw error(
                        .touchAlreadyDown,
                        "touch \(sample.touch) began while already down: expected it up, found it down since sample \(since)")
                }
                down[sample.touch] = index
            case .moved, .stationary, .ended, .cancelled:
                guard down[sample.touch] != nil else {
                    throw error(
                        .touchNotDown,
                        "touch \(sample.touch) \(sample.phase.rawValue) while not down: expected \"began\" first")
                }
                if !sample.phase.isDown { down[sample.touch] = nil }
            }
        }
    }
}
