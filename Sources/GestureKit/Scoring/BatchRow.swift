/// What a batch keeps of one trace: enough for every output format and the summary, and no more, so a
/// run over a million files never holds a million transition logs.
public struct BatchRow: Sendable, Hashable {
    public var path: String
    /// The trace's group under the run's `Grouping`; `nil` without one, and for an error row whose
    /// group could not be told.
    public var group: String?
    /// The expected gesture, or `nil` when unlabelled.
    public var label: String?
    /// The recognized gesture (`none` when nothing was), or `nil` when the file could not be read.
    public var gesture: String?
    public var error: TraceError?
    /// For a miss: why the recognizer that should have fired did not.
    public var miss: Miss?
    /// A labels file's row gave the label, and the trace's own label said something else.
    public var overridesTraceLabel = false
    /// For a trace that was read but is unlabelled: its folder's name (no gesture), or "" for none.
    public var unlabelledFolder: String?
    /// What reading and replaying the trace noticed (the trace's and the replay's warnings).
    public var warnings: [String] = []
    /// The file's path as the file system has it, when `path` shows it otherwise (a name with a
    /// control character, or bytes that are not UTF-8, shown escaped): to read the file again.
    public var fileSystemPath: [UInt8]?
    /// The path as a labels file's row names it (`CorpusEntry/labelsPath`).
    public var labelsPath: String { fileSystemPath.map { CorpusEntry.labelsPath($0, shown: path) } ?? path }

    /// Whether the gesture matches the label; `nil` when either is missing.
    public var correct: Bool? {
        guard let label, let gesture else { return nil }
        return label == gesture
    }

    public init(
        path: String, group: String? = nil, label: String? = nil, gesture: String? = nil, error: TraceError? = nil,
        miss: Miss? = nil
    ) {
        self.path = path
        self.group = group
        self.label = label
        self.gesture = gesture
        self.error = error
        self.miss = miss
    }
}

/// Why the recognizer that should have fired on a trace did not.
public struct Miss: Sendable, Hashable {
    /// The recognizer whose gestures include the label.
    public var recognizer: String
    /// Its failure code, or `other-gesture` when it recognized something else.
    public var code: String
    public var message: String
    public var measured: Double?
    public var limit: Double?
    public var unit: String?

    /// How far past its limit the failing measurement was, relative to the limit; ranks the "worst"
    /// misses in the text summary. `nil` when the failure has no measurement.
    public var severity: Double? {
        guard let measured, let limit else { return nil }
        return abs(measured - limit) / max(abs(limit), 1e-9)
    }

    /// The position of the recognizer a miss of a trace labelled `label` is put on: the first that
    /// recognizes it; `nil` for `none` (no recognizer should have fired).
    static func recognizer(of label: String, in configuration: Configuration) -> Int? {
        label == "none" ? nil : configuration.relations.owners[label]
    }

    /// The miss of `result` against `label`: the first failure of the recognizer that produces `label`.
    /// `nil` when the trace was recognized as labelled, or is labelled `none` (no recognizer should
    /// have fired).
    public static func of(_ result: TraceResult, label: String, configuration: Configuration) -> Miss? {
        guard label != result.gesture, let index = recognizer(of: label, in: configuration) else { return nil }
        let id = configuration.relations.ids[index]
        let reports = result.sequences.compactMap { sequence in sequence.recognizers.first { $0.id == id } }
        // It fired as labelled in one touch sequence, and the trace gave more in others (a long press
        // before the labelled pan): that is the miss, not a failure of it in another sequence.
        if reports.contains(where: { $0.recognition?.gesture == label }) {
            var others = result.gesture.split(separator: "+").map(String.init)
            if let index = others.firstIndex(of: label) { others.remove(at: index) }
            return Miss(
                recognizer: id, code: "other-gesture",
                message: "\(id) recognized \(label), but the trace also gave \(others.joined(separator: "+")) (its "
                    + "gesture is \(result.gesture))")
        }
        if let failure = reports.lazy.compactMap(\.failure).first {
            let reason = failure.reason
            return Miss(
                recognizer: id, code: reason.code, message: reason.message, measured: reason.measured,
                limit: reason.limit, unit: reason.unit?.rawValue)
        }
        let recognized = reports.compactMap(\.recognition?.gesture).joined(separator: "+")
        // A recognizer of several gestures (a learned one) may have recognized another of its own.
        var message = "\(id) recognized \(recognized.isEmpty ? "nothing" : recognized), not \(label)"
        if result.gesture != recognized { message += "; the trace's gesture is \(result.gesture)" }
        return Miss(recognizer: id, code: "other-gesture", message: message)
    }
}
