/// The platform an app runs on, as the API names it in `platform` fields.
public enum AppPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// iOS, iPadOS and visionOS apps (`ios`).
    case ios
    /// Android apps (`android`).
    case android
}
