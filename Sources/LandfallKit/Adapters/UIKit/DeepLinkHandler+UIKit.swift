#if canImport(UIKit) && (os(iOS) || os(visionOS))
import Foundation
import UIKit

extension DeepLinkHandler {
    /// For `scene(_:continue:)`: handles a universal link, delivered as an activity of type
    /// `NSUserActivityTypeBrowsingWeb`, in a new task.
    ///
    /// ```swift
    /// func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
    ///     handler.handle(userActivity: userActivity)
    /// }
    /// ```
    ///
    /// - Returns: Whether the activity carried a web link (which is being handled).
    @MainActor
    @discardableResult
    public func handle(userActivity: NSUserActivity) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL else { return false }
        Task { await self.handle(url) }
        return true
    }

    /// For `scene(_:openURLContexts:)`: handles custom-scheme URLs (and links opened by
    /// other apps) in a new task.
    ///
    /// - Returns: Whether there was a URL to handle.
    @MainActor
    @discardableResult
    public func handle(urlContexts: Set<UIOpenURLContext>) -> Bool {
        let urls = urlContexts.map(\.url)
        guard !urls.isEmpty else { return false }
        Task {
            for url in urls { await self.handle(url) }
        }
        return true
    }

    /// For `scene(_:willConnectTo:options:)`: handles the links a cold launch was opened with
    /// (they are not delivered again to `scene(_:continue:)` or `scene(_:openURLContexts:)`).
    ///
    /// - Returns: Whether there was a link to handle.
    @MainActor
    @discardableResult
    public func handle(connectionOptions: UIScene.ConnectionOptions) -> Bool {
        var handled = handle(urlContexts: connectionOptions.urlContexts)
        for activity in connectionOptions.userActivities where handle(userActivity: activity) {
            handled = true
        }
        return handled
    }

    /// Handles the first launch after install, once, with the claim URL on the general
    /// pasteboard: the pasteboard is read only when the first launch is not handled yet and
    /// it probably holds a web URL, so nobody sees a paste prompt for nothing (see
    /// ``PasteboardClaimReader``).
    ///
    /// ```swift
    /// await handler.handleFirstLaunchFromPasteboard(hints: .current(in: windowScene))
    /// ```
    ///
    /// - Parameters:
    ///   - hints: The device hints for a weak match.
    ///   - allowWeakMatch: Whether a match without a token is acceptable; false by default.
    @discardableResult
    public func handleFirstLaunchFromPasteboard(hints: ClaimHints, allowWeakMatch: Bool = false) async -> FirstLaunchResult {
        let hosts = claimHosts
        return await handleFirstLaunch(hints: hints, allowWeakMatch: allowWeakMatch) {
            await PasteboardClaimReader.probableWebURLText().flatMap { ClaimURL.first(in: $0, hosts: hosts)?.token }
        }
    }
}
#endif
