import Foundation
import Testing

@testable import GestureKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// `gesture render`: every picture is well-formed XML, the same bytes on every run, and shows what a
/// person looks for (the circle's centre, a failure's code, only the recognizers asked for); a trace
/// that cannot be read gets classify's error and no picture.
@Suite struct RenderTests {
    /// Whether `text` parses as XML; the parser's error otherwise.
    static func xmlProblem(_ text: String) -> String? {
        let parser = XMLParser(data: Data(text.utf8))
        return parser.parse() ? nil : String(describing: parser.parserError)
    }

    /// Checks that `text` is a well-formed SVG document.
    static func expectSVG(_ text: String, _ name: String) {
        #expect(xmlProblem(text) == nil, "\(name) is not well-formed XML: \(xmlProblem(text) ?? "")")
        #expect(text.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(text.contains("<title id=\"title\">") && text.contains("<desc id=\"desc\">"))
        #expect(!text.contains("href") && !text.contains("<script") && !text.contains("@import"))
    }

    static func render(_ path: String, recognizers: Set<String>? = nil) throws -> String {
        let url = GestureCommand.packageRoot.appendingPathComponent(path)
        let trace = try TraceReader.read(path: url.path)
        let result = Classifier().classify(trace, file: path)
        return SVGRender.render(result, trace: trace, recognizers: recognizers)
    }

