import LandfallLinks
import LandfallWire
import Testing

/// Reading Firebase Dynamic Links long links: the examples of FDL's documentation, decoding,
/// duplicates, and every error.
@Suite struct DynamicLinkParametersTests {
    struct Reading: Sendable, CustomTestStringConvertible {
        var name: String
        var query: String
        var expected: DynamicLinkParameters
        var testDescription: String { name }
    }

    static let readings: [Reading] = [
        Reading(name: "FDL's basic example",
                query: "link=https://www.example.com/&apn=com.example.android&ibi=com.example.ios",
                expected: DynamicLinkParameters(link: "https://www.example.com/", androidPackageName: "com.example.android",
                                                iosBundleID: "com.example.ios")),
        Reading(name: "FDL's example with versions, App Store ID and scheme",
                query: "link=https://www.example.com/someresource&apn=com.example.android&amv=3&ibi=com.example.ios&isi=12345&ius=exampleapp&imv=2.0.1",
                expected: DynamicLinkParameters(link: "https://www.example.com/someresource", androidPackageName: "com.example.android",
                                                androidMinimumVersionCode: 3, iosBundleID: "com.example.ios", iosCustomScheme: "exampleapp",
                                                appStoreID: "12345", iosMinimumVersion: "2.0.1")),
        Reading(name: "fallback links for every platform",
                query: "link=https://www.example.com/&apn=com.example.android&afl=https://www.example.com/android&ibi=com.example.ios&ifl=https://www.example.com/ios&ipfl=https://www.example.com/ipad&ipbi=com.example.ipad&ofl=https://www.example.com/desktop&efr=1",
                expected: DynamicLinkParameters(link: "https://www.example.com/", androidPackageName: "com.example.android",
                                                androidFallbackLink: "https://www.example.com/android", iosBundleID: "com.example.ios",
                                                iosFallbackLink: "https://www.example.com/ios", iPadFallbackLink: "https://www.example.com/ipad",
                                                iPadBundleID: "com.example.ipad", skipsPreviewPage: true,
                                                otherPlatformLink: "https://www.example.com/desktop")),
        Reading(name: "social tags and campaign fields, with + for spaces",
                query: "link=https://www.example.com/&st=Winter+League&sd=Play%20now%21&si=https://www.example.com/og.png&utm_source=newsletter&utm_medium=email&utm_campaign=winter&utm_term=puzzle&utm_content=top",
                expected: DynamicLinkParameters(link: "https://www.example.com/",
                                                preview: SocialPreview(title: "Winter League", description: "Play now!", imageURL: "https://www.example.com/og.png"),
                                                campaign: Campaign(source: "newsletter", medium: "email", name: "winter", term: "puzzle", content: "top"))),
        Reading(name: "a percent-encoded link keeps its own query",
                query: "link=https%3A%2F%2Fwww.example.com%2Fpuzzle%3Fdate%3D2026-11-21%26lang%3Dfr&apn=com.example.android",
                expected: DynamicLinkParameters(link: "https://www.example.com/puzzle?date=2026-11-21&lang=fr",
                                                androidPackageName: "com.example.android")),
        Reading(name: "UTF-8 in escapes, lowercase hex, and a leading ?",
                query: "?link=https://www.example.com/&st=Caf%c3%a9+%E2%98%95",
                expected: DynamicLinkParameters(link: "https://www.example.com/", preview: SocialPreview(title: "Café ☕"))),
        Reading(name: "a % that is not an escape is kept",
                query: "link=https://www.example.com/&sd=100%+sure%2",
                expected: DynamicLinkParameters(link: "https://www.example.com/", preview: SocialPreview(description: "100% sure%2"))),
        Reading(name: "the first of a repeated parameter counts",
                query: "link=https://www.example.com/&apn=first&apn=second&ofl=https://a.example.com/&ofl=https://b.example.com/",
                expected: DynamicLinkParameters(link: "https://www.example.com/", androidPackageName: "first",
                                                otherPlatformLink: "https://a.example.com/")),
        Reading(name: "empty values and unknown parameters are ignored",
                query: "link=https://www.example.com/&ifl=&afl=&efr=&d=1&at=1l3v4&ct=promo&gclid=abc&&x",
                expected: DynamicLinkParameters(link: "https://www.example.com/")),
        Reading(name: "efr=0 keeps the preview page", query: "link=http://example.com&efr=0",
                expected: DynamicLinkParameters(link: "http://example.com")),
        Reading(name: "a scheme in capitals, a port, user info and an IPv6 host are URLs",
                query: "link=HTTPS://www.example.com:8443/a&ofl=http://user@example.com/&afl=http://[::1]:8080/",
                expected: DynamicLinkParameters(link: "HTTPS://www.example.com:8443/a", androidFallbackLink: "http://[::1]:8080/",
                                                otherPlatformLink: "http://user@example.com/")),
    ]

