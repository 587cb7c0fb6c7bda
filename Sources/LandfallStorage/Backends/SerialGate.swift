/// Lets one task at a time through, in the order they arrived: SQLite's single writer
/// connection runs one transaction at a time, and statements of two transactions must not mix.
actor SerialGate {
    private var isBusy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// Runs `body` once every task that arrived earlier has finished.
    nonisolated func run<Result: Sendable>(_ body: () async throws -> Result) async throws -> Result {
        await enter()
        do {
            let result = try await body()
            await leave()
            return result
        } catch {
            await leave()
            throw error
        }
    }

    private func enter() async {
        guard isBusy else {
            isBusy = true
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    private func leave() {
        if waiting.isEmpty {
            isBusy = false
        } else {
            // The next task inherits the gate: it stays busy.
            waiting.removeFirst().resume()
        }
    }
}
