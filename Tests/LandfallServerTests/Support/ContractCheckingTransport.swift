import Foundation
import LandfallKit
import OpenAPIContract
import Testing

/// The app SDK's transport with every answer checked against `openapi/landfall.yaml`, as
/// ``ServerClient`` checks the answers the server tests receive: the SDK's journeys count
/// among "every response body the test suite receives".
struct ContractCheckingTransport: LinkTransport {
    let base: any LinkTransport

    func send(_ request: LinkRequest) async throws -> LinkResponse {
        let response = try await base.send(request)
        let target = request.url.path + (request.url.query.map { "?\($0)" } ?? "")
        for violation in ResponseContract.check(method: request.method.rawValue, target: target, status: response.status,
                                                headers: response.headers, body: Array(response.body)) {
            Issue.record("\(violation)")
        }
        return response
    }
}
