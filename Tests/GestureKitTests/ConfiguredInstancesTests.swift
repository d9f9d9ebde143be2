import Foundation
import Testing

@testable import GestureKit

/// Several configured instances of one recognizer (a config file's `"recognizers"`), and the UIKit and
/// Hammer.js options they are configured with.
@Suite struct ConfiguredInstancesTests {
    static let instances = #"""
        {"recognizers": [{"id": "triple-tap", "kind": "tap", "gesture": "triple-tap", "parameters": {"taps": 3}},
                         {"id": "swipe-horizontal", "kind": "swipe", "parameters": {"directions": ["left", "right"]}}],
         "requiresFailureOf": {"double-tap": {"add": ["triple-tap"]}}}
        """#

    static func configuration(_ json: String, keepingOnly ids: [String]? = nil) throws(ConfigurationError)
        -> Configuration
    {
        var configuration = Configuration()
        try configuration.apply(json: Array(json.utf8), file: "c.json", keepingOnly: ids)
        try configuration.check()
        return configuration
    }

    static func refusal(_ json: String) -> String? {
        do throws(ConfigurationError) {
            _ = try configuration(json)
            return nil
        } catch {
            return error.description
        }
    }

    /// Taps 0.15 s apart at (200, 400).
    static func taps(_ count: Int) -> Trace {
        Trace(
            samples: (0..<count).flatMap { k in
                let t = Double(k) * 0.23
                return [Sample(t, 1, .began, 200, 400), Sample(t + 0.08, 1, .ended, 201, 400)]
            })
    }

    static func gesture(_ trace: Trace, _ configuration: Configuration) -> String {
        Classifier(configuration: configuration).classify(trace, file: "t").gesture
    }

    @Test func theIssuesExampleDeclaresTwoInstancesAndARelationship() throws {
        let configuration = try Self.configuration(Self.instances)
        #expect(
            configuration.entries.map(\.id) == [
                "checkmark", "z", "circle", "swipe", "swipe-horizontal", "double-tap", "tap", "triple-tap",
                "long-press", "pan", "pinch", "rotation",
            ])
        let triple = try #require(configuration.entries.first { $0.id == "triple-tap" })
        #expect(triple.definition.gestures == ["triple-tap"])
        #expect(triple.definition.instanceOf == "tap")
        #expect(triple.values["taps"] == .integer(3))
        // No relationship of tap's by name (tap waits for double-tap; a triple tap does not).
        #expect(triple.requiresFailureOf == [])
        #expect(configuration.entries.first { $0.id == "double-tap" }?.requiresFailureOf == ["triple-tap"])
        // A swipe instance waits for the shapes, and pan waits for it, by capability.
        #expect(
            configuration.entries.first { $0.id == "swipe-horizontal" }?.requiresFailureOf == [
                "checkmark", "z", "circle",
            ])
        #expect(
            configuration.entries.first { $0.id == "pan" }?.requiresFailureOf == [
                "checkmark", "z", "circle", "swipe", "swipe-horizontal",
            ])
    }

    @Test func aTripleTapIsATripleTapAndNotAlsoATap() throws {
        let configuration = try Self.configuration(Self.instances, keepingOnly: ["double-tap", "tap", "triple-tap"])
        #expect(Self.gesture(Self.taps(3), configuration) == "triple-tap")
        #expect(Self.gesture(Self.taps(2), configuration) == "double-tap")
        #expect(Self.gesture(Self.taps(1), configuration) == "tap")
    }

    @Test func anInstanceRecognizesItsOwnGestureName() throws {
        var configuration = Configuration()
        try configuration.addInstance("flick", of: "swipe", gesture: "flick", settings: [("minimumTravel", 10)])
        try configuration.keepOnly(["flick"])
        let stroke = Trace(samples: Example.stroke([(100, 100), (110, 100), (120, 100)]))
        #expect(Self.gesture(stroke, configuration) == "flick")
        let result = Classifier(configuration: configuration).classify(stroke, file: "t")
        #expect(result.sequences[0].recognizers[0].recognition?.gesture == "flick")
    }

    @Test func recognizersCanNameTheInstancesAFileDeclares() throws {
        let folder = try MiniCorpus("instances")
        defer { folder.remove() }
        try folder.write("i.json", Self.instances)
        let output = try GestureCommand.run(
            [
                "list", "--config", folder.folder.appendingPathComponent("i.json").path, "--recognizers",
                "triple-tap,double-tap",
            ])
        #expect(output.status == 0)
        #expect(output.stdout.contains("triple-tap (discrete): "))
        #expect(output.stdout.contains("  instance of: tap, recognized as triple-tap\n"))
        #expect(output.stdout.contains("  requires to fail: triple-tap\n"))
        #expect(!output.stdout.contains("\ntap (discrete)"))
    }

    @Test func theListOutputDeclaresTheInstancesAgain() throws {
        let listed = JSONReport.value(try Self.configuration(Self.instances)).text
        let again = try Self.configuration(listed)
        #expect(JSONReport.value(again).text == listed)
    }

    @Test(arguments: [
        (
            #"{"recognizers": [{"id": "tap", "kind": "tap"}]}"#,
            #"c.json:1:25: error: recognizer id "tap" is taken: ids must be unique"#
        ),
        (
            #"{"recognizers": [{"id": "Tap", "kind": "tap"}]}"#,
            #"c.json:1:25: error: recognizer id "Tap" differs only in case from tap: ids must differ in more than case"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap"}, {"id": "T3", "kind": "tap"}]}"#,
            #"c.json:1:54: error: recognizer id "T3" differs only in case from t3: ids must differ in more than case"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap"}, {"id": "t3", "kind": "tap"}]}"#,
            #"c.json:1:54: error: recognizer id "t3" is taken: ids must be unique"#
        ),
        (
            #"{"recognizers": [{"id": "t 3", "kind": "tap"}]}"#,
            #"c.json:1:25: error: recognizer id "t 3" must be letters, digits, - and _"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tapp"}]}"#,
            #"c.json:1:39: error: unknown kind "tapp": did you mean tap?"#
        ),
        (
            #"{"recognizers": [{"id": "t3"}]}"#,
            #"c.json:1:18: error: recognizer t3 needs a "kind": the id of the recognizer it is made from"#
        ),
        (
            #"{"recognizers": [{"kind": "tap"}]}"#,
            #"c.json:1:18: error: a recognizer of "recognizers" needs an "id" string"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap", "gesture": "tap tap"}]}"#,
            #"c.json:1:57: error: gesture "tap tap" must be a name without spaces, commas, +, control characters or marks of text direction"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap", "parameters": {"taps": 0}}]}"#,
            #"c.json:1:69: error: parameter "taps" for t3 must be a whole number ≥ 1, found 0"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap", "parameters": {"directions": ["left"]}}]}"#,
            #"c.json:1:61: error: unknown parameter "directions" for t3: expected one of taps, touches, maximumDuration, allowableMovement, maximumInterval, maximumDistance"#
        ),
        (
            #"{"recognizers": [{"id": "t3", "kind": "tap", "taps": 3}]}"#,
            #"c.json:1:46: error: unknown key "taps" in a recognizer of "recognizers": expected "id", "kind", "gesture", "parameters""#
        ),
        (
            #"{"profile": "hammer", "recognizers": [{"id": "t3", "kind": "tap"}]}"#,
            #"c.json:1:2: error: "profile" makes this file a `gesture list` output, which declares no recognizers; a config file declaring t3 has no "profile" (choose it with --profile)"#
        ),
        (
            #"{"recognizers": {"id": "t3"}}"#,
            #"c.json:1:17: error: "recognizers" must be an array of recognizers, found {"id":"t3"}"#
        ),
        (
            #"{"recognizers": [{"id": "s2", "kind": "swipe", "parameters": {"directions": ["left", "sideways"]}}]}"#,
            #"c.json:1:86: error: parameter "directions" for s2 is a list of directions: expected one of "left", "right", "up", "down", "horizontal", "vertical", "all", found "sideways""#
        ),
        (
            #"{"recognizers": [{"id": "s2", "kind": "swipe", "parameters": {"directions": []}}]}"#,
            #"c.json:1:77: error: parameter "directions" for s2 must be some of "left", "right", "up", "down" (or "horizontal", "vertical", "all"), at least one, found []"#
        ),
    ])
    func everyMistakeIsPlaced(_ json: String, _ diagnostic: String) {
        #expect(Self.refusal(json) == diagnostic)
    }

    /// An instance may be named as a gesture of another recognizer only if it recognizes that gesture
    /// too, with its values: a `swipe-up` whose directions leave up out was accepted (its id checked
    /// against its kind's four gestures before the values were set), and a label `swipe-up` then named
    /// a gesture no recognizer of that name gave. So after `--set`.
    @Test func anInstanceNamedAsAGestureItsValuesLeaveOutIsRefused() throws {
        #expect(
            Self.refusal(
                #"{"recognizers": [{"id": "swipe-up", "kind": "swipe", "parameters": {"directions": ["horizontal"]}}]}"#
            )
                == #"c.json:1:83: error: recognizer id "swipe-up" is a gesture of swipe that, with its values, it does not recognize (it recognizes swipe-left, swipe-right): a label swipe-up names that gesture, so an id needs another name, or values that take the gesture in"#
        )
        let left = #"{"recognizers": [{"id": "swipe-left", "kind": "swipe", "parameters": {"directions": ["left"]}}]}"#
        #expect(Self.refusal(left) == nil)
        var configuration = try Self.configuration(left)
        try configuration.set(assignment: "swipe-left.directions=right")
        #expect(throws: ConfigurationError.self) { try configuration.check() }
        let run = try GestureCommand.run(
            ["list", "--set", "swipe-left.directions=right", "--config", "-"], input: left)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                #"gesture: error: --set swipe-left.directions=right: recognizer id "swipe-left" is a gesture of swipe that"#
            ))
    }

    // MARK: Options

    @Test func directionsAreSetByNameOnTheCommandLine() throws {
        var configuration = Configuration()
        try configuration.set(assignment: "swipe.directions=left,right")
        try configuration.set(assignment: "pan.directions=vertical")
        #expect(configuration.parameters(of: "swipe", as: Swipe.self)?.directions == .horizontal)
        #expect(configuration.parameters(of: "pan", as: Pan.self)?.directions == [.up, .down])
        #expect(throws: ConfigurationError.self) { try configuration.set(assignment: "swipe.directions=sideways") }
        #expect(throws: ConfigurationError.self) { try configuration.set(assignment: "swipe.minimumTravel=left") }
    }

    @Test func aSwipeTheWrongWayFailsSayingWhich() throws {
        var configuration = Configuration()
        try configuration.keepOnly(["swipe"])
        try configuration.set(assignment: "swipe.directions=horizontal")
        let up = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/swipe-up.csv").path)
        let report = Classifier(configuration: configuration).classify(up, file: "t").sequences[0].recognizers[0]
        #expect(report.failure?.reason.code == "wrong-direction")
        #expect(report.failure?.reason.message == "went up; this swipe goes left or right")
    }

    @Test func aPanLockedToAnAxisMeasuresAlongItAndReportsItsDirection() throws {
        var configuration = Configuration()
        try configuration.keepOnly(["pan"])
        try configuration.set(assignment: "pan.directions=horizontal")
        // 30 pt right and 40 pt down: 50 pt in the plane, 30 pt along the locked axis.
        let drag = Trace(samples: Example.stroke([(100, 100), (104, 108), (112, 120), (130, 140)]))
        let report = Classifier(configuration: configuration).classify(drag, file: "t").sequences[0].recognizers[0]
        #expect(report.state == .recognized)
        let began = try #require(report.transitions.first { $0.to == .began })
        #expect(began.values.first { $0.key == "direction" }?.value == .string("right"))
        // Unlocked, the same drag is a pan down.
        try configuration.set(assignment: "pan.directions=all")
        let unlocked = Classifier(configuration: configuration).classify(drag, file: "t").sequences[0].recognizers[0]
        #expect(unlocked.recognition?.details.first { $0.key == "direction" }?.value == .string("down"))
    }

    @Test func aPinchSaysInOrOut() throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/pinch-out.json").path)
        var configuration = Configuration()
        try configuration.keepOnly(["pinch"])
        let report = Classifier(configuration: configuration).classify(trace, file: "t").sequences[0].recognizers[0]
        #expect(report.recognition?.details.first { $0.key == "direction" }?.value == .string("out"))
    }
}
