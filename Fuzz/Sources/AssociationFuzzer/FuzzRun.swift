import AppSiteAssociation

/// Everything the fuzzer checks for one input.
///
/// - Decoding and linting never crash, whatever the bytes, and agree: the linter reports
///   invalid JSON exactly when the decoder's JSON reader fails, and a file the decoder rejects
///   never passes the linter. Diagnostics point inside the input. `AssociationLinter.check`
///   (one parse) gives the same report and the same file as `lint` and `init(json:)`.
/// - A decoded file re-encodes (pretty and compact) to text that decodes to an equal file, and
///   encoding that file again gives the same text.
/// - Matching never crashes; a decision and the explanation of the same question agree, and
///   so do the `String` and `LinkURL` entry points.
/// - The wildcard engine agrees with itself and with a reference matcher: the greedy matcher
///   (patterns without variables), the position-set matcher (the same pattern with an empty
///   variable appended) and ``ReferenceMatcher`` give the same answer.
/// - The same for `assetlinks.json`: decode, lint, round trip, and match.
/// - Inputs that are not JSON are still used: the text is tried as a URL, and its first line as
///   a pattern against the rest.
struct FuzzRun {
    let bytes: [UInt8]

    /// How many probe URLs and apps to try per file, to keep executions fast.
    static let maxProbes = 16
    static let maxApps = 3
    /// Longest pattern and subject (in characters) given to the reference matcher.
    static let maxReferencePattern = 64
    static let maxReferenceSubject = 256

    static let fixedAppID = "ABCDE12345.com.example.app"

    func run() {
        let text = String(decoding: bytes, as: UTF8.self)
        checkURLParsing(text)
        checkPatternLine(text)
        AssetLinksRun(bytes: bytes).run()
        let report = AssociationLinter().lint(bytes)
        checkLocations(report)
        let checked = AssociationLinter().check(bytes)
        precondition(checked.report == report, "AssociationLinter.check and lint give different reports")
        let file: AssociationFile
        do {
            file = try AssociationFile(json: bytes)
        } catch {
            _ = error.description
            precondition(checked.file == nil, "AssociationLinter.check decodes a file that AssociationFile(json:) rejects: \(error)")
            let isJSONError = error.parseError != nil
            precondition(
                report.codes.contains("aasa.invalid-json") == isJSONError,
                "the decoder \(isJSONError ? "found" : "did not find") invalid JSON and the linter disagrees: \(error)\n\(report.codes)"
            )
            precondition(!report.passes(strict: false), "the linter passes a file the decoder rejects: \(error)")
            return
        }
        precondition(!report.codes.contains("aasa.invalid-json"), "the linter reports invalid JSON in a file that decodes")
        precondition(checked.file == file, "AssociationLinter.check and AssociationFile(json:) decode different files")
        checkRoundTrip(file)
        checkMatching(file)
    }

    /// Every diagnostic's location is inside the input.
    func checkLocations(_ report: LintReport) {
        for diagnostic in report.diagnostics {
            _ = diagnostic.description
            if let location = diagnostic.location {
                precondition(
                    location.offset >= 0 && location.offset <= bytes.count && location.line >= 1 && location.column >= 1,
                    "diagnostic \(diagnostic.code) points outside the input: \(location) (offset \(location.offset), \(bytes.count) bytes)"
                )
            }
        }
    }

    // MARK: Round trip

    // MARK: Matching

    func checkMatching(_ file: AssociationFile) {
        let matcher = AssociationMatcher(file)
        let apps = Array(matcher.appIDs.prefix(Self.maxApps)) + [Self.fixedAppID]
        let probes = ProbeURLs(file: file).urls.prefix(Self.maxProbes)
        for (probeIndex, url) in probes.enumerated() {
            for app in apps {
                let decision = matcher.decision(for: url, appID: app)
                if let fromText = try? matcher.decision(for: url.text, appID: app) {
                    precondition(fromText == decision, "decision(for: String) and decision(for: LinkURL) disagree on \(url.text) for \(app)")
                }
                _ = matcher.decision(for: url, appID: app, servedFrom: "Example.COM.")
                if probeIndex < 4 {
                    let explanation = matcher.explanation(for: url, appID: app)
                    precondition(
                        explanation.decision == decision,
                        "explanation (\(explanation.decision)) and decision (\(decision)) disagree on \(url.text) for \(app)"
                    )
                    _ = explanation.lines
                }
            }
        }
        checkPatterns(file, subjects: probes.map(\.path))
    }

    /// Compares the matchers on the file's own path patterns.
    func checkPatterns(_ file: AssociationFile, subjects: [String]) {
        let sources = (file.appLinks?.details ?? []).flatMap(\.effectiveRules).compactMap(\.path)
        for source in sources.prefix(8) {
            for subject in subjects.prefix(8) {
                checkPattern(source, against: subject)
            }
        }
    }

    // MARK: Text that is not a file

    func checkURLParsing(_ text: String) {
        guard let url = try? LinkURL(parsing: text) else { return }
        precondition(url.text == text, "LinkURL lost its text")
        precondition(!url.host.isEmpty, "LinkURL accepted an empty host: \(text)")
    }

    /// The first line as a pattern, the rest as the subject.
    func checkPatternLine(_ text: String) {
        guard let newline = text.firstIndex(of: "\n") else { return }
        checkPattern(String(text[..<newline]), against: String(text[text.index(after: newline)...]))
    }

    /// The greedy matcher, the position-set matcher and the reference matcher must agree.
    func checkPattern(_ source: String, against subject: String) {
        let fast = WildcardPattern(source)
        let fastAnswer = fast.matches(subject)
        guard !source.contains("$") else { return }
        let slow = WildcardPattern(source + "$(fuzzEmpty)", variables: SubstitutionTable(defined: ["fuzzEmpty": [""]]))
        let slowAnswer = slow.matches(subject)
        precondition(
            fastAnswer == slowAnswer,
            "greedy (\(fastAnswer)) and position-set (\(slowAnswer)) matchers disagree: pattern \(source.debugDescription), subject \(subject.debugDescription)"
        )
        guard source.unicodeScalars.count <= Self.maxReferencePattern, subject.unicodeScalars.count <= Self.maxReferenceSubject else { return }
        let reference = ReferenceMatcher.matches(pattern: source, subject: subject)
        precondition(
            fastAnswer == reference,
            "WildcardPattern (\(fastAnswer)) and the reference matcher (\(reference)) disagree: pattern \(source.debugDescription), subject \(subject.debugDescription)"
        )
    }
}
