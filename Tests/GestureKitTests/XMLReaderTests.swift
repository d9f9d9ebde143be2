import Foundation
import Testing

@testable import GestureKit

private func parse(_ xml: String) throws(TraceError) -> Trace {
    try Trace.parseXML(Array(xml.utf8), file: "t.xml")
}

/// The error reading `bytes` gives, or `nil` when it reads.
private func failure(_ bytes: [UInt8]) -> TraceError? {
    do {
        _ = try Trace.parseXML(bytes, file: "t.xml")
        return nil
    } catch {
        return error
    }
}

private func failure(_ xml: String) -> TraceError? { failure(Array(xml.utf8)) }

private func error(
    _ code: TraceError.Code, _ line: Int, _ column: Int, sample: Int? = nil, _ message: String
) -> TraceError {
    TraceError(code, file: "t.xml", line: line, column: column, sampleIndex: sample, message: message)
}

/// A `<Gesture>` holding `body`, on line 1 from column 10.
private func gesture(_ body: String) -> String { "<Gesture>\(body)</Gesture>" }

/// The `$`-family XML reader, `Trace.parseXML`: valid logs, syntax, content, the shared datasets, numbers.
@Suite struct XMLReaderTests {}

// MARK: - Valid input

extension XMLReaderTests {
    @Suite struct XMLReaderValidTests {
        @Test func unistrokeWithBOMDeclarationAndCRLF() throws {
            let xml =
                "\u{FEFF}<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\r\n"
                + "<Gesture Name=\"check01\" Subject=\"2\">\r\n"
                + "  <Point X=\"77\" Y=\"199\" T=\"11581717\" />\r\n"
                + "  <Point X=\"79\" Y=\"201\" T=\"11581822\" />\r\n"
                + "  <Point X=\"81.5\" Y=\"203\" T=\"11581842\" />\r\n"
                + "</Gesture>\r\n"
            let trace = try parse(xml)
            #expect(trace.name == "check01")
            #expect(trace.subject == "2")
            #expect(trace.label == nil)
            #expect(trace.view == nil)
            #expect(
                trace.samples == [
                    Sample(time: 0, touch: .number(1), phase: .began, location: Point(x: 77, y: 199), offset: 100),
                    Sample(time: 0.105, touch: .number(1), phase: .moved, location: Point(x: 79, y: 201), offset: 141),
                    Sample(
                        time: 0.125, touch: .number(1), phase: .ended, location: Point(x: 81.5, y: 203), offset: 182),
                ])
        }

        /// `Subject` is found in any case, decoded, and the first one wins (`subject` and `Subject`
        /// are different attributes in XML); without one the trace has no subject.
        @Test func subjectInAnyCaseFirstWins() throws {
            #expect(try parse(#"<Gesture SUBJECT="a&amp;b" subject="c"/>"#).subject == "a&b")
            #expect(try parse(#"<Gesture Name="x" Subjects="2"/>"#).subject == nil)
            #expect(try parse(#"<Gesture subject=""/>"#).subject == "")
        }

        @Test func multistrokeTouchesNumberedInDocumentOrder() throws {
            let trace = try parse(
                """
                <Gesture Name="x">
                <Stroke index="1">
                <Point X="1" Y="2" T="1000"/>
                <Point X="3" Y="4" T="1010"/>
                <Point X="5" Y="6" T="1020"/>
                </Stroke>
                <Stroke index="7">
                <Point X="7" Y="8" T="1500"/>
                <Point X="9" Y="10" T="1520"/>
                </Stroke>
                </Gesture>
                """)
            #expect(trace.samples.map(\.touch) == [.number(1), .number(1), .number(1), .number(2), .number(2)])
            #expect(trace.samples.map(\.phase) == [.began, .moved, .ended, .began, .ended])
            #expect(trace.samples.map(\.time) == [0, 0.01, 0.02, 0.5, 0.52])
            #expect(trace.samples.map(\.location) == [1, 3, 5, 7, 9].map { Point(x: $0, y: $0 + 1) })
            #expect(trace.samples.map(\.offset) == [38, 68, 98, 157, 187])
        }

