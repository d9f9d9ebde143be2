/// The one order of paths that every batch output uses: component by component, each compared byte
/// by byte. It is the order of the walk, and `merge-scores` sorts shards' rows by it.
public enum PathOrder {
    ///
    /// Comparing component by component is comparing the bytes with `/` ranked below every other
    /// byte (a component that ends first sorts first), which needs no splitting.
    public static func precedes(_ a: String, _ b: String) -> Bool {
        func rank(_ byte: UInt8) -> UInt16 { byte == UInt8(ascii: "/") ? 0 : UInt16(byte) + 1 }
        var left = a.utf8.makeIterator()
        var right = b.utf8.makeIterator()
        while true {
            switch (left.next(), right.next()) {
            case (nil, nil): return false
            case (nil, _): return true
            case (_, nil): return false
            case (let x?, let y?) where x != y: return rank(x) < rank(y)
            default: continue
            }
        }
    }

    public static func bytesPrecede(_ a: String, _ b: String) -> Bool {
        a.utf8.lexicographicallyPrecedes(b.utf8)
    }

    /// FNV-1a, 64-bit: the same on every machine and run, unlike `Hasher`.
    public static func stableHash(_ text: String) -> UInt64 { stableHash(text.utf8, from: stableHashStart) }

    /// FNV-1a's starting value (its offset basis): the hash of nothing.
    public static let stableHashStart: UInt64 = 0xcbf2_9ce4_8422_2325

    /// FNV-1a of `bytes` continued from `start` (a hash of what came before them), so that one hash
    /// can be made piece by piece: `stableHash(b, from: stableHash(a))` is the hash of `a` then `b`.
    public static func stableHash(_ bytes: some Sequence<UInt8>, from start: UInt64) -> UInt64 {
        var hash = start
        for byte in bytes {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}
