/// Text from an input — a value, a name, a file name — as a diagnostic shows it: the one way every
/// reader, the validator and the corpus walk write what they quote.
///
/// Valid UTF-8 is shown as it is, except control characters (C0, DEL and C1, which some terminals
/// obey) and the marks of text direction (U+202E and the like, which reverse what follows), each
/// written in Swift's syntax, `\u{7F}`, `\u{1B}`, `\u{85}`, `\u{202E}`; each byte that is not part of
/// valid UTF-8 is written `\xFF`. So a diagnostic never carries a control character or binary to a
/// terminal, and reads the same on every run.
///
///     DiagnosticText.escaped("b\u{7F}gan")             // b\u{7F}gan
///     DiagnosticText.escaped(Array("bad\u{1B}".utf8) + [0xFF])  // bad\u{1B}\xFF
///
/// Text that literally holds `\u{7F}` or `\xFF` can look like an escaped one; only where a
/// diagnostic puts the text between delimiters are the delimiter and `\` escaped too (CSV's
/// `"a \"b\""`).
enum DiagnosticText {
    /// Whether a character must not reach a terminal raw in a diagnostic: C0 controls, DEL, the C1
    /// controls (U+0080–U+009F), the line and paragraph separators (U+2028, U+2029: a line break to
    /// some terminals and editors), the marks that turn text right to left (Bidi_Control: U+202E
    /// would show the rest of the line reversed), and the characters of no width that hide in a
    /// name (U+200B, U+2060, and U+FEFF, a second byte-order mark: `"\u{FEFF}t"` is not `"t"`).
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
            || (scalar.value >= 0x61C
                && (scalar.properties.isBidiControl || scalar.value == 0x200B || scalar.value == 0x2060
                    || scalar.value == 0xFEFF))
    }

    /// `text` as a diagnostic shows it (see ``DiagnosticText``).
    ///
    /// - Parameters:
    ///   - text: The text, which being a `String` is valid Unicode.
    ///   - maxCharacters: How many characters (Unicode scalars) to show; past them, `…` ends the text.
    ///   - delimiter: The ASCII character the diagnostic puts around the text, written `\"` inside it,
    ///     and then `\` is written `\\`; `nil` to leave both as they are.
    /// - Returns: The text, escaped and shortened.
    static func escaped(_ text: String, maxCharacters: Int = .max, delimiter: UInt8? = nil) -> String {
        var text = text
        return text.withUTF8 { escaped($0, maxCharacters: maxCharacters, delimiter: delimiter) }
    }

    /// A name the user wrote (a key, a parameter, a recognizer) as a diagnostic quotes it: escaped,
    /// and cut after 100 characters, as a number is after 20 (a key of 100,000 characters was shown
    /// whole). With `delimiter`, the one the diagnostic puts around it is escaped in it (see `escaped`).
    static func name(_ text: String, delimiter: UInt8? = nil) -> String {
        escaped(text, maxCharacters: 100, delimiter: delimiter)
    }

    /// `bytes` as a diagnostic shows them (see ``DiagnosticText``); see the buffer form.
    static func escaped(_ bytes: [UInt8], maxCharacters: Int = .max, delimiter: UInt8? = nil) -> String {
        bytes.withUnsafeBufferPointer { escaped($0, maxCharacters: maxCharacters, delimiter: delimiter) }
    }

    /// `bytes` as a diagnostic shows them (see ``DiagnosticText``).
    ///
    /// - Parameters:
    ///   - bytes: The text, UTF-8 or not.
    ///   - maxCharacters: How many characters to show, a byte that is not UTF-8 counting as one;
    ///     past them, `…` ends the text.
    ///   - delimiter: The ASCII character the diagnostic puts around the text, escaped with `\` (and
    ///     `\` then with another); `nil` to leave both as they are.
    /// - Returns: The text, escaped and shortened.
    static func escaped(
        _ bytes: UnsafeBufferPointer<UInt8>, maxCharacters: Int = .max, delimiter: UInt8? = nil
    ) -> String {
        var out = String.UnicodeScalarView()
        var i = 0
        var characters = 0
        while i < bytes.count {
            if characters == maxCharacters {
                out.append("…")
                break
            }
            characters += 1
            let byte = bytes[i]
            if byte < 0x80 {
                let scalar = Unicode.Scalar(byte)
                if isControl(scalar) {
                    appendEscape(scalar, to: &out)
                } else {
                    if let delimiter, byte == delimiter || byte == UInt8(ascii: "\\") { out.append("\\") }
                    out.append(scalar)
                }
                i += 1
                continue
            }
            let (length, valid) = TextEncoding.utf8Sequence(bytes, at: i)
            guard valid else {
                appendByte(byte, to: &out)
                i += 1
                continue
            }
            var decoder = UTF8()
            var iterator = UnsafeBufferPointer(rebasing: bytes[i..<i + length]).makeIterator()
            if case .scalarValue(let scalar) = decoder.decode(&iterator) {
                if isControl(scalar) { appendEscape(scalar, to: &out) } else { out.append(scalar) }
            }
            i += length
        }
        return String(out)
    }

    /// `\u{7F}`: the scalar's value in uppercase hexadecimal, as many digits as it takes.
    private static func appendEscape(_ scalar: Unicode.Scalar, to out: inout String.UnicodeScalarView) {
        out.append(contentsOf: ("\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}").unicodeScalars)
    }

    /// `\xFF`: the byte in two uppercase hexadecimal digits.
    private static func appendByte(_ byte: UInt8, to out: inout String.UnicodeScalarView) {
        let hex = String(byte, radix: 16, uppercase: true)
        out.append(contentsOf: ("\\x" + (hex.count < 2 ? "0" : "") + hex).unicodeScalars)
    }
}
