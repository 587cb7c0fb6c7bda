import Testing
@testable import LandfallDoctor

/// How a well-known file is served: redirects (each hop classified), the status, the content
/// type, the size and HTML pages where JSON belongs, one hand-built trail per rule.
@Suite struct TransportChecksTests {
    static let url = "https://example.com/.well-known/apple-app-site-association"
    static let wwwURL = "https://www.example.com/.well-known/apple-app-site-association"
    static let json: [UInt8] = Array(#"{"applinks":{"details":[]}}"#.utf8)
    static let ids = ["http.redirect", "http.status", "http.content-type", "file.size", "file.not-html"]

    static func response(_ url: String = url, status: Int = 200, type: String? = "application/json",
                         body: [UInt8] = json, bodyLength: Int? = nil, isTruncated: Bool = false) -> FetchedResponse {
        FetchedResponse(url: url, status: status, headers: type.map { [HeaderField(name: "Content-Type", value: $0)] } ?? [],
                        body: body, bodyLength: bodyLength, isTruncated: isTruncated)
    }

    static func redirect(_ status: Int = 301, from url: String = url, to location: String) -> FetchedResponse {
        FetchedResponse(url: url, status: status, headers: [HeaderField(name: "Location", value: location)])
    }

    static func html(_ page: String) -> [UInt8] { Array(page.utf8) }

    static let notFoundPage = html("""
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><TITLE>
          Page   Not Found
        </TITLE></head><body><h1>Sorry</h1></body></html>
        """)

    /// A trail, and what each check should say about it.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var trail: FetchTrail
        var file: WellKnownFile = .appleAssociation
        /// The status of every check, in the order of ``TransportChecksTests/ids``.
        var statuses: [CheckStatus]
        /// Words that must appear in a check's detail, notes or fix.
        var words: [String: [String]] = [:]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "served as it should be",
             trail: FetchTrail(responses: [response()]),
             statuses: [.pass, .pass, .pass, .pass, .pass],
             words: ["http.redirect": ["without redirecting"], "http.status": ["answers 200"],
                     "http.content-type": ["application/json"], "file.size": ["27 bytes", "128 KB"],
                     "file.not-html": ["does not start like an HTML page"]]),
        Case(name: "301 to www.",
             trail: FetchTrail(responses: [redirect(to: wwwURL), response(wwwURL, body: Array(repeating: 0x20, count: 412))]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["answers 301 with Location \(wwwURL)", "(adds www.)", "2. 200 application/json, 412 bytes",
                                       "itself with status 200", "never follows redirects",
                                       "exempt /.well-known/ from the redirect to www.example.com"],
                     "http.status": ["see \"No redirects\""], "file.size": ["redirected"]]),
        Case(name: "302 from https to http",
             trail: FetchTrail(responses: [redirect(302, to: "http://example.com/.well-known/apple-app-site-association"),
                                           response("http://example.com/.well-known/apple-app-site-association")]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["answers 302", "(https → http)"]]),
        Case(name: "a hop from http to https",
             trail: FetchTrail(responses: [redirect(from: "http://example.com/.well-known/apple-app-site-association", to: url),
                                           response()]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["(http → https)"]]),
        Case(name: "a trailing slash added",
             trail: FetchTrail(responses: [redirect(308, to: url + "/"), response(url + "/")]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["adds a trailing slash"]]),
        Case(name: ".json added, with a relative Location",
             trail: FetchTrail(responses: [redirect(to: "/.well-known/apple-app-site-association.json"), response(url + ".json")]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["1. 301 → \(url).json (another path: adds .json)"]]),
        Case(name: "another host and path",
             trail: FetchTrail(responses: [redirect(to: "https://cdn.example.net/aasa"), response("https://cdn.example.net/aasa")]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["another host, cdn.example.net", "another path"]]),
        Case(name: "www. removed, then a loop",
             trail: FetchTrail(responses: [redirect(from: wwwURL, to: url), redirect(to: wwwURL)]),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["1. 301 → \(url) (removes www.)", "2. 301 → \(wwwURL) (adds www., a loop",
                                       "exempt /.well-known/ from the redirect to example.com"]]),
        Case(name: "stopped at the hop limit",
             trail: FetchTrail(responses: (0..<5).map { redirect(from: url + "?\($0)", to: url + "?\($0 + 1)") },
                               stoppedAtHopLimit: true),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["(another query)", "6. stopped after 5 redirects"]]),
        Case(name: "a failure in the middle of the chain",
             trail: FetchTrail(responses: [redirect(to: wwwURL)],
                               failure: .connectionRefused(host: "www.example.com", port: 443)),
             statuses: [.fail, .skip, .skip, .skip, .skip],
             words: ["http.redirect": ["2. www.example.com refused the connection on port 443"]]),
        Case(name: "404",
             trail: FetchTrail(responses: [response(status: 404, type: "text/html", body: notFoundPage)]),
             statuses: [.pass, .fail, .skip, .skip, .skip],
             words: ["http.status": ["answers 404: not found", "put the file at /.well-known/apple-app-site-association on example.com"],
                     "http.content-type": ["answers 404"], "file.not-html": ["answers 404"]]),
        Case(name: "403",
             trail: FetchTrail(responses: [response(status: 403, type: "text/html", body: html("<h1>Forbidden</h1>"))]),
             statuses: [.pass, .fail, .skip, .skip, .skip],
             words: ["http.status": ["forbidden", "firewall or bot protection", "Apple's CDN", "any address", "AASA-Bot"]]),
        Case(name: "403 for assetlinks.json",
             trail: FetchTrail(responses: [response("https://example.com/.well-known/assetlinks.json", status: 403)]),
             file: .assetLinks,
             statuses: [.pass, .fail, .skip, .skip, .skip],
             words: ["http.status": ["Android's verifier", "/.well-known/assetlinks.json"]]),
        Case(name: "500",
             trail: FetchTrail(responses: [response(status: 500, type: "text/plain", body: html("oops"))]),
             statuses: [.pass, .fail, .skip, .skip, .skip],
             words: ["http.status": ["answers 500: a server error", "server's log"]]),
        Case(name: "a 3xx without Location",
             trail: FetchTrail(responses: [response(status: 304, type: nil, body: [])]),
             statuses: [.pass, .fail, .skip, .skip, .skip],
             words: ["http.status": ["without a Location"]]),
        Case(name: "application/json with a charset",
             trail: FetchTrail(responses: [response(type: "application/json; charset=utf-8")]),
             statuses: [.pass, .pass, .pass, .pass, .pass],
             words: ["http.content-type": ["application/json; charset=utf-8"]]),
        Case(name: "application/octet-stream",
             trail: FetchTrail(responses: [response(type: "application/octet-stream")]),
             statuses: [.pass, .pass, .warn, .pass, .pass],
             words: ["http.content-type": ["served as application/octet-stream", "Content-Type: application/json"]]),
        Case(name: "text/plain",
             trail: FetchTrail(responses: [response(type: "Text/Plain; charset=UTF-8")]),
             statuses: [.pass, .pass, .warn, .pass, .pass],
             words: ["http.content-type": ["is served as text/plain; Apple's CDN accepts it today but asks for application/json"]]),
        Case(name: "text/plain for assetlinks.json",
             trail: FetchTrail(responses: [response("https://example.com/.well-known/assetlinks.json", type: "text/plain")]),
             file: .assetLinks,
             statuses: [.pass, .pass, .warn, .pass, .pass],
             words: ["http.content-type": ["Android's verifier asks for application/json"]]),
        Case(name: "text/html with a JSON body",
             trail: FetchTrail(responses: [response(type: "text/html")]),
             statuses: [.pass, .pass, .warn, .pass, .pass],
             words: ["http.content-type": ["served as text/html"]]),
        Case(name: "no Content-Type",
             trail: FetchTrail(responses: [response(type: nil)]),
             statuses: [.pass, .pass, .warn, .pass, .pass],
             words: ["http.content-type": ["no Content-Type"]]),
        Case(name: "exactly 128 KB",
             trail: FetchTrail(responses: [response(body: Array(repeating: 0x20, count: 131_072))]),
             statuses: [.pass, .pass, .pass, .pass, .pass],
             words: ["file.size": ["131,072 bytes, within the 128 KB"]]),
        Case(name: "128 KB and a byte",
             trail: FetchTrail(responses: [response(body: Array(repeating: 0x20, count: 131_073))]),
             statuses: [.pass, .pass, .pass, .fail, .pass],
             words: ["file.size": ["131,073 bytes", "over the 128 KB (131,072 bytes) Apple's CDN reads", "compact form"]]),
        Case(name: "truncated",
             trail: FetchTrail(responses: [response(body: Array(repeating: 0x20, count: 1000), bodyLength: 2_000_000, isTruncated: true)]),
             statuses: [.pass, .pass, .pass, .fail, .pass],
             words: ["file.size": ["at least 2,000,000 bytes"]]),
        Case(name: "assetlinks.json over 128 KB but within 1 MiB",
             trail: FetchTrail(responses: [response("https://example.com/.well-known/assetlinks.json",
                                                    body: Array(repeating: 0x20, count: 131_073))]),
             file: .assetLinks,
             statuses: [.pass, .pass, .pass, .pass, .pass],
             words: ["file.size": ["1 MiB", "Android's verifier"]]),
        Case(name: "assetlinks.json over 1 MiB",
             trail: FetchTrail(responses: [response("https://example.com/.well-known/assetlinks.json",
                                                    body: Array(repeating: 0x20, count: 1_048_577))]),
             file: .assetLinks,
             statuses: [.pass, .pass, .pass, .fail, .pass],
             words: ["file.size": ["1,048,577 bytes", "1 MiB (1,048,576 bytes)"]]),
        Case(name: "an HTML not-found page with status 200",
             trail: FetchTrail(responses: [response(type: "text/html; charset=utf-8", body: notFoundPage)]),
             statuses: [.pass, .pass, .fail, .pass, .fail],
             words: ["http.content-type": ["text/html", "HTML page"],
                     "file.not-html": ["answers 200 with an HTML page", "\"Page Not Found\"",
                                       "serve the JSON file at /.well-known/apple-app-site-association", "answer 404"]]),
        Case(name: "an HTML page after a byte-order mark and white space, served as JSON",
             trail: FetchTrail(responses: [response(body: [0xEF, 0xBB, 0xBF] + html("\r\n  <html><body>hi</body></html>"))]),
             statuses: [.pass, .pass, .pass, .pass, .fail],
             words: ["file.not-html": ["an HTML page"]]),
        Case(name: "an XML document",
             trail: FetchTrail(responses: [response(type: "application/xml", body: html("<?xml version=\"1.0\"?><Error/>"))]),
             statuses: [.pass, .pass, .warn, .pass, .fail],
             words: ["file.not-html": ["an XML document"]]),
        Case(name: "JSON after white space",
             trail: FetchTrail(responses: [response(body: html("\n\t  ") + json)]),
             statuses: [.pass, .pass, .pass, .pass, .pass]),
        Case(name: "JSON after a byte-order mark (the linter's to judge)",
             trail: FetchTrail(responses: [response(body: [0xEF, 0xBB, 0xBF] + json)]),
             statuses: [.pass, .pass, .pass, .pass, .pass]),
        Case(name: "an empty body",
             trail: FetchTrail(responses: [response(body: [])]),
             statuses: [.pass, .pass, .pass, .pass, .pass],
             words: ["file.size": ["0 bytes"], "file.not-html": ["empty"]]),
    ]

    @Test(arguments: cases)
    func eachRuleGivesItsVerdictAndSaysWhatItFound(_ example: Case) {
        let checks = TransportChecks.checks(for: example.trail, file: example.file)
        #expect(checks.map(\.id) == Self.ids)
        #expect(checks.map(\.status) == example.statuses)
        for (id, words) in example.words {
            let check = checks.first { $0.id == id }
            let text = check.map { ([$0.detail] + $0.notes + [$0.fix ?? ""]).joined(separator: "\n") } ?? ""
            for word in words {
                #expect(text.contains(word), "\(id) does not say \(word): \(text)")
            }
        }
        for check in checks where check.status == .fail || check.status == .warn {
            #expect(check.fix != nil, "\(check.id) has no fix")
        }
    }

    @Test func aRedirectListsTheWholeChainOneLinePerHop() throws {
        let trail = FetchTrail(responses: [Self.redirect(to: Self.wwwURL),
                                           Self.response(Self.wwwURL, body: Array(repeating: 0x20, count: 412))])
        let check = try #require(TransportChecks.checks(for: trail, file: .appleAssociation).first)
        #expect(check.notes == [
            "1. 301 → https://www.example.com/.well-known/apple-app-site-association (adds www.)",
            "2. 200 application/json, 412 bytes",
        ])
        #expect(check.fix == "serve the file at https://example.com/.well-known/apple-app-site-association itself with status 200; "
            + "Apple's CDN never follows redirects for it; exempt /.well-known/ from the redirect to www.example.com")
    }

    @Test func aHopThatChangesSeveralThingsNamesEach() {
        let changes = TransportChecks.changesFrom("http://example.com/.well-known/assetlinks.json",
                                                  to: "https://www.example.com/.well-known/assetlinks.json/")
        #expect(changes == [.httpToHTTPS, .addsWWW, .addsTrailingSlash])
    }

    @Test func aLongPageTitleIsCutAt80Characters() throws {
        let title = String(repeating: "Welcome to our wonderful site ", count: 5)
        let page = Self.html("<html><head><title>\(title)</title></head></html>")
        let quoted = try #require(TransportChecks.pageTitle(in: page))
        #expect(quoted.count == 80)
        #expect(quoted.hasSuffix("…"))
        #expect(quoted.hasPrefix("Welcome to our wonderful site Welcome"))
    }

    @Test(arguments: [
        (FetchFailure.nameNotResolved(host: "example.com", reason: "NXDOMAIN"), CheckStatus.fail),
        (.connectionRefused(host: "example.com", port: 443), .fail),
        (.tlsHandshake(host: "example.com", port: 443, reason: "wrong version number"), .fail),
        (.connectTimeout(host: "example.com", port: 443, seconds: 10), .notChecked),
        (.responseTimeout(url: url, seconds: 10), .notChecked),
        (.handshakeTimeout(host: "example.com", port: 443, seconds: 10), .notChecked),
        (.connectionClosed(url: url), .notChecked),
        (.other(url: url, reason: "reset"), .notChecked),
    ])
    func aURLWithoutAResponseGivesOneFetchCheck(failure: FetchFailure, status: CheckStatus) throws {
        #expect(failure.status == status)
        let checks = TransportChecks.checks(for: FetchTrail(failure: failure), file: .appleAssociation)
        let check = try #require(checks.first)
        #expect(checks.count == 1)
        #expect(check.id == "http.fetch")
        #expect(check.status == status)
        #expect(check.detail == failure.message)
        #expect((check.fix != nil) == (status == .fail))
    }
}
