extension Trace {
    /// Reads a `$`-family gesture log: the XML that the $1, $N and $P recognizers publish.
    ///
    /// The root is a `<Gesture>` whose `Name` attribute becomes the trace's name, and its `Subject`
    /// (the first attribute so named, in any case) the trace's subject. It holds either
    /// `<Point X= Y= T=/>` elements directly (a unistroke) or `<Stroke>` elements that each hold
    /// `<Point>`s. Stroke *k* (1-based, in document order; direct points are stroke 1) becomes touch
    /// `.number(k)`: its first point is `.began`, its last `.ended`, the others `.moved`, and a stroke
    /// of a single point gives a `.began` and an `.ended` sample at the same time and place. `T` is in
    /// milliseconds on an arbitrary clock, so times are taken relative to the first point of the file.
    /// Each sample's `offset` is the byte offset of its `<Point`.
    ///
    /// The reader checks syntax and fields only: it does not reorder samples or check that time
    /// goes forward, and a `<Gesture>` without children gives an empty trace. The XML it accepts is
    /// a strict, non-validating subset: UTF-8 with an optional byte-order mark, an XML declaration,
    /// processing instructions, comments, CDATA and character data that is only whitespace,
    /// attributes with the five predefined entities and character references; no DOCTYPE. The
    /// document never nests deeper than three elements, because any element other than those
    /// above is rejected where it starts.
    ///
    ///     let xml = #"<Gesture Name="tap"><Point X="10" Y="20" T="5000"/></Gesture>"#
    ///     let trace = try Trace.parseXML(Array(xml.utf8), file: "tap.xml")
    ///     // trace.samples: began and ended at (10, 20), time 0, touch 1
    ///
    /// - Parameters:
    ///   - bytes: The file's contents.
    ///   - file: The file's name as the user gave it, used only in errors.
    ///   - limits: The samples, the length of each attribute value (`string-length`) and the significant
    ///     digits of `X`, `Y` and `T` allowed; going past one is a `limit-exceeded` error.
    /// - Returns: The trace, with `label` and `view` left `nil`.
    /// - Throws: `TraceError` placed at the offending token, with the sample index when the problem
    ///   is inside a `<Point>`.
    /// - Complexity: O(*n*) in the length of `bytes`.
    public static func parseXML(
        _ bytes: [UInt8], file: String, limits: ReadLimits = .default
    ) throws(TraceError) -> Trace {
        try parseXML(bytes, file: file, limits: limits, fastPaths: true)
    }

    /// Reads a `$`-family gesture log, with the fast paths on or off.
    ///
    /// The XML reader's one fast path is Clinger's conversion of short numbers (`decimalValue`);
    /// `fastPaths: false` converts every number from its text. The trace and any error must be the
    /// same either way, which tests and the fuzzers check.
    static func parseXML(
        _ bytes: [UInt8], file: String, limits: ReadLimits, fastPaths: Bool
    ) throws(TraceError) -> Trace {
        try parseXMLKeepingFirstT(bytes, file: file, limits: limits, fastPaths: fastPaths).trace
    }

    /// The trace, and the first point's `T` as the file has it (each sample's time is its `T` less
    /// this, in seconds when `T` is milliseconds), so that messages can quote the file's own values.
    static func parseXMLKeepingFirstT(
        _ bytes: [UInt8], file: String, limits: ReadLimits, fastPaths: Bool = true
    ) throws(TraceError) -> (trace: Trace, firstT: Double?) {
        try bytes.withUnsafeBufferPointer { (buffer) throws(TraceError) -> (trace: Trace, firstT: Double?) in
            try TextEncoding.requireUTF8(buffer, file: file)
            var reader = XMLTraceReader(bytes: buffer, file: file, limits: limits, fastPaths: fastPaths)
            let trace = try reader.read()
            return (trace, reader.firstT)
        }
    }
}

/// Where markup or character data was met, for checks and messages.
private enum XMLPlace {
    case prolog, epilog, gesture, stroke, point

    var isInsideElement: Bool { self != .prolog && self != .epilog }

    var description: String {
        switch self {
        case .prolog, .epilog: "outside the root element"
        case .gesture: "inside <Gesture>"
        case .stroke: "inside <Stroke>"
        case .point: "inside <Point>"
        }
    }
}

/// A single forward pass over the bytes; the element structure the format allows (Gesture, Stroke,
/// Point) is followed with plain loops, so there is no recursion.
private struct XMLTraceReader {
    /// An attribute of the start tag being read: byte ranges into the input.
    struct Attribute {
        var name: Range<Int>
        /// Between the quotes.
        var value: Range<Int>
        /// Whether the value holds `&…;`, so it must be decoded before use.
        var hasReference: Bool
    }

    enum Children { case points, strokes }

