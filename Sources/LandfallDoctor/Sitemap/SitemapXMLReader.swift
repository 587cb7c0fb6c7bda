import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The `XMLParser` delegate behind ``SitemapReader/read(_:)`` for XML: it checks the root
/// element and collects the text of each `<loc>` directly inside a `<url>` (or a `<sitemap>`),
/// stopping at the first problem.
///
/// One reader reads one document; it lives only for the duration of ``read(_:)``, on one thread.
final class SitemapXMLReader: NSObject, XMLParserDelegate {
    /// The two documents a sitemap can be.
    enum Root {
        case urlset
        case sitemapIndex

        /// The element that holds one entry's `<loc>`.
        var entryElement: String { self == .urlset ? "url" : "sitemap" }
    }

    /// An element that is open, as written and by local name, with the line its start tag is on.
    struct OpenElement {
        var name: String
        var localName: String
        var line: Int
    }

    private var root: Root?
    private var open: [OpenElement] = []
    /// The `<loc>` text read so far, while inside one.
    private var location: String?
    private var locationLine = 0
    private var locations: [String] = []
    private var failure: SitemapError?

    /// Parses `bytes` and returns what the document holds.
    func read(_ bytes: [UInt8]) throws(SitemapError) -> SitemapContent {
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = self
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        _ = parser.parse()
        if let failure { throw failure }
        switch root {
        case .urlset?: return .pages(locations)
        case .sitemapIndex?: return .index(locations)
        case nil: throw SitemapError(message: "the document has no root element; a sitemap is a <urlset> or a <sitemapindex>")
        }
    }

    /// Records the first problem and stops the parser.
    private func fail(_ parser: XMLParser, _ message: String) {
        guard failure == nil else { return }
        failure = SitemapError(message: message)
        parser.abortParsing()
    }

    /// `sm:urlset` → `urlset`.
    static func localName(_ name: String) -> String {
        guard let colon = name.lastIndex(of: ":") else { return name }
        return String(name[name.index(after: colon)...])
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        guard failure == nil else { return }
        let element = OpenElement(name: elementName, localName: Self.localName(elementName), line: parser.lineNumber)
        if open.isEmpty {
            switch element.localName {
            case "urlset": root = .urlset
            case "sitemapindex": root = .sitemapIndex
            default:
                fail(parser, "the document is neither a <urlset> nor a <sitemapindex> (root element <\(elementName)>)")
                return
            }
        }
        open.append(element)
        if open.count == 3, element.localName == "loc", open[1].localName == root?.entryElement {
            location = ""
            locationLine = element.line
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if location != nil, open.count == 3 { location? += string }
    }

    func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
        if location != nil, open.count == 3 { location? += String(decoding: CDATABlock, as: UTF8.self) }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        guard failure == nil else { return }
        if open.count == 3, let text = location {
            location = nil
            let entry = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let problem = SitemapReader.problem(with: entry) {
                fail(parser, "<loc> '\(entry)' on line \(locationLine) is not an absolute http(s) URL: \(problem)")
                return
            }
            locations.append(entry)
        }
        if !open.isEmpty { open.removeLast() }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: any Error) {
        let code = (parseError as NSError).code
        // Namespace errors (an undeclared prefix) are recoverable: elements are read by local name.
        guard !Self.tolerableCodes.contains(code) else { return }
        fail(parser, "line \(parser.lineNumber), column \(parser.columnNumber): \(Self.problem(code: code, open: open))")
    }
}
