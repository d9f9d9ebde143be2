import Foundation
import Testing

@testable import GestureKit

@Suite struct LabelerTests {
    @Test(
        arguments: [
            ("corpus/checkmark/1.json", "checkmark"),
            ("/abs/corpus/z/s01.xml", "z"),
            ("a//b//c.json", "b"),
            ("dir/sub/", "dir"),
            ("c.json", nil),
            ("/c.json", nil),
            ("//c.json", nil),
            ("", nil),
            ("./é/x.csv", "é"),
        ] as [(String, String?)])
    func parentFolderName(path: String, parent: String?) {
        #expect(Labeler.parentName(path) == parent)
    }

    /// Labels and other columns are read without the spaces around them, Unicode ones too.
    @Test(
        arguments: [
            ("circle", "circle"), (" circle\t", "circle"), ("\u{A0}z\u{2003}", "z"), ("a b", "a b"), ("", ""),
            ("  ", ""), ("é", "é"),
        ] as [(String, String)])
    func trimmedField(text: String, trimmed: String) {
        #expect(Labeler.trimmed(text) == trimmed)
    }

    /// Two spellings of one file are one key: relative to the folder, `.`, `..` and doubled slashes
    /// resolved as text; `..` stops at the root; any characters kept.
    @Test(
        arguments: [
            ("a.json", "/w/d", "/w/d/a.json"),
            ("./s01/../s02//b.xml", "/w/d", "/w/d/s02/b.xml"),
            ("/abs/./x/../y.csv", "/w/d", "/abs/y.csv"),
            ("../../../../up.json", "/w/d", "/up.json"),
            ("..", "/", "/"),
            ("", "/w/d/", "/w/d"),
            ("é/ü ñ.json", "/dóc", "/dóc/é/ü ñ.json"),
            ("..x/.y", "/w", "/w/..x/.y"),
        ] as [(String, String, String)])
    func absolutePath(path: String, folder: String, absolute: String) {
        #expect(Labeler.absolute(path, in: folder) == absolute)
    }
}

extension LabelerTests {
    /// A label comes from a file (a trace's `label`, a labels file), so its message shows it the way
    /// every diagnostic shows text (`DiagnosticText`).
    @Test func anUnknownLabelIsShownEscaped() {
        let labeler = Labeler(configuration: Configuration())
        guard case .failure(let error) = labeler.label(for: "a.json", traceLabel: "ta\u{7}p\u{9B}") else {
            Issue.record("an unknown label was accepted")
            return
        }
        #expect(error.message.hasPrefix(#"unknown label "ta\u{7}p\u{9B}" in the trace: expected one of "#))
    }
}

extension LabelerTests {
    /// A labels file with `path` or `label` twice is refused at the second: which one counts would be
    /// left to chance. Other columns named twice are read from the first (`group` for `--group-by`).
    @Test(
        arguments: [
            ("path,label,label\na.json,v,x\n", "l.csv:1:12: error: a second \"label\" column"),
            ("path,Path,label\na.json,b.json,v\n", "l.csv:1:6: error: a second \"path\" column"),
            (" label ,path, LABEL\nv,a.json,x\n", "l.csv:1:15: error: a second \"label\" column"),
        ] as [(String, String)])
    func aColumnReadTwiceIsRefused(text: String, message: String) {
        var labeler = Labeler(anyLabel: ())
        #expect {
            try labeler.loadLabels(bytes: Array(text.utf8), file: "l.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
                && "\(error)".hasSuffix(": a labels file names each file once and gives it one label")
        }
        var other = Labeler(anyLabel: ())
        #expect(throws: Never.self) {
            try other.loadLabels(bytes: Array("path,label,group,group\na.json,v,p1,p2\n".utf8), file: "l.csv")
        }
    }
}

