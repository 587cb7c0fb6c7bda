import AppSiteAssociation

/// `assetlinks.json` files shaped like the ones real sites serve, and helpers to write small ones.
enum AssetLinksFixtures {
    /// The fingerprint in Android's documentation: stands for Play's app signing key.
    static let playKey = "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
    /// A second fingerprint: stands for the upload key a developer signs local builds with.
    static let uploadKey = "FA:C6:17:45:DC:09:03:78:6F:B9:ED:E6:2A:96:2B:39:9F:73:48:F0:BB:6F:89:9B:83:32:66:75:91:03:3B:9C"

    /// The example on Android's App Links page: one app, one fingerprint.
    static let singleApp = """
    [{
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {
        "namespace": "android_app",
        "package_name": "com.example.app",
        "sha256_cert_fingerprints": ["\(playKey)"]
      }
    }]
    """

    /// Two apps on one host (a main app and a companion), as large sites serve.
    static let severalApps = """
    [
      {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(playKey)"]}
      },
      {
        "relation": ["delegate_permission/common.handle_all_urls"],
        "target": {"namespace": "android_app", "package_name": "com.example.app.wear", "sha256_cert_fingerprints": ["\(uploadKey)"]}
      }
    ]
    """

    /// Credential sharing between the site and the app, with a web target.
    static let webAndApp = """
    [
      {
        "relation": ["delegate_permission/common.get_login_creds"],
        "target": {"namespace": "web", "site": "https://accounts.example.com"}
      },
      {
        "relation": ["delegate_permission/common.handle_all_urls", "delegate_permission/common.get_login_creds"],
        "target": {"namespace": "android_app", "package_name": "com.example.app", "sha256_cert_fingerprints": ["\(playKey)"]}
      }
    ]
    """

    /// Play App Signing: Play's key for store builds and the upload key for builds signed locally.
    static let playAndUploadKeys = """
    [{
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {
        "namespace": "android_app",
        "package_name": "com.example.app",
        "sha256_cert_fingerprints": [
          "\(playKey)",
          "\(uploadKey)"
        ]
      }
    }]
    """

    /// The Dynamic App Links example of Android's documentation (Android 15).
    static let android15 = """
    [{
      "relation": ["delegate_permission/common.handle_all_urls"],
      "target": {
        "namespace": "android_app",
        "package_name": "com.example.app",
        "sha256_cert_fingerprints": ["\(playKey)"]
      },
      "relation_extensions": {
        "delegate_permission/common.handle_all_urls": {
          "dynamic_app_link_components": [
            {"?": {"dl": "*"}},
            {"#": "app"},
            {"/": "/products/*"},
            {"/": "/shoes", "?": {"in_app": "true"}},
            {"/": "*", "exclude": true, "comments": "everything else stays on the web"}
          ]
        }
      }
    }]
    """

    /// One App Links statement, written compactly, with optional dynamic components.
    static func statement(
        package: String = "com.example.app",
        fingerprints: [String] = [playKey],
        relations: [String] = [AssetLinkStatement.handleAllURLs],
        components: String? = nil
    ) -> String {
        let relationList = relations.map { "\"\($0)\"" }.joined(separator: ", ")
        let fingerprintList = fingerprints.map { "\"\($0)\"" }.joined(separator: ", ")
        var text = """
        {"relation": [\(relationList)], "target": {"namespace": "android_app", "package_name": "\(package)", \
        "sha256_cert_fingerprints": [\(fingerprintList)]}
        """
        if let components {
            text += #", "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(components)}}"#
        }
        return text + "}"
    }

    /// A file of the given statements.
    static func file(_ statements: String...) -> String {
        "[" + statements.joined(separator: ", ") + "]"
    }

    /// Decodes `text`, failing the calling test with the decoding error.
    static func decode(_ text: String) throws -> AssetLinksFile {
        try AssetLinksFile(json: text)
    }
}
