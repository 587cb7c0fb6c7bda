/// One child of an element, or one item around the root.
public enum XMLTreeNode: Sendable {
    /// An element.
    case element(XMLTreeElement)
    /// Character data, entities decoded (CDATA sections included), with its byte range.
    case text(String, range: Range<Int>)
    /// A comment's text (between `<!--` and `-->`), with the byte range of the whole comment.
    case comment(String, range: Range<Int>)
    /// A processing instruction, a DOCTYPE or the XML declaration, as written.
    case other(String, range: Range<Int>)

    /// The byte range the node covers.
    public var range: Range<Int> {
        switch self {
        case .element(let element): element.range
        case .text(_, let range), .comment(_, let range), .other(_, let range): range
        }
    }
}

/// An element: its name, attributes and children, where it is, and its namespace.
public struct XMLTreeElement: Sendable {
    /// The name as written (`activity`, `android:foo`).
    public var name: String
    /// The name without its prefix.
    public var localName: String
    /// The namespace the name's prefix (or the default namespace) is bound to, if any.
    public var namespaceURI: String?
    /// The attributes, in document order (namespace declarations included).
    public var attributes: [XMLTreeAttribute]
    /// The children, in document order.
    public var children: [XMLTreeNode]
    /// The start tag (the whole element when it is written `<x/>`).
    public var startTag: Range<Int>
    /// The end tag, or `nil` for an element written `<x/>`.
    public var endTag: Range<Int>?
    /// The line of the start tag's `<`.
    public var line: Int
    /// The column (in bytes, from 1) of the start tag's `<`.
    public var column: Int

    /// From the start tag's `<` to the end tag's `>`.
    public var range: Range<Int> { startTag.lowerBound..<(endTag?.upperBound ?? startTag.upperBound) }

    /// Whether the element is written `<x/>`.
    public var isSelfClosing: Bool { endTag == nil }

    /// The child elements, in order.
    public var elements: [XMLTreeElement] {
        children.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The child elements with this local name.
    public func elements(named localName: String) -> [XMLTreeElement] {
        elements.filter { $0.localName == localName }
    }

    /// Every element below this one with this local name, in document order.
    public func descendants(named localName: String) -> [XMLTreeElement] {
        elements.flatMap { ($0.localName == localName ? [$0] : []) + $0.descendants(named: localName) }
    }

    /// The attribute with this local name in `namespace` (`nil`: an attribute without prefix).
    public func attribute(_ localName: String, namespace: String? = nil) -> XMLTreeAttribute? {
        attributes.first { $0.localName == localName && $0.namespaceURI == namespace && !$0.isNamespaceDeclaration }
    }

    /// The text of the element's children (entities decoded), comments left out.
    public var text: String {
        children.map { node -> String in
            switch node {
            case .text(let text, _): text
            case .element(let element): element.text
            case .comment, .other: ""
            }
        }.joined()
    }
}

/// An attribute, its value decoded, with where its value is.
public struct XMLTreeAttribute: Sendable, Hashable {
    /// The name as written (`android:name`).
    public var name: String
    /// The name without its prefix (`name`).
    public var localName: String
    /// The namespace its prefix is bound to; `nil` without a prefix (attributes do not take the
    /// default namespace).
    public var namespaceURI: String?
    /// The value with entities and character references decoded.
    public var value: String
    /// The bytes of the value between its quotes, as written.
    public var valueRange: Range<Int>
    /// From the name's first byte to the closing quote.
    public var range: Range<Int>
    /// The line of the name.
    public var line: Int
    /// The column (in bytes, from 1) of the name.
    public var column: Int

    /// Whether the attribute declares a namespace (`xmlns` or `xmlns:prefix`).
    public var isNamespaceDeclaration: Bool { name == "xmlns" || name.hasPrefix("xmlns:") }
}

/// Why a document is not well-formed XML, and where.
public struct XMLTreeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, in a sentence.
    public var message: String
    /// The byte offset of the problem.
    public var offset: Int
    /// Its 1-based line.
    public var line: Int
    /// Its 1-based column, in bytes.
    public var column: Int

    /// Creates an error.
    public init(message: String, offset: Int, line: Int, column: Int) {
        self.message = message
        self.offset = offset
        self.line = line
        self.column = column
    }

    /// `line 12, column 5: <activity> ... `.
    public var description: String { "line \(line), column \(column): \(message)" }
}
