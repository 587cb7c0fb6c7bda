import Foundation
import LandfallLinks
@testable import LandfallStorage
import LandfallWire
import Testing

/// Links and counts for the tests, with dates in whole milliseconds (what the database keeps).
enum Fixtures {
    /// 2026-11-20 12:00:00 UTC.
    static let now = at(0)

    /// The moment `offset` milliseconds after ``now``, made as the storage reads dates back
    /// (milliseconds divided by 1000), so that it compares equal after a round trip.
    static func at(_ offset: Int) -> Date {
        Date(timeIntervalSince1970: Double(1_795_176_000_000 + offset) / 1000)
    }
    /// The link host.
    static let host = "go.example.com"

    /// A link created `offset` milliseconds after ``now``, with a random id of that moment.
    static func link(_ slug: String, host: String = host, target: String? = nil, offset: Int = 0) -> ShortLink {
        let created = at(offset)
        var generator = SystemRandomNumberGenerator()
        return ShortLink(
            id: LinkID.generate(at: created, using: &generator), host: host, slug: slug,
            target: target ?? "https://daily.example.com/puzzle/\(slug)", createdAt: created
        )
    }

    /// A link with every field set.
    static func fullLink(_ slug: String = "winter") -> ShortLink {
        var link = link(slug, target: "https://daily.example.com/puzzle/2026-11-21?from=short")
        link.overrides = PlatformOverrides(ios: "https://apps.apple.com/app/id1", android: "https://play.google.com/store/apps/details?id=x",
                                           desktop: "https://daily.example.com/desktop")
        link.preview = SocialPreview(title: "Winter league", description: "Ünïcödé, 'quotes' and \"double\" ones", imageURL: "https://cdn.example.com/w.png")
        link.campaign = Campaign(source: "newsletter", medium: "email", name: "winter-league", term: "puzzle", content: "button")
        link.data = ["puzzle": "2026-11-21", "mode": "hard", "empty": "", "json": "{\"a\":[1]}"]
        link.expiresAt = at(86_400_123)
        link.maxClicks = 1_000
        link.isDisabled = true
        link.updatedAt = at(60_500)
        return link
    }

    /// A click count of iPhone visitors without a referrer on 2026-11-20.
    static func count(_ link: ShortLink, _ count: Int) -> ClickCount {
        self.count(link, day: "2026-11-20", .ios, referrer: "", count)
    }

    /// A click count.
    static func count(_ link: ShortLink, day: String = "2026-11-20", _ platform: ClickPlatform = .ios, referrer: String = "", _ count: Int) -> ClickCount {
        ClickCount(key: ClickKey(linkID: link.id, day: day, platform: platform, referrerHost: referrer), count: count)
    }
}

/// Expects `body` to throw a ``StorageError`` and returns it.
@discardableResult
func expectStorageError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () async throws -> Void
) async -> StorageError? {
    do {
        try await body()
        Issue.record("expected a StorageError, but nothing was thrown", sourceLocation: sourceLocation)
        return nil
    } catch let error as StorageError {
        return error
    } catch {
        Issue.record("expected a StorageError, got \(error)", sourceLocation: sourceLocation)
        return nil
    }
}
