#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The bytes of an input that is not a trace — a configuration, templates, labels or scores file —
/// read the way traces are (`TraceReader/load(_:limits:)`): `-` is standard input, and a failure
/// says why.
///
///     let bytes = try InputFile.bytes("config.json", kind: "configuration file", limit: 64 << 20).get()
///     // cannot read configuration file config.json: no such file
public enum InputFile {
    /// - Parameters:
    ///   - kind: What the file is, for the message (`configuration file`).
    ///   - limit: The most bytes it may hold.
    ///   - regularOnly: Whether a FIFO is refused (`KIND PATH is not a regular file`), and `-` is a
    ///     file of that name, for a path that a file names rather than the user (a templates file
    ///     named in a configuration). A device is always refused: it could go on for ever.
    /// - Returns: Its bytes, or the reason it cannot be read: `cannot read KIND PATH: REASON`
    ///   (no such file, permission denied, is a folder, …) or `KIND PATH is larger than N MB`.
    public static func bytes(_ path: String, kind: String, limit: Int, regularOnly: Bool = false)
        -> Result<[UInt8], InputFileError>
    {
        var limits = ReadLimits.default
        limits.fileSize = limit
        let shown = DiagnosticText.escaped(path)
        // A device could go on for ever; a pipe the user named (`<(…)`) ends.
        var info = stat()
        if path != "-", stat(path, &info) == 0, [S_IFCHR, S_IFBLK].contains(info.st_mode & S_IFMT) {
            return .failure(InputFileError("\(kind) \(shown) is not a regular file", reason: "not a regular file"))
        }
        do throws(TraceError) {
            if path == "-", !regularOnly { return .success(try TraceReader.load(path, limits: limits)) }
            return .success(
                try TraceReader.load(
                    fileSystemPath: Array(path.utf8), file: path, limits: limits, allowsSpecialFiles: !regularOnly))
        } catch {
            if error.code == .limitExceeded {
                let size = limit >= 1 << 20 && limit % (1 << 20) == 0 ? "\(limit >> 20) MB" : ReadLimits.bytes(limit)
                return .failure(
                    InputFileError("\(kind) \(shown) is larger than \(size)", reason: "larger than \(size)"))
            }
            if error.message.hasSuffix("not a regular file") {
                return .failure(InputFileError("\(kind) \(shown) is not a regular file", reason: "not a regular file"))
            }
            // The reader's `cannot read: REASON`, without its prefix; a folder said as for a folder.
            let prefix = "cannot read: "
            let reason =
                error.message.hasPrefix(TraceReader.cannotRead(EISDIR))
                ? "is a folder"
                : String(error.message.dropFirst(error.message.hasPrefix(prefix) ? prefix.count : 0))
            return .failure(InputFileError("cannot read \(kind) \(shown): \(reason)", reason: reason))
        }
    }
}

/// Why an input file could not be read (see ``InputFile``).
public struct InputFileError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The whole message: `cannot read labels file x.csv: no such file`.
    public var message: String
    /// Why, alone: `no such file`.
    public var reason: String
    public init(_ message: String, reason: String) {
        self.message = message
        self.reason = reason
    }
    public var description: String { message }
}
