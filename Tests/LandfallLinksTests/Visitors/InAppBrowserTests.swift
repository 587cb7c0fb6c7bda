import LandfallLinks
import Testing

/// Apps' own browsers told apart from the system's by the `User-Agent` header.
@Suite struct InAppBrowserTests {
    static let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148"
    static let android = "Mozilla/5.0 (Linux; Android 15; Pixel 9 Build/AP3A; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/131.0.0.0 Mobile Safari/537.36"

    @Test("each app's browser is named by the token it puts in its user agent", arguments: [
        ("\(iPhone) Instagram 361.0.0.35.82 (iPhone16,2; iOS 18_1; en_US; en; scale=3.00; 1179x2556; 672193283)", "Instagram"),
        ("\(android) Instagram 361.0.0.35.82 Android (35/15; 420dpi; 1080x2400; Google; Pixel 9)", "Instagram"),
        ("\(iPhone) [FBAN/FBIOS;FBAV/489.0.0.44.107;FBBV/665291343;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/18.1]", "Facebook"),
        ("\(android) [FB_IAB/FB4A;FBAV/489.0.0.40.109;]", "Facebook"),
        ("\(iPhone) [FBAN/Messenger;FBAV/482.0.0.33.109;FBBV/654321;FBDV/iPhone16,2;FBMD/iPhone;FBSN/iOS;FBSV/18.1]", "Messenger"),
        ("\(iPhone) [LinkedInApp]/9.30.1010", "LinkedIn"),
        ("\(iPhone) musical_ly_37.6.0 JsSdk/2.0 NetType/WIFI Channel/App Store ByteLocale/en Region/US", "TikTok"),
        ("\(android) trill_370603 BytedanceWebview/d8a21c6", "TikTok"),
        ("\(iPhone) Snapchat/13.16.0.38 (like Safari/8618.1.15.10.15, panda)", "Snapchat"),
        ("\(iPhone) Barcelona 359.0.0.25.103 (iPhone16,2; iOS 18_1; en_US; en-US; scale=3.00; 1179x2556)", "Threads"),
        ("\(iPhone) [Pinterest/iOS]", "Pinterest"),
        ("\(iPhone) MicroMessenger/8.0.53(0x18003531) NetType/WIFI Language/zh_CN", "WeChat"),
        ("\(iPhone) Safari Line/14.18.0", "LINE"),
    ])
    func eachAppsBrowserIsNamed(userAgent: String, app: String) {
        #expect(InAppBrowser.detect(userAgent: userAgent) == InAppBrowser(app: app))
        #expect(InAppBrowser.app(inPhoneUserAgent: userAgent) == app, "the scan of a phone's user agent the clicks are counted with")
    }

    @Test("the scan for a phone already classified names the first token of the table found, and nothing in a plain browser's",
          arguments: [
              ("\(iPhone) Version/18.1 Safari/604.1", nil),
              ("", nil),
              ("Instagram", "Instagram"),
              ("Instagra", nil),
              ("\(iPhone) instagram 361.0", nil),
              ("\(iPhone) [FB_IAB/MESSENGER;FBAV/1] Instagram", "Instagram"),
              ("\(iPhone) [FB_IAB/MESSENGER;FBAV/1]", "Messenger"),
          ] as [(String, String?)])
    func thePhoneScan(userAgent: String, app: String?) {
        #expect(InAppBrowser.app(inPhoneUserAgent: userAgent) == app)
    }

    @Test("the system's browsers, computers and link-preview crawlers are no app's browser", arguments: [
        "\(iPhone) Version/18.1 Safari/604.1",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15 Instagram",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
        "",
    ])
    func otherBrowsersAreNone(userAgent: String) {
        #expect(InAppBrowser.detect(userAgent: userAgent) == nil)
        #expect(InAppBrowser.detect(userAgent: nil) == nil)
    }

    @Test("how to leave names the system's browser of the platform")
    func howToLeaveNamesTheBrowser() {
        #expect(InAppBrowser(app: "Instagram").howToLeave(on: .ios).contains("Open in Safari"))
        #expect(InAppBrowser(app: "TikTok").howToLeave(on: .android).contains("Open in Chrome"))
        #expect(InAppBrowser(app: "TikTok").howToLeave(on: .android).hasPrefix("You're in TikTok's browser"))
    }
}
