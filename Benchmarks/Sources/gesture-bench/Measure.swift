import Foundation
import GestureKit

/// In-process measurements. Each prints one JSON object on stdout for `Benchmarks/run.py`.
enum Measure {
    /// Monotonic nanoseconds.
    static func now() -> UInt64 { DispatchTime.now().uptimeNanoseconds }

    /// CPU seconds this process has used, on every thread: on a busy machine, wall time minus the
    /// time spent waiting for a core.
    static func cpuSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// Wall-clock seconds of each run, and the CPU seconds of all of them.
    struct Runs {
        var wall: [Double] = []
        var cpu = 0.0
    }

    /// Runs `body` until at least `minimumRuns` runs and `minimumSeconds` have passed (and at most
    /// `maximumRuns`).
    static func repeatedly(
        minimumRuns: Int = 3, minimumSeconds: Double = 0.5, maximumRuns: Int = 1_000_000, _ body: () -> Void
    ) -> Runs {
        var runs = Runs()
        var total = 0.0
        let cpuStart = cpuSeconds()
        while runs.wall.count < minimumRuns || (total < minimumSeconds && runs.wall.count < maximumRuns) {
            let start = now()
            body()
            let seconds = Double(now() - start) / 1e9
            runs.wall.append(seconds)
            total += seconds
        }
        runs.cpu = cpuSeconds() - cpuStart
        return runs
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// The best run is the figure reported (as `timeit` does): on a shared machine the slower runs
    /// mostly measure other work. `cpuShare` (CPU ÷ wall over all runs) below 1 means the process
    /// waited for a core.
    static func summary(_ runs: Runs) -> [String: Any] {
        let wall = runs.wall
        return [
            "runs": wall.count, "median": median(wall), "min": wall.min() ?? 0, "max": wall.max() ?? 0,
            "cpuShare": runs.cpu / max(wall.reduce(0, +), 1e-9),
        ]
    }

    static func best(_ runs: Runs) -> Double { runs.wall.min() ?? 0 }

    /// Every file under `directory` with the extension `ext`, in byte order of their paths.
    static func files(under directory: String, ext: String) -> [String] {
        let url = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(atPath: url.path) else { return [] }
        var found: [String] = []
        while let relative = walker.nextObject() as? String {
            if relative.hasSuffix("." + ext) { found.append(url.path + "/" + relative) }
        }
        return found.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    static func load(_ path: String) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            FileHandle.standardError.write(Data("gesture-bench: cannot read \(path)\n".utf8))
            exit(2)
        }
        return Array(data)
    }

    static func format(of path: String) -> TraceFormat {
        if path.hasSuffix(".csv") { return .csv }
        if path.hasSuffix(".xml") { return .xml }
        return .json
    }

    /// Parse only: the format's reader, no validation.
    static func parse(_ bytes: [UInt8], _ format: TraceFormat, file: String) throws(TraceError) -> Trace {
        switch format {
        case .json: try Trace.parseJSON(bytes, file: file)
        case .csv: try Trace.parseCSV(bytes, file: file)
        case .xml: try Trace.parseXML(bytes, file: file)
        }
    }

    // MARK: Commands

    /// Parse-only (or parse and validate) throughput over every file of a format under a folder,
    /// the files read into memory first.
    static func parseCorpus(directory: String, format: TraceFormat, validate: Bool, repeats: Int) -> [String: Any] {
        let ext = format.rawValue
        let paths = files(under: directory, ext: ext)
        let contents = paths.map(load)
        let bytes = contents.reduce(0) { $0 + $1.count }
        var samples = 0
        var errors = 0
        var firstError = ""
        var runs = Runs()
        let cpuStart = cpuSeconds()
        for _ in 0..<repeats {
            samples = 0
            errors = 0
            let start = now()
            for (path, content) in zip(paths, contents) {
                do throws(TraceError) {
                    let trace =
                        validate
                        ? try TraceReader.read(bytes: content, file: path, format: format)
                        : try parse(content, format, file: path)
                    samples += trace.samples.count
                } catch {
                    errors += 1
                    if firstError.isEmpty { firstError = error.description }
                }
            }
            runs.wall.append(Double(now() - start) / 1e9)
        }
        runs.cpu = cpuSeconds() - cpuStart
        let seconds = best(runs)
        return [
            "format": ext, "validate": validate, "files": paths.count, "bytes": bytes, "samples": samples,
            "errors": errors, "firstError": firstError, "seconds": summary(runs),
            "mbPerSecond": Double(bytes) / 1e6 / seconds, "tracesPerSecond": Double(paths.count) / seconds,
            "nsPerSample": seconds * 1e9 / Double(max(samples, 1)),
        ]
    }

