import Foundation
import Testing

@testable import GestureKit

/// The acceptance runs on the real datasets, when `../shared/datasets` is beside the package.
@Suite struct BatchDatasetTests {
    static let datasets = GestureCommand.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/datasets")
    static let present = FileManager.default.fileExists(atPath: datasets.path)

    @Test(
        .enabled(if: present, "../shared/datasets is absent: batch acceptance on real data not run"),
        arguments: ["dollar1", "unipen-z", "mmg-strokes"])
    func oneRowPerXMLFileAndEveryFileScored(_ folder: String) throws {
        let root = Self.datasets.appendingPathComponent(folder)
        let xmlFiles = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String }.filter {
            $0.hasSuffix(".xml")
        }.count
        let expected = ["dollar1": 2880, "unipen-z": 648, "mmg-strokes": 593]
        #expect(xmlFiles == expected[folder], "the folder's .xml files: its README's count")
        let labels = root.appendingPathComponent("labels.csv").path
        let rows = try GestureCommand.run(["batch", "--format", "jsonl", "--labels", labels, root.path])
        #expect(rows.status == 0)
        #expect(rows.stdout.split(separator: "\n").count == xmlFiles)
        let summary = try GestureCommand.run(["batch", "--format", "json", "--labels", labels, root.path])
        let document = try #require(JSONSerialization.jsonObject(with: Data(summary.stdout.utf8)) as? [String: Any])
        let counts = try #require(document["summary"] as? [String: Any])
        #expect(counts["scored"] as? Int == xmlFiles)
        #expect(counts["errors"] as? Int == 0)
    }
}
