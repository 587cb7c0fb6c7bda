/// One substring of a `User-Agent` header that says something about the visitor, and what it says.
///
/// ``VisitorClassifier`` looks for all of them in one pass over the header; the order of
/// ``UserAgentSignature/all`` is the priority among crawlers (the first one found in the table wins).
struct UserAgentSignature: Sendable {
    /// What finding the needle means.
    enum Meaning: Sendable, Equatable {
        /// A link-preview crawler or search engine, and the name it is reported under.
        case crawler(String)
        /// Windows Phone, whose browsers also claim to be Android and iPhone.
        case windowsPhone
        /// iPhone, iPad, iPod touch, or a browser that exists only on iOS and iPadOS.
        case ios
        /// Android.
        case android
    }

    /// The substring, lowercase ASCII (the header is compared case-insensitively).
    var needle: String
    /// What it means.
    var meaning: Meaning

    init(_ needle: String, _ meaning: Meaning) {
        self.needle = needle
        self.meaning = meaning
    }

    /// Every signature, crawlers first in order of priority.
    ///
    /// Sources and limits:
    /// - Apple Messages (and other LinkPresentation previews on iOS and macOS) fetch with
    ///   `Mozilla/5.0 (Macintosh; Intel Mac OS X 10_11_1) AppleWebKit/601.2.4 (KHTML, like Gecko)
    ///   Version/9.0.1 Safari/601.2.4 facebookexternalhit/1.1 Facebot Twitterbot/1.0`, borrowing the
    ///   Facebook and X tokens so that sites answer with their preview tags; the three tokens together
    ///   name Messages, any one of them alone names Facebook or X. Some macOS previews have been seen
    ///   with a bare `Mozilla/5.0 (Macintosh; …) AppleWebKit/605.1.15 (KHTML, like Gecko)`: that is
    ///   also the default user agent of every app's web view (in-app browsers of real people), so it
    ///   is deliberately *not* a crawler. Such a preview follows the desktop redirect and shows the
    ///   destination's own tags, and is counted as a desktop click.
    /// - Signal's apps fetch previews themselves; Signal Desktop and Android are known to send
    ///   `WhatsApp/2` to get preview tags, so they are reported as WhatsApp. Nothing else in
    ///   the request tells them apart.
    /// - Microsoft Teams previews send `SkypeUriPreview` and are reported as Skype.
    /// - Telegram's crawler sends `TelegramBot (like TwitterBot)`, so Telegram comes before X.
    /// - In-app browsers are people: `[LinkedInApp]`, `FBAN/FBIOS`, `Instagram`, `Twitter for
    ///   iPhone` do not contain a crawler token (`LinkedInBot`, `facebookexternalhit`, `Twitterbot`).
    /// - There is no catch-all `bot` match: it would take phones made by Cubot for crawlers.
    static let all: [UserAgentSignature] = [
        UserAgentSignature("facebookexternalhit/1.1 facebot twitterbot/1.0", .crawler("Apple Messages")),
        UserAgentSignature("slackbot", .crawler("Slack")),  // Slackbot-LinkExpanding, Slackbot 1.0
        UserAgentSignature("slack-imgproxy", .crawler("Slack")),
        UserAgentSignature("telegrambot", .crawler("Telegram")),
        UserAgentSignature("facebookexternalhit", .crawler("Facebook")),
        UserAgentSignature("facebot", .crawler("Facebook")),
        UserAgentSignature("meta-externalagent", .crawler("Meta")),
        UserAgentSignature("meta-externalfetcher", .crawler("Meta")),
        UserAgentSignature("twitterbot", .crawler("X")),
        UserAgentSignature("discordbot", .crawler("Discord")),
        UserAgentSignature("linkedinbot", .crawler("LinkedIn")),
        UserAgentSignature("whatsapp/", .crawler("WhatsApp")),
        UserAgentSignature("skypeuripreview", .crawler("Skype")),
        UserAgentSignature("pinterestbot", .crawler("Pinterest")),
        UserAgentSignature("pinterest/0.", .crawler("Pinterest")),
        UserAgentSignature("redditbot", .crawler("Reddit")),
        UserAgentSignature("googlebot", .crawler("Google")),
        UserAgentSignature("bingbot", .crawler("Bing")),
        UserAgentSignature("applebot", .crawler("Applebot")),
        UserAgentSignature("applenewsbot", .crawler("Apple News")),
        UserAgentSignature("embedly", .crawler("Embedly")),
        UserAgentSignature("iframely", .crawler("Iframely")),
        UserAgentSignature("vkshare", .crawler("VK")),
        UserAgentSignature("mastodon/", .crawler("Mastodon")),
        UserAgentSignature("cardyb", .crawler("Bluesky")),
        UserAgentSignature("snap url preview", .crawler("Snapchat")),
        UserAgentSignature("kakaotalk-scrap", .crawler("KakaoTalk")),
        UserAgentSignature("duckduckbot", .crawler("DuckDuckGo")),
        UserAgentSignature("yandexbot", .crawler("Yandex")),
        UserAgentSignature("baiduspider", .crawler("Baidu")),
        UserAgentSignature("windows phone", .windowsPhone),
        UserAgentSignature("iphone", .ios),
        UserAgentSignature("ipad", .ios),
        UserAgentSignature("ipod", .ios),
        UserAgentSignature("crios/", .ios),   // Chrome for iOS, also in an iPad's desktop-class user agent
        UserAgentSignature("fxios/", .ios),   // Firefox for iOS
        UserAgentSignature("edgios/", .ios),  // Edge for iOS
        UserAgentSignature("android", .android),
    ]
}

