/// Every recognizer this package ships, in priority order: when two would recognize in the same
/// event, the earlier one is asked first. The shapes come first so that they have decided by the
/// time `pan`, which requires them to fail, sees the same lift; `double-tap` comes before `tap`.
public enum Registry {
    public static let all: [RecognizerDefinition] = [
        Checkmark.definition,
        ZLetter.definition,
        Circle.definition,
        Swipe.definition,
        DoubleTap.definition,
        Tap.definition,
        LongPress.definition,
        Pan.definition,
        Pinch.definition,
        Rotation.definition,
    ]

    /// The definition with `id`, if registered.
    public static func definition(_ id: String) -> RecognizerDefinition? {
        all.first { $0.id == id }
    }
}
