import LandfallSite

/// Why a site could not be loaded: the configuration is refused, a file cannot be read, or a
/// template does not parse. The server refuses to start with it (and a reload keeps the
/// site it has).
public struct SiteLoadError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, one problem per line, each naming its file.
    public var description: String

    /// Creates an error.
    public init(_ description: String) {
        self.description = description
    }

    init(_ error: SiteConfigurationError) {
        self.description = error.description
    }
}
