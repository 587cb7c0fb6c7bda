import Logging
import ServiceLifecycle

/// Writes buffered clicks and pending claims every ``interval`` and once more at graceful
/// shutdown.
///
/// It is listed before the HTTP server among the application's services, so it is shut down
/// after the server has answered its last request: the final flush stores every click and
/// every landing page's claim.
struct BufferFlushService: Service {
    let clicks: ClickRecorder
    let claims: ClaimRecorder
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let interval = interval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            await flush()
        }
        // Shut down after the server: this flush stores the last requests' clicks and claims.
        await flush()
    }

    private func flush() async {
        do {
            try await clicks.flush()
        } catch {
            logger.error("clicks not stored yet; will retry", metadata: [
                "buffered": "\(clicks.bufferedClicks)", "error": "\(error)",
            ])
        }
        do {
            try await claims.flush()
        } catch {
            logger.error("pending claims not stored yet; will retry", metadata: [
                "buffered": "\(claims.bufferedClaims)", "error": "\(error)",
            ])
        }
    }
}
