import Foundation

/// One file of a corpus, or a place in it that could not be read.
public struct CorpusEntry: Sendable, Hashable {
    /// The path as output shows it: the root as given, then the path below it. Bytes of a name that
    /// are not UTF-8 are shown as `\xFF`, control characters as `\u{7F}` (see ``PathText``).
    public var path: String
    /// The path below the root it was found under (the file name for a root that is a file); what
    /// `--shard` hashes, so a slice does not depend on where the corpus is mounted.
    public var relativePath: String
    /// Why it cannot be read as a trace, found while walking (a FIFO, a dangling link, a folder
    /// that cannot be listed); `nil` for an ordinary file.
    public var problem: String?
    /// The path's bytes as the file system has them, to open the file with.
    public var fileSystemPath: [UInt8]
    /// Whether the path was given as a root rather than found in a folder: only then is a FIFO or
    /// device read (to its end, as `cat` would); found in a folder, it is never opened.
    public var isRoot: Bool
    /// Which of several roots the entry was found under, by name: the root's last path component
    /// (`../data/dollar1/` → `dollar1`, `.` → the current folder's name), or the root as given when
    /// two roots share that name. `nil` when the walk has a single root. `--group-by dir:N` groups
    /// carry it, so that two corpora's `s01` folders are not taken for one person.
    public var corpus: String?
    /// Whether its folder's listing gave it as a regular file: then it is no symbolic link, and, but
    /// for a hard link, no other name of a labels file (`BatchRunner/includes(_:)` looks no further).
    public var isListedAsRegularFile = false

    /// The path as a labels file's row names it: the file system's own spelling when that is UTF-8
    /// (`new` and a line break, `line.csv`, which `path` shows as `new\u{A}line.csv`), else `path`.
    /// A labels file is UTF-8 text, so it can name such a file, in quotes, though never one whose
    /// name is not UTF-8.
    public var labelsPath: String { Self.labelsPath(fileSystemPath, shown: path) }

    /// `labelsPath` of the file at `fileSystemPath`, which output shows as `path`.
    public static func labelsPath(_ fileSystemPath: [UInt8], shown path: String) -> String {
        guard fileSystemPath.count != path.utf8.count else { return path }
        return String(validating: fileSystemPath, as: UTF8.self) ?? path
    }

    public init(
        path: String, relativePath: String, problem: String? = nil, fileSystemPath: [UInt8]? = nil,
        isRoot: Bool = false, corpus: String? = nil
    ) {
        self.path = path
        self.relativePath = relativePath
        self.problem = problem
        self.fileSystemPath = fileSystemPath ?? Array(path.utf8)
        self.isRoot = isRoot
        self.corpus = corpus
    }
}

/// Walks files and folders the way `gesture batch` needs: folders recursively, in a fixed order
/// (names compared byte by byte, depth first), keeping only trace files (`.json`, `.csv`, `.xml`),
/// skipping hidden files and folders, and never entering a folder twice (so symbolic-link loops end).
/// Across roots too: a folder or file reached from two roots (`dollar1` and `./dollar1`, or
/// `dollar1` and `dollar1/s02`) is walked once, under the root that comes first in path order.
///
/// The walk is lazy: it holds one sorted listing per level of depth, never the whole corpus. Names
/// are read with `readdir` as bytes, so a name that is not UTF-8 is still found and read; output
/// shows it escaped (``PathText/display(_:)``), and the order is that of the shown names.
///
///     for entry in CorpusWalker(roots: ["../shared/datasets/dollar1"]) { print(entry.path) }
public struct CorpusWalker: Sequence, IteratorProtocol {
    private struct Name {
        var bytes: [UInt8]
        var display: String
        /// `display` as UTF-8, which is the order names are walked in (then `bytes`, for names that
        /// display alike).
        var displayBytes: [UInt8]

        /// `readdir`'s `d_type`: a regular file needs no `stat` of its own (reading it checks again).
        var type: UInt8

        init(bytes: [UInt8], type: UInt8) {
            self.bytes = bytes
            display = PathText.display(bytes)
            self.type = type
            // A name shown as it is (nearly every one) shares its bytes.
            displayBytes = display.utf8.count == bytes.count ? bytes : Array(display.utf8)
        }

