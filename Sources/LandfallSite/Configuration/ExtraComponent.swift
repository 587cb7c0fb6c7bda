import AppSiteAssociation

/// A rule written in the association file's own form in `associations.components`, kept with
/// the line it came from so that problems the linter finds in it point into `landfall.yml`.
public struct ExtraComponent: Sendable, Equatable {
    /// The rule.
    public var rule: ComponentRule
    /// The line of `landfall.yml` it was read from, if known.
    public var line: Int?

    /// Creates an extra rule.
    public init(_ rule: ComponentRule, line: Int? = nil) {
        self.rule = rule
        self.line = line
    }
}
