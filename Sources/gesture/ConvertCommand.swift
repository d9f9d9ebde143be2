import Foundation
import GestureKit

let convertHelp = """
    usage: gesture convert [options] INPUT… --to json|csv|xml

    Converts traces between JSON, CSV and $-family XML. Samples, touch ids, phases, name, label,
    subject and view are kept bit for bit where the target format can hold them. Where it cannot
    (XML: no label or view, no stationary or cancelled phase, no named touches, times in whole
    milliseconds from 0), convert names what would be lost, per file, and refuses unless --lossy. A
    folder converts into a folder of the same layout; the labels files batch reads in it
    (*label*.csv) are copied with the paths renamed.

    options:
      --to json|csv|xml          the format to write (required)
      --out FILE|DIR             a FILE for one input file; otherwise (or when it ends in /) a folder,
                                 made if missing, that takes each input file by its name and each
                                 folder's layout. Without --out, or with --out -, one input file (or
                                 -) is written to standard output.
      --lossy                    convert even what the target cannot hold in full; each file's losses
                                 are printed as a warning
      --force                    overwrite output files that exist (otherwise they are left alone and
                                 reported); convert never deletes a file
      --input-format json|csv|xml  read every INPUT as this format (default: by its extension, .json,
                                 .csv or .xml in any case; from its content for - and any other name)
    \(adjustmentHelp)
      --limit NAME=VALUE         change a read limit; repeatable (see below)
      -h, --help                 show this help

    \(limitsHelp)

    exit status: 0 when every input was converted, 2 on a usage error or when any input could not be
    read, converted or written (the others are still converted).
    """

