import AppSiteAssociation

/// A file model that decodes from JSON text and encodes deterministically: both
/// `apple-app-site-association` and `assetlinks.json`.
protocol EncodedDocument: Equatable {
    /// What failure messages call it.
    static var documentName: String { get }
    init(json text: String) throws
    func encoded(style: JSONStyle) -> String
}

extension AssociationFile: EncodedDocument {
    static var documentName: String { "file" }
}

extension AssetLinksFile: EncodedDocument {
    static var documentName: String { "assetlinks file" }
}

/// Encoding a decoded file in either style must decode to the same file, and encode again to
/// the same text.
func checkRoundTrip<Document: EncodedDocument>(_ file: Document) {
    let name = Document.documentName
    for style in JSONStyle.allCases {
        let encoded = file.encoded(style: style)
        let again: Document
        do {
            again = try Document(json: encoded)
        } catch {
            preconditionFailure("the \(style) encoding of a decoded \(name) does not decode: \(error)\n\(encoded)")
        }
        precondition(again == file, "decode(encode(\(name))) != \(name) for the \(style) encoding:\n\(encoded)")
        precondition(again.encoded(style: style) == encoded, "\(name) encoding is not stable for the \(style) style:\n\(encoded)")
    }
}
