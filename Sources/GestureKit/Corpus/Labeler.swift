import Foundation

/// Decides the expected gesture of each trace in a batch, first match wins: the `--labels` files
/// (CSV `path,label`, paths relative to each file's folder); the trace's own `label`; the name of its
/// parent folder when that is a gesture name or `none`. Otherwise the trace is unlabelled.
///
/// A label no recognizer of the configuration can produce is an error: up front for a labels file,
/// on the trace's row for a trace's own label. `--label-map check=checkmark,*=none` renames labels from
/// the labels file and the traces before that check; `*` stands for every label that is neither a
/// known gesture nor mapped by name.
///
/// A labels file may have other columns; they are kept, and `column(_:for:)` reads them (a `group`
/// column is what `gesture batch --group-by column:group` groups by).
public struct Labeler: Sendable {
    /// Gesture names the configuration can produce, and `none`.
    public let known: Set<String>
    private var byPath = PathTable<String>()
    /// The path of the row that names each file, by the file's identity (device and inode): a trace
    /// reached by another path (through a symbolic link, another mount point) is still its row's.
    private var rowPathByFile: [[UInt64]: String] = [:]
    /// How many rows of the labels files read give a path a label.
    public private(set) var labelledRows = 0
    /// The other columns of the labels files: column name (lowercased) → absolute path → value.
    private var extraColumns: [String: PathTable<String>] = [:]
    /// Where a row left one of those columns empty (`file:line:column`): column name → absolute path →
    /// place, so that a group missing there is placed in its labels file.
    private var emptyCells: [String: PathTable<String>] = [:]
    private var renames: [String: String] = [:]
    private var otherwise: String?
    private let workingDirectory: String
    /// The labels files read, which a walk over their folders must not read as traces.
    public private(set) var labelsFiles: Set<PathKey> = []
    /// The same files by device and inode: a symbolic link to one, under another name, is that file.
    private var labelsFileIdentities: Set<[UInt64]> = []
    /// Whether a labels file was named through a symbolic link (to it, or to a folder on its way): a
    /// walk may then meet it as a regular file under another path.
    private var labelsFileNamedThroughLink = false

    /// FNV-1a of the labels files' bytes and the label map, in the order given: a shard run with other
    /// labels is another run (`RunIdentity`, whose settings fingerprint it is part of).
    public private(set) var fingerprint = PathOrder.stableHashStart
    /// Why a name that is no gesture of the configuration was likely meant as one (a gesture of a
    /// recognizer left out, or that its values leave out; a recognizer's id): a label, a folder's name
    /// or a `--label-map` target naming one is unknown for that reason, which its message says.
    public let unrecognized: UnrecognizedGestures
    /// `known` by lowercased name, for folder names.
    private let knownByLowercase: [String: String]
    /// What reading the labels files noticed that is not an error: rows for files that do not exist,
    /// a path given twice with one label, a path another labels file labelled otherwise; each placed
    /// at its row.
    public private(set) var warnings: [String] = []

    /// Whether every label is a gesture (`gesture learn`'s examples name gestures no recognizer has
    /// yet): then a trace's folder names its gesture whatever its name.
    public let acceptsAnyLabel: Bool

    public init(configuration: Configuration) {
        known = Set(configuration.entries.flatMap(\.gestures) + ["none"])
        knownByLowercase = Dictionary(known.map { ($0.lowercased(), $0) }, uniquingKeysWith: { a, _ in a })
        workingDirectory = FileManager.default.currentDirectoryPath
        acceptsAnyLabel = false
        unrecognized = UnrecognizedGestures(configuration: configuration)
    }

    /// A labeler for examples of new gestures: any label that can name a gesture (no spaces, commas
    /// or `+`) is one, and a trace's folder names its gesture.
    public init(anyLabel: Void) {
        known = ["none"]
        knownByLowercase = ["none": "none"]
        workingDirectory = FileManager.default.currentDirectoryPath
        acceptsAnyLabel = true
        unrecognized = UnrecognizedGestures()
    }

