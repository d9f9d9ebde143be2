import Foundation
import Testing

@testable import GestureKit

/// A recognizer learned from examples (`--templates`, issue 18): in the registry like any other, with
/// UIKit's states, arbitration and a reason for every failure.
@Suite struct LearnedRecognizerTests {
    typealias Drawn = TemplateLearnerTests

    /// Two crossing lines, drawn by `person`: a two-stroke `x`.
    static func x(by person: Int, take: Int) -> TemplateLearner.Example {
        let wobble = Double((person * 5 + take * 3) % 5) - 2
        let size = 100 * (1 + Double(person) / 20)
        return .init(
            strokes: [
                PointCloudTests.line(from: (0, 0), to: (size, size + wobble)),
                PointCloudTests.line(from: (size, 0), to: (0, size - wobble)),
            ], label: "x", group: "p\(person)", file: "x-\(person)-\(take)")
    }

    /// Learned from four people: a `v`, a `caret` and an `o` (a circle), each one stroke.
    static let unistroke: String = {
        let corpus = Drawn.corpus(["v", "caret", "o"])
        let learner = TemplateLearner()
        return learner.file(id: "shapes", learned: learner.learn(corpus), examples: corpus, paths: ["strokes/"]).text
    }()

    /// `unistroke`'s gestures and a two-stroke `x`.
    static let multistroke: String = {
        let corpus =
            Drawn.corpus(["v", "caret"]) + (0..<4).flatMap { person in (0..<3).map { x(by: person, take: $0) } }
        let learner = TemplateLearner()
        return learner.file(id: "marks", learned: learner.learn(corpus), examples: corpus, paths: ["marks/"]).text
    }()

    static func configuration(_ text: String, file: String = "shapes.json", only: Bool = true) throws -> Configuration {
        var configuration = Configuration()
        try configuration.addTemplates(bytes: Array(text.utf8), file: file)
        if only { try configuration.keepOnly([configuration.entries.first { $0.definition.learned != nil }!.id]) }
        return configuration
    }

    /// The strokes as a trace: each stroke a touch, 16 ms a sample, `gap` seconds between strokes.
    static func trace(_ strokes: [[Point]], gap: Double = 0.2, at origin: Point = Point(x: 100, y: 300)) -> Trace {
        var samples: [Sample] = []
        var time = 0.0
        for stroke in strokes {
            let dense = Self.dense(stroke)
            let shifted = dense.map { (origin.x + $0.x, origin.y + $0.y) }
            samples += Example.stroke(shifted, start: time)
            time = samples.last!.time + gap
        }
        return Trace(samples: samples)
    }

    /// The stroke with seven points between each two of its corners: a sample every few points, as
    /// a finger gives them.
    static func dense(_ stroke: [Point]) -> [Point] {
        var dense: [Point] = []
        for (a, b) in zip(stroke, stroke.dropFirst()) {
            for k in 0..<8 {
                let t = Double(k) / 8
                dense.append(Point(x: a.x + t * (b.x - a.x), y: a.y + t * (b.y - a.y)))
            }
        }
        dense.append(stroke[stroke.count - 1])
        return dense
    }

    static func report(_ result: TraceResult, _ id: String) -> RecognizerReport? {
        result.sequences.lazy.compactMap { $0.recognizers.first { $0.id == id } }.last
    }

    @Test func aLearnedStrokeIsRecognizedOnItsLiftWithItsDetails() throws {
        let configuration = try Self.configuration(Self.unistroke)
        #expect(configuration.entries.map(\.id) == ["shapes"])
        for shape in ["v", "caret", "o"] {
            // Someone the templates never saw.
            let trace = Self.trace(Drawn.drawn(shape, by: 9, take: 1).strokes)
            let result = Classifier(configuration: configuration).classify(trace, file: "t")
            #expect(result.gesture == shape)
            let report = try #require(Self.report(result, "shapes"))
            let details = try #require(report.recognition?.details)
            #expect(details.map(\.key) == ["gesture", "distance", "runnerUp", "runnerUpDistance"])
            #expect(details[0].value == .string(shape))
            // Decided at the lift: every template has one stroke, so nothing is waited for.
            #expect(report.transitions.last?.time == trace.samples.last?.time)
        }
    }

