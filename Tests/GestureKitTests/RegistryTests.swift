import Foundation
import Testing
@testable import GestureKit

@Suite struct RegistryTests {
    @Test func idsAreUniqueAndKebabCase() {
        let ids = Registry.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        for id in ids { #expect(id.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(id)") }
    }

    @Test func everyRecognizerFileIsRegistered() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/GestureKit/Recognizers").standardized
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        var declared: [String] = []
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            // A recognizer conforms to Recognizer or to one of the protocols refining it.
            let conformances = [": Recognizer {", ": TapCounting {", ": TwoFingerGesture {"]
            for line in text.split(separator: "\n") where line.hasPrefix("public struct ") && conformances.contains(where: line.contains) {
                declared.append(String(line.dropFirst("public struct ".count).prefix { $0 != ":" }))
            }
        }
        let registered = Set(Registry.all.map { String(describing: type(of: $0.make($0.values(.default)))) })
        #expect(!declared.isEmpty)
        #expect(Set(declared) == registered)
    }

    @Test func requirementsNameRegisteredRecognizersAndParametersAreUnique() {
        let ids = Set(Registry.all.map(\.id))
        for definition in Registry.all {
            #expect(definition.requiresFailureOf.allSatisfy(ids.contains), "\(definition.id)")
            let names = definition.parameters.map(\.name)
            #expect(Set(names).count == names.count, "\(definition.id)")
        }
    }

    @Test func swipeWaitsForTheShapes() {
        #expect(Registry.definition("swipe")?.requiresFailureOf == ["checkmark", "z", "circle"])
    }

    @Test func unknownRecognizerOrParameterIsAnError() throws {
        var configuration = Configuration()
        #expect(throws: ConfigurationError("unknown recognizer \"tick\": expected one of checkmark, z, circle, swipe, double-tap, tap, long-press, pan, pinch, rotation")) {
            try configuration.keepOnly(["tick"])
        }
        #expect(throws: ConfigurationError("unknown parameter \"speed\" for swipe: expected one of minimumTravel, maximumDeviation, deviationRatio, minimumSpeed, maximumBow, jitterTolerance")) {
            try configuration.set("speed", to: 1, for: "swipe")
        }
        try configuration.setRequirements(of: "checkmark", ["circle"])
        #expect(throws: ConfigurationError("require-to-fail cycle: checkmark → circle → checkmark")) {
            try configuration.setRequirements(of: "circle", ["checkmark"])
        }
    }

    @Test func configFileOverridesAndRejects() throws {
        var configuration = Configuration()
        try configuration.apply(json: Array(#"{"parameters": {"circle": {"maximumDuration": 3}}, "simultaneous": [["circle", "z"]]}"#.utf8), file: "c.json")
        #expect(configuration.entries[2].values["maximumDuration"] == 3)
        #expect(configuration.maySimultaneouslyRecognize("z", "circle"))
        #expect(throws: ConfigurationError(#"c.json: error: unknown key "paramters": expected "parameters", "requiresFailureOf", "simultaneous""#)) {
            try configuration.apply(json: Array(#"{"paramters": {}}"#.utf8), file: "c.json")
        }
        #expect(throws: ConfigurationError(#"c.json: error: unknown recognizer "zz": expected one of checkmark, z, circle, swipe, double-tap, tap, long-press, pan, pinch, rotation"#)) {
            try configuration.apply(json: Array(#"{"parameters": {"zz": {"a": 1}}}"#.utf8), file: "c.json")
        }
    }
}
