import ArgumentParser

/// `landfall webhooks`: the endpoints that are sent events, and their deliveries.
struct WebhooksCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhooks",
        abstract: "Add, list and remove webhook endpoints; test them; list and redeliver their deliveries.",
        discussion: """
            \(WebhookHelp.introduction)

            \(WebhookHelp.events)

            \(WebhookHelp.signing)

            \(WebhookHelp.storage)

            Examples:
              SECRET=$(landfall webhooks add https://crm.example.com/landfall --events link.created,invite.redeemed)
              landfall webhooks list
              landfall webhooks test wh_4Jd8Kq2LmN5pR7sT --wait 30
              landfall webhooks deliveries wh_4Jd8Kq2LmN5pR7sT --status failed
              landfall webhooks redeliver --endpoint wh_4Jd8Kq2LmN5pR7sT --failed --since 2026-11-20
              landfall webhooks rotate-secret wh_4Jd8Kq2LmN5pR7sT
            """,
        subcommands: [WebhooksAddCommand.self, WebhooksListCommand.self, WebhooksRemoveCommand.self, WebhooksRotateSecretCommand.self,
                      WebhooksEnableCommand.self, WebhooksDisableCommand.self, WebhooksTestCommand.self, WebhooksDeliveriesCommand.self,
                      WebhooksRedeliverCommand.self]
    )
}
