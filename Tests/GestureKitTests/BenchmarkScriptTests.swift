import Foundation
import Testing

/// The benchmark scripts whose conclusions the guides quote, where they can be checked in seconds.
@Suite struct BenchmarkScriptTests {
    /// `Benchmarks/untaught-bound.py` says that no thresholds on the learned recognizer's distances can do
    /// better than its bound; the bound is a knapsack over the gestures, checked here against every choice
    /// of thresholds on small random cases (the script's `--self-test`).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: the bound's knapsack not checked"))
    func untaughtBoundIsTheBestOfEveryChoiceOfThresholds() throws {
        let output = try GestureCommand.bash(
            "python3 Benchmarks/untaught-bound.py --self-test", in: GestureCommand.packageRoot)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "self-test: the knapsack agrees with every choice of thresholds in 300 cases\n")
    }

    /// Without the datasets it says so and measures nothing, as every script reading ../shared does.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: the bound script not run"))
    func untaughtBoundSkipsWithoutTheDatasets() throws {
        let output = try GestureCommand.bash(
            "python3 Benchmarks/untaught-bound.py --datasets /nonexistent --out /dev/null",
            in: GestureCommand.packageRoot)
        #expect(output.status == 0, "\(output.stderr)")
        #expect(output.stdout == "skipped: no datasets at /nonexistent (--datasets DIR)\n")
    }
}