extension LabelerTests {
    /// A label one slip from a gesture (its case, a letter) names it; a sequence, or one far from
    /// every gesture, lists them only.
    @Test(arguments: [
        ("Checkmark", #"unknown label "Checkmark" in the trace: did you mean checkmark? expected one of checkmark, "#),
        ("swipe-rigth", #"unknown label "swipe-rigth" in the trace: did you mean swipe-right? expected one of "#),
        ("NONE", #"unknown label "NONE" in the trace: did you mean none? expected one of "#),
        ("zebra", #"unknown label "zebra" in the trace: expected one of checkmark, "#),
        ("tap+Tap", #"unknown label "tap+Tap" in the trace: expected one of checkmark, "#),
    ])
    func aSlipOfALabelNamesTheGesture(label: String, message: String) {
        let labeler = Labeler(configuration: Configuration())
        guard case .failure(let error) = labeler.label(for: "a.json", traceLabel: label) else {
            Issue.record("\(label) was accepted")
            return
        }
        #expect(error.message.hasPrefix(message), "\(error.message)")
        // The map renames a trace's own label too, and says so, as for a labels file's.
        #expect(error.message.hasSuffix(", none (or map it with --label-map)"), "\(error.message)")
    }
}

extension LabelerTests {
    /// `--label-map` renames a folder's name as it renames a label, a gesture's name too: with
    /// `circle=none`, a `circle/` folder labels its traces `none`, as a `circle` label would.
    @Test func theLabelMapRenamesAFolderNamedAsAGesture() throws {
        var labeler = Labeler(configuration: Configuration())
        try labeler.setLabelMap("circle=none,check=checkmark")
        #expect(try labeler.label(for: "corpus/circle/a.json", traceLabel: nil).get() == "none")
        #expect(try labeler.label(for: "corpus/Circle/a.json", traceLabel: nil).get() == "none")
        #expect(try labeler.label(for: "corpus/a.json", traceLabel: "circle").get() == "none")
        #expect(try labeler.label(for: "corpus/check/a.json", traceLabel: nil).get() == "checkmark")
        #expect(try labeler.label(for: "corpus/z/a.json", traceLabel: nil).get() == "z")
    }
}

extension LabelerTests {
    /// A row labels one file: a row naming a folder, or with an empty path (the labels file's own
    /// folder), labels nothing, and says so at its place as a row for a missing file does.
    @Test func aRowNamingAFolderWarnsThatItLabelsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labeler-folder-row-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("s01"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("labels.csv").path
        var labeler = Labeler(configuration: Configuration())
        try labeler.loadLabels(bytes: Array("path,label\ns01,circle\n,z\n".utf8), file: file)
        #expect(
            labeler.warnings == [
                "\(file):2:1: warning: s01 (\(folder.path)/s01) is a folder, not a file: the row labels nothing "
                    + "(a row labels one trace file)",
                "\(file):3:1: warning: the empty path (\(folder.path)) is a folder, not a file: the row labels "
                    + "nothing (a row labels one trace file)",
            ])
    }

    /// A row of empty fields is a blank line (a spreadsheet's `,,,` after the last row), and a row
    /// not labelled yet labels nothing and says so at its label: either was an "unknown label" error
    /// that stopped the run.
    @Test func anEmptyRowIsBlankAndARowWithNoLabelLabelsNothing() throws {
        var labeler = Labeler(configuration: Configuration())
        let text = "path,label,group,\r\na.json,checkmark,p1,\r\nb.json, ,p1,\r\n,,,\r\n , ,\t, \r\n"
        try labeler.loadLabels(bytes: Array(text.utf8), file: "/nowhere/l.csv")
        #expect(
            labeler.warnings == [
                "/nowhere/l.csv:2:1: warning: no file a.json (/nowhere/a.json): the row labels nothing",
                "/nowhere/l.csv:3:8: warning: b.json has no label: the row labels nothing",
            ])
        #expect(try labeler.label(for: "/nowhere/a.json", traceLabel: nil).get() == "checkmark")
        #expect(try labeler.label(for: "/nowhere/b.json", traceLabel: nil).get() == nil)
    }
}

extension LabelerTests {
    /// A problem with a labels file's field is placed as the trace CSV reader places a bad value: at
    /// its first character after leading spaces (and tabs, and Unicode spaces, which the labels reader
    /// trims too), or at the opening quote of a quoted field; not where the field begins.
    @Test(
        arguments: [
            ("path,label\na.json,  chekmark\n", "l.csv:2:10: error: unknown label "),
            ("path,label\na.json,\tchekmark\n", "l.csv:2:9: error: unknown label "),
            ("path,label\na.json,\u{A0}chekmark\n", "l.csv:2:9: error: unknown label "),
            ("path,label\na.json,\"  chekmark\"\n", "l.csv:2:8: error: unknown label "),
            ("path,label\na.json,circle\n  a.json,z\n", "l.csv:3:3: error: "),
        ] as [(String, String)])
    func aFieldIsPlacedAtItsFirstCharacterAfterSpaces(text: String, message: String) {
        var labeler = Labeler(configuration: Configuration())
        #expect {
            try labeler.loadLabels(bytes: Array(text.utf8), file: "l.csv")
        } throws: { error in
            "\(error)".hasPrefix(message)
        }
    }

    /// So is a warning about a row's path.
    @Test func aWarningIsPlacedAtThePathAfterSpaces() throws {
        var labeler = Labeler(configuration: Configuration())
        try labeler.loadLabels(bytes: Array("path,label\n   missing.json,circle\n".utf8), file: "/nowhere/l.csv")
        #expect(labeler.warnings.count == 1)
        let warning = try #require(labeler.warnings.first)
        #expect(warning.hasPrefix("/nowhere/l.csv:2:4: warning: no file "), "\(warning)")
    }
}

extension LabelerTests {
    /// A line starting with `#` is a comment, as in a CSV trace: it labels nothing. When its path would
    /// name a file (`#1.json,checkmark`), that is said at its place with the row that labels it; a
    /// comment that names no file, or a commented-out row (`#a.json` is not `a.json`), is not.
    @Test func aCommentThatNamesAFileWarnsThatItLabelsNothing() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labeler-comment-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["#1.json", "a.json"] {
            try Data("[]".utf8).write(to: folder.appendingPathComponent(name))
        }
        let file = folder.appendingPathComponent("labels.csv").path
        var labeler = Labeler(configuration: Configuration())
        let text = "# study 2, left hand\npath,label\n#1.json,checkmark\n#a.json,z\n\"#1.json\",circle\n"
        try labeler.loadLabels(bytes: Array(text.utf8), file: file)
        #expect(
            labeler.warnings == [
                "\(file):3:1: warning: a line starting with \"#\" is a comment and labels nothing, but #1.json "
                    + "(\(folder.path)/#1.json) is a file: to label it, quote its path: \"#1.json\",checkmark"
            ])
        // Quoted, it is a row.
        #expect(
            try labeler.label(for: folder.appendingPathComponent("#1.json").path, traceLabel: nil).get() == "circle")
    }
}

