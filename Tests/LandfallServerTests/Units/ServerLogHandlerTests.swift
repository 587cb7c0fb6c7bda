import Logging
import NIOConcurrencyHelpers
import Testing
@testable import LandfallServer

/// The server's log handler writes what swift-log's `StreamLogHandler` writes, and formats the
/// logger's metadata only when it writes a line.
@Suite struct ServerLogHandlerTests {
    /// A stream keeping what is written to it.
    final class Lines: TextOutputStream, Sendable {
        private let written = NIOLockedValueBox<[String]>([])
        func write(_ string: String) { written.withLockedValue { $0.append(string) } }
        var all: [String] { written.withLockedValue { $0 } }
    }

    /// A metadata value that counts how often it is turned into text.
    final class CountingValue: CustomStringConvertible, Sendable {
        private let count = NIOLockedValueBox(0)
        var description: String {
            count.withLockedValue { $0 += 1 }
            return "counted"
        }
        var formatted: Int { count.withLockedValue { $0 } }
    }

    /// The line without its timestamp (its first word), which depends on when it was written.
    static func withoutTimestamp(_ line: String) -> String {
        String(line.drop(while: { $0 != " " }))
    }

    @Test("a line is written as StreamLogHandler writes it: level, label, sorted metadata, source and message")
    func aLineIsWrittenAsStreamLogHandlerWritesIt() throws {
        let ours = Lines(), theirs = Lines()
        var server = Logger(label: "landfall") { label in ServerLogHandler(label: label, stream: ours) }
        var stream = Logger(label: "landfall") { label in StreamLogHandler(label: label, stream: theirs) }
        server[metadataKey: "hb.request.id"] = "0a1b"
        stream[metadataKey: "hb.request.id"] = "0a1b"
        server.info("request", metadata: ["status": "302", "route": "/:slug"])
        stream.info("request", metadata: ["status": "302", "route": "/:slug"])
        server.debug("not written at info")
        stream.debug("not written at info")
        server.error("failed", error: CancellationError(), metadata: ["hb.request.id": "override"])
        stream.error("failed", error: CancellationError(), metadata: ["hb.request.id": "override"])
        #expect(ours.all.count == 2)
        #expect(ours.all.map(Self.withoutTimestamp) == theirs.all.map(Self.withoutTimestamp))
        let first = try #require(ours.all.first)
        #expect(Self.withoutTimestamp(first) == " info landfall: hb.request.id=0a1b route=/:slug status=302 [LandfallServerTests] request\n")
    }

    @Test("metadata set on the logger is formatted when a line is written, not when it is set")
    func metadataIsFormattedWhenALineIsWritten() {
        let lines = Lines()
        let value = CountingValue()
        var logger = Logger(label: "landfall") { label in ServerLogHandler(label: label, stream: lines) }
        logger[metadataKey: "hb.request.id"] = .stringConvertible(value)
        logger[metadataKey: "other"] = "set after it"
        logger.debug("below the level: nothing written")
        #expect(value.formatted == 0)
        logger.info("written")
        #expect(value.formatted == 1)
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains("hb.request.id=counted other=set after it") == true)
    }

    @Test("the metadata provider's values are written, and a line's own metadata wins over both")
    func providedMetadataIsWrittenAndExplicitMetadataWins() throws {
        let lines = Lines()
        let provider = Logger.MetadataProvider { ["trace": "t-1", "shared": "provided"] }
        var logger = Logger(label: "landfall") { label in ServerLogHandler(label: label, stream: lines, metadataProvider: provider) }
        logger[metadataKey: "shared"] = "logger"
        logger.info("one", metadata: ["own": "yes"])
        logger.info("two", metadata: ["shared": "line"])
        #expect(lines.all.count == 2)
        #expect(lines.all[0].contains("own=yes shared=provided trace=t-1 "))
        #expect(lines.all[1].contains("shared=line trace=t-1 "))
        #expect(logger.handler.metadataProvider != nil)
    }

    @Test("the handler's level decides what is written, whatever the stream's own default")
    func theHandlersLevelDecides() {
        let lines = Lines()
        var logger = Logger(label: "landfall") { label in ServerLogHandler(label: label, stream: lines) }
        logger.logLevel = .trace
        logger.trace("written at trace")
        logger.logLevel = .error
        logger.warning("not written")
        #expect(lines.all.count == 1)
        #expect(lines.all.first?.contains(" trace landfall: [LandfallServerTests] written at trace") == true)
    }
}
