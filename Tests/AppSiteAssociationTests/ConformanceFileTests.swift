import Foundation
import Testing
import AppSiteAssociation

/// The shared conformance cases: what iOS (often Apple's own `swcutil`) decides.
@Suite struct ConformanceFileTests {
    static let suite: ConformanceSuite = {
        do {
            return try ConformanceSuite(json: try Data(contentsOf: TestResources.sharedConformanceFile))
        } catch {
            fatalError("cannot read \(TestResources.sharedConformanceFile.path): \(error)")
        }
    }()

    static var results: [ConformanceSuite.Result] { suite.run() }

    @Test func theSharedCaseFileHasCases() {
        #expect(Self.suite.cases.count >= 37)
    }

    @Test(arguments: results)
    func everySharedCaseGetsTheDecisionIOSMakes(_ result: ConformanceSuite.Result) {
        #expect(result.actual == result.expected, "\(result.caseName) for \(result.appID):\n\(result.explanation.joined(separator: "\n"))")
    }
}

extension ConformanceSuite.Result: CustomTestStringConvertible {
    public var testDescription: String { "\(caseName) [\(appID)]" }
}
