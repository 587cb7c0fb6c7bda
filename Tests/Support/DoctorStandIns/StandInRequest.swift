/// One request a ``StandInServer`` received, as the client sent it.
public struct StandInRequest: Sendable {
    /// The method, such as `GET`.
    public var method: String
    /// The request target: the path with its query, such as `/.well-known/assetlinks.json?x=1`.
    public var path: String
    /// The `Host` header, if the client sent one.
    public var host: String?
    /// Every header, in the order received, names as the client wrote them.
    public var headers: [(String, String)]

    /// Creates a request.
    public init(method: String, path: String, host: String?, headers: [(String, String)]) {
        self.method = method
        self.path = path
        self.host = host
        self.headers = headers
    }

    /// The first value of the header `name` (compared without regard to case), if any.
    ///
    /// ```swift
    /// #expect(server.requests[0].header("User-Agent") == "landfall-doctor/1.0")
    /// ```
    public func header(_ name: String) -> String? {
        headers.first { $0.0.lowercased() == name.lowercased() }?.1
    }
}
