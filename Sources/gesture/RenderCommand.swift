import Foundation
import GestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

let renderHelp = """
    usage: gesture render [options] TRACE…

    Draws each trace (JSON, CSV or $-family XML; - for standard input) as an SVG picture with the
    recognizers' verdicts: each touch's path and samples, touch-down and lift, the view's bounds,
    where each recognizer decided with its state and failure code, what it measured (a circle's
    centre and radius, a swipe's chord, a pan's translation) and a legend with every reason.
    See docs/render.md.

    options:
      --out FILE|DIR             a FILE for one trace; otherwise (or when it ends in /) a folder, made
                                 if missing, that takes NAME.svg for each trace NAME.EXT. Without
                                 --out, or with --out -, one trace is written to standard output.
      --recognizer ID            draw and list only this recognizer; repeatable
      --force                    overwrite SVG files that exist (otherwise they are left alone and
                                 reported); render never deletes a file
      --input-format json|csv|xml  read every TRACE as this format (default: by its extension, .json,
                                 .csv or .xml in any case; from its content for - and any other name)
    \(adjustmentHelp)
      --profile default|seed|hammer
                                 parameter values, as for classify
      --recognizers ID,ID…       use only these recognizers (see `gesture list`)
      --config FILE              JSON file setting parameters and relationships (docs/configuration.md)
      --set ID.PARAM=VALUE       set one parameter, after --config; repeatable, a later one wins
      --templates FILE           add a learned recognizer (`gesture learn`); repeatable
      --limit NAME=VALUE         change a read limit; repeatable (see `gesture classify --help`)
      -h, --help                 show this help

    exit status: 0 when every trace was drawn, 2 on a usage error or when any trace could not be
    read or its picture written (the others are still drawn).
    """

