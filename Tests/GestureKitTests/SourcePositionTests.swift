import Testing

@testable import GestureKit

@Suite struct SourcePositionTests {
    @Test func startOfText() {
        let p = SourcePosition(of: 0, in: Array("abc".utf8))
        #expect(p == SourcePosition(line: 1, column: 1))
    }

    @Test func countsLFCRLFAndLoneCR() {
        let text = Array("a\nb\r\nc\rd".utf8)
        #expect(SourcePosition(of: 2, in: text) == SourcePosition(line: 2, column: 1))
        #expect(SourcePosition(of: 5, in: text) == SourcePosition(line: 3, column: 1))
        #expect(SourcePosition(of: 7, in: text) == SourcePosition(line: 4, column: 1))
    }

    @Test func columnsCountScalarsAndSkipBOM() {
        let text: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("é=x".utf8)
        // "é" is two bytes; "=" is the second character.
        #expect(SourcePosition(of: 5, in: text) == SourcePosition(line: 1, column: 2))
    }
}

extension SourcePosition {
    init(line: Int, column: Int) {
        self.init(of: 0, in: [UInt8]())
        self.line = line
        self.column = column
    }
}
