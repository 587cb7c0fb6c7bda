/// One entry of an app's `com.apple.developer.associated-domains` entitlement, such as
/// `applinks:example.com`, `applinks:*.example.com` or `webcredentials:example.com?mode=developer`.
///
/// Read an entry with ``read(_:path:)`` (every problem as a ``Diagnostic``, with the corrected
/// entry as the fix) or ``init(parsing:)`` (throws the first error):
///
/// ```swift
/// let domain = try AssociatedDomain(parsing: "applinks:*.example.com?mode=developer")
/// domain.service      // .appLinks
/// domain.host         // "example.com"
/// domain.isWildcard   // true
/// domain.mode         // .developer
/// domain.hostsToCheck // ["example.com"]
///
/// AssociatedDomain.read("applinks:https://example.com").diagnostics.first?.fix
/// // "write applinks:example.com"
/// ```
public struct AssociatedDomain: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The service an entry is for: the part before the first `:`.
    public enum Service: String, Sendable, Hashable, Codable, CaseIterable {
        /// `applinks:`: universal links.
        case appLinks = "applinks"
        /// `webcredentials:`: shared passwords and passkeys.
        case webCredentials = "webcredentials"
        /// `appclips:`: App Clips.
        case appClips = "appclips"
        /// `activitycontinuation:`: Handoff.
        case activityContinuation = "activitycontinuation"
    }

    /// The `?mode=` of an entry.
    public enum Mode: String, Sendable, Hashable, Codable, CaseIterable {
        /// `?mode=developer`: development builds fetch the file from the origin, not Apple's CDN.
        case developer
        /// `?mode=managed`: for apps installed by device management.
        case managed
        /// `?mode=developer+managed`: both.
        case developerAndManaged = "developer+managed"
    }

    /// The service, such as ``Service/appLinks``.
    public var service: Service
    /// The host in lower case, without the `*.` of a wildcard entry (`example.com` for
    /// `applinks:*.example.com`).
    public var host: String
    /// Whether the entry was written `*.host`, covering the host's subdomains.
    public var isWildcard: Bool
    /// The `?mode=`, when the entry has one.
    public var mode: Mode?

    /// Creates an entry from its parts; `host` is taken as given (lower case, no `*.`).
    public init(service: Service, host: String, isWildcard: Bool = false, mode: Mode? = nil) {
        self.service = service
        self.host = host
        self.isWildcard = isWildcard
        self.mode = mode
    }

    /// The hosts whose `/.well-known/apple-app-site-association` file iOS (through Apple's CDN)
    /// fetches for this entry.
    ///
    /// A plain entry fetches from its own host. A wildcard entry `*.example.com` fetches from the
    /// apex, `example.com`, and from no subdomain: Apple documents that a wildcard entry reads
    /// the file at the domain after `*.` (see <doc:HowIOSReadsTheFile#Hosting>), so that one file
    /// must list the rules for every subdomain. A subdomain that also needs its own file must be
    /// listed as an entry of its own.
    public var hostsToCheck: [String] { [host] }

    /// The entry as it belongs in the entitlement: `applinks:*.example.com?mode=developer`.
    public var description: String {
        "\(service.rawValue):\(isWildcard ? "*." : "")\(host)" + (mode.map { "?mode=\($0.rawValue)" } ?? "")
    }
}

/// An associated-domains entry that could not be read: the first error found, with its fix.
public struct AssociatedDomainError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The problem, with a code from ``EntitlementsLintCode`` and the corrected entry as its fix.
    public var diagnostic: Diagnostic

    /// Creates an error from its diagnostic.
    public init(diagnostic: Diagnostic) {
        self.diagnostic = diagnostic
    }

    /// The diagnostic's message and fix.
    public var description: String { diagnostic.description }
}
