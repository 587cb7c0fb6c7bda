import Foundation
import LandfallSite
import Testing

/// The plans and app files the writer tests start from.
enum AppFileFixtures {
    /// The plan for the demo's app `daily`, after `edits` to `examples/demo/landfall.yml`.
    static func demoPlan(_ edits: DocumentEdit...) throws -> AppLinkPlan {
        let yaml = edits.reduce(try SiteDocuments.demo) { $1.applied(to: $0) }
        let site = try SiteConfigurationReader.site(yaml: yaml)
        return try AppLinkPlan(for: "daily", in: site.configuration)
    }

    /// The demo site, after `edits`.
    static func demoSite(_ edits: DocumentEdit...) throws -> Site {
        try SiteConfigurationReader.site(yaml: edits.reduce(try SiteDocuments.demo) { $1.applied(to: $0) })
    }

    /// A file of `Tests/LandfallSiteTests/Fixtures/app-files/`, as text.
    static func file(_ name: String) throws -> String {
        let url = SiteDocuments.repositoryRoot.appendingPathComponent("Tests/LandfallSiteTests/Fixtures/app-files/\(name)")
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// What differs between two texts: the bytes of `old` and of `new` between their longest
    /// common prefix and their longest common suffix. A pure insertion has an empty `old`.
    static func change(from old: String, to new: String) -> (old: String, new: String) {
        let a = Array(old.utf8), b = Array(new.utf8)
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        return (String(decoding: a[prefix..<(a.count - suffix)], as: UTF8.self),
                String(decoding: b[prefix..<(b.count - suffix)], as: UTF8.self))
    }
}
