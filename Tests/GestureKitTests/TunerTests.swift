import Foundation
import Testing

@testable import GestureKit

/// A straight stroke to the right, `length` points long in 0.1 s: with only `swipe` registered it is
/// recognized as `swipe-right` exactly when `length` ≥ swipe's `minimumTravel` (the other rules hold:
/// no deviation, no bow, speed ≥ 150 pt/s).
private func stroke(_ length: Double) -> Trace {
    let steps = 4
    return Trace(
        samples: (0...steps).map { step in
            let phase: Phase = step == 0 ? .began : step == steps ? .ended : .moved
            return Sample(
                0.025 * Double(step), 1, phase, 100 + length * Double(step) / Double(steps), 300)
        })
}

private func sample(_ group: String, _ label: String, _ length: Double) -> TuningSample {
    TuningSample(path: "\(group)/\(label)-\(Int(length)).csv", trace: stroke(length), label: label, group: group)
}

private func swipeOnly() throws -> Configuration {
    var configuration = Configuration()
    try configuration.keepOnly(["swipe"])
    return configuration
}

@Suite struct TunerTests {
    /// Three people. A swipe of length L is recognized when minimumTravel ≤ L, so a swipe wants a
    /// small threshold and a `none` stroke a threshold above its length:
    ///
    ///     group  swipes (S)   none (N)
    ///     a      45, 25       15
    ///     b      45, 35       22
    ///     c      45           32
    ///
    /// With no false alarm allowed, over minimumTravel 20, 30, 40:
    /// - in-sample: 20 recognizes N22 and N32 (2 of 3 false alarms), 30 recognizes N32 (1 of 3); only
    ///   40 has none: chosen, recall 3 of 5 (S25 and S35 missed).
    /// - fold a (trained on b, c): 20 → N22, N32; 30 → N32; 40 → none, recall 2 of 3: chosen. On a:
    ///   S45 recognized, S25 missed (1 of 2), N15 not recognized (0 of 1).
    /// - fold b (trained on a, c): 20 and 30 recognize N32; 40 chosen. On b: S45 yes, S35 no (1 of 2),
    ///   N22 no (0 of 1).
    /// - fold c (trained on a, b): 20 → N22; 30 → no false alarm, recall 3 of 4 (S25 missed); 40 →
    ///   recall 2 of 4. 30 chosen. On c: S45 yes (1 of 1), N32 recognized (1 of 1 false alarm).
    /// Cross-validated: recall 3 of 5, false alarms 1 of 3; in-sample: 3 of 5 and 0 of 3.
    static let people = [
        sample("a", "swipe-right", 45), sample("a", "swipe-right", 25), sample("a", "none", 15),
        sample("b", "swipe-right", 45), sample("b", "swipe-right", 35), sample("b", "none", 22),
        sample("c", "swipe-right", 45), sample("c", "none", 32),
    ]

