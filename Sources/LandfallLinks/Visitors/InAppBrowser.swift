/// The browser an app opens links in (Instagram's, Facebook's, TikTok's, …), told by the
/// `User-Agent` header. Such browsers do not open universal links or App Links: a link there
/// shows the web page, and the page must say how to get out (the app's menu, then "Open in
/// Safari" or "Open in Chrome") and offer the app's custom scheme instead.
///
/// The clicks made in one are counted by app (``InAppClickCount``, `byInAppBrowser` in the
/// statistics), so a site sees how many of its links were opened where the app cannot open.
///
/// ```swift
/// InAppBrowser.detect(userAgent: "Mozilla/5.0 (iPhone; …) Mobile/15E148 Instagram 361.0.0.35.82 (iPhone16,2; iOS 18_1; …)")
/// // InAppBrowser(app: "Instagram")
/// InAppBrowser.detect(userAgent: "Mozilla/5.0 (iPhone; …) Version/18.1 Mobile/15E148 Safari/604.1")  // nil
/// ```
public struct InAppBrowser: Sendable, Hashable {
    /// The app whose browser it is, as people call it (`Instagram`, `Facebook`, `TikTok`).
    public let app: String

    /// The tokens each app puts in its browser's `User-Agent`, the more specific first
    /// (Messenger's before Facebook's).
    public static let signatures: [(token: String, app: String)] = [
        ("Instagram", "Instagram"), ("Barcelona", "Threads"),
        ("FBAN/Messenger", "Messenger"), ("MessengerForiOS", "Messenger"), ("FB_IAB/MESSENGER", "Messenger"),
        ("FBAN/", "Facebook"), ("FBAV/", "Facebook"), ("FB_IAB/", "Facebook"),
        ("LinkedInApp", "LinkedIn"), ("musical_ly", "TikTok"), ("BytedanceWebview", "TikTok"), ("TikTok", "TikTok"),
        ("Snapchat", "Snapchat"), ("Pinterest", "Pinterest"), ("MicroMessenger", "WeChat"), (" Line/", "LINE"),
    ]

    /// Creates a value for `app`.
    public init(app: String) {
        self.app = app
    }

    /// The in-app browser `userAgent` names, or `nil` for a browser of its own (Safari, Chrome,
    /// Firefox, …) and for a link-preview crawler.
    public static func detect(userAgent: String?) -> InAppBrowser? {
        guard let userAgent else { return nil }
        return app(inUserAgent: userAgent, of: VisitorClassifier.classify(userAgent: userAgent).platform).map(InAppBrowser.init(app:))
    }

    /// The app whose in-app browser a visitor already classified as `platform` is in: the user
    /// agent is scanned only for a phone's browser (a computer's click, the hot path, scans
    /// nothing), `nil` otherwise.
    public static func app(inUserAgent userAgent: String?, of platform: ClickPlatform) -> String? {
        guard platform == .ios || platform == .android, let userAgent else { return nil }
        return app(inPhoneUserAgent: userAgent)
    }

    /// The app whose in-app browser `userAgent` names, for a visitor already known to be a
    /// phone's browser (the caller classified it): a scan of the user agent for the
    /// ``signatures``, without classifying it again. `nil` for a browser of its own.
    ///
    /// ```swift
    /// InAppBrowser.app(inPhoneUserAgent: "Mozilla/5.0 (Linux; Android 14; …) Chrome/131.0 Mobile Safari/537.36 musical_ly_2023509030")
    /// // "TikTok"
    /// ```
    public static func app(inPhoneUserAgent userAgent: String) -> String? {
        var userAgent = userAgent
        return userAgent.withUTF8 { header in tokens.first { contains(header, $0.bytes) }?.app }
    }

    /// The ``signatures``' tokens as bytes, in their order.
    private static let tokens: [(bytes: [UInt8], app: String)] = signatures.map { (Array($0.token.utf8), $0.app) }

    /// Whether `header` holds `token`, byte for byte (the tokens are ASCII, compared with case).
    private static func contains(_ header: UnsafeBufferPointer<UInt8>, _ token: [UInt8]) -> Bool {
        guard let first = token.first, token.count <= header.count else { return false }
        var position = 0
        while position <= header.count - token.count {
            if header[position] == first {
                var offset = 1
                while offset < token.count, header[position + offset] == token[offset] { offset += 1 }
                if offset == token.count { return true }
            }
            position += 1
        }
        return false
    }

    /// What to tap to leave it, for a person on `platform`: the app's menu, then the system's browser.
    public func howToLeave(on platform: ClickPlatform) -> String {
        let browser = platform == .android ? "Chrome" : "Safari"
        return "You're in \(app)'s browser, which can't open apps. Tap the ••• menu and choose Open in \(browser) (or Open in browser), then Open in the app."
    }
}
