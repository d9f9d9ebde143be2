/// Text helpers the reports share: aligned tables, CSV fields, percentages.
enum ReportText {
    /// Columns padded to their widest cell (in terminal columns, `Format.columns`): the first `leftColumns` left-aligned, the others
    /// right-aligned; a row may have fewer cells than the widest; trailing spaces trimmed.
    static func table(_ rows: [[String]], leftColumns: Int = 1) -> String {
        let columns = rows.map(\.count).max() ?? 0
        guard columns > 0 else { return "" }
        let widths = (0..<columns).map { c in rows.map { c < $0.count ? Format.columns($0[c]) : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = row.enumerated().map { c, cell in
                let pad = String(repeating: " ", count: widths[c] - Format.columns(cell))
                return c < leftColumns ? cell + pad : pad + cell
            }.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            return line
        }.joined(separator: "\n") + "\n"
    }

    /// A CSV field (RFC 4180), quoted when it holds a comma, a quote or a line break.
    ///
    /// By scalars: `\r\n` is one `Character`, equal to neither `\r` nor `\n`, and so is a `"` followed
    /// by a combining mark, which a character-wise test missed (a labels column's `"a\r\nb"` as a
    /// group split its row in two).
    static func csvField(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else {
            return text
        }
        var quoted = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\"" { quoted.append(scalar) }
            quoted.append(scalar)
        }
        return "\"" + String(quoted) + "\""
    }

    /// `1 trace`, `2 traces`, `0 errors`: a count and its noun, singular for one.
    static func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
        "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
    }

    /// What a learned recognizer's thresholds were chosen for, as `gesture list` says it in text and
    /// Markdown: `thresholds chosen leave-one-group-out for false alarms of at most 1%`, then the
    /// coverage and the mirror images taught, when there were, each gesture as `shown` shows it.
    static func thresholdsChosen(_ learned: LearnedGestures, shown: (String) -> String = { $0 }) -> String {
        "thresholds chosen \(learned.crossValidation) for false alarms of at most "
            + exactPercent(learned.maximumFalseAlarms)
            + (learned.coverage.map {
                ", each reaching no further than it must to take \(percent($0)) of its own held-out examples"
                    + (learned.coverageFit.map { fit in
                        " (by a \(fit) fitted to their distances"
                            + (learned.coverageReadOff.map {
                                "; read off them for \($0.map(shown).joined(separator: ", ")), too few or alike to fit"
                            } ?? "") + ")"
                    } ?? "")
            } ?? "")
            + (learned.mirrored.map { ways in
                let taught = ways.sorted { $0.key < $1.key }.filter { !$0.value.isEmpty }.map {
                    "of \($0.value.map(shown).joined(separator: ", ")) (\($0.key.words))"
                }
                return taught.isEmpty
                    ? "; no mirror images taught as negatives"
                    : "; the mirror images \(taught.joined(separator: " and ")) taught as negatives"
            } ?? "")
    }

    /// `0.125` → `12.5%`; with `limit`, as many more decimals as tell the two apart (`0.503%` beside
    /// a limit of `0.5%`). A share above 0 never reads `0%`, nor one below 1 `100%`: 1,999 of 2,000
    /// is `99.95%`, 1 of 25,001 `0.004%`.
    /// A limit given as a share (`--max-false-alarms 0.00037`): as a percentage with every digit it
    /// was given (`0.037%`), at least `decimals` of them; the rates beside it show more digits where
    /// they need them, and a limit rounded to 2 decimals (`0.04%`) read below a rate within it.
    static func exactPercent(_ value: Double, decimals: Int = 2) -> String {
        let target = value * 100
        func shown(_ places: Int) -> String { Format.number(target, decimals: places) }
        var places = decimals
        while places < 12, let read = Double(shown(places).filter { $0 != "," }),
            abs(read - target) > 1e-9 * max(1, abs(target))
        {
            places += 1
        }
        return shown(places) + "%"
    }

    static func percent(_ value: Double, decimals: Int = 1, apartFrom limit: Double? = nil) -> String {
        var places = limit.map { Format.decimalsToTellApart(value * 100, $0 * 100, from: decimals) } ?? decimals
        var shown = Format.number(value * 100, decimals: places)
        while value > 0, value < 1, shown == "0" || shown == "100", places < 9 {
            places += 1
            shown = Format.number(value * 100, decimals: places)
        }
        return shown + "%"
    }
}