    /// Configurations that are not one per setting are an error, not a trap (found using the library).
    @Test func configurationsNotOnePerSettingAreAnError() throws {
        let base = try swipeOnly()
        let tuner = Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)], maximumFalseAlarms: 0)
        let error = #expect(throws: ConfigurationError.self) {
            try tuner.run(Self.people, configurations: [base, base])
        }
        #expect(
            error?.message
                == "2 configurations for 3 settings of the grid: one configuration per setting (Tuner/configurations())"
        )
    }

    func tuned(jobs: Int = 2) throws -> TuningResult {
        let base = try swipeOnly()
        let sweep = try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)
        return try Tuner(base: base, sweeps: [sweep], maximumFalseAlarms: 0, jobs: jobs).run(Self.people)
    }

    /// Both ends are in, counted in the decimals written (doubles lost TO from the first three), and
    /// text shows the values apart: with 4 decimals, or more where 4 would show them alike or as 0.
    @Test(
        arguments: [
            ("100000.1:100000.4:0.1", 4, ["100000.1", "100000.2", "100000.3", "100000.4"]),
            ("30:30.0003:0.0001", 4, ["30", "30.0001", "30.0002", "30.0003"]),
            ("5:5.00001:0.000001", 11, ["5", "5.000001"]),
            ("0.000001:0.000003:0.000001", 3, ["0.000001", "0.000002", "0.000003"]),
            ("0.1:0.3:0.1", 3, ["0.1", "0.2", "0.3"]),
            ("0.5:2:0.5", 4, ["0.5", "1", "1.5", "2"]),
            ("0:1:0.3", 4, ["0", "0.3", "0.6", "0.9"]),
        ] as [(String, Int, [String])])
    func aSweepHasBothEndsAndShowsItsValuesApart(range: String, count: Int, first: [String]) throws {
        let base = try swipeOnly()
        let sweep = try Sweep(parsing: "swipe.minimumTravel=\(range)", in: base)
        #expect(sweep.values.count == count)
        #expect(Array(sweep.values.map(sweep.shown).prefix(first.count)) == first)
        #expect(Set(sweep.values.map(sweep.shown)).count == count)
    }

    @Test func theInSampleChoiceAndTheCrossValidatedChoicesDiffer() throws {
        let result = try tuned()
        #expect(result.grid == [[.number(20)], [.number(30)], [.number(40)]])
        #expect(result.groups == ["a", "b", "c"])
        #expect(result.chosen == .init(setting: 2, meetsFalseAlarmLimit: true))
        #expect(result.folds.map(\.choice.setting) == [2, 2, 1])
        #expect(result.folds.map(\.choice.meetsFalseAlarmLimit) == [true, true, true])

        let swipe = try #require(result.recognizers.firstIndex(of: "swipe"))
        #expect(result.targets == [swipe])
        let inSample = result.totals[2]
        #expect((inSample.recalled[swipe], inSample.labelled[swipe]) == (3, 5))
        #expect((inSample.falseAlarms[swipe], inSample.traces - inSample.labelled[swipe]) == (0, 3))
        #expect(inSample.correct == 6)
        let crossValidated = try #require(result.crossValidated)
        #expect((crossValidated.recalled[swipe], crossValidated.labelled[swipe]) == (3, 5))
        #expect(crossValidated.falseAlarms[swipe] == 1)
        #expect(crossValidated.falseAlarmRate(swipe) == 1.0 / 3)
        #expect(crossValidated.correct == 5)
        // Every setting's false alarms, over the whole corpus: 2, 1 and 0 of 3.
        #expect(result.totals.map { $0.falseAlarms[swipe] } == [2, 1, 0])
        #expect(result.totals.map { $0.recalled[swipe] } == [5, 4, 3])
        #expect(TuneReport.stability(result).map { [$0.setting, $0.folds] } == [[2, 2], [1, 1]])
    }

    /// A sweep of no values is an error, not a grid of none (`run` trapped: index out of range).
    @Test func aSweepOfNoValuesIsAnError() throws {
        let base = try swipeOnly()
        let empty = Sweep(recognizer: "swipe", parameter: "minimumTravel", values: [])
        let tuner = Tuner(base: base, sweeps: [empty], maximumFalseAlarms: 0, jobs: 1)
        #expect(throws: ConfigurationError("nothing to tune: the sweep of swipe.minimumTravel has no values")) {
            try tuner.run(Self.people)
        }
        #expect(
            throws: ConfigurationError("nothing to tune: the grid has no settings (a sweep of no values, or none)")
        ) { try tuner.run(Self.people, configurations: []) }
    }

    @Test func theSameCountsForAnyNumberOfJobs() throws {
        let one = try tuned(jobs: 1)
        let four = try tuned(jobs: 4)
        #expect(one.counts == four.counts)
        #expect(
            TuneReport.json(one, corpus: .init(traces: 8, labelled: 8, unlabelled: 0, errors: 0)).text
                == TuneReport.json(four, corpus: .init(traces: 8, labelled: 8, unlabelled: 0, errors: 0)).text)
    }

    /// The JSON written a row at a time is the document's text, byte for byte (with groups, and on a
    /// corpus without them); each row is a piece of its own.
    @Test func theJSONWrittenInPiecesIsTheDocument() throws {
        let corpus = TuneReport.Corpus(traces: 8, labelled: 8, unlabelled: 0, errors: 0, groupBy: "dir:1")
        let result = try tuned()
        #expect(!result.groups.isEmpty)
        var pieces: [String] = []
        TuneReport.writeJSON(result, corpus: corpus) { pieces.append($0) }
        #expect(pieces.joined() == TuneReport.json(result, corpus: corpus).prettyText)
        #expect(pieces.count == 2 + result.grid.count * (1 + result.groups.count))
    }

    @Test func theTextReportQuotesTheCrossValidatedFigure() throws {
        let text = TuneReport.text(
            try tuned(), corpus: .init(traces: 8, labelled: 8, unlabelled: 0, errors: 0, groupBy: "dir:1"))
        #expect(
            text == """
                8 traces: 8 labelled, 0 unlabelled, 0 errors; 3 groups by dir:1
                sweep swipe.minimumTravel: 20 to 40, 3 values
                chosen for the recall of swipe, with the false alarms of swipe at most 0%

                swipe.minimumTravel  swipe recall  swipe false alarms  accuracy
                                 20          100%              66.67%       75%
                                 30           80%              33.33%       75%
                                 40           60%                  0%       75%  ← chosen

                leave-one-group-out: each group scored with the setting chosen on the other groups
                group  swipe.minimumTravel  traces  swipe recall  swipe false alarms  accuracy
                a                       40       3           50%                  0%     66.7%
                b                       40       3           50%                  0%     66.7%
                c                       30       2          100%                100%       50%

                cross-validated (the figure to quote): swipe recall 60% (3 of 5), false alarms 33.33% (1 of 3), accuracy 62.5%
                  worst group for swipe: a, recall 50% (1 of 2)
                in-sample (chosen on every group: swipe.minimumTravel = 40): swipe recall 60% (3 of 5), false alarms 0% (0 of 3), accuracy 75%
                  worst group for swipe: a, recall 50% (1 of 2)
                choice across the 3 folds: swipe.minimumTravel = 40 in 2, swipe.minimumTravel = 30 in 1

                """)
    }

    @Test func withoutGroupsTheFigureIsSaidToBeInSample() throws {
        let base = try swipeOnly()
        let samples = Self.people.map { TuningSample(path: $0.path, trace: $0.trace, label: $0.label) }
        let result = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)], maximumFalseAlarms: 0
        ).run(samples)
        #expect(result.folds.isEmpty && result.crossValidated == nil)
        let text = TuneReport.text(result, corpus: .init(traces: 8, labelled: 8, unlabelled: 0, errors: 0))
        #expect(
            text.hasSuffix(
                "chosen: swipe.minimumTravel = 40: swipe recall 60% (3 of 5), false alarms 0% (0 of 3), accuracy 75%\n"
                    + "these figures are in-sample (chosen and scored on the same traces); --group-by gives the "
                    + "leave-one-group-out figure\n"))
    }

    @Test func whenNoSettingKeepsFalseAlarmsWithinTheLimitTheFewestWin() throws {
        let base = try swipeOnly()
        // Every setting recognizes N32 and N22 at 20; only 20 and 30 are swept: 30 has fewer.
        let result = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=20:30:10", in: base)], maximumFalseAlarms: 0
        ).run(Self.people)
        #expect(result.chosen == .init(setting: 1, meetsFalseAlarmLimit: false))
        #expect(
            TuneReport.text(result, corpus: .init(traces: 8, labelled: 8, unlabelled: 0, errors: 0, groupBy: "dir:1"))
                .contains(
                    "no setting keeps the false alarms of swipe within 0%: the one with the fewest is chosen\n"))
    }

    @Test func objectivesWeighFalseAlarmsDifferently() throws {
        let base = try swipeOnly()
        let sweep = try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)
        // Allowing every false alarm. Recall: 20 recalls 5 of 5. F1: 20 has precision 5 of 7 and
        // recall 1 (0.833), 30 has 4 of 5 and 4 of 5 (0.8), 40 has 1 and 3 of 5 (0.75). Balanced
        // (recall and 1 − false-alarm rate): 20 gives (1 + 1/3) / 2 = 0.667, 30 (0.8 + 2/3) / 2 = 0.733,
        // 40 (0.6 + 1) / 2 = 0.8.
        let recall = try Tuner(base: base, sweeps: [sweep], objective: .recall, maximumFalseAlarms: 1).run(Self.people)
        let f1 = try Tuner(base: base, sweeps: [sweep], objective: .f1, maximumFalseAlarms: 1).run(Self.people)
        let balanced = try Tuner(base: base, sweeps: [sweep], objective: .balanced, maximumFalseAlarms: 1)
            .run(Self.people)
        #expect(recall.chosen.setting == 0)
        #expect(f1.chosen.setting == 0)
        #expect(balanced.chosen.setting == 2)
        let swipe = try #require(f1.recognizers.firstIndex(of: "swipe"))
        #expect(f1.totals[0].f1(swipe) == 10.0 / 12)
        // Nothing recalled and nothing predicted is an F1 of 0, not undefined.
        var none = TuningCounts(recognizers: 1)
        none.traces = 3
        none.labelled = [2]
        #expect(none.f1(0) == 0 && none.precision(0) == nil)
        #expect(TuningCounts(recognizers: 1).f1(0) == nil)
    }

    /// Settings tied on every figure are a range of values that do equally well: the middle one is
    /// chosen (the lower of two middles), axis by axis on a grid, not the first, which sits at the
    /// range's edge with no margin for the next person's strokes.
    @Test func tiedSettingsGoToTheMiddleOfTheirRange() {
        func counts(recalled: Int) -> TuningCounts {
            var counts = TuningCounts(recognizers: 1)
            counts.traces = 10
            counts.labelled = [5]
            counts.recalled = [recalled]
            counts.correct = recalled + 5
            return counts
        }
        func choose(_ recalled: [Int], shape: [Int]) -> Int {
            TuningResult.choose(
                recalled.map { counts(recalled: $0) }, shape: shape, targets: [0], objective: .recall, limit: 0
            ).setting
        }
        #expect(choose([3, 5, 5, 5, 4], shape: [5]) == 2)
        #expect(choose([5, 5, 5, 5], shape: [4]) == 1)
        #expect(choose([5, 4, 4], shape: [3]) == 0)
        #expect(choose([4, 4, 5], shape: [3]) == 2)
        // A 3 × 3 grid, the first sweep varying slowest. Every setting tied: the centre, (1, 1). Tied
        // at (0, 1), (0, 2), (1, 2) and (2, 2): the first sweep's values among them are 0, 1 and 2, the
        // middle 1; with it only (1, 2), setting 5.
        #expect(choose(Array(repeating: 5, count: 9), shape: [3, 3]) == 4)
        #expect(choose([4, 5, 5, 4, 4, 5, 4, 4, 5], shape: [3, 3]) == 5)
    }

    @Test func twoSweepsMakeAGridTheFirstVaryingSlowest() throws {
        let base = try swipeOnly()
        let tuner = Tuner(
            base: base,
            sweeps: [
                try Sweep(parsing: "swipe.minimumTravel=20:30:10", in: base),
                try Sweep(parsing: "swipe.maximumDeviation=4:8:4", in: base),
            ])
        #expect(
            tuner.settings.map { $0.map(\.description) } == [["20", "4"], ["20", "8"], ["30", "4"], ["30", "8"]])
        let result = try tuner.run(Self.people)
        #expect(result.totals.count == 4)
        #expect(
            TuneReport.csv(result).split(separator: "\n").first == """
                swipe.minimumTravel,swipe.maximumDeviation,group,traces,correct,accuracy,objective,\
                swipe.labelled,swipe.recalled,swipe.recall,swipe.falseAlarms,swipe.falseAlarmRate
                """)
        #expect(TuneReport.csv(result).split(separator: "\n")[1] == "20,4,,8,6,0.75,1,5,5,1,2,0.6666666666666666")
        #expect(TuneReport.csv(result).split(separator: "\n")[2] == "20,4,a,3,3,1,1,2,2,1,0,0")
    }

    /// Settings in which the swept recognizers, replayed alone, decide alike share one replay of the
    /// whole configuration: the counts must be those of replaying every setting in full. Checked on
    /// the bundled traces (taps and double taps with deadlines, two-finger gestures, two sequences)
    /// and, when present, on real strokes of ten people.
    @Test(arguments: [
        ["checkmark.minimumUpShare=0.2:1:0.4"], ["circle.maximumDirectionChanges=2:8:2", "z.tailParts=0:2:1"],
        ["double-tap.maximumInterval=0.1:0.5:0.1"], ["swipe.minimumSpeed=0:3000:1000"],
    ])
    func sharingReplaysChangesNoCount(_ sweeps: [String]) throws {
        var samples = try GestureCommand.traces.map { path in
            TuningSample(
                path: path,
                trace: try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent(path).path),
                label: "none", group: "bundled")
        }
        if BatchDatasetTests.present {
            for folder in ["dollar1", "mmg-strokes"] {
                let files = CorpusWalker(roots: [BatchDatasetTests.datasets.appendingPathComponent(folder).path])
                    .map(\.path).filter { !$0.hasSuffix("labels.csv") }
                for (index, path) in files.enumerated() where index % 23 == 0 {
                    samples.append(
                        TuningSample(path: path, trace: try TraceReader.read(path: path), label: "none", group: folder))
                }
            }
        } else {
            print("../shared/datasets is absent: replays shared or not compared on the bundled traces only")
        }
        let base = Configuration()
        var tuner = Tuner(base: base, sweeps: try sweeps.map { try Sweep(parsing: $0, in: base) }, jobs: 2)
        #expect(try tuner.aloneReplays(tuner.settings) != nil)
        let shared = try tuner.run(samples)
        tuner.sharesReplays = false
        let full = try tuner.run(samples)
        #expect(shared.counts == full.counts)
        // Not all the same: the sweep matters somewhere.
        #expect(Set(full.totals.map(\.predicted)).count > 1)
    }

    @Test func groupsAreInNameOrderWithNumbersAsNumbersAndASampleWithoutOneIsInItsOwn() throws {
        let base = try swipeOnly()
        let samples = [
            sample("s10", "swipe-right", 45), sample("s2", "swipe-right", 45),
            TuningSample(path: "loose.csv", trace: stroke(45), label: "swipe-right"),
        ]
        let result = try Tuner(base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=20:20:1", in: base)])
            .run(samples)
        #expect(result.groups == ["", "s2", "s10"])
        #expect(result.counts[0].map(\.traces) == [1, 1, 1])
    }

    @Test func aContinuousRecognizerIsReplayedInFullForEverySetting() throws {
        let base = Configuration()
        let tuner = Tuner(base: base, sweeps: [try Sweep(parsing: "pan.minimumTouches=1:2:1", in: base)])
        #expect(try tuner.aloneReplays(tuner.settings) == nil)
    }

    @Test func sweepsAreParsedAndChecked() throws {
        let base = Configuration()
        #expect(try Sweep(parsing: "circle.cornerTurn=0.8:1.2:0.1", in: base).values == [0.8, 0.9, 1.0, 1.1, 1.2])
        #expect(try Sweep(parsing: "z.tailParts=0:4:2", in: base).values == [0, 2, 4])
        #expect(try Sweep(parsing: "swipe.minimumTravel=30:30:5", in: base).values == [.number(30)])
        let errors: [(String, String)] = [
            ("swipe", "--sweep swipe: expected ID.PARAM=FROM:TO:STEP"),
            (
                "swipe.minimumTravel=1:2",
                #"--sweep swipe.minimumTravel=1:2: expected FROM:TO:STEP after "=", found "1:2""#
            ),
            (
                "swip.minimumTravel=1:2:1",
                "--sweep swip.minimumTravel=1:2:1: unknown recognizer \"swip\": did you mean swipe?"
            ),
            (
                "blob.minimumTravel=1:2:1",
                "--sweep blob.minimumTravel=1:2:1: unknown recognizer \"blob\": expected one of checkmark, z, circle, swipe, double-tap, tap, long-press, pan, pinch, rotation"
            ),
            (
                "swipe.minimumTravle=1:2:1",
                "--sweep swipe.minimumTravle=1:2:1: unknown parameter \"minimumTravle\" for swipe: did you mean minimumTravel?"
            ),
            (
                "swipe.travel=1:2:1",
                "--sweep swipe.travel=1:2:1: unknown parameter \"travel\" for swipe: expected one of minimumTravel, maximumDeviation, deviationRatio, minimumSpeed, maximumBow, jitterTolerance, directions, touches"
            ),
            (
                "z.wholePath=0:1:1",
                "--sweep z.wholePath=0:1:1: z.wholePath is a switch (true or false), not a number: it cannot be swept"
            ),
            ("swipe.minimumTravel=a:2:1", #"--sweep swipe.minimumTravel=a:2:1: FROM must be a number, found "a""#),
            (
                "swipe.minimumTravel=1:2:.5",
                #"--sweep swipe.minimumTravel=1:2:.5: STEP must be a number written as JSON does, 0.5, found ".5""#
            ),
            (
                "swipe.minimumTravel=0x10:20:1",
                #"--sweep swipe.minimumTravel=0x10:20:1: FROM must be a number, found "0x10""#
            ),
            ("swipe.minimumTravel=1:nan:1", #"--sweep swipe.minimumTravel=1:nan:1: TO must be a number, found "nan""#),
            ("swipe.minimumTravel=1:1e309:1", "--sweep swipe.minimumTravel=1:1e309:1: TO: number out of range: 1e309"),
            (
                "swipe.minimumTravel=1:2:1e-400",
                "--sweep swipe.minimumTravel=1:2:1e-400: STEP: number out of range: 1e-400"
            ),
            (
                "swipe.minimumTravel=40:20:5",
                "--sweep swipe.minimumTravel=40:20:5: the range is reversed: FROM (40) is above TO (20)"
            ),
            ("swipe.minimumTravel=20:40:0", "--sweep swipe.minimumTravel=20:40:0: STEP must be above 0, found 0"),
            ("swipe.minimumTravel=20:40:-5", "--sweep swipe.minimumTravel=20:40:-5: STEP must be above 0, found -5"),
            (
                "z.tailParts=0:3:0.5",
                "--sweep z.tailParts=0:3:0.5: z.tailParts is a count: STEP must be a whole number, found 0.5"
            ),
            (
                "swipe.minimumTravel=-10:10:10",
                #"--sweep swipe.minimumTravel=-10:10:10: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found -10"#
            ),
            (
                // 0 is still read as off, as it used to be: the row said 0 where no corner rule was applied.
                "circle.cornerTurn=0:0.3:0.3",
                "--sweep circle.cornerTurn=0:0.3:0.3: circle.cornerTurn 0 is read as off (0 used to switch the rule off), "
                    + "not as a limit: sweep values above 0, and compare with off by --set"
            ),
            (
                // Out of range first: it said that 0, among the values, is read as off.
                "circle.roundnessTolerance=-0.2:0.3:0.1",
                "--sweep circle.roundnessTolerance=-0.2:0.3:0.1: parameter \"roundnessTolerance\" for circle must be a "
                    + "number ≥ 0 (ratio), or null to switch the rule off, found -0.2"
            ),
            (
                "z.diagonalDropRatio=-1.5:0:0.5",
                "--sweep z.diagonalDropRatio=-1.5:0:0.5: z.diagonalDropRatio -1.5 is read as off (-1 or less used to "
                    + "switch the rule off), not as a limit: sweep values above -1, and compare with off by --set"
            ),
            (
                "swipe.minimumTravel=0:5000:1",
                "--sweep swipe.minimumTravel=0:5000:1: 5001 values: at most 1000 are allowed; take a larger STEP"
            ),
            (
                // More steps than an Int holds: this was a trap.
                "swipe.minimumTravel=0:1e308:1e-10",
                "--sweep swipe.minimumTravel=0:1e308:1e-10: more than 1e+300 values: at most 1000 are allowed; take a "
                    + "larger STEP"
            ),
            (
                // Counted roughly past 1e15: "more than 1.000000000001e+19" of 1e19 + 1 was untrue.
                "swipe.minimumTravel=0:1e19:1",
                "--sweep swipe.minimumTravel=0:1e19:1: about 1e+19 values: at most 1000 are allowed; take a larger STEP"
            ),
        ]
        for (text, message) in errors {
            #expect(throws: ConfigurationError(message)) { try Sweep(parsing: text, in: base) }
        }
        // An exponent of Int.min overflowed counting the decimals written; a value too large to round
        // to them became infinite. Both were traps or nonsense, and are values.
        #expect(
            try Sweep(parsing: "swipe.minimumTravel=0e-9223372036854775808:1:1", in: base).values == [
                .number(0), .number(1),
            ])
        #expect(
            try Sweep(parsing: "swipe.minimumTravel=1.5e307:1.5e307:0.001", in: base).values == [.number(1.5e307)])
        var shapes = base
        try shapes.keepOnly(["z", "swipe"])
        #expect(
            throws: ConfigurationError(
                "--sweep circle.minimumArc=4:6:1: recognizer \"circle\" is left out of this configuration: expected one of z, swipe"
            )
        ) { try Sweep(parsing: "circle.minimumArc=4:6:1", in: shapes) }
    }

    @Test func theWrittenConfigurationReadsBackToTheChosenValues() throws {
        var base = try swipeOnly()
        try base.set("maximumDeviation", to: 6, for: "swipe")
        let sweep = try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)
        let tuner = Tuner(base: base, sweeps: [sweep], maximumFalseAlarms: 0)
        let result = try tuner.run(Self.people)
        let written = TuneReport.config(try tuner.configuration(for: result.grid[result.chosen.setting]))
        #expect(written.text == #"{"parameters":{"swipe":{"minimumTravel":40,"maximumDeviation":6}}}"#)
        var readBack = try swipeOnly()
        try readBack.apply(json: Array(written.prettyText.utf8), file: "tuned.json")
        let chosen = try tuner.configuration(for: result.grid[result.chosen.setting])
        #expect(readBack.entries[0].values == chosen.entries[0].values)
        #expect(readBack.entries[0].values["minimumTravel"] == .number(40))
    }

    /// A result of several gestures counts for each recognizer in it, and so does a label of several.
    /// `long-press-then-pan` (held still, then dragged right) is `long-press+pan` while the hold is long
    /// enough, and `swipe-right` once minimumPressDuration is 2 s; labelled `none`, it is a false alarm
    /// of long-press and of pan, then of swipe. `checkmark-then-swipe-right`, labelled so, is
    /// recognized as labelled at both settings: recalled for checkmark and for swipe.
    @Test func aResultOfSeveralGesturesCountsForEachOfItsRecognizers() throws {
        func read(_ name: String) throws -> Trace {
            try TraceReader.read(path: GestureCommand.packageRoot.appendingPathComponent("Traces/\(name).json").path)
        }
        let samples = [
            TuningSample(path: "held.json", trace: try read("long-press-then-pan"), label: "none"),
            TuningSample(
                path: "two.json", trace: try read("checkmark-then-swipe-right"), label: "checkmark+swipe-right"),
        ]
        let base = Configuration()
        let sweep = try Sweep(parsing: "long-press.minimumPressDuration=0.5:2:1.5", in: base)
        let result = try Tuner(base: base, sweeps: [sweep], jobs: 1).run(samples)
        let index = { (id: String) in try #require(result.recognizers.firstIndex(of: id)) }
        let (longPress, pan, swipe, checkmark) = (
            try index("long-press"), try index("pan"), try index("swipe"), try index("checkmark")
        )
        let (held, late) = (result.totals[0], result.totals[1])
        let heldAlarms: [Int] = [held.falseAlarms[longPress], held.falseAlarms[pan], held.falseAlarms[swipe]]
        #expect(heldAlarms == [1, 1, 0])
        let lateAlarms: [Int] = [late.falseAlarms[longPress], late.falseAlarms[pan], late.falseAlarms[swipe]]
        #expect(lateAlarms == [0, 0, 1])
        for counts in [held, late] {
            #expect(counts.correct == 1)
            #expect(counts.labelled[checkmark] == 1 && counts.recalled[checkmark] == 1)
            #expect(counts.labelled[swipe] == 1 && counts.recalled[swipe] == 1)
            #expect(counts.falseAlarms[checkmark] == 0)
            #expect(counts.falseAlarmRate(longPress) == Double(counts.falseAlarms[longPress]) / 2)
        }
        #expect(held.predicted[swipe] == 1 && late.predicted[swipe] == 2)
    }

    /// An instance beside its kind shares its gestures: a trace labelled with one counts for both, so
    /// sweeping the instance has a recall (it had none, every such label going to the first that
    /// recognizes it), and the text says whose gestures they also are. swipe-right, 45 pt, is
    /// recognized twice (by swipe, before the instance: its figures are the gesture's whoever gave
    /// it); the 15 pt stroke labelled none is recognized by neither.
    @Test func anInstanceSharingItsKindsGesturesIsCountedForThem() throws {
        var base = Configuration()
        try base.apply(
            json: Array(
                #"{"recognizers": [{"id": "swipe-horizontal", "kind": "swipe", "parameters": {"directions": ["left", "right"]}}]}"#
                    .utf8), file: "c.json")
        try base.keepOnly(["swipe", "swipe-horizontal"])
        let sweep = try Sweep(parsing: "swipe-horizontal.minimumTravel=20:40:20", in: base)
        let samples = [sample("a", "swipe-right", 45), sample("b", "swipe-right", 45), sample("a", "none", 15)]
        let result = try Tuner(base: base, sweeps: [sweep], maximumFalseAlarms: 0, jobs: 1).run(samples)
        let (swipe, instance) = (
            try #require(result.recognizers.firstIndex(of: "swipe")),
            try #require(result.recognizers.firstIndex(of: "swipe-horizontal"))
        )
        #expect(result.sharers == [["swipe"]])
        for counts in result.totals {
            #expect(counts.labelled[instance] == 2 && counts.recalled[instance] == 2)
            #expect(counts.labelled[swipe] == 2 && counts.recalled[swipe] == 2)
            #expect(counts.falseAlarms[instance] == 0 && counts.predicted[instance] == 2)
        }
        let text = TuneReport.text(result, corpus: TuneReport.Corpus(traces: 3, labelled: 3, unlabelled: 0, errors: 0))
        #expect(
            text.contains(
                "swipe-horizontal shares gestures with swipe: a trace counts for each recognizer of its gesture, "
                    + "whichever gave it (to tune swipe-horizontal alone, leave swipe out with --recognizers)\n"))
        let json = TuneReport.json(result, corpus: TuneReport.Corpus(traces: 3, labelled: 3, unlabelled: 0, errors: 0))
        #expect(json["sharedGestures"]?.text == #"{"swipe-horizontal":["swipe"]}"#)
        // Both swept: leaving the other out is no advice, it is tuned too.
        let both = try Tuner(
            base: base, sweeps: [sweep, try Sweep(parsing: "swipe.minimumTravel=20:40:20", in: base)],
            maximumFalseAlarms: 0, jobs: 1
        ).run(samples)
        let bothText = TuneReport.text(
            both, corpus: TuneReport.Corpus(traces: 3, labelled: 3, unlabelled: 0, errors: 0))
        #expect(
            bothText.contains(
                "\nswipe shares gestures with swipe-horizontal: a trace counts for each recognizer of its gesture, "
                    + "whichever gave it\n"))
        #expect(!bothText.contains("alone"))
    }

    /// When no setting recognizes a target's traces as labelled, the values tie on its recall and the
    /// choice tests none of them: the text says so. Swipes of 45 pt, minimumTravel from 60.
    @Test func aTargetNoSettingRecallsIsSaid() throws {
        let base = try swipeOnly()
        let samples = [sample("a", "swipe-right", 45), sample("a", "none", 15)]
        let never = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=60:80:10", in: base)], jobs: 1
        ).run(samples)
        let corpus = TuneReport.Corpus(traces: 2, labelled: 2, unlabelled: 0, errors: 0)
        let note =
            "no setting recognizes the one trace labelled with swipe's gestures as labelled: the values tie on "
            + "its recall, so the choice is no test of them"
        #expect(TuneReport.text(never, corpus: corpus).contains(note))
        // With the balanced objective, the false alarms still choose among the values.
        let balanced = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=60:80:10", in: base)], objective: .balanced,
            jobs: 1
        ).run(samples)
        #expect(!TuneReport.text(balanced, corpus: corpus).contains("no setting recognizes"))
        let some = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=40:60:10", in: base)], jobs: 1
        ).run(samples)
        #expect(!TuneReport.text(some, corpus: corpus).contains("no setting recognizes"))
    }
}

