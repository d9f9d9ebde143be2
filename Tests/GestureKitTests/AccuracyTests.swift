import Foundation
import Testing

/// The default profile on the real, third-party strokes of `../shared/datasets`, scored as `make accuracy`
/// scores them (`scripts/accuracy.py`): every folder and device, the whole registry competing, and the
/// figure that counts, leave-one-person-out (for each person, each recognizer's swept parameter chosen on
/// everyone else with `gesture tune`). Fails when a cross-validated figure falls below its floor; skipped
/// where the datasets are absent.
///
/// A floor is issue 14's target where the recognizers meet it, and otherwise where they stand now, so
/// that no change makes a shortfall worse unnoticed: `targetsNotYetMet` lists those, with the target.
@Suite struct AccuracyTests {
    static let datasets = GestureCommand.packageRoot.deletingLastPathComponent().appendingPathComponent(
        "shared/datasets")
    static let present = FileManager.default.fileExists(
        atPath: datasets.appendingPathComponent("dollar1/labels.csv").path)

    /// (set, gesture): least leave-one-person-out recall.
    static let recallFloors: [String: Double] = [
        "dollar1 checkmark": 0.99, "dollar1 circle": 0.99,
        "dollar1-devices/finger checkmark": 0.966, "dollar1-devices/finger circle": 0.99,
        "dollar1-devices/stylus checkmark": 0.883, "dollar1-devices/stylus circle": 0.949,
        "dollar1-devices/touchpad checkmark": 0.933, "dollar1-devices/touchpad circle": 0.899,
        "mouse-dollar checkmark": 0.883, "mouse-dollar circle": 0.99,
        "unipen-z z": 0.97, "mmg-strokes swipe": 0.99, "bioident-swipes swipe": 0.99,
    ]
    /// (set, gesture): least leave-one-person-out recall of the worst person, where below issue 14's 90%
    /// (every other set with a worst-person target is held to 90%).
    static let worstPersonFloors: [String: Double] = [
        "dollar1-devices/stylus checkmark": 0.6, "dollar1-devices/stylus circle": 0.8,
        "dollar1-devices/touchpad circle": 0.8, "mouse-dollar checkmark": 0.7,
    ]
    /// (set, recognizer): most leave-one-person-out false alarms, where above the 0.5% target.
    static let falseAlarmCeilings: [String: Double] = [
        "dollar1-devices/touchpad checkmark": 0.0057
    ]
    /// Issue 14's targets that the floors above fall short of, for the report.
    static let recallTargets: [String: Double] = [
        "checkmark": 0.99, "circle": 0.99, "z": 0.97, "swipe": 0.99,
    ]

    struct Figures: Decodable {
        struct Recall: Decodable {
            var crossValidated: Double
            var inSample: Double
            var worstPerson: String
            var worstPersonRecall: Double
            var worstPersonTarget: Double?
        }
        struct FalseAlarms: Decodable {
            var crossValidated: Double?
            var others: Int
        }
        struct Set: Decodable {
            var recall: [String: Recall]
            var falseAlarms: [String: FalseAlarms]
        }
        struct Sweep: Decodable {
            var chosenOnEveryone: [String: Double]
            var profile: [String: Double?]
        }
        var sets: [String: Set]
        var sweeps: [String: Sweep]
    }

