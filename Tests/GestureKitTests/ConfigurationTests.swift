import Foundation
import Testing

@testable import GestureKit

/// Parameters set by name, checked against their declarations: types, ranges, optional rules, and the
/// former names and values that users' config files may still hold.
@Suite struct ConfigurationTests {
    func apply(_ json: String) throws(ConfigurationError) -> Configuration {
        var configuration = Configuration()
        try configuration.apply(json: Array(json.utf8), file: "c.json")
        return configuration
    }

    /// The diagnostic a config file is refused with, as the command line prints it; `nil` when it is
    /// applied.
    func refusal(_ json: String) -> String? {
        do {
            _ = try apply(json)
            return nil
        } catch {
            return error.description
        }
    }

    /// A change that throws leaves the configuration as it was (found using the library: a cycle,
    /// kept, made a double tap classify as a tap; an instance with a refused setting stayed, its id
    /// then "taken"; a config file with an error left what it set before it).
    @Test func aChangeThatThrowsChangesNothing() throws {
        let original = Configuration()
        var configuration = original
        #expect(throws: ConfigurationError.self) { try configuration.setRequirements(of: "double-tap", ["tap"]) }
        #expect(throws: ConfigurationError.self) { try configuration.setRequirements(of: "tap", ["tap"]) }
        #expect(throws: ConfigurationError.self) { try configuration.addRequirements(of: "double-tap", ["tap"]) }
        #expect(configuration.entries.map(\.requiresFailureOf) == original.entries.map(\.requiresFailureOf))
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/double-tap.json").path)
        #expect(Classifier(configuration: configuration).classify(trace, file: "d").gesture == "double-tap")

        #expect(throws: ConfigurationError.self) {
            try configuration.addInstance(
                "quad-tap", of: "tap", settings: [("taps", .integer(4)), ("nonsense", .integer(1))])
        }
        #expect(!configuration.entries.contains { $0.id == "quad-tap" })
        try configuration.addInstance("quad-tap", of: "tap", settings: [("taps", .integer(4))])
        #expect(configuration.entries.first { $0.id == "quad-tap" }?.values["taps"] == .integer(4))

