import Foundation
import GestureKit
import Testing

// This file imports GestureKit without @testable: the recognizer below is written, registered and
// replayed with the public API only, as a user of the library would. docs/adding-a-recognizer.md
// shows the code between the BEGIN and END lines; a test keeps the two the same.

// BEGIN caret
/// A caret, ^: one finger going up to the right, then down to the right, the apex well above both ends.
///
/// Decided when the finger lifts. The stroke must be `minimumWidth` wide, never go back left more than
/// `backtrackTolerance`, and rise above the higher of its two ends by `minimumHeightRatio` of its
/// width, with the apex in the middle half of the width.
public struct Caret: Recognizer {
    public static let definition = RecognizerDefinition(
        Caret.self, id: "caret", summary: "one finger: up to the right, then down to the right (^)",
        gestures: ["caret"], capabilities: [.shape],
        details: [DetailSpec("apex", .point, unit: .points, "The highest point of the stroke.")],
        examples: examples)

    public struct Parameters: RecognizerParameters {
        public var minimumWidth = 30.0
        public var backtrackTolerance = 4.0
        public var minimumHeightRatio = 0.3

        public init() {}

        public static let declarations: [ParameterDeclaration<Parameters>] = [
            .init(
                "minimumWidth", \.minimumWidth, .points, minimum: 0, "distance from the leftmost to the rightmost point"
            ),
            .init(
                "backtrackTolerance", \.backtrackTolerance, .points, minimum: 0,
                "how far left of its rightmost point the stroke may go"),
            .init(
                "minimumHeightRatio", \.minimumHeightRatio, .ratio, minimum: 0,
                "rise of the apex above the higher end, as a fraction of the width"),
        ]
    }

    public enum FailureCode: String, RecognizerFailureCode {
        case multipleTouches = "multiple-touches"
        case movedLeft = "moved-left"
        case tooNarrow = "too-narrow"
        case tooFlat = "too-flat"
        case apexOffCentre = "apex-off-centre"

        public var meaning: String {
            switch self {
            case .multipleTouches: "a second finger touched down"
            case .movedLeft: "went further left of its rightmost point than backtrackTolerance"
            case .tooNarrow: "narrower than minimumWidth"
            case .tooFlat: "the apex rises less than minimumHeightRatio of the width above the higher end"
            case .apexOffCentre: "the apex is not in the middle half of the width"
            }
        }
    }

    private let parameters: Parameters
    private var tracked: TouchID?
    private var points: [Point] = []
    private var rightmost = -Double.infinity

    public init(parameters: Parameters) {
        self.parameters = parameters
    }

    public mutating func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        if context.failUnlessFirstSingleTouch(
            touches, tracked: tracked, drawing: "a caret", code: FailureCode.multipleTouches)
        {
            return
        }
        tracked = touches[0].id
        add(touches[0], context: &context)
    }

    public mutating func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        add(touches[0], context: &context)
    }

    public mutating func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        add(touches[0], context: &context)
        guard context.state == .possible else { return }
        let bounds = Bounds(points)
        // A tap has no width to place an apex along, whatever minimumWidth is (it may be 0).
        guard bounds.width > 0 else {
            return context.fail(FailureCode.tooNarrow, "no width: it never moved sideways", at: touches[0])
        }
        guard bounds.width >= parameters.minimumWidth else {
            return context.fail(
                FailureCode.tooNarrow, "too narrow for a caret", measured: bounds.width, limit: parameters.minimumWidth,
                unit: .points, at: touches[0])
        }
        let apex = points.min { $0.y < $1.y }!
        let rise = min(points[0].y, points[points.count - 1].y) - apex.y
        let needed = parameters.minimumHeightRatio * bounds.width
        guard rise >= needed else {
            return context.fail(
                FailureCode.tooFlat, "the apex is too low", measured: rise, limit: needed, unit: .points, point: apex,
                at: touches[0])
        }
        let along = (apex.x - bounds.minimum.x) / bounds.width
        guard (0.25...0.75).contains(along) else {
            return context.fail(
                FailureCode.apexOffCentre, "the apex is too near one end", measured: along,
                limit: along < 0.25 ? 0.25 : 0.75,
                unit: .ratio, point: apex, at: touches[0])
        }
        context.recognize("caret", details: [.init("apex", .point(apex))], at: touches[0])
    }

    /// Adds a point, failing when it goes back left.
    private mutating func add(_ touch: Touch, context: inout RecognizerContext) {
        let point = touch.location
        points.append(point)
        rightmost = max(rightmost, point.x)
        if rightmost - point.x > parameters.backtrackTolerance {
            context.fail(
                FailureCode.movedLeft, "moved left", measured: rightmost - point.x,
                limit: parameters.backtrackTolerance,
                unit: .points, point: point, at: touch)
        }
    }
}