    @Test(arguments: GestureCommand.traces)
    func everyBundledTraceRendersAsItsGolden(_ path: String) throws {
        let output = try GestureCommand.run(["render", path])
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, path)
        let name = URL(fileURLWithPath: path).lastPathComponent
        try CommandLineTests().assertGolden(output.stdout, "\(name).svg")
        // The library gives the same bytes, and again on a second run.
        let once = try Self.render(path)
        #expect(once == output.stdout)
        #expect(try Self.render(path) == once)
    }

    /// Many touch sequences make a taller picture, not smaller text (render.md): the labels of 8 or
    /// 15 taps at one spot, stacked, made the picture narrow under its 900 px height cap, and the text
    /// 5 and 3.5 px where one tap's is 11.
    @Test func manySequencesMakeATallerPictureNotSmallerText() throws {
        func taps(_ count: Int) -> Trace {
            Trace(
                view: ViewSize(width: 390, height: 844),
                samples: (0..<count).flatMap { k in
                    [
                        Sample(Double(k) * 0.5, k + 1, .began, 200, 400),
                        Sample(Double(k) * 0.5 + 0.05, k + 1, .ended, 200, 400),
                    ]
                })
        }
        /// The smallest text, in pixels as shown, and the picture's height.
        func shown(_ trace: Trace) throws -> (font: Double, height: Double) {
            let svg = SVGRender.render(Classifier().classify(trace, file: "t"), trace: trace)
            func number(_ pattern: String) throws -> Double {
                let match = try #require(svg.firstMatch(of: try Regex(pattern)))
                return try #require(Double(String(match.output[1].substring ?? "")))
            }
            let pixels = try number(#"<svg[^>]* width="([0-9.]+)""#)
            let units = try number(#"viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+)"#)
            let fonts = try svg.matches(of: try Regex(#"font-size="([0-9.]+)""#)).map {
                try #require(Double(String($0.output[1].substring ?? "")))
            }
            return (try #require(fonts.min()) * pixels / units, try number(#"<svg[^>]* height="([0-9.]+)""#))
        }
        let one = try shown(taps(1))
        for count in [8, 15] {
            let many = try shown(taps(count))
            #expect(abs(many.font - one.font) < 0.2, "\(count) taps: \(many.font) px against \(one.font)")
            #expect(many.height > one.height)
        }
    }

    @Test func aRecognizedCircleShowsItsCentreAndRadius() throws {
        let svg = try Self.render("Traces/circle.json")
        let measured = try #require(svg.firstRange(of: "<g class=\"measured\" data-recognizer=\"circle\""))
        let text = String(svg[measured.lowerBound...])
        // The details say center (194.95, 420.15), radius 80.04.
        #expect(text.contains("<g class=\"center\"><line x1=\"186.51\" y1=\"420.15\""))
        #expect(text.contains("<circle class=\"radius\" cx=\"194.95\" cy=\"420.15\" r=\"80.04\""))
        #expect(text.contains("<rect class=\"bounds\" x=\"114.4\" y=\"340\" width=\"161.1\" height=\"160.3\""))
        #expect(svg.contains(">circle: recognized</text>"))
    }

    @Test func aSwipeShowsItsChordAndAPanItsTranslation() throws {
        let swipe = try Self.render("Traces/swipe-left.json")
        #expect(swipe.contains("<g class=\"chord\">"))
        #expect(swipe.contains("<rect class=\"deviation\""))
        let pan = try Self.render("Traces/pan-arch.json")
        // pan-arch starts at (140, 400); its translation is (120, 0).
        #expect(pan.contains("<g class=\"translation\"><line x1=\"140\" y1=\"400\" x2=\"260\" y2=\"400\"/>"))
    }

    /// The README's two pictures are what `gesture render` draws today (`make golden` redraws them).
    @Test(arguments: [
        ("Traces/not-a-circle-open.json", "circle", "docs/pictures/not-a-circle-open.svg"),
        ("Traces/z.csv", "z", "docs/pictures/z.svg"),
    ])
    func theReadmePicturesAreCurrent(_ trace: String, _ recognizer: String, _ picture: String) throws {
        let output = try GestureCommand.run(["render", "--recognizer", recognizer, trace])
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, picture)
        let url = GestureCommand.packageRoot.appendingPathComponent(picture)
        if CommandLineTests.recording {
            try output.stdout.write(to: url, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            try String(contentsOf: url, encoding: .utf8) == output.stdout,
            "\(picture) is not what gesture render draws; RECORD_GOLDEN=1 swift test redraws it")
        let readme = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("(\(picture))") || readme.contains("src=\"\(picture)\""))
    }

    /// A configured instance's details have its kind's units in the legend, as `classify` prints them.
    @Test func aConfiguredInstancesLegendHasItsUnits() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("render-instance-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let config = folder.appendingPathComponent("horizontal.json")
        try
            #"{"recognizers": [{"id": "swipe-horizontal", "kind": "swipe", "parameters": {"directions": ["left", "right"]}}]}"#
            .write(to: config, atomically: true, encoding: .utf8)
        let trace = GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-left.json").path
        let output = try GestureCommand.run(
            ["render", "--config", config.path, "--recognizers", "swipe-horizontal", trace])
        #expect(output.status == 0 && output.stderr == "")
        #expect(output.stdout.contains(">(travel 240 pt, deviation 6 pt, speed 1,440 pt/s)</text>"))
    }

    @Test func aRecognizedZShowsItsPartsAndCorners() throws {
        let svg = try Self.render("Traces/z.csv")
        let measured = try #require(svg.firstRange(of: "<g class=\"measured\" data-recognizer=\"z\""))
        let text = String(svg[measured.lowerBound...])
        // The details: topStart (100, 300), topCorner (260, 305.5), bottomCorner (110.1, 459.9), bottomEnd (270, 462).
        #expect(text.contains("<polyline class=\"corners\" points=\"100,300 260,305.5 110.1,459.9 270,462\""))
        for name in ["top start", "top corner", "bottom corner", "bottom end"] {
            #expect(text.contains(">z: \(name)</text>"))
        }
    }

    @Test func aCheckmarkShowsWhereItTurns() throws {
        let svg = try Self.render("Traces/checkmark.json", recognizers: ["checkmark"])
        // downStart (120, 400), turn (159.5, 449.7).
        #expect(svg.contains("<circle class=\"mark\" cx=\"120\" cy=\"400\""))
        #expect(svg.contains("<circle class=\"mark\" cx=\"159.5\" cy=\"449.7\""))
        #expect(svg.contains(">checkmark: turn</text>"))
    }

    /// A failure's details are drawn too: the gap a circle that stopped short never closed.
    @Test func aCircleThatFailedNotClosedShowsItsGap() throws {
        let svg = try Self.render("Traces/not-a-circle-open.json", recognizers: ["circle"])
        #expect(svg.contains(">circle: failed not-closed</text>"))
        let measured = try #require(svg.firstRange(of: "<g class=\"measured\" data-recognizer=\"circle\""))
        let text = String(svg[measured.lowerBound...])
        #expect(text.contains("stroke=\"\(SVGRender.failedColour)\""))
        // From the touch-down (195, 337.4) to the nearest return (117.4, 406.9), 104.17 pt.
        #expect(text.contains("<line class=\"closure\" x1=\"195\" y1=\"337.4\" x2=\"117.4\" y2=\"406.9\""))
        #expect(text.contains(">circle: closure 104.2 pt</text>"))
        // A failed recognizer's points are not captioned; only the gap's number is.
        #expect(!text.contains(">circle: center"))
    }

    /// The gap is captioned only when its length is what broke the limit: a circle that failed
    /// `arc-too-small` (measured 0 rad) on a held tap (its closure 0 pt) was captioned `closure 0 pt`,
    /// as if a gap of 0 pt had failed it, because the two zeros compared equal across their units.
    @Test func aFailuresGapIsCaptionedOnlyWhenTheGapBrokeTheLimit() throws {
        let held = try Self.render("Traces/not-a-tap.json", recognizers: ["circle"])
        #expect(held.contains(">circle: failed arc-too-small</text>"))
        #expect(!held.contains(">circle: closure"))
        let tap = try Self.render("Traces/tap.json", recognizers: ["circle"])
        #expect(tap.contains(">circle: failed not-closed</text>"))
        #expect(tap.contains(">circle: closure 1 pt</text>"))
    }

    @Test func aFailedRecognizersLabelHasItsFailureCode() throws {
        let svg = try Self.render("Traces/circle.json")
        #expect(svg.contains(">checkmark: failed moved-left</text>"))
        #expect(svg.contains(">z: failed top-too-steep</text>"))
        // The legend has classify's reason.
        #expect(svg.contains(">z: failed — top-too-steep: the top part heads too far"))
    }

    @Test func namedRecognizersAloneAreShown() throws {
        let output = try GestureCommand.run(["render", "--recognizer", "z", "Traces/z.csv"])
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, "z.csv --recognizer z")
        #expect(output.stdout.contains("data-recognizer=\"z\""))
        #expect(output.stdout.contains(">z: recognized"))
        for other in ["checkmark", "circle", "swipe", "tap", "pan"] {
            #expect(!output.stdout.contains("data-recognizer=\"\(other)\""))
            #expect(!output.stdout.contains(">\(other): "))
        }
        let unknown = try GestureCommand.run(["render", "--recognizer", "zz", "Traces/z.csv"])
        #expect(unknown.status == 2 && unknown.stdout == "")
        #expect(unknown.stderr.contains("--recognizer zz: no such recognizer: did you mean z?"))
        // A recognizer that --recognizers left out is one: it was said to be none.
        let leftOut = try GestureCommand.run([
            "render", "--recognizers", "z,tap", "--recognizer", "pan", "Traces/z.csv",
        ])
        #expect(leftOut.status == 2 && leftOut.stdout == "")
        #expect(
            leftOut.stderr.contains(
                "--recognizer pan: left out by --recognizers, so not replayed: expected one of z, tap"))
    }

    @Test func aTraceThatCannotBeReadGetsClassifysErrorAndNoPicture() throws {
        let corpus = try MiniCorpus("render-bad")
        defer { corpus.remove() }
        try corpus.write("bad.json", "{\"samples\": [\n  {\"t\": 0, \"id\": 1, \"phase\": \"began\", \"x\": 1}\n]}\n")
        try corpus.add("good.csv", from: "tap.json")
        let classify = try GestureCommand.run(["classify", "bad.json"], in: corpus.folder)
        #expect(classify.status == 2)
        #expect(classify.stderr.hasPrefix("bad.json:2:"), "\(classify.stderr)")
        let output = try GestureCommand.run(["render", "--out", "pictures", "bad.json", "good.csv"], in: corpus.folder)
        #expect(output.status == 2)
        #expect(output.stderr == classify.stderr)
        let written = try FileManager.default.contentsOfDirectory(
            atPath: corpus.folder.appendingPathComponent("pictures").path)
        #expect(written == ["good.svg"])
        let svg = try String(contentsOf: corpus.folder.appendingPathComponent("pictures/good.svg"), encoding: .utf8)
        Self.expectSVG(svg, "good.svg")
        // Alone, to standard output: nothing on it.
        let alone = try GestureCommand.run(["render", "bad.json"], in: corpus.folder)
        #expect(alone.status == 2 && alone.stdout == "" && alone.stderr == classify.stderr)
    }

    /// A symbolic link where a picture goes in `--out DIR` is never written through, even with
    /// `--force` (it wrote the SVG into a file outside the folder), as the report's files are not.
    @Test func aLinkInTheOutFolderIsNotWrittenThrough() throws {
        let corpus = try MiniCorpus("render-link")
        defer { corpus.remove() }
        try corpus.write("victim", "keep\n")
        try FileManager.default.createDirectory(
            at: corpus.folder.appendingPathComponent("g"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.appendingPathComponent("g/tap.svg").path, withDestinationPath: "../victim")
        let tap = GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path
        let output = try GestureCommand.run(["render", "--force", "--out", "g", tap], in: corpus.folder)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "g/tap.svg: error: is a symbolic link; render does not write through one in --out DIR (remove it); "
                + "\(tap) not drawn\n")
        #expect(try String(contentsOf: corpus.folder.appendingPathComponent("victim"), encoding: .utf8) == "keep\n")
    }

    @Test func outThatIsAFileTakesOneTraceOnly() throws {
        let corpus = try MiniCorpus("render-out")
        defer { corpus.remove() }
        try corpus.write("picture.svg", "mine\n")
        let output = try GestureCommand.run(
            ["render", "--out", "picture.svg", "Traces/tap.json", "Traces/z.csv"].map {
                $0.hasPrefix("Traces/") ? GestureCommand.packageRoot.appendingPathComponent($0).path : $0
            }, in: corpus.folder)
        #expect(output.status == 2 && output.stdout == "")
        #expect(output.stderr.contains("--out picture.svg is a file, not a folder: 2 traces need a folder"))
        let kept = try String(contentsOf: corpus.folder.appendingPathComponent("picture.svg"), encoding: .utf8)
        #expect(kept == "mine\n")
        // One trace into an existing file: only with --force.
        let tap = GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path
        let refused = try GestureCommand.run(["render", "--out", "picture.svg", tap], in: corpus.folder)
        #expect(refused.status == 2 && refused.stderr.contains("exists; not overwritten (--force overwrites)"))
        let forced = try GestureCommand.run(["render", "--force", "--out", "picture.svg", tap], in: corpus.folder)
        #expect(forced.status == 0 && forced.stderr == "")
        let svg = try String(contentsOf: corpus.folder.appendingPathComponent("picture.svg"), encoding: .utf8)
        Self.expectSVG(svg, "picture.svg")
        // A path ending in / is a folder, made when missing.
        let folder = try GestureCommand.run(["render", "--out", "new/", tap], in: corpus.folder)
        #expect(folder.status == 0 && folder.stderr == "")
        #expect(FileManager.default.fileExists(atPath: corpus.folder.appendingPathComponent("new/tap.svg").path))
        // The file itself, named as a folder: said to be a file (it said `cannot write into the
        // folder: Not a directory`).
        let slashed = try GestureCommand.run(["render", "--out", "picture.svg/", tap], in: corpus.folder)
        #expect(slashed.status == 2 && slashed.stdout == "")
        #expect(
            slashed.stderr.hasPrefix(
                "gesture: error: --out picture.svg/ is a file, not a folder: a path ending in / names a folder\n"))
        // A folder that cannot be made (a file is in the way): an error before anything is drawn.
        let blocked = try GestureCommand.run(["render", "--out", "picture.svg/sub", tap, tap], in: corpus.folder)
        #expect(blocked.status == 2 && blocked.stdout == "")
        #expect(blocked.stderr.hasPrefix("gesture: error: --out picture.svg/sub: cannot make the folder: "))
        // Several traces and no --out.
        let several = try GestureCommand.run(["render", tap, tap], in: corpus.folder)
        #expect(several.status == 2 && several.stderr.contains("several traces need --out DIR"))
    }

    @Test func standardInputAndTextThatNeedsEscaping() throws {
        let csv = "# name: <a & \"b\">\nt,id,phase,x,y\n0,1,began,10,10\n0.05,1,moved,12,10\n0.1,1,ended,12,11\n"
        let output = try GestureCommand.run(["render", "-"], input: csv)
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, "standard input")
        #expect(output.stdout.contains("(&lt;a &amp; &quot;b&quot;&gt;)"))
    }

    /// A control character (no XML allows it) in a name is written `\u{1B}`: the picture stays XML.
    @Test func controlCharactersInANameKeepThePictureXML() throws {
        let json =
            #"{"name": "x\u001b[31m\u0007", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}, "#
            + #"{"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2}]}"#
        let output = try GestureCommand.run(["render", "-"], input: json)
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, "a name with control characters")
        #expect(output.stdout.contains(#"(x\u{1B}[31m\u{7})"#))
    }

    /// The labels of a trace of many touch sequences at one place each find a line of their own: with
    /// 22 taps, 15 labels were written on one line (a cap of 200 steps); with 60, those that find no
    /// free line near their point go below the lowest. A report's thumbnail of such a picture showed
    /// its column of labels, not the touches.
    @Test func theLabelsOfManyTapsDoNotOverlap() throws {
        var samples: [String] = []
        for k in 0..<60 {
            samples.append(#"{"t": \#(k), "id": 1, "phase": "began", "x": \#(100 + k), "y": 100}"#)
            samples.append(#"{"t": \#(k).05, "id": 1, "phase": "ended", "x": \#(100 + k), "y": 100}"#)
        }
        let json = #"{"samples": ["# + samples.joined(separator: ", ") + "]}"
        let output = try GestureCommand.run(["render", "-"], input: json)
        #expect(output.status == 0)
        Self.expectSVG(output.stdout, "22 taps")
        // Every label of a decision or caption: where, how large, how long.
        let pattern = #/<text x="([-0-9.]+)" y="([-0-9.]+)" font-size="([0-9.]+)"[^>]*>([^<]*)</text>/#
        let body = output.stdout.components(separatedBy: "<g class=\"legend\"").first ?? ""
        let labels = body.matches(of: pattern).map {
            (x: Double($0.1)!, y: Double($0.2)!, font: Double($0.3)!, count: $0.4.count)
        }
        #expect(labels.count > 600)
        var overlapping = 0
        for (i, a) in labels.enumerated() {
            for b in labels[(i + 1)...] {
                let apart = abs(a.y - b.y) >= a.font * 1.25 - 0.01
                let beside =
                    a.x + Double(a.count) * a.font * 0.56 <= b.x || b.x + Double(b.count) * b.font * 0.56 <= a.x
                if !apart && !beside { overlapping += 1 }
            }
        }
        #expect(overlapping == 0)
        let view = HTMLReport.thumbnailView(
            of: try TraceReader.read(bytes: Array(json.utf8), file: "t.json"), picture: output.stdout)
        let side = Double(view.split(separator: ",")[2]) ?? .infinity
        #expect(side <= 360, "\(view)")
    }

    /// A failure's closure caption has as many digits as tell it from its limit, as the legend and
    /// `classify` do: it read "closure 104.2 pt" beside "measured 104.173 pt > limit 104.172 pt".
    @Test func aFailedClosureIsCaptionedApartFromItsLimit() throws {
        let arguments = [
            "--recognizers", "circle", "--set", "circle.closureSizeRatio=0.64945", "Traces/not-a-circle-open.json",
        ]
        let classify = try GestureCommand.run(["classify"] + arguments)
        #expect(classify.stdout.contains("(measured 104.173 pt > limit 104.172 pt)"), "\(classify.stdout)")
        let render = try GestureCommand.run(["render"] + arguments)
        #expect(render.stdout.contains(">circle: closure 104.173 pt</text>"), "\(render.stdout)")
    }

    /// A line feed or tab in a file's path or a trace's name is written `\u{A}`, `\u{9}` as diagnostics
    /// write it, in the title, the description and the legend (raw, the picture read "none/new
    /// line.json", a file that does not exist); in a report's title and "Traces under" too.
    @Test func aLineFeedOrTabInAPathOrNameIsWrittenVisibly() throws {
        let corpus = try MiniCorpus("render-line-feed")
        defer { corpus.remove() }
        try corpus.add("fold\ner/circle/new\nline.csv", from: "not-a-circle-open.json")
        try corpus.add("tab\tx.csv", from: "circle.json")
        let json =
            #"{"name": "a\nb\tc", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}, "#
            + #"{"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2}]}"#
        try corpus.write("named.json", json)
        for (path, shown) in [
            ("fold\ner/circle/new\nline.csv", #"fold\u{A}er/circle/new\u{A}line.csv"#),
            ("tab\tx.csv", #"tab\u{9}x.csv"#), ("named.json", #"(a\u{A}b\u{9}c)"#),
        ] {
            let output = try GestureCommand.run(["render", path], in: corpus.folder)
            #expect(output.status == 0, "\(output.stderr)")
            Self.expectSVG(output.stdout, path)
            let title = output.stdout.components(separatedBy: "<title id=\"title\">").last?.prefix { $0 != "<" } ?? ""
            #expect(!title.contains("\n") && !title.contains("\t"), "\(title)")
            #expect(output.stdout.components(separatedBy: shown).count >= (path == "named.json" ? 2 : 4), "\(path)")
        }
        let report = try GestureCommand.run(["batch", "fold\ner", "--report", "rep"], in: corpus.folder)
        #expect(report.status == 1 || report.status == 0, "\(report.stderr)")
        let page = try String(contentsOf: corpus.folder.appendingPathComponent("rep/index.html"), encoding: .utf8)
        #expect(page.contains(#"<title>gesture batch report: fold\u{A}er</title>"#))
        #expect(page.contains(#"Traces under <code>fold\u{A}er</code>"#))
        #expect(!page.contains("fold\ner"))
    }

    /// DEL and the C1 controls in a name are written `\u{7F}`, `\u{85}` as diagnostics write them, in
    /// the picture and on the report's page: raw, a page showed nothing where they were.
    @Test func delAndC1ControlsInANameAreWrittenVisibly() throws {
        let json =
            #"{"name": "x\u007f\u0085\u009fé", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}, "#
            + #"{"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2}]}"#
        let output = try GestureCommand.run(["render", "-"], input: json)
        #expect(output.status == 0 && output.stderr == "")
        Self.expectSVG(output.stdout, "a name with DEL and C1 controls")
        #expect(output.stdout.contains(#"(x\u{7F}\u{85}\u{9F}é)"#))
        #expect(!output.stdout.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
        #expect(HTMLReport.escape("a\u{7F}\u{80}b\u{A0}") == "a\\u{7F}\\u{80}b\u{A0}")
    }

    /// A trace a million points across is drawn over a power of ten, which the legend says: its text
    /// is of a size a browser draws (Chromium caps a font at 10,000 units), and 1e200 is a picture.
    @Test(arguments: [(1e6, "1000"), (1e200, "1e197")])
    func aHugeTraceIsDrawnOverAPowerOfTen(_ size: Double, _ scale: String) throws {
        var samples: [Sample] = []
        for k in 0...60 {
            let angle = 2 * Double.pi * Double(k) / 60
            let phase: Phase = k == 0 ? .began : k == 60 ? .ended : .moved
            samples.append(
                Sample(
                    time: Double(k) * 0.01, touch: .number(1), phase: phase,
                    location: Point(x: size + size * sin(angle), y: size - size * cos(angle))))
        }
        let trace = Trace(samples: samples)
        let svg = SVGRender.render(Classifier().classify(trace, file: "huge.json"), trace: trace)
        Self.expectSVG(svg, "huge")
        #expect(svg.contains("drawn at 1/\(scale) of the trace's size (its coordinates over \(scale)"))
        let sizes = svg.components(separatedBy: "font-size=\"").dropFirst().compactMap {
            Double($0.prefix { $0 != "\"" })
        }
        #expect(!sizes.isEmpty && sizes.allSatisfy { $0 > 10 && $0 < 100 })
        let viewBox = svg.components(separatedBy: "viewBox=\"")[1].prefix { $0 != "\"" }
        #expect(!viewBox.contains("e"), "\(viewBox)")
    }

    /// A Z 170 by 162 times `size`, its top-left corner at `corner`: 31 samples 16 ms apart.
    static func zTrace(at corner: Point, size: Double = 1) -> Trace {
        let corners = [(0.0, 0.0), (160.0, 5.0), (10.0, 160.0), (170.0, 162.0)]
        var points: [(Double, Double)] = []
        for part in 0..<3 {
            let ((x0, y0), (x1, y1)) = (corners[part], corners[part + 1])
            for step in 0..<10 {
                let f = Double(step) / 10
                points.append((x0 + (x1 - x0) * f, y0 + (y1 - y0) * f))
            }
        }
        points.append(corners[3])
        return Trace(
            samples: points.enumerated().map { index, point in
                let phase: Phase = index == 0 ? .began : index == points.count - 1 ? .ended : .moved
                let location = Point(x: corner.x + point.0 * size, y: corner.y + point.1 * size)
                return Sample(time: Double(index) * 0.016, touch: .number(1), phase: phase, location: location)
            })
    }

    /// The `points` of the first touch's path.
    static func path(_ svg: String) throws -> String {
        let touch = try #require(svg.firstRange(of: "<g class=\"touch\""))
        let points = try #require(svg[touch.upperBound...].firstRange(of: " points=\""))
        return String(svg[points.upperBound...].prefix { $0 != "\"" })
    }

    /// Every number the picture draws with: its geometry's attributes, the viewBox, the path's points.
    static func drawnNumbers(_ svg: String) -> [Double] {
        let names = /(?:x|y|x1|y1|x2|y2|cx|cy|r|width|height|font-size|viewBox|points)="([^"]*)"/
        return svg.matches(of: names).flatMap { match in
            match.output.1.split(whereSeparator: { $0 == " " || $0 == "," }).compactMap { Double($0) }
        }
    }

    /// Browsers draw in single precision, which holds about seven digits: a Z 170 pt across at
    /// x = 1e9 was written at its own coordinates (steps of 64 pt in a browser, and Chromium drew
    /// nothing), and one a hundred-millionth that size was one dot at two decimals. Both are drawn
    /// as the same Z at (0, 0) is, in numbers of an ordinary size; the picture says how on its
    /// `<svg>` element, and its words keep the trace's own values.
    @Test func aTraceFarFromTheOriginOrTinyIsDrawnInNumbersOfAnOrdinarySize() throws {
        func picture(_ trace: Trace) -> String {
            let svg = SVGRender.render(Classifier().classify(trace, file: "z.json"), trace: trace)
            Self.expectSVG(svg, "z")
            return svg
        }
        let near = picture(Self.zTrace(at: .zero))
        #expect(!near.contains("data-origin") && !near.contains("drawn at"))
        let shape = try Self.path(near)
        #expect(shape.hasPrefix("0,0 16,0.5 32,1 48,1.5 "), "\(shape)")

        let far = picture(Self.zTrace(at: Point(x: 1e9, y: 1e9)))
        #expect(try Self.path(far) == shape)
        #expect(far.contains(" data-origin=\"1000000000 1000000000\" data-scale=\"1\" "))
        let farNumbers = Self.drawnNumbers(far)
        #expect(farNumbers.count > 100 && farNumbers.allSatisfy { abs($0) < 1000 }, "\(farNumbers.max() ?? 0)")
        #expect(!far.contains("drawn at"))
        // The legend quotes classify, with the trace's own coordinates.
        #expect(far.contains(">z: recognized — recognized z (topStart (1000000000, 1000000000) pt, "))

        let tiny = picture(Self.zTrace(at: Point(x: 0.5, y: 0.5), size: 1e-8))
        #expect(try Self.path(tiny) == shape)
        #expect(tiny.contains(" data-origin=\"0.5 0.5\" data-scale=\"1e-08\" "))
        let tinyNumbers = Self.drawnNumbers(tiny)
        #expect(tinyNumbers.allSatisfy { abs($0) < 1000 } && tinyNumbers.contains { $0 > 100 })
        #expect(tiny.contains(">drawn at 1e8 times the trace's size (its coordinates times 1e8, so that a stroke"))
        // A caption gives the distance itself (it read `closure 0 pt`); the line it captions is
        // drawn from the touch-down at (0, 0), 1.2 units long, as the Z is drawn 1e8 times larger.
        #expect(tiny.contains(">circle: closure 0.0000012 pt</text>"))
        #expect(tiny.contains("<line class=\"closure\" x1=\"0\" y1=\"0\" "))
    }

    /// A trace of one point, or of points that never move, has no size to scale by: it is drawn in a
    /// square 100 units wide, as a tap is, about its point; far from (0, 0), from that point.
    @Test(arguments: [(Point(x: 5, y: 7), "5", "7"), (Point(x: 1e9, y: -1e9), "0", "0")])
    func aTraceOfOnePointIsDrawnAroundIt(_ point: Point, _ x: String, _ y: String) throws {
        let held = [Phase.began, .moved, .ended].enumerated().map { Sample(Double($0) / 10, 1, $1, point.x, point.y) }
        for samples in [[Sample(0, 1, .began, point.x, point.y)], held] {
            let trace = Trace(samples: samples)
            let svg = SVGRender.render(Classifier().classify(trace, file: "point.json"), trace: trace)
            Self.expectSVG(svg, "one point")
            #expect(svg.contains("<circle class=\"down\" cx=\"\(x)\" cy=\"\(y)\" "))
            #expect(svg.contains("data-origin") == (point.x != 5))
            #expect(!svg.contains("drawn at"))
            let viewBox = svg.components(separatedBy: "viewBox=\"")[1].prefix { $0 != "\"" }.split(separator: " ")
            let numbers = viewBox.compactMap { Double($0) }
            #expect(numbers.count == 4 && numbers[2] > 100 && numbers[2] < 200, "\(viewBox)")
            #expect(numbers[0] < Double(x)! - 49 && numbers[0] + numbers[2] > Double(x)! + 49, "\(viewBox)")
        }
    }

    /// A trace built in code whose points span more than a picture can show says why; the readers
    /// refuse such coordinates (`Trace.coordinateLimit`), so no file gets here.
    @Test func aTraceWiderThanAPictureIsNotDrawn() {
        let trace = Trace(samples: [Sample(0, 1, .began, -1e308, 2), Sample(0.1, 1, .ended, 1e308, 2)])
        #expect(
            SVGRender.problem(drawing: trace)
                == "not drawn: its points span more than a picture can show (x from -1e+308 to 1e+308, y from 2 to "
                + "2; at most 1e+300)")
        #expect(SVGRender.problem(drawing: Trace(samples: [Sample(0, 1, .began, -1e15, 1e15)])) == nil)
    }

    /// A trace of several touch sequences: the sequences' labels are placed with the others, each
    /// decision's label names its sequence, and a long legend makes the picture taller, its text no
    /// smaller; the file's line and warnings wrap.
    @Test func manySequencesMakeATallerPictureWithLabelsTheirOwn() throws {
        var samples: [Sample] = []
        for k in 0..<6 {
            let t = Double(k)
            samples.append(Sample(time: t, touch: .number(1), phase: .began, location: Point(x: 100, y: 100)))
            samples.append(Sample(time: t + 0.05, touch: .number(1), phase: .ended, location: Point(x: 100, y: 100)))
        }
        let trace = Trace(samples: samples)
        let file = "a/very/long/path/" + String(repeating: "of-folders/", count: 12) + "six-taps.json"
        let svg = SVGRender.render(Classifier().classify(trace, file: file), trace: trace)
        // One of those taps, drawn the same size about the same point: only the legend differs.
        let single = Trace(samples: Array(samples.prefix(2)))
        let one = SVGRender.render(Classifier().classify(single, file: file), trace: single)
        Self.expectSVG(svg, "six taps")
        // Taps a second apart are six taps, never a double tap: each sequence's label, on the picture
        // and in the legend, and each decision's label name it and its own gesture.
        for k in 1...6 {
            #expect(svg.contains(">\(k) · tap: recognized</text>"), "sequence \(k)")
            #expect(svg.contains(">sequence \(k)</text>"), "sequence \(k)")
            #expect(svg.contains(">sequence \(k): t \(k - 1) → \(k - 1).05 s: tap</text>"), "sequence \(k)")
        }
        #expect(!svg.contains("double-tap: recognized"))
        #expect(svg.components(separatedBy: ">sequence ").count - 1 == 12)
        /// The `width` and `height` attributes of the `<svg>` element, in pixels.
        func size(_ svg: String) -> (Double, Double) {
            let head = svg.components(separatedBy: "<svg ")[1]
            func attribute(_ name: String) -> Double {
                Double(head.components(separatedBy: " \(name)=\"")[1].prefix { $0 != "\"" }) ?? 0
            }
            return (attribute("width"), attribute("height"))
        }
        #expect(size(svg).1 > 1.5 * size(one).1, "\(size(svg)) \(size(one))")
        #expect(!svg.contains("\(file): tap+tap+tap+tap+tap+tap</text>"), "the file's line is wrapped")
        #expect(svg.contains("\(file): tap+tap+tap+tap+tap+tap</title>"))
    }

    @Test func multiTouchAndSequencesAreToldApart() throws {
        let svg = try Self.render("Traces/checkmark-then-swipe-right.json")
        #expect(svg.contains(">sequence 2</text>"))
        #expect(svg.contains("data-sequence=\"2\""))
        // The description for screen readers says which sequence each decision is of: it read
        // "checkmark recognized, …, checkmark failed, …, swipe recognized" with nothing between them.
        #expect(
            svg.contains(
                "recognized: checkmark+swipe-right. Sequence 1, checkmark: checkmark recognized, z failed, circle failed, "
                    + "swipe failed, double-tap failed, tap failed, long-press failed, pan failed, pinch failed, "
                    + "rotation failed. Sequence 2, swipe-right: checkmark failed, z failed, circle failed, swipe "
                    + "recognized, double-tap failed, tap failed, long-press failed, pan failed, pinch failed, rotation "
                    + "failed.</desc>"))
        let two = try Self.render("Traces/two-finger-pan.json")
        #expect(two.components(separatedBy: "<g class=\"touch\"").count == 3)
        #expect(two.contains("<circle class=\"down\"") && two.contains("<rect class=\"lift\""))
    }
    /// A sequence whose recognizers an earlier one's are still deciding says so in the legend, as
    /// classify does (`continuing from an earlier sequence: double-tap, tap`), of the recognizers
    /// shown; a sequence with neither shown nor continuing ones has no heading.
    @Test func theLegendSaysWhichRecognizersContinue() throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/double-tap.json").path)
        let result = Classifier().classify(trace, file: "double-tap.json")
        #expect(result.sequences.count == 2 && result.sequences[1].continuing == ["double-tap", "tap"])
        let all = SVGRender.render(result, trace: trace)
        #expect(all.contains(">sequence 2: t 0.23 → 0.31 s: none</text>"))
        #expect(all.contains(">continuing from an earlier sequence: double-tap, tap</text>"))
        let tap = SVGRender.render(result, trace: trace, recognizers: ["tap"])
        #expect(tap.contains(">sequence 2: t 0.23 → 0.31 s: none</text>"))
        #expect(tap.contains(">continuing from an earlier sequence: tap</text>"))
        let swipe = SVGRender.render(result, trace: trace, recognizers: ["swipe"])
        #expect(!swipe.contains("continuing"))
    }
}