    /// Parses a `--label-map` value: `from=to` pairs separated by commas; `*=to` for the rest.
    public mutating func setLabelMap(_ spec: String) throws(LabelError) {
        fingerprint = PathOrder.stableHash(("map:" + spec).utf8, from: fingerprint)
        for pair in spec.split(separator: ",", omittingEmptySubsequences: false) {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw LabelError(
                    "--label-map: expected FROM=TO pairs separated by commas, found \"\(DiagnosticText.escaped(String(pair)))\""
                )
            }
            guard known.contains(parts[1]) || (acceptsAnyLabel && Labeler.isName(parts[1])) else {
                if let (reason, remedy) = unrecognized.whyUnrecognized(parts[1]) {
                    throw LabelError("--label-map: \(reason): \(remedy)")
                }
                if let reason = unrecognized.reason(for: parts[1]), case .recognizer(let gestures) = reason,
                    !gestures.isEmpty
                {
                    throw LabelError("--label-map: \(reason.text(for: parts[1]))")
                }
                throw LabelError(
                    "--label-map: unknown gesture \"\(DiagnosticText.escaped(String(parts[1])))\": "
                        + (acceptsAnyLabel ? "" : nearest(parts[1]).map { "did you mean \($0)? " } ?? "")
                        + expected)
            }
            // One name, one gesture, as in a labels file: the last of two would have won unsaid.
            if let earlier = parts[0] == "*" ? otherwise : renames[parts[0]], earlier != parts[1] {
                throw LabelError(
                    "--label-map: \(DiagnosticText.escaped(parts[0])) is mapped to \(earlier) and to \(parts[1]): one "
                        + "name, one gesture")
            }
            if parts[0] == "*" { otherwise = parts[1] } else { renames[parts[0]] = parts[1] }
        }
    }

    /// The largest labels file read (about ten million rows).
    public static let labelsFileLimit = 1 << 30

    /// Reads the labels files found in the folders walked, then those `given` (`--labels`), whose rows
    /// win: a found file that is also given is read with those, so that its rows win too.
    ///
    /// A found file's row for a path that a given file labels is overruled: its label is not
    /// checked (relabelling a corpus's `circle` rows as a gesture of one's own needs no map), and
    /// its other columns (a `group`) still count.
    public mutating func loadLabels(found: [String], given: [String]) throws(LabelError) {
        let named = Set(given.map { Labeler.absolute($0, in: workingDirectory) })
        let found = found.filter { !named.contains(Labeler.absolute($0, in: workingDirectory)) }
        // Each given file read once (`-` can be read only once), before the found ones.
        var texts: [[UInt8]] = []
        var overruled = Set<PathKey>()
        for file in given {
            let bytes = try Self.bytes(of: file)
            texts.append(bytes)
            if !found.isEmpty { overruled.formUnion(rowPaths(bytes, file: file)) }
        }
        for file in found { try loadLabels(bytes: try Self.bytes(of: file), file: file, overruled: overruled) }
        for (file, bytes) in zip(given, texts) { try loadLabels(bytes: bytes, file: file) }
    }

    /// Reads a labels file (`-`: standard input); every label must be known (after the label map).
    public mutating func loadLabels(_ file: String) throws(LabelError) {
        // A folder's labels file that is also given with --labels is read once.
        guard !isLabelsFile(file) else { return }
        try loadLabels(bytes: try Self.bytes(of: file), file: file)
    }

    private static func bytes(of file: String) throws(LabelError) -> [UInt8] {
        switch InputFile.bytes(file, kind: "labels file", limit: Labeler.labelsFileLimit) {
        case .success(let bytes): bytes
        case .failure(let error): throw LabelError("\(file): error: cannot read labels file: \(error.reason)")
        }
    }

    /// The paths a labels file's rows name, as keys; none when it is not one (its errors are said
    /// when it is read).
    private func rowPaths(_ bytes: [UInt8], file: String) -> Set<PathKey> {
        guard let records = try? CSVRecordReader.records(bytes, file: file), let header = records.first,
            let column = Self.columnNames(header).firstIndex(of: "path")
        else { return [] }
        let folder = Paths.folder(of: Labeler.absolute(file, in: workingDirectory))
        return Set(
            records.dropFirst().compactMap { record in
                record.fields.indices.contains(column) ? PathKey(Self.path(of: record.fields[column], in: folder)) : nil
            })
    }

    /// The labels files above `roots` (in the folders over each root, and a file root's own folder:
    /// none of them walked, so none read) that label some of the `unlabelled` traces, with how many
    /// each labels; a batch reads the labels files of the folders it walks, so a batch of
    /// `dollar1/s02` labels none of its traces, and is told that `dollar1/labels.csv` labels them. A
    /// file is named as spelt from the first root it is above (`dollar1/labels.csv` for `dollar1/s02`),
    /// once, nearest roots first; each is read once, at most 16 folders up; files already read
    /// (`--labels`) are left out.
    public func labelsFilesAbove(_ roots: [String], unlabelled: [String]) -> [(file: String, labels: Int)] {
        guard !unlabelled.isEmpty else { return [] }
        let wanted = Set(unlabelled.map { PathKey(Labeler.absolute($0, in: workingDirectory)) })
        var found: [(file: String, labels: Int)] = []
        var seen: Set<PathKey> = []
        var folders: Set<String> = []
        for root in CorpusWalker.distinct(roots.map(CorpusWalker.trimmed)) where root != "-" && !root.isEmpty {
            // A folder's parent, or a file's own folder: the first whose labels files the walk missed.
            var folder = Paths.folder(of: Labeler.absolute(root, in: workingDirectory))
            for up in 1...16 {
                // Each folder listed once, whatever roots are under it.
                if folders.insert(folder).inserted {
                    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
                        .filter { !$0.hasPrefix(".") && TraceFormat.isLabelsFileName(Array($0.utf8)) }
                        .sorted { PathOrder.bytesPrecede($0, $1) }
                    for name in names {
                        let path = folder == "/" ? "/" + name : folder + "/" + name
                        guard seen.insert(PathKey(path)).inserted, !labelsFiles.contains(PathKey(path)),
                            CorpusWalker.isLabelsHeader(Array(path.utf8)),
                            case .success(let bytes) = InputFile.bytes(
                                path, kind: "labels file", limit: Labeler.labelsFileLimit)
                        else { continue }
                        let labels = rowPaths(bytes, file: path).intersection(wanted).count
                        if labels > 0 { found.append((Self.spelt(root, up: up) + name, labels)) }
                    }
                }
                guard folder != "/" else { break }
                folder = Paths.folder(of: folder)
            }
        }
        return found
    }

    /// The folder `up` levels above `root` (a file's own folder is 1 up), spelt from `root` as typed,
    /// lexically, ending in `/` (empty for the working directory): `dollar1/s02` 1 up is `dollar1/`,
    /// 2 up is empty, 3 up `../`.
    static func spelt(_ root: String, up: Int) -> String {
        var parts: [Substring] = []
        for part in root.split(separator: "/") where part != "." {
            if part == "..", let last = parts.last, last != ".." { parts.removeLast() } else { parts.append(part) }
        }
        for _ in 0..<up {
            if let last = parts.last, last != ".." {
                parts.removeLast()
            } else if !root.hasPrefix("/") {
                parts.append("..")
            }
        }
        let text = parts.joined(separator: "/")
        if root.hasPrefix("/") { return text.isEmpty ? "/" : "/" + text + "/" }
        return text.isEmpty ? "" : text + "/"
    }

    /// A labels file's header as its columns are named: trimmed, lowercased.
    private static func columnNames(_ header: CSVRecord) -> [String] {
        header.fields.map { $0.value.trimmingCharacters(in: .whitespaces).lowercased() }
    }

    /// The absolute path a row's `path` field names, its paths starting at the labels file's `folder`.
    private static func path(of field: CSVField, in folder: String) -> String {
        absolute(trimmed(field.value), in: folder)
    }

    /// Where a problem with a field is placed, as the trace CSV reader places one (`CSVScanner.place`):
    /// an unquoted field's first character after the spaces `trimmed` drops (`a.json,  chekmark` at
    /// the `c`), a quoted field's opening quote, a field of spaces alone where it begins.
    private static func valueOffset(of field: CSVField) -> Int {
        guard !field.isQuoted, !trimmed(field.value).isEmpty else { return field.offset }
        let spaces = field.value.unicodeScalars.prefix { CharacterSet.whitespaces.contains($0) }
        return field.offset + spaces.reduce(0) { $0 + UTF8.width($1) }
    }

    /// Reads the text of a labels file named `file` (its folder is where its paths start); a row for a
    /// path in `overruled` (labelled by a file read later, which wins) may have any label.
    public mutating func loadLabels(
        bytes: [UInt8], file: String, overruled: Set<PathKey> = []
    ) throws(LabelError) {
        let absoluteFile = Labeler.absolute(file, in: workingDirectory)
        guard !isLabelsFile(file) else { return }
        fingerprint = PathOrder.stableHash(bytes, from: fingerprint)
        let records: [CSVRecord]
        let comments: [Range<Int>]
        do throws(TraceError) {
            // A UTF-16 file (PowerShell's `>` writes one) is named as such, as the trace readers name
            // it: read as UTF-8 it was only "invalid UTF-8".
            try TextEncoding.requireUTF8(bytes, file: file)
            (records, comments) = try CSVRecordReader.recordsAndComments(bytes, file: file)
        } catch {
            throw LabelError(error.description)
        }
        func place(_ offset: Int) -> String {
            let position = SourcePosition(of: offset, in: bytes)
            return "\(file):\(position.line):\(position.column)"
        }
        guard let header = records.first else {
            // At 1:1, as an empty trace is placed.
            throw LabelError("\(place(0)): error: empty labels file: expected a header \"path,label\"")
        }
        let names = Self.columnNames(header)
        guard let pathColumn = names.firstIndex(of: "path"), let labelColumn = names.firstIndex(of: "label") else {
            throw LabelError(
                "\(place(header.offset)): error: expected a header naming \"path\" and \"label\", found \"\(DiagnosticText.escaped(names.joined(separator: ",")))\""
            )
        }
        // `path` or `label` twice would leave which one counts to chance.
        for column in [pathColumn, labelColumn] {
            if let again = names.indices.first(where: { $0 > column && names[$0] == names[column] }) {
                throw LabelError(
                    "\(place(Self.valueOffset(of: header.fields[again]))): error: a second \"\(names[column])\" column: a labels file "
                        + "names each file once and gives it one label")
            }
        }
        labelsFiles.insert(PathKey(absoluteFile))
        if file != "-", let identity = CorpusWalker.fileIdentity(Array(absoluteFile.utf8)) {
            labelsFileIdentities.insert(identity)
            if let resolved = realpath(absoluteFile, nil) {
                if String(cString: resolved) != absoluteFile { labelsFileNamedThroughLink = true }
                free(resolved)
            }
        }
        // A pipe (`--labels <(…)`, `/dev/fd/63`) has no folder of the corpus: its paths are relative to
        // the current folder, as standard input's are (they were looked for in `/dev/fd`).
        let folder = Labeler.isPipe(absoluteFile) ? workingDirectory : Paths.folder(of: absoluteFile)
        // Other columns are kept (a `group` column for `--group-by column:group`); a name that
        // appears twice is taken from its first column.
        var others: [(name: String, index: Int)] = []
        for (index, name) in names.enumerated()
        where index != pathColumn && index != labelColumn && !name.isEmpty
            && !others.contains(where: { $0.name == name })
        {
            others.append((name, index))
            if extraColumns[name] == nil { extraColumns[name] = PathTable() }
        }
        // This file's rows so far, for duplicates: label and place.
        var rows: [PathKey: (label: String, offset: Int)] = [:]
        // The names in each folder of a row whose file is missing, by canonical equivalence: a row
        // that spells its file's name with other code points still labels it (`PathTable`).
        var namesIn: [String: Set<String>] = [:]
        func isSpeltOtherwise(_ path: String) -> Bool {
            let folder = Paths.folder(of: path)
            if namesIn[folder] == nil {
                namesIn[folder] = Set((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [])
            }
            return namesIn[folder]!.contains((path as NSString).lastPathComponent)
        }
        // Rows with a path and no label; rows whose file does not exist; whose path names a hidden file
        // or folder, which a walk skips; a folder (or is empty, naming this file's): a row labels one
        // file; that give a path another label than an earlier labels file did (this one wins). The
        // first ten of each are said as they come, the rest counted after the last row.
        var unlabelledRows = CappedWarnings("have no label")
        var missing = CappedWarnings("name files that do not exist")
        var hidden = CappedWarnings("name hidden files, which a walk skips")
        var folders = CappedWarnings("name folders, not files")
        var relabelled = CappedWarnings("give a path another label than an earlier labels file")
        defer {
            for kind in [unlabelledRows, missing, hidden, folders, relabelled] {
                if let more = kind.more(in: file) { warnings.append(more) }
            }
        }
        func keepColumns(of record: CSVRecord, for path: String) {
            for other in others {
                let value = Labeler.trimmed(record.fields[other.index].value)
                extraColumns[other.name, default: PathTable()].set(value, for: path)
                if value.isEmpty {
                    emptyCells[other.name, default: PathTable()].set(
                        place(Self.valueOffset(of: record.fields[other.index])), for: path)
                }
            }
        }
        warnings += Self.commentWarnings(bytes, comments: comments, pathColumn: pathColumn, file: file, folder: folder)
        // Every row's error, not the first alone: the first ten, each at its place, then a count.
        var errors: [String] = []
        for record in records.dropFirst() {
            guard record.fields.count == header.fields.count else {
                errors.append(
                    "\(place(record.offset)): error: expected \(header.fields.count) fields, found \(record.fields.count)"
                )
                continue
            }
            let label = record.fields[labelColumn]
            let pathField = record.fields[pathColumn]
            // Fields are read, and so quoted, without the spaces at their ends, as the trace CSV reader
            // quotes a value; `valueOffset` places them at their first character after them.
            let relative = Labeler.trimmed(pathField.value)
            let shownPath = DiagnosticText.escaped(relative)
            // Found only for a message: a place is a scan of the text up to it.
            func pathPlace() -> String { place(Self.valueOffset(of: pathField)) }
            // A row of empty fields is a blank line (a spreadsheet's `,,,` after the last row); a row
            // with no label is one not labelled yet: it labels nothing, and says so.
            let labelText = Labeler.trimmed(label.value)
            if relative.isEmpty, labelText.isEmpty, record.fields.allSatisfy({ Labeler.trimmed($0.value).isEmpty }) {
                continue
            }
            if labelText.isEmpty {
                unlabelledRows.add(
                    "\(place(Self.valueOffset(of: label))): warning: \(relative.isEmpty ? "the row" : shownPath) has no "
                        + "label: the row labels nothing", to: &warnings)
                continue
            }
            let absolute = Self.path(of: pathField, in: folder)
            let key = PathKey(absolute)
            guard let mapped = mapped(labelText) else {
                if overruled.contains(key) {
                    keepColumns(of: record, for: absolute)
                    continue
                }
                errors.append("\(place(Self.valueOffset(of: label))): error: \(unknown(labelText, mapHint: true))")
                continue
            }
            if let earlier = rows[key] {
                guard earlier.label == mapped else {
                    errors.append(
                        "\(pathPlace()): error: \(shownPath) is labelled \(mapped) here and \(earlier.label) on line \(SourcePosition(of: earlier.offset, in: bytes).line): one path, one label"
                    )
                    continue
                }
                warnings.append(
                    "\(pathPlace()): warning: \(shownPath) is listed again (line \(SourcePosition(of: earlier.offset, in: bytes).line), the same label)"
                )
            } else {
                rows[key] = (mapped, pathField.offset)
                if let earlier = byPath.value(exactly: absolute), earlier != mapped {
                    relabelled.add(
                        "\(pathPlace()): warning: \(shownPath) is labelled "
                            + "\(mapped) here and \(earlier) by an earlier labels file: this row, read later, wins",
                        to: &warnings)
                }
                // `-` is standard input, which a labels file may label.
                let identity = CorpusWalker.fileIdentity(Array(absolute.utf8))
                if let identity { rowPathByFile[identity] = absolute }
                if relative != "-", identity == nil, access(absolute, F_OK) != 0, !isSpeltOtherwise(absolute) {
                    missing.add(
                        {
                            // A labels file written on Windows separates folders with `\`, a character a
                            // name may hold here: said when the path read with `/` is a file.
                            let slashed = absolute.replacingOccurrences(of: "\\", with: "/")
                            let hint =
                                slashed != absolute && access(slashed, F_OK) == 0
                                ? " (folders are separated by / here, not \\: \(DiagnosticText.escaped(relative.replacingOccurrences(of: "\\", with: "/"))) is a file)"
                                : ""
                            return
                                "\(pathPlace()): warning: no file \(shownPath) (\(DiagnosticText.escaped(absolute))): the row labels nothing\(hint)"
                        }(), to: &warnings)
                } else if identity == nil, case .folder = FileKind(Array(absolute.utf8)) {
                    folders.add(
                        "\(pathPlace()): warning: \(relative.isEmpty ? "the empty path" : shownPath) "
                            + "(\(DiagnosticText.escaped(absolute))) is a folder, not a file: the row labels nothing "
                            + "(a row labels one trace file)", to: &warnings)
                } else if Labeler.isHidden(relative) {
                    hidden.add(
                        "\(pathPlace()): warning: \(shownPath) is hidden (a name "
                            + "starts with \".\"): a folder's walk skips it, so the row labels it only when it is "
                            + "given as a PATH", to: &warnings)
                }
            }
            byPath.set(mapped, for: absolute)
            labelledRows += 1
            keepColumns(of: record, for: absolute)
        }
        if !errors.isEmpty {
            var lines = Array(errors.prefix(10))
            if errors.count > 10 { lines.append("\(file): error: \(errors.count - 10) more rows with errors") }
            throw LabelError(lines.joined(separator: "\n"))
        }
    }

    /// Whether a labels file is a pipe (`--labels <(…)`, `/dev/fd/63`), whose rows' paths are read from
    /// the current folder.
    public static func isPipe(_ path: String) -> Bool {
        path.hasPrefix("/dev/fd/") || path.hasPrefix("/proc/self/fd/")
    }

    /// The warnings for the comment lines of a labels file (`comments`, from `CSVRecordReader`) that
    /// name a file when read as rows: the first ten, each at its place, then a count.
    ///
    /// A line starting with `#` is a comment, as in a CSV trace, and labels nothing. When the path is
    /// the first column (`pathColumn`), the `#` is the start of a path, and one that names a file in
    /// `folder` (`#1.json,checkmark`) was more likely meant as a row. `gesture batch` says so as it
    /// reads the file, and `gesture convert` as it copies it (leaving its comments out).
    static func commentWarnings(
        _ bytes: [UInt8], comments: [Range<Int>], pathColumn: Int, file: String, folder: String
    ) -> [String] {
        guard pathColumn == 0 else { return [] }
        var warnings: [String] = []
        var commentedFiles = 0
        for comment in comments {
            let text = Array(bytes[comment])
            guard let row = try? CSVRecordReader.records(text, skipsComments: false).first else { continue }
            let written = row.fields[0].value  // unquoted: it starts with `#`
            let path = Labeler.trimmed(written)
            let absolute = Labeler.absolute(path, in: folder)
            guard CorpusWalker.fileIdentity(Array(absolute.utf8)) != nil else { continue }
            commentedFiles += 1
            if commentedFiles <= 10 {
                let position = SourcePosition(of: comment.lowerBound, in: bytes)
                let quoted = "\"" + written + "\"" + String(decoding: text[written.utf8.count...], as: UTF8.self)
                warnings.append(
                    "\(file):\(position.line):\(position.column): warning: a line starting with \"#\" is a comment and "
                        + "labels nothing, but \(DiagnosticText.escaped(path)) (\(DiagnosticText.escaped(absolute))) is "
                        + "a file: to label it, quote its path: \(DiagnosticText.escaped(quoted))")
            }
        }
        if commentedFiles > 10 {
            warnings.append(
                "\(file): warning: \(commentedFiles - 10) more comment lines (starting with \"#\") name files "
                    + "that they do not label")
        }
        return warnings
    }

    /// Whether a labels row's relative path names a hidden file or folder (a name starting with `.`,
    /// other than `.` and `..`), which ``CorpusWalker`` skips.
    static func isHidden(_ relative: String) -> Bool {
        !relative.hasPrefix("/")
            && relative.split(separator: "/").contains { $0.hasPrefix(".") && $0 != "." && $0 != ".." }
    }

    /// The columns of the labels files read other than `path` and `label`, lowercased.
    public var columnNames: Set<String> { Set(extraColumns.keys) }

    /// The value of column `name` (in any case) on the row of the trace at `path` in the labels files,
    /// trimmed of spaces; `nil` when no labels file with that column lists the trace. A later labels
    /// file's row replaces an earlier one's, as for labels.
    ///
    ///     // corpus/labels.csv:  path,label,group
    ///     //                     s01/a.xml,z,left-handed
    ///     labeler.column("group", for: "corpus/s01/a.xml")   // "left-handed"
    public func column(_ name: String, for path: String) -> String? {
        guard let values = extraColumns[name.lowercased()], let row = rowPath(for: path) else { return nil }
        return values[row]
    }

    /// Where the row of the trace at `path` left column `name` empty (`file:line:column`), when it did.
    public func placeOfEmpty(_ name: String, for path: String) -> String? {
        guard let places = emptyCells[name.lowercased()], let row = rowPath(for: path) else { return nil }
        return places[row]
    }

    /// The path under which the labels files list the trace at `path`: its own, or that of the row
    /// naming the same file by another path; `nil` when no row names it. The file is looked at only
    /// when no row names its path, and when some row named a file.
    private func rowPath(for path: String) -> String? {
        guard !byPath.isEmpty else { return nil }
        let absolute = Labeler.absolute(path, in: workingDirectory)
        if byPath[absolute] != nil { return absolute }
        guard !rowPathByFile.isEmpty, let identity = CorpusWalker.fileIdentity(Array(absolute.utf8)) else {
            return nil
        }
        return rowPathByFile[identity]
    }

    /// The expected gesture of the trace at `path`: `.success(nil)` when unlabelled, `.failure` with
    /// a message when the trace's own label is unknown.
    public func label(for path: String, traceLabel: String?) -> Result<String?, LabelError> {
        labelling(for: path, traceLabel: traceLabel).map(\.label)
    }

    /// How a trace was labelled: its label, whether a labels file's row replaced a different label of
    /// the trace's own, and for an unlabelled trace why its folder gave none.
    public struct Labelling: Sendable, Hashable {
        public var label: String?
        /// A labels file's row gave the label, and the trace's own label said something else.
        public var overridesTrace = false
        /// For an unlabelled trace, the name of its folder (which is no gesture of the recognizers;
        /// `whyUnlabelled(folder:)` says why), or "" when the path names no folder.
        public var unlabelledFolder: String?
        /// The name of its folder gave the label: no labels file row, no label of its own.
        public var byFolder = false
    }

    /// The label of the trace at `path` and where it came from (see `label(for:traceLabel:)`).
    ///
    /// `file` is the path as a labels file's row names it (`CorpusEntry/labelsPath`), when `path`,
    /// as output shows it, escapes a character of the name; the folder's label is read from it too.
    public func labelling(
        for path: String, file: String? = nil, traceLabel: String?
    ) -> Result<Labelling, LabelError> {
        if let row = rowPath(for: file ?? path), let label = byPath[row] {
            return .success(Labelling(label: label, overridesTrace: traceLabel.map { mapped($0) != label } ?? false))
        }
        if let traceLabel {
            guard let mapped = mapped(traceLabel) else {
                let message = unknown(traceLabel, where: " in the trace", mapHint: true)
                return .failure(LabelError(message))
            }
            return .success(Labelling(label: mapped))
        }
        // The folder's name as the file system spells it: shown escaped (`st\u{202E}ar`), it would be
        // another name, and one a gesture may have.
        guard let folder = parentFolderName(file ?? path) else { return .success(Labelling(unlabelledFolder: "")) }
        if let label = folderLabel(folder) { return .success(Labelling(label: label, byFolder: true)) }
        return .success(Labelling(unlabelledFolder: folder))
    }

    /// Why a trace that `labelling(for:traceLabel:)` left unlabelled has no label, given its
    /// `Labelling/unlabelledFolder`; what `gesture batch --explain-labels` says of it. A folder named
    /// for a gesture no recognizer of the configuration recognizes, or for a recognizer, says so as a
    /// label naming it would:
    ///
    ///     no labels file, no label of its own, and its folder "swipe-up" names no gesture of the
    ///     recognizers: swipe-up is a gesture of swipe that its parameters leave out (it recognizes
    ///     swipe-left, swipe-right; gesture list shows its values): change them, or map the name
    ///     (--label-map swipe-up=none)
    public func whyUnlabelled(folder: String) -> String {
        let start =
            (labelsFiles.isEmpty ? "no labels file" : "no row in the labels files") + ", no label of its own, and "
        let expecting = " (\(expected))"
        guard !folder.isEmpty else { return start + "its path names no folder" + expecting }
        let shown = DiagnosticText.escaped(folder)
        let named = "its folder \"\(shown)\""
        if let (name, reason) = unrecognized.reason(forAnyCase: folder) {
            if let remedy = reason.remedy {
                return start + "\(named) names no gesture of the recognizers: \(reason.text(for: name)): \(remedy), "
                    + "or map the name (--label-map \(shown)=none)"
            }
            if case .recognizer(let gestures) = reason, !gestures.isEmpty {
                return start + "\(named) names no gesture: \(reason.text(for: name)): put its traces in folders named "
                    + "for those, or label them (--labels)"
            }
        }
        return start + "\(named) is no gesture name" + expecting
    }

    /// The gesture a folder's name names: a name `--label-map` renames (`check=checkmark`, and
    /// `circle=none` for a `circle/` folder, as for a `circle` label), or a known gesture or `none`
    /// in any case (`Z/`). `*=` does not apply: most folders are no label.
    private func folderLabel(_ name: String) -> String? {
        if let renamed = renames[name] { return renamed }
        if known.contains(name) { return name }
        if acceptsAnyLabel { return Labeler.isName(name) ? name : nil }
        if let renamed = renames[name.lowercased()] { return renamed }
        return knownByLowercase[name.lowercased()]
    }

    /// The name of the folder a path names a file in, however the path is spelt: `./a.json` and
    /// `a.json` are in the current folder, whose name it is (`parentName` alone read them as in `.`
    /// and in none). Standard input (`-`) is in none: the current folder's name is no label of it.
    func parentFolderName(_ path: String) -> String? {
        guard path != "-" else { return nil }
        let parent = Self.parentName(path)
        guard parent == nil || parent == "." || parent == ".." else { return parent }
        return Self.parentName(Labeler.absolute(path, in: workingDirectory))
    }

    /// The name of the folder a path names a file in (`a/b/c.json` → `b`), if it names one: the
    /// next-to-last non-empty component. Byte-wise, since it runs for every file of a batch.
    static func parentName(_ path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes -> String? in
            let slash = UInt8(ascii: "/")
            var end = bytes.count
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            while end > 0, bytes[end - 1] != slash { end -= 1 }  // The file name.
            guard end > 0 else { return nil }
            while end > 0, bytes[end - 1] == slash { end -= 1 }
            var start = end
            while start > 0, bytes[start - 1] != slash { start -= 1 }
            return start == end
                ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }

    /// The label a labels file gives the trace at `path`, or `nil` when none lists it.
    public func fileLabel(for path: String) -> String? {
        rowPath(for: path).flatMap { byPath[$0] }
    }

    /// Whether `path` is one of the labels files: by its path, or, for another name of one (a symbolic
    /// or hard link), by the file it is. `isRegular`: a walk listed it as a regular file, as it lists
    /// thousands, and a `stat` each is not free; such a file is a labels file under another path only
    /// when a labels file was named through a link (or is a hard link, not looked for).
    public func isLabelsFile(_ path: String, isRegular: Bool = false) -> Bool {
        guard !labelsFiles.isEmpty else { return false }
        let absolute = Labeler.absolute(path, in: workingDirectory)
        if labelsFiles.contains(PathKey(absolute)) { return true }
        guard !isRegular || labelsFileNamedThroughLink, path != "-",
            let identity = CorpusWalker.fileIdentity(Array(absolute.utf8))
        else { return false }
        return labelsFileIdentities.contains(identity)
    }

    /// `text` without the spaces at its ends (`.whitespaces`: spaces and tabs), quickly when it has none
    /// there, as almost every field of a labels file.
    static func trimmed(_ text: String) -> String {
        guard let first = text.utf8.first, let last = text.utf8.last else { return text }
        func plain(_ byte: UInt8) -> Bool { byte > 0x20 && byte < 0x80 }
        return plain(first) && plain(last) ? text : text.trimmingCharacters(in: .whitespaces)
    }

    /// `path` made absolute against `folder`, with `.` and `..` resolved lexically (symbolic links
    /// are not followed), so two spellings of one file compare equal.
    static func absolute(_ path: String, in folder: String) -> String {
        Paths.absolute(path, workingDirectory: folder)
    }

    /// Whether `label` can name a gesture: not empty, without spaces, commas or `+`
    /// (`RecognizerDefinition.isGestureName`).
    public static func isName(_ label: String) -> Bool { RecognizerDefinition.isGestureName(label) }

    private func mapped(_ label: String) -> String? {
        if let renamed = renames[label] { return renamed }
        if known.contains(label) { return label }
        if acceptsAnyLabel { return Labeler.isName(label) ? label : otherwise }
        // Gestures in sequence, as a trace of several touch sequences is recognized: each one known.
        if label.utf8.contains(UInt8(ascii: "+")) {
            let parts = label.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
            let each = parts.map { renames[$0] ?? (known.contains($0) ? $0 : nil) }
            if parts.count > 1, each.allSatisfy({ $0 != nil && $0 != "none" }) {
                return each.map { $0! }.joined(separator: "+")
            }
        }
        return otherwise
    }

    /// Why `label` is unknown: `unknown label "x"WHERE: expected one of …` (with `mapHint`, then how
    /// to map it), or, when it names a gesture of a recognizer the configuration leaves out or whose
    /// values leave the gesture out, that.
    private func unknown(_ label: String, where place: String = "", mapHint: Bool = false) -> String {
        // Quoted up to 100 characters, as a file name is (a label typed on the recorder page may be
        // hundreds); the map's hint names it whole, or as LABEL where it is cut.
        // Between quotes, a quote in it is written \" (and a backslash \\), as CSV's messages quote.
        let quoted = DiagnosticText.name(label, delimiter: UInt8(ascii: "\""))
        let mapped = quoted == label ? quoted : "LABEL"
        let text = "unknown label \"\(quoted)\"\(place)"
        let parts = label.split(separator: "+", omittingEmptySubsequences: false).map(String.init)
        if let (reason, remedy) = parts.lazy.compactMap(unrecognized.whyUnrecognized).first {
            // The map renames whole labels: a sequence's hint names the whole of it.
            return "\(text): \(reason): \(remedy), or map the label (--label-map \(mapped)=none)"
        }
        if parts.count == 1, let reason = unrecognized.reason(for: label), case .recognizer(let gestures) = reason,
            !gestures.isEmpty
        {
            return "\(text): \(reason.text(for: label)): label each trace with one, or map the label "
                + "(--label-map \(mapped)=\(gestures[0]))"
        }
        // A slip of one (`Checkmark`, `chekmark`) is named first.
        let near = acceptsAnyLabel || parts.count > 1 ? nil : nearest(label)
        return "\(text): " + (near.map { "did you mean \($0)? " } ?? "") + expected
            + (mapHint ? " (or map it with --label-map)" : "")
    }

    /// The gesture (or none) that `label` is a slip of, if any (`Spelling`): a known one, or one of a
    /// recognizer left out, whose own message then says so.
    private func nearest(_ label: String) -> String? { unrecognized.nearest(to: label, known: known) }

    /// What a label may be: `expected one of checkmark, circle, …`, or, where any name is a gesture,
    /// `expected a gesture name without …`.
    private var expected: String {
        acceptsAnyLabel
            ? "expected a gesture name without \(RecognizerDefinition.forbiddenInNames), or none"
            : "expected one of " + known.sorted(by: GestureOrder.precedes).joined(separator: ", ")
    }
}

