/// Writes a trace as JSON, CSV or `$`-family XML, in the forms the readers accept, and says what a
/// format cannot hold.
///
/// Numbers are written so that they read back bit for bit: an integral value as an integer (`120`),
/// any other as Swift's shortest round-tripping `description` (`0.0167`, `1e-05`). JSON and CSV hold
/// every trace the readers give (but a CSV touch name that reads as a number, or metadata a `#`
/// comment cannot carry); XML holds no label, view, stationary or cancelled phase, named or freely
/// numbered touch, nor time that is not a whole number of milliseconds from the first sample.
/// ``convert(_:to:file:)`` writes, reads the bytes back and compares, so what it reports lost is
/// exactly what differs.
///
///     let trace = try TraceReader.read(path: "Traces/z.csv")
///     let conversion = try TraceWriter.convert(trace, to: .json, file: "Traces/z.csv")
///     // conversion.losses == []
public enum TraceWriter {
    /// A trace the format cannot hold at all: XML with touches down at the same time.
    public struct Unwritable: Error, Sendable, Hashable {
        public var message: String
        public init(_ message: String) { self.message = message }
    }

    /// The written bytes, and what the format did not keep (empty when it kept everything).
    public struct Conversion: Sendable, Hashable {
        public var bytes: [UInt8]
        /// What differs on reading `bytes` back, in words: `label "checkmark"`, `phases (3 stationary → moved)`.
        public var losses: [String]
        /// With `limits`, the read limit the bytes go past, as the reader says it (they read back only
        /// without it); `nil` when they read back within the limits.
        public var pastLimit: String?
    }

    /// Writes `trace` as `format`, reads it back, and lists what did not survive.
    ///
    /// - Parameter limits: The limits the bytes are read back within, when given: a read limit they go
    ///   past is `Conversion/pastLimit` (they are then read back without ceilings). Without, they are
    ///   read back without ceilings.
    /// - Throws: ``Unwritable`` when the format cannot hold the trace at all, when a coordinate or
    ///   the view goes beyond ``Trace/coordinateLimit`` (no reader takes it), or (a defect) when the
    ///   written bytes do not read back.
    public static func convert(
        _ trace: Trace, to format: TraceFormat, file: String, limits: ReadLimits? = nil
    ) throws(Unwritable) -> Conversion {
        let limit = Format.short(Trace.coordinateLimit)
        if let index = trace.samples.firstIndex(where: { !(Trace.holds($0.location.x) && Trace.holds($0.location.y)) })
        {
            let location = trace.samples[index].location
            throw Unwritable(
                "sample \(index) lies at (\(Format.short(location.x)), \(Format.short(location.y))), beyond the "
                    + "±\(limit) pt a reader takes")
        }
        if let view = trace.view, !(view.width <= Trace.coordinateLimit && view.height <= Trace.coordinateLimit) {
            throw Unwritable(
                "the view is \(Format.short(view.width))x\(Format.short(view.height)), beyond the \(limit) pt a "
                    + "reader takes")
        }
        let bytes = try write(trace, as: format)
        var pastLimit: String?
        if let limits {
            // One reading in the usual case; a second, without ceilings, only past a limit (or to say why
            // the bytes do not read back at all).
            do throws(TraceError) {
                let readBack = try TraceReader.read(bytes: bytes, file: file, format: format, limits: limits)
                return Conversion(bytes: bytes, losses: losses(from: trace, to: format, readBack: readBack))
            } catch  where error.code == .limitExceeded {
                pastLimit = error.message
            } catch {}
        }
        let readBack: Trace
        do throws(TraceError) {
            readBack = try TraceReader.read(bytes: bytes, file: file, format: format, limits: readBackLimits)
        } catch {
            if format == .csv, let clash = numberedNameClash(trace) {
                throw Unwritable(
                    "csv cannot hold touch \"\(clash)\" (a name) beside touch \(clash) (a number): both are written "
                        + "\(clash) and read back as one touch")
            }
            throw Unwritable("the written \(format.rawValue) does not read back (a defect): \(error.message)")
        }
        return Conversion(
            bytes: bytes, losses: losses(from: trace, to: format, readBack: readBack), pastLimit: pastLimit)
    }

