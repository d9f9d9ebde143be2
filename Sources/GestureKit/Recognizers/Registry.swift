/// Every recognizer this package ships, in priority order: when two would recognize in the same
/// event, the earlier one is asked first.
public enum Registry {
    public static let all: [RecognizerDefinition] = [
        Checkmark.definition,
        ZLetter.definition,
        Circle.definition,
        Swipe.definition,
    ]

    /// The definition with `id`, if registered.
    public static func definition(_ id: String) -> RecognizerDefinition? {
        all.first { $0.id == id }
    }
}
