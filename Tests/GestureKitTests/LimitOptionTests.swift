import Foundation
import Testing

@testable import GestureKit

/// `--limit` on the command line: usage errors, and a file past a limit among good ones.
@Suite struct LimitOptionTests {
    @Test func aBadLimitIsAUsageError() throws {
        let output = try GestureCommand.run(["classify", "--limit", "bogus=1", "Traces/z.csv"])
        #expect(output.status == 2)
        #expect(output.stdout == "")
        #expect(
            output.stderr == """
                gesture: error: --limit: unknown limit "bogus": expected one of file-size, samples, touches, nesting, line-length, string-length, digits
                Run `gesture classify --help` for usage.

                """)
        let batch = try GestureCommand.run(["batch", "--limit=samples=lots", "Traces"])
        #expect(batch.status == 2)
        #expect(
            batch.stderr.hasPrefix(
                #"gesture: error: --limit samples: expected a whole number from 1 to 9223372036854775807, found "lots""#
            ))
    }

    /// The README's list of the commands that take `--limit` is every command whose help names it.
    @Test func theReadmeNamesEveryCommandThatTakesALimit() throws {
        let readme = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let sentence = try #require(
            readme.components(separatedBy: "`--limit NAME=VALUE` (repeatable) works on ").dropFirst().first?
                .prefix { $0 != ";" })
        for command in ["classify", "batch", "merge-scores", "tune", "list", "convert", "render", "learn"] {
            let help = try GestureCommand.run([command, "--help"]).stdout
            let takesLimit = help.contains("--limit NAME=VALUE") || help.contains("--limit,")
            #expect(
                sentence.contains("`\(command)`") == takesLimit,
                "README says of --limit \"\(sentence)\"; gesture \(command) --help \(takesLimit ? "lists" : "does not list") it"
            )
        }
    }

    @Test func aFilePastALimitIsReportedAndTheOthersClassified() throws {
        let output = try GestureCommand.run(
            [
                "classify", "--format", "jsonl", "--limit", "samples=20", "--limit", "touches=1", "Traces/z.csv",
                "Traces/checkmark.json",
            ])
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "Traces/z.csv:25:1: error: sample 20: too many samples: expected at most 20 samples (the samples limit); raise it with --limit samples=N\n"
        )
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""code":"limit-exceeded""#))
        #expect(lines[1].contains(#""gesture":"checkmark""#))
    }

    /// Each limit through the command line: the exact diagnostic, its place, exit status 2, and a
    /// good file after it (a tap small enough for every tight limit) still classified.
    static let limitCases: [(limit: String, name: String, content: String, diagnostic: String)] = [
        (
            "file-size=1K", "big.csv",
            "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,ended,1,2\n# " + String(repeating: "x", count: 1024) + "\n",
            "big.csv: error: file too large: expected at most 1 KiB (the file-size limit), found 1072 bytes; raise it with --limit file-size=SIZE"
        ),
        (
            "samples=2", "many.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.1,1,moved,1,3\n0.2,1,ended,1,3\n",
            "many.csv:4:1: error: sample 2: too many samples: expected at most 2 samples (the samples limit); raise it with --limit samples=N"
        ),
        (
            "touches=2", "hands.csv", "t,id,phase,x,y\n0,1,began,1,2\n0,2,began,1,2\n0,3,began,1,2\n",
            "hands.csv:4:1: error: sample 2: too many touches down: expected at most 2 at once (the touches limit), found 3; raise it with --limit touches=N"
        ),
        (
            "nesting=2", "deep.json", #"{"samples": [], "e": [[1]]}"#,
            "deep.json:1:23: error: nesting too deep: expected at most 2 levels (the nesting limit); raise it with --limit nesting=N"
        ),
        (
            "line-length=20", "long.csv", "t,id,phase,x,y\n0,1,began,1,2\n0.125,1,ended,100.25,2\n",
            "long.csv:3:1: error: sample 1: record too long: expected at most 20 bytes (the line-length limit); raise it with --limit line-length=SIZE"
        ),
        (
            "string-length=8", "name.json",
            #"{"name": "a long name", "samples": [{"t": 0, "id": 1, "phase": "ended", "x": 1, "y": 2}]}"#,
            "name.json:1:10: error: string too long: expected at most 8 bytes (the string-length limit), found 11 bytes; raise it with --limit string-length=SIZE"
        ),
        (
            "digits=5", "precise.csv", "t,id,phase,x,y\n0,1,began,1.234567,2\n",
            "precise.csv:2:11: error: sample 0: number too precise for \"x\": expected at most 5 significant digits (the digits limit), found 7; raise it with --limit digits=N"
        ),
    ]

    @Test(arguments: limitCases.map(\.limit))
    func eachLimitOnTheCommandLine(_ limit: String) throws {
        let entry = try #require(Self.limitCases.first { $0.limit == limit })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gesture-limit-\(getpid())-\(entry.name)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(entry.content.utf8).write(to: folder.appendingPathComponent(entry.name))
        try Data("t,id,phase,x,y\n0,1,began,1,2\n0.05,1,ended,1,2\n".utf8).write(
            to: folder.appendingPathComponent("tap.csv"))
        let output = try GestureCommand.run(
            ["classify", "--format", "jsonl", "--limit", entry.limit, entry.name, "tap.csv"], in: folder)
        #expect(output.stderr == entry.diagnostic + "\n")
        #expect(output.status == 2)
        let lines = output.stdout.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.contains(#""code":"limit-exceeded""#) == true)
        #expect(lines.last?.contains(#""gesture":"tap""#) == true)
        // Raised, the same file is no longer refused for that limit.
        let name = String(entry.limit.split(separator: "=")[0])
        let raised = try GestureCommand.run(["classify", "--limit", "\(name)=1000000", entry.name], in: folder)
        #expect(!raised.stderr.contains("limit-exceeded") && !raised.stderr.contains("(the \(name) limit)"))
    }

    /// A limit of 1 is named in the singular: `1 significant digit`, `1 level`, `1 sample` (it was
    /// `1 significant digits`, `1 levels`, `1 samples`).
    @Test(arguments: [
        (
            "digits=1", "Traces/z.csv",
            "Traces/z.csv:3:9: error: number too precise for view: expected at most 1 significant digit (the digits limit), found 3; raise it with --limit digits=N"
        ),
        (
            "nesting=1", "Traces/checkmark.json",
            "Traces/checkmark.json:5:14: error: nesting too deep: expected at most 1 level (the nesting limit); raise it with --limit nesting=N"
        ),
        (
            "samples=1", "Traces/z.csv",
            "Traces/z.csv:6:1: error: sample 1: too many samples: expected at most 1 sample (the samples limit); raise it with --limit samples=N"
        ),
    ])
    func aLimitOfOneIsSingular(_ limit: String, _ file: String, _ diagnostic: String) throws {
        let output = try GestureCommand.run(["classify", "--limit", limit, file])
        #expect(output == .init(status: 2, stdout: "", stderr: diagnostic + "\n"))
    }

    @Test func standardInputHasTheSizeLimitToo() throws {
        let output = try GestureCommand.run(
            ["classify", "--limit", "file-size=10", "-"], input: String(repeating: "x", count: 100))
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "-: error: file too large: expected at most 10 bytes (the file-size limit); raise it with --limit file-size=SIZE\n"
        )
    }

    @Test func aUTF16FileIsNamedOnTheCommandLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-utf16-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let text = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("Traces/z.csv"), encoding: .utf8)
        try #require(text.data(using: .utf16)).write(to: folder.appendingPathComponent("z16.csv"))
        let output = try GestureCommand.run(["classify", "z16.csv"], in: folder)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "z16.csv:1:1: error: expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): convert the file first, e.g. with iconv -f UTF-16LE -t UTF-8\n"
        )
    }
}
