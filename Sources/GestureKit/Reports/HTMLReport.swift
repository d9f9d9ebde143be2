import Foundation

/// The page `gesture batch --report DIR` writes as `DIR/index.html`: the summary, per-gesture precision,
/// recall and F1, the confusion matrix shaded by count, the groups of a grouped run, and the worst
/// misses grouped by the failure code of the recognizer that should have fired, each with a thumbnail
/// of its picture and links to the picture and its `classify` text.
///
/// The page is self-contained and works opened from disk: inline CSS (light and dark), no scripts, no
/// fonts or images from elsewhere; the pictures are the SVG files beside it. It is well-formed XML
/// (XHTML syntax: every element closed, `&<>"` escaped, no named entities), and the same bytes for the
/// same scores and misses: nothing in it depends on the clock or on `--jobs`.
///
///     let page = HTMLReport.page(HTMLReport.Content(board: board, roots: ["corpus"], misses: shown,
///                                                   total: misses.total, counts: misses.counts, limit: 200))
public enum HTMLReport {
    /// One shown miss: its row, and its files relative to the page (`nil` when its trace could not
    /// be read again to draw it, with the reason in `problem`).
    public struct Shown: Sendable {
        public var row: BatchRow
        public var picture: String?
        /// The part of the picture the thumbnail shows, a fragment of its URL (`thumbnailView(of:)`).
        public var view: String
        public var text: String?
        public var problem: String?

        public init(
            row: BatchRow, picture: String? = nil, view: String = "", text: String? = nil, problem: String? = nil
        ) {
            self.row = row
            self.picture = picture
            self.view = view
            self.text = text
            self.problem = problem
        }
    }

    /// What the page shows.
    public struct Content: Sendable {
        public var board: Scoreboard
        /// The paths the run walked, as given.
        public var roots: [String]
        /// The shown misses by kind, in page order.
        public var misses: [(kind: ReportMisses.Kind, shown: [Shown])]
        /// Every miss of the run, and by kind.
        public var total: Int
        public var counts: [ReportMisses.Kind: Int]
        /// `--report-limit`.
        public var limit: Int
        /// Lines the command adds to the summary (a hint about the options).
        public var notes: [String]
        /// The first error rows.
        public var errors: [BatchRow]

        public init(
            board: Scoreboard, roots: [String], misses: [(kind: ReportMisses.Kind, shown: [Shown])], total: Int,
            counts: [ReportMisses.Kind: Int], limit: Int, notes: [String] = [], errors: [BatchRow] = []
        ) {
            self.board = board
            self.roots = roots
            self.misses = misses
            self.total = total
            self.counts = counts
            self.limit = limit
            self.notes = notes
            self.errors = errors
        }
    }

    /// The name of the files of the `number`-th shown miss, without extension: the number in four
    /// digits (or more), then the trace's file name without its extension, kept to letters, digits,
    /// `-`, `_` and `.` (`0007-v01`), so that names are unique, sort in page order and need no escaping.
    public static func fileStem(number: Int, path: String) -> String {
        let digits = String(number)
        let padded = String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return padded + "-" + safeName(name)
    }

