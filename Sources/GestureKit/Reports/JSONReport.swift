/// The machine-readable form of results: stable field names, fixed order, same bytes every run.
///
/// See `docs/classify-output.schema.json` for the schema.
public enum JSONReport {
    /// One trace's result, or the error that stopped it from being read.
    public static func value(_ outcome: Result<TraceResult, TraceError>) -> JSONValue {
        switch outcome {
        case .success(let result): value(result)
        case .failure(let error): value(error)
        }
    }

    /// `value(outcome).text`, handed to `write` in pieces — one per sequence — so that a long session's
    /// output never exists as one tree of values (several times the size of its text).
    public static func writeText(_ outcome: Result<TraceResult, TraceError>, to write: (String) -> Void) {
        guard case .success(let result) = outcome, !result.sequences.isEmpty else {
            return write(value(outcome).text)
        }
        // `sequences` is the last member: the others, less the closing brace, then each sequence.
        let head = JSONValue.object(members(result, sequences: nil)).text
        write(String(head.dropLast()) + #","sequences":["#)
        for (index, sequence) in result.sequences.enumerated() {
            write((index == 0 ? "" : ",") + value(sequence).text)
        }
        write("]}")
    }

    /// `value(outcome).prettyText(atLevel: level)`, handed to `write` in pieces — one per sequence —
    /// for `classify --format json`, whose document lists every trace: a long session's output never
    /// exists as one tree of values.
    public static func writePrettyText(
        _ outcome: Result<TraceResult, TraceError>, atLevel level: Int, to write: (String) -> Void
    ) {
        guard case .success(let result) = outcome, !result.sequences.isEmpty else {
            return write(value(outcome).prettyText(atLevel: level))
        }
        func indent(_ depth: Int) -> String { String(repeating: "  ", count: depth) }
        // `sequences` is the last member: the others, less the closing brace, then each sequence, each
        // piece ending a line (output is written in whole lines).
        let head = JSONValue.object(members(result, sequences: nil)).prettyText(atLevel: level)
        write(String(head.dropLast(indent(level).count + 2)) + ",\n" + indent(level + 1) + "\"sequences\": [\n")
        for (index, sequence) in result.sequences.enumerated() {
            let separator = index == result.sequences.count - 1 ? "\n" : ",\n"
            write(indent(level + 2) + value(sequence).prettyText(atLevel: level + 2) + separator)
        }
        write(indent(level + 1) + "]\n" + indent(level) + "}")
    }

    public static func value(_ result: TraceResult) -> JSONValue {
        .object(members(result, sequences: .array(result.sequences.map(value))))
    }

    private static func members(_ result: TraceResult, sequences: JSONValue?) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [
            .init("file", .string(result.file)),
            .init("name", .string(result.name)),
            .init("label", .string(result.label)),
            .init("gesture", .string(result.gesture)),
            .init("error", .null),
            .init("warnings", .array(result.warnings.map { .string($0) })),
        ]
        if let sequences { members.append(.init("sequences", sequences)) }
        return members
    }

    public static func value(_ error: TraceError) -> JSONValue {
        .object([
            .init("file", .string(error.file)),
            .init("name", .null),
            .init("label", .null),
            .init("gesture", .null),
            .init(
                "error",
                .object(errorMembers(error) + [.init("description", .string(error.description))])),
            .init("warnings", .array([])),
            .init("sequences", .array([])),
        ])
    }

    /// A trace error as classify and batch output show it: code, message, and where.
    static func errorMembers(_ error: TraceError) -> [JSONValue.Member] {
        [
            .init("code", .string(error.code.rawValue)),
            .init("message", .string(error.message)),
            .init("line", .number(error.line.map(Double.init))),
            .init("column", .number(error.column.map(Double.init))),
            .init("sample", .number(error.sampleIndex.map(Double.init))),
        ]
    }

    static func value(_ sequence: SequenceResult) -> JSONValue {
        .object([
            .init("gesture", .string(sequence.gesture)),
            .init("start", .number(sequence.start)),
            .init("end", .number(sequence.end)),
            .init("ended", .bool(sequence.ended)),
            .init("continuing", .array(sequence.continuing.map { .string($0) })),
            .init("recognizers", .array(sequence.recognizers.map(value))),
        ])
    }

    static func value(_ report: RecognizerReport) -> JSONValue {
        .object([
            .init("id", .string(report.id)),
            .init("kind", .string(report.kind.rawValue)),
            .init("state", .string(report.state.rawValue)),
            .init("gesture", .string(report.recognition?.gesture)),
            .init("details", report.recognition.map { .object($0.details) } ?? .null),
            .init("transitions", .array(report.transitions.map(value))),
            .init("failure", report.failure.map(value) ?? .null),
        ])
    }

    static func value(_ transition: Transition) -> JSONValue {
        .object([
            .init("from", .string(transition.from.rawValue)),
            .init("to", .string(transition.to.rawValue)),
            .init("t", .number(transition.time)),
            .init("event", .number(Double(transition.event))),
            .init("sample", .number(transition.sample.map(Double.init))),
            .init("reason", .string(transition.reason)),
            .init("waitingFor", .array(transition.waitingFor.map { .string($0) })),
            .init("values", transition.values.isEmpty ? .null : .object(transition.values)),
        ])
    }

