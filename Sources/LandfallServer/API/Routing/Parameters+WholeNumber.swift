import Hummingbird

extension Parameters {
    /// The query parameter `name` as a whole number in `allowed`, or `defaultValue` when it is
    /// absent (a list's `limit`, a QR code's `size` and `margin`).
    ///
    /// - Throws: ``APIError`` 400 `invalid_body`, naming `name` and the range, for anything else.
    func wholeNumber(_ name: String, in allowed: ClosedRange<Int>, default defaultValue: Int) throws(APIError) -> Int {
        guard let text = self[name[...]].map(String.init) else { return defaultValue }
        guard let value = Int(text), allowed.contains(value) else {
            throw APIError(.badRequest, .invalidBody,
                           "\(name) must be a whole number from \(allowed.lowerBound) to \(allowed.upperBound), not '\(text.prefix(40))'.",
                           field: name)
        }
        return value
    }
}