        var applied = Configuration()
        #expect(throws: ConfigurationError.self) {
            try applied.apply(
                json: Array(#"{"parameters": {"swipe": {"minimumTravel": 50}, "tap": {"taps": 0}}}"#.utf8),
                file: "c.json")
        }
        #expect(
            applied.entries.first { $0.id == "swipe" }?.values == original.entries.first { $0.id == "swipe" }?.values)
        #expect(Bounds([Point]()) == Bounds([Point(x: 0, y: 0)]))
    }

    @Test func aValueOutOfItsRangeIsAnErrorSayingWhatIsAccepted() {
        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumTravel": -5}}}"#)
                == #"c.json:1:44: error: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found -5"#)
        #expect(
            refusal(#"{"parameters": {"circle": {"closureReturnRatio": 1.5}}}"#)
                == #"c.json:1:50: error: parameter "closureReturnRatio" for circle must be a number from 0 to 1 (ratio), found 1.5"#
        )
    }

    @Test func aWholeNumberTakesNoFraction() throws {
        #expect(
            refusal(#"{"parameters": {"tap": {"taps": 2.5}}}"#)
                == #"c.json:1:33: error: parameter "taps" for tap must be a whole number ≥ 1, found 2.5"#)
        #expect(try apply(#"{"parameters": {"tap": {"taps": 3}}}"#).parameters(of: "tap", as: Tap.self)?.taps == 3)
    }

    @Test func aValueOfTheWrongKindIsAnError() {
        #expect(
            refusal(#"{"parameters": {"z": {"wholePath": "yes"}}}"#)
                == #"c.json:1:36: error: parameter "wholePath" for z must be true or false, found "yes""#)
        // A string says what the parameter takes, as a number out of its range does.
        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumTravel": "20"}}}"#)
                == #"c.json:1:44: error: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found "20""#)

        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumSpeed": true}}}"#)
                == #"c.json:1:43: error: parameter "minimumSpeed" for swipe must be a number ≥ 0 (pt/s), found true"#)
        // A misspelt name is the first mistake, placed at the name, with its "did you mean": a value
        // of the wrong kind with it said only that the value was wrong.
        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumTravl": "20"}}}"#)
                == #"c.json:1:27: error: unknown parameter "minimumTravl" for swipe: did you mean minimumTravel?"#)
        #expect(
            refusal(#"{"parameters": {"swipee": {"minimumTravel": "20"}}}"#)
                == #"c.json:1:17: error: unknown recognizer "swipee": did you mean swipe?"#)
    }

    /// A value no file can hold, set from Swift (a width computed as 0 / 0), is named as it is: the
    /// message said "found null", as if the rule had been switched off.
    @Test func aNumberThatIsNotFiniteIsNamedAsItIs() {
        var configuration = Configuration()
        for (value, shown) in [(Double.nan, "nan"), (.infinity, "inf"), (-.infinity, "-inf")] {
            let refused = #expect(throws: ConfigurationError.self) {
                try configuration.set("minimumTravel", to: .number(value), for: "swipe")
            }
            #expect(
                refused?.description
                    == #"parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found "# + shown)
        }
    }

    @Test func nullSwitchesAnOptionalRuleOffAndOnlyAnOptionalOne() throws {
        let configuration = try apply(#"{"parameters": {"swipe": {"maximumBow": null}}}"#)
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.maximumBow == nil)
        #expect(configuration.warnings == [])
        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumTravel": null}}}"#)
                == #"c.json:1:44: error: parameter "minimumTravel" for swipe cannot be switched off (null or off): it must be a number ≥ 0 (pt)"#
        )
    }

    /// z's angles were in degrees, under other names: a config file that still uses them gets the same
    /// recognizer, and a warning naming the new parameter.
    @Test func aFormerNameIsReadInItsOldUnitWithAWarning() throws {
        let old = try apply(#"{"parameters": {"z": {"topAngle": 45, "bottomAngle": 60}}}"#)
        let new = try apply(
            #"{"parameters": {"z": {"maximumTopAngle": 0.7853981633974483, "maximumBottomAngle": 1.0471975511965976}}}"#
        )
        #expect(
            old.warnings == [
                "c.json:1:23: warning: z.topAngle is now z.maximumTopAngle, in rad: 45 deg read as 0.7854 rad",
                "c.json:1:39: warning: z.bottomAngle is now z.maximumBottomAngle, in rad: 60 deg read as 1.0472 rad",
            ])
        let parameters = try #require(old.parameters(of: "z", as: ZLetter.self))
        #expect(abs(parameters.maximumTopAngle! - Double.pi / 4) < 1e-15)
        #expect(abs(parameters.maximumBottomAngle! - Double.pi / 3) < 1e-15)
        #expect(new.warnings == [])
        #expect(old.parameters(of: "z", as: ZLetter.self) == new.parameters(of: "z", as: ZLetter.self))
    }

    @Test func aValueThatUsedToSwitchARuleOffStillDoesWithAWarning() throws {
        let configuration = try apply(
            #"{"parameters": {"swipe": {"maximumBow": 0}, "z": {"exitRiseRatio": -1, "diagonalDropRatio": -0.2}}}"#)
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.maximumBow == nil)
        #expect(configuration.parameters(of: "z", as: ZLetter.self)?.exitRiseRatio == nil)
        // Above −1 a negative ratio is a limit, as it always was: the diagonal may climb a fifth.
        #expect(configuration.parameters(of: "z", as: ZLetter.self)?.diagonalDropRatio == -0.2)
        #expect(
            configuration.warnings == [
                "c.json:1:41: warning: swipe.maximumBow: 0 used to switch the rule off; write null (off) instead",
                "c.json:1:68: warning: z.exitRiseRatio: -1 or less used to switch the rule off; write null (off) instead",
            ])
    }

    @Test func aSwitchStillTakesZeroAndOneWithAWarning() throws {
        let configuration = try apply(#"{"parameters": {"z": {"wholePath": 0}}}"#)
        #expect(configuration.parameters(of: "z", as: ZLetter.self)?.wholePath == false)
        #expect(configuration.warnings == ["c.json:1:36: warning: z.wholePath is a switch: write false instead of 0"])
        #expect(try apply(#"{"parameters": {"z": {"wholePath": false}}}"#).warnings == [])
    }

    /// Every parameter of every recognizer takes its own default and seed values through a config file,
    /// and the values read back unchanged: the file format and the declarations agree.
    @Test(arguments: Registry.all.map(\.id))
    func everyParameterRoundTripsThroughAConfigFile(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        for profile in Profile.allCases {
            let values = definition.values(profile)
            let members = definition.parameters.map { JSONValue.Member($0.name, values[$0.name]!.json) }
            let json = JSONValue.object([.init("parameters", .object([.init(id, .object(members))]))]).text
            let configuration = try apply(json)
            #expect(configuration.warnings == [], "\(id) [\(profile)]")
            let entry = try #require(configuration.entries.first { $0.id == id })
            for parameter in definition.parameters {
                #expect(entry.values[parameter.name] == values[parameter.name], "\(id).\(parameter.name) [\(profile)]")
            }
        }
    }

    /// A key, recognizer or parameter name is shown escaped: a line break or control character in it
    /// never reaches the terminal (found by fuzzing, Fuzz/regressions/config).
    @Test func namesInDiagnosticsAreEscaped() {
        #expect(
            refusal(#"{"\ntameters": {}}"#)
                == #"c.json:1:2: error: unknown key "\u{A}tameters": did you mean "parameters"?"#)
        #expect(
            refusal(#"{"parameters": {"swipe": {"a\u001bb": 1}}}"#)
                == #"c.json:1:27: error: unknown parameter "a\u{1B}b" for swipe: expected one of \#(Swipe.Parameters.declarations.map(\.name).joined(separator: ", "))"#
        )
    }

    /// Two shapes that each wait for every shape would wait for each other all trace long: the cycle is
    /// broken at its last requirement, with a warning, and the two compete in registry order.
    @Test func aCycleMadeByCapabilitiesIsBrokenWithAWarning() throws {
        func shape(_ id: String) -> RecognizerDefinition {
            RecognizerDefinition(
                ArbiterTests.Probe.self, id: id, summary: "probe", gestures: [id], capabilities: [.shape],
                requiresFailureOf: [.every(.shape)])
        }
        let configuration = Configuration(registry: [shape("a"), shape("b")])
        #expect(configuration.entries.map(\.requiresFailureOf) == [["b"], []])
        #expect(
            configuration.warnings == [
                "b does not wait for a to fail: the recognizers they require to fail would wait for each other (a → b → a)"
            ])
        #expect(Configuration().warnings == [], "the built-in registry has no cycle")
    }

    /// Values written as literals: a whole number for a number parameter, `nil` for off.
    @Test func valuesCanBeWrittenAsLiterals() throws {
        var configuration = Configuration()
        try configuration.set("minimumTravel", to: 20, for: "swipe")
        try configuration.set("maximumBow", to: nil, for: "swipe")
        try configuration.set("wholePath", to: false, for: "z")
        try configuration.set("taps", to: 2, for: "tap")
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.minimumTravel == 20)
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.maximumBow == nil)
        #expect(configuration.parameters(of: "z", as: ZLetter.self)?.wholePath == false)
        #expect(configuration.parameters(of: "tap", as: Tap.self)?.taps == 2)
    }

    /// A former name with a value its new parameter does not take is an error in the former name's
    /// own unit, and every bound is written in full, so that a value copied from a message is accepted.
    @Test func aFormerNamesErrorIsInItsFormerUnit() throws {
        #expect(
            refusal(#"{"parameters": {"z": {"topAngle": 200}}}"#)
                == #"c.json:1:35: error: parameter "topAngle" for z (now "maximumTopAngle", in rad) must be a number from 0 to 180 (deg), or null to switch the rule off, found 200"#
        )
        let configuration = try apply(#"{"parameters": {"z": {"topAngle": 180}}}"#)
        #expect(
            configuration.warnings == [
                "c.json:1:23: warning: z.topAngle is now z.maximumTopAngle, in rad: 180 deg read as 3.1416 rad"
            ])
        #expect(try apply(#"{"parameters": {"z": {"maximumTopAngle": 3.141592653589793}}}"#).warnings == [])
        #expect(
            refusal(#"{"parameters": {"z": {"maximumTopAngle": 4}}}"#)
                == #"c.json:1:42: error: parameter "maximumTopAngle" for z must be a number from 0 to 3.141592653589793 (rad), or null to switch the rule off, found 4"#
        )
    }

    @Test func theCommandLineReadsAFormerNameAndSaysSo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("config-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try #"{"parameters": {"z": {"topAngle": 50}}}"#.write(
            to: folder.appendingPathComponent("old.json"), atomically: true, encoding: .utf8)
        try #"{"parameters": {"z": {"maximumTopAngle": 0.8726646259971648}}}"#.write(
            to: folder.appendingPathComponent("new.json"), atomically: true, encoding: .utf8)
        // The circle's z reading heads 44.7° from horizontal: top-too-steep by default, not at 50°.
        let trace = GestureCommand.packageRoot.appendingPathComponent("Traces/circle.json").path
        let old = try GestureCommand.run(["classify", "--config", "old.json", trace], in: folder)
        let new = try GestureCommand.run(["classify", "--config", "new.json", trace], in: folder)
        let standard = try GestureCommand.run(["classify", trace], in: folder)
        #expect(
            old.stderr
                == "old.json:1:23: warning: z.topAngle is now z.maximumTopAngle, in rad: 50 deg read as 0.8727 rad\n")
        #expect(new.stderr == "")
        #expect(old.stdout == new.stdout)
        #expect(standard.stdout.contains("top-too-steep") && !old.stdout.contains("top-too-steep"))
    }
}
