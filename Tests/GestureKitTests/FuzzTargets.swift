// The bodies of the libFuzzer harnesses in Fuzz/Harnesses, shared with the tests that replay the
// committed corpus and every regression fixture (FuzzRegressionTests). Plain Swift, no Testing: the
// fuzz binaries compile this file with the harnesses (see Fuzz/fuzz.sh).
//
// Each target returns the invariants the input broke (empty when none); the harness aborts on any,
// so libFuzzer records the input. Crashes, traps, hangs and sanitizer reports are findings too.

@testable import GestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

enum FuzzTargets {
    /// The body of every libFuzzer entry point in Fuzz/Harnesses: runs `target` on the input and,
    /// when it broke an invariant, names them on standard error and aborts, so libFuzzer keeps it.
    static func run(_ name: String, _ target: ([UInt8]) -> [String], _ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt
    {
        let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
        let problems = target(bytes)
        if !problems.isEmpty {
            let report = "fuzz-\(name): broken invariants:\n" + problems.joined(separator: "\n") + "\n"
            _ = report.withCString { write(2, $0, strlen($0)) }
            abort()
        }
        return 0
    }

    /// Small limits, so that every limit path is reached by short inputs too.
    static let tinyLimits = ReadLimits(
        fileSize: 1 << 16, samples: 4, touchesDown: 2, nesting: 3, lineLength: 48, stringLength: 8, digits: 6)

    /// Odd-length inputs are read with the tiny limits, even-length ones with the defaults: mutations
    /// change lengths all the time, so both kinds of reading are fuzzed without reading twice.
    static func limits(for bytes: [UInt8]) -> ReadLimits { bytes.count % 2 == 1 ? tinyLimits : .default }

    // MARK: Readers

    static func json(_ bytes: [UInt8]) -> [String] { reader(bytes, .json) }

    static func csv(_ bytes: [UInt8]) -> [String] { reader(bytes, .csv) }

    static func xml(_ bytes: [UInt8]) -> [String] { reader(bytes, .xml) }

    /// Reads `bytes` in `format` with the reader's fast paths on or off (see `Trace.parseJSON`).
    static func parse(
        _ bytes: [UInt8], _ format: TraceFormat, file: String, limits: ReadLimits, fastPaths: Bool
    ) throws(TraceError) -> Trace {
        switch format {
        case .json: try Trace.parseJSON(bytes, file: file, limits: limits, fastPaths: fastPaths)
        case .csv: try Trace.parseCSV(bytes, file: file, limits: limits, fastPaths: fastPaths)
        case .xml: try Trace.parseXML(bytes, file: file, limits: limits, fastPaths: fastPaths)
        }
    }

    /// How reading `bytes` with the fast paths differs from reading them without: `nil` when both
    /// give the same trace (its samples bit for bit, offsets included, and its metadata) or the same
    /// error (code, file, line, column, sample and message).
    static func fastPathDifference(
        _ bytes: [UInt8], _ format: TraceFormat, file: String, limits: ReadLimits
    ) -> String? {
        let fast = Result { () throws(TraceError) in
            try parse(bytes, format, file: file, limits: limits, fastPaths: true)
        }
        let general = Result { () throws(TraceError) in
            try parse(bytes, format, file: file, limits: limits, fastPaths: false)
        }
        switch (fast, general) {
        case (.success(let a), .success(let b)):
            if a.name != b.name || a.label != b.label || a.view != b.view || a.warnings != b.warnings {
                return
                    "the fast paths read other metadata: \(a.name ?? "-") \(a.label ?? "-") \(String(describing: a.view)), "
                    + "without: \(b.name ?? "-") \(b.label ?? "-") \(String(describing: b.view))"
            }
            return sampleDifference(a.samples, b.samples)
        case (.failure(let a), .failure(let b)):
            return a == b
                ? nil : "the fast paths report \(a) (\(a.code.rawValue)), without them \(b) (\(b.code.rawValue))"
        case (.success(let a), .failure(let b)):
            return "the fast paths read \(a.samples.count) samples, without them: \(b)"
        case (.failure(let a), .success(let b)):
            return "the fast paths report \(a), without them \(b.samples.count) samples are read"
        }
    }

    /// The first difference between two lists of samples, compared bit for bit (so `-0` is not `0`),
    /// offsets included; `nil` when there is none.
    static func sampleDifference(_ a: [Sample], _ b: [Sample]) -> String? {
        if a.count != b.count { return "\(a.count) samples with the fast paths, \(b.count) without" }
        for (index, (x, y)) in zip(a, b).enumerated() {
            let same =
                x.time.bitPattern == y.time.bitPattern && x.location.x.bitPattern == y.location.x.bitPattern
                && x.location.y.bitPattern == y.location.y.bitPattern && x.touch == y.touch && x.phase == y.phase
                && x.offset == y.offset
            if !same { return "sample \(index): \(x) with the fast paths, \(y) without" }
        }
        return nil
    }

    /// Reads `bytes` with the fast paths and without (the results must be the same), checks the
    /// result or the error, validates, and for JSON and CSV writes the trace back out and reads it
    /// again: the samples must come back identical.
    static func reader(_ bytes: [UInt8], _ format: TraceFormat) -> [String] {
        let limits = limits(for: bytes)
        let file = "fuzz.\(format.rawValue)"
        var problems: [String] = []
        if let difference = fastPathDifference(bytes, format, file: file, limits: limits) {
            problems.append(difference)
        }
        var trace: Trace
        do {
            trace = try parse(bytes, format, file: file, limits: limits, fastPaths: true)
        } catch {
            return problems + check(error, file: file, in: bytes)
        }
        if trace.samples.count > limits.samples {
            problems.append("\(trace.samples.count) samples kept, limit \(limits.samples)")
        }
        for (index, sample) in trace.samples.enumerated() {
            guard let offset = sample.offset, offset >= 0, offset < bytes.count else {
                problems.append("sample \(index): offset \(String(describing: sample.offset)) outside the text")
                continue
            }
            let expected: UInt8 =
                format == .json ? UInt8(ascii: "{") : format == .xml ? UInt8(ascii: "<") : bytes[offset]
            if bytes[offset] != expected {
                problems.append("sample \(index): offset \(offset) is not at the sample's start")
            }
            if !(sample.time.isFinite && sample.location.x.isFinite && sample.location.y.isFinite) {
                problems.append("sample \(index): a number is not finite")
            }
        }
        if format == .json || format == .csv {
            let text = format == .json ? writeJSON(trace) : writeCSV(trace)
            do {
                let again =
                    try format == .json
                    ? Trace.parseJSON(Array(text.utf8), file: "again.json")
                    : Trace.parseCSV(Array(text.utf8), file: "again.csv")
                if again.samples.map(\.withoutOffset) != trace.samples.map(\.withoutOffset) {
                    problems.append("the trace written back out reads differently:\n\(text)")
                }
            } catch {
                problems.append("the trace written back out does not read: \(error)\n\(text)")
            }
        }
        do {
            try TraceValidator.validate(
                &trace, file: file, text: bytes,
                clockResolution: format == .xml ? TraceReader.dollarClockResolution : 0,
                limits: limits)
        } catch {
            problems += check(error, file: file, in: bytes)
            return problems
        }
        // A `$`-family stroke that jumps is named by its sample, within the trace.
        if format == .xml, let warning = Trace.jumpWarning(trace, text: bytes) {
            let index = Int(String(warning.dropFirst("sample ".count).prefix { $0.isNumber }))
            if !warning.hasPrefix("sample ") || !trace.samples.indices.contains(index ?? -1) {
                problems.append("a jump warning names no sample of the trace: \(warning)")
            }
            // Read as lifts (`--lift-at-jumps`), it is still a valid trace: each touch begins and ends.
            var lifted = trace
            lifted.format = .xml  // As `TraceReader.read` marks it; the adjustment cuts only `$` logs.
            TraceAdjustment(liftsAtJumps: true).apply(to: &lifted)
            do {
                try TraceValidator.validate(
                    &lifted, file: file, text: bytes, clockResolution: TraceReader.dollarClockResolution, limits: limits
                )
            } catch {
                problems.append("read as lifts, the trace is not valid: \(error)")
            }
        }
        return problems + converted(trace)
    }

    /// What `gesture convert` makes of a valid trace: every format's bytes read back (`convert`
    /// reads them and compares, bit for bit), JSON loses nothing, and only XML refuses a trace, one
    /// with touches down at the same time.
    static func converted(_ trace: Trace) -> [String] {
        var problems: [String] = []
        for format in TraceFormat.allCases {
            do throws(TraceWriter.Unwritable) {
                let conversion = try TraceWriter.convert(trace, to: format, file: "fuzz")
                if format == .json && !conversion.losses.isEmpty {
                    problems.append("JSON loses \(conversion.losses)")
                }
            } catch {
                if format != .xml || !error.message.hasPrefix("xml cannot hold touches down") {
                    problems.append("cannot convert to \(format.rawValue): \(error.message)")
                }
            }
        }
        return problems
    }

    /// An error must name the file, have a place inside the text when it has one, say what went
    /// wrong, and never carry a raw control character to a terminal.
    static func check(_ error: TraceError, file: String, in bytes: [UInt8]) -> [String] {
        var problems: [String] = []
        if error.file != file { problems.append("error names \(error.file), not \(file)") }
        if error.message.isEmpty { problems.append("error without a message") }
        if let line = error.line {
            let lines = SourcePosition(of: bytes.count, in: bytes).line
            if line < 1 || line > lines { problems.append("error line \(line) outside 1...\(lines)") }
            if (error.column ?? 0) < 1 { problems.append("error column \(String(describing: error.column))") }
        } else if error.column != nil {
            problems.append("a column without a line")
        }
        if error.code == .syntax && error.line == nil { problems.append("a syntax error without a place") }
        if error.code == .limitExceeded && !error.message.contains("raise it with --limit ") {
            problems.append("a limit error that does not say how to raise the limit: \(error.message)")
        }
        if error.description.unicodeScalars.contains(where: DiagnosticText.isControl) {
            problems.append("a control character in the diagnostic: \(error.description.debugDescription)")
        }
        return problems
    }

    // MARK: Writing traces back out

    static func writeJSON(_ trace: Trace) -> String {
        let samples = trace.samples.map { s in
            let id = s.touch.name.map(TraceWriter.jsonString) ?? s.touch.description
            return
                #"{"t":\#(s.time),"id":\#(id),"phase":"\#(s.phase.rawValue)","x":\#(s.location.x),"y":\#(s.location.y)}"#
        }
        return "[" + samples.joined(separator: ",") + "]"
    }

    static func writeCSV(_ trace: Trace) -> String {
        var out = "t,id,phase,x,y\n"
        for s in trace.samples {
            let id: String
            if let name = s.touch.name {
                // By scalars: a `"` followed by a combining mark is one `Character`, which a
                // character-wise replacement misses (the harness's own bug, found by the fuzzer:
                // Fuzz/regressions/csv/combining-mark-after-quote-in-name.csv).
                var quoted = String.UnicodeScalarView()
                for scalar in name.unicodeScalars {
                    if scalar == "\"" { quoted.append(scalar) }
                    quoted.append(scalar)
                }
                id = "\"" + String(quoted) + "\""
            } else {
                id = s.touch.description
            }
            out += "\(s.time),\(id),\(s.phase.rawValue),\(s.location.x),\(s.location.y)\n"
        }
        return out
    }

    // MARK: Replay engine

    /// Builds a trace from arbitrary bytes — adversarial times (equal, tiny, huge, stepping back),
    /// touch ids (extremes of `Int`, names, reuse) and coordinates (extremes, subnormals, −0) — and,
    /// when the validator accepts it, replays it in the profile and with the recognizers the first
    /// byte picks. The result must be whole, and its JSON report must be valid JSON.
    static func replay(_ bytes: [UInt8]) -> [String] {
        guard let flags = bytes.first else { return [] }
        var trace = trace(from: bytes.dropFirst())
        let clockResolution = flags & 2 != 0 ? TraceReader.dollarClockResolution : 0
        do {
            try TraceValidator.validate(&trace, file: "fuzz", clockResolution: clockResolution)
        } catch {
            return check(error, file: "fuzz", in: [])
        }
        var configuration = Configuration(profile: flags & 1 != 0 ? .seed : .default)
        // Bits 2–7 of the first byte keep only the first six recognizers of the registry that are set.
        let ids = Registry.all.prefix(6).enumerated().filter { flags & (4 << $0.offset) != 0 }.map(\.element.id)
        if !ids.isEmpty { try? configuration.keepOnly(ids) }
        let result = Classifier(configuration: configuration).classify(trace, file: "fuzz")
        var problems: [String] = []
        if result.gesture.isEmpty { problems.append("an empty gesture name") }
        // Every recognizer is in each sequence once: reported there, or still deciding an attempt that
        // began in an earlier one (`continuing`, reported where it began). The harness once counted
        // reports alone (its own bug, found by the fuzzer: a tap carried into the next sequence,
        // Fuzz/regressions/replay/tap-carried-into-next-sequence.bin).
        let everyone = configuration.entries.map(\.id)
        for sequence in result.sequences {
            let present = sequence.recognizers.map(\.id) + sequence.continuing
            if present.sorted() != everyone.sorted() {
                problems.append(
                    "a sequence reports \(sequence.recognizers.map(\.id)) and continues \(sequence.continuing), not each of \(everyone) once"
                )
            }
        }
        let text = JSONReport.value(.success(result)).text
        do {
            _ = try JSONValue.parse(Array(text.utf8), file: "report.json")
        } catch {
            problems.append("the JSON report is not JSON: \(error)")
        }
        _ = TextReport.render(result)
        return problems
    }

    // MARK: Config files

    /// A `--config` file, or `--set` assignments, from arbitrary bytes, applied to either profile (the
    /// first byte's low bit); its bit 2 chooses assignments, one per line, instead of a file, and its
    /// bit 3 the list round trip below (each seed's name starts with its first byte, in decimal).
    ///
    /// A file is applied, or refused with a one-line error placed in it (`fuzz.json:LINE:COLUMN:` within
    /// the text, or `fuzz.json:`); an assignment is set, or refused with a one-line error that starts
    /// with it. Then: every warning is one line naming its place; `check()` refuses the values exactly
    /// when `contradictions()` finds some; every parameter's value is one its declaration accepts; the
    /// output of `gesture list --format json` applied to a fresh configuration of the same profile gives
    /// the same values and relationships, without a warning (bit 3); and the recognizers replay a trace.
    /// A labels file (`--labels`, or a folder's `labels.csv`): read with or without a label map (the
    /// first byte says), it gives rows or an error of a line or more (every bad row's, at most eleven)
    /// each naming the file, and warnings of one line, each placed in the file.
    static func labels(_ bytes: [UInt8]) -> [String] {
        guard let flags = bytes.first else { return [] }
        var labeler = Labeler(configuration: Configuration())
        var problems: [String] = []
        if flags & 1 != 0 { try? labeler.setLabelMap("zed=z,*=none") }
        do throws(LabelError) {
            try labeler.loadLabels(bytes: Array(bytes.dropFirst()), file: "fuzz.csv")
        } catch {
            let lines = error.message.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 11 { problems.append("an error of \(lines.count) lines: \(error.message)") }
            for line in lines { problems += namesOnOneLine(String(line), "fuzz.csv", "an error") }
        }
        for warning in labeler.warnings { problems += namesOnOneLine(warning, "fuzz.csv", "a warning") }
        return problems
    }

    /// What is wrong with `message`, a diagnostic about `file`: it must start with the file's name and
    /// be one line.
    static func namesOnOneLine(_ message: String, _ file: String, _ what: String) -> [String] {
        var problems: [String] = []
        if !message.hasPrefix(file) { problems.append("\(what) that does not name the file: \(message)") }
        if message.contains(where: \.isNewline) { problems.append("\(what) on more than one line: \(message)") }
        return problems
    }

    /// A templates file (issue 18's learned gestures): read, it gives a file or one error on one line
    /// that names the file (placed at `fuzz.json:LINE:COLUMN:` when it is about a part); a file read
    /// is written and read back to the same text, and its templates are on the grid.
    static func templates(_ bytes: [UInt8]) -> [String] {
        let file: TemplateFile
        do throws(TemplateFileError) {
            file = try TemplateFile.read(bytes: bytes, file: "fuzz.json")
        } catch {
            return namesOnOneLine(error.description, "fuzz.json", "an error")
        }
        var problems: [String] = []
        let matcher = file.algorithm
        for gesture in file.gestures {
            for template in gesture.templates
            where template.count != matcher.points
                || template.contains(where: { !matcher.range.contains($0.x) || !matcher.range.contains($0.y) })
            {
                problems.append("a template off the grid in \(gesture.name)")
            }
        }
        // What is read joins a configuration (or is refused with a placed error), and judges a stroke.
        var configuration = Configuration()
        do throws(ConfigurationError) {
            try configuration.addTemplates(bytes: bytes, file: "fuzz.json")
            let stroke = Trace(samples: Example.stroke([(100, 100), (140, 160), (180, 100), (150, 60), (120, 130)]))
            _ = Classifier(configuration: configuration).classify(stroke, file: "stroke")
        } catch {
            if !error.description.hasPrefix("fuzz.json:") { problems.append("a refusal without its place: \(error)") }
        }
        let text = file.text
        do throws(TemplateFileError) {
            let again = try TemplateFile.read(bytes: Array(text.utf8), file: "again.json")
            if again.text != text { problems.append("written and read again, another text") }
        } catch {
            problems.append("written, it cannot be read again: \(error)")
        }
        return problems
    }

    /// A batch `--format json` output, as `merge-scores` reads it: a document, or one error on one
    /// line that names the file. A document read merges with itself, gives its text report, and is
    /// written back (rows and summary, as `merge-scores` writes them) and read again to the same
    /// rows and counts.
    static func scores(_ bytes: [UInt8]) -> [String] {
        let document: BatchReport.Document
        do throws(LabelError) {
            document = try BatchReport.document(bytes, file: "fuzz.json")
        } catch {
            return namesOnOneLine(error.message, "fuzz.json", "an error")
        }
        var problems: [String] = []
        var doubled = document.board
        doubled.merge(document.board)
        if doubled.traces != 2 * document.board.traces { problems.append("merged with itself, not twice the traces") }
        var worst = WorstMisses(capacity: 3)
        for row in document.rows { worst.consider(row) }
        _ = BatchReport.text(doubled, worst: worst.finish(), errors: [], width: 80)
        let grouped = document.board.grouping != nil
        let rows = document.rows.map { BatchReport.value($0, grouped: grouped).text }
        let text =
            "{\"traces\":[\n" + rows.joined(separator: ",\n") + "\n],\n\"summary\":"
            + BatchReport.value(document.board).text + "}\n"
        do throws(LabelError) {
            let again = try BatchReport.document(Array(text.utf8), file: "again.json")
            if again.rows != document.rows { problems.append("written and read again, other rows") }
            if again.board != document.board { problems.append("written and read again, other counts") }
        } catch {
            problems.append("written, it cannot be read again: \(error.message)")
        }
        return problems
    }

    static func config(_ bytes: [UInt8]) -> [String] {
        guard let flags = bytes.first else { return [] }
        var configuration = Configuration(profile: flags & 1 != 0 ? .seed : (flags & 2 != 0 ? .hammer : .default))
        var problems: [String] = []
        if flags & 4 != 0 {
            let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                do throws(ConfigurationError) {
                    try configuration.set(assignment: String(line))
                } catch {
                    if error.file != nil || error.position != nil {
                        problems.append("an assignment's error placed in a file: \(error)")
                    }
                    // As the message quotes it: its first 60 characters.
                    if !error.message.hasPrefix(DiagnosticText.escaped(String(line), maxCharacters: 60) + ": ") {
                        problems.append("an assignment's error that does not start with it: \(error.message)")
                    }
                    if error.message.contains(where: \.isNewline) {
                        problems.append("an error on more than one line: \(error.message)")
                    }
                }
            }
            for warning in configuration.warnings where warning.contains(where: \.isNewline) {
                problems.append("a warning on more than one line: \(warning)")
            }
        } else {
            let document = Array(bytes.dropFirst())
            do throws(ConfigurationError) {
                try configuration.apply(json: document, file: "fuzz.json")
            } catch {
                if error.file != "fuzz.json" || !error.description.hasPrefix("fuzz.json:") {
                    problems.append("an error that does not name the file: \(error)")
                }
                if let position = error.position, !isPlace(position, in: document) {
                    problems.append("an error placed outside the text: \(error)")
                }
                if error.description.contains(where: \.isNewline) {
                    problems.append("an error on more than one line: \(error.description)")
                }
                return problems
            }
            for warning in configuration.warnings {
                let parts = warning.split(separator: ":", maxSplits: 3)
                if parts.count < 4 || parts[0] != "fuzz.json" || Int(parts[1]) == nil || Int(parts[2]) == nil
                    || !parts[3].hasPrefix(" warning: ") || warning.contains(where: \.isNewline)
                {
                    problems.append("a warning that does not name its place on one line: \(warning)")
                }
            }
        }
        let contradictions = configuration.contradictions()
        do throws(ConfigurationError) {
            try configuration.check()
            if !contradictions.isEmpty { problems.append("check() passed \(contradictions)") }
        } catch {
            if contradictions.isEmpty { problems.append("check() refused values without a contradiction: \(error)") }
            if error.message.contains(where: \.isNewline) {
                problems.append("an error on more than one line: \(error.message)")
            }
            return problems
        }
        for entry in configuration.entries {
            let values = entry.values
            for parameter in entry.definition.parameters {
                guard let value = values[parameter.name] else {
                    problems.append("\(entry.id).\(parameter.name) has no value")
                    continue
                }
                if (try? parameter.checked(value).get()) != value {
                    problems.append("\(entry.id).\(parameter.name) = \(value), which it does not accept")
                }
            }
        }
        // The round trip costs more than the rest together: only when bit 3 asks for it.
        if flags & 8 != 0 { problems += listRoundTripDifference(configuration) }
        var trace = Trace(samples: Example.stroke([(0, 0), (30, 10), (60, 0), (30, 40), (0, 60), (60, 60)]))
        do {
            try TraceValidator.validate(&trace, file: "fuzz")
        } catch {
            return problems + ["the built-in stroke is invalid: \(error)"]
        }
        let result = Classifier(configuration: configuration).classify(trace, file: "fuzz")
        if result.sequences.first?.recognizers.count != configuration.entries.count {
            problems.append("a replay under the configuration did not report every recognizer")
        }
        return problems
    }

