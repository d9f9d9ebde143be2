/// The human-readable form of results: per file and sequence the gesture, then each recognizer's
/// final state, where it decided and why, its lines in time order, fitted to a width.
///
///     Traces/checkmark.json: checkmark
///       sequence 1: t 0 → 0.267 s: checkmark
///         checkmark   recognized  t=0.267 event 16 sample 16  recognized checkmark
///         z           failed      t=0.067 event 4 sample 4    left-the-line: the top part strayed from
///                                                             horizontal (measured 25 pt > limit 20 pt) at …
public enum TextReport {
    /// How text is laid out for its reader, which the executable decides: the width every line fits in
    /// (a terminal's, or 100 columns) and whether states are coloured with ANSI escapes.
    public struct Style: Sendable, Hashable {
        /// Columns every line fits in; at least 40.
        public var width: Int
        /// Whether to colour states and gestures with ANSI escapes (for a terminal).
        public var color: Bool

        public init(width: Int = 100, color: Bool = false) {
            self.width = max(width, 40)
            self.color = color
        }
    }

    /// Narrower than this, a reason starts on a line of its own instead of in its column.
    static let narrowestText = 30
    /// Where a reason starts when its column leaves too little room.
    static let narrowIndent = 6

    public static func render(
        _ outcome: Result<TraceResult, TraceError>, configuration: Configuration? = nil, style: Style = Style()
    ) -> String {
        switch outcome {
        case .success(let result): render(result, configuration: configuration, style: style)
        case .failure(let error): "\(error.description)\n"
        }
    }

    /// One trace's result: every line but the first (`FILE: GESTURE`, whole) fits `style.width`; a
    /// long reason wraps in its column; each recognizer's lines in time order (a wait before the
    /// failure it ended in); every detail with the unit the recognizer declares for it
    /// (`configuration`'s recognizers, or the registry's).
    public static func render(_ result: TraceResult, configuration: Configuration? = nil, style: Style = Style())
        -> String
    {
        var text = ""
        render(result, configuration: configuration, style: style) { text += $0 }
        return text
    }

    /// The same text, handed to `write` a touch sequence at a time (the first line and warnings
    /// first), each piece whole lines: a session of a million samples is not held as one text of
    /// tens of megabytes, grown by doubling, on top of the result it describes.
    public static func render(
        _ result: TraceResult, configuration: Configuration? = nil, style: Style = Style(), to write: (String) -> Void
    ) {
        let specs = detailSpecs(configuration)
        let width = style.width
        let gestureColor = result.gesture == "none" ? ANSI.bold : ANSI.green + ANSI.bold
        // The first line, `FILE: GESTURE`, whole however long, so that `grep '^FILE: '` finds it: a
        // file name cut at the width went on on the next line.
        var out =
            painted(
                DiagnosticText.escaped(result.file) + ": \(result.gesture)", suffix: result.gesture, gestureColor, style
            )
            + "\n"
        for warning in result.warnings {
            out += "  " + wrap("warning: \(warning)", start: 2, indent: 4, width: width) + "\n"
        }
        // The ids' column, as wide as the longest id up to a quarter of the width: a longer id (a
        // learned recognizer's of 150 letters) has a line of its own above its row, where every row
        // was pushed past the width.
        let idWidth = min(
            result.sequences.flatMap(\.recognizers).map { Format.columns($0.id) }.max() ?? 0, max(12, width / 4))
        let textColumn = 4 + idWidth + 2 + 10 + 2
        for (number, sequence) in result.sequences.enumerated() {
            write(out)
            out.removeAll(keepingCapacity: true)
            let span = "t \(Format.time(sequence.start)) → \(Format.time(sequence.end)) s"
            let line = "sequence \(number + 1): \(span): \(sequence.gesture)\(sequence.ended ? "" : " (never ended)")"
            out += "  " + wrap(line, start: 2, indent: 4, width: width) + "\n"
            if !sequence.continuing.isEmpty {
                let names = sequence.continuing.joined(separator: ", ")
                out += "    " + wrap("continuing from an earlier sequence: \(names)", start: 4, indent: 6, width: width)
                out += "\n"
            }
            let blocks = sequence.recognizers.map { lines(of: $0, specs[$0.id] ?? []) }
            let placeWidth = blocks.joined().compactMap { $0.place?.count }.max() ?? 0
            for (report, block) in zip(sequence.recognizers, blocks) {
                let state = report.kind == .continuous && report.state == .recognized ? "ended" : report.state.rawValue
                for (index, line) in block.enumerated() {
                    var head: String
                    if index == 0 {
                        let id = Format.columns(report.id) > idWidth ? "" : report.id
                        if id.isEmpty { out += "    " + report.id + "\n" }
                        head = "    " + pad(id, idWidth) + "  " + paint(state, color(of: state), style)
                        head += String(repeating: " ", count: max(10 - state.count, 0)) + "  "
                    } else {
                        head = String(repeating: " ", count: textColumn)
                    }
                    var column = textColumn
                    var text = line.text
                    if let place = line.place {
                        head += pad(place, placeWidth) + "  "
                        column += placeWidth + 2
                    }
                    if width - column < narrowestText {
                        // Too narrow for the reason column: the reason on the lines below, indented 6,
                        // and the place with it when the place does not fit after the state either.
                        if let place = line.place, textColumn + place.count > width {
                            head.removeLast(placeWidth + 2)
                            text = glue(place) + " " + text
                        }
                        while head.hasSuffix(" ") { head.removeLast() }
                        out += head + "\n" + String(repeating: " ", count: narrowIndent)
                        column = narrowIndent
                    } else {
                        out += head
                    }
                    out += wrap(text, start: column, indent: column, width: width) + "\n"
                }
            }
        }
        write(out)
    }

