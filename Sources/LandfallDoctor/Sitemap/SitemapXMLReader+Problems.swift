extension SitemapXMLReader {
    /// libxml2's error numbers (which `XMLParser` reports as its error codes on every platform)
    /// for namespace problems, which do not stop a sitemap from being read: elements are
    /// recognised by their local name.
    static let tolerableCodes: Set<Int> = [
        99, 100,                  // XML_WAR_NS_URI, XML_WAR_NS_URI_RELATIVE
        200, 201, 202, 203, 204, 205, // XML_NS_ERR_*: an undeclared prefix, a bad qualified name
    ]

    /// What a malformed-XML error means, for people, in sitemap terms.
    ///
    /// `code` is libxml2's error number; `open` the elements open when it happened, outermost first.
    static func problem(code: Int, open: [OpenElement]) -> String {
        switch code {
        case 3, 4:
            return "the document does not start with an element ('<' not found); a sitemap starts with <urlset> or <sitemapindex>"
        case 5, 77:
            if let innermost = open.last {
                return "the document ends inside <\(innermost.name)> (opened on line \(innermost.line)); it may have been cut short"
            }
            return "there is content after the root element's end tag; a document has one root element"
        case 6, 7, 8:
            return "a character reference (&#…;) is not a valid character number"
        case 9:
            return "a character that XML does not allow (a control character, or text that is not in the declared encoding)"
        case 22:
            return "'&' is not followed by an entity name; write '&' as &amp; (in a URL: ?a=1&amp;b=2)"
        case 23:
            return "'&' starts an entity reference that has no ';'; write '&' as &amp; (in a URL: ?a=1&amp;b=2)"
        case 26, 27:
            return "an undeclared entity; XML knows only &amp; &lt; &gt; &quot; &apos; and numeric references such as &#233;"
        case 38:
            return "'<' inside an attribute value; write it as &lt;"
        case 39, 40:
            return "an attribute value is not in quotes; write name=\"value\""
        case 41:
            return "an attribute has no value; write name=\"value\""
        case 42:
            return "an attribute is written twice in one element"
        case 68:
            return "a name was expected; a '<' that does not start a tag must be written &lt;"
        case 73:
            return "a start tag is not closed with '>'"
        case 76:
            if let innermost = open.last {
                return "the end tag does not match <\(innermost.name)> (opened on line \(innermost.line)); close it with </\(innermost.name)>"
            }
            return "an end tag does not match the element it closes"
        case 89:
            return "entity references expand into themselves or grow too large; a sitemap needs no entity declarations"
        default:
            return "the XML is malformed (XMLParser error \(code))"
        }
    }
}
