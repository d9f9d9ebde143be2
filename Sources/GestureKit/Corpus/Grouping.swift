import Foundation

/// How `gesture batch --group-by` puts the traces of a corpus into groups, to score each group apart
/// (each person, each device): by a folder of the path, a column of the labels files, or the trace's
/// own metadata.
///
/// | spec | the group of a trace |
/// | --- | --- |
/// | `dir:N` | the N-th folder (from 1) of its path below the root it was found under: `dir:1` of `dollar1/s02/fast/x.xml` under `dollar1` is `s02` |
/// | `column:NAME` | the NAME column (in any case) of its row in the `--labels` files; `group` is short for `column:group` |
/// | `meta:subject` | its `subject` metadata (XML `Subject`, JSON `subject`, CSV `# subject:`; see `Trace/subject`) |
///
/// A `dir:N` folder is a place below a root, so in a walk of several roots its group is prefixed
/// with the entry's `CorpusEntry/corpus` and a slash (`dollar1/s02`): two corpora's `s02` folders are
/// two groups. A subject or a column value is taken as the trace or the labels file gives it, since
/// the roots of a walk need not be corpora (`gesture batch corpus/*/*.xml` makes each file a root):
/// two corpora whose subjects share a name put them in one group, unless told apart by a labels
/// column or by `dir:N`.
///
///     let grouping = try Grouping(parsing: "dir:1")
///     let labelsFiles = Set(CorpusWalker.labelsFiles(under: ["corpus"]))   // read as labels, not traces
///     for entry in CorpusWalker(roots: ["corpus"]) where !labelsFiles.contains(entry.path) {
///         let trace = try TraceReader.read(path: entry.path)
///         print(grouping.group(of: entry, trace: trace, labeler: labeler))   // success("s01")
///     }
public struct Grouping: Sendable, Hashable {
    /// Where a trace's group comes from.
    public enum Source: Sendable, Hashable {
        /// The N-th folder (from 1) of the path below its root.
        case folder(Int)
        /// A column of the labels files, by its lowercased name.
        case column(String)
        /// A metadata key of the trace, lowercased; the readers keep `subject` only.
        case metadata(String)
    }

    public let source: Source

    /// The metadata keys `meta:KEY` can name: the only ones the readers keep (see `Trace/subject`).
    public static let metadataKeys = ["subject"]

    /// Parses a `--group-by` value: `dir:N` (N ≥ 1), `column:NAME`, `meta:subject`, or `group`,
    /// short for `column:group`. Names are matched in any case.
    ///
    /// - Throws: `GroupingError` saying what was expected, for any other spec.
    public init(parsing spec: String) throws(GroupingError) {
        let trimmed = spec.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased() == "group" {
            source = .column("group")
            return
        }
        guard let colon = trimmed.firstIndex(of: ":") else {
            throw GroupingError(
                "expected dir:N, column:NAME or meta:subject (or group, short for column:group), found \"\(DiagnosticText.escaped(spec))\""
            )
        }
        let kind = trimmed[..<colon].lowercased()
        let value = String(trimmed[trimmed.index(after: colon)...])
        switch kind {
        case "dir":
            guard let n = Int(value), n >= 1 else {
                throw GroupingError(
                    "dir:N names the N-th folder below each root, counted from 1: expected a whole number ≥ 1 after \"dir:\", found \"\(DiagnosticText.escaped(value))\""
                )
            }
            source = .folder(n)
        case "column":
            guard !value.isEmpty else {
                throw GroupingError("column:NAME names a column of the labels files: expected a name after \"column:\"")
            }
            source = .column(value.lowercased())
        case "meta":
            guard Grouping.metadataKeys.contains(value.lowercased()) else {
                throw GroupingError(
                    "meta:\(DiagnosticText.escaped(value)): the readers keep no such metadata: expected meta:subject")
            }
            source = .metadata(value.lowercased())
        default:
            throw GroupingError(
                "unknown kind of group \"\(DiagnosticText.escaped(String(trimmed[..<colon])))\": expected dir:N, column:NAME or meta:subject"
            )
        }
    }

    /// The spec in its one canonical spelling: `dir:1`, `column:group`, `meta:subject`.
    public var spec: String {
        switch source {
        case .folder(let n): "dir:\(n)"
        case .column(let name): "column:\(name)"
        case .metadata(let key): "meta:\(key)"
        }
    }

