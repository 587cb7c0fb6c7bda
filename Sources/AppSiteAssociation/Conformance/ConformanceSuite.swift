import LandfallJSON
/// A file of matching cases in the `landfall-aasa-conformance/1` format: each case gives an
/// association file, the host it was served from, one URL, and the decision expected for each
/// listed app ID.
///
/// ```swift
/// let suite = try ConformanceSuite(json: bytes)
/// let results = suite.run()
/// results.filter { !$0.passed }.count // 0
/// ```
public struct ConformanceSuite: Sendable {
    /// The format identifier this reader understands.
    public static let format = "landfall-aasa-conformance/1"

    /// One case.
    public struct Case: Sendable {
        /// The case's name.
        public var name: String
        /// Where the expectation comes from (a document, or `swcutil`).
        public var source: String?
        /// The association file, as JSON.
        public var file: JSONValue
        /// The host the file was served from; `nil` means the URL's own host.
        public var domain: String?
        /// The URL asked about.
        public var url: String
        /// The expected decision per app ID, in file order.
        public var expectations: [(appID: String, outcome: MatchDecision.Outcome)]
    }

    /// The result of one expectation of one case.
    public struct Result: Sendable {
        /// The case's name.
        public var caseName: String
        /// The app ID checked.
        public var appID: String
        /// The decision expected.
        public var expected: MatchDecision.Outcome
        /// The decision made, or `nil` when the case could not be run.
        public var actual: MatchDecision.Outcome?
        /// The explanation of the decision, or why the case could not be run.
        public var explanation: [String]
        /// Whether the decision was the expected one.
        public var passed: Bool { actual == expected }
    }

    /// The cases, in file order.
    public var cases: [Case]

    /// Why a case file cannot be read.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        /// Where, and what was expected.
        public var description: String
    }

    /// Reads a case file.
    ///
    /// - Throws: ``FormatError`` naming the place of the first problem.
    public init(json bytes: some Collection<UInt8>) throws(FormatError) {
        let root: JSONValue
        do {
            root = try JSONParser().parseDocument(bytes).value
        } catch {
            throw FormatError(description: error.description)
        }
        func fail(_ path: JSONPath, _ message: String) -> FormatError {
            FormatError(description: "\(path): \(message)")
        }
        if let format = root["format"]?.stringValue, format != Self.format {
            throw fail(["format"], "expected \"\(Self.format)\", found \"\(format)\"")
        }
        guard let list = root["cases"]?.arrayValue else {
            throw fail([], "expected an object with a \"cases\" array")
        }
        var cases: [Case] = []
        for (index, value) in list.enumerated() {
            let path = JSONPath([.key("cases"), .index(index)])
            guard let url = value["url"]?.stringValue else { throw fail(path.appending("url"), "expected a string URL") }
            guard let file = value["aasa"] else { throw fail(path.appending("aasa"), "expected the association file") }
            guard let expect = value["expect"]?.objectMembers else {
                throw fail(path.appending("expect"), "expected an object of app ID to \"match\", \"exclude\" or \"no_match\"")
            }
            var expectations: [(String, MatchDecision.Outcome)] = []
            for member in expect {
                guard let text = member.value.stringValue, let outcome = MatchDecision.Outcome(rawValue: text) else {
                    throw fail(path.appending("expect").appending(member.key), "expected \"match\", \"exclude\" or \"no_match\"")
                }
                expectations.append((member.key, outcome))
            }
            cases.append(Case(
                name: value["name"]?.stringValue ?? "case \(index)",
                source: value["source"]?.stringValue,
                file: file,
                domain: value["domain"]?.stringValue,
                url: url,
                expectations: expectations
            ))
        }
        self.cases = cases
    }

    /// Runs every case and returns one result per expectation, in file order.
    public func run() -> [Result] {
        cases.flatMap { testCase -> [Result] in
            let matcher: AssociationMatcher
            let url: LinkURL
            do {
                matcher = AssociationMatcher(try AssociationFile(jsonValue: testCase.file))
                url = try LinkURL(parsing: testCase.url)
            } catch {
                return testCase.expectations.map {
                    Result(caseName: testCase.name, appID: $0.appID, expected: $0.outcome, actual: nil, explanation: ["\(error)"])
                }
            }
            return testCase.expectations.map { expectation in
                let explanation = matcher.explanation(for: url, appID: expectation.appID, servedFrom: testCase.domain)
                return Result(caseName: testCase.name, appID: expectation.appID, expected: expectation.outcome,
                              actual: explanation.decision.outcome, explanation: explanation.lines)
            }
        }
    }
}