extension LabelerTests {
    /// A labels file in UTF-16 (PowerShell's `>` writes one) or UTF-32 is named as such, with the
    /// command that converts it, as a trace or config file is (`TextEncoding`); read as UTF-8 it was
    /// only "invalid UTF-8". A NUL byte elsewhere is placed at its byte.
    @Test(
        arguments: [
            (
                [0xFF, 0xFE] + Array("path,label\n".utf8).flatMap { [$0, 0] }, "1:1",
                "expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): convert the file first, "
                    + "e.g. with iconv -f UTF-16LE -t UTF-8"
            ),
            (
                Array("path,label\n".utf8).flatMap { [0, $0] }, "1:1",
                "expected UTF-8 text, found UTF-16BE (NUL bytes before its characters, without a byte-order "
                    + "mark): convert the file first, e.g. with iconv -f UTF-16BE -t UTF-8"
            ),
            (
                Array("path,label\na.json,z\0\n".utf8), "2:9",
                "expected UTF-8 text, found a NUL byte (U+0000); is this a binary file?"
            ),
            // Placed at 1:1, as an empty trace is (it had no place).
            ([], "1:1", "empty labels file: expected a header \"path,label\""),
        ] as [([UInt8], String, String)])
    func aLabelsFileNotInUTF8IsNamedAsTheTraceReadersNameIt(bytes: [UInt8], place: String, message: String) {
        var labeler = Labeler(configuration: Configuration())
        #expect(throws: LabelError("l16.csv:\(place): error: \(message)")) {
            try labeler.loadLabels(bytes: bytes, file: "l16.csv")
        }
    }
}

