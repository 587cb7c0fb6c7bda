/// The events an endpoint wants: all of them (`["*"]`), or some types.
///
/// ```swift
/// let selection = try WebhookEventSelection(["link.created", "invite.redeemed"])
/// selection.includes(.linkCreated)   // true
/// selection.names                    // ["invite.redeemed", "link.created"]
/// ```
public enum WebhookEventSelection: Sendable, Hashable {
    /// Every subscribable type, including those added by later versions.
    case all
    /// These types only (never empty).
    case only(Set<WebhookEventType>)

    /// Reads a subscription: `["*"]` or event types, each once.
    ///
    /// - Throws: ``WebhookEventSelectionError`` for an empty list, an unknown type (with the
    ///   known ones), `webhook.test`, `*` beside other types, or a type named twice.
    public init(_ names: [String]) throws(WebhookEventSelectionError) {
        guard !names.isEmpty else {
            throw WebhookEventSelectionError("name at least one event type, or \"*\" for all of them")
        }
        if names.contains("*") {
            guard names.count == 1 else {
                throw WebhookEventSelectionError("\"*\" means every event type: give it alone, not beside other types")
            }
            self = .all
            return
        }
        var types = Set<WebhookEventType>()
        for name in names {
            guard let type = WebhookEventType(rawValue: name), type != .webhookTest else {
                throw WebhookEventSelectionError(
                    "\"\(name)\" is not an event type; expected \"*\" or some of: \(WebhookEventType.subscribable.map(\.rawValue).joined(separator: ", "))")
            }
            guard types.insert(type).inserted else {
                throw WebhookEventSelectionError("\"\(name)\" is named twice")
            }
        }
        self = .only(types)
    }

    /// Whether an event of `type` is delivered (``WebhookEventType/webhookTest`` always is:
    /// it is sent to one endpoint on purpose).
    public func includes(_ type: WebhookEventType) -> Bool {
        switch self {
        case .all: true
        case .only(let types): type == .webhookTest || types.contains(type)
        }
    }

    /// The subscription as written: `["*"]`, or the types sorted.
    public var names: [String] {
        switch self {
        case .all: ["*"]
        case .only(let types): types.sorted().map(\.rawValue)
        }
    }
}

/// Why an endpoint's list of events was refused.
public struct WebhookEventSelectionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What was wrong, and what is expected.
    public let message: String

    init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
