import LandfallLinks

/// The `links:` section of `landfall.yml`: how random slugs are made, which slugs are kept
/// from people, and which external destinations short links may lead to.
///
/// ```yaml
/// links:
///   slugLength: 7            # random slug length, 4...32
///   reservedSlugs: [shop]    # extra reserved words
///   allowlist:               # patterns for external destinations
///     - ^https://shop\.example\.org/.*$
///   longLinks: on            # answer Firebase Dynamic Links long links (/?link=…)
///   longLinkImages: allowed  # a long link's si only from the site's hosts or the allowlist
/// ```
///
/// Every field has a default, so a site without the section has links with 7-character
/// random slugs, the built-in reserved words, and destinations on its own hosts only.
/// ``SiteConfiguration/destinationPolicy`` and ``SiteConfiguration/slugPolicy`` put these
/// settings together with the site's hosts.
public struct LinkSettings: Sendable, Equatable {
    /// The length of random slugs, from 4 to 32 (`SlugGenerator/allowedLengths`);
    /// `SlugGenerator/defaultLength` by default. The reader refuses other values; a
    /// configuration made in code with one gets the nearest allowed length.
    public var slugLength: Int
    /// Words no custom slug may be, besides `SlugPolicy/builtInReservedWords`; compared
    /// without case.
    public var reservedSlugs: [String]
    /// Patterns that allow external destinations, as Firebase Dynamic Links' URL pattern
    /// allowlist did; each must match a destination's whole normalized URL.
    public var allowlist: [AllowlistPattern]
    /// `longLinks`: whether the link host answers Firebase Dynamic Links long links
    /// (`/?link=…`); `on` (`true`) by default. When `off`, such a visit gets a 404 page saying
    /// that long links are turned off on this host.
    public var longLinks: Bool
    /// `longLinkImages`: which preview images (`si`) a long link may show on the site's link
    /// host; ``LongLinkImages/allowed`` by default.
    public var longLinkImages: LongLinkImages

    /// Creates settings; the defaults are those of a site without a `links:` section.
    public init(slugLength: Int = SlugGenerator.defaultLength, reservedSlugs: [String] = [], allowlist: [AllowlistPattern] = [],
                longLinks: Bool = true, longLinkImages: LongLinkImages = .allowed) {
        self.slugLength = slugLength
        self.reservedSlugs = reservedSlugs
        self.allowlist = allowlist
        self.longLinks = longLinks
        self.longLinkImages = longLinkImages
    }

    /// The policy for custom slugs: the built-in reserved words and ``reservedSlugs``.
    public var slugPolicy: SlugPolicy {
        SlugPolicy(extraReservedWords: reservedSlugs)
    }

    /// The generator of random slugs: ``slugLength`` characters (brought into 4...32), never a
    /// reserved word.
    public var slugGenerator: SlugGenerator {
        let length = min(max(slugLength, SlugGenerator.allowedLengths.lowerBound), SlugGenerator.allowedLengths.upperBound)
        do {
            return try SlugGenerator(length: length, policy: slugPolicy)
        } catch {
            preconditionFailure("a length clamped into SlugGenerator.allowedLengths was refused: \(error)")
        }
    }
}