    /// Whether `position` is a place in `text` (at most one past its end).
    static func isPlace(_ position: SourcePosition, in text: [UInt8]) -> Bool {
        let end = SourcePosition(of: text.count, in: text)
        return position.line >= 1 && position.column >= 1
            && (position.line < end.line || (position.line == end.line && position.column <= end.column))
    }

    /// How `configuration` differs from its own `gesture list --format json` output applied as a config
    /// file to a fresh configuration of its profile; empty when it does not.
    static func listRoundTripDifference(_ configuration: Configuration) -> [String] {
        let listed = Array(JSONReport.value(configuration).prettyText.utf8)
        var copy = Configuration(profile: configuration.profile)
        do throws(ConfigurationError) {
            try copy.apply(json: listed, file: "list.json")
        } catch {
            return ["its list output is refused as a config file: \(error)"]
        }
        var problems: [String] = []
        if !copy.warnings.isEmpty { problems.append("its list output warns: \(copy.warnings)") }
        for (entry, other) in zip(configuration.entries, copy.entries) {
            if entry.values != other.values { problems.append("\(entry.id)'s values differ after a round trip") }
            if entry.requiresFailureOf != other.requiresFailureOf {
                problems.append(
                    "\(entry.id) requires \(entry.requiresFailureOf), after a round trip \(other.requiresFailureOf)")
            }
        }
        if configuration.simultaneous != copy.simultaneous {
            problems.append("simultaneous pairs \(configuration.simultaneous), after a round trip \(copy.simultaneous)")
        }
        return problems
    }

