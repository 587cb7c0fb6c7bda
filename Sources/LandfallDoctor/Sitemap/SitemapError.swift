/// Why a sitemap could not be read, saying where and what to do.
///
/// ```
/// line 12, column 39: '&' starts an entity reference that has no ';'; write '&' in a URL as &amp;
/// <loc> '/puzzle/1' on line 7 is not an absolute http(s) URL: it has no scheme; write the whole URL, such as https://example.com/path
/// the document is neither a <urlset> nor a <sitemapindex> (root element <rss>)
/// ```
public struct SitemapError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, with the line (and column) when there is one.
    public var message: String

    /// Creates an error.
    public init(message: String) {
        self.message = message
    }

    /// ``message``.
    public var description: String { message }
}
