import Foundation
import Hummingbird
import LandfallStorage

/// Signing in and out of the dashboard.
///
/// - `GET /sign-in`: the form, with a token for this browser (the `landfall_signin` cookie).
/// - `POST /sign-in`: email and password. A wrong one is answered with the form again (401)
///   saying only that the email or the password is wrong; too many from one address (10, then
///   one every 6 s) or for one account (``SignInLockout``) is 429 with `Retry-After`, and the
///   password is then not even checked. A right one starts a session (the `landfall_session`
///   cookie) and goes to `next` when it is a dashboard page, else to the overview.
/// - `POST /sign-out`: ends the session.
struct SignInRoutes: Sendable {
    let storage: Storage
    let clock: @Sendable () -> Date
    let policy: DashboardSessionPolicy
    /// Attempts per client address, counted together by every instance on one PostgreSQL database.
    let addresses: SharedLimiter
    /// The bcrypt hash checked when the email is unknown, made once at the dashboard's cost.
    let decoy: DecoyHash
    let lockout = SignInLockout()

    func addRoutes(to group: RouterGroup<DashboardContext>) {
        group.get("/sign-in", use: form)
        group.post("/sign-in", use: signIn)
        group.post("/sign-out", use: signOut)
    }

    @Sendable func form(_ request: Request, context: DashboardContext) async throws -> Response {
        let next = request.uri.queryParameters["next"].map(String.init)
        if context.signedIn != nil { return Response.redirect(.seeOther, to: Self.target(next)) }
        return try page(problem: nil, email: "", next: next, status: .ok, request: request, context: context)
    }

    @Sendable func signIn(_ request: Request, context: DashboardContext) async throws -> Response {
        let email = (context.form["email"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        let password = context.form["password"] ?? ""
        let next = context.form["next"]
        let address = try context.server.client.address
        if case .limited(let retryAfter) = await addresses.admit(address) {
            return try throttled(retryAfter: retryAfter, email: email, next: next, request: request, context: context)
        }
        let now = clock()
        guard !email.isEmpty, !password.isEmpty, let user = try await storage.dashboardUser(email: email) else {
            // As slow as checking a real password, so that timing does not tell which emails exist.
            _ = await DashboardPasswords.verify(password, against: await decoy.hash())
            return try wrong(email: email, next: next, request: request, context: context)
        }
        if let wait = lockout.wait(for: user, at: now) {
            return try throttled(retryAfter: Int(wait.rounded(.up)), email: email, next: next, request: request, context: context)
        }
        guard await DashboardPasswords.verify(password, against: user.passwordHash), !user.isDisabled else {
            if !user.isDisabled { _ = try await storage.recordFailedSignIn(ofUser: user.id, at: now) }
            return try wrong(email: email, next: next, request: request, context: context)
        }
        try await storage.recordSignIn(ofUser: user.id, at: now)
        let userAgent = request.headers[.userAgent] ?? ""
        let (cookie, session) = DashboardSessions.start(for: user, at: now, userAgent: userAgent, policy: policy)
        try await storage.insert(session)
        try await storage.recordDashboardAudit(DashboardAuditEntry(at: now, actor: user.email, userID: user.id, action: "session.signed_in",
                                                                   subject: user.email))
        let secure = DashboardCookies.secure(on: try context.server.host)
        var response = Response.redirect(.seeOther, to: Self.target(next))
        response.setCookie(DashboardCookies.setting(DashboardCookies.session, to: cookie, secure: secure))
        response.setCookie(DashboardCookies.clearing(DashboardCookies.signIn, secure: secure))
        return response
    }

    @Sendable func signOut(_ request: Request, context: DashboardContext) async throws -> Response {
        if let signedIn = context.signedIn {
            _ = try await storage.endDashboardSession(tokenHash: signedIn.session.tokenHash)
            try await storage.recordDashboardAudit(DashboardAuditEntry(at: clock(), actor: signedIn.user.email, userID: signedIn.user.id,
                                                                       action: "session.signed_out", subject: signedIn.user.email))
        }
        var response = Response.redirect(.seeOther, to: "/sign-in")
        response.setCookie(DashboardCookies.clearing(DashboardCookies.session, secure: DashboardCookies.secure(on: try context.server.host)))
        return response
    }

    /// Where to go after signing in: `next` when it is a path of this host (never another
    /// site: `//evil.example` and `/\\evil.example` are refused), else the overview.
    static func target(_ next: String?) -> String {
        guard let next, next.hasPrefix("/"), !next.hasPrefix("//"), !next.hasPrefix("/\\"),
              !next.unicodeScalars.contains(where: { $0.value < 0x21 || $0 == "\\" }), next.count <= 512 else { return "/" }
        return next
    }

    private func wrong(email: String, next: String?, request: Request, context: DashboardContext) throws -> Response {
        context.server.label("dashboard_sign_in_refused")
        return try page(problem: "That email and password do not match an account that can sign in.", email: email, next: next,
                        status: .unauthorized, request: request, context: context)
    }

    private func throttled(retryAfter: Int, email: String, next: String?, request: Request, context: DashboardContext) throws -> Response {
        context.server.label("dashboard_sign_in_throttled")
        var response = try page(problem: "Too many attempts. Try again in \(Self.wait(retryAfter)).", email: email, next: next,
                                status: .tooManyRequests, request: request, context: context)
        response.headers[.retryAfter] = String(max(retryAfter, 1))
        return response
    }

    /// The sign-in form, with this browser's token (made, and set as a cookie, when it has none).
    private func page(problem: String?, email: String, next: String?, status: HTTPResponse.Status, request: Request,
                      context: DashboardContext) throws -> Response {
        let existing = request.cookies[DashboardCookies.signIn].map(\.value).flatMap { DashboardSessions.tokenHash(ofCookie: $0) != nil ? $0 : nil }
        let token = existing ?? DashboardSessions.newFormToken()
        var values: [String: Any] = ["csrf": token, "email": email]
        if let problem { values["problem"] = problem }
        if let next, Self.target(next) != "/" { values["next"] = next }
        var response = try DashboardPage.response("sign-in", title: "Sign in", values: values, context: context, status: status)
        if existing == nil {
            response.setCookie(DashboardCookies.setting(DashboardCookies.signIn, to: token,
                                                        secure: DashboardCookies.secure(on: try context.server.host)))
        }
        return response
    }

    private static func wait(_ seconds: Int) -> String {
        seconds < 60 ? "\(max(seconds, 1)) seconds" : "\((seconds + 59) / 60) minutes"
    }
}

/// A bcrypt hash of a random password nobody has, at the cost the dashboard's passwords have,
/// so that checking a password against it takes as long as against a real one. Made at its
/// first use, once.
actor DecoyHash {
    let cost: UInt8
    private var made: String?

    init(cost: UInt8) {
        self.cost = cost
    }

    func hash() async -> String {
        if let made { return made }
        let hash = await DashboardPasswords.hash(DashboardPasswords.generate() + DashboardPasswords.generate(), cost: cost)
        made = made ?? hash
        return made ?? hash
    }
}
