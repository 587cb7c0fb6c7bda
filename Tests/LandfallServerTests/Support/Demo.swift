import Foundation
import LandfallSite
import Testing
@testable import LandfallServer

/// What the tests know about the demo site (`examples/demo/landfall.yml`).
enum Demo {
    /// The site host, where pages are served.
    static let site = "daily.example.com"
    /// The alias, which redirects pages to the site host.
    static let alias = "www.daily.example.com"
    /// The short-link host.
    static let links = "go.daily.example.com"
    /// The interstitial host, on another domain, which sends browsers back to the site.
    static let interstitial = "open.dailypuzzle.app"
    /// The development name standing for the site host.
    static let localSite = "localhost"
    /// The development name standing for the interstitial host.
    static let localInterstitial = "127.0.0.1"

    /// Every host the demo answers on, development names with and without a port.
    static let hosts = [site, alias, links, interstitial, localSite, "\(localSite):8080", localInterstitial, "\(localInterstitial):8080"]

    /// The iOS app's ID, as the association file lists it.
    static let appID = "ABCDE12345.com.example.dailypuzzle"
    /// The Android app's package.
    static let androidPackage = "com.example.dailypuzzle"

    /// Noon in New York on 2026-11-20: the puzzles of the 18th to the 20th are out, those of
    /// the 21st on are not; the winter-league article is out, new-puzzle-types is not.
    static let noon = Moment.parse("2026-11-20T17:00:00Z")
    /// The days with released puzzle content at ``noon``.
    static let releasedDays = ["2026-11-18", "2026-11-19", "2026-11-20"]
    /// The days with puzzle content still embargoed at ``noon``, and the theme each would give away.
    static let embargoedThemes = [
        "2026-11-21": "Landfall", "2026-11-22": "Tideline", "2026-11-23": "Driftwood", "2026-11-24": "Shoreline",
        "2027-01-01": "New Year",
    ]
}

extension Demo {
    /// The demo's configuration read the way `landfall config check` reads it, independently of the server.
    static func configuredSite() throws -> Site {
        let yaml = try #require(DemoSite.files["landfall.yml"])
        return try SiteConfigurationReader.site(yaml: yaml, source: "examples/demo/landfall.yml")
    }
}