    /// Extremes, and neighbours closer than a step of the recognizers can resolve (400 and the next
    /// doubles after it; 1e9 and 1e9 + 1e-6), where interpolation stops moving.
    static let specialValues: [Double] = [
        0, -0.0, 1, -1, 0.5, 1e-300, -1e-300, .leastNonzeroMagnitude, 1e15, -1e15, 1e300, -1e300,
        .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 9_007_199_254_740_992, 1e-9, 400, 400.nextUp, 400.nextUp.nextUp, 400.nextDown, 1e9,
        1e9 + 1e-6,
        1e9 - 1e-6, 1e154, -1e154, 1e-154,
    ]

    /// Six bytes per sample: phase and time mode, time step, touch id, x, y, and a byte choosing
    /// special coordinate values.
    static func trace(from bytes: ArraySlice<UInt8>) -> Trace {
        var samples: [Sample] = []
        var time = 0.0
        var names = ["a", "", "é", "a\u{0}b", "\u{1F600}", String(repeating: "n", count: 40)]
        var rest = bytes
        while rest.count >= 6, samples.count < 4096 {
            let record = Array(rest.prefix(6))
            rest = rest.dropFirst(6)
            let phase = Phase.allCases[Int(record[0] % 5)]
            let step = Double(record[1])
            switch (record[0] >> 3) % 8 {
            case 0: break
            case 1: time += step / 1000
            case 2: time += step / 1_000_000
            case 3: time += step
            case 4: time += step * 1e-12
            case 5: time -= step / 1000
            case 6: time += step * 1e6
            default: time += step * 0.016_67
            }
            let touch: TouchID
            switch record[2] {
            case 0xFF: touch = .number(.max)
            case 0xFE: touch = .number(.min)
            case 0xF0...0xFD: touch = .name(names[Int(record[2] - 0xF0) % names.count])
            default: touch = .number(Int(record[2] & 0x0F) - 2)
            }
            let special = record[5]
            let x =
                special & 0x80 != 0
                ? specialValues[Int(record[3]) % specialValues.count]
                : Double(record[3]) * 4 + Double(special & 0x0F) / 16
            let y =
                special & 0x40 != 0
                ? specialValues[Int(record[4]) % specialValues.count]
                : Double(record[4]) * 4 + Double(special >> 4 & 0x03) / 4
            samples.append(Sample(time: time, touch: touch, phase: phase, location: Point(x: x, y: y)))
            if record[0] & 0xC0 == 0xC0 { names.append(String(samples.count)) }
        }
        return Trace(samples: samples)
    }
}

extension Sample {
    /// The sample without its place in a file, for comparing traces read from different texts.
    var withoutOffset: Sample {
        var copy = self
        copy.offset = nil
        return copy
    }
}
