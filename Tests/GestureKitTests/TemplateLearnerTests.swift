import Foundation
import Testing

@testable import GestureKit

/// How learned gestures get their templates and rejection thresholds (issue 18): cross-validated by
/// group (a person) when groups are known, else leave one out.
@Suite struct TemplateLearnerTests {
    typealias Example = TemplateLearner.Example

    /// A shape drawn by `person`: each person draws a little differently (a wobble of their own).
    static func drawn(_ shape: String, by person: Int, take: Int) -> Example {
        let wobble = Double((person * 7 + take * 3) % 5) - 2
        let points: [(Double, Double)] =
            switch shape {
            case "v": [(0, 0), (50, 100 + wobble), (100, 0)]
            case "caret": [(0, 100), (50, 0 + wobble), (100, 100)]
            case "line": [(0, 50), (100, 50 + wobble)]
            case "l": [(0, 0), (0 + wobble, 100), (60, 100)]
            case "j": [(60, 0), (60 - wobble, 100), (0, 100)]  // an l mirrored
            default:
                (0...24).map { k in  // a circle
                    let angle = 2 * Double.pi * Double(k) / 24
                    return (50 + (50 + wobble) * Geometry.cosine(angle), 50 + 50 * Geometry.sine(angle))
                }
            }
        let stroke = points.map { Point(x: $0.0 * (1 + Double(person) / 20), y: $0.1) }
        return Example(strokes: [stroke], label: shape, group: "p\(person)", file: "\(shape)-\(person)-\(take)")
    }

    static func corpus(_ shapes: [String], people: Int = 4, takes: Int = 3) -> [Example] {
        shapes.flatMap { shape in
            (0..<people).flatMap { person in (0..<takes).map { drawn(shape, by: person, take: $0) } }
        }
    }

    @Test func eightTemplatesAGestureAndEveryGestureIsRecalled() throws {
        let learned = TemplateLearner().learn(Self.corpus(["v", "circle", "line"]))
        #expect(learned.map(\.name) == ["circle", "line", "v"])
        for gesture in learned {
            #expect(gesture.templates.count == 8)
            #expect(gesture.recall == 1, "\(gesture.name)")
            #expect(gesture.falseAlarms <= 0.01, "\(gesture.name)")
            #expect(gesture.strokes == 1)
        }
    }

