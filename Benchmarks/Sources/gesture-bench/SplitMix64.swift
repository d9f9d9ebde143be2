/// A small, fast, seedable generator (Steele, Lea and Flood's SplitMix64), so every corpus is the
/// same bytes for the same seed on every machine and toolchain.
///
/// The uniform helpers below are written out rather than taken from the standard library's
/// `random(in:using:)`, whose algorithm is not promised to stay the same between Swift versions.
///
///     var rng = SplitMix64(seed: 42)
///     let x = rng.uniform(0, 390)
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    /// A generator for item `index` of the stream `seed`: items are independent of each other, so
    /// a corpus can be written in any order or in parallel, and a small corpus is a prefix of a
    /// large one.
    init(seed: UInt64, index: UInt64, stream: UInt64 = 0) {
        var mixer = SplitMix64(seed: seed ^ (stream &* 0xD6E8_FEB8_6659_FD93))
        state = mixer.next() ^ (index &* 0x9E37_79B9_7F4A_7C15)
        _ = next()
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in [0, 1), 53 bits.
    mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

    /// Uniform in [a, b).
    mutating func uniform(_ a: Double, _ b: Double) -> Double { a + (b - a) * unit() }

    /// Uniform in a...b.
    mutating func int(_ a: Int, _ b: Int) -> Int {
        a + Int(unit() * Double(b - a + 1))
    }

    /// True with probability `p`.
    mutating func chance(_ p: Double) -> Bool { unit() < p }

    /// −1 or +1.
    mutating func sign() -> Double { chance(0.5) ? -1 : 1 }
}
