import HTTPTypes

/// One operation of the JSON API, as `openapi/landfall.yaml` lists it: a method, a path
/// template (`/v1/links/{id}`, written as the document writes it) and who may call it.
struct APIOperation: Sendable, Hashable, CustomStringConvertible {
    let method: HTTPRequest.Method
    let path: String
    let scope: APIScope

    var description: String { "\(method.rawValue) \(path) (\(scope.rawValue))" }
}

/// Who may call an operation: anyone (apps and browsers, rate limited per client address), or
/// a key allowing the `read`, `write` or `webhooks` scope (``APIKeyScope/allows(_:)``). The OpenAPI document says the same in each
/// operation's `x-landfall-scope`.
enum APIScope: String, Sendable, Hashable, CaseIterable {
    case `public`
    case read
    case write
    case webhooks
}

/// Every operation of the API, in the order they were registered: the one table the router is
/// built from (``APIRoutes``) and that answers what the router cannot say by itself, such as
/// the methods a path allows (405 with `Allow`). A test compares it with the OpenAPI document
/// both ways.
struct APITable: Sendable {
    private(set) var operations: [APIOperation] = []

    mutating func append(_ operation: APIOperation) {
        operations.append(operation)
    }

    /// The path template that `path` (concrete, percent-encoded) stands for: the one matching
    /// segment by segment with the most literal segments (`/v1/links/bulk` before
    /// `/v1/links/{id}`); `nil` when none matches.
    func template(matching path: String) -> String? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var best: (template: String, literals: Int)?
        for template in Set(operations.map(\.path)) {
            let parts = template.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
            guard parts.count == segments.count else { continue }
            var literals = 0
            var matches = true
            for (part, segment) in zip(parts, segments) {
                if part.hasPrefix("{") {
                    if segment.isEmpty { matches = false; break }
                } else if part == segment {
                    literals += 1
                } else {
                    matches = false
                    break
                }
            }
            if matches, literals > best?.literals ?? -1 { best = (template, literals) }
        }
        return best?.template
    }

    /// The methods the operations at `template` accept, in the order they were registered.
    func methods(at template: String) -> [HTTPRequest.Method] {
        operations.filter { $0.path == template }.map(\.method)
    }
}
