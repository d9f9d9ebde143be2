import Foundation
import Testing

@testable import GestureKit

/// docs/recorder.html in a real browser: headless Chromium, driven by `scripts/recorder-browser.py`
/// through the DevTools protocol's input events (touch and mouse, never the page's own functions);
/// what the page saves is then read, classified and scored by `gesture` as a user would.
@Suite struct RecorderPageTests {
    /// An executable on `PATH`, or nil.
    static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static let chromium = executable("chromium") ?? executable("chromium-browser")
    static let python = executable("python3")
    static let available = chromium != nil && python != nil

    struct Recording: Sendable {
        var folder: URL
        /// The driver's JSON summary.
        var output: Data
        var summary: [String: Any] { (try? JSONSerialization.jsonObject(with: output)) as? [String: Any] ?? [:] }
        var screenshot: [String: Any] { summary["screenshot"] as? [String: Any] ?? [:] }
    }

    /// One browser session for the whole suite (a few seconds): the driver's files and its summary.
    static let recording: Result<Recording, RecordingError> = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-recorder-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python ?? "/usr/bin/python3")
        process.arguments = [
            GestureCommand.packageRoot.appendingPathComponent("scripts/recorder-browser.py").path, folder.path,
            "--chromium", chromium ?? "chromium",
        ]
        let (stdout, stderr) = (Pipe(), Pipe())
        process.standardOutput = stdout
        process.standardError = stderr
        do { try process.run() } catch { return .failure(RecordingError(message: "\(error)")) }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0, (try? JSONSerialization.jsonObject(with: out)) is [String: Any] else {
            return .failure(RecordingError(message: "the driver failed: " + String(decoding: err, as: UTF8.self)))
        }
        return .success(Recording(folder: folder, output: out))
    }()

    struct RecordingError: Error, Sendable, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Unpacks the page's archive `name` with `tar` into the folder `into` of the recording: the folder,
    /// and the files it holds (relative, sorted).
    static func unpack(_ name: String, into: String, in recording: Recording) throws -> (URL, [String]) {
        let folder = recording.folder.appendingPathComponent(into)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let tar = Process()
        tar.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        tar.arguments = ["tar", "-xf", recording.folder.appendingPathComponent(name).path, "-C", folder.path]
        try tar.run()
        tar.waitUntilExit()
        #expect(tar.terminationStatus == 0)
        let files = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }
            .filter { $0.contains(".") }.sorted()
        return (folder, files)
    }

    /// The session of the archive the driver kept as `kept`, from the name the page gave it
    /// (`gestures-SUBJECT-SESSION.tar`): its start in UTC, `20250301T141503Z`, within a day of now.
    static func session(_ kept: String, subject: String, in recording: Recording) throws -> String {
        let names = try #require(recording.summary["archiveNames"] as? [String: String])
        let name = try #require(names[kept])
        let prefix = "gestures-\(subject)-"
        try #require(name.hasPrefix(prefix) && name.hasSuffix(".tar"), "\(name)")
        let session = String(name.dropFirst(prefix.count).dropLast(".tar".count))
        let shape = session.map { $0.isNumber ? "9" : String($0) }.joined()
        try #require(shape == "99999999T999999Z", "\(session)")
        let start = try Date(
            session, strategy: Date.ISO8601FormatStyle(dateSeparator: .omitted, timeSeparator: .omitted))
        #expect(abs(start.timeIntervalSinceNow) < 24 * 3600, "\(session)")
        return session
    }

    static func trace(_ name: String) throws -> Trace {
        try TraceReader.read(path: try recording.get().folder.appendingPathComponent(name).path)
    }

    static func classify(_ name: String) throws -> [String: Any] {
        let path = try recording.get().folder.appendingPathComponent(name).path
        let output = try GestureCommand.run(["classify", "--format", "jsonl", path])
        #expect(output.stderr == "")
        return try #require(JSONSerialization.jsonObject(with: Data(output.stdout.utf8)) as? [String: Any])
    }

    /// The recognizers of a classify row's first sequence, by id.
    static func recognizers(_ row: [String: Any]) throws -> [String: [String: Any]] {
        let sequences = try #require(row["sequences"] as? [[String: Any]])
        let list = try #require(sequences.first?["recognizers"] as? [[String: Any]])
        return Dictionary(uniqueKeysWithValues: list.map { ($0["id"] as! String, $0) })
    }

    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aCheckmarkDrawnWithTouchIsSavedAndClassifiedAsACheckmark() throws {
        let trace = try Self.trace("checkmark.json")
        #expect(Set(trace.samples.map(\.touch)).count == 1)
        #expect(trace.samples.map(\.phase) == [.began] + Array(repeating: .moved, count: 16) + [.ended])
        // Times come from the events' stamps: 16 ms apart, as they were sent, each to within the
        // browser's clock (steps of 15.5 ms have been seen on a loaded machine, at the 0.5 ms bound
        // this test had and just past it in floating point).
        let steps = zip(trace.samples.dropFirst(), trace.samples).map { $0.time - $1.time }.prefix(17)
        #expect(steps.allSatisfy { abs($0 - 0.016) < 0.001 }, "\(steps)")
        // Positions in CSS pixels of the drawing area: Traces/checkmark.json's, moved by (40, -250).
        #expect(trace.samples.first?.location == Point(x: 160, y: 150))
        #expect(trace.samples.last?.location == Point(x: 290, y: 50))
        let view = try #require(trace.view)
        #expect(view.width > 300 && view.height > 200)
        let row = try Self.classify("checkmark.json")
        #expect(row["gesture"] as? String == "checkmark")
        // What the page saved converts to every format and back (XML only with --lossy: times and view).
        for format in [TraceFormat.json, .csv] {
            let conversion = try TraceWriter.convert(trace, to: format, file: "checkmark.json")
            #expect(conversion.losses == [])
            #expect(
                TraceWriterTests.sameBits(
                    trace, try TraceReader.read(bytes: conversion.bytes, file: "-", format: format)))
        }
    }

    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aTwoFingerPinchGivesTwoTouchesAndAPinch() throws {
        let trace = try Self.trace("pinch.json")
        let touches = Set(trace.samples.map(\.touch))
        #expect(touches.count == 2)
        #expect(trace.samples.prefix(2).map(\.phase) == [.began, .began])
        #expect(trace.samples.suffix(2).map(\.phase) == [.ended, .ended])
        #expect(trace.samples.count == 2 * 22)
        #expect(try Self.classify("pinch.json")["gesture"] as? String == "pinch")
    }

    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aCancelledTouchIsRecordedAsCancelled() throws {
        let trace = try Self.trace("cancelled.json")
        #expect(trace.samples.last?.phase == .cancelled)
        #expect(trace.samples.filter { $0.phase == .cancelled }.count == 1)
        let recognizers = try Self.recognizers(try Self.classify("cancelled.json"))
        // The pan was waiting for the shapes to fail: on hold, it has the cancel first and fails, as a
        // UIKit pan still possible does (handed it after the shapes, it began on the cancelled touch).
        for shape in ["checkmark", "z", "circle", "swipe", "pan"] {
            let failure = recognizers[shape]?["failure"] as? [String: Any]
            #expect(failure?["code"] as? String == "touch-cancelled", "\(shape)")
        }
    }

    /// The guided mode's archive unpacks (with tar) into a folder `gesture batch` scores as it is.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func theGuidedArchiveUnpacksIntoAFolderThatBatchScores() throws {
        let recording = try Self.recording.get()
        let session = try Self.session("gestures-t1.tar", subject: "t1", in: recording)
        let name = "t1-\(session)"
        #expect(recording.summary["prompt"] as? String == "Done: 4 gestures saved in gestures-\(name).tar.")
        let (folder, files) = try Self.unpack("gestures-t1.tar", into: "t1", in: recording)
        #expect(
            files == [
                "checkmark/\(name)-01.json", "checkmark/\(name)-02.json", "labels-\(name).csv", "none/\(name)-01.json",
                "swipe-left/\(name)-01.json",
            ])
        #expect(
            try String(contentsOf: folder.appendingPathComponent("labels-\(name).csv"), encoding: .utf8) == """
                path,label,subject,session
                checkmark/\(name)-01.json,checkmark,t1,\(session)
                checkmark/\(name)-02.json,checkmark,t1,\(session)
                swipe-left/\(name)-01.json,swipe-left,t1,\(session)
                none/\(name)-01.json,none,t1,\(session)

                """)
        let shapes = ["--recognizers", "checkmark,z,circle,swipe"]
        let rows = try GestureCommand.run(
            ["batch", "--format", "jsonl"] + shapes + ["t1"], in: recording.folder)
        #expect(rows.status == 0 && rows.stderr == "")
        #expect(
            try ConvertCommandTests.scored(rows.stdout) == [
                "t1/checkmark/\(name)-01.json checkmark checkmark true",
                "t1/checkmark/\(name)-02.json checkmark checkmark true", "t1/none/\(name)-01.json none none true",
                "t1/swipe-left/\(name)-01.json swipe-left swipe-left true",
            ])
        // Per person, by the traces' own subject or by the labels file's column.
        for spec in ["meta:subject", "column:subject"] {
            let text = try GestureCommand.run(
                ["batch", "--group-by", spec] + shapes + ["t1"], in: recording.folder)
            #expect(text.stdout.hasPrefix("4 traces: 4 scored, 0 unlabelled, 0 errors\naccuracy 100% (4 of 4)\n"))
            #expect(text.stdout.contains("group  scored  checkmark  swipe-left  none  false alarms\nt1          4 "))
        }
        // Each trace carries its label and subject, and the archive converts to CSV and scores the same.
        let trace = try TraceReader.read(path: folder.appendingPathComponent("none/\(name)-01.json").path)
        #expect(trace.label == "none" && trace.subject == "t1" && trace.name == "none-\(name)-01")
        let converted = try GestureCommand.run(
            ["convert", "t1", "--to", "csv", "--out", "t1-csv"], in: recording.folder)
        #expect(converted.status == 0 && converted.stderr == "")
        let again = try GestureCommand.run(
            ["batch", "--format", "jsonl"] + shapes + ["t1-csv"], in: recording.folder)
        #expect(
            again.stdout
                == rows.stdout.replacingOccurrences(of: "t1/", with: "t1-csv/").replacingOccurrences(
                    of: ".json", with: ".csv"))
    }

    /// A guided drawing goes on across lifts until Next: a double tap keeps both taps, an x both strokes.
    /// A subject id of 72 characters, the most (its labels file's name is then 100 bytes, ustar's name
    /// field), makes paths too long for the name field: the folder goes in the header's prefix, so `tar`
    /// unpacks every file whole. Finish now saves what was kept after a reload was refused.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aGuidedSessionKeepsEveryStrokeAndLongNamesAndCanFinishEarly() throws {
        let recording = try Self.recording.get()
        let summary = recording.summary
        let subject = "study2024-lab-b-" + String(repeating: "participant-0123456789-", count: 2) + "xxxxxxxxxx"
        try #require(subject.count == 72)
        let name = "\(subject)-\(try Self.session("gestures-long.tar", subject: subject, in: recording))"
        #expect(summary["nextAfterOneTap"] as? Bool == true)
        #expect(summary["guidedStatus"] as? String == "4 samples, 2 touches")
        #expect(summary["beforeUnload"] as? String == "beforeunload")
        #expect(
            summary["finishPrompt"] as? String == "Finished early: 2 of 3 gestures saved in gestures-\(name).tar.")
        let messages = summary["planMessages"] as? [String: String] ?? [:]
        #expect(messages["checkmarkx2, circle×1000000000"] == "at most 1,000 drawings in all, not 1,000,000,002")
        #expect(messages["swipe/left×2"]?.contains("letters A–Z and a–z, digits, -, _ and +") == true)
        #expect(
            messages["double-tapx1, x×1, checkmark×1"]
                == "the subject id is too long: at most 72 characters (it names the files, which the archive holds "
                + "to 100 characters)")
        let (folder, files) = try Self.unpack("gestures-long.tar", into: "long", in: recording)
        #expect(files == ["double-tap/\(name)-01.json", "labels-\(name).csv", "x/\(name)-01.json"])
        #expect("labels-\(name).csv".utf8.count == 100)
        let taps = try TraceReader.read(path: folder.appendingPathComponent("double-tap/\(name)-01.json").path)
        #expect(taps.samples.filter { $0.phase == .began }.count == 2)
        #expect(Set(taps.samples.map(\.touch)).count == 2)
        #expect(try Self.classify("long/double-tap/\(name)-01.json")["gesture"] as? String == "double-tap")
        let x = try TraceReader.read(path: folder.appendingPathComponent("x/\(name)-01.json").path)
        #expect(x.samples.filter { $0.phase == .began }.count == 2)
        #expect(x.samples.filter { $0.phase == .ended }.count == 2)
        let rows = try GestureCommand.run(
            [
                "batch", "--format", "jsonl", "--label-map", "x=none", "--recognizers",
                "checkmark,z,circle,swipe,double-tap", "long",
            ], in: recording.folder)
        #expect(rows.status == 0 && rows.stderr == "")
        #expect(
            try ConvertCommandTests.scored(rows.stdout) == [
                "long/double-tap/\(name)-01.json double-tap double-tap true",
                "long/x/\(name)-01.json none none true",
            ])
    }

    /// Two sessions of one subject (the first ended early with Finish now, then one started again) are
    /// told apart by their start: their archives have names of their own, which the browser keeps, and
    /// so have their traces and labels files. Unpacked into one folder, neither overwrites the other's
    /// files (they shared `checkmark/t5-01.json` and `labels.csv`), and `gesture batch` finds both labels
    /// files and scores every trace, labelled, one group per session.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func twoSessionsOfOneSubjectUnpackIntoOneFolderWithoutOverwritingEachOther() throws {
        let recording = try Self.recording.get()
        _ = try Self.unpack("gestures-t5-first.tar", into: "t5", in: recording)
        let (folder, files) = try Self.unpack("gestures-t5-second.tar", into: "t5", in: recording)
        // Nothing lost, whatever the names: 1 + 3 traces, each scored with its label.
        #expect(files.filter { $0.hasSuffix(".json") }.count == 4, "\(files)")
        let shapes = ["--recognizers", "checkmark,z,circle,swipe"]
        let scored = try GestureCommand.run(["batch"] + shapes + ["t5"], in: recording.folder)
        #expect(scored.status == 0 && scored.stderr == "")
        #expect(scored.stdout.hasPrefix("4 traces: 4 scored, 0 unlabelled, 0 errors\naccuracy 100% (4 of 4)\n"))
        // The archives, traces and labels files are named after their sessions.
        let first = try Self.session("gestures-t5-first.tar", subject: "t5", in: recording)
        let second = try Self.session("gestures-t5-second.tar", subject: "t5", in: recording)
        #expect(first < second)
        #expect(
            recording.summary["twoSessionsPrompts"] as? [String] == [
                "Finished early: 1 of 3 gestures saved in gestures-t5-\(first).tar.",
                "Done: 3 gestures saved in gestures-t5-\(second).tar.",
            ])
        let (a, b) = ("t5-\(first)", "t5-\(second)")
        #expect(
            files == [
                "checkmark/\(a)-01.json", "checkmark/\(b)-01.json", "checkmark/\(b)-02.json", "labels-\(a).csv",
                "labels-\(b).csv", "none/\(b)-01.json",
            ])
        #expect(
            try String(contentsOf: folder.appendingPathComponent("labels-\(a).csv"), encoding: .utf8) == """
                path,label,subject,session
                checkmark/\(a)-01.json,checkmark,t5,\(first)

                """)
        let names = try ["checkmark/\(a)-01.json", "checkmark/\(b)-01.json"].map {
            try TraceReader.read(path: folder.appendingPathComponent($0).path).name
        }
        #expect(names == ["checkmark-\(a)-01", "checkmark-\(b)-01"])
        let rows = try GestureCommand.run(["batch", "--format", "jsonl"] + shapes + ["t5"], in: recording.folder)
        #expect(rows.status == 0 && rows.stderr == "")
        #expect(
            try ConvertCommandTests.scored(rows.stdout) == [
                "t5/checkmark/\(a)-01.json checkmark checkmark true",
                "t5/checkmark/\(b)-01.json checkmark checkmark true",
                "t5/checkmark/\(b)-02.json checkmark checkmark true", "t5/none/\(b)-01.json none none true",
            ])
        // Both labels files are read, each trace grouped by its row's session.
        let text = try GestureCommand.run(
            ["batch", "--group-by", "column:session"] + shapes + ["t5"], in: recording.folder)
        #expect(text.status == 0 && text.stderr == "")
        #expect(
            text.stdout.contains(
                """
                group             scored  checkmark  none  false alarms
                \(first)       1       100%     -        0% (0)
                \(second)       3       100%  100%        0% (0)

                """), "\(text.stdout)")
    }

    /// A session's id is its start in UTC to the second, and no two of one page are alike: with the
    /// page's clock stopped at 2025-03-01 14:15:03.250 UTC, three sessions of one subject started one
    /// after the other are a second apart, from that second on.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func sessionsStartedWithinOneSecondGetIDsOfTheirOwn() throws {
        #expect(
            try Self.recording.get().summary["stoppedClockArchives"] as? [String] == [
                "gestures-t6-20250301T141503Z.tar", "gestures-t6-20250301T141504Z.tar",
                "gestures-t6-20250301T141505Z.tar",
            ])
    }

    /// A pen's barrel button pressed while the pen hovers records nothing (a stroke of three samples
    /// was recorded, as a mouse's right button once did); the pen's tip draws.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aPensBarrelButtonRecordsNothing() throws {
        let pen = try #require(try Self.recording.get().summary["pen"] as? [String: String])
        #expect(pen["barrelStatus"] == "")
        #expect(pen["strokeStatus"] == "7 samples, 1 touch")
    }

    /// What would name a file a command reads as an option, or a gesture by mistake, is kept out: a
    /// label starting with - is saved as `_rf.json` (`gesture classify -rf.json` was an unknown
    /// option), and a plan's `checkmark×1,000` (a gesture named 000) and `-x×1` are refused.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func namesThatReadAsOptionsOrNumbersAreKeptOut() throws {
        let summary = try Self.recording.get().summary
        #expect(summary["dashSaveStatus"] as? String == "saved _rf.json")
        let slips = try #require(summary["planSlips"] as? [String: [String: Any]])
        #expect(slips["checkmark×1,000"]?["started"] as? Bool == false)
        #expect(
            slips["checkmark×1,000"]?["prompt"] as? String
                == "\"000\" is a number, not a gesture: write a count without separators (×1000)")
        #expect(slips["-x×1"]?["started"] as? Bool == false)
        #expect(slips["-x×1"]?["prompt"] as? String == "\"-x\": a gesture's name does not start with -")
    }

    /// A gesture drawn a hundred times has its files numbered with three digits, so that they sort in
    /// drawing order (`-18` sorted between `-179` and `-180`), and batch's rows, in path order, with them.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func filesOfAHundredDrawingsSortAsDrawn() throws {
        let recording = try Self.recording.get()
        let session = try Self.session("gestures-t7.tar", subject: "t7", in: recording)
        let (_, files) = try Self.unpack("gestures-t7.tar", into: "t7", in: recording)
        #expect(
            files == [
                "labels-t7-\(session).csv", "tap/t7-\(session)-001.json", "tap/t7-\(session)-002.json",
            ])
    }

    /// On phones upright and on their side (320 × 568 to 844 × 390 CSS pixels), a guided session shows
    /// the prompt, the drawing area and Next, Redo and Finish now on the screen together (on a 568 × 320
    /// phone on its side, Finish now was below it).
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func theGuidedLayoutFitsOnPhones() throws {
        let layouts = try #require(try Self.recording.get().summary["phoneLayouts"] as? [String: [String]])
        #expect(layouts.count == 7)
        for (size, outside) in layouts { #expect(outside == [], "\(size): \(outside) off the screen") }
    }

    /// A subject id starting with "." is refused: its files (`checkmark/.s1-01.json`) would be hidden,
    /// which `gesture batch` skips, so the whole session would be lost without a word. One starting
    /// with "-" too: the recipe's folder (`mkdir -s1`, `gesture batch -s1`) read as an option.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aSubjectIDStartingWithADotIsRefused() throws {
        let outcomes = try #require(try Self.recording.get().summary["dotSubjects"] as? [String: [String: Any]])
        #expect(outcomes.keys.sorted() == [".", "..", ".s1"])
        let dash = try #require(try Self.recording.get().summary["dashSubject"] as? [String: Any])
        #expect(dash["started"] as? Bool == false)
        #expect((dash["prompt"] as? String)?.hasPrefix("Give a subject id that does not start with -") == true)
        for (subject, outcome) in outcomes {
            #expect(outcome["started"] as? Bool == false, "\(subject)")
            #expect(
                (outcome["prompt"] as? String)?.hasPrefix("Give a subject id that does not start with .") == true,
                "\(subject): \(outcome)")
        }
    }

    /// Gestures named as what every JavaScript object has (`constructor`, `toString`, `__proto__`) are
    /// prompted for and saved under their names, not as what the object inherits (`function Object()…`).
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func gesturesNamedAsObjectKeysArePromptedAndSavedAsTyped() throws {
        let recording = try Self.recording.get()
        #expect(
            recording.summary["objectKeyPrompts"] as? [String] == [
                "Draw constructor (constructor 1 of 1; 1 of 4 in all)",
                "Draw toString (toString 1 of 2; 2 of 4 in all)",
                "Draw toString (toString 2 of 2; 3 of 4 in all)", "Draw __proto__ (__proto__ 1 of 1; 4 of 4 in all)",
            ])
        let session = try Self.session("gestures-t3.tar", subject: "t3", in: recording)
        let name = "t3-\(session)"
        let (folder, files) = try Self.unpack("gestures-t3.tar", into: "t3", in: recording)
        #expect(
            files == [
                "__proto__/\(name)-01.json", "constructor/\(name)-01.json", "labels-\(name).csv",
                "toString/\(name)-01.json", "toString/\(name)-02.json",
            ])
        #expect(
            try String(contentsOf: folder.appendingPathComponent("labels-\(name).csv"), encoding: .utf8) == """
                path,label,subject,session
                constructor/\(name)-01.json,constructor,t3,\(session)
                toString/\(name)-01.json,toString,t3,\(session)
                toString/\(name)-02.json,toString,t3,\(session)
                __proto__/\(name)-01.json,__proto__,t3,\(session)

                """)
        let trace = try TraceReader.read(path: folder.appendingPathComponent("__proto__/\(name)-01.json").path)
        #expect(trace.label == "__proto__" && trace.name == "__proto__-\(name)-01")
    }

    /// Save and Copy are disabled while a finger is down, as Next is: what they give has every touch's end.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func saveAndCopyWaitUntilEveryFingerIsUp() throws {
        let held = try #require(try Self.recording.get().summary["held"] as? [String: Any])
        #expect(held["saveWhileDown"] as? Bool == false && held["copyWhileDown"] as? Bool == false)
        #expect(held["statusWhileDown"] as? String == "2 samples, 1 touch")
        #expect(held["saveAfter"] as? Bool == true && held["copyAfter"] as? Bool == true)
        let trace = try Self.trace("held.json")
        #expect(trace.label == "held")
        #expect(trace.samples.map(\.phase) == [.began, .moved, .moved, .ended])
    }

    /// A gesture name `gesture` refuses as a label is refused at Start (`gesture batch` refused the
    /// archive's labels.csv after the whole session); a likely slip of a built-in one is warned about,
    /// and a second Start records it as a new gesture, to learn; other new names start at once.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func gestureNamesGestureRefusesAreRefusedAndLikelySlipsWarnedAbout() throws {
        let summary = try Self.recording.get().summary
        let names = try #require(summary["gestureNames"] as? [String: [String: Any]])
        let refused = [
            "Checkmark×1": "\"Checkmark\" is the gesture checkmark in another case: labels are case-sensitive, "
                + "write checkmark",
            "NONE×2": "\"NONE\" is the gesture none in another case: labels are case-sensitive, write none",
            "star×1, Star×1": "\"star\" and \"Star\" differ only in case: gesture takes them for one gesture (a "
                + "folder names its gesture in any case), write them alike",
            // A gesture of a sequence too: batch refuses tap+Star beside star (or star beside it).
            "star×1, tap+Star×1": "\"star\" and \"Star\" differ only in case: gesture takes them for one gesture "
                + "(a folder names its gesture in any case), write them alike",
            "checkmark+×1": "\"checkmark+\": + joins gestures drawn one after the other (checkmark+tap), a "
                + "gesture's name on each side of it, not none",
            "none+tap×1": "\"none+tap\": + joins gestures drawn one after the other (checkmark+tap), a "
                + "gesture's name on each side of it, not none",
            "Checkmark+tap×1": "\"Checkmark\" is the gesture checkmark in another case: labels are "
                + "case-sensitive, write checkmark",
        ]
        for (plan, message) in refused {
            #expect(names[plan]?["started"] as? Bool == false, "\(plan)")
            #expect(names[plan]?["prompt"] as? String == message, "\(plan)")
        }
        let new = try #require(names["x×1, v×1, star×1, checkmark+tap×1"])
        #expect(new["started"] as? Bool == true)
        #expect(new["prompt"] as? String == "Draw x (x 1 of 1; 1 of 4 in all)")
        let slips = try #require(summary["slips"] as? [[String: Any]])
        try #require(slips.count == 2)
        #expect(slips[0]["started"] as? Bool == false)
        #expect(
            slips[0]["prompt"] as? String
                == "\"checkmrk\" is no built-in gesture: did you mean checkmark? \"swipe-lft\" is no built-in "
                + "gesture: did you mean swipe-left? Correct the list, or press Start again to record them as new "
                + "gestures (to learn with gesture learn).")
        #expect(slips[1]["started"] as? Bool == true)
        #expect(slips[1]["prompt"] as? String == "Draw checkmrk (checkmrk 1 of 11; 1 of 13 in all)")
    }

    /// A recognizer's id that names none of its gestures (`swipe`) is warned about as a slip is: a label
    /// names a gesture, and `gesture batch` refuses the label `swipe` ("unknown label"), without a "did
    /// you mean" (swipe-up is three edits away). A second Start records it, as a new gesture to learn.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aRecognizerIDIsWarnedAboutAsASlipIs() throws {
        let outcomes = try #require(try Self.recording.get().summary["recognizerNames"] as? [[String: Any]])
        try #require(outcomes.count == 3)
        let swipe =
            "is no built-in gesture: it is a recognizer, with gestures swipe-left, swipe-right, swipe-up, swipe-down."
        #expect(outcomes[0]["started"] as? Bool == false)
        #expect(
            outcomes[0]["prompt"] as? String
                == "\"swipe\" \(swipe) Correct the list, or press Start again to record it as a new gesture (to learn "
                + "with gesture learn).")
        #expect(outcomes[1]["started"] as? Bool == true)
        #expect(outcomes[1]["prompt"] as? String == "Draw swipe (swipe 1 of 5; 1 of 5 in all)")
        // In any case, in a sequence too, beside a slip.
        #expect(outcomes[2]["started"] as? Bool == false)
        #expect(
            outcomes[2]["prompt"] as? String
                == "\"Swipe\" \(swipe) \"checkmrk\" is no built-in gesture: did you mean checkmark? Correct the list, "
                + "or press Start again to record them as new gestures (to learn with gesture learn).")
    }

    /// The page's list of built-in gestures, which it checks plan names against, is the registry's.
    @Test func thePageKnowsTheBuiltInGestures() throws {
        let page = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/recorder.html"), encoding: .utf8)
        let start = try #require(page.range(of: "const GESTURES = [")).upperBound
        let list = page[start..<(try #require(page[start...].range(of: "];")).lowerBound)]
        let names = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        let gestures = Registry.all.flatMap(\.gestures) + ["none"]
        #expect(names == gestures.sorted(by: GestureOrder.precedes).map { "\"\($0)\"" })
    }

    /// The page's list of recognizers whose id names none of their gestures (which it warns of as labels)
    /// is what `gesture list --format json` shows: each such recognizer's id and gestures, in its order.
    @Test func thePageKnowsTheRecognizersWhoseIDNamesNoGesture() throws {
        let page = try String(
            contentsOf: GestureCommand.packageRoot.appendingPathComponent("docs/recorder.html"), encoding: .utf8)
        let start = try #require(page.range(of: "const RECOGNIZERS = new Map([")).upperBound
        let list = page[start..<(try #require(page[start...].range(of: "]);")).lowerBound)]
        let pairs = try #require(try JSONSerialization.jsonObject(with: Data("[\(list)]".utf8)) as? [[Any]])
        let listed = try GestureCommand.run(["list", "--format", "json"])
        #expect(listed.status == 0 && listed.stderr == "")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let recognizers = try #require(json["recognizers"] as? [[String: Any]])
        let expected = try recognizers.compactMap { recognizer -> [String]? in
            let id = try #require(recognizer["id"] as? String)
            let gestures = try #require(recognizer["gestures"] as? [String])
            return gestures.contains(id) ? nil : [id] + gestures
        }
        #expect(!expected.isEmpty)
        #expect(pairs.map { [$0.first as? String ?? "?"] + ($0.last as? [String] ?? []) } == expected)
    }

    /// A mouse press whose release the page never saw ends where the mouse last was, at its next move.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aMouseReleaseThePageNeverSawEndsTheTouch() throws {
        let trace = try Self.trace("lost-release.json")
        #expect(trace.samples.map(\.phase) == [.began, .moved, .ended])
        #expect(trace.samples.last?.location == Point(x: 130, y: 110))
    }

    /// A mouse's two strokes share its pointer id but are two touches, each drawn in its own colour; a
    /// right click before them draws nothing (it recorded a stray tap: 8 samples, 3 touches).
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aMouseStrokeIsATouchOfItsOwn() throws {
        #expect(try Self.recording.get().summary["mouseStrokesStatus"] as? String == "6 samples, 2 touches")
    }

    /// A label typed after drawing is in the text, the saved file (named safely) and Copy's fallback.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func aLabelTypedAfterDrawingIsSavedAndCopiedUnderASafeName() throws {
        let summary = try Self.recording.get().summary
        #expect(summary["labelAfterDrawing"] as? Bool == true)
        #expect(summary["saveStatus"] as? String == "saved swipe_left.json")
        #expect(summary["longSaveStatus"] as? String == "saved " + String(repeating: "a", count: 100) + ".json")
        #expect(try Self.trace("swipe-left.json").label == "swipe/left")
        #expect(try Self.classify("swipe-left.json")["gesture"] as? String == "swipe-left")
        let copied = try Self.trace("copied.json")
        #expect(copied.label == "swipe-right")
        #expect(try Self.classify("copied.json")["gesture"] as? String == "swipe-right")
    }

    /// Served over plain http the browser has no getCoalescedEvents, and the page says so; from a file it
    /// has them and says nothing.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func thePageSaysWhenItGetsOnlyOneSamplePerFrame() throws {
        let summary = try Self.recording.get().summary
        #expect(summary["noticeFromFile"] as? Bool == false)
        #expect(summary["noticeOverHttp"] as? Bool == true)
        let text = summary["noticeText"] as? String ?? ""
        #expect(text.contains("getCoalescedEvents") && text.contains("Open the page from a file, or over https"))
    }

    /// A trace drawn before and after the window grew has the largest drawing area as its view.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func theViewIsTheLargestDrawingAreaOfTheTrace() throws {
        let resized = try #require(try Self.recording.get().summary["resized"] as? [String: Any])
        let first = try #require((resized["first"] as? [NSNumber])?.map(\.doubleValue))
        let last = try #require((resized["last"] as? [NSNumber])?.map(\.doubleValue))
        try #require(first.count == 2 && last.count == 2)
        #expect(first[0] < last[0])
        let view = try #require(try Self.trace("resized.json").view)
        #expect(abs(view.width - max(first[0], last[0])) < 0.01, "\(view) \(first) \(last)")
        #expect(abs(view.height - max(first[1], last[1])) < 0.01, "\(view) \(first) \(last)")
    }

    /// The screenshot shows the checkmark: the pixel under every point of the stroke differs from the
    /// drawing area's background, which is white, and the page is not one colour.
    @Test(.enabled(if: available, "chromium or python3 is absent (.ci/run installs chromium): not run in a browser"))
    func theScreenshotShowsTheStroke() throws {
        let shot = try Self.recording.get().screenshot
        #expect(shot["background"] as? [Int] == [255, 255, 255])
        #expect(shot["strokePoints"] as? Int == 17)
        #expect(shot["inked"] as? Int == 17)
        #expect((shot["colours"] as? Int ?? 0) > 10)
        #expect((shot["width"] as? Int ?? 0) >= 800)
    }
}
