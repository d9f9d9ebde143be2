import Foundation
import Testing

/// The Swift code blocks of README.md and docs/ are the code of `DocSnippets.swift`, which compiles
/// with the public API only, and each prints what its comments say.
@Suite struct DocSnippetsTests {
    /// A marked region of `DocSnippets.swift`: its lines, less the indentation of the marker line.
    struct Region {
        var name: String
        var lines: [String]
    }

    /// A ```swift block of a page, with the line before it that names what it shows.
    struct Block: CustomStringConvertible {
        var page: String
        var line: Int
        var marker: String
        var lines: [String]
        var description: String { "\(page):\(line)" }
    }

    static let sourceURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("DocSnippets.swift")

    /// Blocks whose code is kept by the test that compiles it elsewhere, by the name on their
    /// `<!-- BEGIN NAME` line.
    static let keptElsewhere = [
        "caret": "CustomRecognizerTests.theGuideShowsThisCode",
        "configure": "ConfigurationDocsTests.theSwiftExampleRunsAndIsShownAsItIs",
    ]

    static func lines(of text: String) -> [String] {
        text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    static func regions() throws -> [Region] {
        let lines = Self.lines(of: try String(contentsOf: sourceURL, encoding: .utf8))
        var found: [Region] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            index += 1
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("// snippet: ") else { continue }
            let indent = line.count - trimmed.count
            var region = Region(name: String(trimmed.dropFirst("// snippet: ".count)), lines: [])
            while index < lines.count, lines[index].drop(while: { $0 == " " }) != "// end snippet" {
                let body = lines[index]
                let indented = body.prefix(indent).allSatisfy { $0 == " " }
                region.lines.append(indented ? String(body.dropFirst(indent)) : body)
                index += 1
            }
            index += 1
            found.append(region)
        }
        return found
    }

    /// README.md and every page under docs/, in order.
    static var pages: [String] {
        let docs = GestureCommand.packageRoot.appendingPathComponent("docs")
        let enumerator = FileManager.default.enumerator(atPath: docs.path)
        var names: [String] = []
        while let name = enumerator?.nextObject() as? String {
            if name.hasSuffix(".md") { names.append("docs/\(name)") }
        }
        return ["README.md"] + names.sorted()
    }

    static func blocks() throws -> [Block] {
        var found: [Block] = []
        for page in pages {
            let url = GestureCommand.packageRoot.appendingPathComponent(page)
            let lines = Self.lines(of: try String(contentsOf: url, encoding: .utf8))
            var index = 0
            while index < lines.count {
                guard lines[index].hasPrefix("```swift") else {
                    index += 1
                    continue
                }
                var block = Block(page: page, line: index + 1, marker: index > 0 ? lines[index - 1] : "", lines: [])
                index += 1
                while index < lines.count, lines[index] != "```" {
                    block.lines.append(lines[index])
                    index += 1
                }
                found.append(block)
            }
        }
        return found
    }

    /// What a page's block shows: its `import` lines, then, after a blank line, the code.
    static func split(_ lines: [String]) -> (imports: [String], code: [String]) {
        let imports = Array(lines.prefix { $0.hasPrefix("import ") })
        var code = lines.dropFirst(imports.count)
        if !imports.isEmpty, code.first == "" { code = code.dropFirst() }
        return (imports, Array(code))
    }

    /// The name on a block's marker line: `<!-- snippet: NAME …` or `<!-- BEGIN NAME…`.
    static func name(in marker: String, after prefix: String) -> String? {
        guard marker.hasPrefix(prefix) else { return nil }
        return String(marker.dropFirst(prefix.count).prefix { $0 != " " && $0 != ":" })
    }

    @Test func thePagesHaveSwiftBlocks() throws {
        #expect(try Self.blocks().count >= 7)
        #expect(try Self.regions().count >= 4)
    }

