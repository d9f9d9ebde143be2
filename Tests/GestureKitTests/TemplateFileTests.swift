import Foundation
import Testing

@testable import GestureKit

/// The templates file learned gestures are kept in (issue 18, `docs/templates.md`): what is written
/// reads back, a template a line, and every mistake is an error at its place.
@Suite struct TemplateFileTests {
    static let corpus = TemplateLearnerTests.corpus(["v", "circle", "line"])

    static func learned() -> TemplateFile {
        var learner = TemplateLearner()
        learner.templatesPerGesture = 0  // Every example a template.
        return learner.file(
            id: "shapes", learned: learner.learn(corpus), examples: corpus, paths: ["strokes/"])
    }

    @Test func whatIsWrittenReadsBack() throws {
        let file = Self.learned()
        #expect(file.crossValidation == "leave-one-group-out")
        #expect(file.source == .init(paths: ["strokes/"], examples: 36, negatives: 0, groups: 4))
        let text = file.text
        let read = try TemplateFile.read(bytes: Array(text.utf8), file: "shapes.json")
        #expect(read.id == "shapes" && read.gestures.map(\.name) == ["circle", "line", "v"])
        #expect(read.source == file.source && read.crossValidation == file.crossValidation)
        for (a, b) in zip(read.gestures, file.gestures) {
            #expect(a.templates.count == 12 && a.examples == 12 && a.strokes == 1)
            #expect(abs(a.threshold - b.threshold) <= 0.005)
            // Points to a tenth of a grid unit.
            for (p, q) in zip(a.templates.joined(), b.templates.joined()) {
                #expect(abs(p.x - q.x) <= 0.0501 && abs(p.y - q.y) <= 0.0501, "\(p) read, \(q) learned")
            }
        }
        // Written again, the same bytes: the file is stable under a round trip.
        #expect(read.text == text)
    }

