import Foundation
import Testing

@testable import GestureKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `gesture batch --report DIR`: a page that parses as XML and shows the scores the text summary
/// shows, the misses under the failure code of the recognizer that should have fired with files that
/// exist and say what `render` and `classify` say, a cap that is stated and kept, the same bytes for
/// any --jobs, and a folder that is reused only with --force and never cleared.
@Suite struct BatchHTMLReportTests {
    /// An element of the page: its name, attributes, children and text.
    final class Node {
        let name: String
        let attributes: [String: String]
        var children: [Node] = []
        var text = ""

        init(_ name: String, _ attributes: [String: String]) {
            self.name = name
            self.attributes = attributes
        }

        /// Every element below this one (itself included), in document order.
        var all: [Node] { [self] + children.flatMap(\.all) }

        /// The elements named `name` inside this one.
        func all(_ name: String) -> [Node] { children.flatMap(\.all).filter { $0.name == name } }

        /// The text of this element and every element in it.
        var content: String { text + children.map(\.content).joined() }

        func element(id: String) -> Node? { all.first { $0.attributes["id"] == id } }

        /// The cells of each row of a table, as text.
        var rows: [[String]] { all("tr").map { $0.children.map(\.content) } }
    }

    /// Builds the tree of a document with `XMLParser`.
    final class TreeBuilder: NSObject, XMLParserDelegate {
        var stack: [Node] = [Node("document", [:])]

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String]
        ) {
            let node = Node(name, attributes)
            stack.last!.children.append(node)
            stack.append(node)
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            stack.removeLast()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            // Text after a child element belongs to the element, not to the child: kept in order by a
            // text node.
            let node = Node("#text", [:])
            node.text = string
            stack.last!.children.append(node)
        }
    }

    /// The page at `folder/index.html`, parsed; fails the test when it is not well-formed XML.
    static func page(_ folder: URL) throws -> Node {
        let data = try Data(contentsOf: folder.appendingPathComponent("index.html"))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasPrefix("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\""))
        // Nothing from elsewhere: no scripts, style sheets or fetched images.
        #expect(!text.contains("<script") && !text.contains("<link") && !text.contains("@import"))
        #expect(!text.contains("src=\"http") && !text.contains("href=\"http") && !text.contains("url("))
        let parser = XMLParser(data: data)
        let builder = TreeBuilder()
        parser.delegate = builder
        let parsed = parser.parse()
        #expect(parsed, "index.html is not well-formed XML: \(String(describing: parser.parserError))")
        try #require(parsed)
        return builder.stack[0]
    }

    /// The table of a section, as rows of cell texts.
    static func table(_ page: Node, section: String, index: Int = 0) throws -> [[String]] {
        let found = try #require(page.element(id: section), "no section \(section)")
        let tables = found.all("table")
        try #require(tables.count > index, "section \(section) has \(tables.count) tables")
        return tables[index].rows
    }

    /// The cell in `column` (by header) of the row whose first cell is `row`.
    static func cell(_ rows: [[String]], row: String, column: String) -> String? {
        guard let header = rows.first, let c = header.firstIndex(of: column),
            let found = rows.dropFirst().first(where: { $0.first == row }), c < found.count
        else { return nil }
        return found[c]
    }

    /// Files below `folder`, relative, sorted, with their bytes.
    static func files(_ folder: URL) -> [String: Data] {
        var found: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let path = enumerator?.nextObject() as? String {
            var isFolder: ObjCBool = false
            let full = folder.appendingPathComponent(path).path
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else {
                continue
            }
            found[path] = FileManager.default.contents(atPath: full) ?? Data()
        }
        return found
    }

    /// Eight traces in two people's folders, labelled by their folders: three recognized as labelled,
    /// five misses: four failure codes (one a false alarm), one of them twice.
    static func corpus(_ name: String) throws -> MiniCorpus {
        let corpus = try MiniCorpus("report-\(name)")
        try corpus.add("corpus/s01/z/a.csv", from: "circle.json")  // z → circle: z top-too-steep
        try corpus.add("corpus/s01/circle/b.csv", from: "circle.json")  // circle → circle
        try corpus.add("corpus/s01/circle/c.csv", from: "z.csv")  // circle → z: circle preempted
        try corpus.add("corpus/s01/checkmark/h.csv", from: "checkmark.json")  // checkmark → checkmark
        try corpus.add("corpus/s02/checkmark/d.csv", from: "not-a-checkmark.json")  // checkmark ended-too-low
        try corpus.add("corpus/s02/none/e.csv", from: "swipe-left.json")  // none → swipe-left: false alarm
        try corpus.add("corpus/s02/circle/f.csv", from: "checkmark.json")  // circle → checkmark: preempted
        try corpus.add("corpus/s02/z/g.csv", from: "z.csv")  // z → z
        return corpus
    }

    @Test func theReportOfTheBundledTracesHasTheScoresOfTheTextSummary() throws {
        let corpus = try MiniCorpus("report-bundled")
        defer { corpus.remove() }
        let report = corpus.folder.appendingPathComponent("report")
        let plain = try GestureCommand.run(["batch", "Traces"])
        let output = try GestureCommand.run(["batch", "Traces", "--report", report.path])
        // The report is extra: the output is the same bytes.
        #expect(output == plain)
        #expect(output.status == 0)
        let page = try Self.page(report)
        let summary = try Self.table(page, section: "summary")
        #expect(summary.contains(["traces", "23"]) && summary.contains(["scored", "23"]))
        #expect(summary.contains(["correct", "23"]) && summary.contains(["accuracy", "100%"]))
        #expect(summary.contains(["misses", "0"]) && summary.contains(["errors", "0"]))
        let gestures = try Self.table(page, section: "gestures")
        #expect(gestures.first == ["gesture", "support", "precision", "recall", "F1"])
        #expect(Self.cell(gestures, row: "pan", column: "support") == "5")
        #expect(Self.cell(gestures, row: "circle", column: "recall") == "100%")
        let confusion = try Self.table(page, section: "confusion")
        #expect(Self.cell(confusion, row: "pan", column: "pan") == "5")
        #expect(Self.cell(confusion, row: "none", column: "none") == "4")
        #expect(Self.cell(confusion, row: "circle", column: "z") == "0")
        #expect(page.element(id: "groups") == nil)
        #expect(page.element(id: "misses")?.content.contains("Showing 0 of 0 misses (--report-limit 200)") == true)
        #expect(Self.files(report.appendingPathComponent("traces")).isEmpty)
    }

    /// Every section the page's first paragraph links to is on the page, also when no trace was
    /// scored: the confusion matrix was left out then, and its link led nowhere.
    @Test func everySectionLinkedToIsThereWhenNothingWasScored() throws {
        let corpus = try MiniCorpus("report-unscored")
        defer { corpus.remove() }
        try corpus.add("corpus/misc/u.csv", from: "circle.json")  // unlabelled
        let run = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(run.stdout.contains("0 scored, 1 unlabelled"), "\(run.stdout)")
        let page = try Self.page(corpus.folder.appendingPathComponent("report"))
        let links = page.all("a").compactMap { $0.attributes["href"] }.filter { $0.hasPrefix("#") }
        #expect(links.contains("#confusion"))
        for link in links {
            #expect(page.element(id: String(link.dropFirst())) != nil, "\(link) links to no section")
        }
        #expect(page.element(id: "confusion")?.content.contains("No trace was scored.") == true)
    }

    /// And every section on the page is linked to: the errors' was not.
    @Test func theErrorsSectionIsLinkedToWhenThereIsOne() throws {
        let corpus = try MiniCorpus("report-errors-linked")
        defer { corpus.remove() }
        try corpus.add("corpus/circle/a.json", from: "circle.json")
        try corpus.write("corpus/circle/bad.json", "{")
        let run = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(run.status == 2, "\(run.stderr)")
        let page = try Self.page(corpus.folder.appendingPathComponent("report"))
        let links = Set(page.all("a").compactMap { $0.attributes["href"] }.filter { $0.hasPrefix("#") })
        let sections = page.all("section").compactMap { $0.attributes["id"] }
            .filter { $0.range(of: "^[a-z]+$", options: .regularExpression) != nil }
        #expect(sections.contains("errors"))
        for id in sections { #expect(links.contains("#\(id)"), "section \(id) is not linked to") }
    }

    @Test func missesAreFiledUnderTheFailureCodeOfTheRecognizerThatShouldHaveFired() throws {
        let corpus = try Self.corpus("codes")
        defer { corpus.remove() }
        let output = try GestureCommand.run(
            ["batch", "corpus", "--group-by", "dir:1", "--report", "report", "--quiet"], in: corpus.folder)
        #expect(output.status == 0, "\(output.stderr)")
        let report = corpus.folder.appendingPathComponent("report")
        let page = try Self.page(report)
        let summary = try Self.table(page, section: "summary")
        #expect(summary.contains(["traces", "8"]) && summary.contains(["misses", "5"]))
        let confusion = try Self.table(page, section: "confusion")
        #expect(Self.cell(confusion, row: "z", column: "circle") == "1")
        #expect(Self.cell(confusion, row: "circle", column: "checkmark") == "1")
        // Cells where label and result differ are shaded as misses.
        let missCells = page.element(id: "confusion")!.all("td").filter {
            $0.attributes["class"]?.hasPrefix("m") == true
        }
        #expect(missCells.map(\.content).sorted() == ["1", "1", "1", "1", "1"])
        let groups = try Self.table(page, section: "groups")
        #expect(groups.dropFirst().map { $0.first } == ["s01", "s02"])
        #expect(Self.cell(groups, row: "s02", column: "scored") == "4")

        let expected: [String: [String]] = [
            "miss-z-top-too-steep": ["corpus/s01/z/a.csv"],
            "miss-checkmark-ended-too-low": ["corpus/s02/checkmark/d.csv"],
            "miss-circle-not-closed": ["corpus/s01/circle/c.csv", "corpus/s02/circle/f.csv"],
            "miss-false-alarm-swipe-left": ["corpus/s02/none/e.csv"],
        ]
        let misses = try #require(page.element(id: "misses"))
        let sections = misses.all("section")
        #expect(Set(sections.compactMap { $0.attributes["id"] }) == Set(expected.keys))
        // Furthest past its limit first: the checkmark that ended 42 pt too low, then the z; those
        // without a measurement last.
        #expect(sections.first?.attributes["id"] == "miss-checkmark-ended-too-low")
        #expect(sections.first?.all("h3").first?.content == "checkmark ended-too-low (1 shown of 1)")
        var written: Set<String> = []
        for section in sections {
            let id = section.attributes["id"]!
            let items = section.all("li")
            let paths = items.map { $0.all("p").first { $0.attributes["class"] == "path" }?.content ?? "" }
            #expect(paths == expected[id], "\(id)")
            for item in items {
                let path = item.all("p").first { $0.attributes["class"] == "path" }!.content
                let links = item.all("a").compactMap { $0.attributes["href"] }
                let image = try #require(item.all("img").first)
                #expect(image.attributes["alt"]?.hasPrefix("picture of \(path): label ") == true)
                let src = try #require(image.attributes["src"])
                #expect(src.contains("#svgView(viewBox("))
                let svg = try #require(links.first { $0.hasSuffix(".svg") })
                let txt = try #require(links.first { $0.hasSuffix(".txt") })
                #expect(src.hasPrefix(svg + "#"))
                // The files exist and say what `render` and `classify` say of the trace.
                let picture = try String(contentsOf: report.appendingPathComponent(svg), encoding: .utf8)
                let text = try String(contentsOf: report.appendingPathComponent(txt), encoding: .utf8)
                #expect(picture == (try GestureCommand.run(["render", path], in: corpus.folder)).stdout)
                #expect(text == (try GestureCommand.run(["classify", path], in: corpus.folder)).stdout)
                written.formUnion([svg, txt])
            }
        }
        #expect(written.count == 10)
        #expect(Set(Self.files(report).keys) == written.union(["index.html"]))
        // The reason is the text summary's.
        #expect(
            misses.content.contains(
                "z top-too-steep: the top part heads too far from horizontal (measured 0.7798 rad > limit 0.75 rad)"))
        #expect(misses.content.contains("labelled none, so no recognizer should have fired; recognized swipe-left"))
        let failures = try Self.table(page, section: "failures")
        #expect(failures.contains(["circle", "not-closed", "2", "2"]))
    }

    /// A trace changed between its scoring and the drawing of the misses at the end is not drawn as
    /// it is now beside the old verdict: its replay no longer agrees with the row (`BatchRunner.agrees`),
    /// which the report says instead of a picture. The same trace unchanged always agrees.
    @Test func aTraceChangedSinceItWasScoredDoesNotAgreeWithItsRow() throws {
        let corpus = try MiniCorpus("report-changed")
        defer { corpus.remove() }
        try corpus.add("circle/a.csv", from: "not-a-circle-open.json")
        let scorer = runner()
        let path = corpus.folder.appendingPathComponent("circle/a.csv").path
        let entry = CorpusEntry(path: path, relativePath: "a.csv")
        let row = scorer.row(for: entry)
        #expect(row.label == "circle" && row.gesture == "pan" && row.miss?.code == "not-closed", "\(row)")
        func replay() throws -> TraceResult {
            scorer.classifier.classify(try TraceReader.read(path: path), file: path)
        }
        #expect(scorer.agrees(try replay(), with: row))
        try corpus.add("circle/a.csv", from: "circle.json")
        #expect(!scorer.agrees(try replay(), with: row))
    }

    @Test func theCapIsStatedAndKept() throws {
        let corpus = try Self.corpus("cap")
        defer { corpus.remove() }
        let one = try GestureCommand.run(
            ["batch", "corpus", "--report", "one", "--report-limit", "1"], in: corpus.folder)
        #expect(one.status == 0, "\(one.stderr)")
        let page = try Self.page(corpus.folder.appendingPathComponent("one"))
        let misses = try #require(page.element(id: "misses"))
        #expect(misses.content.contains("Showing 1 of 5 misses (--report-limit 1)"))
        #expect(misses.all("li").count == 1)
        #expect(misses.all("section").map { $0.attributes["id"] } == ["miss-checkmark-ended-too-low"])
        // Every miss is still counted by its code.
        let failures = try Self.table(page, section: "failures")
        #expect(failures.contains(["circle", "not-closed", "2", "0"]))
        #expect(
            Set(Self.files(corpus.folder.appendingPathComponent("one")).keys)
                == ["index.html", "traces/0001-d.svg", "traces/0001-d.txt"])

        let none = try GestureCommand.run(
            ["batch", "corpus", "--report", "none", "--report-limit", "0"], in: corpus.folder)
        #expect(none.status == 0)
        let empty = try Self.page(corpus.folder.appendingPathComponent("none"))
        #expect(empty.element(id: "misses")?.content.contains("Showing 0 of 5 misses (--report-limit 0)") == true)
        #expect(Set(Self.files(corpus.folder.appendingPathComponent("none")).keys) == ["index.html"])
    }

    @Test func sameBytesForAnyJobs() throws {
        let corpus = try Self.corpus("jobs")
        defer { corpus.remove() }
        for jobs in ["1", "2"] {
            let run = try GestureCommand.run(
                ["batch", "corpus", "--group-by", "dir:1", "--jobs", jobs, "--report", "r\(jobs)"], in: corpus.folder)
            #expect(run.status == 0)
        }
        let one = Self.files(corpus.folder.appendingPathComponent("r1"))
        let two = Self.files(corpus.folder.appendingPathComponent("r2"))
        #expect(one.count == 11)
        #expect(one == two)
    }

    /// A folder made beforehand (`mkdir -p` in a CI script) and empty is written into without `--force`:
    /// it has nothing to overwrite.
    @Test func anEmptyFolderIsWrittenIntoWithoutForce() throws {
        let corpus = try Self.corpus("empty")
        defer { corpus.remove() }
        try FileManager.default.createDirectory(
            at: corpus.folder.appendingPathComponent("report"), withIntermediateDirectories: false)
        let result = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(result.status == 0 && result.stderr == "")
        let files = Self.files(corpus.folder.appendingPathComponent("report"))
        #expect(files["index.html"] != nil && files.count == 1 + 10)
        // Once written it holds the report: again without --force is refused.
        let again = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(
            again.status == 2
                && again.stderr.hasPrefix("gesture: error: --report report: the folder exists and is not empty;"))
    }

    @Test func aFolderThatExistsIsReusedOnlyWithForceAndNeverCleared() throws {
        let corpus = try Self.corpus("force")
        defer { corpus.remove() }
        try corpus.write("report/notes.txt", "mine")
        try corpus.write("report/traces/0009-mine.svg", "also mine")
        let before = Self.files(corpus.folder.appendingPathComponent("report"))
        let refused = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(refused.status == 2 && refused.stdout == "")
        #expect(
            refused.stderr
                == "gesture: error: --report report: the folder exists and is not empty; --force writes the report into it (overwriting only index.html and the report's own files in traces/)\nRun `gesture batch --help` for usage.\n"
        )
        #expect(Self.files(corpus.folder.appendingPathComponent("report")) == before)

        let forced = try GestureCommand.run(["batch", "corpus", "--report", "report", "--force"], in: corpus.folder)
        #expect(forced.status == 0 && forced.stderr == "")
        let after = Self.files(corpus.folder.appendingPathComponent("report"))
        #expect(after["notes.txt"] == Data("mine".utf8))
        #expect(after["traces/0009-mine.svg"] == Data("also mine".utf8))
        #expect(after["index.html"] != nil && after.count == 2 + 1 + 10)
        // Again with --force: the report's own files are overwritten with the same bytes.
        let again = try GestureCommand.run(["batch", "corpus", "--report", "report", "--force"], in: corpus.folder)
        #expect(again.status == 0)
        #expect(Self.files(corpus.folder.appendingPathComponent("report")) == after)
    }

    /// An index.html that may not be overwritten is refused before the run (the run was made, every
    /// picture written, and only then the page failed). As root, run as nobody with setpriv, since
    /// root may write any file.
    @Test(
        .enabled(
            if: getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "running as root without /usr/bin/setpriv: root may write a read-only index.html"))
    func anIndexThatMayNotBeOverwrittenIsRefusedBeforeTheRun() throws {
        let corpus = try Self.corpus("read-only-index")
        defer { corpus.remove() }
        try corpus.write("report/index.html", "mine")
        let report = corpus.folder.appendingPathComponent("report")
        for (path, mode) in [(corpus.folder.path, 0o777), (report.path, 0o777), (report.path + "/index.html", 0o444)] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: path)
        }
        /// The report run again, as nobody when this is root (who may write any file).
        func rerun() throws -> GestureCommand.Output {
            let command = ["batch", "corpus", "--report", "report", "--force"]
            return getuid() == 0
                ? try GestureCommand.process(
                    URL(fileURLWithPath: "/usr/bin/setpriv"),
                    ["--reuid=65534", "--regid=65534", "--clear-groups", GestureCommand.executable.path] + command,
                    in: corpus.folder)
                : try GestureCommand.run(command, in: corpus.folder)
        }
        let run = try rerun()
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr
                == "gesture: error: --report report: cannot overwrite report/index.html: Permission denied\n"
                + "Run `gesture batch --help` for usage.\n")
        #expect(!FileManager.default.fileExists(atPath: report.path + "/traces"), "no run, no pictures")
        // So is a picture of a report before that may not be overwritten; another file is no matter.
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: report.path + "/index.html")
        try corpus.write("report/traces/0001-tap.svg", "mine")
        try corpus.write("report/traces/notes.txt", "mine")
        for (path, mode) in [
            ("report/traces", 0o777), ("report/traces/0001-tap.svg", 0o444), ("report/traces/notes.txt", 0o444),
        ] {
            try FileManager.default.setAttributes(
                [.posixPermissions: mode], ofItemAtPath: corpus.folder.appendingPathComponent(path).path)
        }
        let picture = try rerun()
        #expect(
            picture.status == 2
                && picture.stderr.hasPrefix(
                    "gesture: error: --report report: cannot overwrite report/traces/0001-tap.svg: Permission denied\n"),
            "\(picture.stderr)")
        #expect(try String(contentsOf: report.appendingPathComponent("index.html"), encoding: .utf8) == "mine")
    }

    @Test func fileNamesAreNumberedInPageOrderAndNeedNoEscaping() {
        #expect(HTMLReport.fileStem(number: 7, path: "../data/s02/fast/v01.xml") == "0007-v01")
        #expect(HTMLReport.fileStem(number: 12_345, path: "a/b c&d\"é.json") == "12345-b-c-d--")
        #expect(HTMLReport.fileStem(number: 1, path: ".hidden") == "0001-.hidden")
        #expect(
            HTMLReport.anchor(ReportMisses.Kind(recognizer: nil, code: "false-alarm", recognized: "z"))
                == "miss-false-alarm-z")
    }

    /// Two kinds whose names differ only in letters a file name or an id here cannot hold
    /// (`false-alarm: é`, `false-alarm: ö`) each have a section of its own id, which its row links to:
    /// both had `miss-false-alarm--`, and both links led to the first.
    @Test func kindsNamedAlikeInASCIIHaveSectionsOfTheirOwn() throws {
        let corpus = try MiniCorpus("report-anchors")
        defer { corpus.remove() }
        try corpus.write(
            "instances.json",
            #"{"recognizers": [{"id": "a", "kind": "tap", "gesture": "é"}, "#
                + #"{"id": "b", "kind": "long-press", "gesture": "ö"}]}"#)
        try corpus.add("corpus/none/t.csv", from: "tap.json")  // none → é
        try corpus.add("corpus/none/p.csv", from: "long-press.json")  // none → ö
        let output = try GestureCommand.run(
            ["batch", "corpus", "--config", "instances.json", "--recognizers", "a,b", "--report", "report"],
            in: corpus.folder)
        #expect(output.status == 0, "\(output.stderr)")
        let page = try Self.page(corpus.folder.appendingPathComponent("report"))
        let ids = page.all.compactMap { $0.attributes["id"] }
        #expect(Set(ids).count == ids.count, "\(ids)")
        let links = page.all("a").filter { $0.attributes["href"]?.hasPrefix("#miss-") == true }
        #expect(links.map(\.content).sorted() == ["false-alarm: é", "false-alarm: ö"])
        for link in links {
            let section = page.element(id: String(link.attributes["href"]!.dropFirst()))
            #expect(section?.all("h3").first?.content.hasPrefix(link.content + " ") == true, "\(link.content)")
        }
    }

    /// A trace more than 100,000 units across is drawn over a power of ten: its thumbnail's view is in
    /// the picture's units, around the touches. It was in the trace's, a thousand times too large, and
    /// the touches a speck in its corner.
    @Test func theThumbnailOfAHugeTraceShowsItsTouches() throws {
        let corpus = try MiniCorpus("report-huge")
        defer { corpus.remove() }
        var samples: [Sample] = []
        for k in 0...60 {
            let angle = 2 * Double.pi * Double(k) / 60
            let phase: Phase = k == 0 ? .began : k == 60 ? .ended : .moved
            let location = Point(x: 5e6 + 4e6 * sin(angle), y: 5e6 - 4e6 * cos(angle))
            samples.append(Sample(time: Double(k) * 0.01, touch: .number(1), phase: phase, location: location))
        }
        try corpus.add("corpus/z/huge.csv", Trace(samples: samples))  // z → circle
        let output = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(output.status == 0, "\(output.stderr)")
        let folder = corpus.folder.appendingPathComponent("report")
        let image = try #require(Self.page(folder).all("img").first?.attributes["src"])
        let (file, fragment) = try #require(image.split(separator: "#", maxSplits: 1).map(String.init).pair)
        let view = fragment.dropFirst("svgView(viewBox(".count).dropLast(2).split(separator: ",").compactMap {
            Double($0)
        }
        let picture = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
        #expect(picture.contains("drawn at 1/1000 of the trace's size"))
        let box = try #require(picture.firstRange(of: "viewBox=\"")).upperBound
        let whole = picture[box...].prefix { $0 != "\"" }.split(separator: " ").compactMap { Double($0) }
        try #require(view.count == 4 && whole.count == 4, "\(image)")
        // The touches span 8000 units of the picture (8e6 of the trace): the view is a square around
        // them, inside the picture, not a million units across.
        #expect(view[2] > 8000 && view[2] < 12_000, "\(view)")
        #expect(view[0] < 1000 && view[0] + view[2] > 9000 && view[1] < 1000 && view[1] + view[3] > 9000, "\(view)")
        #expect(view[0] >= whole[0] - 2000 && view[0] + view[2] <= whole[0] + whole[2] + 2000, "\(view) \(whole)")
    }

    /// A trace far from (0, 0), or less than 0.001 across, is drawn from its corner or larger
    /// (`SVGRender.Frame`): its thumbnail's view is where the picture drew its touches, a square
    /// around them, not at 1e9 or a millionth wide.
    @Test func theThumbnailOfAFarOrTinyTraceShowsItsTouches() throws {
        let corpus = try MiniCorpus("report-far")
        defer { corpus.remove() }
        try corpus.add("corpus/circle/far.csv", RenderTests.zTrace(at: Point(x: 1e9, y: -1e9)))
        try corpus.add("corpus/circle/tiny.csv", RenderTests.zTrace(at: Point(x: 0.5, y: 0.5), size: 1e-8))
        let output = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(output.status == 0, "\(output.stderr)")
        let folder = corpus.folder.appendingPathComponent("report")
        let images = try Self.page(folder).all("img").compactMap { $0.attributes["src"] }
        #expect(images.count == 2, "\(images)")
        for image in images {
            let (file, fragment) = try #require(image.split(separator: "#", maxSplits: 1).map(String.init).pair)
            let view = fragment.dropFirst("svgView(viewBox(".count).dropLast(2).split(separator: ",").compactMap {
                Double($0)
            }
            let picture = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(picture.contains(" data-origin=\""), "\(file)")
            let points = try RenderTests.path(picture).split(separator: " ").map {
                $0.split(separator: ",").compactMap { Double($0) }
            }
            let (xs, ys) = (points.map { $0[0] }, points.map { $0[1] })
            try #require(view.count == 4 && !xs.isEmpty, "\(image)")
            // The Z is drawn 170 by 162 from (0, 0); the view is a square around it.
            #expect(xs.min() == 0 && ys.min() == 0 && xs.max() == 170 && ys.max() == 162, "\(file)")
            #expect(view[0] < 0 && view[1] < 0 && view[0] + view[2] > 170 && view[1] + view[3] > 162, "\(view)")
            #expect(view[2] < 300 && view[2] == view[3], "\(view)")
        }
    }

    @Test func theMissesShownDoNotDependOnTheOrderRowsCameIn() {
        func row(_ path: String, _ label: String, _ gesture: String, _ code: String?, _ measured: Double?) -> BatchRow {
            BatchRow(
                path: path, label: label, gesture: gesture,
                miss: code.map { Miss(recognizer: label, code: $0, message: "", measured: measured, limit: 1) })
        }
        let rows = [
            row("a", "circle", "none", "too-slow", 1.5), row("b", "circle", "none", "too-slow", 3),
            row("c", "z", "none", "top-too-steep", 1.2), row("d", "none", "z", nil, nil),
            row("e", "z", "z", nil, nil), row("f", "circle", "pan", "preempted", nil),
        ]
        var forward = ReportMisses(limit: 4)
        var backward = ReportMisses(limit: 4)
        for row in rows { forward.consider(row) }
        for row in rows.reversed() { backward.consider(row) }
        #expect(forward.total == 5 && backward.total == 5)
        let groups = forward.finish()
        #expect(groups.map(\.kind.title) == ["circle too-slow", "z top-too-steep", "false-alarm: z"])
        #expect(groups.map { $0.rows.map(\.path) } == [["b", "a"], ["c"], ["d"]])
        #expect(backward.finish().map { $0.rows.map(\.path) } == [["b", "a"], ["c"], ["d"]])
        #expect(forward.counts[ReportMisses.Kind(recognizer: "circle", code: "preempted")] == 1)
    }

    @Test func aLinkInTheFolderIsNotWrittenThrough() throws {
        let corpus = try Self.corpus("link")
        defer { corpus.remove() }
        try corpus.write("precious.html", "keep me")
        try corpus.write("report/notes.txt", "mine")
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("report/index.html").path,
            withDestinationPath: "../precious.html")
        // Refused before the run, which it was only after.
        let output = try GestureCommand.run(["batch", "corpus", "--report", "report", "--force"], in: corpus.folder)
        #expect(output.status == 2 && output.stdout == "")
        #expect(
            output.stderr
                == "gesture: error: --report report: report/index.html is a symbolic link; the report does not write "
                + "through one (remove it)\nRun `gesture batch --help` for usage.\n")
        let precious = try String(contentsOf: corpus.folder.appendingPathComponent("precious.html"), encoding: .utf8)
        #expect(precious == "keep me")

        // A link for traces/: its pictures went into the folder it names.
        try FileManager.default.removeItem(at: corpus.folder.appendingPathComponent("report/index.html"))
        try corpus.write("elsewhere/mine.txt", "mine")
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("report/traces").path, withDestinationPath: "../elsewhere")
        let traces = try GestureCommand.run(["batch", "corpus", "--report", "report", "--force"], in: corpus.folder)
        #expect(traces.status == 2 && traces.stdout == "")
        #expect(
            traces.stderr
                == "gesture: error: --report report: report/traces is a symbolic link; the report does not write "
                + "through one (remove it)\nRun `gesture batch --help` for usage.\n")
        let elsewhere = try FileManager.default.contentsOfDirectory(
            atPath: corpus.folder.appendingPathComponent("elsewhere").path)
        #expect(elsewhere == ["mine.txt"])
    }

    /// A miss whose file name has a control character (shown escaped in its path) is read again by its
    /// bytes and drawn; the explanations of the tables come before them, not inside.
    @Test func aMissNamedWithAControlCharacterIsDrawn() throws {
        let corpus = try MiniCorpus("report-bell")
        defer { corpus.remove() }
        try corpus.add("corpus/z/bell\u{7}.csv", from: "circle.json")
        let output = try GestureCommand.run(["batch", "corpus", "--report", "report"], in: corpus.folder)
        #expect(output.status == 0, "\(output.stderr)")
        let page = try String(
            contentsOf: corpus.folder.appendingPathComponent("report/index.html"), encoding: .utf8)
        #expect(page.contains("corpus/z/bell\\u{7}.csv"))
        #expect(!page.contains("not drawn"))
        #expect(
            Self.files(corpus.folder.appendingPathComponent("report/traces")).keys.contains { $0.hasSuffix(".svg") })
        #expect(!page.contains("\">\n<p class=\"muted\">"), "a paragraph inside a table")
        #expect(page.contains("</p>\n<table class=\"gestures\">"))
    }

    @Test func badReportOptionsAreUsageErrors() throws {
        let corpus = try Self.corpus("errors")
        defer { corpus.remove() }
        try corpus.write("a-file", "not a folder")
        func run(_ words: [String]) throws -> GestureCommand.Output {
            try GestureCommand.run(["batch", "corpus"] + words, in: corpus.folder)
        }
        func usage(_ message: String) -> String {
            "gesture: error: \(message)\nRun `gesture batch --help` for usage.\n"
        }
        let cases: [([String], String)] = [
            (["--report", "a-file"], "--report a-file: exists and is not a folder"),
            (["--report", "a-file", "--force"], "--report a-file: exists and is not a folder"),
            // `-` is no folder here (it made one named -).
            (
                ["--report", "-"],
                "--report -: a report is a folder of files, not output: name a folder (./- for one named -)"
            ),
            (["--report", "r", "--report-limit", "-1"], "--report-limit: expected an integer ≥ 0, found \"-1\""),
            (["--report", "r", "--report-limit", "many"], "--report-limit: expected an integer ≥ 0, found \"many\""),
            (["--report-limit", "5"], "--report-limit needs --report DIR"),
            (["--force"], "--force needs --report DIR"),
            (["--report"], "option --report needs a value"),
        ]
        for (words, message) in cases {
            let output = try run(words)
            #expect(output.status == 2 && output.stdout == "", "\(words)")
            #expect(output.stderr == usage(message), "\(words)")
        }
        // A folder that cannot be made: a file is in the way.
        let blocked = try run(["--report", "a-file/report"])
        #expect(blocked.status == 2 && blocked.stdout == "")
        #expect(
            blocked.stderr.hasPrefix(
                "gesture: error: --report a-file/report: cannot make the folder a-file/report: Not a directory"))
        // The report's traces/ taken by a file.
        try corpus.write("taken/traces", "a file")
        let taken = try run(["--report", "taken", "--force"])
        #expect(taken.status == 2 && taken.stderr.hasPrefix(usage("--report taken: taken/traces is not a folder")))
        // Nothing was written by any of them.
        #expect(!FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("r").path))
        #expect(Self.files(corpus.folder.appendingPathComponent("taken")).keys.sorted() == ["traces"])
    }

    /// A run that dies before its report (here its output cannot be written: standard output is
    /// /dev/full) leaves no report folder behind: the folder is checked before the run and made after
    /// it (an empty `report/traces/` was left); a missing folder in a missing folder is made whole.
    @Test func aRunThatDiesLeavesNoReportFolder() throws {
        let corpus = try Self.corpus("dies")
        defer { corpus.remove() }
        let died = try GestureCommand.bash("\"$GESTURE\" batch corpus --report report > /dev/full", in: corpus.folder)
        #expect(died.status == 2, "\(died.stderr)")
        #expect(!FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("report").path))
        let made = try GestureCommand.run(["batch", "corpus", "--report", "new/report"], in: corpus.folder)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(
            FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("new/report/index.html").path))
    }

    @Test(.enabled(if: BatchDatasetTests.present, "../shared/datasets is absent: the report of dollar1 not made"))
    func theReportOfARealCorpusIsCapped() throws {
        let corpus = try MiniCorpus("report-dollar1")
        defer { corpus.remove() }
        let root = BatchDatasetTests.datasets.appendingPathComponent("dollar1").path
        let report = corpus.folder.appendingPathComponent("report")
        let output = try GestureCommand.run(["batch", root, "--report", report.path, "--quiet"])
        #expect(output.status == 0, "\(output.stderr)")
        let page = try Self.page(report)
        let summary = try Self.table(page, section: "summary")
        #expect(summary.contains(["traces", "2880"]))
        let total = try #require(summary.first { $0.first == "misses" }.flatMap { Int($0[1]) })
        #expect(total > 200)
        let misses = try #require(page.element(id: "misses"))
        #expect(misses.content.contains("Showing 200 of \(total) misses (--report-limit 200)"))
        #expect(misses.all("li").count == 200)
        #expect(Self.files(report.appendingPathComponent("traces")).count == 400)
    }
}

