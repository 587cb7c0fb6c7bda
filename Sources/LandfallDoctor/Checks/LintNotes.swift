import AppSiteAssociation

/// Turns a linter's report on a served file into the doctor's first three checks for it (no
/// byte-order mark, valid JSON, the linter passes) and writes diagnostics as note lines, the way
/// `landfall aasa validate` prints them:
///
/// ```
/// error[aasa.malformed-app-id] applinks.details[0].appIDs[0] (line 5, column 20): the Team ID must be 10 characters A-Z or 0-9, found 9
///   fix: ...
/// ```
///
/// Shared by ``AppleAssociationChecks`` and ``AssetLinksChecks``; the codes differ, the
/// judgement does not.
enum LintNotes {
    /// The codes one linter uses for the problems that get checks of their own.
    struct Codes: Sendable {
        /// The byte-order-mark code (`aasa.byte-order-mark`).
        var byteOrderMark: String
        /// The invalid-JSON code (`aasa.invalid-json`).
        var invalidJSON: String
        /// The too-large code, left to ``TransportChecks``' `file.size`.
        var fileTooLarge: String
        /// The id of the lint check (`aasa.lint`).
        var lintCheckID: String

        /// The codes of ``AssociationLinter``.
        static let appleAssociation = Codes(byteOrderMark: "aasa.byte-order-mark", invalidJSON: "aasa.invalid-json",
                                            fileTooLarge: "aasa.file-too-large", lintCheckID: "aasa.lint")
        /// The codes of ``AssetLinksLinter``.
        static let assetLinks = Codes(byteOrderMark: "assetlinks.byte-order-mark", invalidJSON: "assetlinks.invalid-json",
                                      fileTooLarge: "assetlinks.file-too-large", lintCheckID: "assetlinks.lint")
    }

    /// The detail of a check that cannot be made because the body is not JSON.
    static let notJSON = "the file is not valid JSON"

    /// `file.bom`, `file.json` and the lint check, in that order, and whether the body is JSON
    /// (when it is not, the caller skips its later checks).
    static func fileChecks(_ report: LintReport, codes: Codes) -> (checks: [DoctorCheck], isJSON: Bool) {
        let bom = report.diagnostics.first { $0.code == codes.byteOrderMark }
        let invalid = report.diagnostics.first { $0.code == codes.invalidJSON }
        var checks = [
            DoctorCheck(
                id: "file.bom", status: bom == nil ? .pass : .fail, title: "No byte-order mark",
                detail: bom?.message ?? "the file starts without a byte-order mark",
                fix: bom.map { $0.fix ?? "save the file as UTF-8 without a byte-order mark" }
            ),
        ]
        if let invalid {
            checks.append(DoctorCheck(
                id: "file.json", status: .fail, title: "Valid JSON",
                detail: jsonMessage(invalid),
                fix: invalid.fix ?? jsonFix(invalid)
            ))
            checks.append(DoctorCheck(id: codes.lintCheckID, status: .skip, title: lintTitle, detail: notJSON))
            return (checks, false)
        }
        checks.append(DoctorCheck(id: "file.json", status: .pass, title: "Valid JSON", detail: "the file parses as JSON"))
        checks.append(lintCheck(report, codes: codes))
        return (checks, true)
    }

    /// "landfall aasa validate passes": every diagnostic the other checks do not cover.
    static func lintCheck(_ report: LintReport, codes: Codes) -> DoctorCheck {
        let covered: Set<String> = [codes.byteOrderMark, codes.invalidJSON, codes.fileTooLarge]
        let rest = report.diagnostics.filter { !covered.contains($0.code) }
        let worst = rest.map(\.severity).max()
        let status: CheckStatus = switch worst {
        case .error?: .fail
        case .warning?: .warn
        case .info?, nil: .pass
        }
        return DoctorCheck(
            id: codes.lintCheckID, status: status, title: lintTitle,
            detail: counts(rest), notes: rest.flatMap(lines(for:)),
            fix: status == .pass ? nil : "run `landfall aasa validate` on the file for details"
        )
    }

    /// The title of the lint check: `landfall aasa validate` checks both kinds of file.
    static let lintTitle = "landfall aasa validate passes"

    /// `no problems`, `2 errors, 1 warning`, `no problems (1 info)`.
    static func counts(_ diagnostics: [Diagnostic]) -> String {
        func count(_ severity: Diagnostic.Severity) -> Int { diagnostics.filter { $0.severity == severity }.count }
        func plural(_ number: Int, _ word: String) -> String { "\(number) \(word)\(number == 1 ? "" : "s")" }
        var parts: [String] = []
        if count(.error) > 0 { parts.append(plural(count(.error), "error")) }
        if count(.warning) > 0 { parts.append(plural(count(.warning), "warning")) }
        let infos = count(.info) > 0 ? "\(count(.info)) info" : nil
        if parts.isEmpty { return "no problems" + (infos.map { " (\($0))" } ?? "") }
        return (parts + (infos.map { [$0] } ?? [])).joined(separator: ", ")
    }

    /// `error[code] path (line, column): message` and, when there is one, `  fix: ...`.
    static func lines(for diagnostic: Diagnostic) -> [String] {
        var place = diagnostic.path.map { " \($0)" } ?? ""
        if let location = diagnostic.location { place += " (\(location))" }
        let line = "\(diagnostic.severity.rawValue)[\(diagnostic.code)]\(place): \(diagnostic.message)"
        return [line] + (diagnostic.fix.map { ["  fix: \($0)"] } ?? [])
    }

    /// The invalid-JSON message with its line and column (``AssociationLinter`` writes them into
    /// the message, ``AssetLinksLinter`` only into the location).
    static func jsonMessage(_ diagnostic: Diagnostic) -> String {
        guard let location = diagnostic.location, !diagnostic.message.contains("\(location)") else { return diagnostic.message }
        return "invalid JSON at \(location): \(diagnostic.message)"
    }

    /// A fix for invalid JSON when the linter has no more specific one.
    static func jsonFix(_ diagnostic: Diagnostic) -> String {
        let place = diagnostic.location.map { " at \($0)" } ?? ""
        return "correct the JSON\(place); `landfall aasa validate` on the file points at the same place"
    }
}
