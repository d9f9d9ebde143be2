import Foundation
import GestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The folder `gesture batch --report DIR` writes: `DIR/index.html` (`HTMLReport`) and, for each shown
/// miss, `DIR/traces/NNNN-NAME.svg` (its picture) and `.txt` (its `classify` text).
///
/// It is checked before the run, so a mistake costs nothing, and made after it, when the report is
/// written, so that a run that dies (interrupted, its output's reader gone) leaves no empty folder: a
/// folder that exists and holds anything is reused only with `--force`, and even then only the
/// report's own files are overwritten (never through a link); nothing is ever deleted, so a foreign
/// file in the folder survives.
struct ReportFolder {
    let path: String
    let force: Bool
    /// The subfolder of the pictures and texts.
    static let traces = "traces"
    /// The page.
    static let page = "index.html"

    /// Whether a file name in `traces` is one a report writes: digits, `-`, a name, `.svg` or `.txt`.
    static func isReportFile(_ name: String) -> Bool {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        return digits.count >= 4 && name.dropFirst(digits.count).hasPrefix("-")
            && (name.hasSuffix(".svg") || name.hasSuffix(".txt"))
    }

    /// Checks `path` and its `traces` subfolder: each is a folder that may be written into, or is
    /// missing and may be made (`write` makes it).
    ///
    /// - Throws: A usage error when `path` exists, is not empty and `force` is not given, is not a folder, or
    ///   cannot be made or written into.
    init(_ path: String, force: Bool) throws(UsageError) {
        self.path = path
        self.force = force
        let shown = Output.name(path)
        // `-` is standard output everywhere else; a report is a folder of files (it made one named -).
        guard path != "-" else {
            throw UsageError(
                "--report -: a report is a folder of files, not output: name a folder (./- for one named -)")
        }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
            guard isFolder.boolValue else { throw UsageError("--report \(shown): exists and is not a folder") }
            // An empty folder (`mkdir -p` of a CI script's artifacts) holds nothing to overwrite.
            let isEmpty = (try? FileManager.default.contentsOfDirectory(atPath: path))?.isEmpty == true
            guard force || isEmpty else {
                throw UsageError(
                    "--report \(shown): the folder exists and is not empty; --force writes the report into it (overwriting only index.html and the report's own files in traces/)"
                )
            }
        }
        // The report's own names are never followed: checked here, before the run, where writing
        // (`O_NOFOLLOW`) would only find a link at its last component after it.
        for name in [Self.traces, Self.page] {
            var info = stat()
            let target = file(name)
            guard lstat(target, &info) == 0 else { continue }
            if info.st_mode & S_IFMT == S_IFLNK {
                throw UsageError(
                    "--report \(shown): \(Output.name(target)) is a symbolic link; the report does not write through one (remove it)"
                )
            }
            if name == Self.page, info.st_mode & S_IFMT != S_IFREG {
                throw UsageError("--report \(shown): \(Output.name(target)) exists and is not a file")
            }
            // An index.html that may not be overwritten failed the run at its end, the pictures written.
            if name == Self.page, access(target, W_OK) != 0 {
                throw UsageError("--report \(shown): cannot overwrite \(Output.name(target)): \(Output.reason(errno))")
            }
        }
        for folder in [path, self.file(Self.traces)] {
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) {
                guard isFolder.boolValue else {
                    throw UsageError("--report \(shown): \(Output.name(folder)) is not a folder")
                }
                guard access(folder, W_OK) == 0 else {
                    throw UsageError(
                        "--report \(shown): cannot write into the folder \(Output.name(folder)): \(Output.reason(errno))"
                    )
                }
            } else if let problem = Self.whyNotMade(folder) {
                throw UsageError(
                    "--report \(shown): cannot make the folder \(Output.name(folder)): \(Output.reason(problem))")
            }
        }
        // The pictures and texts of a report before, which this one may overwrite (`NNNN-NAME.svg`):
        // one that may not be failed after the run, beside a page rewritten.
        let traces = file(Self.traces)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: traces))?.sorted() ?? []
        where Self.isReportFile(name) {
            let target = traces + "/" + name
            if access(target, W_OK) != 0 {
                throw UsageError("--report \(shown): cannot overwrite \(Output.name(target)): \(Output.reason(errno))")
            }
        }
    }

    /// Why `folder`, missing, could not be made, as `mkdir(2)` would say: the nearest path above it
    /// that exists is a folder that cannot be written into or searched (`EACCES`), or is not a folder
    /// (`ENOTDIR`); nil when it could be.
    private static func whyNotMade(_ folder: String) -> Int32? {
        var above = Paths.folder(of: folder)
        while true {
            let shown = above.isEmpty ? "." : above
            var info = stat()
            if stat(shown, &info) == 0 {
                guard info.st_mode & S_IFMT == S_IFDIR else { return ENOTDIR }
                return access(shown, W_OK | X_OK) == 0 ? nil : errno
            }
            guard errno == ENOENT else { return errno }
            guard !above.isEmpty, above != "/" else { return nil }
            above = Paths.folder(of: above)
        }
    }

    /// The path of `name` in the folder.
    func file(_ name: String) -> String { (path.hasSuffix("/") ? path : path + "/") + name }

    /// Writes `text` as `name` in the folder; a diagnostic line when that fails.
    func write(_ text: String, as name: String) -> String? {
        let target = file(name)
        guard let problem = writeFile(text, to: target, replacing: force, flags: O_NOFOLLOW) else { return nil }
        let shown = Output.name(target)
        switch problem {
        case EEXIST: return "\(shown): error: exists; not overwritten (--force overwrites)"
        // O_NOFOLLOW's refusal.
        case ELOOP:
            return "\(shown): error: is a symbolic link; the report does not write through one (remove it)"
        default: return "\(shown): error: cannot write: \(Output.reason(problem))"
        }
    }

    /// Draws each shown miss again (read, replayed with its transitions, drawn and described as
    /// `render` and `classify` would), writes its two files, then the page, last, so that a page is
    /// never written before the files it links to.
    ///
    /// - Returns: Whether every file was written; the failures are said on stderr.
    func write(
        _ misses: inout ReportMisses, board: Scoreboard, runner: BatchRunner, roots: [String], notes: [String],
        errors: [BatchRow]
    ) -> Bool {
        // Made now, not before the run: checked then (`init`).
        for folder in [path, file(Self.traces)] {
            if let problem = makeFolders(folder) {
                Output.error("\(Output.name(folder)): error: cannot make the folder: \(Output.reason(problem))")
                return false
            }
        }
        var written = true
        var number = 0
        var groups: [(kind: ReportMisses.Kind, shown: [HTMLReport.Shown])] = []
        for group in misses.finish() {
            var shown: [HTMLReport.Shown] = []
            for row in group.rows {
                number += 1
                let stem = Self.traces + "/" + HTMLReport.fileStem(number: number, path: row.path)
                switch Self.redraw(row, runner: runner) {
                case .success(let (picture, view, text)):
                    var item = HTMLReport.Shown(row: row, view: view)
                    if let problem = write(picture, as: stem + ".svg") {
                        Output.error(problem)
                        written = false
                    } else {
                        item.picture = stem + ".svg"
                    }
                    if let problem = write(text, as: stem + ".txt") {
                        Output.error(problem)
                        written = false
                    } else {
                        item.text = stem + ".txt"
                    }
                    shown.append(item)
                case .failure(let problem):
                    shown.append(HTMLReport.Shown(row: row, problem: problem.message))
                }
            }
            groups.append((group.kind, shown))
        }
        let page = HTMLReport.page(
            HTMLReport.Content(
                board: board, roots: roots, misses: groups, total: misses.total, counts: misses.counts,
                limit: misses.limit, notes: notes, errors: errors))
        if let problem = write(page, as: Self.page) {
            Output.error(problem)
            written = false
        }
        return written
    }

    struct Problem: Error {
        var message: String
    }

    /// The picture, its thumbnail's view and the `classify` text of a miss's trace, read and replayed
    /// again as the batch did.
    static func redraw(_ row: BatchRow, runner: BatchRunner) -> Result<(String, String, String), Problem> {
        guard row.path != "-" else {
            return .failure(Problem(message: "not drawn: read from standard input, which cannot be read again"))
        }
        do throws(TraceError) {
            // By its bytes: a name with a control character is shown escaped in `path`.
            let trace = try TraceReader.read(
                path: row.path, fileSystemPath: row.fileSystemPath ?? Array(row.path.utf8), format: runner.inputFormat,
                limits: runner.limits, adjustment: runner.adjustment)
            if let problem = SVGRender.problem(drawing: trace) { return .failure(Problem(message: problem)) }
            let result = runner.classifier.classify(trace, file: row.path)
            // A file changed since it was scored is drawn as it is now, beside the old verdict: said.
            guard runner.agrees(result, with: row) else {
                let now =
                    result.gesture != row.gesture
                    ? "it is now \(result.gesture), not \(row.gesture ?? "none")"
                    : "its \(row.miss?.recognizer ?? "") fails otherwise"
                return .failure(Problem(message: "not drawn: the trace changed since it was scored (\(now))"))
            }
            let configuration = runner.classifier.configuration
            let (picture, frame) = SVGRender.drawing(result, trace: trace, configuration: configuration)
            let text = TextReport.render(result, configuration: configuration)
            let view = HTMLReport.thumbnailView(of: trace, picture: picture, frame: frame)
            return .success((picture, view, text))
        } catch {
            return .failure(Problem(message: "not drawn: the trace could not be read again: \(error.description)"))
        }
    }
}
