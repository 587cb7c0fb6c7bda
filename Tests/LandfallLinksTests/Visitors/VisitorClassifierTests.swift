import LandfallLinks
import Testing

/// Real `User-Agent` headers, as crawlers and browsers send them, and the visitor each one is.
@Suite struct VisitorClassifierTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var who: String
        var userAgent: String?
        var expected: Visitor

        init(_ who: String, _ userAgent: String?, _ expected: Visitor) {
            self.who = who
            self.userAgent = userAgent
            self.expected = expected
        }

        var testDescription: String { who }
    }

    static let crawlers: [Case] = [
        Case("Apple Messages (iMessage link preview)",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko) Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
             .crawler(name: "Apple Messages")),
        Case("Slack link expansion", "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)", .crawler(name: "Slack")),
        Case("Slack image proxy", "Slack-ImgProxy (+https://api.slack.com/robots)", .crawler(name: "Slack")),
        Case("Slackbot", "Slackbot 1.0 (+https://api.slack.com/robots)", .crawler(name: "Slack")),
        Case("Facebook", "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)", .crawler(name: "Facebook")),
        Case("Facebook, version 1.0", "facebookexternalhit/1.0 (+http://www.facebook.com/externalhit_uatext.php)", .crawler(name: "Facebook")),
        Case("Facebot", "Facebot", .crawler(name: "Facebook")),
        Case("Meta external agent", "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", .crawler(name: "Meta")),
        Case("X", "Twitterbot/1.0", .crawler(name: "X")),
        Case("Discord", "Mozilla/5.0 (Macintosh; Intel Mac OS X 11.6; rv:92.0) Gecko/20100101 Firefox/92.0 (compatible; Discordbot/2.0; +https://discordapp.com)", .crawler(name: "Discord")),
        Case("Discord, short", "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)", .crawler(name: "Discord")),
        Case("LinkedIn", "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)", .crawler(name: "LinkedIn")),
        Case("WhatsApp on Android", "WhatsApp/2.23.20.0 A", .crawler(name: "WhatsApp")),
        Case("WhatsApp on iPhone", "WhatsApp/2.21.12.21 i", .crawler(name: "WhatsApp")),
        Case("Signal (as WhatsApp)", "WhatsApp/2", .crawler(name: "WhatsApp")),
        Case("Telegram (which claims to be like X)", "TelegramBot (like TwitterBot)", .crawler(name: "Telegram")),
        Case("Skype and Teams", "Mozilla/5.0 (Windows NT 6.1; WOW64) SkypeUriPreview Preview/0.5 skype-url-preview@microsoft.com", .crawler(name: "Skype")),
        Case("Pinterest", "Mozilla/5.0 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)", .crawler(name: "Pinterest")),
        Case("Pinterest on a phone (claims Android)",
             "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/41.0.2272.96 Mobile Safari/537.36 (compatible; Pinterestbot/1.0; +http://www.pinterest.com/bot.html)",
             .crawler(name: "Pinterest")),
        Case("Pinterest, old", "Pinterest/0.2 (+https://www.pinterest.com/bot.html)", .crawler(name: "Pinterest")),
        Case("Reddit", "Mozilla/5.0 (compatible; redditbot/1.0; +http://www.reddit.com/feedback)", .crawler(name: "Reddit")),
        Case("Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", .crawler(name: "Google")),
        Case("Googlebot smartphone (claims Android)",
             "Mozilla/5.0 (Linux; Android 6.0.1; Nexus 5X Build/MMB29P) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.6099.129 Mobile Safari/537.36 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
             .crawler(name: "Google")),
        Case("Bing", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)", .crawler(name: "Bing")),
        Case("Bing, Chrome-based",
             "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/116.0.1938.76 Safari/537.36",
             .crawler(name: "Bing")),
        Case("Applebot",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/13.1.1 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
             .crawler(name: "Applebot")),
        Case("Applebot as an iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 8_1 like Mac OS X) AppleWebKit/600.1.4 (KHTML, like Gecko) Version/8.0 Mobile/12B410 Safari/600.1.4 (Applebot/0.1; +http://www.apple.com/go/applebot)",
             .crawler(name: "Applebot")),
        Case("Embedly", "Mozilla/5.0 (compatible; Embedly/0.2; +http://support.embed.ly/)", .crawler(name: "Embedly")),
        Case("Iframely", "Iframely/1.3.1 (+https://iframely.com/docs/about)", .crawler(name: "Iframely")),
        Case("VK", "Mozilla/5.0 (compatible; vkShare; +http://vk.com/dev/Share)", .crawler(name: "VK")),
        Case("Mastodon 4", "Mastodon/4.2.10 (http.rb/5.1.1; +https://mastodon.social/) Bot", .crawler(name: "Mastodon")),
        Case("Mastodon 3", "http.rb/4.4.1 (Mastodon/3.5.3; +https://mastodon.example/)", .crawler(name: "Mastodon")),
        Case("Bluesky", "Mozilla/5.0 (compatible; Bluesky Cardyb/1.1; +mailto:support@bsky.app)", .crawler(name: "Bluesky")),
        Case("Snapchat", "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/100.0.4896.75 Safari/537.36 Snap URL Preview Service; bot; snapchat; https://developers.snap.com/robots", .crawler(name: "Snapchat")),
        Case("crawler tokens in another case", "SLACKBOT-LINKEXPANDING 1.0", .crawler(name: "Slack")),
    ]

    static let people: [Case] = [
        Case("Safari on iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
             .browser(.ios)),
        Case("Safari on iPad, mobile user agent",
             "Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1",
             .browser(.ios)),
        Case("iPod touch",
             "Mozilla/5.0 (iPod touch; CPU iPhone OS 15_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.6 Mobile/15E148 Safari/604.1",
             .browser(.ios)),
        Case("Chrome on iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1",
             .browser(.ios)),
        Case("Firefox on iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/121.0 Mobile/15E148 Safari/605.1.15",
             .browser(.ios)),
        Case("Google app on iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) GSA/298.0.595435837 Mobile/15E148 Safari/604.1",
             .browser(.ios)),
        Case("Instagram's in-app browser",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 302.0.0.23.114 (iPhone14,2; iOS 16_6; en_US; en; scale=3.00; 1170x2532; 520987189)",
             .browser(.ios)),
        Case("Facebook's in-app browser",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/21B101 [FBAN/FBIOS;FBAV/443.0.0.33.115;FBBV/537488235;FBDV/iPhone14,5;FBMD/iPhone;FBSN/iOS;FBSV/17.1.2;FBSS/3;FBID/phone;FBLC/en_US;FBOP/5;FBRV/539232520]",
             .browser(.ios)),
        Case("LinkedIn's in-app browser (not LinkedInBot)",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 16_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [LinkedInApp]/9.27.5646",
             .browser(.ios)),
        Case("a plain web view on iPhone",
             "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148",
             .browser(.ios)),
        Case("Chrome on Android",
             "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
             .browser(.android)),
        Case("Samsung Internet",
             "Mozilla/5.0 (Linux; Android 13; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Mobile Safari/537.36",
             .browser(.android)),
        Case("Firefox on Android", "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0", .browser(.android)),
        Case("an Android tablet",
             "Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
             .browser(.android)),
        Case("Facebook's in-app browser on Android",
             "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.5845.163 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/432.0.0.29.102;]",
             .browser(.android)),
        Case("a phone whose model name contains 'bot' (Cubot)",
             "Mozilla/5.0 (Linux; Android 12; CUBOT X50) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/119.0.0.0 Mobile Safari/537.36",
             .browser(.android)),
        Case("Windows Phone 8.1 (claims Android and iPhone)",
             "Mozilla/5.0 (Mobile; Windows Phone 8.1; Android 4.0; ARM; Trident/7.0; Touch; rv:11.0; IEMobile/11.0; NOKIA; Lumia 635) like iPhone OS 7_0_3 Mac OS X AppleWebKit/537 (KHTML, like Gecko) Mobile Safari/537",
             .browser(.desktop)),
        Case("Windows 10 Mobile",
             "Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063",
             .browser(.desktop)),
        Case("Safari on iPadOS, desktop-class (indistinguishable from a Mac)",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15",
             .browser(.desktop)),
        Case("Chrome on Windows",
             "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
             .browser(.desktop)),
        Case("Edge on Windows",
             "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.2210.91",
             .browser(.desktop)),
        Case("Firefox on Linux", "Mozilla/5.0 (X11; Linux x86_64; rv:121.0) Gecko/20100101 Firefox/121.0", .browser(.desktop)),
        Case("Chrome on ChromeOS",
             "Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
             .browser(.desktop)),
        Case("a plain macOS web view (some link previews look like this)",
             "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko)",
             .browser(.desktop)),
        Case("curl", "curl/8.5.0", .browser(.desktop)),
        Case("no header", nil, .browser(.desktop)),
        Case("an empty header", "", .browser(.desktop)),
        Case("non-ASCII bytes", "Mözilla/5.0 (ïPhone) 🤖", .browser(.desktop)),
    ]

    @Test(arguments: crawlers + people)
    func eachUserAgentIsClassified(_ example: Case) {
        #expect(VisitorClassifier.classify(userAgent: example.userAgent) == example.expected)
    }

    @Test func theTablesHoldAtLeastFortyRealUserAgents() {
        #expect(Self.crawlers.count + Self.people.count >= 40)
    }

    @Test func crawlersAreRecordedUnderTheCrawlerPlatformAndPeopleUnderTheirOwn() {
        #expect(Visitor.crawler(name: "Slack").platform == .crawler)
        #expect(Visitor.crawler(name: "Slack").isCrawler)
        #expect(Visitor.browser(.android).platform == .android)
        #expect(!Visitor.browser(.android).isCrawler)
    }

    @Test func aNeedleAtTheVeryEndOrCutShortIsHandled() {
        #expect(VisitorClassifier.classify(userAgent: "x android") == .browser(.android))
        #expect(VisitorClassifier.classify(userAgent: "x androi") == .browser(.desktop))
        #expect(VisitorClassifier.classify(userAgent: "a") == .browser(.desktop))
    }

    @Test func aBridgedOrSubstringBackedHeaderIsClassifiedTheSame() {
        let line = "User-Agent: Twitterbot/1.0"
        let header = String(line.dropFirst("User-Agent: ".count))
        #expect(VisitorClassifier.classify(userAgent: header) == .crawler(name: "X"))
    }

    @Test(arguments: [
        ("Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1", true),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1", false),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.2 Safari/605.1.15", false),
        ("IPAD", true),
    ])
    func anIPadIsRecognizedWhenItSaysSo(userAgent: String, isIPad: Bool) {
        #expect(VisitorClassifier.isIPad(userAgent: userAgent) == isIPad)
    }

    @Test func noUserAgentIsNotAnIPad() {
        #expect(!VisitorClassifier.isIPad(userAgent: nil))
        #expect(!VisitorClassifier.isIPad(userAgent: "iPa"))
    }
}
