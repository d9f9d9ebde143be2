import Foundation

extension Configuration {
    /// Applies a `--config` file:
    ///
    ///     {
    ///       "parameters": {"checkmark": {"jitterTolerance": 2}},
    ///       "requiresFailureOf": {"swipe": ["checkmark", "z"]},
    ///       "simultaneous": [["checkmark", "circle"]]
    ///     }
    ///
    /// Every key is optional; unknown keys, recognizers and parameters are errors.
    public mutating func apply(json bytes: [UInt8], file: String) throws(ConfigurationError) {
        let root: Any
        do {
            root = try JSONSerialization.jsonObject(with: Data(bytes))
        } catch {
            throw ConfigurationError("\(file): error: not valid JSON: \((error as NSError).userInfo[NSDebugDescriptionErrorKey] ?? "syntax error")")
        }
        func fail(_ message: String) -> ConfigurationError { ConfigurationError("\(file): error: \(message)") }
        guard let object = root as? [String: Any] else { throw fail("expected an object at the top level") }
        let known = ["parameters", "requiresFailureOf", "simultaneous"]
        for key in object.keys.sorted() where !known.contains(key) {
            throw fail("unknown key \"\(key)\": expected \(known.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        func prefixed(_ body: () throws(ConfigurationError) -> Void) throws(ConfigurationError) {
            do throws(ConfigurationError) { try body() } catch { throw fail(error.message) }
        }
        if let parameters = object["parameters"] {
            guard let byRecognizer = parameters as? [String: Any] else {
                throw fail("\"parameters\" must be an object keyed by recognizer id")
            }
            for id in byRecognizer.keys.sorted() {
                guard let values = byRecognizer[id] as? [String: Any] else {
                    throw fail("\"parameters\".\"\(id)\" must be an object of parameter values")
                }
                for name in values.keys.sorted() {
                    guard let number = values[name] as? NSNumber, !(values[name] is String) else {
                        throw fail("parameter \"\(name)\" for \(id) must be a number")
                    }
                    try prefixed { () throws(ConfigurationError) in try set(name, to: number.doubleValue, for: id) }
                }
            }
        }
        if let requirements = object["requiresFailureOf"] {
            guard let byRecognizer = requirements as? [String: Any] else {
                throw fail("\"requiresFailureOf\" must be an object keyed by recognizer id")
            }
            for id in byRecognizer.keys.sorted() {
                guard let ids = byRecognizer[id] as? [String] else {
                    throw fail("\"requiresFailureOf\".\"\(id)\" must be an array of recognizer ids")
                }
                try prefixed { () throws(ConfigurationError) in try setRequirements(of: id, ids) }
            }
        }
        if let pairs = object["simultaneous"] {
            guard let list = pairs as? [[String]], list.allSatisfy({ $0.count == 2 }) else {
                throw fail("\"simultaneous\" must be an array of pairs of recognizer ids")
            }
            for pair in list {
                try prefixed { () throws(ConfigurationError) in try allowSimultaneous(pair[0], pair[1]) }
            }
        }
    }
}
