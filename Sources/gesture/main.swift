import Foundation
import GestureKit

/// The `gesture` command: parses arguments, calls GestureKit, maps results to output and exit status.
func run(_ words: [String]) -> ExitCode {
    // A usage error points at the help of the command it is about.
    var command = commands.contains(words.first ?? "") ? words.first! : nil
    do {
        switch words.first {
        case "classify": return try classify(words.dropFirst())
        case "list": return try list(words.dropFirst())
        case "batch": return try batch(words.dropFirst())
        case "merge-scores": return try mergeScores(words.dropFirst())
        case "tune": return try tune(words.dropFirst())
        case "convert": return try convert(words.dropFirst())
        case "render": return try render(words.dropFirst())
        case "learn": return try learn(words.dropFirst())
        case "--version":
            // Alone: `gesture --version extra` printed the version and ignored the rest.
            if words.count > 1 {
                throw UsageError("--version takes nothing after it, found \"\(Output.name(words[1]))\"")
            }
            Output.write("gesture \(version)\n")
        case "--help", "-h":
            // `gesture --help batch` is `gesture help batch` (it showed the main help).
            if words.count > 1 { return run(["help"] + words.dropFirst()) }
            Output.write(mainHelp + "\n")
        case "help":
            // `gesture help batch` is `gesture batch --help`; `gesture help help` is `gesture help`.
            guard let name = words.dropFirst().first, name != "help" else {
                Output.write(mainHelp + "\n")
                break
            }
            guard commands.contains(name) else {
                command = nil
                throw UsageError("unknown command \"\(name)\": expected one of \(commands.joined(separator: ", "))")
            }
            // One at a time: `gesture help classify batch` showed classify's alone.
            if words.count > 2 {
                command = nil
                throw UsageError(
                    "gesture help takes one command, found \(words.count - 1): \(words.dropFirst().joined(separator: " "))"
                )
            }
            return run([name, "--help"])
        case nil:
            Output.error(mainHelp)
            return .error
        case let other?:
            let hint =
                Spelling.nearest(to: other, among: commands).map { "did you mean \($0)?" }
                ?? "expected one of \(commands.joined(separator: ", "))"
            throw UsageError("unknown command \"\(other)\": \(hint)")
        }
        return .recognized
    } catch let error as UsageError {
        let help = command.map { "gesture \($0) --help" } ?? "gesture --help"
        Output.error("gesture: error: \(Output.typed(error.message))\nRun `\(help)` for usage.")
    } catch let error as LabelError {
        // A message placed in a file (`labels.csv:3:7: error: …`) is shown as it is.
        Output.error(error.isPlaced ? error.message : "gesture: error: \(Output.typed(error.message))")
    } catch let error as ConfigurationError {
        // An error in a config file is placed in it, as `c.json:3:18: error: …`.
        Output.error(error.file == nil ? "gesture: error: \(Output.typed(error.message))" : error.description)
    } catch {
        Output.error("gesture: error: \(Output.typed("\(error)"))")
    }
    return .error
}

/// The first word of the command line that is not UTF-8, refused: `CommandLine.arguments` repairs
/// such a word with U+FFFD, so a file so named would be reported missing, and a value would be read
/// as another. A file or folder whose name is not UTF-8 is read when the walk of its folder finds it,
/// or from standard input.
func nonUTF8Argument() -> String? {
    for k in 1..<max(1, Int(CommandLine.argc)) {
        guard let word = CommandLine.unsafeArgv[k], String(validatingCString: word) == nil else { continue }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(word).assumingMemoryBound(to: UInt8.self), count: strlen(word))
        return "gesture: error: argument \(k) is not UTF-8 (\(CorpusWalker.shown(Array(bytes), maxCharacters: 200))): "
            + "a file so named cannot be given on the command line; batch, tune, learn and convert read it in "
            + "a folder they walk, and classify and render from standard input (classify - < FILE)"
    }
    return nil
}

/// A standard descriptor the caller closed (`<&-`, `>&-`) is held by `/dev/null` opened the other
/// way — for writing in place of standard input, for reading in place of output — so that it still
/// fails as a closed one does (bad file descriptor), and nothing the tool opens later takes its
/// number: `batch - <&-` read its own event descriptor as standard input, and said "invalid argument".
func holdClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
        let held = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
        if held >= 0, held != descriptor {
            dup2(held, descriptor)
            close(held)
        }
    }
}

/// Descriptors the tool needs free beside the standard three: each job a trace file, a run its output
/// files (with none left, Dispatch, whose pool the workers once were, trapped: SIGILL and no message).
let descriptorsNeeded: rlim_t = 16

/// Raises the soft limit on open descriptors towards the hard one when it is below what the tool
/// needs (`ulimit -n 16` with descriptors inherited), and says so when even the hard limit leaves
/// too few free: an error where Dispatch would trap, or thousands of traces read "too many open files".
func checkDescriptors() -> String? {
    var limit = rlimit()
    #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
    #else
        let resource = RLIMIT_NOFILE
    #endif
    guard getrlimit(resource, &limit) == 0 else { return nil }
    // The descriptors open now (inherited ones too), about: `open` takes the lowest free number.
    let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
    guard probe >= 0 else {
        guard errno == EMFILE || errno == ENFILE else { return nil }
        return "gesture: error: no file descriptor is free (ulimit -n is \(limit.rlim_cur)): raise it (ulimit -n 1024)"
    }
    close(probe)
    let wanted = rlim_t(probe) + descriptorsNeeded
    guard limit.rlim_cur < wanted else { return nil }
    if limit.rlim_max >= wanted {
        limit.rlim_cur = wanted
        if setrlimit(resource, &limit) == 0 { return nil }
    }
    return "gesture: error: too few file descriptors free: \(limit.rlim_cur - min(limit.rlim_cur, rlim_t(probe))) "
        + "of \(limit.rlim_cur) (ulimit -n), \(descriptorsNeeded) needed: raise the limit (ulimit -n 1024)"
}

/// The commands `gesture` runs, as `gesture help` names them.
let commands = ["classify", "batch", "merge-scores", "tune", "list", "convert", "render", "learn"]

holdClosedStandardDescriptors()
Output.install()
if let refusal = checkDescriptors() ?? nonUTF8Argument() {
    Output.error(refusal)
    exit(ExitCode.error.rawValue)
}
let status = run(Array(CommandLine.arguments.dropFirst()))
Output.flush()
exit(status.rawValue)
