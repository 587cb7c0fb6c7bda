import Hummingbird
import LandfallLinks
import LandfallStorage

extension Storage {
    /// The link the route's `{id}` names (`/v1/links/{id}` and the paths under it).
    ///
    /// - Throws: ``APIError`` 404 `not_found` when `{id}` is not a link id or no link has it.
    func link(namedIn context: LandfallRequestContext) async throws -> ShortLink {
        guard let id = context.parameters.get("id").flatMap(LinkID.init), let link = try await link(id: id) else {
            throw APIError.notFound()
        }
        return link
    }
}
