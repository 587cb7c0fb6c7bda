/// What a deferred-link claim knows about the device, to find the claim again when the app
/// has no token (a weak match). Nothing here identifies a person: the client address is only
/// kept hashed with a salt that rotates daily (``PendingClaim/addressHash``).
///
/// Every field is normalized so that the page's view and the app's view compare equal:
/// ``osVersion`` is `major.minor` (`"18.1"`, `"14"` → `"14.0"`), ``language`` the primary
/// language subtag in lowercase (`"en-US"` → `"en"`), ``screen`` `WIDTHxHEIGHT` in points with the
/// shorter side first (`"390x844"`).
public struct DeviceHints: Sendable, Hashable, Codable {
    /// The platform (`ios` or `android`; never `desktop` or `crawler` for a claim).
    public var platform: ClickPlatform
    /// The operating system's version, `major.minor`.
    public var osVersion: String?
    /// The preferred language's primary subtag, lowercased (`"en"`).
    public var language: String?
    /// The screen size in points, shorter side first: `390x844`.
    public var screen: String?

    /// Creates hints (already normalized; see the type's documentation).
    public init(platform: ClickPlatform, osVersion: String? = nil, language: String? = nil, screen: String? = nil) {
        self.platform = platform
        self.osVersion = osVersion
        self.language = language
        self.screen = screen
    }
}
