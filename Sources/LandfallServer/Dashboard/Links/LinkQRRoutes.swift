import Hummingbird
import LandfallLinks
import LandfallQR
import LandfallStorage
import NIOCore

/// `GET /links/{id}/qr.png` and `GET /links/{id}/qr.svg` (everyone signed in): a link's QR code
/// as a download (`Content-Disposition: attachment; filename="SLUG-qr.png"`), encoding its
/// https short URL, drawn by ``LandfallQR`` with the API's options and checks
/// (``QRCodeOptions``: `size`, `margin`, `ecc`; a bad one is 400 in the API's words).
struct LinkQRRoutes: Sendable {
    let storage: Storage

    func addRoutes(members: RouterGroup<DashboardContext>) {
        members.get("/links/{id}/qr.png") { request, context in try await image(.png, request, context) }
        members.get("/links/{id}/qr.svg") { request, context in try await image(.svg, request, context) }
    }

    func image(_ format: QRCodeOptions.Format, _ request: Request, _ context: DashboardContext) async throws -> Response {
        let link = try await LinkPageRoutes.link(in: context, storage: storage)
        var options: QRCodeOptions
        do {
            options = try QRCodeOptions(request)
            options.format = format
            let image = try options.image(of: link.url)
            let headers: HTTPFields = [
                .contentType: format.mediaType,
                .contentDisposition: "attachment; filename=\"\(link.slug)-qr.\(format.rawValue)\"",
                .cacheControl: "no-store",
            ]
            return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: image)))
        } catch let error as APIError {
            throw PageProblem(.badRequest, title: "Bad QR code options", message: error.message)
        }
    }
}
