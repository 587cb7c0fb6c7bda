import NIOConcurrencyHelpers

/// How many connections each client address has open, shared by every event loop of one
/// server: ``ConnectionGuardHandler`` opens a place when a connection arrives and gives it
/// back when it closes.
final class ClientConnections: Sendable {
    private let counts = NIOLockedValueBox<[String: Int]>([:])
    /// The most connections an address may hold.
    let limit: Int

    init(limit: Int) {
        self.limit = limit
    }

    /// Takes a place for `address`; `false` (and nothing taken) when it holds ``limit`` already.
    func open(_ address: String) -> Bool {
        counts.withLockedValue { counts in
            let count = counts[address, default: 0]
            guard count < limit else { return false }
            counts[address] = count + 1
            return true
        }
    }

    /// Gives back a place taken by ``open(_:)``.
    func close(_ address: String) {
        counts.withLockedValue { counts in
            let count = counts[address, default: 0]
            counts[address] = count > 1 ? count - 1 : nil
        }
    }

    /// How many connections `address` has open.
    func count(_ address: String) -> Int {
        counts.withLockedValue { $0[address, default: 0] }
    }
}
