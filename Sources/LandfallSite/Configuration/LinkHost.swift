/// A host of short links (``SiteHosts/linkHosts``): its name, and whether its slugs are
/// compared without case.
///
/// Slugs are case-sensitive by default, as Firebase Dynamic Links' were: `/Winter` and
/// `/winter` are two links. On a host with ``caseInsensitiveSlugs``, a slug is stored in lower
/// case and `/WINTER`, `/Winter` and `/winter` open the same link, which suits links read out
/// loud or typed from print.
///
/// ```yaml
/// hosts:
///   links:
///     - go.daily.example.com
///     - {host: print.daily.example.com, caseInsensitiveSlugs: true}
/// ```
public struct LinkHost: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The host's name, lowercased.
    public var name: String
    /// Whether slugs on this host are compared without case (stored in lower case).
    public var caseInsensitiveSlugs: Bool

    /// Creates a link host; the name is lowercased.
    public init(_ name: String, caseInsensitiveSlugs: Bool = false) {
        self.name = name.lowercased()
        self.caseInsensitiveSlugs = caseInsensitiveSlugs
    }

    /// A case-sensitive link host named by a literal.
    public init(stringLiteral name: String) {
        self.init(name)
    }

    /// The slug as this host stores it: lower case on a host with ``caseInsensitiveSlugs``,
    /// unchanged otherwise.
    public func storedSlug(_ slug: String) -> String {
        caseInsensitiveSlugs ? slug.lowercased() : slug
    }

    /// The slugs a request for `slug` is looked up as, in order: the slug as written, then, on
    /// a host with ``caseInsensitiveSlugs``, its lower case (links made before the host became
    /// case-insensitive keep their capitals and still open as written).
    public func lookupSlugs(for slug: String) -> [String] {
        guard caseInsensitiveSlugs else { return [slug] }
        let lowered = slug.lowercased()
        return lowered != slug ? [slug, lowered] : [slug]
    }

    /// The first link `find` gives for the ``lookupSlugs(for:)`` of `slug`, in their order:
    /// how the server's cache and the command line look a slug up alike.
    public func firstLink<Link, Failure: Error>(for slug: String, _ find: (String) async throws(Failure) -> Link?) async throws(Failure) -> Link? {
        for candidate in lookupSlugs(for: slug) {
            if let link = try await find(candidate) { return link }
        }
        return nil
    }
}
