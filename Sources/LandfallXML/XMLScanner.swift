/// The one-pass reader behind ``XMLTree``: bytes in, elements with their ranges out.
struct XMLScanner {
    let bytes: [UInt8]
    let lineStarts: [Int]
    var position = 0

    init(bytes: [UInt8], lineStarts: [Int]) {
        self.bytes = bytes
        self.lineStarts = lineStarts
    }

    /// The predefined namespaces: `xml` and `xmlns`.
    static let builtInNamespaces = ["xml": "http://www.w3.org/XML/1998/namespace", "xmlns": "http://www.w3.org/2000/xmlns/"]

    mutating func document() throws(XMLTreeError) -> ([XMLTreeNode], XMLTreeElement) {
        guard bytes.count <= XMLTree.maximumSize else {
            throw error("the document has \(bytes.count) bytes; at most \(XMLTree.maximumSize) are read", at: 0)
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var prolog: [XMLTreeNode] = []
        var root: XMLTreeElement?
        while true {
            skipWhitespace()
            guard position < bytes.count else { break }
            guard bytes[position] == UInt8(ascii: "<") else {
                throw error(root == nil ? "expected the root element's '<', found text" : "text after the root element </\(root!.name)>", at: position)
            }
            if looking(at: "<!--") {
                prolog.append(try comment())
            } else if looking(at: "<?") {
                prolog.append(try processingInstruction())
            } else if looking(at: "<!DOCTYPE") {
                guard root == nil else { throw error("a DOCTYPE after the root element", at: position) }
                prolog.append(try doctype())
            } else if root == nil {
                root = try element(namespaces: Self.builtInNamespaces, depth: 1)
            } else {
                throw error("a second root element; a document has one (the first is <\(root!.name)> at line \(root!.line))", at: position)
            }
        }
        guard let root else { throw error(bytes.isEmpty ? "the document is empty" : "the document has no element", at: position) }
        return (prolog, root)
    }

    // MARK: elements

    mutating func element(namespaces inherited: [String: String], depth: Int) throws(XMLTreeError) -> XMLTreeElement {
        let start = position
        guard depth <= XMLTree.maximumDepth else {
            throw error("elements are nested more than \(XMLTree.maximumDepth) deep", at: start)
        }
        position += 1
        let name = try self.name(what: "an element name")
        var raw: [(name: String, value: String, valueRange: Range<Int>, range: Range<Int>)] = []
        var selfClosing = false
        while true {
            let hadSpace = skipWhitespace()
            guard position < bytes.count else { throw error("<\(name)> is not closed: the document ends inside its start tag", at: start) }
            if bytes[position] == UInt8(ascii: ">") { position += 1; break }
            if looking(at: "/>") { position += 2; selfClosing = true; break }
            guard hadSpace else { throw error("expected a space, '>' or '/>' in <\(name)>, found '\(character(at: position))'", at: position) }
            let attributeStart = position
            let attributeName = try self.name(what: "an attribute name or '>'")
            if raw.contains(where: { $0.name == attributeName }) {
                throw error("<\(name)> has the attribute \(attributeName) twice", at: attributeStart)
            }
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "=") else {
                throw error("the attribute \(attributeName) of <\(name)> has no value; write \(attributeName)=\"...\"", at: attributeStart)
            }
            position += 1
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
                throw error("the value of \(attributeName) must be in quotes", at: position)
            }
            let quote = bytes[position]
            position += 1
            let valueStart = position
            while position < bytes.count, bytes[position] != quote {
                if bytes[position] == UInt8(ascii: "<") {
                    throw error("'<' in the value of \(attributeName); write &lt;", at: position)
                }
                position += 1
            }
            guard position < bytes.count else { throw error("the value of \(attributeName) is not closed", at: valueStart - 1) }
            let valueRange = valueStart..<position
            position += 1
            let value = try decode(valueRange, normalizingWhitespace: true)
            raw.append((attributeName, value, valueRange, attributeStart..<position))
        }
        var namespaces = inherited
        for attribute in raw {
            if attribute.name == "xmlns" {
                namespaces[""] = attribute.value
            } else if attribute.name.hasPrefix("xmlns:") {
                let prefix = String(attribute.name.dropFirst(6))
                guard !attribute.value.isEmpty else {
                    throw error("the namespace prefix \(prefix) is bound to an empty name", at: attribute.range.lowerBound)
                }
                namespaces[prefix] = attribute.value
            }
        }
        let (elementPrefix, localName) = Self.split(name)
        let elementNamespace: String?
        if let elementPrefix {
            guard let uri = namespaces[elementPrefix] else {
                throw error("the prefix \(elementPrefix) of <\(name)> is not declared (add xmlns:\(elementPrefix)=\"...\")", at: start + 1)
            }
            elementNamespace = uri
        } else {
            elementNamespace = namespaces[""].flatMap { $0.isEmpty ? nil : $0 }
        }
        var attributes: [XMLTreeAttribute] = []
        for attribute in raw {
            let (prefix, local) = Self.split(attribute.name)
            var uri: String?
            if let prefix, prefix != "xmlns" {
                guard let bound = namespaces[prefix] else {
                    throw error("the prefix \(prefix) of the attribute \(attribute.name) is not declared (add xmlns:\(prefix)=\"...\" to the root element)",
                                at: attribute.range.lowerBound)
                }
                uri = bound
            }
            if let uri, attributes.contains(where: { $0.localName == local && $0.namespaceURI == uri }) {
                throw error("<\(name)> has the attribute \(local) of \(uri) twice", at: attribute.range.lowerBound)
            }
            attributes.append(XMLTreeAttribute(
                name: attribute.name, localName: local, namespaceURI: uri, value: attribute.value,
                valueRange: attribute.valueRange, range: attribute.range,
                line: Self.line(of: attribute.range.lowerBound, in: lineStarts), column: column(of: attribute.range.lowerBound)))
        }
        var result = XMLTreeElement(
            name: name, localName: localName, namespaceURI: elementNamespace, attributes: attributes, children: [],
            startTag: start..<position, endTag: nil, line: Self.line(of: start, in: lineStarts), column: column(of: start))
        if selfClosing { return result }

