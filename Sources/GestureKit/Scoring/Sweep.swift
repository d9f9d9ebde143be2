/// The values one parameter takes in a tuning grid: `ID.PARAM=FROM:TO:STEP`, both ends included.
///
///     let sweep = try Sweep(parsing: "circle.cornerTurn=0.8:1.2:0.1", in: Configuration())
///     sweep.values   // [0.8, 0.9, 1, 1.1, 1.2]
public struct Sweep: Sendable, Hashable {
    /// The recognizer's id.
    public var recognizer: String
    public var parameter: String
    /// In grid order, from `FROM` up to `TO`.
    public var values: [ParameterValue]
    /// `ID.PARAM`, as output names the column.
    public var name: String { "\(recognizer).\(parameter)" }

    /// The most values one sweep may have: a grid is replayed in full for every setting.
    public static let maximumValues = 1000

    /// The decimals `shown` writes: 4, or as many more as it takes to tell the values apart and to
    /// show none above 0 as 0 (a sweep of 0.000001:0.000003:0.000001 read 0, 0, 0).
    public let decimals: Int

    public init(recognizer: String, parameter: String, values: [ParameterValue]) {
        self.recognizer = recognizer
        self.parameter = parameter
        self.values = values
        let numbers = values.compactMap { if case .number(let value) = $0 { value } else { nil } }
        decimals =
            (4...15).first { decimals in
                let shown = numbers.map { Format.number($0, decimals: decimals) }
                return Set(shown).count == Set(numbers).count && zip(numbers, shown).allSatisfy { $0 == 0 || $1 != "0" }
            } ?? 15
    }

    /// `value`, one of `values`, as text output writes it: with `decimals` decimals.
    public func shown(_ value: ParameterValue) -> String {
        if case .number(let number) = value { return Format.number(number, decimals: decimals) }
        return value.description
    }

