/// How much a reader accepts before it gives up on a file: every input is treated as hostile, so
/// each resource a file could make the tool spend has a ceiling, and going past one is a clear
/// `limit-exceeded` error placed where it happened, naming the limit and how to raise it.
///
/// | name | default | what it bounds | where |
/// | --- | --- | --- | --- |
/// | `file-size` | 256 MiB | bytes read from one file or from standard input | every format |
/// | `samples` | 10,000,000 | samples in one trace | every format |
/// | `touches` | 20 | touches down at the same time | every format (validator) |
/// | `nesting` | 512 | levels of JSON arrays and objects | JSON |
/// | `line-length` | 1 MiB | bytes in one CSV record or comment line | CSV |
/// | `string-length` | 64 KiB | bytes of one JSON string (as written, between its quotes), one CSV field or one XML attribute value | every format |
/// | `digits` | 800 | significant digits of a number that is read (`t`, `x`, `y`, `view`, `T`, `X`, `Y`) | every format |
///
/// A number within `digits` is rounded correctly to the nearest `Double`. The default admits the
/// exact decimal value of every `Double` (at most 767 significant digits), so no number a program
/// printed is refused; a longer one is not a measurement but an input built to make the conversion
/// slow, and is an error rather than silently rounded. Leading zeros are not significant; trailing
/// zeros are.
///
/// JSON and XML documents are often written on a single line, so `line-length` applies to CSV only.
///
///     var limits = ReadLimits()
///     try limits.set("file-size=1G")
///     let trace = try TraceReader.read(path: "big.csv", limits: limits)
public struct ReadLimits: Sendable, Hashable {
    /// Bytes read from one file (or standard input).
    public var fileSize: Int
    /// Samples in one trace.
    public var samples: Int
    /// Touches down at once.
    public var touchesDown: Int
    /// Levels of nested JSON arrays and objects; the document's top-level value is level 1.
    public var nesting: Int
    /// Bytes of one CSV record (or comment line), its line break excluded.
    public var lineLength: Int
    /// Bytes of one string: a JSON string between its quotes, a CSV field, an XML attribute value.
    public var stringLength: Int
    /// Significant digits of a number that is read as a value.
    public var digits: Int

    public init(
        fileSize: Int = 256 << 20, samples: Int = 10_000_000, touchesDown: Int = 20, nesting: Int = 512,
        lineLength: Int = 1 << 20, stringLength: Int = 64 << 10, digits: Int = 800
    ) {
        self.fileSize = fileSize
        self.samples = samples
        self.touchesDown = touchesDown
        self.nesting = nesting
        self.lineLength = lineLength
        self.stringLength = stringLength
        self.digits = digits
    }

    /// The documented defaults.
    public static let `default` = ReadLimits()

    /// The limits by the names `--limit NAME=VALUE` uses.
    public enum Name: String, Sendable, CaseIterable {
        case fileSize = "file-size"
        case samples
        case touches
        case nesting
        case lineLength = "line-length"
        case stringLength = "string-length"
        case digits

        /// Whether the value is a number of bytes (written with an optional K, M, G or T suffix).
        public var isSize: Bool { self == .fileSize || self == .lineLength || self == .stringLength }

        /// What `--limit` expects for it, for messages.
        var placeholder: String { isSize ? "SIZE" : "N" }
    }

    public subscript(name: Name) -> Int {
        get {
            switch name {
            case .fileSize: fileSize
            case .samples: samples
            case .touches: touchesDown
            case .nesting: nesting
            case .lineLength: lineLength
            case .stringLength: stringLength
            case .digits: digits
            }
        }
        set {
            switch name {
            case .fileSize: fileSize = newValue
            case .samples: samples = newValue
            case .touches: touchesDown = newValue
            case .nesting: nesting = newValue
            case .lineLength: lineLength = newValue
            case .stringLength: stringLength = newValue
            case .digits: digits = newValue
            }
        }
    }

