/// Classifies traces with a configuration: the library's entry point.
///
///     let classifier = Classifier(configuration: Configuration())
///     let trace = try TraceReader.read(path: "Traces/checkmark.json")
///     print(classifier.classify(trace, file: "Traces/checkmark.json").gesture)  // "checkmark"
public struct Classifier: Sendable {
    public let configuration: Configuration

    public init(configuration: Configuration = Configuration()) {
        self.configuration = configuration
    }

    /// Replays `trace`, which must have passed `TraceValidator` (every `TraceReader` result has).
    ///
    /// - Parameters:
    ///   - trace: The trace, consumed: its samples go as they are replayed.
    ///   - file: The name results give the trace.
    ///   - transitions: Whether to keep every transition of every recognizer, and what failed
    ///     recognizers had measured (`FailureReason.details`); without them a result still has each
    ///     recognizer's final state, recognition and failure, which is all that scoring needs, for less
    ///     work.
    /// - Returns: The gestures recognized, and what every recognizer did, per touch sequence.
    public func classify(_ trace: consuming Trace, file: String, transitions: Bool = true) -> TraceResult {
        ReplayEngine.run(trace, file: file, configuration: configuration, recordsTransitions: transitions)
    }

    /// `classify`, reusing the recognizers `workspace` kept from the last trace this thread replayed.
    /// Only `explaining`'s failure reasons need be right (`ReplayEngine.Explained`).
    func classify(
        _ trace: consuming Trace, file: String, transitions: Bool, workspace: ReplayWorkspace?,
        explaining: ReplayEngine.Explained = .all
    ) -> TraceResult {
        ReplayEngine.run(
            trace, file: file, configuration: configuration, recordsTransitions: transitions, workspace: workspace,
            explaining: explaining)
    }
}
