extension TemplateLearner {
    /// What is wrong with the gestures `examples` are labelled with, before anything is learned: a
    /// gesture with one example (its threshold is chosen on one held out), and a name the templates
    /// file could not be used with beside `builtIn`'s recognizers (`none`, a built-in gesture in any
    /// case, a built-in recognizer's id, two names that differ only in case). Each problem is placed
    /// at the gesture's first example; `negatives` is the label the negatives have (`--negatives`).
    ///
    /// - Returns: Each gesture's example files, in order, and the problems, by gesture name.
    public static func problems(
        with examples: [Example], negatives: String, beside builtIn: Configuration
    ) -> (files: [String: [String]], problems: [String]) {
        var files: [String: [String]] = [:]
        for example in examples where example.label != negative {
            files[example.label, default: []].append(example.file)
        }
        let gestures = files.sorted { $0.key < $1.key }
        var problems: [String] = []
        for (name, files) in gestures where files.count < 2 {
            problems.append(
                "\(DiagnosticText.escaped(files[0])): error: gesture \(name) has one example: learning needs two or more "
                    + "of each, to choose its threshold on one held out")
        }
        var byLowercase: [String: String] = [:]
        for (name, files) in gestures {
            let place = DiagnosticText.escaped(files[0])
            if RecognizerDefinition.sameGestureName(name, negative) {
                problems.append(
                    "\(place): error: label \(name) is a gesture here, as the negatives are labelled \(negatives), but no "
                        + "recognizer's gesture may be named none (--label-map \(name)=\(negatives) makes them negatives)"
                )
                continue
            }
            var refused = true
            if let owner = builtIn.entries.first(where: {
                $0.definition.gestures.contains { RecognizerDefinition.sameGestureName($0, name) }
            }) {
                problems.append(
                    "\(place): error: gesture \(name) is a gesture of the built-in recognizer \(owner.id)"
                        + (owner.definition.gestures.contains(name) ? "" : " in another case")
                        + ": a learned gesture needs a name of its own (--label-map \(name)=my-\(name.lowercased()))")
            } else if let clash = builtIn.idClash(name) {
                // A built-in recognizer's id that is none of its gestures (`swipe`): a label or folder so
                // named is taken for that recognizer's gestures (`swipe-left`, …), as a templates file
                // with such a gesture is refused.
                problems.append("\(place): error: \(clash) (--label-map \(name)=my-\(name.lowercased()))")
            } else {
                refused = false
            }
            // A name refused above is not said to differ in case from another: `Circle/` and `circle/`,
            // each mapped as its error says, are one gesture my-circle; mapping one to the other would
            // leave it refused.
            if !refused, let other = byLowercase.updateValue(name, forKey: name.lowercased()) {
                problems.append(
                    "\(place): error: gestures \(other) and \(name) differ only in case: labels name gestures in any "
                        + "case, so they would be one (--label-map \(name)=\(other))")
            }
        }
        return (files, problems)
    }
}
