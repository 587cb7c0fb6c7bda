import Foundation

/// One HTTP response as the doctor received it: never decompressed, never a redirect followed.
public struct FetchedResponse: Sendable, Hashable {
    /// The URL that was requested.
    public var url: String
    /// The status code.
    public var status: Int
    /// The headers, in the order received.
    public var headers: [HeaderField]
    /// The body, at most the fetcher's body limit (see ``isTruncated``).
    public var body: [UInt8]
    /// How many body bytes the server sent in all (more than `body.count` when truncated).
    public var bodyLength: Int
    /// Whether the body was longer than the fetcher keeps; ``body`` holds its beginning.
    public var isTruncated: Bool

    /// Creates a response.
    public init(url: String, status: Int, headers: [HeaderField] = [], body: [UInt8] = [],
                bodyLength: Int? = nil, isTruncated: Bool = false) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
        self.bodyLength = bodyLength ?? body.count
        self.isTruncated = isTruncated
    }

    /// The first value of the header `name` (compared without regard to case), if any.
    public func header(_ name: String) -> String? {
        headers.first { $0.name.lowercased() == name.lowercased() }?.value
    }

    /// Whether the status is a redirect (301, 302, 303, 307, 308) with a `Location`.
    public var isRedirect: Bool {
        [301, 302, 303, 307, 308].contains(status) && header("Location") != nil
    }

    /// The media type of `Content-Type` in lower case, without parameters
    /// (`application/json` for `application/json; charset=utf-8`), or `nil` when absent.
    public var mediaType: String? {
        guard let value = header("Content-Type") else { return nil }
        let type = value.split(separator: ";", maxSplits: 1).first.map(String.init) ?? value
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
