import LandfallJSON
/// Where a dynamic component stands: its statement and its place among that statement's rules.
public struct AssetLinksRuleLocation: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Index into ``AssetLinksFile/statements`` (0-based).
    public var statementIndex: Int
    /// Index into the statement's ``AssetLinkStatement/dynamicAppLinkComponents`` (0-based).
    public var ruleIndex: Int

    /// Creates a location.
    public init(statementIndex: Int, ruleIndex: Int) {
        self.statementIndex = statementIndex
        self.ruleIndex = ruleIndex
    }

    /// `[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components[3]`
    /// (exact for files whose include entries, if any, follow the statements, as encoding writes them).
    public var jsonPath: JSONPath {
        JSONPath([.index(statementIndex), .key("relation_extensions"), .key(AssetLinkStatement.handleAllURLs),
                  .key("dynamic_app_link_components"), .index(ruleIndex)])
    }

    /// `statement 1, rule 4` (counting from 1, as people do).
    public var description: String { "statement \(statementIndex + 1), rule \(ruleIndex + 1)" }
}
