import Foundation

/// Path text, without Foundation's `NSString.deletingLastPathComponent`, which traps on Linux for a
/// name of one character (`x`, `a/`): `--write-config x` and a config file named `c` crashed.
public enum Paths {
    /// The folder a path names its file in, as `deletingLastPathComponent` gives it: `""` for a bare
    /// name (`x`, `x/`), `"/"` for a name in the root, and otherwise the path before its last name,
    /// without trailing slashes (`a//b/` → `a`).
    public static func folder(of path: String) -> String {
        var end = path.endIndex
        while end > path.startIndex, path[path.index(before: end)] == "/" { end = path.index(before: end) }
        if end == path.startIndex { return path.isEmpty ? "" : "/" }
        guard var cut = path[..<end].lastIndex(of: "/") else { return "" }
        while cut > path.startIndex, path[path.index(before: cut)] == "/" { cut = path.index(before: cut) }
        return cut == path.startIndex ? "/" : String(path[..<cut])
    }

    /// `path` as a path from `folder` (both relative to `workingDirectory` unless absolute), so
    /// that a file written in `folder` can name it: `relative("a/t.json", from: "b")` is
    /// `../a/t.json`. An absolute `path` stays as it is, and so does any path from `""` (the working
    /// directory itself). Lexical with a `workingDirectory` given: `.` and `..` are resolved as names.
    /// Without, the two folders are first resolved through symbolic links where they exist, as the
    /// system resolves them when the file is read: from `link/` to a folder elsewhere, `..` is that
    /// folder's parent, not the one `link` lies in (`tune --write-config link/t.json` wrote
    /// `../marks.json` for the `marks.json` beside `link`, which no reader found).
    public static func relative(_ path: String, from folder: String, workingDirectory: String? = nil) -> String {
        guard !path.hasPrefix("/"), !folder.isEmpty, folder != "." else { return path }
        if workingDirectory == nil, let real = resolved(folder), let target = throughLinks(path) {
            return relative(target, fromAbsolute: real)
        }
        let base = workingDirectory ?? FileManager.default.currentDirectoryPath
        func lexical(_ text: String) -> String {
            var result: [Substring] = []
            for part in ((text.hasPrefix("/") ? "" : base + "/") + text).split(separator: "/") where part != "." {
                if part == ".." { _ = result.popLast() } else { result.append(part) }
            }
            return "/" + result.joined(separator: "/")
        }
        return relative(lexical(path), fromAbsolute: lexical(folder))
    }

    /// The absolute path of an existing folder, every symbolic link on the way followed; nil when it
    /// cannot be resolved (it does not exist).
    static func resolved(_ folder: String) -> String? {
        guard let real = realpath(folder, nil) else { return nil }
        defer { free(real) }
        return String(validatingCString: real)
    }

    /// `path` made absolute with its folder resolved through symbolic links, as the system resolves
    /// it when the file is read (`link/../t.json` is the `t.json` beside the folder `link` leads to,
    /// not the one beside `link`); its last name kept, a link or not. Lexically (`absolute`) where
    /// the folder cannot be resolved.
    public static func absoluteThroughLinks(_ path: String) -> String { throughLinks(path) ?? absolute(path) }

    /// `absoluteThroughLinks`, or nil where the folder cannot be resolved (or the path ends in `.`
    /// or `..`, no file's name).
    private static func throughLinks(_ path: String) -> String? {
        let folder = Self.folder(of: path)
        guard let real = resolved(folder.isEmpty ? "." : folder), let name = path.split(separator: "/").last,
            name != ".", name != ".."
        else { return nil }
        return (real == "/" ? "" : real) + "/" + name
    }

    /// `path` from `folder`, both absolute and without `.`, `..` or links: `../a/t.json`, or the name
    /// alone in the same folder.
    static func relative(_ path: String, fromAbsolute folder: String) -> String {
        let from = folder.split(separator: "/")
        let to = path.split(separator: "/")
        var common = 0
        while common < min(from.count, to.count - 1), from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }

    /// `path` made absolute against `folder` (the working directory by default), with `.` and `..`
    /// resolved lexically (symbolic links are not followed), so two spellings of one file compare equal.
    public static func absolute(_ path: String, workingDirectory folder: String? = nil) -> String {
        let folder = folder ?? FileManager.default.currentDirectoryPath
        // As bytes ("/" and "." are one byte in UTF-8 and in no other character's encoding): a batch
        // makes one of these per labels row and per trace.
        var whole = path.hasPrefix("/") ? path : folder + "/" + path
        return whole.withUTF8 { bytes in
            var result: [UInt8] = []
            result.reserveCapacity(bytes.count + 1)
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != UInt8(ascii: "/") { end += 1 }
                let part = bytes[start..<end]
                if part.elementsEqual(".".utf8) || part.isEmpty {
                    // Nothing: "a/./b" and "a//b" are "a/b".
                } else if part.elementsEqual("..".utf8) {
                    while let last = result.popLast(), last != UInt8(ascii: "/") {}
                } else {
                    result.append(UInt8(ascii: "/"))
                    result.append(contentsOf: part)
                }
                start = end + 1
            }
            return result.isEmpty ? "/" : String(decoding: result, as: UTF8.self)
        }
    }
}

/// A path as the file system has it, compared and hashed byte for byte. Swift's `String` compares and
/// hashes by canonical equivalence, so `é` written as one character and as `e` with a combining accent
/// are one `String`, but two files on Linux: a set or a dictionary of paths is keyed by this.
public struct PathKey: Hashable, Sendable {
    public let bytes: [UInt8]

    public init(_ path: String) { bytes = Array(path.utf8) }
}

/// Values by path: byte for byte first, and else by canonical equivalence where one path only is so.
/// A labels file typed with `é` as one character still labels a file whose name macOS wrote as `e` and
/// an accent; two files whose names differ so are each labelled by their own row.
struct PathTable<Value: Sendable & Equatable>: Sendable {
    private var exact: [PathKey: Value] = [:]
    /// By `String`, which compares by canonical equivalence: the value, and the bytes of the one path it
    /// was set for; `nil` once two paths that differ in their bytes were set (exact matches only).
    private var equivalent: [String: (bytes: PathKey, value: Value)?] = [:]

    var isEmpty: Bool { exact.isEmpty }

    /// The value of `path`: its own, or that of the one path equivalent to it.
    subscript(path: String) -> Value? {
        if let value = exact[PathKey(path)] { return value }
        if case let entry?? = equivalent[path] { return entry.value }
        return nil
    }

    /// The value set for exactly these bytes.
    func value(exactly path: String) -> Value? { exact[PathKey(path)] }

    mutating func set(_ value: Value, for path: String) {
        let key = PathKey(path)
        exact[key] = value
        switch equivalent[path] {
        case nil: equivalent[path] = .some((key, value))
        case let entry?? where entry.bytes == key: equivalent[path] = .some((key, value))
        default: equivalent[path] = .some(nil)
        }
    }
}
