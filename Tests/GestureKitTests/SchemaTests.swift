import Foundation
import Testing

@testable import GestureKit

// MARK: - A small JSON Schema validator

/// A JSON value, built from `JSONSerialization`'s output with booleans told apart from numbers: both
/// arrive as `NSNumber`, but booleans are always of the class `NSNumber(value: true)` has.
private indirect enum JSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([String: JSON])

    init(parsing data: Data) throws {
        self.init(any: try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed))
    }

    init(parsing text: String) throws { try self.init(parsing: Data(text.utf8)) }

    init(any: Any) {
        switch any {
        case is NSNull: self = .null
        case let number as NSNumber:
            let isBool = type(of: number) == type(of: NSNumber(value: true))
            self = isBool ? .bool(number.boolValue) : .number(number.doubleValue)
        case let string as String: self = .string(string)
        case let array as [Any]: self = .array(array.map(JSON.init(any:)))
        case let object as [String: Any]: self = .object(object.mapValues(JSON.init(any:)))
        default: preconditionFailure("JSONSerialization gave a \(type(of: any))")
        }
    }

    subscript(key: String) -> JSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// Whether the value is of a JSON Schema type; an integer is a number without a fraction.
    func hasType(_ name: String) -> Bool {
        switch (name, self) {
        case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string), ("array", .array),
            ("object", .object):
            true
        case ("integer", .number(let n)): n.rounded() == n
        default: false
        }
    }

    /// Short, for error messages.
    var description: String {
        switch self {
        case .null: "null"
        case .bool(let b): "\(b)"
        case .number(let n): n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : "\(n)"
        case .string(let s): "\"\(s.prefix(30))\""
        case .array(let a): "an array of \(a.count)"
        case .object: "an object"
        }
    }
}

/// A JSON Schema (draft 2020-12) validator for exactly the keywords the schemas in `docs/` use.
/// Any other keyword, or a keyword with an argument of the wrong form, is reported as an error, so a
/// schema cannot silently rely on something this validator does not check.
private struct Schema {
    static let annotations: Set<String> = ["$schema", "$defs", "title", "description"]
    static let types: Set<String> = ["null", "boolean", "number", "integer", "string", "array", "object"]

    /// The whole schema document, against which `$ref`s resolve.
    let root: JSON

    init(root: JSON) { self.root = root }

    init(file: String) throws {
        try self.init(root: JSON(parsing: Data(contentsOf: packageRoot.appendingPathComponent(file))))
    }

    /// Every way `value` breaks the schema (the root one, or `#/$defs/<definition>`); empty when it is valid.
    func errors(_ value: JSON, definition: String? = nil) -> [String] {
        errors(value, definition.map { .object(["$ref": .string("#/$defs/\($0)")]) } ?? root, at: "$")
    }

    func errors(_ value: JSON, _ schema: JSON, at path: String) -> [String] {
        switch schema {
        case .bool(true): return []
        case .bool(false): return ["\(path): not allowed here"]
        case .object(let keywords):
            return keywords.keys.sorted().flatMap { check($0, keywords[$0]!, value, in: keywords, at: path) }
        default: return ["\(path): the schema is \(schema), expected an object or a boolean"]
        }
    }

