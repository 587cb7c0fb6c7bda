import Foundation
import HTTPTypes
@testable import LandfallServer
import LandfallStorage
import Testing

/// Signing in to the dashboard and out, over both transports and databases: the cookie's
/// attributes, the refusals that say nothing about which part was wrong, the throttles, the
/// CSRF tokens, sessions that end.
@Suite struct DashboardSignInTests {
    @Test("the demo's admin signs in and reaches the overview; the session cookie is HttpOnly and SameSite=Lax, Secure but on a development name",
          arguments: ServerCases.all)
    func theAdminSignsIn(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            for (host, secure) in [(DashboardCases.host, true), (DashboardCases.localHost, false)] {
                var browser = DashboardBrowser(client: client, host: host)
                let form = try await browser.get("/sign-in")
                #expect(form.status == .ok && form.text.contains("<h1>Sign in</h1>"))
                #expect(browser.lastSetCookies.first?.hasPrefix("landfall_signin=") == true)
                let signedIn = try await browser.post("/sign-in", [("email", "ADMIN@daily.example.com"), ("password", DashboardCases.password)])
                #expect(signedIn.status == .seeOther && signedIn["Location"] == "/")
                let cookie = try #require(browser.lastSetCookies.first { $0.hasPrefix("landfall_session=") })
                #expect(cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax") && cookie.contains("; Path=/"))
                #expect(cookie.contains("; Secure") == secure, "\(host): \(cookie)")
                let overview = try await browser.get("/")
                #expect(overview.status == .ok && overview.text.contains("<h1>Overview</h1>"))
                #expect(overview.text.contains("Demo admin · admin"))
                #expect(overview["Cache-Control"] == "no-store")
                #expect(overview["Content-Security-Policy"]?.contains("frame-ancestors 'none'") == true)
                #expect(overview["X-Frame-Options"] == "DENY")
            }
        }
    }

    @Test("a wrong password, an unknown email and a disabled account get the same 401 form, and only the wrong password is counted",
          arguments: ServerCases.all)
    func refusalsSayNothingAboutWhichPartWasWrong(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        let storage = server.parts.storage
        let bo = DashboardUser(id: DashboardUser.newID(), email: "bo@daily.example.com", name: "Bo", role: .editor,
                               passwordHash: await DashboardPasswords.hash(DashboardCases.password, cost: 4), createdAt: Demo.noon,
                               disabledAt: Demo.noon)
        try await storage.insert(bo)
        try await server.run(transport) { client in
            var messages: [String] = []
            for (email, password) in [(DemoSite.administratorEmail, "not the password"), ("nobody@daily.example.com", DashboardCases.password),
                                      ("bo@daily.example.com", DashboardCases.password), ("", "")] {
                var browser = DashboardBrowser(client: client)
                let refused = try await browser.signIn(email: email, password: password)
                #expect(refused.status == .unauthorized, "\(email)")
                #expect(!browser.lastSetCookies.contains { $0.hasPrefix("landfall_session=") })
                messages.append(refused.text.components(separatedBy: "role=\"alert\">").dropFirst().first?.components(separatedBy: "<").first ?? "")
            }
            #expect(Set(messages) == ["That email and password do not match an account that can sign in."])
            #expect(try await storage.dashboardUser(email: DemoSite.administratorEmail)?.failedSignIns == 1)
            #expect(try await storage.dashboardUser(email: "bo@daily.example.com")?.failedSignIns == 0)
        }
    }

    @Test("after five wrong passwords an account waits 30 s, even for the right one and from another address; then it signs in",
          arguments: Transport.allCases)
    func anAccountIsSlowedAfterFiveWrongPasswords(transport: Transport) async throws {
        let clock = MovableClock(at: Demo.noon)
        let server = try await DashboardCases.server(clock: clock)
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            for _ in 0..<5 {
                #expect(try await browser.signIn(email: DemoSite.administratorEmail, password: "not the password").status == .unauthorized)
            }
            var other = DashboardBrowser(client: client)
            let waiting = try await other.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            #expect(waiting.status == .tooManyRequests)
            #expect(waiting["Retry-After"] == "30")
            #expect(waiting.text.contains("Too many attempts. Try again in 30 seconds."))
            clock.advance(by: 31)
            #expect(try await other.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password).status == .seeOther)
        }
    }

    @Test("one address gets its burst of tries whatever the accounts, then waits (10, then one an hour, for this test)",
          arguments: Transport.allCases)
    func oneAddressIsThrottled(transport: Transport) async throws {
        // The limiter runs on real time, and each refused try checks a bcrypt hash (a third of
        // a second in a debug build): the default refill, one every 6 s, would let a slow run
        // through. The defaults themselves are checked below.
        let server = try await DashboardCases.server { $0.dashboard.signInsPerAddress = RateLimit(requestsPerSecond: 1.0 / 3600, burst: 10) }
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            for index in 0..<10 {
                #expect(try await browser.signIn(email: "person\(index)@daily.example.com", password: "not the password").status == .unauthorized)
            }
            let limited = try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            #expect(limited.status == .tooManyRequests)
            #expect((60...3600).contains(Int(limited["Retry-After"] ?? "") ?? 0), "\(limited["Retry-After"] ?? "none")")
            #expect(limited.text.contains("Too many attempts. Try again in"))
        }
    }

    @Test("by default an address gets 10 tries, then one every 6 seconds; sessions last 7 days, 12 hours unused; bcrypt's cost is 12")
    func theDefaults() {
        let defaults = DashboardConfiguration()
        #expect(defaults.signInsPerAddress == RateLimit(requestsPerSecond: 1.0 / 6, burst: 10))
        #expect(defaults.sessions == DashboardSessionPolicy(lifetime: 7 * 86_400, idleTimeout: 12 * 3600))
        #expect(defaults.passwordCost == 12)
    }

    @Test("a POST without the form's token, with a forged one or with another session's is 403 and changes nothing",
          arguments: ServerCases.all)
    func formsWithoutTheirTokenAreRefused(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            var stranger = DashboardBrowser(client: client)
            _ = try await stranger.get("/sign-in")
            for token in [nil, "", "forged", String(repeating: "a", count: 43)] as [String?] {
                let refused = try await stranger.post("/sign-in", [("email", DemoSite.administratorEmail), ("password", DashboardCases.password)],
                                                      csrf: .some(token))
                #expect(refused.status == .forbidden, "\(token ?? "no token")")
                #expect(refused.text.contains("Form expired"))
                #expect(refused["Content-Security-Policy"] == DashboardHeadersMiddleware.contentSecurityPolicy)
            }
            // A form to /sign-in without the cookie that goes with its token (another site's page).
            var forger = DashboardBrowser(client: client)
            forger.csrf = stranger.csrf
            #expect(try await forger.post("/sign-in", [("email", DemoSite.administratorEmail), ("password", DashboardCases.password)]).status == .forbidden)

            var ana = DashboardBrowser(client: client)
            try await ana.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            var bo = DashboardBrowser(client: client)
            try await bo.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            _ = try await bo.get("/")
            _ = try await ana.get("/")
            #expect(try await ana.post("/sign-out", [], csrf: .some(nil)).status == .forbidden)
            #expect(try await ana.post("/sign-out", [], csrf: .some(bo.csrf)).status == .forbidden)
            #expect(try await ana.get("/").status == .ok, "still signed in")
            let notAForm = try await client.execute("/sign-out", method: .post, host: DashboardCases.host,
                                                    headers: [.cookie: "landfall_session=\(ana.cookies["landfall_session"] ?? "")",
                                                              .contentType: "application/json"],
                                                    body: #"{"csrf": "\#(ana.csrf ?? "")"}"#)
            #expect(notAForm.status == .badRequest)
            let tooLarge = try await client.execute("/sign-in", method: .post, host: DashboardCases.host,
                                                    headers: [.contentType: "application/x-www-form-urlencoded"],
                                                    body: "email=" + String(repeating: "a", count: 70_000))
            #expect(tooLarge.status == .contentTooLarge && tooLarge.text.contains("The form is larger than the dashboard accepts."))
            #expect(try await ana.get("/").status == .ok, "still signed in after the refusals")
        }
    }

    @Test("signing out ends the session for good: the old cookie no longer signs anyone in", arguments: ServerCases.all)
    func signingOutEndsTheSession(transport: Transport, database: TestDatabase) async throws {
        let server = try await DashboardCases.server(database: database)
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            _ = try await browser.get("/")
            let oldCookies = browser.cookies
            let out = try await browser.post("/sign-out", [])
            #expect(out.status == .seeOther && out["Location"] == "/sign-in")
            #expect(browser.cookies["landfall_session"] == nil)
            var replay = DashboardBrowser(client: client)
            replay.cookies = oldCookies
            let page = try await replay.get("/")
            #expect(page.status == .seeOther && page["Location"] == "/sign-in")
            let audit = try await server.parts.storage.dashboardAudit(limit: 10).map(\.action)
            #expect(audit == ["session.signed_out", "session.signed_in"])
        }
    }

    @Test("a session ends 12 hours after its last use, or 7 days after sign-in however used, by the server's clock",
          arguments: Transport.allCases)
    func sessionsEnd(transport: Transport) async throws {
        let clock = MovableClock(at: Demo.noon)
        let server = try await DashboardCases.server(clock: clock)
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            clock.advance(by: 11 * 3600)
            #expect(try await browser.get("/").status == .ok)
            clock.advance(by: 11 * 3600)   // 11 hours after the last use
            #expect(try await browser.get("/").status == .ok)
            clock.advance(by: 12 * 3600 + 1)
            #expect(try await browser.get("/")["Location"] == "/sign-in", "idle for more than 12 hours")

            try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
            for round in 1...15 {
                clock.advance(by: 11 * 3600)
                // Used every 11 hours: still within 7 days (168 hours) at 165.
                #expect(try await browser.get("/").status == .ok, "\(round * 11) hours after signing in")
            }
            clock.advance(by: 11 * 3600)
            #expect(try await browser.get("/")["Location"] == "/sign-in", "176 hours after signing in, used 11 hours ago")
        }
    }

    @Test("disabling a user signs their browser out at its next request", arguments: Transport.allCases)
    func aDisabledUserIsSignedOut(transport: Transport) async throws {
        let server = try await DashboardCases.server()
        let storage = server.parts.storage
        try await storage.insert(await DashboardCases.person(.editor, email: "bo@daily.example.com", name: "Bo"))
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            try await browser.signIn(email: "bo@daily.example.com", password: DashboardCases.password)
            #expect(try await browser.get("/").status == .ok)
            let bo = try #require(try await storage.dashboardUser(email: "bo@daily.example.com"))
            #expect(try await storage.disableDashboardUser(id: bo.id, at: Demo.noon))
            #expect(try await browser.get("/")["Location"] == "/sign-in")
        }
    }

    @Test("after signing in, the browser goes to where it was headed when that is a path of the dashboard, and nowhere else", arguments: [
        ("/", "/"), ("/links", "/links"), ("/links?page=2", "/links?page=2"), (nil, "/"), ("", "/"), ("links", "/"),
        ("//evil.example/x", "/"), ("/\\evil.example", "/"), ("https://evil.example/", "/"), ("/a b", "/"), ("/a\u{0}b", "/"),
        ("/" + String(repeating: "a", count: 600), "/"),
    ] as [(String?, String)])
    func theNextPageIsOnTheDashboard(next: String?, target: String) {
        #expect(SignInRoutes.target(next) == target)
    }

    @Test("a page that needs a person redirects to the sign-in page, remembering where it was headed", arguments: Transport.allCases)
    func pagesNeedAPerson(transport: Transport) async throws {
        let server = try await DashboardCases.server()
        try await server.run(transport) { client in
            var browser = DashboardBrowser(client: client)
            let home = try await browser.get("/")
            #expect(home.status == .seeOther && home["Location"] == "/sign-in")
            let form = try await browser.get("/sign-in?next=/")
            #expect(!form.text.contains(#"name="next""#))
        }
    }
}
