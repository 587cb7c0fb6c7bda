import Hummingbird
import LandfallLinks
import LandfallQR
import LandfallStorage
import NIOCore

/// A short link's QR code, for a poster or a slide: `GET /v1/links/{id}/qr` draws the link's
/// URL with ``LandfallQR`` as PNG or SVG.
struct LinkQRCodeAPI: Sendable {
    typealias Context = LandfallRequestContext

    let storage: Storage

    func addRoutes(to api: inout APIRoutes) {
        api.add(.get, "/v1/links/{id}/qr", .read, qrCode)
    }

    /// `GET /v1/links/{id}/qr?format=png|svg&size=&margin=&ecc=`.
    @Sendable func qrCode(_ request: Request, context: Context) async throws -> Response {
        let options = try QRCodeOptions(request)
        guard let id = context.parameters.get("id").flatMap(LinkID.init), let link = try await storage.link(id: id) else {
            throw APIError.notFound()
        }
        let code: QRCode
        do {
            code = try QRCode(link.url, errorCorrection: options.errorCorrection)
        } catch {
            throw APIError(.badRequest, .invalidBody, "\(error.message).", field: "ecc")
        }
        let name = "\(link.slug)-qr.\(options.format.rawValue)"
        let headers: HTTPFields = [
            .contentType: options.format.mediaType,
            .contentDisposition: "inline; filename=\"\(name)\"",
            .cacheControl: "no-store",
        ]
        let body: ByteBuffer = switch options.format {
        case .png: ByteBuffer(bytes: try code.png(moduleSize: options.moduleSize, margin: options.margin))
        case .svg: ByteBuffer(string: try code.svg(moduleSize: options.moduleSize, margin: options.margin))
        }
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: body))
    }
}

/// The query of `GET /v1/links/{id}/qr`, each value checked: `format` (png, svg), `size` (pixels
/// per module, 1–64, default 8), `margin` (the quiet zone in modules, 0–64, default 4) and `ecc`
/// (L, M, Q, H, default M).
struct QRCodeOptions: Sendable, Hashable {
    enum Format: String, Sendable, CaseIterable {
        case png
        case svg

        var mediaType: String {
            switch self {
            case .png: "image/png"
            case .svg: "image/svg+xml"
            }
        }
    }

    var format = Format.png
    var moduleSize = 8
    var margin = 4
    var errorCorrection = QRErrorCorrection.medium

    init() {}

    /// Reads the options from a request's query.
    ///
    /// - Throws: ``APIError`` (400, `invalid_body`) naming the parameter and what it accepts.
    init(_ request: Request) throws(APIError) {
        let query = request.uri.queryParameters
        if let text = query["format"].map(String.init) {
            guard let format = Format(rawValue: text.lowercased()) else {
                throw APIError(.badRequest, .invalidBody, "format must be png or svg, not '\(text.prefix(20))'.", field: "format")
            }
            self.format = format
        }
        moduleSize = try Self.number("size", in: query["size"], range: 1...64, default: moduleSize)
        margin = try Self.number("margin", in: query["margin"], range: 0...64, default: margin)
        if let text = query["ecc"].map(String.init) {
            guard let level = QRErrorCorrection.allCases.first(where: { "\($0)" == text.uppercased() }) else {
                throw APIError(.badRequest, .invalidBody, "ecc must be L, M, Q or H, not '\(text.prefix(20))'.", field: "ecc")
            }
            errorCorrection = level
        }
    }

    private static func number(_ name: String, in given: Substring?, range: ClosedRange<Int>,
                               default value: Int) throws(APIError) -> Int {
        guard let text = given.map(String.init) else { return value }
        guard let number = Int(text), range.contains(number) else {
            throw APIError(.badRequest, .invalidBody,
                           "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text.prefix(20))'.", field: name)
        }
        return number
    }
}