    /// Parses `ID.PARAM=FROM:TO:STEP` against `configuration`: the recognizer must be in it, the
    /// parameter a number or a count (a count's ends and step whole numbers), the range non-empty
    /// (`FROM` ≤ `TO`, `STEP` > 0), and every value one the parameter accepts.
    ///
    /// Values are `FROM + i × STEP`, rounded to the decimals the three numbers are written with, so
    /// `0.1:0.3:0.1` gives 0.1, 0.2, 0.3 and not 0.30000000000000004.
    public init(parsing text: String, in configuration: Configuration) throws(ConfigurationError) {
        func fail(_ message: String) -> ConfigurationError {
            // Cut as `--set` cuts its assignment: a sweep of a long name is not echoed whole.
            ConfigurationError("--sweep \(DiagnosticText.escaped(text, maxCharacters: 60)): \(message)")
        }
        let sides = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let name = sides[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        guard sides.count == 2, name.count == 2, !name[0].isEmpty, !name[1].isEmpty else {
            throw fail("expected ID.PARAM=FROM:TO:STEP")
        }
        let (id, parameterName) = (name[0], name[1])
        let entry: Configuration.Entry
        do throws(ConfigurationError) {
            entry = configuration.entries[try configuration.entryIndex(id)]
        } catch {
            throw fail(error.message)
        }
        guard let spec = entry.definition.parameter(parameterName) else {
            let names = entry.definition.parameters.map(\.name)
            let hint =
                Spelling.nearest(to: parameterName, among: names).map { "did you mean \($0)?" }
                ?? "expected one of \(names.joined(separator: ", "))"
            throw fail("unknown parameter \"\(DiagnosticText.name(parameterName))\" for \(id): \(hint)")
        }
        guard spec.type != .boolean else {
            throw fail("\(id).\(parameterName) is a switch (true or false), not a number: it cannot be swept")
        }
        guard spec.type != .directions else {
            throw fail("\(id).\(parameterName) is a set of directions, not a number: it cannot be swept")
        }
        let parts = sides[1].split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3 else { throw fail("expected FROM:TO:STEP after \"=\", found \"\(sides[1])\"") }
        var numbers: [Double] = []
        for (part, role) in zip(parts, ["FROM", "TO", "STEP"]) {
            guard let number = JSONValue.decimal(part), number.isFinite else {
                // A number as JSON writes it, too large for a double, is out of range, as `--set` says.
                let parsed = Result { () throws(JSONParseError) in try JSONValue.parse(Array(part.utf8), file: "-") }
                if case .failure(let error) = parsed, error.code == .invalidNumber {
                    throw fail("\(role): number out of range: \(DiagnosticText.escaped(part, maxCharacters: 20))")
                }
                throw fail(
                    "\(role) must be a number"
                        + (JSONValue.numberAsJSON(part).map { " written as JSON does, \($0)" } ?? "")
                        + ", found \"\(DiagnosticText.escaped(part))\"")
            }
            if spec.type == .integer, number != number.rounded() {
                throw fail("\(id).\(parameterName) is a count: \(role) must be a whole number, found \(part)")
            }
            numbers.append(number)
        }
        let (from, to, step) = (numbers[0], numbers[1], numbers[2])
        guard step > 0 else { throw fail("STEP must be above 0, found \(parts[2])") }
        guard from <= to else { throw fail("the range is reversed: FROM (\(parts[0])) is above TO (\(parts[1]))") }
        let decimals = parts.map(Sweep.decimals).max() ?? 0
        var scale = 1.0
        for _ in 0..<min(decimals, 12) { scale *= 10 }
        // Counted as a double first: 0:1e308:1e-10 is more steps than an Int holds.
        var steps = ((to - from) / step * (1 + 1e-12)).rounded(.down)
        // In the decimals written, where they hold the three numbers exactly as whole numbers: the
        // doubles' error would drop TO from 100000.1:100000.4:0.1 (3 values, not 4).
        let (a, b, c) = ((from * scale).rounded(), (to * scale).rounded(), (step * scale).rounded())
        if decimals <= 12, c > 0, max(abs(a), abs(b)) * c < 0x1p53, abs(a - from * scale) < 1e-6,
            abs(b - to * scale) < 1e-6, abs(c - step * scale) < 1e-6
        {
            steps = ((b - a) / c).rounded(.down)
        }
        guard steps < Double(Sweep.maximumValues) else {
            // Past 1e15 a double counts them only roughly (1e19 + 1 read 1.000000000001e+19): said so.
            let count =
                steps < 1e15
                ? String(Int(steps) + 1) : steps > 1e300 ? "more than 1e+300" : "about \(String(format: "%.2g", steps))"
            throw fail("\(count) values: at most \(Sweep.maximumValues) are allowed; take a larger STEP")
        }
        let count = Int(steps) + 1
        var values: [ParameterValue] = []
        for index in 0..<count {
            let raw = from + Double(index) * step
            // Rounded to the decimals written (0.1 + 0.2 is 0.3); a value too large to scale is left as it is.
            let scaled = raw * scale
            let value = scaled.isFinite ? scaled.rounded() / scale : raw
            // A count past what an Int holds (2^63) stays a number, which `set` refuses with its range.
            values.append(spec.type == .integer && abs(value) < 1e15 ? .integer(Int(value)) : .number(value))
        }
        // Each value within the parameter's range first: -0.2 is out of range, whether or not 0 is
        // among the values.
        var scratch = configuration
        for value in values {
            do throws(ConfigurationError) {
                try scratch.set(parameterName, to: value, for: id)
            } catch {
                throw fail(error.message)
            }
        }
        // A value that used to switch the rule off is still read so (`set` turns it into off): its row
        // would say 0 where no rule was applied (cornerTurn 0 recalled every circle), and
        // --write-config would write null.
        if let formerOff = spec.formerOff, spec.isOptional,
            let off = values.first(where: { $0.number.map(formerOff.matches) ?? false })
        {
            let lowest: Double
            switch formerOff {
            case .zero: lowest = 0
            case .atMost(let limit): lowest = limit
            }
            throw fail(
                "\(id).\(parameterName) \(off.description) is read as off (\(formerOff.text) used to switch the rule off), "
                    + "not as a limit: sweep values above \(Format.jsonNumber(lowest)), and compare with off by --set")
        }
        self.init(recognizer: id, parameter: parameterName, values: values)
        // Values kept to 12 decimals, or past what a double tells apart, can fall together: rows that
        // read alike (1:1.000000000000001:0.0000000000000001 was 12 rows of 1) are no sweep.
        let shown = values.map(self.shown)
        let counts = Dictionary(shown.map { ($0, 1) }, uniquingKeysWith: +)
        if counts.count < shown.count, let first = shown.first(where: { counts[$0]! > 1 }) {
            throw fail(
                "its \(shown.count) values are not distinct as written (\(first) comes \(counts[first]!) times): "
                    + "STEP \(parts[2]) is finer than values are kept" + (decimals > 12 ? " (12 decimals)" : "")
                    + "; take a larger STEP")
        }
    }

    /// Digits after the decimal point, as written (`0.25` → 2, `1e-3` → 3, `5` → 0).
    private static func decimals(_ text: String) -> Int {
        let lower = text.lowercased()
        var mantissa = Substring(lower)
        var exponent = 0
        if let e = lower.firstIndex(of: "e") {
            mantissa = lower[..<e]
            // Clamped: decimals are used up to 12, and 1e-9223372036854775808 overflowed the subtraction.
            exponent = min(max(Int(lower[lower.index(after: e)...]) ?? 0, -1000), 1000)
        }
        let fraction = mantissa.firstIndex(of: ".").map { mantissa.distance(from: $0, to: mantissa.endIndex) - 1 } ?? 0
        return max(0, fraction - exponent)
    }
}