    /// `source.groups` is a count, or null when the groups were not known: any other type is an error
    /// at its place, as every other field's is, rather than read as null.
    @Test func groupsOfAnotherTypeAreRefused() throws {
        for wrong in ["\"4\"", "true", "[4]", "{}"] {
            #expect(
                Self.error(Self.edited("\"groups\": 4", "\"groups\": \(wrong)"))
                    == "t.json:9:79: error: \"groups\" must be a number", "groups \(wrong)")
        }
        let unknown = try TemplateFile.read(
            bytes: Array(Self.edited("\"groups\": 4", "\"groups\": null").utf8), file: "t.json")
        #expect(unknown.source.groups == nil)
    }

    /// Any threshold read writes back as it was read: one too large to scale to two decimals (1e307)
    /// was written as null, which could not be read again.
    @Test func aHugeThresholdWritesBack() throws {
        var file = try TemplateFile.read(bytes: Array(Self.good.utf8), file: "t.json")
        file.gestures[0].threshold = 1e307
        let again = try TemplateFile.read(bytes: Array(file.text.utf8), file: "t.json")
        #expect(again.gestures[0].threshold == 1e307)
        #expect(again.text == file.text)
    }

    /// A config file given as `--templates`, or a templates file as `--config`, is said to be one, at
    /// its start, rather than refused for its first field ("unknown field \"templates\"").
    @Test func aFileInTheOtherPlaceSaysWhatItIs() throws {
        for config in [#"{"templates": ["marks.json"]}"#, #"{"profile": "default", "recognizers": []}"#] {
            #expect(
                Self.error(config)
                    == "t.json:1:1: error: this is a config file, not a templates file: give it with --config FILE")
        }
        var configuration = Configuration()
        do {
            try configuration.apply(json: Array(Self.good.utf8), file: "marks.json")
            Issue.record("a templates file was read as a config file")
        } catch {
            #expect(
                error.description
                    == "marks.json:1:1: error: this is a templates file, not a config file: give it with --templates "
                    + "FILE, or name it in a config file's \"templates\"")
        }
    }

    /// A template costs its table of lower bounds once read: a file of more than `maximumTemplates` is
    /// refused where the gesture that goes past it starts, and one of exactly that many is read.
    @Test func aFileOfTooManyTemplatesIsRefused() throws {
        var file = Self.learned()
        let template = file.gestures[0].templates[0]
        file.gestures[0].templates = Array(repeating: template, count: TemplateFile.maximumTemplates - 24)
        file.gestures[0].sources = []
        file.gestures[0].examples = TemplateFile.maximumTemplates
        #expect(file.gestures.reduce(0) { $0 + $1.templates.count } == TemplateFile.maximumTemplates)
        _ = try TemplateFile.read(bytes: Array(file.text.utf8), file: "t.json")
        file.gestures[0].templates.append(template)
        do {
            _ = try TemplateFile.read(bytes: Array(file.text.utf8), file: "t.json")
            Issue.record("a file of 25001 templates was read")
        } catch {
            #expect(
                error.description.contains(
                    "error: 25001 templates or more: a file may hold at most 25000 (each takes up to 32 KB once read"),
                "\(error)")
        }
    }

    /// Human-diffable and small: a template a line, a few KB a gesture.
    @Test func aTemplateALine() {
        let lines = Self.learned().text.split(separator: "\n")
        let templateLines = lines.filter { $0.hasPrefix("      [") }
        #expect(templateLines.count == 36)
        #expect(lines.count == 36 + 3 * 4 + 12, "a gesture's line, its sources' two lines and its end")
        let text = Self.learned().text
        #expect(text.utf8.count < 3 * 12 * 400 + 1_000, "\(text.utf8.count) bytes for 3 gestures of 12 templates")
    }

    static let good = Self.learned().text

    /// `good` with `old` replaced by `new` (once).
    static func edited(_ old: String, _ new: String) -> String {
        let range = good.range(of: old)!
        return good.replacingCharacters(in: range, with: new)
    }

    static func error(_ text: String) -> String {
        do {
            _ = try TemplateFile.read(bytes: Array(text.utf8), file: "t.json")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func everyMistakeIsPlaced() throws {
        #expect(Self.error("{\"format\": ") == "t.json:1:12: error: unexpected end of input: expected a value")
        // Not UTF-8: named as a trace file's encoding is (it was "expected a value, found byte 0xFF").
        let utf16: [UInt8] = [0xFF, 0xFE] + Self.good.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(
            #expect(throws: TemplateFileError.self) { try TemplateFile.read(bytes: utf16, file: "t.json") }?
                .description
                == "t.json:1:1: error: expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): convert the file "
                + "first, e.g. with iconv -f UTF-16LE -t UTF-8")
        #expect(Self.error("[]") == "t.json:1:1: error: a templates file must be an object")
        #expect(
            Self.error(Self.edited("\"format\": \"gesture-templates\"", "\"format\": \"gesture-config\""))
                == "t.json:2:13: error: \"format\" is \"gesture-config\": a templates file's is \"gesture-templates\"")
        #expect(
            Self.error(Self.edited("\"version\": 1", "\"version\": 2"))
                == "t.json:3:14: error: unknown version 2: this gesture reads templates files of version 1")
        #expect(
            Self.error(Self.edited("\"id\": \"shapes\"", "\"id\": \"my shapes\""))
                == "t.json:4:9: error: \"id\" must be letters, digits, - and _, found \"my shapes\"")
        #expect(
            Self.error(Self.edited("\"algorithm\": \"p+\"", "\"algorithm\": \"q2\""))
                == "t.json:5:16: error: unknown algorithm \"q2\": expected p, q, p+ or p+o (point clouds) or 1 ($1)")
        #expect(
            Self.error(Self.edited("\"points\": 32", "\"pointz\": 32"))
                == "t.json:6:3: error: unknown field \"pointz\" in a templates file: expected one of format, version, id, algorithm, points, maximumFalseAlarms, coverage, coverageFit, coverageReadOff, mirrored, crossValidation, source, gestures"
        )
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 0,"))
                == "t.json:6:29: error: \"coverage\" must be above 0 and at most 1, found 0")
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 1.5,"))
                == "t.json:6:29: error: \"coverage\" must be above 0 and at most 1, found 1.5")
        #expect(
            try TemplateFile.read(
                bytes: Array(Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9,").utf8), file: "t.json"
            ).coverage == 0.9)
        // How the coverage's reach was found: the one fit, and only beside a coverage.
        let fitted = try TemplateFile.read(
            bytes: Array(
                Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9, \"coverageFit\": \"log-normal\",")
                    .utf8),
            file: "t.json")
        #expect(fitted.coverage == 0.9 && fitted.coverageFit == "log-normal")
        #expect(fitted.text.contains("  \"coverage\": 0.9,\n  \"coverageFit\": \"log-normal\",\n"))
        #expect(
            Self.error(
                Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9, \"coverageFit\": \"normal\","))
                == "t.json:6:49: error: unknown \"coverageFit\" \"normal\": expected log-normal")
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"coverageFit\": \"log-normal\","))
                == "t.json:6:32: error: \"coverageFit\" without a \"coverage\": it says how a coverage's reach was found"
        )
        // The gestures the fit could not be made for: the file's own, each once, and only beside a fit.
        let fit = "\"points\": 32, \"coverage\": 0.9, \"coverageFit\": \"log-normal\","
        let readOff = try TemplateFile.read(
            bytes: Array(Self.edited("\"points\": 32,", fit + " \"coverageReadOff\": [\"line\"],").utf8), file: "t.json"
        )
        #expect(readOff.coverageReadOff == ["line"])
        #expect(readOff.text.contains("  \"coverageFit\": \"log-normal\",\n  \"coverageReadOff\": [\"line\"],\n"))
        #expect(
            Self.error(Self.edited("\"points\": 32,", fit + " \"coverageReadOff\": [\"line\", \"line\"],"))
                == "t.json:6:91: error: \"coverageReadOff\" names \"line\" twice")
        #expect(
            Self.error(Self.edited("\"points\": 32,", fit + " \"coverageReadOff\": [\"star\"],"))
                == "t.json:6:83: error: \"coverageReadOff\" names \"star\", which is none of the file's gestures")
        #expect(
            Self.error(Self.edited("\"points\": 32,", fit + " \"coverageReadOff\": [],"))
                == "t.json:6:82: error: \"coverageReadOff\" names no gesture: leave it out when every one was fitted")
        #expect(
            Self.error(Self.edited("\"points\": 32,", fit + " \"coverageReadOff\": \"line\","))
                == "t.json:6:82: error: \"coverageReadOff\" must be an array of gesture names")
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"coverage\": 0.9, \"coverageReadOff\": [],"))
                == "t.json:6:53: error: \"coverageReadOff\" without a \"coverageFit\": it names the gestures the fit "
                + "could not be made for")
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"circle\""))
                .hasPrefix("t.json:27:14: error: gesture \"circle\" is given twice"))
        // Names that differ only in case are one to a label; a name must hold no control character.
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"Circle\""))
                .hasPrefix("t.json:27:14: error: gesture \"Circle\" differs from another only in case"))
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"a\\u001bb\""))
                .hasPrefix(
                    "t.json:27:14: error: a gesture's name must not be empty or \"none\", nor contain spaces, commas, +, "
                        + "control characters or marks of text direction, found \"a\\u{1B}b\""))
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"none\""))
                == "t.json:27:14: error: a gesture's name must not be empty or \"none\", nor contain spaces, commas, +, control characters or marks of text direction, found \"none\""
        )
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"a,b\""))
                == "t.json:27:14: error: a gesture's name must not be empty or \"none\", nor contain spaces, commas, +, control characters or marks of text direction, found \"a,b\""
        )
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"mirrored\": [\"line\"],"))
                .hasPrefix("t.json:6:29: error: \"mirrored\" must be an object"))
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"mirrored\": {\"leftRight\": \"line\"},"))
                == "t.json:6:43: error: \"leftRight\" must be an array of gesture names")
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32, \"mirrored\": {\"upDown\": []},"))
                .hasPrefix("t.json:6:30: error: unknown field \"upDown\""))
        #expect(
            Self.error(
                Self.edited(
                    "\"points\": 32,",
                    "\"points\": 32, \"mirrored\": {\"leftRight\": [\"line\"], \"topBottom\": [\"star\"]},"))
                == "t.json:6:67: error: \"mirrored\" names \"star\", which is none of the file's gestures")
        #expect(
            Self.error(
                Self.edited("\"points\": 32,", "\"points\": 32, \"mirrored\": {\"leftRight\": [\"line\", \"line\"]},"))
                == "t.json:6:52: error: \"leftRight\" names \"line\" twice")
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"a,\u{301}b\""))
                .hasPrefix("t.json:27:14: error: a gesture's name must not be empty or \"none\""))
        // A mark that turns text right to left would show the rest of every line that names it reversed.
        #expect(
            Self.error(Self.edited("{\"name\": \"line\"", "{\"name\": \"li\u{202E}ne\""))
                .hasSuffix("marks of text direction, found \"li\\u{202E}ne\""))
        #expect(RecognizerDefinition.isGestureName("ligne-à-main") && !RecognizerDefinition.isGestureName("a\u{2067}b"))
        #expect(
            try TemplateFile.read(
                bytes: Array(
                    Self.edited("\"points\": 32,", "\"points\": 32, \"mirrored\": {\"topBottom\": [\"line\"]},").utf8),
                file: "t.json"
            ).mirrored == [.topBottom: ["line"]])
        #expect(
            Self.error(Self.edited("\"threshold\": ", "\"threshold\": -")).contains("\"threshold\" must be at least 0"))
        #expect(
            Self.error(Self.edited("      [", "      [1, 2, "))
                == "t.json:14:7: error: a template must be an array of 64 numbers (32 x, y pairs)")
        #expect(
            Self.error(Self.edited("      [", "      [99"))
                .hasPrefix("t.json:14:8: error: a template's x must be from 0 to 63, found 99"))
        // Each template is one of the examples: fewer examples than templates contradict the file.
        #expect(
            Self.error(Self.edited("\"examples\": 12,", "\"examples\": 11,"))
                == "t.json:11:101: error: \"examples\" must be 12 or more, as each of the gesture's 12 templates is one "
                + "of its examples, found 11")
        #expect(
            try TemplateFile.read(
                bytes: Array(Self.edited("\"examples\": 12,", "\"examples\": 13,").utf8), file: "t.json"
            )
            .gestures[0].examples == 13)
        // Required: without it, a gesture of two strokes would be decided on the first lift.
        #expect(
            Self.error(Self.edited("\"strokes\": 1, ", "")).hasSuffix("error: a gesture has no \"strokes\""))
        // Unrounded: a value just past its range does not read as the range's end.
        var justPast = Self.good
        let first = justPast.range(of: "      [")!.upperBound
        justPast.replaceSubrange(first..<justPast[first...].firstIndex(of: ",")!, with: "63.0000001")
        #expect(
            Self.error(justPast) == "t.json:14:8: error: a template's x must be from 0 to 63, found 63.0000001")
        #expect(
            Self.error(Self.edited("\"points\": 32,", "\"points\": 32.0000001,"))
                .contains("must be a whole number, found 32.0000001"))
        #expect(
            Self.error("{\"format\": \"gesture-templates\", \"version\": 1, \"id\": \"a\", \"gestures\": []}")
                == "t.json:1:70: error: \"gestures\" must be an array of at least one gesture")
        #expect(
            Self.error("{\"format\": \"gesture-templates\", \"version\": 1, \"gestures\": [{}]}")
                == "t.json:1:1: error: a templates file has no \"id\"")
    }
}
