/// A trace and its verdict as one SVG 1.1 picture (`gesture render`): each touch's path in its own
/// colour, its samples as dots shaded by time (earlier lighter), touch-down as an open circle and lift
/// as a square (a cross when cancelled), each touch sequence after the first labelled and dashed, the
/// view's bounds, where each recognizer decided with its state and failure code, what recognizers
/// measured where their details have geometry, and a legend with every recognizer's one-line reason
/// (the text `classify` prints).
///
/// The geometry comes only from the details recognizers report (`DetailSpec`), on a recognition or
/// with a failure (`FailureReason.details`: what the recognizer had measured when it failed, drawn
/// faint in the failed colour): a `center` point with a `radius` (the circle), a `bounds` rectangle, a
/// circle's `closure` gap (from the touch-down to its `closurePoint`), a Z's `topStart`, `topCorner`,
/// `bottomCorner` and `bottomEnd`, a checkmark's `downStart` and `turn`, a `translation` (an arrow from
/// the sequence's first touch-down), a `location` point (a tap, a long press), and a swipe's `travel`
/// and `deviation` (its chord from the touch-down along the recognized direction, and the band of its
/// deviation). Nothing is re-derived from the samples.
///
/// The output is the same bytes on every run: numbers have at most two decimals, coordinates are the
/// trace's own units (over a power of ten for a trace more than 100,000 across, times a power of ten for a
/// trace less than 0.001 across, either of which the legend says; from its corner for a trace far from
/// (0, 0): see `Frame`), and the viewBox is the samples, the view's bounds and what is drawn, plus a
/// margin.
///
///     let result = Classifier().classify(trace, file: "circle.json")
///     let svg = SVGRender.render(result, trace: trace)
public enum SVGRender {
    /// Colours of the touches' paths, in order of touch-down, dark enough for a white background.
    static let palette = ["#1f5fa8", "#c2410c", "#15803d", "#7e22ce", "#b45309", "#0e7490", "#be185d", "#4b5563"]
    /// A recognizer that recognized, that failed, and any other state.
    static let recognizedColour = "#15803d"
    static let failedColour = "#b91c1c"
    static let otherColour = "#6b7280"
    /// The colour of what recognizers measured.
    static let measuredColour = "#0f766e"
    /// The built-in recognizers' declared details, for the units of the legend's values.
    static let builtInDetails = TextReport.detailSpecs(nil)

    /// The SVG document of `result`, the replay of `trace`.
    ///
    /// - Parameters:
    ///   - result: What replaying `trace` found (with its transitions, as `Classifier.classify` keeps
    ///     them by default).
    ///   - trace: The trace as read (`classify` consumes its argument: pass it a copy).
    ///   - recognizers: The ids of the recognizers to draw and list; `nil` for all of them.
    ///   - configuration: The configuration replayed, whose recognizers' declared details give the
    ///     legend's units (a configured instance's); `nil` for the built-in recognizers'.
    /// - Returns: The document, an XML declaration first, ending with a newline.
    public static func render(
        _ result: TraceResult, trace: Trace, recognizers: Set<String>? = nil, configuration: Configuration? = nil
    ) -> String {
        drawing(result, trace: trace, recognizers: recognizers, configuration: configuration).svg
    }

    /// The document `render` writes, and where it put the trace's points (`HTMLReport.thumbnailView`
    /// needs it to find the touches in the picture).
    public static func drawing(
        _ result: TraceResult, trace: Trace, recognizers: Set<String>? = nil, configuration: Configuration? = nil
    ) -> (svg: String, frame: Frame) {
        var picture = Picture(result: result, trace: trace, shown: recognizers)
        if let configuration { picture.details = TextReport.detailSpecs(configuration) }
        let svg = picture.document()
        return (svg, picture.frame)
    }

    /// Where a picture puts a trace's points: a point's offset from `origin`, over `scale`.
    ///
    /// Browsers draw SVG in single precision, which holds about seven digits: a stroke 100 pt across
    /// at x = 1e9 drawn at its own coordinates moved in steps of 64 pt, and Chromium drew nothing
    /// at all; a stroke 0.000001 across, at two decimals, was one dot. So a picture is drawn in
    /// numbers of an ordinary size, while its captions and legend give the trace's own values:
    /// - `scale` is 1 for most traces; for one more than 100,000 across, the power of ten that brings
    ///   it within 10,000; for one less than 0.001 across (but not 0: a tap that never moved), the
    ///   power of ten that makes it 100 to 1,000 across. (Finger strokes in points are neither: a
    ///   thousandth of a point is far below what a touch screen tells apart.)
    /// - `origin` is (0, 0) unless the picture lies more than 100 times its size from it: then it is
    ///   the top-left corner of the samples' bounds, which is drawn at (0, 0).
    ///
    /// A picture whose frame is not the identity says it on its `<svg>` element:
    /// `data-origin="1000000000 1000000000" data-scale="1"`, the origin's coordinates in full.
    ///
    ///     let (svg, frame) = SVGRender.drawing(result, trace: trace)
    ///     let start = frame.place(trace.samples[0].location)  // where the first sample is drawn
    public struct Frame: Sendable, Hashable {
        /// The trace's point drawn at (0, 0).
        public var origin: Point
        /// What offsets from `origin` are divided by as they are written: a power of ten.
        public var scale: Double

        public init(origin: Point = .zero, scale: Double = 1) {
            self.origin = origin
            self.scale = scale
        }

        /// The trace's coordinates as they are: origin (0, 0), scale 1.
        public static let identity = Frame()

        /// Where the trace's `point` is drawn, in the picture's coordinates.
        public func place(_ point: Point) -> Point {
            Point(x: (point.x - origin.x) / scale, y: (point.y - origin.y) / scale)
        }
    }

