import Foundation
import Testing

@testable import GestureKit

/// Config files as a whole: every error and warning placed at its line and column, relationships that
/// add to the defaults or replace them, and the output of `gesture list --format json` read back.
/// (`ConfigurationTests` checks the values one by one.)
@Suite struct ConfigFileTests {
    func apply(_ json: String, to base: Configuration = Configuration()) throws(ConfigurationError) -> Configuration {
        var configuration = base
        try configuration.apply(json: Array(json.utf8), file: "c.json")
        return configuration
    }

    func refusal(_ json: String, to base: Configuration = Configuration()) -> String? {
        #expect(throws: ConfigurationError.self) { try apply(json, to: base) }?.description
    }

    func pairs(_ configuration: Configuration) -> [String] {
        configuration.simultaneous.map { $0.joined(separator: "+") }.sorted()
    }

    func requirements(_ id: String, _ configuration: Configuration) -> [String]? {
        configuration.entries.first { $0.id == id }?.requiresFailureOf
    }

    // MARK: Places

    static let placed: [(String, String)] = [
        (
            "{\n  \"parameters\": {\n    \"swipe\": {\"minimumTravel\": -5}\n  }\n}",
            #"c.json:3:32: error: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found -5"#
        ),
        (
            "{\n  \"parameters\": {\n    \"swipe\": {\"minimumTravl\": 5}\n  }\n}",
            #"c.json:3:15: error: unknown parameter "minimumTravl" for swipe: did you mean minimumTravel?"#
        ),
        (
            "{\n  \"parameters\": {\n    \"swipes\": {\"minimumTravel\": 5}\n  }\n}",
            #"c.json:3:5: error: unknown recognizer "swipes": did you mean swipe?"#
        ),
        (
            "{\"parameters\": {\"swipe\": 5}}",
            #"c.json:1:26: error: expected an object at "parameters"."swipe", found 5"#
        ),
        ("[1, 2]", "c.json:1:1: error: expected an object at the top level, found [1,2]"),
        ("{\n  \"simultanous\": []\n}", #"c.json:2:3: error: unknown key "simultanous": did you mean "simultaneous"?"#),
        (
            "{\"parameters\": {}, \"parameters\": {}}",
            #"c.json:1:20: error: duplicate key "parameters" in the top level"#
        ),
        (
            "{\"requiresFailureOf\": {\"swipe\": {\"add\": [\"z\", \"circel\"]}}}",
            #"c.json:1:47: error: unknown recognizer "circel": did you mean circle?"#
        ),
        (
            "{\"requiresFailureOf\": {\"swipe\": {\"add\": [\"z\", 3]}}}",
            #"c.json:1:47: error: "requiresFailureOf"."swipe" must list recognizer ids, found 3"#
        ),
        (
            "{\"simultaneous\": {\"add\": [[\"pan\", \"pinch\"], [\"pan\"]]}}",
            #"c.json:1:45: error: "simultaneous" must list pairs of recognizer ids, found ["pan"]"#
        ),
        (
            "{\"simultaneous\": {\"add\": [[\"pan\", \"pan\"]]}}",
            "c.json:1:27: error: a simultaneous pair needs two different recognizers, found pan twice"
        ),
        (
            "{\"requiresFailureOf\": {\n  \"z\": {\"add\": [\"circle\"]},\n  \"circle\": {\"add\": [\"z\"]}\n}}",
            "c.json:2:3: error: require-to-fail cycle: z → circle → z"
        ),
        (
            "{\"parameters\": {\"z\": {\"topAngle\": 200}}}",
            #"c.json:1:35: error: parameter "topAngle" for z (now "maximumTopAngle", in rad) must be a number from 0 to 180 (deg), or null to switch the rule off, found 200"#
        ),
        (
            "{\"parameters\": {\"swipe\": {\"minimumTravel\": 5,}}}",
            "c.json:1:46: error: expected a string key, found '}'"
        ),
        ("\u{FEFF}{\"parameters\": 1}", #"c.json:1:16: error: expected an object at "parameters", found 1"#),
        (
            "{\"parameters\": {\n\r\n\"pan\": 1}}",
            #"c.json:3:8: error: expected an object at "parameters"."pan", found 1"#
        ),
        // Directions as `--set` writes them: a file's are an array, which the message says, where it
        // read as if "horizontal" were refused as none of "horizontal", ….
        (
            "{\"parameters\": {\"swipe\": {\"directions\": \"horizontal\"}}}",
            #"c.json:1:41: error: parameter "directions" for swipe must be an array of some of "left", "right", "up", "down" (or "horizontal", "vertical", "all"), at least one, found "horizontal""#
        ),
        // Quotes pasted from a page: the character, as the trace reader names it, not "byte 0xE2".
        ("{\u{201C}parameters\u{201D}: {}}", "c.json:1:2: error: expected a string key, found '\u{201C}' (U+201C)"),
        ("{\"a\": \u{85}}", #"c.json:1:7: error: expected a value, found '\u{85}' (U+0085)"#),
    ]

    @Test(arguments: placed)
    func everyErrorNamesItsPlace(_ json: String, _ diagnostic: String) {
        #expect(refusal(json) == diagnostic)
    }

    /// A config file that is not UTF-8 (PowerShell's `>` writes UTF-16) is named as the trace readers
    /// name it, by the same code, with the command that converts it; it was "expected a value, found
    /// byte 0xFF". The parser also reads templates files and `merge-scores`' inputs, which say the same.
    @Test(
        arguments: [
            [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00],  // UTF-16LE, with a byte-order mark
            [0xFE, 0xFF, 0x00, 0x7B, 0x00, 0x7D],  // UTF-16BE
            [0xFF, 0xFE, 0x00, 0x00, 0x7B, 0x00, 0x00, 0x00],  // UTF-32LE
            [0x7B, 0x00, 0x7D, 0x00],  // UTF-16LE without a byte-order mark
            [0x7B, 0x0A, 0x20, 0x22, 0x61, 0x00, 0x22, 0x3A, 0x20, 0x31, 0x7D],  // a NUL byte in a key
        ] as [[UInt8]])
    func textThatIsNotUTF8IsNamedAsTheTraceReadersNameIt(_ bytes: [UInt8]) throws {
        let traceError = try #require(#expect(throws: TraceError.self) { try Trace.parseJSON(bytes, file: "c.json") })
        #expect(traceError.message.hasPrefix("expected UTF-8 text, found "))
        var configuration = Configuration()
        let configError = #expect(throws: ConfigurationError.self) {
            try configuration.apply(json: bytes, file: "c.json")
        }
        #expect(configError?.description == traceError.description)
        let templatesError = #expect(throws: TemplateFileError.self) {
            try TemplateFile.read(bytes: bytes, file: "c.json")
        }
        #expect(templatesError?.description == traceError.description)
        let parseError = #expect(throws: JSONParseError.self) { try JSONValue.parse(bytes, file: "c.json") }
        #expect(parseError?.description == traceError.description)
    }

    /// Read keeping some recognizers (`--recognizers` in the library), a file's mistakes about the
    /// others are still errors at their place: what it says of them is skipped, not unchecked (the
    /// executable checked the file whole itself; a library caller got no error).
    @Test func aFilesMistakesAboutRecognizersLeftOutAreErrorsWhenKeepingSome() {
        let json = #"{"parameters": {"tap": {"taps": 2}, "pan": {"minimumTouchez": 2}}}"#
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) {
            try configuration.apply(json: Array(json.utf8), file: "c.json", keepingOnly: ["tap"])
        }
        #expect(
            error?.description
                == #"c.json:1:45: error: unknown parameter "minimumTouchez" for pan: did you mean minimumTouches?"#)
        // Nothing was set (the file is all or nothing), and kept whole the same file is the same error.
        #expect(configuration.entries.count == Configuration().entries.count)
        #expect(configuration.parameters(of: "tap", as: Tap.self)?.taps == 1)
        // What is right about the others is skipped.
        var kept = Configuration()
        #expect(throws: Never.self) {
            try kept.apply(
                json: Array(#"{"parameters": {"tap": {"taps": 2}, "pan": {"minimumTouches": 2}}}"#.utf8),
                file: "c.json", keepingOnly: ["tap"])
        }
        #expect(kept.entries.map(\.id) == ["tap"])
    }

