extension TextEncoding {
    /// Throws a `syntax` error, placed at its byte, for text that is not UTF-8 (`notUTF8`).
    static func requireUTF8(_ text: UnsafeBufferPointer<UInt8>, file: String) throws(TraceError) {
        guard let problem = notUTF8(text) else { return }
        throw TraceError(.syntax, file: file, text: text, offset: problem.offset, message: problem.message)
    }

    /// `requireUTF8` of a file read whole: a labels file, as the trace readers check theirs.
    static func requireUTF8(_ bytes: [UInt8], file: String) throws(TraceError) {
        try bytes.withUnsafeBufferPointer { (text) throws(TraceError) in try requireUTF8(text, file: file) }
    }
}
