import Foundation

/// Keeps a ``LinkClientState`` in `UserDefaults`, as JSON under one key, so that pending
/// events, the first-launch flag and held links survive a relaunch.
///
/// ```swift
/// let store = LinkStateStore()
/// let handler = DeepLinkHandler(router: router, configuration: configuration, state: store.load(),
///                               onStateChange: { store.save($0) })
/// ```
///
/// The store holds only names (the key and the suite), so it is a `Sendable` value any
/// task may use; `UserDefaults` itself is thread-safe.
public struct LinkStateStore: Sendable, Hashable {
    /// The key the state is saved under.
    public let key: String
    /// The `UserDefaults` suite (an app group, to share with an extension), or nil for
    /// `UserDefaults.standard`.
    public let suiteName: String?

    /// Creates a store.
    ///
    /// - Parameters:
    ///   - key: The key; `LandfallKit.LinkClientState` by default.
    ///   - suiteName: A suite such as `group.com.example.daily`, or nil for the standard defaults.
    public init(key: String = "LandfallKit.LinkClientState", suiteName: String? = nil) {
        self.key = key
        self.suiteName = suiteName
    }

    /// The saved state, or a fresh install's when nothing was saved or what was saved does
    /// not decode (a corrupt value must not stop the app).
    public func load() -> LinkClientState {
        guard let data = defaults.data(forKey: key),
              let state = try? JSONDecoder().decode(LinkClientState.self, from: data) else {
            return LinkClientState()
        }
        return state
    }

    /// Saves the state, replacing what was saved.
    public func save(_ state: LinkClientState) {
        guard let data = try? JSONEncoder().encode(state) else { return }
        defaults.set(data, forKey: key)
    }

    /// Removes the saved state.
    public func clear() {
        defaults.removeObject(forKey: key)
    }

    private var defaults: UserDefaults {
        suiteName.flatMap(UserDefaults.init(suiteName:)) ?? .standard
    }
}
