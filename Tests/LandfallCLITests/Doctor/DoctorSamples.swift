import DoctorStandIns

/// The files the doctor tests serve and write: a healthy association file, Android's file,
/// entitlements, an HTML error page, and the replies of a site serving them.
enum DoctorSamples {
    /// The app the healthy file lists.
    static let appID = "ABCDE12345.com.example.app"
    /// An app no file lists, nor anything close to it.
    static let unlistedAppID = "QWERT67890.org.unrelated.reader"
    /// The app an older copy on Apple's CDN lists instead of ``appID``.
    static let olderAppID = "ZYXWV98765.net.example.legacy"

    /// Where phones fetch Apple's file.
    static let associationPath = "/.well-known/apple-app-site-association"
    /// Where Android fetches its file.
    static let assetLinksPath = "/.well-known/assetlinks.json"

    /// An association file for ``appID``: `/archive/*` excluded, `/puzzle/*` opens the app.
    static let association = association(listing: appID)

    /// An association file listing `appID`, with the rules of ``association``.
    static func association(listing appID: String) -> String {
        #"{"applinks":{"details":[{"appIDs":["\#(appID)"],"components":["#
            + #"{"/":"/archive/*","exclude":true,"comment":"the archive stays on the web"},"#
            + #"{"/":"/puzzle/*","comment":"puzzles open the app"}]}]}}"#
    }

    /// An Android package.
    static let androidPackage = "com.example.app"
    /// The SHA-256 fingerprint of the certificate the Android app is signed with.
    static let fingerprint = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// The fingerprint of another certificate (an upload key, say).
    static let otherFingerprint = "AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99:AA:BB:CC:DD:EE:FF:00:11:22:33:44:55:66:77:88:99"

    /// `assetlinks.json` granting App Links to ``androidPackage`` signed with ``fingerprint``.
    static let assetLinks = #"[{"relation":["delegate_permission/common.handle_all_urls"],"#
        + #""target":{"namespace":"android_app","package_name":"\#(androidPackage)","#
        + #""sha256_cert_fingerprints":["\#(fingerprint)"]}}]"#

    /// The title of ``notFoundPage``.
    static let notFoundTitle = "Page not found · Daily Puzzle"

    /// A site's "not found" page, the kind some servers answer with status 200.
    static let notFoundPage = """
        <!DOCTYPE html>
        <html lang="en">
        <head><meta charset="utf-8"><title>\(notFoundTitle)</title></head>
        <body><h1>Sorry, that page does not exist.</h1></body>
        </html>
        """

    /// An Xcode `.entitlements` file listing `entries` as associated domains.
    static func entitlements(_ entries: [String]) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>
        \t<key>com.apple.developer.associated-domains</key>
        \t<array>
        \(entries.map { "\t\t<string>\($0)</string>" }.joined(separator: "\n"))
        \t</array>
        </dict>
        </plist>

        """
    }

    /// A site answering each path in `files` with its reply, and 404 for everything else.
    static func site(_ files: [String: StandInReply]) -> @Sendable (StandInRequest) -> StandInReply {
        { request in files[request.path] ?? .respond(status: 404, headers: [("Content-Type", "text/plain")], body: Array("not found".utf8)) }
    }

    /// A site serving ``association`` as application/json, and nothing else (no Android file).
    static let healthySite = site([associationPath: .json(association)])
}
