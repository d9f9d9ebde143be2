import Foundation
import GestureKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes `text` to a new file at `path`, or over an existing one when `replacing`; the `errno` of a
/// failure (`EEXIST` when the file exists and may not be replaced), or `nil`. With `open(2)` and
/// `write(2)`: Foundation's `Data.write` costs more than drawing the picture. `flags` adds to the
/// flags of `open(2)` (`O_NOFOLLOW`, so that a link is never written through).
///
/// A file is whole or not there: it is written under a temporary name in its folder
/// (`.gesture-PID-N.tmp`) and given its name only once every byte is written, so a write that
/// fails (a full disk, `ulimit -f`) leaves no partial file and, with `replacing`, the file before
/// as it was; the termination signals wait until it is done. A file replaced keeps its permissions
/// (and owner, where that may be given); a symbolic link (when `flags` allow following one) is written
/// through, to its target. Where a new file cannot stand in (over a device, a FIFO, a dangling link,
/// a file with hard links, a file in a folder where no file may be made), it is written in place.
func writeFile(_ text: String, to path: String, replacing: Bool, flags: Int32 = 0) -> Int32? {
    var text = text
    return text.withUTF8 { writeFile(UnsafeRawBufferPointer($0), to: path, replacing: replacing, flags: flags) }
}

/// `writeFile` for bytes.
func writeFile(_ bytes: [UInt8], to path: String, replacing: Bool, flags: Int32 = 0) -> Int32? {
    bytes.withUnsafeBytes { writeFile($0, to: path, replacing: replacing, flags: flags) }
}

private func writeFile(_ bytes: UnsafeRawBufferPointer, to path: String, replacing: Bool, flags: Int32) -> Int32? {
    Output.holdingSignals {
        var target = path
        var info = stat()
        var mode: mode_t = 0o644
        var owner: (uid_t, gid_t)?
        if lstat(path, &info) == 0 {
            if info.st_mode & S_IFMT == S_IFLNK {
                if flags & O_NOFOLLOW != 0 { return ELOOP }
                guard let resolved = realpath(path, nil) else { return writeInPlace(bytes, to: path, replacing, flags) }
                target = String(cString: resolved)
                free(resolved)
                guard stat(target, &info) == 0 else { return writeInPlace(bytes, to: path, replacing, flags) }
            }
            guard replacing else { return EEXIST }
            // A device or FIFO is written as it is; so is a file with other names (hard links), which
            // a new file in its place would part from them.
            guard info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
                return writeInPlace(bytes, to: path, replacing, flags)
            }
            // As opening it to write would: a file that may not be written is not replaced.
            guard access(target, W_OK) == 0 else { return errno }
            mode = info.st_mode & 0o7777
            owner = (info.st_uid, info.st_gid)
        }
        let folder = Paths.folder(of: target)
        let temporary = (folder.isEmpty ? "" : folder + "/") + ".gesture-\(getpid())-\(nextTemporary()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            // A file that may be written in a folder that may not (no new name can be made there).
            guard owner != nil, errno == EACCES || errno == EPERM else { return errno }
            return writeInPlace(bytes, to: target, replacing, flags)
        }
        // The file replaced keeps its owner where that may be given (as root) and its permissions.
        if let owner, owner != (geteuid(), getegid()) { _ = fchown(descriptor, owner.0, owner.1) }
        if mode != 0o644 { fchmod(descriptor, mode) }
        var failure = writeAndClose(descriptor, bytes)
        if failure == nil { failure = giveName(temporary, target, replacing: replacing) }
        if failure != nil { unlink(temporary) }
        return failure
    }
}

