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