    /// A touch name that is also the number of another touch of `trace` (`"1"` beside `1`), which CSV
    /// writes alike: the first, or nil. The name reads as a number as the CSV reader reads it
    /// (`decimalInteger`; a name with spaces at its ends is written quoted, and is read untrimmed).
    static func numberedNameClash(_ trace: Trace) -> String? {
        let numbers = Set(trace.samples.compactMap(\.touch.number))
        return trace.samples.lazy.compactMap(\.touch.name).first { name in
            let number = Array(name.utf8).withUnsafeBufferPointer { decimalInteger($0, 0, $0.count) }
            return number.map(numbers.contains) ?? false
        }
    }

    /// No ceiling but on digits: the bytes are ours, and a trace read within some limits may take more
    /// bytes in another format (a CSV record per sample is longer than the JSON, XML strokes end touches).
    static let readBackLimits = ReadLimits(
        fileSize: .max, samples: .max, touchesDown: .max, nesting: .max, lineLength: .max, stringLength: .max)

    /// The bytes of `trace` in `format`.
    ///
    /// - Throws: ``Unwritable`` for XML when touches are down at the same time: strokes follow one another.
    public static func write(_ trace: Trace, as format: TraceFormat) throws(Unwritable) -> [UInt8] {
        switch format {
        case .json: return Array(json(trace).utf8)
        case .csv: return Array(csv(trace).utf8)
        case .xml: return Array(try xml(trace).utf8)
        }
    }

    // MARK: Numbers and text

