#if canImport(SwiftUI)
import Foundation
import SwiftUI

extension View {
    /// Hands every link this view's scene is opened with to a ``DeepLinkHandler``: custom
    /// scheme URLs and universal links (`.onOpenURL`), and universal links delivered as a
    /// browsing activity (`.onContinueUserActivity(NSUserActivityTypeBrowsingWeb)`).
    ///
    /// ```swift
    /// WindowGroup {
    ///     ContentView()
    ///         .landfallLinks(handler)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - handler: The handler that resolves, routes and reports each link.
    ///   - onHandled: Called with what was done with each link, e.g. to open a link no
    ///     route takes in the browser.
    public func landfallLinks(_ handler: DeepLinkHandler,
                              onHandled: (@Sendable (HandledLink) async -> Void)? = nil) -> some View {
        onOpenURL { url in
            Task {
                let handled = await handler.handle(url)
                await onHandled?(handled)
            }
        }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            guard let url = activity.webpageURL else { return }
            Task {
                let handled = await handler.handle(url)
                await onHandled?(handled)
            }
        }
    }
}
#endif
