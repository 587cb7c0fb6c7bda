import Foundation
import Testing
import AppSiteAssociation

/// The examples table of the DocC article `AndroidPatterns.md`: every row is what
/// ``AndroidPattern`` decides, and is a case of the conformance file with the same answer.
@Suite struct AndroidPatternsArticleTests {
    static let article = TestResources.repositoryRoot
        .appendingPathComponent("Sources/AppSiteAssociation/AppSiteAssociation.docc/AndroidPatterns.md")

    /// One row: `| kind | pattern | path | yes/no | case |`, code spans unwrapped, `(empty)` the empty path.
    struct Row: Sendable, CustomTestStringConvertible {
        var kind: String, pattern: String, path: String, matches: Bool, caseName: String
        var testDescription: String { "\(pattern) \(matches ? "matches" : "does not match") \(path)" }
    }

    static func rows() throws -> [Row] {
        let text = String(decoding: try TestResources.read(article), as: UTF8.self)
        let section = try #require(text.components(separatedBy: "## Examples").dropFirst().first)
        return section.split(separator: "\n").compactMap { line -> Row? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 5, cells[3] == "yes" || cells[3] == "no" else { return nil }
            func unwrapped(_ cell: String) -> String {
                cell == "(empty)" ? "" : String(cell.dropFirst().dropLast())
            }
            return Row(kind: unwrapped(cells[0]), pattern: unwrapped(cells[1]), path: unwrapped(cells[2]),
                       matches: cells[3] == "yes", caseName: unwrapped(cells[4]))
        }
    }

    static var loadedRows: [Row] { (try? rows()) ?? [] }

    @Test func theArticleHasExamplesOfTheQuirks() throws {
        #expect(try Self.rows().count >= 15)
    }

    @Test(arguments: loadedRows)
    func everyExampleIsWhatAndroidDecidesAndAConformanceCase(_ row: Row) throws {
        let kind = try #require(AndroidPatternKind(rawValue: row.kind))
        #expect(try AndroidPattern(row.pattern, kind: kind).matches(row.path) == row.matches)
        let file = try AndroidPatternConformanceTests.loaded.get()
        let item = try #require(file.cases.first { $0.name == row.caseName }, "no case named \(row.caseName)")
        #expect(item.kind == kind)
        #expect(item.pattern == row.pattern)
        #expect((row.matches ? item.matches : item.doesNotMatch).contains(row.path))
    }
}
