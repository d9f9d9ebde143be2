import Foundation

/// One sample of a synthetic trace, already quantised the way every format writes it, so the JSON,
/// CSV and XML files of a trace hold the same numbers: time in ticks of 0.1 ms, points in tenths.
struct Row {
    enum Phase: String { case began, moved, stationary, ended }

    var ticks: Int
    var id: Int
    var phase: Phase
    var x: Int
    var y: Int
}

/// What a synthetic trace shows, how often it appears in a corpus, and the folder (label) it goes in.
enum Kind: Int, CaseIterable {
    case checkmark, z, circle, swipeLeft, swipeRight, swipeUp, swipeDown
    case tap, doubleTap, longPress, pan, twoFingerPan, pinch, rotation
    /// A random-walk scribble: no shape claims it, so, as in UIKit, it is a pan.
    case noise
    /// A still touch held too long for a tap and too short for a long press: no gesture at all.
    case hold

    /// Out of 100 traces.
    var weight: Int {
        switch self {
        case .checkmark, .z, .circle: 9
        case .swipeLeft, .swipeRight, .swipeUp, .swipeDown: 3
        case .tap, .doubleTap, .longPress, .pan, .pinch, .rotation: 7
        case .twoFingerPan: 3
        case .noise: 10
        case .hold: 6
        }
    }

    /// The gesture the whole registry should give: the name of the folder the trace is written in.
    var label: String {
        switch self {
        case .checkmark: "checkmark"
        case .z: "z"
        case .circle: "circle"
        case .swipeLeft: "swipe-left"
        case .swipeRight: "swipe-right"
        case .swipeUp: "swipe-up"
        case .swipeDown: "swipe-down"
        case .tap: "tap"
        case .doubleTap: "double-tap"
        case .longPress: "long-press"
        case .pan, .twoFingerPan, .noise: "pan"
        case .pinch: "pinch"
        case .rotation: "rotation"
        case .hold: "none"
        }
    }

    /// The start of the file name, which says how the trace was made.
    var stem: String {
        switch self {
        case .twoFingerPan: "two-finger-pan"
        case .noise: "noise"
        case .hold: "hold"
        default: label
        }
    }

    /// Two fingers down at once: the `$`-family XML has no way to say that (its strokes follow one
    /// another), so these traces are written as JSON and CSV only.
    var isMultiTouch: Bool { self == .twoFingerPan || self == .pinch || self == .rotation }

    static func pick(_ rng: inout SplitMix64) -> Kind {
        var r = rng.int(0, 99)
        for kind in allCases {
            if r < kind.weight { return kind }
            r -= kind.weight
        }
        return .noise
    }
}

/// Makes realistic touch traces: 60–120 Hz with timing jitter, 20–200 samples, sizes, speeds,
/// slants and hand tremor drawn at random, placed inside a 390 × 844 pt view.
enum Synth {
    static let viewWidth = 390.0
    static let viewHeight = 844.0

    /// One finger's samples before quantisation.
    private struct Track {
        var times: [Double]
        var points: [(x: Double, y: Double)]
        /// Touches on screen together share an id space; one that follows another reuses id 1.
        var id: Int
    }

    /// The rows of one trace of `kind`, starting at time 0.
    static func trace(_ kind: Kind, _ rng: inout SplitMix64) -> [Row] {
        var tracks = makeTracks(kind, &rng)
        place(&tracks, &rng)
        return quantise(tracks)
    }

    // MARK: Timing

    /// A sample count and rate for a stroke lasting about `duration` seconds.
    private static func timing(
        _ rng: inout SplitMix64, duration: ClosedRange<Double>, hz: ClosedRange<Double> = 60...120,
        samples: ClosedRange<Int> = 20...200
    ) -> (n: Int, hz: Double) {
        let rate = rng.uniform(hz.lowerBound, hz.upperBound)
        let seconds = rng.uniform(duration.lowerBound, duration.upperBound)
        let n = min(max(Int((seconds * rate).rounded()) + 1, samples.lowerBound), samples.upperBound)
        return (n, rate)
    }

    /// Sample times at `hz` from `start`, each off its tick by up to 15% of the period (digitiser jitter).
    private static func times(_ n: Int, _ hz: Double, from start: Double = 0, _ rng: inout SplitMix64) -> [Double] {
        (0..<n).map { k in start + (Double(k) + (k == 0 ? 0 : rng.uniform(-0.15, 0.15))) / hz }
    }

    /// Hands speed up and slow down: part linear, part smoothstep.
    private static func ease(_ u: Double) -> Double { 0.55 * u + 0.45 * u * u * (3 - 2 * u) }

