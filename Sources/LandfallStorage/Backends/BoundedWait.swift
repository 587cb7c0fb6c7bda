/// Waits for work that may never finish, for a while.
enum BoundedWait {
    /// Runs `body` in a task of its own and tells whether it finished within `limit`. After
    /// the limit the wait ends; `body` is left running (a task that never finishes cannot be
    /// stopped from outside, only no longer waited for).
    static func finishes(within limit: Duration, _ body: @escaping @Sendable () async -> Void) async -> Bool {
        let (outcomes, outcome) = AsyncStream<Bool>.makeStream()
        Task {
            await body()
            outcome.yield(true)
        }
        let timer = Task {
            try? await Task.sleep(for: limit)
            outcome.yield(false)
        }
        var first = outcomes.makeAsyncIterator()
        let finished = await first.next() ?? false
        timer.cancel()
        outcome.finish()
        return finished
    }
}
