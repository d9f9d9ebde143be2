import Foundation
import Testing

@testable import GestureKit

// Issue 7, faults in a batch: each is reported for its file (or as one clear fatal error), nothing
// hangs, every other file is still scored, and the exit status says so.

/// A two-sample trace, a tap: quick to classify, so corpora of thousands of files stay fast.
let tinyTrace = "t,id,phase,x,y\n0,1,began,0,0\n0.1,1,ended,0,0\n"

/// Creates a file whose name is raw bytes (not necessarily UTF-8) in `folder`.
func createRaw(_ folder: URL, _ name: [UInt8], _ contents: String) throws {
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let descriptor = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) }
    }
    try #require(descriptor >= 0)
    let bytes = Array(contents.utf8)
    #expect(write(descriptor, bytes, bytes.count) == bytes.count)
    close(descriptor)
}

func makeRawFolder(_ folder: URL, _ name: [UInt8]) throws {
    let path = Array(folder.path.utf8) + [UInt8(ascii: "/")] + name + [0]
    let status = path.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { mkdir($0.baseAddress!, 0o755) }
    }
    try #require(status == 0)
}

/// A walk that does something to each file after the walk has found it and before it is read:
/// the runner takes a window of entries before classifying them.
struct Tampered: Sequence, IteratorProtocol {
    var walker: CorpusWalker
    let tamper: (CorpusEntry) -> Void

    mutating func next() -> CorpusEntry? {
        guard let entry = walker.next() else { return nil }
        tamper(entry)
        return entry
    }
}

func runner(limits: ReadLimits = .default) -> BatchRunner {
    let configuration = Configuration()
    var runner = BatchRunner(
        classifier: Classifier(configuration: configuration), labeler: Labeler(configuration: configuration), jobs: 2)
    runner.limits = limits
    return runner
}

extension GestureCommand {
    /// Runs `gesture` with its standard output going to `stdout` (a file handle), returning the
    /// status and what it wrote to standard error.
    static func run(_ arguments: [String], stdout: FileHandle, in folder: URL) throws -> (status: Int32, stderr: String)
    {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let stderr = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: err, as: UTF8.self))
    }

    /// Runs a `bash` script with `$GESTURE` set to the executable.
    static func bash(_ script: String, in folder: URL) throws -> Output {
        try launch(
            URL(fileURLWithPath: "/bin/bash"), ["-c", script], in: folder, input: .none,
            environment: ProcessInfo.processInfo.environment.merging(["GESTURE": executable.path]) { $1 })
    }
}

extension GestureCommand {
    /// `bash(_:in:)` for a long script (a release build): it waits for the script without holding one
    /// of the test run's few threads, so the other tests go on (and do not time out) meanwhile. The
    /// script's output goes through a temporary file, not a pipe that a thread would have to drain.
    static func bashInBackground(_ script: String, in folder: URL) async throws -> Output {
        let logs = ["out", "err"].map {
            FileManager.default.temporaryDirectory.appendingPathComponent("gesture-bash-\(UUID().uuidString).\($0)")
        }
        defer { for log in logs { try? FileManager.default.removeItem(at: log) } }
        for log in logs { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = ProcessInfo.processInfo.environment.merging(["GESTURE": executable.path]) { $1 }
        process.currentDirectoryURL = folder
        process.standardInput = FileHandle.nullDevice
        let handles = try logs.map { try FileHandle(forWritingTo: $0) }
        process.standardOutput = handles[0]
        process.standardError = handles[1]
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do { try process.run() } catch {
                process.terminationHandler = nil
                continuation.resume(throwing: error)
            }
        }
        for handle in handles { try handle.close() }
        return Output(
            status: status, stdout: try String(contentsOf: logs[0], encoding: .utf8),
            stderr: try String(contentsOf: logs[1], encoding: .utf8))
    }
}

