import Testing

@testable import GestureKit

/// `RunIdentity.merged`: which outputs make up one run, and what `merge-scores` says of those that do
/// not, each refusal with the files it names (escaped).
@Suite struct RunIdentityTests {
    func run(_ shard: (Int, Int)?, files: Int = 10, corpus: UInt64 = 1, settings: UInt64 = 2) -> RunIdentity {
        var run = RunIdentity()
        run.shard = shard
        run.files = files
        run.corpus = corpus
        run.settings = settings
        return run
    }

    func message(_ runs: [(file: String, run: RunIdentity?)]) -> String? {
        do throws(RunIdentity.MergeError) {
            _ = try RunIdentity.merged(runs)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func theShardsOfOneRunMakeItUp() throws {
        let merged = try #require(try RunIdentity.merged([("b", run((2, 2))), ("a", run((1, 2)))]))
        #expect(merged.shard == nil)
        #expect(merged.files == 10 && merged.corpus == 1 && merged.settings == 2)
        // Outputs of an earlier version say nothing, and are taken as they are.
        #expect(try RunIdentity.merged([("a", nil), ("b", nil)]) == nil)
        // One whole run is read back as it is.
        #expect(try RunIdentity.merged([("a", run(nil))])?.files == 10)
        // A shard missing is allowed only beside an output that does not say which it is.
        #expect(try RunIdentity.merged([("a", run((1, 2))), ("b", nil)]) != nil)
    }

    @Test func outputsThatAreNotOneRunAreRefused() {
        #expect(
            message([("a", run((1, 2))), ("b", run((2, 2), settings: 3))])
                == "b and a are outputs of runs with different settings (recognizers, parameters, labels, --group-by or reading options): merge the shards of one command"
        )
        #expect(
            message([("a", run(nil)), ("b", run(nil))])
                == "b and a are outputs of whole runs (no --shard): merge-scores merges the shards of one run (gesture batch --shard K/N)"
        )
        #expect(
            message([("a\u{1B}[2J", run(nil)), ("b", run((1, 2)))])
                == "a\\u{1B}[2J is the output of a whole run, the others of shards: merge the shards of one run")
        #expect(
            message([("a", run((1, 2))), ("b", run((2, 3)))])
                == "b is shard 2/3, a shard 1/2: merge the shards of one --shard K/N split")
        #expect(
            message([("a", run((1, 2))), ("b", run((2, 2), files: 11))])
                == "b walked another corpus (11 files) than a (10 files): merge the shards of one corpus, each run on a PATH of the same name"
        )
        #expect(
            message([("a", run((1, 2))), ("b", run((2, 2), corpus: 9))])
                == "b walked another corpus (10 files) than a (10 files): merge the shards of one corpus, each run on a PATH of the same name"
        )
        #expect(
            message([("a", run((1, 2))), ("b", run((1, 2)))]) == "shard 1/2 is given twice: a and b")
        #expect(
            message([("a", run((1, 3)))])
                == "missing shards 2/3, 3/3 of 3: the merged figures would leave those traces out")
        #expect(
            message([("a", run((1, 2)))])
                == "missing shard 2/2 of 2: the merged figures would leave those traces out")
    }
}
