// bare-server: the yardstick for Landfall's short-link redirect. A Hummingbird router with one
// handler that answers every GET with the 302 `landfall serve` sends a desktop browser for a
// short link of the demo: `Location` and `Cache-Control: no-store`, an empty body.
//
//   swift run -c release bare-server 18093
//   curl -si http://127.0.0.1:18093/b0000042
import Foundation
import Hummingbird

/// Where every short link of the benchmark leads: a puzzle page of the demo, a route that
/// opens the app (run.sh checks that landfall sends the same `Location`).
let target = "https://daily.example.com/puzzle/2026-11-20"

/// The headers of landfall's redirect (`Response.redirect(.found, to:)`); Hummingbird adds
/// `Date` and `Content-Length: 0` to both servers' responses, landfall also `Server: landfall`
/// and its `X-Request-ID`.
let redirectHeaders: HTTPFields = [
    .location: target,
    .cacheControl: "no-store",
]

guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]), (1...65535).contains(port) else {
    FileHandle.standardError.write(Data("usage: bare-server PORT   (listens on 127.0.0.1:PORT)\n".utf8))
    exit(2)
}

let router = Router()
router.get("**") { _, _ in
    Response(status: .found, headers: redirectHeaders)
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
