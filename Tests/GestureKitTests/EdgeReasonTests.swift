import Testing

@testable import GestureKit

/// Failure reasons on edge-case traces (a lift at the touch-down's place or time, a movement only in
/// the lifting sample, fingers fewer than a recognizer needs) agree with their code, their measured
/// value and limit, and the stroke: each of these said something the trace contradicts before its fix.
@Suite struct EdgeReasonTests {
    /// The failure of recognizer `id`, replayed alone in `profile` with `set` assignments
    /// (`pan.minimumTouches=2`).
    func failure(
        _ id: String, _ samples: [Sample], profile: Profile = .default, set: [String] = []
    ) throws -> FailureReason {
        var configuration = Configuration(profile: profile)
        try configuration.keepOnly([id])
        for assignment in set { try configuration.set(assignment: assignment) }
        var trace = Trace(samples: samples)
        try TraceValidator.validate(&trace, file: "t.json")
        let result = Classifier(configuration: configuration).classify(trace, file: "t.json")
        return try #require(result.sequences[0].recognizers.first { $0.id == id }?.failure).reason
    }

    // MARK: pan

    /// One finger dragged 200 pt where two must pan read "did-not-move: lifted before moving 10 pt; it
    /// moved 200 pt only as it lifted (measured 180 pt > limit 10 pt)".
    @Test func aPanDraggedWithTooFewFingersSaysSo() throws {
        let drag = Example.stroke((0...10).map { (100 + Double($0) * 20, 400) }, interval: 0.05)
        let reason = try failure("pan", drag, set: ["pan.minimumTouches=2"])
        #expect(reason.code == "too-few-touches")
        #expect(reason.message == "moved with 1 finger down; this pan needs 2")
        #expect(reason.measured == 1)
        #expect(reason.limit == 2)
        #expect(reason.unit == .touches)
    }

