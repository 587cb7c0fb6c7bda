"""A person's journeys through the dashboard's links (create, find, QR code, edit, disable,
delete, import), invitations and API keys, in Debian's chromium. journeys.py runs them after its
own; each is a function whose name is the sentence it checks.

Most of them follow one link, the poster link that the first one creates with the form; a
journey run alone (`scripts/dashboard-journeys qr`) creates it first.
"""

import json
import os
import re
import subprocess
import tempfile

from dashboard_pages import heading, session_cookie, sign_in, signed_in_page, top_links
from demo_server import check
from link_pages import (accept_confirmations, create_link_with_form, csrf_token, field_errors, forge_post,
                        images_made_from, link_state, listed_links, open_link_page, path_of, posting, request,
                        search_links, short_url, slug_of)

HOSTILE_TITLE = "<img src=x onerror=alert(1)>"
POSTER = dict(slug="journey-poster", title="Poster for the Winter Quizathon",
              target="https://shop.example.org/winter-quizathon-poster")
SEARCH_WORD = "quizathon"  # a word of the poster's title, typed in lower case
EDITED_TITLE = "Poster for the Spring Quizathon"

_poster = {}


def poster_link(browser, server):
    """The poster link's id: made with the form by the first journey that needs it."""
    if "id" not in _poster:
        page = signed_in_page(browser, server)
        _poster["id"] = create_link_with_form(page, server, **POSTER)
        page.context.close()
    return _poster["id"]


def redirects(server, slug):
    """The link host's answer to /slug, as a computer's browser asks."""
    return request(server, "GET", "go.localhost", f"/{slug}")


def an_editor_creates_a_link_with_the_form_and_lands_on_its_page_showing_its_short_url(browser, server):
    page = signed_in_page(browser, server)
    page.goto(server.admin + "/links")
    check(page.locator("a#new-link").count() == 1, "the list of links has no a#new-link for the admin")
    page.click("a#new-link")
    page.wait_for_load_state()
    check(path_of(page, server) == "/links/new", f"New link led to {page.url}, not /links/new")
    _poster["id"] = create_link_with_form(page, server, **POSTER)
    check(heading(page) == POSTER["title"], f"the new link's page is headed '{heading(page)}', not its title")
    url = short_url(page)
    check(url == f"https://go.daily.example.com/{POSTER['slug']}",
          f"the page shows the short URL '{url}', not https://go.daily.example.com/{POSTER['slug']}")
    copy = page.locator("#copy-url")
    check(copy.count() == 1 and copy.get_attribute("data-copy") == url,
          f"the copy button #copy-url copies {copy.get_attribute('data-copy') if copy.count() else 'nothing'}, not {url}")
    check(link_state(page) == "active", f"the new link's state is '{link_state(page)}', not active")
    answer = redirects(server, POSTER["slug"])
    check(answer.status in (301, 302, 303, 307, 308) and answer.getheader("Location") == POSTER["target"],
          f"its short URL answered {answer.status} to {answer.getheader('Location')}, not a redirect to {POSTER['target']}")


def the_new_link_is_found_by_a_word_of_its_title_on_the_list_and_opens_its_page_from_there(browser, server):
    link_id = poster_link(browser, server)
    page = signed_in_page(browser, server)
    search_links(page, server, SEARCH_WORD)
    check(f"q={SEARCH_WORD}" in page.url, f"searching led to {page.url}, without q={SEARCH_WORD}")
    rows = listed_links(page)
    found = [row for row in rows if row["href"] == f"/links/{link_id}"]
    check(found, f"searching '{SEARCH_WORD}' does not list /links/{link_id}: {[row['text'] for row in rows]}")
    check(all(SEARCH_WORD in row["text"].lower() for row in rows),
          f"searching '{SEARCH_WORD}' lists links without it: {[row['text'] for row in rows]}")
    page.click(f"table#links a[href='/links/{link_id}']")
    page.wait_for_load_state()
    check(path_of(page, server) == f"/links/{link_id}", f"opening it from the list led to {page.url}")
    check(slug_of(short_url(page)) == POSTER["slug"], f"the page opened shows {short_url(page)}")


