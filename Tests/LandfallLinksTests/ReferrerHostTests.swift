import LandfallLinks
import Testing

/// The referrer host kept in statistics is a host or nothing: never a decoded `<script>`, a
/// control character or an escape sequence from a hostile `Referer`.
@Suite struct ReferrerHostTests {
    @Test("the host of an ordinary Referer, lowercased, without user, port, path or final dot", arguments: [
        ("https://t.co/abc", "t.co"),
        ("https://News.Example.org/story?id=1", "news.example.org"),
        ("HTTPS://WWW.EXAMPLE.COM:443/", "www.example.com"),
        ("http://user:secret@mail.example.net/inbox", "mail.example.net"),
        ("https://example.com.", "example.com"),
        ("https://example.com?q=1", "example.com"),
        ("https://example.com#top", "example.com"),
        ("android-app://com.google.android.gm/", "com.google.android.gm"),
        ("http://198.51.100.7:8080/page", "198.51.100.7"),
        ("http://[2001:DB8::1]:8080/", "[2001:db8::1]"),
        ("https://xn--bcher-kva.example/", "xn--bcher-kva.example"),
    ])
    func theHostOfAnOrdinaryReferer(referer: String, host: String) {
        #expect(ReferrerHost.of(referer) == host)
    }

    @Test("anything that is not a host is stored as no referrer", arguments: [
        "http://%3Cscript%3Ealert(1)%3C%2Fscript%3E/",
        "http://<script>/",
        "http://exa mple.com/",
        "http://a\r\nSet-Cookie: x=1/",
        "http://evil\u{1B}]0;pwned\u{07}.example/",
        "http://bücher.example/",
        "http://-leading.example/",
        "http://trailing-.example/",
        "http://two..dots.example/",
        "http://example.com:99999x/",
        "http://[::1/",
        "http://[zz::1]/",
        "http:///path-only",
        "https://",
        "not a url",
        "://example.com",
        "java script://example.com",
        "",
        "https://" + String(repeating: "a", count: 64) + ".example/",
        "https://" + String(repeating: "abcdefghi.", count: 26) + "example/",
        "https://example.com/" + String(repeating: "x", count: 2048),
    ])
    func anythingElseIsNoReferrer(referer: String) {
        #expect(ReferrerHost.of(referer) == "")
    }

    @Test func noHeaderIsNoReferrer() {
        #expect(ReferrerHost.of(nil) == "")
    }
}