extension Caret {
    static let examples: [Example] = [
        Example(
            "a caret", .recognizes("caret"), samples: Example.stroke([(0, 60), (15, 30), (30, 0), (45, 30), (60, 60)])),
        Example(
            "two fingers", .fails(FailureCode.multipleTouches),
            samples: [
                Sample(0, 1, .began, 0, 60), Sample(0, 2, .began, 9, 9), Sample(0.1, 1, .ended, 0, 60),
                Sample(0.1, 2, .ended, 9, 9),
            ]),
        Example(
            "a zig-zag back", .fails(FailureCode.movedLeft),
            samples: Example.stroke([(0, 60), (30, 0), (10, 30), (60, 60)])),
        Example("a small one", .fails(FailureCode.tooNarrow), samples: Example.stroke([(0, 20), (10, 0), (20, 20)])),
        Example("a flat line", .fails(FailureCode.tooFlat), samples: Example.stroke([(0, 60), (30, 55), (60, 60)])),
        Example(
            "a slope and a drop", .fails(FailureCode.apexOffCentre),
            samples: Example.stroke([(0, 60), (55, 0), (60, 60)])),
    ]
}
// END caret

@Suite struct CustomRecognizerTests {
    /// The whole registry with the caret added, as a user would add a recognizer of their own.
    static let configuration = Configuration(registry: Registry.all + [Caret.definition])

    static func classify(_ samples: [Sample], with configuration: Configuration = configuration) throws -> TraceResult {
        var trace = Trace(samples: samples)
        try TraceValidator.validate(&trace, file: "caret")
        return Classifier(configuration: configuration).classify(trace, file: "caret")
    }

    /// What `RecognizerSpecTests` checks of the built-in recognizers, a user checks of theirs.
    @Test func itPassesTheChecksOfEveryRecognizer() {
        #expect(Caret.definition.problems() == [])
    }

