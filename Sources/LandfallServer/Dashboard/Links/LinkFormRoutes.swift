import Foundation
import Hummingbird
import LandfallJSON
import LandfallLinks
import LandfallStorage

/// The dashboard's writes of links, for editors and admins: create (`/links/new`), edit
/// (`/links/{id}/edit`), disable, enable and delete (`POST /links/{id}/disable|enable|delete`,
/// from the buttons of the link's page), the slug check the form's script asks, and the CSV
/// import (``LinkImportRoutes``).
///
/// Every write goes through ``LinkWriter``, with the checks of the API, and is written to the
/// audit log with the link before and after. A refused form answers 422 with the form again, the
/// values typed kept and each refusal next to its field.
struct LinkFormRoutes: Sendable {
    let storage: Storage
    let links: LinkMemory
    let clock: @Sendable () -> Date

    func addRoutes(editors: RouterGroup<DashboardContext>) {
        editors.get("/links/new", use: newForm)
        editors.post("/links/new", use: create)
        editors.get("/links/slug-check", use: slugCheck)
        editors.get("/links/{id}/edit", use: editForm)
        editors.post("/links/{id}/edit", use: edit)
        editors.post("/links/{id}/disable") { request, context in try await setDisabled(true, request, context) }
        editors.post("/links/{id}/enable") { request, context in try await setDisabled(false, request, context) }
        editors.post("/links/{id}/delete", use: delete)
        LinkImportRoutes(storage: storage, links: links, clock: clock).addRoutes(editors: editors)
    }

    /// The site's writer of links, making the server forget what it changes.
    func writer(_ context: DashboardContext) throws -> LinkWriter {
        LinkWriter(storage: storage, site: try context.server.site, links: links, clock: clock, logger: context.logger)
    }

    // MARK: create

    @Sendable func newForm(_ request: Request, context: DashboardContext) async throws -> Response {
        try page(LinkForm(), link: nil, context: context)
    }

    @Sendable func create(_ request: Request, context: DashboardContext) async throws -> Response {
        var form = LinkForm(form: context.form)
        let writer = try writer(context)
        let draft = form.draft()
        try await check(&form, draft: draft, slug: form["slug"], owner: nil, writer: writer)
        guard let draft, form.errors.isEmpty else { return try page(form, link: nil, context: context, status: .unprocessableContent) }
        let link: ShortLink
        do {
            link = try await writer.create([draft])[0]
        } catch let error as APIError where error.status.code < 500 {
            form.add(error.message, forAPIField: error.field)
            return try page(form, link: nil, context: context, status: .unprocessableContent)
        }
        try await auditor.record("link.created", subject: link.url, after: link.json, by: try Self.signedIn(context))
        return Self.seeOther("/links/\(link.id)")
    }

    // MARK: edit

    @Sendable func editForm(_ request: Request, context: DashboardContext) async throws -> Response {
        let link = try await Self.link(context, in: storage)
        return try page(LinkForm(link: link), link: link, context: context)
    }

    @Sendable func edit(_ request: Request, context: DashboardContext) async throws -> Response {
        let current = try await Self.link(context, in: storage)
        var form = LinkForm(form: context.form)
        form.values["host"] = current.host
        let writer = try writer(context)
        let draft = form.draft()
        let newSlug = form["slug"] == current.slug ? "" : form["slug"]
        if !newSlug.isEmpty && (context.form[Self.confirmSlug] ?? "").isEmpty {
            form.errors["slug"] = "Changing the slug breaks \(current.url) wherever it was shared or printed. "
                + "To change it anyway, tick \"Change the short URL\" and save again."
        }
        try await check(&form, draft: draft, slug: newSlug, owner: current.id, currentCard: current.card, writer: writer, expiryChanged: { expiry in
            expiry.map { $0.timeIntervalSince1970.rounded(.down) } != current.expiresAt.map { $0.timeIntervalSince1970.rounded(.down) }
        })
        guard let draft, form.errors.isEmpty else { return try page(form, link: current, context: context, status: .unprocessableContent) }
        let patch = LinkForm.patch(draft, changing: current)
        if patch.isEmpty { return Self.seeOther("/links/\(current.id)") }
        let changed: ShortLink
        do {
            changed = try await writer.update(current, with: patch)
        } catch let error as APIError where error.status == .notFound {
            throw Self.notFound
        } catch let error as APIError where error.status.code < 500 {
            form.add(error.message, forAPIField: error.field)
            return try page(form, link: current, context: context, status: .unprocessableContent)
        }
        try await auditor.record("link.changed", subject: changed.url, before: current.json, after: changed.json, by: try Self.signedIn(context))
        return Self.seeOther("/links/\(changed.id)")
    }

