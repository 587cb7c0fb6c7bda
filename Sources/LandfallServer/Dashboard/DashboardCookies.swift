import Hummingbird

/// The dashboard's cookies: the session's (`landfall_session`) and the sign-in form's CSRF
/// token (`landfall_signin`), both `HttpOnly`, `SameSite=Lax`, on the whole admin host, and
/// `Secure` except through a development name (`admin.localhost`), which is plain http.
/// Hummingbird's `Cookie` writes them and `Request.cookies` reads them.
enum DashboardCookies {
    static let session = "landfall_session"
    static let signIn = "landfall_signin"

    /// A cookie setting `name` to `value` for the browser's session (no expiry: the server
    /// decides when a session ends).
    static func setting(_ name: String, to value: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: value, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// A cookie removing `name`.
    static func clearing(_ name: String, secure: Bool) -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// Whether cookies for a request on `host` must be `Secure`: everywhere but development names.
    static func secure(on host: ServedHost) -> Bool {
        !host.role.isLocal
    }
}
