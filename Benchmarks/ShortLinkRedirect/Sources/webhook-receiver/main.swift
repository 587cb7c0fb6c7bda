// webhook-receiver: the local receiver of the webhook benchmarks. A Hummingbird router that
// answers every POST with 204 at once, after noting when it arrived, its path, its `webhook-id`
// and the event's `type` and `timestamp` (found in the body, not decoded: the receiver should cost
// as little as possible, and the same for every client). No signature is checked.
//
//   webhook-receiver 18097
//   curl -s http://127.0.0.1:18097/records           # one line per POST received, in arrival order:
//                                                     # PATH ARRIVAL WEBHOOK-ID TYPE TIMESTAMP
//                                                     # (ARRIVAL in seconds since 1970, to the µs)
//   curl -s 'http://127.0.0.1:18097/bodies?path=/x'  # the bodies POSTed to /x, one per line
//
// Used by ShortLinkRedirect/run.sh (WEBHOOK_SUBSCRIPTION: link.clicked deliveries counted) and
// WebhookDelivery/run.sh (10,000 link.created events, and the same bodies from wrk as the anchor).
import Foundation
import Hummingbird

/// One POST as it arrived.
struct Arrival: Sendable {
    var path: String
    var arrival: Double
    var webhookID: String
    var type: String
    var timestamp: String
    var body: String
}

/// Everything received, in arrival order.
actor Arrivals {
    private var list: [Arrival] = []

    func add(_ arrival: Arrival) { list.append(arrival) }
    func all() -> [Arrival] { list }
}

/// The string value of `"key":"…"` in a compact JSON body, without decoding it ("-" when absent).
func member(_ key: String, in body: String) -> String {
    guard let start = body.range(of: "\"\(key)\":\"") else { return "-" }
    guard let end = body[start.upperBound...].firstIndex(of: "\"") else { return "-" }
    return String(body[start.upperBound..<end])
}

guard CommandLine.arguments.count == 2, let port = Int(CommandLine.arguments[1]), (1...65535).contains(port) else {
    FileHandle.standardError.write(Data("usage: webhook-receiver PORT   (listens on 127.0.0.1:PORT)\n".utf8))
    exit(2)
}

/// The header with the event's id (`HTTPField` itself is not exported by Hummingbird).
let webhookIDField = HTTPFields.Element.Name("webhook-id")!
let arrivals = Arrivals()
let router = Router()
router.get("health") { _, _ in "ok" }
router.get("records") { _, _ -> String in
    await arrivals.all().map { "\($0.path) \(String(format: "%.6f", $0.arrival)) \($0.webhookID) \($0.type) \($0.timestamp)\n" }.joined()
}
router.get("bodies") { request, _ -> String in
    let path = request.uri.queryParameters.get("path") ?? "/"
    return await arrivals.all().filter { $0.path == path }.map { $0.body + "\n" }.joined()
}
router.post("**") { request, _ -> Response in
    let arrived = Date().timeIntervalSince1970
    let body = String(buffer: try await request.body.collect(upTo: 1 << 20))
    await arrivals.add(Arrival(
        path: request.uri.path,
        arrival: arrived,
        webhookID: request.headers[webhookIDField] ?? "-",
        type: member("type", in: body),
        timestamp: member("timestamp", in: body),
        body: body
    ))
    return Response(status: .noContent)
}
let application = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: port)))
try await application.runService()
