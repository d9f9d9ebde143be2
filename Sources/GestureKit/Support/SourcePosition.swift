/// A 1-based line and column in a text, computed from a byte offset only when an error needs it, so
/// readers carry a single integer per sample.
public struct SourcePosition: Sendable, Hashable {
    public var line: Int
    public var column: Int

    /// Lines end at LF, CRLF or a lone CR; columns count Unicode scalars, not bytes; a leading
    /// UTF-8 byte-order mark is not counted.
    public init<Text: RandomAccessCollection<UInt8>>(of offset: Int, in text: Text) where Text.Index == Int {
        var line = 1
        var column = 1
        var i = text.startIndex
        let end = min(text.startIndex + max(offset, 0), text.endIndex)
        if end - i >= 3, text[i] == 0xEF, text[i + 1] == 0xBB, text[i + 2] == 0xBF { i += 3 }
        while i < end {
            let byte = text[i]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte == 0x0D {
                if i + 1 < text.endIndex, text[i + 1] == 0x0A {
                    // The LF that follows ends the line.
                } else {
                    line += 1
                    column = 1
                }
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
            i += 1
        }
        self.line = line
        self.column = column
    }
}
