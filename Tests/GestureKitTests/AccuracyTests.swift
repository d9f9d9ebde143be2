import Foundation
import Testing

/// The default profile on the real, third-party strokes of `../shared/datasets`, scored as
/// `make accuracy` scores them: `gesture batch` over the three folders with the whole registry
/// competing. Fails when a figure falls below its floor; skipped where the datasets are absent.
@Suite struct AccuracyTests {
    static let datasets = GestureCommand.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/datasets")
    static let present = FileManager.default.fileExists(
        atPath: datasets.appendingPathComponent("dollar1/labels.csv").path)

    /// Per gesture family: least recall, most false alarms (fractions). These are issue 4's targets.
    static let floors: [(family: String, recall: Double, falseAlarms: Double)] = [
        ("checkmark", 0.99, 0.005),
        ("circle", 0.99, 0.005),
        ("z", 0.97, 0.005),
        ("swipe", 0.99, 0.005),
    ]

    struct Row: Decodable {
        var path: String
        var label: String?
        var gesture: String?
    }

    static func family(_ gesture: String?) -> String? {
        guard let gesture else { return nil }
        return gesture.hasPrefix("swipe-") ? "swipe" : gesture
    }

    @Test(.enabled(if: present, "../shared/datasets is absent: accuracy on real strokes not measured"))
    func defaultProfileMeetsItsFloors() throws {
        let folders = ["dollar1", "unipen-z", "mmg-strokes"].map { Self.datasets.appendingPathComponent($0).path }
        let labels = folders.flatMap { ["--labels", $0 + "/labels.csv"] }
        let output = try GestureCommand.run(["batch", "--format", "jsonl", "--quiet"] + labels + folders)
        #expect(output.status == 0, "\(output.stderr)")
        let rows = try output.stdout.split(separator: "\n").map {
            try JSONDecoder().decode(Row.self, from: Data($0.utf8))
        }
        #expect(rows.count > 4000)
        var report: [String] = []
        for floor in Self.floors {
            let positives = rows.filter { Self.family($0.label) == floor.family }
            let negatives = rows.filter { Self.family($0.label) != floor.family && $0.gesture != nil }
            let recall = Double(positives.filter { $0.gesture == $0.label }.count) / Double(positives.count)
            let alarms =
                Double(
                    negatives.filter { row in
                        (row.gesture ?? "").split(separator: "+").contains { Self.family(String($0)) == floor.family }
                    }.count)
                / Double(negatives.count)
            report.append("\(floor.family): recall \(recall), false alarms \(alarms)")
            #expect(recall >= floor.recall, "\(floor.family) recall \(recall) < \(floor.recall)")
            #expect(alarms <= floor.falseAlarms, "\(floor.family) false alarms \(alarms) > \(floor.falseAlarms)")
        }
        print(report.joined(separator: "\n"))
    }
}
