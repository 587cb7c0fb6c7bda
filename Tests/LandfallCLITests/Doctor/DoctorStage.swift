import DoctorStandIns
import Foundation

/// What a doctor test runs against: a certificate authority made for the test, its
/// certificate in a temporary folder (for `--ca-file`), and stand-in servers on 127.0.0.1.
/// ``run(_:)`` stops every server and removes the folder at the end, whether the test
/// returns or throws.
///
/// ```swift
/// try await DoctorStage.run { stage in
///     let server = try await stage.httpsServer(for: ["good.landfall.test"], reply: DoctorSamples.healthySite)
///     let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"]))
/// }
/// ```
struct DoctorStage: Sendable {
    /// The authority that issues the stand-ins' certificates.
    let authority: TestCertificateAuthority
    /// The test's temporary folder.
    let folder: URL
    /// The authority's certificate in PEM, for `--ca-file`.
    let caFile: String
    private let servers = StartedServers()

    /// The timeouts of a doctor run, in seconds. Loopback answers at once, but a full parallel
    /// test run on two cores can delay a 128 KB answer past a second, so the runs that are not
    /// about timeouts wait generously; only a server that hangs on purpose waits this long.
    static let timeout = "30"
    /// The timeouts of the runs that test a hanging server: short, so the suite stays fast.
    static let hangTimeout = "1"

    private init() throws {
        authority = try TestCertificateAuthority()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-doctor-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        caFile = try authority.writeCertificate(in: folder).path
    }

    /// Runs `body` with a fresh stage, then stops its servers and removes its folder.
    static func run(_ body: (DoctorStage) async throws -> Void) async throws {
        let stage = try DoctorStage()
        do {
            try await body(stage)
        } catch {
            await stage.tearDown()
            throw error
        }
        await stage.tearDown()
    }

    private func tearDown() async {
        await servers.stopAll()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Servers

    /// An HTTPS stand-in with a certificate the stage's authority issued for `names`.
    func httpsServer(for names: [String], reply: @escaping @Sendable (StandInRequest) -> StandInReply) async throws -> StandInServer {
        try await httpsServer(identity: authority.issue(for: names), reply: reply)
    }

    /// An HTTPS stand-in presenting `identity`.
    func httpsServer(identity: ServerIdentity, reply: @escaping @Sendable (StandInRequest) -> StandInReply) async throws -> StandInServer {
        try await servers.start { try await StandInServer.start(identity: identity, reply: reply) }
    }

    /// A plain-HTTP stand-in.
    func httpServer(reply: @escaping @Sendable (StandInRequest) -> StandInReply) async throws -> StandInServer {
        try await servers.start { try await StandInServer.start(identity: nil, reply: reply) }
    }

    /// A stand-in that accepts connections and never reads or writes: a TLS handshake hangs.
    func silentServer() async throws -> StandInServer {
        try await servers.start { try await StandInServer.silent() }
    }

    /// A loopback port where connections are refused until the stage is torn down.
    func closedPort() async throws -> Int {
        try await servers.reserve(ClosedPort()).port
    }

    // MARK: - Files and arguments

    /// Writes `text` to a file named `name` in the stage's folder and returns its path.
    func file(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// The network options aiming a run at the stand-ins: `--resolve <host>:127.0.0.1` for
    /// each host, `--ca-file` with the stage's authority (unless `trusting` is false), and
    /// both timeouts (``timeout`` unless given).
    ///
    /// - Parameter connectTimeout: The connect timeout when it differs from `timeout` (a run
    ///   about a server that accepts and then hangs connects at once, however busy the machine).
    func networkOptions(resolving hosts: [String], trusting: Bool = true, timeout: String = DoctorStage.timeout,
                        connectTimeout: String? = nil) -> [String] {
        hosts.flatMap { ["--resolve", "\($0):127.0.0.1"] }
            + (trusting ? ["--ca-file", caFile] : [])
            + ["--connect-timeout", connectTimeout ?? timeout, "--timeout", timeout]
    }

    /// `landfall doctor <arguments> <network options>`.
    func doctor(_ arguments: [String], resolving hosts: [String], trusting: Bool = true,
                timeout: String = DoctorStage.timeout, connectTimeout: String? = nil) -> [String] {
        ["doctor"] + arguments + networkOptions(resolving: hosts, trusting: trusting, timeout: timeout, connectTimeout: connectTimeout)
    }
}

/// The servers a stage started, so that it can stop them all.
private actor StartedServers {
    private var servers: [StandInServer] = []

    func start(_ make: @Sendable () async throws -> StandInServer) async throws -> StandInServer {
        let server = try await make()
        servers.append(server)
        return server
    }

    private var closedPorts: [ClosedPort] = []

    /// Keeps `port` refused until the stage is torn down.
    func reserve(_ port: ClosedPort) -> ClosedPort {
        closedPorts.append(port)
        return port
    }

    func stopAll() async {
        for server in servers {
            try? await server.stop()
        }
        servers = []
        closedPorts = []
    }
}