    let bytes: UnsafeBufferPointer<UInt8>
    let file: String
    let limits: ReadLimits
    /// Whether numbers may take Clinger's shortcut (`decimalValue`).
    let fastPaths: Bool
    var pos = 0
    /// Where the document starts after the byte-order mark: the only place for `<?xml …?>`.
    var documentStart = 0
    var samples: [Sample] = []
    var name: String?
    /// The attributes of the current start tag, reused from tag to tag.
    var attributes: [Attribute] = []
    /// Names of the current tag's attributes, filled only for tags with many attributes so that
    /// finding duplicates stays linear.
    var attributeNames: Set<[UInt8]> = []
    /// Decoded attribute values, reused.
    var scratch: [UInt8] = []
    /// The index of the sample the `<Point>` being read produces; errors inside it carry it.
    var sampleContext: Int?
    /// `T` of the first point of the file: times are relative to it.
    var firstT: Double?
    var strokeNumber = 0
    var strokePoints = 0
    /// The encoding an XML declaration named when it is an 8-bit one read as UTF-8 (`ISO-8859-2`):
    /// the one to convert from, where a byte is not UTF-8.
    var declaredEncoding: String?

    init(bytes: UnsafeBufferPointer<UInt8>, file: String, limits: ReadLimits, fastPaths: Bool) {
        self.bytes = bytes
        self.file = file
        self.limits = limits
        self.fastPaths = fastPaths
        attributes.reserveCapacity(8)
    }

    // MARK: Document structure

    mutating func read() throws(TraceError) -> Trace {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { pos = 3 }
        documentStart = pos
        try skipMisc(.prolog)
        guard pos < bytes.count else {
            throw fail(.syntax, at: pos, "unexpected end of input: expected a <Gesture> root element")
        }
        let rootStart = pos
        if isAtEndTag {
            let found = try endTagName()
            throw fail(.syntax, at: rootStart, "expected a <Gesture> root element, found </\(brief(found))>")
        }
        let root = try startTagName()
        guard matches(root, "Gesture") else {
            throw fail(.invalidValue, at: rootStart, "expected a <Gesture> root element, found <\(brief(root))>")
        }
        try readAttributes(of: "Gesture")
        let selfClosing = try finishStartTag()
        var subject: String?
        for attribute in attributes {
            if matches(attribute.name, "Name") {
                name = try decodedString(attribute)
            } else if subject == nil, matchesIgnoringCase(attribute.name, "subject") {
                subject = try decodedString(attribute)
            }
        }
        if !selfClosing { try readGestureContent() }

        try skipMisc(.epilog)
        if pos < bytes.count {
            let start = pos
            let isEnd = isAtEndTag
            let element = try isEnd ? endTagName() : startTagName()
            let found = isEnd ? "</\(brief(element))>" : "<\(brief(element))>"
            throw fail(.syntax, at: start, "expected end of input after the root element, found \(found)")
        }
        var trace = Trace(name: name, subject: subject, samples: samples)
        if samples.isEmpty { trace.samplesOffset = rootStart }
        return trace
    }

    /// Reads the children of `<Gesture>` up to and including `</Gesture>`.
    mutating func readGestureContent() throws(TraceError) {
        var children: Children?
        while true {
            try skipMisc(.gesture)
            guard pos < bytes.count else {
                throw fail(.syntax, at: pos, "unexpected end of input: expected </Gesture>")
            }
            let start = pos
            if isAtEndTag {
                try readEndTag("Gesture")
                if children == .points { try endStroke(startingAt: start) }
                return
            }
            let element = try startTagName()
            if matches(element, "Point") {
                if children == .strokes {
                    sampleContext = samples.count
                    throw mixedChildren(at: start)
                }
                if children == nil {
                    children = .points
                    strokeNumber = 1
                    strokePoints = 0
                }
                try readPoint(startingAt: start)
            } else if matches(element, "Stroke") {
                if children == .points { throw mixedChildren(at: start) }
                children = .strokes
                try readStroke(startingAt: start)
            } else {
                throw fail(.invalidValue, at: start, "expected <Point> or <Stroke>, found <\(brief(element))>")
            }
        }
    }

    func mixedChildren(at offset: Int) -> TraceError {
        fail(.invalidValue, at: offset, "expected either <Point> or <Stroke> children of <Gesture>, found both")
    }

    /// Reads a `<Stroke>` whose name has been read, up to and including `</Stroke>`.
    mutating func readStroke(startingAt start: Int) throws(TraceError) {
        try readAttributes(of: "Stroke")
        strokeNumber += 1
        strokePoints = 0
        if try finishStartTag() { throw fail(.invalidValue, at: start, "expected at least one <Point> in <Stroke>") }
        while true {
            try skipMisc(.stroke)
            guard pos < bytes.count else {
                throw fail(.syntax, at: pos, "unexpected end of input: expected </Stroke>")
            }
            let tag = pos
            if isAtEndTag {
                try readEndTag("Stroke")
                try endStroke(startingAt: start)
                return
            }
            let element = try startTagName()
            guard matches(element, "Point") else {
                throw fail(.invalidValue, at: tag, "expected <Point>, found <\(brief(element))>")
            }
            try readPoint(startingAt: tag)
        }
    }

