extension Configuration {
    /// Sets one parameter from an assignment as `gesture … --set` takes it: `ID.PARAMETER=VALUE`,
    /// VALUE a number (as JSON writes it), `true`, `false`, or `null` or `off` to switch an optional
    /// rule off.
    ///
    ///     try configuration.set(assignment: "pan.minimumTouches=2")
    ///     try configuration.set(assignment: "swipe.maximumBow=off")
    ///
    /// The value is then set exactly as a config file sets it (`set(_:to:for:)`): checked against its
    /// declaration, former names accepted with a warning, an unknown recognizer or parameter answered
    /// with the nearest name. Contradictions between values are left to `check()`.
    ///
    /// - Throws: `ConfigurationError` when the assignment is not of that form, or its value is refused;
    ///   its message starts with the assignment: `pan.minimumTouchs=2: unknown parameter
    ///   "minimumTouchs" for pan: did you mean minimumTouches?`.
    public mutating func set(assignment: String) throws(ConfigurationError) {
        do throws(ConfigurationError) {
            try setting(assignment: assignment)
        } catch {
            var error = error
            error.message = "\(DiagnosticText.escaped(assignment, maxCharacters: 60)): \(error.message)"
            throw error
        }
    }

    /// The recognizer and parameter that `assignment` (`ID.PARAMETER=VALUE`) sets, the parameter by
    /// its name now when it is given by a former one (`z.topAngle=45` sets z's `maximumTopAngle`); nil
    /// when it is not of that form or names no parameter of a recognizer of the configuration.
    public func parameterSet(by assignment: String) -> (recognizer: String, parameter: String)? {
        guard let (id, name, _) = Self.parts(of: assignment),
            let definition = entries.first(where: { $0.id == id })?.definition,
            let parameter = definition.parameter(name)
                ?? definition.parameters.first(where: { $0.formerNames.contains { $0.name == name } })
        else { return nil }
        return (id, parameter.name)
    }

    /// `ID.PARAMETER=VALUE` cut into its id, its parameter's name and its value, each without the
    /// spaces around it; nil when it is not of that form.
    private static func parts(of assignment: String) -> (id: String, name: String, value: Substring)? {
        guard let equals = assignment.firstIndex(of: "="),
            case let target = assignment[..<equals].trimmingSpaces,
            let dot = target.lastIndex(of: "."), dot != target.startIndex, target.index(after: dot) != target.endIndex
        else { return nil }
        return (
            String(target[..<dot]), String(target[target.index(after: dot)...]),
            assignment[assignment.index(after: equals)...].trimmingSpaces
        )
    }

    private mutating func setting(assignment: String) throws(ConfigurationError) {
        guard let (id, name, text) = Self.parts(of: assignment) else {
            throw ConfigurationError("expected ID.PARAMETER=VALUE")
        }
        let value: ParameterValue
        switch text {
        case "true": value = .boolean(true)
        case "false": value = .boolean(false)
        case "null", "off": value = .off
        case _ where Directions.parse(text) != nil: value = .directions(Directions.parse(text)!)
        default:
            let found = "found \"\(DiagnosticText.escaped(String(text)))\""
            // An unknown name is the first mistake, with its "did you mean", before the value's kind.
            if let unknown = unknownTarget(name, for: id) { throw unknown }
            guard !text.isEmpty else { throw ConfigurationError("expected a value after \"=\"") }
            let parsed = Result { () throws(JSONParseError) in try JSONValue.parse(Array(text.utf8), file: "--set") }
            switch parsed {
            // A whole number as written, so that one at the edge of an Int (Int.max) is not rounded.
            case .success(.number) where Int(text) != nil: value = .integer(Int(text)!)
            case .success(.number(let number)): value = .number(number)
            case .failure(let error) where error.code == .invalidNumber:
                throw ConfigurationError(
                    "number out of range: \(DiagnosticText.escaped(String(text), maxCharacters: 20))")
            default:
                if let written = JSONValue.numberAsJSON(String(text)) {
                    throw ConfigurationError("write the number as JSON does, \(written), \(found)")
                }
                throw ConfigurationError(
                    "expected a number, true, false, null, off or directions (left,right) after \"=\", \(found)")
            }
        }
        do throws(ConfigurationError) {
            try set(name, to: value, for: id)
        } catch {
            // Directions as --set writes them (`left`), not as a file does (`["left"]`), when a
            // parameter of another kind refuses them.
            let file = "found \(value.text)"
            guard case .directions = value, error.message.hasSuffix(file) else { throw error }
            throw ConfigurationError(
                error.message.dropLast(file.count) + "found \"\(DiagnosticText.escaped(String(text)))\"",
                about: error.subject)
        }
        placesOfSettings["\(id).\(name)"] = nil
        assignmentsOfSettings["\(id).\(name)"] = (assignment, assignmentsMade)
        assignmentsMade += 1
    }
}

extension Directions {
    /// Directions as `--set` writes them, `left,right`: nil unless every comma-separated part is a name.
    fileprivate static func parse(_ text: Substring) -> Directions? {
        var directions = Directions()
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let direction = Directions(name: String(part.trimmingSpaces)) else { return nil }
            directions.formUnion(direction)
        }
        return directions
    }
}

extension Substring {
    /// Without the spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
