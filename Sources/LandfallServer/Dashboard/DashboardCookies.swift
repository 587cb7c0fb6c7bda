import HTTPTypes
import Hummingbird

/// The dashboard's cookies: the session's (`landfall_session`) and the sign-in form's CSRF
/// token (`landfall_signin`), both `HttpOnly`, `SameSite=Lax`, on the whole admin host, and
/// `Secure` except through a development name (`admin.localhost`), which is plain http.
enum DashboardCookies {
    static let session = "landfall_session"
    static let signIn = "landfall_signin"

    /// The value of the cookie `name` the request carries, if any.
    static func value(_ name: String, in request: Request) -> String? {
        for header in request.headers[values: .cookie] {
            for pair in header.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == name {
                    return parts[1].trimmingCharacters(in: .whitespaces)
                }
            }
        }
        return nil
    }

    /// A `Set-Cookie` value setting `name` to `value` for the browser's session (no expiry:
    /// the server decides when a session ends).
    static func setting(_ name: String, to value: String, secure: Bool) -> String {
        "\(name)=\(value); Path=/; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// A `Set-Cookie` value removing `name`.
    static func clearing(_ name: String, secure: Bool) -> String {
        "\(name)=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax" + (secure ? "; Secure" : "")
    }

    /// Whether cookies for a request on `host` must be `Secure`: everywhere but development names.
    static func secure(on host: ServedHost) -> Bool {
        !host.role.isLocal
    }
}
