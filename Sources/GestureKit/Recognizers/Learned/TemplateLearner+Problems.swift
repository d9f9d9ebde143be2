extension TemplateLearner {
    /// The gestures `examples` are labelled with, each with its example files in order, and what is
    /// wrong with them before anything is learned: a gesture with one example, whose threshold is
    /// chosen on one held out (placed at that example). What a name cannot be beside other
    /// recognizers is the configuration's to say (`Configuration.problems(naming:negatives:)`).
    public static func gestures(of examples: [Example]) -> (files: [String: [String]], problems: [String]) {
        var files: [String: [String]] = [:]
        for example in examples where example.label != negative {
            files[example.label, default: []].append(example.file)
        }
        let problems = files.sorted { $0.key < $1.key }.filter { $0.value.count < 2 }.map { name, files in
            "\(DiagnosticText.escaped(files[0])): error: gesture \(name) has one example: learning needs two or more "
                + "of each, to choose its threshold on one held out"
        }
        return (files, problems)
    }
}