    /// Gives the stroke's last sample the phase `.ended`, adding one when the stroke has one point.
    mutating func endStroke(startingAt start: Int) throws(TraceError) {
        switch strokePoints {
        case 0:
            throw fail(.invalidValue, at: start, "expected at least one <Point> in <Stroke>")
        case 1:
            var ended = samples[samples.count - 1]
            ended.phase = .ended
            sampleContext = samples.count
            try checkSampleCount(at: ended.offset ?? start)
            sampleContext = nil
            samples.append(ended)
        default:
            samples[samples.count - 1].phase = .ended
        }
        strokePoints = 0
    }

    /// Reads a `<Point>` whose name has been read, up to the end of its element, and adds its sample.
    mutating func readPoint(startingAt start: Int) throws(TraceError) {
        sampleContext = samples.count
        try readAttributes(of: "Point")
        let selfClosing = try finishStartTag()
        var x: Double?
        var y: Double?
        var t: Double?
        var tAttribute: Attribute?
        for attribute in attributes where attribute.name.count == 1 {
            switch bytes[attribute.name.lowerBound] {
            case UInt8(ascii: "X"): x = try number(attribute, field: "X")
            case UInt8(ascii: "Y"): y = try number(attribute, field: "Y")
            case UInt8(ascii: "T"):
                t = try number(attribute, field: "T")
                tAttribute = attribute
            default: break
            }
        }
        guard let x else { throw fail(.missingField, at: start, "missing attribute \"X\" on <Point>") }
        guard let y else { throw fail(.missingField, at: start, "missing attribute \"Y\" on <Point>") }
        guard let t, let tAttribute else {
            throw fail(.missingField, at: start, "missing attribute \"T\" on <Point>")
        }
        try checkSampleCount(at: start)
        let t0 = firstT ?? t
        firstT = t0
        let time = (t - t0) / 1000
        guard time.isFinite else {
            let found = brief(try decodedString(tAttribute))
            throw fail(
                .invalidNumber, at: tAttribute.value.lowerBound - 1,
                "number out of range for \"T\": \(found) is too far from the first point's T")
        }
        samples.append(
            Sample(
                time: time, touch: .number(strokeNumber), phase: strokePoints == 0 ? .began : .moved,
                location: Point(x: x, y: y), offset: start))
        strokePoints += 1

        if !selfClosing {
            try skipMisc(.point)
            guard pos < bytes.count else {
                throw fail(.syntax, at: pos, "unexpected end of input: expected </Point>")
            }
            if isAtEndTag {
                try readEndTag("Point")
            } else {
                let tag = pos
                let element = try startTagName()
                throw fail(.invalidValue, at: tag, "expected no elements inside <Point>, found <\(brief(element))>")
            }
        }
        sampleContext = nil
    }

    /// Throws when one more sample would go past the samples limit.
    @inline(__always)
    func checkSampleCount(at offset: Int) throws(TraceError) {
        if samples.count >= limits.samples {
            throw fail(
                .limitExceeded, at: offset,
                limits.message("too many samples", .samples, unit: " samples", unitForOne: " sample"))
        }
    }

    // MARK: Tags

    var isAtEndTag: Bool {
        pos + 1 < bytes.count && bytes[pos] == UInt8(ascii: "<") && bytes[pos + 1] == UInt8(ascii: "/")
    }

    /// Reads `<Name` with `pos` at `<`.
    mutating func startTagName() throws(TraceError) -> Range<Int> {
        pos += 1
        guard pos < bytes.count, Self.isNameStart(bytes[pos]) else { throw expected("an element name after '<'") }
        return try scanName()
    }

    /// Reads `</Name` with `pos` at `<`.
    mutating func endTagName() throws(TraceError) -> Range<Int> {
        pos += 2
        guard pos < bytes.count, Self.isNameStart(bytes[pos]) else { throw expected("an element name after '</'") }
        return try scanName()
    }

    /// Reads `</name>` with `pos` at `<`.
    mutating func readEndTag(_ name: StaticString) throws(TraceError) {
        let start = pos
        let found = try endTagName()
        guard matches(found, name) else {
            throw fail(.syntax, at: start, "expected </\(name)>, found </\(brief(found))>")
        }
        skipWhitespace()
        guard pos < bytes.count, bytes[pos] == UInt8(ascii: ">") else { throw expected("'>' to close </\(name)") }
        pos += 1
    }

