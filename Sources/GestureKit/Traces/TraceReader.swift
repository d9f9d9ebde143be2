#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a trace from a file or bytes in any supported format, and validates it.
///
///     let trace = try TraceReader.read(path: "Traces/checkmark.json")
///
/// Files are read with `open(2)` and `read(2)`: a failure is an `io` error naming its cause
/// (`cannot read: no such file`, `cannot read: permission denied`, …), a file larger than
/// `limits.fileSize` is refused before it is read, and reading never blocks on a FIFO or device
/// unless the caller allows it.
public enum TraceReader {
    /// Reads and validates the trace in `path`; `-` reads standard input.
    ///
    /// - Parameters:
    ///   - format: Forces a format; otherwise it comes from the extension, or is sniffed from the
    ///     content when the extension is not one of ours (and always for `-`).
    ///   - limits: What the file may hold before it is an error; see ``ReadLimits``.
    ///   - timeUnit: The unit the file's times are in, when the user said (`--time-unit`; the
    ///     adjustment that converts them comes after reading). A `$`-family log's time may step back
    ///     by the clock's 1 ms resolution (``dollarClockResolution``) with only a warning: 1 ms of
    ///     time in this unit, so a step back of one whole second is an error when the unit is seconds.
    public static func read(
        path: String, format: TraceFormat? = nil, limits: ReadLimits = .default,
        timeUnit: TraceAdjustment.TimeUnit? = nil
    ) throws(TraceError) -> Trace {
        let bytes = try load(path, limits: limits)
        return try read(
            bytes: bytes, file: path, format: format ?? (path == "-" ? nil : TraceFormat(path: path)), limits: limits,
            timeUnit: timeUnit)
    }

    /// Reads and validates the file at `fileSystemPath` (its bytes as the file system has them, which
    /// need not be UTF-8), naming it `file` in errors.
    ///
    /// - Parameter allowsSpecialFiles: Whether a FIFO or device is read to its end (for a file the
    ///   user named); otherwise it is an `io` error, without waiting on it.
    public static func read(
        fileSystemPath: [UInt8], file: String, format: TraceFormat? = nil, limits: ReadLimits = .default,
        allowsSpecialFiles: Bool = true, timeUnit: TraceAdjustment.TimeUnit? = nil
    ) throws(TraceError) -> Trace {
        let bytes = try load(
            fileSystemPath: fileSystemPath, file: file, limits: limits, allowsSpecialFiles: allowsSpecialFiles)
        return try read(
            bytes: bytes, file: file, format: format ?? TraceFormat(path: file), limits: limits, timeUnit: timeUnit)
    }

    /// Reads and validates the trace at `path` (`-`: standard input), or at `fileSystemPath` when
    /// given (its bytes as the file system has them, `path` then naming it in errors), and applies
    /// `adjustment` to it: the trace as every command replays it, written once.
    public static func read(
        path: String, fileSystemPath: [UInt8]? = nil, format: TraceFormat?, limits: ReadLimits,
        allowsSpecialFiles: Bool = true, adjustment: TraceAdjustment
    ) throws(TraceError) -> Trace {
        var trace =
            if let fileSystemPath, path != "-" {
                try read(
                    fileSystemPath: fileSystemPath, file: path, format: format, limits: limits,
                    allowsSpecialFiles: allowsSpecialFiles, timeUnit: adjustment.timeUnit)
            } else {
                try read(path: path, format: format, limits: limits, timeUnit: adjustment.timeUnit)
            }
        adjustment.apply(to: &trace)
        return trace
    }

