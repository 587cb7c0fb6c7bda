import Foundation
import Hummingbird
import LandfallLinks
import LandfallStorage

/// The filters of the invitations list and its CSV export, read from the query: `batch` (a
/// batch id), `status` (`active`, `revoked`, `expired`, `used_up`, judged now) and `after` (the
/// last code of the previous page), the ones ``InvitationQuery`` supports. Each one keeps the
/// others in the links it makes.
struct InvitationListFilter: Sendable, Hashable {
    var batchID: String?
    var status: InvitationStatus?
    var after: InviteCode?

    init(batchID: String? = nil, status: InvitationStatus? = nil, after: InviteCode? = nil) {
        self.batchID = batchID
        self.status = status
        self.after = after
    }

    /// Reads the query of `request`; an empty parameter is no filter.
    ///
    /// - Throws: ``PageProblem`` 400 for a status or a cursor that is not one, saying what is expected.
    init(_ request: Request) throws(PageProblem) {
        let parameters = request.uri.queryParameters
        func value(_ name: String) -> String? {
            parameters[name[...]].map { String($0).trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        }
        batchID = value("batch")
        if let text = value("status") {
            guard let status = InvitationStatus(rawValue: text) else {
                throw PageProblem(.badRequest, title: "Bad request",
                                  message: "status must be one of \(Self.statuses); '\(text.prefix(40))' is not.")
            }
            self.status = status
        }
        if let text = value("after") {
            guard let code = try? InviteCode(parsing: text) else {
                throw PageProblem(.badRequest, title: "Bad request",
                                  message: "after must be an invitation code such as 7KQ2M-X4P9T-HCW3R (the last of the previous page); '\(text.prefix(40))' is not.")
            }
            after = code
        }
    }

    /// Every status, as the filter takes them.
    static let statuses = InvitationStatus.allCases.map(\.rawValue).joined(separator: ", ")

    /// The storage's query for these filters at `now`: at most `limit` invitations (`nil`: all).
    func query(now: Date, limit: Int?) -> InvitationQuery {
        InvitationQuery(batchID: batchID, status: status, now: now, limit: limit, after: after)
    }

    /// `path` with these filters (and the cursor, unless `paging` is false) as its query.
    func url(_ path: String, paging: Bool = true) -> String {
        var parts: [(String, String)] = []
        if let batchID { parts.append(("batch", batchID)) }
        if let status { parts.append(("status", status.rawValue)) }
        if paging, let after { parts.append(("after", after.formatted)) }
        guard !parts.isEmpty else { return path }
        return path + "?" + parts.map { "\($0.0)=\(Self.encoded($0.1))" }.joined(separator: "&")
    }

    /// `text` percent-encoded for a query value.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(.init(charactersIn: "-._~"))) ?? text
    }
}
