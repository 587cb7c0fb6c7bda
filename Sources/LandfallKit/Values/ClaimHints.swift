/// What the app tells the server about the device when it claims a deferred link without a
/// token (a weak match): the OS version, the preferred language and the screen size.
///
/// The server normalizes them as it does the landing page's (`18.1.2` → `18.1`, `en-US` →
/// `en-us`, `844x390` → `390x844`), so the app may send them as the system gives them.
/// Nothing here identifies a person. On iOS, `ClaimHints.current(screen:)` reads them.
///
/// ```swift
/// ClaimHints(osVersion: "18.1", language: "en-US", screen: ClaimHints.screen(width: 390, height: 844))
/// ```
public struct ClaimHints: Sendable, Hashable, Codable {
    /// The operating system's version, e.g. `18.1`.
    public var osVersion: String?
    /// The preferred language tag, e.g. `en-US`.
    public var language: String?
    /// The screen size in points, `WIDTHxHEIGHT`, e.g. `390x844`.
    public var screen: String?

    /// Creates hints; each is optional (a missing one is not compared).
    public init(osVersion: String? = nil, language: String? = nil, screen: String? = nil) {
        self.osVersion = osVersion
        self.language = language
        self.screen = screen
    }

    /// A screen size as the API writes it: whole points, shorter side first (`390x844`).
    public static func screen(width: Double, height: Double) -> String {
        let sides = [width, height].map { $0.isFinite ? Int(min(100_000, max(0, $0.rounded()))) : 0 }.sorted()
        return "\(sides[0])x\(sides[1])"
    }
}
