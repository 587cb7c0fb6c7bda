import Logging
import NIOConcurrencyHelpers

/// A log line as a test reads it: its level, message and metadata (the logger's own merged
/// with the line's, the line's winning), the values as text.
struct CapturedLine: Sendable, CustomStringConvertible {
    let level: Logger.Level
    let message: String
    let metadata: [String: String]

    subscript(_ key: String) -> String? { metadata[key] }

    var description: String {
        "[\(level)] \(message) \(metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))"
    }
}

/// Every line logged through the loggers it makes, in order, behind a lock (requests log
/// from several tasks); or, made with `keepingLast:`, only the most recent ones (every test
/// server keeps its last lines for ``HangWatch``).
final class LogCapture: Sendable {
    private struct Captured {
        var lines: [CapturedLine] = []
        /// How many of the first lines were dropped to keep within the limit.
        var dropped = 0
    }

    private let captured = NIOLockedValueBox(Captured())
    private let limit: Int?

    /// A capture of every line, or of the last `limit`.
    init(keepingLast limit: Int? = nil) {
        self.limit = limit
    }

    /// The lines so far (the last ones kept, with a limit).
    var lines: [CapturedLine] { captured.withLockedValue { $0.lines } }

    /// How many lines so far, dropped ones included: a mark to read the lines after with
    /// ``lines(since:)``.
    var count: Int { captured.withLockedValue { $0.dropped + $0.lines.count } }

    /// The lines logged after `mark` (a ``count`` read earlier) that are still kept.
    func lines(since mark: Int) -> [CapturedLine] {
        captured.withLockedValue { Array($0.lines.dropFirst(max(0, mark - $0.dropped))) }
    }

    /// The last `count` lines at `level` or above, one per line and indented: for the message
    /// of a failed expectation.
    func text(from level: Logger.Level, last count: Int = 40) -> String {
        lines.filter { $0.level >= level }.suffix(count).map { "  \($0)" }.joined(separator: "\n")
    }

    /// A logger writing here, logging from `level` up.
    func logger(label: String = "test", level: Logger.Level = .debug) -> Logger {
        var logger = Logger(label: label) { _ in CapturingLogHandler(capture: self) }
        logger.logLevel = level
        return logger
    }

    fileprivate func append(_ line: CapturedLine) {
        captured.withLockedValue { captured in
            if let limit, captured.lines.count >= limit {
                let excess = captured.lines.count - limit + 1
                captured.lines.removeFirst(excess)
                captured.dropped += excess
            }
            captured.lines.append(line)
        }
    }
}

/// The log handler of ``LogCapture``'s loggers.
struct CapturingLogHandler: LogHandler {
    let capture: LogCapture
    var metadata: Logger.Metadata = [:]
    var metadataProvider: Logger.MetadataProvider?
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = metadataProvider?.get() {
            merged.merge(provided) { _, provided in provided }
        }
        if let own = event.metadata {
            merged.merge(own) { _, own in own }
        }
        capture.append(CapturedLine(level: event.level, message: event.message.description,
                                    metadata: merged.mapValues { "\($0)" }))
    }
}