/// ``UserAgentSignature/all`` laid out for a single pass: the needles' bytes side by side, and for
/// each possible first byte the signatures whose needle starts with it.
struct UserAgentSignatureTable: Sendable {
    /// The table of ``UserAgentSignature/all``.
    static let shared = UserAgentSignatureTable(UserAgentSignature.all)

    let signatures: [UserAgentSignature]
    /// All needles' bytes, one after the other.
    let needleBytes: [UInt8]
    /// Where each needle starts in `needleBytes`; one more entry than there are signatures.
    let needleStarts: [Int]
    /// For first byte `b`, the entries `bucketStarts[b]..<bucketStarts[b + 1]` of `bucketSignatures`.
    let bucketStarts: [Int]
    /// Signature indexes grouped by the first byte of their needle.
    let bucketSignatures: [Int]
    /// Bit `first << 8 | second` is set when a needle starts with the bytes `first`, `second`
    /// (every `second` for a needle of one byte): most positions of a header start no needle,
    /// and this tells so in one look instead of trying each needle of their first byte.
    let pairStarts: [UInt64]

    init(_ signatures: [UserAgentSignature]) {
        self.signatures = signatures
        var bytes: [UInt8] = []
        var starts: [Int] = []
        for signature in signatures {
            starts.append(bytes.count)
            bytes.append(contentsOf: signature.needle.utf8.map(Self.lowercased))
        }
        starts.append(bytes.count)
        needleBytes = bytes
        needleStarts = starts
        var buckets = [[Int]](repeating: [], count: 256)
        for index in signatures.indices where starts[index + 1] > starts[index] {
            buckets[Int(bytes[starts[index]])].append(index)
        }
        var bucketStarts: [Int] = []
        var bucketSignatures: [Int] = []
        for bucket in buckets {
            bucketStarts.append(bucketSignatures.count)
            bucketSignatures.append(contentsOf: bucket)
        }
        bucketStarts.append(bucketSignatures.count)
        self.bucketStarts = bucketStarts
        self.bucketSignatures = bucketSignatures
        var pairs = [UInt64](repeating: 0, count: 65_536 / 64)
        for index in signatures.indices where starts[index + 1] > starts[index] {
            let first = Int(bytes[starts[index]]) << 8
            let seconds = starts[index + 1] - starts[index] > 1 ? [Int(bytes[starts[index] + 1])] : Array(0..<256)
            for second in seconds { pairs[(first | second) >> 6] |= 1 << UInt64((first | second) & 63) }
        }
        pairStarts = pairs
    }

    /// ASCII lowercase; every other byte unchanged.
    @inline(__always)
    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// What the bytes of a `User-Agent` header contain: the first crawler of the table found,
    /// and which platform needles were found.
    func scan(_ header: UnsafeBufferPointer<UInt8>) -> (crawler: String?, windowsPhone: Bool, ios: Bool, android: Bool) {
        var crawler = Int.max
        var windowsPhone = false, ios = false, android = false
        let count = header.count
        var position = 0
        while position < count {
            if position + 1 < count {
                let pair = Int(Self.lowercased(header[position])) << 8 | Int(Self.lowercased(header[position + 1]))
                if pairStarts[pair >> 6] & 1 << UInt64(pair & 63) == 0 {
                    position += 1
                    continue
                }
            }
            let first = Int(Self.lowercased(header[position]))
            var entry = bucketStarts[first]
            let end = bucketStarts[first + 1]
            while entry < end {
                let index = bucketSignatures[entry]
                entry += 1
                let start = needleStarts[index]
                let length = needleStarts[index + 1] - start
                guard length <= count - position else { continue }
                var offset = 1
                while offset < length, Self.lowercased(header[position + offset]) == needleBytes[start + offset] {
                    offset += 1
                }
                guard offset == length else { continue }
                switch signatures[index].meaning {
                case .crawler: crawler = min(crawler, index)
                case .windowsPhone: windowsPhone = true
                case .ios: ios = true
                case .android: android = true
                }
            }
            if crawler == 0 { break }  // nothing outranks the first crawler
            position += 1
        }
        var name: String?
        if crawler < signatures.count, case .crawler(let crawlerName) = signatures[crawler].meaning { name = crawlerName }
        return (name, windowsPhone, ios, android)
    }
}
