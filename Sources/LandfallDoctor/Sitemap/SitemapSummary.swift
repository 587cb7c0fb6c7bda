import AppSiteAssociation

/// A site's pages grouped by what decides them on iOS for one app: the rule that opens them,
/// the rule that excludes them, no rule, no association file, or not a usable URL.
///
/// ```swift
/// let summary = SitemapSummary(pages: pages, appID: "ABCDE12345.com.example.app",
///                              matchers: ["daily.example.com": AssociationMatcher(file)],
///                              unavailable: ["shop.example.com": "404"])
/// summary.lines()
/// // opens ABCDE12345.com.example.app: 124 of 140 pages
/// //   124 pages  open by applinks.details[0].components[2] `/puzzle/*` on daily.example.com     e.g. https://daily.example.com/puzzle/2026-11-20, …
/// //    12 pages  excluded by applinks.details[0].components[1] `/archive/*` on daily.example.com e.g. …
/// ```
///
/// Every decision is `AssociationMatcher.decision(for:appID:servedFrom:)`'s, for the
/// file of the page's own host: the sitemap's host is not special, and pages on several hosts are
/// each judged by their host's file.
public struct SitemapSummary: Sendable, Hashable, Codable {
    /// Pages that share a verdict, a host and a deciding rule.
    public struct Group: Sendable, Hashable, Codable {
        /// What happens to the group's pages.
        public enum Verdict: String, Sendable, Hashable, Codable {
            /// A rule matched: the app opens.
            case opens
            /// An exclusion matched first: the app does not open.
            case excluded
            /// No rule matched, or the host's file lists no detail for the app (then ``Group/reason`` says so).
            case noRuleMatched = "no_rule_matched"
            /// The page's host has no usable association file.
            case noAssociationFile = "no_association_file"
            /// The page is not an http(s) URL that can be checked.
            case invalidURL = "invalid_url"
        }

        /// What happens to the pages.
        public var verdict: Verdict
        /// The pages' host, lower-cased without a trailing dot; `nil` for ``Verdict/invalidURL``.
        public var host: String?
        /// The rule that decided, for ``Verdict/opens`` and ``Verdict/excluded``.
        public var rule: RuleLocation?
        /// The deciding rule as the file writes it: its path pattern (`/puzzle/*`, or `NOT /archive/*`
        /// for a legacy `paths` entry), or its JSON when it is not only a path. Set with ``rule``.
        public var pattern: String?
        /// The pages, in the order they were given (a page given twice is counted twice).
        public var pages: [String]
        /// Why, when the verdict alone does not say: for ``Verdict/noAssociationFile`` why the host has
        /// no usable file (`404`); for ``Verdict/invalidURL`` what is wrong with the URLs (pages are
        /// grouped by it); for ``Verdict/noRuleMatched``, when the file lists no detail for the app at
        /// all, `no detail in the file lists <app ID>` (else `nil`).
        public var reason: String?

        /// Creates a group.
        public init(verdict: Verdict, host: String?, rule: RuleLocation? = nil, pattern: String? = nil,
                    pages: [String], reason: String? = nil) {
            self.verdict = verdict
            self.host = host
            self.rule = rule
            self.pattern = pattern
            self.pages = pages
            self.reason = reason
        }
    }

    /// The app the pages were judged for.
    public var appID: String
    /// The groups: opens first, then excluded, then no rule matched, no association file and not a
    /// usable URL. Within a verdict, hosts come in the order their first page appears, and each host's
    /// groups in rule order (detail, then rule); invalid URLs group by reason, first seen first.
    public var groups: [Group]
    /// How many pages were given.
    public var pageCount: Int
    /// How many of them open the app.
    public var opensCount: Int

