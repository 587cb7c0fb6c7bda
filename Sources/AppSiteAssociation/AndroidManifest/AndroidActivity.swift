/// One `<activity>` or `<activity-alias>` of a manifest's `<application>`, with the intent
/// filters that decide which links it opens.
///
/// ```swift
/// let activity = manifest.activities[0]
/// activity.name          // ".MainActivity", as written
/// activity.exported      // true, false, or nil when android:exported is missing
/// activity.intentFilters // in document order
/// ```
public struct AndroidActivity: Sendable, Hashable {
    /// `android:name` as written (`.MainActivity`, `com.example.app.MainActivity`); empty when missing.
    public var name: String
    /// Whether the element is an `<activity-alias>`.
    public var isAlias: Bool
    /// For an alias, `android:targetActivity` as written.
    public var targetActivity: String?
    /// `android:exported`, or `nil` when the attribute is missing (or not resolvable offline).
    public var exported: Bool?
    /// `android:enabled`, or `nil` when the attribute is missing (an activity is enabled by default).
    public var enabled: Bool?
    /// The line of the element's start tag.
    public var line: Int
    /// The `<intent-filter>` children, in document order.
    public var intentFilters: [AndroidIntentFilter]

    /// Creates an activity.
    public init(name: String, isAlias: Bool = false, targetActivity: String? = nil, exported: Bool? = nil,
                enabled: Bool? = nil, line: Int, intentFilters: [AndroidIntentFilter] = []) {
        self.name = name
        self.isAlias = isAlias
        self.targetActivity = targetActivity
        self.exported = exported
        self.enabled = enabled
        self.line = line
        self.intentFilters = intentFilters
    }

    /// Whether another app (a browser) may start it: `android:exported="true"`, or, when the
    /// attribute is missing, whether it has intent filters (the default before Android 12, which
    /// refuses to install such an app when it targets API 31 or later).
    public var isReachableFromOtherApps: Bool { exported ?? !intentFilters.isEmpty }

    /// Whether the activity is enabled (`android:enabled` is not `false`).
    public var isEnabled: Bool { enabled ?? true }
}