    /// Each kind of mistake in a definition is found and named.
    @Test func theChecksFindACarelessDefinition() {
        let careless = RecognizerDefinition(
            id: "careless", summary: "a caret declared carelessly", gestures: ["hat"],
            parameters: [
                ParameterSpec(
                    name: "minimumWidth", type: .number, unit: .points, minimum: 0, meaning: "",
                    defaultValue: .number(-5), seed: .number(40))
            ],
            failureCodes: [FailureCodeSpec("too-narrow", ""), FailureCodeSpec("too-wide", "wider than allowed")],
            examples: [
                Example("a caret", .recognizes("hat"), samples: Caret.examples[0].samples),
                Example("a small one", .fails(code: "too-narrow"), samples: Caret.examples[3].samples),
                Example("a flat line", .fails(code: "too-flat"), samples: Caret.examples[4].samples),
            ],
            make: { _ in Caret(parameters: Caret.Parameters()) })
        #expect(
            careless.problems() == [
                "careless's failure code too-narrow has no meaning",
                "no example of careless fails with too-wide",
                "careless.minimumWidth = -5 is not a value it takes: a number ≥ 0 (pt)",
                "careless.minimumWidth has no meaning",
                "careless [default] \"a caret\": expected to recognize hat, recognized caret",
                "careless [default] \"a caret\": recognized caret, which careless does not declare",
                "careless [default] \"a caret\": reported [\"apex\"], declared []",
                "careless [seed] \"a caret\": expected to recognize hat, recognized caret",
                "careless [seed] \"a caret\": recognized caret, which careless does not declare",
                "careless [seed] \"a caret\": reported [\"apex\"], declared []",
                "careless [default] \"a flat line\": failed with too-flat, which careless does not declare",
                "careless [seed] \"a flat line\": failed with too-flat, which careless does not declare",
            ])
    }

    /// At `minimumWidth` 0 a tap is too narrow, not a ratio of 0 over 0 (it failed apex-off-centre,
    /// "measured nan"); and a reason's value that is not a number is left out, as JSON would write it.
    @Test func aTapIsNoCaretAtAnyWidth() throws {
        var configuration = Self.configuration
        try configuration.set(assignment: "caret.minimumWidth=0")
        let tap = Example.stroke([(50, 50), (50, 50)])
        let result = try Self.classify(tap, with: configuration)
        let failure = result.sequences.first?.recognizers.first { $0.id == "caret" }?.failure?.reason
        #expect(failure?.code == "too-narrow" && failure?.message == "no width: it never moved sideways")
        let reason = FailureReason(
            code: "x", message: "y", measured: .nan, limit: .infinity, point: Point(x: .nan, y: 1))
        #expect(reason.measured == nil && reason.limit == nil && reason.point == nil)
    }

    /// Mistakes between a recognizer's parameter declarations and its fields, in its failure codes,
    /// and a recognizer that is a class, are found (each passed the checks: a field declared under
    /// another name, or not at all, could be set by nothing; two declarations of one name set two
    /// fields with one `--set`; a class kept its state from one attempt to the next).
    @Test func theChecksFindSloppyParametersCodesAndAClass() {
        #expect(
            Sloppy.definition.problems().filter { !$0.contains("example") } == [
                "sloppy.minWidth names no field of Parameters: a declaration is named as its field is in Swift",
                "sloppy's parameter field minimumWidth is not declared: no config file or --set can set it",
                "sloppy's parameter field maximumDuration is not declared: no config file or --set can set it",
                "sloppy's parameter field b is not declared: no config file or --set can set it",
                "sloppy declares parameter a 2 times: one name sets one value",
                "sloppy's failure code \"Too Wide\" must be kebab-case: a-z, 0-9 and -",
                "sloppy's failure code preempted is the engine's: give the rule a code of its own",
                "sloppy's recognizer Sloppy is a class: make it a struct, so that each attempt starts afresh (a "
                    + "class keeps its state from one to the next)",
            ])
    }

    /// A gesture no label could name (a space, a `+` that reads as two gestures, `none`) is a problem, as
    /// it is for a configured instance or a learned gesture.
    @Test func theChecksFindAGestureNoLabelCanName() {
        for name in ["a caret", "caret+hat", "None"] {
            let definition = RecognizerDefinition(
                id: "badly-named", summary: "a caret with a bad gesture name", gestures: [name],
                failureCodes: Caret.definition.failureCodes, details: Caret.definition.details,
                examples: [], make: { _ in Caret(parameters: Caret.Parameters()) })
            #expect(
                definition.problems().first
                    == "badly-named's gesture \"\(name)\" must be a name without spaces, commas, +, control "
                    + "characters or marks of text direction, and not none")
        }
        #expect(Caret.definition.problems().allSatisfy { !$0.contains("must be a name") })
    }

    /// An id that `--set ID.NAME=…` and `--recognizers` could not name (a space, a dot, a comma) is a
    /// problem, as it is for a configured instance or a templates file.
    @Test func theChecksFindAnIdNoOptionCanName() {
        for id in ["my caret", "caret.v2", "a,b", ""] {
            let definition = RecognizerDefinition(
                id: id, summary: "a caret with a bad id", gestures: ["caret"],
                failureCodes: Caret.definition.failureCodes, details: Caret.definition.details,
                examples: [], make: { _ in Caret(parameters: Caret.Parameters()) })
            #expect(
                definition.problems().first
                    == "id \"\(id)\" must be letters, digits, - and _, as --set and --recognizers name it")
        }
        #expect(Caret.definition.problems().allSatisfy { !$0.contains("must be letters") })
    }

    /// Declaring `.shape` is all it takes for `swipe` and `pan` to wait for the caret: with the whole
    /// registry competing, a caret is a caret, not a pan.
    @Test func theWholeRegistryWaitsForIt() throws {
        let entries = Self.configuration.entries
        #expect(entries.first { $0.id == "swipe" }?.requiresFailureOf.contains("caret") == true)
        #expect(entries.first { $0.id == "pan" }?.requiresFailureOf.contains("caret") == true)
        let result = try Self.classify(Example.stroke([(100, 160), (130, 100), (160, 40), (190, 100), (220, 160)]))
        #expect(result.gesture == "caret")
        let pan = try #require(result.sequences[0].recognizers.first { $0.id == "pan" })
        #expect(pan.failure?.reason.code == "required-recognizer-succeeded")
        #expect(pan.transitions.first?.waitingFor.contains("caret") == true)
    }

    @Test func itIsListedAndConfiguredLikeAnyOther() throws {
        var configuration = Self.configuration
        try configuration.apply(json: Array(#"{"parameters": {"caret": {"minimumWidth": 100}}}"#.utf8), file: "c.json")
        #expect(configuration.parameters(of: "caret", as: Caret.self)?.minimumWidth == 100)
        let refused = #expect(throws: ConfigurationError.self) {
            try configuration.apply(
                json: Array(#"{"parameters": {"caret": {"minimumWidth": -1}}}"#.utf8), file: "c.json")
        }
        #expect(
            refused?.description
                == #"c.json:1:43: error: parameter "minimumWidth" for caret must be a number ≥ 0 (pt), found -1"#)
        let listing = TextReport.render(configuration)
        #expect(listing.contains("caret (discrete): one finger: up to the right, then down to the right (^)"))
        #expect(listing.contains("  minimumWidth        100 pt"))
        #expect(
            listing.contains("  failure codes: multiple-touches, moved-left, too-narrow, too-flat, apex-off-centre"))
    }

    /// A registry entry made from data at run time — an id, gestures, parameters and a function that
    /// makes the recognizer — joins a configuration like any other: here a caret under another name.
    @Test func anEntryMadeFromDataJoinsTheRegistry() throws {
        let wide = RecognizerDefinition(
            id: "wide-caret", summary: "a caret at least 150 pt wide", gestures: ["caret"], capabilities: [.shape],
            parameters: [
                ParameterSpec(
                    name: "minimumWidth", type: .number, unit: .points, minimum: 0, meaning: "least width",
                    defaultValue: .number(150), seed: .number(150))
            ],
            make: { values in
                var parameters = Caret.Parameters()
                if case .number(let width)? = values["minimumWidth"] { parameters.minimumWidth = width }
                return Caret(parameters: parameters)
            })
        var configuration = Configuration(registry: Registry.all + [wide])
        #expect(configuration.entries.first { $0.id == "pan" }?.requiresFailureOf.contains("wide-caret") == true)
        let small = Example.stroke([(100, 160), (130, 100), (160, 40), (190, 100), (220, 160)])
        let report = try #require(
            try Self.classify(small, with: configuration).sequences[0].recognizers.first { $0.id == "wide-caret" })
        #expect(report.failure?.reason.code == "too-narrow")
        #expect(report.failure?.reason.limit == 150)
        try configuration.set("minimumWidth", to: .number(100), for: "wide-caret")
        #expect(try Self.classify(small, with: configuration).gesture == "caret")
    }

    /// A number parameter's values written as whole literals (`defaultValue: 150`, `.integer(150)`) are
    /// numbers, as the value a configuration sets is: `make` reads `.number(150)`, and `problems()`
    /// finds nothing wrong with them.
    @Test func anEntryMadeFromDataTakesWholeNumbersForNumbers() throws {
        let wide = RecognizerDefinition(
            id: "wide-caret", summary: "a caret at least 150 pt wide", gestures: ["caret"], capabilities: [.shape],
            parameters: [
                ParameterSpec(
                    name: "minimumWidth", type: .number, unit: .points, minimum: 0, meaning: "least width",
                    defaultValue: 150, seed: 150)
            ],
            failureCodes: Caret.definition.failureCodes, details: Caret.definition.details,
            examples: Caret.examples,
            make: { values in
                var parameters = Caret.Parameters()
                if case .number(let width)? = values["minimumWidth"] { parameters.minimumWidth = width }
                return Caret(parameters: parameters)
            })
        #expect(wide.parameter("minimumWidth")?.defaultValue == .number(150))
        let small = Example.stroke([(100, 160), (130, 100), (160, 40), (190, 100), (220, 160)])
        let report = try #require(
            try Self.classify(small, with: Configuration(registry: [wide])).sequences[0].recognizers.first)
        #expect(report.failure?.reason.limit == 150)
        #expect(wide.problems().filter { $0.contains("not a value it takes") } == [])
    }

    /// The same when a parameter's values are set after it is made (they are public `var`s): a whole
    /// number is held as a number, and a value a parameter does not take is kept for `problems()`.
    @Test func aParameterSetAfterItIsMadeTakesWholeNumbersForNumbers() {
        var spec = ParameterSpec(
            name: "minimumWidth", type: .number, unit: .points, minimum: 0, meaning: "least width",
            defaultValue: 150, seed: 150)
        spec.defaultValue = .integer(120)
        spec.seed = 90
        spec.hammer = .integer(60)
        #expect(spec.defaultValue == .number(120))
        #expect(spec.seed == .number(90))
        #expect(spec.hammer == .number(60))
        spec.defaultValue = .boolean(true)
        #expect(spec.defaultValue == .boolean(true))
        var count = ParameterSpec(
            name: "taps", type: .integer, unit: .count, minimum: 1, meaning: "taps", defaultValue: 2, seed: 2)
        count.defaultValue = .number(3)
        #expect(count.defaultValue == .integer(3))
    }

    @Test func theGuideShowsThisCode() throws {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let code = try #require(
            source.components(separatedBy: "// BEGIN caret\n").dropFirst().first?.components(
                separatedBy: "// END caret"
            ).first)
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("docs/adding-a-recognizer.md")
        let guide = try String(contentsOf: url, encoding: .utf8)
        let begin = try #require(
            guide.range(of: "<!-- BEGIN caret"), "docs/adding-a-recognizer.md has no BEGIN caret line")
        let start = try #require(guide.range(of: "\n", range: begin.upperBound..<guide.endIndex)).upperBound
        let end = try #require(guide.range(of: "<!-- END caret -->", range: start..<guide.endIndex))
        let expected = "```swift\nimport GestureKit\n\n" + code + "```\n"
        if CommandLineTests.recording {
            try (String(guide[..<start]) + expected + String(guide[end.lowerBound...])).write(
                to: url, atomically: true, encoding: .utf8)
        } else {
            #expect(
                String(guide[start..<end.lowerBound]) == expected,
                "docs/adding-a-recognizer.md must show this file's Caret: `make golden` copies it")
        }
    }
}

