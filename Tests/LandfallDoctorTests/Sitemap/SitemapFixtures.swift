import AppSiteAssociation

/// Sitemaps and association files the sitemap tests read, as written on real sites.
enum SitemapFixtures {
    /// A `<urlset>` with the default namespace, extension elements (an image's `<image:loc>`
    /// must not count as a page) and white space around the `<loc>` text.
    static let urlset = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"
                xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
          <url>
            <loc>
              https://daily.example.com/puzzle/2026-11-20
            </loc>
            <lastmod>2026-11-20</lastmod>
            <image:image><image:loc>https://cdn.example.com/puzzle.png</image:loc></image:image>
          </url>
          <url><loc>https://daily.example.com/archive/2019</loc><changefreq>never</changefreq></url>
          <url><loc>https://shop.example.com/</loc></url>
        </urlset>
        """

    /// The same pages with every sitemap element under a prefix.
    static let prefixedURLSet = """
        <?xml version="1.0" encoding="UTF-8"?>
        <sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
          <sm:url><sm:loc>https://daily.example.com/puzzle/2026-11-20</sm:loc></sm:url>
          <sm:url><sm:loc>https://daily.example.com/archive/2019</sm:loc></sm:url>
          <sm:url><sm:loc>https://shop.example.com/</sm:loc></sm:url>
        </sm:urlset>
        """

    /// A sitemap index of two sitemaps.
    static let index = """
        <?xml version="1.0" encoding="UTF-8"?>
        <sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
          <sitemap><loc>https://daily.example.com/sitemap-puzzles.xml</loc><lastmod>2026-11-20</lastmod></sitemap>
          <sitemap>
            <loc>https://daily.example.com/sitemap-pages.xml?part=1&amp;lang=en</loc>
          </sitemap>
        </sitemapindex>
        """

    /// A text sitemap with comments, blank lines and Windows line ends.
    static let textList = "# Pages of daily.example.com\r\n\r\nhttps://daily.example.com/puzzle/1\r\n   \r\n"
        + "  https://daily.example.com/about  \r\n# the end\r\nhttps://shop.example.com/"

    static let appID = "ABCDE12345.com.example.daily"
    static let otherAppID = "ABCDE12345.com.example.other"

    /// The daily site's file: the archive excluded, puzzles and the about page opening the app.
    static let dailyFile = """
        {"applinks": {"details": [
          {"appIDs": ["\(appID)"], "components": [
            {"/": "/archive/*", "exclude": true},
            {"/": "/puzzle/*"},
            {"/": "/about"},
            {"/": "/search", "?": {"q": "*"}}
          ]}
        ]}}
        """

    /// The same rules written as legacy `paths`.
    static let legacyFile = """
        {"applinks": {"apps": [], "details": [
          {"appID": "\(appID)", "paths": ["NOT /archive/*", "/puzzle/*", "/about"]}
        ]}}
        """

    /// A matcher for `json`, which must decode.
    static func matcher(_ json: String) throws -> AssociationMatcher {
        AssociationMatcher(try AssociationFile(json: json))
    }
}
