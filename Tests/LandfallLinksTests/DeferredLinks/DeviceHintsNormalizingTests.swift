import LandfallLinks
import Testing

/// Device hints normalized so that the landing page's view (User-Agent, Accept-Language, the
/// screen the page reports) and the app's view (what the SDK sends) compare equal.
@Suite struct DeviceHintsNormalizingTests {
    @Test(arguments: [
        ("18", "18.0"), ("18.1", "18.1"), ("18.1.2", "18.1"), ("17_4", "17.4"), ("17_4_1", "17.4"), ("14.0.0", "14.0"),
        (" 13 ", "13.0"), ("018.01", "18.1"), ("26.0", "26.0"),
    ])
    func aVersionIsMajorDotMinor(_ text: String, _ expected: String) {
        #expect(DeviceHints.osVersion(text) == expected)
    }

    @Test(arguments: ["", "beta", "18.", ".1", "18..1", "18.1.2.3", "v18", "18.1b", "18-1", "１８", "123456", "18_1.2", "18 1"])
    func junkIsNotAVersion(_ text: String) {
        #expect(DeviceHints.osVersion(text) == nil)
    }

    struct AgentCase: Sendable, CustomTestStringConvertible {
        var who: String
        var userAgent: String
        var platform: ClickPlatform
        var expected: String?
        var testDescription: String { who }

        init(_ who: String, _ userAgent: String, _ platform: ClickPlatform, _ expected: String?) {
            self.who = who
            self.userAgent = userAgent
            self.platform = platform
            self.expected = expected
        }
    }

    static let agents: [AgentCase] = [
        AgentCase("Safari on iPhone, iOS 17.2",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
                  .ios, "17.2"),
        AgentCase("Safari on iPhone, iOS 18.1",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
                  .ios, "18.1"),
        AgentCase("Safari on iPhone, iOS 26 (the UA's OS frozen at 18_6)",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/26.0 Mobile/15E148 Safari/604.1",
                  .ios, "26.0"),
        AgentCase("Safari on iPad, mobile user agent",
                  "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
                  .ios, "16.6"),
        AgentCase("Safari on iPad, iPadOS 17.4", "Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
                  .ios, "17.4"),
        AgentCase("iPod touch, three-part version",
                  "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1",
                  .ios, "15.7"),
        AgentCase("Chrome on iPhone",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
                  .ios, "17.2"),
        AgentCase("Instagram on iPhone",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 302.0.0.23.114 (iPhone14,2; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 520987189)",
                  .ios, "16.6"),
        AgentCase("Facebook on iPhone, 17.1.2",
                  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B101 [FBAN/FBIOS;FBAV/443.0.0.33.115;FBBV/537488235;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/539232520]",
                  .ios, "17.1"),
        AgentCase("Chrome on Android 10", "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
                  .android, "10.0"),
        AgentCase("Samsung Internet on Android 13",
                  "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
                  .android, "13.0"),
        AgentCase("Firefox on Android 14", "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0", .android, "14.0"),
        AgentCase("Android 13.0 with a minor version",
                  "Mozilla/5.0 (Linux; Android 13.0; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36", .android, "13.0"),
        AgentCase("Android 4.4.2", "Mozilla/5.0 (Linux; Android 4.4.2; Nexus 4 Build/KOT49H) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/34.0.1847.114 Mobile Safari/537.36",
                  .android, "4.4"),
        AgentCase("Facebook's in-app browser on Android",
                  "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/432.0.0.29.102;]",
                  .android, "13.0"),
        AgentCase("Chrome's reduced user agent (Android 10; K) stays what it says",
                  "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36", .android, "10.0"),
        AgentCase("an iPhone user agent asked as Android", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15", .android, nil),
        AgentCase("a desktop browser", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
                  .desktop, nil),
        AgentCase("desktop-class iPad Safari (no iOS version in it)",
                  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15", .ios, nil),
        AgentCase("a crawler", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", .crawler, nil),
        AgentCase("a garbled iOS version", "Mozilla/5.0 (iPhone; CPU iPhone OS x_y like Mac OS X)", .ios, nil),
    ]

    @Test(arguments: agents)
    func theVersionIsReadFromTheUserAgent(_ agent: AgentCase) {
        #expect(DeviceHints.osVersion(userAgent: agent.userAgent, platform: agent.platform) == agent.expected)
    }

    @Test(arguments: [
        ("en-US,en;q=0.9", "en"),
        ("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5", "fr"),
        ("de;q=0.5, en-GB", "en"),
        ("*;q=1, ja;q=0.2", "ja"),
        ("en;q=0, pt-BR;q=0.1", "pt"),
        ("en-us;q=0.5,fr;q=0.5", "en"),
        ("zh-Hant-TW,zh;q=0.9", "zh"),
        ("es-419, es;q=0.9", "es"),
        ("en_US", "en"),
        ("EN;Q=0.8", "en"),
        ("en;q=abc, fr;q=0.1", "fr"),
        ("x!y, it", "it"),
        ("de-CH;q=0.4, fr;q=0.6", "fr"),
    ])
    func thePrimarySubtagOfTheFirstLanguageByQualityIsTaken(_ header: String, _ expected: String) {
        #expect(DeviceHints.language(acceptLanguage: header) == expected)
    }

    @Test(arguments: [nil, "", "*", "*;q=0.5", "en;q=0", ",,,", "123"] as [String?])
    func noUsableLanguageIsNil(_ header: String?) {
        #expect(DeviceHints.language(acceptLanguage: header) == nil)
    }

    @Test(arguments: [
        ("en-US", "en"), ("EN", "en"), ("pt_BR", "pt"), ("zh-Hant-TW", "zh"), (" de-CH ", "de"), ("es-419", "es"), ("gsw", "gsw"),
    ])
    func aLanguageIsThePrimarySubtagInLowercase(_ tag: String, _ expected: String) {
        #expect(DeviceHints.language(tag) == expected)
    }

    @Test(arguments: ["", "*", "e", "english!", "en--us", "en-", "-us", "12-us", "en-toolongsubtag", "ü", String(repeating: "a-", count: 20) + "a"])
    func junkIsNotALanguage(_ tag: String) {
        #expect(DeviceHints.language(tag) == nil)
    }

    @Test(arguments: [
        ("390x844", "390x844"), ("844x390", "390x844"), ("390X844", "390x844"), ("1x1", "1x1"), ("10000x10000", "10000x10000"), (" 412x915 ", "412x915"),
    ])
    func aScreenHasTheShorterSideFirst(_ text: String, _ expected: String) {
        #expect(DeviceHints.screen(text) == expected)
    }

    @Test(arguments: ["", "390", "390x", "x844", "0x844", "390x0", "10001x844", "390.5x844", "-390x844", "390x844x2", "390*844", "abcxdef", "390 x 844"])
    func aScreenOfJunkZeroOrHugeSidesIsRefused(_ text: String) {
        #expect(DeviceHints.screen(text) == nil)
    }

    @Test func thePageAndTheAppDescribeTheSameDeviceAlikeEvenWithRegionsThatDiffer() {
        let page = DeviceHints(
            platform: .ios,
            userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            acceptLanguage: "en-US,en;q=0.9", screen: "844x390")
        let app = DeviceHints(platform: .ios, osVersion: DeviceHints.osVersion("18.1.1"), language: DeviceHints.language("en-GB"),
                              screen: DeviceHints.screen("390x844"))
        #expect(page == DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "390x844"))
        #expect(page == app)
    }
}