/// A recognizer declared carelessly in every way `problems()` looks for beyond the examples.
final class Sloppy: Recognizer, @unchecked Sendable {
    static let definition = RecognizerDefinition(
        Sloppy.self, id: "sloppy", summary: "careless", gestures: ["sloppy"],
        examples: [
            Example("a caret", .recognizes("sloppy"), samples: Caret.examples[0].samples)
        ])

    struct Parameters: RecognizerParameters {
        var minimumWidth = 30.0
        var maximumDuration = 1.0
        var a = 1.0
        var b = 2.0
        init() {}
        static let declarations: [ParameterDeclaration<Parameters>] = [
            .init("minWidth", \.minimumWidth, .points, minimum: 0, "width"),
            .init("a", \.a, .points, minimum: 0, "a"),
            .init("a", \.b, .points, minimum: 0, "b"),
        ]
    }

    enum FailureCode: String, RecognizerFailureCode {
        case tooWide = "Too Wide"
        case preempted
        var meaning: String { "careless" }
    }

    init(parameters: Parameters) {}
    func touchesBegan(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {}
    func touchesMoved(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {}
    func touchesEnded(_ touches: [Touch], with event: TouchEvent, context: inout RecognizerContext) {
        context.recognize("sloppy", at: touches[0])
    }
}