    @Test(arguments: readings)
    func eachLongLinkIsRead(_ reading: Reading) throws {
        #expect(try DynamicLinkParameters(query: reading.query) == reading.expected)
    }

    @Test(arguments: readings)
    func theQueryOfReadParametersReadsBackTheSame(_ reading: Reading) throws {
        let parameters = try DynamicLinkParameters(query: reading.query)
        #expect(try DynamicLinkParameters(query: parameters.query) == parameters)
    }

    @Test func theQueryIsWrittenInFDLsOrderWithEscapes() {
        let parameters = DynamicLinkParameters(
            link: "https://www.example.com/?a=1&b=2", androidPackageName: "com.example.android", skipsPreviewPage: true,
            preview: SocialPreview(title: "Café au lait"))
        #expect(parameters.query
            == "link=https%3A%2F%2Fwww.example.com%2F%3Fa%3D1%26b%3D2&apn=com.example.android&efr=1&st=Caf%C3%A9+au+lait")
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var name: String
        var query: String
        var errors: [DynamicLinkParameterError]
        init(_ name: String, _ query: String, _ errors: (String, String)...) {
            self.name = name
            self.query = query
            self.errors = errors.map { DynamicLinkParameterError(parameter: $0.0, message: $0.1) }
        }
        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure("no link", "apn=com.example.android&ibi=com.example.ios",
                ("link", "missing; a long link needs the deep link to open, as in ?link=https%3A%2F%2Fwww.example.com%2F")),
        Failure("an empty query", "",
                ("link", "missing; a long link needs the deep link to open, as in ?link=https%3A%2F%2Fwww.example.com%2F")),
        Failure("an empty link", "link=&apn=a",
                ("link", "is empty; give the deep link to open, as in ?link=https%3A%2F%2Fwww.example.com%2F")),
        Failure("two links", "link=https://a.example.com/&apn=a&link=https://b.example.com/",
                ("link", "given 2 times; a long link has exactly one 'link' (the first would be used, which hides mistakes)")),
        Failure("a link without a scheme", "link=www.example.com",
                ("link", "'www.example.com' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("a javascript: link", "link=javascript:alert(1)",
                ("link", "'javascript:alert(1)' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("a link without a host", "link=https:///path",
                ("link", "'https:///path' is not an absolute http or https URL")),
        Failure("a link with a space", "link=https://www.example.com/a+b",
                ("link", "'https://www.example.com/a b' is not an absolute http or https URL")),
        Failure("a link with a line break", "link=https://www.example.com/%0D%0ALocation:x",
                ("link", "'https://www.example.com/\r\nLocation:x' is not an absolute http or https URL")),
        Failure("a scheme-relative afl", "link=https://example.com/&afl=//evil.example/",
                ("afl", "'//evil.example/' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("an ftp ifl", "link=https://example.com/&ifl=ftp://example.com/",
                ("ifl", "'ftp://example.com/' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("a relative ipfl", "link=https://example.com/&ipfl=/ipad",
                ("ipfl", "'/ipad' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("a data: ofl", "link=https://example.com/&ofl=data:text/html,hi",
                ("ofl", "'data:text/html,hi' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("a relative si", "link=https://example.com/&si=og.png",
                ("si", "'og.png' is not an absolute http or https URL; write the whole URL, starting with https://")),
        Failure("isi with its id prefix", "link=https://example.com/&isi=id1234",
                ("isi", "'id1234' is not an App Store ID; write its digits only, as in isi=1234")),
        Failure("isi that is a bundle ID", "link=https://example.com/&isi=com.example.ios",
                ("isi", "'com.example.ios' is not an App Store ID; write the app's numeric App Store ID, as in isi=1234567890")),
        Failure("efr=true", "link=https://example.com/&efr=true",
                ("efr", "'true' is neither 0 nor 1; write efr=1 to skip the app preview page, or leave it out")),
        Failure("amv with dots", "link=https://example.com/&amv=1.2",
                ("amv", "'1.2' is not a version code; Android's versionCode is a whole number, as in amv=42")),
        Failure("amv too large", "link=https://example.com/&amv=99999999999999999999",
                ("amv", "'99999999999999999999' is not a version code; Android's versionCode is a whole number, as in amv=42")),
        Failure("imv with a letter", "link=https://example.com/&imv=v1.2",
                ("imv", "'v1.2' is not a version; write up to four numbers separated by dots, as in imv=1.2.3")),
        Failure("imv with an empty part", "link=https://example.com/&imv=1..2",
                ("imv", "'1..2' is not a version; write up to four numbers separated by dots, as in imv=1.2.3")),
        Failure("imv with five parts", "link=https://example.com/&imv=1.2.3.4.5",
                ("imv", "'1.2.3.4.5' is not a version; write up to four numbers separated by dots, as in imv=1.2.3")),
        Failure("every problem, link first, then in query order",
                "efr=2&isi=x&link=nope&link=https://example.com/",
                ("link", "given 2 times; a long link has exactly one 'link' (the first would be used, which hides mistakes)"),
                ("efr", "'2' is neither 0 nor 1; write efr=1 to skip the app preview page, or leave it out"),
                ("isi", "'x' is not an App Store ID; write the app's numeric App Store ID, as in isi=1234567890"),
                ("link", "'nope' is not an absolute http or https URL; write the whole URL, starting with https://")),
    ]

    @Test(arguments: failures)
    func eachBrokenLongLinkIsRefusedWithEveryProblem(_ failure: Failure) {
        #expect(throws: InvalidDynamicLink(errors: failure.errors)) {
            try DynamicLinkParameters(query: failure.query)
        }
    }

    @Test func aLongValueIsCutInTheMessage() throws {
        let long = String(repeating: "a", count: 100)
        let error = try #require(throws: InvalidDynamicLink.self) { try DynamicLinkParameters(query: "link=\(long)") }
        #expect(error.description == "link: '\(String(repeating: "a", count: 80))…' is not an absolute http or https URL; write the whole URL, starting with https://")
    }

    @Test func theDestinationsAreEveryURLAVisitorCanBeSentTo() throws {
        let parameters = try DynamicLinkParameters(query:
            "ofl=https://o.example/&link=https://l.example/&si=https://i.example/x.png&ipfl=https://p.example/&ifl=https://i.example/&afl=https://a.example/")
        #expect(parameters.destinations.map(\.parameter) == ["link", "afl", "ifl", "ipfl", "ofl"])
        #expect(parameters.destinations.map(\.url)
            == ["https://l.example/", "https://a.example/", "https://i.example/", "https://p.example/", "https://o.example/"])
        #expect(DynamicLinkParameters(link: "https://l.example/").destinations.map(\.parameter) == ["link"])
    }

    @Test func storePagesAreBuiltFromTheirIDs() {
        let parameters = DynamicLinkParameters(link: "https://l.example/", androidPackageName: "com.example.app", appStoreID: "123")
        #expect(parameters.appStoreURL == "https://apps.apple.com/app/id123")
        #expect(parameters.playStoreURL == "https://play.google.com/store/apps/details?id=com.example.app")
        #expect(DynamicLinkParameters(link: "https://l.example/", androidPackageName: "a&b=c").playStoreURL
            == "https://play.google.com/store/apps/details?id=a%26b%3Dc")
        #expect(DynamicLinkParameters(link: "https://l.example/").appStoreURL == nil)
    }
}
