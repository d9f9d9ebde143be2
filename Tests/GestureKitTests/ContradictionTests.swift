import Foundation
import Testing

@testable import GestureKit

/// Constraints between parameters (a minimum not above its maximum), declared next to the parameters
/// and checked on the final values by `Configuration.check()`.
@Suite struct ContradictionTests {
    /// The configuration after `assignments`, and what `check()` says of it.
    func checked(_ assignments: String..., registry: [RecognizerDefinition] = Registry.all) throws -> String? {
        var configuration = Configuration(registry: registry)
        for assignment in assignments { try configuration.set(assignment: assignment) }
        return #expect(throws: ConfigurationError.self) { try configuration.check() }?.description
    }

    @Test func theDefaultsAndSeedsContradictNothing() throws {
        for profile in Profile.allCases {
            let configuration = Configuration(profile: profile)
            #expect(configuration.contradictions() == [])
            try configuration.check()
        }
    }

    /// The issue's example, which a config file used to accept.
    @Test func aMinimumAboveItsMaximumIsRefused() throws {
        var configuration = Configuration()
        try configuration.set(assignment: "pan.minimumTouches=5")
        try configuration.set(assignment: "pan.maximumTouches=2")
        let constraint = ParameterConstraint("minimumTouches", atMost: "maximumTouches")
        #expect(
            configuration.contradictions() == [
                Contradiction(id: "pan", constraint: constraint, lower: .integer(5), upper: .integer(2))
            ])
        #expect(
            #expect(throws: ConfigurationError.self) { try configuration.check() }?.description
                == "contradictory values: pan.minimumTouches = 5 is above pan.maximumTouches = 2 (expected minimumTouches ≤ maximumTouches)"
        )
    }

    @Test func everyContradictionIsNamed() throws {
        let message = try checked(
            "circle.minimumArc=7", "circle.maximumArc=6.5", "pan.minimumTouches=3", "pan.maximumTouches=2")
        #expect(
            message
                == "contradictory values: circle.minimumArc = 7 is above circle.maximumArc = 6.5 (expected minimumArc ≤ maximumArc); "
                + "pan.minimumTouches = 3 is above pan.maximumTouches = 2 (expected minimumTouches ≤ maximumTouches)")
    }

    /// Values are checked once they are all set: settings that pass through a contradiction on their
    /// way to values that keep the order are accepted, and equal values keep it.
    @Test func onlyTheFinalValuesCount() throws {
        var configuration = Configuration()
        try configuration.set(assignment: "pan.minimumTouches=12")
        #expect(configuration.contradictions().count == 1)
        try configuration.set(assignment: "pan.maximumTouches=12")
        #expect(configuration.contradictions() == [])
        try configuration.check()
    }

    /// A recognizer made from data, whose optional `lowest` must not be above `highest`.
    static let band = RecognizerDefinition(
        id: "band", summary: "a probe", gestures: ["band"],
        parameters: [
            ParameterSpec(
                name: "lowest", type: .number, isOptional: true, unit: .points, minimum: 0, meaning: "lowest",
                defaultValue: .number(1), seed: .off),
            ParameterSpec(
                name: "highest", type: .number, unit: .points, minimum: 0, meaning: "highest", defaultValue: .number(5),
                seed: .number(5)),
        ],
        constraints: [ParameterConstraint("lowest", atMost: "highest")],
        make: { _ in ArbiterTests.Probe(parameters: NoParameters()) })

    @Test func aConstraintWithASideSwitchedOffHolds() throws {
        #expect(try checked("band.lowest=9", registry: [Self.band]) != nil)
        #expect(
            try checked("band.lowest=9", registry: [Self.band])
                == "contradictory values: band.lowest = 9 is above band.highest = 5 (expected lowest ≤ highest)")
        var configuration = Configuration(registry: [Self.band])
        try configuration.set(assignment: "band.lowest=9")
        try configuration.set(assignment: "band.lowest=off")
        #expect(configuration.contradictions() == [])
        #expect(Configuration(registry: [Self.band], profile: .seed).contradictions() == [])
    }

    /// A recognizer without constraints (a custom one, say) has nothing to contradict.
    @Test func aRecognizerWithoutConstraintsContradictsNothing() throws {
        var configuration = Configuration(registry: [Caret.definition])
        try configuration.set(assignment: "caret.minimumWidth=1000")
        #expect(Caret.definition.constraints == [])
        #expect(configuration.contradictions() == [])
    }

    /// Every built-in pair `minimumX` / `maximumX` is declared as a constraint, and every constraint
    /// names parameters of its recognizer (the built-ins have no other orders: a tap's duration and a
    /// long press's are of different recognizers, and z's two bottom angles are alternatives).
    @Test(arguments: Registry.all.map(\.id))
    func everyMinimumAndMaximumPairIsAConstraint(_ id: String) throws {
        let definition = try #require(Registry.definition(id))
        let names = definition.parameters.map(\.name)
        let pairs = names.filter { $0.hasPrefix("minimum") }.compactMap { minimum in
            let maximum = "maximum" + minimum.dropFirst("minimum".count)
            return names.contains(maximum) ? ParameterConstraint(minimum, atMost: maximum) : nil
        }
        #expect(definition.constraints == pairs)
    }

    @Test func theBuiltInConstraints() {
        let declared = Registry.all.filter { !$0.constraints.isEmpty }.map { "\($0.id): \($0.constraints)" }
        #expect(declared == ["circle: [minimumArc ≤ maximumArc]", "pan: [minimumTouches ≤ maximumTouches]"])
    }

    /// `problems()` checks a definition's constraints: both sides are parameters with numbers, and the
    /// default and seed values keep them; an example's settings must not contradict.
    @Test func problemsFindsABrokenOrBadConstraint() {
        var broken = Self.band
        broken.constraints = [ParameterConstraint("highest", atMost: "lowest")]
        #expect(
            broken.problems().filter { $0.contains("constraint") } == [
                "band's default values break its constraint highest ≤ lowest: 5 > 1"
            ])
        var unknown = Self.band
        unknown.constraints = [ParameterConstraint("lowest", atMost: "widest")]
        #expect(
            unknown.problems().filter { $0.contains("constraint") } == [
                "band's constraint lowest ≤ widest names widest, which is not a parameter with a number"
            ])
        #expect(Self.band.problems().filter { $0.contains("constraint") } == [])
        let example = Example("x", .recognizes("band"), profiles: [.default], settings: ["lowest": 8], samples: [])
        #expect(
            Self.band.problems(of: example, in: .default)
                == [
                    #"band [default] "x": contradictory values: band.lowest = 8 is above band.highest = 5 (expected lowest ≤ highest)"#
                ])
    }

    /// The command line checks the final values of `--config` and every `--set`, and a contradiction
    /// is an error with exit status 2, placed in the file when the file set one of its values.
    @Test func theCommandLineRefusesContradictions() throws {
        let corpus = try MiniCorpus("contradiction")
        defer { corpus.remove() }
        try corpus.write("c.json", #"{"parameters": {"pan": {"minimumTouches": 5, "maximumTouches": 2}}}"#)
        let config = corpus.folder.appendingPathComponent("c.json").path
        let message =
            "gesture: error: contradictory values: pan.minimumTouches = 5 is above pan.maximumTouches = 2 (expected minimumTouches ≤ maximumTouches)\n"
        // From the file, placed where it set the first value.
        let placed = message.replacingOccurrences(of: "gesture: error:", with: "\(config):1:43: error:")
        for command in [["classify", "Traces/tap.json"], ["list"], ["batch", "Traces"]] {
            let refused = try GestureCommand.run(command + ["--config", config])
            #expect(refused.stderr == placed, "\(command)")
            #expect(refused.status == 2 && refused.stdout == "", "\(command)")
        }
        // By --set, said with the last of them that set one of its values (it named none).
        let bySet = try GestureCommand.run(["list", "--set", "pan.minimumTouches=5", "--set", "pan.maximumTouches=2"])
        #expect(
            bySet.stderr
                == message.replacingOccurrences(of: "error: ", with: "error: --set pan.maximumTouches=2: ")
                && bySet.status == 2)
        // In the other order, the other: the last --set (it named the upper bound's whatever the order),
        // and so with --recognizers and a config file, which is checked whole first.
        let reversed = try GestureCommand.run([
            "list", "--set", "pan.maximumTouches=2", "--set", "pan.minimumTouches=3",
        ])
        #expect(reversed.stderr.hasPrefix("gesture: error: --set pan.minimumTouches=3: contradictory values: "))
        try corpus.write("fine.json", #"{"parameters": {"pan": {"minimumTranslation": 3}}}"#)
        let kept = try GestureCommand.run(
            [
                "list", "--config", "fine.json", "--recognizers", "pan", "--set", "pan.minimumTouches=5", "--set",
                "pan.maximumTouches=2",
            ], in: corpus.folder)
        #expect(kept.stderr.hasPrefix("gesture: error: --set pan.maximumTouches=2: contradictory values: "))
        // An instance whose directions a --set makes other than its name says so with it.
        try corpus.write(
            "left.json",
            #"{"recognizers": [{"id": "swipe-left", "kind": "swipe", "parameters": {"directions": ["left"]}}]}"#)
        let instance = try GestureCommand.run(
            ["list", "--config", "left.json", "--set", "swipe-left.directions=right"], in: corpus.folder)
        #expect(instance.status == 2)
        #expect(
            instance.stderr.hasPrefix(
                "gesture: error: --set swipe-left.directions=right: recognizer id \"swipe-left\" is a gesture of swipe"),
            "\(instance.stderr)")
        let fixed = try GestureCommand.run(["list", "--config", config, "--set", "pan.maximumTouches=5"])
        #expect(fixed.stderr == "" && fixed.status == 0)
        #expect(fixed.stdout.contains("  constraints: minimumTouches ≤ maximumTouches\n"))
    }
}
