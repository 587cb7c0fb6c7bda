#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ChildProcess
import Foundation

/// A PostgreSQL server of a test's own, in a temporary directory, that the test may stop and
/// start again (the shared server of `scripts/with-postgres` must never be stopped: other tests
/// run on it at the same time).
///
/// It is made the way `scripts/with-postgres` makes its server: `initdb` and `pg_ctl` from PATH
/// or `/usr/lib/postgresql/*/bin`, run as the user `postgres` (`runuser -u postgres --`) when
/// the tests run as root, trust authentication on 127.0.0.1, a free port.
///
/// ```swift
/// let postgres = try await ThrowawayPostgres.make()
/// defer { postgres.remove() }
/// try await postgres.stop()     // clients now get "connection refused"
/// try await postgres.start()    // same port, same data
/// ```
///
/// Tests skip when PostgreSQL is not installed (``unavailableReason``), except on CI
/// (`CI` set), where ``make()`` fails instead.
public final class ThrowawayPostgres: Sendable {
    /// The port it listens on.
    public let port: Int
    /// The temporary directory holding the cluster, its socket and its log.
    public let directory: String
    private let binaries: String
    private let runAs: [String]

    /// A URL of the `postgres` database as the superuser (create scratch databases through it).
    public var adminURL: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    /// Why the tests that need one skip, or `nil` when PostgreSQL is installed (or on CI,
    /// where they must not skip).
    public static var unavailableReason: String? {
        if isCI || binaryDirectory != nil { return nil }
        return "PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin): the tests that stop a server of their own are skipped"
    }

    /// Whether the tests run on CI (`CI` set).
    public static var isCI: Bool {
        ProcessInfo.processInfo.environment["CI"].map { !$0.isEmpty } ?? false
    }

    /// The directory of `initdb` and `pg_ctl`.
    static var binaryDirectory: String? {
        if let initdb = ChildProcess.executable(named: "initdb"), ChildProcess.executable(named: "pg_ctl") != nil {
            return (initdb as NSString).deletingLastPathComponent
        }
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: "/usr/lib/postgresql")) ?? []
        for version in versions.sorted(by: { $0.compare($1, options: .numeric) == .orderedDescending }) {
            let directory = "/usr/lib/postgresql/\(version)/bin"
            if FileManager.default.isExecutableFile(atPath: directory + "/initdb"), FileManager.default.isExecutableFile(atPath: directory + "/pg_ctl") {
                return directory
            }
        }
        return nil
    }

    /// A failure to make, start or stop the server, with what the command said.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    private init(port: Int, directory: String, binaries: String, runAs: [String]) {
        self.port = port
        self.directory = directory
        self.binaries = binaries
        self.runAs = runAs
    }

    /// Makes a cluster in a new temporary directory and starts it on a free port.
    public static func make() async throws -> ThrowawayPostgres {
        guard let binaries = binaryDirectory else {
            throw Failure(description: "PostgreSQL is not installed (CI is set, so this fails instead of skipping): apt-get install -y postgresql")
        }
        let isRoot = getuid() == 0
        let runAs = isRoot ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-throwaway-postgres-\(UUID().uuidString.prefix(8))").path
        for sub in ["", "/data", "/socket", "/log"] {
            try FileManager.default.createDirectory(atPath: directory + sub, withIntermediateDirectories: true,
                                                    attributes: [.posixPermissions: 0o755])
        }
        if isRoot {
            guard let user = getpwnam("postgres") else {
                throw Failure(description: "the user postgres is missing (scripts/with-postgres creates it): useradd --system postgres")
            }
            for sub in ["/data", "/socket", "/log"] { chown(directory + sub, user.pointee.pw_uid, user.pointee.pw_gid) }
        }
        let candidate = ThrowawayPostgres(port: 0, directory: directory, binaries: binaries, runAs: runAs)
        // `--no-sync`: a throwaway cluster need not survive a crash of the machine, and waiting for
        // the disk made initdb take minutes on a loaded CI machine.
        try await candidate.run("initdb", ["-D", directory + "/data", "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C.UTF-8", "--no-sync"])
        for _ in 0..<5 {
            let server = ThrowawayPostgres(port: freePort(), directory: directory, binaries: binaries, runAs: runAs)
            do {
                try await server.start()
                return server
            } catch {
                continue
            }
        }
        try? FileManager.default.removeItem(atPath: directory)
        throw Failure(description: "PostgreSQL did not start: \((try? String(contentsOfFile: directory + "/log/server.log", encoding: .utf8)) ?? "")")
    }

    /// Starts the server (again), on the same port with the same data.
    public func start() async throws {
        try await run("pg_ctl", ["-D", directory + "/data", "-l", directory + "/log/server.log", "-w", "-t", "60",
                                 "-o", "-c listen_addresses=127.0.0.1 -p \(port) -k \(directory)/socket -c fsync=off -c max_connections=200",
                                 "start"])
    }

    /// Stops the server (fast: open connections are closed), waiting until it is down.
    public func stop() async throws {
        try await run("pg_ctl", ["-D", directory + "/data", "-m", "fast", "-w", "stop"])
    }

    /// Stops the server, however it is, and removes its directory.
    public func remove() async {
        _ = try? await run("pg_ctl", ["-D", directory + "/data", "-m", "immediate", "-w", "stop"])
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func run(_ program: String, _ arguments: [String]) async throws {
        let output = directory + "/log/\(program)-\(UUID().uuidString.prefix(6)).log"
        _ = FileManager.default.createFile(atPath: output, contents: nil)  // a failure shows when the log is opened below
        chmod(output, 0o666)
        let command = runAs + [binaries + "/" + program] + arguments
        let child = try ChildProcess(executable: command[0], arguments: Array(command.dropFirst()), directory: "/tmp",
                                     standardOutput: output, standardError: output)
        let termination = await child.exit()
        guard termination == .exited(0) else {
            let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            throw Failure(description: "\(program) \(arguments.joined(separator: " ")) failed (\(termination)): \(said)")
        }
    }

    /// A TCP port nothing listens on now.
    private static func freePort() -> Int {
        let socket = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
