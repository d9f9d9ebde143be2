import Foundation
import Testing

/// `docs/api.md` lists the library's public API: every public type is on it (but the built-in
/// recognizers', which their guides describe), and nothing that is not.
@Suite struct APIDocsTests {
    @Test func everyPublicTypeIsListedAndOnlyThose() throws {
        let library = GestureCommand.packageRoot.appendingPathComponent("Sources/GestureKit")
        let enumerator = try #require(FileManager.default.enumerator(atPath: library.path))
        var types: Set<String> = []
        // The built-in recognizers' types are listed by `Registry` and their guides.
        for case let path as String in enumerator
        where path.hasSuffix(".swift")
            && (!path.hasPrefix("Recognizers/BuiltIn/") || path.hasSuffix("/Registry.swift"))
        {
            let text = try String(contentsOf: library.appendingPathComponent(path), encoding: .utf8)
            for match in text.matches(of: /(?m)^public (?:final )?(?:struct|enum|class|protocol|typealias) (\w+)/) {
                types.insert(String(match.output.1))
            }
        }
        try #require(types.count > 50)
        let page = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/api.md"), encoding: .utf8)
        // The first cell of each table row names types.
        let cells = page.split(separator: "\n").filter { $0.hasPrefix("| `") }.map { $0.split(separator: "|")[0] }
        let listed = Set(cells.flatMap { $0.matches(of: /`([A-Z]\w+)`/).map { String($0.output.1) } })
        for type in types.sorted() { #expect(listed.contains(type), "docs/api.md does not list \(type)") }
        for name in listed.subtracting(types).sorted() {
            Issue.record("docs/api.md lists \(name), which is not a public type")
        }
    }
}