extension LabelerTests {
    /// A field is quoted as it is read, without the spaces at its ends, as the trace CSV reader quotes
    /// a value; the place is its first character after them.
    @Test func aFieldIsQuotedWithoutItsSpaces() throws {
        let file = "/nowhere/l.csv"
        var labeler = Labeler(configuration: Configuration())
        let error = #expect(throws: LabelError.self) {
            try labeler.loadLabels(bytes: Array("path,label\na.json,  chekmark\t\n".utf8), file: file)
        }
        #expect(
            error?.message.hasPrefix("\(file):2:10: error: unknown label \"chekmark\": did you mean checkmark? ")
                == true,
            "\(String(describing: error))")
        labeler = Labeler(configuration: Configuration())
        #expect(
            throws: LabelError(
                "\(file):3:3: error: a.json is labelled circle here and z on line 2: one path, one label")
        ) {
            try labeler.loadLabels(bytes: Array("path,label\na.json,z\n  a.json ,circle\n".utf8), file: file)
        }
        labeler = Labeler(configuration: Configuration())
        try labeler.loadLabels(
            bytes: Array("path,label\nb.json,z\n  b.json ,z\n c.json,z\n".utf8), file: file)
        #expect(
            labeler.warnings == [
                "\(file):2:1: warning: no file b.json (/nowhere/b.json): the row labels nothing",
                "\(file):3:3: warning: b.json is listed again (line 2, the same label)",
                "\(file):4:2: warning: no file c.json (/nowhere/c.json): the row labels nothing",
            ])
    }
}

extension LabelerTests {
    /// A label holding quotes is quoted with them escaped (`"\"z\""`), as CSV's messages quote a value: it
    /// read `""z""`.
    @Test func aLabelWithQuotesIsQuotedEscaped() throws {
        let labeler = Labeler(configuration: Configuration())
        guard case .failure(let error) = labeler.label(for: "a.json", traceLabel: #""z" a\b"#) else {
            Issue.record("the label was accepted")
            return
        }
        #expect(error.message.hasPrefix(#"unknown label "\"z\" a\\b" in the trace: "#), "\(error.message)")
    }

    /// `swipe` is a recognizer's id, not one of its gestures (swipe-left, …): a label or a map naming
    /// it says so and names the gestures, where it listed every gesture with no word on why.
    @Test func aLabelNamingARecognizerNamesItsGestures() throws {
        let labeler = Labeler(configuration: Configuration())
        guard case .failure(let error) = labeler.label(for: "a.json", traceLabel: "swipe") else {
            Issue.record("swipe was accepted")
            return
        }
        #expect(
            error.message
                == "unknown label \"swipe\" in the trace: swipe is a recognizer, not a gesture; its gestures are "
                + "swipe-left, swipe-right, swipe-up, swipe-down: label each trace with one, or map the label "
                + "(--label-map swipe=swipe-left)")
        var mapped = Labeler(configuration: Configuration())
        #expect {
            try mapped.setLabelMap("flick=swipe")
        } throws: { error in
            "\(error)"
                == "--label-map: swipe is a recognizer, not a gesture; its gestures are swipe-left, swipe-right, "
                + "swipe-up, swipe-down"
        }
        // A recognizer whose id is its gesture (tap) is no such case: the label is the gesture.
        #expect(try labeler.label(for: "a.json", traceLabel: "tap").get() == "tap")
    }
}

extension LabelerTests {
    /// A labels file written on Windows (`s01\a.json`): the warning for the missing file says that
    /// folders are separated by `/`, when the path read that way is a file; not when it is not.
    @Test func aWindowsPathIsAnsweredWithTheSlashedOne() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labeler-windows-\(getpid())")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("s01"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("{}".utf8).write(to: folder.appendingPathComponent("s01/a.json"))
        let file = folder.appendingPathComponent("labels.csv").path
        var labeler = Labeler(configuration: Configuration())
        try labeler.loadLabels(bytes: Array("path,label\ns01\\a.json,circle\ns01\\b.json,z\n".utf8), file: file)
        #expect(
            labeler.warnings == [
                "\(file):2:1: warning: no file s01\\a.json (\(folder.path)/s01\\a.json): the row labels nothing "
                    + "(folders are separated by / here, not \\: s01/a.json is a file)",
                "\(file):3:1: warning: no file s01\\b.json (\(folder.path)/s01\\b.json): the row labels nothing",
            ])
    }
}