    static func value(_ failure: Failure) -> JSONValue {
        let reason = failure.reason
        return .object([
            .init("code", .string(reason.code)),
            .init("message", .string(reason.message)),
            .init("t", .number(failure.time)),
            .init("event", .number(Double(failure.event))),
            .init("sample", .number(failure.sample.map(Double.init))),
            .init("measured", .number(reason.measured)),
            .init("limit", .number(reason.limit)),
            .init("unit", .string(reason.unit?.rawValue)),
            .init("point", .point(reason.point)),
            .init("details", reason.details.isEmpty ? .null : .object(reason.details)),
        ])
    }

    /// `gesture list --format json`: every recognizer with its parameters and relationships.
    ///
    /// With `placeless`, a learned recognizer's templates file is given by its contents
    /// (`LearnedGestures/contents`) instead of its path, which its summary then leaves out too: what a
    /// batch run's settings fingerprint is made of, so that shards run with the templates at other
    /// paths merge, and shards run with other templates of the same names and thresholds do not.
    public static func value(_ configuration: Configuration, placeless: Bool = false) -> JSONValue {
        .object([
            .init("profile", .string(configuration.profile.rawValue)),
            .init(
                "recognizers",
                .array(configuration.entries.map { value($0, in: configuration, placeless: placeless) })),
        ])
    }

    private static func value(_ entry: Configuration.Entry, in configuration: Configuration, placeless: Bool)
        -> JSONValue
    {
        let definition = entry.definition
        let together = configuration.simultaneousPartners(of: entry.id)
        var members: [JSONValue.Member] = [
            .init("id", .string(definition.id)),
            .init("kind", .string(definition.kind.rawValue)),
            .init("summary", .string(placeless && definition.learned != nil ? nil : definition.summary)),
            .init("gestures", .array(entry.gestures.map { .string($0) })),
            .init("instanceOf", .string(definition.instanceOf)),
            .init("recognizedAs", .string(definition.recognizedAs)),
            .init("capabilities", .array(definition.capabilities.map { .string($0.rawValue) })),
            .init("requiresFailureOf", .array(entry.requiresFailureOf.map { .string($0) })),
            .init("simultaneousWith", .array(together.map { .string($0) })),
            .init(
                "parameters",
                .array(definition.parameters.map { [values = entry.values] in value($0, setTo: values[$0.name]) })),
            .init(
                "constraints",
                .array(
                    definition.constraints.map {
                        .object([.init("lower", .string($0.lower)), .init("upper", .string($0.upper))])
                    })),
            .init(
                "failureCodes",
                .array(
                    definition.failureCodes.map {
                        .object([.init("code", .string($0.code)), .init("meaning", .string($0.meaning))])
                    })),
            .init("details", .array(definition.details.map(value))),
        ]
        if let learned = definition.learned {
            // After "recognizedAs": where a learned recognizer came from, which `--config` reads back.
            members.insert(.init("templates", value(learned, placeless: placeless)), at: 6)
        }
        return .object(members)
    }

    /// A learned recognizer's templates file and gestures, as `gesture list` shows them; with
    /// `placeless`, the file's `contents` fingerprint instead of its path.
    static func value(_ learned: LearnedGestures, placeless: Bool = false) -> JSONValue {
        .object([
            placeless
                ? .init("contents", .string(RunIdentity.hex(learned.contents))) : .init("file", .string(learned.file)),
            .init("algorithm", .string(learned.algorithm.rawValue)),
            .init("maximumFalseAlarms", .number(learned.maximumFalseAlarms)),
            .init("coverage", .number(learned.coverage)),
            .init("coverageFit", learned.coverageFit.map(JSONValue.string) ?? .null),
            .init("coverageReadOff", learned.coverageReadOff.map { .array($0.map(JSONValue.string)) } ?? .null),
            .init(
                "mirrored",
                learned.mirrored.map { ways in
                    .object(
                        ways.sorted { $0.key < $1.key }.map {
                            .init($0.key.rawValue, .array($0.value.map(JSONValue.string)))
                        })
                } ?? .null),
            .init("crossValidation", .string(learned.crossValidation)),
            .init(
                "gestures",
                .array(
                    learned.gestures.map {
                        .object([
                            .init("name", .string($0.name)), .init("templates", .number(Double($0.templates))),
                            .init("threshold", .number($0.threshold)), .init("recall", .number($0.recall)),
                            .init("falseAlarms", .number($0.falseAlarms)),
                            .init("strokes", .number(Double($0.strokes))),
                        ])
                    })),
        ])
    }

    private static func value(_ parameter: ParameterSpec, setTo value: ParameterValue?) -> JSONValue {
        .object([
            .init("name", .string(parameter.name)),
            .init("value", (value ?? parameter.defaultValue).json),
            .init("default", parameter.defaultValue.json),
            .init("seed", parameter.seed.json),
            .init("hammer", parameter.hammer.json),
            .init("unit", .string(parameter.unit?.rawValue)),
            .init("type", .string(parameter.type.rawValue)),
            .init("optional", .bool(parameter.isOptional)),
            .init("minimum", .number(parameter.minimum)),
            .init("maximum", .number(parameter.maximum)),
            .init("meaning", .string(parameter.meaning)),
        ])
    }

    private static func value(_ detail: DetailSpec) -> JSONValue {
        .object([
            .init("name", .string(detail.name)),
            .init("type", .string(detail.kind.name)),
            .init("unit", .string(detail.unit?.rawValue)),
            .init("meaning", .string(detail.meaning)),
        ])
    }
}
