import DeepLinkRouting

/// Fifty routes of a realistic app (puzzles, profiles, a shop, settings, docs), the URLs the
/// benchmarks route, and the same table in RoutingKit's form.
enum RealisticTable {
    /// (pattern for DeepLinkRouting, parameter types, the same path for RoutingKit).
    static let entries: [(pattern: String, types: [String: ParameterType], routingKit: [String])] = [
        ("/", [:], [""]),
        ("/puzzle/today", [:], ["puzzle/today"]),
        ("/puzzle/:date", ["date": .day], ["puzzle/:date"]),
        ("/puzzle/:date/hint/:n", ["date": .day, "n": .int], ["puzzle/:date/hint/:n"]),
        ("/puzzle/:date/solution", ["date": .day], ["puzzle/:date/solution"]),
        ("/puzzle/archive", [:], ["puzzle/archive"]),
        ("/puzzle/archive/:year(/:month)", ["year": .int, "month": .int], ["puzzle/archive/:year", "puzzle/archive/:year/:month"]),
        ("/user/:userID", [:], ["user/:userID"]),
        ("/user/:userID/followers", [:], ["user/:userID/followers"]),
        ("/user/:userID/following", [:], ["user/:userID/following"]),
        ("/user/:userID/posts(/:postID)", ["postID": .int], ["user/:userID/posts", "user/:userID/posts/:postID"]),
        ("/post/:postID", ["postID": .int], ["post/:postID"]),
        ("/post/:postID/comments", ["postID": .int], ["post/:postID/comments"]),
        ("/post/:postID/comments/:commentID", ["postID": .int, "commentID": .int], ["post/:postID/comments/:commentID"]),
        ("/feed", [:], ["feed"]),
        ("/feed/:tab", [:], ["feed/:tab"]),
        ("/search", [:], ["search"]),
        ("/search/:term", [:], ["search/:term"]),
        ("/tag/:tag", [:], ["tag/:tag"]),
        ("/settings", [:], ["settings"]),
        ("/settings/account", [:], ["settings/account"]),
        ("/settings/notifications", [:], ["settings/notifications"]),
        ("/settings/privacy", [:], ["settings/privacy"]),
        ("/settings/billing", [:], ["settings/billing"]),
        ("/invite/:code", [:], ["invite/:code"]),
        ("/join/:teamID", [:], ["join/:teamID"]),
        ("/team/:teamID", [:], ["team/:teamID"]),
        ("/team/:teamID/members", [:], ["team/:teamID/members"]),
        ("/team/:teamID/settings", [:], ["team/:teamID/settings"]),
        ("/product/:sku", [:], ["product/:sku"]),
        ("/product/:sku/reviews", [:], ["product/:sku/reviews"]),
        ("/category/:slug", [:], ["category/:slug"]),
        ("/category/:slug/:subslug", [:], ["category/:slug/:subslug"]),
        ("/cart", [:], ["cart"]),
        ("/checkout", [:], ["checkout"]),
        ("/order/:orderID", ["orderID": .uuid], ["order/:orderID"]),
        ("/order/:orderID/track", ["orderID": .uuid], ["order/:orderID/track"]),
        ("/help", [:], ["help"]),
        ("/help/:article", [:], ["help/:article"]),
        ("/docs/*path", [:], ["docs/**"]),
        ("/blog", [:], ["blog"]),
        ("/blog/:year/:slug", ["year": .int], ["blog/:year/:slug"]),
        ("/about", [:], ["about"]),
        ("/legal/terms", [:], ["legal/terms"]),
        ("/legal/privacy", [:], ["legal/privacy"]),
        ("/download", [:], ["download"]),
        ("/promo/:code", [:], ["promo/:code"]),
        ("/share/:token", [:], ["share/:token"]),
        ("/gift/:code/redeem", [:], ["gift/:code/redeem"]),
        ("/live/:eventID", [:], ["live/:eventID"]),
    ]

    /// Links as apps receive them: mostly matches, some with queries, one fallback.
    static let urls: [String] = [
        "https://example.com/puzzle/2025-10-25",
        "https://www.example.com/puzzle/today",
        "https://example.com/puzzle/2025-10-25/hint/2",
        "https://example.com/user/ada?ref=share",
        "https://example.com/user/ada/posts/42",
        "https://example.com/post/1234/comments/99",
        "https://example.com/settings/notifications",
        "https://example.com/product/SKU-1234/reviews",
        "https://example.com/category/shoes/running",
        "https://example.com/order/e621e1f8-c36c-495a-93fc-0c247a3e6e5f/track",
        "https://example.com/docs/guide/routing/ranking",
        "https://example.com/blog/2024/hello-world",
        "https://example.com/search?q=ice+cream&page=2",
        "https://example.com/invite/XyZ123",
        "myapp://team/abc/members",
        "https://example.com/nothing/here",
    ]

    /// The same links' paths, split for RoutingKit (which takes segments, not URLs).
    static let splitPaths: [[String]] = urls.map(path(of:))

    /// The path segments of a URL, split with the standard library only (no Foundation):
    /// what an app must do before it can hand a URL to RoutingKit. For a custom scheme the
    /// host is the first segment, as DeepLinkRouting reads it.
    static func path(of url: String) -> [String] {
        let utf8 = url.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")) else { return [] }
        var rest = Substring(url)[utf8.index(after: colon)...]
        if rest.utf8.starts(with: "//".utf8) {
            rest = rest.dropFirst(2)
            if url.utf8.starts(with: "https".utf8), let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) {
                rest = rest[slash...]  // skip the host
            }
        }
        if let end = rest.utf8.firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) {
            rest = rest[..<end]
        }
        return rest.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
    }

    static func router() -> Router {
        do {
            return try Router(
                sources: [.host("example.com", includingWWW: true), .scheme("myapp")],
                routes: entries.enumerated().map { index, entry in
                    Route(entry.pattern, name: "r\(index)", parameters: entry.types)
                })
        } catch {
            fatalError("\(error)")
        }
    }
}
