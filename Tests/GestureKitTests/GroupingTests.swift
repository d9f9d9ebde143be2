import Foundation
import Testing

@testable import GestureKit

/// `Grouping`: its specs, the group of an entry by each source and why one has none, the order groups
/// are listed in, and the labels files' extra columns it reads.
@Suite struct GroupingTests {
    @Test(
        arguments: [
            ("dir:1", "dir:1"), ("DIR:12", "dir:12"), (" dir:2 ", "dir:2"), ("column:group", "column:group"),
            ("column:Device", "column:device"), ("group", "column:group"), ("Group", "column:group"),
            ("meta:subject", "meta:subject"), ("meta:Subject", "meta:subject"),
        ])
    func aSpecParsesToItsCanonicalSpelling(_ spec: String, _ canonical: String) throws {
        #expect(try Grouping(parsing: spec).spec == canonical)
    }

    @Test(
        arguments: [
            (
                "dir:0",
                #"dir:N names the N-th folder below each root, counted from 1: expected a whole number ≥ 1 after "dir:", found "0""#
            ),
            (
                "dir:",
                #"dir:N names the N-th folder below each root, counted from 1: expected a whole number ≥ 1 after "dir:", found """#
            ),
            (
                "dir:x",
                #"dir:N names the N-th folder below each root, counted from 1: expected a whole number ≥ 1 after "dir:", found "x""#
            ),
            ("column:", #"column:NAME names a column of the labels files: expected a name after "column:""#),
            ("meta:device", "meta:device: the readers keep no such metadata: expected meta:subject"),
            ("path:1", #"unknown kind of group "path": expected dir:N, column:NAME or meta:subject"#),
            ("", #"expected dir:N, column:NAME or meta:subject (or group, short for column:group), found """#),
            (
                "subject",
                #"expected dir:N, column:NAME or meta:subject (or group, short for column:group), found "subject""#
            ),
        ])
    func aBadSpecSaysWhatWasExpected(_ spec: String, _ message: String) {
        #expect(throws: GroupingError(message)) { try Grouping(parsing: spec) }
    }

    @Test func dirNIsTheNthFolderBelowTheRoot() throws {
        let labeler = Labeler(configuration: Configuration())
        let entry = CorpusEntry(path: "data/s02/fast/x.xml", relativePath: "s02/fast/x.xml")
        let trace = Trace(samples: [])
        #expect(try Grouping(parsing: "dir:1").group(of: entry, trace: trace, labeler: labeler) == .success("s02"))
        #expect(try Grouping(parsing: "dir:2").group(of: entry, trace: trace, labeler: labeler) == .success("fast"))
        #expect(
            try Grouping(parsing: "dir:3").group(of: entry, trace: trace, labeler: labeler)
                == .failure(
                    GroupingError(
                        #"no group by dir:3: "s02/fast/x.xml" has 2 folders below its root, not 3"#,
                        path: "data/s02/fast/x.xml")))
        let loose = CorpusEntry(path: "data/x.xml", relativePath: "x.xml")
        let error = try #require(
            try Grouping(parsing: "dir:1").group(of: loose, trace: trace, labeler: labeler).failure)
        #expect(error.description == #"data/x.xml: error: no group by dir:1: "x.xml" has no folder below its root"#)
    }

    /// With several roots, a folder is prefixed with its root's name; a subject is not (the roots may
    /// be files of one corpus).
    @Test func foldersArePrefixedWithTheirRootAmongSeveralRoots() throws {
        let corpus = try MiniCorpus("roots")
        defer { corpus.remove() }
        for path in ["one/data/s1/a.csv", "two/data/s1/a.csv", "three/s1/a.csv"] { try corpus.write(path, "") }
        let root = corpus.folder.path
        let labeler = Labeler(configuration: Configuration())
        let grouping = try Grouping(parsing: "dir:1")
        func groups(_ roots: [String]) -> [String?] {
            CorpusWalker(roots: roots).map {
                try? grouping.group(of: $0, trace: Trace(samples: []), labeler: labeler).get()
            }
        }
        #expect(groups(["\(root)/three"]) == ["s1"])
        #expect(groups(["\(root)/three", "\(root)/one/data/"]) == ["data/s1", "three/s1"])
        // Two roots with one last name are told apart by the whole root as given.
        #expect(
            groups(["\(root)/one/data", "\(root)/two/data"]) == ["\(root)/one/data/s1", "\(root)/two/data/s1"])
        let subject = Trace(subject: "7", samples: [])
        let entry = CorpusEntry(path: "x/a.csv", relativePath: "a.csv", corpus: "x")
        #expect(
            try Grouping(parsing: "meta:subject").group(of: entry, trace: subject, labeler: labeler) == .success("7"))
    }

    @Test func metaSubjectIsTheTracesSubject() throws {
        let labeler = Labeler(configuration: Configuration())
        let grouping = try Grouping(parsing: "meta:Subject")
        let entry = CorpusEntry(path: "a.xml", relativePath: "a.xml")
        let trace = try Trace.parseXML(Array(#"<Gesture Name="a" Subject="2"/>"#.utf8), file: "a.xml")
        #expect(grouping.group(of: entry, trace: trace, labeler: labeler) == .success("2"))
        #expect(
            grouping.group(of: entry, trace: Trace(samples: []), labeler: labeler).failure?.message
                == ##"no group by meta:subject: the trace has no subject (an XML Subject attribute, a JSON "subject" key or a CSV "# subject:" comment)"##
        )
        #expect(
            grouping.group(of: entry, trace: Trace(subject: "", samples: []), labeler: labeler).failure?.message
                == "no group by meta:subject: the trace's subject is empty")
    }

    @Test func columnIsTheLabelsFilesColumnAndMustExistUpFront() throws {
        let corpus = try MiniCorpus("column")
        defer { corpus.remove() }
        try corpus.write("labels.csv", "Path,Group,label,Device\ns1/a.csv, left ,z,phone\ns1/b.csv,,z,phone\n")
        try corpus.write("other.csv", "path,label\ns1/c.csv,z\n")
        var labeler = Labeler(configuration: Configuration())
        let none = try Grouping(parsing: "column:group")
        #expect(
            throws: GroupingError("column:group groups by a column of the labels files, and no labels file was given")
        ) { try none.check(labeler) }
        try labeler.loadLabels(corpus.folder.appendingPathComponent("other.csv").path)
        #expect(
            throws: GroupingError(#"column:group: no labels file has a "group" column (they have only path and label)"#)
        ) {
            try none.check(labeler)
        }
        try labeler.loadLabels(corpus.folder.appendingPathComponent("labels.csv").path)
        #expect(labeler.columnNames == ["group", "device"])
        #expect(
            throws: GroupingError(
                #"column:hand: no labels file has a "hand" column (their other columns: device, group)"#)
        ) { try Grouping(parsing: "column:hand").check(labeler) }
        try none.check(labeler)
        let root = corpus.folder.path
        #expect(labeler.column("GROUP", for: "\(root)/s1/a.csv") == "left")
        #expect(labeler.column("device", for: "\(root)/s1/./a.csv") == "phone")
        #expect(labeler.column("group", for: "\(root)/s1/c.csv") == nil)
        func group(_ name: String) -> Result<String, GroupingError> {
            none.group(
                of: CorpusEntry(path: "\(root)/s1/\(name)", relativePath: "s1/\(name)"), trace: Trace(samples: []),
                labeler: labeler)
        }
        #expect(group("a.csv") == .success("left"))
        // Placed at the empty cell of its row (line 3, after `s1/b.csv,`), where it was not placed at all.
        #expect(
            group("b.csv").failure?.message
                == #"no group by column:group: its "group" in the labels file is empty (\#(root)/labels.csv:3:10)"#)
        #expect(labeler.placeOfEmpty("device", for: "\(root)/s1/b.csv") == nil)
        #expect(
            group("c.csv").failure?.message
                == #"no group by column:group: no labels file with a "group" column lists this trace"#)
    }

    @Test func groupsAreListedWithRunsOfDigitsAsNumbers() {
        let names = ["s10", "s2", "s02", "a", "s1b", "s1", "10", "9", "", "s1a"]
        #expect(names.sorted(by: Grouping.precedes) == ["", "9", "10", "a", "s1", "s1a", "s1b", "s02", "s2", "s10"])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
