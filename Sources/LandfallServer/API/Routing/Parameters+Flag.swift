import Hummingbird

extension Parameters {
    /// The query parameter `name` when it is `true` or `false` (in any case); `false` when absent.
    ///
    /// - Throws: ``APIError`` 400 `invalid_body` naming the parameter for any other value.
    func flag(_ name: String) throws(APIError) -> Bool {
        guard let text = self[Substring(name)] else { return false }
        switch text.lowercased() {
        case "true": return true
        case "false": return false
        default: throw APIError(.badRequest, .invalidBody, "\(name) must be true or false, not '\(text.prefix(20))'.", field: name)
        }
    }
}