    /// A picture lies far from (0, 0), and is drawn from its corner, when its farthest coordinate is
    /// more than this many times its size: within it, a picture 640 pixels wide is moved by at most
    /// 64,000 pixels, and single precision places its points within a hundredth of a pixel.
    static let farFromOrigin = 100.0

    /// A trace less than this across (but not 0) is drawn larger by a power of ten: no touch screen
    /// tells a thousandth of a point apart, so it is in other units (metres, a simulation's).
    static let smallestDrawnAsIs = 1e-3

    /// The widest span of points (and view) a picture is drawn for: its sizes, margins and labels are
    /// computed from the span, which must stay a number (x from -1e308 to 1e308 is no width at all).
    public static let maximumSpan = 1e300

    /// Why `trace` cannot be drawn, or `nil` when it can: its points, with its view, span more than
    /// `maximumSpan` across or down.
    public static func problem(drawing trace: Trace) -> String? {
        guard !trace.samples.isEmpty else { return nil }
        var points = trace.samples.map(\.location)
        if let view = trace.view { points += [Point(x: 0, y: 0), Point(x: view.width, y: view.height)] }
        let bounds = Bounds(points)
        guard !(bounds.width <= maximumSpan && bounds.height <= maximumSpan) else { return nil }
        let (low, high) = (bounds.minimum, bounds.maximum)
        return "not drawn: its points span more than a picture can show (x from \(Format.number(low.x)) to "
            + "\(Format.number(high.x)), y from \(Format.number(low.y)) to \(Format.number(high.y)); at most "
            + "\(Format.number(maximumSpan)))"
    }

