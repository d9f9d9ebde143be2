extension Configuration {
    /// What the names of gestures to be learned (each with its example files, in order) cannot be
    /// beside this configuration's recognizers, so that the templates file could not be used with
    /// them: `none`, one of their gestures (in any case), one of their ids, or a name that differs
    /// from another only in case. Each problem is placed at the gesture's first example;
    /// `negatives` is the label the negatives have (`gesture learn --negatives`).
    public func problems(naming gestures: [String: [String]], negatives: String) -> [String] {
        var problems: [String] = []
        var byLowercase: [String: String] = [:]
        for (name, files) in gestures.sorted(by: { $0.key < $1.key }) {
            let place = DiagnosticText.escaped(files[0])
            if RecognizerDefinition.sameGestureName(name, TemplateLearner.negative) {
                problems.append(
                    "\(place): error: label \(name) is a gesture here, as the negatives are labelled \(negatives), but no "
                        + "recognizer's gesture may be named none (--label-map \(name)=\(negatives) makes them negatives)"
                )
                continue
            }
            var refused = true
            if let owner = entries.first(where: {
                $0.definition.gestures.contains { RecognizerDefinition.sameGestureName($0, name) }
            }) {
                problems.append(
                    "\(place): error: gesture \(name) is a gesture of the built-in recognizer \(owner.id)"
                        + (owner.definition.gestures.contains(name) ? "" : " in another case")
                        + ": a learned gesture needs a name of its own (--label-map \(name)=my-\(name.lowercased()))")
            } else if let clash = idClash(name) {
                // A recognizer's id that is none of its gestures (`swipe`): a label or folder so named is
                // taken for that recognizer's gestures (`swipe-left`, …), as a templates file with such a
                // gesture is refused.
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
        return problems
    }
}