@Suite(.serialized) struct BatchFaultTests {
    @Test func filesChangedBetweenTheWalkAndTheRead() throws {
        let corpus = try MiniCorpus("tamper")
        defer { corpus.remove() }
        for name in ["a.csv", "deleted.csv", "folder.csv", "grown.csv", "fifo.csv", "z.csv"] {
            try corpus.add(name, from: "z.csv", label: "z")
        }
        try corpus.write("truncated.json", #"[{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2}]"#)
        let root = corpus.folder.path
        var limits = ReadLimits()
        limits.fileSize = 4096
        var rows: [BatchRow] = []
        let walk = Tampered(walker: CorpusWalker(roots: [root])) { entry in
            let path = entry.path
            switch (path as NSString).lastPathComponent {
            case "deleted.csv":
                try? FileManager.default.removeItem(atPath: path)
            case "truncated.json":
                truncate(path, 17)
            case "folder.csv":
                try? FileManager.default.removeItem(atPath: path)
                try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
            case "fifo.csv":
                try? FileManager.default.removeItem(atPath: path)
                mkfifo(path, 0o644)
            case "grown.csv":
                let handle = FileHandle(forWritingAtPath: path)
                handle?.seekToEndOfFile()
                handle?.write(Data(("# " + String(repeating: "x", count: 5000) + "\n").utf8))
                try? handle?.close()
            default:
                break
            }
        }
        runner(limits: limits).run(walk) { rows.append($0) }
        let size = (try FileManager.default.attributesOfItem(atPath: root + "/grown.csv")[.size] as? Int) ?? 0
        #expect(
            rows.map(\.path)
                == ["a.csv", "deleted.csv", "fifo.csv", "folder.csv", "grown.csv", "truncated.json", "z.csv"].map {
                    root + "/" + $0
                })
        #expect(
            rows.map(\.error) == [
                nil,
                TraceError(.io, file: root + "/deleted.csv", message: "cannot read: no such file"),
                TraceError(.io, file: root + "/fifo.csv", message: "cannot read: a FIFO, not a regular file"),
                TraceError(
                    .io, file: root + "/folder.csv", message: "cannot read: is a directory, expected a trace file"),
                TraceError(
                    .limitExceeded, file: root + "/grown.csv",
                    message:
                        "file too large: expected at most 4 KiB (the file-size limit), found \(size) bytes; raise it with --limit file-size=SIZE"
                ),
                TraceError(
                    .syntax, file: root + "/truncated.json", line: 1, column: 18, sampleIndex: 0,
                    message: "unexpected end of input: expected ',' or '}' after a field"),
                nil,
            ])
        #expect(rows.filter { $0.gesture == "z" }.count == 2, "the untouched files are scored")
    }

    @Test func aFolderNamedLikeATraceIsWalkedAndNamedAsATraceIsAnError() throws {
        let corpus = try MiniCorpus("dirjson")
        defer { corpus.remove() }
        try corpus.write("x.json/inner.csv", tinyTrace)
        try corpus.write("y.csv", tinyTrace)
        let batch = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        #expect(batch.status == 0)
        #expect(batch.stderr == "")
        #expect(
            batch.stdout.split(separator: "\n").map { $0.split(separator: ",")[0] } == [
                #"{"path":"./x.json/inner.csv""#, #"{"path":"./y.csv""#,
            ])
        let classify = try GestureCommand.run(["classify", "x.json", "y.csv"], in: corpus.folder)
        #expect(classify.status == 2)
        #expect(classify.stderr == "x.json: error: cannot read: is a directory, expected a trace file\n")
    }

    /// A folder the walk cannot look at (here its path is past PATH_MAX; a folder without search
    /// permission alike, which root cannot make) is an error row: it was skipped, "0 errors", exit 0.
    @Test func aFolderThatCannotBeLookedAtIsAnErrorRow() throws {
        let corpus = try MiniCorpus("deep")
        defer { corpus.remove() }
        try corpus.write("z.csv", tinyTrace)
        let name = String(repeating: "d", count: 200)
        let made = try GestureCommand.bash(
            "set -e; for i in $(seq 22); do mkdir \(name) && cd \(name); done; printf 't,id,phase,x,y\\n' > a.csv",
            in: corpus.folder)
        #expect(made.status == 0)
        let batch = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        #expect(batch.status == 2)
        let rows = batch.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(
            rows.first?.hasPrefix(#"{"path":"./\#(name)/"#) == true
                && rows.first?.contains(#""message":"cannot read folder: file name too long""#) == true)
        #expect(rows.last?.hasPrefix(#"{"path":"./z.csv""#) == true)
    }

    /// Too few file descriptors: a soft limit is raised towards the hard one; a hard limit that leaves
    /// too few is an error up front (Dispatch trapped, SIGILL, with none free; with a few, every trace
    /// read "too many open files").
    @Test func tooFewFileDescriptorsIsOneErrorUpFront() throws {
        let corpus = try MiniCorpus("descriptors")
        defer { corpus.remove() }
        for index in 0..<20 { try corpus.write("t\(index).csv", tinyTrace) }
        let output = try GestureCommand.bash(
            #"(ulimit -S -n 8; "$GESTURE" batch --jobs 8 . >/dev/null; echo "soft $?"); "#
                + #"(ulimit -n 6; "$GESTURE" batch --jobs 8 . ; echo "hard $?")"#, in: corpus.folder)
        #expect(output.stdout == "soft 0\nhard 2\n")
        #expect(
            output.stderr.hasPrefix("gesture: error: too few file descriptors free: ")
                && output.stderr.hasSuffix(" of 6 (ulimit -n), 16 needed: raise the limit (ulimit -n 1024)\n"))
    }

    /// A per-user limit on threads (`ulimit -u`): batch, tune and learn run on the threads that can
    /// be made, the calling one at least, and give the same bytes (on Dispatch's pool they hung at 0%
    /// CPU for ever, retrying every second to make a thread). Run as `nobody`, since root is not held
    /// to the limit; skipped where the tests are not root or `setpriv` is missing.
    @Test(
        .enabled(
            if: (try? GestureCommand.bash(
                #"[ "$(id -u)" = 0 ] && command -v setpriv && command -v prlimit && "#
                    + #"setpriv --reuid=65534 --regid=65534 --clear-groups test -x "$GESTURE""#,
                in: GestureCommand.packageRoot))?.status == 0,
            "a limit on threads needs root, setpriv, prlimit and a build user 65534 can run"))
    func aLimitOnThreadsDoesNotHang() throws {
        let corpus = try MiniCorpus.standard("threads")
        defer { corpus.remove() }
        try LearnCommandTests.examples(in: corpus.folder.appendingPathComponent("learn"), ["v", "caret"])
        let commands = [
            "batch --jobs 4 --format jsonl .",
            "tune --jobs 4 --sweep checkmark.minimumRiseRatio=0.3:0.6:0.1 .",
            "learn --jobs 4 --out - learn/examples",
        ]
        var script = "chmod -R a+rX . && "
        for command in commands {
            script +=
                #"timeout 60 setpriv --reuid=65534 --regid=65534 --clear-groups prlimit --nproc=1 "#
                + #""$GESTURE" \#(command) >limited.out 2>/dev/null; echo "\#(command.prefix(5)) $?"; "#
                + #""$GESTURE" \#(command) 2>/dev/null | cmp -s - limited.out && echo same; "#
        }
        let output = try GestureCommand.bash(script, in: corpus.folder)
        #expect(output.stdout == "batch 0\nsame\ntune  0\nsame\nlearn 0\nsame\n")
    }

    /// A socket named on the command line is said as the walk says it of one in a folder (it read
    /// "no such device or address", the `errno` of opening it).
    @Test func aSocketNamedIsNotARegularFile() throws {
        let corpus = try MiniCorpus("socket")
        defer { corpus.remove() }
        let made = try GestureCommand.bash(
            #"python3 -c "import socket; socket.socket(socket.AF_UNIX).bind('s.json')""#, in: corpus.folder)
        #expect(made.status == 0)
        let classify = try GestureCommand.run(["classify", "s.json"], in: corpus.folder)
        #expect(classify.status == 2)
        #expect(classify.stderr == "s.json: error: cannot read: a socket, not a regular file\n")
        let batch = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        #expect(batch.stdout.contains(#""message":"cannot read: a socket, not a regular file""#))
    }

    @Test func aHugeFileIsAnErrorRowUnderTheSizeLimit() throws {
        let corpus = try MiniCorpus("huge")
        defer { corpus.remove() }
        try corpus.write(
            "big.csv", tinyTrace + "# " + String(repeating: "x", count: 2048 - tinyTrace.utf8.count - 3) + "\n")
        try corpus.write("small.csv", tinyTrace)
        let output = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--limit", "file-size=1K", "."], in: corpus.folder)
        #expect(output.status == 2)
        #expect(
            output.stderr
                == "./big.csv: error: file too large: expected at most 1 KiB (the file-size limit), found 2048 bytes; raise it with --limit file-size=SIZE\n"
        )
        let rows = output.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows[0].contains(#""code":"limit-exceeded""#))
        #expect(rows[1].contains(#""path":"./small.csv","label":null,"gesture":"tap""#))
        let raised = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--limit", "file-size=2K", "."], in: corpus.folder)
        #expect(raised.status == 0)
    }

    /// Names are found as bytes and shown escaped in text; batch's rows carry a UTF-8 name itself (a
    /// script opens the file by it), and the shown form only for one that is not UTF-8.
    @Test func nonUTF8AndControlCharacterNamesAreScoredAndShownEscaped() throws {
        let corpus = try MiniCorpus("names")
        defer { corpus.remove() }
        try createRaw(corpus.folder, Array("bad".utf8) + [0xFF] + Array(".csv".utf8), tinyTrace)
        try createRaw(corpus.folder, Array("new\nline.csv".utf8), tinyTrace)
        try createRaw(corpus.folder, Array("c1".utf8) + [0xC2, 0x9B] + Array(".csv".utf8), tinyTrace)
        try makeRawFolder(corpus.folder, Array("sub".utf8) + [0xFE])
        try createRaw(corpus.folder, Array("sub".utf8) + [0xFE, UInt8(ascii: "/")] + Array("z.csv".utf8), tinyTrace)
        try corpus.write("ok.csv", tinyTrace)
        let first = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        #expect(first.status == 0)
        #expect(first.stderr == "")
        let paths = try first.stdout.split(separator: "\n").map { line in
            try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])["path"] as? String
        }
        #expect(paths == [#"./bad\xFF.csv"#, "./c1\u{9B}.csv", "./new\nline.csv", "./ok.csv", #"./sub\xFE/z.csv"#])
        #expect(!first.stdout.contains("\u{FFFD}"))
        // The same bytes on every run and for any number of jobs; shards and merging agree.
        let again = try GestureCommand.run(["batch", "--format", "jsonl", "--jobs", "1", "."], in: corpus.folder)
        #expect(again == first)
        let text = try GestureCommand.run(["batch", "."], in: corpus.folder)
        #expect(text.stdout.hasPrefix("5 traces: 0 scored, 5 unlabelled, 0 errors\n"))
        // An unreadable name in an error is escaped the same way on stderr.
        try createRaw(corpus.folder, Array("broken".utf8) + [0xFF] + Array(".json".utf8), "{")
        let broken = try GestureCommand.run(["batch", "--format", "csv", "."], in: corpus.folder)
        #expect(broken.status == 2)
        #expect(
            broken.stderr == #"./broken\xFF.json:1:2: error: unexpected end of input: expected a string key or '}'"#
                + "\n")
    }

    @Test func aLabelsFileRowLabelsAFileWhoseNameHasALineBreak() throws {
        // The row names the file as the file system spells it, in quotes; output shows it escaped.
        let corpus = try MiniCorpus("line-break-labels")
        defer { corpus.remove() }
        try createRaw(corpus.folder, Array("new\nline.csv".utf8), tinyTrace)
        try corpus.write("labels.csv", "path,label,group\n\"new\nline.csv\",tap,g1\n")
        let run = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--group-by", "group", "."], in: corpus.folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr == "")
        #expect(
            run.stdout
                == #"{"path":"./new\nline.csv","group":"g1","label":"tap","gesture":"tap","correct":true,"#
                + #""error":null,"failure":null,"warnings":[]}"# + "\n")
    }

    /// A file whose name holds a control character is one path in every output however it was
    /// reached, found in a folder or named as a PATH: escaped in text (never the character itself to
    /// a terminal), the name itself in rows; and a file whose name is that escape spelt out is
    /// another path.
    @Test func aControlCharacterInANameIsTheSamePathFoundOrNamed() throws {
        let corpus = try MiniCorpus("named-escape")
        defer { corpus.remove() }
        try corpus.add("c/x\u{1B}.csv", from: "circle.json")
        try corpus.add(#"c/x\u{1B}.csv"#, from: "tap.json")
        try corpus.write("c/labels.csv", "path,label\nx\u{1B}.csv,tap\nx\\u{1B}.csv,tap\n")
        let walked = try GestureCommand.run(["batch", "--format", "jsonl", "c"], in: corpus.folder)
        #expect(walked.status == 0, "\(walked.stderr)")
        let rows = walked.stdout.split(separator: "\n")
        #expect(rows.count == 2)
        #expect(rows.first?.hasPrefix(#"{"path":"c/x\u001b.csv","label":"tap","gesture":"circle","#) == true)
        #expect(rows.last?.hasPrefix(#"{"path":"c/x\\u{1B}.csv","label":"tap","gesture":"tap","#) == true)
        let named = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--labels", "c/labels.csv", "c/x\u{1B}.csv"], in: corpus.folder)
        #expect(named.stdout.hasPrefix(#"{"path":"c/x\u001b.csv","label":"tap","gesture":"circle","#))
        let csv = try GestureCommand.run(
            ["batch", "--format", "csv", "--labels", "c/labels.csv", "c/x\u{1B}.csv"], in: corpus.folder)
        #expect(csv.stdout.split(separator: "\n").last?.hasPrefix("c/x\u{1B}.csv,tap,circle,false,") == true)
        let text = try GestureCommand.run(["batch", "--labels", "c/labels.csv", "c/x\u{1B}.csv"], in: corpus.folder)
        #expect(text.status == 0)
        #expect(!text.stdout.contains("\u{1B}"), "\(text.stdout)")
        #expect(text.stdout.contains(#"  c/x\u{1B}.csv: tap → circle: tap moved:"#), "\(text.stdout)")
    }

    @Test func linkLoopsAndDevicesAreErrorRowsWithoutBlocking() throws {
        let corpus = try MiniCorpus("links")
        defer { corpus.remove() }
        try corpus.write("good.csv", tinyTrace)
        let folder = corpus.folder.path
        try FileManager.default.createSymbolicLink(atPath: folder + "/self.json", withDestinationPath: "self.json")
        try FileManager.default.createSymbolicLink(atPath: folder + "/ping.csv", withDestinationPath: "pong.csv")
        try FileManager.default.createSymbolicLink(atPath: folder + "/pong.csv", withDestinationPath: "ping.csv")
        try FileManager.default.createSymbolicLink(atPath: folder + "/null.csv", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: folder + "/zero.xml", withDestinationPath: "/dev/zero")
        try FileManager.default.createSymbolicLink(atPath: folder + "/up", withDestinationPath: folder)
        #expect(mkfifo(folder + "/pipe.json", 0o644) == 0)
        let output = try GestureCommand.run(["batch", "--format", "jsonl", "."], in: corpus.folder)
        #expect(output.status == 2)
        #expect(
            output.stderr.split(separator: "\n") == [
                "./null.csv: error: cannot read: a character device, not a regular file",
                "./ping.csv: error: cannot read: too many levels of symbolic links",
                "./pipe.json: error: cannot read: a FIFO, not a regular file",
                "./pong.csv: error: cannot read: too many levels of symbolic links",
                "./self.json: error: cannot read: too many levels of symbolic links",
                "./zero.xml: error: cannot read: a character device, not a regular file",
            ])
        #expect(output.stdout.split(separator: "\n").count == 7)
        #expect(output.stdout.contains(#"{"path":"./good.csv","label":null,"gesture":"tap""#))
    }

    /// A symbolic link to nothing is said to be one however it is reached: named as a PATH of batch or
    /// a FILE of classify too (they said `no such file or folder` and `no such file`).
    @Test func aDanglingLinkIsSaidToBeOneHoweverItIsReached() throws {
        let corpus = try MiniCorpus("dangling")
        defer { corpus.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: corpus.folder.path + "/dangle.json", withDestinationPath: "nowhere.json")
        for arguments in [["batch", "--format", "jsonl", "."], ["batch", "--format", "jsonl", "dangle.json"]] {
            let output = try GestureCommand.run(arguments, in: corpus.folder)
            #expect(output.status == 2)
            #expect(
                output.stderr.hasSuffix("dangle.json: error: cannot read: dangling symbolic link\n"), "\(arguments)")
        }
        let classify = try GestureCommand.run(["classify", "dangle.json"], in: corpus.folder)
        #expect(classify.status == 2)
        #expect(classify.stderr == "dangle.json: error: cannot read: dangling symbolic link\n")
    }

    /// A labels file is never a trace, under whatever name the walk meets it: a symbolic link to it in
    /// the folder (`link.csv`), or the file itself when `--labels` named it through a linked folder.
    @Test func aLabelsFileMetUnderAnotherNameIsNoTrace() throws {
        let corpus = try MiniCorpus("labels-links")
        defer { corpus.remove() }
        try corpus.write("c/a.csv", tinyTrace)
        try corpus.write("c/names.csv", "path,label\na.csv,tap\n")
        let folder = corpus.folder.path
        try FileManager.default.createSymbolicLink(atPath: folder + "/c/link.csv", withDestinationPath: "names.csv")
        try FileManager.default.createSymbolicLink(atPath: folder + "/linked", withDestinationPath: "c")
        for labels in ["c/names.csv", "linked/names.csv"] {
            let output = try GestureCommand.run(
                ["batch", "--format", "jsonl", "--labels", labels, "c"], in: corpus.folder)
            #expect(output.stderr == "", "\(labels)")
            #expect(output.status == 0, "\(labels)")
            #expect(output.stdout.split(separator: "\n").count == 1, "\(labels)")
            #expect(output.stdout.hasPrefix(#"{"path":"c/a.csv","label":"tap","gesture":"tap""#), "\(labels)")
        }
    }

    @Test func aPipeNamedOnTheCommandLineIsRead() throws {
        let output = try GestureCommand.bash(
            #""$GESTURE" classify --format jsonl --input-format csv <(cat Traces/z.csv)"#,
            in: GestureCommand.packageRoot)
        #expect(output.stderr == "")
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""gesture":"z""#))
    }

    /// A labels file given as a pipe names its paths from the current folder, as standard input's:
    /// they were looked for in `/dev/fd`, and labelled nothing.
    @Test func aLabelsFileGivenAsAPipeNamesPathsFromTheCurrentFolder() throws {
        let output = try GestureCommand.bash(
            #""$GESTURE" batch --format jsonl --labels <(printf 'path,label\nTraces/tap.json,z\n') Traces/tap.json"#,
            in: GestureCommand.packageRoot)
        #expect(output.stderr == "")
        #expect(output.stdout.hasPrefix(#"{"path":"Traces/tap.json","label":"z","gesture":"tap","correct":false"#))
    }

    /// A named pipe whose writer opens it later is waited for, as `cat` does; it read as empty.
    @Test func aNamedPipeWaitsForItsWriter() throws {
        let output = try GestureCommand.bash(
            #"p="$(mktemp -u)"; mkfifo "$p"; (sleep 0.5; timeout 5 sh -c 'cat Traces/z.csv > "$0"' "$p") & "#
                + #""$GESTURE" classify --format jsonl --input-format csv "$p"; status=$?; wait; rm -f "$p"; exit $status"#,
            in: GestureCommand.packageRoot)
        #expect(output.stderr == "")
        #expect(output.status == 0)
        #expect(output.stdout.contains(#""gesture":"z""#))
    }

    /// Tests run as root here, where `chmod 000` does not stop anything; the run then drops to the
    /// `nobody` user with `setpriv`. Without root and without `setpriv`, there is no way to test it.
    static let canDenyPermission =
        getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: canDenyPermission, "running as root without setpriv: permission denied cannot be produced"))
    func permissionDeniedIsAnErrorRow() throws {
        let corpus = try MiniCorpus("perm")
        defer {
            chmod(corpus.folder.path + "/locked", 0o755)
            corpus.remove()
        }
        try corpus.write("good.csv", tinyTrace)
        try corpus.write("secret.csv", tinyTrace)
        try corpus.write("locked/inside.csv", tinyTrace)
        chmod(corpus.folder.path + "/secret.csv", 0o000)
        chmod(corpus.folder.path + "/locked", 0o000)
        let arguments = ["batch", "--format", "jsonl", "."]
        let output: GestureCommand.Output
        if getuid() == 0 {
            chmod(corpus.folder.path, 0o755)
            output = try GestureCommand.bash(
                #"exec /usr/bin/setpriv --reuid=65534 --regid=65534 --clear-groups "$GESTURE" "#
                    + arguments.joined(separator: " "), in: corpus.folder)
        } else {
            output = try GestureCommand.run(arguments, in: corpus.folder)
        }
        #expect(output.status == 2)
        #expect(
            output.stderr.split(separator: "\n") == [
                "./locked: error: cannot read folder: permission denied",
                "./secret.csv: error: cannot read: permission denied",
            ])
        #expect(output.stdout.split(separator: "\n").count == 3)
        #expect(output.stdout.contains(#"{"path":"./good.csv","label":null,"gesture":"tap""#))
    }

    @Test(arguments: [["batch", "--format", "jsonl", "."], ["batch", "."], ["classify", "good.csv"], ["list"]])
    func aFullDiskIsOneClearFatalError(_ arguments: [String]) throws {
        let corpus = try MiniCorpus("full")
        defer { corpus.remove() }
        try corpus.write("good.csv", tinyTrace)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let (status, stderr) = try GestureCommand.run(arguments, stdout: full, in: corpus.folder)
        #expect(status == 2)
        #expect(stderr == "gesture: error: cannot write output: No space left on device\n")
    }

    @Test func aClosedStandardOutputIsOneClearFatalError() throws {
        let output = try GestureCommand.bash(#""$GESTURE" list >&-"#, in: GestureCommand.packageRoot)
        #expect(output.status == 2)
        #expect(output.stderr == "gesture: error: cannot write output: Bad file descriptor\n")
    }
}