    // MARK: Shapes

    private static func makeTracks(_ kind: Kind, _ rng: inout SplitMix64) -> [Track] {
        switch kind {
        case .checkmark:
            let w = rng.uniform(80, 240)
            let knee = (rng.uniform(0.22, 0.4) * w, rng.uniform(0.28, 0.5) * w)
            let end = (rng.uniform(0.9, 1.1) * w, -rng.uniform(0.35, 0.75) * w)
            let (n, hz) = timing(&rng, duration: 0.35...1.0)
            return [stroke(polyline([(0, 0), knee, end]), n, hz, tremor: 0.4, slant: 0.12, &rng)]
        case .z:
            let w = rng.uniform(90, 240)
            let h = w * rng.uniform(0.8, 1.25)
            let corners = [
                (0, 0), (w, h * rng.uniform(-0.04, 0.04)), (w * rng.uniform(0, 0.12), h),
                (w * rng.uniform(0.95, 1.1), h * (1 + rng.uniform(-0.04, 0.04))),
            ]
            let (n, hz) = timing(&rng, duration: 0.6...1.6)
            return [stroke(polyline(corners), n, hz, tremor: 0.4, slant: 0.08, &rng)]
        case .circle:
            let r = rng.uniform(50, 140)
            let aspect = rng.uniform(0.9, 1.1)
            let start = rng.uniform(0, 2 * .pi)
            let direction = rng.sign()
            let sweep = 2 * .pi * rng.uniform(1.0, 1.07)
            let wobble = rng.uniform(0, 0.03)
            let lobes = Double(rng.int(2, 3))
            let phase = rng.uniform(0, 2 * .pi)
            let (n, hz) = timing(&rng, duration: 0.6...1.7)
            let path: (Double) -> (Double, Double) = { u in
                let a = start + direction * sweep * u
                let radius = r * (1 + wobble * sin(lobes * a + phase))
                return (radius * cos(a) * aspect, radius * sin(a))
            }
            return [stroke(path, n, hz, tremor: 0.4, slant: 0, &rng)]
        case .swipeLeft, .swipeRight, .swipeUp, .swipeDown:
            let length = rng.uniform(120, 320)
            let drift = rng.uniform(-0.03, 0.03) * length
            let bow = rng.uniform(-0.02, 0.02) * length
            let (ax, ay): (Double, Double) =
                switch kind {
                case .swipeLeft: (-1, 0)
                case .swipeRight: (1, 0)
                case .swipeUp: (0, -1)
                default: (0, 1)
                }
            let (n, hz) = timing(&rng, duration: 0.12...0.3)
            let path: (Double) -> (Double, Double) = { u in
                let along = length * u
                let across = drift * u + bow * sin(.pi * u)
                return (ax * along - ay * across, ay * along + ax * across)
            }
            return [stroke(path, n, hz, tremor: 0.4, slant: 0, &rng)]
        case .tap:
            let hz = rng.uniform(115, 120)
            return [still(rng.int(20, 26), hz, from: 0, reach: 3, &rng)]
        case .doubleTap:
            let hz = rng.uniform(115, 120)
            // The second tap reuses touch id 1, as a finger lifted and put down again does.
            let first = still(rng.int(10, 16), hz, from: 0, reach: 3, &rng)
            var second = still(rng.int(10, 16), hz, from: first.times.last! + rng.uniform(0.08, 0.2), reach: 3, &rng)
            let dx = rng.uniform(-3, 3)
            let dy = rng.uniform(-3, 3)
            second.points = second.points.map { ($0.x + dx, $0.y + dy) }
            return [first, second]
        case .longPress:
            let (n, hz) = timing(&rng, duration: 0.65...1.6)
            return [still(n, hz, from: 0, reach: 4, &rng)]
        case .hold:
            let seconds = rng.uniform(0.3, 0.45)
            let hz = rng.uniform(max(60, 19.5 / seconds), 120)
            return [still(Int(seconds * hz) + 1, hz, from: 0, reach: 4, &rng)]
        case .pan:
            let length = rng.uniform(80, 400)
            let bend = rng.sign() * rng.uniform(0.3, 0.6) * length
            let heading = rng.uniform(0, 2 * .pi)
            let (n, hz) = timing(&rng, duration: 0.4...1.8)
            let path: (Double) -> (Double, Double) = { u in
                // A quadratic Bézier from (0, 0) to (length, 0) through a control point off the line.
                let x = 2 * (1 - u) * u * (length / 2) + u * u * length
                let y = 2 * (1 - u) * u * bend
                return (x * cos(heading) - y * sin(heading), x * sin(heading) + y * cos(heading))
            }
            return [stroke(path, n, hz, tremor: 0.5, slant: 0, &rng)]
        case .noise:
            let (n, hz) = timing(&rng, duration: 0.3...2.0)
            var heading = rng.uniform(0, 2 * .pi)
            var speed = rng.uniform(100, 400)
            var point = (x: 0.0, y: 0.0)
            var points: [(x: Double, y: Double)] = []
            for _ in 0..<n {
                points.append(point)
                heading += rng.uniform(-0.6, 0.6)
                speed = min(max(speed * rng.uniform(0.85, 1.15), 60), 600)
                point.x += speed / hz * cos(heading)
                point.y += speed / hz * sin(heading)
            }
            var track = Track(times: times(n, hz, &rng), points: points, id: 1)
            tremble(&track, 1.0, &rng)
            return [track]
        case .twoFingerPan:
            let gap = rng.uniform(40, 90)
            let spread = rng.uniform(0, .pi)
            let length = rng.uniform(80, 300)
            let heading = rng.uniform(0, 2 * .pi)
            let curve = rng.uniform(-0.1, 0.1) * length
            return fingers(&rng, duration: 0.3...1.2) { u in
                let along = length * u
                let across = curve * sin(.pi * u)
                let cx = along * cos(heading) - across * sin(heading)
                let cy = along * sin(heading) + across * cos(heading)
                return (cx, cy, gap, spread)
            }
        case .pinch:
            let start = rng.uniform(60, 160)
            let scale = rng.chance(0.5) ? rng.uniform(0.4, 0.75) : rng.uniform(1.4, 2.3)
            let angle = rng.uniform(0, .pi)
            let turn = rng.uniform(-0.05, 0.05)
            return fingers(&rng, duration: 0.3...1.0) { u in (0, 0, start * (1 + (scale - 1) * u), angle + turn * u) }
        case .rotation:
            let distance = rng.uniform(90, 200)
            let stretch = rng.uniform(-0.04, 0.04)
            let angle = rng.uniform(0, .pi)
            let sweep = rng.sign() * rng.uniform(0.6, 1.6)
            return fingers(&rng, duration: 0.4...1.2) { u in (0, 0, distance * (1 + stretch * u), angle + sweep * u) }
        }
    }