def the_links_qr_png_downloaded_from_its_page_decodes_to_its_short_url_and_the_svg_is_an_svg(browser, server):
    link_id = poster_link(browser, server)
    page = signed_in_page(browser, server)
    open_link_page(page, server, link_id)
    url = short_url(page)
    qr = page.locator("img#qr")
    check(qr.count() == 1, "the link's page has no img#qr")
    check(qr.evaluate("image => image.complete && image.naturalWidth > 0"), "the QR code img#qr is not drawn")
    with tempfile.TemporaryDirectory() as directory:
        with page.expect_download() as png:
            page.click("a#qr-png")
        check(png.value.suggested_filename == f"{POSTER['slug']}-qr.png",
              f"the PNG downloads as '{png.value.suggested_filename}', not {POSTER['slug']}-qr.png")
        path = os.path.join(directory, "qr.png")
        png.value.save_as(path)
        with open(path, "rb") as file:
            check(file.read(8) == b"\x89PNG\r\n\x1a\n", "the PNG download is not a PNG")
        decoded = subprocess.run(["zbarimg", "--raw", "-q", path], capture_output=True, text=True, timeout=30)
        check(decoded.returncode == 0, f"zbarimg found no QR code in the PNG (exit {decoded.returncode}): {decoded.stderr}")
        check(decoded.stdout.rstrip("\n") == url, f"the PNG's QR code says '{decoded.stdout.strip()}', not {url}")
        with page.expect_download() as svg:
            page.click("a#qr-svg")
        check(svg.value.suggested_filename == f"{POSTER['slug']}-qr.svg",
              f"the SVG downloads as '{svg.value.suggested_filename}', not {POSTER['slug']}-qr.svg")
        path = os.path.join(directory, "qr.svg")
        svg.value.save_as(path)
        with open(path, encoding="utf-8") as file:
            text = file.read()
        check("<svg" in text[:300] and text.rstrip().endswith("</svg>"), f"the SVG download is not an SVG: {text[:120]!r}")


def editing_the_links_title_on_its_edit_form_shows_the_new_title_on_its_page(browser, server):
    link_id = poster_link(browser, server)
    page = signed_in_page(browser, server)
    open_link_page(page, server, link_id)
    page.click("a#edit-link")
    page.wait_for_load_state()
    check(path_of(page, server) == f"/links/{link_id}/edit", f"Edit led to {page.url}, not /links/{link_id}/edit")
    check(page.input_value("#target") == POSTER["target"], f"the edit form has target '{page.input_value('#target')}'")
    check(page.input_value("#title") == POSTER["title"], f"the edit form has title '{page.input_value('#title')}'")
    page.fill("#title", EDITED_TITLE)
    answer = posting(page, lambda: page.click("#save-link"))
    check(answer.status == 303, f"saving the edit answered {answer.status}, not 303: {field_errors(page)}")
    check(path_of(page, server) == f"/links/{link_id}", f"saving led to {page.url}, not the link's page")
    check(heading(page) == EDITED_TITLE, f"after the edit the page is headed '{heading(page)}', not '{EDITED_TITLE}'")
    check(slug_of(short_url(page)) == POSTER["slug"], f"the edit changed the short URL to {short_url(page)}")
    POSTER["title"] = EDITED_TITLE


