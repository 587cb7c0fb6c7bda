import LandfallJSON
import LandfallXML

/// The native files `npx expo prebuild` makes from an Expo `app.json`, for what links need:
/// the `.entitlements` its `ios.associatedDomains` becomes, and the `AndroidManifest.xml` its
/// `android.intentFilters` and `scheme` become, written as Expo's config plugins write them
/// (each filter on the main activity, `action` as `android.intent.action.ACTION`, each
/// `category` as `android.intent.category.CATEGORY`, each key of a `data` object as an
/// `android:` attribute taken verbatim).
///
/// `landfall test` reads an Expo app through them (`expo: app.json` in a contract), so that
/// the app's real configuration is checked, not the native files of one build.
///
/// ```swift
/// let files = try ExpoNativeFiles(appJSON: text)
/// files.manifest       // "<manifest ...><activity android:name=\".MainActivity\" ...>..."
/// files.entitlements   // "<plist ...><key>com.apple.developer.associated-domains</key>..."
/// files.package        // "com.example.dailypuzzle"
/// ```
public struct ExpoNativeFiles: Sendable, Equatable {
    /// The Android manifest's text, or `nil` when the config has no `android` section.
    public var manifest: String?
    /// The entitlements' text, or `nil` when the config has no `ios.associatedDomains`.
    public var entitlements: String?
    /// `android.package`, when written.
    public var package: String?
    /// `ios.bundleIdentifier`, when written.
    public var bundleIdentifier: String?

    /// Reads `app.json` (the config under `expo`, or at the root for a bare config).
    ///
    /// - Throws: ``AppFileMergeError`` when the text is not JSON or a key Expo reads has
    ///   another type than Expo expects, naming the key and its line.
    public init(appJSON text: String) throws(AppFileMergeError) {
        let root: JSONValue
        do {
            root = try JSONValue.parse(text)
        } catch {
            throw AppFileMergeError("not JSON: \(error)")
        }
        guard root.objectMembers != nil else { throw AppFileMergeError("app.json is \(root.kindDescription), not an object") }
        let config = root["expo"] ?? root
        guard config.objectMembers != nil else {
            throw AppFileMergeError("`expo` is \(config.kindDescription), not an object", line: config.location?.line)
        }
        func object(_ value: JSONValue?, _ name: String) throws(AppFileMergeError) -> JSONValue? {
            guard let value else { return nil }
            guard value.objectMembers != nil else { throw AppFileMergeError("`\(name)` is \(value.kindDescription), not an object", line: value.location?.line) }
            return value
        }
        func strings(_ value: JSONValue?, _ name: String) throws(AppFileMergeError) -> [String]? {
            guard let value else { return nil }
            let items = value.arrayValue ?? [value]
            var result: [String] = []
            for item in items {
                guard let text = item.stringValue else {
                    throw AppFileMergeError("`\(name)` holds \(item.kindDescription); Expo expects strings", line: item.location?.line)
                }
                result.append(text)
            }
            return result
        }
        let ios = try object(config["ios"], "ios")
        let android = try object(config["android"], "android")
        bundleIdentifier = ios?["bundleIdentifier"]?.stringValue
        package = android?["package"]?.stringValue

        if let domains = try strings(ios?["associatedDomains"], "ios.associatedDomains") {
            entitlements = EntitlementsWriter.document(entries: domains)
        }
        guard let android else { return }
        var filters: [String] = []
        if let schemes = try strings(config["scheme"], "scheme") {
            // Expo's scheme plugin adds the schemes to the main activity's VIEW filter.
            filters.append(Self.filter(autoVerify: false, actions: ["VIEW"], categories: ["DEFAULT", "BROWSABLE"],
                                       data: schemes.map { [("scheme", $0)] }))
        }
        if let list = android["intentFilters"] {
            guard let entries = list.arrayValue else {
                throw AppFileMergeError("`android.intentFilters` is \(list.kindDescription), not an array", line: list.location?.line)
            }
            for (index, entry) in entries.enumerated() {
                let place = "android.intentFilters[\(index)]"
                guard entry.objectMembers != nil else {
                    throw AppFileMergeError("`\(place)` is \(entry.kindDescription), not an object", line: entry.location?.line)
                }
                let actions = try strings(entry["action"], place + ".action") ?? []
                let categories = try strings(entry["category"], place + ".category") ?? []
                var data: [[(String, String)]] = []
                for item in entry["data"].map({ $0.arrayValue ?? [$0] }) ?? [] {
                    guard let members = item.objectMembers else {
                        throw AppFileMergeError("`\(place).data` holds \(item.kindDescription); Expo expects objects such as {\"scheme\": \"https\"}",
                                                line: item.location?.line)
                    }
                    var attributes: [(String, String)] = []
                    for member in members {
                        let value: String
                        switch member.value.kind {
                        case .string(let text): value = text
                        case .number(let text): value = text
                        case .bool(let flag): value = flag ? "true" : "false"
                        default:
                            throw AppFileMergeError("`\(place).data.\(member.key)` is \(member.value.kindDescription); Expo writes it as an attribute, so it must be a string",
                                                    line: member.value.location?.line)
                        }
                        attributes.append((member.key, value))
                    }
                    data.append(attributes)
                }
                filters.append(Self.filter(autoVerify: entry["autoVerify"]?.boolValue == true, actions: actions,
                                           categories: categories, data: data))
            }
        }
        let packageAttribute = package.map { " package=\"\(XMLEscaping.attributeValue($0))\"" } ?? ""
        manifest = """
            <?xml version="1.0" encoding="utf-8"?>
            <manifest xmlns:android="http://schemas.android.com/apk/res/android"\(packageAttribute)>
              <application>
                <activity android:name=".MainActivity" android:exported="true">

            """ + filters.joined() + """
                </activity>
              </application>
            </manifest>

            """
    }

    /// One `<intent-filter>` as Expo's plugin renders it.
    static func filter(autoVerify: Bool, actions: [String], categories: [String], data: [[(String, String)]]) -> String {
        var lines = ["      <intent-filter\(autoVerify ? " android:autoVerify=\"true\"" : "")>"]
        lines += actions.map { "        <action android:name=\"android.intent.action.\(XMLEscaping.attributeValue($0))\"/>" }
        lines += data.map { attributes in
            "        <data" + attributes.map { " android:\($0.0)=\"\(XMLEscaping.attributeValue($0.1))\"" }.joined() + "/>"
        }
        lines += categories.map { "        <category android:name=\"android.intent.category.\(XMLEscaping.attributeValue($0))\"/>" }
        lines.append("      </intent-filter>")
        return lines.joined(separator: "\n") + "\n"
    }
}
