import Foundation

@testable import GestureKit

/// A labelled mini corpus in a temporary folder, built from the bundled traces with their own labels
/// stripped, so the labels come from where each test says.
struct MiniCorpus {
    let folder: URL

    init(_ name: String) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-\(name)-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// Writes the samples of bundled trace `source` as CSV at `path`, with `label` as its own label.
    func add(_ path: String, from source: String, label: String? = nil) throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/\(source)").path)
        try add(path, trace, label: label)
    }

    /// Writes the samples of `trace` as CSV at `path`, with `label` as its own label.
    func add(_ path: String, _ trace: Trace, label: String? = nil) throws {
        var text = label.map { "# label: \($0)\n" } ?? ""
        text += "t,id,phase,x,y\n"
        for s in trace.samples { text += "\(s.time),\(s.touch),\(s.phase.rawValue),\(s.location.x),\(s.location.y)\n" }
        try write(path, text)
    }

    /// Writes the samples of bundled one-finger trace `source` as a `$`-family XML log at `path`, with
    /// `attributes` (such as `Subject="2"`) on its `<Gesture>`.
    func addXML(_ path: String, from source: String, attributes: String = "") throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/\(source)").path)
        var text = "<Gesture Name=\"\(source)\" \(attributes)>\n"
        for s in trace.samples {
            text += "<Point X=\"\(s.location.x)\" Y=\"\(s.location.y)\" T=\"\(s.time * 1000)\"/>\n"
        }
        try write(path, text + "</Gesture>\n")
    }

    func write(_ path: String, _ text: String) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    /// Seven traces: labels from folders, an own label, a labels file, and one unlabelled.
    /// `name` keeps the corpora of tests that run at once apart.
    static func standard(_ name: String = "mini") throws -> MiniCorpus {
        let corpus = try MiniCorpus(name)
        try corpus.add("checkmark/c1.csv", from: "checkmark.json")  // checkmark → checkmark
        try corpus.add("checkmark/c2.csv", from: "not-a-checkmark.json")  // checkmark → none (ended-too-low)
        try corpus.add("none/n1.csv", from: "swipe-left.json")  // none → swipe-left
        try corpus.add("none/n2.csv", from: "not-a-checkmark.json")  // none → none
        try corpus.add("z.csv", from: "z.csv", label: "z")  // own label: z → z
        try corpus.add("misc/u.csv", from: "circle.json")  // unlabelled
        try corpus.add("by-file.csv", from: "circle.json", label: "none")  // the labels file says circle
        try corpus.write(".hidden/skipped.csv", "not even a trace")
        try corpus.write("notes.txt", "not a trace file")
        try corpus.write("labels.csv", "path,label\nby-file.csv,circle\n")
        return corpus
    }
}
