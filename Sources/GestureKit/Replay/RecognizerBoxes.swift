/// The recognizers of one replay, each kept in a box of its own type and called without reference
/// counting: the engine's only unsafe machinery, kept here so that the rest reads as plain Swift.
///
/// A box stores its recognizer as its own type, so a call needs no existential (whose every mutation
/// checks that its storage is unique) and no copy; `@exclusivity(unchecked)` drops the run-time check
/// on the recognizer, which only the engine's one thread touches, one call at a time. The boxes are
/// called through unretained references, so that a call costs no reference counting.
///
/// Invariant: `references[i]` is `boxes[i]`, unretained, and `boxes` keeps every box alive for as long
/// as this value exists.
struct RecognizerBoxes {
    private let boxes: [RecognizerBox]
    private let references: [Unmanaged<RecognizerBox>]

    /// A box for each prototype, holding a copy of it.
    init(_ prototypes: [any Recognizer]) {
        boxes = prototypes.map { $0.makeBox() }
        references = boxes.map { Unmanaged.passUnretained($0) }
    }

    var count: Int { boxes.count }

    /// Hands `touches` to recognizer `index`'s touches… method for `delivery`.
    func deliver(
        _ delivery: TouchDelivery, _ touches: [Touch], with event: TouchEvent, to index: Int,
        context: inout RecognizerContext
    ) {
        references[index]._withUnsafeGuaranteedRef { $0.deliver(delivery, touches, event, &context) }
    }

    /// Wakes recognizer `index` for its deadline `tag`.
    func deadlinePassed(_ tag: String, to index: Int, context: inout RecognizerContext) {
        references[index]._withUnsafeGuaranteedRef { $0.deadlinePassed(tag, &context) }
    }

    /// Makes recognizer `index` afresh from its prototype (UIKit's `reset()`).
    func reset(_ index: Int) {
        references[index]._withUnsafeGuaranteedRef { $0.reset() }
    }
}

/// A recognizer in a box of its own type (`TypedBox`), called through this untyped base.
private class RecognizerBox {
    func deliver(_ delivery: TouchDelivery, _ touches: [Touch], _ event: TouchEvent, _ context: inout RecognizerContext)
    {
        fatalError("abstract")
    }

    func deadlinePassed(_ tag: String, _ context: inout RecognizerContext) {
        fatalError("abstract")
    }

    func reset() {
        fatalError("abstract")
    }
}

private final class TypedBox<R: Recognizer>: RecognizerBox {
    @exclusivity(unchecked) private var recognizer: R
    private let prototype: R

    init(_ recognizer: R) {
        self.recognizer = recognizer
        prototype = recognizer
    }

    override func deliver(
        _ delivery: TouchDelivery, _ touches: [Touch], _ event: TouchEvent, _ context: inout RecognizerContext
    ) {
        switch delivery {
        case .began: recognizer.touchesBegan(touches, with: event, context: &context)
        case .moved: recognizer.touchesMoved(touches, with: event, context: &context)
        case .ended: recognizer.touchesEnded(touches, with: event, context: &context)
        case .cancelled: recognizer.touchesCancelled(touches, with: event, context: &context)
        }
    }

    override func deadlinePassed(_ tag: String, _ context: inout RecognizerContext) {
        recognizer.deadlinePassed(tag, context: &context)
    }

    override func reset() {
        recognizer = prototype
    }
}

extension Recognizer {
    fileprivate func makeBox() -> RecognizerBox { TypedBox(self) }
}
