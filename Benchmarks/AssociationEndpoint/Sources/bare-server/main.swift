// bare-server: the yardstick for Landfall's association file endpoint. A Hummingbird router
// with one handler that answers every GET with the same bytes and headers `landfall serve`
// sends for the demo's /.well-known/apple-app-site-association, built once at start.
//
//   swift run -c release bare-server 18090
//   curl -s http://127.0.0.1:18090/.well-known/apple-app-site-association
import Foundation
import Hummingbird

/// The body `landfall serve` sends for the demo's apple-app-site-association
/// (`landfall config associations examples/demo/landfall.yml`: 799 bytes; run.sh checks that
/// both servers send the same bytes before it measures).
let associationFile = """
{
  "applinks": {
    "details": [
      {
        "appIDs": [
          "ABCDE12345.com.example.dailypuzzle"
        ],
        "components": [
          {
            "/": "/archive",
            "exclude": true,
            "comment": "archive: stays on the web"
          },
          {
            "/": "/archive/?*",
            "exclude": true,
            "comment": "archive: stays on the web"
          },
          {
            "/": "/puzzle/today",
            "comment": "today"
          },
          {
            "/": "/puzzle/?*",
            "comment": "puzzle"
          },
          {
            "/": "/invites/?*",
            "comment": "invite"
          },
          {
            "/": "/news/?*",
            "comment": "article"
          }
        ]
      }
    ]
  }
}


"""

/// The headers `landfall serve` sends with it (landfall also adds an `X-Request-ID` of its own
/// and `Server: landfall`; Hummingbird adds `Date` and `Content-Length` to both).
let associationHeaders: HTTPFields = [
    .contentType: "application/json",
    .eTag: "\"fedf808120c3327965fc79501240e552\"",
    .cacheControl: "public, max-age=3600",
]

guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]), (1...65535).contains(port) else {
    FileHandle.standardError.write(Data("usage: bare-server PORT   (listens on 127.0.0.1:PORT)\n".utf8))
    exit(2)
}

let body = ByteBuffer(string: associationFile)
let router = Router()
router.get("**") { _, _ in
    Response(status: .ok, headers: associationHeaders, body: ResponseBody(byteBuffer: body))
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