/// A labels problem: unreadable file, unknown label, bad `--label-map`.
public struct LabelError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
    /// Whether the message starts with its place (`labels.csv:3:7: error: …`), so that it is shown as it is.
    public var isPlaced: Bool { message.contains(": error: ") }
}

/// The order gestures appear in summaries: by name, `none` last.
public enum GestureOrder {
    public static func precedes(_ a: String, _ b: String) -> Bool {
        if a == "none" || b == "none" { return b == "none" && a != "none" }
        return PathOrder.bytesPrecede(a, b)
    }
}

/// One kind of warning about the rows of a labels file: the first ten are said as they come (each at
/// its place), and the rest counted in one line after the last row.
private struct CappedWarnings {
    static let shown = 10
    /// What the rows do, after "N more rows": `have no label`.
    let what: String
    private(set) var count = 0

    init(_ what: String) { self.what = what }

    /// Counts a row, and appends its warning while fewer than ten were said.
    mutating func add(_ warning: @autoclosure () -> String, to warnings: inout [String]) {
        count += 1
        if count <= Self.shown { warnings.append(warning()) }
    }

    /// The line that counts the rows not said, for labels file `file`; `nil` when every one was.
    func more(in file: String) -> String? {
        count > Self.shown ? "\(file): warning: \(count - Self.shown) more rows \(what)" : nil
    }
}
