#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path is, following symbolic links.
enum FileKind {
    /// A folder, with its device and inode so a loop can be seen.
    case folder([UInt64])
    /// A regular file, with its device and inode so two paths to it can be seen.
    case file([UInt64])
    /// A FIFO, socket or device (named, as "a FIFO"): never opened, since reading could block.
    case other(String)
    /// `stat` failed, with this `errno`.
    case missing(Int32)

    struct Failure: Error {
        var code: Int32
        init(_ code: Int32) { self.code = code }
    }

    init(_ path: [UInt8]) {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { stat($0.baseAddress!, &info) }
        }
        guard status == 0 else {
            self = .missing(errno)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: self = .folder([UInt64(info.st_dev), UInt64(info.st_ino)])
        case S_IFREG: self = .file([UInt64(info.st_dev), UInt64(info.st_ino)])
        default: self = .other(FileKind.name(of: info.st_mode))
        }
    }

    /// A regular file's device and inode (following symbolic links); `nil` for anything else.
    static func fileIdentity(_ path: [UInt8]) -> [UInt64]? {
        if case .file(let identity) = FileKind(path) { identity } else { nil }
    }

    /// Whether the path itself (not what it points to) is a symbolic link.
    static func isSymbolicLink(_ path: [UInt8]) -> Bool {
        var info = stat()
        let status = (path + [0]).withUnsafeBufferPointer { bytes in
            bytes.withMemoryRebound(to: CChar.self) { lstat($0.baseAddress!, &info) }
        }
        return status == 0 && info.st_mode & S_IFMT == S_IFLNK
    }

    /// What a file that is neither regular nor a folder is, for messages (`a FIFO`).
    static func name(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }
}
