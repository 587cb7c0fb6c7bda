import Testing
@testable import LandfallDoctor

@Suite struct SitemapReaderTests {
    static let pages = [
        "https://daily.example.com/puzzle/2026-11-20",
        "https://daily.example.com/archive/2019",
        "https://shop.example.com/",
    ]

    static func read(_ text: String) throws(SitemapError) -> SitemapContent {
        try SitemapReader.read(Array(text.utf8))
    }

    /// The message `read` throws for `text`, or `nil` when it reads.
    static func message(_ text: String) -> String? {
        message(Array(text.utf8))
    }

    static func message(_ bytes: [UInt8]) -> String? {
        do {
            _ = try SitemapReader.read(bytes)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aURLSetGivesItsPagesInOrderTrimmedWithoutExtensionLocations() throws {
        #expect(try Self.read(SitemapFixtures.urlset) == .pages(Self.pages))
    }

    @Test func prefixedElementsReadLikeUnprefixedOnes() throws {
        #expect(try Self.read(SitemapFixtures.prefixedURLSet) == .pages(Self.pages))
    }

    @Test func anUndeclaredPrefixIsTolerated() throws {
        #expect(try Self.read("<sm:urlset><sm:url><sm:loc>https://a.example/x</sm:loc></sm:url></sm:urlset>")
            == .pages(["https://a.example/x"]))
    }

    @Test func entitiesAndCharacterReferencesAreDecoded() throws {
        let xml = "<urlset><url><loc>https://a.example/search?q=1&amp;page=2&#38;x=&#x41;&apos;</loc></url></urlset>"
        #expect(try Self.read(xml) == .pages(["https://a.example/search?q=1&page=2&x=A'"]))
    }

    @Test func cdataSectionsAreReadAsText() throws {
        let xml = "<urlset><url><loc> <![CDATA[https://a.example/search?q=1&page=2]]>\n</loc></url></urlset>"
        #expect(try Self.read(xml) == .pages(["https://a.example/search?q=1&page=2"]))
    }

    @Test func aSitemapIndexGivesItsSitemaps() throws {
        #expect(try Self.read(SitemapFixtures.index) == .index([
            "https://daily.example.com/sitemap-puzzles.xml",
            "https://daily.example.com/sitemap-pages.xml?part=1&lang=en",
        ]))
    }

    @Test func onlyLocationsDirectlyInsideEntriesCount() throws {
        let xml = """
            <urlset>
              <loc>https://a.example/loose</loc>
              <sitemap><loc>https://a.example/sitemap.xml</loc></sitemap>
              <url><loc>https://a.example/page</loc><extra><loc>https://a.example/nested</loc></extra></url>
            </urlset>
            """
        #expect(try Self.read(xml) == .pages(["https://a.example/page"]))
    }

    @Test func aTextSitemapSkipsCommentsAndBlankLines() throws {
        #expect(try Self.read(SitemapFixtures.textList) == .pages([
            "https://daily.example.com/puzzle/1", "https://daily.example.com/about", "https://shop.example.com/",
        ]))
    }

    @Test(arguments: [SitemapFixtures.urlset, SitemapFixtures.textList])
    func aByteOrderMarkIsIgnored(_ text: String) throws {
        let plain = try Self.read(text)
        #expect(try SitemapReader.read([0xEF, 0xBB, 0xBF] + Array(text.utf8)) == plain)
    }

    @Test func gzipBytesGiveAnErrorSayingSo() {
        let gzip: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]
        #expect(Self.message(gzip) == "the sitemap is gzip-compressed (it starts with the bytes 1F 8B); Landfall reads "
            + "uncompressed sitemaps only: give the URL of the uncompressed sitemap (sitemap.xml rather than "
            + "sitemap.xml.gz), or decompress the file with gunzip first")
    }

    /// Malformed documents and their messages; positions are libxml2's (through `XMLParser`): the
    /// place the parser stood when it gave up, such as the `=` where an entity's `;` was due.
    static let malformed: [(xml: String, message: String)] = [
        ("<urlset>\n<url>\n  <loc>https://a.example/?a=1&b=2</loc>\n</url>\n</urlset>",
         "line 3, column 32: '&' starts an entity reference that has no ';'; write '&' as &amp; (in a URL: ?a=1&amp;b=2)"),
        ("<urlset>\n  <url><loc>https://a.example/&nbsp;</loc></url>\n</urlset>",
         "line 2, column 37: an undeclared entity; XML knows only &amp; &lt; &gt; &quot; &apos; and numeric references such as &#233;"),
        ("<urlset>\n<url>\n<loc>https://a.example/</lo></url>\n</urlset>",
         "line 3, column 29: the end tag does not match <loc> (opened on line 3); close it with </loc>"),
        ("<urlset>\n<url><loc>https://a.example/</loc></url>\n<url><loc>https://a.ex",
         "line 3, column 23: the document ends inside <loc> (opened on line 3); it may have been cut short"),
        ("<urlset></urlset>\n<urlset></urlset>",
         "line 2, column 1: there is content after the root element's end tag; a document has one root element"),
        ("<urlset a=b></urlset>",
         "line 1, column 11: an attribute value is not in quotes; write name=\"value\""),
    ]

    @Test(arguments: malformed)
    func malformedXMLIsReportedWithItsLineAndColumn(_ xml: String, _ message: String) {
        #expect(Self.message(xml) == message)
    }

    @Test func entityExpansionBombsAreRefused() throws {
        let xml = """
            <!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">
            <!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">
            <!ENTITY e "&d;&d;&d;&d;&d;&d;&d;&d;&d;&d;"><!ENTITY f "&e;&e;&e;&e;&e;&e;&e;&e;&e;&e;">
            <!ENTITY g "&f;&f;&f;&f;&f;&f;&f;&f;&f;&f;"><!ENTITY h "&g;&g;&g;&g;&g;&g;&g;&g;&g;&g;">]>
            <urlset><url><loc>https://a.example/&h;</loc></url></urlset>
            """
        let message = try #require(Self.message(xml))
        #expect(message.hasPrefix("line 5, column "))
    }

    @Test(arguments: [
        ("<?xml version=\"1.0\"?>\n<rss version=\"2.0\"><channel/></rss>", "rss"),
        ("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"></head></html>", "html"),
        ("<sm:feed xmlns:sm=\"http://www.w3.org/2005/Atom\"/>", "sm:feed"),
    ])
    func anotherRootElementIsNamed(_ xml: String, _ root: String) {
        #expect(Self.message(xml) == "the document is neither a <urlset> nor a <sitemapindex> (root element <\(root)>)")
    }

    @Test(arguments: [
        ("/puzzle/1", "it has no scheme; write the whole URL, such as https://example.com/path"),
        ("daily.example.com/puzzle/1", "it has no scheme; write the whole URL, such as https://example.com/path"),
        ("ftp://daily.example.com/puzzle/1", "its scheme is ftp; a sitemap lists http and https pages"),
        ("https://daily.example.com/puzzle 1", "it contains a space (write %20)"),
        ("", "it is empty"),
    ])
    func aLocationThatIsNotAnAbsoluteWebURLIsRefusedWithItsLine(_ location: String, _ reason: String) {
        let xml = "<urlset>\n  <url><loc>https://a.example/</loc></url>\n  <url>\n    <loc>\(location)</loc>\n  </url>\n</urlset>"
        #expect(Self.message(xml) == "<loc> '\(location)' on line 4 is not an absolute http(s) URL: \(reason)")
    }

    @Test func aTextLineThatIsNotAURLIsRefusedWithItsLine() {
        #expect(Self.message("# pages\nhttps://a.example/\n/about\n")
            == "line 3: '/about' is not an absolute http(s) URL: it has no scheme; write the whole URL, such as https://example.com/path")
    }

    @Test func aTextLineThatIsNotUTF8IsRefusedWithItsLine() {
        let bytes = Array("https://a.example/\nhttps://a.example/".utf8) + [0xFF, 0xFE]
        #expect(Self.message(bytes) == "line 2 is not UTF-8 text; a text sitemap must be UTF-8")
    }

    @Test(arguments: [
        "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n</urlset>",
        "<urlset><url><lastmod>2026-11-20</lastmod></url></urlset>",
        "",
        " \n\n",
        "# nothing here yet\n",
    ])
    func aSitemapWithoutURLsIsAnError(_ text: String) {
        #expect(Self.message(text) == "no URLs in the sitemap")
    }

    @Test func aSitemapIndexWithoutSitemapsIsAnError() {
        #expect(Self.message("<sitemapindex></sitemapindex>") == "no sitemaps in the sitemap index (it has no <sitemap><loc>)")
    }

    @Test func theErrorDescribesItselfWithItsMessage() {
        #expect(SitemapError(message: "no URLs in the sitemap").description == "no URLs in the sitemap")
    }
}
