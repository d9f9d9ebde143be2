/// Why a name that no recognizer of a run recognizes was likely meant as a gesture, when that is known:
/// it is a gesture of a recognizer the run leaves out (`--recognizers`), one that a recognizer's values
/// leave out (a swipe whose `directions` are `left, right` has no swipe-up), or the id of a recognizer
/// whose gestures have other names (`swipe`). A label, a folder's name, a `--label-map` target or a
/// `--min-recall` gate naming one is told so, rather than only which gestures there are:
///
///     var configuration = Configuration()
///     try configuration.set(assignment: "swipe.directions=horizontal")
///     UnrecognizedGestures(configuration: configuration).reason(for: "swipe-up")?.text(for: "swipe-up")
///     // "swipe-up is a gesture of swipe that its parameters leave out (it recognizes swipe-left,
///     //  swipe-right; gesture list shows its values)"
///
/// Only names the run does not recognize are to be looked up: a recognizer's id is one even when
/// another recognizer has a gesture of that name.
public struct UnrecognizedGestures: Sendable {
    public enum Reason: Sendable, Hashable {
        /// A gesture of `owner`, which is not among the recognizers (`--recognizers`).
        case leftOut(owner: String)
        /// A gesture of `owner`, which is among them with values that leave it out; it recognizes
        /// `recognizes`.
        case leftOutByValues(owner: String, recognizes: [String])
        /// The id of a recognizer none of whose gestures is named so; `gestures` are its gestures.
        case recognizer(gestures: [String])

        /// Why `name`, which has this reason, is not recognized:
        /// `swipe-up is a gesture of swipe, which is not among the recognizers (--recognizers)`.
        public func text(for name: String) -> String {
            switch self {
            case .leftOut(let owner):
                "\(name) is a gesture of \(owner), which is not among the recognizers (--recognizers)"
            case .leftOutByValues(let owner, let recognizes):
                "\(name) is a gesture of \(owner) that its parameters leave out (it recognizes "
                    + (recognizes.isEmpty ? "none" : recognizes.joined(separator: ", "))
                    + "; gesture list shows its values)"
            case .recognizer(let gestures):
                "\(name) is a recognizer, not a gesture; its gestures are \(gestures.joined(separator: ", "))"
            }
        }

        /// What makes the gesture recognized (`add swipe`, `change them`); nil for a recognizer's id,
        /// whose remedy depends on where it was named.
        public var remedy: String? {
            switch self {
            case .leftOut(let owner): "add \(owner)"
            case .leftOutByValues: "change them"
            case .recognizer: nil
            }
        }
    }

    private var reasons: [String: Reason] = [:]

    /// No reasons: every name that is no gesture is only unknown.
    public init() {}

    /// The reasons of a configuration: its recognizers' gestures that their values leave out, the
    /// gestures of the registry's recognizers it leaves out, and its recognizers' ids.
    public init(configuration: Configuration) {
        self.init(entries: configuration.entries.map { ($0.id, $0.definition.gestures, $0.gestures) })
        // Those of a recognizer left out that the registry does not know (a learned recognizer's, a
        // configured instance's): before the recognizers' ids (a learned `star` is one left out, not
        // the id of an instance `star`), and before the values of one kept, as for the registry's: a
        // recognizer left out says more (add swipe-vertical, rather than change swipe's directions).
        let known = Set(configuration.entries.flatMap(\.gestures))
        for (id, gestures) in configuration.leftOutRecognizers {
            for gesture in gestures where !known.contains(gesture) {
                switch reasons[gesture] {
                case nil, .recognizer, .leftOutByValues: reasons[gesture] = .leftOut(owner: id)
                case .leftOut: break
                }
            }
        }
    }

    /// The reasons of a run that recorded its recognizers and the gestures of their values
    /// (`RunIdentity/registry`): a recognizer of the registry is taken to have the registry's
    /// gestures, and one of its own (a configured instance) those recorded.
    public init(registry: [(id: String, gestures: [String])]) {
        self.init(entries: registry.map { ($0.id, Registry.definition($0.id)?.gestures ?? $0.gestures, $0.gestures) })
    }

    /// From each recognizer of a run: its id, every gesture it may give, and those of its values.
    private init(entries: [(id: String, all: [String], gestures: [String])]) {
        let known = Set(entries.flatMap(\.gestures))
        for (id, all, gestures) in entries {
            for gesture in all where !known.contains(gesture) && reasons[gesture] == nil {
                reasons[gesture] = .leftOutByValues(owner: id, recognizes: gestures)
            }
        }
        // A recognizer left out says more than the values of another (`--recognizers swipe-horizontal`
        // leaves out the swipe that recognizes swipe-up): adding it is what was likely meant.
        let ids = Set(entries.map(\.id))
        for definition in Registry.all where !ids.contains(definition.id) {
            for gesture in definition.gestures where !known.contains(gesture) {
                reasons[gesture] = .leftOut(owner: definition.id)
            }
        }
        // The run's own with their values first (a horizontal swipe's two), then the registry's.
        let registry = Registry.all.map { ($0.id, $0.gestures, $0.gestures) }
        for (id, all, gestures) in entries + registry where !all.contains(id) && reasons[id] == nil {
            reasons[id] = .recognizer(gestures: gestures)
        }
    }

    /// Why `name` is not recognized, when it is known.
    public func reason(for name: String) -> Reason? { reasons[name] }

    /// Why `gesture` is not recognized and what makes it so (`swipe-up is a gesture of swipe, …`,
    /// `add swipe`), when it is a gesture of the registry; nil for a recognizer's id, whose remedy
    /// depends on where it is named.
    public func whyUnrecognized(_ gesture: String) -> (reason: String, remedy: String)? {
        guard let reason = reasons[gesture], let remedy = reason.remedy else { return nil }
        return (reason.text(for: gesture), remedy)
    }

    /// The name with a reason that `name` is in any case (`Swipe-Up/`, a folder's name), and its reason.
    public func reason(forAnyCase name: String) -> (name: String, reason: Reason)? {
        if let reason = reasons[name] { return (name, reason) }
        return reasons.lazy.filter { RecognizerDefinition.sameGestureName($0.key, name) }
            .min { PathOrder.bytesPrecede($0.key, $1.key) }.map { ($0.key, $0.value) }
    }

    /// The gesture (or none) that `name` is a slip of (`Spelling`), if any: one of `known`, or one with
    /// a reason, whose own message then says why it is not there (`chekmark` with `--recognizers
    /// swipe`). What a label and a `--min-recall` gate say "did you mean" of.
    public func nearest(to name: String, known: some Sequence<String>) -> String? {
        Spelling.nearest(to: name, among: (Array(known) + gestures).sorted(by: GestureOrder.precedes))
            .flatMap { $0 == name ? nil : $0 }
    }

    /// The gestures with a reason (not the recognizers' ids), in `GestureOrder`: names a slip may
    /// have meant.
    public var gestures: [String] {
        reasons.compactMap { name, reason in
            if case .recognizer = reason { nil } else { name }
        }.sorted(by: GestureOrder.precedes)
    }
}
