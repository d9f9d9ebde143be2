@testable import GestureKit

/// The recognizer parts of `docs/config.schema.json`, made from the registry's declarations: the ids
/// (`recognizerId`), each recognizer's parameters with their types and ranges (`ID.parameters`), and
/// the objects keyed by recognizer id (`parameters`, `requirements`). The rest of the schema is
/// written by hand.
enum ConfigSchema {
    /// `schema` with its generated definitions made anew: replaced in place, new ones at the end of
    /// `$defs`, those of recognizers no longer registered removed.
    static func replacingParts(of schema: JSONValue) throws -> JSONValue {
        guard case .object(var root) = schema, let defsIndex = root.firstIndex(where: { $0.key == "$defs" }),
            case .object(var defs) = root[defsIndex].value
        else { throw RecognizerSchema.SchemaPartsError() }
        var generated: [JSONValue.Member] = [
            .init("recognizerId", recognizerId),
            .init("parameters", byRecognizer { .object([.init("$ref", .string("#/$defs/\($0.id).parameters"))]) }),
            .init("requirements", byRecognizer { _ in .object([.init("$ref", .string("#/$defs/relationship"))]) }),
        ]
        generated += Registry.all.map { .init("\($0.id).parameters", parameters($0)) }
        defs.removeAll { $0.key.hasSuffix(".parameters") && !generated.map(\.key).contains($0.key) }
        for member in generated {
            if let index = defs.firstIndex(where: { $0.key == member.key }) {
                defs[index] = member
            } else {
                defs.append(member)
            }
        }
        root[defsIndex].value = .object(defs)
        return .object(root)
    }

    /// The id of a configured instance (`"recognizers"` of a config file).
    static let instanceId: JSONValue = .object([
        .init("type", .string("string")), .init("pattern", .string(#"^[\p{Alphabetic}0-9_-]+$"#)),
    ])

    static var recognizerId: JSONValue {
        .object([
            .init("description", .string("The id of a built-in recognizer, or of one the file declares.")),
            .init(
                "anyOf",
                .array([.object([.init("enum", .array(Registry.all.map { .string($0.id) }))]), instanceId])),
        ])
    }

    /// An object with a property for each recognizer id, made by `property`; other properties are
    /// the ids of configured instances (an object whose values gesture checks).
    static func byRecognizer(_ property: (RecognizerDefinition) -> JSONValue) -> JSONValue {
        .object([
            .init("type", .string("object")),
            .init("properties", .object(Registry.all.map { .init($0.id, property($0)) })),
            .init("propertyNames", .object([.init("$ref", .string("#/$defs/recognizerId"))])),
        ])
    }

    static func parameters(_ definition: RecognizerDefinition) -> JSONValue {
        var description = "The parameters of \(definition.id) (docs/recognizers/\(definition.id).md)."
        if !definition.constraints.isEmpty {
            description +=
                " Their values must keep " + definition.constraints.map(\.description).joined(separator: ", ")
                + ", which a schema cannot say: gesture checks it."
        }
        return .object([
            .init("description", .string(description)),
            .init("type", .string("object")),
            .init("properties", .object(definition.parameters.map { .init($0.name, property($0)) })),
            .init("additionalProperties", .bool(false)),
        ])
    }

    static func property(_ parameter: ParameterSpec) -> JSONValue {
        let unit = parameter.unit.map { " (\($0.rawValue))" } ?? ""
        let off = parameter.isOptional ? "; null switches the rule off" : ""
        var members: [JSONValue.Member] = [.init("description", .string(parameter.meaning + unit + off))]
        let type: String
        switch parameter.type {
        case .number: type = "number"
        case .integer: type = "integer"
        case .boolean: type = "boolean"
        case .directions:
            members += [
                .init("type", .string("array")), .init("minItems", .number(1)),
                .init("items", .object([.init("enum", .array(Directions.names.map { .string($0) }))])),
            ]
            return .object(members)
        }
        members.append(.init("type", parameter.isOptional ? .array([.string(type), .string("null")]) : .string(type)))
        if let minimum = parameter.minimum { members.append(.init("minimum", .number(minimum))) }
        if let maximum = parameter.maximum { members.append(.init("maximum", .number(maximum))) }
        return .object(members)
    }
}
