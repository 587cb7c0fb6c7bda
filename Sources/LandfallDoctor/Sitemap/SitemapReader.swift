import AppSiteAssociation
import Foundation

/// Reads a sitemap: the sitemaps.org 0.9 XML forms (`<urlset>` of pages, `<sitemapindex>` of
/// sitemaps) or a plain-text list of URLs, as search engines accept them.
///
/// It only reads bytes; fetching the sitemap (and the sitemaps an index lists) is the caller's.
///
/// ```swift
/// let content = try SitemapReader.read(Array("""
///     <?xml version="1.0" encoding="UTF-8"?>
///     <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
///       <url><loc>https://daily.example.com/puzzle/2026-11-20</loc></url>
///     </urlset>
///     """.utf8))
/// content // .pages(["https://daily.example.com/puzzle/2026-11-20"])
/// ```
public enum SitemapReader {
    /// Reads a sitemap document.
    ///
    /// - XML (the first character other than white space is `<`): the root must be `<urlset>`,
    ///   whose `<url>` children each give a page in `<loc>`, or `<sitemapindex>`, whose `<sitemap>`
    ///   children each give a sitemap in `<loc>`. Elements are recognised by their local name, so
    ///   a default namespace or a prefix (`<sm:urlset>`) reads the same; only a `<loc>` directly
    ///   inside `<url>` or `<sitemap>` counts, so extensions such as `<image:loc>` are not pages.
    ///   Entities and CDATA sections are decoded and the text is trimmed.
    /// - Anything else is a text sitemap: one absolute http(s) URL per line; blank lines and
    ///   lines starting with `#` are skipped.
    ///
    /// A UTF-8 byte order mark is ignored. Every URL must be absolute http or https.
    ///
    /// - Throws: ``SitemapError`` for gzip-compressed bytes, malformed XML (with its line and
    ///   column), another root element, a URL that is not absolute http(s) (with its line), a
    ///   text line that is not UTF-8, or a document without URLs.
    public static func read(_ bytes: [UInt8]) throws(SitemapError) -> SitemapContent {
        if bytes.starts(with: gzipMagic) {
            throw SitemapError(message: "the sitemap is gzip-compressed (it starts with the bytes 1F 8B); Landfall reads "
                + "uncompressed sitemaps only: give the URL of the uncompressed sitemap (sitemap.xml rather than "
                + "sitemap.xml.gz), or decompress the file with gunzip first")
        }
        let text = bytes.starts(with: byteOrderMark) ? Array(bytes.dropFirst(byteOrderMark.count)) : bytes
        let content: SitemapContent
        if text.first(where: { !isWhiteSpace($0) }) == UInt8(ascii: "<") {
            content = try readXML(text)
        } else {
            content = .pages(try readTextList(text))
        }
        switch content {
        case .pages(let pages) where pages.isEmpty:
            throw SitemapError(message: "no URLs in the sitemap")
        case .index(let sitemaps) where sitemaps.isEmpty:
            throw SitemapError(message: "no sitemaps in the sitemap index (it has no <sitemap><loc>)")
        default:
            return content
        }
    }

    /// The first two bytes of every gzip stream.
    static let gzipMagic: [UInt8] = [0x1F, 0x8B]
    /// UTF-8's byte order mark.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// XML's white space: space, tab, line feed, carriage return.
    static func isWhiteSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Reads an XML sitemap with Foundation's `XMLParser`.
    static func readXML(_ bytes: [UInt8]) throws(SitemapError) -> SitemapContent {
        let reader = SitemapXMLReader()
        return try reader.read(bytes)
    }

    /// Reads a text sitemap: one URL per line, `#` comments and blank lines skipped.
    static func readTextList(_ bytes: [UInt8]) throws(SitemapError) -> [String] {
        var pages: [String] = []
        for (offset, lineBytes) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            guard let line = String(bytes: lineBytes, encoding: .utf8) else {
                throw SitemapError(message: "line \(lineNumber) is not UTF-8 text; a text sitemap must be UTF-8")
            }
            let entry = line.trimmingCharacters(in: .whitespacesAndNewlines)
            if entry.isEmpty || entry.hasPrefix("#") { continue }
            if let problem = problem(with: entry) {
                throw SitemapError(message: "line \(lineNumber): '\(entry)' is not an absolute http(s) URL: \(problem)")
            }
            pages.append(entry)
        }
        return pages
    }

    /// Why `entry` is not an absolute http or https URL, or `nil` when it is one.
    static func problem(with entry: String) -> String? {
        if entry.isEmpty { return "it is empty" }
        do throws(LinkURL.ParseError) {
            let url = try LinkURL(parsing: entry)
            return url.isWebURL ? nil : "its scheme is \(url.scheme); a sitemap lists http and https pages"
        } catch {
            return error.reason
        }
    }
}