    @Test func aUTF16ConfigFileSaysHowToConvertIt() {
        var configuration = Configuration()
        #expect {
            try configuration.apply(json: [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], file: "u16.json")
        } throws: { error in
            "\(error)"
                == "u16.json:1:1: error: expected UTF-8 text, found UTF-16LE (byte-order mark FF FE): convert the "
                + "file first, e.g. with iconv -f UTF-16LE -t UTF-8"
        }
    }

    @Test func warningsNameTheirPlaceToo() throws {
        let configuration = try apply(
            "{\n  \"parameters\": {\"z\": {\"topAngle\": 45, \"wholePath\": 1}, \"swipe\": {\"maximumBow\": 0}},\n"
                + "  \"simultaneous\": [[\"pan\", \"pinch\"]]\n}")
        #expect(
            configuration.warnings == [
                "c.json:2:24: warning: z.topAngle is now z.maximumTopAngle, in rad: 45 deg read as 0.7854 rad",
                "c.json:2:53: warning: z.wholePath is a switch: write true instead of 1",
                "c.json:2:81: warning: swipe.maximumBow: 0 used to switch the rule off; write null (off) instead",
                #"c.json:3:19: warning: "simultaneous" as a bare array replaces every default pair: write {"replace": [...]} to say so, or {"add": [...]} to keep them"#,
            ])
    }

    // MARK: Adding or replacing

    @Test func simultaneousPairsAreAddedOrReplaced() throws {
        let defaults = pairs(Configuration())
        #expect(defaults == ["long-press+pan", "pinch+rotation"])
        let added = try apply(#"{"simultaneous": {"add": [["pan", "pinch"]]}}"#)
        #expect(pairs(added) == ["long-press+pan", "pan+pinch", "pinch+rotation"])
        #expect(added.warnings == [])
        let replaced = try apply(#"{"simultaneous": {"replace": [["pan", "pinch"]]}}"#)
        #expect(pairs(replaced) == ["pan+pinch"])
        #expect(replaced.warnings == [])
        #expect(pairs(try apply(#"{"simultaneous": {"replace": []}}"#)) == [])
        let bare = try apply(#"{"simultaneous": [["pan", "pinch"]]}"#)
        #expect(pairs(bare) == ["pan+pinch"], "a bare array replaces, as it always did")
        #expect(
            bare.warnings == [
                #"c.json:1:18: warning: "simultaneous" as a bare array replaces every default pair: write {"replace": [...]} to say so, or {"add": [...]} to keep them"#
            ])
    }

    @Test func requirementsAreAddedOrReplaced() throws {
        #expect(requirements("swipe", Configuration()) == ["checkmark", "z", "circle"])
        let added = try apply(#"{"requiresFailureOf": {"swipe": {"add": ["long-press", "checkmark"]}}}"#)
        #expect(requirements("swipe", added) == ["checkmark", "z", "circle", "long-press"], "in registry order")
        #expect(added.warnings == [])
        var byCode = Configuration()
        try byCode.addRequirements(of: "swipe", ["long-press", "checkmark"])
        #expect(requirements("swipe", byCode) == requirements("swipe", added))
        let replaced = try apply(#"{"requiresFailureOf": {"swipe": {"replace": ["long-press", "z"]}}}"#)
        #expect(requirements("swipe", replaced) == ["long-press", "z"], "in the order given")
        let bare = try apply(#"{"requiresFailureOf": {"swipe": ["z"], "tap": []}}"#)
        #expect(requirements("swipe", bare) == ["z"])
        #expect(requirements("tap", bare) == [])
        #expect(
            bare.warnings == [
                #"c.json:1:33: warning: "requiresFailureOf"."swipe" as a bare array replaces swipe's default requirements: write {"replace": [...]} to say so, or {"add": [...]} to keep them"#,
                #"c.json:1:47: warning: "requiresFailureOf"."tap" as a bare array replaces tap's default requirements: write {"replace": [...]} to say so, or {"add": [...]} to keep them"#,
            ])
    }

    @Test(arguments: [
        (#"{"simultaneous": {}}"#, #"c.json:1:18: error: "simultaneous" must be {"add": [...]} or {"replace": [...]}"#),
        (
            #"{"simultaneous": {"add": [], "replace": []}}"#,
            #"c.json:1:30: error: "simultaneous" takes "add" or "replace", not both"#
        ),
        (
            #"{"simultaneous": {"ad": []}}"#,
            #"c.json:1:19: error: unknown key "ad" in "simultaneous": did you mean "add"?"#
        ),
        (
            #"{"requiresFailureOf": {"tap": {"add": "double-tap"}}}"#,
            #"c.json:1:39: error: "requiresFailureOf"."tap"."add" must be an array, found "double-tap""#
        ),
        (#"{"simultaneous": 3}"#, #"c.json:1:18: error: expected an object at "simultaneous", found 3"#),
    ])
    func aRelationshipSaysAddOrReplace(_ json: String, _ diagnostic: String) {
        #expect(refusal(json) == diagnostic)
    }

    /// Requirements are checked for a cycle once the file has set them all: a file may turn a
    /// requirement around.
    @Test func aCycleIsLookedForOnceEveryRequirementIsSet() throws {
        let configuration = try apply(
            #"{"requiresFailureOf": {"checkmark": {"add": ["swipe"]}, "swipe": {"replace": ["z"]}}}"#)
        #expect(requirements("checkmark", configuration) == ["swipe"])
        #expect(requirements("swipe", configuration) == ["z"])
    }

    /// What concerns a recognizer that `keepOnly` left out is skipped, so that one file serves any
    /// `--recognizers`; `set` names the recognizer on purpose, and is refused.
    @Test func aRecognizerLeftOutIsSkipped() throws {
        var some = Configuration()
        try some.keepOnly(["swipe", "pan"])
        let applied = try apply(
            #"{"parameters": {"tap": {"taps": 2}, "pan": {"minimumTranslation": 30}}, "requiresFailureOf": {"tap": {"replace": []}, "pan": {"add": ["long-press", "swipe"]}}, "simultaneous": {"add": [["pan", "pinch"]]}}"#,
            to: some)
        #expect(applied.entries.map(\.id) == ["swipe", "pan"])
        #expect(applied.parameters(of: "pan", as: Pan.self)?.minimumTranslation == 30)
        #expect(requirements("pan", applied) == ["swipe"])
        #expect(pairs(applied) == [])
        #expect(
            refusal(#"{"parameters": {"tapp": {"taps": 2}}}"#, to: some)
                == #"c.json:1:17: error: unknown recognizer "tapp": expected one of swipe, pan"#)
        #expect(
            #expect(throws: ConfigurationError.self) { try some.set(assignment: "tap.taps=2") }?.description
                == #"tap.taps=2: recognizer "tap" is left out of this configuration: expected one of swipe, pan"#)
        // Left out by --recognizers, the error names the option (a --set or --sweep of it did not).
        var option = Configuration()
        try option.keepOnly(recognizersOption: ["swipe", "pan"])
        #expect(
            #expect(throws: ConfigurationError.self) { try option.set(assignment: "tap.taps=2") }?.description
                == "tap.taps=2: recognizer \"tap\" is left out of this configuration by --recognizers (add it there): "
                + "expected one of swipe, pan")
        // Only those the option left out: one a library's keepOnly left out before is not said to be.
        var both = Configuration()
        try both.keepOnly(["swipe", "pan", "tap"])
        try both.keepOnly(recognizersOption: ["swipe", "pan"])
        #expect(
            #expect(throws: ConfigurationError.self) { try both.set(assignment: "z.maximumTopAngle=1") }?.description
                == "z.maximumTopAngle=1: recognizer \"z\" is left out of this configuration: expected one of swipe, pan"
        )
        #expect(
            #expect(throws: ConfigurationError.self) { try both.set(assignment: "tap.taps=2") }?.description
                .contains("by --recognizers") == true)
    }

    /// A name the user wrote is quoted cut after 100 characters, as a number is after 20: a key of
    /// 100,000 characters was quoted whole.
    @Test func aLongNameIsQuotedShort() throws {
        let key = String(repeating: "a", count: 100_000)
        let message = try #require(refusal("{\"\(key)\": 1}"))
        #expect(message.hasPrefix("c.json:1:2: error: unknown key \"" + String(repeating: "a", count: 100) + "…\""))
        #expect(message.count < 400)
        let recognizer = try #require(refusal("{\"parameters\": {\"\(key)\": {}}}"))
        #expect(recognizer.contains("unknown recognizer \"" + String(repeating: "a", count: 100) + "…\""))
        #expect(recognizer.count < 400)
    }

    /// A number too small for a `Double` is out of range, as one too large is: read as 0 it switched
    /// an optional rule off (`circle.cornerTurn`) or set a limit nobody wrote. A zero, written any
    /// way, and a subnormal are numbers.
    @Test func aNumberTooSmallIsOutOfRange() throws {
        #expect(
            refusal(#"{"parameters": {"swipe": {"minimumTravel": 1e-400}}}"#)
                == "c.json:1:44: error: number out of range: 1e-400 is too small, and would be read as 0")
        #expect(
            refusal(#"{"parameters": {"circle": {"cornerTurn": -0.5E-999}}}"#)
                == "c.json:1:42: error: number out of range: -0.5E-999 is too small, and would be read as 0")
        for written in ["0e-400", "0.000e5", "-0.0", "1e-310"] {
            let applied = try apply(#"{"parameters": {"swipe": {"minimumTravel": \#(written)}}}"#)
            #expect(applied.parameters(of: "swipe", as: Swipe.self)?.minimumTravel == Double(written)!, "\(written)")
        }
        var configuration = Configuration()
        #expect(
            #expect(throws: ConfigurationError.self) { try configuration.set(assignment: "circle.cornerTurn=1e-400") }?
                .description == "circle.cornerTurn=1e-400: number out of range: 1e-400")
    }

    /// On the command line a config file's mistakes are mistakes whatever `--recognizers` keeps: what
    /// it says of a recognizer left out is skipped, once the whole file has been checked (a bad value,
    /// an unknown parameter, a contradiction and a cycle of recognizers left out passed, exit 0, and an
    /// unknown recognizer was said to be none of those kept, with no suggestion).
    @Test func aFileIsCheckedWholeWhateverRecognizersKeeps() throws {
        let corpus = try MiniCorpus("config-whole")
        defer { corpus.remove() }
        let files = [
            ("value.json", #"{"parameters": {"tap": {"taps": -3}}}"#),
            ("unknown.json", #"{"parameters": {"tap": {"tapps": 1}}}"#),
            ("contradiction.json", #"{"parameters": {"pan": {"minimumTouches": 5, "maximumTouches": 2}}}"#),
            ("cycle.json", #"{"requiresFailureOf": {"z": {"add": ["circle"]}, "circle": {"add": ["z"]}}}"#),
            ("recognizer.json", #"{"parameters": {"tapp": {"taps": 2}}}"#),
        ]
        var errors: [String] = []
        for (name, text) in files {
            try corpus.write(name, text)
            let whole = try GestureCommand.run(["list", "--config", name], in: corpus.folder)
            let some = try GestureCommand.run(["list", "--config", name, "--recognizers", "swipe"], in: corpus.folder)
            #expect(whole.status == 2 && some.status == 2 && some.stdout == "", "\(name)")
            #expect(some.stderr == whole.stderr, "\(name)")
            errors.append(some.stderr)
        }
        #expect(
            errors == [
                "value.json:1:33: error: parameter \"taps\" for tap must be a whole number ≥ 1, found -3\n",
                "unknown.json:1:25: error: unknown parameter \"tapps\" for tap: did you mean taps?\n",
                "contradiction.json:1:43: error: contradictory values: pan.minimumTouches = 5 is above "
                    + "pan.maximumTouches = 2 (expected minimumTouches ≤ maximumTouches)\n",
                "cycle.json:1:24: error: require-to-fail cycle: z → circle → z\n",
                "recognizer.json:1:17: error: unknown recognizer \"tapp\": did you mean tap?\n",
            ])
        // What it says of a recognizer left out is skipped still, and a --set of one kept is checked
        // with it.
        try corpus.write("fine.json", #"{"parameters": {"tap": {"taps": 2}, "pan": {"minimumTouches": 3}}}"#)
        let kept = try GestureCommand.run(
            ["list", "--config", "fine.json", "--recognizers", "swipe,pan", "--set", "pan.maximumTouches=4"],
            in: corpus.folder)
        #expect(kept.status == 0, "\(kept.stderr)")
    }

    // MARK: The output of gesture list --format json

    func listed(_ configuration: Configuration) -> String { JSONReport.value(configuration).prettyText }

    @Test(arguments: Profile.allCases)
    func theListOutputRoundTrips(_ profile: Profile) throws {
        let original = Configuration(profile: profile)
        let copy = try apply(listed(original), to: Configuration())
        // The list holds values and relationships; Hammer's way of waiting comes with its profile.
        #expect(
            copy.warnings
                == (profile == .hammer
                    ? [
                        "c.json:2:14: warning: this list was printed with --profile hammer and is applied with "
                            + "--profile default: its values and relationships are taken, but a recognizer waits as "
                            + "UIKit does (Hammer.js's waiting comes with --profile hammer only)"
                    ] : []))
        #expect(try apply(listed(original), to: Configuration(profile: profile)).warnings == [])
        #expect(copy.entries.map(\.values) == original.entries.map(\.values))
        #expect(copy.entries.map(\.requiresFailureOf) == original.entries.map(\.requiresFailureOf))
        #expect(copy.simultaneous == original.simultaneous)
        #expect(listed(try apply(listed(original), to: Configuration(profile: profile))) == listed(original))
    }

    @Test func aChangedValueOrRelationshipCarriesOver() throws {
        var changed = Configuration()
        try changed.set(assignment: "swipe.minimumTravel=20")
        try changed.set(assignment: "checkmark.maximumLeadInRatio=off")
        try changed.setRequirements(of: "tap", [])
        try changed.allowSimultaneous("pan", "pinch")
        let copy = try apply(listed(changed))
        #expect(listed(copy) == listed(changed))
        #expect(copy.parameters(of: "swipe", as: Swipe.self)?.minimumTravel == 20)
        #expect(copy.parameters(of: "checkmark", as: Checkmark.self)?.maximumLeadInRatio == nil)
        #expect(requirements("tap", copy) == [])
        #expect(copy.maySimultaneouslyRecognize("pan", "pinch"))
    }

    /// A pair listed on one side only (`long-press`'s `simultaneousWith` emptied, `pan`'s left as
    /// printed) is still a pair, and the list says so where the other side names it: the edit was lost
    /// without a word.
    @Test func aPairEditedOnOneSideOnlyIsSaid() throws {
        let text = listed(Configuration())
        let range = try #require(text.range(of: "\"simultaneousWith\": [\n        \"pan\"\n      ]"))
        let copy = try apply(text.replacingCharacters(in: range, with: #""simultaneousWith": []"#))
        #expect(copy.maySimultaneouslyRecognize("long-press", "pan"))
        #expect(copy.warnings.count == 1)
        #expect(
            copy.warnings.first?.hasSuffix(
                #"warning: pan lists long-press in its "simultaneousWith" and long-press does not list pan: a pair is "#
                    + "one relationship, so the two recognize together; remove long-press here too to part them")
                == true,
            "\(copy.warnings)")
    }

    /// A list of some recognizers sets those only; a list of all applied to a configuration of some
    /// skips those left out.
    @Test func aListOfSomeRecognizersSetsThoseOnly() throws {
        var some = Configuration()
        try some.keepOnly(["swipe", "pan", "pinch"])
        try some.set(assignment: "pan.minimumTranslation=30")
        let applied = try apply(listed(some))
        #expect(applied.parameters(of: "pan", as: Pan.self)?.minimumTranslation == 30)
        // The list says nothing of the relationships with recognizers it does not list.
        #expect(requirements("pan", applied) == ["checkmark", "z", "circle", "swipe"])
        #expect(requirements("swipe", applied) == ["checkmark", "z", "circle"])
        #expect(requirements("tap", applied) == ["double-tap"])
        #expect(pairs(applied) == ["long-press+pan", "pinch+rotation"])
        // Among those it lists, it says everything.
        try some.setRequirements(of: "pan", [])
        try some.allowSimultaneous("pan", "pinch")
        let changed = try apply(listed(some))
        #expect(requirements("pan", changed) == ["checkmark", "z", "circle"])
        #expect(pairs(changed) == ["long-press+pan", "pan+pinch", "pinch+rotation"])

        var everything = Configuration()
        try everything.set(assignment: "pan.minimumTranslation=30")
        try everything.set(assignment: "tap.taps=2")
        let narrowed = try apply(listed(everything), to: some)
        #expect(narrowed.entries.map(\.id) == ["swipe", "pan", "pinch"])
        #expect(narrowed.parameters(of: "pan", as: Pan.self)?.minimumTranslation == 30)
        #expect(requirements("pan", narrowed) == ["swipe"])
    }

    @Test(arguments: [
        (
            #"{"profile": "default", "recognizers": [{"id": "swipe", "parameters": [{"name": "minimumTravel", "value": -1}]}]}"#,
            #"c.json:1:106: error: parameter "minimumTravel" for swipe must be a number ≥ 0 (pt), found -1"#
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "swipe", "parameters": [{"name": "minimumTravl", "value": 1}]}]}"#,
            #"c.json:1:80: error: unknown parameter "minimumTravl" for swipe: did you mean minimumTravel?"#
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "swip"}]}"#,
            #"c.json:1:47: error: unknown recognizer "swip": did you mean swipe?"#
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "swipe", "sumary": ""}]}"#,
            #"c.json:1:56: error: unknown key "sumary" in a recognizer: did you mean "summary"?"#
        ),
        (
            #"{"profile": "default", "recognizers": [{"kind": "discrete"}]}"#,
            #"c.json:1:40: error: a recognizer of "recognizers" needs an "id" string"#
        ),
        (
            #"{"profile": "fast", "recognizers": []}"#,
            #"c.json:1:13: error: "profile" must be "default", "seed" or "hammer", found "fast""#
        ),
        (
            #"{"profile": "default", "recognizers": [], "parameters": {}}"#,
            #"c.json:1:43: error: unknown key "parameters": expected "profile", "recognizers""#
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "swipe", "parameters": [{"value": 1}]}]}"#,
            #"c.json:1:71: error: a parameter of swipe needs a "name" and a "value""#
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "swipe", "requiresFailureOf": ["swipe"]}]}"#,
            "c.json:1:47: error: require-to-fail cycle: swipe → swipe"
        ),
        // Twice: the second was taken, or dropped, unsaid.
        (
            #"{"profile": "default", "recognizers": [{"id": "x", "instanceOf": "tap"}, {"id": "x", "instanceOf": "swipe"}]}"#,
            "c.json:1:81: error: recognizer x is listed twice (first at 1:47): a list names each recognizer once"
        ),
        (
            #"{"profile": "default", "recognizers": [{"id": "tap", "parameters": [{"name": "taps", "value": 2}, {"name": "taps", "value": 3}]}]}"#,
            "c.json:1:108: error: parameter taps of tap is given twice (first at 1:78): the last would win unsaid"
        ),
    ])
    func aListWithABadPartIsRefusedThere(_ json: String, _ diagnostic: String) {
        #expect(refusal(json) == diagnostic)
    }

    // MARK: Many recognizers, and the registry's ids

    /// Each of 60 instances waits for every one before it: the cycle search walked every path
    /// (seconds at 24 instances, doubling with each); now every requirement once.
    @Test(.timeLimit(.minutes(1))) func aLongChainOfRequirementsIsCheckedAtOnce() throws {
        let count = 60
        let instances = (0..<count).map { #"{"id": "t\#($0)", "kind": "tap"}"# }.joined(separator: ", ")
        let waits = (1..<count).map { k in
            #""t\#(k)": {"add": [\#((0..<k).map { #""t\#($0)""# }.joined(separator: ", "))]}"#
        }.joined(separator: ", ")
        let configuration = try apply(#"{"recognizers": [\#(instances)], "requiresFailureOf": {\#(waits)}}"#)
        #expect(requirements("t59", configuration)?.count == 59)
        let cycle = #"{"recognizers": [\#(instances)], "requiresFailureOf": {\#(waits), "t0": {"add": ["t59"]}}}"#
        #expect(refusal(cycle)?.contains("require-to-fail cycle: t0 → t59 → t0") == true, "\(refusal(cycle) ?? "")")
    }

    /// At most 256 recognizers: each one added made arbitration's tables again, a minute for 1000.
    @Test func aConfigurationHoldsAtMost256Recognizers() throws {
        let room = Configuration.maximumRecognizers - Registry.all.count
        func instances(_ count: Int) -> String {
            #"{"recognizers": [\#((0..<count).map { #"{"id": "t\#($0)", "kind": "tap"}"# }.joined(separator: ", "))]}"#
        }
        #expect(try apply(instances(room)).entries.count == 256)
        let refused = refusal(instances(room + 1)) ?? ""
        #expect(refused.hasSuffix(": error: too many recognizers: a configuration holds at most 256"), "\(refused)")
        #expect(
            refused.hasPrefix(
                "c.json:1:\(instances(room + 1).range(of: "\"t\(room)\"")!.lowerBound.utf16Offset(in: instances(room + 1)) + 1):"
            ), "\(refused)")
    }

    /// An instance's gesture may be another recognizer's, but not in another case: `Double-Tap` would
    /// be scored as a gesture of its own.
    @Test func anInstancesGestureInAnotherCaseIsRefused() throws {
        let same = try apply(#"{"recognizers": [{"id": "dt2", "kind": "tap", "gesture": "double-tap"}]}"#)
        #expect(same.entries.contains { $0.id == "dt2" })
        #expect(
            refusal(#"{"recognizers": [{"id": "dt2", "kind": "tap", "gesture": "Double-Tap"}]}"#)
                == #"c.json:1:58: error: gesture "Double-Tap" differs only in case from "double-tap", a gesture of "#
                + "double-tap: gesture names must differ in more than case")
        // Nor an id that is another recognizer's gesture it does not recognize too (a label swipe-left
        // would name it were swipe left out); an instance of swipe's left may be named swipe-left.
        #expect(
            refusal(#"{"recognizers": [{"id": "swipe-left", "kind": "tap"}]}"#)
                == #"c.json:1:25: error: recognizer id "swipe-left" is a gesture of swipe: a label swipe-left names "#
                + "that gesture, so an id needs another name")
        let left = try apply(
            #"{"recognizers": [{"id": "swipe-left", "kind": "swipe", "parameters": {"directions": ["left"]}}]}"#)
        #expect(left.entries.contains { $0.id == "swipe-left" && $0.gestures == ["swipe-left"] })
        // Nor a recognizer's id that is none of its gestures: a label `swipe` is swipe's gestures.
        #expect(
            refusal(#"{"recognizers": [{"id": "flick", "kind": "swipe", "gesture": "swipe"}]}"#)
                == #"c.json:1:62: error: gesture "swipe" is the id of the recognizer swipe, whose gestures are "#
                + "swipe-left, swipe-right, swipe-up, swipe-down: a label swipe is taken for them, so a gesture needs "
                + "a name of its own")
    }

    /// Values of a file that contradict each other are placed where it set one; a `--set` of one
    /// moves the place to the other, or clears it.
    @Test func contradictoryValuesAreFoundWhereTheFileSetThem() throws {
        let json =
            #"{"recognizers": [{"id": "p2", "kind": "pan", "parameters": {"minimumTouches": 5, "maximumTouches": 3}}]}"#
        let message =
            "contradictory values: p2.minimumTouches = 5 is above p2.maximumTouches = 3 (expected minimumTouches ≤ "
            + "maximumTouches)"
        func at(_ value: String) -> SourcePosition {
            SourcePosition(
                of: json.utf8.count - json.components(separatedBy: value)[1].utf8.count - 1, in: Array(json.utf8))
        }
        let configuration = try apply(json)
        #expect(throws: ConfigurationError(message, file: "c.json", at: at("\"minimumTouches\": 5"))) {
            try configuration.check()
        }
        var changed = configuration
        try changed.set(assignment: "p2.minimumTouches=4")
        #expect(
            throws: ConfigurationError(
                message.replacingOccurrences(of: "= 5", with: "= 4"), file: "c.json",
                at: at("\"maximumTouches\": 3"))
        ) { try changed.check() }
        var bySet = Configuration()
        try bySet.set(assignment: "pan.minimumTouches=5")
        try bySet.set(assignment: "pan.maximumTouches=3")
        #expect(
            throws: ConfigurationError(message.replacingOccurrences(of: "p2.", with: "pan.")),
            performing: {
                try bySet.check()
            })
    }

    /// Two definitions of one id in a registry trapped (`Dictionary(uniqueKeysWithValues:)`); the later
    /// replaces the earlier, in its place, as adding one's own `tap` to `Registry.all` means.
    @Test func aRegistryIdGivenTwiceIsReplacedNotATrap() {
        var mine = Registry.all.first { $0.id == "tap" }!
        mine.summary = "my tap"
        let configuration = Configuration(registry: Registry.all + [mine])
        #expect(configuration.entries.map(\.id) == Registry.all.map(\.id))
        #expect(configuration.entries.first { $0.id == "tap" }?.definition.summary == "my tap")
        #expect(
            configuration.warnings
                == [#"recognizer id "tap" is in the registry twice: the later definition replaces the earlier"#])
    }

    /// A registry of one's own whose id or gesture differs from another's only in case is warned of, as
    /// a configured instance or a learned gesture is refused: labels would not tell them apart.
    @Test func aRegistryIdOrGestureDifferingOnlyInCaseIsWarnedOf() {
        var tap = Registry.all.first { $0.id == "tap" }!
        tap.id = "Tap"
        var caret = Registry.all.first { $0.id == "tap" }!
        caret.id = "c4"
        caret.gestures = ["Double-Tap"]
        let configuration = Configuration(registry: Registry.all + [tap, caret])
        #expect(
            configuration.warnings == [
                #"recognizer id "Tap" differs only in case from tap: ids must differ in more than case"#,
                #"gesture "Double-Tap" of c4 differs only in case from "double-tap", a gesture of double-tap: "#
                    + "gesture names must differ in more than case",
                #"gesture "tap" of Tap is the id of the recognizer tap: a label names one or the other"#,
                #"gesture "tap" is given by both tap and Tap: a label tap names either"#,
            ])
        #expect(Configuration(registry: Registry.all).warnings == [])
    }

    /// A definition of one's own that names a recognizer no registry has, to wait for or to recognize
    /// with, or a gesture that is another recognizer's id, is warned of (each was dropped, or taken,
    /// unsaid); one merely left out of a smaller registry is dropped unsaid still.
    @Test func aRegistrysSlipsInNamesAreWarnedOf() {
        var mine = Registry.all.first { $0.id == "tap" }!
        mine.id = "mine"
        mine.gestures = ["swipe"]
        mine.requiresFailureOf = [.recognizer("dubble-tap"), .recognizer("double-tap")]
        mine.simultaneousWith = ["pna"]
        #expect(
            Configuration(registry: Registry.all + [mine]).warnings == [
                #"mine requires to fail "dubble-tap", which no recognizer is: did you mean double-tap?"#,
                #"mine recognizes with "pna", which no recognizer is: did you mean pan?"#,
                #"gesture "swipe" of mine is the id of the recognizer swipe: a label names one or the other"#,
            ])
        let smaller = Registry.all.filter { $0.id != "double-tap" }
        #expect(Configuration(registry: smaller).warnings == [])
    }

    /// As a user runs it: `gesture list --format json` saved, then given back as `--config`.
    @Test func theListCommandsOutputIsAConfigFile() throws {
        let corpus = try MiniCorpus("list-round-trip")
        defer { corpus.remove() }
        for extra in [[], ["--set", "swipe.minimumTravel=20", "--set", "z.wholePath=false"]] {
            let listing = try GestureCommand.run(["list", "--format", "json"] + extra)
            try corpus.write("list.json", listing.stdout)
            let path = corpus.folder.appendingPathComponent("list.json").path
            let again = try GestureCommand.run(["list", "--format", "json", "--config", path])
            #expect(again == listing, "\(extra)")
            #expect(again.stderr == "" && again.status == 0)
        }
        #expect(
            try String(contentsOf: corpus.folder.appendingPathComponent("list.json"), encoding: .utf8).contains(
                #""name": "minimumTravel",\#n          "value": 20,"#))
        let changed = try GestureCommand.run([
            "classify", "--config", corpus.folder.appendingPathComponent("list.json").path, "Traces/z.csv",
        ])
        let bySet = try GestureCommand.run([
            "classify", "--set", "swipe.minimumTravel=20", "--set", "z.wholePath=false", "Traces/z.csv",
        ])
        #expect(changed == bySet)
    }

    /// `list --format json` with a templates file names it by its absolute path: saved in another
    /// folder and given back from a third, it reads the same file. Templates read from standard input
    /// cannot be read again: an error at the place that names them.
    @Test func aListedTemplatesFileIsFoundFromAnyFolder() throws {
        let corpus = try MiniCorpus("list-templates")
        defer { corpus.remove() }
        let marks = GestureCommand.packageRoot.appendingPathComponent("docs/examples/marks.json")
        try corpus.write("m.json", try String(contentsOf: marks, encoding: .utf8))
        try corpus.write("sub/.keep", "")
        let listing = try GestureCommand.run(["list", "--format", "json", "--templates", "m.json"], in: corpus.folder)
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.stdout.contains(#""file": "\#(corpus.folder.standardized.path)/m.json""#))
        try corpus.write("sub/l.json", listing.stdout)
        let again = try GestureCommand.run(
            ["list", "--format", "json", "--config", "l.json"], in: corpus.folder.appendingPathComponent("sub"))
        #expect(again == listing)
        let piped = try GestureCommand.run(
            ["list", "--format", "json", "--templates", "-"], input: try String(contentsOf: marks, encoding: .utf8),
            in: corpus.folder)
        #expect(piped.stdout.contains(#""file": "-""#))
        try corpus.write("s.json", piped.stdout)
        let refused = try GestureCommand.run(["list", "--config", "s.json"], in: corpus.folder)
        #expect(refused.status == 2)
        let line = piped.stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains(#""file": "-""#) }.map { $0 + 1 }
        #expect(
            refused.stderr.hasPrefix(
                "s.json:\(line ?? 0):17: error: marks's templates were read from standard input (--templates -), which "
                    + "cannot be read again: give the templates file by its path\n"), "\(refused.stderr)")
    }

    // MARK: Located values

    @Test func aLocatedValueKnowsWhereItAndItsKeysStart() throws {
        let text = "{\"a\": [1, true],\n \"b\": {\"c\": null}}"
        let document = try LocatedJSON.parse(Array(text.utf8), file: "c.json")
        #expect(document.offset == 0)
        let a = try #require(document["a"])
        #expect(a.keyOffset == 1 && a.value.offset == 6)
        #expect(a.value.items?.map(\.offset) == [7, 10])
        let c = try #require(document["b"]?.value["c"])
        #expect(c.keyOffset == 24 && c.value.offset == 29)
        #expect(document.plain == (try JSONValue.parse(Array(text.utf8), file: "c.json")))
    }

    @Test(arguments: ["", "{", "[1,]", "{\"a\" 1}", "\"\\x\"", "1e999", "[[[[", "{} x", "tru"])
    func aLocatedParseFailsAsThePlainOneDoes(_ text: String) {
        let plain = #expect(throws: JSONParseError.self) {
            try JSONValue.parse(Array(text.utf8), file: "c.json", maximumDepth: 3)
        }
        let located = #expect(throws: JSONParseError.self) {
            try LocatedJSON.parse(Array(text.utf8), file: "c.json", maximumDepth: 3)
        }
        #expect(plain != nil && plain == located)
    }

    /// A string the file ends in is reported where it ends, with the trace reader's words (config,
    /// templates and merge-scores files said `1:6`, the string's start).
    @Test(
        arguments: [
            (#"{"a":"b"#, 8, #"unexpected end of input: expected '"' to end the string"#),
            (
                #"{"a":"\"#, 8,
                "unexpected end of input: expected " + #"'"', '\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\'"#
            ),
        ])
    func aStringTheFileEndsInIsReportedAtTheEnd(_ text: String, column: Int, message: String) throws {
        let error = #expect(throws: JSONParseError.self) { try LocatedJSON.parse(Array(text.utf8), file: "c.json") }
        #expect(error?.position.line == 1 && error?.position.column == column)
        #expect(error?.message == message)
    }

    /// Strings the file ends in or whose escapes break, read by the trace reader and by the reader of
    /// config, templates and merge-scores files: the same place and the same words.
    @Test(
        arguments: [
            #"{"a":"b"#, #"{"a":"\"#, #"{"a":"\u12"#, #"{"a":"\uD800"#, #"{"a":"\uD800\"#,
            #"{"a":"\uD800\u0041"}"#, #"{"a":"\uD800x"}"#,
        ])
    func aBrokenStringReadsAlikeInBothReaders(_ text: String) throws {
        let trace = #expect(throws: TraceError.self) { try TraceReader.read(bytes: Array(text.utf8), file: "c.json") }
        let config = #expect(throws: JSONParseError.self) { try LocatedJSON.parse(Array(text.utf8), file: "c.json") }
        #expect(trace?.line == config?.position.line && trace?.column == config?.position.column)
        #expect(trace?.message == config?.message)
    }

    /// A bad string is reported at the byte that cannot be read, not where the string or its run of
    /// plain characters starts: invalid UTF-8 at its first bad byte, a surrogate escape at its `\`.
    @Test(
        arguments: [
            ([0xFF], "c.json:1:19: error: invalid UTF-8 in a string: found byte 0xFF" + TextEncodingHint.convert),
            (
                Array("é".utf8) + [0xC3, 0x28],
                "c.json:1:20: error: invalid UTF-8 in a string: found byte 0xC3" + TextEncodingHint.convert
            ),
            (Array(#"x\uDC00"#.utf8), "c.json:1:20: error: unpaired surrogate escape in a string"),
            (
                Array(#"\uD800\u0041"#.utf8),
                #"c.json:1:25: error: expected a low surrogate escape after '\uD800', found '\u0041'"#
            ),
        ] as [([UInt8], String)])
    func aBadStringIsReportedAtItsBadByte(_ bad: [UInt8], _ diagnostic: String) {
        let text = Array(#"{"parameters": "ab"#.utf8) + bad + Array(#"cd"}"#.utf8)
        var configuration = Configuration()
        let error = #expect(throws: ConfigurationError.self) { try configuration.apply(json: text, file: "c.json") }
        #expect(error?.description == diagnostic)
    }

    // MARK: Did you mean

    @Test func theNearestNameIsSuggestedWhenNearEnough() {
        let names = ["minimumTravel", "maximumDeviation", "maximumBow", "jitterTolerance"]
        #expect(Spelling.nearest(to: "minimumTravl", among: names) == "minimumTravel")
        #expect(Spelling.nearest(to: "MinimumTravel", among: names) == "minimumTravel")
        #expect(Spelling.nearest(to: "maxiumumBow", among: names) == "maximumBow")
        #expect(Spelling.nearest(to: "mniimumTravel", among: names) == "minimumTravel", "a swap is one edit")
        #expect(Spelling.nearest(to: "speed", among: names) == nil)
        #expect(Spelling.nearest(to: "", among: names) == nil)
        #expect(Spelling.nearest(to: "", among: ["z", "tap"]) == nil, "an empty label read \"did you mean z?\"")
        #expect(Spelling.nearest(to: "x", among: []) == nil)
        #expect(Spelling.nearest(to: "zz", among: ["z", "tap"]) == "z")
        // Nothing of what was typed kept is another name, as the recorder page has it: no "did you mean".
        #expect(Spelling.nearest(to: "x", among: ["z", "v"]) == nil)
        #expect(Spelling.nearest(to: "-", among: ["z"]) == nil)
        #expect(Spelling.editDistance(Array("kitten".unicodeScalars), Array("sitting".unicodeScalars)) == 3)
    }
}