        static func precedes(_ a: Name, _ b: Name) -> Bool {
            let order = compare(a.displayBytes, b.displayBytes)
            return order != 0 ? order < 0 : compare(a.bytes, b.bytes) < 0
        }

        /// memcmp order, then the shorter first.
        private static func compare(_ a: [UInt8], _ b: [UInt8]) -> Int {
            let common = Swift.min(a.count, b.count)
            let order = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in common == 0 ? 0 : Int(memcmp(a.baseAddress!, b.baseAddress!, common)) }
            }
            return order != 0 ? order : a.count - b.count
        }
    }

    private struct Frame {
        var folder: [UInt8]
        /// The folder's device and inode.
        var identity: [UInt64]
        var display: String
        var relative: String
        var names: [Name]
        var next = 0
    }

    public static let extensions: Set<String> = ["json", "csv", "xml"]

    private var roots: [String]
    /// Each root's `CorpusEntry/corpus`; empty for a single root.
    private let corpusNames: [PathKey: String]
    /// The `corpus` of the root being walked.
    private var corpus: String?
    private var stack: [Frame] = []
    /// The folders entered, by device and inode, under every root so far.
    private var visited: Set<[UInt64]> = []
    /// The files given as roots, by the name each has in its folder (symbolic links resolved), when
    /// there are several roots: a file found in a folder under the same name is the same one, given
    /// twice (`batch corpus corpus/a.json`). By name, not by inode: two hard links are two names,
    /// each a trace of its own, as a walk finds them (with a root file beside them, both were one).
    private let rootFiles: Set<NamedFile>
    /// Those of `rootFiles` already yielded.
    private var yieldedRootFiles: Set<NamedFile> = []

    /// A file as its folder lists it: the folder's device and inode, and the name in it.
    struct NamedFile: Hashable {
        var folder: [UInt64]
        var name: [UInt8]

        /// The name `path` has in its folder, its symbolic links resolved (`realpath`); nil when it
        /// cannot be resolved.
        init?(resolving path: [UInt8]) {
            let resolved = (path + [0]).withUnsafeBufferPointer { bytes in
                bytes.withMemoryRebound(to: CChar.self) { realpath($0.baseAddress!, nil) }
            }
            guard let resolved else { return nil }
            defer { free(resolved) }
            let full = Array(UnsafeBufferPointer(start: resolved, count: strlen(resolved))).map {
                UInt8(bitPattern: $0)
            }
            guard let slash = full.lastIndex(of: UInt8(ascii: "/")),
                case .folder(let folder) = FileKind(slash == 0 ? [UInt8(ascii: "/")] : Array(full[..<slash]))
            else { return nil }
            self.folder = folder
            name = Array(full[(slash + 1)...])
        }

        init(folder: [UInt64], name: [UInt8]) {
            self.folder = folder
            self.name = name
        }
    }

    /// - Parameter roots: Files and folders; sorted and deduplicated so the walk does not depend on
    ///   the order they were given in.
    public init(roots: [String]) {
        self.roots = CorpusWalker.distinct(roots.map(CorpusWalker.trimmed)).sorted(by: PathOrder.precedes).reversed()
        corpusNames = CorpusWalker.corpusNames(self.roots)
        var rootFiles: Set<NamedFile> = []
        if self.roots.count > 1 {
            for root in self.roots where root != "-" {
                let bytes = Array(root.utf8)
                if case .file = FileKind(bytes), let named = NamedFile(resolving: bytes) { rootFiles.insert(named) }
            }
        }
        self.rootFiles = rootFiles
    }

    /// Whether a file is one given as a root that was already yielded; if not, it is now. `named`
    /// when the caller has it (a file found in a folder); otherwise `path` is resolved, only when
    /// there are root files.
    private mutating func isRepeatedRootFile(_ path: [UInt8], named known: NamedFile? = nil) -> Bool {
        guard !rootFiles.isEmpty, let named = known ?? NamedFile(resolving: path), rootFiles.contains(named)
        else { return false }
        return !yieldedRootFiles.insert(named).inserted
    }

    /// The name of each root among several (see `CorpusEntry/corpus`).
    /// A root's own name: the last name of its absolute path (`../data/dollar1/` → `dollar1`, `.` → the
    /// working directory's name).
    static func rootName(_ root: String, workingDirectory: String) -> String {
        let name = (Paths.absolute(root, workingDirectory: workingDirectory) as NSString).lastPathComponent
        return name.isEmpty ? root : name
    }

    static func corpusNames(_ roots: [String]) -> [PathKey: String] {
        guard roots.count > 1 else { return [:] }
        let folder = FileManager.default.currentDirectoryPath
        let names = roots.map { root -> String in root == "-" ? root : rootName(root, workingDirectory: folder) }
        var count: [String: Int] = [:]
        for name in names { count[name, default: 0] += 1 }
        return Dictionary(
            zip(roots, names).map { root, name in (PathKey(root), count[name]! > 1 ? root : name) },
            uniquingKeysWith: { first, _ in first })
    }

    public mutating func next() -> CorpusEntry? {
        while true {
            if var frame = stack.popLast() {
                guard frame.next < frame.names.count else { continue }
                let name = frame.names[frame.next]
                frame.next += 1
                stack.append(frame)
                if let entry = visit(frame, name) { return entry }
                continue
            }
            guard let next = roots.popLast() else { return nil }
            corpus = corpusNames[PathKey(next)]
            if next == "-" { return CorpusEntry(path: "-", relativePath: "-", isRoot: true, corpus: corpus) }
            let bytes = Array(next.utf8)
            // Shown as the names found in folders are: a root named with a control character is
            // escaped in output as they are, and read by its bytes.
            let display = PathText.display(bytes)
            let name = (display as NSString).lastPathComponent
            let kind = FileKind(bytes)
            switch kind {
            case .folder(let identity):
                guard visited.insert(identity).inserted else { continue }
                if let entry = enter(bytes, identity: identity, display: display, relative: "") { return entry }
            case .missing(let code):
                let problem =
                    code != ENOENT
                    ? TraceReader.cannotRead(code)
                    : FileKind.isSymbolicLink(bytes) ? TraceReader.danglingLink : "cannot read: no such file or folder"
                return CorpusEntry(
                    path: display, relativePath: name, problem: problem, fileSystemPath: bytes, isRoot: true,
                    corpus: corpus)
            case .file, .other:
                // A file named on the command line is read whatever its extension (or kind).
                if case .file = kind, isRepeatedRootFile(bytes) { continue }
                return CorpusEntry(
                    path: display, relativePath: name, fileSystemPath: bytes, isRoot: true, corpus: corpus)
            }
        }
    }

    /// Looks at one name inside a folder: yields a trace file, descends into a folder, skips the rest.
    private mutating func visit(_ frame: Frame, _ name: Name) -> CorpusEntry? {
        guard name.bytes.first != UInt8(ascii: ".") else { return nil }
        let bytes = frame.folder + [UInt8(ascii: "/")] + name.bytes
        let path = frame.display + "/" + name.display
        let below = frame.relative.isEmpty ? name.display : frame.relative + "/" + name.display
        let isTrace = CorpusWalker.isTraceName(name.bytes)
        func entry(_ problem: String?) -> CorpusEntry {
            CorpusEntry(path: path, relativePath: below, problem: problem, fileSystemPath: bytes, corpus: corpus)
        }
        // A regular file (as the folder listing says) that is not a trace is skipped, and one that is
        // needs no `stat`: the reader checks what it opened. Anything else is looked at.
        let named = rootFiles.isEmpty ? nil : NamedFile(folder: frame.identity, name: name.bytes)
        if name.type == UInt8(DT_REG) {
            guard isTrace && !isRepeatedRootFile(bytes, named: named) else { return nil }
            var listed = entry(nil)
            listed.isListedAsRegularFile = true
            return listed
        }
        switch FileKind(bytes) {
        case .folder(let identity):
            guard visited.insert(identity).inserted else { return nil }
            return enter(bytes, identity: identity, display: path, relative: below)
        case .file:
            return isTrace && !isRepeatedRootFile(bytes, named: named) ? entry(nil) : nil
        case .other(let kind):
            return isTrace ? entry(TraceReader.notARegularFile(kind)) : nil
        case .missing(let code):
            guard isTrace else {
                // A folder (as the listing says) that cannot be looked at — no search permission on the
                // folder it is in, a path past PATH_MAX — may hold traces: it is reported, not skipped
                // (a batch said "1 scored, 0 errors" of a corpus with a folder it could not enter). Any
                // other name that cannot be looked at for a reason other than not being there is too.
                guard name.type == UInt8(DT_DIR) || ![ENOENT, ELOOP, ENOTDIR].contains(code) else { return nil }
                return entry(
                    name.type == UInt8(DT_DIR) ? TraceReader.cannotReadFolder(code) : TraceReader.cannotRead(code))
            }
            if code == ENOENT, FileKind.isSymbolicLink(bytes) { return entry(TraceReader.danglingLink) }
            return entry(TraceReader.cannotRead(code))
        }
    }

    /// Pushes a folder's sorted listing; a folder that cannot be listed is itself reported.
    private mutating func enter(_ folder: [UInt8], identity: [UInt64], display: String, relative: String)
        -> CorpusEntry?
    {
        switch CorpusWalker.list(folder) {
        case .failure(let failure):
            return CorpusEntry(
                path: display, relativePath: relative.isEmpty ? (display as NSString).lastPathComponent : relative,
                problem: TraceReader.cannotReadFolder(failure.code), fileSystemPath: folder, corpus: corpus)
        case .success(let bytes):
            let unsorted = bytes.map { Name(bytes: $0.name, type: $0.type) }
            // Positions are sorted, not the names: moving an integer is cheaper than moving a name.
            let names = unsorted.indices.sorted { Name.precedes(unsorted[$0], unsorted[$1]) }.map { unsorted[$0] }
            stack.append(Frame(folder: folder, identity: identity, display: display, relative: relative, names: names))
            return nil
        }
    }

    /// The names in a folder, as bytes, with their `d_type`, without `.` and `..`; or the `errno` of the failure.
    static func list(_ folder: [UInt8]) -> Result<[(name: [UInt8], type: UInt8)], FileKind.Failure> {
        let stream = (folder + [0]).withUnsafeBufferPointer { path in
            path.withMemoryRebound(to: CChar.self) { opendir($0.baseAddress!) }
        }
        guard let stream else { return .failure(FileKind.Failure(errno)) }
        defer { closedir(stream) }
        var names: [(name: [UInt8], type: UInt8)] = []
        while true {
            errno = 0
            guard let entry = readdir(stream) else {
                if errno != 0 { return .failure(FileKind.Failure(errno)) }
                return .success(names)
            }
            let name = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            names.append((name, entry.pointee.d_type))
        }
    }

    /// The labels files in the folders under `roots`: CSV files whose name contains `label` (in any
    /// case: `labels.csv`, `Labels-2024.csv`) and whose first line names a `path` and a `label` column.
    /// `gesture batch` reads them as their folders' labels, and never as traces. In walk order, so a
    /// labels file deeper in the tree is read after (and its rows win over) one above it.
    public static func labelsFiles(under roots: [String]) -> [String] {
        var found: [String] = []
        var visited: Set<[UInt64]> = []
        // By bytes, and sorting only what is kept: this walks every folder of a corpus before a batch.
        func walk(_ folder: [UInt8], display: String) {
            guard case .folder(let identity) = FileKind(folder), visited.insert(identity).inserted,
                case .success(let names) = list(folder)
            else { return }
            var candidates: [Name] = []
            var folders: [Name] = []
            for entry in names where entry.name.first != UInt8(ascii: ".") {
                let named = TraceFormat.isLabelsFileName(entry.name)
                switch entry.type {
                case UInt8(DT_REG): if named { candidates.append(Name(bytes: entry.name, type: entry.type)) }
                case UInt8(DT_DIR), UInt8(DT_LNK), UInt8(DT_UNKNOWN):
                    let name = Name(bytes: entry.name, type: entry.type)
                    if case .folder = FileKind(folder + [UInt8(ascii: "/")] + entry.name) {
                        folders.append(name)
                    } else if named {
                        candidates.append(name)
                    }
                default: break
                }
            }
            // A folder's own labels file first, then those below it, which are read later and win.
            for name in candidates.sorted(by: Name.precedes)
            where isLabelsHeader(folder + [UInt8(ascii: "/")] + name.bytes) {
                found.append(display + "/" + name.display)
            }
            for name in folders.sorted(by: Name.precedes) {
                walk(folder + [UInt8(ascii: "/")] + name.bytes, display: display + "/" + name.display)
            }
        }
        for root in distinct(roots.map(trimmed)).sorted(by: PathOrder.precedes) where root != "-" {
            walk(Array(root.utf8), display: root)
        }
        return found
    }

    /// Whether the file's header names a `path` and a `label` column (trimmed, in any case, inside
    /// quotes too: `"Path "`, as convert writes a header `Path ,Label`): its first line that is neither
    /// blank nor a `#` comment, as the labels reader skips them, within its first 16 KB.
    static func isLabelsHeader(_ path: [UInt8]) -> Bool {
        let descriptor = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_NONBLOCK) }
        }
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        let size = 16 * 1024
        var buffer = [UInt8](repeating: 0, count: size)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, size) }
        guard count > 0 else { return false }
        var rest = buffer[..<count]
        if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
        var line = rest
        while true {
            let end = rest.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? rest.endIndex
            line = rest[..<end]
            let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 }
            guard isBlank || line.first == UInt8(ascii: "#"), end < rest.endIndex else { break }
            rest = rest[(end + 1)...]
        }
        let names = String(decoding: line, as: UTF8.self).split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                .trimmingCharacters(in: .whitespaces).lowercased()
        }
        return names.contains("path") && names.contains("label")
    }

    /// A regular file's device and inode (following symbolic links), to tell whether two paths name
    /// one file; `nil` for anything else.
    public static func fileIdentity(_ path: [UInt8]) -> [UInt64]? { FileKind.fileIdentity(path) }

    /// Whether a name ends in `.json`, `.csv` or `.xml`, in any case.
    static func isTraceName(_ name: [UInt8]) -> Bool {
        guard let dot = name.lastIndex(of: UInt8(ascii: ".")) else { return false }
        let suffix = name[(dot + 1)...]
        // ASCII letters only: `.JSON` is a trace file, and no other spelling lowercases to one.
        guard suffix.count <= 4, suffix.allSatisfy({ $0 < 0x80 }) else { return false }
        return extensions.contains(String(decoding: suffix, as: UTF8.self).lowercased())
    }

    /// A name's bytes as the walk shows them: as they are when printable, else escaped as every
    /// diagnostic escapes (`we\u{9}ird`, `\xFF.json` for a byte that is not UTF-8); past
    /// `maxCharacters`, cut with `…`.
    public static func shown(_ bytes: [UInt8], maxCharacters: Int = .max) -> String {
        DiagnosticText.escaped(bytes, maxCharacters: maxCharacters)
    }

    /// `paths` each once, in their first order; byte for byte (`PathKey`), as two spellings of `é` are
    /// two files.
    public static func distinct(_ paths: [String]) -> [String] {
        var seen: Set<PathKey> = []
        return paths.filter { seen.insert(PathKey($0)).inserted }
    }

    /// `path` without the slashes at its end (`corpus/` → `corpus`; `/` stays): how a root is shown.
    public static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// File names as output shows them: exactly the name when it is UTF-8 without control characters;
/// otherwise as every diagnostic shows text (``DiagnosticText``): each control character (C0, DEL and
/// C1) and mark of text direction (U+202E) written `\u{7F}`, each byte that is not part of valid UTF-8
/// written `\xFF`. So every name has one printable, deterministic form that never breaks a line of
/// output or a terminal; a name that literally contains such an escape can look the same as an
/// escaped one there. Batch's JSON and CSV rows carry the name itself where it is UTF-8
/// (`CorpusEntry/labelsPath`).
enum PathText {
    static func display(_ bytes: [UInt8]) -> String {
        // Most names are printable ASCII, shown as they are.
        if bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return String(decoding: bytes, as: UTF8.self) }
        return DiagnosticText.escaped(bytes)
    }
}
