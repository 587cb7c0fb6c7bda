import Hummingbird

/// The per-request context of the link server: Hummingbird's core storage and nothing else
/// (the server's state lives in ``LandfallResponder``).
public struct LandfallRequestContext: RequestContext {
    /// Hummingbird's storage.
    public var coreContext: CoreRequestContextStorage

    /// Creates the context for a request.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
    }
}
