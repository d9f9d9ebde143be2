extension Configuration {
    /// Applies a `--config` file:
    ///
    ///     {
    ///       "parameters": {"checkmark": {"jitterTolerance": 2}},
    ///       "requiresFailureOf": {"swipe": ["checkmark", "z"]},
    ///       "simultaneous": [["checkmark", "circle"]]
    ///     }
    ///
    /// Every key is optional; unknown keys, recognizers and parameters are errors, and so is a value its
    /// parameter does not take (see `set(_:to:for:)`); `null` switches an optional rule off.
    /// `requiresFailureOf` replaces the listed recognizers' requirements; `simultaneous` replaces every
    /// default pair.
    ///
    /// What `set` warns of (a former parameter name, a value that used to switch a rule off) is added to
    /// `warnings` as `FILE: warning: …`.
    public mutating func apply(json bytes: [UInt8], file: String) throws(ConfigurationError) {
        let warned = warnings.count
        defer {
            for index in warned..<warnings.count { warnings[index] = "\(file): warning: \(warnings[index])" }
        }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes, file: file) } catch { throw ConfigurationError(error.description) }
        func fail(_ message: String) -> ConfigurationError { ConfigurationError("\(file): error: \(message)") }
        func prefixed(_ body: () throws(ConfigurationError) -> Void) throws(ConfigurationError) {
            do throws(ConfigurationError) { try body() } catch { throw fail(error.message) }
        }
        guard case .object(let members) = root else { throw fail("expected an object at the top level") }
        let known = ["parameters", "requiresFailureOf", "simultaneous"]
        for member in members where !known.contains(member.key) {
            throw fail(
                "unknown key \"\(DiagnosticText.escaped(member.key))\": expected \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
            )
        }
        if let parameters = root["parameters"] {
            guard case .object(let byRecognizer) = parameters else {
                throw fail("\"parameters\" must be an object keyed by recognizer id")
            }
            for recognizer in byRecognizer {
                guard case .object(let values) = recognizer.value else {
                    throw fail(
                        "\"parameters\".\"\(DiagnosticText.escaped(recognizer.key))\" must be an object of parameter values"
                    )
                }
                for value in values {
                    let parameter: ParameterValue
                    switch value.value {
                    case .number(let number): parameter = .number(number)
                    case .bool(let flag): parameter = .boolean(flag)
                    case .null: parameter = .off
                    default:
                        throw fail(
                            "parameter \"\(DiagnosticText.escaped(value.key))\" for \(DiagnosticText.escaped(recognizer.key)) must be a number, true, false or null, found \(value.value.text)"
                        )
                    }
                    try prefixed { () throws(ConfigurationError) in
                        try set(value.key, to: parameter, for: recognizer.key)
                    }
                }
            }
        }
        if let requirements = root["requiresFailureOf"] {
            guard case .object(let byRecognizer) = requirements else {
                throw fail("\"requiresFailureOf\" must be an object keyed by recognizer id")
            }
            for recognizer in byRecognizer {
                guard case .array(let items) = recognizer.value, items.allSatisfy({ $0.stringValue != nil }) else {
                    throw fail(
                        "\"requiresFailureOf\".\"\(DiagnosticText.escaped(recognizer.key))\" must be an array of recognizer ids"
                    )
                }
                let ids = items.compactMap(\.stringValue)
                try prefixed { () throws(ConfigurationError) in try setRequirements(of: recognizer.key, ids) }
            }
        }
        if let pairs = root["simultaneous"] {
            guard case .array(let list) = pairs else {
                throw fail("\"simultaneous\" must be an array of pairs of recognizer ids")
            }
            clearSimultaneous()
            for pair in list {
                guard case .array(let ids) = pair, ids.count == 2, let a = ids[0].stringValue,
                    let b = ids[1].stringValue
                else {
                    throw fail("\"simultaneous\" must be an array of pairs of recognizer ids")
                }
                try prefixed { () throws(ConfigurationError) in try allowSimultaneous(a, b) }
            }
        }
    }
}
