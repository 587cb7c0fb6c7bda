/// Which preview images a Firebase Dynamic Links long link may put on the site's link host:
/// the `links.longLinkImages` setting of `landfall.yml`.
///
/// Anyone can write a long link, so its `si` is an image of the writer's choosing shown under
/// the brand's name in every chat that previews the link. By default (``allowed``) `si` must
/// be on one of the site's own hosts or match `links.allowlist`, as a destination must;
/// another image is dropped (logged at notice) and the site's default image is shown instead.
///
/// ```yaml
/// links:
///   longLinkImages: any      # show whatever si a long link names
/// ```
public enum LongLinkImages: String, Sendable, Hashable, CaseIterable {
    /// `si` must be on the site's hosts or match `links.allowlist`; the default.
    case allowed
    /// Any absolute http(s) `si` is shown.
    case any
}
