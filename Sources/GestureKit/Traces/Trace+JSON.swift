/// Reading traces from JSON (RFC 8259, strictly).
///
/// A document is either an object with the trace's metadata and its samples,
///
///     {"name": "tap", "label": "tap", "view": {"width": 390, "height": 844},
///      "samples": [{"t": 0, "id": 1, "phase": "began", "x": 10, "y": 20}, …]}
///
/// or a bare array of samples. Unknown keys are ignored, but their values must still be valid JSON.
/// A key may appear only once in the trace, `view` and sample objects; inside ignored values only the
/// syntax is checked.
///
/// The reader is in three parts: `JSONLexer` (tokens and their syntax errors), `JSONTraceParser`
/// (the general path, the only one that reports errors) and `JSONPlainSamples` (the fast path for
/// sample objects written plainly, which gives up to the general path on anything else).
extension Trace {
    /// Reads a trace from the bytes of a JSON document.
    ///
    /// The reader checks syntax and fields only: well-formedness, required fields, types, finite
    /// numbers and phase names. Time order and touch consistency are left to the validator, so an
    /// empty list of samples is returned normally. Each sample's `offset` is the byte offset of its
    /// `{`. When the document has both a syntax error and a field error, the syntax error is reported.
    ///
    /// Limits are checked like field errors: the first problem in the document wins, and a later
    /// syntax error takes precedence. Reading never recurses, so no depth of nesting can overflow the
    /// stack; past `limits.nesting` the syntax is still checked (so a truncated `[[[[…` is reported as
    /// truncated) and no sample past `limits.samples` is kept.
    ///
    /// - Parameters:
    ///   - bytes: The document, UTF-8, optionally starting with a byte-order mark.
    ///   - file: The file name to put in errors.
    ///   - limits: Nesting depth, samples, string length and significant digits allowed.
    /// - Returns: The trace as the document gives it, not validated.
    /// - Throws: `TraceError` with the first syntax error, or else the first field or limit error,
    ///   placed at its line and column, with the sample index when it is inside a sample.
    public static func parseJSON(
        _ bytes: [UInt8], file: String, limits: ReadLimits = .default
    ) throws(TraceError) -> Trace {
        try parseJSON(bytes, file: file, limits: limits, fastPaths: true)
    }

    /// Reads a trace from the bytes of a JSON document, with the fast paths on or off.
    ///
    /// `fastPaths: false` reads every sample, key and number the general way (`JSONTraceParser`);
    /// the trace and any error must be the same either way, which tests and the fuzzers check.
    static func parseJSON(
        _ bytes: [UInt8], file: String, limits: ReadLimits, fastPaths: Bool
    ) throws(TraceError) -> Trace {
        try bytes.withUnsafeBufferPointer { (buffer) throws(TraceError) -> Trace in
            try TextEncoding.requireUTF8(buffer, file: file)
            var parser = JSONTraceParser(buffer, limits: limits, fastPaths: fastPaths)
            do throws(JSONTraceParser.Failure) {
                return try parser.parseDocument()
            } catch {
                throw TraceError(
                    error.code, file: file, text: buffer, offset: error.offset, sampleIndex: error.sampleIndex,
                    message: error.message)
            }
        }
    }
}