def disabling_the_link_on_its_page_stops_its_short_url_redirecting_and_enabling_it_starts_it_again(browser, server):
    link_id = poster_link(browser, server)
    page = signed_in_page(browser, server)
    open_link_page(page, server, link_id)
    check(page.locator("#enable-link").count() == 0, "an active link's page offers #enable-link")
    answer = posting(page, lambda: page.click("#disable-link"))
    check(answer.status == 303, f"Disable answered {answer.status}, not 303")
    check(path_of(page, server) == f"/links/{link_id}", f"Disable led to {page.url}, not the link's page")
    check(link_state(page) == "disabled", f"after Disable the state is '{link_state(page)}', not disabled")
    answer = redirects(server, POSTER["slug"])
    check(not 300 <= answer.status < 400,
          f"the disabled link still redirects: {answer.status} to {answer.getheader('Location')}")
    check(answer.status == 410, f"the disabled link answered {answer.status}, not 410 Gone")
    check((answer.getheader("Content-Type") or "").startswith("text/html"),
          f"the disabled link's answer is not a page: {answer.getheader('Content-Type')}")
    check(page.locator("#disable-link").count() == 0, "a disabled link's page still offers #disable-link")
    answer = posting(page, lambda: page.click("#enable-link"))
    check(answer.status == 303, f"Enable answered {answer.status}, not 303")
    check(link_state(page) == "active", f"after Enable the state is '{link_state(page)}', not active")
    answer = redirects(server, POSTER["slug"])
    check(answer.status in (301, 302, 303, 307, 308) and answer.getheader("Location") == POSTER["target"],
          f"the enabled link answered {answer.status} to {answer.getheader('Location')}, not a redirect to {POSTER['target']}")


def a_viewer_sees_no_controls_to_change_a_link_and_their_forged_disable_is_refused_with_403(browser, server):
    link_id = poster_link(browser, server)
    email, password = "link.viewer@daily.example.com", "journey-link-viewer-Pa55phrase"
    server.landfall("users", "create", "--email", email, "--role", "viewer", "--name", "Lee Viewer",
                    "--password-stdin", stdin=password + "\n")
    page = browser.new_context().new_page()
    answer = sign_in(page, server, email, password)
    check(answer.status == 303, f"the viewer's sign-in answered {answer.status}, not 303")
    page.goto(server.admin + "/links")
    check(page.locator("table#links").count() == 1, f"the viewer's /links shows '{heading(page)}' with no table#links")
    check(page.locator("#new-link").count() == 0, "the viewer's list of links has a #new-link button")
    check(page.get_by_text("New link", exact=True).count() == 0, "the viewer's list of links shows 'New link'")
    open_link_page(page, server, link_id)
    shown = [control for control in ["#edit-link", "#disable-link", "#enable-link", "#delete-link"]
             if page.locator(control).count() > 0]
    check(not shown, f"the viewer sees {', '.join(shown)} on the link's page")
    check(page.locator(f"form[action='/links/{link_id}/disable']").count() == 0, "the viewer's page has a disable form")
    answer = forge_post(page, f"/links/{link_id}/disable", {"csrf": csrf_token(page)})
    check(answer.status == 403, f"the viewer's forged POST /links/{link_id}/disable answered {answer.status}, not 403")
    answer = page.goto(f"{server.admin}/links/{link_id}/edit")
    check(answer.status == 403, f"the viewer's GET /links/{link_id}/edit answered {answer.status}, not 403")
    open_link_page(page, server, link_id)
    check(link_state(page) == "active", f"after the viewer's forged POST the link is '{link_state(page)}', not active")
    answer = redirects(server, POSTER["slug"])
    check(300 <= answer.status < 400, f"after the viewer's forged POST the link answers {answer.status}, not a redirect")


def the_link_form_sent_without_its_csrf_token_is_refused_with_403_and_creates_nothing(browser, server):
    slug = "journey-no-token"
    page = signed_in_page(browser, server)
    page.goto(server.admin + "/links/new")
    token = page.locator("form#link-form input[name=csrf]")
    check(token.count() == 1, "the link form has no csrf field")
    token.evaluate("field => field.remove()")
    page.fill("#target", "https://shop.example.org/no-token")
    page.fill("#slug", slug)
    answer = posting(page, lambda: page.click("#save-link"))
    check(answer.status == 403, f"the link form without its csrf field answered {answer.status}, not 403")
    check(heading(page) == "Form expired", f"it shows '{heading(page)}', not 'Form expired'")
    answer = redirects(server, slug)
    check(answer.status == 404, f"/{slug} answered {answer.status} after the refused form: was the link created?")
    check(session_cookie(page.context) is not None, "the session cookie is gone after the refused form")


