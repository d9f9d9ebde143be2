import Foundation
import Testing

@testable import GestureKit

/// `--set ID.PARAMETER=VALUE`: `Configuration.set(assignment:)` reads the assignment and sets the value
/// exactly as a config file sets it.
@Suite struct AssignmentTests {
    /// `assignments` set in order on a default configuration; the diagnostic of the first refused.
    func set(_ assignments: String...) -> (Configuration, String?) {
        var configuration = Configuration()
        for assignment in assignments {
            do throws(ConfigurationError) {
                try configuration.set(assignment: assignment)
            } catch {
                return (configuration, error.description)
            }
        }
        return (configuration, nil)
    }

    func value(_ id: String, _ name: String, in configuration: Configuration) -> ParameterValue? {
        configuration.entries.first { $0.id == id }?.values[name]
    }

    @Test func aNumberATruthValueOrOff() {
        let (configuration, error) = set(
            "pan.minimumTouches=2", "double-tap.maximumInterval=0.5", "z.wholePath=false", "swipe.maximumBow=off",
            "circle.roundnessTolerance=null", " swipe.minimumTravel = 1e2 ", "z.maximumTopAngle=-0.0")
        #expect(error == nil)
        #expect(value("pan", "minimumTouches", in: configuration) == .integer(2))
        #expect(value("double-tap", "maximumInterval", in: configuration) == .number(0.5))
        #expect(value("z", "wholePath", in: configuration) == .boolean(false))
        #expect(value("swipe", "maximumBow", in: configuration) == .off)
        #expect(value("circle", "roundnessTolerance", in: configuration) == .off)
        #expect(value("swipe", "minimumTravel", in: configuration) == .number(100))
        #expect(value("z", "maximumTopAngle", in: configuration) == .number(0))
        #expect(configuration.warnings == [])
    }

    /// A whole number in exponent form is the integer it names, as the same written in digits is.
    @Test func aWholeNumberInExponentFormIsAnInteger() {
        let (configuration, error) = set("tap.taps=1e18", "double-tap.taps=2e0")
        #expect(error == nil)
        #expect(value("tap", "taps", in: configuration) == .integer(1_000_000_000_000_000_000))
        #expect(value("double-tap", "taps", in: configuration) == .integer(2))
        // Written in digits, a whole number is read as one, to the edge of an Int.
        let (edge, edgeError) = set("tap.taps=9223372036854775807", "swipe.minimumTravel=30")
        #expect(edgeError == nil)
        #expect(value("tap", "taps", in: edge) == .integer(Int.max))
        #expect(value("swipe", "minimumTravel", in: edge) == .number(30))
    }

    @Test func aLaterAssignmentWins() {
        let (configuration, error) = set("swipe.minimumTravel=20", "swipe.minimumTravel=25")
        #expect(error == nil)
        #expect(value("swipe", "minimumTravel", in: configuration) == .number(25))
    }

