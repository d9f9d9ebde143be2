/// A field of a sample: a key of a JSON sample object (`{"t": …, "id": …, "phase": …, "x": …, "y": …}`)
/// and a column a CSV trace's header must name, in the order messages list them.
enum SampleField: Int, CaseIterable {
    case t, id, phase, x, y

    /// The key as written between its quotes, the column's name.
    var name: StaticString {
        switch self {
        case .t: "t"
        case .id: "id"
        case .phase: "phase"
        case .x: "x"
        case .y: "y"
        }
    }

    /// The key's length in bytes, without its quotes.
    @inline(__always)
    var length: Int {
        switch self {
        case .t, .x, .y: 1
        case .id: 2
        case .phase: 5
        }
    }

    /// This key's bit in a mask of the keys seen.
    @inline(__always)
    var bit: UInt8 { 1 << rawValue }

    /// The mask of a sample that has every key.
    static let allBits: UInt8 = 0b1_1111

    /// The keys as messages list them.
    static let list = #""t", "id", "phase", "x" and "y""#

    /// The key a JSON string's decoded content names, or `nil` for any other.
    @inline(__always)
    init?(_ s: UnsafeBufferPointer<UInt8>) {
        switch s.count {
        case 1:
            switch s[0] {
            case UInt8(ascii: "t"): self = .t
            case UInt8(ascii: "x"): self = .x
            case UInt8(ascii: "y"): self = .y
            default: return nil
            }
        case 2 where s[0] == UInt8(ascii: "i") && s[1] == UInt8(ascii: "d"):
            self = .id
        case 5
        where s[0] == UInt8(ascii: "p") && s[1] == UInt8(ascii: "h") && s[2] == UInt8(ascii: "a")
            && s[3] == UInt8(ascii: "s") && s[4] == UInt8(ascii: "e"):
            self = .phase
        default:
            return nil
        }
    }
}
