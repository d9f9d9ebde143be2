import Testing

@testable import GestureKit

/// `TouchMap` keeps entries in the order they were added, across its inline entries and the rest.
@Suite struct TouchMapTests {
    func map(_ ids: [Int]) -> TouchMap<Point> {
        var map = TouchMap<Point>()
        for id in ids { map[.number(id)] = Point(x: Double(id), y: Double(-id)) }
        return map
    }

    @Test func entriesKeepTheirOrderWhenAnyOneIsRemoved() {
        for removed in [1, 2, 3, 4, 5] {
            var touches = map([1, 2, 3, 4, 5])
            touches[.number(removed)] = nil
            let expected = [1, 2, 3, 4, 5].filter { $0 != removed }
            #expect(touches.ids == expected.map { .number($0) }, "removing \(removed)")
            #expect(touches.values.map(\.x) == expected.map(Double.init))
            #expect(touches.count == 4)
            #expect(!touches.contains(.number(removed)))
            #expect(touches[.number(expected[3])] == Point(x: Double(expected[3]), y: Double(-expected[3])))
        }
    }

    @Test func updatesReplaceInPlaceAndAnEmptiedMapTakesNewEntries() {
        var touches = map([7, 8, 9])
        touches[.number(9)] = Point(x: 90, y: 0)
        touches[.number(7)] = Point(x: 70, y: 0)
        #expect(touches.values.map(\.x) == [70, 8, 90])
        for id in [8, 7, 9] { touches[.number(id)] = nil }
        #expect(touches.isEmpty && touches.ids.isEmpty)
        touches[.name("a")] = Point(x: 1, y: 1)
        #expect(touches.ids == [.name("a")])
        touches.removeAll()
        #expect(touches.isEmpty && touches[.name("a")] == nil)
    }

    @Test func theCentroidSumsInOrderFromZero() {
        #expect(map([]).centroid == .zero)
        #expect(map([2, 4]).centroid == Point(x: 3, y: -3))
        #expect(map([1, 2, 3, 6]).centroid == Point(x: 3, y: -3))
        var negativeZero = TouchMap<Point>()
        negativeZero[.number(1)] = Point(x: -0.0, y: 0)
        #expect(negativeZero.centroid.x.sign == .plus, "a sum from zero, as before")
    }
}
