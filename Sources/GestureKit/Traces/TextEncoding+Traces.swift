extension TextEncoding {
    /// Throws a `syntax` error, placed at its byte, for text that is not UTF-8 (`notUTF8`).
    static func requireUTF8(_ text: UnsafeBufferPointer<UInt8>, file: String) throws(TraceError) {
        guard let problem = notUTF8(text) else { return }
        throw TraceError(.syntax, file: file, text: text, offset: problem.offset, message: problem.message)
    }
}