/// Gives the temporary file its name: over what is there when `replacing`, else only where nothing
/// is (`link(2)`, which fails with `EEXIST`, then the temporary name removed).
private func giveName(_ temporary: String, _ target: String, replacing: Bool) -> Int32? {
    if replacing { return rename(temporary, target) == 0 ? nil : errno }
    if link(temporary, target) == 0 {
        unlink(temporary)
        return nil
    }
    let failure = errno
    guard failure != EEXIST else { return EEXIST }
    // A file system without hard links: checked, then renamed.
    var info = stat()
    if lstat(target, &info) == 0 { return EEXIST }
    return rename(temporary, target) == 0 ? nil : errno
}

/// The file written where it is named (a device, a FIFO): opened, truncated when `replacing`.
private func writeInPlace(_ bytes: UnsafeRawBufferPointer, to path: String, _ replacing: Bool, _ flags: Int32) -> Int32?
{
    let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL) | flags, 0o644)
    guard descriptor >= 0 else { return errno }
    return writeAndClose(descriptor, bytes)
}

/// Writes every byte to the open `descriptor` and closes it; the `errno` of the first failure.
private func writeAndClose(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32? {
    let failure = Output.writeAll(descriptor, bytes)
    if close(descriptor) != 0, failure == nil { return errno }
    return failure
}

nonisolated(unsafe) private var temporaries = 0

/// A number for the next temporary file of this process.
private func nextTemporary() -> Int {
    temporaries += 1
    return temporaries
}

/// The folder a file at `path` goes in (`.` for a bare name), and whether it is one: `nil` when
/// nothing is there, `false` when something other than a folder is. For options that name a file to
/// write, checked before the work that makes it.
func outputFolder(for path: String) -> (path: String, isFolder: Bool?) {
    let named = Paths.folder(of: path)
    let folder = named.isEmpty ? "." : named
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder) else { return (folder, nil) }
    return (folder, isFolder.boolValue)
}

/// Checks `path`, the file `option` names to write, before the work that makes it: a usage error
/// when it is empty, a folder, a file that exists (unless `force`), or not in a folder that can be
/// written into. The error shows the names escaped, as every diagnostic does.
func checkOutputFile(_ path: String, for option: String, force: Bool) throws(UsageError) {
    guard !path.isEmpty else { throw UsageError("\(option) \"\": an empty path names no file") }
    let shown = Output.name(path)
    // `out/` names a folder, there or not: writing to it failed once the whole run had been done.
    if path.hasSuffix("/") || path.hasSuffix("/.") || path.hasSuffix("/..") || path == "." || path == ".." {
        throw UsageError("\(option) \(shown) names a folder: name a file")
    }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) {
        if isFolder.boolValue { throw UsageError("\(option) \(shown) is a folder: name a file") }
        if !force { throw UsageError("\(option) \(shown) exists: give --force to overwrite it") }
    }
    // A symbolic link to no file yet is written through: the file is made in its target's folder.
    var written = path
    if let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
        let folder = Paths.folder(of: path)
        written = destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
    }
    let target = outputFolder(for: written)
    let folder = Output.name(target.path)
    switch target.isFolder {
    case nil: throw UsageError("\(option) \(shown): no folder \(folder) to write it in")
    case false: throw UsageError("\(option) \(shown): \(folder) is not a folder")
    case true:
        guard access(target.path, W_OK) == 0 else {
            throw UsageError("\(option) \(shown): cannot write into the folder \(folder): \(Output.reason(errno))")
        }
    }
}

/// Makes `folder` and the folders above it that are missing, as `mkdir -p` does (mode 0777 less the
/// umask), with `mkdir(2)`, whose `errno` says why it failed where Foundation's error only says that
/// it did; the `errno` of a failure (`ENOTDIR` where a file stands in the way), or `nil`.
func makeFolders(_ folder: String) -> Int32? {
    if folder.isEmpty || folder == "/" { return nil }
    var info = stat()
    if stat(folder, &info) == 0 { return info.st_mode & S_IFMT == S_IFDIR ? nil : ENOTDIR }
    if let failure = makeFolders(Paths.folder(of: folder)) { return failure }
    if mkdir(folder, 0o777) != 0, errno != EEXIST { return errno }
    return nil
}