    /// One line of a recognizer's part of the report, before layout.
    struct Line {
        var time: Double
        /// `t=0.3 event 18 sample 18`; nil for a continuous recognizer's summary.
        var place: String?
        var text: String
    }

    /// A recognizer's lines in time order: its transitions and the verdict they led to (the verdict
    /// last among lines of one time), or a continuous recognizer's life in one line.
    static func lines(of report: RecognizerReport, _ specs: [DetailSpec]) -> [Line] {
        if report.kind == .continuous, let began = report.transitions.first(where: { $0.to == .began }) {
            return [Line(time: began.time, place: nil, text: readableContinuous(report, began: began, specs))]
        }
        var lines: [Line] = report.transitions.dropLast().map { transition in
            Line(
                time: transition.time, place: place(transition.time, transition.event, transition.sample),
                text: "\(transition.from.rawValue) → \(transition.to.rawValue): \(transition.reason)")
        }
        if let failure = report.failure {
            lines.append(
                Line(
                    time: failure.time, place: place(failure.time, failure.event, failure.sample),
                    text: verdict(of: report, specs)))
        } else if let last = report.transitions.last {
            lines.append(
                Line(
                    time: last.time, place: place(last.time, last.event, last.sample), text: verdict(of: report, specs))
            )
        }
        return lines.enumerated().sorted { ($0.element.time, $0.offset) < ($1.element.time, $1.offset) }
            .map(\.element)
    }

