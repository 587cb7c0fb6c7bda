import LandfallLinks
import Testing

/// Where each visitor of a Firebase Dynamic Links long link goes, branch by branch.
@Suite struct DynamicLinkDecisionTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var query: String
        var visitor: Visitor
        var isIPad = false
        var outcome: DynamicLinkOutcome
        var testDescription: String { name }
    }

    static let basic = "link=https://www.example.com/&apn=com.example.android&ibi=com.example.ios"
    static let full = basic + "&isi=12345&afl=https://www.example.com/android&ifl=https://www.example.com/ios"
        + "&ipfl=https://www.example.com/ipad&ofl=https://www.example.com/desktop&st=Title&sd=Description&si=https://www.example.com/i.png"
    static let slack = Visitor.crawler(name: "Slack")

    static let cases: [Case] = [
        Case(name: "a crawler gets the social preview", query: full, visitor: slack,
             outcome: .preview(SocialPreview(title: "Title", description: "Description", imageURL: "https://www.example.com/i.png"))),
        Case(name: "a crawler of a link without social tags gets an empty preview", query: basic, visitor: slack,
             outcome: .preview(SocialPreview())),
        Case(name: "a crawler gets the preview even when efr=1", query: basic + "&efr=1&ifl=https://evil.example/", visitor: slack,
             outcome: .preview(SocialPreview())),

        Case(name: "iPhone with ifl goes there", query: full, visitor: .browser(.ios),
             outcome: .redirect(to: "https://www.example.com/ios")),
        Case(name: "iPad with ipfl goes there", query: full, visitor: .browser(.ios), isIPad: true,
             outcome: .redirect(to: "https://www.example.com/ipad")),
        Case(name: "iPad without ipfl takes ifl", query: basic + "&ifl=https://www.example.com/ios", visitor: .browser(.ios), isIPad: true,
             outcome: .redirect(to: "https://www.example.com/ios")),
        Case(name: "iPhone ignores ipfl", query: basic + "&ipfl=https://www.example.com/ipad&isi=1", visitor: .browser(.ios),
             outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: "https://apps.apple.com/app/id1", claimsInstall: false)),
        Case(name: "iOS with efr=1 goes straight to the App Store", query: basic + "&isi=12345&efr=1", visitor: .browser(.ios),
             outcome: .redirect(to: "https://apps.apple.com/app/id12345")),
        Case(name: "iOS with efr=1 and no isi goes to the link", query: basic + "&efr=1", visitor: .browser(.ios),
             outcome: .redirect(to: "https://www.example.com/")),
        Case(name: "iOS without a fallback gets the app preview page", query: basic + "&isi=12345", visitor: .browser(.ios),
             outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: "https://apps.apple.com/app/id12345", claimsInstall: false)),
        Case(name: "iOS without isi gets the page without an App Store button", query: basic, visitor: .browser(.ios),
             outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: nil, claimsInstall: false)),

        Case(name: "Android with afl goes there", query: full, visitor: .browser(.android),
             outcome: .redirect(to: "https://www.example.com/android")),
        Case(name: "Android without afl goes to the Play Store", query: basic, visitor: .browser(.android),
             outcome: .redirect(to: "https://play.google.com/store/apps/details?id=com.example.android")),
        Case(name: "Android without apn goes to the link", query: "link=https://www.example.com/&ibi=com.example.ios", visitor: .browser(.android),
             outcome: .redirect(to: "https://www.example.com/")),
        Case(name: "efr does not change Android", query: basic + "&efr=1", visitor: .browser(.android),
             outcome: .redirect(to: "https://play.google.com/store/apps/details?id=com.example.android")),

        Case(name: "desktop with ofl goes there", query: full, visitor: .browser(.desktop),
             outcome: .redirect(to: "https://www.example.com/desktop")),
        Case(name: "desktop without ofl goes to the link", query: basic + "&ifl=https://www.example.com/ios", visitor: .browser(.desktop),
             outcome: .redirect(to: "https://www.example.com/")),

        Case(name: "a refused ifl", query: basic + "&ifl=https://evil.example/", visitor: .browser(.ios),
             outcome: .refused(parameter: "ifl", destination: "https://evil.example/")),
        Case(name: "a refused ipfl", query: basic + "&ipfl=https://evil.example/", visitor: .browser(.ios), isIPad: true,
             outcome: .refused(parameter: "ipfl", destination: "https://evil.example/")),
        Case(name: "a refused link behind the app preview page", query: "link=https://evil.example/", visitor: .browser(.ios),
             outcome: .refused(parameter: "link", destination: "https://evil.example/")),
        Case(name: "a refused link with efr=1", query: "link=https://evil.example/&efr=1", visitor: .browser(.ios),
             outcome: .refused(parameter: "link", destination: "https://evil.example/")),
        Case(name: "a refused afl", query: basic + "&afl=https://evil.example/", visitor: .browser(.android),
             outcome: .refused(parameter: "afl", destination: "https://evil.example/")),
        Case(name: "a refused link on Android", query: "link=https://evil.example/", visitor: .browser(.android),
             outcome: .refused(parameter: "link", destination: "https://evil.example/")),
        Case(name: "a refused ofl", query: basic + "&ofl=https://evil.example/", visitor: .browser(.desktop),
             outcome: .refused(parameter: "ofl", destination: "https://evil.example/")),
        Case(name: "a refused link on desktop", query: "link=https://evil.example/", visitor: .browser(.desktop),
             outcome: .refused(parameter: "link", destination: "https://evil.example/")),
    ]

    @Test(arguments: cases)
    func eachVisitorGoesWhereFDLSentThem(_ example: Case) throws {
        let parameters = try DynamicLinkParameters(query: example.query)
        let outcome = parameters.decide(visitor: example.visitor, isIPad: example.isIPad, isAllowed: { !$0.contains("evil.example") })
        #expect(outcome == example.outcome)
    }

    /// The store listings of the site's own apps, for the cases below.
    static let siteApps: Set<StoreListing> = [.play(package: "com.example.android"), .appStore(id: "12345")]

    static let siteAppCases: [Case] = [
        Case(name: "Android without afl goes to the Play Store of the site's app through a pending claim", query: basic, visitor: .browser(.android),
             outcome: .install(.play(package: "com.example.android"))),
        Case(name: "Android with afl still goes to afl", query: basic + "&afl=https://www.example.com/android", visitor: .browser(.android),
             outcome: .redirect(to: "https://www.example.com/android")),
        Case(name: "Android of another team's apn goes to its Play Store page without a claim",
             query: "link=https://www.example.com/&apn=org.other.app", visitor: .browser(.android),
             outcome: .redirect(to: "https://play.google.com/store/apps/details?id=org.other.app")),
        Case(name: "iOS with efr=1 goes to the App Store of the site's app through a pending claim", query: basic + "&isi=12345&efr=1",
             visitor: .browser(.ios), outcome: .install(.appStore(id: "12345"))),
        Case(name: "iOS with efr=1 and another team's isi goes to its App Store page without a claim", query: basic + "&isi=999&efr=1",
             visitor: .browser(.ios), outcome: .redirect(to: "https://apps.apple.com/app/id999")),
        Case(name: "iOS with ifl and efr=1 still goes to ifl", query: basic + "&isi=12345&efr=1&ifl=https://www.example.com/ios",
             visitor: .browser(.ios), outcome: .redirect(to: "https://www.example.com/ios")),
        Case(name: "the iOS landing page of the site's isi claims the install", query: basic + "&isi=12345", visitor: .browser(.ios),
             outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: "https://apps.apple.com/app/id12345", claimsInstall: true)),
        Case(name: "the iOS landing page of another team's isi does not", query: basic + "&isi=999", visitor: .browser(.ios),
             outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: "https://apps.apple.com/app/id999", claimsInstall: false)),
        Case(name: "the iOS landing page without isi shows the site's App Store button, and claims the install", query: basic,
             visitor: .browser(.ios), outcome: .landingPage(openInApp: "https://www.example.com/", appStoreURL: nil, claimsInstall: true)),
        Case(name: "a crawler still gets the preview", query: basic + "&isi=12345&efr=1", visitor: slack, outcome: .preview(SocialPreview())),
        Case(name: "desktop still goes to the link", query: basic + "&isi=12345&efr=1", visitor: .browser(.desktop),
             outcome: .redirect(to: "https://www.example.com/")),
    ]

    @Test(arguments: siteAppCases)
    func aStorePageOfOneOfTheSitesAppsGoesThroughAPendingClaim(_ example: Case) throws {
        let parameters = try DynamicLinkParameters(query: example.query)
        let outcome = parameters.decide(visitor: example.visitor, isIPad: example.isIPad, isAllowed: { !$0.contains("evil.example") },
                                        siteApps: Self.siteApps)
        #expect(outcome == example.outcome)
    }

    @Test func withoutAnAppStoreAppOfItsOwnTheSitesLandingPageWithoutIsiClaimsNothing() throws {
        let parameters = try DynamicLinkParameters(query: Self.basic)
        let outcome = parameters.decide(visitor: .browser(.ios), isIPad: false, isAllowed: { _ in true },
                                        siteApps: [.play(package: "com.example.android")])
        #expect(outcome == .landingPage(openInApp: "https://www.example.com/", appStoreURL: nil, claimsInstall: false))
    }

    @Test("a store listing's URL and store name are those of the store", arguments: [
        (StoreListing.appStore(id: "12345"), "https://apps.apple.com/app/id12345", "app-store"),
        (StoreListing.play(package: "com.example.android"), "https://play.google.com/store/apps/details?id=com.example.android", "play"),
    ])
    func storeListings(listing: StoreListing, url: String, store: String) {
        #expect(listing.url == url)
        #expect(listing.store == store)
    }
}
