extension LinkClient {
    /// The server's runtime settings (`GET /v1/settings`), e.g. whether an invitation is
    /// required. Read them at each launch: a change is visible within a second.
    ///
    /// - Throws: ``LinkClientError`` after the retries.
    public func settings() async throws(LinkClientError) -> RemoteSettings {
        let request = try request(.get, "/v1/settings")
        let response = try await send(request)
        return try decode(RemoteSettings.self, from: response, of: request)
    }
}
