import Foundation

extension LinkClient {
    /// Redeems an invitation code as the person typed it (`POST /v1/invites/redeem`):
    /// case, spaces and dashes do not matter. Redemption is atomic on the server: of many
    /// devices redeeming the last use, exactly one succeeds.
    ///
    /// ```swift
    /// let redemption = try await client.redeemInvitation(code: "7kq2m x4p9t-hcw3r")
    /// redemption.code       // "7KQ2M-X4P9T-HCW3R"
    /// redemption.usesLeft   // 0
    /// ```
    ///
    /// A refused code is not retried. Text that is empty or far too long to be a code is
    /// refused as ``RedemptionError/malformed`` without asking the server.
    ///
    /// - Throws: ``RedemptionError``: one case for each documented refusal, and
    ///   ``RedemptionError/failed(_:)`` when the server could not be asked.
    public func redeemInvitation(code: String) async throws(RedemptionError) -> Redemption {
        let typed = code.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty, typed.count <= 64 else { throw .malformed }
        do throws(LinkClientError) {
            let request = try request(.post, "/v1/invites/redeem",
                                      body: RedeemRequestBody(code: typed, platform: configuration.platform.rawValue))
            let response = try await send(request)
            return try decode(Redemption.self, from: response, of: request)
        } catch {
            throw RedemptionError(error)
        }
    }
}