func convert(_ words: ArraySlice<String>) throws -> ExitCode {
    let arguments = try Arguments(
        words, valued: ["--to", "--out", "--input-format", "--limit", "--time-unit"],
        flags: ["--help", "--lossy", "--force", "--y-up", "--lift-at-jumps"])
    if arguments.flags.contains("--help") {
        Output.write(convertHelp + "\n")
        return .recognized
    }
    guard let raw = arguments.options["--to"] else { throw UsageError("--to json|csv|xml is required") }
    guard let format = TraceFormat(rawValue: raw) else {
        throw UsageError(Arguments.invalid(raw, for: "--to", choices: TraceFormat.allCases.map(\.rawValue)))
    }
    var converter = Converter(
        format: format, inputFormat: try arguments.inputFormat(), limits: try readLimits(from: arguments),
        lossy: arguments.flags.contains("--lossy"), force: arguments.flags.contains("--force"))
    converter.adjustment = try traceAdjustment(from: arguments)
    let inputs = arguments.operands
    guard !inputs.isEmpty else { throw UsageError("no INPUT given (use - for standard input)") }
    var isFolder: ObjCBool = false
    let singleFile =
        inputs.count == 1
        && (inputs[0] == "-" || !FileManager.default.fileExists(atPath: inputs[0], isDirectory: &isFolder)
            || !isFolder.boolValue)
    guard let out = arguments.options["--out"], out != "-" else {
        try refuseForceToStandardOutput(arguments, target: "FILE or DIR")
        guard singleFile else { throw UsageError("several inputs or a folder need --out DIR") }
        converter.convert(file: inputs[0], fileSystemPath: Array(inputs[0].utf8), isRoot: true, to: nil)
        return converter.failed ? .error : .recognized
    }
    // `--out ""` wrote a folder's traces to `/NAME.csv`, at the root of the file system.
    guard !out.isEmpty else { throw UsageError("--out \"\": an empty path names no file or folder") }
    var outIsFolder: ObjCBool = false
    if singleFile && !out.hasSuffix("/")
        && !(FileManager.default.fileExists(atPath: out, isDirectory: &outIsFolder) && outIsFolder.boolValue)
    {
        // A file named for another format would not read back as what it holds (`b.json` of CSV).
        if let named = TraceFormat(path: out), named != format {
            throw UsageError(
                "--out \(Output.name(out)) names a \(named.rawValue) file, and --to \(format.rawValue) writes \(format.rawValue): "
                    + "name it .\(format.rawValue)")
        }
        converter.convert(file: inputs[0], fileSystemPath: Array(inputs[0].utf8), isRoot: true, to: out)
        return converter.failed ? .error : .recognized
    }
    // What stands at `--out`, a trailing / aside: a folder (`out/` too), or a file in the way.
    let outExists = FileManager.default.fileExists(atPath: CorpusWalker.trimmed(out), isDirectory: &outIsFolder)
    if inputs == ["-"] {
        // A folder that is there "is one"; a path ending in / only names one (a file may stand there).
        let folder = outExists && outIsFolder.boolValue ? "is one" : "names one"
        throw UsageError("- (standard input) needs --out FILE, not a folder: \(Output.name(out)) \(folder)")
    }
    if inputs.contains("-") { throw UsageError("- (standard input) can only be converted alone") }
    // A file in the way was an error for every input, each one `cannot make its folder`.
    if outExists, !outIsFolder.boolValue {
        throw UsageError(
            "--out \(Output.name(out)) is a file, not a folder: several inputs or a folder need --out DIR")
    }
    // With several inputs, each folder is written into a folder of its name, as `gesture batch` names
    // corpora: two corpora written into one folder mixed their traces and clashed on their labels files.
    var folderNames: [String: String] = [:]
    // Where each input folder is written; an input that is no key is a file.
    var into: [String: String] = [:]
    let workingDirectory = FileManager.default.currentDirectoryPath
    for input in inputs {
        var folder: ObjCBool = false
        let absolute = Paths.absolute(CorpusWalker.trimmed(input), workingDirectory: workingDirectory)
        guard FileManager.default.fileExists(atPath: input, isDirectory: &folder), folder.boolValue else {
            if let identity = CorpusWalker.fileIdentity(Array(absolute.utf8)) { converter.inputFiles.insert(identity) }
            continue
        }
        converter.inputFolders.append(absolute)
        guard inputs.count > 1 else {
            into[input] = out
            continue
        }
        let name = (absolute as NSString).lastPathComponent
        guard name != "/" else {
            throw UsageError("\(Output.name(input)): the root folder has no name to write it under: convert it alone")
        }
        if let other = folderNames[name] {
            throw UsageError(
                "\(Output.name(other)) and \(Output.name(input)) would both be written into \(Output.name(join(out, name))): "
                    + "convert them one at a time")
        }
        folderNames[name] = input
        into[input] = join(out, name)
    }
    converter.outFolder = Paths.absolute(CorpusWalker.trimmed(out), workingDirectory: workingDirectory)
    for input in inputs {
        guard let folderOut = into[input] else {
            let base = (input as NSString).lastPathComponent
            // `trace.txt` read with --input-format becomes `trace.txt.json`, never a file named as its input.
            let name =
                TraceFormat(path: base) == nil ? base + "." + format.rawValue : LabelsFile.renamed(base, to: format)
            converter.convert(
                file: input, fileSystemPath: Array(input.utf8), isRoot: true, to: join(out, name))
            continue
        }
        converter.convert(folder: input, into: folderOut)
    }
    return converter.failed ? .error : .recognized
}

/// `folder/name`, without doubling a `/`.
private func join(_ folder: String, _ name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
}

/// Converts files one by one, reporting each problem on stderr and going on.
private struct Converter {
    let format: TraceFormat
    let inputFormat: TraceFormat?
    let limits: ReadLimits
    let lossy: Bool
    let force: Bool
    /// `--time-unit`, `--y-up` and `--lift-at-jumps`: the output has the times in seconds, y down and
    /// a touch for each attempt, as every format's reader expects.
    var adjustment = TraceAdjustment()
    /// Whether any input could not be read, converted or written.
    var failed = false
    /// Each output written in this run, and the input it came from: two inputs never share one.
    var written: [PathKey: String] = [:]
    /// Each input that could not be read, converted or written in this run (its absolute path, as the
    /// file system spells it).
    var notConverted: Set<PathKey> = []
    /// The files given as inputs (what file each is) and the folders (absolute), and `--out`: with
    /// `--force`, an output never replaces another input, converted yet or not.
    var inputFiles: Set<[UInt64]> = []
    var inputFolders: [String] = []
    var outFolder = ""