    /// The threshold keeps out the other gestures' strokes as if they were never taught: a caret is
    /// not a `v` even when no caret was learned (they are the same cloud turned over, far apart).
    @Test func aGestureNeverTaughtIsNotTakenForTheNearestOne() throws {
        let learned = TemplateLearner().learn(
            Self.corpus(["v", "circle"])
                + Self.corpus(["caret"]).map {
                    var negative = $0
                    negative.label = TemplateLearner.negative
                    return negative
                })
        #expect(learned.map(\.name) == ["circle", "v"])
        let v = try #require(learned.last)
        let caret = try #require(PointCloud(strokes: Self.drawn("caret", by: 9, take: 0).strokes))
        let nearest = v.templates.compactMap { caret.distance(to: PointCloud(points: $0)) }.min() ?? .infinity
        #expect(nearest > v.threshold, "a caret is \(nearest) from the v's templates, threshold \(v.threshold)")
        let anotherV = try #require(PointCloud(strokes: Self.drawn("v", by: 9, take: 0).strokes))
        #expect(
            (v.templates.compactMap { anotherV.distance(to: PointCloud(points: $0)) }.min() ?? .infinity) < v.threshold)
    }

    /// Mirror images as negatives (`--mirror-negatives`): an `l`'s (a `j`) are taught as negatives
    /// where no `j` is taught, and left out where one is; a `v`'s and a circle's are themselves.
    @Test func mirrorImagesAreNegativesUnlessMostlyOneGestureTaught() throws {
        let learner = TemplateLearner()
        let examples = Self.corpus(["l", "v", "circle"])
        let learned = learner.learn(examples)
        let (negatives, mirrors) = learner.mirrors(of: examples, judgedBy: learned)
        #expect(mirrors.map(\.gesture) == ["circle", "l", "v"])
        #expect(mirrors.map(\.taught) == [false, true, false])
        #expect(mirrors.map(\.mostlyAs) == ["circle", nil, "v"])
        #expect(mirrors.map(\.recognized) == [12, 0, 12] && mirrors.allSatisfy { $0.examples == 12 })
        #expect(negatives.count == 12 && negatives.allSatisfy { $0.label == TemplateLearner.negative })
        let original = try #require(examples.first { $0.label == "l" })
        #expect(negatives[0].file == original.file + " (mirrored left to right)")
        #expect(negatives.map(\.mirrorOf) == examples.indices.filter { examples[$0].label == "l" })
        // Without groups (leave one out), each is held out with the example it mirrors.
        let ungrouped = examples.map { example in
            var copy = example
            copy.group = nil
            return copy
        }
        let images = learner.mirrors(of: ungrouped, judgedBy: learner.learn(ungrouped)).negatives
        let folds = TemplateLearner.folds(ungrouped + images)
        #expect(images.indices.allSatisfy { folds[ungrouped.count + $0] == images[$0].mirrorOf })
        #expect(Set(folds[..<ungrouped.count]).count == ungrouped.count)
        #expect(negatives[0].group == original.group && negatives[0].negativeSet == "leftRight l")
        #expect(negatives[0].strokes == original.strokes.map { $0.map { Point(x: -$0.x, y: $0.y) } })
        // Taught as negatives, they draw the l's threshold in, and a new person's j stays out.
        let before = try #require(learned.first { $0.name == "l" })
        let l = try #require(learner.learn(examples + negatives).first { $0.name == "l" })
        #expect(l.threshold < before.threshold && l.recall == 1)
        let j = try #require(PointCloud(strokes: Self.drawn("j", by: 9, take: 0).strokes))
        let nearest = l.templates.map { TurningCloud(j.points).distance(to: TurningCloud($0)) ?? .infinity }.min()!
        #expect(nearest > l.threshold, "a j is \(nearest) from the l's templates, threshold \(l.threshold)")
        // The false alarms reported are among the examples given: the circle's and the v's
        // thresholds do not move, nor do their figures.
        let withMirrors = learner.learn(examples + negatives)
        for name in ["circle", "v"] {
            let (a, b) = (learned.first { $0.name == name }!, withMirrors.first { $0.name == name }!)
            #expect(a.threshold == b.threshold && a.falseAlarms == b.falseAlarms && a.recall == b.recall, "\(name)")
        }
        // Taught beside a j, an l's mirror images are j's: left out.
        let withJ = Self.corpus(["l", "j", "v"])
        let beside = learner.mirrors(of: withJ, judgedBy: learner.learn(withJ)).gestures
        #expect(beside.map(\.taught) == [false, false, false])
        #expect(beside.map(\.mostlyAs) == ["l", "j", "v"])
        // Top to bottom, a v is a caret: taught where no caret is, left out beside one.
        let vs = Self.corpus(["v", "circle"])
        let flipped = learner.mirrors(of: vs, judgedBy: learner.learn(vs), axes: [.topBottom])
        #expect(flipped.gestures.map(\.axis) == [.topBottom, .topBottom])
        #expect(flipped.gestures.map(\.taught) == [false, true])
        #expect(flipped.negatives[0].strokes == vs[0].strokes.map { $0.map { Point(x: $0.x, y: -$0.y) } })
        let withCaret = Self.corpus(["v", "caret"])
        let both = learner.mirrors(of: withCaret, judgedBy: learner.learn(withCaret), axes: [.leftRight, .topBottom])
        #expect(both.gestures.map(\.axis) == [.leftRight, .leftRight, .topBottom, .topBottom])
        #expect(both.gestures.map(\.mostlyAs) == ["caret", "v", "v", "caret"])
        #expect(both.negatives.isEmpty)
    }

    /// Each gesture's mirror images one way are held to the rate on their own, apart from the
    /// negatives given; those too few to let one in at the rate (below 100 at 1%) are held together.
    @Test func mirrorImagesAreHeldToTheRateGestureByGesture() {
        let stroke = [[Point(x: 0, y: 0), Point(x: 10, y: 10)]]
        func some(_ count: Int, _ set: String?) -> [Example] {
            (0..<count).map { _ in
                var example = Example(strokes: stroke, label: TemplateLearner.negative, group: nil, file: "f")
                example.negativeSet = set
                return example
            }
        }
        let examples =
            some(3, nil) + some(150, "leftRight a") + some(30, "leftRight b") + some(20, "topBottom c")
            + some(100, "topBottom d")
        let sets = TemplateLearner().negativeSets(Array(examples.indices), examples)
        #expect(sets.map(\.count) == [3, 50, 150, 100])
        #expect(sets[1].allSatisfy { ["leftRight b", "topBottom c"].contains(examples[$0].negativeSet) })
        var strict = TemplateLearner()
        strict.maximumFalseAlarms = 0
        #expect(strict.negativeSets(Array(examples.indices), examples).map(\.count) == [3, 300])
    }

    /// The threshold sits halfway between the last negative allowed below it and the next: with 200
    /// negatives and 1% allowed, two may fall below, and it lies between the 2nd and the 3rd.
    @Test func theThresholdLetsInAtMostTheAllowedShare() {
        let negatives = (1...200).map { Double($0) * 10 }
        #expect(TemplateLearner.threshold(negatives, maximumFalseAlarms: 0.01, fallback: []) == 25)
        #expect(TemplateLearner.threshold(negatives, maximumFalseAlarms: 0, fallback: []) == 5)
        // Without negatives: above every held-out example of the gesture.
        #expect(TemplateLearner.threshold([], maximumFalseAlarms: 0.01, fallback: [10, 30]) > 30)
        // None may be let in (fewer than 100 at 1%): halfway from the farthest of the gesture's own
        // held-out examples nearer than the nearest negative, not from 0 (which halved the reach of
        // a gesture taught beside few others); from 0 only when none of its own is nearer.
        let few = [400.0, 900]
        #expect(TemplateLearner.threshold(few, maximumFalseAlarms: 0.01, fallback: [40, 380, 500]) == 390)
        #expect(TemplateLearner.threshold(few, maximumFalseAlarms: 0.01, fallback: [500, .infinity]) == 200)
    }

    /// Counting only the other gestures' examples nearest it (`--taught-only`), a threshold can only
    /// be as large or larger: fewer examples count against it.
    @Test func taughtOnlyThresholdsAreNeverTighter() {
        let corpus = Self.corpus(["v", "caret", "line", "l"])
        var taught = TemplateLearner()
        taught.untaught = false
        for (a, b) in zip(TemplateLearner().learn(corpus), taught.learn(corpus)) {
            #expect(a.name == b.name && b.threshold >= a.threshold, "\(a.name): \(a.threshold) then \(b.threshold)")
            #expect(b.recall >= a.recall)
        }
    }

    /// `--coverage-fit`: a log-normal fitted to the gesture's own held-out distances (their logarithms'
    /// median and 1.4826 × median absolute deviation) gives the reach, so that a few far examples do
    /// not carry it: the same reach with or without them.
    @Test func theReachIsALogNormalsFittedToTheGesturesOwn() {
        // Logarithms 0, ±1, ±2 about ln 100: median ln 100, absolute deviations 0, 1, 1, 2, 2, whose
        // median is 1, so a spread of 1.4826.
        let e = exp(1.0)
        let own = [100 / e / e, 100 / e, 100, 100 * e, 100 * e * e, 100, 100, 100 / e, 100 * e]
        let spread = 1.4826 * 1
        for (coverage, z) in [(0.5, 0.0), (0.8413447460685429, 1.0), (0.15865525393145707, -1.0)] {
            let reach = TemplateLearner.fittedReach(own, coverage: coverage)!
            #expect(abs(log(reach / 100) - spread * z) < 1e-9, "coverage \(coverage): \(reach)")
        }
        // Three far examples of forty do not move it more than their share of the median does; the
        // share of the examples themselves goes out to them.
        let near = (1...37).map { 400 + Double($0) * 5 }
        let far = near + [900, 1000, 1100]
        let fitted = TemplateLearner.fittedReach(far, coverage: 0.95)!
        #expect(fitted < 700 && abs(fitted - TemplateLearner.fittedReach(near, coverage: 0.95)!) < 40, "\(fitted)")
        #expect(TemplateLearner.quantileReach(far, coverage: 0.95)! > 900)
        // An example with no template left counts: the fit takes the rest's share, more of them.
        let lost = TemplateLearner.fittedReach(far + [.infinity, .infinity], coverage: 0.9)!
        #expect(lost > TemplateLearner.fittedReach(far, coverage: 0.9)!)
        // Never past the reach that takes every example (a tenth past the farthest, plus 1), however
        // far the fitted tail goes: no looser than a coverage of 1.
        let tail = TemplateLearner.fittedReach(own, coverage: 0.999_999_999)!
        #expect(abs(tail - (100 * e * e * 1.1 + 1)) < 1e-9, "\(tail)")
        #expect(TemplateLearner.fittedReach(own, coverage: 0.9)! < tail)
        // Nothing to fit — fewer than eight distances above 0, no spread, every one asked for — is
        // nil: the learner reads the reach off the examples then.
        #expect(TemplateLearner.fittedReach([10, 20, 30, 40, 50, 60, 70], coverage: 0.5) == nil)
        #expect(TemplateLearner.fittedReach([0, 0, 10, 20, 30, 40, 50, 60, 70], coverage: 0.5) == nil)
        #expect(TemplateLearner.fittedReach([Double](repeating: 30, count: 10) + [50], coverage: 0.9) == nil)
        #expect(TemplateLearner.fittedReach(far, coverage: 1) == nil)
        // Repeated examples (distance 0) are taken at any reach: a share they make up on their own
        // leaves nothing to fit; more is fitted to the rest.
        let repeated = [0, 0, 0, 0] + near
        #expect(TemplateLearner.fittedReach(repeated, coverage: 0.05) == nil)
        #expect(
            TemplateLearner.fittedReach(repeated, coverage: 0.5)! > TemplateLearner.fittedReach(near, coverage: 0.4)!)
    }

    /// The normal quantile the fit reaches to.
    @Test func theNormalQuantileInvertsItsDistribution() {
        #expect(abs(TemplateLearner.normalQuantile(0.5)) < 1e-12)
        #expect(abs(TemplateLearner.normalQuantile(0.975) - 1.959963984540054) < 1e-9)
        #expect(abs(TemplateLearner.normalQuantile(0.99) - 2.326347874040841) < 1e-9)
        #expect(abs(TemplateLearner.normalQuantile(0.01) + 2.326347874040841) < 1e-9)
    }

    /// The share of the examples themselves (where there is no log-normal to fit): the least distance
    /// that takes it, halfway to the next; 0.7 of ten is seven (not eight, as 0.7 × 10 in floating point would round).
    @Test func theQuantileReachTakesTheCoveredShareOfTheGesturesOwn() {
        let own = (1...10).map { Double($0) * 10 }
        #expect(TemplateLearner.quantileReach(own.reversed(), coverage: 0.7) == 75)
        #expect(TemplateLearner.quantileReach(own, coverage: 0.5) == 55)
        #expect(TemplateLearner.quantileReach(own, coverage: 0.05) == 15)
        // Ties with the last one taken are taken too.
        #expect(TemplateLearner.quantileReach([10, 20, 20, 20, 40], coverage: 0.4) == 30)
        // Every one: past the largest, as far as a threshold without negatives reaches.
        #expect(abs(TemplateLearner.quantileReach(own, coverage: 1)! - 111) < 1e-9)
        // An example held out with no template of its gesture left is at an infinite distance, and
        // counts: nothing finite takes it.
        #expect(TemplateLearner.quantileReach([.infinity], coverage: 1) == nil)
        #expect(TemplateLearner.quantileReach([10, .infinity], coverage: 1) == nil)
        #expect(TemplateLearner.quantileReach([10, .infinity], coverage: 0.5) == 12)
    }

    /// With a coverage, no threshold is wider than without, and some are narrower: here the other
    /// gestures are far, and the false alarms alone would let each threshold reach well past its own.
    @Test func aCoverageKeepsEachThresholdNearItsOwnExamples() throws {
        let corpus = Self.corpus(["v", "caret", "line", "l"], people: 5, takes: 4)
        var covered = TemplateLearner()
        covered.coverage = 0.5
        var bites = false
        for (a, b) in zip(TemplateLearner().learn(corpus), covered.learn(corpus)) {
            #expect(a.name == b.name && b.threshold <= a.threshold, "\(a.name): \(a.threshold) then \(b.threshold)")
            bites = bites || b.threshold < a.threshold
        }
        #expect(bites)
        let file = covered.file(id: "t", learned: covered.learn(corpus), examples: corpus, paths: [])
        #expect(file.coverage == 0.5 && file.text.contains("\n  \"coverage\": 0.5,\n"))
        #expect(!TemplateLearner().file(id: "t", learned: [], examples: corpus, paths: []).text.contains("coverage"))
    }

    /// Negatives are held to the rate on their own: two strokes taught as not-a-`v` stay out of the
    /// `v` even where 5% of all the other examples pooled (one of 38) would let one in.
    @Test func negativesAreHeldToTheRateOnTheirOwn() throws {
        let negatives = (0..<2).map {
            var negative = Self.drawn("v", by: 9, take: $0)
            negative.label = TemplateLearner.negative
            return negative
        }
        var learner = TemplateLearner()
        learner.maximumFalseAlarms = 0.05
        let v = try #require(learner.learn(Self.corpus(["v", "circle", "line", "l"]) + negatives).last)
        #expect(v.name == "v")
        for negative in negatives {
            // Its own fold: matched against templates chosen from every v, which are v's templates.
            let cloud = try #require(PointCloud(strokes: negative.strokes))
            let distance = v.templates.compactMap { cloud.distance(to: PointCloud(points: $0)) }.min() ?? .infinity
            #expect(distance >= v.threshold, "\(negative.file) at \(distance), threshold \(v.threshold)")
        }
    }

    /// Folds are people when every example names one: a person's own examples never vote for them.
    @Test func heldOutByPersonWhenPeopleAreKnown() throws {
        // One person draws the v upside down (a caret): held out by person, nobody else's v is near it.
        var corpus = Self.corpus(["v", "circle"])
        for i in corpus.indices where corpus[i].group == "p3" && corpus[i].label == "v" {
            corpus[i] = Self.drawn("caret", by: 3, take: 0)
            corpus[i].label = "v"
        }
        let v = try #require(TemplateLearner().learn(corpus).last)
        #expect(v.recall == 0.75, "p3's three carets are missed, leave-one-person-out")
        // Without groups, each caret is held out alone and matches p3's other carets.
        let ungrouped = corpus.map {
            var example = $0
            example.group = nil
            return example
        }
        let looseV = try #require(TemplateLearner().learn(ungrouped).last)
        #expect(looseV.recall == 1)
    }
}

