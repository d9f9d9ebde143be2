import Testing

@testable import GestureKit

@Suite struct LabelerTests {
    @Test(arguments: [
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