    /// Sets one limit from `NAME=VALUE`: a whole number ≥ 1, for sizes optionally followed by `K`,
    /// `M`, `G` or `T` (powers of 1024, any case, an optional `iB` or `B` after it).
    ///
    ///     try limits.set("file-size=1G")     // 1 GiB
    ///     try limits.set("samples=50000000")
    public mutating func set(_ spec: String) throws(ReadLimitsError) {
        let names = Name.allCases.map(\.rawValue).joined(separator: ", ")
        guard let equals = spec.firstIndex(of: "=") else {
            throw ReadLimitsError("--limit: expected NAME=VALUE with NAME one of \(names), found \"\(spec)\"")
        }
        let rawName = String(spec[..<equals])
        let rawValue = String(spec[spec.index(after: equals)...])
        guard let name = Name(rawValue: rawName) else {
            throw ReadLimitsError("--limit: unknown limit \"\(rawName)\": expected one of \(names)")
        }
        guard let value = name.isSize ? Self.size(rawValue) : Int(rawValue), value >= 1 else {
            let expected =
                name.isSize
                ? "a size ≥ 1 (bytes, or with K, M, G or T), below 8 EiB (2^63 bytes)"
                : "a whole number from 1 to \(Int.max)"
            throw ReadLimitsError("--limit \(name.rawValue): expected \(expected), found \"\(rawValue)\"")
        }
        self[name] = value
    }

    /// `1024`, `64K`, `256M`, `1G`, `1GiB`, `2tb`, `100b`… in bytes; `nil` when malformed or too large
    /// for `Int`.
    public static func size(_ text: String) -> Int? {
        var digits = Substring(text.lowercased())
        var unit = 1
        if digits.hasSuffix("ib"), digits.dropLast(2).last.map("kmgt".contains) == true {
            digits = digits.dropLast(2)
        } else if digits.hasSuffix("b") {
            digits = digits.dropLast()
        }
        let shifts: [Character: Int] = ["k": 10, "m": 20, "g": 30, "t": 40]
        if let last = digits.last, let shift = shifts[last] {
            digits = digits.dropLast()
            unit = 1 << shift
        }
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let count = Int(digits) else { return nil }
        let (bytes, overflow) = count.multipliedReportingOverflow(by: unit)
        return overflow ? nil : bytes
    }

    /// A size for people: `256 MiB` when it is a whole number of KiB, MiB, GiB or TiB, else `N bytes`.
    public static func describeSize(_ bytes: Int) -> String {
        for (unit, shift) in [("TiB", 40), ("GiB", 30), ("MiB", 20), ("KiB", 10)] where bytes >= 1 << shift {
            if bytes & ((1 << shift) - 1) == 0 { return "\(bytes >> shift) \(unit)" }
        }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// An exact count of bytes, for what was found: `2048 bytes`.
    public static func bytes(_ count: Int) -> String { count == 1 ? "1 byte" : "\(count) bytes" }

    /// The message of a `limit-exceeded` error: `<what>: expected at most <limit> (the <name> limit)[, found
    /// <found>]; raise it with --limit <name>=<placeholder>`.
    ///
    ///     // "string too long: expected at most 64 KiB (the string-length limit), found 70000 bytes;
    ///     //  raise it with --limit string-length=SIZE"
    ///
    /// `unit` follows a limit that is not a size (` samples`); `unitForOne`, when given, follows a
    /// limit of 1 instead (` sample`: `expected at most 1 sample`, not `1 samples`).
    public func message(
        _ what: String, _ name: Name, unit: String = "", unitForOne: String? = nil, found: String? = nil
    ) -> String {
        let value = self[name]
        let limit = name.isSize ? Self.describeSize(value) : "\(value)\(value == 1 ? unitForOne ?? unit : unit)"
        let found = found.map { ", found \($0)" } ?? ""
        return "\(what): expected at most \(limit) (the \(name.rawValue) limit)\(found); "
            + "raise it with --limit \(name.rawValue)=\(name.placeholder)"
    }
}

/// A malformed `--limit` value.
public struct ReadLimitsError: Error, Sendable, Hashable {
    public var message: String
    public init(_ message: String) { self.message = message }
}
