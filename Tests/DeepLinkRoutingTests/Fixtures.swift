import DeepLinkRouting
import Testing

/// A realistic app's router, shared by the table tests.
enum Fixtures {
    static let sources: [LinkSource] = [
        .host("example.com", includingWWW: true),
        .host("links.example.org"),
        .subdomains(of: "example.net"),
        .scheme("myapp"),
    ]

    static let routes: [Route] = [
        Route("/", name: "home"),
        Route("/puzzle/today", name: "puzzleToday"),
        Route("/puzzle/:date", name: "puzzle", parameters: ["date": .day]),
        Route("/puzzle/:date/hint/:number", name: "hint", parameters: ["date": .day, "number": .int]),
        Route("/user/:userID", name: "profile", requires: [.signedIn]),
        Route("/user/:userID/posts(/:post)", name: "posts", parameters: ["post": .int]),
        Route("/item/:id", name: "itemByID", parameters: ["id": .int]),
        Route("/item/:slug", name: "itemBySlug"),
        Route("/docs(/*path)", name: "docs"),
        Route("/files/*path", name: "files"),
        Route("/send", name: "send"),
        Route("/About", name: "about", caseSensitive: false),
        Route("/search", name: "search", query: ["page": .int]),
        Route("/required/:a(/optional/:b)", name: "optional"),
        Route("/promo/summer", name: "summerPromo"),
        Route("/promo/:code", name: "promo", priority: 10),
        Route("/v/:version", name: "version", parameters: ["version": .double]),
        Route("/flag/:enabled", name: "flag", parameters: ["enabled": .bool]),
        Route("/device/:id", name: "device", parameters: ["id": .uuid]),
        Route("/caf%C3%A9", name: "cafe"),
        Route("/blog/:year/:slug", name: "blog", parameters: ["year": .int]),
        Route("/blog/archive/*rest", name: "blogArchive"),
        Route("/shop/*", name: "shop"),
        Route("/lang/:code(/page/:page(/section/:section))", name: "nested"),
        Route("/Legal/Terms", name: "terms"),
    ]

    static let router: Router = {
        do {
            return try Router(sources: sources, routes: routes)
        } catch {
            fatalError("the fixture router must build: \(error)")
        }
    }()
}

/// What a table case expects from the router.
enum Expected: Sendable, CustomStringConvertible {
    case matched(String, [String: [String]] = [:])
    case fallback
    case rejected

    var description: String {
        switch self {
        case .matched(let name, let parameters): "matched \(name) \(parameters)"
        case .fallback: "fallback"
        case .rejected: "rejected"
        }
    }
}

/// Checks a decision against what a case expects: the decision, the route, and exactly
/// the parameter names and values expected.
func check(_ decision: RoutingDecision, _ expected: Expected, sourceLocation: SourceLocation = #_sourceLocation) {
    switch (decision, expected) {
    case (.matched(let match), .matched(let name, let parameters)):
        #expect(match.route.name == name, sourceLocation: sourceLocation)
        #expect(Set(match.parameters.names) == Set(parameters.keys),
                "names \(match.parameters.names)", sourceLocation: sourceLocation)
        for (key, values) in parameters {
            #expect(match.parameters.values(key) == values, "parameter \(key)", sourceLocation: sourceLocation)
        }
    case (.fallback, .fallback), (.rejected, .rejected):
        break
    default:
        Issue.record("expected \(expected), got \(decision)", sourceLocation: sourceLocation)
    }
}
