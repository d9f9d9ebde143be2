import Foundation
import Testing

@testable import GestureKit

@Suite struct RegistryTests {
    static let ids = Registry.all.map(\.id)

    @Test func idsAreUniqueAndKebabCase() {
        #expect(Set(Self.ids).count == Self.ids.count)
        for id in Self.ids { #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)") }
    }

    @Test func everyRecognizerFileIsRegistered() throws {
        let folder = GestureCommand.packageRoot.appendingPathComponent("Sources/GestureKit/Recognizers/BuiltIn")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var declared: [String] = []
        let conformance = try Regex(#"^public struct (\w+): (Recognizer|TapCounting|TwoFingerGesture) \{"#)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for line in text.split(separator: "\n") {
                if let match = try conformance.firstMatch(in: String(line)), let name = match.output[1].substring {
                    declared.append(String(name))
                }
            }
        }
        let registered = Set(Registry.all.map { String(describing: type(of: $0.make(.default))) })
        try #require(!declared.isEmpty, "no recognizer found in \(folder.path)")
        #expect(Set(declared) == registered)
    }

    @Test func requirementsNameRegisteredRecognizersAndParametersAreUnique() {
        let configuration = Configuration()
        for entry in configuration.entries {
            #expect(entry.requiresFailureOf.allSatisfy(Self.ids.contains), "\(entry.id)")
            #expect(!entry.requiresFailureOf.contains(entry.id), "\(entry.id) requires itself")
            let names = entry.definition.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(entry.id)")
        }
        #expect(configuration.simultaneous.allSatisfy { $0.allSatisfy(Self.ids.contains) })
    }

    /// Swipe waits for every shape, pan for every shape and swipe: declared by what each recognizer is,
    /// resolved in registry order.
    @Test func swipeAndPanWaitForEveryShapeAndSwipe() throws {
        let configuration = Configuration()
        func ids(with capability: Capability) -> [String] {
            Registry.all.filter { $0.capabilities.contains(capability) }.map(\.id)
        }
        func requirements(_ id: String) throws -> [String] {
            try #require(configuration.entries.first { $0.id == id }).requiresFailureOf
        }
        try #require(!ids(with: .shape).isEmpty)
        #expect(try requirements("swipe") == ids(with: .shape))
        #expect(
            try requirements("pan")
                == Self.ids.filter { ids(with: .shape).contains($0) || ids(with: .swipe).contains($0) })
        #expect(try requirements("tap") == ["double-tap"])
    }

    @Test func unknownRecognizerOrParameterIsAnError() throws {
        var configuration = Configuration()
        #expect(
            throws: ConfigurationError(
                "unknown recognizer \"tick\": expected one of \(Self.ids.joined(separator: ", "))")
        ) {
            try configuration.keepOnly(["tick"])
        }
        let swipe = try #require(Registry.definition("swipe")).parameters.map(\.name)
        #expect(
            throws: ConfigurationError(
                "unknown parameter \"speed\" for swipe: expected one of \(swipe.joined(separator: ", "))")
        ) {
            try configuration.set("speed", to: .number(1), for: "swipe")
        }
        try configuration.setRequirements(of: "checkmark", ["circle"])
        #expect(throws: ConfigurationError("require-to-fail cycle: checkmark → circle → checkmark")) {
            try configuration.setRequirements(of: "circle", ["checkmark"])
        }
    }

    @Test func configFileOverridesAndRejects() throws {
        var configuration = Configuration()
        try configuration.apply(
            json: Array(#"{"parameters": {"circle": {"maximumDuration": 3}}, "simultaneous": [["circle", "z"]]}"#.utf8),
            file: "c.json")
        #expect(configuration.parameters(of: "circle", as: Circle.self)?.maximumDuration == 3)
        #expect(configuration.maySimultaneouslyRecognize("z", "circle"))
        func refusal(_ json: String) -> String? {
            var copy = configuration
            return #expect(throws: ConfigurationError.self) {
                try copy.apply(json: Array(json.utf8), file: "c.json")
            }?.description
        }
        #expect(
            refusal(#"{"paramters": {}}"#) == #"c.json:1:2: error: unknown key "paramters": did you mean "parameters"?"#
        )
        #expect(
            refusal(#"{"parameters": {"zz": {"a": 1}}}"#)
                == #"c.json:1:17: error: unknown recognizer "zz": did you mean z?"#)
        #expect(
            refusal(#"{"parameters": {"pencil": {"a": 1}}}"#)
                == #"c.json:1:17: error: unknown recognizer "pencil": expected one of \#(Self.ids.joined(separator: ", "))"#
        )
    }
}
