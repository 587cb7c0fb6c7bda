#if canImport(UIKit) && (os(iOS) || os(visionOS))
import Foundation
import UIKit

/// Reads the general pasteboard for a claim URL without showing the system's paste prompt
/// when it holds nothing worth reading.
///
/// Reading the pasteboard's contents may ask the person for permission; checking what
/// *kind* of content it has does not. The reader checks `hasURLs`, then asks
/// `detectPatterns(for: [.probableWebURL])`, and reads only when a web URL is probably
/// there. Use it only on the first launch (``DeepLinkHandler/handleFirstLaunchFromPasteboard(hints:allowWeakMatch:)``
/// does), right after the person installed the app from a landing page that copied the URL.
public enum PasteboardClaimReader {
    /// The pasteboard's URL or text when it probably holds a web URL; nil without reading
    /// anything otherwise.
    @MainActor
    public static func probableWebURLText() async -> String? {
        let pasteboard = UIPasteboard.general
        if pasteboard.hasURLs {
            return pasteboard.url?.absoluteString ?? pasteboard.string
        }
        guard pasteboard.hasStrings else { return nil }
        let probablyWebURL = await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
            pasteboard.detectPatterns(for: [.probableWebURL]) { result in
                let patterns = try? result.get()
                continuation.resume(returning: patterns?.contains(.probableWebURL) ?? false)
            }
        }
        return probablyWebURL ? pasteboard.string : nil
    }
}
#endif
