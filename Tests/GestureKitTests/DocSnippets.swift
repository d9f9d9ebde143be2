import GestureKit
import Testing

// The Swift code blocks of README.md and docs/, compiled. This file imports GestureKit without
// @testable, so each block uses the public API only, as a program that uses the library does. A page
// shows the lines between `// snippet: NAME` and `// end snippet`, less the marker's indentation and
// after the page's own `import` lines, in a ```swift block that follows a `<!-- snippet: NAME … -->`
// line. `DocSnippetsTests` keeps the two the same (`make golden` copies the code to the pages) and
// runs each snippet: what it prints must be what its comments say, the comment at the end of the
// line that prints or the comment lines after it. A snippet's `print` is its function's parameter,
// which the test gives; the code compiles the same with Swift's own `print`.

/// The snippets that run: each a function, its `print` a parameter.
enum DocSnippets {
    /// README.md and docs/api.md: classifying a trace.
    static func apiClassify(print: (Any) -> Void) throws {
        // snippet: api-classify
        let trace = try TraceReader.read(path: "Traces/z.csv")
        let result = Classifier(configuration: Configuration(profile: .default)).classify(trace, file: "Traces/z.csv")
        print(result.gesture)  // "z"
        // end snippet
    }

    /// docs/convert.md: converting a trace, and what the format cannot hold.
    static func convertTrace(print: (Any) -> Void) throws {
        // snippet: convert-losses
        let trace = try TraceReader.read(path: "Traces/z.csv")
        let conversion = try TraceWriter.convert(trace, to: .xml, file: "Traces/z.csv")
        for loss in conversion.losses { print(loss) }
        // label "z"
        // view 390x844
        // times not whole milliseconds from the first sample (18 samples)
        // end snippet
    }

    /// docs/adding-a-recognizer.md: a program adds its own recognizer to the registry.
    static func registerCaret(print: (Any) -> Void) throws {
        // snippet: register-caret
        let configuration = Configuration(registry: Registry.all + [Caret.definition])
        var trace = Trace(samples: Example.stroke([(100, 160), (130, 100), (160, 40), (190, 100), (220, 160)]))
        try TraceValidator.validate(&trace, file: "caret")
        print(Classifier(configuration: configuration).classify(trace, file: "caret").gesture)  // "caret"
        // end snippet
    }
}

// snippet: caret-test
@Test func theCaretHasNoProblem() {
    #expect(Caret.definition.problems() == [])
}
// end snippet
