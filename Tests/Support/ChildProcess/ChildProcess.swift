#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Synchronization

/// A program the tests run as a child process (`landfall`, Chromium), started with
/// `posix_spawn` and reaped with `waitpid`, with its standard streams in files.
///
/// Foundation's `Process` is not used: under a full parallel test run on Linux it crashed the
/// test process (a bad pointer in `Process.run()` while several tests started processes at
/// once), and its exit notifications go through a run loop thread the tests cannot see.
/// Waiting here sleeps the task between looks (``exit(within:)``), never a cooperative thread.
///
/// ```swift
/// let child = try ChildProcess(executable: "/usr/bin/chromium", arguments: ["--version"],
///                              standardOutput: outputFile)
/// let termination = await child.exit()
/// ```
public final class ChildProcess: Sendable {
    /// How a child ended.
    public enum Termination: Sendable, Hashable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// The exit status, or 128 + the signal as a shell reports it.
        public var status: Int32 {
            switch self {
            case .exited(let status): status
            case .signalled(let signal): 128 + signal
            }
        }

        public var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signalled(let signal): "signal \(signal)"
            }
        }
    }

    /// The child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        public let description: String
    }

    /// The child's process id.
    public let pid: pid_t
    private let termination = Mutex<Termination?>(nil)

    /// Starts `executable` with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: The child's whole environment; `nil` passes the test's own.
    ///   - directory: The working directory; `nil` keeps the test's own.
    ///   - standardInput: A file the child reads as standard input; `nil` for `/dev/null`.
    ///   - standardOutput: A file the child's standard output is written to (created or
    ///     emptied); `nil` for `/dev/null`.
    ///   - standardError: The same for standard error.
    public init(executable: String, arguments: [String], environment: [String: String]? = nil, directory: String? = nil,
                standardInput: String? = nil, standardOutput: String? = nil, standardError: String? = nil) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let writing = O_WRONLY | O_CREAT | O_TRUNC
        posix_spawn_file_actions_addopen(&actions, 0, standardInput ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, standardOutput ?? "/dev/null", writing, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, standardError ?? "/dev/null", writing, 0o644)
        if let directory {
            try Self.addChangeDirectory(directory, to: &actions)
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // The child starts with default signal handling and nothing blocked, whatever the test
        // process (which ignores SIGPIPE, and whose libraries install handlers) has set.
        var everySignal = sigset_t()
        sigfillset(&everySignal)
        posix_spawnattr_setsigdefault(&attributes, &everySignal)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))

        let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
        var child: pid_t = 0
        let result = Self.withCStrings([executable] + arguments) { argv in
            Self.withCStrings(variables) { envp in
                posix_spawn(&child, executable, &actions, &attributes, argv, envp)
            }
        }
        guard result == 0 else {
            throw SpawnError(description: "cannot start \(executable): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        // A child left running (a test that failed early) is stopped and reaped, never left
        // behind as a zombie or a server holding a port.
        if poll() == nil {
            kill(pid, SIGKILL)
            _ = reap(options: 0)
        }
    }

    /// The path of the executable `name` in the first directory of `PATH` that has it, or `nil`.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").lazy.map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Whether the child is still running.
    public var isRunning: Bool { poll() == nil }

    /// How the child ended, or `nil` while it runs.
    public func poll() -> Termination? {
        reap(options: WNOHANG)
    }

    /// Sends `signal` to the child, unless it has ended.
    public func send(_ signal: Int32) {
        if poll() == nil { kill(pid, signal) }
    }

    /// Waits for the child to end, looking every 20 ms.
    public func exit() async -> Termination {
        while true {
            if let termination = poll() { return termination }
            try? await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits at most `limit` for the child to end; `nil` when it still runs.
    public func exit(within limit: Duration) async -> Termination? {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            if let termination = poll() { return termination }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return poll()
    }

    /// Sends SIGTERM, then SIGKILL if the child has not ended within `grace`, and waits.
    public func stop(grace: Duration = .seconds(5)) async -> Termination {
        send(SIGTERM)
        if let termination = await exit(within: grace) { return termination }
        send(SIGKILL)
        return await exit()
    }

    /// Reaps the child once (later calls return what the first found).
    private func reap(options: Int32) -> Termination? {
        termination.withLock { termination in
            if let termination { return termination }
            var status: Int32 = 0
            let found = waitpid(pid, &status, options)
            guard found == pid else { return nil }
            // WIFEXITED and friends are macros Swift does not import.
            let signal = status & 0x7f
            termination = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
            return termination
        }
    }

    private typealias AddChangeDirectory = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// `posix_spawn_file_actions_addchdir_np` (glibc 2.29 and later, macOS 10.15 and later),
    /// which the C library has but Swift's module map does not import.
    private static func addChangeDirectory(_ directory: String, to actions: inout posix_spawn_file_actions_t) throws {
        #if canImport(Darwin)
        let everyLibrary = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everyLibrary: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let symbol = dlsym(everyLibrary, "posix_spawn_file_actions_addchdir_np") else {
            throw SpawnError(description: "this C library cannot start a child in another directory (no posix_spawn_file_actions_addchdir_np)")
        }
        let function = unsafeBitCast(symbol, to: AddChangeDirectory.self)
        let result = directory.withCString { function(&actions, $0) }
        guard result == 0 else {
            throw SpawnError(description: "cannot start a child in \(directory): \(String(cString: strerror(result)))")
        }
    }

    /// Calls `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<Result>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> Result) -> Result {
        let pointers = strings.map { strdup($0) } + [nil]
        defer { pointers.forEach { free($0) } }
        return body(pointers)
    }
}
