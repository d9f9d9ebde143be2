import Synchronization

/// A recorded touch trace: samples in time order, plus optional metadata.
///
/// A trace is what a reader produces from a JSON, CSV or `$`-family XML file. Samples with equal
/// time belong to one event, like one `UIEvent` carrying several touches.
///
///     let trace = try TraceReader.read(path: "Traces/checkmark.json")
///     print(trace.samples.count)   // 17
public struct Trace: Sendable, Hashable {
    /// A name for the trace, from the file's metadata.
    public var name: String?
    /// The gesture the trace is expected to show, from the file's metadata.
    public var label: String?
    /// The size of the view the trace was recorded in, when the file gives it.
    public var view: ViewSize?
    /// Who recorded the trace, when the file says: XML's `Subject` attribute, JSON's `subject` key, a
    /// CSV `# subject:` comment (names matched in any case). `gesture batch --group-by meta:subject`
    /// scores each person apart. The only metadata kept beyond name, label and view: one optional
    /// string costs the readers nothing measurable, a table of every attribute would.
    public var subject: String?
    /// The samples, in time order.
    public var samples: [Sample]
    /// How far from 0 a coordinate or a view's side may be, in points: 1e15, where a `Double` still
    /// holds a point to an eighth of a point, and every distance, area and speed the recognizers
    /// compute stays finite. Beyond it a distance may read `inf`, so a reader refuses it.
    public static let coordinateLimit = 1e15

    /// Whether `value` is a coordinate a reader takes: within ±`coordinateLimit` (NaN is not).
    static func holds(_ value: Double) -> Bool { abs(value) <= coordinateLimit }
    /// Things a reader or the validator noticed that are not errors.
    public var warnings: [String] = []
    /// Where the samples begin in the file (JSON's `[`, the line after a CSV header, XML's
    /// `<Gesture>`), so that an empty trace's error can point there.
    var samplesOffset: Int?
    /// Where the label's value begins in the file (JSON's string, a CSV `# label:` comment's value), so
    /// that a label no recognizer produces can be placed (`BatchRunner`).
    var labelOffset: Int?
    /// What the file holds that the reader does not read (`column "force"`, `key "Label"`, `sample
    /// key "pressure"`, of the first samples), the first few of each: `gesture convert` says it is not
    /// carried over. JSON and CSV only (an XML log's other attributes are not listed).
    public var unread: [String] {
        unreadNames.map {
            "\($0.kind.rawValue) \(TraceWriter.quoted(String(decoding: $0.name, as: UTF8.self), maxCharacters: 40))"
        }
    }
    /// `unread` as the readers find it, the names' bytes alone: written out only when asked for, since
    /// every trace of a batch is read and only `convert` asks.
    var unreadNames: [(kind: UnreadKind, name: [UInt8])] = []
    enum UnreadKind: String, Sendable {
        case column
        case key
        case sampleKey = "sample key"
    }
    /// The format the trace was read from (`TraceReader` sets it).
    var format: TraceFormat?

    /// The most names of each kind `unread` lists.
    static let unreadListed = 8

    /// Traces are equal when what they record is: where a reader found it is not part of it.
    public static func == (a: Trace, b: Trace) -> Bool {
        a.name == b.name && a.label == b.label && a.view == b.view && a.subject == b.subject
            && a.samples == b.samples && a.warnings == b.warnings
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(label)
        hasher.combine(view)
        hasher.combine(subject)
        hasher.combine(samples)
        hasher.combine(warnings)
    }

    public init(
        name: String? = nil, label: String? = nil, view: ViewSize? = nil, subject: String? = nil, samples: [Sample]
    ) {
        self.name = name
        self.label = label
        self.view = view
        self.subject = subject
        self.samples = samples
    }
}

/// One touch at one moment: the unit every reader produces.
public struct Sample: Sendable, Hashable {
    /// Trace time in seconds.
    public var time: Double
    /// Where the touch is, in points; y grows downward (UIKit's convention).
    public var location: Point
    /// Which touch (finger) this sample belongs to.
    public var touch: TouchID
    public var phase: Phase
    /// `offset`, or -1 for none: a plain integer keeps a sample 48 bytes, which a million-sample
    /// trace feels.
    private var storedOffset: Int

