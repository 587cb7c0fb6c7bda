import Foundation
import HTTPTypes
import LandfallLinks
import LandfallStorage
@testable import LandfallServer

/// A browser of the dashboard for tests: it keeps the cookies the server sets, reads the CSRF
/// token of the last page, and sends forms.
///
/// ```swift
/// var browser = DashboardBrowser(client: client)
/// try await browser.signIn(email: DemoSite.administratorEmail, password: DashboardCases.password)
/// let overview = try await browser.get("/")
/// ```
struct DashboardBrowser {
    let client: ServerClient
    var host = DashboardCases.host
    /// The cookies the server set, by name.
    var cookies: [String: String] = [:]
    /// The `Set-Cookie` values of the last answer, as sent.
    var lastSetCookies: [String] = []
    /// The CSRF token of the last page that had a form.
    var csrf: String?

    init(client: ServerClient, host: String = DashboardCases.host) {
        self.client = client
        self.host = host
    }

    mutating func get(_ path: String) async throws -> ServedResponse {
        try await send(path, method: .get, body: nil)
    }

    /// Posts `fields` as a form, with the last page's CSRF token unless `csrf` says otherwise
    /// (`.some(nil)` sends none).
    mutating func post(_ path: String, _ fields: [(String, String)], csrf: String?? = .none) async throws -> ServedResponse {
        var all = fields
        let token: String? = switch csrf {
        case .none: self.csrf
        case .some(let given): given
        }
        if let token { all.append(("csrf", token)) }
        let body = all.map { "\(Self.encode($0.0))=\(Self.encode($0.1))" }.joined(separator: "&")
        return try await send(path, method: .post, body: body)
    }

    /// Opens the sign-in page and signs in; the answer to the POST.
    @discardableResult
    mutating func signIn(email: String, password: String) async throws -> ServedResponse {
        _ = try await get("/sign-in")
        return try await post("/sign-in", [("email", email), ("password", password)])
    }

    private mutating func send(_ path: String, method: HTTPRequest.Method, body: String?) async throws -> ServedResponse {
        var headers: HTTPFields = [:]
        if !cookies.isEmpty {
            headers[.cookie] = cookies.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "; ")
        }
        if body != nil { headers[.contentType] = "application/x-www-form-urlencoded" }
        headers[.userAgent] = "DashboardBrowser/1.0 (tests)"
        let response = try await client.execute(path, method: method, host: host, headers: headers, body: body)
        lastSetCookies = response.headers[values: .setCookie]
        for cookie in lastSetCookies {
            let pair = cookie.split(separator: ";")[0].split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(pair[0])
            let value = pair.count > 1 ? String(pair[1]) : ""
            if value.isEmpty || cookie.contains("Max-Age=0") { cookies[name] = nil } else { cookies[name] = value }
        }
        if let token = Self.csrfToken(in: response.text) { csrf = token }
        return response
    }

    /// The value of the first `name="csrf"` field in `html`.
    static func csrfToken(in html: String) -> String? {
        guard let range = html.range(of: #"name="csrf" value=""#) else { return nil }
        let rest = html[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }

    static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? text
    }
}

/// What the dashboard's tests share: the host, the demo admin's password, and a server with it.
enum DashboardCases {
    static let host = "admin.daily.example.com"
    static let localHost = "admin.localhost:8080"
    static let password = "correct horse battery staple"

    /// A person with `role` whose password is ``password`` (hashed at bcrypt's cheapest cost),
    /// to insert into a test server's storage and sign in as.
    static func person(_ role: DashboardRole, email: String, name: String) async -> DashboardUser {
        DashboardUser(id: DashboardUser.newID(), email: email, name: name, role: role,
                      passwordHash: await DashboardPasswords.hash(password, cost: 4), createdAt: Demo.noon)
    }

    /// A demo server whose admin has ``password`` (hashed at bcrypt's cheapest cost).
    static func server(database: TestDatabase = .sqlite, clock: MovableClock = MovableClock(at: Demo.noon),
                       configure: (inout ServerConfiguration) -> Void = { _ in }) async throws -> TestServer {
        try await TestServer(clock: clock, database: database) { configuration in
            configuration.seedsDemoLinks = true
            configuration.demoAdminPassword = password
            configuration.dashboard.passwordCost = 4
            configure(&configuration)
        }
    }
}
