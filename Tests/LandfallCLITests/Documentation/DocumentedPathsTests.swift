import Foundation
import Testing

/// Every file or folder of the repository that the README or a DocC article names (`Sources/…`,
/// `Tests/…`, `examples/…`, `scripts/…`, …) exists, and every relative link of theirs leads to a
/// file: a renamed article or example must not leave a page pointing at nothing.
@Suite struct DocumentedPathsTests {
    static let roots = ["Sources", "Tests", "examples", "scripts", "Benchmarks", "Fuzz", "openapi", "docs", ".ci"]

    /// The repository paths a text names, without trailing punctuation.
    static func namedPaths(in text: String) -> [String] {
        let pattern = try! Regex("(?:\(roots.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")))/[A-Za-z0-9_./+-]*")
        var paths: Set<String> = []
        for match in text.matches(of: pattern) {
            // `../../../Sources/X` is a link from an article: the path from the root is what follows.
            let before = text[..<match.range.lowerBound]
            if let previous = before.last, !"`( [\"'\n".contains(previous), !before.hasSuffix("../") { continue }
            var path = String(text[match.range])
            while let last = path.last, ".,:;".contains(last) { path.removeLast() }
            paths.insert(path)
        }
        return paths.sorted()
    }

    /// The targets of a text's relative Markdown links (`[text](target)` and `<img src="target">`),
    /// without fragments; web addresses, `doc:` links and fragments alone are left out.
    static func relativeLinks(in text: String) -> [String] {
        let pattern = try! Regex(#"\]\(([^)\s]+)\)|src="([^"]+)""#)
        var links: Set<String> = []
        for match in text.matches(of: pattern) {
            guard let target = (match.output[1].substring ?? match.output[2].substring).map(String.init) else { continue }
            if target.contains("://") || target.hasPrefix("doc:") || target.hasPrefix("<") || target.hasPrefix("#") || target.hasPrefix("mailto:") { continue }
            links.insert(String(target.split(separator: "#", maxSplits: 1)[0]))
        }
        return links.sorted()
    }

    static func text(of page: String) throws -> String {
        try String(contentsOf: CLIFixtures.repositoryRoot.appendingPathComponent(page), encoding: .utf8)
    }

    @Test("every repository path a page names exists", arguments: DocumentedExamplesTests.pages)
    func everyNamedPathExists(_ page: String) throws {
        let missing = Self.namedPaths(in: try Self.text(of: page)).filter {
            !FileManager.default.fileExists(atPath: CLIFixtures.repositoryRoot.appendingPathComponent($0).path)
        }
        #expect(missing.isEmpty, "\(page) names paths that do not exist: \(missing.joined(separator: ", "))")
    }

    @Test("every relative link of a page leads to a file", arguments: DocumentedExamplesTests.pages)
    func everyRelativeLinkLeadsToAFile(_ page: String) throws {
        let folder = CLIFixtures.repositoryRoot.appendingPathComponent(page).deletingLastPathComponent()
        let broken = Self.relativeLinks(in: try Self.text(of: page)).filter {
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).standardizedFileURL.path)
        }
        #expect(broken.isEmpty, "\(page) links to files that do not exist: \(broken.joined(separator: ", "))")
    }

    @Test func theReadmeNamesManyPaths() throws {
        #expect(Self.namedPaths(in: try Self.text(of: "README.md")).count > 15)
    }

    @Test("the paths are found in links and code spans, without trailing punctuation")
    func pathsAreReadFromTheText() {
        #expect(Self.namedPaths(in: "see [it](Sources/A/B.md), or `examples/demo/landfall.yml`.") == ["Sources/A/B.md", "examples/demo/landfall.yml"])
        #expect(Self.namedPaths(in: "[it](../../../Sources/A/B.md) and Tests/LandfallCLITests") == ["Sources/A/B.md", "Tests/LandfallCLITests"])
        #expect(Self.relativeLinks(in: "[a](../B.md#x) [b](https://e.com/c) <img src=\"docs/s.png\">") == ["../B.md", "docs/s.png"])
    }
}
