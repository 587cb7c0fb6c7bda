import Logging

/// The server's log handler: swift-log's `StreamLogHandler` format and stream, with the
/// logger's metadata formatted when a line is written rather than whenever it changes.
///
/// Hummingbird gives every request's logger its id (`hb.request.id`). `StreamLogHandler`
/// formats all its metadata into text each time metadata is set, so every request paid for a
/// line it almost never writes (at the default level only a page visit or an API call is
/// logged, never the association file). This handler keeps the metadata as values, and is small
/// enough that a logger carries it without a heap box of its own.
struct ServerLogHandler: LogHandler {
    /// Where lines go, written exactly as `StreamLogHandler` writes them, and the metadata
    /// provider (kept here so that the handler stays three words).
    final class Output: Sendable {
        let stream: StreamLogHandler
        let metadataProvider: Logger.MetadataProvider?

        init(_ stream: StreamLogHandler, metadataProvider: Logger.MetadataProvider?) {
            var stream = stream
            // Every level reaches it: this handler's own level decides.
            stream.logLevel = .trace
            self.stream = stream
            self.metadataProvider = metadataProvider
        }
    }

    private var output: Output
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info

    /// A handler writing to standard error, as swift-log's default handler does.
    static func standardError(label: String) -> ServerLogHandler {
        ServerLogHandler(output: Output(.standardError(label: label, metadataProvider: nil), metadataProvider: LoggingSystem.metadataProvider))
    }

    /// A handler writing to `stream` (tests).
    init(label: String, stream: any TextOutputStream & Sendable, metadataProvider: Logger.MetadataProvider? = nil) {
        self.init(output: Output(StreamLogHandler(label: label, stream: stream, metadataProvider: nil), metadataProvider: metadataProvider))
    }

    private init(output: Output) {
        self.output = output
    }

    var metadataProvider: Logger.MetadataProvider? {
        get { output.metadataProvider }
        set { output = Output(output.stream, metadataProvider: newValue) }
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var merged = metadata
        if let provided = output.metadataProvider?.get(), !provided.isEmpty {
            merged.merge(provided) { _, provided in provided }
        }
        if let explicit = event.metadata {
            merged.merge(explicit) { _, explicit in explicit }
        }
        var event = event
        event.metadata = merged
        output.stream.log(event: event)
    }
}
