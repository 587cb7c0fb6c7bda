import AppSiteAssociation

/// The short description `landfall aasa generate` writes an association file from: the apps,
/// their rules in order, and the other services.
///
/// ```swift
/// let spec = AssociationSpec(apps: ["ABCDE12345.com.example.app"], rules: [ComponentRule(path: "/buy/*")])
/// spec.file.encoded() // {"applinks": {"details": [{"appIDs": [...], "components": [{"/": "/buy/*"}]}]}}
/// ```
struct AssociationSpec: Sendable, Equatable {
    /// The apps every rule applies to (one detail).
    var apps: [String]
    /// The rules, in the order iOS tries them: the first that matches decides.
    var rules: [ComponentRule]
    /// `applinks.defaults` (settings such as `caseSensitive`), if any.
    var defaults: ComponentRule? = nil
    /// `applinks.substitutionVariables`, in order.
    var substitutionVariables: [SubstitutionVariable] = []
    /// Apps for `webcredentials` (shared passwords).
    var webCredentials: [String] = []
    /// App Clips for `appclips`.
    var appClips: [String] = []

    /// The association file: one `applinks` detail listing ``apps`` with ``rules`` as
    /// `components`, plus `webcredentials` and `appclips` when they list apps.
    var file: AssociationFile {
        AssociationFile(
            appLinks: AppLinksService(
                defaults: defaults,
                substitutionVariables: substitutionVariables.isEmpty ? nil : substitutionVariables,
                details: [AppLinkDetail(appIDs: apps, components: rules)]
            ),
            webCredentials: webCredentials.isEmpty ? nil : AppsService(apps: webCredentials),
            appClips: appClips.isEmpty ? nil : AppsService(apps: appClips)
        )
    }

    /// Builds a spec from command-line options: exclusions first, then paths, each in the order
    /// given (an exclusion written after the path that covers it could never decide).
    init(apps: [String], paths: [String], exclusions: [String]) {
        self.apps = apps
        self.rules = exclusions.map { ComponentRule(path: $0, exclude: true) } + paths.map { ComponentRule(path: $0) }
    }

    /// What is wrong with `appID` (see ``AppIDFormat``), as `"abc.x": the Team ID ...`, with
    /// the likely correction when there is one; `nil` when it is well formed.
    static func problem(withAppID appID: String) -> String? {
        guard let problem = AppIDFormat.problem(in: appID) else { return nil }
        return "\"\(appID)\": \(problem.message)" + (problem.suggestion.map { " (did you mean \"\($0)\"?)" } ?? "")
    }

    /// Creates a spec.
    init(apps: [String], rules: [ComponentRule], defaults: ComponentRule? = nil,
         substitutionVariables: [SubstitutionVariable] = [], webCredentials: [String] = [], appClips: [String] = []) {
        self.apps = apps
        self.rules = rules
        self.defaults = defaults
        self.substitutionVariables = substitutionVariables
        self.webCredentials = webCredentials
        self.appClips = appClips
    }
}
