import Foundation
import Testing

/// The library's folders are the stages of its pipeline, and dependencies point one way: no stage uses
/// a type declared in a later one (traces know nothing of recognizers, recognizers build no reports).
@Suite struct LayeringTests {
    /// The stages, in order. Support may be used by every stage.
    static let stages = [
        "Support", "Traces", "Events", "Recognizers", "Arbitration", "Replay", "Corpus", "Scoring", "Reports",
    ]
    static let library = GestureCommand.packageRoot.appendingPathComponent("Sources/GestureKit")

    /// The Swift files of a stage's folder (subfolders included), with their text.
    static func files(of stage: String) throws -> [(name: String, text: String)] {
        let folder = library.appendingPathComponent(stage)
        let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
        return try enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted().map {
            ("\(stage)/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    /// The text without comments and the text of string literals, whose words are not uses of types;
    /// the code interpolated into a string (`"\(DiagnosticText.escaped(name))"`) is kept, as the code
    /// it is.
    static func code(_ text: String) -> String {
        var scanner = CodeScanner(text: Array(text.unicodeScalars))
        return scanner.code(inInterpolation: false)
    }

    /// The words of `text`'s code that can name a declared type (`code(_:)`): each run of word
    /// characters that starts with a capital, but not after a `.`, where it is a member
    /// (`JSONTraceParser.Failure` is not the top-level `Failure`). Not `\b[A-Z]\w*\b`: Unicode word
    /// boundaries do not fall at a `.` between letters, so `DiagnosticText.escaped` was one word, and
    /// no `Type.member` was seen.
    static func words(_ text: String) -> Set<String> {
        Set(code(text).matches(of: /\.?\w+/).map { String($0.output) }.filter { $0.first!.isUppercase })
    }

    /// Reads Swift for `code(_:)`: `//` and `/* */` comments and the text of string literals (`"…"`,
    /// `"""…"""`, raw `#"…"#`) are left out, the code of their interpolations (`\(…)`, `\#(…)`)
    /// kept, strings in it included.
    struct CodeScanner {
        let text: [Unicode.Scalar]
        var i = 0

        func at(_ k: Int) -> Unicode.Scalar? { k < text.count ? text[k] : nil }

        func starts(with s: String, at k: Int) -> Bool {
            s.unicodeScalars.enumerated().allSatisfy { at(k + $0.offset) == $0.element }
        }

        /// Code up to the end of the text, or in an interpolation up to its closing `)`, read past.
        mutating func code(inInterpolation: Bool) -> String {
            var out = String.UnicodeScalarView()
            var depth = 0
            while let c = at(i) {
                if starts(with: "//", at: i) {
                    while let d = at(i), d != "\n" { i += 1 }
                } else if starts(with: "/*", at: i) {
                    var nesting = 0
                    repeat {
                        if starts(with: "/*", at: i) {
                            nesting += 1
                            i += 2
                        } else if starts(with: "*/", at: i) {
                            nesting -= 1
                            i += 2
                        } else {
                            i += 1
                        }
                    } while nesting > 0 && i < text.count
                } else if c == "\"" || c == "#" && (text[i...].first { $0 != "#" }) == "\"" {
                    out.append(contentsOf: "\"\" ".unicodeScalars)
                    out.append(contentsOf: literal().unicodeScalars)
                } else {
                    i += 1
                    if inInterpolation && c == "(" { depth += 1 }
                    if inInterpolation && c == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    out.append(c)
                }
            }
            return String(out)
        }

        /// Reads the string literal at `i`: the code of its interpolations, each followed by a space.
        mutating func literal() -> String {
            var hashes = ""
            while at(i) == "#" {
                hashes += "#"
                i += 1
            }
            let quotes = starts(with: "\"\"\"", at: i) ? "\"\"\"" : "\""
            i += quotes.unicodeScalars.count
            let (close, escape) = (quotes + hashes, "\\" + hashes)
            var interpolated = ""
            while i < text.count {
                if starts(with: close, at: i) {
                    i += close.unicodeScalars.count
                    break
                } else if starts(with: escape, at: i) {
                    i += escape.unicodeScalars.count
                    if at(i) == "(" {
                        i += 1
                        interpolated += code(inInterpolation: true) + " "
                    } else {
                        i += 1  // The escaped character: `\"` does not close the string.
                    }
                } else {
                    i += 1
                }
            }
            return interpolated
        }
    }

    /// Names used in string interpolations are uses, and so is a type whose member is used
    /// (`Used.one`); the literal text around them, strings inside them, comments and a name after a
    /// `.` (`Code.Member`) are not.
    @Test func interpolatedCodeIsCode() {
        let text = ##"""
            let a = "Quoted \(Used.one("Inner \(Nested.two)")) \"Escaped\" \\" + Code.Member // Comment \(Not)
            let b = #"Raw \(Unused) \#(RawUsed)"# /* Block "\(Not)" */ + """
                Multi "line" \(MultiUsed) Text
                """
            """##
        #expect(Self.words(text) == ["Used", "Nested", "Code", "RawUsed", "MultiUsed"])
    }

    /// Types declared at the top level of a file.
    static func declaredTypes(_ text: String) -> Set<String> {
        Set(
            text.matches(
                of:
                    /(?m)^(?:public |internal |private |fileprivate )?(?:final )?(?:struct|enum|class|protocol|typealias|actor) (\w+)/
            ).map {
                String($0.output.1)
            })
    }

    @Test func everyFolderIsAStage() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.library.path).filter {
            !$0.hasPrefix(".")
        }
        #expect(Set(folders) == Set(Self.stages))
    }

    @Test func noStageUsesALaterOne() throws {
        var declaredIn: [String: String] = [:]
        for stage in Self.stages {
            for file in try Self.files(of: stage) {
                for type in Self.declaredTypes(file.text) { declaredIn[type] = stage }
            }
        }
        try #require(declaredIn.count > 50, "found only \(declaredIn.count) types")
        for (position, stage) in Self.stages.enumerated() {
            let later = Set(Self.stages[(position + 1)...])
            for file in try Self.files(of: stage) {
                // A type the file declares itself, nested or not, is its own (a parser's own `Failure`).
                let own = Set(
                    file.text.matches(of: /(?:struct|enum|class|protocol|typealias) (\w+)/).map { String($0.output.1) })
                let words = Self.words(file.text).subtracting(own)
                for word in words.sorted() {
                    if let owner = declaredIn[word], later.contains(owner) {
                        Issue.record("\(file.name) uses \(word), declared in the later stage \(owner)")
                    }
                }
            }
        }
    }
}
