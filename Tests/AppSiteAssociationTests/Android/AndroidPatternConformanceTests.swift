import Foundation
import Testing
import AppSiteAssociation

/// The cases of `Tests/Fixtures/android/pattern-matcher.json`: what Android's
/// `PatternMatcher` decides for a path pattern and a path, and the advanced patterns it refuses.
@Suite struct AndroidPatternConformanceTests {
    /// The file's contents, in the `landfall-android-pattern-conformance/1` format.
    struct CaseFile: Decodable {
        var format: String
        var about: String
        var cases: [Case]
        var rejected: [Rejected]
    }

    /// A pattern with the paths it matches and those it does not.
    struct Case: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var kind: AndroidPatternKind
        var pattern: String
        var matches: [String]
        var doesNotMatch: [String]
        var testDescription: String { name }
    }

    /// An advanced pattern Android refuses, with its exception message.
    struct Rejected: Decodable, Sendable, CustomTestStringConvertible {
        var name: String
        var source: String
        var pattern: String
        var reason: String
        var testDescription: String { name }
    }

    static let file = TestResources.repositoryRoot.appendingPathComponent("Tests/Fixtures/android/pattern-matcher.json")

    /// The case file, or why it could not be read: a missing or broken file fails
    /// ``theCaseFileIsReadAndHasCasesOfEveryKind()`` with its path instead of stopping the run.
    static let loaded = Result(catching: load)

    static func load() throws(FixtureError) -> CaseFile {
        let bytes = try TestResources.read(file)
        do {
            return try JSONDecoder().decode(CaseFile.self, from: bytes)
        } catch {
            throw FixtureError(path: file.path, reason: "not a case file: \(error)")
        }
    }

    static var cases: [Case] { (try? loaded.get().cases) ?? [] }
    static var rejected: [Rejected] { (try? loaded.get().rejected) ?? [] }

    @Test func theCaseFileIsReadAndHasCasesOfEveryKind() throws {
        let file = try Self.loaded.get()
        #expect(file.format == "landfall-android-pattern-conformance/1")
        #expect(file.cases.count >= 80)
        #expect(file.rejected.count >= 15)
        #expect(Set(file.cases.map(\.kind)) == Set(AndroidPatternKind.allCases))
        let names = file.cases.map(\.name) + file.rejected.map(\.name)
        #expect(Set(names).count == names.count, "case names are unique")
        #expect(file.cases.allSatisfy { !$0.matches.isEmpty || !$0.doesNotMatch.isEmpty })
    }

    @Test(arguments: cases)
    func everyCaseMatchesTheWayAndroidMatches(_ item: Case) throws {
        let pattern = try AndroidPattern(item.pattern, kind: item.kind)
        for path in item.matches {
            #expect(pattern.matches(path), "\(item.name): \(pattern) should match \"\(path)\"")
        }
        for path in item.doesNotMatch {
            #expect(!pattern.matches(path), "\(item.name): \(pattern) should not match \"\(path)\"")
        }
    }

    @Test(arguments: rejected)
    func everyRejectedPatternThrowsAndroidsReason(_ item: Rejected) {
        let error = #expect(throws: AndroidPatternError.self) {
            try AndroidPattern(item.pattern, kind: .advancedGlob)
        }
        #expect(error?.reason == item.reason)
        #expect(error?.pattern == item.pattern)
    }

    @Test(arguments: rejected)
    func aRejectedPatternIsAcceptedByEveryOtherKind(_ item: Rejected) throws {
        for kind in AndroidPatternKind.allCases where kind != .advancedGlob {
            _ = try AndroidPattern(item.pattern, kind: kind)
        }
    }
}