        var textStart = position
        var text: [UInt8] = []
        func flushText(upTo end: Int, into children: inout [XMLTreeNode]) {
            if textStart < end { children.append(.text(String(decoding: text, as: UTF8.self), range: textStart..<end)) }
            text = []
        }
        while true {
            guard position < bytes.count else {
                throw error("<\(name)> (line \(result.line)) is never closed; add </\(name)>", at: start)
            }
            if bytes[position] != UInt8(ascii: "<") {
                if bytes[position] == UInt8(ascii: "&") {
                    let decoded = try entity()
                    text += Array(decoded.utf8)
                } else {
                    text.append(bytes[position])
                    position += 1
                }
                continue
            }
            if looking(at: "<![CDATA[") {
                let cdataStart = position
                position += 9
                guard let end = find("]]>") else { throw error("a CDATA section is not closed with ]]>", at: cdataStart) }
                text += bytes[position..<end]
                position = end + 3
                continue
            }
            flushText(upTo: position, into: &result.children)
            if looking(at: "</") {
                let endStart = position
                position += 2
                let endName = try self.name(what: "the name of the element to close")
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
                    throw error("expected '>' to end </\(endName)>", at: position)
                }
                position += 1
                guard endName == name else {
                    throw error("</\(endName)> closes <\(name)>, which was opened at line \(result.line); close it with </\(name)> first", at: endStart)
                }
                result.endTag = endStart..<position
                return result
            } else if looking(at: "<!--") {
                result.children.append(try comment())
            } else if looking(at: "<?") {
                result.children.append(try processingInstruction())
            } else if looking(at: "<!") {
                throw error("unexpected '<!' inside <\(name)>", at: position)
            } else {
                result.children.append(.element(try element(namespaces: namespaces, depth: depth + 1)))
            }
            textStart = position
        }
    }

    // MARK: other constructs

    mutating func comment() throws(XMLTreeError) -> XMLTreeNode {
        let start = position
        position += 4
        guard let end = find("-->") else { throw error("a comment is not closed with -->", at: start) }
        let text = String(decoding: bytes[position..<end], as: UTF8.self)
        position = end + 3
        return .comment(text, range: start..<position)
    }

    mutating func processingInstruction() throws(XMLTreeError) -> XMLTreeNode {
        let start = position
        guard let end = find("?>") else { throw error("a processing instruction is not closed with ?>", at: start) }
        position = end + 2
        return .other(String(decoding: bytes[start..<position], as: UTF8.self), range: start..<position)
    }

    mutating func doctype() throws(XMLTreeError) -> XMLTreeNode {
        let start = position
        var depth = 0
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                depth += 1
            } else if byte == UInt8(ascii: "]") {
                depth -= 1
            } else if byte == UInt8(ascii: ">"), depth <= 0 {
                return .other(String(decoding: bytes[start..<position], as: UTF8.self), range: start..<position)
            }
        }
        throw error("the DOCTYPE is not closed with '>'", at: start)
    }

    /// An entity or character reference at `position` (which is `&`), decoded.
    mutating func entity() throws(XMLTreeError) -> String {
        let start = position
        guard let semicolon = bytes[position...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
            throw error("'&' must start an entity such as &amp; (write &amp; for '&')", at: start)
        }
        let name = String(decoding: bytes[(position + 1)..<semicolon], as: UTF8.self)
        position = semicolon + 1
        switch name {
        case "lt": return "<"
        case "gt": return ">"
        case "amp": return "&"
        case "quot": return "\""
        case "apos": return "'"
        default:
            var number: UInt32?
            if name.hasPrefix("#x") || name.hasPrefix("#X") {
                number = UInt32(name.dropFirst(2), radix: 16)
            } else if name.hasPrefix("#") {
                number = UInt32(name.dropFirst(), radix: 10)
            }
            if let number, let scalar = Unicode.Scalar(number), number != 0 {
                return String(Character(scalar))
            }
            throw error(name.hasPrefix("#") ? "&\(name); is not a character" : "unknown entity &\(name);; XML knows &lt; &gt; &amp; &quot; &apos; and &#...;", at: start)
        }
    }

    /// The text of `range` with references decoded; in an attribute value, tabs and line
    /// breaks become spaces (XML's attribute-value normalisation).
    func decode(_ range: Range<Int>, normalizingWhitespace: Bool) throws(XMLTreeError) -> String {
        var copy = self
        copy.position = range.lowerBound
        var result: [UInt8] = []
        while copy.position < range.upperBound {
            let byte = bytes[copy.position]
            if byte == UInt8(ascii: "&") {
                result += Array(try copy.entity().utf8)
            } else {
                if normalizingWhitespace, byte == 0x09 || byte == 0x0A || byte == 0x0D {
                    if !(byte == 0x0A && result.last == 0x0D) { result.append(0x20) } else { result[result.count - 1] = 0x20 }
                } else {
                    result.append(byte)
                }
                copy.position += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: names and positions

    mutating func name(what: String) throws(XMLTreeError) -> String {
        let start = position
        while position < bytes.count, Self.isNameByte(bytes[position], first: position == start) { position += 1 }
        guard position > start else {
            throw error(position < bytes.count ? "expected \(what), found '\(character(at: position))'" : "expected \(what), found the end of the document", at: start)
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        if byte >= 0x80 { return true }
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "_"), UInt8(ascii: ":"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
            return !first
        default:
            return false
        }
    }

    static func split(_ name: String) -> (prefix: String?, local: String) {
        guard let colon = name.firstIndex(of: ":") else { return (nil, name) }
        return (String(name[..<colon]), String(name[name.index(after: colon)...]))
    }

    @discardableResult
    mutating func skipWhitespace() -> Bool {
        let start = position
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
        return position > start
    }

    func looking(at text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        return text.withUTF8Buffer { buffer in bytes[position..<(position + count)].elementsEqual(buffer) }
    }

    func find(_ text: StaticString) -> Int? {
        let needle = text.withUTF8Buffer { Array($0) }
        var index = position
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    func character(at offset: Int) -> String {
        var end = offset + 1
        while end < bytes.count, end - offset < 4, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: bytes[offset..<min(end, bytes.count)], as: UTF8.self)
    }

    static func line(of offset: Int, in lineStarts: [Int]) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    func column(of offset: Int) -> Int {
        offset - lineStarts[Self.line(of: offset, in: lineStarts) - 1] + 1
    }

    func error(_ message: String, at offset: Int) -> XMLTreeError {
        XMLTreeError(message: message, offset: offset, line: Self.line(of: offset, in: lineStarts), column: column(of: offset))
    }
}
