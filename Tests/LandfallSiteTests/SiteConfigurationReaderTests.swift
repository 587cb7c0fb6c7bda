import AppSiteAssociation
import DeepLinkRouting
import Foundation
import LandfallSite
import Testing

/// Reading `landfall.yml`: every broken document below is a small edit of
/// ``SiteDocuments/minimal``, and each must be reported at its key path and line, with a
/// message that says what to write instead.
@Suite struct SiteConfigurationReaderTests {
    /// A broken document and the issue it must produce (among others it may cause).
    struct Broken: Sendable, CustomTestStringConvertible {
        var name: String
        var edits: [DocumentEdit]
        var path: String
        var line: Int?
        var message: String

        init(_ name: String, _ edits: DocumentEdit..., path: String, line: Int?, message: String) {
            self.name = name
            self.edits = edits
            self.path = path
            self.line = line
            self.message = message
        }

        var document: String { edits.reduce(SiteDocuments.minimal) { $1.applied(to: $0) } }
        var testDescription: String { name }
    }

    // MARK: the valid documents

    @Test func theDemoConfigurationHasNoIssues() throws {
        let check = SiteConfigurationReader.check(yaml: try SiteDocuments.demo, source: "landfall.yml")
        #expect(check.issues == [])
        let site = try #require(check.site)
        #expect(site.configuration.name == "Daily Puzzle")
        #expect(site.configuration.timeZone.identifier == "America/New_York")
        #expect(site.configuration.homePath == "/puzzle/today")
        #expect(site.configuration.routes.map(\.name) == ["today", "puzzle", "invite", "article", "archive"])
        #expect(site.configuration.hosts.servedHosts == ["daily.example.com", "www.daily.example.com", "go.daily.example.com", "open.dailypuzzle.app"])
        #expect(site.configuration.schemes == ["dailypuzzle"])
    }

