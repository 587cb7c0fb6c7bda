import AppSiteAssociation
import LandfallJSON

/// Judges the body of `/.well-known/assetlinks.json` as Android's verifier reads it: no
/// byte-order mark, valid JSON, what `landfall aasa validate` reports, whether a statement grants
/// App Links to the package asked about, and whether it lists the certificate fingerprints the
/// app is signed with.
///
/// ```swift
/// let outcome = AssetLinksChecks.checks(body: response.body, host: "example.com",
///                                       packageName: "com.example.app",
///                                       fingerprints: ["146de983c5730650d8eeb9952f34fc6416a08342e61dbea88a0496b23fcf44e5"])
/// outcome.checks.map(\.id) // ["file.bom", "file.json", "assetlinks.lint", "assetlinks.package", "assetlinks.fingerprint"]
/// ```
public enum AssetLinksChecks {
    /// The checks, and the decoded file when the body decodes.
    public struct Outcome: Sendable {
        /// `file.bom`, `file.json`, `assetlinks.lint`, then `assetlinks.package` (or
        /// `assetlinks.apps` when no package was asked about) and one `assetlinks.fingerprint`
        /// per fingerprint asked about.
        public var checks: [DoctorCheck]
        /// The file as Android reads it, or `nil` when it is not JSON or does not decode.
        public var file: AssetLinksFile?

        /// Creates an outcome.
        public init(checks: [DoctorCheck], file: AssetLinksFile?) {
            self.checks = checks
            self.file = file
        }
    }

    /// Checks the body of /.well-known/assetlinks.json served by `host` (status 200 already
    /// established).
    ///
    /// - Parameters:
    ///   - body: the bytes served.
    ///   - host: the host that served them, for messages.
    ///   - packageName: the Android app that should open the host's links, or `nil` to list the
    ///     packages the file grants App Links to instead.
    ///   - fingerprints: SHA-256 fingerprints of the app's signing certificates, as `keytool` or
    ///     Play Console print them (`14:6D:...:E5`) or in lower case without colons; each must be
    ///     listed for the package (for any package granted App Links when `packageName` is `nil`).
    public static func checks(body: [UInt8], host: String, packageName: String?, fingerprints: [String]) -> Outcome {
        let report = AssetLinksLinter().lint(body)
        var (checks, isJSON) = LintNotes.fileChecks(report, codes: .assetLinks)
        let appTitles = (packageName.map(packageTitle) ?? appsTitle, fingerprints.map(fingerprintTitle))
        func skipped(_ detail: String) -> [DoctorCheck] {
            [DoctorCheck(id: packageName == nil ? "assetlinks.apps" : "assetlinks.package", status: .skip, title: appTitles.0, detail: detail)]
                + appTitles.1.map { DoctorCheck(id: "assetlinks.fingerprint", status: .skip, title: $0, detail: detail) }
        }
        guard isJSON, let document = try? JSONParser().parseDocument(body) else {
            return Outcome(checks: checks + skipped(LintNotes.notJSON), file: nil)
        }
        let file: AssetLinksFile
        do {
            file = try AssetLinksFile(jsonValue: document.value)
        } catch {
            return Outcome(checks: checks + skipped("the file does not decode, so Android reads no statement from it: \(error)"), file: nil)
        }
        let statements = StatementPlaces(document.value)
        if let packageName {
            checks.append(packageCheck(packageName, file: file, places: statements, host: host))
        } else {
            checks.append(appsCheck(file, host: host))
        }
        checks += fingerprints.map { fingerprintCheck($0, packageName: packageName, file: file, places: statements, report: report) }
        return Outcome(checks: checks, file: file)
    }

    /// `Grants App Links to <package>`.
    static func packageTitle(_ packageName: String) -> String { "Grants App Links to \(packageName)" }

    /// `Apps listed`.
    static let appsTitle = "Apps listed"

    /// Where each statement of ``AssetLinksFile/statements`` stands in the top-level array
    /// (include entries take places too, so the two indices can differ).
    struct StatementPlaces: Sendable {
        /// For each statement, its index in the top-level array.
        var topLevelIndices: [Int]

        init(_ root: JSONValue) {
            topLevelIndices = (root.arrayValue ?? []).indices.filter { root.arrayValue?[$0]["include"] == nil }
        }

        /// `[2]`: the path of statement `index`.
        func path(ofStatement index: Int) -> JSONPath {
            JSONPath([.index(index < topLevelIndices.count ? topLevelIndices[index] : index)])
        }
    }
}