    @Test func everyFailureSaysWhy() throws {
        let configuration = try Self.configuration(Self.unistroke)
        let classifier = Classifier(configuration: configuration)
        func failure(_ trace: Trace) -> FailureReason? {
            Self.report(classifier.classify(trace, file: "t"), "shapes")?.failure?.reason
        }
        // A tap: two samples.
        let tap = try #require(failure(Trace(samples: Tap.tap(at: 100, 100, from: 0))))
        #expect(tap.code == "too-few-points" && tap.measured == 2 && tap.limit == 5)
        // Two fingers at once, where every gesture has one stroke.
        let two = try #require(failure(Trace(samples: Tap.twoFingers)))
        #expect(two.code == "too-many-strokes" && two.measured == 2 && two.limit == 1)
        // A hold: 30 samples jittering within 3 pt, and a v drawn 6 pt wide: each too small to be a drawing.
        var jitter: [(Double, Double)] = []
        for k in 0..<30 { jitter.append((200 + Double(k % 3), 400 + Double(k % 4) / 2)) }
        let held = try #require(failure(Trace(samples: Example.stroke(jitter, start: 0))))
        #expect(held.code == "too-small" && held.measured == 2 && held.limit == 10)
        #expect(held.unit == MeasureUnit.points)
        let tiny = Drawn.drawn("v", by: 9, take: 1).strokes.map { $0.map { Point(x: $0.x * 0.06, y: $0.y * 0.06) } }
        #expect(try #require(failure(Self.trace(tiny))).code == "too-small")
        // Just below the limit: as many decimals as tell them apart (it read "10 pt across" beside 10).
        let line: [(Double, Double)] = (0...5).map { k in
            let step = Double(k) / 5
            return (200 + 9.99 * step, 400 + Double(k % 2))
        }
        let almost = try #require(failure(Trace(samples: Example.stroke(line, start: 0))))
        #expect(almost.code == "too-small" && abs((almost.measured ?? 0) - 9.99) < 1e-9)
        let said: String = almost.message
        #expect(said.hasPrefix("9.99 pt across; a learned gesture is drawn at least 10 pt across"), "\(said)")
        // Without the limit, the same v is a v: matching does not see size.
        var anySize = configuration
        try anySize.set("minimumSize", to: .number(0), for: "shapes")
        #expect(Classifier(configuration: anySize).classify(Self.trace(tiny), file: "t").gesture == "v")
        // An L is none of them: its nearest gesture and how far, against that gesture's threshold.
        let l = try #require(failure(Self.trace(Drawn.drawn("l", by: 9, take: 0).strokes)))
        #expect(l.code == "no-close-template")
        if let measured = l.measured, let limit = l.limit {
            #expect(measured >= limit)
            #expect(l.details.first?.value.stringValue != nil, "the nearest gesture is named")
        } else {
            #expect(l.details.first?.value == .null, "nothing near: no gesture named")
        }
    }

    /// Where nothing shows its reason (a batch scoring a trace labelled with another recognizer's
    /// gesture), the recognizer searches only within each threshold first: every decision and code is
    /// the same, only the reason of a stroke nowhere within a threshold is shorter.
    @Test func anUnshownReasonIsNotSearchedForButNothingElseChanges() throws {
        let configuration = try Self.configuration(Self.unistroke)
        let classifier = Classifier(configuration: configuration)
        // A v bending, step by step, into an L and a line, and the other shapes, by someone unseen.
        var strokes: [[Point]] = ["v", "caret", "o", "l", "line"].map { Drawn.drawn($0, by: 9, take: 1).strokes[0] }
        for step in 0...12 {
            let s = Double(step) * 10
            strokes.append([(0.0, 0.0), (50 - s / 2, 100), (100 - s, s)].map { Point(x: $0.0, y: $0.1) })
        }
        var (recognized, nearMisses) = (0, 0)
        for stroke in strokes {
            let trace = Self.trace([stroke])
            let all = classifier.classify(trace, file: "t", transitions: false, workspace: nil, explaining: .all)
            let mine = classifier.classify(
                trace, file: "t", transitions: false, workspace: nil, explaining: .only(0))
            let other = classifier.classify(
                trace, file: "t", transitions: false, workspace: nil, explaining: .only(nil))
            #expect(all == mine)
            #expect(other.gesture == all.gesture)
            let (shown, unshown) = (Self.report(all, "shapes"), Self.report(other, "shapes"))
            #expect(shown?.state == unshown?.state)
            #expect(shown?.failure?.reason.code == unshown?.failure?.reason.code)
            if shown?.recognition != nil { recognized += 1 }
            if let reason = shown?.failure?.reason, reason.code == "no-close-template" {
                // Named when within twice its threshold, when shown; not looked for otherwise.
                if reason.measured != nil {
                    nearMisses += 1
                    #expect(reason.message.hasPrefix("no template is close enough: the nearest is "))
                }
                #expect(unshown?.failure?.reason.message == "no template is within its gesture's threshold")
                #expect(unshown?.failure?.reason.measured == nil)
            } else {
                #expect(shown?.failure?.reason == unshown?.failure?.reason)
            }
        }
        // Both ways were taken.
        #expect(recognized >= 3 && nearMisses >= 1, "\(recognized) recognized, \(nearMisses) near misses")
    }

