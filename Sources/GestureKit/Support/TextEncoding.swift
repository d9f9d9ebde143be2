#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The check every reader makes first, of traces and of config, templates and batch output files
/// alike: the text must be UTF-8. A UTF-16 or UTF-32 file (with a byte-order mark, or recognisably
/// without one: PowerShell's `>` writes UTF-16) is named as such, with the command that converts it;
/// any other NUL byte is an error at its place. Invalid UTF-8 is left to each reader, which reports
/// it where it matters (in a string, a field, a name).
///
///     let bytes: [UInt8] = [0xFF, 0xFE, 0x7B, 0x00]  // "{" in UTF-16LE
///     bytes.withUnsafeBufferPointer(TextEncoding.notUTF8)
///     // (offset: 0, message: "expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): …")
enum TextEncoding {
    /// Why `text` is not UTF-8, and where (the byte offset each reader turns into its `line:column`):
    /// an encoding named by its byte-order mark or by where its NUL bytes fall (offset 0), or a NUL
    /// byte anywhere (its offset); `nil` when neither. The trace readers throw it as a `syntax`
    /// `TraceError` (`requireUTF8`), the JSON parser of the other files as a `JSONParseError`.
    static func notUTF8(_ text: UnsafeBufferPointer<UInt8>) -> (offset: Int, message: String)? {
        let n = text.count
        func byte(_ k: Int) -> UInt8? { k < n ? text[k] : nil }
        let b0 = byte(0)
        let b1 = byte(1)
        let b2 = byte(2)
        let b3 = byte(3)
        var found: (encoding: String, evidence: String)?
        if b0 == 0xFF, b1 == 0xFE, b2 == 0, b3 == 0 {
            found = ("UTF-32LE", "byte-order mark FF FE 00 00")
        } else if b0 == 0, b1 == 0, b2 == 0xFE, b3 == 0xFF {
            found = ("UTF-32BE", "byte-order mark 00 00 FE FF")
        } else if b0 == 0xFF, b1 == 0xFE {
            found = ("UTF-16LE", "byte-order mark FF FE")
        } else if b0 == 0xFE, b1 == 0xFF {
            found = ("UTF-16BE", "byte-order mark FE FF")
        }
        if let (encoding, evidence) = found { return (0, message(encoding, evidence)) }
        guard let base = text.baseAddress, n > 0, let hit = memchr(base, 0, n) else { return nil }
        let first = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
        // Without a byte-order mark: ASCII text in UTF-16 or UTF-32 puts NUL bytes beside each character.
        func ascii(_ b: UInt8?) -> Bool { b.map { $0 != 0 && $0 < 0x80 } ?? false }
        if first < 4 {
            if ascii(b0), b1 == 0, b2 == 0, b3 == 0, n >= 4 {
                found = ("UTF-32LE", "NUL bytes after its first character")
            } else if b0 == 0, b1 == 0, b2 == 0, ascii(b3) {
                found = ("UTF-32BE", "NUL bytes before its first character")
            } else if ascii(b0), b1 == 0, n == 2 || ascii(b2) && (n == 3 || b3 == 0) {
                found = ("UTF-16LE", "NUL bytes after its characters")
            } else if b0 == 0, ascii(b1), n == 2 || b2 == 0 && (n == 3 || ascii(b3)) {
                found = ("UTF-16BE", "NUL bytes before its characters")
            }
        }
        if let (encoding, evidence) = found { return (0, message(encoding, evidence + ", without a byte-order mark")) }
        // The recorder page's download (docs/recorder.md), given as it is: a ustar header has its magic
        // at byte 257.
        if n >= 262, Array(text[257..<262]) == Array("ustar".utf8) {
            return (0, "expected UTF-8 text, found a tar archive: unpack it first (tar -xf), and give its folder")
        }
        return (first, "expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?")
    }

    /// The UTF-8 sequence whose lead byte (0x80 or more) is at `i`: when well-formed (no overlong
    /// forms, no surrogates, nothing past U+10FFFF), its length; when not, how many bytes were read
    /// to find that out (the bad lead byte alone, the bytes up to the end of the text, or up to the
    /// first byte that cannot continue it, that byte included only when it is a continuation byte).
    /// The one check every reader and the path display use.
    @inline(__always)
    static func utf8Sequence(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (length: Int, valid: Bool) {
        let length: Int
        var low: UInt8 = 0x80  // range of the second byte
        var high: UInt8 = 0xBF
        switch bytes[i] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return (1, false)
        }
        for k in 1..<length {
            guard i + k < bytes.count else { return (k, false) }
            // A continuation byte out of range is shown with the sequence (`0xED 0xA0`, a
            // surrogate); any other byte starts what follows (`0xEB 0x22` is `ë"` in Latin-1).
            guard bytes[i + k] >= low && bytes[i + k] <= high else {
                return (bytes[i + k] & 0xC0 == 0x80 ? k + 1 : k, false)
            }
            low = 0x80
            high = 0xBF
        }
        return (length, true)
    }

    /// The message of the invalid UTF-8 sequence at `i` (`utf8Sequence` found it so): its bytes, and
    /// how a file written in another encoding is converted: from the one the file `declared` (an XML
    /// declaration's), or else from Windows-1252 (`Zoë` is `5A 6F EB` there and in Latin-1), or
    /// ISO-8859-1 when a byte shown is one Windows-1252 has no character for (iconv would refuse it).
    /// `what` says where it was, as ` in a string`.
    static func invalidUTF8(
        _ bytes: UnsafeBufferPointer<UInt8>, at i: Int, in what: String = "", declared: String? = nil
    ) -> String {
        let count = utf8Sequence(bytes, at: i).length
        let shown = bytes[i..<i + count]
        let list = shown.map { byteName($0) }.joined(separator: " ")
        let from =
            declared
            ?? (shown.contains { [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) } ? "ISO-8859-1" : "WINDOWS-1252")
        return "invalid UTF-8\(what): found \(count == 1 ? "byte" : "bytes") \(list); a file in another encoding "
            + "must be converted first, e.g. with iconv -f \(from) -t UTF-8"
    }

    /// `0x0F`.
    static func byteName(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" : "") + digits
    }

    private static func message(_ encoding: String, _ evidence: String) -> String {
        "expected UTF-8 text, found \(encoding) (\(evidence)): convert the file first, "
            + "e.g. with iconv -f \(encoding) -t UTF-8"
    }
}
