import Foundation
import LandfallWebhooks
import SQLKit

extension WebhookEndpoint {
    /// The table.
    static let table = "webhook_endpoints"

    /// Every column, in the order of ``rowValues``.
    static let columns = [
        "id", "url", "events", "description", "secret", "previous_secret", "previous_secret_expires_at", "created_at",
        "updated_at", "disabled_at", "disabled_reason", "failing_since", "last_success_at",
    ]

    /// The endpoint's values, one per column of ``columns``.
    var rowValues: [any SQLExpression] {
        func date(_ value: Date?) -> any SQLExpression { value.map { SQLBind(Milliseconds.from($0)) } ?? SQLLiteral.null }
        func text(_ value: String?) -> any SQLExpression { value.map { SQLBind($0) } ?? SQLLiteral.null }
        return [
            SQLBind(id), SQLBind(url), SQLBind(events.names.joined(separator: " ")), SQLBind(description), SQLBind(secret.text),
            text(previousSecret?.text), date(previousSecretExpiresAt), SQLBind(Milliseconds.from(createdAt)),
            SQLBind(Milliseconds.from(updatedAt)), date(disabledAt), text(disabledReason), date(failingSince), date(lastSuccessAt),
        ]
    }

    /// The `events` column: `*` or event types separated by spaces.
    static func events(in reader: RowReader) throws(StorageError) -> WebhookEventSelection {
        try reader.parsed("events", as: "\"*\" or event types separated by spaces") {
            try? WebhookEventSelection($0.split(separator: " ").map(String.init))
        }
    }

    /// Reads a row of ``columns``.
    init(row: any SQLRow) throws(StorageError) {
        var reader = RowReader(row: row, table: Self.table)
        let id = try reader.string("id")
        reader.key = id
        let secret = { (column: String, text: String) throws(StorageError) -> WebhookSecret in
            do {
                return try WebhookSecret(text)
            } catch {
                throw reader.corrupt(column, "holds no signing secret (\(error))")
            }
        }
        self.init(
            id: id,
            url: try reader.string("url"),
            events: try Self.events(in: reader),
            description: try reader.string("description"),
            secret: try secret("secret", try reader.string("secret")),
            previousSecret: try reader.optionalString("previous_secret").map { text throws(StorageError) in try secret("previous_secret", text) },
            previousSecretExpiresAt: try reader.optionalDate("previous_secret_expires_at"),
            createdAt: try reader.date("created_at"),
            updatedAt: try reader.date("updated_at"),
            disabledAt: try reader.optionalDate("disabled_at"),
            disabledReason: try reader.optionalString("disabled_reason"),
            failingSince: try reader.optionalDate("failing_since"),
            lastSuccessAt: try reader.optionalDate("last_success_at")
        )
    }
}
