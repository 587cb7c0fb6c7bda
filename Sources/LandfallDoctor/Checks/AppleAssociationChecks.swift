import AppSiteAssociation

/// Judges the body of `/.well-known/apple-app-site-association` as iOS reads it: no byte-order
/// mark, valid JSON, what `landfall aasa validate` reports, and whether it lists the apps asked
/// about.
///
/// The file is parsed once, by `AssociationLinter`; the decoded file comes back in the
/// ``Outcome`` for the checks that ask about URLs.
///
/// ```swift
/// let outcome = AppleAssociationChecks.checks(body: response.body, host: "example.com",
///                                             appIDs: ["ABCDE12345.com.example.app"])
/// outcome.checks.map(\.id) // ["file.bom", "file.json", "aasa.lint", "aasa.app-id"]
/// outcome.file             // the decoded file, for URLChecks
/// ```
public enum AppleAssociationChecks {
    /// The checks, and the decoded file when the body decodes.
    public struct Outcome: Sendable {
        /// `file.bom`, `file.json`, `aasa.lint`, then one `aasa.app-id` per app asked about (or
        /// `aasa.apps` when none was).
        public var checks: [DoctorCheck]
        /// The file as iOS reads it, or `nil` when it is not JSON or does not decode.
        public var file: AssociationFile?

        /// Creates an outcome.
        public init(checks: [DoctorCheck], file: AssociationFile?) {
            self.checks = checks
            self.file = file
        }
    }

    /// Checks the body of /.well-known/apple-app-site-association served by `host` (status 200
    /// already established).
    ///
    /// - Parameters:
    ///   - body: the bytes served.
    ///   - host: the host that served them, for messages.
    ///   - appIDs: the apps (`<Team ID>.<bundle ID>`) that should open the host's links; empty
    ///     to list the apps the file names instead.
    public static func checks(body: [UInt8], host: String, appIDs: [String]) -> Outcome {
        let checked = AssociationLinter().check(body)
        var (checks, isJSON) = LintNotes.fileChecks(checked.report, codes: .appleAssociation)
        guard isJSON else {
            checks += appIDs.isEmpty
                ? [DoctorCheck(id: "aasa.apps", status: .skip, title: appsTitle, detail: LintNotes.notJSON)]
                : appIDs.map { DoctorCheck(id: "aasa.app-id", status: .skip, title: appIDTitle($0), detail: LintNotes.notJSON) }
            return Outcome(checks: checks, file: nil)
        }
        guard let file = checked.file else {
            let detail = "the file does not decode, so iOS reads no app from it (see the errors of `landfall aasa validate` above)"
            checks += appIDs.isEmpty
                ? [DoctorCheck(id: "aasa.apps", status: .skip, title: appsTitle, detail: detail)]
                : appIDs.map { DoctorCheck(id: "aasa.app-id", status: .skip, title: appIDTitle($0), detail: detail) }
            return Outcome(checks: checks, file: nil)
        }
        let listings = Listing.all(in: file)
        checks += appIDs.isEmpty
            ? [appsCheck(listings, host: host)]
            : appIDs.map { appIDCheck($0, listings: listings, file: file, host: host) }
        return Outcome(checks: checks, file: file)
    }

    /// `Apps listed`.
    static let appsTitle = "Apps listed"

    /// `Lists <appID>`.
    static func appIDTitle(_ appID: String) -> String { "Lists \(appID)" }
}
