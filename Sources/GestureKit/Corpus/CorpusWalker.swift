import Foundation

/// One file of a corpus, or a place in it that could not be read.
public struct CorpusEntry: Sendable, Hashable {
    /// The path as output shows it: the root as given, then the path below it.
    public var path: String
    /// The path below the root it was found under (the file name for a root that is a file); what
    /// `--shard` hashes, so a slice does not depend on where the corpus is mounted.
    public var relativePath: String
    /// Why it cannot be read as a trace, found while walking (a FIFO, a dangling link, a folder
    /// that cannot be listed); `nil` for an ordinary file.
    public var problem: String?
}

/// Walks files and folders the way `gesture batch` needs: folders recursively, in a fixed order
/// (names compared byte by byte, depth first), keeping only trace files (`.json`, `.csv`, `.xml`),
/// skipping hidden files and folders, and never entering a folder twice (so symbolic-link loops end).
///
/// The walk is lazy: it holds one sorted listing per level of depth, never the whole corpus.
///
///     for entry in CorpusWalker(roots: ["../shared/datasets/dollar1"]) { print(entry.path) }
public struct CorpusWalker: Sequence, IteratorProtocol {
    private struct Frame {
        var folder: String
        var relative: String
        var names: [String]
        var next = 0
    }

    public static let extensions: Set<String> = ["json", "csv", "xml"]

    private var roots: [String]
    private var stack: [Frame] = []
    private var root = ""
    private var visited: Set<[UInt64]> = []

    /// - Parameter roots: Files and folders; sorted and deduplicated so the walk does not depend on
    ///   the order they were given in.
    public init(roots: [String]) {
        self.roots = Array(Set(roots.map(CorpusWalker.trimmed))).sorted(by: PathOrder.precedes).reversed()
    }

    public mutating func next() -> CorpusEntry? {
        while true {
            if var frame = stack.popLast() {
                guard frame.next < frame.names.count else { continue }
                let name = frame.names[frame.next]
                frame.next += 1
                stack.append(frame)
                if let entry = visit(folder: frame.folder, relative: frame.relative, name: name) { return entry }
                continue
            }
            guard let next = roots.popLast() else { return nil }
            root = next
            visited = []
            if next == "-" { return CorpusEntry(path: "-", relativePath: "-", problem: nil) }
            let name = (next as NSString).lastPathComponent
            switch FileKind(next) {
            case .folder(let identity):
                visited.insert(identity)
                if let entry = enter(next, relative: "") { return entry }
            case .missing:
                return CorpusEntry(path: next, relativePath: name, problem: "cannot read: no such file or folder")
            case .file, .other:
                // A file named on the command line is read whatever its extension.
                return CorpusEntry(path: next, relativePath: name, problem: nil)
            }
        }
    }

    /// Looks at one name inside a folder: yields a trace file, descends into a folder, skips the rest.
    private mutating func visit(folder: String, relative: String, name: String) -> CorpusEntry? {
        guard !name.hasPrefix(".") else { return nil }
        let path = folder + "/" + name
        let below = relative.isEmpty ? name : relative + "/" + name
        let isTrace = CorpusWalker.extensions.contains((name as NSString).pathExtension.lowercased())
        switch FileKind(path) {
        case .folder(let identity):
            guard visited.insert(identity).inserted else { return nil }
            return enter(path, relative: below)
        case .file:
            return isTrace ? CorpusEntry(path: path, relativePath: below, problem: nil) : nil
        case .other:
            return isTrace ? CorpusEntry(path: path, relativePath: below, problem: "cannot read: not a regular file") : nil
        case .missing:
            return isTrace ? CorpusEntry(path: path, relativePath: below, problem: "cannot read: dangling symbolic link") : nil
        }
    }

    /// Pushes a folder's sorted listing; a folder that cannot be listed is itself reported.
    private mutating func enter(_ folder: String, relative: String) -> CorpusEntry? {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
            return CorpusEntry(
                path: folder, relativePath: relative.isEmpty ? (folder as NSString).lastPathComponent : relative,
                problem: "cannot read folder: permission denied")
        }
        stack.append(Frame(folder: folder, relative: relative, names: names.sorted(by: PathOrder.bytesPrecede)))
        return nil
    }

    private static func trimmed(_ path: String) -> String {
        var path = path
        while path.count > 1, path.hasSuffix("/") { path.removeLast() }
        return path
    }
}

/// What a path is, following symbolic links.
enum FileKind {
    /// A folder, with its device and inode so a loop can be seen.
    case folder([UInt64])
    case file
    /// A FIFO, socket or device: never opened, since reading could block.
    case other
    case missing

    init(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            self = .missing
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .folder([UInt64(info.st_dev), UInt64(info.st_ino)])
        case S_IFREG: self = .file
        default: self = .other
        }
    }
}

/// The one order of paths that every batch output uses: component by component, each compared byte
/// by byte. It is the order of the walk, and `merge-scores` sorts shards' rows by it.
public enum PathOrder {
    ///
    /// Comparing component by component is comparing the bytes with `/` ranked below every other
    /// byte (a component that ends first sorts first), which needs no splitting.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        func rank(_ byte: UInt8) -> UInt16 { byte == UInt8(ascii: "/") ? 0 : UInt16(byte) + 1 }
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case let (x?, y?) where x != y: return rank(x) < rank(y)
            default: continue
            }
        }
    }

    public static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// FNV-1a, 64-bit: the same on every machine and run, unlike `Hasher`.
    public static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
