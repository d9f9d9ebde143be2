import Foundation
import Testing

@testable import GestureKit

/// Pipes: a reader that stops early ends the run quietly; an interrupted run leaves whole lines.
@Suite(.serialized) struct PipeTests {
    /// 3,000 tiny traces: about 270 KB of JSONL rows, several times a pipe's buffer.
    static func bigCorpus() throws -> MiniCorpus {
        let corpus = try MiniCorpus("pipes")
        for index in 0..<3000 { try corpus.write(String(format: "t%04d.csv", index), tinyTrace) }
        return corpus
    }

    @Test func batchIntoHeadEndsQuietly() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        let output = try GestureCommand.bash(
            #"set -o pipefail; "$GESTURE" batch --format jsonl --quiet . 2>err.txt | head -1; echo "status $?"; cat err.txt"#,
            in: corpus.folder)
        #expect(
            output.stdout
                == #"{"path":"./t0000.csv","label":null,"gesture":"tap","correct":null,"error":null,"failure":null,"warnings":[]}"#
                + "\nstatus 0\n")
        #expect(output.stderr == "")
    }

    @Test func classifyIntoHeadEndsQuietly() throws {
        let files = Array(repeating: "Traces/z.csv", count: 2000)
        let output = try GestureCommand.bash(
            #"set -o pipefail; "$GESTURE" classify "$@" 2>/tmp/gesture-head-err-$$.txt | head -1; echo "status $?"; cat /tmp/gesture-head-err-$$.txt; rm /tmp/gesture-head-err-$$.txt"#
                .replacingOccurrences(of: "\"$@\"", with: files.joined(separator: " ")),
            in: GestureCommand.packageRoot)
        #expect(output.stdout == "Traces/z.csv: z\nstatus 0\n")
        #expect(output.stderr == "")
    }

    @Test func theExitStatusOfAnEarlyClosedPipeIsZero() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        let process = Process()
        process.executableURL = GestureCommand.executable
        process.arguments = ["batch", "--format", "jsonl", "--quiet", "."]
        process.currentDirectoryURL = corpus.folder
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        var received = Data()
        while !received.contains(UInt8(ascii: "\n")) {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            received += chunk
        }
        try out.fileHandleForReading.close()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(stderr.isEmpty)
    }

    @Test func anInterruptedRunLeavesWholeLines() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        for signal in [SIGTERM, SIGINT] {
            let process = Process()
            process.executableURL = GestureCommand.executable
            process.arguments = ["batch", "--format", "jsonl", "--quiet", "--jobs", "1", "."]
            process.currentDirectoryURL = corpus.folder
            let out = Pipe()
            process.standardOutput = out
            process.standardError = FileHandle.nullDevice
            try process.run()
            var received = out.fileHandleForReading.availableData
            kill(process.processIdentifier, signal)
            received += out.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.isEmpty || text.hasSuffix("\n"))
            for line in text.split(separator: "\n") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
            }
            if process.terminationReason == .uncaughtSignal {
                #expect(process.terminationStatus == signal)
            } else {
                #expect(process.terminationStatus == 0, "finished before the signal")
            }
        }
    }
}
