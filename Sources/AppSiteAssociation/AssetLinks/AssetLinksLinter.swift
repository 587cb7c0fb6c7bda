import LandfallJSON
/// Checks an `assetlinks.json` file the way Android reads it and reports every problem with a
/// stable code (see ``AssetLinksLintCode``), a severity, its place and, where there is one, a fix.
///
/// It never throws and never traps: bytes that are not JSON, are huge or nest deeply give
/// diagnostics, not crashes, so it is safe to run on anything.
///
/// ```swift
/// let report = AssetLinksLinter().lint(bytes)
/// for diagnostic in report.diagnostics { print(diagnostic) }
/// // warning[assetlinks.unknown-key] [0].target.sha256_cert_fingerprint (line 6, column 5): unknown key "sha256_cert_fingerprint"; Android ignores it
/// //   fix: did you mean "sha256_cert_fingerprints"?
/// report.passes(strict: false) // false: the statement has no fingerprints either
/// ```
public struct AssetLinksLinter: Sendable {
    /// The largest file Android reads: 1 MiB.
    public static let defaultMaximumSize = 1_048_576

    /// Files larger than this many bytes get ``AssetLinksLintCode/fileTooLarge``.
    public var maximumSize: Int

    /// Creates a linter.
    ///
    /// - Parameter maximumSize: the size in bytes above which the file is reported as too large.
    public init(maximumSize: Int = AssetLinksLinter.defaultMaximumSize) {
        self.maximumSize = maximumSize
    }

    /// Every code this linter can report, with its severity and meaning.
    public static var catalogue: [AssetLinksLintCode] { AssetLinksLintCode.allCases }

    /// Lints a file's bytes. Diagnostics come in document order.
    public func lint(_ bytes: some Collection<UInt8>) -> LintReport {
        let bytes = Array(bytes)
        var pass = AssetLinksLintPass()
        if bytes.count > maximumSize {
            pass.report(.fileTooLarge, at: nil, nil,
                        "the file is \(bytes.count) bytes; Android reads at most \(maximumSize)",
                        fix: "split the statements, or move some into a file named by an \"include\" entry")
        }
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            pass.report(.byteOrderMark, at: nil, SourceLocation(offset: 0, line: 1, column: 1),
                        "the file starts with a UTF-8 byte-order mark, which Android's JSON reader does not skip",
                        fix: "save the file as UTF-8 without a byte-order mark")
        }
        let document: JSONParser.Document
        do {
            document = try JSONParser().parseDocument(bytes)
        } catch {
            pass.report(.invalidJSON, at: nil, error.location, error.message)
            return pass.finished()
        }
        var stack: [JSONPath.Component] = []
        pass.lintDuplicateKeys(document.value, path: &stack)
        pass.lintDocument(document.value)
        return pass.finished()
    }

    /// Lints JSON text. See ``lint(_:)-(Collection<UInt8>)``.
    public func lint(_ text: String) -> LintReport {
        lint(Array(text.utf8))
    }
}
