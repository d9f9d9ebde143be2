import Foundation
import Testing

@testable import GestureKit

@Suite struct PathOrderTests {
    /// The byte comparison agrees with splitting into components and comparing those.
    @Test func agreesWithComponentWiseOrder() {
        func componentWise(_ a: String, _ b: String) -> Bool {
            let left = a.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.utf8) }
            let right = b.split(separator: "/", omittingEmptySubsequences: false).map { Array($0.utf8) }
            for (x, y) in zip(left, right) where x != y { return x.lexicographicallyPrecedes(y) }
            return left.count < right.count
        }
        let paths = [
            "a", "a/b", "a-b", "a/b/c", "a.json", "a/b.json", "a-b/c", "b", "B", "é/x", "e/x", "", "/", "a//b", "a/",
        ]
        for a in paths {
            for b in paths {
                #expect(PathOrder.precedes(a, b) == componentWise(a, b), "\(a) vs \(b)")
            }
        }
    }
}