    private func check(_ keyword: String, _ argument: JSON, _ value: JSON, in keywords: [String: JSON], at path: String)
        -> [String]
    {
        func expect(_ ok: Bool, _ message: @autoclosure () -> String) -> [String] {
            ok ? [] : ["\(path): \(message())"]
        }
        switch (keyword, argument) {
        case (let annotation, _) where Self.annotations.contains(annotation):
            return []
        case ("$ref", .string(let reference)):
            guard reference.hasPrefix("#/$defs/"), case .object(let document) = root,
                case .object(let definitions)? = document["$defs"],
                let target = definitions[String(reference.dropFirst("#/$defs/".count))]
            else { return ["\(path): cannot resolve $ref \"\(reference)\""] }
            return errors(value, target, at: path)
        case ("type", .string(let name)):
            return check("type", .array([.string(name)]), value, in: keywords, at: path)
        case ("type", .array(let list)):
            let names = list.compactMap { if case .string(let name) = $0 { name } else { nil } }
            guard names.count == list.count, names.allSatisfy(Self.types.contains) else {
                return ["\(path): unsupported type \(list.map(\.description))"]
            }
            let expected = names.joined(separator: " or ")
            return expect(names.contains(where: value.hasType), "expected \(expected), found \(value)")
        case ("enum", .array(let options)):
            let expected = options.map(\.description).joined(separator: ", ")
            return expect(options.contains(value), "expected one of \(expected), found \(value)")
        case ("const", _):
            return expect(value == argument, "expected \(argument), found \(value)")
        case ("properties", .object(let properties)):
            guard case .object(let members) = value else { return [] }
            return properties.keys.sorted().flatMap { key in
                members[key].map { errors($0, properties[key]!, at: "\(path).\(key)") } ?? []
            }
        case ("required", .array(let names)):
            guard case .object(let members) = value else { return [] }
            return names.flatMap { name in
                guard case .string(let name) = name else {
                    return ["\(path): required lists \(name), expected a string"]
                }
                return expect(members[name] != nil, "missing required field \"\(name)\"")
            }
        case ("additionalProperties", .bool):
            guard case .object(let members) = value else { return [] }
            return members.keys.sorted().filter { keywords["properties"]?[$0] == nil }.flatMap {
                errors(members[$0]!, argument, at: "\(path).\($0)")
            }
        case ("items", _):
            guard case .array(let elements) = value else { return [] }
            return elements.indices.flatMap { errors(elements[$0], argument, at: "\(path)[\($0)]") }
        case ("maxItems", .number(let limit)):
            guard case .array(let elements) = value else { return [] }
            return expect(
                Double(elements.count) <= limit, "expected at most \(argument) items, found \(elements.count)")
        case ("minItems", .number(let limit)):
            guard case .array(let elements) = value else { return [] }
            return expect(
                Double(elements.count) >= limit, "expected at least \(argument) items, found \(elements.count)")
        case ("minLength", .number(let limit)):
            guard case .string(let string) = value else { return [] }
            let count = Double(string.unicodeScalars.count)
            return expect(count >= limit, "expected at least \(argument) characters, found \(value)")
        case ("minimum", .number(let limit)):
            guard case .number(let number) = value else { return [] }
            return expect(number >= limit, "expected at least \(argument), found \(value)")
        case ("maximum", .number(let limit)):
            guard case .number(let number) = value else { return [] }
            return expect(number <= limit, "expected at most \(argument), found \(value)")
        case ("exclusiveMinimum", .number(let limit)):
            guard case .number(let number) = value else { return [] }
            return expect(number > limit, "expected more than \(argument), found \(value)")
        case ("allOf", .array(let branches)):
            return branches.flatMap { errors(value, $0, at: path) }
        case ("if", _):
            guard errors(value, argument, at: path).isEmpty else { return [] }
            return keywords["then"].map { errors(value, $0, at: path) } ?? []
        case ("then", _):
            return keywords["if"] == nil ? ["\(path): then without if"] : []
        case ("anyOf", .array(let branches)):
            let results = branches.map { errors(value, $0, at: path) }
            guard !results.contains(where: \.isEmpty) else { return [] }
            return [
                "\(path): matches none of the anyOf branches: "
                    + results.map { $0.joined(separator: "; ") }.joined(separator: " | ")
            ]
        case ("pattern", .string(let pattern)):
            guard case .string(let string) = value else { return [] }
            let found = string.range(of: pattern, options: .regularExpression) != nil
            return expect(found, "expected a string matching \(pattern), found \(value)")
        case ("propertyNames", _):
            guard case .object(let members) = value else { return [] }
            return members.keys.sorted().flatMap { errors(.string($0), argument, at: "\(path) (key \($0))") }
        case ("oneOf", .array(let branches)):
            let results = branches.map { errors(value, $0, at: path) }
            let matches = results.filter(\.isEmpty).count
            guard matches != 1 else { return [] }
            let why =
                matches > 1
                ? ""
                : results.indices.map { "\n  branch \($0): " + results[$0].joined(separator: "; ") }
                    .joined()
            return ["\(path): matches \(matches) of the oneOf branches, expected exactly one\(why)"]
        default:
            return ["\(path): unsupported schema keyword \"\(keyword)\" with \(argument)"]
        }
    }
}

