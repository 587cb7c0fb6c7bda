extension SocialPreview {
    /// A change of some preview fields (`"preview": {"title": null}` clears only the title;
    /// `"preview": null` clears all three).
    public struct Patch: Sendable, Hashable {
        /// The change of ``SocialPreview/title``.
        public var title: PatchField<String>
        /// The change of ``SocialPreview/description``.
        public var description: PatchField<String>
        /// The change of ``SocialPreview/imageURL``.
        public var imageURL: PatchField<String>

        /// Creates a change; by default nothing changes.
        public init(title: PatchField<String> = .unchanged, description: PatchField<String> = .unchanged, imageURL: PatchField<String> = .unchanged) {
            self.title = title
            self.description = description
            self.imageURL = imageURL
        }

        /// Whether nothing changes.
        public var isEmpty: Bool { [title, description, imageURL].allSatisfy(\.isUnchanged) }

        /// The preview after the change.
        public func applied(to current: SocialPreview) -> SocialPreview {
            SocialPreview(title: title.applied(to: current.title), description: description.applied(to: current.description),
                          imageURL: imageURL.applied(to: current.imageURL))
        }
    }
}
