import Logging
import ServiceLifecycle

/// Writes buffered clicks every ``interval`` and once more at graceful shutdown.
///
/// It is listed before the HTTP server among the application's services, so it is shut down
/// after the server has answered its last request: the final flush stores every click.
struct ClickFlushService: Service {
    let recorder: ClickRecorder
    let interval: Duration
    let logger: Logger

    func run() async throws {
        while !Task.isShuttingDownGracefully, !Task.isCancelled {
            let interval = interval
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: interval) }
            await flush()
        }
        // Shut down after the server: this flush stores the last requests' clicks.
        await flush()
    }

    private func flush() async {
        do {
            try await recorder.flush()
        } catch {
            logger.error("clicks not stored yet; will retry", metadata: [
                "buffered": "\(recorder.bufferedClicks)", "error": "\(error)",
            ])
        }
    }
}
