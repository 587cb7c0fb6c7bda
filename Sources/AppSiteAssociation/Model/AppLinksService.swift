/// The `applinks` service of an association file.
public struct AppLinksService: Sendable, Equatable {
    /// How `details` was written: the modern array, or the oldest form keyed by app ID.
    public enum DetailsForm: String, Sendable, Equatable, Codable {
        /// `"details": [{"appIDs": [...], ...}]`.
        case list
        /// `"details": {"ABCDE12345.com.example.app": {"paths": [...]}}` (before iOS 9.3).
        case keyedByAppID
    }

    /// The legacy `apps` key (before iOS 13 it had to be present and empty), or `nil` when absent.
    public var apps: [String]?
    /// Settings and default pattern keys for every component in the file (iOS 14+).
    public var defaults: ComponentRule?
    /// `substitutionVariables`: named lists of strings usable as `$(name)` in patterns, in file order.
    public var substitutionVariables: [SubstitutionVariable]?
    /// The details, in document order; order decides which rule wins.
    public var details: [AppLinkDetail]
    /// How `details` was written in the file (kept so a file re-encodes in its own form).
    public var detailsForm: DetailsForm

    /// Creates an `applinks` service.
    public init(
        apps: [String]? = nil,
        defaults: ComponentRule? = nil,
        substitutionVariables: [SubstitutionVariable]? = nil,
        details: [AppLinkDetail] = [],
        detailsForm: DetailsForm = .list
    ) {
        self.apps = apps
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.details = details
        self.detailsForm = detailsForm
    }
}

/// A named substitution variable: `$(food)` in a pattern stands for any one of `values`.
public struct SubstitutionVariable: Sendable, Equatable {
    /// The variable's name, used as `$(name)`; case-sensitive.
    public var name: String
    /// The strings it stands for; they may contain `*` and `?` but no other variables.
    public var values: [String]

    /// Creates a variable.
    public init(name: String, values: [String]) {
        self.name = name
        self.values = values
    }
}
