import Testing

@testable import GestureKit

/// The one way diagnostics show text from an input (`DiagnosticText`): control characters in Swift's
/// syntax, bytes that are not UTF-8 as `\xFF`, everything else as it is.
@Suite struct DiagnosticTextTests {
    @Test func plainTextIsShownAsItIs() {
        #expect(DiagnosticText.escaped("") == "")
        #expect(DiagnosticText.escaped("tap") == "tap")
        #expect(DiagnosticText.escaped("é€😀 a\\b \"q\" \u{FFFD}") == "é€😀 a\\b \"q\" \u{FFFD}")
    }

    @Test func controlCharactersAreWrittenInSwiftSyntaxAtAnyWidth() {
        #expect(
            DiagnosticText.escaped("a\u{0}b\u{9}c\u{A}d\u{1B}e\u{7F}f\u{85}g\u{9F}")
                == #"a\u{0}b\u{9}c\u{A}d\u{1B}e\u{7F}f\u{85}g\u{9F}"#)
        // U+00A0 is the first character past the C1 controls.
        #expect(DiagnosticText.escaped("\u{A0}") == "\u{A0}")
        // The marks of text direction, which would show the rest of the line reversed; not the
        // letters of a right-to-left script.
        #expect(
            DiagnosticText.escaped("a\u{202E}b\u{2066}c\u{200F}d\u{61C}e")
                == #"a\u{202E}b\u{2066}c\u{200F}d\u{61C}e"#)
        #expect(DiagnosticText.escaped("שלום عربي") == "שלום عربي")
        // The line and paragraph separators, a line break to some terminals (one reached a CSV message raw).
        #expect(DiagnosticText.escaped("1\u{2028}2\u{2029}") == #"1\u{2028}2\u{2029}"#)
    }

    @Test func bytesThatAreNotUTF8AreWrittenOneByOne() {
        #expect(DiagnosticText.escaped([0x61, 0xFF, 0x62]) == #"a\xFFb"#)
        // A truncated sequence, an overlong form and a surrogate: each byte on its own.
        #expect(DiagnosticText.escaped([0xE2, 0x82]) == #"\xE2\x82"#)
        #expect(DiagnosticText.escaped([0xC0, 0xAF]) == #"\xC0\xAF"#)
        #expect(DiagnosticText.escaped([0xED, 0xA0, 0x80]) == #"\xED\xA0\x80"#)
        #expect(DiagnosticText.escaped([0xC2, 0x85, 0xC3, 0xA9]) == #"\u{85}é"#)
    }

    @Test func textIsCutAfterTheGivenNumberOfCharacters() {
        let twenty = String(repeating: "é", count: 20)
        #expect(DiagnosticText.escaped(twenty, maxCharacters: 20) == twenty)
        #expect(DiagnosticText.escaped(twenty + "x", maxCharacters: 20) == twenty + "…")
        // An escape counts as the one character it stands for.
        #expect(DiagnosticText.escaped("\u{7F}\u{7F}\u{7F}", maxCharacters: 2) == #"\u{7F}\u{7F}…"#)
        #expect(DiagnosticText.escaped([0xFF, 0xFF, 0xFF], maxCharacters: 2) == #"\xFF\xFF…"#)
    }

    @Test func aDelimiterAndBackslashAreEscapedOnlyWhenAsked() {
        #expect(DiagnosticText.escaped(#"a"b\c"#, delimiter: UInt8(ascii: "\"")) == #"a\"b\\c"#)
        #expect(DiagnosticText.escaped(#"a'b"#, delimiter: UInt8(ascii: "'")) == #"a\'b"#)
        #expect(DiagnosticText.escaped(#"a"b\c"#) == #"a"b\c"#)
    }

    @Test func fileNamesAreShownTheSameWay() {
        #expect(PathText.display(Array("ok.json".utf8)) == "ok.json")
        #expect(PathText.display(Array("new\nline.csv".utf8)) == #"new\u{A}line.csv"#)
        #expect(PathText.display([0x63, 0xC2, 0x9B, 0xFF]) == #"c\u{9B}\xFF"#)
    }
}
