/// The top-level keys of the JSON files `gesture` reads besides traces, so that a reader given a file
/// of another kind (a config file as a trace, or as a templates file) can say what it is.
enum FileKeys {
    /// A config file's top level.
    static let config = ["templates", "recognizers", "parameters", "requiresFailureOf", "simultaneous"]
    /// The top level of `gesture list --format json`'s output, which a config option also reads.
    static let list = ["profile", "recognizers"]
    /// A key of either: a file holding one at its top level is a config file, or a list given as one.
    static let configOrList = config + list.filter { !config.contains($0) }
}