    @Test(.enabled(if: present, "../shared/datasets is absent: accuracy on real strokes not measured"))
    func crossValidatedFiguresHoldTheirFloors() async throws {
        // Minutes of replays: waited for without holding a thread the other tests need.
        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        let figures = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8))
        #expect(figures.sets.count == 8)
        var report: [String] = []
        for (key, floor) in Self.recallFloors.sorted(by: { $0.key < $1.key }) {
            let parts = key.split(separator: " ").map(String.init)
            let figure = try #require(figures.sets[parts[0]]?.recall[parts[1]], "no recall for \(key)")
            #expect(figure.crossValidated >= floor, "\(key): recall \(figure.crossValidated) < floor \(floor)")
            if let worstTarget = figure.worstPersonTarget {
                let worstFloor = Self.worstPersonFloors[key] ?? worstTarget
                #expect(
                    figure.worstPersonRecall >= worstFloor,
                    "\(key): worst person \(figure.worstPerson) \(figure.worstPersonRecall) < floor \(worstFloor)")
                if figure.worstPersonRecall < worstTarget {
                    report.append(
                        "\(key): worst person \(figure.worstPerson) \(figure.worstPersonRecall), target \(worstTarget)")
                }
            }
            let target = Self.recallTargets[parts[1]]!
            if figure.crossValidated < target {
                report.append(
                    "\(key): \(figure.crossValidated) leave-one-person-out (in-sample \(figure.inSample)), target "
                        + "\(target); worst person \(figure.worstPerson) \(figure.worstPersonRecall)")
            }
        }
        for (name, set) in figures.sets {
            for (recognizer, alarms) in set.falseAlarms {
                let ceiling = Self.falseAlarmCeilings["\(name) \(recognizer)"] ?? 0.005
                // Measured wherever the folder holds other gestures (a missing figure passed as 0).
                guard alarms.others > 0 else { continue }
                let rate = try #require(alarms.crossValidated, "\(name) \(recognizer): no false-alarm figure")
                #expect(rate <= ceiling, "\(name) \(recognizer): false alarms \(rate) > \(ceiling)")
                if rate > 0.005 { report.append("\(name) \(recognizer): false alarms \(rate), target 0.005") }
            }
        }
        // The profile's values are those the same choice makes on everyone, so that the in-sample figures
        // are of what ships (0.3 and 40° were shipped while the held-out people chose 0.375 and 0.75).
        #expect(Swift.Set(figures.sweeps.keys) == ["checkmark", "circle", "z", "swipe"])
        for (recognizer, sweep) in figures.sweeps {
            #expect(!sweep.chosenOnEveryone.isEmpty)
            for (parameter, value) in sweep.chosenOnEveryone {
                let shipped = try #require(sweep.profile[parameter] ?? nil, "\(recognizer): no value of \(parameter)")
                #expect(
                    abs(shipped - value) < 1e-9, "\(parameter): the profile's \(shipped), chosen on everyone \(value)")
            }
        }
        print("targets not yet met (issue 14):\n" + report.sorted().joined(separator: "\n"))
    }

    /// A user's own corpus laid out like the datasets (a folder with a labels.csv) is scored beside
    /// them, or alone: its people from the labels file's `group` column or each path's first folder,
    /// each left out in turn, and its gestures' targets; the datasets that are absent are named, and a
    /// file that cannot be read is named with its place and left out, and the run exits 2.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aCorpusOfYourOwnIsScored() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [(folder: String, path: String, trace: String, label: String, group: String)] = [
            ("by-folder", "anna/1.json", "checkmark.json", "checkmark", ""),
            ("by-folder", "anna/2.json", "circle.json", "circle", ""),
            ("by-folder", "ben/1.json", "checkmark.json", "checkmark", ""),
            ("by-folder", "ben/2.json", "not-a-checkmark.json", "none", ""),
            ("by-column", "a.csv", "z.csv", "z", "cleo"),
            ("by-column", "broken.json", "z.csv", "z", "cleo"),
            ("by-column", "b.json", "swipe-left.json", "swipe-left", "dan"),
            ("by-column", "c.json", "not-a-circle-open.json", "none", "dan"),
        ]
        try Self.copyTraces(files.map { ($0.folder, $0.path, $0.trace) }, into: root)
        for (folder, header) in [("by-folder", "path,label"), ("by-column", "path,label,group")] {
            let rows = files.filter { $0.folder == folder }.map {
                folder == "by-column" ? "\($0.path),\($0.label),\($0.group)" : "\($0.path),\($0.label)"
            }
            // The second as a spreadsheet saves it: a byte-order mark, CRLF line ends.
            let (mark, end) = folder == "by-column" ? ("\u{FEFF}", "\r\n") : ("", "\n")
            try (mark + ([header] + rows).map { $0 + end }.joined()).write(
                to: root.appendingPathComponent("\(folder)/labels.csv"), atomically: true, encoding: .utf8)
        }
        // A CSV trace named .json is read as JSON, and fails at its first character.
        // A folder without a labels file is no dataset.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("notes"), withIntermediateDirectories: true)

        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 2, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "1 file could not be read and is left out of every figure:\n  \(root.path)/by-column/broken.json:1:1: "
                    + "expected a value, found '#'"))
        #expect(
            output.stderr.contains(
                "note: bioident-swipes, dollar1, dollar1-devices, mmg-strokes, mouse-dollar, unipen-z not in"))
        #expect(output.stderr.contains("note: notes in \(root.path) has no labels.csv: not scored\n"))
        struct Recall: Decodable, Equatable {
            var labelled: Int
            var inSample: Double
            var crossValidated: Double
            var target: Double
            var worstPersonTarget: Double?
        }
        struct Set: Decodable {
            var traces: Int
            var people: Int
            var recall: [String: Recall]
        }
        struct Unreadable: Decodable { var path: String }
        struct Unlisted: Decodable, Equatable { var row, path: String }
        struct Figures: Decodable {
            var sets: [String: Set]
            var unreadable: [Unreadable]
            var unlisted: [Unlisted]
        }
        let figures = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8))
        #expect(figures.unreadable.map(\.path) == [root.path + "/by-column/broken.json"])
        #expect(figures.unlisted == [])
        let sets = figures.sets
        #expect(sets.keys.sorted() == ["by-column", "by-folder"])
        let byFolder = try #require(sets["by-folder"])
        #expect(byFolder.traces == 4 && byFolder.people == 2)
        #expect(
            byFolder.recall["checkmark"]
                == Recall(labelled: 2, inSample: 1, crossValidated: 1, target: 0.99, worstPersonTarget: 0.9))
        #expect(byFolder.recall["circle"]?.labelled == 1)
        let byColumn = try #require(sets["by-column"])
        #expect(byColumn.traces == 3 && byColumn.people == 2)
        #expect(
            byColumn.recall["z"]
                == Recall(labelled: 1, inSample: 1, crossValidated: 1, target: 0.97, worstPersonTarget: nil))
        #expect(byColumn.recall["swipe"]?.target == 0.99)
        // As text, the count is of the 7 traces scored, not of the 8 files read.
        let text = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        #expect(text.status == 2 && text.stdout.hasPrefix("profile default: 7 traces; "), "\(text.stdout)")
    }

    /// A corpus of several devices is scored device by device, as `dollar1-devices` is: by its labels
    /// file's `device` column (rows without one a set of their own, named as the folder), by first
    /// folders that all name a device, the person then the second folder, or by second folders that
    /// all name one, the person then the first.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aCorpusOfSeveralDevicesIsScoredDeviceByDevice() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [(folder: String, path: String, trace: String, row: String)] = [
            ("by-device", "finger/eve/1.json", "checkmark.json", "checkmark"),
            ("by-device", "finger/fay/1.json", "circle.json", "circle"),
            ("by-device", "mouse/eve/1.json", "checkmark.json", "checkmark"),
            ("by-device", "mouse/fay/1.json", "not-a-checkmark.json", "none"),
            ("by-device-column", "a.json", "checkmark.json", "checkmark,pen,gil"),
            ("by-device-column", "b.json", "circle.json", "circle,pen,hal"),
            ("by-device-column", "c.json", "checkmark.json", "checkmark,touch,gil"),
            ("by-device-column", "d.json", "checkmark.json", "checkmark,,ivy"),
            ("by-person-then-device", "eve/pen/1.json", "checkmark.json", "checkmark"),
            ("by-person-then-device", "eve/touchpad/1.json", "circle.json", "circle"),
            ("by-person-then-device", "fay/pen/1.json", "checkmark.json", "checkmark"),
            ("by-person-then-device", "fay/pen/2.json", "checkmark.json", "checkmark"),
            // Not every first folder names a device: one set, its people the first folders.
            ("by-person", "finger/1.json", "checkmark.json", "checkmark"),
            ("by-person", "jo/1.json", "checkmark.json", "checkmark"),
        ]
        try Self.copyTraces(files.map { ($0.folder, $0.path, $0.trace) }, into: root)
        for folder in ["by-device", "by-device-column", "by-person", "by-person-then-device"] {
            let header = folder == "by-device-column" ? "path,label,device,person" : "path,label"
            let rows = files.filter { $0.folder == folder }.map { "\($0.path),\($0.row)" }
            try ([header] + rows).map { $0 + "\n" }.joined().write(
                to: root.appendingPathComponent("\(folder)/labels.csv"), atomically: true, encoding: .utf8)
        }

        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        struct Recall: Decodable { var labelled: Int }
        struct Set: Decodable {
            var traces: Int
            var people: Int
            var recall: [String: Recall]
        }
        struct Figures: Decodable { var sets: [String: Set] }
        let sets = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8)).sets
        #expect(
            sets.keys.sorted() == [
                "by-device-column", "by-device-column/pen", "by-device-column/touch", "by-device/finger",
                "by-device/mouse", "by-person", "by-person-then-device/pen", "by-person-then-device/touchpad",
            ])
        func shape(_ name: String) -> [Int]? {
            sets[name].map { [$0.traces, $0.people, $0.recall["checkmark"]?.labelled ?? 0] }
        }
        #expect(shape("by-device/finger") == [2, 2, 1])
        #expect(shape("by-device/mouse") == [2, 2, 1])
        #expect(shape("by-device-column/pen") == [2, 2, 1])
        #expect(shape("by-device-column/touch") == [1, 1, 1])
        #expect(shape("by-device-column") == [1, 1, 1])
        #expect(shape("by-person") == [2, 2, 2])
        #expect(shape("by-person-then-device/pen") == [3, 2, 3])
        #expect(shape("by-person-then-device/touchpad") == [1, 1, 0])
    }

    /// Device folders that hold the traces with no person's folder (`finger/1.json`) name no one: the
    /// folder is one person on every device, who keeps the profile's values (each device stood for a
    /// person, and was scored with values chosen on the same hand's other device).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func deviceFoldersWithoutPeopleAreOnePerson() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            ("finger/1.json", "checkmark.json", "checkmark"), ("finger/2.json", "circle.json", "circle"),
            ("mouse/1.json", "checkmark.json", "checkmark"), ("mouse/2.json", "not-a-checkmark.json", "none"),
        ]
        try Self.copyTraces(files.map { ("mine", $0.0, $0.1) }, into: root)
        try (["path,label"] + files.map { "\($0.0),\($0.2)" }).map { $0 + "\n" }.joined().write(
            to: root.appendingPathComponent("mine/labels.csv"), atomically: true, encoding: .utf8)
        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        struct Recall: Decodable { var worstPerson: String }
        struct Set: Decodable {
            var people: Int
            var recall: [String: Recall]
        }
        struct Sweep: Decodable { var choices: [String: Int] }
        struct Figures: Decodable {
            var sets: [String: Set]
            var sweeps: [String: Sweep]
        }
        let figures = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8))
        #expect(figures.sets.mapValues(\.people) == ["mine/finger": 1, "mine/mouse": 1])
        #expect(figures.sets["mine/finger"]?.recall["checkmark"]?.worstPerson == "mine")
        #expect(figures.sweeps["checkmark"]?.choices == ["the profile's value, chosen on no one else": 1])
    }

    /// A folder whose name holds a `|` (the separator of the script's groups) is scored leaving each
    /// person out (its name was cut at the `|`, and the script stopped with a traceback: StopIteration).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aFolderNamedWithABarIsScored() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files = [
            ("anna/1.json", "checkmark.json", "checkmark"), ("anna/2.json", "circle.json", "circle"),
            ("ben/1.json", "checkmark.json", "checkmark"), ("ben/2.json", "not-a-checkmark.json", "none"),
        ]
        try Self.copyTraces(files.map { ("a|b", $0.0, $0.1) }, into: root)
        try (["path,label"] + files.map { "\($0.0),\($0.2)" }).map { $0 + "\n" }.joined().write(
            to: root.appendingPathComponent("a|b/labels.csv"), atomically: true, encoding: .utf8)
        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        struct Recall: Decodable {
            var crossValidated: Double
            var worstPerson: String
        }
        struct Set: Decodable {
            var people: Int
            var recall: [String: Recall]
        }
        struct Figures: Decodable { var sets: [String: Set] }
        let set = try #require(try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8)).sets["a|b"])
        #expect(set.people == 2)
        #expect(set.recall["checkmark"]?.crossValidated == 1 && set.recall["checkmark"]?.worstPerson == "anna")
        // In the tables its `|` is escaped, so that each row keeps its cells (it made a column more).
        let tables = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(tables.status == 0, "\(tables.stderr)")
        #expect(
            tables.stdout.split(separator: "\n").filter { $0.hasPrefix("| a") } == [
                "| a\\|b | checkmark | 100.0% | 100.0% | ≥ 99% ✓ | anna 100% (1/1) ✓ |",
                "| a\\|b | circle | 100.0% | 100.0% | ≥ 99% ✓ | anna 100% (1/1) ✓ |",
                "| a\\|b | 4 | 2 | 0.00% / 0.00% ✓ | 0.00% / 0.00% ✓ | 0.00% / 0.00% ✓ | 0.00% / 0.00% ✓ |",
            ], "\(tables.stdout)")
    }

    /// Traces labelled with a gesture whose recall the script does not measure (a tap, a long press) are
    /// said to be others only (a corpus of them scored no recall at all, without a word, and exited 0).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func gesturesWithoutARecallFigureAreSaid() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.copyTraces(
            [("corpus/mine", "anna/3.json", "tap.json"), ("corpus/mine", "ben/3.json", "long-press.json")], into: root)
        let rows = [
            "anna/1.json,checkmark", "anna/2.json,circle", "anna/3.json,tap", "ben/1.json,checkmark", "ben/2.json,none",
            "ben/3.json,long-press",
        ]
        let output = try await Self.scoreRelatively(
            labels: (["path,label"] + rows).map { $0 + "\n" }.joined(), in: root)
        try #require(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "note: no recall is measured of long-press (1), tap (1): make accuracy scores the recall of checkmark, "
                    + "circle, z, swipe; those traces count only as others for their false alarms"), "\(output.stderr)")
        #expect(try Self.peopleAndRecall(output).recall == 1)
    }

    /// Scores a corpus of two people in `root/corpus/mine` (`anna/1.json`, `anna/2.json`, `ben/1.json`,
    /// `ben/2.json`) whose labels.csv is `labels`, running the script in `root` with `--datasets corpus`,
    /// relative, as `make accuracy DATASETS=corpus` gives it.
    static func scoreRelatively(labels: String, in root: URL) async throws -> GestureCommand.Output {
        let files = [
            ("anna/1.json", "checkmark.json"), ("anna/2.json", "circle.json"), ("ben/1.json", "checkmark.json"),
            ("ben/2.json", "not-a-checkmark.json"),
        ]
        try copyTraces(files.map { ("corpus/mine", $0.0, $0.1) }, into: root)
        try labels.write(
            to: root.appendingPathComponent("corpus/mine/labels.csv"), atomically: true, encoding: .utf8)
        let script = GestureCommand.packageRoot.appendingPathComponent("scripts/accuracy.py").path
        return try await GestureCommand.bashInBackground(
            "python3 '\(script)' --json --datasets corpus --gesture '\(GestureCommand.executable.path)'", in: root)
    }

    /// The people and the leave-one-person-out recall of checkmarks of `mine` in the script's JSON.
    static func peopleAndRecall(_ output: GestureCommand.Output) throws -> (people: Int, recall: Double?) {
        struct Recall: Decodable { var crossValidated: Double? }
        struct Set: Decodable {
            var people: Int
            var recall: [String: Recall]
        }
        struct Figures: Decodable { var sets: [String: Set] }
        let set = try #require(try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8)).sets["mine"])
        return (set.people, set.recall["checkmark"]?.crossValidated)
    }

    /// A `--datasets` folder given relative to where the script runs is scored leaving each person out
    /// (the combined labels file's paths started at its own temporary folder, so `gesture tune` found
    /// no trace and the run stopped: `gesture tune failed (2)`).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aDatasetsFolderGivenRelativelyIsScored() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try await Self.scoreRelatively(
            labels: "path,label\nanna/1.json,checkmark\nanna/2.json,circle\nben/1.json,checkmark\nben/2.json,none\n",
            in: root)
        try #require(output.status == 0, "\(output.stderr)")
        let figures = try Self.peopleAndRecall(output)
        #expect(figures.people == 2 && figures.recall == 1)
    }

    /// A labels file's column names are read in any case, as `gesture batch` reads them: a spreadsheet's
    /// `Path,Label,Person` header was refused (`the header names no path and label columns`), and a
    /// `Person` column was no person.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aHeaderInCapitalsIsReadAsBatchReadsIt() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let rows = [
            "anna/1.json,checkmark,ann", "anna/2.json,circle,ann", "ben/1.json,checkmark,ann", "ben/2.json,none,ann",
        ]
        let output = try await Self.scoreRelatively(
            labels: (["Path,Label,Person"] + rows).map { $0 + "\n" }.joined(), in: root)
        try #require(output.status == 0, "\(output.stderr)")
        // One person, by the column, though the paths' first folders are two.
        #expect(try Self.peopleAndRecall(output).people == 1)
    }

    /// A corpus of one person, scored alone, has no one else to choose values on: its held-out figures
    /// are the profile's, and the script says so (the middle of each sweep, chosen on no one, stood for
    /// the profile's value).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func onePersonAloneIsScoredWithTheProfilesValues() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let rows = [
            "anna/1.json,checkmark,ann", "anna/2.json,circle,ann", "ben/1.json,checkmark,ann", "ben/2.json,none,ann",
        ]
        let output = try await Self.scoreRelatively(
            labels: (["path,label,person"] + rows).map { $0 + "\n" }.joined(), in: root)
        try #require(output.status == 0, "\(output.stderr)")
        struct Sweep: Decodable { var choices: [String: Int] }
        struct Figures: Decodable { var sweeps: [String: Sweep] }
        let sweeps = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8)).sweeps
        for gesture in ["checkmark", "circle"] {
            #expect(sweeps[gesture]?.choices == ["the profile's value, chosen on no one else": 1], "\(gesture)")
        }
    }

    /// A trace its folder's labels.csv does not list, with no label of its own, is left out with a note
    /// (it was left out without a word).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aTraceNoRowListsIsNamed() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let cleo = root.appendingPathComponent("corpus/mine/cleo")
        try FileManager.default.createDirectory(at: cleo, withIntermediateDirectories: true)
        let tap =
            #"[{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 1}, {"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 1}]"#
        try #"{"samples": \#(tap)}"#.write(to: cleo.appendingPathComponent("1.json"), atomically: true, encoding: .utf8)
        let output = try await Self.scoreRelatively(
            labels: "path,label\nanna/1.json,checkmark\nanna/2.json,circle\nben/1.json,checkmark\nben/2.json,none\n",
            in: root)
        try #require(output.status == 0, "\(output.stderr)")
        #expect(
            output.stderr.contains(
                "note: 1 trace is in no labels.csv row and has no label, so it is left out (the first: "
                    + "corpus/mine/cleo/1.json)\n"), "\(output.stderr)")
        #expect(try Self.peopleAndRecall(output).people == 2)
    }

    /// A row short of its `path` field (`circle` under a `label,path` header) is batch's error, with its
    /// place, not the script's traceback (`'NoneType' object has no attribute 'strip'`).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aRowShortOfItsPathIsAPlacedError() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = try await Self.scoreRelatively(labels: "label,path\ncheckmark,anna/1.json\ncircle\n", in: root)
        #expect(output.status == 2)
        #expect(
            output.stderr.contains("corpus/mine/labels.csv:3:1: error: expected 2 fields, found 1\n"),
            "\(output.stderr)")
        #expect(!output.stderr.contains("Traceback"))
    }

    /// A labels.csv row that names no trace batch reads — a file that is not there, a hidden one, one
    /// that is no .json, .csv or .xml — is named with its row's place, and the run exits 2, as for a
    /// file that cannot be read; the figures are those of the other traces (it was left out silently).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aRowNamingNoTraceIsNamedWithItsPlace() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.copyTraces(
            [("corpus/mine", "ben/.3.json", "z.csv"), ("corpus/mine", "ben/4.txt", "z.csv")], into: root)
        let rows = [
            "anna/1.json,checkmark", "anna/2.json,circle", "anna/gone.json,circle", "ben/1.json,checkmark",
            "ben/2.json,none", "ben/.3.json,z", "ben/4.txt,z",
        ]
        let output = try await Self.scoreRelatively(
            labels: (["path,label"] + rows).map { $0 + "\n" }.joined(), in: root)
        #expect(output.status == 2)
        let walk = "not a trace a folder's walk reads (a .json, .csv or .xml file, not hidden)"
        #expect(
            output.stderr.hasSuffix(
                """
                3 rows of the labels files name no trace that was read, left out of every figure:
                  corpus/mine/labels.csv:4: corpus/mine/anna/gone.json: no such file
                  corpus/mine/labels.csv:7: corpus/mine/ben/.3.json: \(walk)
                  corpus/mine/labels.csv:8: corpus/mine/ben/4.txt: \(walk)

                """), "\(output.stderr)")
        let figures = try Self.peopleAndRecall(output)
        #expect(figures.people == 2 && figures.recall == 1)
        // The JSON names them too (it had the unreadable files only).
        struct Unlisted: Decodable, Equatable { var row, path: String }
        struct Rows: Decodable { var unlisted: [Unlisted] }
        let unlisted = try JSONDecoder().decode(Rows.self, from: Data(output.stdout.utf8)).unlisted
        #expect(
            unlisted == [
                Unlisted(row: "corpus/mine/labels.csv:4", path: "corpus/mine/anna/gone.json"),
                Unlisted(row: "corpus/mine/labels.csv:7", path: "corpus/mine/ben/.3.json"),
                Unlisted(row: "corpus/mine/labels.csv:8", path: "corpus/mine/ben/4.txt"),
            ])
    }

    /// Labels of a corpus of your own that name no gesture (`check-mark`) are mapped with --label-map,
    /// as `gesture batch`'s error says; the script had no way to pass it.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func labelsOfYourOwnAreMapped() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let labels = "path,label\nanna/1.json,check-mark\nanna/2.json,circle\nben/1.json,check-mark\nben/2.json,none\n"
        let unmapped = try await Self.scoreRelatively(labels: labels, in: root)
        #expect(unmapped.status == 2)
        #expect(unmapped.stderr.contains("unknown label \"check-mark\""), "\(unmapped.stderr)")
        let script = GestureCommand.packageRoot.appendingPathComponent("scripts/accuracy.py").path
        let mapped = try await GestureCommand.bashInBackground(
            "python3 '\(script)' --json --datasets corpus --label-map check-mark=checkmark --gesture "
                + "'\(GestureCommand.executable.path)'", in: root)
        #expect(mapped.status == 0, "\(mapped.stderr)")
        let figures = try Self.peopleAndRecall(mapped)
        #expect(figures.people == 2 && figures.recall == 1)
    }

    /// A row naming a trace outside its labels file's folder, or a folder, says so (both were said to be
    /// no trace a folder's walk reads: a .json, .csv or .xml file, not hidden, which the first was).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aRowNamingATraceElsewhereOrAFolderSaysSo() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.copyTraces([("corpus", "elsewhere.json", "checkmark.json")], into: root)
        let rows = [
            "anna/1.json,checkmark", "anna/2.json,circle", "ben/1.json,checkmark", "ben/2.json,none",
            "../elsewhere.json,checkmark", "anna,none",
        ]
        let output = try await Self.scoreRelatively(
            labels: (["path,label"] + rows).map { $0 + "\n" }.joined(), in: root)
        #expect(output.status == 2)
        #expect(
            output.stderr.hasSuffix(
                """
                2 rows of the labels files name no trace that was read, left out of every figure:
                  corpus/mine/labels.csv:6: corpus/elsewhere.json: outside the folder of its labels.csv (only that folder's traces are read)
                  corpus/mine/labels.csv:7: corpus/mine/anna: a folder, not a trace

                """), "\(output.stderr)")
        #expect(try Self.peopleAndRecall(output).recall == 1)
    }

    /// A folder none of whose traces could be read names each of them, with its place, before saying
    /// that nothing of it was scored (it only asked whether its paths were files batch reads).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aFolderOfUnreadableTracesNamesThem() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try Self.copyTraces([("corpus/broken", "anna/1.json", "z.csv")], into: root)
        try "path,label\nanna/1.json,z\nanna/gone.json,z\n".write(
            to: root.appendingPathComponent("corpus/broken/labels.csv"), atomically: true, encoding: .utf8)
        let output = try await Self.scoreRelatively(
            labels: "path,label\nanna/1.json,checkmark\nanna/2.json,circle\nben/1.json,checkmark\nben/2.json,none\n",
            in: root)
        #expect(output.status == 2)
        #expect(
            output.stderr.hasSuffix(
                """
                1 file could not be read and is left out of every figure:
                  corpus/broken/anna/1.json:1:1: expected a value, found '#'
                1 row of the labels files names no trace that was read, left out of every figure:
                  corpus/broken/labels.csv:3: corpus/broken/anna/gone.json: no such file
                no trace of broken was scored (is every path of its labels.csv a file batch reads?)

                """), "\(output.stderr)")
    }

    /// A corpus of device folders with a `person` column: the column says who drew each trace (the
    /// second folder, a session here, was the person whatever the column said), its values trimmed as
    /// batch trims them (`ben ` is `ben`).
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aPersonColumnNamesThePeopleOfDeviceFolders() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let files: [(path: String, trace: String, row: String)] = [
            ("finger/s1/1.json", "checkmark.json", "checkmark,anna"), ("finger/s1/2.json", "circle.json", "circle,ben"),
            ("finger/s1/3.json", "checkmark.json", "checkmark,ben "),
            ("mouse/s1/1.json", "checkmark.json", "checkmark,anna"),
            ("mouse/s1/2.json", "not-a-checkmark.json", "none,ben"),
        ]
        try Self.copyTraces(files.map { ("mine", $0.path, $0.trace) }, into: root)
        try (["path,label,person"] + files.map { "\($0.path),\($0.row)" }).map { $0 + "\n" }.joined().write(
            to: root.appendingPathComponent("mine/labels.csv"), atomically: true, encoding: .utf8)
        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/accuracy.py --json --datasets '\(root.path)' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        struct Set: Decodable { var people: Int }
        struct Figures: Decodable { var sets: [String: Set] }
        let sets = try JSONDecoder().decode(Figures.self, from: Data(output.stdout.utf8)).sets
        #expect(sets.mapValues(\.people) == ["mine/finger": 2, "mine/mouse": 2])
    }

    /// Copies each bundled trace (`Traces/TRACE`) to `root/FOLDER/PATH`, making the folders.
    static func copyTraces(_ files: [(folder: String, path: String, trace: String)], into root: URL) throws {
        let traces = GestureCommand.packageRoot.appendingPathComponent("Traces")
        for (folder, path, trace) in files {
            let target = root.appendingPathComponent("\(folder)/\(path)")
            try FileManager.default.createDirectory(
                at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: traces.appendingPathComponent(trace), to: target)
        }
    }

    /// A labels file whose header names no `path` and `label` columns stops the run with its place,
    /// exit 2, before anything is replayed; and a `--datasets` folder that is not there is a usage error.
    @Test(.enabled(if: RecorderPageTests.python != nil, "python3 is absent: make accuracy not run"))
    func aLabelsFileWithoutItsColumnsIsAPlacedError() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-corpus-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("mine"), withIntermediateDirectories: true)
        try "file,gesture\na.json,checkmark\n".write(
            to: root.appendingPathComponent("mine/labels.csv"), atomically: true, encoding: .utf8)
        let script = "python3 scripts/accuracy.py --datasets"
        let output = try await GestureCommand.bashInBackground(
            "\(script) '\(root.path)' --gesture '\(GestureCommand.executable.path)'", in: GestureCommand.packageRoot)
        #expect(output.status == 2)
        #expect(
            output.stderr.hasSuffix(
                "\(root.path)/mine/labels.csv:1: the header names no `path` and `label` columns (it names file, gesture)\n"
            ))
        #expect(output.stdout.isEmpty)
        // The corpus itself given, not the folder it is in: its own labels.csv is not read, and said.
        let itself = try await GestureCommand.bashInBackground(
            "\(script) '\(root.path)/mine' --gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        #expect(itself.status == 2)
        #expect(
            itself.stderr.hasSuffix(
                "no dataset folder with a labels.csv in \(root.path)/mine (\(root.path)/mine/labels.csv is a dataset's "
                    + "own: give the folder it is in, --datasets \(root.path) or make accuracy DATASETS=\(root.path))\n"
            ),
            "\(itself.stderr)")
        let absent = try await GestureCommand.bashInBackground(
            "\(script) '\(root.path)/none'", in: GestureCommand.packageRoot)
        #expect(absent.status == 2)
        #expect(absent.stderr.hasSuffix("error: --datasets \(root.path)/none: no such folder\n"))
    }

    /// The shapes judged in units of the stroke's own size: the same strokes drawn half as large, twice
    /// and four times (`make invariance`) keep their recall and false alarms within a few traces of a
    /// folder. Swipes are left out (a swipe is a distance in points, as UIKit's), and so is the one
    /// change a long press makes: half as large, a pause at a touchpad circle's start stays within its
    /// 10 pt.
    @Test(.enabled(if: present, "../shared/datasets is absent: invariance on real strokes not measured"))
    func theShapesHoldAtOtherSizes() async throws {
        let output = try await GestureCommand.bashInBackground(
            "python3 scripts/invariance.py --json --in-sample --only 'size×0.5,size×2,size×4' "
                + "--gesture '\(GestureCommand.executable.path)'",
            in: GestureCommand.packageRoot)
        try #require(output.status == 0, "\(output.stderr)")
        struct Recall: Decodable {
            var labelled: Int
            var inSample: Double
        }
        struct FalseAlarms: Decodable { var alarmsInSample: Int }
        struct Set: Decodable {
            var recall: [String: Recall]
            var falseAlarms: [String: FalseAlarms]
        }
        let figures = try JSONDecoder().decode([String: [String: Set]].self, from: Data(output.stdout.utf8))
        let recorded = try #require(figures["as recorded"])
        let losses = ["size×0.5 dollar1-devices/touchpad circle": 7]
        #expect(figures.count == 4)
        #expect(recorded.count == 8, "every dataset of ../shared/datasets is scored as recorded")
        for (alteration, sets) in figures where alteration != "as recorded" {
            #expect(Swift.Set(sets.keys) == Swift.Set(recorded.keys), "\(alteration): every dataset is scored")
            for (name, set) in sets {
                for (gesture, recall) in set.recall where gesture != "swipe" {
                    let before = try #require(recorded[name]?.recall[gesture])
                    let change = Int(((recall.inSample - before.inSample) * Double(recall.labelled)).rounded())
                    let allowed = losses["\(alteration) \(name) \(gesture)"] ?? 3
                    #expect(change >= -allowed, "\(alteration) \(name) \(gesture): recall \(change) traces")
                }
            }
            for shape in ["checkmark", "circle", "z"] {
                let alarms = { (sets: [String: Set]) in
                    sets.values.reduce(0) { $0 + $1.falseAlarms[shape]!.alarmsInSample }
                }
                #expect(alarms(sets) - alarms(recorded) <= 3, "\(alteration) \(shape): false alarms")
            }
        }
    }
}