extension TunerTests {
    /// A sweep's values are shown with the decimals they were written with (four here), not rounded
    /// to three: a user reading `10.123` could not tell which value was chosen.
    @Test func aSweepWrittenWithFourDecimalsShowsThemAll() throws {
        let sweep = try Sweep(parsing: "swipe.minimumTravel=10.1234:30.1234:10", in: try swipeOnly())
        #expect(sweep.decimals == 4)
        #expect(sweep.values.map(sweep.shown) == ["10.1234", "20.1234", "30.1234"])
    }

    /// At most `Sweep.maximumValues` (1000) values: 0:999:1 is exactly that many and is taken, 0:1000:1
    /// is one too many and is refused, so a grid never replays more than the limit promised.
    @Test func aSweepOfExactlyTheMostValuesIsTakenAndOneMoreIsRefused() throws {
        let base = try swipeOnly()
        let most = try Sweep(parsing: "swipe.minimumTravel=0:999:1", in: base)
        #expect(most.values.count == 1000)
        #expect(most.values.first == .number(0) && most.values.last == .number(999))
        #expect(
            throws: ConfigurationError(
                "--sweep swipe.minimumTravel=0:1000:1: 1001 values: at most 1000 are allowed; take a larger STEP")
        ) { try Sweep(parsing: "swipe.minimumTravel=0:1000:1", in: base) }
    }

    /// Numbers written with an exponent count its negative power as decimals (`5e-2` has 2): the
    /// values are kept and shown to hundredths, not rounded to whole numbers.
    @Test func aSweepWrittenWithExponentsKeepsTheirDecimals() throws {
        let sweep = try Sweep(parsing: "swipe.maximumBow=5e-2:2e-1:5e-2", in: try swipeOnly())
        #expect(sweep.values == [.number(0.05), .number(0.1), .number(0.15), .number(0.2)])
        #expect(sweep.values.map(sweep.shown) == ["0.05", "0.1", "0.15", "0.2"])
    }

    /// Among settings equal on the objective, the more accurate wins, and at equal accuracy the one
    /// with fewer false alarms: the tie-breaks a user relies on when recall alone cannot decide.
    @Test func settingsEqualOnTheObjectiveGoToTheMoreAccurateThenTheFewerFalseAlarms() {
        func counts(correct: Int, falseAlarms: Int) -> TuningCounts {
            var counts = TuningCounts(recognizers: 1)
            counts.traces = 10
            counts.labelled = [5]
            counts.recalled = [4]
            counts.correct = correct
            counts.falseAlarms = [falseAlarms]
            return counts
        }
        func choose(_ settings: [TuningCounts]) -> Int {
            TuningResult.choose(settings, shape: [settings.count], targets: [0], objective: .recall, limit: 1).setting
        }
        // Recall 4 of 5 for both: the second is more accurate (8 of 10 against 7).
        #expect(choose([counts(correct: 7, falseAlarms: 0), counts(correct: 8, falseAlarms: 0)]) == 1)
        #expect(choose([counts(correct: 8, falseAlarms: 0), counts(correct: 7, falseAlarms: 0)]) == 0)
        // Recall and accuracy equal: the second has one false alarm fewer.
        #expect(choose([counts(correct: 8, falseAlarms: 2), counts(correct: 8, falseAlarms: 1)]) == 1)
        #expect(choose([counts(correct: 8, falseAlarms: 1), counts(correct: 8, falseAlarms: 2)]) == 0)
    }

    /// With no traces of other labels there is no false-alarm rate, and the balanced objective counts
    /// it as none: every target recalled is 100%, not 50%, so such a corpus is not scored as half wrong.
    @Test func theBalancedObjectiveWithoutOtherTracesIsTheRecall() {
        var counts = TuningCounts(recognizers: 1)
        counts.traces = 4
        counts.labelled = [4]
        counts.recalled = [4]
        counts.correct = 4
        counts.predicted = [4]
        #expect(counts.falseAlarmRate(0) == nil)
        #expect(TuningResult.objective(counts, targets: [0], objective: .balanced) == 1)
        counts.recalled = [3]
        #expect(TuningResult.objective(counts, targets: [0], objective: .balanced) == 0.875)
    }

    /// Settings chosen by as many folds are listed in grid order (the lower value first), so the
    /// stability line reads the same on every run, and as the grid does.
    ///
    /// Two people: fold a (trained on b: S45, N22) ties 30 and 40 and takes 30, the lower middle;
    /// fold b (trained on a: S25) takes 20, the only one to recall it.
    @Test func settingsChosenByAsManyFoldsAreInGridOrder() throws {
        let base = try swipeOnly()
        let samples = [sample("a", "swipe-right", 25), sample("b", "swipe-right", 45), sample("b", "none", 22)]
        let result = try Tuner(
            base: base, sweeps: [try Sweep(parsing: "swipe.minimumTravel=20:40:10", in: base)], maximumFalseAlarms: 0,
            jobs: 1
        ).run(samples)
        #expect(result.folds.map(\.choice.setting) == [1, 0])
        #expect(TuneReport.stability(result).map { [$0.setting, $0.folds] } == [[0, 1], [1, 1]])
        let text = TuneReport.text(result, corpus: .init(traces: 3, labelled: 3, unlabelled: 0, errors: 0))
        #expect(
            text.contains(
                "choice across the 2 folds: swipe.minimumTravel = 20 in 1, swipe.minimumTravel = 30 in 1\n"))
    }
}