    /// Parses and validates `bytes`; `file` names them in errors. `timeUnit`: as for ``read(path:format:limits:timeUnit:)``.
    public static func read(
        bytes: [UInt8], file: String, format: TraceFormat? = nil, limits: ReadLimits = .default,
        timeUnit: TraceAdjustment.TimeUnit? = nil
    ) throws(TraceError) -> Trace {
        if bytes.count > limits.fileSize { throw tooLarge(file, found: bytes.count, limits: limits) }
        var trace: Trace
        var firstT: Double?
        let format = format ?? TraceFormat(sniffing: bytes)
        switch format {
        case .json: trace = try Trace.parseJSON(bytes, file: file, limits: limits)
        case .csv: trace = try Trace.parseCSV(bytes, file: file, limits: limits)
        case .xml: (trace, firstT) = try Trace.parseXMLKeepingFirstT(bytes, file: file, limits: limits)
        }
        trace.format = format
        // The XML reader gives the times as read in milliseconds, in seconds: 1 ms in another unit is
        // 1 ms / (its length in milliseconds) of them. Its messages quote the file's own `T`.
        let resolution = dollarClockResolution * 0.001 / (timeUnit ?? .ms).seconds
        try TraceValidator.validate(
            &trace, file: file, text: bytes, clockResolution: format == .xml ? resolution : 0,
            clockResolutionText: dollarClockResolutionText,
            fileTime: firstT.map { (name: "T", origin: $0, scale: 1000) }, limits: limits)
        if format == .xml, let warning = Trace.jumpWarning(trace, text: bytes) { trace.warnings.append(warning) }
        return trace
    }

    /// The `$`-family logs stamp points in whole milliseconds.
    public static let dollarClockResolution = 0.001
    /// `dollarClockResolution` as a warning says it.
    static let dollarClockResolutionText = "1 ms"

    /// The bytes of a file, or of standard input for `-`, at most `limits.fileSize` of them.
    public static func load(_ path: String, limits: ReadLimits = .default) throws(TraceError) -> [UInt8] {
        if path == "-" { return try readToEnd(STDIN_FILENO, file: path, knownSize: nil, limits: limits) }
        return try load(fileSystemPath: Array(path.utf8), file: path, limits: limits, allowsSpecialFiles: true)
    }

