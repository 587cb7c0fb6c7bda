import DeepLinkRouting
import Foundation
import LandfallKit
import Testing

/// Serialized: on Linux, swift-corelibs-foundation's `UserDefaults.standard` can lose a write made while
/// another test of this suite writes another key (a full parallel run once read a saved state back empty).
@Suite(.serialized) struct LinkStateStoreTests {
    @Test func aSavedStateIsLoadedBack() throws {
        let store = LinkStateStore(key: "LandfallKitTests.\(UUID().uuidString)")
        defer { store.clear() }
        #expect(store.load() == LinkClientState())
        let state = LinkClientState(
            pendingEvents: [LinkEvent(kind: .open, occurredAt: Fixtures.now, url: "https://go.daily.example.com/xmas", linkID: Fixtures.linkID)],
            firstLaunchHandled: true,
            heldLinks: [HeldLink(url: "https://daily.example.com/user/7", routeName: "profile", waitingFor: [.signedIn])])
        store.save(state)
        #expect(store.load() == state)
        store.clear()
        #expect(store.load() == LinkClientState())
    }

    @Test func anUnreadableSavedStateLoadsAsAFreshInstall() throws {
        let key = "LandfallKitTests.\(UUID().uuidString)"
        let store = LinkStateStore(key: key)
        defer { store.clear() }
        UserDefaults.standard.set(Data("not json".utf8), forKey: key)
        #expect(store.load() == LinkClientState())
    }

    @Test func aStateSavedWithFewerFieldsStillReads() throws {
        let state = try JSONDecoder().decode(LinkClientState.self, from: Data(#"{"firstLaunchHandled": true}"#.utf8))
        #expect(state == LinkClientState(firstLaunchHandled: true))
    }
}