    @Test func theMinimalDocumentHasNoIssues() throws {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal)
        #expect(check.issues == [])
        #expect(!check.hasErrors)
        let configuration = try #require(check.site).configuration
        #expect(configuration.apps == [AppConfiguration(
            name: "main", ios: IOSApp(teamID: "ABCDE12345", bundleID: "com.example.app"),
            android: AndroidApp(package: "com.example.app", sha256Fingerprints: [SiteDocuments.fingerprint]))])
        #expect(configuration.routes[0].embargo == Embargo(.dayParameter("date")))
        #expect(configuration.routes[0].page.title?.names == ["date"])
        #expect(configuration.routes[0].page.template == PageSettings.defaultTemplate)
        #expect(configuration.associations == AssociationSettings())
    }

    @Test func everyKeyIsRead() throws {
        let document = """
            site: {name: Every Key, description: All of them, timeZone: Asia/Kolkata, home: /start, image: https://example.com/i.png}
            hosts:
              site: Example.com
              aliases: [www.example.com]
              links: go.example.com
              interstitial: open.example.net
              local: {localhost: example.com, 127.0.0.1: open.example.net}
              development: [GO.example.com]
            apps:
              - name: main
                ios: {teamID: ABCDE12345, bundleID: com.example.app, appStoreID: id123, scheme: Example, webCredentials: true}
                android: {package: com.example.app, sha256: "\(SiteDocuments.fingerprint)", playStoreID: com.example.store, activity: com.example.app.LinkActivity, minSdk: 26}
              - name: pro
                ios: {teamID: ABCDE12345, bundleID: com.example.pro}
            schemes: [Example]
            routing: {caseSensitive: false, plusAsSpace: true, acceptsHTTP: true}
            routes:
              - name: news
                pattern: /news/:slug
                query: {page: int}
                priority: 2
                caseSensitive: true
                opensApp: true
                apps: [pro]
                page: {template: article, title: "{slug}", description: "About {slug}", image: "/img/{slug}.png", content: "news/{slug}"}
                embargo: {field: publishAt, timeZone: Europe/London}
            associations:
              maxAge: 60
              components: [{"/": "/legacy/*", exclude: true, comment: old}]

            """
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.issues == [])
        let configuration = try #require(check.site).configuration
        #expect(configuration.description == "All of them")
        #expect(configuration.homePath == "/start")
        #expect(configuration.image == "https://example.com/i.png")
        #expect(configuration.hosts == SiteHosts(site: "example.com", aliases: ["www.example.com"], links: ["go.example.com"],
                                                 interstitial: "open.example.net",
                                                 local: ["localhost": "example.com", "127.0.0.1": "open.example.net"],
                                                 development: ["go.example.com"]))
        #expect(configuration.apps[0].ios == IOSApp(teamID: "ABCDE12345", bundleID: "com.example.app", appStoreID: "123", scheme: "example",
                                                    webCredentials: true))
        #expect(configuration.apps[0].android?.activity == "com.example.app.LinkActivity")
        #expect(configuration.apps[0].android?.minSDK == 26)
        #expect(configuration.apps[1].android == nil)
        #expect(check.site?.appleAssociation.webCredentials?.apps == ["ABCDE12345.com.example.app"])
        #expect(configuration.apps[0].ios?.appStoreURL == "https://apps.apple.com/app/id123")
        #expect(configuration.apps[0].android?.playStoreURL == "https://play.google.com/store/apps/details?id=com.example.store")
        #expect(configuration.schemes == ["example"])
        #expect(configuration.routing == RouterOptions(caseSensitive: false, plusAsSpace: true, acceptsHTTP: true))
        let route = configuration.routes[0]
        #expect(route.definition == RouteDefinition(pattern: "/news/:slug", name: "news", query: ["page": "int"], priority: 2, caseSensitive: true))
        #expect(route.apps == ["pro"])
        #expect(route.page.template == "article")
        #expect(route.page.content?.text == "news/{slug}")
        #expect(route.embargo == Embargo(.contentField("publishAt"), timeZone: TimeZone(identifier: "Europe/London")))
        #expect(configuration.associations.maxAge == 60)
        #expect(configuration.associations.extraComponents == [
            ExtraComponent(ComponentRule(path: "/legacy/*", exclude: true, comment: "old"), line: 29),
        ])
    }

    @Test(arguments: ["1234567890", "id1234567890", "\"1234567890\""])
    func anAppStoreIDIsTheNumber(_ written: String) throws {
        let document = SiteDocuments.minimal.edited(DocumentEdit("      bundleID: com.example.app\n", "      bundleID: com.example.app\n      appStoreID: \(written)\n"))
        let site = try SiteConfigurationReader.site(yaml: document)
        #expect(site.configuration.apps[0].ios?.appStoreID == "1234567890")
    }

    // MARK: broken documents

    static let unknownKeys = [
        Broken("a top-level key", .append("rotuing: {caseSensitive: false}\n"),
               path: "rotuing", line: 25, message: "unknown key 'rotuing'; did you mean 'routing'?"),
        Broken("a top-level key like no other", .append("colour: red\n"),
               path: "colour", line: 25, message: "unknown key 'colour'; known keys: site, hosts, apps, schemes, routing, routes, associations"),
        Broken("a site key", DocumentEdit("  name: Test Site\n", "  name: Test Site\n  descripton: A site\n"),
               path: "site.descripton", line: 3, message: "did you mean 'description'?"),
        Broken("a hosts key", DocumentEdit("  site: example.com\n", "  site: example.com\n  link: go.example.com\n"),
               path: "hosts.link", line: 6, message: "did you mean 'links'?"),
        Broken("an app key", DocumentEdit("  - name: main\n", "  - name: main\n    androd: ~\n"),
               path: "apps[0].androd", line: 9, message: "did you mean 'android'?"),
        Broken("an ios key", DocumentEdit("      bundleID: com.example.app\n", "      bundleID: com.example.app\n      appStoreId: \"1\"\n"),
               path: "apps[0].ios.appStoreId", line: 12, message: "did you mean 'appStoreID'?"),
        Broken("an android key", DocumentEdit("      package: com.example.app", "      packge: com.example.app"),
               path: "apps[0].android.packge", line: 13, message: "did you mean 'package'?"),
        Broken("a routing key", .append("routing:\n  casesensitive: false\n"),
               path: "routing.casesensitive", line: 26, message: "did you mean 'caseSensitive'?"),
        Broken("a route key", .append("    opensapp: false\n"),
               path: "routes[1].opensapp", line: 25, message: "did you mean 'opensApp'?"),
        Broken("a page key", DocumentEdit("{title: \"Puzzle", "{titel: \"Puzzle"),
               path: "routes[0].page.titel", line: 20, message: "did you mean 'title'?"),
        Broken("an embargo key", DocumentEdit("embargo: {day: date}", "embargo: {day: date, timezone: UTC}"),
               path: "routes[0].embargo.timezone", line: 21, message: "did you mean 'timeZone'?"),
        Broken("an associations key", .append("associations:\n  maxage: 60\n"),
               path: "associations.maxage", line: 26, message: "did you mean 'maxAge'?"),
        Broken("a key of an extra component", .append("associations:\n  components:\n    - {\"/\": \"/private/*\", exclud: true}\n"),
               path: "associations.components[0].exclud", line: 27, message: "did you mean 'exclude'?"),
    ]

    static let missing = [
        Broken("the site section", DocumentEdit("site:\n  name: Test Site\n  timeZone: UTC\n", ""),
               path: "site", line: 1, message: "the 'site' section is required"),
        Broken("the hosts section", DocumentEdit("hosts:\n  site: example.com\n  interstitial: open.example.net\n", ""),
               path: "hosts", line: 1, message: "the 'hosts' section is required"),
        Broken("the apps section", DocumentEdit("apps:\n  - name: main\n    ios:\n      teamID: ABCDE12345\n      bundleID: com.example.app\n    android:\n      package: com.example.app\n      sha256: [\"\(SiteDocuments.fingerprint)\"]\n", ""),
               path: "apps", line: 1, message: "the 'apps' section is required"),
        Broken("an empty apps list", DocumentEdit("apps:\n  - name: main\n    ios:\n      teamID: ABCDE12345\n      bundleID: com.example.app\n    android:\n      package: com.example.app\n      sha256: [\"\(SiteDocuments.fingerprint)\"]\n", "apps: []\n"),
               path: "apps", line: 7, message: "expected a list of apps"),
        Broken("the routes section", DocumentEdit("routes:\n", "rest:\n"),
               path: "routes", line: 1, message: "the 'routes' section is required"),
        Broken("the site's name", DocumentEdit("  name: Test Site\n", ""),
               path: "site.name", line: 2, message: "'name' is required"),
        Broken("an empty site name", DocumentEdit("  name: Test Site\n", "  name: \"\"\n"),
               path: "site.name", line: 2, message: "'name' must not be empty"),
        Broken("the site's time zone", DocumentEdit("  timeZone: UTC\n", ""),
               path: "site.timeZone", line: 2, message: "'timeZone' is required"),
        Broken("the site host", DocumentEdit("  site: example.com\n", ""),
               path: "hosts.site", line: 5, message: "'site' is required"),
        Broken("an app's name", DocumentEdit("  - name: main\n    ios:\n", "  - ios:\n"),
               path: "apps[0].name", line: 8, message: "'name' is required"),
        Broken("an app's platforms", DocumentEdit("routes:\n", "  - name: other\nroutes:\n"),
               path: "apps[1]", line: 15, message: "an app needs an 'ios' or an 'android' entry"),
        Broken("the Team ID", DocumentEdit("      teamID: ABCDE12345\n", ""),
               path: "apps[0].ios.teamID", line: 10, message: "'teamID' is required"),
        Broken("the bundle ID", DocumentEdit("      bundleID: com.example.app\n", ""),
               path: "apps[0].ios.bundleID", line: 10, message: "'bundleID' is required"),
        Broken("the Android package", DocumentEdit("      package: com.example.app\n", ""),
               path: "apps[0].android.package", line: 13, message: "'package' is required"),
        Broken("the fingerprints", DocumentEdit("      sha256: [\"\(SiteDocuments.fingerprint)\"]\n", ""),
               path: "apps[0].android.sha256", line: 13, message: "'sha256' is required"),
        Broken("a route's pattern", DocumentEdit("    pattern: /invite/:code\n", ""),
               path: "routes[1]", line: 22, message: "'pattern' is required"),
        Broken("routes that are not a list", DocumentEdit("routes:\n", "routes: none\nold:\n"),
               path: "routes", line: 15, message: "expected a list of routes"),
    ]

    static let site = [
        Broken("a misspelt time zone", DocumentEdit("timeZone: UTC", "timeZone: America/New_Yrok"),
               path: "site.timeZone", line: 3, message: "unknown time zone 'America/New_Yrok'; did you mean 'America/New_York'?"),
        Broken("a made-up time zone", DocumentEdit("timeZone: UTC", "timeZone: Mars/Olympus_Mons"),
               path: "site.timeZone", line: 3, message: "write an IANA name such as America/New_York"),
        Broken("a home that is not a path", DocumentEdit("  timeZone: UTC\n", "  timeZone: UTC\n  home: puzzle/today\n"),
               path: "site.home", line: 4, message: "'puzzle/today' is not a path on the site"),
        Broken("an image that is not an address", DocumentEdit("  timeZone: UTC\n", "  timeZone: UTC\n  image: ftp://example.com/i.png\n"),
               path: "site.image", line: 4, message: "is not an image address"),
    ]

    static let hosts = [
        Broken("a host with a scheme", DocumentEdit("site: example.com", "site: https://example.com"),
               path: "hosts.site", line: 5, message: "'https://example.com' has a scheme; write the host name only: example.com"),
        Broken("a host with a port", DocumentEdit("site: example.com", "site: example.com:8443"),
               path: "hosts.site", line: 5, message: "has a port; write the host name only: example.com"),
        Broken("a host with a path", DocumentEdit("site: example.com", "site: example.com/app"),
               path: "hosts.site", line: 5, message: "has a path; write the host name only: example.com"),
        Broken("a wildcard host", DocumentEdit("site: example.com", "site: \"*.example.com\""),
               path: "hosts.site", line: 5, message: "has a wildcard"),
        Broken("an alias with a bad character", DocumentEdit("  site: example.com\n", "  site: example.com\n  aliases: [www_example.com]\n"),
               path: "hosts.aliases[0]", line: 6, message: "contains '_'"),
        Broken("the site host again as an alias", DocumentEdit("  site: example.com\n", "  site: example.com\n  aliases: [www.example.com, Example.com]\n"),
               path: "hosts.aliases[1]", line: 6, message: "'example.com' is already listed at hosts.site; a host has one role"),
        Broken("the link host again as the interstitial host", DocumentEdit("  interstitial:", "  links: open.example.net\n  interstitial:"),
               path: "hosts.interstitial", line: 7, message: "is already listed at hosts.links"),
        Broken("an interstitial host on the site's domain", DocumentEdit("interstitial: open.example.net", "interstitial: open.example.com"),
               path: "hosts.interstitial", line: 6, message: "'open.example.com' is on the same domain as the site host 'example.com'"),
        Broken("a local name standing for no host", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  local: {localhost: other.example.org}\n"),
               path: "hosts.local.localhost", line: 7, message: "'other.example.org' is not one of the hosts above (example.com, open.example.net)"),
        Broken("a local name with a port", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  local: {\"localhost:8080\": example.com}\n"),
               path: "hosts.local.localhost:8080", line: 7, message: "has a port; write the host name only: localhost"),
        Broken("local names that are not a mapping", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  local: [localhost]\n"),
               path: "hosts.local", line: 7, message: "expected a mapping such as {localhost: daily.example.com}"),
        Broken("a development host that is not served", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  development: [staging.example.com]\n"),
               path: "hosts.development[0]", line: 7, message: "'staging.example.com' is not one of example.com, open.example.net; a development host is one of the served hosts"),
        Broken("the admin host as a development host", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  admin: admin.example.com\n  development: [admin.example.com]\n"),
               path: "hosts.development[0]", line: 8, message: "the admin host serves no association file"),
        Broken("an empty list of link hosts", DocumentEdit("  interstitial:", "  links: []\n  interstitial:"),
               path: "hosts.links", line: 6, message: "the list is empty; list at least one host, or leave hosts.links out"),
        Broken("a link host listed twice", DocumentEdit("  interstitial:", "  links: [go.example.com, GO.example.com]\n  interstitial:"),
               path: "hosts.links[1]", line: 6, message: "'go.example.com' is already listed at hosts.links[0]; a host has one role"),
        Broken("the site host as a link host", DocumentEdit("  interstitial:", "  links: [go.example.com, example.com]\n  interstitial:"),
               path: "hosts.links[1]", line: 6, message: "'example.com' is already listed at hosts.site"),
        Broken("a link host with a path", DocumentEdit("  interstitial:", "  links: [go.example.com, go.example.com/x]\n  interstitial:"),
               path: "hosts.links[1]", line: 6, message: "has a path; write the host name only"),
        Broken("a link host entry without its host", DocumentEdit("  interstitial:", "  links:\n    - {caseInsensitiveSlugs: true}\n  interstitial:"),
               path: "hosts.links[0].host", line: 7, message: "'host' is required"),
        Broken("a link host entry with a misspelt key", DocumentEdit("  interstitial:", "  links:\n    - {host: go.example.com, caseInsensitive: true}\n  interstitial:"),
               path: "hosts.links[0].caseInsensitive", line: 7, message: "unknown key 'caseInsensitive'; known keys: host, caseInsensitiveSlugs"),
        Broken("a link host entry whose switch is not true or false", DocumentEdit("  interstitial:", "  links:\n    - {host: go.example.com, caseInsensitiveSlugs: sometimes}\n  interstitial:"),
               path: "hosts.links[0].caseInsensitiveSlugs", line: 7, message: "expected true or false"),
        Broken("link hosts as a mapping", DocumentEdit("  interstitial:", "  links: {host: go.example.com}\n  interstitial:"),
               path: "hosts.links", line: 6, message: "expected a host, or a list of hosts (the first is the default)"),
        Broken("a development host that is a second link host", DocumentEdit("  interstitial: open.example.net\n", "  interstitial: open.example.net\n  links: [go.example.com, go.example.co.uk]\n  development: [go.example.co.uk, go.example.de]\n"),
               path: "hosts.development[1]", line: 8, message: "'go.example.de' is not one of example.com, go.example.com, go.example.co.uk, open.example.net"),
    ]

    @Test func linkHostsAreOneHostOrAListWhoseFirstIsTheDefault() throws {
        let one = SiteDocuments.minimal.edited(DocumentEdit("  interstitial:", "  links: Go.Example.com\n  interstitial:"))
        let several = SiteDocuments.minimal.edited(DocumentEdit("  interstitial:", """
              links:
                - go.example.com
                - {host: Print.Example.com, caseInsensitiveSlugs: true}
                - {host: go.example.co.uk}
              local: {go.localhost: go.example.com, print.localhost: print.example.com}
              interstitial:
            """))
        let single = try SiteConfigurationReader.site(yaml: one).configuration.hosts
        #expect(single.linkHosts == [LinkHost("go.example.com")])
        #expect(single.defaultLinkHost == "go.example.com")
        let hosts = try SiteConfigurationReader.site(yaml: several).configuration.hosts
        #expect(hosts.linkHosts == [LinkHost("go.example.com"), LinkHost("print.example.com", caseInsensitiveSlugs: true), LinkHost("go.example.co.uk")])
        #expect(hosts.defaultLinkHost == "go.example.com")
        #expect(hosts.servedHosts == ["example.com", "go.example.com", "print.example.com", "go.example.co.uk", "open.example.net"])
        #expect(hosts.role(of: "go.example.co.uk") == .links)
        #expect(hosts.role(of: "print.localhost") == .local(name: "print.localhost", standingFor: .links))
        #expect(try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration.hosts.linkHosts == [])
    }

    static let apps = [
        Broken("a lower-case Team ID", DocumentEdit("teamID: ABCDE12345", "teamID: abcde12345"),
               path: "apps[0].ios.teamID", line: 10, message: "the Team ID may contain only A-Z and 0-9, found 'a' (the app ID would be \"ABCDE12345.com.example.app\")"),
        Broken("a short Team ID", DocumentEdit("teamID: ABCDE12345", "teamID: ABCDE"),
               path: "apps[0].ios.teamID", line: 10, message: "the Team ID must be 10 characters A-Z or 0-9, found 5"),
        Broken("a bundle ID with an underscore", DocumentEdit("bundleID: com.example.app", "bundleID: com.example_app"),
               path: "apps[0].ios.bundleID", line: 11, message: "a bundle ID may contain only letters, digits, '-' and '.'"),
        Broken("a bundle ID with an empty part", DocumentEdit("bundleID: com.example.app", "bundleID: com..app"),
               path: "apps[0].ios.bundleID", line: 11, message: "empty part between dots"),
        Broken("an App Store id that is not a number", DocumentEdit("      bundleID: com.example.app\n", "      bundleID: com.example.app\n      appStoreID: apple123\n"),
               path: "apps[0].ios.appStoreID", line: 12, message: "'apple123' is not an App Store id"),
        Broken("an app scheme with ://", DocumentEdit("      bundleID: com.example.app\n", "      bundleID: com.example.app\n      scheme: \"daily://\"\n"),
               path: "apps[0].ios.scheme", line: 12, message: "'daily://' is not a URL scheme"),
        Broken("a router scheme starting with a digit", .append("schemes: [\"1daily\"]\n"),
               path: "schemes", line: 25, message: "'1daily' is not a URL scheme"),
        Broken("webCredentials that is not a boolean", DocumentEdit("      bundleID: com.example.app\n", "      bundleID: com.example.app\n      webCredentials: yes please\n"),
               path: "apps[0].ios.webCredentials", line: 12, message: "expected true or false"),
        Broken("an activity that is a path", DocumentEdit("package: com.example.app", "package: com.example.app\n      activity: app/MainActivity"),
               path: "apps[0].android.activity", line: 14, message: "'app/MainActivity' is not an activity name; write the class as the manifest's android:name does, such as .MainActivity"),
        Broken("a minSdk out of range", DocumentEdit("package: com.example.app", "package: com.example.app\n      minSdk: 0"),
               path: "apps[0].android.minSdk", line: 14, message: "0 is out of range; expected 1...99"),
        Broken("a package of one part", DocumentEdit("package: com.example.app", "package: example"),
               path: "apps[0].android.package", line: 13, message: "'example' is not an Android package name"),
        Broken("a package part starting with a digit", DocumentEdit("package: com.example.app", "package: com.1example.app"),
               path: "apps[0].android.package", line: 13, message: "is not an Android package name"),
        Broken("a lower-case fingerprint", DocumentEdit(SiteDocuments.fingerprint, SiteDocuments.fingerprint.lowercased()),
               path: "apps[0].android.sha256[0]", line: 14, message: "write it in upper case: \(SiteDocuments.fingerprint)"),
        Broken("a fingerprint one pair short", DocumentEdit(SiteDocuments.fingerprint, String(SiteDocuments.fingerprint.dropFirst(3))),
               path: "apps[0].android.sha256[0]", line: 14, message: "write 32 pairs of hexadecimal digits separated by ':'"),
        Broken("a SHA-1 fingerprint", DocumentEdit(SiteDocuments.fingerprint, "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42"),
               path: "apps[0].android.sha256[0]", line: 14, message: "is not a SHA-256 fingerprint"),
        Broken("two apps with one name", DocumentEdit("routes:\n", "  - name: main\n    ios: {teamID: ABCDE12345, bundleID: com.example.other}\nroutes:\n"),
               path: "apps[1].name", line: 15, message: "another app is already named 'main'"),
        Broken("a route naming an unknown app", .append("    apps: [mian]\n"),
               path: "routes[1].apps[0]", line: 25, message: "no app is named 'mian' (apps: main); did you mean 'main'?"),
    ]

    static let pages = [
        Broken("a placeholder naming no parameter", DocumentEdit("Puzzle for {date}", "Puzzle for {day}"),
               path: "routes[0].page.title", line: 20, message: "{day} is not a parameter of '/puzzle/:date' (its parameters: date)"),
        Broken("a placeholder on a route without parameters", .append("  - name: about\n    pattern: /about\n    page: {description: \"All about {site}\"}\n"),
               path: "routes[2].page.description", line: 27, message: "{site} is not a parameter of '/about' (its parameters: none)"),
        Broken("a placeholder left open", DocumentEdit("Puzzle for {date}", "Puzzle for {date"),
               path: "routes[0].page.title", line: 20, message: "'{' has no closing '}' (at character 12)"),
        Broken("a lone closing brace", DocumentEdit("Puzzle for {date}", "Puzzle} for {date}"),
               path: "routes[0].page.title", line: 20, message: "'}' without '{'; write '}}' for a brace (at character 7)"),
        Broken("a placeholder that is not a name", DocumentEdit("Puzzle for {date}", "Puzzle for {the date}"),
               path: "routes[0].page.title", line: 20, message: "'{the date}' is not a placeholder"),
        Broken("content outside the content directory", DocumentEdit("content: \"puzzle/{date}\"", "content: \"puzzle/../../{date}\""),
               path: "routes[0].page.content", line: 20, message: "must be a path inside the content directory: no leading '/', no '..'"),
        Broken("content with a leading slash", DocumentEdit("content: \"puzzle/{date}\"", "content: \"/puzzle/{date}\""),
               path: "routes[0].page.content", line: 20, message: "must be a path inside the content directory"),
        Broken("a template name with a slash", DocumentEdit("{title: \"Puzzle", "{template: ../page, title: \"Puzzle"),
               path: "routes[0].page.template", line: 20, message: "'../page' is not a template name"),
    ]

    static let embargoes = [
        Broken("an embargo on a parameter that is not a day", .append("    embargo: {day: code}\n"),
               path: "routes[1].embargo.day", line: 25, message: "the parameter 'code' must have the type day for an embargo to read it; add `parameters: {code: day}`"),
        Broken("an embargo on an unknown parameter", DocumentEdit("embargo: {day: date}", "embargo: {day: dat}"),
               path: "routes[0].embargo.day", line: 21, message: "'dat' is not a parameter of '/puzzle/:date' (its parameters: date)"),
        Broken("an embargo with a day and a field", DocumentEdit("embargo: {day: date}", "embargo: {day: date, field: publishAt}"),
               path: "routes[0].embargo", line: 21, message: "an embargo reads 'day' or 'field', not both"),
        Broken("an embargo with neither a day nor a field", DocumentEdit("embargo: {day: date}", "embargo: {timeZone: UTC}"),
               path: "routes[0].embargo", line: 21, message: "an embargo needs 'day' (a day parameter, such as date) or 'field'"),
        Broken("an embargo in an unknown time zone", DocumentEdit("embargo: {day: date}", "embargo: {day: date, timeZone: Europe/Lodnon}"),
               path: "routes[0].embargo.timeZone", line: 21, message: "did you mean 'Europe/London'?"),
        Broken("an embargo that is not a mapping", DocumentEdit("embargo: {day: date}", "embargo: date"),
               path: "routes[0].embargo", line: 21, message: "expected a mapping, found \"date\""),
    ]

    static let reservedPaths = [
        Broken("a route on /health", DocumentEdit("pattern: /invite/:code", "pattern: /health"),
               path: "routes[1]", line: 22, message: "the pattern '/health' matches /health, which the server answers itself"),
        Broken("a route on /metrics", DocumentEdit("pattern: /invite/:code", "pattern: /metrics(/:format)"),
               path: "routes[1]", line: 22, message: "matches /metrics, which the server answers itself"),
        Broken("a route on the links API", DocumentEdit("pattern: /invite/:code", "pattern: /v1/:what"),
               path: "routes[1]", line: 22, message: "matches /v1/links, which the server answers itself"),
        Broken("a route under /.well-known", DocumentEdit("pattern: /invite/:code", "pattern: /.well-known/:file"),
               path: "routes[1]", line: 22, message: "matches /.well-known/apple-app-site-association, which the server answers itself"),
        Broken("a catch-all at the root", DocumentEdit("pattern: /invite/:code", "pattern: /*rest"),
               path: "routes[1]", line: 22, message: "the pattern '/*rest' matches /health"),
        Broken("a parameter at the root", DocumentEdit("pattern: /invite/:code", "pattern: /:page"),
               path: "routes[1]", line: 22, message: "the pattern '/:page' matches /robots.txt"),
        Broken("a route on the static files", DocumentEdit("pattern: /invite/:code", "pattern: /static/:file"),
               path: "routes[1]", line: 22, message: "matches /static/icon.png, which the server answers itself"),
        Broken("a route on the bridge pages", DocumentEdit("pattern: /invite/:code", "pattern: /bridge/*rest"),
               path: "routes[1]", line: 22, message: "matches /bridge/invites/ABCDE, which the server answers itself"),
    ]

    static let routes = [
        Broken("a pattern that does not parse", DocumentEdit("pattern: /invite/:code", "pattern: /invite/:code)"),
               path: "routes[1].pattern", line: 23, message: "')' has no matching '('"),
        Broken("a pattern with a query", DocumentEdit("pattern: /invite/:code", "pattern: /invite?code"),
               path: "routes[1].pattern", line: 23, message: "'?' is not allowed: a pattern describes the path only"),
        Broken("a route identical to an earlier one", .append("  - name: again\n    pattern: /invite/:other\n"),
               path: "routes[2]", line: 25, message: "identical to routes[1] '/invite/:code'"),
        Broken("two routes with one name", DocumentEdit("  - name: invite\n", "  - name: puzzle\n"),
               path: "routes[1]", line: 22, message: "the name 'puzzle' is already used by routes[0]"),
        Broken("an unknown parameter type", .append("    parameters: {code: strng}\n"),
               path: "routes[1]", line: 22, message: "unknown type 'strng'"),
        Broken("a type for a parameter the pattern lacks", .append("    parameters: {id: int}\n"),
               path: "routes[1]", line: 22, message: "a type is declared for 'id', which the pattern does not have"),
        Broken("a priority that is not a number", .append("    priority: high\n"),
               path: "routes[1].priority", line: 25, message: "expected a whole number"),
        Broken("opensApp that is not a Boolean", .append("    opensApp: sometimes\n"),
               path: "routes[1].opensApp", line: 25, message: "expected true or false, found \"sometimes\""),
        Broken("a route that is not a mapping", .append("  - /about\n"),
               path: "routes[2]", line: 25, message: "expected a mapping, found \"/about\""),
    ]

    static let examples = [
        Broken("an example that matches no route", DocumentEdit("https://example.com/invite/abc", "https://example.com/invites/abc"),
               path: "routes[1].examples[0]", line: 24, message: "the example https://example.com/invites/abc matched no route (fallback), not this route"),
        Broken("an example that matches another route", DocumentEdit("https://example.com/invite/abc", "https://example.com/puzzle/2025-10-25"),
               path: "routes[1].examples[0]", line: 24, message: "matched 'puzzle' (/puzzle/:date), not this route"),
        Broken("an example on another host", DocumentEdit("https://example.com/invite/abc", "https://example.org/invite/abc"),
               path: "routes[1].examples[0]", line: 24, message: "was rejected"),
        Broken("a second example that does not match", DocumentEdit("examples: [https://example.com/invite/abc]", "examples: [https://example.com/invite/abc, https://example.com/invite]"),
               path: "routes[1].examples[1]", line: 24, message: "the example https://example.com/invite matched no route"),
        Broken("an example of a web-only route that an extra rule opens in the app",
               .append("    opensApp: false\nassociations:\n  components:\n    - {\"/\": \"/invite/*\"}\n"),
               path: "routes[1].examples[0]", line: 24,
               message: "the example https://example.com/invite/abc opens the iOS app ABCDE12345.com.example.app in the generated apple-app-site-association (match, detail 1, rule 1), but the route does not open it"),
    ]

    static let associations = [
        Broken("a maxAge out of range", .append("associations:\n  maxAge: -1\n"),
               path: "associations.maxAge", line: 26, message: "-1 is out of range; expected 0...604800"),
        Broken("a maxAge that is not a number", .append("associations:\n  maxAge: an hour\n"),
               path: "associations.maxAge", line: 26, message: "expected a whole number, found \"an hour\""),
        Broken("components that are not a list", .append("associations:\n  components: {\"/\": \"/legacy/*\"}\n"),
               path: "associations.components", line: 26, message: "expected a list of association-file components"),
        Broken("a component with a wrong type", .append("associations:\n  components:\n    - {\"/\": \"/legacy/*\", exclude: yes please}\n"),
               path: "associations.components[0]", line: 27, message: "expected true or false, found a string"),
    ]

    @Test(arguments: unknownKeys)
    func unknownKeysAreReportedWithTheLikelySpelling(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: missing)
    func missingSectionsAndKeysAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: site)
    func siteProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: hosts)
    func hostProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: apps)
    func appProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: pages)
    func pageProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: embargoes)
    func embargoProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: reservedPaths)
    func aRouteMayNotClaimAPathTheServerAnswers(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: routes)
    func routeProblemsPointAtTheirRoute(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: examples)
    func examplesThatDoNotOpenTheirRouteAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    @Test(arguments: associations)
    func associationSettingsProblemsAreReported(_ broken: Broken) {
        expectIssue(broken)
    }

    // MARK: documents that are not YAML

    @Test func invalidYAMLIsReportedAtItsLine() {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal.edited(DocumentEdit("pattern: /invite/:code", "pattern: [/invite/:code")))
        #expect(check.site == nil)
        #expect(check.issues.count == 1)
        let issue = check.issues.first
        #expect(issue?.line == 24)
        #expect(issue?.path == "")
        #expect(issue?.message.hasPrefix("not valid YAML: ") == true)
    }

    @Test func aTabIndentIsInvalidYAML() {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal.edited(DocumentEdit("  timeZone: UTC", "\ttimeZone: UTC")))
        #expect(check.issues.map(\.line) == [3])
        #expect(check.issues.first?.message.hasPrefix("not valid YAML") == true)
    }

    @Test func aDuplicateKeyIsReportedAtItsFirstOccurrence() {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal.edited(DocumentEdit("  timeZone: UTC\n", "  timeZone: UTC\n  name: Other\n")))
        #expect(check.site == nil)
        #expect(check.issues == [SiteIssue(.error, path: "", line: 2, column: 3,
                                           message: "the key 'name' appears more than once in one mapping; keep one")])
    }

    @Test func severalDuplicateKeysAreNamedTogether() {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal.edited(
            DocumentEdit("  timeZone: UTC\n", "  timeZone: UTC\n  name: Other\n  timeZone: GMT\n")))
        #expect(check.issues.map(\.message) == ["the keys 'name', 'timeZone' appear more than once in one mapping; keep one of each"])
    }

    @Test(arguments: ["", "\n", "# only a comment\n"])
    func anEmptyFileIsRefused(_ document: String) {
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.site == nil)
        #expect(check.issues.map(\.message) == ["the file is empty; it needs at least `site`, `hosts`, `apps` and `routes`"])
    }

    @Test(arguments: ["just text", "- a\n- list\n", "42"])
    func aDocumentThatIsNotAMappingIsRefused(_ document: String) {
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.issues.count == 1)
        #expect(check.issues.first?.line == 1)
        #expect(check.issues.first?.message.hasPrefix("expected a mapping of sections (site, hosts, apps, routes, ...)") == true)
    }

    @Test func aDocumentWithOnlyASeparatorIsANullDocument() {
        let check = SiteConfigurationReader.check(yaml: "---\n")
        #expect(check.issues.map(\.message) == ["expected a mapping of sections (site, hosts, apps, routes, ...), found nothing (null)"])
    }

    // MARK: reporting

    @Test func everyErrorIsReportedInOneRunInDocumentOrder() {
        let document = SiteDocuments.minimal.edited(
            DocumentEdit("timeZone: UTC", "timeZone: Europe/Pariss"),
            DocumentEdit("site: example.com", "site: https://example.com"),
            DocumentEdit("teamID: ABCDE12345", "teamID: abcde12345"),
            DocumentEdit(SiteDocuments.fingerprint, SiteDocuments.fingerprint.lowercased()),
            DocumentEdit("Puzzle for {date}", "Puzzle for {day}"),
            DocumentEdit("embargo: {day: date}", "embargo: {day: dat}"),
            .append("    apps: [pro]\nrouting: {caseSensitive: maybe}\n"))
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.site == nil)
        #expect(check.issues.map(\.path) == [
            "site.timeZone", "hosts.site", "apps[0].ios.teamID", "apps[0].android.sha256[0]",
            "routes[0].page.title", "routes[0].embargo.day", "routes[1].apps[0]", "routing.caseSensitive",
        ])
        #expect(check.issues.map(\.line) == [3, 5, 10, 14, 20, 21, 25, 26])
        #expect(check.issues.allSatisfy { $0.severity == .error })
    }

    @Test func problemsOnTheBuiltSiteAreReportedTogether() {
        let document = SiteDocuments.minimal.edited(
            DocumentEdit("https://example.com/puzzle/2025-10-25", "https://example.com/puzzles/2025-10-25"),
            DocumentEdit("https://example.com/invite/abc", "https://example.com/invites/abc"))
        let check = SiteConfigurationReader.check(yaml: document)
        #expect(check.site == nil)
        #expect(Set(check.issues.map(\.path)) == ["routes[0].examples[0]", "routes[1].examples[0]"])
        #expect(Set(check.issues.map(\.line)) == [19, 24])
    }

    @Test func anIssueReadsAsFileLineColumnSeverityPathMessage() {
        let check = SiteConfigurationReader.check(yaml: SiteDocuments.minimal.edited(DocumentEdit("timeZone: UTC", "timeZone: Europe/Pariss")),
                                                  source: "landfall.yml")
        let issue = check.issues.first
        #expect(issue?.column == 13)
        #expect(issue?.description(in: "landfall.yml")
                == "landfall.yml:3:13: error: site.timeZone: unknown time zone 'Europe/Pariss'; did you mean 'Europe/Paris'?")
        #expect(issue?.description == "3:13: error: site.timeZone: unknown time zone 'Europe/Pariss'; did you mean 'Europe/Paris'?")
    }

    @Test func anIssueWithoutAPlaceReadsAsFileSeverityMessage() {
        let issue = SiteIssue(.error, path: "", message: "the file is empty")
        #expect(issue.description(in: "landfall.yml") == "landfall.yml: error: the file is empty")
        #expect(issue.description(in: nil) == "error: the file is empty")
        #expect(SiteIssue(.warning, path: "routes", line: 4, message: "m").description(in: "f.yml") == "f.yml:4: warning: routes: m")
    }

    @Test func readingASiteThrowsEveryIssue() throws {
        let document = SiteDocuments.minimal.edited(
            DocumentEdit("timeZone: UTC", "timeZone: Europe/Pariss"),
            DocumentEdit("package: com.example.app", "package: example"))
        let error = try #require(throws: SiteConfigurationError.self) {
            try SiteConfigurationReader.site(yaml: document, source: "landfall.yml")
        }
        #expect(error.source == "landfall.yml")
        #expect(error.errors.map(\.path) == ["site.timeZone", "apps[0].android.package"])
        let lines = error.description.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("landfall.yml:3:13: error: site.timeZone: unknown time zone") == true)
        #expect(lines.last?.hasPrefix("landfall.yml:13:16: error: apps[0].android.package: 'example' is not") == true)
    }

    @Test func buildingASiteFromAConfigurationThrowsWithoutLines() throws {
        var configuration = try SiteConfigurationReader.site(yaml: SiteDocuments.minimal).configuration
        configuration.routes[1].definition.pattern = "/health"
        let error = try #require(throws: SiteConfigurationError.self) { try Site(configuration) }
        #expect(error.source == nil)
        #expect(error.errors.contains { $0.path == "routes[1]" && $0.line == nil && $0.message.contains("/health") })
    }

    // MARK: helpers

    func expectIssue(_ broken: Broken, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let check = SiteConfigurationReader.check(yaml: broken.document, source: "landfall.yml")
        #expect(check.site == nil, "the document should be refused", sourceLocation: sourceLocation)
        let found = check.issues.contains {
            $0.severity == .error && $0.path == broken.path && $0.line == broken.line && $0.message.contains(broken.message)
        }
        let got = check.issues.map { $0.description(in: "landfall.yml") }.joined(separator: "\n")
        #expect(found, "expected \(broken.line.map { "\($0)" } ?? "-"): \(broken.path): …\(broken.message)…; got:\n\(got)",
                sourceLocation: sourceLocation)
    }
}