    /// A miss in a batch row names the learned gesture recognized and the label it is not.
    @Test func aMissNamesTheGestureRecognizedAndTheLabel() throws {
        let configuration = try Self.configuration(Self.unistroke)
        let result = Classifier(configuration: configuration).classify(
            Self.trace(Drawn.drawn("caret", by: 9, take: 1).strokes), file: "t")
        #expect(result.gesture == "caret")
        let miss = try #require(Miss.of(result, label: "v", configuration: configuration))
        #expect(miss.recognizer == "shapes" && miss.code == "other-gesture")
        #expect(miss.message == "shapes recognized caret, not v")
        #expect(Miss.of(result, label: "caret", configuration: configuration) == nil)
    }

    /// A file's `algorithm` is the recognizer's: a `}` against a learned `{`, whose mirror image it is,
    /// lies more than twice as far with orientations (`p+o`) as with turning angles alone (`p+`); and
    /// the learner measures with it too, so the thresholds it chooses differ.
    @Test func aFilesOrientationsAreMatched() throws {
        let brace: [(Double, Double)] = [(60, 0), (20, 20), (20, 80), (0, 100), (20, 120), (20, 180), (60, 200)]
        let left = try #require(PointCloud(strokes: [brace.map { Point(x: $0.0, y: $0.1) }]))
        let mirrored = [brace.map { Point(x: 60 - $0.0, y: $0.1) }]
        func measured(_ algorithm: TemplateAlgorithm) throws -> Double {
            var file = TemplateFile(
                id: "braces", maximumFalseAlarms: 0.01, crossValidation: "leave-one-out",
                source: .init(paths: [], examples: 2, negatives: 0, groups: nil),
                gestures: [
                    .init(
                        name: "brace", threshold: 100_000, recall: 1, falseAlarms: 0, strokes: 1, examples: 2,
                        templates: [left.points])
                ])
            file.algorithm = algorithm
            let configuration = try Self.configuration(file.text, file: "braces.json")
            let result = Classifier(configuration: configuration).classify(Self.trace(mirrored), file: "t")
            // Within every threshold: recognized, at its distance.
            let details = try #require(Self.report(result, "braces")?.recognition?.details)
            guard case .number(let distance) = try #require(details.first { $0.key == "distance" }?.value) else {
                throw Failure.notANumber
            }
            return distance
        }
        let (turns, oriented) = (try measured(.plus), try measured(.oriented))
        #expect(oriented > 2 * turns, "p+ \(turns), p+o \(oriented)")

