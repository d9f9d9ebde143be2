/// The human-readable form of results: per file and sequence the gesture, then each recognizer's
/// final state, its transitions and why it failed, aligned.
///
///     Traces/checkmark.json: checkmark
///       sequence 1: t 0 → 0.3 s: checkmark
///         checkmark  recognized  t=0.3 event 18 sample 18  recognized checkmark
///         z          failed      t=0.05 event 3 sample 3   incomplete: …
public enum TextReport {
    public static func render(_ outcome: Result<TraceResult, TraceError>) -> String {
        switch outcome {
        case .success(let result): render(result)
        case .failure(let error): "\(error.description)\n"
        }
    }

    public static func render(_ result: TraceResult) -> String {
        var out = "\(result.file): \(result.gesture)\n"
        for warning in result.warnings { out += "  warning: \(warning)\n" }
        let width = result.sequences.flatMap(\.recognizers).map(\.id.count).max() ?? 0
        for (number, sequence) in result.sequences.enumerated() {
            let span = "t \(Format.number(sequence.start, decimals: 3)) → \(Format.number(sequence.end, decimals: 3)) s"
            out += "  sequence \(number + 1): \(span): \(sequence.gesture)\(sequence.ended ? "" : " (never ended)")\n"
            if !sequence.continuing.isEmpty {
                out += "    continuing from an earlier sequence: \(sequence.continuing.joined(separator: ", "))\n"
            }
            for report in sequence.recognizers {
                let state = report.kind == .continuous && report.state == .recognized ? "ended" : report.state.rawValue
                out += "    " + pad(report.id, width) + "  " + pad(state, 10) + "  "
                if report.kind == .continuous, report.transitions.contains(where: { $0.to == .began }) {
                    out += reason(of: report) + "\n"
                    continue
                }
                if let failure = report.failure {
                    out += place(failure.time, failure.event, failure.sample) + "  " + reason(of: report)
                } else if let last = report.transitions.last {
                    out += place(last.time, last.event, last.sample) + "  " + reason(of: report)
                }
                out += "\n"
                for transition in report.transitions.dropLast() {
                    out += "    " + pad("", width) + "  " + pad("", 10) + "  "
                    out += place(transition.time, transition.event, transition.sample) + "  "
                    out += "\(transition.from.rawValue) → \(transition.to.rawValue): \(transition.reason)\n"
                }
            }
        }
        return out
    }