    /// `text` kept to ASCII letters, digits, `-`, `_` and `.`, anything else as `-`, at most 60 bytes.
    static func safeName(_ text: String) -> String {
        let kept = text.unicodeScalars.prefix(60).map { scalar -> Character in
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".": Character(scalar)
            default: "-"
            }
        }
        return kept.isEmpty ? "trace" : String(kept)
    }

    /// The fragment that shows only the touches of `trace` in `picture`, its `SVGRender` picture: a
    /// square around its samples with a margin (`#svgView(viewBox(x,y,width,height))`, SVG's own view
    /// syntax), since the whole picture, with the view's bounds and the legend, is too small to read as
    /// a thumbnail. The square is at least a fifth of the picture's larger side (of 1,800 at most), as
    /// the picture's marks and text are scaled to its size: a tap is shown with some of the screen
    /// around it. Empty for a
    /// trace without samples. `frame` is where the picture put the trace's points
    /// (`SVGRender.drawing`): the square is in the picture's coordinates, not the trace's.
    public static func thumbnailView(of trace: Trace, picture: String, frame: SVGRender.Frame = .identity) -> String {
        let frame = frame.scale.isFinite && frame.scale > 0 ? frame : .identity
        let points = trace.samples.map { frame.place($0.location) }.filter { $0.x.isFinite && $0.y.isFinite }
        guard let first = points.first else { return "" }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, maxX) = (min(minX, p.x), max(maxX, p.x))
            (minY, maxY) = (min(minY, p.y), max(maxY, p.y))
        }
        let size = max(maxX - minX, maxY - minY)
        var side = size * 1.3 + 4
        if let view = picture.firstRange(of: "viewBox=\"") {
            let numbers = picture[view.upperBound...].prefix { $0 != "\"" }.split(separator: " ").compactMap {
                Double($0)
            }
            // Of a picture 1,800 on its larger side at most (a drawing up to 900 high and its legend):
            // one made taller by the labels of many touch sequences gave a thumbnail of labels alone.
            if numbers.count == 4 { side = max(side, min(max(numbers[2], numbers[3]), 1800) / 5) }
        }
        guard side.isFinite, side > 0 else { return "" }
        let x = (minX + maxX - side) / 2
        let y = (minY + maxY - side) / 2
        let numbers = [x, y, side, side].map { Format.number($0, decimals: 1) }
        return "#svgView(viewBox(\(numbers.joined(separator: ","))))"
    }

    /// The `id` of the section of a kind of miss (`miss-circle-not-closed`, `miss-false-alarm-z`).
    public static func anchor(_ kind: ReportMisses.Kind) -> String {
        "miss-" + safeName([kind.recognizer, kind.code, kind.recognized].compactMap { $0 }.joined(separator: "-"))
    }

    /// The `id` of each kind's section on one page: its `anchor`, or, for a kind whose anchor an
    /// earlier kind (in `ReportMisses.Kind.precedes` order) has, that anchor and `-2`, `-3`, … the
    /// first no kind has, so that ids stay unique when names differ only in what `safeName` turns
    /// into `-` (`false-alarm: é` and `false-alarm: ö`) or past its 60 characters.
    static func anchors(_ kinds: some Sequence<ReportMisses.Kind>) -> [ReportMisses.Kind: String] {
        let sorted = Set(kinds).sorted(by: ReportMisses.Kind.precedes)
        var taken = Set(sorted.map(anchor))
        var found: [ReportMisses.Kind: String] = [:]
        var first: Set<String> = []
        for kind in sorted {
            let own = anchor(kind)
            if first.insert(own).inserted {
                found[kind] = own
                continue
            }
            var number = 2
            while taken.contains("\(own)-\(number)") { number += 1 }
            found[kind] = "\(own)-\(number)"
            taken.insert("\(own)-\(number)")
        }
        return found
    }

    /// The page, an XHTML-compatible HTML5 document ending with a newline.
    public static func page(_ content: Content) -> String {
        var page = Page()
        page.write(content)
        return page.out
    }

    static func escape(_ text: String) -> String { SVGRender.escape(text) }

    /// How a miss is explained: the recognizer's code and message, with its measurement against its
    /// limit as `classify` gives them.
    static func reason(_ row: BatchRow) -> String {
        guard let miss = row.miss else {
            if row.label == "none" {
                return "labelled none, so no recognizer should have fired; recognized \(row.gesture ?? "?")"
            }
            return "no failure recorded for the recognizer of \(row.label ?? "?")"
        }
        var text = "\(miss.recognizer) \(miss.code): \(miss.message)"
        // As `classify` compares them: `measured 0.2504 s > limit 0.25 s`.
        let comparison = TextReport.compare(
            measured: miss.measured, limit: miss.limit, unit: miss.unit.flatMap(MeasureUnit.init(rawValue:)))
        if !comparison.isEmpty { text += " (\(comparison))" }
        return text
    }

    static let style = """
        :root { color-scheme: light dark; --fg: #1f2328; --bg: #ffffff; --muted: #59636e; --line: #d1d9e0;
          --hit: 21, 128, 61; --miss: 185, 28, 28; --link: #0550ae; }
        @media (prefers-color-scheme: dark) {
          :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #3d444d;
            --hit: 63, 185, 80; --miss: 248, 81, 73; --link: #6cb6ff; }
        }
        body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg);
          background: var(--bg); max-width: 75rem; margin: 1.5rem auto; padding: 0 1rem; }
        a { color: var(--link); }
        h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; } h3 { font-size: 1.05rem; }
        .muted, caption, td.zero { color: var(--muted); }
        caption { text-align: left; padding: 0.2rem 0; }
        table { border-collapse: collapse; margin: 0.5rem 0; }
        .wide { overflow-x: auto; }
        th, td { border: 1px solid var(--line); padding: 0.2rem 0.6rem; text-align: right;
          font-variant-numeric: tabular-nums; }
        th[scope="row"], .text { text-align: left; }
        th, .text { overflow-wrap: anywhere; }
        code { font-family: ui-monospace, "SF Mono", Menlo, Consolas, monospace; font-size: 0.9em;
          overflow-wrap: anywhere; }
        .h1 { background: rgba(var(--hit), 0.06); } .h2 { background: rgba(var(--hit), 0.12); }
        .h3 { background: rgba(var(--hit), 0.18); } .h4 { background: rgba(var(--hit), 0.24); }
        .h5 { background: rgba(var(--hit), 0.30); } .h6 { background: rgba(var(--hit), 0.36); }
        .h7 { background: rgba(var(--hit), 0.42); } .h8 { background: rgba(var(--hit), 0.48); }
        .h9 { background: rgba(var(--hit), 0.55); }
        .m1 { background: rgba(var(--miss), 0.06); } .m2 { background: rgba(var(--miss), 0.12); }
        .m3 { background: rgba(var(--miss), 0.18); } .m4 { background: rgba(var(--miss), 0.24); }
        .m5 { background: rgba(var(--miss), 0.30); } .m6 { background: rgba(var(--miss), 0.36); }
        .m7 { background: rgba(var(--miss), 0.42); } .m8 { background: rgba(var(--miss), 0.48); }
        .m9 { background: rgba(var(--miss), 0.55); }
        ul.misses { list-style: none; padding: 0; }
        li.miss { display: flex; gap: 1rem; align-items: flex-start; padding: 0.6rem 0;
          border-top: 1px solid var(--line); }
        li.miss img { width: 10rem; height: 10rem; background: #ffffff;
          border: 1px solid var(--line); flex: none; }
        li.miss > div { min-width: 0; }
        li.miss p { margin: 0.15rem 0; overflow-wrap: anywhere; }
        .none { width: 10rem; height: 10rem; flex: none; border: 1px dashed var(--line); }
        """

    /// The page being written.
    struct Page {
        var out = ""
        /// The `id` of each kind's section (`HTMLReport.anchors`).
        var anchors: [ReportMisses.Kind: String] = [:]

        mutating func line(_ text: String) {
            out += text
            out += "\n"
        }

        /// A table row, its first cell the row's header; a cell that starts with a letter is text,
        /// aligned left, the others (counts, percentages, `-`) right.
        mutating func row(_ cells: [String]) {
            var text = "<tr>"
            for (index, cell) in cells.enumerated() {
                if index == 0 {
                    text += "<th scope=\"row\">\(escape(cell))</th>"
                } else if cell.first?.isLetter == true {
                    text += "<td class=\"text\">\(escape(cell))</td>"
                } else {
                    text += "<td>\(escape(cell))</td>"
                }
            }
            line(text + "</tr>")
        }

        /// The column headers; the first `textColumns` columns hold text, aligned left.
        mutating func headRow(_ cells: [String], textColumns: Int = 1) {
            line(
                "<thead><tr>"
                    + cells.enumerated().map { index, cell in
                        "<th scope=\"col\"\(index < textColumns ? " class=\"text\"" : "")>\(escape(cell))</th>"
                    }.joined() + "</tr></thead>")
        }

        mutating func write(_ content: Content) {
            let board = content.board
            anchors = HTMLReport.anchors(Array(content.counts.keys) + content.misses.map(\.kind))
            line("<!DOCTYPE html>")
            line("<html xmlns=\"http://www.w3.org/1999/xhtml\" lang=\"en\" xml:lang=\"en\">")
            line("<head>")
            line("<meta charset=\"utf-8\"/>")
            line("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>")
            line("<meta name=\"color-scheme\" content=\"light dark\"/>")
            line(
                "<title>gesture batch report: \(escape(content.roots.map { DiagnosticText.escaped($0) }.joined(separator: " ")))</title>"
            )
            line("<style>\n\(HTMLReport.style)\n</style>")
            line("</head>")
            line("<body>")
            line("<h1>gesture batch report</h1>")
            line(
                "<p class=\"muted\">Traces under "
                    + content.roots.map { "<code>\(escape(DiagnosticText.escaped($0)))</code>" }.joined(separator: ", ")
                    + ". Sections: <a href=\"#summary\">summary</a>, <a href=\"#gestures\">per gesture</a>, "
                    + "<a href=\"#confusion\">confusion matrix</a>"
                    + (board.grouping != nil ? ", <a href=\"#groups\">groups</a>" : "")
                    + ", <a href=\"#failures\">misses by failure code</a>, <a href=\"#misses\">the misses</a>"
                    + (content.errors.isEmpty ? "" : ", <a href=\"#errors\">errors</a>") + ".</p>")
            summary(content)
            gestures(board)
            confusion(board)
            groups(board)
            failures(content)
            misses(content)
            errors(content)
            line("</body>")
            line("</html>")
        }

        mutating func summary(_ content: Content) {
            let board = content.board
            line("<section id=\"summary\">")
            line("<h2>Summary</h2>")
            line("<table class=\"summary\">")
            line("<caption>Traces and scores</caption>")
            row(["traces", "\(board.traces)"])
            row(["scored", "\(board.scored)"])
            row(["correct", "\(board.correct)"])
            row(["accuracy", board.accuracy.map { ReportText.percent($0) } ?? "-"])
            row(["misses", "\(content.total)"])
            row(["unlabelled", "\(board.unlabelled)"])
            row(["errors", "\(board.errors)"])
            line("</table>")
            var notes = BatchReport.unlabelledText(board).split(separator: "\n").map {
                $0.replacingOccurrences(of: String(TextReport.noBreak), with: "\u{A0}")
            }
            if board.overriddenLabels > 0 {
                let traces = board.overriddenLabels == 1 ? "1 trace" : "\(board.overriddenLabels) traces"
                notes.insert("labels files gave \(traces) a label other than their own", at: 0)
            }
            for note in notes + content.notes { line("<p>\(escape(note))</p>") }
            line("</section>")
        }

        mutating func gestures(_ board: Scoreboard) {
            line("<section id=\"gestures\">")
            line("<h2>Per gesture</h2>")
            let gestures = board.gestures
            guard !gestures.isEmpty else {
                line("<p>No trace was scored.</p>\n</section>")
                return
            }
            line(
                "<p class=\"muted\">Support: the traces labelled with the gesture; precision: of the traces recognized "
                    + "as it, the share so labelled; recall: of those labelled with it, the share recognized as it.</p>"
            )
            line("<table class=\"gestures\">")
            line("<caption>Precision, recall and F1 of each gesture</caption>")
            headRow(["gesture", "support", "precision", "recall", "F1"])
            line("<tbody>")
            for gesture in gestures {
                let m = board.metrics(gesture)
                row([
                    gesture, "\(m.support)", m.precision.map { ReportText.percent($0) } ?? "-",
                    m.recall.map { ReportText.percent($0) } ?? "-", m.f1.map { ReportText.percent($0) } ?? "-",
                ])
            }
            line("</tbody>\n</table>\n</section>")
        }

        /// A shade from 1 to 9 for `count` against the largest count, on a log scale, so that five
        /// misses beside 2,500 hits still show; 0 for none.
        static func shade(_ count: Int, largest: Int) -> Int {
            guard count > 0, largest > 0 else { return 0 }
            let level = (9 * log1p(Double(count)) / log1p(Double(largest))).rounded(.up)
            return min(9, max(1, Int(level)))
        }

        mutating func confusion(_ board: Scoreboard) {
            let gestures = board.gestures
            // The section is there when nothing was scored too: the page's list of sections links to it.
            line("<section id=\"confusion\">")
            line("<h2>Confusion matrix</h2>")
            guard !gestures.isEmpty else {
                line("<p>No trace was scored.</p>\n</section>")
                return
            }
            line(
                "<p class=\"muted\">Rows: the label; columns: what was recognized. Cells are shaded by count (on a "
                    + "log scale): green where they agree, red where they do not.</p>")
            line("<div class=\"wide\">\n<table class=\"confusion\">")
            line("<caption>Traces by label and recognized gesture</caption>")
            headRow(["label \\ recognized"] + gestures)
            line("<tbody>")
            let largest = board.confusion.values.flatMap(\.values).max() ?? 0
            for label in gestures where board.confusion[label] != nil {
                var text = "<tr><th scope=\"row\">\(escape(label))</th>"
                for gesture in gestures {
                    let count = board.confusion[label]?[gesture] ?? 0
                    guard count > 0 else {
                        text += "<td class=\"zero\">0</td>"
                        continue
                    }
                    let shade = "\(label == gesture ? "h" : "m")\(Self.shade(count, largest: largest))"
                    let title = "label \(label), recognized \(gesture): \(count)"
                    text += "<td class=\"\(shade)\" title=\"\(escape(title))\">\(count)</td>"
                }
                line(text + "</tr>")
            }
            line("</tbody>\n</table>\n</div>\n</section>")
        }

        mutating func groups(_ board: Scoreboard) {
            guard let grouping = board.grouping else { return }
            line("<section id=\"groups\">")
            line("<h2>Groups by \(escape(grouping.spec))</h2>")
            let names = board.groupNames
            guard !names.isEmpty else {
                line("<p>No trace has a group by \(escape(grouping.spec)).</p>\n</section>")
                return
            }
            let labels = BatchReport.labelledGestures(board)
            line(
                "<p class=\"muted\">\(ReportText.count(names.count, "group")): the recall of each label; "
                    + "false alarms: scored traces recognized as a gesture that is not their label.</p>")
            line("<div class=\"wide\">\n<table class=\"groups\">")
            line("<caption>Recall of each label and false alarms, by group</caption>")
            headRow(["group", "scored"] + labels + ["false alarms"])
            line("<tbody>")
            for name in names {
                let group = board.groups[name]!
                let alarms =
                    group.scored == 0
                    ? "-"
                    : "\(ReportText.percent(Double(group.falseAlarms) / Double(group.scored))) (\(group.falseAlarms))"
                row(
                    [name, "\(group.scored)"]
                        + labels.map { group.metrics($0).recall.map { ReportText.percent($0) } ?? "-" }
                        + [alarms])
            }
            line("</tbody>\n</table>\n</div>")
            let worst = labels.compactMap { label in board.worstGroup(for: label).map { (label, $0.group, $0.metrics) }
            }
            if !worst.isEmpty {
                line("<table class=\"worst-groups\">")
                line("<caption>The worst group of each label (lowest recall)</caption>")
                headRow(["label", "group", "recall", "recognized", "labelled"], textColumns: 2)
                line("<tbody>")
                for (label, group, m) in worst {
                    row([
                        label, group, ReportText.percent(m.recall ?? 0), "\(m.truePositives)", "\(m.support)",
                    ])
                }
                line("</tbody>\n</table>")
            }
            line("</section>")
        }

        mutating func failures(_ content: Content) {
            line("<section id=\"failures\">")
            line("<h2>Misses by failure code</h2>")
            guard !content.counts.isEmpty else {
                line("<p>No misses.</p>\n</section>")
                return
            }
            let shown = Dictionary(content.misses.map { ($0.kind, $0.shown.count) }, uniquingKeysWith: +)
            let kinds = content.counts.keys.sorted { a, b in
                let (x, y) = (content.counts[a]!, content.counts[b]!)
                return x != y ? x > y : ReportMisses.Kind.precedes(a, b)
            }
            line(
                "<p class=\"muted\">Every miss, by the failure code of the recognizer that should have fired "
                    + "(false-alarm: labelled none, recognized as the gesture named).</p>")
            line("<table class=\"failures\">")
            line("<caption>Misses by recognizer and failure code</caption>")
            headRow(["recognizer", "code", "misses", "shown"], textColumns: 2)
            line("<tbody>")
            for kind in kinds {
                let count = shown[kind] ?? 0
                let name = kind.recognized.map { "\(kind.code): \($0)" } ?? kind.code
                let code =
                    count > 0 ? "<a href=\"#\(anchors[kind]!)\">\(escape(name))</a>" : escape(name)
                line(
                    "<tr><th scope=\"row\">\(escape(kind.recognizer ?? "-"))</th><td class=\"text\">\(code)</td>"
                        + "<td>\(content.counts[kind]!)</td><td>\(count)</td></tr>")
            }
            line("</tbody>\n</table>\n</section>")
        }

        mutating func misses(_ content: Content) {
            let shown = content.misses.reduce(0) { $0 + $1.shown.count }
            line("<section id=\"misses\">")
            line("<h2>The misses</h2>")
            let cap =
                "<p class=\"cap\">Showing \(shown) of \(ReportText.count(content.total, "miss", plural: "misses")) "
                + "(--report-limit \(content.limit)), the furthest past their limits first, those without a "
                + "measurement last.</p>"
            line(cap)
            for (kind, misses) in content.misses {
                let count = content.counts[kind] ?? misses.count
                line("<section id=\"\(anchors[kind]!)\" class=\"kind\">")
                line(
                    "<h3><code>\(escape(kind.title))</code> <span class=\"muted\">(\(misses.count) shown of "
                        + "\(count))</span></h3>")
                line("<ul class=\"misses\">")
                for miss in misses { item(miss) }
                line("</ul>\n</section>")
            }
            line("</section>")
        }

        mutating func item(_ shown: Shown) {
            let row = shown.row
            let verdict = "label \(row.label ?? "?"), recognized \(row.gesture ?? "?")"
            line("<li class=\"miss\">")
            if let picture = shown.picture {
                line(
                    "<a href=\"\(escape(picture))\"><img src=\"\(escape(picture + shown.view))\" alt=\"\(escape("picture of \(row.path): \(verdict)"))\" width=\"160\" height=\"160\"/></a>"
                )
            } else {
                line("<div class=\"none\" role=\"img\" aria-label=\"no picture\"></div>")
            }
            line("<div>")
            line("<p class=\"path\"><code>\(escape(row.path))</code></p>")
            var facts =
                "label <strong>\(escape(row.label ?? "?"))</strong>, recognized <strong>\(escape(row.gesture ?? "?"))</strong>"
            if let group = row.group { facts += ", group <strong>\(escape(group))</strong>" }
            line("<p class=\"verdict\">\(facts)</p>")
            line("<p class=\"reason\">\(escape(HTMLReport.reason(row)))</p>")
            var links: [String] = []
            if let picture = shown.picture { links.append("<a href=\"\(escape(picture))\">picture</a>") }
            if let text = shown.text { links.append("<a href=\"\(escape(text))\">classify text</a>") }
            if !links.isEmpty { line("<p class=\"links\">\(links.joined(separator: " · "))</p>") }
            if let problem = shown.problem { line("<p class=\"problem\">\(escape(problem))</p>") }
            line("</div>")
            line("</li>")
        }

        mutating func errors(_ content: Content) {
            guard !content.errors.isEmpty else { return }
            line("<section id=\"errors\">")
            line("<h2>Errors (\(content.errors.count) of \(content.board.errors))</h2>")
            line("<ul>")
            for row in content.errors {
                line("<li><code>\(escape(row.error?.description ?? row.path))</code></li>")
            }
            line("</ul>\n</section>")
        }
    }
}
