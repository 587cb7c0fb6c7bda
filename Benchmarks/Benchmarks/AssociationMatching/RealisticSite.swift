import AppSiteAssociation

/// The workload of the matching benchmarks: a realistic 20-rule association file for a news
/// site with two apps, and a mix of 100 URL questions a link server or checker would ask.
enum RealisticSite {
    static let newsApp = "ABCDE12345.com.example.news"
    static let shopApp = "ABCDE12345.com.example.shop"

    /// 20 rules in two details: `/` prefixes with `*`, exclusions (one by fragment), a query
    /// dictionary, a whole-query pattern, one `caseSensitive: false` rule and one rule using a
    /// substitution variable.
    static let fileJSON = #"""
    {
      "applinks": {
        "substitutionVariables": { "section": ["news", "sport", "culture", "opinion", "travel"] },
        "details": [
          {
            "appIDs": ["ABCDE12345.com.example.news", "ABCDE12345.com.example.news.beta"],
            "components": [
              { "#": "no_universal_links", "exclude": true, "comment": "opt-out fragment" },
              { "/": "/account/delete*", "exclude": true },
              { "/": "/help/website/*", "exclude": true },
              { "/": "/help/*", "?": { "articleNumber": "????" } },
              { "/": "/$(section)/*" },
              { "/": "/puzzle/????-??-??" },
              { "/": "/Recipes/*", "caseSensitive": false },
              { "/": "/article/*" },
              { "/": "/video/*/watch" },
              { "/": "/live/*" },
              { "/": "/author/?*" },
              { "/": "/search", "?": "q=*" },
              { "/": "/invite/*" },
              { "/": "/u/*" }
            ]
          },
          {
            "appIDs": ["ABCDE12345.com.example.shop"],
            "components": [
              { "/": "/shop/checkout/*", "exclude": true },
              { "/": "/shop/*" },
              { "/": "/product/*" },
              { "/": "/cart" },
              { "/": "/orders/*" },
              { "/": "/deals/*" }
            ]
          }
        ]
      },
      "webcredentials": { "apps": ["ABCDE12345.com.example.news"] }
    }
    """#

    /// One question: does `url` open `appID`?
    struct Question {
        let url: String
        let appID: String
    }

    /// 100 questions: hits on every rule, exclusions, misses (pages that stay on the web,
    /// wrong query values, other schemes) and URLs asked for the app that does not own them.
    static let questions: [Question] = {
        let news = [
            // Hits.
            "https://example.com/news/2026/11/20/storm-warning",
            "https://example.com/sport/football/results?utm_source=share",
            "https://example.com/culture/books/best-of-2026",
            "https://example.com/opinion/letters/1234",
            "https://example.com/travel/italy/rome-in-three-days",
            "https://example.com/article/98231-markets-rally",
            "https://example.com/article/98232?ref=homepage#comments",
            "https://example.com/article/98233/",
            "https://example.com/puzzle/2026-11-20",
            "https://example.com/puzzle/2026-11-19/",
            "https://example.com/recipes/pasta/cacio-e-pepe",
            "https://example.com/RECIPES/Soup/Minestrone",
            "https://example.com/Recipes/cake?servings=8",
            "https://example.com/help/faq?articleNumber=4812",
            "https://example.com/help/billing?lang=en&articleNumber=1002",
            "https://example.com/video/8812/watch",
            "https://example.com/video/2026/highlights/watch",
            "https://example.com/live/election-night",
            "https://example.com/live/",
            "https://example.com/author/jane-doe",
            "https://example.com/search?q=universal+links",
            "https://example.com/search/?q=",
            "https://example.com/invite/8F3K2Q",
            "https://example.com/u/alice",
            "https://example.com/u/bob/following",
            "https://example.com/news/world/europe/elections-2026?page=2",
            "https://example.com/sport/tennis/",
            "https://example.com/article/%E2%9C%93-checked",
            "https://www.example.com/article/98234",
            "https://example.com/culture/film/review-the-long-walk#top",
            "https://example.com/opinion/",
            "https://example.com/invite/ZZ99?from=sms",
            "https://example.com/RECIPES",
            // Exclusions.
            "https://example.com/article/98235#no_universal_links",
            "https://example.com/news/2026/11/20/storm-warning#no_universal_links",
            "https://example.com/account/delete",
            "https://example.com/account/delete/confirm",
            "https://example.com/help/website/cookies",
            "https://example.com/help/website/accessibility?articleNumber=1234",
            // Misses.
            "https://example.com/",
            "https://example.com",
            "https://example.com/about",
            "https://example.com/privacy-policy",
            "https://example.com/static/app.4f2a1c.js",
            "https://example.com/images/logo@2x.png",
            "https://example.com/help/faq?articleNumber=481",
            "https://example.com/help/faq",
            "https://example.com/puzzle/today",
            "https://example.com/video/8812",
            "https://example.com/author/",
            "https://example.com/search?query=links",
            "https://example.com/weather/london",
            "https://example.com/newsletter/signup",
            "https://example.com/account/settings",
            "https://example.com/sitemap.xml",
            "https://example.com/robots.txt",
            "https://example.com/.well-known/apple-app-site-association",
            "http://example.com/about-us/team",
            "https://example.com/podcasts/daily/episode-412",
            "examplenews://article/98231",
            "https://example.com/Article/98231",
            "https://example.com/feeds/rss",
            "https://example.com/games/crossword",
            "https://example.com/tag/climate",
            "https://example.com/corrections",
            // The shop's URLs, asked for the news app.
            "https://example.com/shop/gifts/mugs",
            "https://example.com/product/mug-blue-350ml",
            "https://example.com/cart",
            "https://example.com/orders/A-112-9981",
            "https://example.com/deals/black-friday",
        ]
        let shop = [
            // Hits.
            "https://example.com/shop/gifts/mugs",
            "https://example.com/shop/books?sort=price",
            "https://example.com/shop/",
            "https://example.com/product/mug-blue-350ml",
            "https://example.com/product/tote-bag?colour=green#reviews",
            "https://example.com/cart",
            "https://example.com/cart/",
            "https://example.com/orders/A-112-9981",
            "https://example.com/orders/A-112-9982/tracking",
            "https://example.com/deals/black-friday",
            "https://example.com/deals/",
            "https://example.com/shop/gifts/%F0%9F%8E%81-wrapping",
            // Exclusions.
            "https://example.com/shop/checkout/payment",
            "https://example.com/shop/checkout/",
            "https://example.com/shop/checkout/confirm?order=A-112-9983",
            // Misses.
            "https://example.com/shopping-guide",
            "https://example.com/products",
            "https://example.com/cart/items/12",
            "https://example.com/Shop/gifts",
            "https://example.com/returns",
            // The news app's URLs, asked for the shop app.
            "https://example.com/article/98231-markets-rally",
            "https://example.com/news/2026/11/20/storm-warning",
            "https://example.com/puzzle/2026-11-20",
            "https://example.com/u/alice",
            "https://example.com/search?q=mugs",
            "https://example.com/recipes/pasta/cacio-e-pepe",
            "https://example.com/invite/8F3K2Q",
            "https://example.com/live/election-night",
            "https://example.com/video/8812/watch",
            "https://example.com/help/faq?articleNumber=4812",
        ]
        // Interleave so that neither app's questions run as one block.
        var mixed: [Question] = []
        var newsIndex = 0
        var shopIndex = 0
        while newsIndex < news.count || shopIndex < shop.count {
            for _ in 0..<2 where newsIndex < news.count {
                mixed.append(Question(url: news[newsIndex], appID: newsApp))
                newsIndex += 1
            }
            if shopIndex < shop.count {
                mixed.append(Question(url: shop[shopIndex], appID: shopApp))
                shopIndex += 1
            }
        }
        return mixed
    }()

    /// The file, decoded.
    static func file() -> AssociationFile {
        do {
            return try AssociationFile(json: fileJSON)
        } catch {
            fatalError("the benchmark's own association file does not decode: \(error)")
        }
    }

    /// The questions with their URLs parsed (every benchmark URL parses).
    static func parsedQuestions() -> [(url: LinkURL, appID: String)] {
        questions.map { question in
            do {
                return (try LinkURL(parsing: question.url), question.appID)
            } catch {
                fatalError("the benchmark's URL does not parse: \(error)")
            }
        }
    }

    /// How many questions end in each outcome, as `match 45, exclude 11, no_match 44`.
    static func outcomeSummary(_ matcher: AssociationMatcher) -> String {
        var counts: [MatchDecision.Outcome: Int] = [:]
        for (url, appID) in parsedQuestions() {
            counts[matcher.decision(for: url, appID: appID).outcome, default: 0] += 1
        }
        return MatchDecision.Outcome.allCases.map { "\($0.rawValue) \(counts[$0] ?? 0)" }.joined(separator: ", ")
    }
}
