/// Writes quantised rows in the three trace formats, byte by byte (no `String` formatting in the
/// loop, so a corpus of 100,000 traces takes seconds).
struct TraceWriter {
    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(1 << 16) }

    mutating func reset() { bytes.removeAll(keepingCapacity: true) }

    mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }

    mutating func int(_ value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            int(-value)
            return
        }
        if value >= 10 { int(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }

    /// `value / 10^digits` with at least one and at most `digits` decimals: 0.0167, 120.5, 300.0.
    mutating func decimal(_ value: Int, digits: Int) {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        let magnitude = abs(value)
        int(magnitude / scale)
        bytes.append(UInt8(ascii: "."))
        var fraction = magnitude % scale
        var width = digits
        while width > 1, fraction % 10 == 0 {
            fraction /= 10
            width -= 1
        }
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        for _ in 0..<width {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// The layout of the bundled traces: metadata, then one sample per line.
    mutating func json(_ rows: [Row], name: String) {
        text("{\n  \"name\": \"\(name)\",\n  \"view\": {\"width\": 390, \"height\": 844},\n  \"samples\": [\n")
        for (index, row) in rows.enumerated() {
            text("    {\"t\": ")
            decimal(row.ticks, digits: 4)
            text(", \"id\": ")
            int(row.id)
            text(", \"phase\": \"")
            text(row.phase.rawValue)
            text("\", \"x\": ")
            decimal(row.x, digits: 1)
            text(", \"y\": ")
            decimal(row.y, digits: 1)
            text(index == rows.count - 1 ? "}\n" : "},\n")
        }
        text("  ]\n}\n")
    }

    mutating func csv(_ rows: [Row], name: String) {
        text("# name: \(name)\n# view: 390x844\nt,id,phase,x,y\n")
        for row in rows {
            decimal(row.ticks, digits: 4)
            bytes.append(UInt8(ascii: ","))
            int(row.id)
            bytes.append(UInt8(ascii: ","))
            text(row.phase.rawValue)
            bytes.append(UInt8(ascii: ","))
            decimal(row.x, digits: 1)
            bytes.append(UInt8(ascii: ","))
            decimal(row.y, digits: 1)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// A `$1` log (points directly under `<Gesture>`), or a `$N` log (`<Stroke>`s) when the trace has
    /// more than one touch sequence. `T` is whole milliseconds from `clock`, as those logs stamp it.
    /// Only for traces whose touches never overlap in time.
    mutating func xml(_ rows: [Row], name: String, clock: Int) {
        let strokes = rows.lazy.filter { $0.phase == .began }.count
        let milliseconds = ((rows.last?.ticks ?? 0) + 5) / 10
        text("<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n")
        text("<Gesture Name=\"\(name)\" Subject=\"1\" NumPts=\"\(rows.count)\" Millseconds=\"\(milliseconds)\" ")
        text("AppName=\"gesture-bench\" AppVer=\"1.0\">\n")
        var stroke = 0
        for row in rows {
            if strokes > 1, row.phase == .began {
                stroke += 1
                text("  <Stroke index=\"\(stroke)\">\n")
            }
            text(strokes > 1 ? "    <Point X=\"" : "  <Point X=\"")
            decimal(row.x, digits: 1)
            text("\" Y=\"")
            decimal(row.y, digits: 1)
            text("\" T=\"")
            int(clock + (row.ticks + 5) / 10)
            text("\" />\n")
            if strokes > 1, row.phase == .ended { text("  </Stroke>\n") }
        }
        text("</Gesture>\n")
    }
}