    @Test(arguments: [
        ("pan", "pan: expected ID.PARAMETER=VALUE"),
        ("pan.minimumTouches", "pan.minimumTouches: expected ID.PARAMETER=VALUE"),
        ("=2", "=2: expected ID.PARAMETER=VALUE"),
        (".minimumTouches=2", ".minimumTouches=2: expected ID.PARAMETER=VALUE"),
        ("pan.=2", "pan.=2: expected ID.PARAMETER=VALUE"),
        ("pan.minimumTouches=", #"pan.minimumTouches=: expected a value after "=""#),
        (
            "pan.minimumTouches=two",
            #"pan.minimumTouches=two: expected a number, true, false, null, off or directions (left,right) after "=", found "two""#
        ),
        (
            #"swipe.minimumTravel="5""#,
            #"swipe.minimumTravel="5": expected a number, true, false, null, off or directions (left,right) after "=", found ""5"""#
        ),
        (
            "swipe.minimumTravel=0x10",
            #"swipe.minimumTravel=0x10: expected a number, true, false, null, off or directions (left,right) after "=", found "0x10""#
        ),
        ("swipe.minimumTravel=1e999", "swipe.minimumTravel=1e999: number out of range: 1e999"),
        (
            "swipe.minimumTravel=-5",
            #"swipe.minimumTravel=-5: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found -5"#
        ),
        ("tap.taps=2.5", #"tap.taps=2.5: parameter "taps" for tap must be a whole number ≥ 1, found 2.5"#),
        // Directions given to a parameter of another kind: as written, not as a file writes them.
        (
            "swipe.minimumTravel=left",
            #"swipe.minimumTravel=left: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found "left""#
        ),
        (
            "tap.taps=up, down",
            #"tap.taps=up, down: parameter "taps" for tap must be a whole number ≥ 1, found "up, down""#
        ),
        (
            "tap.taps=1e19",
            #"tap.taps=1e19: parameter "taps" for tap must be a whole number ≥ 1, less than 2^63 (9223372036854775808), found 1e+19"#
        ),
        (
            "swipe.minimumTravel=off",
            #"swipe.minimumTravel=off: parameter "minimumTravel" for swipe cannot be switched off (null or off): it must be a number ≥ 0 (pt)"#
        ),
        // The name is judged before the value: a misspelt one with a value of no kind gets its hint.
        (
            "swipe.minimumTravl=abc",
            #"swipe.minimumTravl=abc: unknown parameter "minimumTravl" for swipe: did you mean minimumTravel?"#
        ),
        (
            "pan.minimumTouchs=2",
            #"pan.minimumTouchs=2: unknown parameter "minimumTouchs" for pan: did you mean minimumTouches?"#
        ),
        ("pann.minimumTouches=2", #"pann.minimumTouches=2: unknown recognizer "pann": did you mean pan?"#),
        (
            "swipe.speed=1",
            #"swipe.speed=1: unknown parameter "speed" for swipe: expected one of minimumTravel, maximumDeviation, deviationRatio, minimumSpeed, maximumBow, jitterTolerance, directions, touches"#
        ),
        ("pan\u{1B}.x=1", #"pan\u{1B}.x=1: unknown recognizer "pan\u{1B}": did you mean pan?"#),
    ])
    func aBadAssignmentIsRefusedSayingWhy(_ assignment: String, _ message: String) {
        #expect(set(assignment).1 == message)
    }

    @Test func aFormerNameIsReadWithAWarning() {
        let (configuration, error) = set("z.topAngle=45")
        #expect(error == nil)
        #expect(configuration.warnings == ["z.topAngle is now z.maximumTopAngle, in rad: 45 deg read as 0.7854 rad"])
        #expect(value("z", "maximumTopAngle", in: configuration) == .number(45 * Double.pi / 180))
    }

    /// A value for `parameter` that is not its value in the default profile, and that it accepts.
    static func changedValue(_ parameter: ParameterSpec) -> ParameterValue {
        if parameter.seed != parameter.defaultValue { return parameter.seed }
        switch parameter.defaultValue {
        case .boolean(let flag): return .boolean(!flag)
        case .off: return .number(parameter.minimum ?? 0)
        case .integer(let count): return .integer(count + 1)
        case .directions(let directions): return .directions(directions == .left ? .right : .left)
        case .number(let number):
            if parameter.isOptional { return .off }
            let larger = number + 0.5
            return larger <= (parameter.maximum ?? .infinity) ? .number(larger) : .number(parameter.minimum ?? 0)
        }
    }

    /// For every parameter of every recognizer, `--set` and a config file give the same values and the
    /// same replay, byte for byte, with a value other than the default.
    @Test(arguments: Registry.all.map(\.id))
    func anAssignmentEqualsTheSameValueInAConfigFile(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        let traces = try ["Traces/circle.json", "Traces/two-finger-pan.json"].map {
            try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent($0).path)
        }
        func replays(_ configuration: Configuration) -> [String] {
            let classifier = Classifier(configuration: configuration)
            return traces.map { JSONReport.value(.success(classifier.classify($0, file: "t"))).text }
        }
        try #require(!definition.parameters.isEmpty)
        for parameter in definition.parameters {
            let value = Self.changedValue(parameter)
            try #require(value != parameter.defaultValue, "\(id).\(parameter.name)")
            var fromFile = Configuration()
            let json = JSONValue.object([
                .init("parameters", .object([.init(id, .object([.init(parameter.name, value.json)]))]))
            ])
            try fromFile.apply(json: Array(json.text.utf8), file: "c.json")
            let written: [String]
            switch value {
            case .off: written = ["off", "null"]
            case .directions: written = [value.description]
            default: written = [value.json.text]
            }
            for text in written {
                var fromSet = Configuration()
                try fromSet.set(assignment: "\(id).\(parameter.name)=\(text)")
                let (a, b) = (fromFile.entries, fromSet.entries)
                #expect(a.map(\.values) == b.map(\.values), "\(id).\(parameter.name)=\(text)")
                #expect(a.map(\.settings) == b.map(\.settings), "\(id).\(parameter.name)=\(text)")
                #expect(b.first { $0.id == id }?.values[parameter.name] == value, "\(id).\(parameter.name)=\(text)")
                #expect(replays(fromFile) == replays(fromSet), "\(id).\(parameter.name)=\(text)")
            }
        }
    }

    /// The command line: `--set` gives the same bytes as `--config` with the same value, for classify
    /// and batch, and a refused assignment is a usage error.
    @Test func theCommandLineSetsAsAConfigFileDoes() throws {
        let corpus = try MiniCorpus("assignment")
        defer { corpus.remove() }
        try corpus.write("strict.json", #"{"parameters": {"swipe": {"minimumTravel": 250}}}"#)
        let config = corpus.folder.appendingPathComponent("strict.json").path
        let trace = "Traces/swipe-left.json"
        let byFile = try GestureCommand.run(["classify", "--config", config, "--format", "jsonl", trace])
        let bySet = try GestureCommand.run(["classify", "--set", "swipe.minimumTravel=250", "--format", "jsonl", trace])
        #expect(bySet == byFile)
        #expect(bySet.stdout.contains(#""gesture":"pan""#) && bySet.stdout.contains(#""code":"too-short","#))
        let standard = try GestureCommand.run(["classify", "--format", "jsonl", trace])
        #expect(standard.stdout.contains(#""gesture":"swipe-left""#))

        let batchByFile = try GestureCommand.run(["batch", "--config", config, "--format", "json", "Traces"])
        let batchBySet = try GestureCommand.run([
            "batch", "--set=swipe.minimumTravel=250", "--format", "json", "Traces",
        ])
        #expect(batchBySet == batchByFile)
        #expect(batchBySet.stdout.contains(#""label":"swipe-left","gesture":"pan""#))

        let refused = try GestureCommand.run(["classify", "--set", "swipe.minimumTravl=250", trace])
        #expect(
            refused.stderr
                == "gesture: error: --set swipe.minimumTravl=250: unknown parameter \"minimumTravl\" for swipe: did you mean minimumTravel?\n"
        )
        #expect(refused.status == 2 && refused.stdout == "")

        let former = try GestureCommand.run(["list", "--recognizers", "z", "--set", "z.topAngle=45"])
        #expect(
            former.stderr
                == "gesture: warning: --set: z.topAngle is now z.maximumTopAngle, in rad: 45 deg read as 0.7854 rad\n")
        #expect(former.stdout.contains("maximumTopAngle              0.7854 rad"))
        #expect(former.status == 0)
    }

    /// `--set` comes after `--config`, whatever the order on the command line.
    @Test func anAssignmentOverridesTheConfigFile() throws {
        let corpus = try MiniCorpus("assignment-order")
        defer { corpus.remove() }
        try corpus.write("c.json", #"{"parameters": {"pan": {"minimumTranslation": 40}}}"#)
        let config = corpus.folder.appendingPathComponent("c.json").path
        let output = try GestureCommand.run([
            "list", "--format", "json", "--set", "pan.minimumTranslation=12", "--recognizers", "pan", "--config",
            config,
        ])
        #expect(output.stdout.contains(#""name": "minimumTranslation",\#n          "value": 12,"#))
        #expect(output.status == 0)
    }
}