def a_link_titled_with_markup_made_with_the_form_shows_as_text_on_every_page_and_runs_nothing(browser, server):
    slug = "journey-markup-form"
    dialogs = []
    page = signed_in_page(browser, server, dialogs=dialogs)
    link_id = create_link_with_form(page, server, "https://shop.example.org/markup", slug, HOSTILE_TITLE)
    page.wait_for_load_state("load")  # waits for every image, a failing one too, after its onerror ran
    check(heading(page) == HOSTILE_TITLE, f"its page is headed '{heading(page)}', not the literal {HOSTILE_TITLE}")
    check(HOSTILE_TITLE in page.title(), f"its page's title is '{page.title()}', without the literal {HOSTILE_TITLE}")
    check(not images_made_from(page, "x"), "its page has an img element made from the title")

    search_links(page, server, "onerror")
    page.wait_for_load_state("load")
    rows = [row for row in listed_links(page) if row["href"] == f"/links/{link_id}"]
    check(rows, f"searching 'onerror' does not list the link: {[row['text'] for row in listed_links(page)]}")
    check(HOSTILE_TITLE in rows[0]["cells"], f"the list shows its title as {rows[0]['cells']}, not the literal text")
    check(not images_made_from(page, "x"), "the list has an img element made from the title")

    server.click(slug, times=12)
    page.goto(server.admin + "/")
    page.wait_for_load_state("load")
    rows = [row for row in top_links(page) if row[0].endswith(f"/{slug}")]
    check(rows, f"the overview's top links do not list /{slug}: {top_links(page)}")
    check(rows[0][1] == HOSTILE_TITLE, f"the top links show its title as '{rows[0][1]}', not the literal text")
    check(not images_made_from(page, "x"), "the overview has an img element made from the title")

    page.goto(server.admin + "/audit")
    page.wait_for_load_state("load")
    entry = page.locator("main").get_by_text(HOSTILE_TITLE, exact=False)
    check(entry.count() >= 1, f"the audit log does not show the title as text: {page.locator('main').inner_text()[:400]}")
    check(not images_made_from(page, "x"), "the audit log has an img element made from the title")
    check(not dialogs, f"a dialog opened: {dialogs}")


def deleting_a_link_takes_it_out_of_the_list_and_its_short_url_stops_redirecting(browser, server):
    slug = "journey-delete-me"
    page = signed_in_page(browser, server)
    asked = accept_confirmations(page)
    link_id = create_link_with_form(page, server, "https://shop.example.org/delete-me", slug, "Deletable Gizmo")
    check(300 <= redirects(server, slug).status < 400, f"/{slug} does not redirect before it is deleted")
    answer = posting(page, lambda: page.click("#delete-link"))
    check(asked, "Delete asked for no confirmation")
    check(answer.status == 303, f"Delete answered {answer.status}, not 303")
    check(path_of(page, server).split("?")[0] == "/links", f"Delete led to {page.url}, not /links")
    search_links(page, server, "gizmo")
    hrefs = [row["href"] for row in listed_links(page)]
    check(f"/links/{link_id}" not in hrefs, f"the deleted link is still listed: {hrefs}")
    answer = redirects(server, slug)
    check(not 300 <= answer.status < 400, f"the deleted link still redirects to {answer.getheader('Location')}")
    check(answer.status in (404, 410), f"the deleted link answered {answer.status}, not 404 or 410")
    answer = page.goto(f"{server.admin}/links/{link_id}")
    check(answer.status == 404, f"the deleted link's page answered {answer.status}, not 404")


IMPORT_CSV = """slug,target,title
journey-import-one,https://shop.example.org/import-one,Imported Widget one
journey-import-two,ftp://shop.example.org/import-two,Imported Widget two
journey-import-three,https://daily.example.com/puzzle/2026-11-22,Imported Widget three
"""