    /// A recognizer's verdict in one line, as `classify` prints it after the time and place: its failure,
    /// its last transition's reason with the recognition's details, or a continuous recognizer's life.
    static func reason(of report: RecognizerReport) -> String {
        if report.kind == .continuous, let began = report.transitions.first(where: { $0.to == .began }) {
            return continuous(report, began: began)
        }
        if let failure = report.failure { return describe(failure.reason) }
        guard let last = report.transitions.last else { return "" }
        var text = last.reason
        if let details = report.recognition?.details, !details.isEmpty {
            text += " (" + details.map { "\($0.key) \(describe($0.value))" }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `began t=0.12 → 23 changes → ended t=0.8 (translation (212, -4))`: a continuous recognizer that
    /// began, in one line; every change is in the JSON output.
    static func continuous(_ report: RecognizerReport, began: Transition) -> String {
        var text = "began t=\(Format.number(began.time, decimals: 3))"
        if let wait = report.transitions.first(where: { !$0.waitingFor.isEmpty }) {
            text =
                "waited t=\(Format.number(wait.time, decimals: 3)) for \(wait.waitingFor.joined(separator: ", ")), "
                + text
        }
        let changes = report.transitions.filter { $0.to == .changed }.count
        text += " → \(changes) change\(changes == 1 ? "" : "s")"
        if let last = report.transitions.last, last.to == .recognized || last.to == .cancelled {
            text += " → \(last.to == .recognized ? "ended" : "cancelled") t=\(Format.number(last.time, decimals: 3))"
            if last.to == .cancelled { text += ": \(last.reason)" }
        }
        if let details = report.recognition?.details, !details.isEmpty {
            text += " (" + details.map { "\($0.key) \(describe($0.value))" }.joined(separator: ", ") + ")"
        }
        return text
    }

    /// `code: message (measured 3 pt, limit 2 pt) at (x, y)`.
    public static func describe(_ reason: FailureReason) -> String {
        var text = "\(reason.code): \(reason.message)"
        let unit = reason.unit.map { " \($0)" } ?? ""
        var numbers: [String] = []
        // Angles to 4 decimals: a hundredth of a radian is more than half a degree.
        let decimals = reason.unit == .radians ? 4 : 2
        if let measured = reason.measured {
            numbers.append("measured \(Format.number(measured, decimals: decimals))\(unit)")
        }
        if let limit = reason.limit { numbers.append("limit \(Format.number(limit, decimals: decimals))\(unit)") }
        if !numbers.isEmpty { text += " (" + numbers.joined(separator: ", ") + ")" }
        if let point = reason.point { text += " at \(point)" }
        return text
    }

    /// `gesture list`: recognizers, parameters and relationships.
    public static func render(_ configuration: Configuration) -> String {
        var out = "profile: \(configuration.profile.rawValue)\n"
        for entry in configuration.entries {
            let definition = entry.definition
            out += "\n\(definition.id) (\(definition.kind.rawValue)): \(definition.summary)\n"
            out += "  gestures: \(definition.gestures.joined(separator: ", "))\n"
            if let kind = definition.instanceOf {
                out += "  instance of: \(kind)\(definition.recognizedAs.map { ", recognized as \($0)" } ?? "")\n"
            }
            if !entry.requiresFailureOf.isEmpty {
                out += "  requires to fail: \(entry.requiresFailureOf.joined(separator: ", "))\n"
            }
            let together = configuration.entries.map(\.id).filter {
                $0 != entry.id && configuration.maySimultaneouslyRecognize($0, entry.id)
            }
            if !together.isEmpty { out += "  recognizes simultaneously with: \(together.joined(separator: ", "))\n" }
            if !definition.capabilities.isEmpty {
                out += "  is: \(definition.capabilities.map(\.rawValue).joined(separator: ", "))\n"
            }
            let (parameters, values) = (definition.parameters, entry.values)
            let width = parameters.map(\.name.count).max() ?? 0
            for parameter in parameters {
                let value = values[parameter.name] ?? parameter.defaultValue
                let note =
                    "default \(plain(parameter.defaultValue, parameter)), seed \(plain(parameter.seed, parameter))"
                    + (parameter.hammer == parameter.defaultValue
                        ? "" : ", hammer \(plain(parameter.hammer, parameter))")
                    + (parameter.type == .boolean || parameter.type == .directions ? "" : ", \(parameter.range)")
                out += "  " + pad(parameter.name, width) + "  " + pad(withUnit(value, parameter), 14)
                out += "  \(parameter.meaning) (\(note))\n"
            }
            if !definition.constraints.isEmpty {
                out += "  constraints: \(definition.constraints.map(\.description).joined(separator: ", "))\n"
            }
            if !definition.failureCodes.isEmpty {
                out += "  failure codes: \(definition.failureCodes.map(\.code).joined(separator: ", "))\n"
            }
            if !definition.details.isEmpty {
                out += "  details: \(definition.details.map(\.name).joined(separator: ", "))\n"
            }
        }
        return out
    }

    /// `3 pt`, `0.6981 rad`, `true`, `off`.
    private static func withUnit(_ value: ParameterValue, _ parameter: ParameterSpec) -> String {
        switch value {
        case .number, .integer: "\(value) \(parameter.unit?.rawValue ?? "")"
        case .boolean, .directions, .off: "\(value)"
        }
    }

    /// `3`, `on`, `off`; an angle also in degrees: `0.6981 (40°)`.
    private static func plain(_ value: ParameterValue, _ parameter: ParameterSpec) -> String {
        guard case .number(let radians) = value, parameter.unit == .radians else { return "\(value)" }
        return "\(value) (\(Format.number(radians * 180 / Double.pi, decimals: 1))°)"
    }

    private static func place(_ time: Double, _ event: Int, _ sample: Int?) -> String {
        var text = "t=\(Format.number(time, decimals: 3)) event \(event)"
        if let sample { text += " sample \(sample)" }
        return text
    }

    private static func describe(_ value: JSONValue) -> String {
        switch value {
        case .number(let n): Format.number(n)
        case .string(let s): s
        case .object(let members) where members.map(\.key) == ["x", "y"]:
            "(\(describe(members[0].value)), \(describe(members[1].value)))"
        default: value.text
        }
    }

    private static func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }
}
