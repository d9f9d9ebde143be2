import Foundation
import GestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Data to stdout, diagnostics to stderr, always in whole lines, with `write(2)`.
///
/// `FileHandle` is not used for output: on Linux it traps on a write error, so a closed pipe or a
/// full disk would crash the tool. Instead:
/// - SIGPIPE is ignored, and a write to stdout that fails with `EPIPE` (the reader went away, as with
///   `gesture batch … | head -1`) ends the run at once, quietly, with status 0: the reader has what
///   it asked for, as with ripgrep. Nothing is printed. A run that writes files too
///   (`finishWhenReaderGoes`) drops the rest of its output and goes on to write them.
/// - Any other failed write to stdout (`/dev/full`: no space left on device) is fatal:
///   `gesture: error: cannot write output: <reason>` on stderr, status 2.
/// - Output is written in blocks of whole lines. SIGINT, SIGTERM and SIGHUP that arrive during a
///   write take effect once the block is written, so an interrupted run leaves whole lines (every
///   line of `--format jsonl` output parses); at any other moment they act at once as usual. A line
///   longer than `longLine` is written in parts as it is made, and those signals wait for its end.
enum Output {
    nonisolated(unsafe) private static var buffer: [UInt8] = []
    /// 1 while a block is being written; signal handlers then only record the signal.
    nonisolated(unsafe) static var writing: Int32 = 0
    /// A termination signal that arrived during a write, to act on once it is done.
    nonisolated(unsafe) static var pendingSignal: Int32 = 0

    static let terminationSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Set by a run that writes files besides its output (`batch --report`, `tune --write-config`):
    /// when the reader of stdout goes away, the rest of the output is dropped and the run goes on to
    /// write them, rather than ending at once (`batch … --report r | head -1` left an empty report
    /// folder, which the next run refused, and status 0).
    nonisolated(unsafe) static var finishWhenReaderGoes = false
    /// Whether the reader of stdout went away while `finishWhenReaderGoes`: output is dropped.
    nonisolated(unsafe) private static var readerGone = false

    /// Whether a progress line is on stderr (`Progress`, learn's status line): a signal that ends the
    /// run erases it, rather than leaving the shell's prompt after it.
    nonisolated(unsafe) static var progressShown = false

    /// What takes a progress line off the terminal: a carriage return and an erase to the line's end.
    static let eraseLine: StaticString = "\r\u{1B}[K"

    /// Draws `line` as the progress line on stderr, over the one before.
    static func showProgress(_ line: String) {
        progressShown = true
        writeError("\(eraseLine)\(line)")
    }

    /// Takes the progress line off stderr.
    static func clearProgress() {
        writeError("\(eraseLine)")
        progressShown = false
    }

    /// Whether `TERM` names a dumb terminal (an editor's shell), which prints escapes as they are.
    static var terminalIsDumb: Bool { ProcessInfo.processInfo.environment["TERM"]?.lowercased() == "dumb" }

    /// Installs the signal handling described above; call once, first thing.
    static func install() {
        signal(SIGPIPE, SIG_IGN)
        // A file grown past `ulimit -f`: the write fails with EFBIG and says so, where the signal's
        // default action ended the run with no message and a partial file.
        signal(SIGXFSZ, SIG_IGN)
        writing = 0
        pendingSignal = 0
        for number in terminationSignals {
            signal(number) { number in
                if Output.writing != 0 {
                    Output.pendingSignal = number
                } else {
                    Output.die(number)
                }
            }
        }
    }

    /// Ends the process by `number` with its default action, so the parent sees how it ended.
    ///
    /// The signal is raised on this thread with it unblocked (a handler runs with its own signal
    /// blocked), so it is delivered before `raise` returns. Sent with `kill` to the process, it could
    /// reach another thread after this one had reached `_exit`: a run of several jobs then ended with
    /// status 143 instead of by SIGTERM, now and then.
    static func die(_ number: Int32) {
        if progressShown {
            // As `clearProgress` does, but with write(2) alone, which a signal handler may call.
            _ = systemWrite(STDERR_FILENO, eraseLine.utf8Start, eraseLine.utf8CodeUnitCount)
        }
        signal(number, SIG_DFL)
        var only = sigset_t()
        sigemptyset(&only)
        sigaddset(&only, number)
        pthread_sigmask(SIG_UNBLOCK, &only, nil)
        raise(number)
        _exit(128 + number)
    }

    static func write(_ text: String) {
        buffered(text)
        flush()
    }

    /// Collects output and writes it in blocks of whole lines.
    static func buffered(_ text: String) {
        buffered { $0 += text.utf8 }
    }

    /// Collects `text`, which ends a record though not a line (a `batch --format json` row, whose
    /// separator starts the next line): output may be written, and signals act, after it as after a
    /// line. Held to the end of a line, such output was written in 4 MB blocks, and a SIGINT or
    /// SIGTERM arriving after the first waited for the end of the run.
    static func bufferedRecord(_ text: String) {
        buffered { $0 += text.utf8 }
        recordEnd = buffer.count
        if buffer.count >= 1 << 16 { flush() }
    }

    /// Where in `buffer` the last record (`bufferedRecord`) ended: a place as good as a line's end.
    nonisolated(unsafe) private static var recordEnd = -1

