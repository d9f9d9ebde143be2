import Foundation
import Testing

/// Habits the test target keeps: each file holds one top-level suite named after it, so a failing
/// suite's file is found by its name.
@Suite struct HabitsTests {
    @Test func eachTestFileIsNamedAfterItsSuite() throws {
        let folder = GestureCommand.packageRoot.appendingPathComponent("Tests/GestureKitTests")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
            .sorted()
        try #require(files.count > 20)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let suites = text.matches(of: /(?m)^@Suite(?:\([^)]*\))? struct (\w+)/).map { String($0.output.1) }
            let name = String(file.dropLast(".swift".count))
            if suites.isEmpty {
                // A helper file: named after the one type it holds.
                let types = text.matches(of: /(?m)^(?:public |private )?(?:struct|enum|class|extension) (\w+)/).map {
                    String($0.output.1)
                }
                #expect(types.contains(name), "\(file) declares no suite and no type named \(name)")
            } else {
                #expect(suites == [name], "\(file) holds the suites \(suites)")
            }
        }
    }
}
