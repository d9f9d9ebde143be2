import Testing

@testable import GestureKit

/// On every lift, reports where each lifted touch has been (`RecognizerContext.path(of:)`); on
/// touch down, that a new touch's path is its first point; recognizes when the last touch lifts.
private struct PathProbe: Recognizer {
    static let definition = RecognizerDefinition(
        PathProbe.self, id: "path-probe", summary: "test probe", gestures: ["paths"])
    var lines: [String] = []
    var down = 0

    init(parameters: NoParameters) {}

    static func text(_ path: [Point]) -> String { path.map { "\(Int($0.x)),\(Int($0.y))" }.joined(separator: " ") }

    mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches { #expect(context.path(of: touch.id) == [touch.location]) }
        down += touches.count
    }
    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        for touch in touches { lines.append("\(touch.id): \(PathProbe.text(context.path(of: touch.id)))") }
        lines.append("9: \(PathProbe.text(context.path(of: .number(9))))")
        down -= touches.count
        if down == 0 { context.recognize("paths", details: [.init("paths", .array(lines.map { .string($0) }))]) }
    }
}

/// Work shared through `RecognizerContext.shared`: how many recognizers have used it.
private final class Tally: @unchecked Sendable {
    let key: Double
    var uses = 0
    init(key: Double) { self.key = key }
}

/// Copies of one recognizer made from data, each with its own id and `key`: on lift, each takes the
/// tally shared by those with its key, and recognizes with the number of uses it saw.
private struct Sharer: Recognizer {
    struct Parameters: RecognizerParameters {
        var key = 1.0
        init() {}
        static let declarations: [ParameterDeclaration<Parameters>] = [
            .init("key", \.key, .ratio, minimum: 0, "what the shared work depends on")
        ]
    }

    static func named(_ id: String, key: Double) -> RecognizerDefinition {
        RecognizerDefinition(
            id: id, summary: "test probe", gestures: [id],
            parameters: Parameters.specs(default: Parameters().with { $0.key = key }),
            make: { Sharer(id: id, parameters: Parameters($0)) })
    }
    static let definition = named("sharer", key: 1)
    let id: String
    let key: Double

    init(id: String, parameters: Parameters) {
        self.id = id
        key = parameters.key
    }
    init(parameters: Parameters) { self.init(id: "sharer", parameters: parameters) }

    mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        let key = key
        let tally = context.shared({ $0.key == key }, make: { Tally(key: key) })
        tally.uses += 1
        context.recognize(id, details: [.init("uses", .number(Double(tally.uses)))])
    }
}

@Suite struct TouchPathTests {
    func paths(_ samples: [Sample]) throws -> [[String]] {
        let result = try replay(samples, [PathProbe.definition])
        return try result.sequences.indices.map { sequence in
            // A sequence the probe does not recognize (a cancelled touch fails it) reports no paths.
            let details = try report(result, "path-probe", sequence: sequence).recognition?.details
            guard case .array(let lines)? = details?.first?.value else { return [] }
            return lines.map { if case .string(let line) = $0 { line } else { "" } }
        }
    }

    @Test func aPathHoldsTouchDownMovesAndLiftButNoStationarySample() throws {
        #expect(
            try paths([
                Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .moved, 1, 0), Sample(0.2, 1, .stationary, 1, 0),
                Sample(0.3, 1, .moved, 2, 0), Sample(0.4, 1, .ended, 3, 0),
            ]) == [["1: 0,0 1,0 2,0 3,0", "9: "]])
    }

    @Test func eachTouchHasItsOwnPathAndEachSequenceStartsAfresh() throws {
        #expect(
            try paths([
                Sample(0, 1, .began, 0, 0), Sample(0.1, 2, .began, 50, 50), Sample(0.2, 1, .moved, 1, 0),
                Sample(0.2, 2, .moved, 51, 50), Sample(0.3, 1, .ended, 2, 0), Sample(0.4, 2, .ended, 52, 50),
                // A new sequence reuses touch 1.
                Sample(1, 1, .began, 7, 7), Sample(1.1, 1, .cancelled, 8, 8),
                Sample(2, 9, .began, 9, 9), Sample(2.1, 9, .ended, 9, 10),
            ])
                == [
                    ["1: 0,0 1,0 2,0", "9: ", "2: 50,50 51,50 52,50", "9: "],
                    // The cancelled sequence reports nothing of its own: the probe fails there.
                    [],
                    ["9: 9,9 9,10", "9: 9,9 9,10"],
                ])
    }

    @Test func copiesWithTheSameKeyShareWorkAtAnEventAndOthersDoNot() throws {
        let ids = ["a", "b", "c", "d"]
        let result = try replay(
            [
                Sample(0, 1, .began, 0, 0), Sample(0.1, 1, .ended, 5, 0),
                Sample(1, 1, .began, 0, 0), Sample(1.1, 1, .ended, 5, 0),
            ],
            [
                Sharer.named("a", key: 1), Sharer.named("b", key: 1), Sharer.named("c", key: 2),
                Sharer.named("d", key: 1),
            ]
        ) { configuration in
            for a in ids { for b in ids where a < b { try configuration.allowSimultaneous(a, b) } }
        }
        for sequence in 0..<2 {
            let uses = try ids.map { id in
                try #require(try report(result, id, sequence: sequence).recognition?.details.first?.value)
            }
            // a, b and d share one tally; c has its own; the next lift starts afresh.
            #expect(uses == [.number(1), .number(2), .number(1), .number(3)])
        }
    }
}
