import Dispatch
import Foundation

/// Writes a benchmark corpus: `traces` synthetic traces, each as JSON, CSV and (one finger at a
/// time only) `$`-XML, and single long sessions.
///
/// Layout under `root`, so that `gesture batch` scores every folder by its name:
///
///     json/p0/checkmark/checkmark-000000.json    (p0…p9: tenths of the corpus, for memory-vs-size runs)
///     csv/p0/checkmark/checkmark-000000.csv
///     xml/p0/checkmark/checkmark-000000.xml
///     long/long-1000000.json, .csv, .xml          (the XML session has no two-finger gestures)
///     manifest.json                               (what was written: counts and bytes)
///
/// Trace *i* comes from its own generator, `SplitMix64(seed:index:)`, so a smaller corpus holds the
/// same traces as the first part of a larger one.
struct Corpus {
    var root: String
    var seed: UInt64
    var traces: Int
    var longSizes: [Int]

    /// Traces per `p` folder.
    var partSize: Int { max(1, (traces + 9) / 10) }

    func write() throws -> [String: Any] {
        let started = DispatchTime.now().uptimeNanoseconds
        let workers = max(1, ProcessInfo.processInfo.activeProcessorCount)
        let chunk = 512
        let chunks = (traces + chunk - 1) / chunk
        let totals = Totals()
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            var writer = TraceWriter()
            var local = Tally()
            var madeFolders = Set<String>()
            for c in stride(from: worker, to: chunks, by: workers) where totals.failure == nil {
                for index in (c * chunk)..<min(traces, (c + 1) * chunk) {
                    var rng = SplitMix64(seed: seed, index: UInt64(index))
                    let kind = Kind.pick(&rng)
                    let rows = Synth.trace(kind, &rng)
                    let name = "\(kind.stem)-\(String(index).leftPadded(6))"
                    let folder = "p\(index / partSize)/\(kind.label)"
                    let clock = 10_000_000 + rng.int(0, 80_000_000)
                    for format in ["json", "csv", "xml"] {
                        if format == "xml" && kind.isMultiTouch { continue }
                        let directory = "\(root)/\(format)/\(folder)"
                        writer.reset()
                        switch format {
                        case "json": writer.json(rows, name: name)
                        case "csv": writer.csv(rows, name: name)
                        default: writer.xml(rows, name: name, clock: clock)
                        }
                        do {
                            if madeFolders.insert(directory).inserted {
                                try FileManager.default.createDirectory(
                                    atPath: directory, withIntermediateDirectories: true)
                            }
                            try writeFile("\(directory)/\(name).\(format)", writer.bytes)
                        } catch {
                            totals.fail(error)
                            return
                        }
                        local.add(format, bytes: writer.bytes.count, samples: rows.count, label: kind.label)
                    }
                }
            }
            totals.merge(local)
        }
        if let failure = totals.failure { throw failure }

        var long: [[String: Any]] = []
        try FileManager.default.createDirectory(atPath: "\(root)/long", withIntermediateDirectories: true)
        for size in longSizes {
            var rng = SplitMix64(seed: seed, index: UInt64(size), stream: 1)
            let rows = Synth.session(samples: size, multiTouch: true, &rng)
            var xmlRng = SplitMix64(seed: seed, index: UInt64(size), stream: 2)
            let xmlRows = Synth.session(samples: size, multiTouch: false, &xmlRng)
            var writer = TraceWriter()
            var entry: [String: Any] = ["samples": size]
            for format in ["json", "csv", "xml"] {
                writer.reset()
                let name = "long-\(size)"
                switch format {
                case "json": writer.json(rows, name: name)
                case "csv": writer.csv(rows, name: name)
                default: writer.xml(xmlRows, name: name, clock: 10_000_000)
                }
                let path = "\(root)/long/\(name).\(format)"
                try writeFile(path, writer.bytes)
                entry[format] = ["path": path, "bytes": writer.bytes.count]
            }
            long.append(entry)
        }

        let tally = totals.tally
        var formats: [String: Any] = [:]
        for format in ["json", "csv", "xml"] {
            formats[format] = [
                "files": tally.files[format, default: 0], "bytes": tally.bytes[format, default: 0],
                "samples": tally.samples[format, default: 0], "path": "\(root)/\(format)",
                "part": "\(root)/\(format)/p0",
            ]
        }
        return [
            "generator": Corpus.version, "seed": seed, "traces": traces, "partSize": partSize,
            "labels": tally.labels, "formats": formats, "long": long,
            "seconds": Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9,
        ]
    }

    /// Bumped whenever the traces a seed gives change, so cached corpora are rebuilt.
    static let version = 1
}

/// Counts of what one worker wrote.
struct Tally {
    var files: [String: Int] = [:]
    var bytes: [String: Int] = [:]
    var samples: [String: Int] = [:]
    /// Traces per label (counted on the JSON files, which hold every trace).
    var labels: [String: Int] = [:]

    mutating func add(_ format: String, bytes count: Int, samples rows: Int, label: String) {
        files[format, default: 0] += 1
        bytes[format, default: 0] += count
        samples[format, default: 0] += rows
        if format == "json" { labels[label, default: 0] += 1 }
    }

    mutating func merge(_ other: Tally) {
        files.merge(other.files, uniquingKeysWith: +)
        bytes.merge(other.bytes, uniquingKeysWith: +)
        samples.merge(other.samples, uniquingKeysWith: +)
        labels.merge(other.labels, uniquingKeysWith: +)
    }
}

/// The workers' tallies, merged under a lock.
final class Totals: @unchecked Sendable {
    private let lock = NSLock()
    private var merged = Tally()
    private var firstFailure: (any Error)?

    /// Records the first error a worker met; the others stop at their next file.
    func fail(_ error: any Error) {
        lock.lock()
        if firstFailure == nil { firstFailure = error }
        lock.unlock()
    }

    var failure: (any Error)? {
        lock.lock()
        defer { lock.unlock() }
        return firstFailure
    }

    func merge(_ tally: Tally) {
        lock.lock()
        merged.merge(tally)
        lock.unlock()
    }

    var tally: Tally {
        lock.lock()
        defer { lock.unlock() }
        return merged
    }
}

struct WriteError: Error, CustomStringConvertible {
    var description: String
}

func writeFile(_ path: String, _ bytes: [UInt8]) throws {
    guard let file = fopen(path, "wb") else { throw WriteError(description: "cannot write \(path)") }
    defer { fclose(file) }
    let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
    guard written == bytes.count else { throw WriteError(description: "short write to \(path)") }
}

extension String {
    func leftPadded(_ width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