    /// Replay cost per sample of one long trace: the whole registry, then each recognizer alone.
    static func replay(file: String, minimumSeconds: Double) -> [String: Any] {
        let bytes = load(file)
        let trace: Trace
        do throws(TraceError) {
            trace = try TraceReader.read(bytes: bytes, file: file, format: format(of: file))
        } catch {
            return ["error": error.description]
        }
        var configurations: [(String, Configuration)] = [("all", Configuration())]
        for definition in Registry.all {
            var configuration = Configuration()
            try! configuration.keepOnly([definition.id])
            configurations.append((definition.id, configuration))
        }
        var results: [[String: Any]] = []
        for (id, configuration) in configurations {
            let classifier = Classifier(configuration: configuration)
            var recognized = 0
            let runs = repeatedly(minimumRuns: 2, minimumSeconds: minimumSeconds) {
                let result = classifier.classify(trace, file: file)
                recognized = result.sequences.reduce(0) { $0 + $1.gestures.count }
            }
            results.append([
                "recognizer": id, "seconds": summary(runs), "recognized": recognized,
                "nsPerSample": best(runs) * 1e9 / Double(trace.samples.count),
            ])
        }
        return ["file": file, "samples": trace.samples.count, "bytes": bytes.count, "results": results]
    }

    /// Cost per sample of parse, parse + validate, and (when `classify`) classify with the whole
    /// registry, for each file (the long sessions).
    static func linearity(files: [String], minimumSeconds: Double, classify: Bool) -> [String: Any] {
        var results: [[String: Any]] = []
        let classifier = Classifier()
        for file in files {
            let bytes = load(file)
            let format = format(of: file)
            var trace: Trace!
            let parseRuns = repeatedly(minimumSeconds: minimumSeconds) {
                trace = try! parse(bytes, format, file: file)
            }
            let readRuns = repeatedly(minimumSeconds: minimumSeconds) {
                trace = try! TraceReader.read(bytes: bytes, file: file, format: format)
            }
            let n = Double(trace.samples.count)
            var result: [String: Any] = [
                "file": file, "format": format.rawValue, "samples": trace.samples.count, "bytes": bytes.count,
                "parseNsPerSample": best(parseRuns) * 1e9 / n, "readNsPerSample": best(readRuns) * 1e9 / n,
                "parseSeconds": summary(parseRuns), "readSeconds": summary(readRuns),
            ]
            if classify {
                var sequences = 0
                let classifyRuns = repeatedly(minimumSeconds: minimumSeconds) {
                    sequences = classifier.classify(trace, file: file).sequences.count
                }
                result["sequences"] = sequences
                result["classifyNsPerSample"] = best(classifyRuns) * 1e9 / n
                result["totalNsPerSample"] = (best(readRuns) + best(classifyRuns)) * 1e9 / n
                result["classifySeconds"] = summary(classifyRuns)
            }
            results.append(result)
        }
        return ["results": results]
    }

    /// Per-trace time for a list of traces (the strokes given to the dollarpy reference): classify
    /// only (traces parsed beforehand, as dollarpy gets its points), and read + classify.
    static func classifyEach(listFile: String, minimumSeconds: Double) -> [String: Any] {
        let paths = String(decoding: load(listFile), as: UTF8.self).split(separator: "\n").map(String.init)
        let contents = paths.map(load)
        let traces = zip(paths, contents).map { path, bytes in
            try! TraceReader.read(bytes: bytes, file: path, format: format(of: path))
        }
        let classifier = Classifier()
        var recognized = 0
        let classifyRuns = repeatedly(minimumSeconds: minimumSeconds) {
            recognized = 0
            for (path, trace) in zip(paths, traces) where classifier.classify(trace, file: path).gesture != "none" {
                recognized += 1
            }
        }
        var sequences = 0
        let totalRuns = repeatedly(minimumSeconds: minimumSeconds) {
            sequences = 0
            for (path, bytes) in zip(paths, contents) {
                let trace = try! TraceReader.read(bytes: bytes, file: path, format: format(of: path))
                sequences += classifier.classify(trace, file: path).sequences.count
            }
        }
        let count = Double(paths.count)
        return [
            "traces": paths.count, "recognized": recognized, "sequences": sequences,
            "classifyMsPerTrace": best(classifyRuns) * 1e3 / count,
            "readAndClassifyMsPerTrace": best(totalRuns) * 1e3 / count,
            "classifySeconds": summary(classifyRuns), "readAndClassifySeconds": summary(totalRuns),
        ]
    }

    /// A fixed amount of work for instruction counting under callgrind: parse (or replay) `file`
    /// `times` times. Run twice with different `times`; the difference excludes start-up.
    static func count(_ what: String, file: String, times: Int) -> [String: Any] {
        let bytes = load(file)
        let format = format(of: file)
        var samples = 0
        switch what {
        case "parse":
            for _ in 0..<times { samples += try! parse(bytes, format, file: file).samples.count }
        case "read":
            for _ in 0..<times {
                samples += try! TraceReader.read(bytes: bytes, file: file, format: format).samples.count
            }
        default:
            let trace = try! TraceReader.read(bytes: bytes, file: file, format: format)
            let classifier = Classifier()
            for _ in 0..<times { samples += classifier.classify(trace, file: file).sequences.count }
        }
        return ["what": what, "file": file, "bytes": bytes.count, "samples": samples, "times": times]
    }
}