def a_csv_import_of_three_rows_one_bad_creates_two_and_reports_the_bad_one_with_its_line(browser, server):
    page = signed_in_page(browser, server)
    page.goto(server.admin + "/links/import")
    check(page.locator("textarea#csv").count() == 1, f"/links/import ('{heading(page)}') has no textarea#csv")
    page.fill("#csv", IMPORT_CSV)
    form = page.locator("form", has=page.locator("#csv"))
    answer = posting(page, lambda: form.locator("button[type=submit]").first.click())
    check(answer.status in (200, 303, 422), f"the import answered {answer.status}")
    report = page.locator("table#import-report tbody tr")
    check(report.count() == 3, f"the import report has {report.count()} rows, not 3: {page.locator('main').inner_text()[:500]}")
    by_line = {}
    for row in report.all():
        cells = [cell.inner_text().strip() for cell in row.locator("td").all()]
        line = re.sub(r"\D", "", cells[0]) if cells else ""
        by_line[line] = {"result": cells[1] if len(cells) > 1 else "", "text": row.inner_text()}
    check(sorted(by_line) == ["2", "3", "4"], f"the report's rows are lines {sorted(by_line)}, not 2, 3 and 4")
    for line, slug in [("2", "journey-import-one"), ("4", "journey-import-three")]:
        check(by_line[line]["result"] == "created" and f"/{slug}" in by_line[line]["text"],
              f"the report's line {line} does not show /{slug} created: {by_line[line]['text']!r}")
        check(300 <= redirects(server, slug).status < 400, f"/{slug} (line {line}) does not redirect after the import")
    bad = by_line["3"]
    check(bad["result"] == "refused", f"the report's line 3 is '{bad['result']}', not refused")
    check("target" in bad["text"] and "ftp" in bad["text"], f"line 3 does not say what is wrong with its target: {bad['text']!r}")
    check(redirects(server, "journey-import-two").status == 404, "the bad row's link /journey-import-two was created")
    summary = page.locator("#import-summary").inner_text() if page.locator("#import-summary").count() else ""
    check(re.search(r"\b2 links?\b", summary) and re.search(r"\b1 row\b.*refused", summary),
          f"the report's summary does not say 2 created and 1 refused: '{summary}'")


def turning_the_invitation_requirement_on_shows_it_on_and_the_settings_api_says_so_then_off_again(browser, server):
    page = signed_in_page(browser, server)
    page.goto(server.admin + "/invitations")
    for wanted in [True, False]:
        field = page.locator("form[action='/invitations/requirement'] input[name=required]")
        check(field.count() == 1, f"/invitations ('{heading(page)}') has no requirement form with a 'required' field")
        check(field.get_attribute("value") == ("on" if wanted else "off"),
              f"the switch would turn it {field.get_attribute('value')}, not {'on' if wanted else 'off'}")
        answer = posting(page, lambda: page.click("#toggle-requirement"))
        check(answer.status == 303, f"turning the requirement {'on' if wanted else 'off'} answered {answer.status}, not 303")
        check(path_of(page, server).startswith("/invitations"), f"the switch led to {page.url}")
        shown = page.locator("form[action='/invitations/requirement'] input[name=required]").get_attribute("value")
        check(shown == ("off" if wanted else "on"),
              f"after turning it {'on' if wanted else 'off'} the switch offers to turn it {shown}")
        said = "on" if wanted else "off"
        check(f"invitation: {said}" in page.locator("main").inner_text().lower(),
              f"the page does not say the requirement is {said}: {page.locator('main').inner_text()[:300]}")
        settings = json.loads(request(server, "GET", "localhost", "/v1/settings").body)
        check(settings["invitationsRequired"] is wanted,
              f"after turning it {said}, GET /v1/settings says invitationsRequired {settings['invitationsRequired']}")