    /// `text` with `&`, `<`, `>` and `"` escaped, for XML text and attribute values, and the characters
    /// XML 1.0 does not allow at all (control characters but tab, line feed and carriage return;
    /// U+FFFE and U+FFFF) written as `\u{1B}`: a name holding an escape sequence must not make the
    /// picture a file no browser shows. DEL and the C1 controls (U+007F to U+009F), which XML allows
    /// but a page shows as nothing (and HTML calls a parse error), are written so too, as every
    /// diagnostic writes them.
    public static func escape(_ text: String) -> String {
        guard
            text.utf8.contains(where: {
                $0 == 38 || $0 == 60 || $0 == 62 || $0 == 34 || ($0 < 0x20 && $0 != 9 && $0 != 10 && $0 != 13)
                    || $0 == 0x7F || $0 == 0xC2 || $0 == 0xEF
            })
        else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case _
            where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0xFFFE
                || scalar.value == 0xFFFF:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// One touch from touch-down to lift: the indexes of its samples.
private struct Stroke {
    var touch: TouchID
    var samples: [Int]
    /// The touch sequence it belongs to (0 for the first).
    var sequence: Int
}

/// A recognizer's report, with the sequence it belongs to.
private struct Shown {
    var report: RecognizerReport
    var sequence: Int
}

/// The state of building one picture.
private struct Picture {
    let result: TraceResult
    let trace: Trace
    let samples: [Sample]
    var strokes: [Stroke] = []
    var shown: [Shown] = []
    /// The box of everything drawn in the trace's coordinates.
    var minX = Double.infinity
    var minY = Double.infinity
    var maxX = -Double.infinity
    var maxY = -Double.infinity
    /// The unit of stroke widths, marker and text sizes: the picture's size over 400.
    var unit = 1.0
    /// Where the trace's points are drawn (`SVGRender.Frame`): for a trace over 100,000 units across,
    /// its scale is a power of ten that brings it within 10,000, since browsers draw in single
    /// precision and cap a font's size (a circle 1e6 pt across had its text capped to 2 pixels, and
    /// 1e200 was no picture at all); under 0.001 across, one that makes it 100 to 1,000 across.
    var frame = SVGRender.Frame.identity
    /// The frame's scale as the legend says it, `1000`, `1e196` (or the magnification, `1e8`, for a
    /// trace drawn larger).
    var scaleText = "1"
    var out = ""
    /// Each recognizer's declared details by id, for the legend's units.
    var details = SVGRender.builtInDetails

    /// The recognizers the picture shows (`--recognizer`), or every one.
    let filter: Set<String>?

    init(result: TraceResult, trace: Trace, shown filter: Set<String>?) {
        self.result = result
        self.trace = trace
        self.filter = filter
        samples = trace.samples
        var active: [TouchID: Int] = [:]
        for (index, sample) in samples.enumerated() {
            if sample.phase == .began || active[sample.touch] == nil {
                active[sample.touch] = strokes.count
                strokes.append(Stroke(touch: sample.touch, samples: [], sequence: sequence(at: sample.time)))
            }
            strokes[active[sample.touch]!].samples.append(index)
            if !sample.phase.isDown { active[sample.touch] = nil }
        }
        for (number, sequence) in result.sequences.enumerated() {
            for report in sequence.recognizers where filter?.contains(report.id) ?? true {
                shown.append(Shown(report: report, sequence: number))
            }
        }
    }

    /// The sequence whose span holds `time`: the last that began at or before it.
    func sequence(at time: Double) -> Int {
        var found = 0
        for (number, sequence) in result.sequences.enumerated() where sequence.start <= time { found = number }
        return found
    }

    /// The first touch-down of sequence `number`, where translations and swipe chords start.
    func firstDown(of number: Int) -> Point? {
        strokes.first { $0.sequence == number }.map { samples[$0.samples[0]].location }
    }

    /// Where a report was decided: its failure's point when it has one, else the touch's point at the
    /// decision (the sample that caused it, or the last sample at or before its time).
    func decision(of report: RecognizerReport) -> Point? {
        if let failure = report.failure {
            return failure.reason.point ?? location(sample: failure.sample, time: failure.time)
        }
        guard let last = report.transitions.last else { return nil }
        return location(sample: last.sample, time: last.time)
    }

    func location(sample: Int?, time: Double) -> Point? {
        if let sample, sample >= 0, sample < samples.count { return samples[sample].location }
        var low = 0
        var high = samples.count
        while low < high {
            let middle = (low + high) / 2
            if samples[middle].time <= time { low = middle + 1 } else { high = middle }
        }
        return low > 0 ? samples[low - 1].location : samples.first?.location
    }

    mutating func include(_ point: Point) {
        guard point.x.isFinite, point.y.isFinite else { return }
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    // MARK: What recognizers measured

    /// A shape a recognizer's details describe.
    enum Measure {
        case center(Point)
        case radius(Point, Double)
        case bounds(x: Double, y: Double, width: Double, height: Double)
        case arrow(from: Point, to: Point, kind: String)
        case band(from: Point, to: Point, halfWidth: Double)
        case location(Point)
        /// A Z's reading: its top part's start, its two corners and its bottom part's end.
        case corners([Point])
        /// A named point on the path (a checkmark's turn).
        case mark(Point, String)
        /// How far a circle's path stayed from its start: from the touch-down to where it came back.
        case gap(from: Point, to: Point, distance: Double)
    }

    /// The shapes of a recognition's details, or of what a failed recognizer had measured, from the
    /// details alone (and the touch-down they start at).
    func measures(of shown: Shown) -> [Measure] {
        let recognition = shown.report.recognition
        let details = recognition?.details ?? shown.report.failure?.reason.details ?? []
        guard !details.isEmpty else { return [] }
        func value(_ name: String) -> JSONValue? { details.first { $0.key == name }?.value }
        func point(_ name: String) -> Point? {
            guard case .object(let members)? = value(name), members.count == 2,
                let x = members[0].value.numberValue, let y = members[1].value.numberValue, x.isFinite, y.isFinite
            else { return nil }
            return Point(x: x, y: y)
        }
        func number(_ name: String) -> Double? {
            guard let n = value(name)?.numberValue, n.isFinite else { return nil }
            return n
        }
        var found: [Measure] = []
        if let center = point("center") {
            if let radius = number("radius"), radius > 0 { found.append(.radius(center, radius)) }
            found.append(.center(center))
        }
        if case .object(let members)? = value("bounds"), members.map(\.key) == ["x", "y", "width", "height"] {
            let numbers = members.compactMap { $0.value.numberValue }.filter(\.isFinite)
            if numbers.count == 4 {
                found.append(.bounds(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
            }
        }
        if let location = point("location") { found.append(.location(location)) }
        let corners = ["topStart", "topCorner", "bottomCorner", "bottomEnd"].compactMap(point)
        if corners.count >= 2 { found.append(.corners(corners)) }
        if let start = point("downStart") { found.append(.mark(start, "down-stroke start")) }
        if let turn = point("turn") { found.append(.mark(turn, "turn")) }
        if let closure = number("closure"), let back = point("closurePoint"), let start = firstDown(of: shown.sequence)
        {
            found.append(.gap(from: start, to: back, distance: closure))
        }
        if let translation = point("translation"), let start = firstDown(of: shown.sequence) {
            let end = Point(x: start.x + translation.x, y: start.y + translation.y)
            found.append(.arrow(from: start, to: end, kind: "translation"))
        }
        if let recognition, let travel = number("travel"), let start = firstDown(of: shown.sequence),
            let direction = Self.direction(of: recognition.gesture)
        {
            let end = Point(x: start.x + direction.x * travel, y: start.y + direction.y * travel)
            if let deviation = number("deviation"), deviation > 0 {
                found.append(.band(from: start, to: end, halfWidth: deviation))
            }
            found.append(.arrow(from: start, to: end, kind: "chord"))
        }
        return found
    }

    /// The unit vector a gesture named `…-left`, `…-right`, `…-up` or `…-down` goes (y down).
    static func direction(of gesture: String) -> Point? {
        if gesture.hasSuffix("-left") { return Point(x: -1, y: 0) }
        if gesture.hasSuffix("-right") { return Point(x: 1, y: 0) }
        if gesture.hasSuffix("-up") { return Point(x: 0, y: -1) }
        if gesture.hasSuffix("-down") { return Point(x: 0, y: 1) }
        return nil
    }

    // MARK: The document

    mutating func document() -> String {
        for sample in samples { include(sample.location) }
        if let view = trace.view {
            include(Point(x: 0, y: 0))
            include(Point(x: view.width, y: view.height))
        }
        let measured = shown.map { measures(of: $0) }
        for shapes in measured {
            for shape in shapes {
                switch shape {
                case .center(let p), .location(let p): include(p)
                case .radius(let c, let r):
                    include(Point(x: c.x - r, y: c.y - r))
                    include(Point(x: c.x + r, y: c.y + r))
                case .bounds(let x, let y, let width, let height):
                    include(Point(x: x, y: y))
                    include(Point(x: x + width, y: y + height))
                case .arrow(let from, let to, _), .gap(let from, let to, _):
                    include(from)
                    include(to)
                case .corners(let points):
                    for p in points { include(p) }
                case .mark(let p, _): include(p)
                case .band(let from, let to, let half):
                    include(Point(x: min(from.x, to.x) - half, y: min(from.y, to.y) - half))
                    include(Point(x: max(from.x, to.x) + half, y: max(from.y, to.y) + half))
                }
            }
        }
        if !minX.isFinite {
            (minX, minY, maxX, maxY) = (0, 0, 0, 0)
        }
        // A trace under 0.001 across is in other units than points: drawn 100 to 1,000 across, or
        // at two decimals and at least 100 wide it was one dot.
        let extent = max(maxX - minX, maxY - minY)
        if extent > 0, extent < SVGRender.smallestDrawnAsIs {
            // At most 1e300 times: a smaller one stays a speck rather than a division by zero.
            var exponent = 3
            while extent * Double("1e\(exponent)")! < 100, exponent < 300 { exponent += 1 }
            frame.scale = Double("1e-\(exponent)")!
            scaleText = exponent <= 6 ? Format.number(Double("1e\(exponent)")!) : "1e\(exponent)"
        }
        // A tap is a few points wide: show at least 100 units around it (in the picture's units).
        let minimum = 100 * frame.scale
        if maxX - minX < minimum {
            let middle = (minX + maxX) / 2
            (minX, maxX) = (middle - minimum / 2, middle + minimum / 2)
        }
        if maxY - minY < minimum {
            let middle = (minY + maxY) / 2
            (minY, maxY) = (middle - minimum / 2, middle + minimum / 2)
        }
        let size = max(maxX - minX, maxY - minY)
        if size > 1e5 {
            // 10 to the power of the exponent, read as written, so that it is exact to the last digit.
            var exponent = 1
            while size / Double("1e\(exponent)")! >= 1e4 { exponent += 1 }
            frame.scale = Double("1e\(exponent)")!
            scaleText = exponent <= 6 ? Format.number(frame.scale) : "1e\(exponent)"
        }
        // Far from (0, 0) for its size: drawn from the samples' corner, since single precision
        // cannot place 100 pt at 1e9 (nor the font of its labels).
        let farthest = max(abs(minX), abs(maxX), abs(minY), abs(maxY))
        if farthest > SVGRender.farFromOrigin * size {
            let corners = samples.map(\.location).filter { $0.x.isFinite && $0.y.isFinite }
            frame.origin = corners.isEmpty ? Point(x: minX, y: minY) : Bounds(corners).minimum
        }
        unit = size / 400
        let font = 6.5 * unit
        let lineHeight = font * 1.35
        let placed = placeLabels(font: font * 0.85, captions: captions(measured))
        let (labels, captionLabels) = (placed.filter { $0.report != nil }, placed.filter { $0.report == nil })
        // How tall the drawing is before its labels: the labels of many sequences, stacked, make the
        // picture taller, never its text smaller (held to 900 high with them, 8 taps drew 5 px text).
        let drawnHeight = maxY - minY
        for label in placed {
            include(Point(x: label.x, y: label.y - label.font))
            include(Point(x: label.x + label.width, y: label.y + label.font * 0.3))
        }
        let margin = 16 * unit
        let left = minX - margin
        let top = minY - margin
        let width = maxX - minX + 2 * margin
        // Finite for any trace `problem(drawing:)` passes; guarded for what a recognizer measured.
        let perLine = width / (font * 0.56)
        let legend = legendLines(charactersPerLine: perLine.isFinite ? max(30, Int(min(perLine, 1e6)) - 4) : 30)
        let legendTop = maxY + margin + font
        let height = legendTop - top + Double(legend.count) * lineHeight + margin / 2
        // Shown 640 pixels wide, or the drawing (without its labels) 900 high when that is smaller; the
        // labels and the legend at the same scale, so that many sequences make the picture taller, not
        // its text smaller.
        let scale = min(640 / width, 900 / (drawnHeight + 2 * margin + font))

        out.reserveCapacity(4096 + samples.count * 60)
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\""
        out += " width=\"\(plain(width * scale))\" height=\"\(plain(height * scale))\""
        if frame != .identity {
            out += " data-origin=\"\(Format.jsonNumber(frame.origin.x)) \(Format.jsonNumber(frame.origin.y))\""
            out += " data-scale=\"\(Format.jsonNumber(frame.scale))\""
        }
        out += " viewBox=\"\(atX(left)) \(atY(top)) \(n(width)) \(n(height))\""
        out += " role=\"img\" aria-labelledby=\"title desc\" font-family=\"sans-serif\">\n"
        out +=
            "<title id=\"title\">\(SVGRender.escape("\(DiagnosticText.escaped(result.file)): \(result.gesture)"))</title>\n"
        out += "<desc id=\"desc\">\(SVGRender.escape(description()))</desc>\n"
        out += "<rect class=\"background\" x=\"\(atX(left))\" y=\"\(atY(top))\" width=\"\(n(width))\""
        out += " height=\"\(n(height))\" fill=\"#ffffff\"/>\n"
        if let view = trace.view {
            out +=
                "<rect class=\"view\" x=\"\(atX(0))\" y=\"\(atY(0))\" width=\"\(n(view.width))\" height=\"\(n(view.height))\""
            out += " fill=\"none\" stroke=\"#9ca3af\" stroke-width=\"\(n(unit))\""
            out += " stroke-dasharray=\"\(n(4 * unit)) \(n(3 * unit))\"/>\n"
        }
        drawStrokes(font: font)
        for (index, shapes) in measured.enumerated() where !shapes.isEmpty {
            draw(shapes, of: shown[index].report)
        }
        drawCaptions(captionLabels)
        drawDecisions(labels)
        out += "<g class=\"legend\" font-size=\"\(n(font))\" fill=\"#111827\">\n"
        out += "<line x1=\"\(atX(left + margin / 2))\" y1=\"\(atY(maxY + margin / 2))\""
        out += " x2=\"\(atX(left + width - margin / 2))\" y2=\"\(atY(maxY + margin / 2))\""
        out += " stroke=\"#9ca3af\" stroke-width=\"\(n(unit / 2))\"/>\n"
        for (row, line) in legend.enumerated() {
            let y = legendTop + Double(row) * lineHeight
            var x = left + margin / 2
            if let colour = line.colour {
                out += "<circle cx=\"\(atX(x + font / 3))\" cy=\"\(atY(y - font / 3))\" r=\"\(n(font / 3))\""
                out += " fill=\"\(colour)\"/>\n"
            }
            x += line.indent * font
            out += "<text x=\"\(atX(x))\" y=\"\(atY(y))\"\(line.bold ? " font-weight=\"bold\"" : "")>"
            out += SVGRender.escape(line.text) + "</text>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// The touches: a path, its samples as dots, touch-down and lift marks, and the sequence labels.
    mutating func drawStrokes(font: Double) {
        let start = samples.first?.time ?? 0
        let span = max((samples.last?.time ?? 0) - start, 1e-9)
        for (index, stroke) in strokes.enumerated() {
            let colour = SVGRender.palette[index % SVGRender.palette.count]
            let dashed = stroke.sequence % 2 == 1
            out += "<g class=\"touch\" data-touch=\"\(SVGRender.escape(stroke.touch.description))\""
            out += " data-sequence=\"\(stroke.sequence + 1)\">\n"
            out += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(n(1.2 * unit))\""
            out += " stroke-linejoin=\"round\" stroke-opacity=\"0.8\""
            if dashed { out += " stroke-dasharray=\"\(n(5 * unit)) \(n(3 * unit))\"" }
            out += " points=\""
            for (position, sampleIndex) in stroke.samples.enumerated() {
                let p = samples[sampleIndex].location
                out += (position == 0 ? "" : " ") + atX(p.x) + "," + atY(p.y)
            }
            out += "\"/>\n<g class=\"samples\" fill=\"\(colour)\">\n"
            for sampleIndex in stroke.samples {
                let sample = samples[sampleIndex]
                let shade = 0.25 + 0.75 * (sample.time - start) / span
                out += "<circle cx=\"\(atX(sample.location.x))\" cy=\"\(atY(sample.location.y))\""
                out += " r=\"\(n(0.9 * unit))\" fill-opacity=\"\(plain(shade))\"/>\n"
            }
            out += "</g>\n"
            let down = samples[stroke.samples[0]]
            out += "<circle class=\"down\" cx=\"\(atX(down.location.x))\" cy=\"\(atY(down.location.y))\""
            out += " r=\"\(n(3.5 * unit))\" fill=\"none\" stroke=\"\(colour)\" stroke-width=\"\(n(unit))\"/>\n"
            let lift = samples[stroke.samples[stroke.samples.count - 1]]
            let side = 5 * unit
            if lift.phase == .ended {
                out +=
                    "<rect class=\"lift\" x=\"\(atX(lift.location.x - side / 2))\" y=\"\(atY(lift.location.y - side / 2))\""
                out += " width=\"\(n(side))\" height=\"\(n(side))\" fill=\"\(colour)\"/>\n"
            } else if lift.phase == .cancelled {
                out += cross(at: lift.location, size: side / 2, colour: colour, className: "lift cancelled")
            }
            out += "</g>\n"
        }
    }

    /// What one recognizer measured: in the measured colour when it recognized; else faint in the
    /// failed colour. Their captions are placed with the decisions' labels (`captions`).
    mutating func draw(_ shapes: [Measure], of report: RecognizerReport) {
        let failed = report.recognition == nil
        let colour = failed ? SVGRender.failedColour : SVGRender.measuredColour
        let width = n(unit)
        let id = SVGRender.escape(report.id)
        out += "<g class=\"measured\" data-recognizer=\"\(id)\" fill=\"none\" stroke=\"\(colour)\""
        out += " stroke-width=\"\(width)\"\(failed ? " stroke-opacity=\"0.6\"" : "")>\n"
        for shape in shapes {
            switch shape {
            case .center(let c):
                let arm = 4 * unit
                out += "<g class=\"center\">"
                out += "<line x1=\"\(atX(c.x - arm))\" y1=\"\(atY(c.y))\" x2=\"\(atX(c.x + arm))\" y2=\"\(atY(c.y))\"/>"
                out += "<line x1=\"\(atX(c.x))\" y1=\"\(atY(c.y - arm))\" x2=\"\(atX(c.x))\" y2=\"\(atY(c.y + arm))\"/>"
                out += "<circle cx=\"\(atX(c.x))\" cy=\"\(atY(c.y))\" r=\"\(n(arm / 2))\"/></g>\n"
            case .radius(let c, let r):
                out += "<circle class=\"radius\" cx=\"\(atX(c.x))\" cy=\"\(atY(c.y))\" r=\"\(n(r))\""
                out += " stroke-dasharray=\"\(n(4 * unit)) \(n(2 * unit))\"/>\n"
                out +=
                    "<line class=\"radius\" x1=\"\(atX(c.x))\" y1=\"\(atY(c.y))\" x2=\"\(atX(c.x + r))\" y2=\"\(atY(c.y))\"/>\n"
            case .bounds(let x, let y, let w, let h):
                out += "<rect class=\"bounds\" x=\"\(atX(x))\" y=\"\(atY(y))\" width=\"\(n(w))\" height=\"\(n(h))\""
                out += " stroke-opacity=\"0.5\" stroke-dasharray=\"\(n(2 * unit)) \(n(2 * unit))\"/>\n"
            case .location(let p):
                out += "<circle class=\"location\" cx=\"\(atX(p.x))\" cy=\"\(atY(p.y))\" r=\"\(n(6 * unit))\"/>\n"
            case .band(let from, let to, let half):
                let x = min(from.x, to.x) - (from.y == to.y ? 0 : half)
                let y = min(from.y, to.y) - (from.y == to.y ? half : 0)
                let w = abs(to.x - from.x) + (from.y == to.y ? 0 : 2 * half)
                let h = abs(to.y - from.y) + (from.y == to.y ? 2 * half : 0)
                out += "<rect class=\"deviation\" x=\"\(atX(x))\" y=\"\(atY(y))\" width=\"\(n(w))\" height=\"\(n(h))\""
                out += " fill=\"\(colour)\" fill-opacity=\"0.08\" stroke-opacity=\"0.4\"/>\n"
            case .arrow(let from, let to, let kind):
                out += arrow(from: from, to: to, className: kind)
            case .corners(let points):
                out += "<polyline class=\"corners\" points=\""
                out += points.map { "\(atX($0.x)),\(atY($0.y))" }.joined(separator: " ")
                out += "\" stroke-dasharray=\"\(n(4 * unit)) \(n(2 * unit))\"/>\n"
                for p in points {
                    let side = 4 * unit
                    out += "<rect class=\"corner\" x=\"\(atX(p.x - side / 2))\" y=\"\(atY(p.y - side / 2))\""
                    out += " width=\"\(n(side))\" height=\"\(n(side))\"/>\n"
                }
            case .mark(let p, _):
                out += "<circle class=\"mark\" cx=\"\(atX(p.x))\" cy=\"\(atY(p.y))\" r=\"\(n(4 * unit))\"/>\n"
            case .gap(let from, let to, _):
                out += "<line class=\"closure\" x1=\"\(atX(from.x))\" y1=\"\(atY(from.y))\" x2=\"\(atX(to.x))\""
                out += " y2=\"\(atY(to.y))\" stroke-dasharray=\"\(n(2 * unit)) \(n(2 * unit))\"/>\n"
                out += "<circle class=\"closure\" cx=\"\(atX(to.x))\" cy=\"\(atY(to.y))\" r=\"\(n(2 * unit))\"/>\n"
            }
        }
        out += "</g>\n"
    }

    /// A line with a head at `to`.
    func arrow(from: Point, to: Point, className: String) -> String {
        var text = "<g class=\"\(className)\">"
        text += "<line x1=\"\(atX(from.x))\" y1=\"\(atY(from.y))\" x2=\"\(atX(to.x))\" y2=\"\(atY(to.y))\"/>"
        let length = from.distance(to: to)
        if length > 0 {
            let (dx, dy) = ((to.x - from.x) / length, (to.y - from.y) / length)
            let head = min(6 * unit, length / 2)
            let left = Point(x: to.x - head * dx + head / 2 * dy, y: to.y - head * dy - head / 2 * dx)
            let right = Point(x: to.x - head * dx - head / 2 * dy, y: to.y - head * dy + head / 2 * dx)
            text +=
                "<polyline points=\"\(atX(left.x)),\(atY(left.y)) \(atX(to.x)),\(atY(to.y)) \(atX(right.x)),\(atY(right.y))\"/>"
        }
        return text + "</g>\n"
    }

    func cross(at p: Point, size: Double, colour: String, className: String) -> String {
        var text = "<g class=\"\(className)\" stroke=\"\(colour)\" stroke-width=\"\(n(unit))\">"
        text +=
            "<line x1=\"\(atX(p.x - size))\" y1=\"\(atY(p.y - size))\" x2=\"\(atX(p.x + size))\" y2=\"\(atY(p.y + size))\"/>"
        text +=
            "<line x1=\"\(atX(p.x - size))\" y1=\"\(atY(p.y + size))\" x2=\"\(atX(p.x + size))\" y2=\"\(atY(p.y - size))\"/>"
        return text + "</g>\n"
    }

    /// A decision's label, or a caption of what a recognizer measured, placed where it overlaps no
    /// other: its text's baseline starts at `x`, `y`.
    struct Label {
        /// The recognizer decided, for a decision's label; nil for a caption.
        var report: RecognizerReport?
        var text: String
        var colour: String
        var point: Point
        var x: Double
        var y: Double
        var width: Double
        var font: Double
        /// Whether it was moved away from its point (and a line leads to it).
        var moved: Bool
    }

    /// A caption of what a recognizer measured: its text, where, in what colour.
    struct Caption {
        var text: String
        var point: Point
        var colour: String
    }

    /// The captions of the shapes measured: a recognition's named points and closure gap, and a
    /// failure's closure gap when its length is the value that broke the limit.
    func captions(_ measured: [[Measure]]) -> [Caption] {
        var captions: [Caption] = []
        // Each touch sequence after the first is labelled at its first touch-down, placed with the
        // other labels so that none lies on another.
        if result.sequences.count > 1 {
            var labelled: Set<Int> = []
            for stroke in strokes where labelled.insert(stroke.sequence).inserted {
                let down = samples[stroke.samples[0]].location
                captions.append(Caption(text: "sequence \(stroke.sequence + 1)", point: down, colour: "#111827"))
            }
        }
        for (index, shapes) in measured.enumerated() {
            let report = shown[index].report
            let failed = report.recognition == nil
            let colour = failed ? SVGRender.failedColour : SVGRender.measuredColour
            for shape in shapes {
                switch shape {
                case .corners(let points) where !failed:
                    for (p, name) in zip(points, ["top start", "top corner", "bottom corner", "bottom end"]) {
                        captions.append(Caption(text: "\(report.id): \(name)", point: p, colour: colour))
                    }
                case .mark(let p, let name) where !failed:
                    captions.append(Caption(text: "\(report.id): \(name)", point: p, colour: colour))
                // A failure's gap is captioned when it is what broke the limit: a length in points
                // equal to it (an arc of 0 rad that was too small is no closure of 0 pt).
                case .gap(let from, let to, let distance)
                where !failed
                    || (report.failure?.reason.unit == .points && report.failure?.reason.measured == distance):
                    let middle = Point(x: (from.x + to.x) / 2, y: (from.y + to.y) / 2)
                    // Its own value, to two significant digits at least (0.0000016 pt, not 0 pt), and
                    // beside a failure's limit to as many as tell them apart (42.01 pt, not 42 pt).
                    let decimals =
                        report.failure?.reason.limit.map {
                            Format.decimalsToTellApart(distance, $0, from: 1)
                        } ?? 1
                    let text = "\(report.id): closure \(Format.significant(distance, decimals: decimals)) pt"
                    captions.append(Caption(text: text, point: middle, colour: colour))
                default: break
                }
            }
        }
        return captions
    }

    /// The labels of the shown recognizers' decisions, then the captions, each beside its point or,
    /// when that place is taken, the nearest free place below or above it.
    func placeLabels(font: Double, captions: [Caption]) -> [Label] {
        var labels: [Label] = []
        let lineHeight = font * 1.25
        let decisions: [(RecognizerReport?, String, String, Point)] = shown.compactMap { item in
            decision(of: item.report).map {
                (item.report, label(of: item.report, sequence: item.sequence), colour(of: item.report), $0)
            }
        }
        let all = decisions + captions.map({ (nil, $0.text, $0.colour, $0.point) })
        // The labels placed, by band of one line height (counted from the first point, so that the
        // bands stay small numbers): a label within a line height of a candidate lies within two bands
        // of it. A trace of many touch sequences has thousands of labels, and checking each against
        // every one placed took minutes (150 taps: 30 s).
        let origin = all.first?.3.y ?? 0
        var bands: [Double: [Int]] = [:]
        func band(_ y: Double) -> Double { ((y - origin) / lineHeight).rounded(.down) }
        // The lowest line of any label: one that finds no free line within 200 of its point goes on
        // the line below it, where none can lie on it (at 21 or more touch sequences at one place, all
        // such labels were put on one line; searching on for a free line took minutes for 3,000 taps).
        var lowest = -Double.infinity
        for (report, text, colour, point) in all {
            let width = Double(text.count) * font * 0.56
            let x = point.x + 4 * unit
            var y = point.y - 2 * unit
            var step = 0
            while step < 200 {
                let offset = Double((step + 1) / 2) * (step % 2 == 1 ? 1 : -1) * lineHeight
                let candidate = point.y - 2 * unit + offset
                let near = band(candidate)
                let taken = (-2...2).contains { shift in
                    bands[near + Double(shift)]?.contains { index in
                        let other = labels[index]
                        return other.x < x + width && x < other.x + other.width
                            && abs(other.y - candidate) < lineHeight
                    } ?? false
                }
                if !taken {
                    y = candidate
                    break
                }
                step += 1
            }
            if step == 200 { y = max(lowest + lineHeight, point.y - 2 * unit) }
            lowest = max(lowest, y)
            bands[band(y), default: []].append(labels.count)
            labels.append(
                Label(
                    report: report, text: text, colour: colour, point: point, x: x, y: y, width: width, font: font,
                    moved: step > 0))
        }
        return labels
    }

    /// The colour of a recognizer's state: recognized, failed, or any other.
    func colour(of report: RecognizerReport) -> String {
        report.state == .recognized
            ? SVGRender.recognizedColour : report.state == .failed ? SVGRender.failedColour : SVGRender.otherColour
    }

    /// The captions, each with a line back to its point when it was moved away from it.
    mutating func drawCaptions(_ captions: [Label]) {
        guard !captions.isEmpty else { return }
        out += "<g class=\"captions\">\n"
        for placed in captions {
            if placed.moved {
                out += "<line x1=\"\(atX(placed.point.x))\" y1=\"\(atY(placed.point.y))\" x2=\"\(atX(placed.x))\""
                out += " y2=\"\(atY(placed.y - placed.font / 3))\" stroke=\"\(placed.colour)\" stroke-opacity=\"0.5\""
                out += " stroke-width=\"\(n(unit / 3))\"/>\n"
            }
            out += "<text x=\"\(atX(placed.x))\" y=\"\(atY(placed.y))\" font-size=\"\(n(placed.font))\""
            out += " fill=\"\(placed.colour)\">\(SVGRender.escape(placed.text))</text>\n"
        }
        out += "</g>\n"
    }

    /// Each shown recognizer's decision point, marked by state (a dot when recognized, a cross when
    /// failed, a diamond otherwise) and labelled `id: state code`.
    mutating func drawDecisions(_ labels: [Label]) {
        for placed in labels {
            guard let report = placed.report else { continue }
            let point = placed.point
            let colour = colour(of: report)
            out += "<g class=\"decision\" data-recognizer=\"\(SVGRender.escape(report.id))\""
            out += " data-state=\"\(report.state.rawValue)\">\n"
            let r = 2.5 * unit
            if report.state == .recognized {
                out += "<circle cx=\"\(atX(point.x))\" cy=\"\(atY(point.y))\" r=\"\(n(r))\" fill=\"\(colour)\"/>\n"
            } else if report.state == .failed {
                out += cross(at: point, size: r, colour: colour, className: "mark")
            } else {
                out += "<polygon points=\"\(atX(point.x)),\(atY(point.y - r)) \(atX(point.x + r)),\(atY(point.y))"
                out +=
                    " \(atX(point.x)),\(atY(point.y + r)) \(atX(point.x - r)),\(atY(point.y))\" fill=\"\(colour)\"/>\n"
            }
            if placed.moved {
                out += "<line x1=\"\(atX(point.x))\" y1=\"\(atY(point.y))\" x2=\"\(atX(placed.x))\""
                out += " y2=\"\(atY(placed.y - placed.font / 3))\" stroke=\"\(colour)\" stroke-opacity=\"0.5\""
                out += " stroke-width=\"\(n(unit / 3))\"/>\n"
            }
            out +=
                "<text x=\"\(atX(placed.x))\" y=\"\(atY(placed.y))\" font-size=\"\(n(placed.font))\" fill=\"\(colour)\">"
            out += SVGRender.escape(placed.text) + "</text>\n</g>\n"
        }
    }

    /// `circle: recognized`, `swipe: failed bent`, `pan: ended` (`2 · tap: recognized` in a trace of
    /// several touch sequences).
    func label(of report: RecognizerReport, sequence: Int) -> String {
        // With several sequences, which one (`2 · tap: recognized`): their labels may lie side by side.
        let prefix = result.sequences.count > 1 ? "\(sequence + 1) · " : ""
        var text = "\(prefix)\(report.id): \(Self.state(of: report))"
        if let failure = report.failure { text += " \(failure.reason.code)" }
        return text
    }

    /// The state as `classify` prints it: a continuous recognizer that recognized `ended`.
    static func state(of report: RecognizerReport) -> String {
        report.kind == .continuous && report.state == .recognized ? "ended" : report.state.rawValue
    }

    /// One line of the legend.
    struct LegendLine {
        var text: String
        var colour: String?
        var indent: Double
        var bold: Bool
    }

    /// The legend: the file and its gesture, then per sequence each shown recognizer with its state and
    /// reason, wrapped at `charactersPerLine`.
    func legendLines(charactersPerLine: Int) -> [LegendLine] {
        var lines: [LegendLine] = []
        // The file's name and every warning wrap as the reasons do: a long path or a warning's advice
        // must not run off the picture's edge.
        func wrapped(_ text: String, bold: Bool) {
            for part in TextReport.wrappedLines(text, width: charactersPerLine) {
                lines.append(LegendLine(text: part, colour: nil, indent: 0, bold: bold))
            }
        }
        // A line under a sequence, wrapped with its continuation indented further.
        func indented(_ text: String, colour: String?) {
            for (index, part) in TextReport.wrappedLines(text, width: charactersPerLine - 2).enumerated() {
                lines.append(
                    LegendLine(text: part, colour: index == 0 ? colour : nil, indent: index == 0 ? 1 : 2, bold: false))
            }
        }
        wrapped("\(DiagnosticText.escaped(result.file)): \(result.gesture)", bold: true)
        if frame.scale > 1 {
            wrapped(
                "drawn at 1/\(scaleText) of the trace's size (its coordinates over \(scaleText), so that a "
                    + "browser can draw them)", bold: false)
        } else if frame.scale < 1 {
            wrapped(
                "drawn at \(scaleText) times the trace's size (its coordinates times \(scaleText), so that a "
                    + "stroke this small is not a dot)", bold: false)
        }
        for warning in result.warnings { wrapped("warning: \(warning)", bold: false) }
        // Each sequence's shown recognizers, found once: a long trace has many sequences.
        let bySequence = Dictionary(grouping: shown, by: \.sequence)
        for (number, sequence) in result.sequences.enumerated() {
            let items = bySequence[number] ?? []
            // What an earlier sequence's recognizers are still deciding, as classify says it: an x's
            // second stroke is the learned recognizer's too, which reports where it began.
            let continuing = sequence.continuing.filter { filter?.contains($0) ?? true }
            if result.sequences.count > 1, !items.isEmpty || !continuing.isEmpty {
                let span = "t \(Format.time(sequence.start)) → \(Format.time(sequence.end)) s"
                wrapped("sequence \(number + 1): \(span): \(sequence.gesture)", bold: true)
                if !continuing.isEmpty {
                    indented("continuing from an earlier sequence: \(continuing.joined(separator: ", "))", colour: nil)
                }
            }
            for item in items {
                let report = item.report
                let reason = TextReport.reason(of: report, details[report.id] ?? [])
                indented(
                    "\(report.id): \(Self.state(of: report))" + (reason.isEmpty ? "" : " — \(reason)"),
                    colour: colour(of: report))
            }
        }
        return lines
    }

    /// The `<desc>`: what the picture shows, in words.
    func description() -> String {
        let touches = strokes.count
        let sequences = result.sequences.count
        // A name or path written as diagnostics write it: a line feed or tab in it as `\u{A}`, `\u{9}`.
        var text = "Touch trace \(DiagnosticText.escaped(result.file))"
        if let name = result.name { text += " (\(DiagnosticText.escaped(name)))" }
        text +=
            ": \(ReportText.count(samples.count, "sample")), \(ReportText.count(touches, "touch", plural: "touches"))"
        text += " in \(ReportText.count(sequences, "sequence")); recognized: \(result.gesture)."
        guard result.sequences.count > 1 else {
            let decided = shown.map { "\($0.report.id) \(Self.state(of: $0.report))" }
            if !decided.isEmpty { text += " Recognizers: " + decided.joined(separator: ", ") + "." }
            return text
        }
        // Sequence by sequence: one list of every sequence's read "checkmark recognized, …, checkmark
        // failed", with nothing to say which was which.
        let bySequence = Dictionary(grouping: shown, by: \.sequence)
        for (number, sequence) in result.sequences.enumerated() {
            let decided = (bySequence[number] ?? []).map { "\($0.report.id) \(Self.state(of: $0.report))" }
            guard !decided.isEmpty else { continue }
            text += " Sequence \(number + 1), \(sequence.gesture): " + decided.joined(separator: ", ") + "."
        }
        return text
    }

    /// A length (a size, a width) in the picture's units (over the frame's scale), to two decimals.
    func n(_ value: Double) -> String { plain(value / frame.scale) }

    /// An x coordinate of the trace in the picture's (`frame.place`), to two decimals.
    func atX(_ value: Double) -> String { plain((value - frame.origin.x) / frame.scale) }

    /// A y coordinate of the trace in the picture's, to two decimals.
    func atY(_ value: Double) -> String { plain((value - frame.origin.y) / frame.scale) }

    /// A number to two decimals: `Format.number(value, decimals: 2)`, made from integers (the picture
    /// has thousands of numbers, and a `Double`'s description is slow).
    func plain(_ value: Double) -> String {
        let scaled = (value * 100).rounded()
        guard scaled.isFinite, abs(scaled) < 1e15 else { return Format.number(value, decimals: 2) }
        let hundredths = Int64(scaled)
        if hundredths == 0 { return "0" }
        let magnitude = hundredths.magnitude
        var text = hundredths < 0 ? "-" : ""
        text += String(magnitude / 100)
        let fraction = magnitude % 100
        if fraction != 0 {
            text += fraction < 10 ? ".0" : "."
            text += String(fraction % 10 == 0 ? fraction / 10 : fraction)
        }
        return text
    }
}
