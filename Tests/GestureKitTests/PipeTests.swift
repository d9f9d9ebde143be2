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

    /// When only stderr's reader goes away (`2>&1 >rows.jsonl | head -1`), the run goes on: every row
    /// is written and the status is the batch's (it stopped at the next diagnostic, exit 0, rows lost).
    @Test func aReaderOfStderrGoingAwayEndsNothing() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        for index in 0..<300 { try corpus.write(String(format: "e%04d.json", index), "") }
        let output = try GestureCommand.bash(
            #""$GESTURE" batch --format jsonl . 2>&1 >rows.jsonl | head -c 1 >/dev/null; "#
                + #"echo "status ${PIPESTATUS[0]}"; wc -l <rows.jsonl; grep -c '"error":{' rows.jsonl"#,
            in: corpus.folder)
        #expect(output.stdout == "status 2\n3300\n300\n")
    }

    /// Output past `ulimit -f` is a failed write that says why (SIGXFSZ ended the run silently).
    @Test func outputPastTheFileSizeLimitIsAnError() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        let output = try GestureCommand.bash(
            #"(ulimit -f 8; "$GESTURE" batch --format jsonl . >rows.jsonl); echo "status $?""#, in: corpus.folder)
        #expect(output.stdout == "status 2\n")
        #expect(output.stderr == "gesture: error: cannot write output: File too large\n")
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
        // Each twice: the signal was sent with kill(2) to the process, and another thread could take
        // it after the writing one had reached _exit(143), most of the time under load.
        for signal in [SIGTERM, SIGINT, SIGTERM, SIGINT] {
            let child = try Unmasked(["batch", "--format", "jsonl", "--quiet", "--jobs", "1", corpus.folder.path])
            var received = child.read(atMost: 1 << 16)
            kill(child.pid, signal)
            received += child.readToEnd()
            let ended = child.wait()
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.isEmpty || text.hasSuffix("\n"))
            for line in text.split(separator: "\n") {
                #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) != nil, "\(line)")
            }
            // 3,000 rows take longer to write than a signal to arrive.
            #expect(ended == .signal(signal))
            #expect(text.split(separator: "\n").count < 3000)
        }
    }

    /// SIGINT while the progress bar is on a terminal erases it, so the shell's prompt does not follow
    /// it on its line. The run is in a pseudo-terminal (Python's `pty`), its rows to /dev/null; the
    /// signal is sent once the bar has shown.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: no pseudo-terminal to run batch in"))
    func anInterruptErasesTheProgressBar() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        let script = #"""
            import os, pty, signal, sys
            pid, fd = pty.fork()
            if pid == 0:
                # As a shell would start it: the test runner blocks SIGINT.
                signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})
                signal.signal(signal.SIGINT, signal.SIG_DFL)
                os.environ.update({"TERM": "xterm", "NO_COLOR": "1"})
                os.execv("/bin/sh", ["sh", "-c", 'exec "$GESTURE" batch . --format jsonl > /dev/null'])
            out = b""
            while b"traces" not in out:
                out += os.read(fd, 4096)
            os.kill(pid, signal.SIGINT)
            while True:
                try:
                    chunk = os.read(fd, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            _, status = os.waitpid(pid, 0)
            print(os.WIFSIGNALED(status) and os.WTERMSIG(status) == signal.SIGINT, out.endswith(b"\r\x1b[K"))
            """#
        let output = try GestureCommand.bash(
            "'\(RecorderPageTests.python!)' - <<'EOF'\n\(script)\nEOF", in: corpus.folder)
        #expect(output.stdout == "True True\n", "\(output.stdout) \(output.stderr)")
    }

    /// `--format json` rows end no line (the separator starts the next): a signal after the first
    /// block of output waited for a line's end, which came at the end of the run, so SIGINT and
    /// SIGTERM went unheeded until then. Now a run ends after a whole row, as a jsonl run does.
    @Test func anInterruptedJSONRunEndsAfterAWholeRow() throws {
        let corpus = try Self.bigCorpus()
        defer { corpus.remove() }
        for signal in [SIGTERM, SIGINT] {
            let child = try Unmasked(["batch", "--format", "json", "--quiet", "--jobs", "1", corpus.folder.path])
            var received = child.read(atMost: 1 << 16)
            kill(child.pid, signal)
            received += child.readToEnd()
            #expect(child.wait() == .signal(signal))
            let text = String(decoding: received, as: UTF8.self)
            #expect(text.hasPrefix("{\"traces\":["), "\(text.prefix(40))")
            #expect(text.hasSuffix("}"), "ends after a whole row: \(text.suffix(40))")
            #expect(!text.contains("\"summary\""), "the run went on to its end")
            let rows = text.components(separatedBy: "\"path\":").count - 1
            #expect(rows > 0 && rows < 3000, "\(rows) rows")
        }
    }

    /// A `--format jsonl` row of a long session (1,500 taps: about 7 MB) is written as it is made, not
    /// held whole; a signal that arrives in the middle of it waits for its end, so the row parses.
    @Test func aSignalWaitsForTheEndOfALongRow() throws {
        let corpus = try MiniCorpus("long-row")
        defer { corpus.remove() }
        var taps = "t,id,phase,x,y\n"
        for k in 0..<1500 { taps += "\(k),1,began,10,10\n\(k).05,1,ended,10,10\n" }
        try corpus.write("taps.csv", taps)
        let file = corpus.folder.appendingPathComponent("taps.csv").path
        let child = try Unmasked(["classify", "--format", "jsonl", file])
        // The signal comes in the middle of the row: after a part of it, before its end.
        var received = child.read(atMost: 1 << 16)
        #expect(!received.isEmpty && !received.contains(UInt8(ascii: "\n")), "a part of the row, not all of it")
        kill(child.pid, SIGTERM)
        received += child.readToEnd()
        #expect(child.wait() == .signal(SIGTERM))
        #expect(received.count > 4 << 20)
        #expect(received.last == UInt8(ascii: "\n"))
        let row = try JSONSerialization.jsonObject(with: received) as? [String: Any]
        #expect((row?["sequences"] as? [Any])?.count == 1500)
    }
}

/// `gesture` started with no signal blocked and every signal's default action, its stdout a pipe and
/// its stderr /dev/null. (`Process` would start it with the signal mask of the thread that starts it,
/// where the test runner blocks SIGTERM and SIGINT: they would never arrive.)
final class Unmasked {
    let pid: pid_t
    private let output: Int32

    enum Ending: Equatable {
        case exit(Int32)
        case signal(Int32)
    }

    init(_ arguments: [String]) throws {
        var pipeEnds: [Int32] = [0, 0]
        guard pipe(&pipeEnds) == 0 else { throw POSIXError(.EMFILE) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
        posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let path = GestureCommand.executable.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { for word in argv { free(word) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        close(pipeEnds[1])
        guard status == 0 else {
            close(pipeEnds[0])
            throw POSIXError(POSIXErrorCode(rawValue: status) ?? .EINVAL)
        }
        (self.pid, output) = (pid, pipeEnds[0])
    }

    deinit { close(output) }

    /// What one read of its output gives: at most `count` bytes, at least one unless it has ended.
    func read(atMost count: Int) -> Data {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = -1
        repeat { got = Glibc.read(output, &bytes, count) } while got < 0 && errno == EINTR
        return Data(bytes.prefix(max(got, 0)))
    }

    func readToEnd() -> Data {
        var all = Data()
        while true {
            let chunk = read(atMost: 1 << 16)
            if chunk.isEmpty { return all }
            all += chunk
        }
    }

    /// How it ended.
    func wait() -> Ending {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        // WIFSIGNALED / WTERMSIG, WEXITSTATUS: not imported (macros).
        let signal = status & 0x7f
        return signal != 0 ? .signal(signal) : .exit((status >> 8) & 0xff)
    }
}
