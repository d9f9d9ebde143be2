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
    /// directory itself). Lexical: `.` and `..` are resolved as names, not through links.
    public static func relative(_ path: String, from folder: String, workingDirectory: String? = nil) -> String {
        guard !path.hasPrefix("/"), !folder.isEmpty, folder != "." else { return path }
        let base = workingDirectory ?? FileManager.default.currentDirectoryPath
        func parts(_ text: String) -> [Substring] {
            var result: [Substring] = []
            for part in ((text.hasPrefix("/") ? "" : base + "/") + text).split(separator: "/") where part != "." {
                if part == ".." { _ = result.popLast() } else { result.append(part) }
            }
            return result
        }
        let from = parts(folder)
        let to = parts(path)
        var common = 0
        while common < min(from.count, to.count - 1), from[common] == to[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }
}