    /// `value` as text that reads back bit for bit: `120`, `0.0167`, `-0.0`, `1e-05`.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(.towardZero), abs(value) < 0x1p63, !(value == 0 && value.sign == .minus) {
            return String(Int64(value))
        }
        return value.description
    }

    /// `text` as a JSON string, quoted and escaped as every JSON output of the tool writes strings.
    static func jsonString(_ text: String) -> String {
        var out: [UInt8] = []
        JSONValue.writeString(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    static func xmlAttribute(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\t": out += "&#9;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            // XML 1.0 has no way to write other control characters, nor the noncharacters U+FFFE and
            // U+FFFF (no `Char` of its grammar, which a `$`-family tool's parser refuses): they are left
            // out (and reported lost).
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF: break
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// A CSV field; a NUL, which no format may hold as a byte, is left out (and reported lost).
    ///
    /// By scalars: a `"` or a space followed by a combining mark is one `Character`, which a
    /// character-wise test misses (the fuzz harness's CSV writer once did).
    static func csvField(_ text: String) -> String {
        let scalars = text.unicodeScalars.filter { $0 != "\u{0}" }
        let needsQuotes =
            scalars.isEmpty || scalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || scalars.first == " " || scalars.first == "\t" || scalars.last == " " || scalars.last == "\t"
        guard needsQuotes else { return String(String.UnicodeScalarView(scalars)) }
        var quoted = String.UnicodeScalarView()
        for scalar in scalars {
            if scalar == "\"" { quoted.append(scalar) }
            quoted.append(scalar)
        }
        return "\"" + String(quoted) + "\""
    }

    static func touch(_ id: TouchID, json: Bool) -> String {
        if let number = id.number { return String(number) }
        return json ? jsonString(id.description) : csvField(id.description)
    }

    // MARK: Formats

    static func json(_ trace: Trace) -> String {
        var out = "{\n"
        if let name = trace.name { out += "  \"name\": \(jsonString(name)),\n" }
        if let label = trace.label { out += "  \"label\": \(jsonString(label)),\n" }
        if let subject = trace.subject { out += "  \"subject\": \(jsonString(subject)),\n" }
        if let view = trace.view {
            out += "  \"view\": {\"width\": \(number(view.width)), \"height\": \(number(view.height))},\n"
        }
        out += "  \"samples\": [\n"
        for (index, sample) in trace.samples.enumerated() {
            out += "    {\"t\": \(number(sample.time)), \"id\": \(touch(sample.touch, json: true)), "
            out += "\"phase\": \"\(sample.phase.rawValue)\", "
            out += "\"x\": \(number(sample.location.x)), \"y\": \(number(sample.location.y))}"
            out += index == trace.samples.count - 1 ? "\n" : ",\n"
        }
        return out + "  ]\n}\n"
    }

    static func csv(_ trace: Trace) -> String {
        var out = ""
        /// A `# key: value` comment holds a value on one line, trimmed of spaces and tabs when read: one
        /// of nothing else is not written (and is reported lost), since it would read as no value.
        func comment(_ key: String, _ value: String?) {
            guard let value, value.unicodeScalars.contains(where: { $0 != " " && $0 != "\t" }),
                !value.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{0}" })
            else { return }
            out += "# \(key): \(value)\n"
        }
        comment("name", trace.name)
        comment("label", trace.label)
        comment("subject", trace.subject)
        if let view = trace.view { out += "# view: \(number(view.width))x\(number(view.height))\n" }
        out += "t,id,phase,x,y\n"
        for sample in trace.samples {
            out += "\(number(sample.time)),\(touch(sample.touch, json: false)),\(sample.phase.rawValue),"
            out += "\(number(sample.location.x)),\(number(sample.location.y))\n"
        }
        return out
    }

    static func xml(_ trace: Trace) throws(Unwritable) -> String {
        // Strokes: each touch sequence (began … ended, cancelled or the end of the trace), which must
        // not overlap another, since the reader gives stroke k's points after stroke k-1's.
        var strokes: [[Sample]] = []
        var open: Int?
        for (index, sample) in trace.samples.enumerated() {
            if let current = open, strokes[current][0].touch != sample.touch {
                throw Unwritable(
                    "xml cannot hold touches down at the same time (touch \(quoted(sample.touch)) at sample \(index) "
                        + "while touch \(quoted(strokes[current][0].touch)) is down): its strokes follow one another")
            }
            if open == nil {
                strokes.append([])
                open = strokes.count - 1
            }
            strokes[open!].append(sample)
            if !sample.phase.isDown { open = nil }
        }
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<Gesture"
        if let name = trace.name { out += " Name=\"\(xmlAttribute(name))\"" }
        if let subject = trace.subject { out += " Subject=\"\(xmlAttribute(subject))\"" }
        out += ">\n"
        func point(_ sample: Sample, indent: String) {
            let milliseconds = (sample.time * 1000).rounded()
            out += "\(indent)<Point X=\"\(number(sample.location.x))\" Y=\"\(number(sample.location.y))\" "
            out += "T=\"\(number(milliseconds))\" />\n"
        }
        for (index, stroke) in strokes.enumerated() {
            var points = stroke[...]
            // A one-point stroke reads back as `began` and `ended` at one time and place.
            if stroke.count == 2, stroke[0].time == stroke[1].time, stroke[0].location == stroke[1].location {
                points = stroke[..<1]
            }
            if strokes.count == 1 {
                for sample in points { point(sample, indent: "  ") }
            } else {
                out += "  <Stroke index=\"\(index + 1)\">\n"
                for sample in points { point(sample, indent: "    ") }
                out += "  </Stroke>\n"
            }
        }
        return out + "</Gesture>\n"
    }

    // MARK: What is lost

    /// What differs between `original` and the trace `readBack` from its `format` bytes, in words.
    public static func losses(from original: Trace, to format: TraceFormat, readBack: Trace) -> [String] {
        var losses: [String] = []
        func metadata(_ what: String, _ before: String?, _ after: String?) {
            guard let before, before != after else { return }
            losses.append(
                after.map {
                    "\(what) \(quoted(before, maxCharacters: 200)) (read back as \(quoted($0, maxCharacters: 200)))"
                }
                    ?? "\(what) \(quoted(before, maxCharacters: 200))")
        }
        metadata("name", original.name, readBack.name)
        metadata("label", original.label, readBack.label)
        metadata("subject", original.subject, readBack.subject)
        if let view = original.view, view != readBack.view {
            losses.append("view \(number(view.width))x\(number(view.height))")
        }
        guard original.samples.count == readBack.samples.count else {
            // Sample by sample they no longer pair; touch by touch (in the order they land) and the
            // first time still do, and are said too (a lone sample written as a stroke of two).
            losses.append("samples (\(original.samples.count) read back as \(readBack.samples.count))")
            func touches(_ trace: Trace) -> [TouchID] {
                var seen: Set<TouchID> = []
                return trace.samples.map(\.touch).filter { seen.insert($0).inserted }
            }
            let changed = zip(touches(original), touches(readBack)).filter { $0 != $1 }
            if !changed.isEmpty {
                let shown = changed.prefix(maximumListed).map { "\(quoted($0)) → \(quoted($1))" }
                let more = changed.count > maximumListed ? ", and \(changed.count - maximumListed) more" : ""
                losses.append("touch ids (\(shown.joined(separator: ", "))\(more))")
            }
            if let first = original.samples.first?.time, let readFirst = readBack.samples.first?.time,
                format == .xml, first.bitPattern != readFirst.bitPattern
            {
                losses.append("the first sample's time \(number(first)) s (read back as \(number(readFirst)))")
            }
            return losses
        }
        var phases: [String: Int] = [:]
        var phaseOrder: [String] = []
        var ids: [String] = []
        var seenIDs: Set<String> = []
        var times = 0
        var places = 0
        for (before, after) in zip(original.samples, readBack.samples) {
            if before.phase != after.phase {
                let change = "\(before.phase.rawValue) → \(after.phase.rawValue)"
                if phases[change] == nil { phaseOrder.append(change) }
                phases[change, default: 0] += 1
            }
            if before.touch != after.touch {
                let change = "\(quoted(before.touch)) → \(quoted(after.touch))"
                if seenIDs.insert(change).inserted { ids.append(change) }
            }
            if before.time.bitPattern != after.time.bitPattern { times += 1 }
            if before.location.x.bitPattern != after.location.x.bitPattern
                || before.location.y.bitPattern != after.location.y.bitPattern
            {
                places += 1
            }
        }
        if !phaseOrder.isEmpty {
            losses.append("phases (\(phaseOrder.map { "\(phases[$0]!) \($0)" }.joined(separator: ", ")))")
        }
        if !ids.isEmpty {
            // The first few: a trace of thousands of named touches would make a line of thousands.
            let shown = ids.prefix(maximumListed).joined(separator: ", ")
            let more = ids.count > maximumListed ? ", and \(ids.count - maximumListed) more" : ""
            losses.append("touch ids (\(shown)\(more))")
        }
        if let first = original.samples.first?.time, let readFirst = readBack.samples.first?.time,
            format == .xml, first.bitPattern != readFirst.bitPattern
        {
            // XML's times count from its first point: an origin other than 0 reads back as 0, which
            // alone is not a time that is no whole millisecond.
            losses.append("the first sample's time \(number(first)) s (read back as \(number(readFirst)))")
            times = zip(original.samples, readBack.samples).count { before, after in
                let milliseconds = (before.time - first) * 1000
                return abs(milliseconds - milliseconds.rounded()) > 1e-6 * max(1, abs(milliseconds))
            }
        }
        if times > 0 {
            let why = format == .xml ? "times not whole milliseconds from the first sample" : "times"
            losses.append("\(why) (\(times) sample\(times == 1 ? "" : "s"))")
        }
        if places > 0 { losses.append("positions (\(places) sample\(places == 1 ? "" : "s"))") }
        return losses
    }

    /// The most touch-id changes a loss lists by name.
    static let maximumListed = 5

    /// A touch as messages show it: `1`, or `"left"` for a name.
    static func quoted(_ id: TouchID) -> String { id.number.map(String.init) ?? quoted(id.description) }

    /// `text` quoted and escaped, cut at `maxCharacters` (20: a touch name; metadata is quoted in full,
    /// up to a long line's worth, so that what is lost is said exactly).
    static func quoted(_ text: String, maxCharacters: Int = 20) -> String {
        "\"\(DiagnosticText.escaped(text, maxCharacters: maxCharacters))\""
    }
}
