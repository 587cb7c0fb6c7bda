import Foundation
import Testing

/// Every file or folder of the repository the README names (`Sources/…`, `Tests/…`,
/// `examples/…`, `scripts/…`, …) exists: a renamed article or example must not leave the front
/// door pointing at nothing.
@Suite struct ReadmePathsTests {
    static let roots = ["Sources", "Tests", "examples", "scripts", "Benchmarks", "Fuzz", "openapi", "docs", ".ci"]

    /// The repository paths README.md names, without trailing punctuation.
    static func namedPaths(in text: String) -> [String] {
        let pattern = try! Regex("(?:\(roots.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")))/[A-Za-z0-9_./+-]*")
        var paths: Set<String> = []
        for match in text.matches(of: pattern) {
            var path = String(text[match.range])
            while let last = path.last, ".,:;".contains(last) { path.removeLast() }
            paths.insert(path)
        }
        return paths.sorted()
    }

    @Test("every repository path the README names exists")
    func everyNamedPathExists() throws {
        let readme = try String(contentsOf: ReadmeExamplesTests.readmeFile, encoding: .utf8)
        let paths = Self.namedPaths(in: readme)
        #expect(paths.count > 20, "README.md names \(paths.count) paths")
        let missing = paths.filter { !FileManager.default.fileExists(atPath: CLIFixtures.repositoryRoot.appendingPathComponent($0).path) }
        #expect(missing.isEmpty, "README.md names paths that do not exist: \(missing.joined(separator: ", "))")
    }

    @Test("the paths are found in links and code spans, without trailing punctuation")
    func pathsAreReadFromTheText() {
        #expect(Self.namedPaths(in: "see [it](Sources/A/B.md), or `examples/demo/landfall.yml`.") == ["Sources/A/B.md", "examples/demo/landfall.yml"])
    }
}
