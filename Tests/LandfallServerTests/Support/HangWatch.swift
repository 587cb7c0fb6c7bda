import Foundation
import NIOConcurrencyHelpers
import Testing

/// Says which test server run has not finished after two minutes, and what it was doing: a
/// full parallel run of the suite sometimes never ended, with no thread blocked (a continuation
/// nobody resumes), which neither a time limit nor a debugger names.
///
/// ``TestServer/run(_:_:)`` registers each run and the phase it is in (starting, each request,
/// shutting down); a thread of its own, independent of the cooperative pool, prints to standard
/// error every run older than ``reportAfter``, with its server's last log lines, once a minute
/// (or every half of it).
enum HangWatch {
    /// How old a run is before it is reported: `LANDFALL_HANG_WATCH_SECONDS`, or two minutes.
    static let reportAfter: Duration = .seconds(ProcessInfo.processInfo.environment["LANDFALL_HANG_WATCH_SECONDS"].flatMap(Int.init) ?? 120)

    private struct Run {
        var test: String
        var phase: String
        let started: ContinuousClock.Instant
        let log: LogCapture?
    }

    private static let runs = NIOLockedValueBox<[UUID: Run]>([:])
    private static let watcher: Bool = {
        let thread = Thread {
            while true {
                Thread.sleep(forTimeInterval: min(60, Double(reportAfter.components.seconds) / 2))
                report(now: .now)
            }
        }
        thread.name = "landfall-hang-watch"
        thread.start()
        return true
    }()

    /// The run the current task belongs to.
    @TaskLocal static var current: UUID?

    /// Registers a run of the current test (`details` tells its case apart) and runs `body` as it.
    static func watching<Value>(_ details: String, log: LogCapture? = nil, _ body: () async throws -> Value) async rethrows -> Value {
        _ = watcher
        let id = UUID()
        let test = "\(Test.current?.displayName ?? Test.current?.name ?? "a test") [\(details)]"
        runs.withLockedValue { $0[id] = Run(test: test, phase: "starting", started: .now, log: log) }
        defer { runs.withLockedValue { $0[id] = nil } }
        return try await $current.withValue(id) { try await body() }
    }

    /// Notes what the current task's run is doing now.
    static func note(_ phase: @autoclosure () -> String) {
        guard let id = current else { return }
        let phase = phase()
        runs.withLockedValue { $0[id]?.phase = phase }
    }

    private static func report(now: ContinuousClock.Instant) {
        let old = runs.withLockedValue { runs in runs.values.filter { now - $0.started > reportAfter } }
        for run in old {
            var report = "HANG WATCH: \(run.test) still running after \(now - run.started), in: \(run.phase)\n"
            if let lines = run.log?.lines.suffix(40), !lines.isEmpty {
                report += "  its server's last log lines:\n" + lines.map { "    \($0)\n" }.joined()
            }
            FileHandle.standardError.write(Data(report.utf8))
        }
    }
}