    /// `waited t=0.016 for z, began t=0.12 → 23 changes → ended t=0.8 (translation (212, -4) pt)`.
    static func readableContinuous(_ report: RecognizerReport, began: Transition, _ specs: [DetailSpec]) -> String {
        var text = "began t=\(Format.time(began.time))"
        if let wait = report.transitions.first(where: { !$0.waitingFor.isEmpty }) {
            text =
                "waited t=\(Format.time(wait.time)) for \(wait.waitingFor.joined(separator: ", ")), "
                + text
        }
        let changes = report.transitions.filter { $0.to == .changed }.count
        text += " → \(ReportText.count(changes, "change"))"
        if let last = report.transitions.last, last.to == .recognized || last.to == .cancelled {
            text += " → \(last.to == .recognized ? "ended" : "cancelled") t=\(Format.time(last.time))"
            if last.to == .cancelled { text += ": \(last.reason)" }
        }
        if let details = report.recognition?.details, !details.isEmpty {
            text += " (" + details.map { detail($0, specs) }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `code: message (measured 0.2504 s > limit 0.25 s) at (x, y)`: the measured value and its limit
    /// with as many decimals as it takes to tell them apart, and how they compare.
    public static func explain(_ reason: FailureReason) -> String { unglued(glued(reason)) }

    /// `explain`, with no-break spaces where a line should not break (`13.48 pt`, `at (201, 401)`).
    static func glued(_ reason: FailureReason) -> String {
        var text = "\(reason.code): \(reason.message)"
        let comparison = gluedComparison(measured: reason.measured, limit: reason.limit, unit: reason.unit)
        if !comparison.isEmpty { text += " (\(comparison))" }
        if let point = reason.point { text += " " + glue("at \(point)") }
        return text
    }

    /// `measured 0.2504 s > limit 0.25 s`, `measured 2 touches > limit 1 touch`, `measured 3.0969 rad`:
    /// angles from 4 decimals, seconds from 3 (as `t=` shows times), other values from 2, more while a
    /// value and its limit print the same (up to 6); `=` when they are equal. Seconds from more where
    /// the smaller of the two needs them for two significant digits (`measured 0.0049 s < limit
    /// 0.005 s`), so a short time never reads as 0 nor as its limit; another value that would read with
    /// one significant digit or none gets its two too (`measured 0.0001 pt > limit 0.000048 pt`,
    /// `limit 0.005 pt`, not `0.01`).
    public static func compare(measured: Double?, limit: Double?, unit: MeasureUnit?) -> String {
        unglued(gluedComparison(measured: measured, limit: limit, unit: unit))
    }

    static func gluedComparison(measured: Double?, limit: Double?, unit: MeasureUnit?) -> String {
        var base = unit == .radians ? 4 : 2
        if unit == .seconds {
            // From 3 decimals, as `t=` shows the times (`Format.time`): `t=0.117` beside `measured 0.117 s`.
            base = min(12, max(3, Format.significantDecimals(measured ?? 0), Format.significantDecimals(limit ?? 0)))
        }
        // A value that is not 0 but would print with one significant digit or none (a limit of 0.005
        // reads 0.01, a closure limit of 0.0000475 in a trace in metres reads 0) gets its own two
        // significant digits, as seconds do; the other prints as it did.
        func shown(_ value: Double, _ decimals: Int) -> String {
            guard value != 0, Format.significantDecimals(value) > decimals else {
                return Format.grouped(value, decimals: decimals)
            }
            return Format.significant(value, decimals: decimals)
        }
        switch (measured, limit) {
        case (let measured?, let limit?):
            let decimals = Format.decimalsToTellApart(measured, limit, from: base)
            let (a, b) = (shown(measured, decimals), shown(limit, decimals))
            // A failure at its limit is a wait that reached it (a tap still down at 0.25 s): a value
            // equal to its limit passes every rule, so `=` read as failing at equality.
            let relation = a == b ? "reached" : (measured > limit ? ">" : "<")
            return glue("measured \(quantity(a, measured, unit))") + " "
                + glue("\(relation) limit \(quantity(b, limit, unit))")
        case (let measured?, nil):
            return glue("measured \(quantity(shown(measured, base), measured, unit))")
        case (nil, let limit?):
            return glue("limit \(quantity(shown(limit, base), limit, unit))")
        case (nil, nil):
            return ""
        }
    }

    /// A number as printed with its unit: `3 pt`, `1 touch`, `2 touches`; counts and ratios bare.
    static func quantity(_ text: String, _ value: Double, _ unit: MeasureUnit?) -> String {
        switch unit {
        case nil, .count?, .ratio?: text
        case .touches?: value == 1 ? "\(text) touch" : "\(text) touches"
        case let unit?: "\(text) \(unit.rawValue)"
        }
    }

    /// `radius 80.04 pt`, `speed 1,440 pt/s`, `center (194.95, 420.15) pt`, `bounds 114.4 340 161.1×160.3 pt`,
    /// `direction clockwise`: a detail with the unit its `DetailSpec` declares, shaped by its kind.
    static func detail(_ member: JSONValue.Member, _ specs: [DetailSpec]) -> String {
        let spec = specs.first { $0.name == member.key }
        return glue("\(member.key) \(readable(member.value, spec))")
    }

    /// A line never breaks at these (`wrap` prints them as spaces): NUL, which no text the report
    /// shows holds. No file name or command-line argument can, the trace readers refuse a NUL byte, a
    /// touch name or quoted value holding one (JSON's `\u0000`) is shown escaped, `\u{0}`, and no
    /// gesture name or label may hold a control character. (It was U+E000, of the private use area,
    /// which a file name may hold: `a\u{E000}b.csv` was reported as `a b.csv`.)
    static let noBreak: Character = "\u{0}"

    /// `text` as one unbreakable piece.
    static func glue(_ text: String) -> String { replacing([0x20], with: [0x00], in: text) }

    /// `text` with its no-break marks spaces again.
    static func unglued(_ text: String) -> String { replacing([0x00], with: [0x20], in: text) }

    /// `text` with every `old` (the UTF-8 of one scalar) replaced by `new`, byte by byte; `text` itself
    /// when it has none (this is on the way of every picture's legend line).
    private static func replacing(_ old: [UInt8], with new: [UInt8], in text: String) -> String {
        let bytes = Array(text.utf8)
        guard bytes.contains(old[0]) else { return text }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 2 * bytes.count / 8)
        var i = 0
        while i < bytes.count {
            if bytes[i] == old[0], i + old.count <= bytes.count, bytes[i..<(i + old.count)].elementsEqual(old) {
                out.append(contentsOf: new)
                i += old.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    static func readable(_ value: JSONValue, _ spec: DetailSpec?) -> String {
        let unit = spec?.unit
        let suffix: String =
            switch unit {
            case nil, .count?, .ratio?, .touches?: ""
            case let unit?: " \(unit.rawValue)"
            }
        func coordinate(_ value: JSONValue) -> String { value.numberValue.map { Format.number($0) } ?? value.text }
        switch (spec?.kind, value) {
        case (_, .null): return spec?.nullText ?? "none"
        case (.point?, .object(let members)) where members.map(\.key) == ["x", "y"],
            (nil, .object(let members)) where members.map(\.key) == ["x", "y"]:
            return "(\(coordinate(members[0].value)), \(coordinate(members[1].value)))" + suffix
        case (.rectangle?, .object(let members)) where members.map(\.key) == ["x", "y", "width", "height"],
            (nil, .object(let members)) where members.map(\.key) == ["x", "y", "width", "height"]:
            let (x, y, w, h) = (members[0].value, members[1].value, members[2].value, members[3].value)
            return "\(coordinate(x)) \(coordinate(y)) \(coordinate(w))×\(coordinate(h))" + suffix
        case (_, .number(let n)):
            return quantity(Format.grouped(n, decimals: abs(n) >= 1000 ? 0 : 2), n, unit)
        case (_, .string(let s)): return s
        default: return value.text
        }
    }

    /// Each recognizer's declared details by id: the configuration's, or the registry's.
    static func detailSpecs(_ configuration: Configuration?) -> [String: [DetailSpec]] {
        let definitions = configuration?.entries.map(\.definition) ?? Registry.all
        var specs: [String: [DetailSpec]] = [:]
        for definition in definitions { specs[definition.id] = definition.details }
        return specs
    }

    /// `text` placed at column `start` of a line, wrapped at spaces to fit `width`; every further line
    /// starts with `indent` spaces. A word longer than a line is cut.
    static func wrap(_ text: String, start: Int, indent: Int, width: Int) -> String {
        String(decoding: wrapped(text, start: start, indent: indent, width: width).bytes, as: UTF8.self)
    }

    /// `wrap`'s lines, without their line breaks and indents (a picture's legend draws each apart);
    /// none for a text of spaces alone.
    static func wrappedLines(_ text: String, width: Int) -> [String] {
        let (bytes, lines) = wrapped(text, start: 0, indent: 0, width: width)
        return lines.filter { !$0.isEmpty }.map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// `wrap`'s UTF-8, and where in it each line's text lies (after the indent, before the break).
    private static func wrapped(
        _ text: String, start: Int, indent: Int, width: Int
    ) -> (bytes: [UInt8], lines: [Range<Int>]) {
        // On the UTF-8 bytes (every line of `classify` goes through here): a scalar is a byte that
        // does not continue one, and a no-break mark (NUL) is one scalar, written as a space. Words
        // are the runs between spaces; runs of spaces, and spaces at either end, are one break.
        let bytes = Array(text.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var lines: [Range<Int>] = []
        var lineStart = 0
        var used = start
        var lineHasWord = false
        func breakLine() {
            lines.append(lineStart..<out.count)
            out.append(0x0A)
            out.append(contentsOf: repeatElement(0x20, count: indent))
            lineStart = out.count
            used = indent
            lineHasWord = false
        }
        var next = 0
        while next < bytes.count {
            if bytes[next] == 0x20 {
                next += 1
                continue
            }
            var end = next
            var size = 0
            while end < bytes.count, bytes[end] != 0x20 {
                if bytes[end] & 0xC0 != 0x80 { size += 1 }
                end += 1
            }
            var word = next..<end
            next = end
            while !word.isEmpty {
                let need = size + (lineHasWord ? 1 : 0)
                if used + need <= width {
                    if lineHasWord { out.append(0x20) }
                    out.append(contentsOf: bytes[word])
                    used += need
                    lineHasWord = true
                    break
                }
                if lineHasWord || used > indent {
                    breakLine()
                    continue
                }
                // A word longer than a line: cut after as many scalars as fit.
                var cut = word.lowerBound
                var taken = 0
                while cut < word.upperBound, taken < max(width - used, 1) {
                    cut += 1
                    while cut < word.upperBound, bytes[cut] & 0xC0 == 0x80 { cut += 1 }
                    taken += 1
                }
                out.append(contentsOf: bytes[word.lowerBound..<cut])
                used += taken
                size -= taken
                word = cut..<word.upperBound
                lineHasWord = true
            }
        }
        lines.append(lineStart..<out.count)
        // The no-break marks as spaces (`unglued`), here on the bytes already at hand.
        for index in out.indices where out[index] == 0 { out[index] = 0x20 }
        return (out, lines)
    }

    /// ANSI escapes (SGR) for a terminal.
    enum ANSI {
        static let reset = "\u{1B}[0m"
        static let bold = "\u{1B}[1m"
        static let red = "\u{1B}[31m"
        static let green = "\u{1B}[32m"
        static let yellow = "\u{1B}[33m"
    }

    static func color(of state: String) -> String? {
        switch state {
        case "recognized", "ended": ANSI.green
        case "failed": ANSI.red
        case "cancelled": ANSI.yellow
        default: nil
        }
    }

    static func paint(_ text: String, _ code: String?, _ style: Style) -> String {
        guard style.color, let code else { return text }
        return code + text + ANSI.reset
    }

    /// `text` with its last word `suffix` painted, when it ends with it.
    static func painted(_ text: String, suffix: String, _ code: String, _ style: Style) -> String {
        guard style.color, !suffix.isEmpty, text.hasSuffix(suffix) else { return text }
        return text.dropLast(suffix.count) + code + suffix + ANSI.reset
    }

    /// A recognizer's verdict in one line, as `render` (SVG) and the batch report give it: what
    /// `classify` prints for it (`lines(of:)`, its last line: the verdict), without the wrapping.
    /// `specs` are its declared details, for their units.
    static func reason(of report: RecognizerReport, _ specs: [DetailSpec]) -> String {
        if report.kind == .continuous, let began = report.transitions.first(where: { $0.to == .began }) {
            return unglued(readableContinuous(report, began: began, specs))
        }
        return unglued(verdict(of: report, specs))
    }

    /// A discrete recognizer's verdict, glued: its failure, or its last transition's reason with the
    /// recognition's details; empty when it has neither.
    static func verdict(of report: RecognizerReport, _ specs: [DetailSpec]) -> String {
        if let failure = report.failure { return glued(failure.reason) }
        guard let last = report.transitions.last else { return "" }
        var text = last.reason
        if let details = report.recognition?.details, !details.isEmpty {
            text += " (" + details.map { detail($0, specs) }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `gesture list`: recognizers, parameters and relationships, every line fitting `style.width`
    /// (a parameter's meaning wraps in its column).
    public static func render(_ configuration: Configuration, style: Style = Style()) -> String {
        let width = style.width
        /// A line of a recognizer's part, from column 2, wrapped under its text.
        func item(_ text: String) -> String { "  " + wrap(text, start: 2, indent: 4, width: width) + "\n" }
        var out = "profile: \(configuration.profile.rawValue)\n"
        for entry in configuration.entries {
            let definition = entry.definition
            out +=
                "\n"
                + wrap(
                    "\(definition.id) (\(definition.kind.rawValue)): \(DiagnosticText.escaped(definition.summary))",
                    start: 0, indent: 2,
                    width: width) + "\n"
            out += item("gestures: \(entry.gestures.joined(separator: ", "))")
            if let kind = definition.instanceOf {
                out += item("instance of: \(kind)\(definition.recognizedAs.map { ", recognized as \($0)" } ?? "")")
            }
            if let learned = definition.learned {
                out += item("learned: \(DiagnosticText.escaped(learned.file)), algorithm \(learned.algorithm.rawValue)")
                out += item(ReportText.thresholdsChosen(learned))
                for gesture in learned.gestures {
                    out += item(
                        "  \(gesture.name): \(ReportText.count(gesture.templates, "template")), threshold "
                            + "\(Format.significant(gesture.threshold, decimals: 1)), cross-validated recall "
                            + "\(ReportText.percent(gesture.recall)), false alarms \(ReportText.percent(gesture.falseAlarms, decimals: 2))"
                            + (gesture.strokes > 1 ? ", up to \(gesture.strokes) strokes" : ""))
                }
            }
            if !entry.requiresFailureOf.isEmpty {
                out += item("requires to fail: \(entry.requiresFailureOf.joined(separator: ", "))")
            }
            let together = configuration.simultaneousPartners(of: entry.id)
            if !together.isEmpty { out += item("recognizes simultaneously with: \(together.joined(separator: ", "))") }
            if !definition.capabilities.isEmpty {
                out += item("is: \(definition.capabilities.map(\.rawValue).joined(separator: ", "))")
            }
            let (parameters, values) = (definition.parameters, entry.values)
            let nameWidth = parameters.map(\.name.count).max() ?? 0
            var column = 2 + nameWidth + 2 + 14 + 2
            let indent = width - column < narrowestText ? narrowIndent : column
            for parameter in parameters {
                let value = values[parameter.name] ?? parameter.defaultValue
                // Each part in one piece: `default 0.6`, `≥ 0`, not broken over two lines.
                let note =
                    ([
                        "default \(plain(parameter.defaultValue, parameter))",
                        "seed \(plain(parameter.seed, parameter))",
                    ]
                    + (parameter.hammer == parameter.defaultValue
                        ? [] : ["hammer \(plain(parameter.hammer, parameter))"])
                    + (parameter.type == .boolean || parameter.type == .directions ? [] : ["\(parameter.range)"]))
                    .map(glue).joined(separator: ", ")
                let shown = withUnit(value, parameter)
                var head = "  " + pad(parameter.name, nameWidth) + "  " + pad(shown, 14) + "  "
                column = head.count
                if column > width - narrowestText {
                    // Too narrow for the meaning column: the name and value, then the meaning below.
                    head = "  " + wrap(parameter.name + " " + glue(shown), start: 2, indent: 4, width: width)
                    head += "\n" + String(repeating: " ", count: indent)
                    column = indent
                }
                out += head + wrap("\(parameter.meaning) (\(note))", start: column, indent: indent, width: width) + "\n"
            }
            if !definition.constraints.isEmpty {
                out += item("constraints: \(definition.constraints.map(\.description).joined(separator: ", "))")
            }
            if !definition.failureCodes.isEmpty {
                out += item("failure codes: \(definition.failureCodes.map(\.code).joined(separator: ", "))")
            }
            if !definition.details.isEmpty {
                out += item("details: \(definition.details.map(\.name).joined(separator: ", "))")
            }
        }
        return out
    }

    /// `3 pt`, `0.6981 rad`, `1 touch`, `true`, `off`.
    private static func withUnit(_ value: ParameterValue, _ parameter: ParameterSpec) -> String {
        switch value {
        // Each pattern its own `where`: one clause binds the last pattern only.
        case .number(1) where parameter.unit == .touches, .integer(1) where parameter.unit == .touches:
            "1 touch"
        case .number, .integer: parameter.unit.map { "\(value) \($0.rawValue)" } ?? "\(value)"
        case .boolean, .directions, .off: "\(value)"
        }
    }

    /// `3`, `on`, `off`; an angle also in degrees: `0.6981 (40°)`.
    private static func plain(_ value: ParameterValue, _ parameter: ParameterSpec) -> String {
        guard case .number(let radians) = value, parameter.unit == .radians else { return "\(value)" }
        return "\(value) (\(Format.number(radians * 180 / Double.pi, decimals: 1))°)"
    }

    private static func place(_ time: Double, _ event: Int, _ sample: Int?) -> String {
        var text = "t=\(Format.time(time)) event \(event)"
        if let sample { text += " sample \(sample)" }
        return text
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        let columns = Format.columns(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }
}
