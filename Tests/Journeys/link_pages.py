"""What a person does on the dashboard's links, invitations and API keys pages, and what they
read there. The element ids and field names are the pages' contract (issue 16's briefs): the
link form `#link-form` (fields named and id'd `target`, `slug`, `title`..., `#save-link`), the
list `table#links` with its search form `form.toolbar` (`q`), a link's page (`#short-url`,
`#link-state`, `#total-clicks`, `a#qr-png`, `a#qr-svg`, `#edit-link`, `#disable-link`,
`#enable-link`, `#delete-link`), the import (`#csv`, `table#import-report`), invitations
(`#toggle-requirement`, `table#new-codes`) and API keys (`table#api-keys`, `#new-secret`).
"""

import http.client
import re

from dashboard_pages import heading
from demo_server import DESKTOP_USER_AGENT, check

LINK_PATH = re.compile(r"^/links/([^/?#]+)$")


def posting(page, action):
    """Does `action` (a click that sends a form) and returns the answer to its POST, before any
    redirect, once the page it leads to has loaded (the page after a 303, or the answer itself)."""
    with page.expect_navigation(wait_until="load"):
        with page.expect_response(lambda response: response.request.method == "POST") as posted:
            action()
    return posted.value


def path_of(page, server):
    """The path of the page's address on the admin host (`/links/abc`)."""
    check(page.url.startswith(server.admin + "/"), f"the page is {page.url}, not on the admin host")
    return page.url[len(server.admin):]


def accept_confirmations(page):
    """Says OK to every confirmation the page asks (forms with data-confirm), and returns the
    list of the questions asked."""
    asked = []

    def answer(dialog):
        asked.append(dialog.message)
        dialog.accept()

    page.on("dialog", answer)
    return asked


def create_link_with_form(page, server, target, slug, title):
    """Fills /links/new as a person does and sends it; returns the new link's id, read from the
    address of the link's page the form leads to."""
    page.goto(server.admin + "/links/new")
    check(page.locator("form#link-form").count() == 1, f"/links/new shows '{heading(page)}' with no form#link-form")
    page.fill("#target", target)
    page.fill("#slug", slug)
    page.fill("#title", title)
    answer = posting(page, lambda: page.click("#save-link"))
    check(answer.status == 303, f"creating the link /{slug} answered {answer.status}, not 303: {heading(page)}"
          f" {field_errors(page)}")
    match = LINK_PATH.match(path_of(page, server))
    check(match is not None and match.group(1) != "new", f"creating the link led to {page.url}, not its page /links/ID")
    return match.group(1)


def field_errors(page):
    """The form's field errors as the page shows them ({field: message})."""
    errors = {}
    for error in page.locator("p.field-error").all():
        text = error.inner_text().strip()
        if text:
            errors[(error.get_attribute("id") or "?").removesuffix("-error")] = text
    return errors


def open_link_page(page, server, link_id):
    """Opens a link's page and checks it is one."""
    answer = page.goto(f"{server.admin}/links/{link_id}")
    check(answer.status == 200, f"/links/{link_id} answered {answer.status}, not 200: '{heading(page)}'")
    check(page.locator("#short-url").count() == 1, f"/links/{link_id} ('{heading(page)}') has no #short-url")


def short_url(page):
    """The link's real short URL, as its page shows it in #short-url."""
    return page.locator("#short-url").inner_text().strip()


def link_state(page):
    """active, disabled or expired, as the link's page's #link-state badge says."""
    badge = page.locator("#link-state")
    check(badge.count() == 1, f"the link's page '{heading(page)}' has no #link-state")
    return badge.inner_text().strip()


def search_links(page, server, words):
    """Searches the list of links for `words` through its search form, as a person does."""
    page.goto(server.admin + "/links")
    search = page.locator("form.toolbar input[name=q]")
    check(search.count() == 1, f"/links ('{heading(page)}') has no search field form.toolbar input[name=q]")
    search.fill(words)
    page.locator("form.toolbar").get_by_role("button", name="Search").click()
    page.wait_for_load_state()


def listed_links(page):
    """The rows of the list's table#links: {href, short, text} each, `href` the link's page."""
    table = page.locator("table#links")
    if table.count() == 0:
        return []
    rows = []
    for row in table.locator("tbody tr").all():
        anchor = row.locator("a[href^='/links/']").first
        rows.append({
            "href": anchor.get_attribute("href") if anchor.count() else None,
            "short": anchor.inner_text().strip() if anchor.count() else "",
            "text": row.inner_text(),
            "cells": [cell.inner_text().strip() for cell in row.locator("td").all()],
        })
    return rows


def csrf_token(page):
    """The session's CSRF token, as the sign-out form in the header carries it."""
    field = page.locator("header form.who input[name=csrf]")
    check(field.count() == 1, "the page has no sign-out form with a csrf field")
    return field.get_attribute("value")


# A form added to the page (the DOM, not a script of the page's own: the content security policy
# allows no inline code, and allows forms to 'self'), posting its hidden fields to its action.
FORGED_FORM = """([action, fields]) => {
    const form = document.createElement('form');
    form.id = 'forged'; form.method = 'post'; form.action = action;
    for (const [name, value] of fields) {
        const input = document.createElement('input');
        input.type = 'hidden'; input.name = name; input.value = value;
        form.append(input);
    }
    const button = document.createElement('button');
    button.type = 'submit'; button.textContent = 'Forged';
    form.append(button);
    document.body.append(form);
}"""


def forge_post(page, action, fields):
    """POSTs `fields` to `action` from the page, as a form the person's browser sends (their
    cookies with it); returns the answer. Playwright's own request context cannot do it: only
    Chromium knows that admin.localhost is this machine."""
    page.evaluate(FORGED_FORM, [action, list(fields.items())])
    return posting(page, lambda: page.click("#forged button"))


def images_made_from(page, source):
    """The img elements of the page whose src is `source` (made from a title with markup)."""
    sources = page.evaluate("[...document.images].map(image => image.getAttribute('src'))")
    return [found for found in sources if found == source]


def request(server, method, host, path, headers=None):
    """METHOD http://HOST:PORT/path over plain HTTP (to 127.0.0.1 with that Host:, as
    DemoServer.get), following no redirect; the body is read into `.body`."""
    connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        connection.request(method, path, headers={"Host": f"{host}:{server.port}", "User-Agent": DESKTOP_USER_AGENT,
                                                  **(headers or {})})
        response = connection.getresponse()
        response.body = response.read()
        return response
    finally:
        connection.close()


def slug_of(url):
    """The slug of a short URL (`https://go.daily.example.com/poster` → `poster`)."""
    return url.rstrip("/").rsplit("/", 1)[-1]

