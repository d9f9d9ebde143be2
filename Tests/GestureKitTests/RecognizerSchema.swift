@testable import GestureKit

/// The recognizer parts of `docs/classify-output.schema.json`, made from the registry: a definition of
/// each recognizer's details (`ID.details`), and an `allOf` on the recognizer report that ties each id
/// to its kind, gestures, details, continuous values and failure codes.
enum RecognizerSchema {
    /// `schema` with its recognizer parts made anew: the generated definitions replaced in place (new
    /// ones at the end of `$defs`), and the recognizer report's `allOf` replaced.
    static func replacingParts(of schema: JSONValue) throws -> JSONValue {
        guard case .object(var root) = schema, let defsIndex = root.firstIndex(where: { $0.key == "$defs" }),
            case .object(var defs) = root[defsIndex].value
        else { throw SchemaPartsError() }
        defs.removeAll { $0.key.hasSuffix(".details") }
        defs += Registry.all.map { .init("\($0.id).details", details($0)) }
        guard let reportIndex = defs.firstIndex(where: { $0.key == "recognizer" }),
            case .object(var report) = defs[reportIndex].value
        else { throw SchemaPartsError() }
        report.removeAll { $0.key == "allOf" }
        report.append(.init("allOf", .array(Registry.all.map(constraints))))
        defs[reportIndex].value = .object(report)
        root[defsIndex].value = .object(defs)
        return .object(root)
    }

    struct SchemaPartsError: Error {}

    static func details(_ definition: RecognizerDefinition) -> JSONValue {
        .object([
            .init("title", .string("\(definition.id) details")),
            .init("type", .string("object")),
            .init("required", .array(definition.details.map { .string($0.name) })),
            .init("properties", .object(definition.details.map { .init($0.name, property($0)) })),
            .init("additionalProperties", .bool(false)),
        ])
    }

    static func property(_ detail: DetailSpec) -> JSONValue {
        var members: [JSONValue.Member] = [.init("description", .string(detail.meaning))]
        func type(_ name: String) -> JSONValue {
            detail.nullable ? .array([.string(name), .string("null")]) : .string(name)
        }
        switch detail.kind {
        case .number: members.append(.init("type", type("number")))
        case .integer: members.append(.init("type", type("integer")))
        case .point, .rectangle:
            let reference = JSONValue.object([
                .init("$ref", .string(detail.kind == .point ? "#/$defs/point" : "#/$defs/rectangle"))
            ])
            members += [
                detail.nullable
                    ? .init("anyOf", .array([reference, .object([.init("type", .string("null"))])]))
                    : .init("$ref", reference["$ref"]!)
            ]
        case .text(let values):
            members.append(.init("enum", .array(values.map { .string($0) } + (detail.nullable ? [.null] : []))))
        }
        if let minimum = detail.minimum { members.append(.init("minimum", .number(minimum))) }
        return .object(members)
    }

    static func constraints(_ definition: RecognizerDefinition) -> JSONValue {
        let reference = JSONValue.object([.init("$ref", .string("#/$defs/\(definition.id).details"))])
        let orNull = JSONValue.object([.init("oneOf", .array([.object([.init("type", .string("null"))]), reference]))])
        let codes = definition.failureCodes.map(\.code) + EngineFailure.allCases.map(\.rawValue)
        var properties: [JSONValue.Member] = [
            .init("kind", .object([.init("const", .string(definition.kind.rawValue))])),
            .init("gesture", .object([.init("enum", .array(definition.gestures.map { .string($0) } + [.null]))])),
            .init("details", orNull),
        ]
        if definition.kind == .continuous {
            properties.append(
                .init(
                    "transitions",
                    .object([.init("items", .object([.init("properties", .object([.init("values", orNull)]))]))])))
        }
        properties.append(
            .init(
                "failure",
                .object([
                    .init(
                        "properties",
                        .object([.init("code", .object([.init("enum", .array(codes.map { .string($0) }))]))]))
                ])))
        return .object([
            .init(
                "if",
                .object([.init("properties", .object([.init("id", .object([.init("const", .string(definition.id))]))]))]
                )),
            .init("then", .object([.init("properties", .object(properties))])),
        ])
    }
}