    /// Checks, before anything runs, what can be checked up front: a `column:NAME` must be a column
    /// of some labels file the labeler has read.
    public func check(_ labeler: Labeler) throws(GroupingError) {
        guard case .column(let name) = source, !labeler.columnNames.contains(name) else { return }
        let others = labeler.columnNames.sorted(by: PathOrder.bytesPrecede)
        if labeler.labelsFiles.isEmpty {
            throw GroupingError("\(spec) groups by a column of the labels files, and no labels file was given")
        }
        throw GroupingError(
            "\(spec): no labels file has a \"\(DiagnosticText.escaped(name))\" column"
                + (others.isEmpty
                    ? " (they have only path and label)"
                    : " (their other columns: \(others.map { DiagnosticText.escaped($0) }.joined(separator: ", ")))"))
    }

    /// The group of one trace, or a `GroupingError` saying why it has none.
    ///
    /// - Parameters:
    ///   - entry: Where the trace was found: `dir:N` reads its `relativePath` and `corpus`.
    ///   - trace: The trace read from it: `meta:subject` reads its `subject`.
    ///   - labeler: The labels files read: `column:NAME` reads them.
    public func group(of entry: CorpusEntry, trace: Trace, labeler: Labeler) -> Result<String, GroupingError> {
        group(of: entry, trace: Optional(trace), labeler: labeler)
    }

    /// The group, when the trace could not be read: known for `dir:N` and `column:NAME`, which do not
    /// look into the trace.
    func group(of entry: CorpusEntry, trace: Trace?, labeler: Labeler) -> Result<String, GroupingError> {
        func none(_ why: String) -> Result<String, GroupingError> {
            .failure(GroupingError("no group by \(spec): \(why)", path: entry.path))
        }
        switch source {
        case .folder(let n):
            let folders = entry.relativePath.split(separator: "/").dropLast()
            guard n <= folders.count else {
                let shown = "\"\(entry.relativePath)\""
                return none(
                    folders.isEmpty
                        ? "\(shown) has no folder below its root"
                        : "\(shown) has \(folders.count) folder\(folders.count == 1 ? "" : "s") below its root, not \(n)"
                )
            }
            let folder = String(folders[folders.startIndex + n - 1])
            return .success(entry.corpus.map { $0 + "/" + folder } ?? folder)
        case .column(let name):
            guard let value = labeler.column(name, for: entry.labelsPath) else {
                return none("no labels file with a \"\(name)\" column lists this trace")
            }
            guard !value.isEmpty else {
                let place = labeler.placeOfEmpty(name, for: entry.labelsPath).map { " (\($0))" } ?? ""
                return none("its \"\(name)\" in the labels file is empty\(place)")
            }
            return .success(value)
        case .metadata:
            guard let trace else { return none("the trace could not be read") }
            guard let subject = trace.subject else {
                return none(
                    "the trace has no subject (an XML Subject attribute, a JSON \"subject\" key or a CSV \"# subject:\" comment)"
                )
            }
            guard !subject.isEmpty else { return none("the trace's subject is empty") }
            return .success(subject)
        }
    }

    /// The order groups are listed in: by name, runs of digits compared as numbers, so `s2` comes
    /// before `s10`; names equal that way (`s02`, `s2`) by their bytes.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        var x = a.utf8[...]
        var y = b.utf8[...]
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        while let p = x.first, let q = y.first {
            if isDigit(p) && isDigit(q) {
                let m = x.prefix(while: isDigit)
                let n = y.prefix(while: isDigit)
                x = x.dropFirst(m.count)
                y = y.dropFirst(n.count)
                let u = m.drop { $0 == UInt8(ascii: "0") }
                let v = n.drop { $0 == UInt8(ascii: "0") }
                if u.count != v.count { return u.count < v.count }
                if !u.elementsEqual(v) { return u.lexicographicallyPrecedes(v) }
            } else {
                if p != q { return p < q }
                x = x.dropFirst()
                y = y.dropFirst()
            }
        }
        if x.isEmpty != y.isEmpty { return x.isEmpty }
        return PathOrder.bytesPrecede(a, b)
    }
}

/// Why a grouping cannot be used (a bad spec, a column no labels file has), or why a trace has no
/// group under it (its path has no N-th folder, it has no subject). A trace's error names its path.
public struct GroupingError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// The trace that has no group, as output shows its path; `nil` for a problem of the spec.
    public var path: String?

    public init(_ message: String, path: String? = nil) {
        self.message = message
        self.path = path
    }

    /// `path: error: message`, as every diagnostic; the message alone for a problem of the spec.
    public var description: String { path.map { "\($0): error: \(message)" } ?? message }
}
