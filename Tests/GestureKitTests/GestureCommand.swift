import Foundation
import Testing

/// Runs the built `gesture` executable as a user would and checks stdout, stderr and the exit status.
enum GestureCommand {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let executable: URL = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("gesture")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        return packageRoot.appendingPathComponent(".build/debug/gesture")
    }()

    struct Output: Equatable {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs `gesture arguments…` in `folder` (the package root by default), with `input` on standard input.
    static func run(_ arguments: [String], input: String = "", in folder: URL = packageRoot) throws -> Output {
        try launch(executable, arguments, in: folder, input: .text(input))
    }

    /// Runs `executable arguments…` in `folder`, with the standard input the tests run with: its
    /// output, error output and exit status.
    static func process(_ executable: URL, _ arguments: [String], in folder: URL = packageRoot) throws -> Output {
        try launch(executable, arguments, in: folder, input: .inherited)
    }

    /// What a launched process reads on standard input.
    enum StandardInput {
        /// The tests' own.
        case inherited
        /// This text, then its end.
        case text(String)
        /// `/dev/null`.
        case none
    }

    /// Runs `executable arguments…` in `folder` with `input` and, when given, `environment`: its output,
    /// error output and exit status (what `run`, `process` and `bash` share).
    static func launch(
        _ executable: URL, _ arguments: [String], in folder: URL, input: StandardInput,
        environment: [String: String]? = nil
    ) throws -> Output {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        if let environment { process.environment = environment }
        let (stdout, stderr) = (Pipe(), Pipe())
        var stdin: Pipe?
        switch input {
        case .inherited: break
        case .text:
            stdin = Pipe()
            process.standardInput = stdin
        case .none: process.standardInput = FileHandle.nullDevice
        }
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        if case .text(let text) = input, let stdin {
            stdin.fileHandleForWriting.write(Data(text.utf8))
            try stdin.fileHandleForWriting.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self),
            stderr: String(decoding: err, as: UTF8.self))
    }

    /// The bundled traces, sorted, as `Traces/NAME`.
    static var traces: [String] { files(in: "Traces") }

    /// The files of a folder of the package (hidden ones left out), sorted, as `FOLDER/NAME`. When
    /// there are none, a single name that no file has, so that a test parameterised over them fails
    /// saying so rather than passing on zero cases.
    static func files(in folder: String, mayBeEmpty: Bool = false) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: packageRoot.appendingPathComponent(folder).path))
            ?? []
        let found = names.filter { !$0.hasPrefix(".") }.sorted().map { "\(folder)/\($0)" }
        return found.isEmpty && !mayBeEmpty ? ["\(folder)/(no file found in \(folder))"] : found
    }
}

/// What every invalid UTF-8 message ends with: how a file in another encoding is converted.
enum TextEncodingHint {
    static let convert =
        "; a file in another encoding must be converted first, e.g. with iconv -f WINDOWS-1252 -t UTF-8"
}