// MARK: - Tests

private let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every file in `Traces/`, relative to the package root.
private let traceFiles = GestureCommand.traces

/// The built `gesture` executable: next to the test bundle, else in `.build/debug`.
private func gestureExecutable() throws -> URL {
    let folders =
        [URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(), Bundle.main.bundleURL]
        + Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map {
            $0.deletingLastPathComponent()
        }
        + [packageRoot.appendingPathComponent(".build/debug")]
    let candidates = folders.map { $0.appendingPathComponent("gesture") }
    return try #require(
        candidates.first { url in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && !isDirectory.boolValue
                && FileManager.default.isExecutableFile(atPath: url.path)
        }, "no gesture executable in \(folders.map(\.path))")
}

/// Runs `gesture` in the package root; returns its exit status and standard output.
private func gesture(_ arguments: [String]) throws -> (status: Int32, output: String) {
    let process = Process()
    process.executableURL = try gestureExecutable()
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: data, as: UTF8.self))
}

/// Checks `classify --format json` and `--format jsonl` for one file against the output schema, and
/// returns the single JSON Lines result.
@discardableResult
private func expectValidOutput(for file: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> JSON {
    let schema = try Schema(file: "docs/classify-output.schema.json")
    let document = try JSON(parsing: try gesture(["classify", "--format", "json", file]).output)
    #expect(schema.errors(document) == [], sourceLocation: sourceLocation)

    let lines = try gesture(["classify", "--format", "jsonl", file]).output.split(separator: "\n")
    try #require(lines.count == 1, sourceLocation: sourceLocation)
    let line = try JSON(parsing: String(lines[0]))
    #expect(schema.errors(line, definition: "traceResult") == [], sourceLocation: sourceLocation)
    #expect(document["traces"] == .array([line]), "the json and jsonl results differ", sourceLocation: sourceLocation)
    return line
}

@Suite struct SchemaTests {
    private let traceSchema: Schema
    private let outputSchema: Schema

    init() throws {
        traceSchema = try Schema(file: "docs/trace.schema.json")
        outputSchema = try Schema(file: "docs/classify-output.schema.json")
    }

    /// A templates file as learned and written follows docs/templates.schema.json; the schema refuses
    /// what the reader refuses (another version, a short template, a gesture named none, a coverage of 0).
    @Test func aTemplatesFileMatchesItsSchema() throws {
        let schema = try Schema(file: "docs/templates.schema.json")
        let text = TemplateFileTests.learned().text
        #expect(schema.errors(try JSON(parsing: Data(text.utf8))) == [])
        let covered = text.replacingOccurrences(of: "\"points\": 32,", with: "\"points\": 32, \"coverage\": 0.9,")
        #expect(schema.errors(try JSON(parsing: Data(covered.utf8))) == [])
        let fitted = covered.replacingOccurrences(
            of: "\"coverage\": 0.9,", with: "\"coverage\": 0.9, \"coverageFit\": \"log-normal\",")
        #expect(schema.errors(try JSON(parsing: Data(fitted.utf8))) == [])
        let readOff = fitted.replacingOccurrences(
            of: "\"coverageFit\": \"log-normal\",",
            with: "\"coverageFit\": \"log-normal\", \"coverageReadOff\": [\"line\"],")
        #expect(readOff != fitted)
        let readOffErrors = schema.errors(try JSON(parsing: Data(readOff.utf8)))
        #expect(readOffErrors == [], "\(readOffErrors)")
        // An id is letters as the reader takes them (Unicode's Alphabetic: a Roman numeral too), digits,
        // `-` and `_`; `gesture learn --id Ⅻ` writes such a file.
        let numeral = text.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"Ⅻ_2\"")
        #expect(numeral != text)
        #expect(schema.errors(try JSON(parsing: Data(numeral.utf8))) == [])
        #expect(try TemplateFile.read(bytes: Array(numeral.utf8), file: "t.json").id == "Ⅻ_2")
        for (old, new) in [
            ("\"version\": 1", "\"version\": 2"), ("      [", "      [1, 2, "),
            ("\"name\": \"line\"", "\"name\": \"none\""), ("\"points\": 32,", "\"points\": 32, \"coverage\": 0,"),
            ("\"name\": \"line\"", "\"name\": \"li\u{202E}ne\""), ("\"strokes\": 1, ", ""),
            ("\"id\": \"shapes\"", "\"id\": \"sha pes\""),
            ("\"points\": 32,", "\"points\": 32, \"coverageFit\": \"log-normal\","),
            ("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9, \"coverageFit\": \"normal\","),
            ("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9, \"coverageReadOff\": [\"line\"],"),
        ] {
            let broken = text.replacingCharacters(in: text.range(of: old)!, with: new)
            #expect(schema.errors(try JSON(parsing: Data(broken.utf8))) != [], "\(new)")
            #expect(throws: TemplateFileError.self) { try TemplateFile.read(bytes: Array(broken.utf8), file: "t.json") }
        }
    }

    @Test func thereAreTracesOfEachKind() {
        #expect(traceFiles.contains { $0.hasSuffix(".json") })
        #expect(traceFiles.contains { !$0.hasSuffix(".json") })
    }

    @Test(arguments: traceFiles.filter { $0.hasSuffix(".json") })
    func jsonTraceMatchesTraceSchema(file: String) throws {
        let trace = try JSON(parsing: Data(contentsOf: packageRoot.appendingPathComponent(file)))
        #expect(traceSchema.errors(trace) == [])
    }

    @Test(arguments: traceFiles)
    func classifyOutputMatchesOutputSchema(file: String) throws {
        #expect(try expectValidOutput(for: file)["error"] == .null)
    }

    @Test func errorOutputMatchesOutputSchema() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.json")
        try Data(#"{"samples": [{"t": 0, "id": 1, "phase": "began", "x": 1}]}"#.utf8).write(to: bad)

        // A field error has a line, column and sample; a missing file has none.
        let cases = [(bad.path, "missing-field", JSON.number(1)), (folder.path + "/absent.json", "io", .null)]
        for (file, code, line) in cases {
            #expect(try gesture(["classify", "--format", "json", file]).status == 2)
            let error = try #require(try expectValidOutput(for: file)["error"])
            #expect(error["code"] == .string(code))
            #expect(error["line"] == line)
        }
    }

    /// A velocity over a step of time too short to divide by (1e-310 s) is infinite: null in JSON,
    /// as the schema says it may be, and `infinite` in text (pan's, pinch's and rotation's were null
    /// where the schema said a number). The pan lifts within `Pan.restingTime` of that step.
    @Test func aVelocityOverNoTimeIsNullAndSaidInfinite() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let two = folder.appendingPathComponent("two.json")
        try Data(
            (#"{"samples":[{"t":0,"id":1,"phase":"began","x":100,"y":100},{"t":0,"id":2,"phase":"began","x":200,"y":100},"#
                + #"{"t":1e-310,"id":2,"phase":"moved","x":300,"y":100},{"t":1e-310,"id":1,"phase":"moved","x":100,"y":200},"#
                + #"{"t":1,"id":1,"phase":"ended","x":100,"y":200},{"t":1,"id":2,"phase":"ended","x":300,"y":100}]}"#)
                .utf8
        ).write(to: two)
        let one = folder.appendingPathComponent("one.json")
        try Data(
            (#"{"samples":[{"t":0,"id":1,"phase":"began","x":100,"y":100},{"t":1e-307,"id":1,"phase":"moved","x":300,"y":100},"#
                + #"{"t":0.05,"id":1,"phase":"ended","x":300,"y":100}]}"#).utf8
        ).write(to: one)
        for (file, ids) in [(two.path, ["pinch", "rotation"]), (one.path, ["pan"])] {
            let list = ids.joined(separator: ",")
            let document = try JSON(
                parsing: try gesture(["classify", "--format", "json", "--recognizers", list, file]).output)
            #expect(outputSchema.errors(document) == [])
            let text = try gesture(["classify", "--recognizers", list, file]).output
            for id in ids {
                #expect(text.contains("velocity infinite"), "\(id): \(text)")
            }
            #expect(!text.contains("inf /s") && !text.contains("nan"), "\(text)")
        }
    }

    // MARK: The validator can fail

    /// The schema and the readers agree on ``Trace/coordinateLimit``: 1e15 is a coordinate and a
    /// view's side, 2e15 neither.
    @Test func coordinatesAndViewsBeyondTheLimitFailBoth() throws {
        func trace(x: String, width: String) -> String {
            #"{"view": {"width": \#(width), "height": 1}, "samples": [{"t": 0, "id": 1, "phase": "began", "x": \#(x), "y": 2}]}"#
        }
        for (x, width, valid) in [("-1e15", "1e15", true), ("-2e15", "1", false), ("1", "2e15", false)] {
            let text = trace(x: x, width: width)
            #expect(traceSchema.errors(try JSON(parsing: Data(text.utf8))).isEmpty == valid, "\(text)")
            #expect(((try? TraceReader.read(bytes: Array(text.utf8), file: "t.json")) != nil) == valid, "\(text)")
        }
    }

    @Test func sampleWithoutPhaseFailsTraceSchema() throws {
        let good = #"{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}"#
        let bad = #"{"t": 0, "id": 1, "x": 1, "y": 2}"#
        #expect(traceSchema.errors(try JSON(parsing: "{\"samples\": [\(good)]}")) == [])
        #expect(traceSchema.errors(try JSON(parsing: "[\(good)]")) == [])
        let errors = traceSchema.errors(try JSON(parsing: "{\"samples\": [\(bad)]}"))
        #expect(errors.joined().contains(#"$.samples[0]: missing required field "phase""#))
        #expect(traceSchema.errors(try JSON(parsing: "[\(good), \(bad)]")).joined().contains("$[1]"))
    }

    @Test func wrongSampleValuesFailTraceSchema() throws {
        for (sample, complaint) in [
            (#"{"t": 0, "id": 1, "phase": 1, "x": 1, "y": 2}"#, "$[0].phase: expected one of"),
            (#"{"t": 0, "id": 1, "phase": "began", "x": "1", "y": 2}"#, #"$[0].x: expected number, found "1""#),
            (#"{"t": true, "id": 1, "phase": "began", "x": 1, "y": 2}"#, "$[0].t: expected number, found true"),
            (
                #"{"t": 0, "id": 1.5, "phase": "began", "x": 1, "y": 2}"#,
                "$[0].id: expected integer or string, found 1.5"
            ),
            (#"{"t": 0, "id": "", "phase": "began", "x": 1, "y": 2}"#, "$[0].id: expected at least 1 characters"),
            (#"{"t": 0, "id": 1, "phase": "lifted", "x": 1, "y": 2}"#, #"found "lifted""#),
        ] {
            let errors = traceSchema.errors(try JSON(parsing: "[\(sample)]"))
            #expect(errors.joined().contains(complaint), "\(sample): \(errors)")
        }
        let errors = traceSchema.errors(try JSON(parsing: #"{"view": {"width": 0, "height": 1}, "samples": []}"#))
        #expect(errors.joined().contains("$.view.width: expected more than 0"))
        #expect(errors.joined().contains("$.samples: expected at least 1 items, found 0"))
        #expect(traceSchema.errors(try JSON(parsing: #""samples""#)) != [])
    }

    @Test func changedOutputFailsOutputSchema() throws {
        let line = try gesture(["classify", "--format", "jsonl", "Traces/checkmark.json"]).output
        #expect(outputSchema.errors(try JSON(parsing: line), definition: "traceResult") == [])
        for (original, replacement, complaint) in [
            (#""error":null,"#, #""error":null,"extra":true,"#, "$.extra: not allowed"),
            (#""waitingFor":[]"#, #""waitingFor":[],"extra":1"#, "].extra: not allowed"),
            (#""file":"Traces/checkmark.json""#, #""file":3"#, "$.file: expected string, found 3"),
            (#""ended":true"#, #""ended":1"#, "].ended: expected boolean, found 1"),
            (#""state":"failed""#, #""state":"ended""#, #"found "ended""#),
        ] {
            #expect(line.contains(original))
            let changed = try JSON(parsing: line.replacingOccurrences(of: original, with: replacement))
            let errors = outputSchema.errors(changed, definition: "traceResult")
            #expect(errors.joined().contains(complaint), "\(replacement): \(errors)")
        }
    }

    /// The recognizer parts of the output schema — each built-in recognizer's details, continuous
    /// values and failure codes — are made from the registry's declarations; `make golden` rewrites
    /// them.
    @Test func theRecognizerPartsAgreeWithTheDeclarations() throws {
        try generatedPartsAreCurrent("docs/classify-output.schema.json", RecognizerSchema.replacingParts(of:))
    }

    /// The failure code's description, written by hand, names every code of the engine's
    /// (`too-many-deadlines` was left out of it when it was added to the generated lists).
    @Test func theFailureCodesDescriptionNamesEveryEngineCode() throws {
        let code = outputSchema.root["$defs"]?["failure"]?["properties"]?["code"]
        guard case .string(let text)? = code?["description"] else {
            Issue.record("the failure code has no description")
            return
        }
        for engine in EngineFailure.allCases { #expect(text.contains(engine.rawValue), "\(engine.rawValue)") }
    }

    /// Compares the schema at `path` with itself after `replacingParts` makes its generated parts
    /// again; `make golden` rewrites it instead.
    func generatedPartsAreCurrent(_ path: String, _ replacingParts: (JSONValue) throws -> JSONValue) throws {
        let url = packageRoot.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let expected = try replacingParts(JSONValue.parse(Array(text.utf8), file: url.path)).prettyText + "\n"
        if CommandLineTests.recording {
            try expected.write(to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(text == expected, "\(path) is out of date: `make golden` rewrites it")
        }
    }

    @Test func aFailureCodeOrADetailARecognizerDoesNotDeclareFailsTheSchema() throws {
        let line = try gesture(["classify", "--format", "jsonl", "Traces/circle.json"]).output
        #expect(outputSchema.errors(try JSON(parsing: line), definition: "traceResult") == [])
        for (original, replacement, complaint) in [
            (#""code":"moved-left""#, #""code":"moved-right""#, #"expected one of "#),
            (#""direction":"clockwise""#, #""direction":"sideways""#, #"found "sideways""#),
            (#""radius":"#, #""diameter":1,"radius":"#, ".diameter: not allowed"),
        ] {
            #expect(line.contains(original), "\(original)")
            let changed = try JSON(parsing: line.replacingOccurrences(of: original, with: replacement))
            let errors = outputSchema.errors(changed, definition: "traceResult")
            #expect(errors.joined().contains(complaint), "\(replacement): \(errors)")
        }
    }

    // MARK: The config schema

    /// The parts of `docs/config.schema.json` that name recognizers and parameters are made from the
    /// declarations; `make golden` rewrites them.
    @Test func theConfigSchemaPartsAgreeWithTheDeclarations() throws {
        try generatedPartsAreCurrent("docs/config.schema.json", ConfigSchema.replacingParts(of:))
    }

    @Test(arguments: [
        ["--profile", "default"], ["--profile", "seed"], ["--recognizers", "pan,pinch"],
        ["--templates", "docs/examples/marks.json"],
    ])
    func theListOutputMatchesTheConfigSchema(_ options: [String]) throws {
        let schema = try Schema(file: "docs/config.schema.json")
        let listing = try gesture(["list", "--format", "json"] + options)
        #expect(listing.status == 0)
        #expect(schema.errors(try JSON(parsing: listing.output)) == [])
    }

    /// Every config file the guide shows is valid, but those it names `bad-…`, and `old…` (in a form
    /// earlier versions wrote, read with a warning), which are not. (The guide shows a trace too.)
    @Test(arguments: ConfigurationGuide.files.filter { !$0.text.contains(#""samples""#) }.map(\.name))
    func theGuidesConfigFilesMatchTheConfigSchema(_ name: String) throws {
        let schema = try Schema(file: "docs/config.schema.json")
        let file = try #require(ConfigurationGuide.files.first { $0.name == name })
        let errors = schema.errors(try JSON(parsing: file.text))
        #expect(errors.isEmpty == !(name.hasPrefix("bad-") || name.hasPrefix("old")), "\(name): \(errors)")
    }

    /// The templates guide's config file, which adds a learned recognizer.
    @Test func aConfigFileWithTemplatesMatchesTheConfigSchema() throws {
        let schema = try Schema(file: "docs/config.schema.json")
        let text = try String(
            contentsOf: packageRoot.appendingPathComponent("docs/examples/swipe-waits-for-marks.json"), encoding: .utf8)
        #expect(
            try String(contentsOf: packageRoot.appendingPathComponent("docs/templates.md"), encoding: .utf8).contains(
                "```json\n" + text + "```\n"))
        #expect(schema.errors(try JSON(parsing: text)) == [])
        #expect(schema.errors(try JSON(parsing: #"{"templates": "marks.json"}"#)) != [])
    }

    @Test func aConfigFileWithABadPartFailsTheConfigSchema() throws {
        let schema = try Schema(file: "docs/config.schema.json")
        let good =
            #"{"parameters": {"swipe": {"minimumTravel": 20, "maximumBow": null}, "tap": {"taps": 2}}, "requiresFailureOf": {"swipe": {"add": ["long-press"]}}, "simultaneous": {"replace": [["pan", "pinch"]]}}"#
        #expect(schema.errors(try JSON(parsing: good)) == [])
        for (original, replacement, complaint) in [
            (#""minimumTravel": 20"#, #""minimumTravel": -5"#, "$.parameters.swipe.minimumTravel: expected at least 0"),
            (#""taps": 2"#, #""taps": 2.5"#, "$.parameters.tap.taps: expected integer, found 2.5"),
            (#""minimumTravel": 20"#, #""minimumTravl": 20"#, "$.parameters.swipe.minimumTravl: not allowed"),
            (#""maximumBow": null"#, #""minimumTravel": null"#, "expected number, found null"),
            (#""swipe": {"add""#, #""swipe": {"ad""#, "matches 0 of the oneOf branches"),
            (#"["pan", "pinch"]"#, #"["pan", "pinch", "rotation"]"#, "expected at most 2 items, found 3"),
            (#"["pan", "pinch"]"#, #"["pan", "pen cil"]"#, #"found "pen cil""#),
            (#""parameters""#, #""paramters""#, "$.paramters: not allowed"),
        ] {
            #expect(good.contains(original))
            let errors = schema.errors(try JSON(parsing: good.replacingOccurrences(of: original, with: replacement)))
            #expect(errors.joined(separator: "\n").contains(complaint), "\(replacement): \(errors)")
        }
        // A configured gesture's name: as `Configuration.checkGesture` has it.
        for name in ["ta\u{202E}p", "None", "t\u{FEFF}p", "a+b"] {
            let instance = #"{"recognizers": [{"id": "t3", "kind": "tap", "gesture": "\#(name)"}]}"#
            #expect(schema.errors(try JSON(parsing: instance)) != [], "\(name)")
            #expect(throws: ConfigurationError.self) { try Configuration.checkGesture(name) }
        }
        // A recognizer id: as `addInstance` has it, letters of any script (a precomposed é, タップ).
        for (id, valid) in [("tapé", true), ("タップ", true), ("tap\u{301}", false), ("t p", false), ("t.p", false)] {
            let instance = #"{"recognizers": [{"id": "\#(id)", "kind": "tap"}]}"#
            #expect(schema.errors(try JSON(parsing: instance)).isEmpty == valid, "\(id)")
            var configuration = Configuration()
            #expect(((try? configuration.addInstance(id, of: "tap")) != nil) == valid, "\(id)")
        }
        let named = #"{"recognizers": [{"id": "t3", "kind": "tap", "gesture": "triple-tap"}]}"#
        #expect(schema.errors(try JSON(parsing: named)) == [])
        let ratio = #"{"parameters": {"circle": {"closureReturnRatio": 1.5}}}"#
        #expect(schema.errors(try JSON(parsing: ratio)).joined().contains("expected at most 1, found 1.5"))
    }

    @Test func unsupportedKeywordsAreReported() throws {
        let schema = Schema(root: try JSON(parsing: #"{"maxLength": 3, "type": "strin"}"#))
        #expect(schema.errors(.string("abc")).count == 2)
    }
}
