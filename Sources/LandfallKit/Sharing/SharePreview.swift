import Foundation

/// What a share sheet shows for a link: its title and its share card, read from the page's
/// JSON view (the same title and `og:image` the page gives chat apps).
///
/// ```swift
/// let preview = try await client.sharePreview(for: URL(string: "https://daily.example.com/puzzle/2026-11-20")!)
/// preview.title     // "Daily Puzzle for 2026-11-20: Compass"
/// preview.imageURL  // https://daily.example.com/static/cards/3f9c….png?page=/puzzle/2026-11-20
/// ```
///
/// On Apple platforms `linkMetadata()` makes the `LPLinkMetadata` a
/// `UIActivityViewController` item hands to the sheet.
public struct SharePreview: Sendable, Hashable {
    /// The link shared: a short link, or the page itself.
    public var url: URL
    /// The page the link leads to, when it is not ``url`` itself.
    public var originalURL: URL?
    /// The page's title.
    public var title: String
    /// The page's share card (or its own image); nil when the page has none.
    public var imageURL: URL?

    /// Creates a preview.
    public init(url: URL, originalURL: URL? = nil, title: String, imageURL: URL? = nil) {
        self.url = url
        self.originalURL = originalURL
        self.title = title
        self.imageURL = imageURL
    }

    /// The page's JSON view, as far as a preview reads it.
    struct PageView: Decodable {
        var url: String
        var title: String
        var image: String?
    }

    /// The preview of sharing `url`, from the JSON view (`Accept: application/json`) of the page
    /// it leads to.
    ///
    /// - Throws: `DecodingError` for a body that is not a page's JSON view.
    public init(sharing url: URL, pageJSON: Data) throws {
        let page = try JSONDecoder().decode(PageView.self, from: pageJSON)
        let pageURL = URL(string: page.url)
        self.init(url: url, originalURL: pageURL == url ? nil : pageURL, title: page.title,
                  imageURL: page.image.flatMap { URL(string: $0) })
    }
}
