import LandfallLinks
import Testing

/// What each API-key scope allows: read only reads, write reads and writes links, webhooks reads
/// and manages webhooks (so a write key cannot redirect events, and a webhooks key cannot change links).
@Suite struct APIKeyScopeTests {
    @Test("a key's scope allows what it needs, and nothing of the other scopes", arguments: [
        (APIKeyScope.read, [APIKeyScope.read]),
        (.write, [.read, .write]),
        (.webhooks, [.read, .webhooks]),
    ])
    func scopeAllows(scope: APIKeyScope, allowed: [APIKeyScope]) {
        for needed in APIKeyScope.allCases {
            #expect(scope.allows(needed) == allowed.contains(needed), "\(scope) allows \(needed)")
        }
    }

    @Test func theScopesAreListedAsTheEndOfASentence() {
        #expect(APIKeyScope.names == "read, write or webhooks")
        #expect(APIKeyScope.choices == "read (links and statistics), write (also create, change and delete links) "
                + "or webhooks (read, and manage webhook endpoints and their deliveries)")
    }
}