    /// Points along straight segments, evenly by length.
    private static func polyline(_ corners: [(Double, Double)]) -> (Double) -> (Double, Double) {
        var lengths = [0.0]
        for (a, b) in zip(corners, corners.dropFirst()) {
            lengths.append(lengths.last! + ((b.0 - a.0) * (b.0 - a.0) + (b.1 - a.1) * (b.1 - a.1)).squareRoot())
        }
        let total = lengths.last!
        return { u in
            let s = u * total
            var i = 1
            while i < lengths.count - 1, lengths[i] < s { i += 1 }
            let span = lengths[i] - lengths[i - 1]
            let f = span > 0 ? (s - lengths[i - 1]) / span : 0
            let a = corners[i - 1]
            let b = corners[i]
            return (a.0 + (b.0 - a.0) * f, a.1 + (b.1 - a.1) * f)
        }
    }

    /// One finger following `path` (u from 0 to 1) with eased speed, tremor and a random slant.
    private static func stroke(
        _ path: (Double) -> (Double, Double), _ n: Int, _ hz: Double, tremor: Double, slant: Double,
        _ rng: inout SplitMix64
    ) -> Track {
        let angle = rng.uniform(-slant, slant)
        let (c, s) = (cos(angle), sin(angle))
        let points = (0..<n).map { k -> (x: Double, y: Double) in
            let (x, y) = path(ease(Double(k) / Double(n - 1)))
            return (x * c - y * s, x * s + y * c)
        }
        var track = Track(times: times(n, hz, &rng), points: points, id: 1)
        tremble(&track, tremor, &rng)
        return track
    }

    /// A finger resting on the glass: it creeps now and then by a fraction of a point, within `reach`.
    private static func still(_ n: Int, _ hz: Double, from start: Double, reach: Double, _ rng: inout SplitMix64)
        -> Track
    {
        var point = (x: 0.0, y: 0.0)
        var points: [(x: Double, y: Double)] = []
        for _ in 0..<n {
            points.append(point)
            if rng.chance(0.3) {
                point.x = min(max(point.x + rng.uniform(-0.6, 0.6), -reach), reach)
                point.y = min(max(point.y + rng.uniform(-0.6, 0.6), -reach), reach)
            }
        }
        return Track(times: times(n, hz, from: start, &rng), points: points, id: 1)
    }

