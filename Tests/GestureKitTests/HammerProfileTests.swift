import Foundation
import Testing

@testable import GestureKit

/// `--profile hammer`: Hammer.js's default thresholds and arbitration. Every difference from the
/// default profile that `docs/hammer.md` lists is a bundled trace replayed in both profiles here.
@Suite struct HammerProfileTests {
    struct Difference: CustomStringConvertible, Sendable {
        var trace: String
        var byDefault: String
        var byHammer: String
        var description: String { trace }
    }

    /// The rows of docs/hammer.md's table, in order.
    static let differences = [
        Difference(trace: "not-a-long-press-held-0.3s.json", byDefault: "none", byHammer: "long-press"),
        Difference(trace: "long-press-drifting-9.5pt.json", byDefault: "long-press", byHammer: "none"),
        Difference(trace: "pan-flick-20pt.json", byDefault: "pan", byHammer: "pan+swipe-right"),
        Difference(trace: "swipe-right-at-200pts.json", byDefault: "swipe-right", byHammer: "pan"),
        Difference(trace: "pan-arch.json", byDefault: "pan", byHammer: "pan+swipe-right"),
        Difference(trace: "two-finger-pan.json", byDefault: "pan", byHammer: "none"),
        Difference(trace: "not-a-pinch-spread-5pc.json", byDefault: "none", byHammer: "pinch"),
        Difference(trace: "not-a-rotation-turn-0.1rad.json", byDefault: "none", byHammer: "pinch+rotation"),
        Difference(trace: "double-tap.json", byDefault: "double-tap", byHammer: "tap+double-tap+tap"),
        Difference(trace: "swipe-left.json", byDefault: "swipe-left", byHammer: "pan+swipe-left"),
        Difference(trace: "checkmark.json", byDefault: "checkmark", byHammer: "pan+swipe-right"),
    ]

