import AppSiteAssociation

/// The workload of the parsing benchmarks: a realistic association file as close to the
/// 128 KB limit as it gets without passing it — a marketplace with many apps, each detail with
/// its own defaults, path rules, exclusions, query dictionaries, fragments and comments, plus
/// substitution variables and the other services — pretty-printed, as people write them.
enum LargeFile {
    /// 128 KB, the largest file Apple's guide allows.
    static let limit = 128 * 1024

    /// The file's bytes: the largest generated file that stays within ``limit``.
    static let bytes: [UInt8] = {
        var low = 1
        var high = 4_000
        while low < high {
            let middle = (low + high + 1) / 2
            if encoded(ruleCount: middle).count <= limit { low = middle } else { high = middle - 1 }
        }
        return encoded(ruleCount: low)
    }()

    static func encoded(ruleCount: Int) -> [UInt8] {
        Array(file(ruleCount: ruleCount).encoded(style: .pretty).utf8)
    }

    /// A file with `ruleCount` rules spread over details of up to 24 rules, one detail per brand.
    static func file(ruleCount: Int) -> AssociationFile {
        var details: [AppLinkDetail] = []
        var made = 0
        var brand = 0
        while made < ruleCount {
            let count = min(24, ruleCount - made)
            details.append(detail(brand: brand, ruleCount: count))
            made += count
            brand += 1
        }
        let apps = details.flatMap(\.effectiveAppIDs)
        return AssociationFile(
            appLinks: AppLinksService(
                defaults: ComponentRule(percentEncoded: true),
                substitutionVariables: [
                    SubstitutionVariable(name: "section", values: ["news", "sport", "culture", "opinion", "travel", "money"]),
                    SubstitutionVariable(name: "campaign", values: ["spring-*", "summer-*", "black-friday", "cyber-monday"]),
                ],
                details: details
            ),
            webCredentials: AppsService(apps: apps),
            appClips: AppsService(apps: apps.prefix(4).map { $0 + ".Clip" }),
            activityContinuation: AppsService(apps: apps)
        )
    }

    static func detail(brand: Int, ruleCount: Int) -> AppLinkDetail {
        let name = "brand\(brand)"
        let templates: [ComponentRule] = [
            ComponentRule(fragment: "no_universal_links", exclude: true, comment: "Opt-out fragment for links that must stay on the web."),
            ComponentRule(path: "/\(name)/account/*", exclude: true, comment: "Account pages need a browser session."),
            ComponentRule(path: "/\(name)/checkout/*", exclude: true),
            ComponentRule(path: "/\(name)/products/*", comment: "Product detail pages."),
            ComponentRule(path: "/\(name)/p/????????", comment: "Short product links with an 8-character code."),
            ComponentRule(path: "/\(name)/search", query: .items([QueryItemPattern(name: "q", pattern: "?*"), QueryItemPattern(name: "page", pattern: "*")])),
            ComponentRule(path: "/\(name)/help/*", query: .items([QueryItemPattern(name: "articleNumber", pattern: "????")])),
            ComponentRule(path: "/\(name)/$(section)/*"),
            ComponentRule(path: "/\(name)/promo/$(campaign)", comment: "Seasonal campaign landing pages."),
            ComponentRule(path: "/\(name)/Stores/*", caseSensitive: false),
            ComponentRule(path: "/\(name)/orders/*/tracking"),
            ComponentRule(path: "/\(name)/invite/*", query: .string("ref=*")),
            ComponentRule(path: "/\(name)/live/*", fragment: "?*"),
            ComponentRule(path: "/\(name)/legacy/*", exclude: true, comment: "Old pages that redirect on the web."),
            ComponentRule(path: "/\(name)/categories/*/items/*"),
            ComponentRule(path: "/\(name)/gift-cards/redeem", percentEncoded: false),
            ComponentRule(path: "/\(name)/u/?*"),
            ComponentRule(path: "/\(name)/wishlist/*"),
            ComponentRule(path: "/\(name)/reviews/*", query: .items([QueryItemPattern(name: "sort", pattern: "*")])),
            ComponentRule(path: "/\(name)/compare/*"),
            ComponentRule(path: "/\(name)/stores/nearby", comment: "Store finder."),
            ComponentRule(path: "/\(name)/deals/*"),
            ComponentRule(path: "/\(name)/new-arrivals"),
            ComponentRule(path: "/\(name)/*", exclude: true, comment: "Everything else of this brand stays on the web."),
        ]
        return AppLinkDetail(
            appIDs: ["ABCDE12345.com.example.\(name)", "ABCDE12345.com.example.\(name).beta", "FGHIJ67890.com.partner.\(name)"],
            defaults: brand % 3 == 0 ? ComponentRule(caseSensitive: false) : nil,
            components: Array(templates.prefix(ruleCount))
        )
    }
}