    /// Byte offset in the source file where this sample starts, used to report errors with
    /// `line:column`. `nil` for samples built in code.
    public var offset: Int? {
        get { storedOffset < 0 ? nil : storedOffset }
        set { storedOffset = newValue ?? -1 }
    }

    public init(time: Double, touch: TouchID, phase: Phase, location: Point, offset: Int? = nil) {
        self.time = time
        self.touch = touch
        self.phase = phase
        self.location = location
        self.storedOffset = offset ?? -1
    }

    public init(_ time: Double, _ touch: Int, _ phase: Phase, _ x: Double, _ y: Double) {
        self.init(time: time, touch: .number(touch), phase: phase, location: Point(x: x, y: y))
    }
}

/// The identity of a touch within a trace: an integer or a name, as the file gives it.
///
/// A plain value of two words: names are interned (kept once for the life of the process, and
/// referred to by number), so that samples and touches copy without reference counting.
public struct TouchID: Sendable, Hashable, CustomStringConvertible {
    /// The integer, or the index of the interned name.
    private let value: Int
    private let isName: Bool

    private init(value: Int, isName: Bool) {
        self.value = value
        self.isName = isName
    }

    /// An integer id (`"id": 3`).
    public static func number(_ number: Int) -> TouchID { TouchID(value: number, isName: false) }

    /// A named id (`"id": "left"`).
    public static func name(_ name: String) -> TouchID { TouchID(value: TouchNames.intern(name), isName: true) }

    /// The integer, for an integer id.
    public var number: Int? { isName ? nil : value }

    /// The name, for a named id.
    public var name: String? { isName ? TouchNames.name(at: value) : nil }

    public var description: String { isName ? TouchNames.name(at: value) : String(value) }
}

/// Every touch name seen by the process, each kept once.
enum TouchNames {
    private struct Table {
        var indexes: [String: Int] = [:]
        var names: [String] = []
    }

    private static let table = Mutex(Table())

    static func intern(_ name: String) -> Int {
        table.withLock { table in
            if let index = table.indexes[name] { return index }
            table.names.append(name)
            table.indexes[name] = table.names.count - 1
            return table.names.count - 1
        }
    }

    static func name(at index: Int) -> String {
        table.withLock { $0.names[index] }
    }
}

/// The phase of a touch sample, as `UITouch.Phase`.
public enum Phase: String, Sendable, Hashable, CaseIterable {
    case began, moved, stationary, ended, cancelled

    /// Whether the touch is still down after a sample in this phase.
    public var isDown: Bool { self == .began || self == .moved || self == .stationary }
}

/// The size of a view, in points.
public struct ViewSize: Sendable, Hashable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }
}

/// What other toolkits call touch phases (`Began`, `canceled`, `down`, `pointerdown`, Android's
/// `ACTION_DOWN`), for the hint of an unknown phase: never accepted silently, since a file in another
/// vocabulary may mean something else by it.
enum PhaseNames {
    static let aliases: [String: Phase] = {
        var table: [String: Phase] = [:]
        let names: [(Phase, [String])] = [
            (
                .began,
                [
                    "began", "begin", "start", "down", "touchstart", "touchdown", "pointerdown", "mousedown", "press",
                    "action_down", "action_pointer_down",
                ]
            ),
            (.moved, ["moved", "move", "changed", "drag", "touchmove", "pointermove", "mousemove", "action_move"]),
            (.stationary, ["stationary", "still", "hold"]),
            (
                .ended,
                [
                    "ended", "end", "up", "lift", "release", "touchend", "touchup", "pointerup", "mouseup", "action_up",
                    "action_pointer_up",
                ]
            ),
            (.cancelled, ["cancelled", "canceled", "cancel", "touchcancel", "pointercancel", "action_cancel"]),
        ]
        for (phase, words) in names { for word in words { table[word] = phase } }
        return table
    }()

    /// The phase `raw` probably means, or `nil` when it looks like none.
    static func suggestion(for raw: String) -> String? {
        let key = raw.trimmingCharacters(in: .whitespaces).lowercased()
        if let phase = aliases[key] { return phase.rawValue }
        return Spelling.nearest(to: key, among: Phase.allCases.map(\.rawValue))
    }
}