    init(format: TraceFormat, inputFormat: TraceFormat?, limits: ReadLimits, lossy: Bool, force: Bool) {
        self.format = format
        self.inputFormat = inputFormat
        self.limits = limits
        self.lossy = lossy
        self.force = force
    }

    mutating func fail(_ message: String) {
        failed = true
        Output.error(message)
    }

    /// Converts one trace file to `output`, or to standard output when `output` is nil; returns the
    /// trace's label when it was written to a format that does not keep it.
    @discardableResult
    mutating func convert(file: String, fileSystemPath: [UInt8], isRoot: Bool, to output: String?) -> String? {
        // As every diagnostic shows a name: a control character in one reached the terminal.
        let shownFile = Output.name(file)
        var converted = false
        // Noted under the name as a labels file's row spells it (`CorpusEntry/labelsPath`): `file`
        // shows a line break in a name escaped.
        let spelt = CorpusEntry.labelsPath(fileSystemPath, shown: file)
        defer { if !converted && file != "-" { notConverted.insert(PathKey(Paths.absolute(spelt))) } }
        var trace: Trace
        do throws(TraceError) {
            trace = try TraceReader.read(
                path: file, fileSystemPath: fileSystemPath, format: inputFormat, limits: limits,
                allowsSpecialFiles: isRoot, adjustment: adjustment)
        } catch {
            fail(error.description)
            return nil
        }
        // What reading noticed (a clock that stepped back, times that look like another unit) is said,
        // since the output keeps what was read.
        for warning in trace.warnings { Output.error("\(shownFile): warning: \(warning)") }
        trace.warnings = []
        // What the reader does not read is not in the output either: said, not refused (no reader keeps it).
        if !trace.unread.isEmpty {
            Output.error("\(shownFile): warning: not read, so not converted: \(trace.unread.joined(separator: ", "))")
        }
        let conversion: TraceWriter.Conversion
        do throws(TraceWriter.Unwritable) {
            conversion = try TraceWriter.convert(trace, to: format, file: file, limits: limits)
        } catch {
            fail("\(shownFile): error: \(error.message); not converted")
            return nil
        }
        if !conversion.losses.isEmpty {
            let losses = "to \(format.rawValue) loses: \(conversion.losses.joined(separator: ", "))"
            guard lossy else {
                fail("\(shownFile): error: \(losses); not converted (--lossy converts anyway)")
                return nil
            }
            Output.error("\(shownFile): warning: \(losses)")
        }
        // The bytes read back, but past a read limit: a name of 20,000 `&`s is 100,000 bytes of XML,
        // past the 64 KiB a string may take.
        if let pastLimit = conversion.pastLimit {
            Output.error(
                "\(output.map(Output.name) ?? shownFile): warning: does not read back within the read limits: \(pastLimit)"
            )
        }
        guard let output else {
            Output.write(String(decoding: conversion.bytes, as: UTF8.self))
            converted = true
            return nil
        }
        guard write(conversion.bytes, to: output, from: spelt) else { return nil }
        converted = true
        return conversion.losses.contains { $0.hasPrefix("label ") } ? trace.label : nil
    }

