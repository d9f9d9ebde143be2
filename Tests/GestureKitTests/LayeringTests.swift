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

    /// The text without comments and string literals, whose words are not uses of types.
    static func code(_ text: String) -> String {
        var out = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(line)
            if let comment = line.range(of: "//") { line = String(line[..<comment.lowerBound]) }
            out += line.replacing(/"(\\.|[^"\\])*"/, with: "\"\"") + "\n"
        }
        return out
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
                let words = Set(Self.code(file.text).matches(of: /\b[A-Z]\w*\b/).map { String($0.output) }).subtracting(
                    own)
                for word in words.sorted() {
                    if let owner = declaredIn[word], later.contains(owner) {
                        Issue.record("\(file.name) uses \(word), declared in the later stage \(owner)")
                    }
                }
            }
        }
    }
}
