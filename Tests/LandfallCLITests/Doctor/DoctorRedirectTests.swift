import DoctorStandIns
import Foundation
import LandfallCLI
import Testing

/// A redirect in front of the association file is the classic silent failure: Apple's CDN and
/// Android's verifier never follow it. The doctor reports the chain hop by hop.
@Suite struct DoctorRedirectTests {
    @Test func aRedirectToWwwFailsWithTheChainHopByHopAndTheExemptionToMake() async throws {
        try await DoctorStage.run { stage in
            let path = DoctorSamples.associationPath
            let server = try await stage.httpsServer(for: ["good.landfall.test", "www.good.landfall.test"]) { request in
                // The Host header is good.landfall.test:<port>; the redirect adds www.
                guard request.path == path else { return .respond(status: 404) }
                return request.host?.hasPrefix("www.") == true
                    ? .json(DoctorSamples.association)
                    : .redirect(to: "https://www.\(request.host ?? "")\(path)")
            }
            let origin = "https://good.landfall.test:\(server.port)"
            let www = "https://www.good.landfall.test:\(server.port)"
            let output = await runLandfall(stage.doctor(
                ["good.landfall.test:\(server.port)"], resolving: ["good.landfall.test", "www.good.landfall.test"]))
            let transcript = DoctorTranscript(output)
            let redirect = try #require(transcript.check("No redirects", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(transcript.verdict.hasPrefix("problems found: "))
            #expect(redirect.symbol == "✗")
            #expect(redirect.detail == "\(origin)\(path) answers 301 with Location \(www)\(path)")
            #expect(redirect.notes == [
                "1. 301 → \(www)\(path) (adds www.)",
                "2. 200 application/json, \(DoctorSamples.association.utf8.count) bytes",
            ])
            #expect(redirect.fix == "serve the file at \(origin)\(path) itself with status 200; Apple's CDN never follows redirects for it; "
                + "exempt /.well-known/ from the redirect to www.good.landfall.test")
            // The redirect is reported once; the body checks wait for it.
            #expect(transcript.check("Status 200", in: DoctorTranscript.appleSection)?.symbol == "-")
            #expect(transcript.check("JSON, not an HTML page", in: DoctorTranscript.appleSection)?.symbol == "-")
            #expect(transcript.check("Valid JSON", in: DoctorTranscript.appleSection) == nil)
        }
    }

    @Test func httpsToHTTPAndBackIsReportedHopByHop() async throws {
        try await DoctorStage.run { stage in
            let path = DoctorSamples.associationPath
            let securePort = PortNumber()
            // The plain-HTTP server sends every request back to HTTPS, as a site forcing HTTPS does.
            let plain = try await stage.httpServer { request in
                .redirect(to: "https://good.landfall.test:\(securePort.value)\(request.path)")
            }
            // The HTTPS server sends Apple's file to plain HTTP: a misconfigured rewrite.
            let secure = try await stage.httpsServer(for: ["good.landfall.test"]) { request in
                request.path == path ? .redirect(to: "http://good.landfall.test:\(plain.port)\(path)") : .respond(status: 404)
            }
            securePort.value = secure.port
            let output = await runLandfall(stage.doctor(["good.landfall.test:\(secure.port)"], resolving: ["good.landfall.test"]))
            let redirect = try #require(DoctorTranscript(output).check("No redirects", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(redirect.symbol == "✗")
            #expect(redirect.detail
                == "https://good.landfall.test:\(secure.port)\(path) answers 301 with Location http://good.landfall.test:\(plain.port)\(path)")
            #expect(redirect.notes.first == "1. 301 → http://good.landfall.test:\(plain.port)\(path) (https → http, another port)")
            #expect(redirect.notes.dropFirst().first
                == "2. 301 → https://good.landfall.test:\(secure.port)\(path) (http → https, another port, a loop: back to a URL seen before)")
            #expect(redirect.fix?.hasPrefix("serve the file at https://good.landfall.test:\(secure.port)\(path) itself with status 200") == true)
            // Followed only to report it, the loop stops at the hop limit.
            #expect(redirect.notes.last?.hasSuffix(". stopped after \(redirect.notes.count - 1) redirects") == true, "\(redirect.notes)")
            #expect(!plain.requests.isEmpty && plain.requests.allSatisfy { $0.path == path })
        }
    }

    @Test func httpToHTTPSOnTheWayToAnotherHostIsNamedInItsHop() async throws {
        try await DoctorStage.run { stage in
            let path = DoctorSamples.associationPath
            let securePort = PortNumber()
            let plain = try await stage.httpServer { request in
                .redirect(to: "https://www.good.landfall.test:\(securePort.value)\(request.path)")
            }
            let secure = try await stage.httpsServer(for: ["good.landfall.test", "www.good.landfall.test"]) { request in
                guard request.path == path else { return .respond(status: 404) }
                return request.host?.hasPrefix("www.") == true
                    ? .json(DoctorSamples.association)
                    : .redirect(to: "http://www.good.landfall.test:\(plain.port)\(path)")
            }
            securePort.value = secure.port
            let output = await runLandfall(stage.doctor(
                ["good.landfall.test:\(secure.port)"], resolving: ["good.landfall.test", "www.good.landfall.test"]))
            let redirect = try #require(DoctorTranscript(output).check("No redirects", in: DoctorTranscript.appleSection))

            #expect(output.status.rawValue == 1, "\(output.standardOutput)")
            #expect(redirect.notes == [
                "1. 301 → http://www.good.landfall.test:\(plain.port)\(path) (https → http, adds www., another port)",
                "2. 301 → https://www.good.landfall.test:\(secure.port)\(path) (http → https, another port)",
                "3. 200 application/json, \(DoctorSamples.association.utf8.count) bytes",
            ])
        }
    }
}
