/// A pattern's text split into literal-or-wildcard text and `$(name)` references: how
/// ``WildcardPattern`` reads a pattern and how the linter checks one, in time linear in the
/// pattern's length (a hostile pattern such as `$(a$(a$(a...)` stays fast).
///
/// A `$(` followed by a name and `)` is a reference; a `$(` with no `)` after it, with an empty
/// name, or with a name containing `$` or `(` is malformed and is matched as literal text.
struct VariableReferences {
    /// One stretch of a pattern.
    enum Piece: Equatable {
        /// Text with `*` and `?` wildcards and no variables (malformed references included, literally).
        case text(String)
        /// A `$(name)` reference.
        case variable(String)
    }

    /// The pattern in order: text and references.
    var pieces: [Piece] = []
    /// The names referred to, in order.
    var names: [String] = []
    /// Why a `$(` is not a reference.
    enum Problem: Sendable {
        case unclosed, emptyName, invalidName

        /// The reason, in words.
        var description: String {
            switch self {
            case .unclosed: "has no closing \")\""
            case .emptyName: "has an empty name"
            case .invalidName: "has a name containing \"$\" or \"(\""
            }
        }
    }

    /// The malformed `$(...)` texts and why, in order (at most ``maximumMalformed`` are kept).
    var malformed: [(text: String, problem: Problem)] = []
    /// How many malformed references there were in all.
    var malformedCount = 0

    static let maximumMalformed = 3

    init(in text: String) {
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "$")) else {
            if !text.isEmpty { pieces = [.text(text)] }
            return
        }
        let count = bytes.count
        var textStart = 0
        func flushText(upTo end: Int) {
            if end > textStart { pieces.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self))) }
        }
        defer { flushText(upTo: count) }
        // For each position, the next `)` and the next `$` or `(` at or after it.
        var nextClose = [Int](repeating: count, count: count + 1)
        var nextOpening = [Int](repeating: count, count: count + 1)
        if count > 0 {
            for index in stride(from: count - 1, through: 0, by: -1) {
                nextClose[index] = bytes[index] == UInt8(ascii: ")") ? index : nextClose[index + 1]
                let byte = bytes[index]
                nextOpening[index] = byte == UInt8(ascii: "$") || byte == UInt8(ascii: "(") ? index : nextOpening[index + 1]
            }
        }
        var index = 0
        while index < count {
            guard bytes[index] == UInt8(ascii: "$"), index + 1 < count, bytes[index + 1] == UInt8(ascii: "(") else {
                index += 1
                continue
            }
            let nameStart = index + 2
            let close = nextClose[nameStart]
            if close == count {
                record(bytes[index...], .unclosed)
                return
            }
            if close == nameStart || nextOpening[nameStart] < close {
                record(bytes[index...close], close == nameStart ? .emptyName : .invalidName)
                index += 1
                continue
            }
            let name = String(decoding: bytes[nameStart..<close], as: UTF8.self)
            flushText(upTo: index)
            pieces.append(.variable(name))
            names.append(name)
            index = close + 1
            textStart = index
        }
    }

    private mutating func record(_ text: ArraySlice<UInt8>, _ problem: Problem) {
        malformedCount += 1
        guard malformed.count < Self.maximumMalformed else { return }
        malformed.append((String(decoding: text.prefix(200), as: UTF8.self), problem))
    }
}
