import LandfallStorage
import Logging
import ServiceLifecycle

/// Writes buffered clicks and pending claims every ``interval`` and once more at graceful
/// shutdown.
///
/// It is listed before the HTTP server among the application's services, so it is shut down
/// after the server has answered its last request: the final flush stores every click and
/// every landing page's claim. When the database does not take them then (it was marked down
/// a moment before, or a connection closed under the flush), the final flush checks the
/// database and tries again for ``lastFlushPatience``; what it still could not store is logged
/// as lost.
struct BufferFlushService: Service {
    let clicks: ClickRecorder
    let claims: ClaimRecorder
    /// Checked between the final flush's tries: a check that finds the database answering
    /// lifts a mark of it being down, which would refuse every try at once.
    let storage: Storage
    let interval: Duration
    let logger: Logger

    /// How long the final flush keeps trying to store what is buffered.
    static let lastFlushPatience = Duration.seconds(3)
    /// The pause between the final flush's tries.
    static let lastFlushPause = Duration.milliseconds(250)

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let interval = interval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            _ = await flush(isLast: false)
        }
        // Shut down after the server: this flush stores the last requests' clicks and claims.
        await lastFlush()
    }

    /// Flushes until everything is stored or ``lastFlushPatience`` has passed.
    private func lastFlush() async {
        let deadline = ContinuousClock.now + Self.lastFlushPatience
        while await !flush(isLast: true), ContinuousClock.now < deadline {
            try? await Task.sleep(for: Self.lastFlushPause)
            _ = await storage.readiness()
        }
        let clicksLeft = clicks.bufferedClicks
        let claimsLeft = claims.bufferedClaims
        guard clicksLeft > 0 || claimsLeft > 0 else { return }
        logger.error("clicks and claims lost: the database did not take them before the server stopped", metadata: [
            "clicks": "\(clicksLeft)", "claims": "\(claimsLeft)", "tried for": "\(Self.lastFlushPatience)",
        ])
    }

    /// Writes what is buffered; whether all of it was stored. What fails stays buffered for
    /// the next flush.
    private func flush(isLast: Bool) async -> Bool {
        let clicksStored = await store("clicks", isLast: isLast, buffered: { clicks.bufferedClicks }) { try await clicks.flush() }
        let claimsStored = await store("pending claims", isLast: isLast, buffered: { claims.bufferedClaims }) { try await claims.flush() }
        return clicksStored && claimsStored
    }

    private func store(_ what: String, isLast: Bool, buffered: () -> Int, _ flush: () async throws -> Void) async -> Bool {
        do {
            try await flush()
            return true
        } catch {
            let metadata: Logger.Metadata = ["buffered": "\(buffered())", "error": "\(error)"]
            if isLast {
                logger.warning("\(what) not stored yet at shutdown; trying again", metadata: metadata)
            } else {
                logger.error("\(what) not stored yet; will retry", metadata: metadata)
            }
            return false
        }
    }
}
