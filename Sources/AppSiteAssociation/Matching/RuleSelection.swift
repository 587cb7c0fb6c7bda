/// Which rules a matcher tries for a URL (``AssociationMatcher`` and ``AssetLinksMatcher``).
enum RuleSelection: Sendable {
    /// Every rule, in order: what an explanation shows, and the plain walk the index must agree with.
    case every
    /// Only the rules whose path pattern's literal start begins the URL's path, and those
    /// without one (``RulePrefixIndex``), in order: the same decision, found among a few rules.
    case candidates
}
