import Foundation
import Testing

@testable import GestureKit

/// `classify`'s text as people read it (issue 15): it fits the width, long reasons wrap under their
/// column, each recognizer's lines come in time order, details carry their declared units, bounds read
/// `x y w×h`, a value next to its limit shows the digits that tell them apart, counts agree with their
/// nouns, and colour goes to a terminal only.
@Suite struct ReadableTextTests {
    static let escape = "\u{1B}["

    /// Every bundled trace's result, classified with the default configuration.
    static let results: [TraceResult] = GestureCommand.traces.map { path in
        let trace = try! TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent(path).path)
        return Classifier().classify(trace, file: path)
    }

    static func lines(_ text: String) -> [Substring] { text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test func noLineIsWiderThan100ColumnsWhenPiped() throws {
        let classify = try GestureCommand.run(["classify"] + GestureCommand.traces)
        let list = try GestureCommand.run(["list"])
        for output in [classify.stdout, list.stdout] {
            #expect(!output.isEmpty)
            for line in Self.lines(output) { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
        }
    }

    @Test(arguments: [40, 60, 80, 100, 132])
    func noLineIsWiderThanTheWidthAsked(_ width: Int) {
        for result in Self.results {
            let text = TextReport.render(result, style: .init(width: width))
            // But the first, `FILE: GESTURE`, whole.
            #expect(Self.lines(text).first == "\(result.file): \(result.gesture)")
            for line in Self.lines(text).dropFirst() {
                #expect(line.count <= width, "\(line.count) columns: \(line)")
            }
        }
        for line in Self.lines(TextReport.render(Configuration(), style: .init(width: width))) {
            #expect(line.count <= width, "\(line.count) columns: \(line)")
        }
    }

    /// A trace's first line, `FILE: GESTURE`, is whole whatever the width, so that a script's `grep`
    /// finds it: a file name longer than the line was cut at the width and went on on the next.
    @Test func theFirstLineIsWholeHoweverLong() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-long-\(getpid())/" + String(repeating: "a", count: 60) + "/" + String(repeating: "b", count: 50))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer {
            try? FileManager.default.removeItem(at: folder.deletingLastPathComponent().deletingLastPathComponent())
        }
        let trace = folder.appendingPathComponent("tap.json")
        try FileManager.default.copyItem(
            at: GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json"), to: trace)
        let classify = try GestureCommand.run(["classify", trace.path])
        #expect(Self.lines(classify.stdout).first == "\(trace.path): tap")
        // The lines after it still fit.
        for line in Self.lines(classify.stdout).dropFirst() { #expect(line.count <= 100, "\(line)") }
    }

    /// A reason too long for its line goes on under itself, at the column it started in.
    @Test func aLongReasonWrapsUnderItsColumn() {
        let reason = FailureReason(
            code: "too-long", message: String(repeating: "word ", count: 30) + "end", measured: 3, limit: 2,
            unit: .points, point: Point(x: 1, y: 2))
        let text = TextReport.render(Self.result(failing: reason), style: .init(width: 90))
        let lines = Self.lines(text).filter { !$0.isEmpty }
        let first = try! #require(lines.firstIndex { $0.contains("too-long:") })
        let column = lines[first].distance(
            from: lines[first].startIndex, to: lines[first].range(of: "too-long:")!.lowerBound)
        #expect(column == "    checkmark  failed      t=0.5 event 3 sample 3  ".count)
        let rest = lines[(first + 1)...]
        #expect(rest.count >= 2)
        for line in rest {
            #expect(line.prefix(column).allSatisfy { $0 == " " } && line.dropFirst(column).first != " ", "\(line)")
            #expect(line.count <= 90)
        }
        // Read back along its lines, the reason is all there, in order, its measure and place last.
        let reasonText = ([lines[first]] + rest).map { $0.dropFirst(column) }.joined(separator: " ")
        #expect(reasonText == "too-long: " + reason.message + " (measured 3 pt > limit 2 pt) at (1, 2)")
        // The number and its unit, and the place, never split over two lines.
        #expect(!lines.contains { $0.hasSuffix(" 3") || $0.hasSuffix(" at") || $0.hasSuffix(" (1,") })
    }

    /// Wrapping counts characters (Unicode scalars), not bytes; runs of spaces are one break; a word
    /// longer than a line is cut between characters; a no-break mark (NUL) holds two words together
    /// and prints as a space. A picture's legend takes the same lines without their breaks.
    @Test func wrappingCountsCharactersAndCutsLongWords() {
        #expect(TextReport.wrap("ééé ééé  ééé", start: 0, indent: 2, width: 7) == "ééé ééé\n  ééé")
        #expect(TextReport.wrap("  leading and   trailing  ", start: 0, indent: 0, width: 40) == "leading and trailing")
        #expect(TextReport.wrap("abcdefghij", start: 0, indent: 1, width: 4) == "abcd\n efg\n hij")
        #expect(TextReport.wrap("a\u{0}b c", start: 0, indent: 0, width: 3) == "a b\nc")
        // Placed at column 5 of a line, a word that fits the next line goes there, the first left empty.
        #expect(TextReport.wrap("abcdef", start: 5, indent: 2, width: 8) == "\n  abcdef")
        #expect(TextReport.wrappedLines("abcdefghij klm", width: 4) == ["abcd", "efgh", "ij", "klm"])
        #expect(TextReport.wrappedLines("naïve café ünïcödé", width: 10) == ["naïve café", "ünïcödé"])
        #expect(TextReport.wrappedLines("   ", width: 10) == [])
    }

    /// Too narrow for the reason column: the reason goes on the next line, indented 6.
    @Test func aNarrowWidthPutsTheReasonOnItsOwnLines() {
        let text = TextReport.render(Self.results.first { $0.file.hasSuffix("circle.json") }!, style: .init(width: 60))
        let lines = Self.lines(text)
        let index = lines.firstIndex { $0.hasPrefix("    checkmark") }!
        #expect(lines[index] == "    checkmark   failed      t=0.217 event 13 sample 13")
        #expect(lines[index + 1].hasPrefix("      moved-left: "), "\(lines[index + 1])")
    }

    /// A recognizer's lines are in time order: pan waited at the first movement, before it failed.
    @Test func aRecognizersLinesAreInTimeOrder() {
        for result in Self.results {
            var times: [Double] = []
            var id = ""
            for line in Self.lines(TextReport.render(result)) {
                if line.hasPrefix("    "), !line.hasPrefix("     ") { (id, times) = (String(line), []) }
                guard let range = line.range(of: "t=", options: []),
                    line[..<range.lowerBound].allSatisfy({ $0 == " " }) || line.contains("event"),
                    let time = Double(line[range.upperBound...].prefix { $0 != " " })
                else { continue }
                times.append(time)
                #expect(times == times.sorted(), "\(result.file): \(id)")
            }
        }
        let circle = TextReport.render(Self.results.first { $0.file.hasSuffix("circle.json") }!)
        let pan = Self.lines(circle).drop { !$0.hasPrefix("    pan ") }.prefix { !$0.hasPrefix("    pinch") }
        let waiting = pan.firstIndex { $0.contains("possible → possible") }!
        let failed = pan.firstIndex { $0.contains("required-recognizer-succeeded") }!
        #expect(waiting < failed)
        #expect(pan.first!.contains("t=0.017"))
    }

    @Test func detailsCarryTheirDeclaredUnits() {
        let swipe = Registry.all.first { $0.id == "swipe" }!.details
        let rotation = Registry.all.first { $0.id == "rotation" }!.details
        let pan = Registry.all.first { $0.id == "pan" }!.details
        #expect(TextReport.unglued(TextReport.detail(.init("travel", .number(210)), swipe)) == "travel 210 pt")
        #expect(TextReport.unglued(TextReport.detail(.init("speed", .number(1400)), swipe)) == "speed 1,400 pt/s")
        // A swipe over no time is infinitely fast (null in JSON), not without a speed.
        #expect(TextReport.unglued(TextReport.detail(.init("speed", .null), swipe)) == "speed infinite")
        #expect(TextReport.unglued(TextReport.detail(.init("velocity", .number(-2)), rotation)) == "velocity -2 rad/s")
        let velocity = JSONValue.object([.init("x", .number(359.28)), .init("y", .number(-119.76))])
        #expect(
            TextReport.unglued(TextReport.detail(.init("velocity", velocity), pan)) == "velocity (359.28, -119.76) pt/s"
        )
        // A detail declared with a unit the formatter has never seen, by a recognizer it does not know.
        let made = [
            DetailSpec("hold", .number, unit: .seconds, "How long."), DetailSpec("n", .integer, unit: .count, ""),
        ]
        #expect(TextReport.unglued(TextReport.detail(.init("hold", .number(0.5)), made)) == "hold 0.5 s")
        #expect(TextReport.unglued(TextReport.detail(.init("n", .number(3)), made)) == "n 3")
        // In the output of the bundled traces.
        let all = Self.results.map { TextReport.render($0) }.joined().replacing(#/\n +/#, with: " ")
        #expect(all.contains(#/travel 240 pt, deviation [0-9.]+ pt, speed 1,440 pt\/s/#))
        #expect(all.contains(#/rotation [0-9.]+ rad, velocity [0-9.]+ rad\/s/#))
        #expect(all.contains(#/translation \(180, -60\) pt/#))
    }

    @Test func boundsReadXYWidthByHeight() {
        let circle = Registry.all.first { $0.id == "circle" }!.details
        let bounds = JSONValue.object([
            .init("x", .number(114.4)), .init("y", .number(340)), .init("width", .number(161.1)),
            .init("height", .number(160.3)),
        ])
        #expect(
            TextReport.unglued(TextReport.detail(.init("bounds", bounds), circle)) == "bounds 114.4 340 161.1×160.3 pt")
        let text = TextReport.render(Self.results.first { $0.file.hasSuffix("circle.json") }!)
            .replacing(#/\n +/#, with: " ")
        #expect(text.contains(#/bounds [0-9.]+ [0-9.]+ [0-9.]+×[0-9.]+ pt/#))
        #expect(!text.contains("{\""))
    }

    /// A value that prints like its limit gets the decimals that tell them apart.
    @Test func aValueNextToItsLimitShowsTheDigitsThatTellThemApart() {
        func explain(_ measured: Double, _ limit: Double, _ unit: MeasureUnit?) -> String {
            TextReport.explain(FailureReason(code: "c", message: "m", measured: measured, limit: limit, unit: unit))
        }
        #expect(explain(0.25041, 0.25, .seconds) == "c: m (measured 0.2504 s > limit 0.25 s)")
        #expect(explain(9.996, 10, .points) == "c: m (measured 9.996 pt < limit 10 pt)")
        #expect(explain(0.698132, 0.6981, .radians) == "c: m (measured 0.69813 rad > limit 0.6981 rad)")
        #expect(explain(19.8, 19.7, .points) == "c: m (measured 19.8 pt > limit 19.7 pt)")
        // Equal is a wait that reached its limit: a value equal to its limit passes every rule.
        #expect(explain(0.25, 0.25, .seconds) == "c: m (measured 0.25 s reached limit 0.25 s)")
        // Binary noise is not a difference: 0.39 − 0.09 is 0.30000000000000004.
        #expect(explain(0.39 - 0.09, 0.3, .seconds) == "c: m (measured 0.3 s reached limit 0.3 s)")
        #expect(explain(2400, 1000, .points) == "c: m (measured 2,400 pt > limit 1,000 pt)")
        // A difference of a ten-millionth is one, out to 9 decimals (6 read `9 pt reached limit 9 pt`).
        #expect(explain(9.000_000_1, 9, .points) == "c: m (measured 9.0000001 pt > limit 9 pt)")
        #expect(explain(0.499_999_9, 0.5, .seconds) == "c: m (measured 0.4999999 s < limit 0.5 s)")
        #expect(Format.decimalsToTellApart(0.666_666_666_7, 0.666_666_7, from: 4) == 8)
        #expect(
            TextReport.explain(FailureReason(code: "c", message: "m", measured: 3.0969, unit: .radians))
                == "c: m (measured 3.0969 rad)")
    }

    /// A share reads `0%` or `100%` only when it is: 1,999 of 2,000 is not all of them, and a false-alarm
    /// rate beside its limit shows the digits that tell them apart.
    @Test func aShareReadsAllOrNoneOnlyWhenItIs() {
        #expect(ReportText.percent(1999 / 2000) == "99.95%")
        #expect(ReportText.percent(1 / 25_001, decimals: 2) == "0.004%")
        #expect(ReportText.percent(1) == "100%" && ReportText.percent(0) == "0%")
        #expect(ReportText.percent(0.125) == "12.5%")
        #expect(ReportText.percent(1 / 199, decimals: 2) == "0.5%")
        #expect(ReportText.percent(1 / 199, decimals: 2, apartFrom: 0.005) == "0.503%")
        #expect(ReportText.percent(0.005, decimals: 2, apartFrom: 0.005) == "0.5%")
        // A limit shows every digit it was given: `at most 0.04%` read below a rate of 0.03704% within it.
        #expect(ReportText.exactPercent(0.00037) == "0.037%" && ReportText.exactPercent(0.00704) == "0.704%")
        #expect(ReportText.exactPercent(0.01) == "1%" && ReportText.exactPercent(0.005) == "0.5%")
    }

    @Test func countsAgreeWithTheirNouns() throws {
        #expect(
            TextReport.compare(measured: 2, limit: 1, unit: .touches) == "measured 2 touches > limit 1 touch")
        #expect(TextReport.compare(measured: 1, limit: 2, unit: .touches) == "measured 1 touch < limit 2 touches")
        #expect(TextReport.compare(measured: 5, limit: 4, unit: .count) == "measured 5 > limit 4")
        #expect(ReportText.count(1, "trace") == "1 trace" && ReportText.count(0, "error") == "0 errors")
        let all = Self.results.map { TextReport.render($0) }.joined()
        #expect(!all.contains(" 1 touches") && !all.contains("1 changes"))
        #expect(!(try GestureCommand.run(["list"]).stdout.contains(" 1 touches")))
        // A batch of one trace.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readable-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("checkmark"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: GestureCommand.packageRoot.appendingPathComponent("Traces/checkmark.json"),
            to: folder.appendingPathComponent("checkmark/one.json"))
        let batch = try GestureCommand.run(["batch", folder.path])
        #expect(batch.stdout.hasPrefix("1 trace: 1 scored, 0 unlabelled, 0 errors\n"), "\(batch.stdout)")
    }

    @Test func colourOnlyWhenAskedOrOnATerminal() throws {
        let circle = Self.results.first { $0.file.hasSuffix("circle.json") }!
        #expect(!TextReport.render(circle).contains(Self.escape))
        let coloured = TextReport.render(circle, style: .init(color: true))
        #expect(coloured.contains("\u{1B}[32mrecognized\u{1B}[0m") && coloured.contains("\u{1B}[31mfailed\u{1B}[0m"))
        // Colour changes no layout: without the escapes it is the same text.
        #expect(coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "") == TextReport.render(circle))
        // Piped: none, unless forced.
        #expect(!(try GestureCommand.run(["classify", "Traces/circle.json"]).stdout.contains(Self.escape)))
        #expect(
            try GestureCommand.run(["classify", "--color", "always", "Traces/circle.json"]).stdout.contains(Self.escape)
        )
        #expect(
            !(try GestureCommand.run(["classify", "--color", "never", "Traces/circle.json"]).stdout.contains(
                Self.escape)))
        #expect(try GestureCommand.run(["classify", "--color", "sometimes", "Traces/circle.json"]).status == 2)
    }

    /// `script`, which gives a command a terminal.
    static let hasScript = FileManager.default.isExecutableFile(atPath: "/usr/bin/script")

    /// On a terminal (`script` gives the command one): coloured, as wide as COLUMNS, and not coloured with
    /// NO_COLOR set or on a dumb terminal (TERM=dumb, which prints the escapes as they are).
    @Test(.enabled(if: Self.hasScript, "script(1) (util-linux) is absent: no terminal to run the command on"))
    func onATerminal() throws {
        func onTerminal(_ environment: String) throws -> String {
            let command = "env -u NO_COLOR TERM=xterm \(environment) \"$GESTURE\" classify Traces/circle.json"
            let output = try GestureCommand.bash(
                "script -qec '\(command)' /dev/null", in: GestureCommand.packageRoot)
            return output.stdout.replacingOccurrences(of: "\r", with: "")
        }
        let coloured = try onTerminal("COLUMNS=70")
        #expect(coloured.contains(Self.escape))
        let plain = coloured.replacing(#/\x1B\[[0-9;]*m/#, with: "")
        #expect(plain.contains("recognized circle"))
        for line in Self.lines(plain) { #expect(line.count <= 70, "\(line)") }
        #expect(Self.lines(plain).contains { $0.count > 60 })
        #expect(!(try onTerminal("NO_COLOR=1 COLUMNS=70")).contains(Self.escape))
        #expect(!(try onTerminal("TERM=dumb COLUMNS=70")).contains(Self.escape))
        #expect(!(try onTerminal("TERM=DUMB COLUMNS=70")).contains(Self.escape))
    }

    /// A batch summary's prose (its worst misses) wraps to the terminal too; its tables do not.
    @Test(.enabled(if: Self.hasScript, "script(1) (util-linux) is absent: no terminal to run the command on"))
    func aBatchSummaryWrapsToTheTerminal() throws {
        let command = "env NO_COLOR=1 COLUMNS=50 \"$GESTURE\" batch Traces --set circle.minimumArc=7"
        let output = try GestureCommand.bash("script -qec '\(command)' /dev/null", in: GestureCommand.packageRoot)
        let text = output.stdout.replacingOccurrences(of: "\r", with: "")
        let worst = try #require(text.range(of: "worst misses"))
        let prose = Self.lines(String(text[worst.lowerBound...]))
        #expect(prose.contains("    arc-too-small: did not go far enough around"))
        for line in prose { #expect(line.count <= 50, "\(line)") }
    }

    /// The progress bar is drawn on a terminal, but not when the rows stream to the same terminal (a
    /// row was written over the bar, `…] 1/500 traces  55/s{"path":…`) nor on a dumb one (`TERM=dumb`
    /// prints its escapes).
    @Test(.enabled(if: Self.hasScript, "script(1) (util-linux) is absent: no terminal to run the command on"))
    func theProgressBarIsDrawnOnlyWhereItIsNotInTheWay() throws {
        func onTerminal(_ environment: String, _ arguments: String) throws -> String {
            let command = "env NO_COLOR=1 \(environment) \"$GESTURE\" batch Traces \(arguments)"
            return try GestureCommand.bash("script -qec '\(command)' /dev/null", in: GestureCommand.packageRoot).stdout
        }
        let text = try onTerminal("TERM=xterm", "")
        #expect(text.contains("\u{1B}[K[##############################] 23/23 traces"), "\(text)")
        let rows = try onTerminal("TERM=xterm", "--format jsonl")
        #expect(rows.hasPrefix("{\"path\":") && !rows.contains("\u{1B}[K"), "\(rows.prefix(80))")
        for term in ["TERM=dumb", "TERM=DUMB", "TERM="] {
            let dumb = try onTerminal(term, "")
            #expect(dumb.hasPrefix("23 traces: 23 scored") && !dumb.contains("\u{1B}"), "\(term): \(dumb.prefix(80))")
        }
    }

    /// A made-up result: checkmark failed for `reason` at t=0.5.
    static func result(failing reason: FailureReason) -> TraceResult {
        let failure = Failure(reason: reason, time: 0.5, event: 3, sample: 3)
        let report = RecognizerReport(
            id: "checkmark", kind: .discrete, state: .failed,
            transitions: [
                Transition(from: .possible, to: .failed, time: 0.5, event: 3, sample: 3, reason: reason.message)
            ], recognition: nil, failure: failure)
        return TraceResult(
            file: "made.json", name: nil, label: nil, warnings: [],
            sequences: [
                SequenceResult(
                    start: 0, end: 0.5, ended: true, gestures: [], recognizers: [report], continuing: [])
            ])
    }
}

extension ReadableTextTests {
    /// classify's text is handed out a touch sequence at a time, the first line first, and adds up to
    /// the whole text: a session of a million samples was one text of 44 MB grown by doubling (peak
    /// memory 267 MB for a 74 MB file, against 171 MB streamed and the bench's 3 × file target).
    @Test func theTextOfATraceIsWrittenASequenceAtATime() throws {
        let taps = (0..<3).flatMap { k in
            [Sample(Double(k), 1, .began, 100, 100), Sample(Double(k) + 0.05, 1, .ended, 100, 100)]
        }
        let result = try replay(taps, Registry.all)
        #expect(result.sequences.count == 3)
        var pieces: [String] = []
        TextReport.render(result) { pieces.append($0) }
        #expect(pieces.count == 4)
        #expect(pieces[0] == "test: tap+tap+tap\n")
        #expect(pieces[1].hasPrefix("  sequence 1: t 0 → 0.05 s: tap\n"))
        #expect(pieces[3].hasPrefix("  sequence 3: t 2 → 2.05 s: tap\n"))
        #expect(pieces.allSatisfy { $0.hasSuffix("\n") })
        #expect(pieces.joined() == TextReport.render(result))
    }
}
