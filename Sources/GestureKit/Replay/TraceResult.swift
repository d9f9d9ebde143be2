/// What replaying one trace found: per touch sequence, the gestures recognized and every
/// recognizer's final state, transitions and failure.
public struct TraceResult: Sendable, Hashable {
    /// The file as the user named it.
    public var file: String
    public var name: String?
    public var label: String?
    /// Things worth knowing that are not errors (a trace that ends with touches down).
    public var warnings: [String]
    public var sequences: [SequenceResult]

    /// The gestures of the trace's sequences in order, joined by `+`, or `none`.
    public var gesture: String {
        if sequences.count == 1, sequences[0].gestures.count <= 1 {  // Most traces: no arrays to join.
            return sequences[0].gestures.first ?? "none"
        }
        let names = sequences.flatMap(\.gestures)
        return names.isEmpty ? "none" : names.joined(separator: "+")
    }
}

/// One touch sequence: from the first touch down to the last touch up, with the results of the
/// recognizer attempts that began in it. A recognizer that is still undecided when every touch lifts,
/// because it waits for a deadline (a double tap's interval) or for another recognizer, carries on into
/// the next sequence and is reset only once decided; its gesture is reported here, where it began, so
/// a trace's `gesture` reads as the user's gestures in order (`double-tap`, not `none+double-tap`).
public struct SequenceResult: Sendable, Hashable {
    /// Trace time of its first and last event.
    public var start: Double
    public var end: Double
    /// Whether every touch lifted; `false` when the trace stopped with touches down.
    public var ended: Bool
    /// Recognized gestures, in the order they were recognized.
    public var gestures: [String]
    /// The recognizers whose attempt began in this sequence, in registry order: each recognizer of the
    /// configuration but those in `continuing`.
    public var recognizers: [RecognizerReport]
    /// Recognizers still deciding about an earlier sequence when this one began (a double tap's
    /// second tap): they take this sequence's touches, but their result is reported in the sequence
    /// where their attempt began.
    public var continuing: [String]

    /// The recognized gestures joined by `+`, or `none`.
    public var gesture: String { gestures.isEmpty ? "none" : gestures.joined(separator: "+") }
}

/// One recognizer's life during one touch sequence.
public struct RecognizerReport: Sendable, Hashable {
    public var id: String
    public var kind: RecognizerKind
    public var state: RecognizerState
    public var transitions: [Transition]
    /// The gesture and its values, when recognized.
    public var recognition: Recognition?
    /// Why it failed, when it did.
    public var failure: Failure?
}