        let corpus = Drawn.corpus(["v", "caret", "o"])
        var learner = TemplateLearner()
        let plain = learner.learn(corpus).map(\.threshold)
        learner.algorithm = .oriented
        let withOrientations = learner.learn(corpus).map(\.threshold)
        #expect(zip(plain, withOrientations).allSatisfy { $0 != $1 }, "\(plain) \(withOrientations)")
    }

    enum Failure: Error { case notANumber }

    /// A templates file `twins` of two gestures, `v` and `v-again`, with one same template: `strokes`.
    static func twins(_ strokes: [[Point]]) throws -> Configuration {
        let v = try #require(PointCloud(strokes: strokes))
        var file = TemplateFile(
            id: "twins", maximumFalseAlarms: 0.01, crossValidation: "leave-one-out",
            source: .init(paths: [], examples: 4, negatives: 0, groups: nil),
            gestures: ["v", "v-again"].map {
                .init(
                    name: $0, threshold: 1_000, recall: 1, falseAlarms: 0, strokes: 1, examples: 2,
                    templates: [v.points])
            })
        file.algorithm = .q
        return try Self.configuration(file.text, file: "twins.json")
    }

    /// Two gestures with the same template: a stroke near both is neither.
    @Test func aStrokeAsNearTwoGesturesIsAmbiguous() throws {
        let configuration = try Self.twins(Drawn.drawn("v", by: 0, take: 0).strokes)
        let result = Classifier(configuration: configuration).classify(
            Self.trace(Drawn.drawn("v", by: 9, take: 2).strokes), file: "t")
        let reason = try #require(Self.report(result, "twins")?.failure?.reason)
        #expect(reason.code == "ambiguous")
        #expect(reason.limit == 0.05 && (reason.measured ?? 1) <= 0.05)
        // Without the margin, the first of the two, in the file's order.
        var off = configuration
        try off.set("ambiguityMargin", to: .off, for: "twins")
        #expect(
            Classifier(configuration: off).classify(Self.trace(Drawn.drawn("v", by: 9, take: 2).strokes), file: "t")
                .gesture == "v")
    }

    /// A stroke that is the template itself, at distance 0 from both gestures: a tie is within any
    /// margin, 0 too (it was never ambiguous: 0 is not below 0 × 1.05).
    @Test func anExactTieAtDistanceZeroIsAmbiguous() throws {
        let strokes = Drawn.drawn("v", by: 0, take: 0).strokes
        var configuration = try Self.twins(strokes)
        for margin in [0.05, 0] {
            try configuration.set("ambiguityMargin", to: .number(margin), for: "twins")
            let result = Classifier(configuration: configuration).classify(Self.trace(strokes), file: "t")
            let reason = try #require(Self.report(result, "twins")?.failure?.reason, "margin \(margin)")
            #expect(reason.code == "ambiguous", "margin \(margin)")
            #expect(reason.measured == 0 && reason.limit == margin)
            let details = try #require(Self.report(result, "twins")?.failure?.reason.details)
            #expect(details.first { $0.key == "distance" }?.value == .number(0))
        }
    }

    /// The recognition details of person 9's third `v`, classified by a `$P` recognizer "pair" taught
    /// one template for each gesture of `gestures`, whose thresholds take any stroke.
    static func detailsOfPerson9sV(among gestures: [(String, PointCloud)]) throws -> [JSONValue.Member] {
        var file = TemplateFile(
            id: "pair", maximumFalseAlarms: 0.01, crossValidation: "leave-one-out",
            source: .init(paths: [], examples: 4, negatives: 0, groups: nil),
            gestures: gestures.map {
                .init(
                    name: $0.0, threshold: 100_000, recall: 1, falseAlarms: 0, strokes: 1, examples: 2,
                    templates: [$0.1.points])
            })
        file.algorithm = .p
        let configuration = try configuration(file.text, file: "pair.json")
        let result = Classifier(configuration: configuration).classify(
            trace(Drawn.drawn("v", by: 9, take: 2).strokes), file: "t")
        return try #require(report(result, "pair")?.recognition?.details)
    }

    /// The runner-up is the next nearest gesture within 1.5 times the nearest's distance, else none:
    /// a nearest found first and overtaken was reported however far it lay (`$P` matches in the
    /// file's order, so the ring's template, far from a `v`, is the best until the `v`'s is found).
    @Test func aGestureOvertakenFarBehindIsNoRunnerUp() throws {
        let ring = try #require(PointCloud(strokes: Drawn.drawn("o", by: 0, take: 0).strokes))
        let v = try #require(PointCloud(strokes: Drawn.drawn("v", by: 0, take: 0).strokes))
        let details = try Self.detailsOfPerson9sV(among: [("ring", ring), ("v", v)])
        func value(_ key: String) -> JSONValue? { details.first { $0.key == key }?.value }
        #expect(value("gesture") == .string("v"))
        #expect(value("runnerUp") == .null, "\(details)")
        #expect(value("runnerUpDistance") == .null)
        // The ring is that far: looked for on its own, it is more than 1.5 times the v's distance.
        let stroke = try #require(PointCloud(strokes: Drawn.drawn("v", by: 9, take: 2).strokes))
        let toRing = try #require(stroke.distance(to: ring, prunes: false))
        let toV = try #require(stroke.distance(to: v, prunes: false))
        #expect(toRing > 1.5 * toV, "\(toRing) \(toV)")
    }

    /// The nearest gesture is the nearest of every template, whatever its threshold: a `v` far past
    /// its own small threshold (but nearest) is not recognized as the ring whose large threshold it
    /// is within, the failure names the `v`, and the details are the same at any `thresholdScale`
    /// (the search left out gestures beyond twice their threshold, and named the ring, or recognized
    /// it, where a nearer gesture had a small threshold).
    @Test(arguments: [TemplateAlgorithm.q, .p, .plus, .oriented])
    func theNearestIsNearestOfAllWhateverItsThreshold(_ algorithm: TemplateAlgorithm) throws {
        let stroke = Drawn.drawn("v", by: 9, take: 2).strokes
        let cloud = try #require(PointCloud(strokes: stroke))
        func template(_ shape: String) throws -> [Point] {
            try #require(PointCloud(strokes: Drawn.drawn(shape, by: 0, take: 0).strokes)).points
        }
        let toV = try #require(cloud.distance(to: PointCloud(points: try template("v")), prunes: false))
        let toRing = try #require(cloud.distance(to: PointCloud(points: try template("o")), prunes: false))
        #expect(toV < toRing && toV > 0, "\(toV) \(toRing)")
        var file = TemplateFile(
            id: "pair", maximumFalseAlarms: 0.01, crossValidation: "leave-one-out",
            source: .init(paths: [], examples: 4, negatives: 0, groups: nil),
            gestures: [("ring", try template("o"), 100_000.0), ("v", try template("v"), 0.001)].map {
                .init(
                    name: $0.0, threshold: $0.2, recall: 1, falseAlarms: 0, strokes: 1, examples: 2,
                    templates: [$0.1])
            })
        file.algorithm = algorithm
        var configuration = try Self.configuration(file.text, file: "pair.json")
        try configuration.set("ambiguityMargin", to: .off, for: "pair")
        var seen: [[JSONValue.Member]] = []
        for scale in [1.0, 10] {
            try configuration.set("thresholdScale", to: .number(scale), for: "pair")
            let result = Classifier(configuration: configuration).classify(Self.trace(stroke), file: "t")
            #expect(result.gesture == "none", "scale \(scale): \(result.gesture)")
            let reason = try #require(Self.report(result, "pair")?.failure?.reason, "scale \(scale)")
            #expect(reason.code == "no-close-template")
            #expect(reason.message.hasPrefix("no template is close enough: the nearest is v's"), "\(reason.message)")
            seen.append(reason.details)
        }
        #expect(seen[0] == seen[1])
        #expect(seen[0].first { $0.key == "gesture" }?.value == .string("v"), "\(seen[0])")
    }

    /// A recognizer id longer than a quarter of the width has a line of its own above its row: every
    /// other row keeps within the width (a learned recognizer's id of 150 letters pushed every row,
    /// `checkmark`'s too, to 162 columns).
    @Test func aLongIdHasALineOfItsOwn() throws {
        let long = String(repeating: "x", count: 150)
        let text = Self.unistroke.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"\(long)\"")
        var configuration = Configuration()
        try configuration.addTemplates(bytes: Array(text.utf8), file: "long.json")
        let trace = Self.trace(Drawn.drawn("v", by: 9, take: 2).strokes)
        let report = TextReport.render(
            Classifier(configuration: configuration).classify(trace, file: "t"), configuration: configuration)
        let lines = report.split(separator: "\n").map(String.init)
        #expect(lines.contains("    " + long))
        for line in lines where line != "    " + long {
            #expect(Format.columns(line) <= 100, "\(line)")
        }
        #expect(lines.contains { $0.hasPrefix("    checkmark  ") }, "\(report)")
    }

    /// An `x` in two strokes, across two touch sequences: judged whole, `timeWindow` after the last lift.
    @Test func aTwoStrokeGestureWaitsForItsSecondStroke() throws {
        let configuration = try Self.configuration(Self.multistroke, file: "marks.json")
        let x = Self.x(by: 9, take: 0).strokes
        let trace = Self.trace(x, gap: 0.2)
        let result = Classifier(configuration: configuration).classify(trace, file: "t")
        #expect(result.gesture == "x")
        let report = try #require(Self.report(result, "marks"))
        let lift = try #require(trace.samples.last?.time)
        #expect(abs((report.transitions.last?.time ?? 0) - (lift + 0.5)) < 1e-9, "decided when the window closed")
        // The second stroke too late: the first is judged alone (a line, no gesture), and so is the second.
        let late = Classifier(configuration: configuration).classify(Self.trace(x, gap: 0.8), file: "t")
        #expect(late.gesture == "none")
        // A shorter window, set like any parameter.
        var short = configuration
        try short.set("timeWindow", to: .number(0.1), for: "marks")
        #expect(Classifier(configuration: short).classify(trace, file: "t").gesture == "none")
    }

    /// Beside the built-in recognizers: a shape, after the built-in shapes; pan and swipe wait for it.
    @Test func itJoinsTheRegistryAfterTheShapesAndSwipes() throws {
        let configuration = try Self.configuration(Self.unistroke, only: false)
        #expect(Array(configuration.entries.map(\.id).prefix(5)) == ["checkmark", "z", "circle", "swipe", "shapes"])
        #expect(configuration.entries.first { $0.id == "pan" }?.requiresFailureOf.contains("shapes") == true)
        #expect(configuration.entries.first { $0.id == "shapes" }?.requiresFailureOf == ["swipe"])
        #expect(configuration.entries.first { $0.id == "swipe" }?.requiresFailureOf.contains("shapes") == false)
        let result = Classifier(configuration: configuration).classify(
            Self.trace(Drawn.drawn("caret", by: 9, take: 0).strokes), file: "t")
        #expect(result.gesture == "caret")
        #expect(Self.report(result, "pan")?.failure?.reason.code == "required-recognizer-succeeded")
    }

    /// A straight stroke that swipe takes is a swipe, even where a learned gesture is a line: point
    /// clouds have no rule against straight strokes (a swipe bowed like a brace would be a brace).
    /// Drawn too slowly for a swipe, it is the learned line.
    @Test func aSwipeIsASwipeBeforeItIsALearnedLine() throws {
        let corpus = Drawn.corpus(["line", "v", "caret"])
        let learner = TemplateLearner()
        let text = learner.file(id: "marks", learned: learner.learn(corpus), examples: corpus, paths: ["m/"]).text
        let configuration = try Self.configuration(text, file: "marks.json", only: false)
        let line = Drawn.drawn("line", by: 9, take: 0).strokes
        let quick = Classifier(configuration: configuration).classify(Self.trace(line), file: "t")
        #expect(quick.gesture == "swipe-right")
        #expect(Self.report(quick, "marks")?.failure?.reason.code == "required-recognizer-succeeded")
        var points: [(Double, Double)] = []
        for k in 0...16 { points.append((100 + Double(k) * 6.25, 300 + Double(k % 2) * 0.5)) }
        let slow = Classifier(configuration: configuration).classify(
            Trace(samples: Example.stroke(points, interval: 0.2)), file: "t")
        #expect(slow.gesture == "line")
        #expect(Self.report(slow, "swipe")?.failure?.reason.code == "too-slow")
    }

    @Test func aFileThatCannotJoinIsRefusedAtItsPlace() throws {
        func refusal(_ text: String) -> String {
            do {
                _ = try Self.configuration(text)
                return "no error"
            } catch {
                return "\(error)"
            }
        }
        // A gesture a built-in recognizer has.
        let circle = Self.unistroke.replacingOccurrences(of: "{\"name\": \"o\"", with: "{\"name\": \"circle\"")
        let line = circle.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
            $0.contains("\"circle\"")
        }!
        #expect(
            refusal(circle)
                == "shapes.json:\(line + 1):14: error: gesture \"circle\" is a gesture of circle already: a learned gesture needs a name of its own"
        )
        // Its id may not be another recognizer's gesture (a label tap would name it were tap left out),
        // whichever is read first.
        #expect(
            refusal(Self.unistroke.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"tap\""))
                == "shapes.json:4:9: error: recognizer id \"tap\" is taken: ids must be unique (learn with another --id)"
        )
        #expect(
            refusal(Self.unistroke.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"swipe-up\""))
                == "shapes.json:4:9: error: recognizer id \"swipe-up\" is a gesture of swipe: a label swipe-up names that "
                + "gesture, so an id needs another name (learn with another --id)")
        // A recognizer's id none of whose gestures is so named: a label `swipe` is swipe's gestures.
        let swipe = Self.unistroke.replacingOccurrences(of: "{\"name\": \"o\"", with: "{\"name\": \"Swipe\"")
        #expect(
            refusal(swipe)
                == "shapes.json:\(line + 1):14: error: gesture \"Swipe\" is the id of the recognizer swipe in another case, "
                + "whose gestures are swipe-left, swipe-right, swipe-up, swipe-down: a label Swipe is taken for them, so "
                + "a gesture needs a name of its own")
        #expect(
            refusal(Self.unistroke.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"swipe\""))
                == "shapes.json:4:9: error: recognizer id \"swipe\" is taken: ids must be unique (learn with another --id)"
        )
        #expect(
            refusal(Self.unistroke.replacingOccurrences(of: "\"id\": \"shapes\"", with: "\"id\": \"Swipe\""))
                == "shapes.json:4:9: error: recognizer id \"Swipe\" differs only in case from swipe: ids must differ in "
                + "more than case (learn with another --id)")
        #expect(
            refusal(Self.unistroke.replacingOccurrences(of: "\"version\": 1", with: "\"version\": 7"))
                == "shapes.json:3:14: error: unknown version 7: this gesture reads templates files of version 1")
        #expect(refusal("{\"format\": ") == "shapes.json:1:12: error: unexpected end of input: expected a value")
    }

    /// `gesture list` shows it with its gestures, templates and thresholds, and the JSON declares it again.
    @Test func listShowsItAndItsJSONDeclaresItAgain() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("learned-list-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("shapes.json").path
        try Data(Self.unistroke.utf8).write(to: URL(fileURLWithPath: path))
        var configuration = Configuration()
        try configuration.addTemplates(bytes: Array(Self.unistroke.utf8), file: path)
        let text = TextReport.render(configuration)
        #expect(text.contains("learned: \(path), algorithm p+"))
        #expect(text.contains("\n  thresholds chosen leave-one-group-out for false alarms of at most 1%\n"))
        #expect(text.contains("  caret: 8 templates, threshold "))
        // A ratio of 1 is a ratio, not a touch.
        #expect(text.contains("  thresholdScale   1 ratio "))
        let json = JSONReport.value(configuration).prettyText
        #expect(json.contains(#""maximumFalseAlarms": 0.01,"#) && json.contains(#""coverage": null,"#))
        var again = Configuration()
        try again.apply(json: Array(json.utf8), file: "list.json")
        #expect(again.entries.map(\.id) == configuration.entries.map(\.id))
        #expect(JSONReport.value(again).prettyText == json)
        // A config file's "templates", relative to the config file's folder.
        let config = folder.appendingPathComponent("c.json").path
        try Data(#"{"templates": ["shapes.json"], "parameters": {"shapes": {"timeWindow": 0.3}}}"#.utf8).write(
            to: URL(fileURLWithPath: config))
        var configured = Configuration()
        try configured.apply(json: Array(try Data(contentsOf: URL(fileURLWithPath: config))), file: config)
        #expect(configured.entries.first { $0.id == "shapes" }?.values["timeWindow"] == .number(0.3))
    }

    /// `gesture list --format markdown` says what the thresholds were chosen for, as the text does: the
    /// recall and false alarms of its table are figures for that (a coverage gives up recall). It said
    /// only the file and the algorithm.
    @Test func markdownSaysWhatTheThresholdsWereChosenFor() throws {
        var file = try TemplateFile.read(bytes: Array(Self.unistroke.utf8), file: "shapes.json")
        file.coverage = 0.95
        file.mirrored = [.leftRight: ["caret", "v"], .topBottom: []]
        let configuration = try Self.configuration(file.text)
        let chosen =
            "thresholds chosen leave-one-group-out for false alarms of at most 1%, each reaching no further than it "
            + "must to take 95% of its own held-out examples"
        let markdown = MarkdownReport.render(configuration)
        #expect(
            markdown.contains(
                "\nFrom `shapes.json`, algorithm p+; \(chosen); the mirror images of `caret`, `v` (left to right) "
                    + "taught as negatives.\n"), "\(markdown)")
    }

    /// A small threshold (a `$1` file's, below 1) is shown to the digits the file has, in the text and
    /// the Markdown (0.08 read 0.1, where classify's limit said 0.08).
    @Test func aSmallThresholdIsShownAsTheFileHasIt() throws {
        var file = try TemplateFile.read(bytes: Array(Self.unistroke.utf8), file: "shapes.json")
        file.gestures[0].threshold = 0.08
        let configuration = try Self.configuration(file.text)
        #expect(TextReport.render(configuration).contains("  \(file.gestures[0].name): 8 templates, threshold 0.08, "))
        #expect(MarkdownReport.render(configuration).contains(" | 0.08 | "))
    }

    /// `gesture list --format markdown`: a learned gesture's name may hold a `|` or a backtick (a
    /// folder's name), which stays in its cell and its code span: each row of the tables keeps its
    /// columns.
    @Test func markdownKeepsAGestureNameInItsCell() throws {
        let name = "a|b`c"
        let configuration = try Self.configuration(
            Self.unistroke.replacingOccurrences(of: "\"name\": \"caret\"", with: "\"name\": \"a|b`c\""),
            file: "my`marks.json")
        #expect(configuration.entries[0].definition.gestures.contains(name))
        let markdown = MarkdownReport.render(configuration)
        #expect(markdown.contains("recognizes ``a|b`c``, `o`, `v`"), "\(markdown)")
        // So does the file's name, in its own code span.
        #expect(markdown.contains("From ``my`marks.json``, algorithm "), "\(markdown)")
        #expect(markdown.contains("\n| ``a\\|b`c`` | 8 | "), "\(markdown)")
        #expect(markdown.contains("| `gesture` | ``a\\|b`c`` or `o` or `v` or null |"), "\(markdown)")
        // Every row of a table has as many cells as its header: no `|` but the escaped ones splits one.
        for table in markdown.components(separatedBy: "\n\n") where table.hasPrefix("| ") {
            let rows = table.split(separator: "\n").map {
                $0.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            }
            #expect(Set(rows).count == 1, "\(table)")
        }
    }
}