    /// Every ```swift block of the pages is compiled: a snippet of `DocSnippets.swift`, shown as it
    /// is, or code another test keeps the page showing.
    @Test func everySwiftBlockIsCompiledCodeShownAsItIs() throws {
        let regions = Dictionary(try Self.regions().map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })
        let source = Self.lines(of: try String(contentsOf: Self.sourceURL, encoding: .utf8))
        #expect(
            !source.contains { $0.hasPrefix("@testable") }, "DocSnippets.swift must import GestureKit as a user does")
        var rewritten: [String: [Int: [String]]] = [:]
        for block in try Self.blocks() {
            if let name = Self.name(in: block.marker, after: "<!-- BEGIN ") {
                #expect(Self.keptElsewhere[name] != nil, "\(block): no test keeps the code of BEGIN \(name)")
                continue
            }
            guard let name = Self.name(in: block.marker, after: "<!-- snippet: ") else {
                Issue.record(
                    """
                    \(block): a ```swift block must follow a `<!-- snippet: NAME -->` line and be the code \
                    between `// snippet: NAME` and `// end snippet` in DocSnippets.swift
                    """)
                continue
            }
            guard let region = regions[name] else {
                Issue.record("\(block): DocSnippets.swift has no snippet \(name)")
                continue
            }
            let (imports, code) = Self.split(block.lines)
            for line in imports {
                #expect(source.contains(line), "\(block): DocSnippets.swift does not \(line)")
            }
            if CommandLineTests.recording {
                rewritten[block.page, default: [:]][block.line] = imports + (imports.isEmpty ? [] : [""]) + region.lines
            } else {
                #expect(
                    code == region.lines,
                    "\(block) must show snippet \(name) of DocSnippets.swift as it is: `make golden` copies it")
            }
        }
        for (page, blocks) in rewritten {
            let url = GestureCommand.packageRoot.appendingPathComponent(page)
            var lines = Self.lines(of: try String(contentsOf: url, encoding: .utf8))
            for (line, code) in blocks.sorted(by: { $0.key > $1.key }) {
                let end = try #require(lines[line...].firstIndex(of: "```"))
                lines.replaceSubrange(line..<end, with: code)
            }
            try lines.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)
        }
    }

    @Test func everySnippetIsShownOnAPage() throws {
        let shown = Set(try Self.blocks().compactMap { Self.name(in: $0.marker, after: "<!-- snippet: ") })
        for region in try Self.regions() {
            #expect(shown.contains(region.name), "snippet \(region.name) of DocSnippets.swift is on no page")
        }
    }

    /// What a snippet says it prints, line by line: the comment at the end of a line that prints, or
    /// else the comment lines that follow it; each as printed, or as a string literal of what is printed.
    static func said(by region: Region) -> [String] {
        var said: [String] = []
        var index = 0
        while index < region.lines.count {
            let line = region.lines[index]
            index += 1
            guard line.contains("print(") else { continue }
            if let comment = line.range(of: ")  // ") ?? line.range(of: "}  // ") {
                said.append(String(line[comment.upperBound...]))
                continue
            }
            while index < region.lines.count, region.lines[index].drop(while: { $0 == " " }).hasPrefix("// ") {
                said.append(String(region.lines[index].drop(while: { $0 == " " }).dropFirst(3)))
                index += 1
            }
        }
        return said
    }

    /// Runs snippet `name`, its `print` given, or returns false when it is not one of these.
    static func run(_ name: String, print: (Any) -> Void) throws -> Bool {
        switch name {
        case "api-classify": try DocSnippets.apiClassify(print: print)
        case "convert-losses": try DocSnippets.convertTrace(print: print)
        case "register-caret": try DocSnippets.registerCaret(print: print)
        default: return false
        }
        return true
    }

    static let runnable = ["api-classify", "convert-losses", "register-caret"]

    /// The snippets read `Traces/` as a program run from the package root does.
    static let inPackageRoot =
        URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().path
        == GestureCommand.packageRoot.resolvingSymlinksInPath().path

    @Test func everySnippetThatPrintsIsRun() throws {
        for region in try Self.regions() where !Self.said(by: region).isEmpty {
            #expect(Self.runnable.contains(region.name), "snippet \(region.name) prints, and no test runs it")
        }
    }

    @Test(
        .enabled(if: inPackageRoot, "the snippets read Traces/ as a program run from the package root"),
        arguments: runnable)
    func theSnippetPrintsWhatItSays(_ name: String) throws {
        let region = try #require(try Self.regions().first { $0.name == name })
        var printed: [String] = []
        #expect(try Self.run(name) { printed.append(String(describing: $0)) })
        let said = Self.said(by: region)
        #expect(printed.count == said.count, "snippet \(name) printed \(printed), says \(said)")
        for (printed, said) in zip(printed, said) {
            #expect(
                printed == said || "\"\(printed)\"" == said, "snippet \(name) printed \(printed), the page says \(said)"
            )
        }
    }
}