    /// Two fingers sampled together, placed each side of a moving centre: `pose(u)` gives the centre,
    /// the distance between the fingers and the angle of the line through them.
    private static func fingers(
        _ rng: inout SplitMix64, duration: ClosedRange<Double>,
        pose: (Double) -> (x: Double, y: Double, distance: Double, angle: Double)
    ) -> [Track] {
        let (n, hz) = timing(&rng, duration: duration, samples: 10...100)
        let shared = times(n, hz, &rng)
        var one = Track(times: shared, points: [], id: 1)
        var two = Track(times: shared, points: [], id: 2)
        for k in 0..<n {
            let p = pose(ease(Double(k) / Double(n - 1)))
            let (dx, dy) = (p.distance / 2 * cos(p.angle), p.distance / 2 * sin(p.angle))
            one.points.append((p.x - dx, p.y - dy))
            two.points.append((p.x + dx, p.y + dy))
        }
        tremble(&one, 0.3, &rng)
        tremble(&two, 0.3, &rng)
        return [one, two]
    }

    /// Hand tremor on every point but the first and last.
    private static func tremble(_ track: inout Track, _ amplitude: Double, _ rng: inout SplitMix64) {
        guard track.points.count > 2 else { return }
        for k in 1..<(track.points.count - 1) {
            track.points[k].x += rng.uniform(-amplitude, amplitude)
            track.points[k].y += rng.uniform(-amplitude, amplitude)
        }
    }

    /// Moves the tracks to a random place where they fit in the view (centred when they cannot).
    private static func place(_ tracks: inout [Track], _ rng: inout SplitMix64) {
        let xs = tracks.flatMap { $0.points.map(\.x) }
        let ys = tracks.flatMap { $0.points.map(\.y) }
        let margin = 8.0
        func offset(_ low: Double, _ high: Double, _ size: Double) -> Double {
            let from = margin - low
            let to = size - margin - high
            return from <= to ? rng.uniform(from, to) : (size - low - high) / 2
        }
        let dx = offset(xs.min()!, xs.max()!, viewWidth)
        let dy = offset(ys.min()!, ys.max()!, viewHeight)
        for t in tracks.indices {
            tracks[t].points = tracks[t].points.map { ($0.x + dx, $0.y + dy) }
        }
    }

    /// Rows in time order; touches at the same time in id order. A sample that did not move from
    /// the last (after rounding) is `stationary`, as UIKit reports it.
    private static func quantise(_ tracks: [Track]) -> [Row] {
        var rows: [(row: Row, order: Int)] = []
        for (number, track) in tracks.enumerated() {
            let n = track.points.count
            var last: (Int, Int)?
            for k in 0..<n {
                let x = Int((track.points[k].x * 10).rounded())
                let y = Int((track.points[k].y * 10).rounded())
                let phase: Row.Phase =
                    k == 0 ? .began : k == n - 1 ? .ended : (last.map { $0 == (x, y) } ?? false) ? .stationary : .moved
                last = (x, y)
                let ticks = Int((track.times[k] * 10_000).rounded())
                rows.append((Row(ticks: ticks, id: track.id, phase: phase, x: x, y: y), number))
            }
        }
        rows.sort { ($0.row.ticks, $0.row.id, $0.order) < ($1.row.ticks, $1.row.id, $1.order) }
        return rows.map(\.row)
    }

    /// A long session: gestures one after another, 0.4–1.2 s apart, until exactly `count` samples.
    /// Without `multiTouch`, two-finger gestures are left out (for the XML, which cannot hold them).
    static func session(samples count: Int, multiTouch: Bool, _ rng: inout SplitMix64) -> [Row] {
        var rows: [Row] = []
        rows.reserveCapacity(count)
        var cursor = 0
        func append(_ gesture: [Row]) {
            for var row in gesture {
                row.ticks += cursor
                rows.append(row)
            }
            cursor = rows.last!.ticks + Int(rng.uniform(0.4, 1.2) * 10_000)
        }
        // Every gesture has at most 200 samples, so the loop leaves 2...201 for the last one.
        while count - rows.count >= 202 {
            var kind = Kind.pick(&rng)
            while !multiTouch && kind.isMultiTouch { kind = Kind.pick(&rng) }
            append(trace(kind, &rng))
        }
        let rest = count - rows.count
        if rest > 0 {
            var tracks = [still(rest, rng.uniform(60, 120), from: 0, reach: 4, &rng)]
            place(&tracks, &rng)
            append(quantise(tracks))
        }
        return rows
    }
}