extension TemplateLearnerTests {
    /// What learn refuses in the labels before learning, each at the gesture's first example: one
    /// example, `none` as a gesture, a built-in gesture (in any case) or id, names alike but for case.
    @Test func problemsWithTheLabelsArePlacedAtTheFirstExample() {
        let stroke: [[Point]] = [[Point(x: 0, y: 0), Point(x: 10, y: 0)]]
        let examples = [
            ("star", "s1"), ("star", "s2"), ("arrow", "a1"), ("None", "n1"), ("None", "n2"), ("Circle", "c1"),
            ("Circle", "c2"), ("swipe", "w1"), ("swipe", "w2"), ("Zig", "z1"), ("Zig", "z2"), ("zig", "z3"),
            ("zig", "z4"),
            ("none", "negative"),
        ].map { TemplateLearner.Example(strokes: stroke, label: $0.0, group: nil, file: $0.1) }
        let (files, oneExample) = TemplateLearner.gestures(of: examples)
        let problems = oneExample + Configuration(registry: Registry.all).problems(naming: files, negatives: "none")
        #expect(files["star"] == ["s1", "s2"])
        #expect(files["none"] == nil)
        #expect(
            problems == [
                "a1: error: gesture arrow has one example: learning needs two or more of each, to choose its threshold on one held out",
                "c1: error: gesture Circle is a gesture of the built-in recognizer circle in another case: a learned gesture needs a name of its own (--label-map Circle=my-circle)",
                "n1: error: label None is a gesture here, as the negatives are labelled none, but no recognizer's gesture may be named none (--label-map None=none makes them negatives)",
                #"w1: error: gesture "swipe" is the id of the recognizer swipe, whose gestures are swipe-left, swipe-right, swipe-up, swipe-down: a label swipe is taken for them, so a gesture needs a name of its own (--label-map swipe=my-swipe)"#,
                "z3: error: gestures Zig and zig differ only in case: labels name gestures in any case, so they would be one (--label-map zig=Zig)",
            ])
    }
}

