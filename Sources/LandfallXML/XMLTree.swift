/// An XML document read for what it says and where it says it: every element with its
/// attributes, children, byte ranges and lines, so that a reader can name the line of a
/// problem and an editor can splice new text in while every other byte stays as written.
///
/// The reader is not validating: it reads the XML that Android manifests and property lists
/// are made of (a declaration, a DOCTYPE, comments, CDATA, processing instructions, the five
/// predefined entities and character references) and resolves namespace prefixes. Anything
/// malformed throws an ``XMLTreeError`` naming the line and column.
///
/// ```swift
/// let tree = try XMLTree(text: manifest)
/// let android = "http://schemas.android.com/apk/res/android"
/// for activity in tree.root.descendants(named: "activity") {
///     print(activity.attribute("name", namespace: android)?.value ?? "?", "line", activity.line)
/// }
/// let edited = tree.applying([XMLEdit(replacing: activity.endTag!.lowerBound..<activity.endTag!.lowerBound, with: "<!-- here -->\n")])
/// ```
public struct XMLTree: Sendable {
    /// The document's bytes (UTF-8), as given.
    public let bytes: [UInt8]
    /// The root element.
    public let root: XMLTreeElement
    /// Comments, processing instructions and the DOCTYPE before and after the root element.
    public let prolog: [XMLTreeNode]
    /// The byte offset at which each line starts (line 1 at index 0).
    let lineStarts: [Int]

    /// The most nested elements a document may have.
    public static let maximumDepth = 256
    /// The largest document read, in bytes.
    public static let maximumSize = 16 << 20

    /// Reads `text`.
    ///
    /// - Throws: ``XMLTreeError`` at the first thing that is not well-formed XML.
    public init(text: String) throws(XMLTreeError) {
        try self.init(bytes: Array(text.utf8))
    }

    /// Reads UTF-8 `bytes` (a byte-order mark is skipped).
    ///
    /// - Throws: ``XMLTreeError`` at the first thing that is not well-formed XML.
    public init(bytes: [UInt8]) throws(XMLTreeError) {
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        self.lineStarts = lineStarts
        self.bytes = bytes
        var scanner = XMLScanner(bytes: bytes, lineStarts: lineStarts)
        let (prolog, root) = try scanner.document()
        self.prolog = prolog
        self.root = root
    }

    /// The 1-based line of a byte offset.
    public func line(of offset: Int) -> Int {
        XMLScanner.line(of: offset, in: lineStarts)
    }

    /// The text of a byte range.
    public func text(_ range: Range<Int>) -> String {
        String(decoding: bytes[range], as: UTF8.self)
    }

    /// The whitespace that starts the line `offset` is on, up to the first other character
    /// (the indentation of an element whose start tag begins the line).
    public func indentation(ofLineAt offset: Int) -> String {
        let start = lineStarts[line(of: offset) - 1]
        var end = start
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        return text(start..<end)
    }

    /// One level of indentation as the document writes it: the smallest step between the
    /// indentation of an element and that of its first child on a line of its own; four spaces
    /// when the document shows none.
    public var indentationUnit: String {
        var best: String?
        func visit(_ element: XMLTreeElement) {
            let own = indentation(ofLineAt: element.startTag.lowerBound)
            for child in element.elements {
                let inner = indentation(ofLineAt: child.startTag.lowerBound)
                if inner.hasPrefix(own), inner.count > own.count {
                    let step = String(inner.dropFirst(own.count))
                    if best == nil || step.count < best!.count { best = step }
                }
                visit(child)
            }
        }
        visit(root)
        return best ?? "    "
    }

    /// The document with `edits` applied; edits must not overlap (each is applied to the
    /// original bytes).
    public func applying(_ edits: [XMLEdit]) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var position = 0
        for edit in edits.sorted(by: { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }) {
            precondition(edit.range.lowerBound >= position, "XMLTree.applying: overlapping edits")
            result += bytes[position..<edit.range.lowerBound]
            result += Array(edit.replacement.utf8)
            position = edit.range.upperBound
        }
        result += bytes[position...]
        return String(decoding: result, as: UTF8.self)
    }
}

/// A change to a document's text: the bytes of `range` replaced with `replacement` (an empty
/// range inserts).
public struct XMLEdit: Sendable, Hashable {
    /// The bytes replaced.
    public var range: Range<Int>
    /// What replaces them.
    public var replacement: String

    /// Replaces `range` with `replacement`.
    public init(replacing range: Range<Int>, with replacement: String) {
        self.range = range
        self.replacement = replacement
    }

    /// Inserts `text` at `offset`.
    public init(inserting text: String, at offset: Int) {
        self.init(replacing: offset..<offset, with: text)
    }
}