extension LearnedRecognizerTests {
    /// A stroke exactly `minimumSize` across is drawn at least that size: it is judged (here, a `v`),
    /// not failed as `too-small`, so the limit a user sets is the smallest size that counts.
    @Test func aStrokeExactlyTheMinimumSizeAcrossIsJudged() throws {
        // Whole coordinates, 40 pt wide and high: the size is exactly 40 wherever it is drawn.
        let v = [[Point(x: 0, y: 0), Point(x: 20, y: 40), Point(x: 40, y: 0)]]
        let trace = Self.trace(v)
        #expect(TemplateLearner.Example.size(of: TemplateLearner.Example.strokes(of: trace)) == 40)
        var configuration = try Self.configuration(Self.unistroke)
        try configuration.set("minimumSize", to: .number(40), for: "shapes")
        #expect(Classifier(configuration: configuration).classify(trace, file: "t").gesture == "v")
        try configuration.set("minimumSize", to: .number(40.001), for: "shapes")
        let result = Classifier(configuration: configuration).classify(trace, file: "t")
        let reason = try #require(Self.report(result, "shapes")?.failure?.reason)
        #expect(reason.code == "too-small" && reason.measured == 40 && reason.limit == 40.001)
    }

    /// The runner-up is named only within 1.5 times the nearest gesture's distance: a second gesture
    /// 1.7 times as far is no runner-up (its detail is null), so the details name only a close call.
    @Test func aGestureBetweenOneAndAHalfAndTwiceAsFarIsNoRunnerUp() throws {
        let near = try #require(PointCloud(strokes: Drawn.drawn("v", by: 3, take: 1).strokes))
        let far = try #require(PointCloud(strokes: Drawn.drawn("v", by: 0, take: 0).strokes))
        let stroke = try #require(PointCloud(strokes: Drawn.drawn("v", by: 9, take: 2).strokes))
        let toNear = try #require(stroke.distance(to: near, prunes: false))
        let toFar = try #require(stroke.distance(to: far, prunes: false))
        #expect(toFar > 1.6 * toNear && toFar < 1.8 * toNear, "\(toNear) \(toFar)")
        let details = try Self.detailsOfPerson9sV(among: [("far", far), ("near", near)])
        func value(_ key: String) -> JSONValue? { details.first { $0.key == key }?.value }
        #expect(value("gesture") == .string("near"))
        #expect(value("runnerUp") == .null, "\(details)")
        #expect(value("runnerUpDistance") == .null)
    }
}