extension TemplateLearnerTests {
    /// The coverage quantile takes the least share that covers `coverage` of the distances: 0.56 of 25
    /// is 14 of them (0.56 × 25 is 14.000000000000002 in doubles), reaching halfway to the 15th, not
    /// a 15th taken for a rounding error, which would loosen the threshold a user asked for.
    @Test func theCoverageQuantileIsNotPushedPastByARoundingError() {
        #expect(0.56 * 25 > 14)
        #expect(TemplateLearner.quantileReach((1...25).map(Double.init), coverage: 0.56) == 14.5)
        #expect(TemplateLearner.quantileReach((1...25).map(Double.init), coverage: 0.6) == 15.5)
    }

    /// The median of an even count is the mean of its two middle values, in any order given: the
    /// centre the coverage fit is drawn around.
    @Test func theMedianOfAnEvenCountIsTheMeanOfItsMiddleTwo() {
        #expect(TemplateLearner.median([4, 1, 3, 2]) == 2.5)
        #expect(TemplateLearner.median([5, 1, 3]) == 3)
    }

    /// When a gesture's mirror images split evenly between two gestures taught, `mostlyAs` names the
    /// first by name, so the report (and whether they are taught) is the same on every run.
    @Test func mirrorImagesSplitEvenlyAreMostlyAsTheFirstByName() throws {
        let learner = TemplateLearner()
        let l = Self.drawn("l", by: 0, take: 0)
        let caret = Self.drawn("caret", by: 0, take: 0)
        func mirrored(_ example: Example) -> [[Point]] { example.strokes.map { $0.map { Point(x: -$0.x, y: $0.y) } } }
        func gesture(_ name: String, _ strokes: [[Point]]) throws -> TemplateLearner.Learned {
            TemplateLearner.Learned(
                name: name, templates: [try #require(learner.algorithm.normalized(strokes))], threshold: 1e9,
                recall: 1, falseAlarms: 0, strokes: 1, examples: 1)
        }
        // `a` is the l's mirror image, `b` the caret's; `g`, a circle, is what was drawn.
        let learned = [
            try gesture("a", mirrored(l)), try gesture("b", mirrored(caret)),
            try gesture("g", Self.drawn("circle", by: 0, take: 0).strokes),
        ]
        var examples = [l, caret]
        for k in examples.indices { examples[k].label = "g" }
        let mirror = try #require(learner.mirrors(of: examples, judgedBy: learned).gestures.first { $0.gesture == "g" })
        #expect(mirror.examples == 2 && mirror.recognized == 1)
        #expect(mirror.mostlyAs == "a")
        #expect(mirror.taught == false)
    }
}
