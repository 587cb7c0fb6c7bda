import Foundation
import Testing
import AppSiteAssociation

/// The conformance cases of `Tests/Fixtures/conformance/aasa-matching.json`: what iOS (often
/// Apple's own `swcutil`) decides.
@Suite struct ConformanceFileTests {
    /// The case file, or why it could not be read: a missing or broken file fails
    /// ``theConformanceFileIsReadAndHasCases()`` with its path instead of stopping the run.
    static let loaded = Result(catching: load)

    static func load() throws(FixtureError) -> ConformanceSuite {
        let file = TestResources.conformanceFile
        let bytes = try TestResources.read(file)
        do {
            return try ConformanceSuite(json: bytes)
        } catch {
            throw FixtureError(path: file.path, reason: "not a case file: \(error)")
        }
    }

    /// Every case's result; none when the file could not be read.
    static var results: [ConformanceSuite.Result] { (try? loaded.get().run()) ?? [] }

    @Test func theConformanceFileIsReadAndHasCases() throws {
        let suite = try Self.loaded.get()
        #expect(suite.cases.count >= 37)
    }

    @Test(arguments: results)
    func everyConformanceCaseGetsTheDecisionIOSMakes(_ result: ConformanceSuite.Result) {
        #expect(result.actual == result.expected, "\(result.caseName) for \(result.appID):\n\(result.explanation.joined(separator: "\n"))")
    }
}

extension ConformanceSuite.Result: CustomTestStringConvertible {
    public var testDescription: String { "\(caseName) [\(appID)]" }
}
