import DoctorStandIns
import LandfallCLI
import LandfallDoctor
import Testing

/// A server that hangs could not be checked (exit 2, and the message says which timeout to
/// raise); a port nothing listens on is a verdict on the domain, as ``FetchFailure/status`` decides.
@Suite struct DoctorUnreachableHostTests {
    @Test func aServerThatNeverAnswersCouldNotBeCheckedAndNamesTheTimeout() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.httpsServer(for: ["good.landfall.test"]) { _ in .neverAnswer }
            // Only the answer hangs: connecting may take long on a busy machine (a full parallel
            // run on two cores once delayed it past a second, which reads as a dropped SYN).
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"],
                                                        timeout: DoctorStage.hangTimeout, connectTimeout: DoctorStage.timeout))
            let transcript = DoctorTranscript(output)
            let fetch = try #require(transcript.check("Server answers", in: DoctorTranscript.appleSection))
            let url = "https://good.landfall.test:\(server.port)/.well-known/apple-app-site-association"

            #expect(output.status.rawValue == 2, "\(output.standardOutput)")
            #expect(transcript.verdict.hasPrefix("could not check everything: "))
            #expect(fetch.symbol == "?")
            #expect(fetch.detail == "\(url) did not answer within 1 s: the server accepted the connection but hangs "
                + "(raise --timeout to wait longer; Apple's CDN gives up too)")
            // The handshake itself went through: the certificate was judged.
            #expect(transcript.check("Chain trusted", in: "good.landfall.test:")?.symbol == "✓")
        }
    }

    @Test func aServerThatHangsInTheHandshakeCouldNotBeChecked() async throws {
        try await DoctorStage.run { stage in
            let server = try await stage.silentServer()
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test"],
                                                        timeout: DoctorStage.hangTimeout))
            let transcript = DoctorTranscript(output)
            let handshake = try #require(transcript.check("TLS handshake completes", in: "good.landfall.test:"))

            #expect(output.status.rawValue == 2, "\(output.standardOutput)")
            #expect(handshake.symbol == "?")
            #expect(handshake.detail == "good.landfall.test accepted a connection on port \(server.port) but did not finish the TLS handshake "
                + "within 1 s: the server hangs (raise --timeout to wait longer)")
            // No file can be fetched from a host without a handshake.
            #expect(transcript.section(DoctorTranscript.appleSection) == nil)
        }
    }

    @Test func aPortNothingListensOnIsRefusedAndJudgedAsFetchFailureSays() async throws {
        try await DoctorStage.run { stage in
            let port = try await stage.closedPort()
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(port)"], resolving: ["good.landfall.test"]))
            let transcript = DoctorTranscript(output)
            let handshake = try #require(transcript.check("TLS handshake completes", in: "good.landfall.test:"))
            let refused = FetchFailure.connectionRefused(host: "good.landfall.test", port: port)

            #expect(refused.status == .fail)
            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(handshake.symbol == "✗")
            #expect(handshake.detail == "good.landfall.test refused the connection on port \(port); nothing listens there")
            #expect(handshake.detail == refused.message)
            #expect(handshake.fix == "serve HTTPS on port \(port) of good.landfall.test")
            #expect(handshake.fix == refused.fix)
        }
    }
}
