/// The reference of each recognizer in Markdown, made from its declaration: what it is and how it
/// relates to others, its parameters (unit, default and seed values, range, meaning), its failure codes
/// and its details. `gesture list --format markdown` prints it; each guide in `docs/recognizers/` holds
/// its recognizer's, kept up to date by a test.
public enum MarkdownReport {
    /// Every recognizer of `configuration`, each under a heading with its id.
    public static func render(_ configuration: Configuration) -> String {
        var out = "# Recognizers (profile: \(configuration.profile.rawValue))\n"
        for entry in configuration.entries {
            out += "\n## `\(entry.id)`: \(DiagnosticText.escaped(entry.definition.summary))\n\n"
            out += reference(entry, in: configuration, level: 3)
        }
        return out
    }

    /// One recognizer's reference, its sections under headings of `level`.
    public static func reference(_ entry: Configuration.Entry, in configuration: Configuration, level: Int = 2)
        -> String
    {
        let definition = entry.definition
        let heading = String(repeating: "#", count: level)
        let together = configuration.simultaneousPartners(of: entry.id)
        var facts = [
            "id `\(definition.id)`", definition.kind.rawValue,
            "recognizes " + entry.gestures.map(code).joined(separator: ", "),
        ]
        if !definition.capabilities.isEmpty { facts.append("is: " + list(definition.capabilities.map(\.rawValue))) }
        if !entry.requiresFailureOf.isEmpty { facts.append("requires to fail: " + list(entry.requiresFailureOf)) }
        if !together.isEmpty { facts.append("recognizes together with: " + list(together)) }
        var out = facts.joined(separator: " · ") + "\n"
        if let learned = definition.learned {
            out += "\n\(heading) Learned gestures\n\n"
            // What its recall and false alarms were measured for, as the text says.
            out += "From \(code(DiagnosticText.escaped(learned.file))), algorithm \(learned.algorithm.rawValue); "
            out += ReportText.thresholdsChosen(learned, shown: code) + ".\n\n"
            out += "| gesture | templates | threshold | recall | false alarms | strokes |\n"
            out += "| --- | --- | --- | --- | --- | --- |\n"
            for gesture in learned.gestures {
                out +=
                    "| \(escaped(code(gesture.name))) | \(gesture.templates) | "
                    + "\(Format.significant(gesture.threshold, decimals: 1)) | "
                out +=
                    "\(ReportText.percent(gesture.recall)) | \(ReportText.percent(gesture.falseAlarms, decimals: 2)) | "
                out += "\(gesture.strokes) |\n"
            }
        }

        let parameters = definition.parameters
        let values = entry.values
        if !parameters.isEmpty {
            // The value column only when some value is not the default (another profile, or settings).
            let showsValues = parameters.contains { values[$0.name] != $0.defaultValue }
            out += "\n\(heading) Parameters\n\n"
            // The hammer column only when Hammer.js's defaults differ from ours.
            let showsHammer = parameters.contains { $0.hammer != $0.defaultValue }
            out += "| parameter | unit |" + (showsValues ? " value |" : "") + " default | seed |"
            out += (showsHammer ? " hammer |" : "") + " range | meaning |\n"
            out += "| --- | --- |" + (showsValues ? " --- |" : "") + " --- | --- |" + (showsHammer ? " --- |" : "")
            out += " --- | --- |\n"
            for parameter in parameters {
                var cells = ["`\(parameter.name)`", unit(parameter)]
                if showsValues { cells.append(text(values[parameter.name] ?? parameter.defaultValue, parameter)) }
                cells += [text(parameter.defaultValue, parameter), text(parameter.seed, parameter)]
                if showsHammer { cells.append(text(parameter.hammer, parameter)) }
                cells += [parameter.range, parameter.meaning]
                out += "| " + cells.map(escaped).joined(separator: " | ") + " |\n"
            }
        }
        if !definition.constraints.isEmpty {
            let constraints = definition.constraints.map { "`\($0.lower)` ≤ `\($0.upper)`" }
            out += "\nConstraints: " + constraints.joined(separator: ", ")
            out += " (a configuration whose values break one is refused).\n"
        }
        if !definition.failureCodes.isEmpty {
            out += "\n\(heading) Failure codes\n\n| code | when |\n| --- | --- |\n"
            for code in definition.failureCodes { out += "| `\(code.code)` | \(escaped(code.meaning)) |\n" }
            out += "\nAnd the engine's: " + list(EngineFailure.allCases.map(\.rawValue)) + ".\n"
        }
        if !definition.details.isEmpty {
            out += "\n\(heading) Details\n\n| name | type | unit | meaning |\n| --- | --- | --- | --- |\n"
            for detail in definition.details {
                var type = detail.kind.name
                if case .text(let values) = detail.kind { type = values.map(code).joined(separator: " or ") }
                if detail.nullable { type += " or null" }
                out += "| `\(detail.name)` | \(escaped(type)) | \(detail.unit?.rawValue ?? "") | "
                out += "\(escaped(detail.meaning)) |\n"
            }
        }
        return out
    }

    private static func list(_ names: [String]) -> String { names.map { "`\($0)`" }.joined(separator: ", ") }

    private static func unit(_ parameter: ParameterSpec) -> String {
        switch parameter.type {
        case .boolean: "true/false"
        case .directions: "directions"
        case .number, .integer: parameter.unit?.rawValue ?? ""
        }
    }

    /// `3`, `0.6981 (40°)`, `on`, `off`.
    private static func text(_ value: ParameterValue, _ parameter: ParameterSpec) -> String {
        guard case .number(let radians) = value, parameter.unit == .radians else { return "\(value)" }
        return "\(value) (\(Format.number(radians * 180 / Double.pi, decimals: 1))°)"
    }

    private static func escaped(_ cell: String) -> String { cell.replacingOccurrences(of: "|", with: "\\|") }

    /// `name` as a code span: fenced with one backtick more than its longest run of them, and spaced
    /// inside when it starts or ends with one, so that a gesture name holding one (a folder's, learned)
    /// stays one span (`` a`b ``). A name without is `` `name` ``.
    private static func code(_ name: String) -> String {
        var (run, longest) = (0, 0)
        for character in name {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        let fence = String(repeating: "`", count: longest + 1)
        let space = name.hasPrefix("`") || name.hasSuffix("`") ? " " : ""
        return fence + space + name + space + fence
    }
}
