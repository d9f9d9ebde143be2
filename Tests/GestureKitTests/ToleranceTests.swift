import Testing

@testable import GestureKit

/// The slack a measure has at its limit is a billionth of the larger, no more and no less: within
/// it, a measure is at the limit (a stroke from 100.7 to 130.7 travels 30 pt); past it, it is not.
@Suite struct ToleranceTests {
    @Test func withinABillionthIsAtTheLimit() {
        // 29.999999999999986, rounding's 30: reaches a 30 pt minimum and exceeds no 30 pt maximum.
        #expect(Tolerance.reaches(130.7 - 100.7, 30))
        #expect(!Tolerance.exceeds(30.000000000000014, 30))
        for limit in [30.0, 0.002, 7e5] {
            let inside = limit * 0.9e-9
            let outside = limit * 1.1e-9
            #expect(Tolerance.reaches(limit - inside, limit))
            #expect(!Tolerance.reaches(limit - outside, limit))
            #expect(!Tolerance.exceeds(limit + inside, limit))
            #expect(Tolerance.exceeds(limit + outside, limit))
        }
        // Of the larger of the two: a limit of 0 has none of its own.
        #expect(!Tolerance.exceeds(0, 0))
        #expect(Tolerance.exceeds(1e-300, 0))
    }
}