def creating_a_batch_of_three_invitations_shows_the_three_codes(browser, server):
    page = signed_in_page(browser, server)
    page.goto(server.admin + "/invitations/new")
    count = page.locator("input[name=count]")
    check(count.count() == 1, f"/invitations/new ('{heading(page)}') has no count field")
    count.fill("3")
    form = page.locator("form", has=count)
    answer = posting(page, lambda: form.locator("button[type=submit]").first.click())
    check(answer.status in (200, 303), f"creating the batch answered {answer.status}: {field_errors(page)}")
    codes = page.locator("table#new-codes tbody tr")
    check(codes.count() == 3, f"the new batch shows {codes.count()} codes in table#new-codes, not 3")


def an_admin_creates_an_api_key_sees_its_secret_once_and_it_works_until_revoked(browser, server):
    name = "journey key"
    page = signed_in_page(browser, server)
    asked = accept_confirmations(page)
    page.goto(server.admin + "/api-keys/new")
    check(page.locator("input[name=name]").count() == 1, f"/api-keys/new ('{heading(page)}') has no name field")
    page.fill("input[name=name]", name)
    page.check("input[name=scope][value=read]")
    form = page.locator("form", has=page.locator("input[name=name]"))
    answer = posting(page, lambda: form.locator("button[type=submit]").first.click())
    check(answer.status == 200, f"creating the key answered {answer.status}, not 200 (a page, not a redirect): {field_errors(page)}")
    secret = page.locator("#new-secret")
    check(secret.count() == 1, "the new key's page has no #new-secret")
    key = secret.inner_text().strip()
    check(key.startswith("lf_"), f"the secret shown is '{key}', not a key (lf_...)")
    answer = request(server, "GET", "localhost", "/v1/links", {"Authorization": f"Bearer {key}"})
    check(answer.status == 200, f"GET /v1/links with the new key answered {answer.status}, not 200")
    page.goto(server.admin + "/api-keys")
    check(key not in page.content(), "the list of keys shows the secret again")
    row = page.locator("table#api-keys tbody tr", has_text=name)
    check(row.count() == 1, f"the list of keys has {row.count()} rows named '{name}', not 1")
    answer = posting(page, lambda: row.locator("form[action$='/revoke'] button").click())
    check(asked, "revoking asked for no confirmation")
    check(answer.status == 303, f"revoking the key answered {answer.status}, not 303")
    row = page.locator("table#api-keys tbody tr", has_text=name)
    check("revoked" in row.inner_text().lower(), f"after revoking, the key's row says '{row.inner_text()}'")
    answer = request(server, "GET", "localhost", "/v1/links", {"Authorization": f"Bearer {key}"})
    check(answer.status == 401, f"GET /v1/links with the revoked key answered {answer.status}, not 401")


LINK_JOURNEYS = [
    an_editor_creates_a_link_with_the_form_and_lands_on_its_page_showing_its_short_url,
    the_new_link_is_found_by_a_word_of_its_title_on_the_list_and_opens_its_page_from_there,
    the_links_qr_png_downloaded_from_its_page_decodes_to_its_short_url_and_the_svg_is_an_svg,
    editing_the_links_title_on_its_edit_form_shows_the_new_title_on_its_page,
    disabling_the_link_on_its_page_stops_its_short_url_redirecting_and_enabling_it_starts_it_again,
    a_viewer_sees_no_controls_to_change_a_link_and_their_forged_disable_is_refused_with_403,
    the_link_form_sent_without_its_csrf_token_is_refused_with_403_and_creates_nothing,
    a_link_titled_with_markup_made_with_the_form_shows_as_text_on_every_page_and_runs_nothing,
    deleting_a_link_takes_it_out_of_the_list_and_its_short_url_stops_redirecting,
    a_csv_import_of_three_rows_one_bad_creates_two_and_reports_the_bad_one_with_its_line,
    turning_the_invitation_requirement_on_shows_it_on_and_the_settings_api_says_so_then_off_again,
    creating_a_batch_of_three_invitations_shows_the_three_codes,
    an_admin_creates_an_api_key_sees_its_secret_once_and_it_works_until_revoked,
]
