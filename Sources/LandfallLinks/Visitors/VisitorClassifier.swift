/// Tells link-preview crawlers from people, and people's platforms apart, by the `User-Agent` header.
///
/// It runs on every click, so it is one pass over the header's bytes with ASCII case folding: no
/// regular expressions, no lowercased copy, no allocation for a native string.
///
/// The rules, in order:
/// 1. A known crawler token anywhere in the header (`Slackbot`, `facebookexternalhit`,
///    `Twitterbot`, `Discordbot`, `LinkedInBot`, `WhatsApp/`, `TelegramBot`, `Googlebot`, …)
///    makes it a ``Visitor/crawler(name:)``: crawlers often claim a phone too
///    (`Googlebot` smartphone says Android), and the crawler wins.
/// 2. `Windows Phone` is desktop, although it also says `Android` and `like iPhone OS`.
/// 3. `iPhone`, `iPad`, `iPod`, or a browser that exists only on iOS (`CriOS`, `FxiOS`,
///    `EdgiOS`) is ``ClickPlatform/ios``; this includes in-app browsers (Instagram, Facebook's
///    `FBAN/FBIOS`, the Google app's `GSA`) since they all keep the device in the header.
/// 4. `Android` is ``ClickPlatform/android``.
/// 5. Anything else, including a missing or empty header, is ``ClickPlatform/desktop``.
///
/// Limits a server cannot overcome:
/// - iPadOS Safari (since iPadOS 13) sends the desktop-class `Macintosh; Intel Mac OS X` user
///   agent with no `iPad` and no `Mobile`: it is indistinguishable from a Mac and classified
///   ``ClickPlatform/desktop``. In-app browsers on iPad usually still say `iPad` and are iOS.
/// - Previews that send a plain browser user agent (Signal on iOS, some macOS LinkPresentation
///   fetches) are taken for people; see the comments on the signature table.
///
/// ```swift
/// VisitorClassifier.classify(userAgent: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)")
/// // .crawler(name: "Discord")
/// VisitorClassifier.classify(userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) …")
/// // .browser(.ios)
/// ```
public enum VisitorClassifier {
    /// The visitor a `User-Agent` header (or its absence) describes.
    public static func classify(userAgent: String?) -> Visitor {
        guard let userAgent, !userAgent.isEmpty else { return .browser(.desktop) }
        let table = UserAgentSignatureTable.shared
        let found = userAgent.utf8.withContiguousStorageIfAvailable { table.scan($0) }
            ?? Array(userAgent.utf8).withUnsafeBufferPointer { table.scan($0) }
        if let crawler = found.crawler { return .crawler(name: crawler) }
        if found.windowsPhone { return .browser(.desktop) }
        if found.ios { return .browser(.ios) }
        if found.android { return .browser(.android) }
        return .browser(.desktop)
    }

    /// Whether the header names an iPad (`iPad` anywhere, case-insensitively), for the
    /// Firebase Dynamic Links parameters that differ on iPad (`ipfl`, `ipbi`).
    ///
    /// Like ``classify(userAgent:)`` it cannot see an iPad whose Safari sends the desktop-class
    /// user agent; such a visitor is a desktop browser.
    public static func isIPad(userAgent: String?) -> Bool {
        guard let userAgent else { return false }
        let needle = Array("ipad".utf8)
        let bytes = Array(userAgent.utf8)
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count)
        where needle.indices.allSatisfy({ UserAgentSignatureTable.lowercased(bytes[start + $0]) == needle[$0] }) {
            return true
        }
        return false
    }
}