    /// Reads `>` (returning `false`) or `/>` (returning `true`) after a start tag's attributes.
    mutating func finishStartTag() throws(TraceError) -> Bool {
        if pos < bytes.count, bytes[pos] == UInt8(ascii: ">") {
            pos += 1
            return false
        }
        if pos < bytes.count, bytes[pos] == UInt8(ascii: "/") {
            pos += 1
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: ">") else { throw expected("'>' after '/'") }
            pos += 1
            return true
        }
        throw expected("'>' or '/>'")
    }

    /// Reads the attributes of a start tag (or of the XML declaration) into `attributes`, checking
    /// their syntax, references and UTF-8, and stops before `>`, `/` or `?`.
    mutating func readAttributes(of element: StaticString, declaration: Bool = false) throws(TraceError) {
        attributes.removeAll(keepingCapacity: true)
        if !attributeNames.isEmpty { attributeNames.removeAll(keepingCapacity: true) }
        while true {
            let spaced = skipWhitespace()
            guard pos < bytes.count else { throw expected(declaration ? "'?>'" : "'>' or '/>'") }
            let byte = bytes[pos]
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") { return }
            guard Self.isNameStart(byte) else {
                throw expected(declaration ? "a pseudo-attribute or '?>'" : "an attribute name, '>' or '/>'")
            }
            guard spaced else { throw expected("whitespace between attributes") }
            let attributeName = try scanName()
            try checkDuplicate(attributeName, element: element)
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "=") else {
                throw expected("'=' after attribute \"\(brief(attributeName))\"")
            }
            pos += 1
            skipWhitespace()
            guard pos < bytes.count, bytes[pos] == UInt8(ascii: "\"") || bytes[pos] == UInt8(ascii: "'") else {
                throw expected("a quoted value for attribute \"\(brief(attributeName))\"")
            }
            let quote = bytes[pos]
            pos += 1
            let valueStart = pos
            var hasReference = false
            // The value is walked with a local index (see `scanName`), stored back before anything
            // that reads `pos`.
            var p = pos
            let bytes = self.bytes
            while true {
                guard p < bytes.count else {
                    pos = p
                    throw unclosedValue(attributeName, quote: quote)
                }
                let byte = bytes[p]
                if byte == quote { break }
                if byte >= 0x80 {
                    guard let length = Self.utf8Length(bytes, at: p) else { throw invalidUTF8(at: p) }
                    p += length
                } else if byte == UInt8(ascii: "&") {
                    p = try reference(at: p).end
                    hasReference = true
                } else if byte == UInt8(ascii: "<") {
                    pos = p
                    throw unclosedValue(attributeName, quote: quote)
                } else if byte < 0x20, !Self.isWhitespace(byte) {
                    throw controlCharacter(at: p)
                } else {
                    p += 1
                }
            }
            pos = p
            if pos - valueStart > limits.stringLength {
                throw fail(
                    .limitExceeded, at: valueStart - 1,
                    limits.message(
                        "attribute value too long", .stringLength, found: ReadLimits.bytes(pos - valueStart)))
            }
            attributes.append(Attribute(name: attributeName, value: valueStart..<pos, hasReference: hasReference))
            pos += 1
        }
    }

    func unclosedValue(_ attributeName: Range<Int>, quote: UInt8) -> TraceError {
        let mark = quote == UInt8(ascii: "\"") ? "'\"'" : "\"'\""
        return expected("\(mark) to close the value of attribute \"\(brief(attributeName))\"")
    }

    mutating func checkDuplicate(_ attributeName: Range<Int>, element: StaticString) throws(TraceError) {
        var duplicate = false
        if attributes.count < 16 {
            for other in attributes where sameBytes(other.name, attributeName) {
                duplicate = true
                break
            }
        } else {
            if attributeNames.isEmpty {
                for other in attributes { attributeNames.insert(Array(bytes[other.name])) }
            }
            duplicate = !attributeNames.insert(Array(bytes[attributeName])).inserted
        }
        if duplicate {
            throw fail(
                .syntax, at: attributeName.lowerBound,
                "duplicate attribute \"\(brief(attributeName))\" on <\(element)>")
        }
    }

    /// Reads a name (element, attribute or processing-instruction target) whose first byte has been
    /// checked.
    mutating func scanName() throws(TraceError) -> Range<Int> {
        let start = pos
        // A local index, stored once: a stored property would be written on every step. And only
        // static helpers in the loop: calling a method of `self` from this mutating one would copy
        // the whole reader first.
        var p = pos
        let bytes = self.bytes
        while p < bytes.count {
            let byte = bytes[p]
            if Self.isASCIINameCharacter(byte) {
                p += 1
            } else if byte >= 0x80 {
                guard let length = Self.utf8Length(bytes, at: p) else { throw invalidUTF8(at: p) }
                p += length
            } else {
                break
            }
        }
        pos = p
        return start..<p
    }

    // MARK: Misc: whitespace, comments, processing instructions, CDATA

    /// Skips whitespace, comments and processing instructions (and whitespace-only CDATA inside
    /// elements), stopping at the end of input or at a `<` that starts a tag.
    mutating func skipMisc(_ place: XMLPlace) throws(TraceError) {
        while true {
            skipWhitespace()
            guard pos < bytes.count else { return }
            guard bytes[pos] == UInt8(ascii: "<") else { throw textError(place) }
            guard pos + 1 < bytes.count else { return }
            switch bytes[pos + 1] {
            case UInt8(ascii: "?"):
                try skipProcessingInstruction()
            case UInt8(ascii: "!"):
                if at("<!--") {
                    try skipComment()
                } else if place.isInsideElement, at("<![CDATA[") {
                    try skipCDATA(place)
                } else if at("<!DOCTYPE") {
                    throw fail(.syntax, at: pos, "DOCTYPE is not supported")
                } else {
                    pos += 2
                    throw expected(place.isInsideElement ? "'--' or '[CDATA[' after '<!'" : "'--' after '<!'")
                }
            default:
                return
            }
        }
    }

    /// Skips `<!-- … -->` with `pos` at `<`.
    mutating func skipComment() throws(TraceError) {
        pos += 4
        while true {
            guard pos < bytes.count else { throw expected("'-->'") }
            if bytes[pos] == UInt8(ascii: "-"), pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "-") {
                guard pos + 2 < bytes.count, bytes[pos + 2] == UInt8(ascii: ">") else {
                    throw expected("'>' after '--' in a comment", at: pos + 2)
                }
                pos += 3
                return
            }
            try skipCharacter()
        }
    }

    /// Skips `<![CDATA[ … ]]>` with `pos` at `<`; like other character data, it may hold only
    /// whitespace.
    mutating func skipCDATA(_ place: XMLPlace) throws(TraceError) {
        pos += 9
        while true {
            guard pos < bytes.count else { throw expected("']]>'") }
            if at("]]>") {
                pos += 3
                return
            }
            guard Self.isWhitespace(bytes[pos]) else { throw textError(place) }
            pos += 1
        }
    }

    /// Whether a file declaring `encoding` is read (as UTF-8, like every file): UTF-8, and the
    /// encodings that are ASCII below 0x80 — US-ASCII (what Python's ElementTree declares by default),
    /// ISO-8859-n and Windows-125n — whose text in ASCII is the same bytes in UTF-8. A byte above it
    /// that is not UTF-8 is then an error at its place that says how to convert the file; one that is
    /// (a file converted with iconv, its declaration left as it was) is read as UTF-8.
    static func readsAsUTF8(declared encoding: String) -> Bool {
        let name = encoding.lowercased()
        if utf8Names.contains(name) || ["latin1", "latin-1"].contains(name) { return true }
        for family in ["iso-8859-", "iso8859-", "windows-125", "cp125"] where name.hasPrefix(family) {
            return name.count > family.count && name.dropFirst(family.count).allSatisfy { $0.isASCII && $0.isNumber }
        }
        return false
    }

    /// The declared encodings (lowercased) whose text is UTF-8 as it is: any other read as UTF-8 is an
    /// 8-bit one, the one to convert from where a byte is not UTF-8.
    static let utf8Names: Set = ["utf-8", "utf8", "us-ascii", "ascii"]

    /// Skips `<?target …?>` with `pos` at `<`, reading it as the XML declaration when the target is
    /// `xml`.
    mutating func skipProcessingInstruction() throws(TraceError) {
        let start = pos
        pos += 2
        guard pos < bytes.count, Self.isNameStart(bytes[pos]) else {
            throw expected("a processing instruction target after '<?'")
        }
        let target = try scanName()
        if matches(target, "xml") {
            guard start == documentStart else {
                throw fail(.syntax, at: start, "XML declaration is only allowed at the start of the document")
            }
            try readAttributes(of: "?xml", declaration: true)
            guard at("?>") else { throw expected("'?>'") }
            pos += 2
            for attribute in attributes where matches(attribute.name, "encoding") {
                let encoding = text(attribute.value)
                if Self.readsAsUTF8(declared: encoding) {
                    if !Self.utf8Names.contains(encoding.lowercased()) {
                        declaredEncoding = encoding.uppercased()
                    }
                } else {
                    throw fail(
                        .syntax, at: attribute.value.lowerBound - 1,
                        "unsupported encoding \"\(brief(encoding))\": expected \"UTF-8\" (or one that is ASCII "
                            + "below 0x80, such as \"US-ASCII\" or \"ISO-8859-1\"); convert the file first, e.g. with "
                            + "iconv -f \(brief(encoding)) -t UTF-8, and declare UTF-8")
                }
            }
            return
        }
        if at("?>") {
            pos += 2
            return
        }
        guard skipWhitespace() else { throw expected("whitespace or '?>' after the processing instruction target") }
        while true {
            guard pos < bytes.count else { throw expected("'?>'") }
            if at("?>") {
                pos += 2
                return
            }
            try skipCharacter()
        }
    }

    /// Steps over one character of a comment or processing instruction, checking it.
    mutating func skipCharacter() throws(TraceError) {
        let byte = bytes[pos]
        if byte >= 0x80 {
            guard let length = utf8Length(at: pos) else { throw invalidUTF8(at: pos) }
            pos += length
        } else if byte < 0x20, !Self.isWhitespace(byte) {
            throw controlCharacter(at: pos)
        } else {
            pos += 1
        }
    }

    /// Skips XML whitespace, returning whether there was any.
    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = pos
        while pos < bytes.count, Self.isWhitespace(bytes[pos]) { pos += 1 }
        return pos > start
    }

    // MARK: Values

    /// Reads the reference `&…;` at `ampersand`, returning the character it stands for and the
    /// offset after it.
    func reference(at ampersand: Int) throws(TraceError) -> (scalar: UInt32, end: Int) {
        var i = ampersand + 1
        if i < bytes.count, bytes[i] == UInt8(ascii: "#") {
            i += 1
            var radix: UInt32 = 10
            if i < bytes.count, bytes[i] == UInt8(ascii: "x") {
                radix = 16
                i += 1
            }
            var value: UInt32 = 0
            var digits = 0
            while i < bytes.count, let digit = Self.digit(bytes[i], radix: radix) {
                // Saturate just past the largest scalar so that long references cannot overflow.
                value = min(value * radix + digit, 0x11_0000)
                digits += 1
                i += 1
            }
            guard digits > 0 else {
                throw expected(radix == 16 ? "a hexadecimal digit after '&#x'" : "a digit or 'x' after '&#'", at: i)
            }
            guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
                throw expected("';' to end the character reference", at: i)
            }
            guard Self.isXMLCharacter(value) else {
                throw fail(.syntax, at: ampersand, "invalid character reference \"\(brief(ampersand..<i + 1))\"")
            }
            return (value, i + 1)
        }
        let nameStart = i
        while i < bytes.count, bytes[i] < 0x80, Self.isASCIINameCharacter(bytes[i]) { i += 1 }
        guard i > nameStart else { throw expected("an entity name or '#' after '&'", at: i) }
        guard i < bytes.count, bytes[i] == UInt8(ascii: ";") else {
            throw expected("';' to end the entity reference", at: i)
        }
        let entity = nameStart..<i
        let scalar: UInt32
        if matches(entity, "amp") {
            scalar = 0x26
        } else if matches(entity, "lt") {
            scalar = 0x3C
        } else if matches(entity, "gt") {
            scalar = 0x3E
        } else if matches(entity, "quot") {
            scalar = 0x22
        } else if matches(entity, "apos") {
            scalar = 0x27
        } else {
            let known = #""&amp;", "&lt;", "&gt;", "&quot;", "&apos;" or a character reference"#
            throw fail(.syntax, at: ampersand, "unknown entity \"\(brief(ampersand..<i + 1))\": expected \(known)")
        }
        return (scalar, i + 1)
    }

    /// Decodes an attribute's value into `scratch`: references replaced, whitespace normalized to
    /// spaces as XML prescribes.
    mutating func decodeValue(_ attribute: Attribute) throws(TraceError) {
        scratch.removeAll(keepingCapacity: true)
        var i = attribute.value.lowerBound
        let end = attribute.value.upperBound
        while i < end {
            let byte = bytes[i]
            switch byte {
            case UInt8(ascii: "&"):
                let (scalar, after) = try reference(at: i)
                // `reference` returns only valid scalars, so this always succeeds.
                if let character = Unicode.Scalar(scalar) { UTF8.encode(character) { scratch.append($0) } }
                i = after
            case 0x0D:
                scratch.append(0x20)
                i += 1
                if i < end, bytes[i] == 0x0A { i += 1 }
            case 0x09, 0x0A:
                scratch.append(0x20)
                i += 1
            default:
                scratch.append(byte)
                i += 1
            }
        }
    }

    mutating func decodedString(_ attribute: Attribute) throws(TraceError) -> String {
        try decodeValue(attribute)
        return String(decoding: scratch, as: UTF8.self)
    }

    /// The attribute's value as a finite number.
    mutating func number(_ attribute: Attribute, field: StaticString) throws(TraceError) -> Double {
        let parsed: (value: Double, significant: Int)?
        if attribute.hasReference {
            try decodeValue(attribute)
            let fastPaths = fastPaths
            parsed = scratch.withUnsafeBufferPointer { decimalNumber($0, 0, $0.count, fastPaths: fastPaths) }
        } else {
            parsed = decimalNumber(bytes, attribute.value.lowerBound, attribute.value.upperBound, fastPaths: fastPaths)
        }
        let quote = attribute.value.lowerBound - 1
        if let digits = parsed?.significant, digits > limits.digits {
            throw fail(
                .limitExceeded, at: quote,
                limits.message(
                    "number too precise for \"\(field)\"", .digits, unit: " significant digits",
                    unitForOne: " significant digit", found: String(digits)))
        }
        guard let value = parsed?.value else {
            let found = brief(try decodedString(attribute))
            throw fail(.invalidValue, at: quote, "expected a number for \"\(field)\", found \"\(found)\"")
        }
        guard value.isFinite else {
            let found = brief(try decodedString(attribute))
            throw fail(.invalidNumber, at: quote, "number out of range for \"\(field)\": \(found)")
        }
        return value
    }

    // MARK: Errors

    func fail(_ code: TraceError.Code, at offset: Int, _ message: String) -> TraceError {
        TraceError(code, file: file, text: bytes, offset: offset, sampleIndex: sampleContext, message: message)
    }

    /// "expected …, found …" at `offset` (by default the current position), or "unexpected end of
    /// input: expected …" there.
    func expected(_ what: String, at offset: Int? = nil) -> TraceError {
        let i = offset ?? pos
        guard i < bytes.count else { return fail(.syntax, at: i, "unexpected end of input: expected \(what)") }
        if bytes[i] >= 0x80, utf8Length(at: i) == nil { return invalidUTF8(at: i) }
        return fail(.syntax, at: i, "expected \(what), found \(describeCharacter(at: i))")
    }

    func invalidUTF8(at offset: Int) -> TraceError {
        fail(.syntax, at: offset, TextEncoding.invalidUTF8(bytes, at: offset, declared: declaredEncoding))
    }

    func controlCharacter(at offset: Int) -> TraceError {
        fail(.syntax, at: offset, "control character \(Self.codePoint(bytes[offset])) is not allowed in XML")
    }

    /// Text where only whitespace may be, at `pos`.
    func textError(_ place: XMLPlace) -> TraceError {
        if bytes[pos] >= 0x80, utf8Length(at: pos) == nil { return invalidUTF8(at: pos) }
        // 84 bytes hold at least 21 characters, enough to show 20 and "…".
        let limit = min(bytes.count, pos + 84)
        var end = pos
        while end < limit, bytes[end] != UInt8(ascii: "<"), bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        if end < limit {
            while end > pos, Self.isWhitespace(bytes[end - 1]) { end -= 1 }
        }
        return fail(.syntax, at: pos, "expected only whitespace \(place.description), found \"\(brief(pos..<end))\"")
    }

    /// A character for "found …": `'x'`, `'\n'`, or `U+0001` for other control characters.
    func describeCharacter(at i: Int) -> String {
        let byte = bytes[i]
        switch byte {
        case 0x09: return "'\\t'"
        case 0x0A: return "'\\n'"
        case 0x0D: return "'\\r'"
        case UInt8(ascii: "'"): return "\"'\""
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x80...:
            let character = text(i..<i + (utf8Length(at: i) ?? 1))
            if let scalar = character.unicodeScalars.first, DiagnosticText.isControl(scalar) {
                return Self.codePoint(scalar.value)
            }
            return "'\(character)'"
        default: return Self.codePoint(byte)
        }
    }

    static func codePoint(_ value: some BinaryInteger) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// The found text at `range`, as diagnostics show it: at most 20 characters, then "…", control
    /// characters written `\u{7F}` and bytes that are not UTF-8 `\xFF` (``DiagnosticText``), so a
    /// diagnostic never carries raw binary to a terminal.
    func brief(_ range: Range<Int>) -> String {
        DiagnosticText.escaped(UnsafeBufferPointer(rebasing: bytes[range]), maxCharacters: 20)
    }

    /// Found text (a decoded value), as diagnostics show it: see `brief(_:)` of a range.
    func brief(_ text: String) -> String { DiagnosticText.escaped(text, maxCharacters: 20) }

    // MARK: Bytes

    func at(_ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { literal in
            guard bytes.count - pos >= literal.count else { return false }
            for k in 0..<literal.count where bytes[pos + k] != literal[k] { return false }
            return true
        }
    }

    /// Whether the bytes of `a` and `b` are the same.
    @inline(__always)
    func sameBytes(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        guard a.count == b.count else { return false }
        for k in 0..<a.count where bytes[a.lowerBound + k] != bytes[b.lowerBound + k] { return false }
        return true
    }

    @inline(__always)
    func matches(_ range: Range<Int>, _ literal: StaticString) -> Bool {
        literal.withUTF8Buffer { literal in
            guard range.count == literal.count else { return false }
            for k in 0..<literal.count where bytes[range.lowerBound + k] != literal[k] { return false }
            return true
        }
    }

    /// Whether the bytes of `range` spell `lowercase` with ASCII letters in any case.
    func matchesIgnoringCase(_ range: Range<Int>, _ lowercase: StaticString) -> Bool {
        lowercase.withUTF8Buffer { literal in
            guard range.count == literal.count else { return false }
            for k in 0..<literal.count where bytes[range.lowerBound + k] | 0x20 != literal[k] { return false }
            return true
        }
    }

    /// The length of the well-formed UTF-8 sequence starting at `i`, or `nil`.
    func utf8Length(at i: Int) -> Int? { Self.utf8Length(bytes, at: i) }

    static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> Int? {
        if bytes[i] < 0x80 { return 1 }
        let (length, valid) = TextEncoding.utf8Sequence(bytes, at: i)
        return valid ? length : nil
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }

    /// ASCII letters, `_` and `:`; any non-ASCII character may also start a name here.
    static func isNameStart(_ byte: UInt8) -> Bool {
        (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ":") || byte >= 0x80
    }

    /// ASCII letters and digits, `_`, `:`, `-` and `.`; `false` for any byte past ASCII.
    @inline(__always)
    static func isASCIINameCharacter(_ byte: UInt8) -> Bool {
        // Bit k of `low` is set when byte k (0-63) is a name character, bit k of `high` when byte
        // 64 + k is: one shift and test instead of a chain of comparisons.
        let low: UInt64 = 1 << 45 | 1 << 46 | 0x3FF << 48 | 1 << 58  // "-", ".", "0"..."9", ":"
        let high: UInt64 = 0x3FF_FFFF << 1 | 1 << 31 | 0x3FF_FFFF << 33  // "A"..."Z", "_", "a"..."z"
        return byte < 64 ? low >> byte & 1 != 0 : byte < 128 && high >> (byte - 64) & 1 != 0
    }

    static func digit(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    /// XML 1.0's `Char`: tab, LF, CR and the scalars from U+0020 except surrogates, U+FFFE and U+FFFF.
    static func isXMLCharacter(_ value: UInt32) -> Bool {
        switch value {
        case 0x09, 0x0A, 0x0D, 0x20...0xD7FF, 0xE000...0xFFFD, 0x1_0000...0x10_FFFF: true
        default: false
        }
    }
}