    /// Converts every trace under `folder` into `out`, keeping the layout, and copies each labels file
    /// `gesture batch` would read there (`*label*.csv` with a `path,label` header, at any depth) with
    /// its paths renamed. The labels the target format cannot hold (XML's) of traces no labels file
    /// labels are written to a new labels file (`labels.csv`, or `traces-labels.csv` beside a copied
    /// one). An `out` inside `folder` is left out of the walk, its labels files too, so a second run
    /// does not convert the first one's output.
    mutating func convert(folder: String, into out: String) {
        let workingDirectory = FileManager.default.currentDirectoryPath
        let (outFolder, inFolder) = (
            Paths.absolute(out, workingDirectory: workingDirectory),
            Paths.absolute(folder, workingDirectory: workingDirectory)
        )
        guard outFolder != inFolder else {
            fail(
                "\(Output.name(out)): error: --out is the folder being converted, \(Output.name(folder)); "
                    + "give another folder")
            return
        }
        // The output's path below the folder (`/out/`), compared with the bytes the walk opens below
        // its root (a name with a control character is shown escaped).
        let skipped =
            outFolder.hasPrefix(inFolder + "/")
            ? Array(outFolder.utf8.dropFirst(inFolder.utf8.count)) + [UInt8(ascii: "/")] : nil
        let rootBytes = Array(CorpusWalker.trimmed(folder).utf8)
        func isSkipped(_ entry: CorpusEntry) -> Bool {
            guard let skipped, entry.fileSystemPath.starts(with: rootBytes) else { return false }
            return entry.fileSystemPath[rootBytes.count...].starts(with: skipped)
        }
        let labelsFiles = Set(CorpusWalker.labelsFiles(under: [folder]))
        var copied: [(path: String, relative: String)] = []
        var lostLabels: [(entry: String, path: String, label: String)] = []
        var traces = 0
        defer {
            // As `gesture batch` says of it: a folder named one level off converted nothing, and said nothing.
            if traces == 0 {
                fail("\(Output.name(folder)): error: no trace files (.json, .csv, .xml) in it; nothing converted")
            }
        }
        for entry in CorpusWalker(roots: [folder]) where !isSkipped(entry) {
            if !labelsFiles.contains(entry.path) { traces += 1 }
            if let problem = entry.problem {
                fail(TraceError(.io, file: entry.path, message: problem).description)
                continue
            }
            if labelsFiles.contains(entry.path) {
                copied.append((entry.path, entry.relativePath))
                continue
            }
            let path = LabelsFile.renamed(Self.ownSpelling(of: entry), to: format)
            if let label = convert(
                file: entry.path, fileSystemPath: entry.fileSystemPath, isRoot: false, to: join(out, path))
            {
                lostLabels.append((entry.labelsPath, path, label))
            }
        }
        // After the traces, whose outputs the copies are checked against.
        for labels in copied { copyLabels(labels.path, to: join(out, labels.relative)) }
        // Only labels `gesture batch` can score (a gesture, `none`, or gestures in sequence,
        // `checkmark+swipe-right`): an unknown one would make the whole file an error, and a trace's own
        // label is reported lost anyway. A trace a labels file labels keeps that label in its copy.
        var labeler = Labeler(configuration: Configuration(profile: .default))
        try? labeler.loadLabels(found: copied.map(\.path), given: [])
        lostLabels.removeAll {
            (try? labeler.label(for: "", traceLabel: $0.label).get()) == nil || labeler.fileLabel(for: $0.entry) != nil
        }
        guard !lostLabels.isEmpty else { return }
        let name = copied.contains { $0.relative == "labels.csv" } ? "traces-labels.csv" : "labels.csv"
        let rows = lostLabels.map { LabelsFile.line([$0.path, $0.label]) }.joined()
        write(Array(("path,label\n" + rows).utf8), to: join(out, name), from: folder)
    }

    /// `entry`'s path below its root as the file system spells it, when that is UTF-8: a name with a
    /// line break is written under that name (it was written as output shows it, `new\u{A}line.csv`,
    /// which the copied labels file's row, `new` and a line break, `line.csv`, did not name).
    static func ownSpelling(of entry: CorpusEntry) -> String {
        let own = entry.labelsPath
        guard own != entry.path else { return entry.relativePath }
        // Escaping never makes or removes a `/`: the same number of names, the last ones.
        let names = entry.relativePath.split(separator: "/", omittingEmptySubsequences: false).count
        return own.split(separator: "/", omittingEmptySubsequences: false).suffix(names).joined(separator: "/")
    }

