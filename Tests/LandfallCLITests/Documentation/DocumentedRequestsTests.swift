import ChildProcess
import Foundation
import Testing

/// The `curl` requests that the README and the DocC articles show against the demo, in a
/// ```` ```console ```` block, are sent to a real `landfall serve` of the demo, and the answers
/// compared with the page, so the tour cannot drift from the server either.
///
/// A request is a `$ curl …` line of a checked block, run by `/bin/sh -c` in a folder of its own
/// with `:8080` (the demo's port on the pages) replaced by the test server's port, which is put
/// back in the answer. What truly varies is normalised on both sides: the `X-Request-ID` and
/// `Date` headers' values, and the carriage returns and the blank line ending a header block that
/// `curl -I` prints. Requests that need a key, a live domain or another server are in
/// ```` ```console illustrative ```` blocks and not sent.
@Suite struct DocumentedRequestsTests {
    struct Request: CustomTestStringConvertible, Sendable {
        var file: String
        var line: Int
        var command: String
        var expected: String
        var testDescription: String { "\(file):\(line): \(command)" }
    }

    static let requests: [Request] = DocumentedExamplesTests.blocks.filter(\.isChecked).flatMap { block in
        block.commands.filter { $0.text.hasPrefix("curl ") }.map {
            Request(file: block.file, line: $0.line, command: $0.text, expected: $0.output.map { $0 + "\n" }.joined())
        }
    }

    /// The text with the values that differ at every request replaced, without carriage returns
    /// and trailing blank lines.
    static func normalised(_ text: String) -> String {
        var lines = text.replacingOccurrences(of: "\r", with: "").components(separatedBy: "\n").map { line in
            for header in ["X-Request-ID: ", "Date: "] where line.hasPrefix(header) {
                return header + "…"
            }
            return line
        }
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    @Test func theReadmeSendsRequests() {
        #expect(Self.requests.contains { $0.file == "README.md" })
    }

    @Test func normalisingLeavesOnlyWhatTheServerDecides() {
        #expect(Self.normalised("HTTP/1.1 200 OK\r\nX-Request-ID: 1f\r\nDate: Fri, 27 Nov 2026\r\n\r\n")
                == "HTTP/1.1 200 OK\nX-Request-ID: …\nDate: …")
    }

    @Test func theDemoAnswersAsThePagesShow() async throws {
        let folder = try CLIFixtures.temporaryFolder()
        let server = try ServingLandfall(["serve", "--port", "0", "--rate-limit", "0"], in: folder)
        defer { server.stop() }
        let port = try await server.waitForPort()
        for request in Self.requests {
            let outputFile = folder.appendingPathComponent("answer").path
            let command = request.command.replacingOccurrences(of: ":8080", with: ":\(port)")
            let child = try ChildProcess(executable: "/bin/sh", arguments: ["-c", command], directory: folder.path,
                                         standardOutput: outputFile, standardError: outputFile + ".err")
            let termination = try #require(await child.exit(within: .seconds(30)), "\(request.testDescription) did not end")
            let answer = (try? String(contentsOfFile: outputFile, encoding: .utf8)) ?? ""
            let errors = (try? String(contentsOfFile: outputFile + ".err", encoding: .utf8)) ?? ""
            #expect(termination.status == 0, "\(request.testDescription) failed: \(answer)\(errors)")
            #expect(Self.normalised(answer.replacingOccurrences(of: ":\(port)", with: ":8080")) == Self.normalised(request.expected),
                    "\(request.file):\(request.line) shows another answer for `\(request.command)`; paste the real one there")
        }
    }
}
