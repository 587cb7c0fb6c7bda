import Foundation

extension DeviceHints {
    /// The hints as the landing page sees them, normalized: the OS version from the
    /// `User-Agent`, the language from `Accept-Language`, and a screen size the page reported.
    ///
    /// ```swift
    /// DeviceHints(platform: .ios,
    ///             userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 …",
    ///             acceptLanguage: "en-US,en;q=0.9", screen: "844x390")
    /// // DeviceHints(platform: .ios, osVersion: "18.1", language: "en", screen: "390x844")
    /// ```
    public init(platform: ClickPlatform, userAgent: String?, acceptLanguage: String?, screen: String? = nil) {
        self.init(platform: platform, osVersion: userAgent.flatMap { Self.osVersion(userAgent: $0, platform: platform) },
                  language: Self.language(acceptLanguage: acceptLanguage), screen: screen.flatMap(Self.screen))
    }

    // MARK: OS version

    /// A version as `major.minor`, or `nil` when `text` is not one to three numbers separated by
    /// dots (or underscores, as user agents write them).
    ///
    /// ```swift
    /// DeviceHints.osVersion("18")      // "18.0"
    /// DeviceHints.osVersion("18.1.2")  // "18.1"
    /// DeviceHints.osVersion("17_4")    // "17.4"
    /// DeviceHints.osVersion("beta")    // nil
    /// ```
    public static func osVersion(_ text: String) -> String? {
        let trimmed = text.trimmingASCIISpaces()
        let parts = trimmed.split(separator: trimmed.contains("_") ? "_" : ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count),
              parts.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let major = Int(parts[0]), let minor = parts.count > 1 ? Int(parts[1]) : 0
        else { return nil }
        return "\(major).\(minor)"
    }

    /// The operating system's version a mobile browser's `User-Agent` names, as `major.minor`,
    /// or `nil` when it names none (or `platform` is neither iOS nor Android).
    ///
    /// iOS browsers write `CPU iPhone OS 18_1 like Mac OS X` (`CPU OS 17_4` on an iPad). Since
    /// iOS 26, Safari freezes that at `18_6` and gives the real version in `Version/26.0`, so a
    /// `Version/` of 26 or later is taken instead. Android browsers write `Android 14;` or
    /// `Android 13.0;`.
    ///
    /// ```swift
    /// DeviceHints.osVersion(userAgent: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 …", platform: .android) // "14.0"
    /// ```
    public static func osVersion(userAgent: String, platform: ClickPlatform) -> String? {
        switch platform {
        case .ios:
            guard let version = token(after: ["CPU iPhone OS ", "CPU OS "], in: userAgent, endingAt: " ;)").flatMap(osVersion) else { return nil }
            if let safari = token(after: ["Version/"], in: userAgent, endingAt: " ;)").flatMap(osVersion),
               let major = safari.split(separator: ".").first.flatMap({ Int($0) }), major >= 26 {
                return safari
            }
            return version
        case .android:
            return token(after: ["Android "], in: userAgent, endingAt: " ;)").flatMap(osVersion)
        case .desktop, .crawler:
            return nil
        }
    }

    /// The text after the first of `markers` found in `text`, up to one of `terminators`.
    private static func token(after markers: [String], in text: String, endingAt terminators: String) -> String? {
        for marker in markers {
            guard let range = text.range(of: marker) else { continue }
            let rest = text[range.upperBound...]
            return String(rest.prefix { !terminators.contains($0) })
        }
        return nil
    }

    // MARK: language

    /// The preferred language of an `Accept-Language` header: the primary subtag of the tag
    /// with the highest `q` (the first of equals), as ``language(_:)`` gives it; `*`, `q=0` and
    /// malformed tags are skipped.
    ///
    /// ```swift
    /// DeviceHints.language(acceptLanguage: "fr-CH, fr;q=0.9, en;q=0.8, *;q=0.5") // "fr"
    /// DeviceHints.language(acceptLanguage: "de;q=0.5, en-GB")                   // "en"
    /// DeviceHints.language(acceptLanguage: "*")                                 // nil
    /// ```
    public static func language(acceptLanguage: String?) -> String? {
        guard let acceptLanguage else { return nil }
        var best: (tag: String, quality: Double)?
        for item in acceptLanguage.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let first = parts.first, let tag = language(String(first)) else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingASCIISpaces().lowercased() == "q" else { continue }
                quality = Double(pair[1].trimmingASCIISpaces()).map { min(max($0, 0), 1) } ?? 0
            }
            if quality > 0, quality > (best?.quality ?? 0) { best = (tag, quality) }
        }
        return best?.tag
    }

    /// A language as hints keep it: the primary subtag of a language tag, in lowercase
    /// (`en-US`, `en_GB` and `EN` are all `en`), so that a browser and an app that name the
    /// region differently still compare equal, and the hint says no more than it needs to.
    /// `nil` for `*` and for anything that is not a language tag (a first subtag of 2 to 8
    /// letters, then subtags of 1 to 8 letters and digits joined by `-` or `_`, 35 characters
    /// at most).
    ///
    /// ```swift
    /// DeviceHints.language("en-US")       // "en"
    /// DeviceHints.language("zh_Hant_TW")  // "zh"
    /// DeviceHints.language("english!")    // nil
    /// ```
    public static func language(_ tag: String) -> String? {
        let text = tag.trimmingASCIISpaces().lowercased().replacingUnderscores()
        guard (2...35).contains(text.count) else { return nil }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let primary = subtags.first, (2...8).contains(primary.count), primary.allSatisfy({ $0.isASCII && $0.isLetter }),
              subtags.dropFirst().allSatisfy({ (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } })
        else { return nil }
        return String(primary)
    }

    // MARK: screen

    /// The largest side a screen size may have, in points.
    public static let screenSides = 1...10_000

    /// A screen size as hints keep it: `WIDTHxHEIGHT` in points with the shorter side first, or
    /// `nil` when `text` is not two whole numbers from 1 to 10 000 joined by `x`.
    ///
    /// ```swift
    /// DeviceHints.screen("844x390")  // "390x844"
    /// DeviceHints.screen("390X844")  // "390x844"
    /// DeviceHints.screen("0x844")    // nil
    /// ```
    public static func screen(_ text: String) -> String? {
        let parts = text.trimmingASCIISpaces().split(omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == "X" })
        guard parts.count == 2,
              parts.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let first = Int(parts[0]), let second = Int(parts[1]),
              screenSides.contains(first), screenSides.contains(second)
        else { return nil }
        return "\(min(first, second))x\(max(first, second))"
    }
}

extension StringProtocol {
    /// The text without leading and trailing spaces and tabs.
    fileprivate func trimmingASCIISpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = firstIndex(where: { !isSpace($0) }), let end = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[start...end])
    }

    /// The text with `_` turned into `-`.
    fileprivate func replacingUnderscores() -> String {
        String(map { $0 == "_" ? "-" : $0 })
    }
}