extension LabelerTests {
    /// Each kind of row warning says its first ten rows as they come, each at its place, and counts
    /// the rest in one line after the last row, the kinds in a fixed order: rows with no label, of
    /// files missing, hidden, folders, and relabelled from an earlier labels file.
    @Test func eachKindOfRowWarningSaysTenThenCounts() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("labeler-caps-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let manager = FileManager.default
        for n in 1...12 {
            try manager.createDirectory(
                at: folder.appendingPathComponent("d\(n)"), withIntermediateDirectories: true)
            manager.createFile(atPath: folder.appendingPathComponent(".h\(n).json").path, contents: Data())
            manager.createFile(atPath: folder.appendingPathComponent("r\(n).json").path, contents: Data())
        }
        let earlier = folder.appendingPathComponent("first.csv").path
        var labeler = Labeler(anyLabel: ())
        try labeler.loadLabels(
            bytes: Array(("path,label\n" + (1...12).map { "r\($0).json,v\n" }.joined()).utf8), file: earlier)
        #expect(labeler.warnings.isEmpty)
        // Kinds interleaved, row by row: 12 of each.
        var text = "path,label\n"
        for n in 1...12 { text += "u\(n).json,\nm\(n).json,z\n.h\(n).json,z\nd\(n),z\nr\(n).json,x\n" }
        let file = folder.appendingPathComponent("labels.csv").path
        try labeler.loadLabels(bytes: Array(text.utf8), file: file)
        let warnings = labeler.warnings
        #expect(warnings.count == 55)
        let kinds = ["has no label", "no file", "is hidden", "is a folder", "by an earlier labels file"]
        for kind in kinds { #expect(warnings.prefix(50).filter { $0.contains(kind) }.count == 10, "\(kind)") }
        // As they come: the first row's five, in row order, at their places.
        #expect(warnings[0].hasPrefix("\(file):2:9: warning: u1.json has no label"))
        #expect(warnings[1].hasPrefix("\(file):3:1: warning: no file m1.json"))
        #expect(
            warnings[4].hasPrefix("\(file):6:1: warning: r1.json is labelled x here and v by an earlier labels file"))
        #expect(
            Array(warnings.suffix(5)) == [
                "\(file): warning: 2 more rows have no label",
                "\(file): warning: 2 more rows name files that do not exist",
                "\(file): warning: 2 more rows name hidden files, which a walk skips",
                "\(file): warning: 2 more rows name folders, not files",
                "\(file): warning: 2 more rows give a path another label than an earlier labels file",
            ])
    }

    /// Every bad row of a labels file is an error at its place, not the first alone (a file with ten
    /// took ten runs to mend): the first ten, then a count.
    @Test func everyBadRowIsSaid() throws {
        let file = "/nowhere/l.csv"
        var labeler = Labeler(anyLabel: ())
        var text = "path,label\na.json,has space\nb.json,a+b\nc.json\nd.json,v\nd.json,w\n"
        #expect(
            throws: LabelError(
                "\(file):2:8: error: unknown label \"has space\": expected a gesture name without spaces, commas, +, "
                    + "control characters or marks of text direction, or none (or map it with --label-map)\n"
                    + "\(file):3:8: error: unknown label \"a+b\": expected a gesture name without spaces, commas, +, "
                    + "control characters or marks of text direction, or none (or map it with --label-map)\n"
                    + "\(file):4:1: error: expected 2 fields, found 1\n"
                    + "\(file):6:1: error: d.json is labelled w here and v on line 5: one path, one label")
        ) {
            try labeler.loadLabels(bytes: Array(text.utf8), file: file)
        }
        text = "path,label\n" + (1...12).map { "\($0).json,x y\n" }.joined()
        labeler = Labeler(anyLabel: ())
        let error = #expect(throws: LabelError.self) { try labeler.loadLabels(bytes: Array(text.utf8), file: file) }
        let lines = error?.message.split(separator: "\n") ?? []
        #expect(lines.count == 11)
        #expect(lines.first?.hasPrefix("\(file):2:8: error: unknown label \"x y\"") == true)
        #expect(lines.last == "\(file): error: 2 more rows with errors")
    }
}

extension LabelerTests {
    /// `none` is no part of a sequence: `checkmark+none` is an unknown label (an error up front), not
    /// a sequence that no trace could ever be recognized as, which would score every such trace a miss.
    @Test func aSequenceWithNoneInItIsAnUnknownLabel() {
        let labeler = Labeler(configuration: Configuration())
        #expect(
            (try? labeler.label(for: "a.json", traceLabel: "checkmark+swipe-right").get())
                == .some("checkmark+swipe-right"))
        for label in ["checkmark+none", "none+checkmark"] {
            guard case .failure(let error) = labeler.label(for: "a.json", traceLabel: label) else {
                Issue.record("\(label) was accepted")
                continue
            }
            #expect(
                error.message.hasPrefix("unknown label \"\(label)\" in the trace: expected one of checkmark, "),
                "\(error.message)")
        }
    }
}