    /// The bytes of the file at `fileSystemPath`, named `file` in errors.
    ///
    /// The file is opened without blocking and looked at before anything is read: a folder, a file
    /// larger than the limit, or (unless `allowsSpecialFiles`) a FIFO, socket or device is an error.
    /// A named pipe is then read from its writer, waited for if it has not opened it yet.
    /// A file that shrinks while it is read gives what was there; one that grows past the limit is an
    /// error. Permission denied (`EACCES`) gives `cannot read: permission denied`.
    public static func load(
        fileSystemPath: [UInt8], file: String, limits: ReadLimits = .default, allowsSpecialFiles: Bool = true
    ) throws(TraceError) -> [UInt8] {
        guard !fileSystemPath.isEmpty, !fileSystemPath.contains(0) else {
            throw TraceError(.io, file: file, message: "cannot read: no such file")
        }
        func opened(_ flags: Int32) -> Int32 {
            (fileSystemPath + [0]).withUnsafeBufferPointer { path in
                path.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_RDONLY | O_CLOEXEC | flags) }
            }
        }
        var descriptor = opened(O_NONBLOCK)
        guard descriptor >= 0 else {
            let code = errno
            // Said as a walk says it of one found in a folder, not as a file that is not there.
            let dangling = code == ENOENT && FileKind.isSymbolicLink(fileSystemPath)
            // A socket cannot be opened (ENXIO, "no such device or address"): said as a walk says it.
            if code == ENXIO, case .other(let kind) = FileKind(fileSystemPath) {
                throw TraceError(.io, file: file, message: Self.notARegularFile(kind))
            }
            throw TraceError(.io, file: file, message: dangling ? Self.danglingLink : cannotRead(code))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw TraceError(.io, file: file, message: cannotRead(errno)) }
        var knownSize: Int?
        switch info.st_mode & S_IFMT {
        case S_IFDIR:
            throw TraceError(.io, file: file, message: cannotRead(EISDIR))
        case S_IFREG:
            let size = Int(info.st_size)
            if size > limits.fileSize { throw tooLarge(file, found: size, limits: limits) }
            knownSize = size
        default:
            guard allowsSpecialFiles else {
                throw TraceError(
                    .io, file: file, message: Self.notARegularFile(FileKind.name(of: info.st_mode)))
            }
        }
        // From here on, reads of a special file may wait (on a pipe the user named, for instance); a
        // regular file never waits, and keeps its flags (two system calls a file in a batch).
        if info.st_mode & S_IFMT == S_IFIFO {
            // A named pipe whose writer has not opened it yet reads as ended: opened again, waiting for
            // the writer, as `cat` does.
            let waiting = opened(0)
            guard waiting >= 0 else { throw TraceError(.io, file: file, message: cannotRead(errno)) }
            close(descriptor)
            descriptor = waiting
        } else if knownSize == nil {
            let flags = fcntl(descriptor, F_GETFL)
            if flags >= 0 { _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK) }
        }
        return try readToEnd(descriptor, file: file, knownSize: knownSize, limits: limits)
    }

    /// Reads `descriptor` to its end, refusing more than `limits.fileSize` bytes.
    static func readToEnd(
        _ descriptor: Int32, file: String, knownSize: Int?, limits: ReadLimits
    ) throws(TraceError) -> [UInt8] {
        let chunk = 1 << 16
        var bytes: [UInt8] = []
        if let knownSize, knownSize <= limits.fileSize {
            // A regular file: read straight into the array, asking for one byte more than its size so
            // that a short read shows the end without copying through the chunk buffer — and without
            // a second call to see the end, which a read of exactly its size already shows.
            var failure: Int32 = 0
            bytes = [UInt8](unsafeUninitializedCapacity: knownSize + 1) { buffer, count in
                while count <= knownSize {
                    let read = systemRead(descriptor, buffer.baseAddress! + count, knownSize + 1 - count)
                    if read < 0 {
                        if errno == EINTR { continue }
                        failure = errno
                        return
                    }
                    if read == 0 { return }
                    count += read
                    if count == knownSize { return }
                }
            }
            if failure == EAGAIN || failure == EWOULDBLOCK {
                bytes = []  // Inherited non-blocking mode: the general loop below waits for data.
            } else if failure != 0 {
                throw TraceError(.io, file: file, message: cannotRead(failure))
            } else if bytes.count <= knownSize {
                return bytes
            }
            // It grew while being read: carry on in chunks from here, under the size limit.
            if bytes.count > limits.fileSize { throw tooLarge(file, found: nil, limits: limits) }
        }
        bytes.reserveCapacity(min(knownSize ?? chunk, limits.fileSize) + 1)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
        defer { buffer.deallocate() }
        while true {
            let count = systemRead(descriptor, buffer.baseAddress, chunk)
            if count < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    // A descriptor inherited in non-blocking mode: wait for data rather than spin.
                    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                    _ = poll(&request, 1, -1)
                    continue
                }
                throw TraceError(.io, file: file, message: cannotRead(errno))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
            // A file that grew while it was read, or a pipe: the size is not known, only that it is too much.
            if bytes.count > limits.fileSize { throw tooLarge(file, found: nil, limits: limits) }
        }
    }

    /// Why a file of `kind` (`a FIFO`, `a socket`) is not read, wherever it is met.
    static func notARegularFile(_ kind: String) -> String { "cannot read: \(kind), not a regular file" }

    /// Why a folder cannot be walked: `cannot read folder: permission denied`.
    static func cannotReadFolder(_ code: Int32) -> String {
        // EACCES cannot be produced in the tests when they run as root; see the README.
        "cannot read folder: " + (code == EACCES || code == EPERM ? "permission denied" : describe(errno: code))
    }

    /// Why a symbolic link to nothing cannot be read, wherever it is met.
    static let danglingLink = "cannot read: dangling symbolic link"

    /// `cannot read: …` for an `errno` from opening or reading a file.
    public static func cannotRead(_ code: Int32) -> String {
        switch code {
        case ENOENT: return "cannot read: no such file"
        // EACCES cannot be produced in the tests when they run as root; see the README.
        case EACCES, EPERM: return "cannot read: permission denied"
        case EISDIR: return "cannot read: is a directory, expected a trace file"
        case ELOOP: return "cannot read: too many levels of symbolic links"
        default: return "cannot read: " + describe(errno: code)
        }
    }

    /// `strerror`'s text with a lowercase first letter: `input/output error`.
    public static func describe(errno code: Int32) -> String {
        let text = String(cString: strerror(code))
        guard let first = text.first else { return "error \(code)" }
        return first.lowercased() + text.dropFirst()
    }

    static func tooLarge(_ file: String, found: Int?, limits: ReadLimits) -> TraceError {
        TraceError(
            .limitExceeded, file: file,
            message: limits.message("file too large", .fileSize, found: found.map(ReadLimits.bytes)))
    }
}

/// `read(2)`, named apart from `TraceReader.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
