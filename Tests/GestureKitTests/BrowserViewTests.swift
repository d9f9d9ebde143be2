import Foundation
import Testing

@testable import GestureKit

/// What `gesture render` and `gesture batch --report` write, as a person sees it in a browser: headless
/// Chromium opens each file through `scripts/page-check.py` (the DevTools protocol, see
/// scripts/devtools.py), which reports the console's errors, the DOM as `--dump-dom` prints it, and
/// the pixels of a screenshot under what was drawn. Skipped with a message when chromium or python3
/// is absent (`.ci/run` installs chromium).
@Suite struct BrowserViewTests {
    static let available = RecorderPageTests.available
    static let absent = "chromium or python3 is absent (.ci/run installs chromium): not looked at in a browser"

    /// A fresh folder for one test's files (which the test removes when done).
    static func folder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-browser-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: folder)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// `scripts/page-check.py file arguments…`: its JSON summary.
    static func pageCheck(_ file: URL, _ arguments: [String]) throws -> [String: Any] {
        let run = try GestureCommand.process(
            URL(fileURLWithPath: RecorderPageTests.python ?? "/usr/bin/python3"),
            [GestureCommand.packageRoot.appendingPathComponent("scripts/page-check.py").path, file.path]
                + arguments + ["--chromium", RecorderPageTests.chromium ?? "chromium"])
        let message = "page-check \(file.lastPathComponent) failed: " + run.stderr
        try #require(run.status == 0, Comment(rawValue: message))
        let out = Data(run.stdout.utf8)
        return try #require(JSONSerialization.jsonObject(with: out) as? [String: Any], Comment(rawValue: message))
    }

    /// The page's errors, one line each (console errors, exceptions, failed resources, XML parse errors).
    static func errors(_ summary: [String: Any]) -> [String] {
        (summary["errors"] as? [[String: Any]] ?? []).map {
            "\($0["source"] ?? ""): \($0["text"] ?? "") \($0["url"] ?? "")"
        }
    }

    // MARK: Pictures

    /// A single touch (circle, z) and a two-finger pinch.
    static let traces = ["Traces/circle.json", "Traces/z.csv", "Traces/pinch-out.json"]

    /// The picture of `trace` in Chromium, in light and in dark emulation: no errors; the elements
    /// `SVGRender` draws are in the DOM (a path per touch, a dot per sample, a decision per recognizer
    /// labelled with its failure code, the legend with every recognizer's state and reason, the title);
    /// and the screenshot is not blank: every point along each touch's path is drawn in a colour that
    /// differs clearly from the picture's background, which is white in both.
    @Test(.enabled(if: available, Comment(rawValue: absent)), arguments: traces)
    func aPictureShowsItsStrokesAndVerdicts(trace: String) throws {
        let folder = try Self.folder(URL(fileURLWithPath: trace).deletingPathExtension().lastPathComponent)
        defer { try? FileManager.default.removeItem(at: folder) }
        let svg = folder.appendingPathComponent("picture.svg")
        let rendered = try GestureCommand.run(["render", trace, "--out", svg.path])
        try #require(rendered.status == 0, "render: \(rendered.stderr)")
        let classified = try GestureCommand.run(["classify", "--format", "jsonl", trace])
        let row = try #require(JSONSerialization.jsonObject(with: Data(classified.stdout.utf8)) as? [String: Any])
        let sequences = try #require(row["sequences"] as? [[String: Any]])
        let reports = sequences.flatMap { $0["recognizers"] as? [[String: Any]] ?? [] }
        let samples = try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent(trace).path).samples
        let touches = Set(samples.map(\.touch)).count

        let selectors = [
            "g.touch", "g.touch > polyline", "g.samples > circle", "circle.down", "rect.lift", "g.decision",
        ]
        let options =
            selectors.flatMap { ["--selector", $0] } + [
                "--text", "title", "--text", "g.decision > text", "--text", "g.legend > text",
                "--probe", "g.touch > polyline",
            ]
        // One browser: the page as it is, then with prefers-color-scheme: dark emulated.
        let both = try Self.pageCheck(svg, options + ["--both"])
        for scheme in ["light", "dark"] {
            let page = try #require(both[scheme] as? [String: Any])
            #expect(page["prefersDark"] as? Bool == (scheme == "dark"))
            #expect(Self.errors(page) == [], "\(trace), \(scheme)")
            #expect((page["warnings"] as? [Any])?.isEmpty == true, "\(trace), \(scheme): \(page["warnings"] ?? "")")

            // The DOM.
            let counts = page["counts"] as? [String: Int] ?? [:]
            #expect(counts["g.touch"] == touches && counts["g.touch > polyline"] == touches, "\(counts)")
            #expect(counts["circle.down"] == touches && counts["rect.lift"] == touches, "\(counts)")
            #expect(counts["g.samples > circle"] == samples.count, "\(counts)")
            #expect(counts["g.decision"] == reports.count, "\(counts)")
            let texts = page["texts"] as? [String: [String]] ?? [:]
            let gesture = try #require(row["gesture"] as? String)
            #expect(texts["title"] == ["\(trace): \(gesture)"])
            #expect(page["title"] as? String == "\(trace): \(gesture)")
            let labels = Set(texts["g.decision > text"] ?? [])
            // The legend's lines are wrapped at spaces: joined again, each recognizer's line is whole.
            let legend = (texts["g.legend > text"] ?? []).joined(separator: " ")
            #expect(legend.hasPrefix("\(trace): \(gesture) "))
            for report in reports {
                let id = try #require(report["id"] as? String)
                let state = try #require(report["state"] as? String)
                if let code = (report["failure"] as? [String: Any])?["code"] as? String {
                    #expect(labels.contains("\(id): failed \(code)"), "\(trace): \(labels)")
                    #expect(legend.contains("\(id): failed — \(code): "), "\(trace): \(id) \(code) in \(legend)")
                } else {
                    let shown = report["kind"] as? String == "continuous" && state == "recognized" ? "ended" : state
                    #expect(labels.contains("\(id): \(shown)"), "\(trace): \(labels)")
                    #expect(legend.contains("\(id): \(shown)"), "\(trace): \(id) \(shown) in \(legend)")
                }
            }
            let dom = try #require(page["dom"] as? String)
            #expect(dom.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(dom.contains("<title id=\"title\">\(SVGRender.escape("\(trace): \(gesture)"))</title>"))

            // The screenshot.
            let shot = try #require(page["screenshot"] as? [String: Any])
            let background = try #require(shot["background"] as? [Int])
            #expect(background == [255, 255, 255], "\(trace), \(scheme): the picture's own background")
            #expect((shot["colours"] as? Int ?? 0) > 20, "\(trace), \(scheme): \(shot)")
            let paths = (page["probes"] as? [String: Any])?["g.touch > polyline"] as? [[String: Any]] ?? []
            #expect(paths.count == touches)
            for path in paths {
                let along = (path["points"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "along" }
                #expect(along.count == 9)
                for point in along {
                    // The sum of the three channels' differences: a stroke colour over white is 300 or more.
                    let difference = point["difference"] as? Int ?? 0
                    #expect(difference > 150, "\(trace), \(scheme): blank at \(point)")
                }
            }
        }
    }

    /// A Z 170 pt across at (1e9, 1e9), and one a hundred-millionth that size: each fills the picture
    /// in the browser, as the same Z near (0, 0) does. Written at their own coordinates, Chromium drew
    /// nothing of the first (single precision cannot place 170 pt at 1e9) and one dot of the second.
    @Test(.enabled(if: available, Comment(rawValue: absent)), arguments: [("far", 1e9, 1.0), ("tiny", 0.5, 1e-8)])
    func aTraceFarAwayOrTinyFillsItsPicture(_ name: String, _ corner: Double, _ size: Double) throws {
        let folder = try Self.folder("z-\(name)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let trace = RenderTests.zTrace(at: Point(x: corner, y: corner), size: size)
        let svg = folder.appendingPathComponent("picture.svg")
        try SVGRender.render(Classifier().classify(trace, file: "\(name).json"), trace: trace)
            .write(to: svg, atomically: true, encoding: .utf8)
        let page = try Self.pageCheck(svg, ["--probe", "g.touch > polyline", "--probe", "circle.down"])
        #expect(Self.errors(page) == [], "\(name)")
        let probes = page["probes"] as? [String: Any]
        let path = try #require((probes?["g.touch > polyline"] as? [[String: Any]])?.first)
        // The picture is 640 CSS pixels wide, the Z most of it.
        let rect = path["rect"] as? [String: Any] ?? [:]
        let (width, height) = (rect["width"] as? Double ?? 0, rect["height"] as? Double ?? 0)
        #expect(width > 400 && height > 400, "\(name): \(rect)")
        let along = (path["points"] as? [[String: Any]] ?? []).filter { $0["kind"] as? String == "along" }
        #expect(along.count == 9)
        for point in along {
            #expect((point["difference"] as? Int ?? 0) > 150, "\(name): blank at \(point)")
        }
        // The touch-down is at the Z's top-left corner, drawn there.
        let down = try #require((probes?["circle.down"] as? [[String: Any]])?.first?["rect"] as? [String: Any])
        let (left, top) = (rect["x"] as? Double ?? 0, rect["y"] as? Double ?? 0)
        let (downX, downY) = (down["x"] as? Double ?? -100, down["y"] as? Double ?? -100)
        #expect(abs(downX - left) < 15 && abs(downY - top) < 15, "\(name): \(down) \(rect)")
    }

    // MARK: The HTML report

    /// The options a report is checked with.
    static let reportOptions = ["--selector", "table", "--selector", "img"]

    /// What is wrong with the report `index` as the browser showed it (`page`, page-check's summary):
    /// errors, no table, images that did not load, links to files that do not exist or to anchors the
    /// page lacks.
    static func reportProblems(_ page: [String: Any], index: URL) -> [String] {
        var problems = errors(page)
        let counts = page["counts"] as? [String: Int] ?? [:]
        if counts["table"] ?? 0 == 0 { problems.append("no table") }
        for image in page["images"] as? [[String: Any]] ?? [] where image["naturalWidth"] as? Int ?? 0 <= 0 {
            problems.append("image not loaded: \(image["src"] ?? "")")
        }
        let dom = page["dom"] as? String ?? ""
        for link in page["links"] as? [String] ?? [] {
            guard let url = URL(string: link), url.isFileURL else { continue }
            if !FileManager.default.fileExists(atPath: url.path) {
                problems.append("link to a missing file: \(link)")
            } else if let anchor = url.fragment, !anchor.isEmpty, url.path == index.path,
                !dom.contains("id=\"\(anchor)\"")
            {
                problems.append("link to a missing anchor: #\(anchor)")
            }
        }
        return problems
    }

    /// The report checks on a page made by hand: one that is right passes, and one with a missing
    /// picture, a dead link, a missing anchor and a script error is caught on each count (so that the
    /// report's test below means something: its checks catch what they look for).
    @Test(.enabled(if: available, Comment(rawValue: absent)))
    func theReportChecksCatchWhatAPersonWouldSee() throws {
        let folder = try Self.folder("hand-made")
        defer { try? FileManager.default.removeItem(at: folder) }
        let rendered = try GestureCommand.run(
            ["render", "Traces/tap.json", "--out", folder.appendingPathComponent("tap.svg").path])
        try #require(rendered.status == 0, "render: \(rendered.stderr)")
        let good = """
            <!DOCTYPE html>
            <html><head><meta charset="utf-8"/><title>report</title></head><body>
            <p><a href="#misses">misses</a></p>
            <table id="misses"><tr><td><a href="tap.svg"><img src="tap.svg" alt="tap" width="160" height="160"/></a></td></tr></table>
            </body></html>
            """
        let index = folder.appendingPathComponent("index.html")
        try Data(good.utf8).write(to: index)
        let page = try Self.pageCheck(index, Self.reportOptions)
        #expect(Self.reportProblems(page, index: index) == [])
        #expect((page["images"] as? [[String: Any]])?.first?["naturalWidth"] as? Int ?? 0 > 0)

        let bad = good.replacingOccurrences(of: "<img src=\"tap.svg\"", with: "<img src=\"gone.svg\"")
            .replacingOccurrences(of: "<a href=\"tap.svg\"", with: "<a href=\"away.svg\"")
            .replacingOccurrences(of: "#misses", with: "#nowhere")
            .replacingOccurrences(of: "</body>", with: "<script>undefinedFunction()</script></body>")
        try Data(bad.utf8).write(to: index)
        let caught = Self.reportProblems(try Self.pageCheck(index, Self.reportOptions), index: index)
        let expected = [
            "network: Failed to load resource", "exception: ReferenceError: undefinedFunction is not defined",
            "image not loaded: file://", "link to a missing file: file://", "link to a missing anchor: #nowhere",
        ]
        for part in expected {
            #expect(caught.contains { $0.hasPrefix(part) }, "\(part) in \(caught)")
        }
    }

    /// `gesture batch Traces --report DIR`'s index.html in Chromium: no errors, its tables, every
    /// thumbnail loaded, every link to a file that exists (and an anchor the page has), and a dark
    /// background when the reader prefers dark. The bundled traces are all recognized, so a second run
    /// asks the circle for more than a full turn: the circle trace is then a miss, shown with a thumbnail.
    @Test(.enabled(if: available, Comment(rawValue: absent)))
    func theBatchReportShowsInTheBrowser() throws {
        let runs = [("all", [String]()), ("a-miss", ["--set", "circle.minimumArc=7"])]
        for (name, options) in runs {
            let folder = try Self.folder("report-\(name)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let batch = try GestureCommand.run(["batch", "Traces"] + options + ["--report", folder.path, "--force"])
            let index = folder.appendingPathComponent("index.html")
            try #require(
                FileManager.default.fileExists(atPath: index.path),
                "batch \(options) did not write index.html (status \(batch.status)): \(batch.stderr)")
            // The run with a miss is also looked at with dark preferred, in the same browser.
            let summary = try Self.pageCheck(index, Self.reportOptions + (name == "a-miss" ? ["--both"] : []))
            let page = name == "a-miss" ? summary["light"] as? [String: Any] ?? [:] : summary
            #expect(Self.reportProblems(page, index: index) == [], "\(name)")
            let light = (page["screenshot"] as? [String: Any])?["background"] as? [Int] ?? []
            #expect(light.reduce(0, +) > 3 * 200, "\(name): a light page: \(light)")
            if name == "a-miss" {
                #expect((page["counts"] as? [String: Int])?["img"] ?? 0 > 0, "no thumbnail of a miss")
                let dark = try #require(summary["dark"] as? [String: Any])
                #expect(dark["prefersDark"] as? Bool == true)
                #expect(Self.reportProblems(dark, index: index) == [], "dark")
                let background = (dark["screenshot"] as? [String: Any])?["background"] as? [Int] ?? []
                #expect(background.reduce(0, +) < 3 * 100, "a dark page when dark is preferred: \(background)")
            }
        }
    }

    /// A very long gesture name (sixty taps, `tap+tap+…`, against a label `tap`) wraps in the report's
    /// tables and in its miss, rather than making the page scroll sideways (its confusion matrix, its
    /// per-gesture table and its miss's verdict were 2,600 CSS pixels wide in an 800-pixel window).
    @Test(.enabled(if: available, Comment(rawValue: absent)))
    func aLongGestureNameWrapsInTheReport() throws {
        let folder = try Self.folder("long-name")
        defer { try? FileManager.default.removeItem(at: folder) }
        let traces = folder.appendingPathComponent("traces")
        try FileManager.default.createDirectory(at: traces, withIntermediateDirectories: true)
        let taps = (0..<60).map { i in
            let t = Double(i) * 0.7
            return """
                {"t": \(t), "id": \(i + 1), "phase": "began", "x": \(100 + i), "y": 400},
                {"t": \(t + 0.05), "id": \(i + 1), "phase": "ended", "x": \(100 + i), "y": 400}
                """
        }
        let trace = "{\"label\": \"tap\", \"samples\": [\(taps.joined(separator: ",\n"))]}"
        try Data(trace.utf8).write(to: traces.appendingPathComponent("many-taps.json"))
        let report = folder.appendingPathComponent("report")
        let batch = try GestureCommand.run(["batch", traces.path, "--report", report.path, "--format", "jsonl"])
        #expect(batch.stdout.contains(String(repeating: "tap+", count: 59) + "tap\""), "\(batch.stdout)")
        let index = report.appendingPathComponent("index.html")
        let page = try Self.pageCheck(index, Self.reportOptions)
        #expect(Self.reportProblems(page, index: index) == [])
        let window = try #require((page["viewport"] as? [String: Any])?["width"] as? Double)
        let content = try #require((page["content"] as? [String: Any])?["width"] as? Double)
        #expect(content <= window, "the page is \(content) CSS pixels wide in a window of \(window)")
    }

}