    /// Groups `pages` by what decides each for `appID`.
    ///
    /// A page whose host the file of does not list `appID` at all lands in ``Group/Verdict/noRuleMatched``
    /// with a ``Group/reason`` saying so (the matcher's `appNotListed`): for that host no rule can match.
    /// A page whose host is neither in `matchers` nor in `unavailable` is grouped as
    /// ``Group/Verdict/noAssociationFile`` with the reason `no association file was fetched for this host`.
    ///
    /// - Parameters:
    ///   - pages: page URLs, in sitemap order.
    ///   - appID: the app (`<Team ID>.<bundle ID>`).
    ///   - matchers: an association matcher per host (lower-cased) that served a usable file.
    ///   - unavailable: hosts whose file could not be used, with the reason (`404`, `redirects to …`).
    public init(pages: [String], appID: String, matchers: [String: AssociationMatcher], unavailable: [String: String]) {
        let matchers = Dictionary(matchers.map { (Self.normalHost($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        let unavailable = Dictionary(unavailable.map { (Self.normalHost($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        var groups: [Group] = []
        var groupIndex: [GroupKey: Int] = [:]
        var hostOrder: [String: Int] = [:]
        for page in pages {
            let judged = Self.judge(page, appID: appID, matchers: matchers, unavailable: unavailable)
            let key = GroupKey(verdict: judged.verdict, host: judged.host, rule: judged.rule, reason: judged.reason)
            if let host = judged.host, hostOrder[host] == nil { hostOrder[host] = hostOrder.count }
            if let index = groupIndex[key] {
                groups[index].pages.append(page)
            } else {
                groupIndex[key] = groups.count
                groups.append(Group(verdict: judged.verdict, host: judged.host, rule: judged.rule,
                                    pattern: judged.pattern(), pages: [page], reason: judged.reason))
            }
        }
        // `groups` is in first-seen order, so the index breaks every remaining tie stably.
        let order = groups.indices.sorted { lhs, rhs in
            let left = groups[lhs], right = groups[rhs]
            if left.verdict.rank != right.verdict.rank { return left.verdict.rank < right.verdict.rank }
            let leftHost = left.host.flatMap { hostOrder[$0] } ?? -1, rightHost = right.host.flatMap { hostOrder[$0] } ?? -1
            if leftHost != rightHost { return leftHost < rightHost }
            if let a = left.rule, let b = right.rule, a != b {
                return (a.detailIndex, a.ruleIndex) < (b.detailIndex, b.ruleIndex)
            }
            return lhs < rhs
        }
        self.appID = appID
        self.groups = order.map { groups[$0] }
        self.pageCount = pages.count
        self.opensCount = self.groups.filter { $0.verdict == .opens }.reduce(0) { $0 + $1.pages.count }
    }

    /// What identifies a group.
    private struct GroupKey: Hashable {
        var verdict: Group.Verdict
        var host: String?
        var rule: RuleLocation?
        var reason: String?
    }

    /// One page's verdict, with a way to name the deciding rule (asked once per group).
    private struct Judged {
        var verdict: Group.Verdict
        var host: String?
        var rule: RuleLocation?
        var reason: String?
        /// The deciding rule's label, from the matcher's explanation of this page.
        var pattern: () -> String? = { nil }
    }

    private static func judge(_ page: String, appID: String, matchers: [String: AssociationMatcher],
                              unavailable: [String: String]) -> Judged {
        let url: LinkURL
        do throws(LinkURL.ParseError) {
            url = try LinkURL(parsing: page)
        } catch {
            return Judged(verdict: .invalidURL, reason: error.reason)
        }
        guard url.isWebURL else {
            return Judged(verdict: .invalidURL, reason: "only http and https URLs are universal links; this one is \(url.scheme)")
        }
        let host = normalHost(url.host)
        guard let matcher = matchers[host] else {
            return Judged(verdict: .noAssociationFile, host: host,
                          reason: unavailable[host] ?? "no association file was fetched for this host")
        }
        let decision = matcher.decision(for: url, appID: appID, servedFrom: host)
        switch decision.outcome {
        case .match, .exclude:
            return Judged(verdict: decision.outcome == .match ? .opens : .excluded, host: host, rule: decision.rule) {
                matcher.explanation(for: url, appID: appID, servedFrom: host).steps.last?.label
            }
        case .noMatch:
            let reason = decision.noMatchReason == .appNotListed ? "no detail in the file lists \(appID)" : nil
            return Judged(verdict: .noRuleMatched, host: host, reason: reason)
        }
    }

    /// Hosts compare lower-cased, without one trailing dot (as the matcher compares them).
    static func normalHost(_ host: String) -> String {
        (host.hasSuffix(".") ? String(host.dropLast()) : host).lowercased()
    }
}

extension SitemapSummary.Group.Verdict {
    /// The place of the verdict in ``SitemapSummary/groups``.
    var rank: Int {
        switch self {
        case .opens: 0
        case .excluded: 1
        case .noRuleMatched: 2
        case .noAssociationFile: 3
        case .invalidURL: 4
        }
    }
}
