import ChildProcess
import Foundation
import HTTPTypes
import LandfallQR
import Testing

/// `GET /v1/links/{id}/qr`: a link's QR code, read back by a real decoder (zbarimg, from
/// Debian's zbar-tools, which `.ci/run` installs) to the link's URL.
@Suite struct LinkQRCodeAPITests {
    /// zbarimg, or `nil` (then the decoding checks are left out, except on CI where they fail).
    static let zbarimg = ChildProcess.executable(named: "zbarimg")

    @Test("a link's QR code as PNG reads back as the link's URL, at every error-correction level", arguments: ServerCases.all)
    func pngReadsBackAsTheLinksURL(transport: Transport, database: TestDatabase) async throws {
        let server = try await TestServer(database: database)
        let key = try await server.authorization(.read)
        let writer = try await server.authorization()
        try await server.run(transport) { client in
            let link = try await client.createLink(slug: "poster", key: writer)
            let url = try #require(link.json["url"] as? String)
            for ecc in ["L", "M", "Q", "H"] {
                let response = try await client.get("/v1/links/\(link.id)/qr?ecc=\(ecc)", headers: key)
                #expect(response.status == .ok, "\(response.text.prefix(300))")
                #expect(response["Content-Type"] == "image/png")
                #expect(response["Content-Disposition"] == #"inline; filename="poster-qr.png""#)
                #expect(Array(response.body.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
                #expect(try await Self.decoded(png: response.body) == url, "ecc \(ecc)")
            }
        }
    }

    @Test("size and margin set the PNG's pixels: (modules + 2 × margin) × size on each side")
    func sizeAndMarginSetThePixels() async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "sized", key: key)
            let modules = try QRCode(try #require(link.json["url"] as? String)).size
            for (size, margin) in [(8, 4), (1, 0), (3, 2), (64, 0)] {
                let response = try await client.get("/v1/links/\(link.id)/qr?size=\(size)&margin=\(margin)", headers: key)
                #expect(response.status == .ok)
                let side = (modules + 2 * margin) * size
                #expect(Self.dimensions(ofPNG: response.body) == [side, side], "size \(size), margin \(margin)")
            }
        }
    }

    @Test("the SVG is the same code the QR library draws for the link's URL")
    func svgIsTheLibrarysDrawing() async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "vector", key: key)
            let response = try await client.get("/v1/links/\(link.id)/qr?format=svg&size=10&margin=2&ecc=H", headers: key)
            #expect(response.status == .ok)
            #expect(response["Content-Type"] == "image/svg+xml")
            #expect(response["Content-Disposition"] == #"inline; filename="vector-qr.svg""#)
            #expect(response.text == (try QRCode(try #require(link.json["url"] as? String), errorCorrection: .high).svg(moduleSize: 10, margin: 2)))
        }
    }

    @Test("a parameter out of range is 400 naming it", arguments: [
        ("format=gif", "format"), ("format=", "format"), ("size=0", "size"), ("size=65", "size"), ("size=abc", "size"),
        ("size=8.5", "size"), ("margin=-1", "margin"), ("margin=65", "margin"), ("ecc=X", "ecc"), ("ecc=", "ecc"),
    ])
    func badParametersAreRefused(query: String, field: String) async throws {
        let server = try await TestServer()
        let key = try await server.authorization()
        try await server.run(.router) { client in
            let link = try await client.createLink(slug: "refused", key: key)
            try await client.get("/v1/links/\(link.id)/qr?\(query)", headers: key).expectAPIError(.badRequest, "invalid_body", field: field)
        }
    }

    @Test("an unknown link is 404, and the code needs a key")
    func unknownLinkAndNoKey() async throws {
        let server = try await TestServer()
        let key = try await server.authorization(.read)
        try await server.run(.router) { client in
            try await client.get("/v1/links/019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11/qr", headers: key).expectAPIError(.notFound, "not_found")
            try await client.get("/v1/links/not-an-id/qr", headers: key).expectAPIError(.notFound, "not_found")
            #expect(try await client.get("/v1/links/019a8c3e-7a10-7c4e-9b1f-3f0d2a6b8c11/qr").status == .unauthorized)
        }
    }

    /// What zbarimg reads in `png`.
    static func decoded(png: [UInt8]) async throws -> String? {
        guard let zbarimg else {
            if ProcessInfo.processInfo.environment["CI"] != nil {
                Issue.record("zbarimg is not installed, and CI is set: install it (apt-get install -y zbar-tools)")
            }
            return nil
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-qr-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let image = folder.appendingPathComponent("code.png")
        let output = folder.appendingPathComponent("out")
        try Data(png).write(to: image)
        let reader = try ChildProcess(executable: zbarimg, arguments: ["--raw", "-q", image.path], standardOutput: output.path)
        guard await reader.exit(within: .seconds(60)) == .exited(0) else {
            _ = await reader.stop()
            return nil
        }
        return try String(contentsOf: output, encoding: .utf8).trimmingCharacters(in: .newlines)
    }

    /// The width and height in a PNG's IHDR chunk (bytes 16–23).
    static func dimensions(ofPNG png: [UInt8]) -> [Int] {
        guard png.count >= 24 else { return [] }
        return [16, 20].map { start in png[start..<start + 4].reduce(0) { $0 << 8 | Int($1) } }
    }
}
