#if canImport(LinkPresentation) && (os(iOS) || os(macOS) || os(visionOS))
import Foundation
import LinkPresentation

extension SharePreview {
    /// The metadata a share sheet shows: the title, the URLs, and the card as its image,
    /// downloaded when the sheet asks for it.
    ///
    /// ```swift
    /// final class LinkItem: NSObject, UIActivityItemSource {
    ///     let metadata: LPLinkMetadata
    ///     func activityViewControllerLinkMetadata(_ controller: UIActivityViewController) -> LPLinkMetadata? { metadata }
    ///     …
    /// }
    /// ```
    public func linkMetadata(session: URLSession = .shared) -> LPLinkMetadata {
        let metadata = LPLinkMetadata()
        metadata.url = url
        metadata.originalURL = originalURL ?? url
        metadata.title = title
        if let imageURL {
            let provider = NSItemProvider()
            provider.registerDataRepresentation(forTypeIdentifier: "public.png", visibility: .all) { completion in
                let task = session.dataTask(with: imageURL) { data, _, error in completion(data, error) }
                task.resume()
                return task.progress
            }
            metadata.imageProvider = provider
        }
        return metadata
    }
}
#endif