    static func gesture(_ trace: String, profile: String) throws -> String {
        let output = try GestureCommand.run(["classify", "--profile", profile, "--format", "jsonl", "Traces/\(trace)"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        return try #require(object["gesture"] as? String)
    }

    @Test(arguments: differences)
    func eachDifferenceIsReplayedInBothProfiles(_ difference: Difference) throws {
        #expect(try Self.gesture(difference.trace, profile: "default") == difference.byDefault)
        #expect(try Self.gesture(difference.trace, profile: "hammer") == difference.byHammer)
    }

    /// A press, then a drag, is a long press and a pan in both profiles: Hammer.js's press, recognized
    /// on a timer, stops no pan (`hammer` gave `long-press` alone).
    @Test func aPressThenADragIsALongPressAndAPanInBoth() throws {
        for profile in ["default", "hammer"] {
            #expect(try Self.gesture("long-press-then-pan.json", profile: profile) == "long-press+pan", "\(profile)")
        }
    }

    /// Two fingers that pinch or turn, then lift one after the other: Hammer.js's pinch and rotate end
    /// at the first lift, UIKit's when both fingers have lifted. The gesture is the same; its end is not.
    @Test(arguments: ["pinch", "rotation"])
    func aTwoFingerGestureEndsAtTheFirstLiftUnderHammer(_ id: String) throws {
        var ends: [Double] = []
        for profile in [Profile.default, .hammer] {
            var configuration = Configuration(profile: profile)
            try configuration.keepOnly([id])
            var trace = Trace(samples: MultiTouchTests.oneFingerLiftsFirst(id))
            try TraceValidator.validate(&trace, file: "test")
            let result = Classifier(configuration: configuration).classify(trace, file: "test")
            let ended = try report(result, id)
            #expect(ended.state == .recognized, "\(profile)")
            ends.append(try #require(ended.transitions.last?.time))
        }
        #expect(ends == [0.3, 0.15])
    }

    @Test func theGuideListsEveryDifferenceWithItsTraceAndResults() throws {
        let guide = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/hammer.md"), encoding: .utf8)
        let rows = guide.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.contains(".json`") }
        try #require(rows.count == Self.differences.count)
        for (row, difference) in zip(rows, Self.differences) {
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(cells.suffix(3) == ["`\(difference.trace)`", difference.byDefault, difference.byHammer])
        }
    }

    @Test func theListShowsHammersValues() throws {
        let output = try GestureCommand.run(["list", "--profile", "hammer", "--format", "json"])
        let object = try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
        #expect(object["profile"] as? String == "hammer")
        let recognizers = try #require(object["recognizers"] as? [[String: Any]])
        func value(_ id: String, _ name: String) -> Double? {
            let parameters = recognizers.first { $0["id"] as? String == id }?["parameters"] as? [[String: Any]]
            return parameters?.first { $0["name"] as? String == name }?["value"] as? Double
        }
        // Hammer.js 2.0.8's defaults: tap 250 ms / 9 px, interval 300 ms / 10 px; press 251 ms / 9 px;
        // swipe 10 px and 0.3 px/ms; pan 10 px; pinch and rotate 0.
        #expect(value("tap", "maximumDuration") == 0.25)
        #expect(value("tap", "allowableMovement") == 9)
        #expect(value("double-tap", "maximumInterval") == 0.3)
        #expect(value("double-tap", "maximumDistance") == 10)
        #expect(value("long-press", "minimumPressDuration") == 0.251)
        #expect(value("long-press", "allowableMovement") == 9)
        #expect(value("swipe", "minimumTravel") == 10)
        #expect(value("swipe", "minimumSpeed") == 300)
        #expect(value("pan", "minimumTranslation") == 10)
        #expect(value("pan", "maximumTouches") == 1)
        #expect(value("pinch", "minimumScaleChange") == 0)
        #expect(value("rotation", "minimumRotation") == 0)
        let tap = try #require(recognizers.first { $0["id"] as? String == "tap" })
        #expect(tap["requiresFailureOf"] as? [String] == [])
        #expect(tap["simultaneousWith"] as? [String] == ["double-tap"])
        let pan = try #require(recognizers.first { $0["id"] as? String == "pan" })
        // And with the long press, which Hammer.js recognizes on a timer, stopping no pan after it.
        #expect(pan["simultaneousWith"] as? [String] == ["swipe", "long-press"])
        // Nor does the pan wait for the swipe (it did, and recognized with it too: a swipe recognized
        // before the pan began failed it with required-recognizer-succeeded).
        #expect((pan["requiresFailureOf"] as? [String])?.contains("swipe") == false)
    }

    /// A summary names no value that a profile changes: `gesture list --profile hammer` said "a touch
    /// held still 0.5 s (UILongPressGestureRecognizer defaults)" beside minimumPressDuration 0.251 s.
    @Test func noSummaryStatesAValueTheProfileChanges() throws {
        for definition in Registry.all {
            for parameter in definition.parameters where parameter.hammer != parameter.defaultValue {
                guard case .number(let value) = parameter.defaultValue, let unit = parameter.unit else { continue }
                #expect(
                    !definition.summary.contains("\(Format.significant(value, decimals: 2)) \(unit.rawValue)"),
                    "\(definition.id): \"\(definition.summary)\" states \(parameter.name)'s default")
            }
        }
    }

    /// A recognizer that requires another to fail does not wait while that one is only possible.
    @Test func aRequirementWaitsOnlyWhileTheRequiredIsUnderWay() throws {
        let trace = try TraceReader.read(
            path: GestureCommand.packageRoot.appendingPathComponent("Traces/tap.json").path)
        var hammer = Configuration(profile: .hammer)
        try hammer.keepOnly(["double-tap", "tap"])
        try hammer.setRequirements(of: "tap", ["double-tap"])
        hammer.clearSimultaneous()
        let result = Classifier(configuration: hammer).classify(trace, file: "tap.json")
        let tap = try #require(result.sequences.first?.recognizers.first { $0.id == "tap" })
        // Recognized on lift (0.09 s), not when the double tap's interval runs out (0.39 s).
        #expect(tap.state == .recognized)
        #expect(tap.transitions.last?.time == 0.09)
        #expect(tap.transitions.allSatisfy { $0.waitingFor.isEmpty })
    }
}