        @Test func onePointStrokeGivesBeganAndEndedAtSamePlace() throws {
            let trace = try parse(
                gesture(#"<Stroke><Point X="5" Y="6" T="100"/></Stroke><Stroke><Point X="1" Y="1" T="150"/></Stroke>"#))
            #expect(
                trace.samples == [
                    Sample(time: 0, touch: .number(1), phase: .began, location: Point(x: 5, y: 6), offset: 17),
                    Sample(time: 0, touch: .number(1), phase: .ended, location: Point(x: 5, y: 6), offset: 17),
                    Sample(time: 0.05, touch: .number(2), phase: .began, location: Point(x: 1, y: 1), offset: 62),
                    Sample(time: 0.05, touch: .number(2), phase: .ended, location: Point(x: 1, y: 1), offset: 62),
                ])
        }

        @Test func oneDirectPointGivesBeganAndEnded() throws {
            let trace = try parse(gesture(#"<Point X="5" Y="6" T="100"/>"#))
            #expect(
                trace.samples == [
                    Sample(time: 0, touch: .number(1), phase: .began, location: Point(x: 5, y: 6), offset: 9),
                    Sample(time: 0, touch: .number(1), phase: .ended, location: Point(x: 5, y: 6), offset: 9),
                ])
        }

        @Test func emptyGestureGivesNoSamples() throws {
            #expect(try parse(#"<Gesture Name="none"/>"#) == Trace(name: "none", samples: []))
            #expect(try parse("<Gesture>\n  <!-- nothing -->\n</Gesture>\n") == Trace(name: nil, samples: []))
        }

        @Test func timeIsRelativeToFirstPointOfFileAndNotReordered() throws {
            let trace = try parse(
                gesture(
                    #"<Stroke><Point X="0" Y="0" T="500.5"/><Point X="0" Y="0" T="400.5"/></Stroke>"#
                        + #"<Stroke><Point X="0" Y="0" T="500.5"/><Point X="0" Y="0" T="0.5"/></Stroke>"#))
            #expect(trace.samples.map(\.time) == [0, -0.1, 0, -0.5])
            #expect(trace.samples.map(\.touch) == [.number(1), .number(1), .number(2), .number(2)])
        }

        @Test func attributeSyntaxVariants() throws {
            // Single quotes, whitespace around `=`, any attribute order, other attributes ignored,
            // an explicit end tag with whitespace and a comment inside.
            let trace = try parse(
                "<Gesture\n\tName = 'q'\tSpeed=\"fast\" >"
                    + "<Point T = '20' Pressure=\"0.5\" Y\n=\n\"2\" X='1' ></Point>"
                    + "<Point X='3' Y='4' T='40'> <!-- c --> </Point >"
                    + "</Gesture\n>")
            #expect(trace.name == "q")
            #expect(trace.samples.map(\.location) == [Point(x: 1, y: 2), Point(x: 3, y: 4)])
            #expect(trace.samples.map(\.time) == [0, 0.02])
            #expect(trace.samples.map(\.phase) == [.began, .ended])
        }

        @Test func commentsProcessingInstructionsAndCDATAWhitespaceAnywhere() throws {
            let xml = """
                <?xml version='1.0'?>
                <!-- before --><?app data?>
                <Gesture><?pi?><!---->
                  <Stroke><!-- in stroke --><![CDATA[ \t ]]><?pi x?>
                    <Point X="1" Y="1" T="0"/><![CDATA[]]>
                  </Stroke>
                </Gesture>
                <!-- after --><?after?>

                """
            #expect(try parse(xml).samples.count == 2)
        }

        @Test func nameDecodesReferencesAndNormalizesWhitespace() throws {
            let trace = try parse(
                "<Gesture Name=\"a &amp; b &lt;&gt;&quot;&apos; &#65;&#x263A;&#x1F600;\tc\r\nd\ne\"/>")
            #expect(trace.name == "a & b <>\"' A☺😀 c d e")
            #expect(try parse("<Gesture Name='日本 &#10;'/>").name == "日本 \n")
        }

        @Test func numberForms() throws {
            let trace = try parse(
                gesture(
                    #"<Point X="-1.5e2" Y="+.5" T="7."/><Point X="1E+3" Y="-0" T="12e-1"/>"#
                        + #"<Point X="&#49;2" Y="0.000001" T="00012"/>"#))
            #expect(trace.samples.map(\.location.x) == [-150, 1000, 12])
            #expect(trace.samples.map(\.location.y) == [0.5, -0.0, 0.000001])
            #expect(trace.samples[1].location.y.sign == .minus)
            let times: [Double] = [0, (1.2 - 7) / 1000, (12 - 7) / 1000]
            #expect(trace.samples.map(\.time) == times)
        }

        @Test func numbersAreCorrectlyRounded() throws {
            let texts = ["0.1", "123.456", "2.2250738585072014e-308", "1.7976931348623157e308", "9007199254740993"]
            for text in texts {
                let trace = try parse(gesture(#"<Point X="\#(text)" Y="0" T="0"/>"#))
                #expect(trace.samples[0].location.x == Double(text))
            }
        }
    }
}

// MARK: - Syntax errors

extension XMLReaderTests {
    @Suite struct XMLReaderSyntaxTests {
        @Test func emptyInput() {
            let message = "unexpected end of input: expected a <Gesture> root element"
            #expect(failure("") == error(.syntax, 1, 1, message))
            #expect(failure([0xEF, 0xBB, 0xBF]) == error(.syntax, 1, 1, message))
            #expect(failure("<?xml version=\"1.0\"?>\n<!-- x -->\n") == error(.syntax, 3, 1, message))
        }

        @Test func doctypeIsRejected() {
            #expect(
                failure("<?xml version=\"1.0\"?>\n<!DOCTYPE Gesture>\n<Gesture/>")
                    == error(.syntax, 2, 1, "DOCTYPE is not supported"))
        }

        @Test func mismatchedEndTag() {
            let xml = """
                <Gesture>
                  <Stroke>
                    <Point X="1" Y="2" T="3"/>
                  </Gesture>
                """
            #expect(failure(xml) == error(.syntax, 4, 3, "expected </Stroke>, found </Gesture>"))
        }

        @Test func mismatchedEndTagInsidePointCarriesSampleIndex() {
            #expect(
                failure(gesture(#"<Point X="1" Y="2" T="3"></Stroke>"#))
                    == error(.syntax, 1, 35, sample: 0, "expected </Point>, found </Stroke>"))
        }

        @Test func endTagWithoutStart() {
            #expect(
                failure("</Gesture>") == error(.syntax, 1, 1, "expected a <Gesture> root element, found </Gesture>"))
        }

        @Test func unexpectedEndInsideElements() {
            #expect(
                failure(#"<Gesture><Stroke><Point X="1" Y="2" T="3"/>"#)
                    == error(.syntax, 1, 44, "unexpected end of input: expected </Stroke>"))
            #expect(failure("<Gesture>\n") == error(.syntax, 2, 1, "unexpected end of input: expected </Gesture>"))
            #expect(
                failure(#"<Gesture><Point X="1" Y="2" T="3">"#)
                    == error(.syntax, 1, 35, sample: 0, "unexpected end of input: expected </Point>"))
            #expect(
                failure(#"<Gesture><Point X="1" Y="2" T="3""#)
                    == error(.syntax, 1, 34, sample: 0, "unexpected end of input: expected '>' or '/>'"))
            #expect(
                failure("<Gesture></Gesture")
                    == error(.syntax, 1, 19, "unexpected end of input: expected '>' to close </Gesture"))
            #expect(failure("<Gesture></Gest") == error(.syntax, 1, 10, "expected </Gesture>, found </Gest>"))
            #expect(failure("<") == error(.syntax, 1, 2, "unexpected end of input: expected an element name after '<'"))
        }

        @Test func unexpectedEndInsideValueCommentPIAndCDATA() {
            #expect(
                failure(#"<Gesture><Point X="1"#)
                    == error(
                        .syntax, 1, 21, sample: 0,
                        #"unexpected end of input: expected '"' to close the value of attribute "X""#))
            #expect(
                failure("<Gesture Name='a")
                    == error(
                        .syntax, 1, 17, #"unexpected end of input: expected "'" to close the value of attribute "Name""#
                    ))
            #expect(failure("<!-- abc") == error(.syntax, 1, 9, "unexpected end of input: expected '-->'"))
            #expect(failure("<?pi abc") == error(.syntax, 1, 9, "unexpected end of input: expected '?>'"))
            #expect(failure("<Gesture><![CDATA[ ") == error(.syntax, 1, 20, "unexpected end of input: expected ']]>'"))
        }

        @Test func textWhereOnlyWhitespaceMayBe() {
            #expect(
                failure("<Gesture>\n  hello\n</Gesture>")
                    == error(.syntax, 2, 3, #"expected only whitespace inside <Gesture>, found "hello""#))
            #expect(
                failure("<Gesture><Stroke> abcdefghijklmnopqrstuvwxyz </Stroke></Gesture>")
                    == error(
                        .syntax, 1, 19, #"expected only whitespace inside <Stroke>, found "abcdefghijklmnopqrst…""#))
            #expect(
                failure(gesture(#"<Point X="1" Y="2" T="3">1</Point>"#))
                    == error(.syntax, 1, 35, sample: 0, #"expected only whitespace inside <Point>, found "1""#))
            #expect(
                failure("hello <Gesture/>")
                    == error(.syntax, 1, 1, #"expected only whitespace outside the root element, found "hello""#))
            #expect(
                failure("<Gesture/>\n x")
                    == error(.syntax, 2, 2, #"expected only whitespace outside the root element, found "x""#))
            #expect(
                failure(gesture("&amp;"))
                    == error(.syntax, 1, 10, #"expected only whitespace inside <Gesture>, found "&amp;""#))
            #expect(
                failure(gesture("<![CDATA[ x ]]>"))
                    == error(.syntax, 1, 20, #"expected only whitespace inside <Gesture>, found "x ]]>""#))
        }

        @Test func secondRootElement() {
            #expect(
                failure("<Gesture/>\n<Gesture/>")
                    == error(.syntax, 2, 1, "expected end of input after the root element, found <Gesture>"))
            #expect(
                failure("<Gesture></Gesture></Gesture>")
                    == error(.syntax, 1, 20, "expected end of input after the root element, found </Gesture>"))
        }

        @Test func duplicateAttribute() {
            #expect(
                failure(gesture(#"<Point X="1" Y="2" X="3" T="4"/>"#))
                    == error(.syntax, 1, 29, sample: 0, #"duplicate attribute "X" on <Point>"#))
        }

        @Test func duplicateAmongManyAttributes() {
            let attributes = (0..<40).map { " a\($0)='\($0)'" }.joined()
            let xml = "<Gesture\(attributes) a17='x'/>"
            let column = 1 + "<Gesture\(attributes) ".count
            #expect(failure(xml) == error(.syntax, 1, column, #"duplicate attribute "a17" on <Gesture>"#))
            #expect(failure("<Gesture\(attributes) a40='x'/>") == nil)
        }

        @Test func malformedAttributes() {
            #expect(
                failure(gesture(#"<Point X="1"Y="2" T="3"/>"#))
                    == error(.syntax, 1, 22, sample: 0, "expected whitespace between attributes, found 'Y'"))
            #expect(
                failure(gesture(#"<Point X=1 Y="2" T="3"/>"#))
                    == error(.syntax, 1, 19, sample: 0, #"expected a quoted value for attribute "X", found '1'"#))
            #expect(
                failure(gesture(#"<Point X "1"/>"#))
                    == error(.syntax, 1, 19, sample: 0, #"expected '=' after attribute "X", found '"'"#))
            #expect(
                failure(#"<Gesture Name="a" %>"#)
                    == error(.syntax, 1, 19, "expected an attribute name, '>' or '/>', found '%'"))
            #expect(
                failure(#"<Gesture Name="a<b"/>"#)
                    == error(.syntax, 1, 17, #"expected '"' to close the value of attribute "Name", found '<'"#))
            #expect(failure("<Gesture/ >") == error(.syntax, 1, 10, "expected '>' after '/', found ' '"))
            #expect(failure("<Gesture?>") == error(.syntax, 1, 9, "expected '>' or '/>', found '?'"))
            #expect(failure("< Gesture/>") == error(.syntax, 1, 2, "expected an element name after '<', found ' '"))
            #expect(
                failure("<Gesture></ Gesture>")
                    == error(.syntax, 1, 12, "expected an element name after '</', found ' '"))
            #expect(
                failure("<Gesture></Gesture x>") == error(.syntax, 1, 20, "expected '>' to close </Gesture, found 'x'"))
        }

        @Test func entityAndCharacterReferenceErrors() {
            let known = #"expected "&amp;", "&lt;", "&gt;", "&quot;", "&apos;" or a character reference"#
            #expect(
                failure(#"<Gesture Name="a&nbsp;"/>"#) == error(.syntax, 1, 17, #"unknown entity "&nbsp;": "# + known))
            #expect(
                failure(#"<Gesture Name="&amp b"/>"#)
                    == error(.syntax, 1, 20, "expected ';' to end the entity reference, found ' '"))
            #expect(
                failure(#"<Gesture Name="& "/>"#)
                    == error(.syntax, 1, 17, "expected an entity name or '#' after '&', found ' '"))
            #expect(
                failure(#"<Gesture Name="&#;"/>"#)
                    == error(.syntax, 1, 18, "expected a digit or 'x' after '&#', found ';'")
            )
            #expect(
                failure(#"<Gesture Name="&#xg;"/>"#)
                    == error(.syntax, 1, 19, "expected a hexadecimal digit after '&#x', found 'g'"))
            #expect(
                failure(#"<Gesture Name="&#65"/>"#)
                    == error(.syntax, 1, 20, #"expected ';' to end the character reference, found '"'"#))
            #expect(
                failure(#"<Gesture Name="&#0;"/>"#) == error(.syntax, 1, 16, #"invalid character reference "&#0;""#))
            #expect(
                failure(#"<Gesture Name="&#xD800;"/>"#)
                    == error(.syntax, 1, 16, #"invalid character reference "&#xD800;""#)
            )
            #expect(
                failure(#"<Gesture Name="&#x110000;"/>"#)
                    == error(.syntax, 1, 16, #"invalid character reference "&#x110000;""#))
            #expect(
                failure(#"<Gesture Name="&#99999999999999999999999999;"/>"#)
                    == error(.syntax, 1, 16, #"invalid character reference "&#999999999999999999…""#))
        }

        @Test func invalidUTF8() {
            func bad(_ found: String) -> String { "invalid UTF-8: found \(found)" + TextEncodingHint.convert }
            let start = Array(#"<Gesture Name=""#.utf8)
            #expect(failure(start + [0x61, 0xFF] + Array(#""/>"#.utf8)) == error(.syntax, 1, 17, bad("byte 0xFF")))
            // An overlong encoding and a surrogate.
            #expect(failure(start + [0xC0, 0x80] + Array(#""/>"#.utf8)) == error(.syntax, 1, 16, bad("byte 0xC0")))
            #expect(
                failure(start + [0xED, 0xA0, 0x80] + Array(#""/>"#.utf8))
                    == error(.syntax, 1, 16, bad("bytes 0xED 0xA0")))
            // Truncated at the end of input.
            #expect(failure(start + [0xE2, 0x98]) == error(.syntax, 1, 16, bad("bytes 0xE2 0x98")))
            #expect(failure(Array("<Gesture> ".utf8) + [0xC3, 0x28]) == error(.syntax, 1, 11, bad("byte 0xC3")))
            #expect(
                failure(Array("<!-- ".utf8) + [0x80] + Array(" --><Gesture/>".utf8))
                    == error(.syntax, 1, 6, bad("byte 0x80")))
            #expect(failure(Array("<Ges".utf8) + [0xFE] + Array("/>".utf8)) == error(.syntax, 1, 5, bad("byte 0xFE")))
            // A UTF-16 byte-order mark: the encoding is named.
            #expect(
                failure([0xFF, 0xFE, 0x3C, 0x00])
                    == error(
                        .syntax, 1, 1,
                        "expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): convert the file first, e.g. with iconv -f UTF-16LE -t UTF-8"
                    ))
        }

        @Test func controlCharacters() {
            #expect(
                failure("<Gesture Name=\"a\u{01}\"/>")
                    == error(.syntax, 1, 17, "control character U+0001 is not allowed in XML"))
            // NUL is refused before anything else is read, in any format.
            #expect(
                failure("<!-- \u{0} -->")
                    == error(.syntax, 1, 6, "expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?"))
            #expect(
                failure("<Gesture\u{0B}/>")
                    == error(.syntax, 1, 9, "expected an attribute name, '>' or '/>', found U+000B")
            )
        }

        @Test func doubleHyphenInComment() {
            #expect(
                failure("<!-- a -- b --><Gesture/>")
                    == error(.syntax, 1, 10, "expected '>' after '--' in a comment, found ' '"))
            #expect(
                failure("<!-- a ---><Gesture/>")
                    == error(.syntax, 1, 10, "expected '>' after '--' in a comment, found '-'")
            )
        }

        @Test func xmlDeclarationOnlyAtStart() throws {
            #expect(
                failure(" <?xml version=\"1.0\"?><Gesture/>")
                    == error(.syntax, 1, 2, "XML declaration is only allowed at the start of the document"))
            #expect(
                failure("<Gesture><?xml version=\"1.0\"?></Gesture>")
                    == error(.syntax, 1, 10, "XML declaration is only allowed at the start of the document"))
            #expect(try parse("\u{FEFF}<?xml version=\"1.0\"?><?xml-stylesheet href='a'?><Gesture/>").samples == [])
        }

        /// A declared encoding that is ASCII below 0x80 reads as UTF-8: what Python's ElementTree
        /// declares by default (`us-ascii`), Latin-1 over ASCII text, a file converted with iconv whose
        /// declaration was left as it was. A byte that is not UTF-8 says how to convert the file.
        @Test(arguments: ["us-ascii", "ASCII", "UTF8", "ISO-8859-1", "iso-8859-15", "latin1", "windows-1252", "CP1252"])
        func anEncodingThatIsASCIIBelow0x80IsReadAsUTF8(_ encoding: String) throws {
            let trace = try parse(
                #"<?xml version='1.0' encoding='\#(encoding)'?><Gesture Name="Zoë"><Point X="1" Y="2" T="0"/></Gesture>"#
            )
            #expect(trace.samples.map(\.location) == [Point(x: 1, y: 2), Point(x: 1, y: 2)])
            #expect(trace.name == "Zoë")
            // The advice converts from the 8-bit encoding declared; from Windows-1252 where none is.
            let from = ["us-ascii", "ASCII", "UTF8"].contains(encoding) ? "WINDOWS-1252" : encoding.uppercased()
            let latin1 =
                Array(#"<?xml version="1.0" encoding="\#(encoding)"?><Gesture Name="Zo"#.utf8) + [0xEB]
                + Array(#""/>"#.utf8)
            #expect(
                failure(latin1)
                    == error(
                        .syntax, 1, 51 + encoding.count,
                        "invalid UTF-8: found byte 0xEB; a file in another encoding must be converted first, "
                            + "e.g. with iconv -f \(from) -t UTF-8"))
        }

        @Test(arguments: ["ISO-8859-", "windows-125x", "cp", "UTF-16", "EBCDIC"])
        func anEncodingThatIsNotASCIIBelow0x80IsRefused(_ encoding: String) {
            let error = failure(#"<?xml version="1.0" encoding="\#(encoding)"?><Gesture/>"#)
            #expect(error?.message.hasPrefix(#"unsupported encoding "\#(encoding)": expected "UTF-8""#) == true)
        }

        @Test func xmlDeclarationSyntax() {
            #expect(
                failure(#"<?xml version="1.0" encoding="Shift_JIS"?><Gesture/>"#)
                    == error(
                        .syntax, 1, 30,
                        #"unsupported encoding "Shift_JIS": expected "UTF-8" (or one that is ASCII below 0x80, "#
                            + #"such as "US-ASCII" or "ISO-8859-1"); convert the file first, e.g. with iconv -f "#
                            + "Shift_JIS -t UTF-8, and declare UTF-8"))
            #expect(failure(#"<?xml version="1.0"><Gesture/>"#) == error(.syntax, 1, 20, "expected '?>', found '>'"))
            #expect(
                failure(#"<?xml version="1.0" %?>"#)
                    == error(.syntax, 1, 21, "expected a pseudo-attribute or '?>', found '%'"))
            #expect(
                failure(#"<?xml version="1.0" version="1.0"?>"#)
                    == error(.syntax, 1, 21, #"duplicate attribute "version" on <?xml>"#))
        }

        @Test func otherMarkup() {
            #expect(failure("<![CDATA[ ]]><Gesture/>") == error(.syntax, 1, 3, "expected '--' after '<!', found '['"))
            #expect(
                failure(gesture("<!ELEMENT>"))
                    == error(.syntax, 1, 12, "expected '--' or '[CDATA[' after '<!', found 'E'"))
            #expect(
                failure("<? x?>")
                    == error(.syntax, 1, 3, "expected a processing instruction target after '<?', found ' '"))
            #expect(
                failure("<?pi*?><Gesture/>")
                    == error(
                        .syntax, 1, 5, "expected whitespace or '?>' after the processing instruction target, found '*'")
            )
        }

        @Test func columnsCountCharactersNotBytes() {
            // "日本" is six bytes and two characters.
            #expect(
                failure("\u{FEFF}<Gesture Name=\"日本\"> x</Gesture>")
                    == error(.syntax, 1, 21, #"expected only whitespace inside <Gesture>, found "x""#))
        }

        @Test func deepNestingStopsAtFirstUnexpectedElement() {
            let xml = "<Gesture>" + String(repeating: "<Stroke>", count: 100_000)
            #expect(failure(xml) == error(.invalidValue, 1, 18, "expected <Point>, found <Stroke>"))
            let foreign = String(repeating: "<a>", count: 100_000)
            #expect(failure(foreign) == error(.invalidValue, 1, 1, "expected a <Gesture> root element, found <a>"))
        }
    }
}

// MARK: - Structure and value errors

extension XMLReaderTests {
    @Suite struct XMLReaderContentTests {
        @Test func wrongRootElement() {
            #expect(
                failure("<?xml version=\"1.0\"?>\n<Gestures/>")
                    == error(.invalidValue, 2, 1, "expected a <Gesture> root element, found <Gestures>"))
        }

        @Test func unknownChildOfGesture() {
            #expect(
                failure("<Gesture>\n  <Line X=\"1\"/>\n</Gesture>")
                    == error(.invalidValue, 2, 3, "expected <Point> or <Stroke>, found <Line>"))
        }

        @Test func unknownChildOfStroke() {
            #expect(
                failure(gesture("<Stroke><Stroke>"))
                    == error(.invalidValue, 1, 18, "expected <Point>, found <Stroke>"))
        }

        @Test func elementInsidePoint() {
            #expect(
                failure(gesture(#"<Point X="1" Y="2" T="3"><Point/>"#))
                    == error(.invalidValue, 1, 35, sample: 0, "expected no elements inside <Point>, found <Point>"))
        }

        @Test func pointsThenStroke() {
            let message = "expected either <Point> or <Stroke> children of <Gesture>, found both"
            #expect(
                failure(gesture(#"<Point X="1" Y="2" T="3"/><Stroke>"#))
                    == error(.invalidValue, 1, 36, message))
        }

        @Test func strokeThenPointCarriesSampleIndex() {
            let message = "expected either <Point> or <Stroke> children of <Gesture>, found both"
            // The one-point stroke gives two samples, so the point would be sample 2.
            #expect(
                failure(gesture(#"<Stroke><Point X="1" Y="2" T="3"/></Stroke><Point X="1" Y="2" T="3"/>"#))
                    == error(.invalidValue, 1, 53, sample: 2, message))
        }

        @Test func emptyStroke() {
            let message = "expected at least one <Point> in <Stroke>"
            #expect(failure(gesture(#"<Stroke index="1"/>"#)) == error(.invalidValue, 1, 10, message))
            #expect(
                failure("<Gesture>\n  <Stroke>\n  </Stroke>\n</Gesture>") == error(.invalidValue, 2, 3, message))
        }

        @Test func missingAttribute() {
            #expect(
                failure(gesture(#"<Point X="1" Y="2"/>"#))
                    == error(.missingField, 1, 10, sample: 0, #"missing attribute "T" on <Point>"#))
            #expect(
                failure(gesture(#"<Point T="1"/>"#))
                    == error(.missingField, 1, 10, sample: 0, #"missing attribute "X" on <Point>"#))
            // Attribute names are case-sensitive.
            #expect(
                failure(gesture(#"<Point X="1" y="2" T="3"/>"#))
                    == error(.missingField, 1, 10, sample: 0, #"missing attribute "Y" on <Point>"#))
        }

        @Test func sampleIndexCountsOnePointStrokesTwice() {
            let xml = gesture(
                #"<Stroke><Point X="1" Y="1" T="0"/></Stroke>"#
                    + #"<Stroke><Point X="1" Y="1" T="0"/><Point X="1" Y="1"/></Stroke>"#)
            #expect(failure(xml) == error(.missingField, 1, 87, sample: 3, #"missing attribute "T" on <Point>"#))
        }

        @Test(arguments: [
            "abc", "nan", "NaN", "inf", "-Infinity", "0x1p3", "1e", "1e+", "", " 1", "1 ", "1,5", "--1", ".", "+",
            "1_000",
            "1.2.3", "e5", "١",
        ])
        func notANumber(text: String) {
            #expect(
                failure(gesture(#"<Point X="\#(text)" Y="2" T="3"/>"#))
                    == error(.invalidValue, 1, 19, sample: 0, #"expected a number for "X", found "\#(text)""#))
        }

        @Test func notANumberQuotesDecodedAndTruncatedValue() {
            #expect(
                failure(gesture(#"<Point X="1" Y="&#x41;b" T="3"/>"#))
                    == error(.invalidValue, 1, 25, sample: 0, #"expected a number for "Y", found "Ab""#))
            #expect(
                failure(gesture(#"<Point X="1" Y="2" T="12345678901234567890abc"/>"#))
                    == error(
                        .invalidValue, 1, 31, sample: 0, #"expected a number for "T", found "12345678901234567890…""#))
            #expect(
                failure(gesture("<Point X=\"1\t\" Y=\"2\" T=\"3\"/>"))
                    == error(.invalidValue, 1, 19, sample: 0, #"expected a number for "X", found "1 ""#))
        }

        @Test func numberOutOfRange() throws {
            #expect(
                failure(gesture(#"<Point X="1" Y="1e999" T="3"/>"#))
                    == error(.invalidNumber, 1, 25, sample: 0, #"number out of range for "Y": 1e999"#))
            #expect(
                failure(gesture(#"<Point X="-1e309" Y="1" T="3"/>"#))
                    == error(.invalidNumber, 1, 19, sample: 0, #"number out of range for "X": -1e309"#))
            let long = "9" + String(repeating: "0", count: 400)
            #expect(
                failure(gesture(#"<Point X="1" Y="1" T="\#(long)"/>"#))
                    == error(.invalidNumber, 1, 31, sample: 0, #"number out of range for "T": 90000000000000000000…"#))
            // Underflow is not an error: it reads as zero.
            #expect(try parse(gesture(#"<Point X="1e-999" Y="1" T="3"/>"#)).samples[0].location.x == 0)
        }

        @Test func timeDifferenceOutOfRange() {
            let xml = gesture(#"<Stroke><Point X="1" Y="1" T="-1e308"/><Point X="1" Y="1" T="1.7e308"/></Stroke>"#)
            #expect(
                failure(xml)
                    == error(
                        .invalidNumber, 1, 70, sample: 1,
                        #"number out of range for "T": 1.7e308 is too far from the first point's T"#))
        }
    }
}

// MARK: - Real datasets

/// `../shared/datasets` beside the package, when this machine has it.
private let datasetsDirectory: String? = {
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    let path = package.deletingLastPathComponent().appendingPathComponent("shared/datasets").path
    var isDirectory: ObjCBool = false
    return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
        ? path : nil
}()

/// The `.xml` files under the datasets directory, relative to it, grouped by their folder so that
/// the groups can be read in parallel.
private let datasetFolders: [String: [String]] = {
    guard let directory = datasetsDirectory else { return [:] }
    let paths = (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? [])
        .filter { $0.hasSuffix(".xml") }
    return Dictionary(grouping: paths.sorted()) { path in
        path.split(separator: "/").dropLast().joined(separator: "/")
    }
}()

/// How many samples and strokes a `$`-family file should give, counted without the reader: one
/// sample per `<Point`, plus one for each stroke of a single point.
private func expectedCounts(_ bytes: [UInt8]) -> (samples: Int, strokes: Int) {
    let stroke = Array("<Stroke".utf8)
    let point = Array("<Point".utf8)
    func starts(_ tag: [UInt8], at i: Int) -> Bool {
        guard i + tag.count < bytes.count, bytes[i..<i + tag.count].elementsEqual(tag) else { return false }
        let next = bytes[i + tag.count]
        return next == 0x20 || next == 0x09 || next == 0x0A || next == 0x0D || next == 0x2F || next == 0x3E
    }
    var pointsPerStroke: [Int] = []
    for i in bytes.indices where bytes[i] == 0x3C {
        if starts(stroke, at: i) {
            pointsPerStroke.append(0)
        } else if starts(point, at: i) {
            if pointsPerStroke.isEmpty { pointsPerStroke.append(0) }
            pointsPerStroke[pointsPerStroke.count - 1] += 1
        }
    }
    let points = pointsPerStroke.reduce(0, +)
    return (points + pointsPerStroke.filter { $0 == 1 }.count, pointsPerStroke.count)
}

/// What is wrong with `trace` as read from `bytes`, or `nil`.
private func datasetMismatch(_ trace: Trace, _ bytes: [UInt8]) -> String? {
    let expected = expectedCounts(bytes)
    let began = trace.samples.filter { $0.phase == .began }.count
    let ended = trace.samples.filter { $0.phase == .ended }.count
    if trace.samples.count != expected.samples || began != expected.strokes || ended != expected.strokes {
        return "\(trace.samples.count) samples, \(began) began, \(ended) ended; expected \(expected.samples) samples "
            + "and \(expected.strokes) strokes"
    }
    let pointTag = Array("<Point".utf8)
    let offsetsArePoints = trace.samples.allSatisfy { sample in
        guard let offset = sample.offset, offset + pointTag.count <= bytes.count else { return false }
        return bytes[offset..<offset + pointTag.count].elementsEqual(pointTag)
    }
    if !offsetsArePoints { return "a sample's offset is not at a <Point" }
    if trace.name == nil { return "no name" }
    return nil
}

extension XMLReaderTests {
    @Suite struct XMLReaderDatasetTests {
        // Skipped, and reported as skipped, on machines without the shared datasets.
        @Test(.enabled(if: datasetsDirectory != nil, "../shared/datasets is absent: real $-family logs not read"))
        func datasetsHoldAbout4100Files() {
            #expect(datasetFolders.values.reduce(0) { $0 + $1.count } > 4000)
        }

        // Skipped, and reported as skipped, on machines without the shared datasets.
        @Test(
            .enabled(if: datasetsDirectory != nil, "../shared/datasets is absent: real $-family logs not read"),
            arguments: datasetFolders.keys.sorted())
        func everyDatasetFileReads(folder: String) throws {
            let directory = try #require(datasetsDirectory)
            var problems: [String] = []
            for path in datasetFolders[folder] ?? [] {
                let bytes = [UInt8](try #require(FileManager.default.contents(atPath: directory + "/" + path)))
                do {
                    let trace = try Trace.parseXML(bytes, file: path)
                    if let mismatch = datasetMismatch(trace, bytes) { problems.append("\(path): \(mismatch)") }
                } catch {
                    problems.append("\(error)")
                }
            }
            #expect(problems.isEmpty, "\(problems.prefix(10).joined(separator: "\n"))")
        }
    }
}

/// The warning a `$`-family log gets when a stroke jumps (`Trace.jumpWarning`), read as every
/// command reads a file.
private func jumpWarnings(_ xml: String) throws -> [String] {
    try TraceReader.read(bytes: Array(xml.utf8), file: "t.xml").warnings.filter { $0.contains("after the one before") }
}

extension XMLReaderTests {
    @Suite struct XMLJumpTests {
        /// Two attempts in one `$1` log: the second starts 3.09 s later and 159 pt away, as in
        /// `dollar1-devices/stylus/s04/check07.xml`.
        static let twoAttempts = """
            <Gesture Name="check07">
              <Point X="117" Y="282" T="1000"/>
              <Point X="186" Y="337" T="1200"/>
              <Point X="306" Y="174" T="1400"/>
              <Point X="164" Y="246" T="4490"/>
              <Point X="346" Y="138" T="4700"/>
            </Gesture>
            """
        /// How the warning about `twoAttempts` begins; its end says what replay makes of the jump.
        static let twoAttemptsJump =
            "sample 3 (line 5) comes 3.09 s and 159 pt after the one before it in its stroke: the pen was "
            + "lifted and put down again where the log records no lift, or the device dropped samples; "

        /// A one-stroke log of points (x, t in ms) along y = 0, read and cut at its jumps.
        static func lifted(_ points: [(Int, Int)]) throws -> Trace {
            let body = points.map { #"<Point X="\#($0.0)" Y="0" T="\#($0.1)"/>"# }.joined(separator: "\n")
            var trace = try TraceReader.read(bytes: Array("<Gesture>\n\(body)\n</Gesture>".utf8), file: "t.xml")
            TraceAdjustment(liftsAtJumps: true).apply(to: &trace)
            return trace
        }

        @Test func aStrokeThatJumpsIsNamedWithItsSampleLineAndMeasures() throws {
            #expect(
                try jumpWarnings(Self.twoAttempts) == [
                    Self.twoAttemptsJump + "replay reads one touch jumping there (--lift-at-jumps reads a lift)"
                ])
        }

        /// `--lift-at-jumps`: the touch ends before the jump and the next begins at it, numbered on;
        /// the warning says so. Times and places are those read.
        @Test func aJumpReadAsALiftEndsOneTouchAndBeginsTheNext() throws {
            let read = try TraceReader.read(bytes: Array(Self.twoAttempts.utf8), file: "t.xml")
            var trace = read
            TraceAdjustment(liftsAtJumps: true).apply(to: &trace)
            #expect(trace.samples.map(\.phase) == [.began, .moved, .ended, .began, .ended])
            #expect(trace.samples.map(\.touch) == [.number(1), .number(1), .number(1), .number(2), .number(2)])
            #expect(trace.samples.map(\.time) == read.samples.map(\.time))
            #expect(trace.samples.map(\.location) == read.samples.map(\.location))
            #expect(
                trace.warnings == [
                    Self.twoAttemptsJump + "read as a lift (--lift-at-jumps)"
                ])
            // Without the option nothing changes, and a JSON trace is never cut.
            var kept = read
            TraceAdjustment().apply(to: &kept)
            #expect(kept.samples == read.samples)
            let json =
                #"[{"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0}, "#
                + #"{"t": 0.01, "id": 1, "phase": "moved", "x": 1, "y": 0}, "#
                + #"{"t": 3, "id": 1, "phase": "moved", "x": 300, "y": 0}, "#
                + #"{"t": 3.01, "id": 1, "phase": "ended", "x": 301, "y": 0}]"#
            let plain = try TraceReader.read(bytes: Array(json.utf8), file: "t.json")
            var adjusted = plain
            TraceAdjustment(liftsAtJumps: true).apply(to: &adjusted)
            #expect(adjusted.samples == plain.samples)
        }

        /// A jump right after a touch's first point, or right before its last, would leave a touch of
        /// one point: it is left, and the warning counts it. Jumps come before samples 1, 2, 4 and 5:
        /// 1 follows the first point; 2 and 4 are lifted; 5 then follows the first point of touch 3.
        @Test func aJumpThatWouldLeaveAOnePointTouchIsLeft() throws {
            let trace = try Self.lifted([(0, 0), (100, 300), (200, 600), (205, 610), (300, 900), (400, 1200)])
            #expect(trace.samples.map(\.phase) == [.began, .ended, .began, .ended, .began, .ended])
            #expect(trace.samples.map(\.touch) == [1, 1, 2, 2, 3, 3].map(TouchID.number))
            #expect(trace.warnings.count == 1)
            #expect(
                trace.warnings.first?.hasSuffix(
                    "samples; 2 of 4 jumps read as lifts (--lift-at-jumps), 2 not: next to a touch's first or last point"
                )
                    == true, "\(trace.warnings)")
        }

        /// Three points jumping in a row mid-stroke: the first jump is lifted, and the second, right
        /// after the new touch's first point, is left (lifting it too would end that touch at the
        /// point it began).
        @Test func aJumpRightAfterALiftIsLeft() throws {
            let trace = try Self.lifted([(0, 0), (1, 10), (100, 300), (200, 600), (201, 610), (202, 620)])
            #expect(trace.samples.map(\.phase) == [.began, .ended, .began, .moved, .moved, .ended])
            #expect(trace.samples.map(\.touch) == [1, 1, 2, 2, 2, 2].map(TouchID.number))
            #expect(
                trace.warnings.first?.hasSuffix(
                    "samples; 1 of 2 jumps read as lifts (--lift-at-jumps), 1 not: next to a touch's first or last point"
                )
                    == true, "\(trace.warnings)")
            // A jump right after a stroke's first point: none is lifted, and the warning says so.
            var first = try TraceReader.read(
                bytes: Array(
                    gesture(#"<Point X="0" Y="0" T="0"/><Point X="99" Y="0" T="300"/><Point X="100" Y="0" T="310"/>"#)
                        .utf8),
                file: "t.xml")
            let read = first.samples
            TraceAdjustment(liftsAtJumps: true).apply(to: &first)
            #expect(first.samples == read)
            #expect(
                first.warnings.first?.hasSuffix(
                    "samples; not read as a lift (--lift-at-jumps): it is next to a touch's first or last point")
                    == true,
                "\(first.warnings)")
        }

        /// The two checkmarks of one stylus log, read as two touches, are each recognized.
        @Test(.enabled(if: datasetsDirectory != nil, "../shared/datasets is absent: real $-family logs not read"))
        func aLogOfTwoAttemptsIsTwoCheckmarksReadAsLifts() throws {
            let path = try #require(datasetsDirectory) + "/dollar1-devices/stylus/s04/check07.xml"
            var trace = try TraceReader.read(
                bytes: Array(try #require(FileManager.default.contents(atPath: path))), file: path)
            #expect(Classifier(configuration: Configuration()).classify(trace, file: path).gesture == "pan")
            TraceAdjustment(liftsAtJumps: true).apply(to: &trace)
            #expect(
                Classifier(configuration: Configuration()).classify(trace, file: path).gesture == "checkmark+checkmark")
        }

        @Test func theFirstJumpIsNamedAndTheOthersCounted() throws {
            let points = [(0, 0, 0), (100, 0, 300), (100, 100, 600), (200, 100, 900)]
                .map { #"<Point X="\#($0.0)" Y="\#($0.1)" T="\#($0.2)"/>"# }.joined(separator: "\n")
            let warnings = try jumpWarnings("<Gesture>\n\(points)\n</Gesture>")
            #expect(warnings.count == 1)
            let first = "sample 1 (line 3) comes 0.3 s and 100 pt after the one before it in its stroke (and 2 more): "
            #expect(warnings.first?.hasPrefix(first) == true)
        }

        /// A pen held still (under 10 pt) or a quick stroke between samples (under 0.25 s) is not a
        /// jump, nor is the move from one `<Stroke>` to the next: the log records that lift.
        @Test func pausesFastStrokesAndNewStrokesAreNotJumps() throws {
            #expect(try jumpWarnings(gesture(#"<Point X="0" Y="0" T="0"/><Point X="9" Y="0" T="5000"/>"#)).isEmpty)
            #expect(try jumpWarnings(gesture(#"<Point X="0" Y="0" T="0"/><Point X="200" Y="0" T="249"/>"#)).isEmpty)
            #expect(
                try jumpWarnings(
                    gesture(
                        #"<Stroke><Point X="0" Y="0" T="0"/><Point X="5" Y="0" T="10"/></Stroke>"#
                            + #"<Stroke><Point X="300" Y="0" T="3000"/><Point X="305" Y="0" T="3010"/></Stroke>"#)
                ).isEmpty)
            #expect(try jumpWarnings(gesture(#"<Point X="0" Y="0" T="0"/><Point X="10" Y="0" T="250"/>"#)).count == 1)
        }

        /// JSON and CSV record every lift, so a jump there is the trace's own statement: no warning.
        @Test func onlyTheDollarLogsAreChecked() throws {
            let json =
                #"[{"t": 0, "id": 1, "phase": "began", "x": 0, "y": 0}, "#
                + #"{"t": 3, "id": 1, "phase": "moved", "x": 300, "y": 0}, "#
                + #"{"t": 3.1, "id": 1, "phase": "ended", "x": 300, "y": 0}]"#
            #expect(try TraceReader.read(bytes: Array(json.utf8), file: "t.json").warnings.isEmpty)
        }

        /// Every `dollar1-devices` file with two attempts in it is found, and nothing in the logs
        /// that have none.
        @Test(.enabled(if: datasetsDirectory != nil, "../shared/datasets is absent: real $-family logs not read"))
        func theDatasetsJumpsAreCounted() throws {
            let directory = try #require(datasetsDirectory)
            var counts: [String: Int] = [:]
            for (folder, paths) in datasetFolders {
                let dataset = String(folder.split(separator: "/").first ?? "")
                for path in paths {
                    let bytes = [UInt8](try #require(FileManager.default.contents(atPath: directory + "/" + path)))
                    let warnings = try TraceReader.read(bytes: bytes, file: path).warnings
                    if warnings.contains(where: { $0.contains("after the one before") }) {
                        counts[dataset, default: 0] += 1
                    }
                }
            }
            #expect(counts == ["dollar1-devices": 228, "mmg-strokes": 43])
        }
    }
}

extension XMLReaderTests {
    @Suite struct XMLNumberFastPathTests {
        /// The exact shortcut for short decimals gives bit for bit what `Double(String)` gives.
        @Test func shortDecimalsConvertExactly() throws {
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15
            func next() -> UInt64 {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return z ^ (z >> 31)
            }
            var numbers: [String] = [
                "0", "-0", "0.0", "007.50", "123456789012345", "0.000000000000000000001", "-99.99",
            ]
            for _ in 0..<2000 {
                let integer = String(next() % 1_000_000)
                let fraction = String(String(next() % 10_000_000_000).prefix(Int(next() % 11)))
                let sign = next() % 3 == 0 ? "-" : ""
                numbers.append(fraction.isEmpty ? sign + integer : "\(sign)\(integer).\(fraction)")
            }
            var document = "<Gesture><Stroke>"
            for number in numbers { document += "<Point X=\"\(number)\" Y=\"0\" T=\"0\"/>" }
            document += "</Stroke></Gesture>"
            let trace = try Trace.parseXML(Array(document.utf8), file: "n.xml")
            // One stroke of many points: one sample per point.
            let xs = trace.samples.map(\.location.x)
            #expect(xs.count == numbers.count)
            for (number, x) in zip(numbers, xs) {
                #expect(x.bitPattern == Double(number)!.bitPattern, "\(number)")
            }
        }
    }
}