extension Array {
    /// The two elements of a two-element array.
    fileprivate var pair: (Element, Element)? { count == 2 ? (self[0], self[1]) : nil }
}

extension BatchHTMLReportTests {
    /// The "Misses by failure code" table lists the most frequent first (ties by recognizer, then
    /// code): the failure worth fixing first is at the top, as in the text summary.
    @Test func theFailureCodesTableListsTheMostMissesFirst() throws {
        let counts: [ReportMisses.Kind: Int] = [
            .init(recognizer: "checkmark", code: "ended-too-low"): 1,
            .init(recognizer: "swipe", code: "too-slow"): 3,
            .init(recognizer: "circle", code: "not-closed"): 3,
            .init(recognizer: nil, code: "false-alarm", recognized: "z"): 2,
        ]
        let page = HTMLReport.page(
            .init(board: Scoreboard(), roots: ["corpus"], misses: [], total: 9, counts: counts, limit: 0))
        let parser = XMLParser(data: Data(page.utf8))
        let builder = TreeBuilder()
        parser.delegate = builder
        try #require(parser.parse())
        #expect(
            try Self.table(builder.stack[0], section: "failures") == [
                ["recognizer", "code", "misses", "shown"], ["circle", "not-closed", "3", "0"],
                ["swipe", "too-slow", "3", "0"], ["-", "false-alarm: z", "2", "0"],
                ["checkmark", "ended-too-low", "1", "0"],
            ])
    }

    /// A confusion cell's shade rounds up on its log scale: 2 misses beside 100 is shade 3 (2.14 up),
    /// so a few misses never look lighter than the scale says.
    @Test func aShadeRoundsUp() {
        #expect(HTMLReport.Page.shade(2, largest: 100) == 3)
        #expect(HTMLReport.Page.shade(0, largest: 100) == 0)
        #expect(HTMLReport.Page.shade(1, largest: 100_000) == 1)
        #expect(HTMLReport.Page.shade(100, largest: 100) == 9)
    }

    /// Four kinds whose anchors are alike (their gestures differ only in letters an id cannot hold)
    /// get four ids, numbered on from `-2`: each section keeps a link of its own.
    @Test func fourKindsWithOneAnchorGetFourIds() {
        let kinds = ["ä", "é", "ö", "ü"].map { ReportMisses.Kind(recognizer: nil, code: "false-alarm", recognized: $0) }
        let anchors = HTMLReport.anchors(kinds)
        #expect(
            kinds.map { anchors[$0] } == [
                "miss-false-alarm--", "miss-false-alarm---2", "miss-false-alarm---3", "miss-false-alarm---4",
            ])
    }
}
