import AppSiteAssociation
import Testing

/// The path Android's intent filters compare: `Uri.getPath()`, decoded.
@Suite struct LinkURLAndroidPathTests {
    @Test(arguments: [
        ("https://example.com/caf%C3%A9", "/café"),
        ("https://example.com/a%2Fb", "/a/b"),
        ("https://example.com/%FF", "/\u{FFFD}"),
        ("https://example.com", "/"),
        ("https://example.com/puzzle/today?x=1#top", "/puzzle/today"),
    ])
    func thePathIsDecodedAsUriGetPathGivesIt(url: String, path: String) throws {
        #expect(try LinkURL(parsing: url).androidPath == path)
    }
}
