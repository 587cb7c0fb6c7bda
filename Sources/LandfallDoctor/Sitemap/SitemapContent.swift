/// What a sitemap document holds: page URLs, or (for a sitemap index) the URLs of more sitemaps.
///
/// ```swift
/// let content = try SitemapReader.read(Array(xml.utf8))
/// switch content {
/// case .pages(let pages): // summarise them
/// case .index(let sitemaps): // fetch each and read it in turn
/// }
/// ```
public enum SitemapContent: Sendable, Hashable {
    /// A `<urlset>` (or a text sitemap): page URLs from `<loc>`, in document order, trimmed,
    /// with XML entities decoded.
    case pages([String])
    /// A `<sitemapindex>`: the URLs of child sitemaps, in document order.
    case index([String])
}
