extension LinkURL {
    /// The path as Android's `Uri.getPath()` hands it to an intent filter's path rules:
    /// percent-decoded (`Uri.decode`: invalid UTF-8 becomes U+FFFD), and `/` for a URL without
    /// one, as a browser sends it.
    ///
    /// ```swift
    /// try LinkURL(parsing: "https://example.com/caf%C3%A9").androidPath // "/café"
    /// try LinkURL(parsing: "https://example.com").androidPath           // "/"
    /// ```
    public var androidPath: String {
        let decoded = AndroidIntentMatcher.Link.decoded(path)
        return decoded.isEmpty ? "/" : decoded
    }
}
