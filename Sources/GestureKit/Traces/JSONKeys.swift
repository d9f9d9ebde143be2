// The keys a JSON trace gives meaning to, named once for the general parser (`JSONTraceParser`) and
// the plain-sample fast path (`JSONPlainSamples`); a sample's own are `SampleField`'s. Each set is
// small, and its raw values are the bits of the "seen" masks that find duplicate and missing keys.

/// A key of the trace object: `{"name": …, "label": …, "view": …, "samples": […]}`.
enum JSONTraceKey: Int, CaseIterable {
    case name, label, view, samples

    @inline(__always)
    var bit: UInt8 { 1 << rawValue }

    /// The key a string's decoded content names, or `nil` for any other.
    init?(_ s: UnsafeBufferPointer<UInt8>) {
        if JSONLexer.equals(s, "name") {
            self = .name
        } else if JSONLexer.equals(s, "label") {
            self = .label
        } else if JSONLexer.equals(s, "view") {
            self = .view
        } else if JSONLexer.equals(s, "samples") {
            self = .samples
        } else {
            return nil
        }
    }
}

/// A key of the `view` object: `{"width": …, "height": …}`.
enum JSONViewKey: Int, CaseIterable {
    case width, height

    var name: String {
        switch self {
        case .width: "width"
        case .height: "height"
        }
    }

    @inline(__always)
    var bit: UInt8 { 1 << rawValue }

    /// The key a string's decoded content names, or `nil` for any other.
    init?(_ s: UnsafeBufferPointer<UInt8>) {
        if JSONLexer.equals(s, "width") {
            self = .width
        } else if JSONLexer.equals(s, "height") {
            self = .height
        } else {
            return nil
        }
    }
}
