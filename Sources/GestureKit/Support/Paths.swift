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
}
