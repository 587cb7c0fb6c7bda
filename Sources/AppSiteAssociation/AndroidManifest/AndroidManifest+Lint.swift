import LandfallXML

extension AndroidManifest.Reader {
    /// The checks on a whole filter: what a link filter needs, once its children are read.
    mutating func lint(_ filter: AndroidIntentFilter, element: XMLTreeElement) {
        guard filter.isLinkFilter else { return }
        let name = filter.autoVerify ? "the autoVerify filter at line \(filter.line)" : "the link filter at line \(filter.line)"
        if !filter.actions.contains(AndroidIntentFilter.viewAction) {
            report(.missingViewAction, at: element,
                   "\(name) has no \(AndroidIntentFilter.viewAction) action, so a tapped link never matches it\(filter.autoVerify ? " and Android never verifies it" : "")",
                   fix: "add <action android:name=\"\(AndroidIntentFilter.viewAction)\" /> to the filter")
        }
        if !filter.categories.contains(AndroidIntentFilter.defaultCategory) {
            report(.missingDefaultCategory, at: element,
                   "\(name) has no \(AndroidIntentFilter.defaultCategory) category, so a tapped link never matches it (startActivity adds DEFAULT to every implicit intent)\(filter.autoVerify ? " and Android never verifies it" : "")",
                   fix: "add <category android:name=\"\(AndroidIntentFilter.defaultCategory)\" /> to the filter")
        }
        if !filter.categories.contains(AndroidIntentFilter.browsableCategory) {
            report(.missingBrowsableCategory, at: element,
                   "\(name) has no \(AndroidIntentFilter.browsableCategory) category, so a link tapped in a browser never opens it\(filter.autoVerify ? " and Android never verifies it" : "")",
                   fix: "add <category android:name=\"\(AndroidIntentFilter.browsableCategory)\" /> to the filter")
        }
        if filter.autoVerify {
            let custom = filter.schemes.filter { $0 != "http" && $0 != "https" }
            if !filter.hasWebScheme, !filter.hasUnresolved("scheme") {
                report(.verifyNoWebScheme, at: element,
                       "\(name) has no http or https scheme (it has \(filter.schemes.joined(separator: ", "))), so Android has nothing to verify",
                       fix: "add <data android:scheme=\"https\" />, or remove android:autoVerify from a custom-scheme filter")
            } else if !custom.isEmpty {
                report(.verifyCustomScheme, at: element,
                       "\(name) also lists \(custom.joined(separator: ", ")); Android 11 and earlier do not verify a filter with a scheme other than http or https",
                       fix: "put the custom scheme in an intent filter of its own, without android:autoVerify")
            }
            if filter.authorities.isEmpty, !filter.hasUnresolved("host") {
                report(.verifyNoHost, at: element,
                       "\(name) has no android:host, so Android has no host to verify and the filter matches every web link",
                       fix: "add <data android:host=\"example.com\" /> with each host that serves assetlinks.json")
            }
        }
        if !filter.mimeTypes.isEmpty {
            report(.mimeTypeInLinkFilter, at: element,
                   "\(name) has android:mimeType \(filter.mimeTypes.joined(separator: ", ")); a tapped link has no type, so the filter never matches one",
                   fix: "remove android:mimeType from the link filter (a filter for files can stay separate)")
        }
    }

    /// The checks on one `android:scheme` value.
    mutating func lintScheme(_ scheme: String, _ attribute: XMLTreeAttribute) {
        let isScheme = scheme.first.map { $0.isASCII && $0.isLetter } == true
            && scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        if !isScheme {
            let bare = scheme.split(separator: ":").first.map(String.init) ?? scheme
            report(.schemeNotAScheme, at: .attribute(attribute),
                   "android:scheme=\"\(attribute.value)\" is not a scheme; Android expects letters, digits, + - . only, such as https",
                   fix: "write android:scheme=\"\(bare.lowercased())\"")
        } else if scheme != scheme.lowercased() {
            report(.uppercaseScheme, at: .attribute(attribute),
                   "android:scheme=\"\(attribute.value)\" has upper-case letters; browsers lower-case a link's scheme and Android compares schemes exactly, so no link matches",
                   fix: "write android:scheme=\"\(scheme.lowercased())\"")
        }
    }

    /// The checks on one `android:host` value.
    mutating func lintHost(_ host: String, _ attribute: XMLTreeAttribute) {
        if host.contains("://") || host.contains("/") || host.contains(":") || host.contains("?") {
            var bare = Substring(host)
            if let range = bare.range(of: "://") { bare = bare[range.upperBound...] }
            bare = bare.prefix { $0 != "/" && $0 != ":" && $0 != "?" }
            report(.hostNotAHost, at: .attribute(attribute),
                   "android:host=\"\(attribute.value)\" carries a scheme, a path or a port; Android compares it with the host alone, so no link matches",
                   fix: "write android:host=\"\(bare)\" and put the scheme, port and path in android:scheme, android:port and android:path*")
            return
        }
        if host != host.lowercased() {
            report(.uppercaseHost, at: .attribute(attribute),
                   "android:host=\"\(attribute.value)\" has upper-case letters; Android's documentation calls host matching case-sensitive and verification fetches the host as written",
                   fix: "write android:host=\"\(host.lowercased())\"")
        }
        if host.hasPrefix("*.") {
            let base = AndroidManifest.verificationHost(of: host)
            report(.wildcardHost, at: .attribute(attribute),
                   "android:host=\"\(host)\" matches the subdomains of \(base) (not \(base) itself), and Android verifies it at https://\(base)/.well-known/assetlinks.json",
                   fix: "serve assetlinks.json on \(base); add android:host=\"\(base)\" too if links on \(base) itself should open the app")
        }
    }
}
