import AppSiteAssociation
import DeepLinkRouting
import Foundation
import Yams

/// Reads and checks `landfall.yml`: every problem is reported with its key path and line and
/// what is expected there, and a configuration with an error is refused.
///
/// The format is described in the `LandfallSite` DocC catalog's article "The Site
/// Configuration File".
///
/// ```swift
/// let check = SiteConfigurationReader.check(yaml: text, source: "landfall.yml")
/// for issue in check.issues { print(issue.description(in: "landfall.yml")) }
/// let site = try SiteConfigurationReader.site(yaml: text, source: "landfall.yml")
/// ```
public enum SiteConfigurationReader {
    /// What checking a configuration found.
    public struct Check: Sendable {
        /// The built site, when the configuration has no errors.
        public var site: Site?
        /// Every problem, errors and warnings, in document order.
        public var issues: [SiteIssue]
        /// Whether the configuration has an error.
        public var hasErrors: Bool { issues.contains { $0.severity == .error } }
    }

    /// Reads, checks and builds the site.
    ///
    /// - Throws: ``SiteConfigurationError`` with every issue when there is an error.
    public static func site(yaml: String, source: String? = nil) throws(SiteConfigurationError) -> Site {
        let check = check(yaml: yaml, source: source)
        guard let site = check.site, !check.hasErrors else {
            throw SiteConfigurationError(source: source, issues: check.issues)
        }
        return site
    }

    /// Reads and checks the configuration without throwing: the issues, and the site when
    /// there is no error.
    public static func check(yaml: String, source: String? = nil) -> Check {
        let root: Node
        do {
            guard let composed = try BoundedYAML.compose(yaml: yaml) else {
                return Check(site: nil, issues: [SiteIssue(.error, path: "", message: "the file is empty; it needs at least `site`, `hosts`, `apps` and `routes`")])
            }
            root = composed
        } catch let error as YamlError {
            return Check(site: nil, issues: [Self.issue(for: error)])
        } catch let error as BoundedYAML.TooLarge {
            return Check(site: nil, issues: [SiteIssue(.error, path: "", message: "too large: \(error)")])
        } catch {
            return Check(site: nil, issues: [SiteIssue(.error, path: "", message: "not valid YAML: \(error)")])
        }
        let reader = SiteDocumentReader(document: YAMLDocument())
        guard let configuration = reader.read(root) else {
            return Check(site: nil, issues: inDocumentOrder(reader.document.issues))
        }
        let (site, problems) = Site.build(configuration)
        var issues = reader.document.issues
        for problem in problems {
            let node = reader.node(for: problem.place)
            issues.append(problem.issue(line: node?.mark?.line, column: node?.mark?.column))
        }
        issues = inDocumentOrder(issues)
        return Check(site: issues.contains { $0.severity == .error } ? nil : site, issues: issues)
    }

    /// Issues by line, the order a person fixes them in; issues without a line come last, and
    /// issues on one line keep the order they were found in.
    private static func inDocumentOrder(_ issues: [SiteIssue]) -> [SiteIssue] {
        issues.enumerated()
            .sorted { ($0.element.line ?? .max, $0.offset) < ($1.element.line ?? .max, $1.offset) }
            .map(\.element)
    }

    private static func issue(for error: YamlError) -> SiteIssue {
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            let where_ = context.map { "\($0.text) " } ?? ""
            return SiteIssue(.error, path: "", line: mark.line, column: mark.column, message: "not valid YAML: \(where_)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            // `duplicates` names each repeated key once; the mark is the first one's first place.
            let message = duplicates.count == 1
                ? "the key '\(duplicates[0])' appears more than once in one mapping; keep one"
                : "the keys \(duplicates.map { "'\($0)'" }.joined(separator: ", ")) appear more than once in one mapping; keep one of each"
            return SiteIssue(.error, path: "", line: context.mark.line, column: context.mark.column, message: message)
        default:
            return SiteIssue(.error, path: "", message: "not valid YAML: \(error)")
        }
    }
}
