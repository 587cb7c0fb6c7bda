import LandfallJSON
/// Checks an `apple-app-site-association` file for everything that makes iOS read it
/// differently from how it looks: invalid JSON, wrong types, malformed app IDs, unknown or
/// misspelled keys, legacy forms, patterns that cannot match, undefined substitution variables,
/// rules that can never be reached, and more. Every problem has a stable code (see
/// ``AASALintCode``), a severity, a place and, where there is one, a fix.
///
/// It never throws and never traps: any bytes give a report.
///
/// ```swift
/// let report = AssociationLinter().lint(#"""
///     {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/buy/*", "casesensitive": false}]}]}}
///     """#)
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// // warning[aasa.unknown-key] applinks.details[0].components[0].casesensitive (line 1, column 101): unknown key "casesensitive"; iOS ignores it
/// //   fix: did you mean "caseSensitive"?
/// report.passes(strict: false) // true: a warning, no errors
/// report.passes(strict: true)  // false
/// ```
public struct AssociationLinter: Sendable {
    /// The largest file, in bytes, that passes; Apple's limit is 128 KB.
    public var maximumSize: Int

    /// Creates a linter.
    ///
    /// - Parameter maximumSize: files larger than this many bytes get an `aasa.file-too-large`
    ///   error (they are still checked).
    public init(maximumSize: Int = 128 * 1024) {
        self.maximumSize = maximumSize
    }

    /// Lints a file's bytes.
    public func lint(_ bytes: some Collection<UInt8>) -> LintReport {
        check(bytes, decoding: false).report
    }

    /// What a tool or server loading a file needs, from one parse: the lint report, and the
    /// decoded file when the file decodes.
    public struct Checked: Sendable {
        /// Every problem found.
        public var report: LintReport
        /// The file, or `nil` when it does not decode (the report then has an error saying why).
        public var file: AssociationFile?
    }

    /// Lints and decodes `bytes`, parsing them once.
    ///
    /// ```swift
    /// let checked = AssociationLinter().check(bytes)
    /// guard let file = checked.file, checked.report.passes(strict: false) else { ... }
    /// ```
    public func check(_ bytes: some Collection<UInt8>) -> Checked {
        check(bytes, decoding: true)
    }

    private func check(_ bytes: some Collection<UInt8>, decoding: Bool) -> Checked {
        let bytes = Array(bytes)
        var pass = LintPass()
        var file: AssociationFile? = nil
        if bytes.count > maximumSize {
            pass.report(.fileTooLarge, nil, nil,
                        "the file is \(bytes.count) bytes; Apple reads at most \(maximumSize) bytes (\(maximumSize / 1024) KB)",
                        fix: "serve the compact form (no indentation), merge rules with wildcards or substitution variables, and remove comments")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            pass.report(.byteOrderMark, nil, nil,
                        "the file starts with a UTF-8 byte-order mark (EF BB BF), which JSON does not allow and Apple's reader may refuse",
                        fix: "save the file as UTF-8 without a byte-order mark")
        }
        do {
            let document = try JSONParser().parseDocument(bytes)
            pass.lintDocument(document.value)
            if decoding { file = try? AssociationFile(jsonValue: document.value) }
        } catch {
            pass.report(.invalidJSON, nil, error.location, "invalid JSON at \(error.location): \(error.message)",
                        fix: Self.jsonFix(for: error))
        }
        return Checked(report: LintReport(diagnostics: pass.sortedDiagnostics()), file: file)
    }

    /// Lints JSON text.
    public func lint(_ text: String) -> LintReport {
        lint(Array(text.utf8))
    }

    /// A fix for the JSON mistakes people make most.
    static func jsonFix(for error: JSONParseError) -> String? {
        let message = error.message
        if message.hasPrefix("trailing comma") { return "remove the comma after the last element" }
        if message.hasPrefix("JSON has no comments") || message.hasSuffix("found '/'") { return "remove the comment (a component may carry a \"comment\" key instead)" }
        if message.hasPrefix("strings must use double quotes") || message.hasSuffix("found '\''") { return "use double quotes" }
        if message.hasPrefix("the file is empty") { return "write the file's JSON object: {\"applinks\": {\"details\": [...]}}" }
        if message.contains("found the end of the file") || message.hasPrefix("unterminated") {
            return "the file is cut short; check that it was saved or uploaded completely"
        }
        return nil
    }
}
