#if canImport(UIKit) && (os(iOS) || os(visionOS))
import Foundation
import UIKit

extension ClaimHints {
    /// This device's hints: the system version, the preferred language, and the screen of
    /// the window scene when one is given (iOS only).
    ///
    /// ```swift
    /// let hints = ClaimHints.current(in: scene as? UIWindowScene)
    /// ```
    @MainActor
    public static func current(in windowScene: UIWindowScene? = nil) -> ClaimHints {
        #if os(iOS)
        let screen = windowScene.map { scene in
            ClaimHints.screen(width: Double(scene.screen.bounds.width), height: Double(scene.screen.bounds.height))
        }
        #else
        let screen: String? = nil
        #endif
        return ClaimHints(osVersion: UIDevice.current.systemVersion, language: Locale.preferredLanguages.first, screen: screen)
    }
}
#endif
