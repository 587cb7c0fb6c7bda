extension PlatformOverrides {
    /// A change of some overrides (`"overrides": {"ios": null}` clears only the iOS one;
    /// `"overrides": null` clears all three).
    public struct Patch: Sendable, Hashable {
        /// The change of ``PlatformOverrides/ios``.
        public var ios: PatchField<String>
        /// The change of ``PlatformOverrides/android``.
        public var android: PatchField<String>
        /// The change of ``PlatformOverrides/desktop``.
        public var desktop: PatchField<String>

        /// Creates a change; by default nothing changes.
        public init(ios: PatchField<String> = .unchanged, android: PatchField<String> = .unchanged, desktop: PatchField<String> = .unchanged) {
            self.ios = ios
            self.android = android
            self.desktop = desktop
        }

        /// Whether nothing changes.
        public var isEmpty: Bool { [ios, android, desktop].allSatisfy(\.isUnchanged) }

        /// The overrides after the change.
        public func applied(to current: PlatformOverrides) -> PlatformOverrides {
            PlatformOverrides(ios: ios.applied(to: current.ios), android: android.applied(to: current.android),
                              desktop: desktop.applied(to: current.desktop))
        }
    }
}