    /// Adds to `form` every refusal the site makes of its fields that have no problem yet: the
    /// slug (policy, taken), each URL, the expiry (when `expiryChanged` says it changed), the
    /// card template (when it is not the link's `currentCard`: a template that left the site
    /// does not stop the link's other changes).
    private func check(_ form: inout LinkForm, draft: LinkDraft?, slug: String, owner: LinkID?, currentCard: String? = nil, writer: LinkWriter,
                       expiryChanged: (Date?) -> Bool = { _ in true }) async throws {
        let urls = LinkForm.fields.filter { $0.api == "target" || $0.api.hasPrefix("overrides.") || $0.api == "preview.imageURL" }
            .filter { !form[$0.name].isEmpty && form.errors[$0.name] == nil }
            .map { (field: $0.api, url: form[$0.name]) }
        // Without a draft (another field is refused), the expiry is still checked when it reads.
        let typed = draft?.expiresAt ?? (try? LinkForm.expiry(form["expires_at"]).get()).flatMap { try? Date($0, strategy: .iso8601) }
        let expiry = form.errors["expires_at"] == nil ? typed.flatMap { expiryChanged($0) ? $0 : nil } : nil
        let refusals = try await writer.refusals(host: form["host"].isEmpty ? nil : form["host"], slug: slug.isEmpty || form.errors["slug"] != nil ? nil : slug,
                                                 urls: urls, expiresAt: expiry,
                                                 card: form["card"].isEmpty || form["card"] == currentCard ? nil : form["card"], owner: owner)
        for refusal in refusals {
            form.add(refusal.message, forAPIField: refusal.field)
        }
    }

    // MARK: disable, enable, delete

    @Sendable func setDisabled(_ disabled: Bool, _ request: Request, _ context: DashboardContext) async throws -> Response {
        let current = try await Self.link(context, in: storage)
        let changed: ShortLink
        do {
            changed = try await writer(context).setDisabled(disabled, current)
        } catch let error as APIError where error.status == .notFound {
            throw Self.notFound
        }
        if changed.isDisabled != current.isDisabled {
            try await auditor.record(disabled ? "link.disabled" : "link.enabled", subject: changed.url, before: current.json,
                                     after: changed.json, by: try Self.signedIn(context))
        }
        return Self.seeOther("/links/\(current.id)")
    }

    @Sendable func delete(_ request: Request, context: DashboardContext) async throws -> Response {
        let current = try await Self.link(context, in: storage)
        do {
            try await writer(context).delete(current)
        } catch let error as APIError where error.status == .notFound {
            throw Self.notFound
        }
        try await auditor.record("link.deleted", subject: current.url, before: current.json, by: try Self.signedIn(context))
        return Self.seeOther("/links")
    }

    // MARK: slug check

    /// `GET /links/slug-check?slug=&host=&link=`: whether the form's slug may be used on `host`
    /// (the default link host when absent), for its script:
    /// `{"available": true}` or `{"available": false, "message": "…"}` (for the link `link`,
    /// its own slug is available). The server checks again when the form is sent.
    @Sendable func slugCheck(_ request: Request, context: DashboardContext) async throws -> Response {
        let slug = request.uri.queryParameters.get("slug") ?? ""
        guard !slug.isEmpty else {
            return Response.json(.badRequest, .object([("available", .bool(false)), ("message", .string("Give the slug to check: ?slug=spring."))]))
        }
        let owner = request.uri.queryParameters.get("link").flatMap(LinkID.init)
        let host = request.uri.queryParameters.get("host").flatMap { $0.isEmpty ? nil : $0 }
        let refusals = try await writer(context).refusals(host: host, slug: slug, urls: [], expiresAt: nil, owner: owner)
            .filter { $0.field == "slug" || $0.field == "host" }
        var members: [(String, JSONValue)] = [("available", .bool(refusals.isEmpty))]
        if let refusal = refusals.first { members.append(("message", .string(refusal.message))) }
        return Response.json(.ok, .object(members))
    }

    // MARK: parts

    var auditor: DashboardAuditor { DashboardAuditor(storage: storage, clock: clock) }

    /// The form's page: new (`link` is `nil`) or editing `link`.
    private func page(_ form: LinkForm, link: ShortLink?, context: DashboardContext, status: HTTPResponse.Status = .ok) throws -> Response {
        let site = try context.server.site
        var values = LinkFormPages.values(form, linkHosts: site.configuration.hosts.linkHosts, cards: site.configuration.cardNames, editing: link)
        values["linksCurrent"] = true
        if let link {
            values["editing"] = ["id": link.id.rawValue, "shortURL": OverviewRoutes.shown(link, on: try context.server.host)]
        } else {
            values["creating"] = true
        }
        let title = link == nil ? "New link" : "Edit link"
        return try DashboardPage.response("link-form", title: title, values: values, context: context, status: status)
    }

    /// The link the route's `{id}` names.
    ///
    /// - Throws: ``PageProblem`` 404 when `{id}` is not a link id or no link has it.
    static func link(_ context: DashboardContext, in storage: Storage) async throws -> ShortLink {
        guard let id = context.parameters.get("id").flatMap(LinkID.init), let link = try await storage.link(id: id) else {
            throw notFound
        }
        return link
    }

    /// The check box that says a new slug on the edit form is meant: the short URL changes.
    static let confirmSlug = "confirm_slug"

    static let notFound = PageProblem(.notFound, title: "No such link", message: "No link has this id; it may have been deleted.")

    static func signedIn(_ context: DashboardContext) throws -> SignedIn {
        guard let signedIn = context.signedIn else {
            throw PageProblem(.forbidden, title: "Not signed in", message: "Sign in to change links.")
        }
        return signedIn
    }

    /// 303 to `path`: after a form, the page that shows its result.
    static func seeOther(_ path: String) -> Response {
        Response.redirect(.seeOther, to: path)
    }
}