    /// A pan that begins only rightward, dragged 50 pt left and lifted 100 pt to the right, read
    /// "did-not-move: … it moved 50 pt only as it lifted (measured 50 pt > limit 10 pt)".
    @Test func aPanDraggedTheWrongWayBeforeItsLiftSaysSo() throws {
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0.05, 1, .moved, 180, 400), Sample(0.1, 1, .moved, 150, 400),
            Sample(0.15, 1, .ended, 250, 400),
        ]
        let reason = try failure("pan", samples, set: ["pan.directions=right"])
        #expect(reason.code == "wrong-direction")
        #expect(reason.message == "moved left; this pan begins right")
    }

    /// Moving the wrong way only in the lifting sample is no more a beginning than moving the right
    /// way there: both fail `did-not-move`, measured before the lift (it read `wrong-direction`).
    @Test func aPanThatMovesTheWrongWayOnlyAsItLiftsDidNotMove() throws {
        let samples = [Sample(0, 1, .began, 200, 400), Sample(0.15, 1, .ended, 150, 400)]
        let reason = try failure("pan", samples, set: ["pan.directions=right"])
        #expect(reason.code == "did-not-move")
        #expect(
            reason.message
                == "lifted before moving 10 pt horizontally; it moved 50 pt only as it lifted, and a pan begins on a move"
        )
        #expect(reason.measured == 0)
        #expect(reason.limit == 10)
    }

    /// Fingers that move only in their lifting samples, one lifting while another stays: the first lift's
    /// movement was carried into the translation, and measured as "before the lift" it read
    /// "did-not-move: … it moved 125 pt only as it lifted (measured 25 pt > limit 10 pt)".
    @Test func aPanWhoseFingersMoveOnlyAsEachLiftsMeasuresItsMoves() throws {
        let samples = [
            Sample(0, 1, .began, 100, 400), Sample(0, 2, .began, 100, 450), Sample(0.05, 1, .ended, 150, 400),
            Sample(0.06, 3, .began, 100, 500), Sample(0.1, 2, .ended, 200, 450), Sample(0.1, 3, .ended, 200, 500),
        ]
        let reason = try failure("pan", samples)
        #expect(reason.code == "did-not-move")
        #expect(
            reason.message
                == "lifted before moving 10 pt; it moved 125 pt only as it lifted, and a pan begins on a move")
        #expect(reason.measured == 0)
        #expect(reason.limit == 10)
    }

    /// A pan locked to left and right measures only along x: a drag 50 pt up read "lifted before
    /// moving 10 pt (measured 0 pt)", as if the touch had stayed put.
    @Test func aPanLockedToAnAxisSaysWhichAxisItDidNotMoveAlong() throws {
        let samples = [
            Sample(0, 1, .began, 200, 400), Sample(0.05, 1, .moved, 200, 380), Sample(0.1, 1, .moved, 200, 350),
            Sample(0.15, 1, .ended, 200, 350),
        ]
        let reason = try failure("pan", samples, set: ["pan.directions=left,right"])
        #expect(reason.code == "did-not-move")
        #expect(reason.message == "lifted before moving 10 pt horizontally")
        #expect(reason.measured == 0)
        #expect(reason.limit == 10)
    }

    // MARK: long-press

    /// One finger held where two are needed: the press never began, yet it measured the time since
    /// the trace's clock started (`measured 5.2 s > limit 0.5 s` for a touch at 5 s lifted at 5.2).
    @Test func aLongPressWithTooFewFingersNeverBegan() throws {
        let samples = [Sample(5, 1, .began, 200, 400), Sample(5.2, 1, .ended, 200, 400)]
        let reason = try failure("long-press", samples, set: ["long-press.touches=2"])
        #expect(reason.code == "lifted-too-early")
        #expect(reason.message == "lifted before 2 fingers were down together: the press never began")
        #expect(reason.measured == 0)
        #expect(reason.limit == 0.5)
    }

    @Test func aLongPressLiftedEarlyMeasuresFromItsTouchDown() throws {
        let samples = [Sample(5, 1, .began, 200, 400), Sample(5.25, 1, .ended, 200, 400)]
        let reason = try failure("long-press", samples)
        #expect(reason.message == "lifted before the press was long enough")
        #expect(reason.measured == 0.25)
    }

    // MARK: checkmark

    /// A touch down and a lift 100 pt away: "lifted before moving" said nothing of the 100 pt.
    @Test func aCheckmarkThatMovesOnlyAsItLiftsSaysSo() throws {
        let samples = [Sample(0, 1, .began, 200, 400), Sample(0.1, 1, .ended, 300, 400)]
        for profile in [Profile.default, .seed] {
            let reason = try failure("checkmark", samples, profile: profile)
            #expect(reason.code == "no-up-stroke")
            #expect(
                reason.message
                    == "lifted before moving, before any up-stroke; it moved 100 pt only as it lifted, and the lift starts no stroke"
            )
            #expect(reason.measured == nil && reason.limit == nil)
        }
    }

    /// The seed profile (Apple's listing) takes a move that stays put as the down-stroke: a touch that
    /// never moved read "lifted during the down-stroke".
    @Test func aCheckmarkThatNeverMovesLiftedBeforeMoving() throws {
        let samples = Example.stroke([(200, 400), (200, 400), (200, 400)], interval: 0.05)
        let reason = try failure("checkmark", samples, profile: .seed)
        #expect(reason.code == "no-up-stroke")
        #expect(reason.message == "lifted before moving, before any up-stroke")
    }

    /// A touch that moved, but less than the distance before its first direction is judged, did not
    /// lift "before moving".
    @Test func aCheckmarkThatMovesLessThanItsInitialDistanceSaysHowFar() throws {
        let samples = Example.stroke([(200, 400), (205, 400), (195, 400), (200, 400)], interval: 0.02)
        let reason = try failure("checkmark", samples)
        #expect(reason.code == "no-up-stroke")
        #expect(reason.message == "lifted before moving 6 pt from its start, before any up-stroke")
    }

    // MARK: z

    /// Point by point (seed), a touch that never went right read "lifted before the diagonal and bottom
    /// parts", as if it had drawn the top part; the whole-path reading says "the top part".
    @Test func aZThatNeverWentRightLiftedBeforeTheTopPart() throws {
        let samples = [Sample(0, 1, .began, 200, 400), Sample(0.1, 1, .ended, 200, 400)]
        let reason = try failure("z", samples, profile: .seed)
        #expect(reason.code == "incomplete")
        #expect(reason.message == "lifted before the top part")
        let right = try failure("z", Example.stroke([(200, 400), (230, 400)]), profile: .seed)
        #expect(right.message == "lifted before the diagonal and bottom parts")
    }

    // MARK: a minimum of 0

    /// A minimum of 0 must be exceeded (any change, as Hammer.js's pinch and rotate thresholds are):
    /// what fails it did not move at all, which the message says; the limit, 0, stays in the reason as
    /// every rule's does. It read "a finger lifted before the distance changed enough" under --profile
    /// hammer, and "lifted before moving 0 pt" for a pan set to 0.
    @Test func aMinimumOfZeroFailsWhatDidNotMoveAtAllAndSaysSo() throws {
        let still = Pinch.fingers([100, 100, 100])
        let pinch = try failure("pinch", still, profile: .hammer)
        #expect(pinch.message == "a finger lifted before the distance changed at all")
        #expect(pinch.measured == 0 && pinch.limit == 0)
        let rotation = try failure("rotation", still, profile: .hammer)
        #expect(rotation.message == "a finger lifted before the fingers turned at all")
        #expect(rotation.measured == 0 && rotation.limit == 0)
        let press = [Sample(0, 1, .began, 100, 400), Sample(0.2, 1, .ended, 100, 400)]
        let pan = try failure("pan", press, set: ["pan.minimumTranslation=0"])
        #expect(pan.message == "lifted before moving")
        #expect(pan.measured == 0 && pan.limit == 0)
        // The seed's z: a stroke that starts leftward has a top part of no length.
        let left = Example.stroke([(300, 400), (250, 400), (200, 400)])
        let z = try failure("z", left, profile: .seed)
        #expect(z.code == "part-too-short")
        #expect(z.message == "the top part has no length")
        #expect(z.measured == 0 && z.limit == 0)
        // A minimum above 0 keeps its message.
        let enough = try failure("pinch", still)
        #expect(enough.message == "a finger lifted before the distance changed enough" && enough.limit == 0.1)
    }
}
