import Foundation
import Testing

@testable import GestureKit

/// `gesture convert` as a user runs it: standard output, folders, losses, bad input, overwriting.
@Suite struct ConvertCommandTests {
    /// A fresh folder for one test, removed first if an earlier run left it.
    static func folder(_ name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("gesture-convert-\(getpid())-\(name)")
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func write(_ text: String, _ path: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    static func text(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    /// Copies the bundled trace `Traces/name` to `path` in `folder`.
    static func bundled(_ name: String, to path: String, in folder: URL) throws {
        try write(try text(name, in: GestureCommand.packageRoot.appendingPathComponent("Traces")), path, in: folder)
    }

    /// Each row of `gesture batch --format jsonl` as `PATH LABEL GESTURE CORRECT` (other fields left out).
    static func scored(_ jsonl: String) throws -> [String] {
        try jsonl.split(separator: "\n").map { line in
            let row = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let correct = (row["correct"] as? Bool).map { String($0) } ?? "-"
            return [row["path"], row["label"], row["gesture"]].map { $0 as? String ?? "-" }.joined(separator: " ")
                + " " + correct
        }
    }

    /// A corpus of two good traces, two bad ones and a labels file.
    static func corpus(in folder: URL) throws {
        try bundled("checkmark.json", to: "corpus/s01/a.json", in: folder)
        try bundled("z.csv", to: "corpus/s02/b.csv", in: folder)
        try write("t,id,phase,x,y\n0,1,began,1,2\n-1,1,ended,1,2\n", "corpus/s01/bad.csv", in: folder)
        try write(
            #"{"samples": [{"t": 0, "id": 1, "phase": "began", "x": 1}]}"# + "\n", "corpus/s02/bad.json", in: folder)
        try write(
            "path,label,group\ns01/a.json,checkmark,left\ns02/b.csv,z,\"right, mostly\"\n", "corpus/labels.csv",
            in: folder)
    }

    @Test func oneFileToStandardOutputAndBackFromStandardInput() throws {
        let csv = try GestureCommand.run(["convert", "Traces/checkmark.json", "--to", "csv"])
        #expect(csv.status == 0 && csv.stderr == "")
        #expect(
            csv.stdout.hasPrefix(
                "# name: checkmark\n# label: checkmark\n# view: 390x844\nt,id,phase,x,y\n0,1,began,120,400\n0.0167,1,moved,124.8,405.8\n"
            ))
        #expect(csv.stdout.hasSuffix("0.2667,1,ended,250,300\n"))
        let json = try GestureCommand.run(["convert", "-", "--to", "json"], input: csv.stdout)
        #expect(json.status == 0 && json.stderr == "")
        #expect(json.stdout.hasPrefix(#"{"# + "\n" + #"  "name": "checkmark","# + "\n"))
        #expect(json.stdout.contains(#"    {"t": 0.0167, "id": 1, "phase": "moved", "x": 124.8, "y": 405.8},"#))
        // The same bytes on every run, and the same trace as the original.
        #expect(try GestureCommand.run(["convert", "Traces/checkmark.json", "--to", "json"]) == json)
        let classified = try GestureCommand.run(["classify", "--format", "jsonl", "-"], input: json.stdout)
        #expect(classified.stdout.contains(#""gesture":"checkmark""#))
    }

    @Test func whatXMLCannotHoldIsRefusedUnlessLossy() throws {
        let refused = try GestureCommand.run(["convert", "Traces/checkmark.json", "--to", "xml"])
        #expect(refused.status == 2 && refused.stdout == "")
        #expect(
            refused.stderr
                == "Traces/checkmark.json: error: to xml loses: label \"checkmark\", view 390x844, times not whole milliseconds from the first sample (11 samples); not converted (--lossy converts anyway)\n"
        )
        let lossy = try GestureCommand.run(["convert", "Traces/checkmark.json", "--to", "xml", "--lossy"])
        #expect(lossy.status == 0)
        #expect(
            lossy.stderr
                == "Traces/checkmark.json: warning: to xml loses: label \"checkmark\", view 390x844, times not whole milliseconds from the first sample (11 samples)\n"
        )
        #expect(
            lossy.stdout.hasPrefix(
                "<?xml version=\"1.0\" encoding=\"utf-8\" standalone=\"yes\"?>\n<Gesture Name=\"checkmark\">\n  <Point X=\"120\" Y=\"400\" T=\"0\" />\n  <Point X=\"124.8\" Y=\"405.8\" T=\"17\" />\n"
            ))
        #expect(try GestureCommand.run(["classify", "-"], input: lossy.stdout).stdout.hasPrefix("-: checkmark\n"))
        // Touches down together cannot be strokes at all, --lossy or not.
        let pinch = try GestureCommand.run(["convert", "Traces/pinch-out.json", "--to", "xml", "--lossy"])
        #expect(pinch.status == 2 && pinch.stdout == "")
        #expect(
            pinch.stderr
                == "Traces/pinch-out.json: error: xml cannot hold touches down at the same time (touch 2 at sample 1 while touch 1 is down): its strokes follow one another; not converted\n"
        )
    }

    /// A folder converts into the same layout, labels kept; bad files are reported with their place
    /// and the others still converted; existing output is never overwritten without --force.
    @Test func folderToFolderKeepsLayoutAndLabelsAndReportsBadInput() throws {
        let folder = try Self.folder("tree")
        try Self.corpus(in: folder)
        let run = try GestureCommand.run(["convert", "corpus", "--to", "json", "--out", "out"], in: folder)
        #expect(run.status == 2 && run.stdout == "")
        #expect(
            run.stderr == """
                corpus/s01/bad.csv:3:1: error: sample 1: time went backwards: expected t ≥ 0, found -1
                corpus/s02/bad.json:1:14: error: sample 0: missing field "y": expected fields "t", "id", "phase", "x" and "y"

                """)
        let files = try #require(FileManager.default.enumerator(atPath: folder.appendingPathComponent("out").path))
            .compactMap { $0 as? String }.filter { $0.contains(".") }.sorted()
        #expect(files == ["labels.csv", "s01/a.json", "s02/b.json"])
        #expect(
            try Self.text("out/labels.csv", in: folder)
                == "path,label,group\ns01/a.json,checkmark,left\ns02/b.json,z,\"right, mostly\"\n")
        // The converted folder scores as the original did, with the copied labels.
        let original = try GestureCommand.run(
            [
                "batch", "--format", "jsonl", "--labels", "corpus/labels.csv", "--group-by", "group",
                "corpus/s01/a.json", "corpus/s02/b.csv",
            ],
            in: folder)
        let converted = try GestureCommand.run(
            ["batch", "--format", "jsonl", "--labels", "out/labels.csv", "--group-by", "group", "out"], in: folder)
        #expect(converted.status == 0 && converted.stderr == "")
        /// Each row without its path.
        func rows(_ text: String) throws -> [NSDictionary] {
            try text.split(separator: "\n").map { line in
                let row = try #require(JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                return NSDictionary(dictionary: row.filter { $0.key != "path" })
            }
        }
        #expect(try rows(converted.stdout) == rows(original.stdout))
        #expect(
            try rows(converted.stdout).map { "\($0["label"]!) \($0["gesture"]!) \($0["group"]!)" } == [
                "checkmark checkmark left", "z z right, mostly",
            ])
        // Again: every output exists, and is left alone.
        let again = try GestureCommand.run(["convert", "corpus", "--to", "json", "--out", "out"], in: folder)
        #expect(again.status == 2)
        #expect(
            again.stderr.contains(
                "out/s01/a.json: error: exists; not overwritten (--force overwrites); corpus/s01/a.json not converted\n"
            ))
        #expect(
            again.stderr.contains(
                "out/labels.csv: error: exists; not overwritten (--force overwrites); corpus/labels.csv not converted\n"
            ))
        let forced = try GestureCommand.run(
            ["convert", "corpus", "--to", "json", "--out", "out", "--force"], in: folder)
        #expect(forced.status == 2 && !forced.stderr.contains("exists"))
        // Back to the first format: the same trace, bit for bit.
        let back = try GestureCommand.run(["convert", "out/s02/b.json", "--to", "csv"], in: folder)
        let originalTrace = try TraceReader.read(path: folder.appendingPathComponent("corpus/s02/b.csv").path)
        let backTrace = try TraceReader.read(bytes: Array(back.stdout.utf8), file: "-", format: .csv)
        #expect(TraceWriterTests.sameBits(originalTrace, backTrace))
    }

    /// A folder without a labels file converted to XML, which has no place for a label: the labels
    /// go to a new labels.csv (gestures in sequence too), so batch scores the XML folder as it scored
    /// the original.
    @Test func labelsXMLCannotHoldGoToANewLabelsFile() throws {
        let folder = try Self.folder("xml-labels")
        let traces = GestureCommand.packageRoot.appendingPathComponent("Traces").path
        let run = try GestureCommand.run(["convert", traces, "--to", "xml", "--lossy", "--out", "xml"], in: folder)
        #expect(run.status == 2, "the five two-finger traces cannot be strokes")
        #expect(run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }.count == 5)
        #expect(
            try Self.text("xml/labels.csv", in: folder) == """
                path,label
                checkmark-then-swipe-right.xml,checkmark+swipe-right
                checkmark.xml,checkmark
                circle.xml,circle
                double-tap.xml,double-tap
                long-press-drifting-9.5pt.xml,long-press
                long-press-then-pan.xml,long-press+pan
                long-press.xml,long-press
                not-a-checkmark.xml,pan
                not-a-circle-open.xml,pan
                not-a-long-press-held-0.3s.xml,none
                not-a-tap.xml,none
                pan-arch.xml,pan
                pan-flick-20pt.xml,pan
                swipe-left.xml,swipe-left
                swipe-right-at-200pts.xml,swipe-right
                swipe-up.xml,swipe-up
                tap.xml,tap
                z.xml,z

                """)
        let batch = try GestureCommand.run(
            [
                "batch", "--format", "jsonl", "--labels", "xml/labels.csv", "xml/checkmark.xml", "xml/z.xml",
                "xml/tap.xml", "xml/checkmark-then-swipe-right.xml",
            ],
            in: folder)
        #expect(batch.stderr == "")
        #expect(
            try Self.scored(batch.stdout) == [
                "xml/checkmark-then-swipe-right.xml checkmark+swipe-right checkmark+swipe-right true",
                "xml/checkmark.xml checkmark checkmark true", "xml/tap.xml tap tap true", "xml/z.xml z z true",
            ])
    }

    /// A labels file whose header has spaces about its names (`Path , Label`, as a spreadsheet may
    /// save it) is copied with them quoted (`"Path "," Label"`), and the converted folder still finds it
    /// as its labels file: it was walked as a trace, an error row, and its traces were unlabelled.
    @Test func aLabelsHeaderWithSpacesIsFoundInTheConvertedFolder() throws {
        let folder = try Self.folder("spaced-labels")
        try Self.bundled("checkmark.json", to: "corpus/s01/a.json", in: folder)
        try Self.write("\u{FEFF}Path , Label,hand\r\ns01/a.json,checkmark,left\r\n", "corpus/labels.csv", in: folder)
        let run = try GestureCommand.run(["convert", "corpus", "--to", "csv", "--out", "out"], in: folder)
        #expect(run == .init(status: 0, stdout: "", stderr: ""))
        #expect(try Self.text("out/labels.csv", in: folder) == "\"Path \",\" Label\",hand\ns01/a.csv,checkmark,left\n")
        for corpus in ["corpus", "out"] {
            let batch = try GestureCommand.run(
                ["batch", "--format", "jsonl", "--group-by", "column:hand", corpus], in: folder)
            #expect(batch.status == 0 && batch.stderr == "", "\(batch.stderr)")
            let path = corpus == "out" ? "out/s01/a.csv" : "corpus/s01/a.json"
            #expect(try Self.scored(batch.stdout) == ["\(path) checkmark checkmark true"])
        }
    }

    /// A copied labels file leaves its comments out, as before; one that `gesture batch` warns of, a
    /// line `#1.json,circle` whose path names a file (it was meant as a row, and labels nothing), is
    /// warned of by convert too, with the same words: it dropped the line without one.
    @Test func aCommentThatNamesAFileWarnsWhenItsLabelsFileIsCopied() throws {
        let folder = try Self.folder("comment-labels")
        try Self.bundled("circle.json", to: "cv/#1.json", in: folder)
        try Self.bundled("z.csv", to: "cv/a.csv", in: folder)
        try Self.write("# study 2\npath,label\n#1.json,circle\n#a.json,z\na.csv,z\n", "cv/labels.csv", in: folder)
        let warning =
            "cv/labels.csv:3:1: warning: a line starting with \"#\" is a comment and labels nothing, but #1.json "
            + "(\(folder.resolvingSymlinksInPath().path)/cv/#1.json) is a file: to label it, quote its path: "
            + "\"#1.json\",circle\n"
        let batch = try GestureCommand.run(["batch", "--format", "jsonl", "cv"], in: folder)
        #expect(batch.stderr == warning)
        let run = try GestureCommand.run(["convert", "cv", "--to", "csv", "--out", "cvout"], in: folder)
        #expect(run == .init(status: 0, stdout: "", stderr: warning))
        #expect(try Self.text("cvout/labels.csv", in: folder) == "path,label\na.csv,z\n")
    }

    /// A labels file holding a NUL byte, or in UTF-16, is refused as `gesture batch` refuses it, at
    /// its place, exit 2: convert wrote it without the byte and exited 0.
    @Test func aLabelsFileThatIsNotUTF8IsRefusedAsBatchRefusesIt() throws {
        let folder = try Self.folder("nul-labels")
        try Self.bundled("circle.json", to: "nul/a.json", in: folder)
        try Self.write("path,label\na.json,circle\0\n", "nul/labels.csv", in: folder)
        let error =
            "nul/labels.csv:2:14: error: expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?\n"
        let batch = try GestureCommand.run(["batch", "nul"], in: folder)
        #expect(batch.status == 2 && batch.stderr == error)
        let run = try GestureCommand.run(["convert", "nul", "--to", "csv", "--out", "out"], in: folder)
        #expect(run == .init(status: 2, stdout: "", stderr: error))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/labels.csv").path))
    }

    /// Every labels file batch reads in a folder, at any depth and by any `*label*.csv` name, is
    /// copied to its place with its paths renamed; the converted folder scores as the original.
    @Test func labelsFilesAtAnyDepthAreCopied() throws {
        let folder = try Self.folder("deep-labels")
        try Self.bundled("checkmark.json", to: "corpus/s01/a.json", in: folder)
        try Self.bundled("z.csv", to: "corpus/s02/b.csv", in: folder)
        try Self.write("path,label\na.json,checkmark\n", "corpus/s01/labels.csv", in: folder)
        try Self.write("path,label\ns02/b.csv,z\n", "corpus/Labels-2024.csv", in: folder)
        let run = try GestureCommand.run(["convert", "corpus", "--to", "csv", "--out", "out"], in: folder)
        #expect(run == .init(status: 0, stdout: "", stderr: ""))
        #expect(try Self.text("out/s01/labels.csv", in: folder) == "path,label\na.csv,checkmark\n")
        #expect(try Self.text("out/Labels-2024.csv", in: folder) == "path,label\ns02/b.csv,z\n")
        let original = try GestureCommand.run(["batch", "--format", "jsonl", "corpus"], in: folder)
        let converted = try GestureCommand.run(["batch", "--format", "jsonl", "out"], in: folder)
        #expect(converted.status == 0 && converted.stderr == "")
        #expect(
            try Self.scored(converted.stdout) == [
                "out/s01/a.csv checkmark checkmark true", "out/s02/b.csv z z true",
            ])
        #expect(
            try Self.scored(original.stdout) == [
                "corpus/s01/a.json checkmark checkmark true", "corpus/s02/b.csv z z true",
            ])
    }

    /// Two traces named alike but for their extension make one output, and the second is not
    /// converted: the copied labels file leaves its row out, and says so, rather than label the one
    /// output twice (which made the whole converted folder an error to `batch`).
    @Test func aLabelsRowOfATraceNotConvertedIsLeftOut() throws {
        let folder = try Self.folder("clash-labels")
        try Self.bundled("tap.json", to: "corpus/a.json", in: folder)
        try Self.bundled("swipe-up.csv", to: "corpus/a.csv", in: folder)
        try Self.write("path,label\na.json,tap\na.csv,swipe-up\n", "corpus/labels.csv", in: folder)
        let run = try GestureCommand.run(["convert", "corpus", "--to", "xml", "--lossy", "--out", "out"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.contains(
                "out/a.xml: error: already written from corpus/a.csv in this run; corpus/a.json not converted\n"),
            "\(run.stderr)")
        #expect(
            run.stderr.hasSuffix(
                "out/labels.csv: warning: 1 row of corpus/labels.csv left out: a.json not converted, another trace's "
                    + "output in its place\n"), "\(run.stderr)")
        #expect(try Self.text("out/labels.csv", in: folder) == "path,label\na.xml,swipe-up\n")
        let converted = try GestureCommand.run(["batch", "--format", "jsonl", "out"], in: folder)
        #expect(converted.status == 0, "\(converted.stderr)")
        #expect(try Self.scored(converted.stdout) == ["out/a.xml swipe-up swipe-up true"])
    }

    /// A recorder session converted to XML without --lossy: no trace is converted, and the labels file
    /// is not copied either (it was, its rows labelling nothing, and the run again with --lossy then
    /// failed on it: `exists; not overwritten`). A row of a trace that could not be read is left out.
    @Test func aLabelsFileOfTracesNotConvertedIsNotInTheWayOfASecondRun() throws {
        let folder = try Self.folder("retry-labels")
        try Self.bundled("checkmark.json", to: "s01/checkmark/s01-01.json", in: folder)
        try Self.bundled("tap.json", to: "s01/tap/s01-01.json", in: folder)
        try Self.write(
            "path,label\ncheckmark/s01-01.json,checkmark\ntap/s01-01.json,tap\n", "s01/labels-s01.csv", in: folder)
        let refused = try GestureCommand.run(["convert", "s01", "--to", "xml", "--out", "xml"], in: folder)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasSuffix(
                "xml/labels-s01.csv: warning: not written: none of the traces s01/labels-s01.csv labels was converted\n"
            ),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("xml/labels-s01.csv").path))
        let lossy = try GestureCommand.run(["convert", "s01", "--to", "xml", "--lossy", "--out", "xml"], in: folder)
        #expect(lossy.status == 0 && !lossy.stderr.contains("error"), "\(lossy.stderr)")
        #expect(
            try Self.text("xml/labels-s01.csv", in: folder)
                == "path,label\ncheckmark/s01-01.xml,checkmark\ntap/s01-01.xml,tap\n")
        // One trace that cannot be read: its row is left out, the other kept.
        try Self.write("t,id,phase,x,y\n0,1,began,1,2\n-1,1,ended,1,2\n", "s01/tap/s01-01.json", in: folder)
        let partial = try GestureCommand.run(["convert", "s01", "--to", "csv", "--out", "csv"], in: folder)
        #expect(partial.status == 2)
        #expect(
            partial.stderr.hasSuffix(
                "csv/labels-s01.csv: warning: 1 row of s01/labels-s01.csv left out: tap/s01-01.json not converted\n"),
            "\(partial.stderr)")
        #expect(try Self.text("csv/labels-s01.csv", in: folder) == "path,label\ncheckmark/s01-01.csv,checkmark\n")
    }

    /// The same for a trace whose name has a line break: its row names it as the file system spells
    /// it, not as output shows it (`new\u{A}line.json`), under which it was noted not converted, so
    /// the copy kept its row and was written, in the way of the second run.
    @Test func aLabelsRowOfATraceNotConvertedWhoseNameHasALineBreakIsLeftOut() throws {
        let folder = try Self.folder("retry-labels-line-break")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Self.bundled("tap.json", to: "s01/new\nline.json", in: folder)
        try Self.write("path,label\n\"new\nline.json\",tap\n", "s01/labels.csv", in: folder)
        let refused = try GestureCommand.run(["convert", "s01", "--to", "xml", "--out", "xml"], in: folder)
        #expect(refused.status == 2)
        #expect(
            refused.stderr.hasSuffix(
                "xml/labels.csv: warning: not written: none of the traces s01/labels.csv labels was converted\n"),
            "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("xml/labels.csv").path))
        // Converted, it is written under its own name, which the copied row names (it was written as
        // `new\u{A}line.csv`, and the row, taken for another trace's, was left out): batch labels it.
        let converted = try GestureCommand.run(["convert", "s01", "--to", "csv", "--out", "csv"], in: folder)
        #expect(converted.status == 0 && converted.stderr == "", "\(converted.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("csv/new\nline.csv").path))
        #expect(try Self.text("csv/labels.csv", in: folder) == "path,label\n\"new\nline.csv\",tap\n")
        let scored = try GestureCommand.run(["batch", "csv", "--quiet"], in: folder)
        #expect(scored.stdout.hasPrefix("1 trace: 1 scored, 0 unlabelled, 0 errors"), "\(scored.stdout)")
    }

    /// An `--out` inside the folder converted is not walked: run again, it is not converted into
    /// itself one level deeper. The folder itself as `--out` is refused.
    @Test func anOutFolderInsideTheInputIsLeftOut() throws {
        let folder = try Self.folder("out-inside")
        try Self.write(
            try Self.text("checkmark.json", in: GestureCommand.packageRoot.appendingPathComponent("Traces")),
            "corpus/s01/a.json", in: folder)
        for _ in 1...3 {
            let run = try GestureCommand.run(
                ["convert", "corpus", "--to", "csv", "--out", "corpus/out", "--force"], in: folder)
            #expect(run == .init(status: 0, stdout: "", stderr: ""))
        }
        let files = try #require(FileManager.default.enumerator(atPath: folder.appendingPathComponent("corpus").path))
            .compactMap { $0 as? String }.filter { $0.contains(".") }.sorted()
        #expect(files == ["out/s01/a.csv", "s01/a.json"])
        // Inside a folder whose name has a control character (shown escaped, `we\u{9}ird`): compared
        // as the bytes the walk opens.
        for _ in 1...2 {
            let run = try GestureCommand.run(
                ["convert", "corpus", "--to", "csv", "--out", "corpus/we\tird/out", "--force"], in: folder)
            #expect(run == .init(status: 0, stdout: "", stderr: ""))
        }
        let weird = try #require(
            FileManager.default.enumerator(atPath: folder.appendingPathComponent("corpus/we\tird").path)
        ).compactMap { $0 as? String }.filter { $0.contains(".") }.sorted()
        // The first --out's files are traces of the folder here; the second's own are not converted again.
        #expect(weird == ["out/out/s01/a.csv", "out/s01/a.csv"])
        let itself = try GestureCommand.run(["convert", "corpus", "--to", "csv", "--out", "./corpus/"], in: folder)
        #expect(
            itself
                == .init(
                    status: 2, stdout: "",
                    stderr: "./corpus/: error: --out is the folder being converted, corpus; give another folder\n"))
    }

    /// Converted to XML, the own labels of the traces no labels file lists go to a new labels file; one
    /// written by an earlier run inside the folder is not read as the folder's, and is written anew.
    @Test func ownLabelsOfTracesNoLabelsFileListsAreKept() throws {
        let folder = try Self.folder("partial-labels")
        try Self.bundled("tap.json", to: "corpus/s1/a.json", in: folder)
        try Self.bundled("checkmark.json", to: "corpus/s1/b.json", in: folder)
        try Self.write("path,label\na.json,tap\n", "corpus/s1/labels.csv", in: folder)
        let arguments = ["convert", "corpus", "--to", "xml", "--lossy", "--out", "corpus/xml", "--force"]
        #expect(try GestureCommand.run(arguments, in: folder).status == 0)
        #expect(try Self.text("corpus/xml/labels.csv", in: folder) == "path,label\ns1/b.xml,checkmark\n")
        #expect(try Self.text("corpus/xml/s1/labels.csv", in: folder) == "path,label\na.xml,tap\n")
        try Self.bundled("circle.json", to: "corpus/s1/c.json", in: folder)
        #expect(try GestureCommand.run(arguments, in: folder).status == 0)
        #expect(
            try Self.text("corpus/xml/labels.csv", in: folder) == "path,label\ns1/b.xml,checkmark\ns1/c.xml,circle\n")
        let batch = try GestureCommand.run(["batch", "corpus/xml"], in: folder)
        #expect(batch.stdout.hasPrefix("3 traces: 3 scored, 0 unlabelled, 0 errors\n"))
    }

    /// XML's times count from its first point: a trace that starts at 2 s loses its start, and
    /// says that, not that its times are no whole milliseconds.
    @Test func aStartOtherThanZeroIsTheLossXMLSays() throws {
        let trace = """
            {"samples": [{"t": 2, "id": 1, "phase": "began", "x": 1, "y": 2},
              {"t": 2.5, "id": 1, "phase": "moved", "x": 1, "y": 3},
              {"t": 2.5004, "id": 1, "phase": "ended", "x": 1, "y": 3}]}
            """
        let run = try GestureCommand.run(["convert", "-", "--to", "xml"], input: trace)
        #expect(
            run.stderr
                == "-: error: to xml loses: the first sample's time 2 s (read back as 0), times not whole milliseconds from the first sample (1 sample); not converted (--lossy converts anyway)\n"
        )
    }

    /// A loss of thousands of touch ids names the first five; a label is quoted in full.
    @Test func longLossesAreBrief() throws {
        var csv = "# label: checkmark+swipe-right\nt,id,phase,x,y\n"
        for k in 0..<8 { csv += "\(k),t\(k),began,1,2\n\(k).5,t\(k),ended,1,2\n" }
        let run = try GestureCommand.run(["convert", "-", "--input-format", "csv", "--to", "xml"], input: csv)
        #expect(
            run.stderr
                == #"-: error: to xml loses: label "checkmark+swipe-right", touch ids ("t0" → 1, "t1" → 2, "t2" → 3, "t3" → 4, "t4" → 5, and 3 more); not converted (--lossy converts anyway)"#
                + "\n")
    }

    /// What the readers do not read (a CSV column, a JSON key of the trace or of a sample) is not in
    /// the output either, and convert says so: a warning, since no reader keeps it.
    @Test func whatTheReaderDoesNotReadIsSaid() throws {
        let csv = try GestureCommand.run(
            ["convert", "-", "--input-format", "csv", "--to", "json"],
            input: "t,id,phase,x,y,force, \n0,1,began,1,2,0.5,\n0.1,1,ended,1,2,0.7,\n")
        #expect(csv.status == 0 && csv.stderr == "-: warning: not read, so not converted: column \"force\"\n")
        let json = try GestureCommand.run(
            ["convert", "-", "--to", "csv"],
            input: #"""
                {"Label": "tap", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2, "pressure": 1},
                  {"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2, "pressure": 0, "tilt": 3}]}
                """#)
        #expect(json.status == 0)
        #expect(
            json.stderr
                == #"-: warning: not read, so not converted: key "Label", sample key "pressure", sample key "tilt""#
                + "\n")
        let plain = try GestureCommand.run(["convert", "Traces/z.csv", "--to", "json"])
        #expect(plain.status == 0 && plain.stderr == "")
    }

    /// What convert writes reads back with no ceilings; past a read limit of the run it is said.
    @Test func anOutputPastAReadLimitIsWarned() throws {
        let trace = #"""
            {"name": "&&&&&&&&", "samples": [{"t": 0, "id": 1, "phase": "began", "x": 1, "y": 2},
              {"t": 0.1, "id": 1, "phase": "ended", "x": 1, "y": 2}]}
            """#
        let run = try GestureCommand.run(
            ["convert", "-", "--to", "xml", "--limit", "string-length=16"], input: trace)
        #expect(run.status == 0 && run.stdout.contains(#"Name="&amp;&amp;"#))
        #expect(
            run.stderr.hasPrefix(
                "-: warning: does not read back within the read limits: attribute value too long: expected at most 16 bytes"
            ))
    }

    /// `--force` replaces what is in the way, but never another input of the run: `a.csv` converted to
    /// JSON in its own folder replaced `a.json`, an input not converted yet, which was then lost.
    /// A write that fails (here past `ulimit -f`; a full disk alike) leaves no partial file, nor a
    /// temporary one, and a file it was to replace (`--force`) as it was; a file replaced keeps its
    /// permissions, and one reached through a link is written at its target.
    @Test func aFileIsWrittenWholeOrNotAtAll() throws {
        let folder = try Self.folder("whole")
        var csv = "t,id,phase,x,y\n0,1,began,0,0\n"
        for i in 1..<400 { csv += "\(Double(i) / 100),1,moved,\(i),\(i)\n" }
        try Data((csv + "4,1,ended,400,400\n").utf8).write(to: folder.appendingPathComponent("long.csv"))
        try Data("old".utf8).write(to: folder.appendingPathComponent("old.json"))
        let run = try GestureCommand.bash(
            #"(ulimit -f 8; "$GESTURE" convert long.csv --to json --out new.json; echo "status $?"; "#
                + #""$GESTURE" convert long.csv --to json --out old.json --force; echo "status $?"); ls -A; cat old.json"#,
            in: folder)
        #expect(run.stdout == "status 2\nstatus 2\nlong.csv\nold.json\nold")
        #expect(
            run.stderr
                == "new.json: error: cannot write: File too large; long.csv not converted\n"
                + "old.json: error: cannot write: File too large; long.csv not converted\n")
        // Replaced whole: its mode kept; through a link, the target replaced and the link kept.
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: folder.path + "/old.json")
        try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.json", withDestinationPath: "old.json")
        let forced = try GestureCommand.run(
            ["convert", "long.csv", "--to", "json", "--out", "link.json", "--force"], in: folder)
        #expect(forced.status == 0 && forced.stderr == "")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.path + "/old.json")
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: folder.path + "/link.json") == "old.json")
        #expect(try Self.text("old.json", in: folder).hasPrefix("{"))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == [
                "link.json", "long.csv", "old.json",
            ])
    }

    @Test func forceNeverReplacesAnotherInput() throws {
        let folder = try Self.folder("force-input")
        try Self.bundled("z.csv", to: "same/a.csv", in: folder)
        try Self.bundled("tap.json", to: "same/a.json", in: folder)
        let tap = try Self.text("same/a.json", in: folder)
        let run = try GestureCommand.run(
            ["convert", "same/a.csv", "same/a.json", "--to", "json", "--out", "same", "--force"], in: folder)
        #expect(run.status == 2)
        #expect(run.stderr == "same/a.json: error: an input of this run; not overwritten; same/a.csv not converted\n")
        #expect(try Self.text("same/a.json", in: folder) == tap)
        // Nor a trace of a folder given, converted already (`data/s01/a.json`, into `data/a.json`) and
        // in the place of another's output (`data/s01/s01/a.csv`, into `data/s01/a.json`).
        try Self.bundled("tap.json", to: "data/s01/a.json", in: folder)
        try Self.bundled("z.csv", to: "data/s01/s01/a.csv", in: folder)
        let nested = try GestureCommand.run(
            ["convert", "data/s01", "--to", "json", "--out", "data", "--force"], in: folder)
        #expect(nested.status == 2)
        #expect(
            nested.stderr
                == "data/s01/a.json: error: an input of this run; not overwritten; data/s01/s01/a.csv not converted\n")
        #expect(try Self.text("data/s01/a.json", in: folder) == tap)
    }

    /// Several folders go each into a folder of its name, their labels files apart (two corpora written
    /// into one folder clashed on `labels.csv`, and one corpus was left unlabelled); a folder without a
    /// trace is an error, as `gesture batch` says of one.
    @Test func severalFoldersGoEachIntoAFolderOfItsName() throws {
        let folder = try Self.folder("two-corpora")
        try Self.corpus(in: folder.appendingPathComponent("one"))
        try Self.corpus(in: folder.appendingPathComponent("two"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let run = try GestureCommand.run(
            ["convert", "one/corpus", "two/corpus", "--to", "json", "--out", "out"], in: folder)
        #expect(run.status == 2)
        #expect(
            run.stderr.hasPrefix(
                "gesture: error: one/corpus and two/corpus would both be written into out/corpus: convert them one at a time\n"
            ))
        let both = try GestureCommand.run(
            ["convert", "one", "two", "--to", "json", "--out", "out", "--lossy"], in: folder)
        #expect(both.status == 2, "the bad traces of each corpus")
        let labels = try GestureCommand.run(["batch", "--format", "jsonl", "out"], in: folder)
        #expect(
            try Self.scored(labels.stdout) == [
                "out/one/corpus/s01/a.json checkmark checkmark true", "out/one/corpus/s02/b.json z z true",
                "out/two/corpus/s01/a.json checkmark checkmark true", "out/two/corpus/s02/b.json z z true",
            ])
        let empty = try GestureCommand.run(["convert", "empty", "--to", "json", "--out", "e"], in: folder)
        #expect(
            empty
                == .init(
                    status: 2, stdout: "",
                    stderr: "empty: error: no trace files (.json, .csv, .xml) in it; nothing converted\n"))
    }

    @Test func severalFilesIntoAFolderAndOneFileToAFile() throws {
        let folder = try Self.folder("files")
        let traces = GestureCommand.packageRoot.appendingPathComponent("Traces").path
        let run = try GestureCommand.run(
            ["convert", "\(traces)/z.csv", "\(traces)/tap.json", "--to", "json", "--out", "json"], in: folder)
        #expect(run.status == 0 && run.stderr == "")
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("json").path).sorted()
                == ["tap.json", "z.json"])
        let one = try GestureCommand.run(["convert", "json/z.json", "--to", "csv", "--out", "z-again.csv"], in: folder)
        #expect(one.status == 0 && one.stderr == "")
        #expect(
            TraceWriterTests.sameBits(
                try TraceReader.read(path: folder.appendingPathComponent("z-again.csv").path),
                try TraceWriterTests.read("Traces/z.csv")))
        // A file of no trace extension, read as --input-format says, keeps its name and gains one.
        try Self.write(try Self.text("Traces/z.csv", in: GestureCommand.packageRoot), "z.txt", in: folder)
        let text = try GestureCommand.run(
            ["convert", "z.txt", "--input-format", "csv", "--to", "json", "--out", "json"], in: folder)
        #expect(text.status == 0 && text.stderr == "")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("json/z.txt.json").path))
        // Two inputs with one output name: the first is written, the second reported.
        let clash = try GestureCommand.run(
            ["convert", "\(traces)/z.csv", "json/z.json", "--to", "json", "--out", "both"], in: folder)
        #expect(clash.status == 2 && clash.stdout == "")
        #expect(
            clash.stderr
                == "both/z.json: error: already written from \(traces)/z.csv in this run; json/z.json not converted\n")
        let missing = try GestureCommand.run(["convert", "nothing.json", "--to", "csv"], in: folder)
        #expect(missing == .init(status: 2, stdout: "", stderr: "nothing.json: error: cannot read: no such file\n"))
    }

    @Test(arguments: [
        (["convert", "Traces/z.csv"], "--to json|csv|xml is required"),
        (["convert", "Traces/z.csv", "--to", "yaml"], "invalid value \"yaml\" for --to: expected json, csv or xml"),
        (["convert", "--to", "csv"], "no INPUT given (use - for standard input)"),
        (["convert", "Traces/z.csv", "Traces/tap.json", "--to", "csv"], "several inputs or a folder need --out DIR"),
        (["convert", "Traces", "--to", "csv"], "several inputs or a folder need --out DIR"),
        (
            ["convert", "-", "Traces/tap.json", "--to", "csv", "--out", "/nonexistent-gesture-out"],
            "- (standard input) can only be converted alone"
        ),
        (
            ["convert", "-", "--to", "csv", "--out", "Traces"],
            "- (standard input) needs --out FILE, not a folder: Traces is one"
        ),
        // A folder that is there, named with its /, is one (it said `Traces/ names one`).
        (
            ["convert", "-", "--to", "csv", "--out", "Traces/"],
            "- (standard input) needs --out FILE, not a folder: Traces/ is one"
        ),
        // A path ending in / names a folder, whatever stands there (it said the file README.md was one).
        (
            ["convert", "-", "--to", "csv", "--out", "README.md/"],
            "- (standard input) needs --out FILE, not a folder: README.md/ names one"
        ),
        (
            ["convert", "Traces/z.csv", "Traces/tap.json", "--to", "csv", "--out", "README.md"],
            "--out README.md is a file, not a folder: several inputs or a folder need --out DIR"
        ),
        (
            ["convert", "Traces", "--to", "json", "--out", "README.md/"],
            "--out README.md/ is a file, not a folder: several inputs or a folder need --out DIR"
        ),
        (
            ["convert", "Traces/z.csv", "--to", "xml", "--out", "/nonexistent-gesture-out/z.csv"],
            "--out /nonexistent-gesture-out/z.csv names a csv file, and --to xml writes xml: name it .xml"
        ),
    ])
    func usageErrorsExitTwo(_ arguments: [String], _ message: String) throws {
        let output = try GestureCommand.run(arguments)
        #expect(
            output
                == .init(
                    status: 2, stdout: "",
                    stderr: "gesture: error: \(message)\nRun `gesture convert --help` for usage.\n")
        )
    }

    /// A whole dataset folder of `$`-family logs converts to JSON and back to XML without a single
    /// loss, its labels file with it.
    @Test(
        .enabled(if: BatchDatasetTests.present, "../shared/datasets is absent: folder round trip on real data not run"))
    func aDatasetFolderRoundTrips() throws {
        let folder = try Self.folder("dataset")
        let source = BatchDatasetTests.datasets.appendingPathComponent("mmg-strokes").path
        let json = try GestureCommand.run(["convert", source, "--to", "json", "--out", "json"], in: folder)
        // The logs whose clock stepped back 1 ms say so (the JSON keeps the times as read), and those
        // whose strokes jump (a finger's dropped samples, kept as read); nothing else.
        let warnings = json.stderr.split(separator: "\n")
        #expect(json.status == 0 && warnings.count == 148 + 43)
        #expect(warnings.allSatisfy { $0.contains(": warning: ") })
        #expect(warnings.filter { $0.hasSuffix("they were given the previous time") }.count == 148)
        #expect(
            warnings.filter { $0.hasSuffix("replay reads one touch jumping there (--lift-at-jumps reads a lift)") }
                .count == 43)
        let xml = try GestureCommand.run(["convert", "json", "--to", "xml", "--out", "xml"], in: folder)
        #expect(xml.status == 0 && xml.stderr == "")
        #expect(
            try Self.text("xml/labels.csv", in: folder)
                == (try String(contentsOfFile: source + "/labels.csv", encoding: .utf8)))
        var compared = 0
        for entry in CorpusWalker(roots: [source]) where !entry.path.hasSuffix("/labels.csv") {
            let original = try TraceReader.read(path: entry.path)
            let back = try TraceReader.read(path: folder.appendingPathComponent("xml/" + entry.relativePath).path)
            #expect(TraceWriterTests.sameBits(original, back), "\(entry.relativePath)")
            compared += 1
        }
        #expect(compared == 593)
    }
}