extension Trace {
    /// How long without a point, and how far from the point before, a point of a `$`-family log
    /// must come for the warning of `jumpWarning`: these loggers sample every 4–16 ms while the pen
    /// is down, and a pen held still moves less than UIKit's 10 pt tap allowance.
    static let dollarJump = (seconds: 0.25, points: 10.0)

    /// A warning for a `$`-family log whose strokes jump: a point `dollarJump` or more after the one
    /// before it in time and in space, in the same stroke. Either the pen was lifted and put down
    /// again where the log records no lift (some loggers keep recording across a lift, so one file
    /// holds two attempts: 228 of the 2,876 `dollar1-devices` files), or the device dropped samples
    /// (43 of `mmg-strokes`' 593, inside their strokes); `dollar1`, `mouse-dollar` and `unipen-z`
    /// have none. Replay reads one touch jumping there, and the warning says why a recognizer fails.
    static func jumpWarning(_ trace: Trace, text: [UInt8]) -> String? {
        let jumps = Self.jumps(in: trace)
        guard let first = jumps.first else { return nil }
        let line = trace.samples[first.index].offset.map { " (line \(SourcePosition(of: $0, in: text).line))" } ?? ""
        let more = jumps.count == 1 ? "" : " (and \(jumps.count - 1) more)"
        return "sample \(first.index)\(line) comes \(Format.number(first.seconds, decimals: 2)) s and "
            + "\(Format.number(first.points, decimals: 0)) pt after the one before it in its stroke\(more): "
            + "the pen was lifted and put down again where the log records no lift, or the device dropped "
            + "samples; \(jumpWarningReading)"
    }

    /// How the jump warning ends: what replay makes of a jump, which `--lift-at-jumps` changes.
    static let jumpWarningReading = "replay reads one touch jumping there (--lift-at-jumps reads a lift)"

    /// Each point that comes `dollarJump` or more after the one before it in its stroke, in time and
    /// in space: its sample index, and how far.
    static func jumps(in trace: Trace) -> [(index: Int, seconds: Double, points: Double)] {
        var jumps: [(index: Int, seconds: Double, points: Double)] = []
        for (index, (before, sample)) in zip(trace.samples, trace.samples.dropFirst()).enumerated()
        where sample.touch == before.touch && sample.phase != .began {
            let seconds = sample.time - before.time
            guard seconds >= dollarJump.seconds else { continue }
            let points = sample.location.distance(to: before.location)
            if points >= dollarJump.points { jumps.append((index + 1, seconds, points)) }
        }
        return jumps
    }
}
