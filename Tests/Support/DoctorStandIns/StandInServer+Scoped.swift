extension StandInServer {
    /// Starts a stand-in, runs `body` with it, and stops it afterwards whether `body` returns
    /// or throws, so that no test leaves a server listening.
    ///
    /// ```swift
    /// try await StandInServer.with(identity: nil, reply: { _ in .json("{}") }) { server in
    ///     // fetch server.url("/")
    /// }
    /// ```
    public static func with<T>(
        identity: ServerIdentity?,
        reply: @escaping @Sendable (StandInRequest) -> StandInReply,
        _ body: (StandInServer) async throws -> T
    ) async throws -> T {
        let server = try await start(identity: identity, reply: reply)
        let result: T
        do {
            result = try await body(server)
        } catch {
            try? await server.stop()
            throw error
        }
        try await server.stop()
        return result
    }
}
