"""What a person does on the dashboard's pages, and what they read there."""

from demo_server import check

SESSION_COOKIE = "landfall_session"


def sign_in(page, server, email, password):
    """Fills the sign-in form and sends it as a person does (the button); returns the answer to
    the POST, before any redirect it gives."""
    page.goto(server.admin + "/sign-in")
    page.fill("#email", email)
    page.fill("#password", password)
    with page.expect_response(lambda response: response.request.method == "POST") as posted:
        page.click("main form button[type=submit]")
    page.wait_for_load_state()
    return posted.value


# The demo admin's signed-in browser state (its cookies), kept after the first sign-in: the
# server lets one address try 10 sign-ins, then one every 6 s, and the journeys stay well under.
_admin_state = {}


def signed_in_page(browser, server, fresh=False, dialogs=None, **context_options):
    """A new page of a new browser context in which the demo admin is signed in: through the
    form when `fresh` (or the first time), else with the cookies of that earlier sign-in. The
    messages of any dialog a page opens (alert, confirm...) are added to `dialogs`."""
    def listen(context):
        if dialogs is not None:
            context.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
        return context

    if not fresh and "state" in _admin_state:
        context = listen(browser.new_context(storage_state=_admin_state["state"], **context_options))
        page = context.new_page()
        page.goto(server.admin + "/")
        check(page.url == server.admin + "/", f"the admin's kept session led to {page.url}, not the overview")
        return page
    context = listen(browser.new_context(**context_options))
    page = context.new_page()
    answer = sign_in(page, server, server.admin_email, server.admin_password)
    check(answer.status == 303, f"signing in as {server.admin_email} answered {answer.status}, not 303")
    check(page.url == server.admin + "/", f"signing in led to {page.url}, not the overview")
    if not fresh:
        _admin_state["state"] = context.storage_state()
    return page


def session_cookie(context):
    """The dashboard's session cookie in a browser context, or None."""
    found = [cookie for cookie in context.cookies() if cookie["name"] == SESSION_COOKIE]
    return found[0] if found else None


def heading(page):
    """The page's first-level heading."""
    return page.locator("main h1").first.inner_text().strip()


def period_count(page, period, measure):
    """A number of the overview's totals, e.g. period_count(page, "Today", "Clicks")."""
    card = page.locator(".period", has=page.locator("h2", has_text=period))
    check(card.count() == 1, f"the overview has no card for '{period}'")
    row = card.locator("dl > div", has=page.locator("dt", has_text=measure))
    check(row.count() == 1, f"the overview's '{period}' card has no '{measure}'")
    text = row.locator("dd").inner_text().strip()
    check(text.isdigit(), f"the overview's '{period}' {measure} is '{text}', not a number")
    return int(text)


def top_links(page):
    """The rows of the overview's most clicked links: (short URL, title, clicks) each."""
    rows = []
    for row in page.locator("table tbody tr").all():
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        check(len(cells) == 3, f"a row of the top links has {len(cells)} cells, not 3: {cells}")
        rows.append((cells[0], cells[1], int(cells[2]) if cells[2].isdigit() else cells[2]))
    return rows
