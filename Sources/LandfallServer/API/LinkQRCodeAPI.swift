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
        let image = try options.image(of: link.url)
        let name = "\(link.slug)-qr.\(options.format.rawValue)"
        let headers: HTTPFields = [
            .contentType: options.format.mediaType,
            .contentDisposition: "inline; filename=\"\(name)\"",
            .cacheControl: "no-store",
        ]
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image)))
    }
}

/// The query of `GET /v1/links/{id}/qr`, each value checked: `format` (png, svg), `size` (pixels
/// per module, `QRCode/moduleSizeRange`, default 8), `margin` (the quiet zone in modules,
/// `QRCode/marginRange`, default 4) and `ecc` (L, M, Q, H, default M). `landfall links qr`
/// draws with the same options.
public struct QRCodeOptions: Sendable, Hashable {
    /// The image format.
    public enum Format: String, Sendable, CaseIterable {
        /// A PNG image.
        case png
        /// An SVG drawing.
        case svg

        /// The media type of the format.
        public var mediaType: String {
            switch self {
            case .png: "image/png"
            case .svg: "image/svg+xml"
            }
        }
    }

    /// The image format.
    public var format = Format.png
    /// Pixels per module (`QRCode/moduleSizeRange`).
    public var moduleSize = 8
    /// The quiet zone around the code, in modules (`QRCode/marginRange`).
    public var margin = 4
    /// The error-correction level.
    public var errorCorrection = QRErrorCorrection.medium

    /// The defaults: PNG, 8 pixels per module, a margin of 4 modules, level M.
    public init() {}

    /// The pixels per module allowed (LandfallQR's).
    public static var moduleSizeRange: ClosedRange<Int> { QRCode.moduleSizeRange }
    /// The margins allowed, in modules (LandfallQR's).
    public static var marginRange: ClosedRange<Int> { QRCode.marginRange }

    /// The level a letter names (`L`, `M`, `Q` or `H`, in either case), or `nil`.
    public static func errorCorrection(named text: String) -> QRErrorCorrection? {
        QRErrorCorrection.allCases.first(where: { "\($0)" == text.uppercased() })
    }

    /// The code of `text` drawn with these options: the PNG's bytes or the SVG's UTF-8.
    ///
    /// - Throws: ``APIError`` (400, `invalid_body`, field `ecc`) when `text` does not fit a
    ///   code at the chosen level; `QRCodeError` when the size or margin is out of range.
    public func image(of text: String) throws -> [UInt8] {
        let code: QRCode
        do {
            code = try QRCode(text, errorCorrection: errorCorrection)
        } catch {
            throw APIError(.badRequest, .invalidBody, "\(error.message).", field: "ecc")
        }
        switch format {
        case .png: return try code.png(moduleSize: moduleSize, margin: margin)
        case .svg: return Array(try code.svg(moduleSize: moduleSize, margin: margin).utf8)
        }
    }

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
            guard let level = Self.errorCorrection(named: text) else {
                throw APIError(.badRequest, .invalidBody, "ecc must be L, M, Q or H, not '\(text.prefix(20))'.", field: "ecc")
            }
            errorCorrection = level
        }
    }
}