    /// Copies the labels file `labels` to `output`, each path's extension changed to the new format's,
    /// after the traces: a row whose output was written from another trace (two inputs named alike but
    /// for their extension, `a.json` and `a.csv`, of which one was not converted) is left out, and
    /// said, so that the copy never labels one file twice. So is a row of a trace that could not be
    /// read, converted or written, whose output is not there: it would label nothing. A copy left with
    /// no row by that is not written, so that a second run (`--lossy`) does not find it in its way.
    mutating func copyLabels(_ labels: String, to output: String) {
        let (written, notConverted) = (self.written, self.notConverted)
        func absolute(_ path: String, in file: String) -> String {
            let folder = Paths.folder(of: file)
            return Paths.absolute(path, workingDirectory: Paths.absolute(folder.isEmpty ? "." : folder))
        }
        var (kept, clashed, failed) = (0, [String](), [String]())
        func isConverted(_ path: String) -> Bool {
            let converted = absolute(LabelsFile.renamed(path, to: format), in: output)
            if let from = written[PathKey(converted)],
                PathKey(Paths.absolute(from)) != PathKey(absolute(path, in: labels))
            {
                clashed.append(path)
                return false
            }
            if notConverted.contains(PathKey(absolute(path, in: labels)))
                && !FileManager.default.fileExists(atPath: converted)
            {
                failed.append(path)
                return false
            }
            kept += 1
            return true
        }
        func rows(_ paths: [String]) -> String {
            "\(paths.count) row\(paths.count == 1 ? "" : "s") of \(Output.name(labels)) left out: "
                + "\(Output.name(paths[0]))\(paths.count > 1 ? " and others" : "") not converted"
        }
        do throws(TraceError) {
            let bytes = try TraceReader.load(labels, limits: limits)
            let copy = try LabelsFile.renamingPaths(bytes, file: labels, to: format, keeping: isConverted)
            for warning in copy.warnings { Output.error(warning) }
            if kept == 0 && clashed.isEmpty && !failed.isEmpty {
                Output.error(
                    "\(Output.name(output)): warning: not written: none of the traces \(Output.name(labels)) labels "
                        + "was converted")
                return
            }
            guard write(copy.bytes, to: output, from: labels) else { return }
            if !clashed.isEmpty {
                Output.error("\(Output.name(output)): warning: \(rows(clashed)), another trace's output in its place")
            }
            if !failed.isEmpty { Output.error("\(Output.name(output)): warning: \(rows(failed))") }
        } catch {
            fail(error.description)
        }
    }

    /// Whether the file at `path` is an input of this run other than `input`: a file given (whatever its
    /// path), or a trace or labels file in a folder given, outside the `--out` its walk leaves out.
    /// `--force` replaced one, which was then read as the output of another, or lost.
    func isAnotherInput(_ path: String, than input: String) -> Bool {
        let absolute = Paths.absolute(path)
        if let identity = CorpusWalker.fileIdentity(Array(absolute.utf8)) {
            if identity == CorpusWalker.fileIdentity(Array(Paths.absolute(input).utf8)) { return false }
            if inputFiles.contains(identity) { return true }
        }
        guard TraceFormat(path: absolute) != nil else { return false }
        return inputFolders.contains { folder in
            absolute.hasPrefix(folder + "/")
                && !(outFolder.hasPrefix(folder + "/") && absolute.hasPrefix(outFolder + "/"))
        }
    }

    /// Writes `bytes` to `path`, making its folder; an existing file only with --force. Whether it did.
    @discardableResult
    mutating func write(_ bytes: [UInt8], to path: String, from input: String) -> Bool {
        let key = PathKey(Paths.absolute(path))
        // As every diagnostic shows a name: a control character in one reached the terminal.
        let (shownPath, shownInput) = (Output.name(path), Output.name(input))
        if let earlier = written[key] {
            fail(
                "\(shownPath): error: already written from \(Output.name(earlier)) in this run; \(shownInput) not converted"
            )
            return false
        }
        if FileManager.default.fileExists(atPath: path) {
            guard force else {
                fail("\(shownPath): error: exists; not overwritten (--force overwrites); \(shownInput) not converted")
                return false
            }
            if isAnotherInput(path, than: input) {
                fail("\(shownPath): error: an input of this run; not overwritten; \(shownInput) not converted")
                return false
            }
        }
        let folder = Paths.folder(of: path)
        if let problem = makeFolders(folder) {
            fail(
                "\(shownPath): error: cannot make its folder \(Output.name(folder)): \(Output.reason(problem)); "
                    + "\(shownInput) not converted")
            return false
        }
        if let problem = writeFile(bytes, to: path, replacing: force) {
            fail(
                problem == EEXIST
                    ? "\(shownPath): error: exists; not overwritten (--force overwrites); \(shownInput) not converted"
                    : "\(shownPath): error: cannot write: \(Output.reason(problem)); \(shownInput) not converted")
            return false
        }
        written[key] = input
        return true
    }
}