func render(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words,
        valued: configurationOptions.union(["--out", "--recognizer", "--input-format", "--limit"]).union(
            adjustmentOptions),
        flags: ["--help", "--y-up", "--lift-at-jumps", "--force"])
    if arguments.flags.contains("--help") {
        Output.write(renderHelp + "\n")
        return .recognized
    }
    let inputFormat = try arguments.inputFormat()
    let limits = try readLimits(from: arguments)
    let adjustment = try traceAdjustment(from: arguments)
    let configuration = try configuration(from: arguments)
    let classifier = Classifier(configuration: configuration)
    var shown: Set<String>?
    if let named = arguments.repeated["--recognizer"] {
        let known = configuration.entries.map(\.id)
        for id in named where !known.contains(id) {
            // Cut after 100 characters and escaped, as a config file's unknown names are.
            let typed = CorpusWalker.shown(Array(id.utf8), maxCharacters: 100)
            // It is one, but `--recognizers` left it out: "no such recognizer" misled.
            if configuration.isLeftOut(id) {
                throw UsageError(
                    "--recognizer \(typed): left out by --recognizers, so not replayed: expected one of "
                        + known.joined(separator: ", "))
            }
            let hint =
                Spelling.nearest(to: id, among: known).map { "did you mean \($0)?" }
                ?? "expected one of \(known.joined(separator: ", "))"
            throw UsageError("--recognizer \(typed): no such recognizer: \(hint)")
        }
        shown = Set(named)
    }
    let traces = arguments.operands
    guard !traces.isEmpty else { throw UsageError("no TRACE given (use - for standard input)") }
    let force = arguments.flags.contains("--force")
    try refuseForceToStandardOutput(arguments, target: "FILE or DIR")

    // Where each trace's picture goes: nil for standard output.
    var destinations: [String?]
    // Whether they go in a folder, where a symbolic link in a picture's place is never written
    // through (`--force` wrote through one to a file outside the folder), as the report's are not.
    var inFolder = false
    if let out = arguments.options["--out"], out != "-" {
        // Not the working folder: `--out ""` named no file, and several pictures went to `/NAME.svg`.
        guard !out.isEmpty else { throw UsageError("--out \"\": an empty path names no file or folder") }
        var isFolder: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: out, isDirectory: &isFolder)
        // `--out pictures/` names a folder even before it exists.
        if traces.count == 1 && !(exists && isFolder.boolValue) && !out.hasSuffix("/") {
            destinations = [out]
        } else {
            // `x.svg/` where a file x.svg is: not "there", but a file in the way all the same.
            var there: ObjCBool = false
            if FileManager.default.fileExists(atPath: CorpusWalker.trimmed(out), isDirectory: &there),
                !there.boolValue
            {
                let need =
                    traces.count == 1 ? "a path ending in / names a folder" : "\(traces.count) traces need a folder"
                throw UsageError("--out \(Output.name(out)) is a file, not a folder: \(need)")
            }
            if traces.contains("-") {
                throw UsageError("- (standard input) needs --out FILE, not a folder, and can only be drawn alone")
            }
            if let problem = makeFolders(out) {
                throw UsageError("--out \(Output.name(out)): cannot make the folder: \(Output.reason(problem))")
            }
            guard access(out, W_OK) == 0 else {
                throw UsageError("--out \(Output.name(out)): cannot write into the folder: \(Output.reason(errno))")
            }
            inFolder = true
            destinations = traces.map { trace in
                let name = (trace as NSString).lastPathComponent
                let stem = (name as NSString).deletingPathExtension
                return (out.hasSuffix("/") ? out : out + "/") + (stem.isEmpty ? name : stem) + ".svg"
            }
        }
    } else {
        guard traces.count == 1 else { throw UsageError("several traces need --out DIR") }
        destinations = [nil]
    }

    var failed = false
    var written: [PathKey: String] = [:]
    for (trace, destination) in zip(traces, destinations) {
        let read: Trace
        do throws(TraceError) {
            read = try TraceReader.read(path: trace, format: inputFormat, limits: limits, adjustment: adjustment)
        } catch {
            failed = true
            Output.error(error.description)
            continue
        }
        if let problem = SVGRender.problem(drawing: read) {
            failed = true
            Output.error("\(Output.name(trace)): error: \(problem)")
            continue
        }
        let result = classifier.classify(read, file: trace)
        let svg = SVGRender.render(result, trace: read, recognizers: shown, configuration: classifier.configuration)
        guard let destination else {
            Output.write(svg)
            continue
        }
        // Names as every diagnostic shows them: a control character in one reached the terminal.
        let (shownTrace, shownDestination) = (Output.name(trace), Output.name(destination))
        if let earlier = written[PathKey(destination)] {
            failed = true
            Output.error(
                "\(shownDestination): error: already written from \(Output.name(earlier)) in this run; "
                    + "\(shownTrace) not drawn (a picture is named for its trace's file: draw each folder into a "
                    + "--out of its own, or use gesture batch --report, whose pictures are numbered)")
            continue
        }
        // `--out new/x.svg` makes its folder, as `convert` does.
        if let problem = makeFolders(Paths.folder(of: destination)) {
            failed = true
            Output.error(
                "\(shownDestination): error: cannot make its folder \(Output.name(Paths.folder(of: destination))): "
                    + "\(Output.reason(problem)); \(shownTrace) not drawn")
            continue
        }
        if let problem = writeFile(svg, to: destination, replacing: force, flags: inFolder ? O_NOFOLLOW : 0) {
            failed = true
            Output.error(
                problem == EEXIST
                    ? "\(shownDestination): error: exists; not overwritten (--force overwrites); \(shownTrace) not drawn"
                    : problem == ELOOP && inFolder
                        ? "\(shownDestination): error: is a symbolic link; render does not write through one in "
                            + "--out DIR (remove it); \(shownTrace) not drawn"
                        : "\(shownDestination): error: cannot write: \(Output.reason(problem)); \(shownTrace) not drawn"
            )
            continue
        }
        written[PathKey(destination)] = trace
    }
    return failed ? .error : .recognized
}
