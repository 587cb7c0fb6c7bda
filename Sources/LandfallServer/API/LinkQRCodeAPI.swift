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
        let link = try await storage.link(namedIn: context)
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
/// per module, ``QRCode/moduleSizeRange``, default 8), `margin` (the quiet zone in modules,
/// ``QRCode/marginRange``, default 4) and `ecc` (L, M, Q, H, default M).
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
        moduleSize = try query.wholeNumber("size", in: QRCode.moduleSizeRange, default: moduleSize)
        margin = try query.wholeNumber("margin", in: QRCode.marginRange, default: margin)
        if let text = query["ecc"].map(String.init) {
            guard let level = QRErrorCorrection.allCases.first(where: { "\($0)" == text.uppercased() }) else {
                throw APIError(.badRequest, .invalidBody, "ecc must be L, M, Q or H, not '\(text.prefix(20))'.", field: "ecc")
            }
            errorCorrection = level
        }
    }
}
