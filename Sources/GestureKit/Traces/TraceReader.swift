import Foundation

/// Reads a trace from a file or bytes in any supported format, and validates it.
///
///     let trace = try TraceReader.read(path: "Traces/checkmark.json")
public enum TraceReader {
    /// Reads and validates the trace in `path`; `-` reads standard input.
    ///
    /// - Parameter format: Forces a format; otherwise it comes from the extension, or is sniffed from
    ///   the content when the extension is not one of ours (and always for `-`).
    public static func read(path: String, format: TraceFormat? = nil) throws(TraceError) -> Trace {
        let bytes = try load(path)
        return try read(bytes: bytes, file: path, format: format ?? (path == "-" ? nil : TraceFormat(path: path)))
    }

    /// Parses and validates `bytes`; `file` names them in errors.
    public static func read(bytes: [UInt8], file: String, format: TraceFormat? = nil) throws(TraceError) -> Trace {
        var trace: Trace
        let format = format ?? TraceFormat(sniffing: bytes)
        switch format {
        case .json: trace = try Trace.parseJSON(bytes, file: file)
        case .csv: trace = try Trace.parseCSV(bytes, file: file)
        case .xml: trace = try Trace.parseXML(bytes, file: file)
        }
        try TraceValidator.validate(
            &trace, file: file, text: bytes, clockResolution: format == .xml ? TraceReader.dollarClockResolution : 0)
        return trace
    }

    /// The `$`-family logs stamp points in whole milliseconds.
    public static let dollarClockResolution = 0.001

    /// The bytes of a file, or of standard input for `-`.
    public static func load(_ path: String) throws(TraceError) -> [UInt8] {
        if path == "-" {
            return Array(FileHandle.standardInput.readDataToEndOfFile())
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw TraceError(.io, file: path, message: "cannot read: no such file")
        }
        if isDirectory.boolValue {
            throw TraceError(.io, file: path, message: "cannot read: is a directory, expected a trace file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw TraceError(.io, file: path, message: "cannot read: permission denied or not a regular file")
        }
        return Array(data)
    }
}
