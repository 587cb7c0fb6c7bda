import LandfallWire

extension Campaign {
    /// A change of some campaign fields (`"campaign": {"term": null}` clears only the term;
    /// `"campaign": null` clears all five).
    public struct Patch: Sendable, Hashable {
        /// The change of `Campaign.source`.
        public var source: PatchField<String>
        /// The change of `Campaign.medium`.
        public var medium: PatchField<String>
        /// The change of `Campaign.name`.
        public var name: PatchField<String>
        /// The change of `Campaign.term`.
        public var term: PatchField<String>
        /// The change of `Campaign.content`.
        public var content: PatchField<String>

        /// Creates a change; by default nothing changes.
        public init(
            source: PatchField<String> = .unchanged, medium: PatchField<String> = .unchanged, name: PatchField<String> = .unchanged,
            term: PatchField<String> = .unchanged, content: PatchField<String> = .unchanged
        ) {
            self.source = source
            self.medium = medium
            self.name = name
            self.term = term
            self.content = content
        }

        /// Whether nothing changes.
        public var isEmpty: Bool { [source, medium, name, term, content].allSatisfy(\.isUnchanged) }

        /// The campaign after the change.
        public func applied(to current: Campaign) -> Campaign {
            Campaign(source: source.applied(to: current.source), medium: medium.applied(to: current.medium),
                     name: name.applied(to: current.name), term: term.applied(to: current.term),
                     content: content.applied(to: current.content))
        }
    }
}