    /// Collects output that `write` appends in place, as bytes, and writes it in blocks of whole lines.
    /// A line that grows past `longLine` (one `--format jsonl` row of a long session) is written as it
    /// comes, so that it is never held whole; the termination signals then wait until it ends.
    static func buffered(_ write: (inout [UInt8]) -> Void) {
        guard !readerGone else { return }
        write(&buffer)
        guard buffer.count >= 1 << 16 else { return }
        if buffer.last == UInt8(ascii: "\n") || buffer.count >= longLine { flush() }
    }

    /// The bytes of a line held before its start is written.
    static let longLine = 1 << 22

    /// Whether the last byte written to stdout ended a line; while it did not, signals wait.
    nonisolated(unsafe) private static var lineOpen = false

    static func flush() {
        guard !buffer.isEmpty else { return }
        lineOpen = buffer.last != UInt8(ascii: "\n") && recordEnd != buffer.count
        recordEnd = -1
        if let failure = writeAll(STDOUT_FILENO, buffer) {
            if failure == EPIPE {
                guard finishWhenReaderGoes else { exit(ExitCode.recognized.rawValue) }
                readerGone = true
                buffer.removeAll()
                return
            }
            buffer.removeAll()
            _ = writeAll(STDERR_FILENO, Array("gesture: error: cannot write output: \(reason(failure))\n".utf8))
            exit(ExitCode.error.rawValue)
        }
        buffer.removeAll(keepingCapacity: true)
    }

    /// A diagnostic line on stderr, after the output so far.
    static func error(_ text: String) {
        flush()
        writeError(text + "\n")
    }

    /// Writes to stderr. A failure is ignored (there is nowhere left to report it), and the run goes on
    /// to the status it earns: when the reader of stderr alone went away (`batch … 2>&1 >rows.jsonl |
    /// head -3`), ending the run there lost the rows of the rest of the batch and said status 0 for a
    /// batch with errors. After `EPIPE`, stderr is not written again.
    static func writeError(_ text: String) {
        guard !errorReaderGone else { return }
        if writeAll(STDERR_FILENO, Array(text.utf8)) == EPIPE { errorReaderGone = true }
    }

    /// Whether the reader of stderr went away: diagnostics are then dropped.
    nonisolated(unsafe) private static var errorReaderGone = false

    /// Runs `body` with the termination signals held until it returns (a file written whole or not at
    /// all, `writeFile`), as during a write of output.
    static func holdingSignals<T>(_ body: () -> T) -> T {
        let held = writing
        writing = 1
        defer {
            if held == 0, !lineOpen {
                writing = 0
                if pendingSignal != 0 { die(pendingSignal) }
            }
        }
        return body()
    }

    /// Writes every byte, through partial writes and interruptions; the `errno` of a failure, or `nil`.
    static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
        writing = 1
        defer {
            // Within a line written in parts, a signal waits for its end.
            if !lineOpen {
                writing = 0
                if pendingSignal != 0 { die(pendingSignal) }
            }
        }
        return bytes.withUnsafeBytes { writeAll(descriptor, $0) }
    }

    /// Writes every byte of `raw` to `descriptor`, through partial writes and interruptions; the
    /// `errno` of a failure, or `nil`. (`writeAll(_:_:)` above also holds back signals meanwhile.)
    static func writeAll(_ descriptor: Int32, _ raw: UnsafeRawBufferPointer) -> Int32? {
        var offset = 0
        while offset < raw.count {
            let count = systemWrite(descriptor, raw.baseAddress! + offset, raw.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += count
        }
        return nil
    }

    /// `strerror`'s text, as is: "No space left on device".
    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }

    /// A file name as a diagnostic shows it: control characters escaped (`esc\u{1B}[31m.svg`), as
    /// the readers and the walk show a name; a name already so shown is unchanged.
    static func name(_ path: String) -> String { CorpusWalker.shown(Array(path.utf8)) }

    /// A message that is not placed in a file, with its control characters escaped as names are: it
    /// may quote what was typed on the command line (`--group-by column:NAME`, `--id`, an option's
    /// value, an unknown option), where an escape sequence would reach the terminal and a newline
    /// would split the message. What is escaped already stays as it is (a `\` is not escaped).
    static func typed(_ message: String) -> String { name(message) }
}

/// `--color auto|always|never`: colour text output on a terminal unless `NO_COLOR` is set, always,
/// or never.
enum ColorChoice: String, CaseIterable {
    case auto, always, never
}

extension Output {
    /// How text output is laid out where it goes. On a terminal, as wide as `COLUMNS` says when it is
    /// set to a number, else as the terminal is (`TIOCGWINSZ`); anywhere else (a pipe, a file) 100
    /// columns. Coloured when `color` is `always`, or `auto` on a terminal with `NO_COLOR` unset or
    /// empty (no-color.org: an option the user gives wins over it) and `TERM` not `dumb`.
    static func textStyle(color choice: ColorChoice = .auto) -> TextReport.Style {
        let terminal = isatty(STDOUT_FILENO) == 1
        let environment = ProcessInfo.processInfo.environment
        var width = 100
        if terminal {
            if let columns = environment["COLUMNS"].flatMap({ Int($0) }), columns > 0 {
                width = columns
            } else {
                var size = winsize()
                if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { width = Int(size.ws_col) }
            }
        }
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        let color = choice == .always || (choice == .auto && terminal && !noColor && !terminalIsDumb)
        return TextReport.Style(width: width, color: color)
    }
}

/// `write(2)`, named apart from `Output.write`.
func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
