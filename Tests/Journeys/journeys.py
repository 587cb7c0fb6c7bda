"""A person's journeys through the dashboard, in Debian's chromium driven by Playwright.

Run by scripts/dashboard-journeys, which starts the demo server first. Each journey is a
function whose name is the sentence it checks; each prints PASS or FAIL with its reason. The
last line counts them (`journeys: 9 passed, 0 failed`); the exit status is 1 when one failed.
Arguments keep only the journeys whose names contain all of them (`journeys.py signing out`).
"""

import os
import shutil
import signal
import sys
import time
import traceback

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

from dashboard_pages import heading, period_count, session_cookie, sign_in, signed_in_page, top_links
from demo_server import DemoServer, JourneyFailed, check
from link_journeys import LINK_JOURNEYS
from link_pages import FORGED_FORM
from page_journeys import PAGE_JOURNEYS
from screenshots import take_screenshots
from webhook_journeys import WEBHOOK_JOURNEYS

HOSTILE_TITLE = "<img src=x onerror=alert(1)>"


def a_wrong_password_shows_the_form_again_with_the_error_and_sets_no_session_cookie(browser, server):
    context = browser.new_context()
    page = context.new_page()
    answer = sign_in(page, server, server.admin_email, server.admin_password + "-wrong")
    check(answer.status == 401, f"a wrong password answered {answer.status}, not 401")
    check(page.url == server.admin + "/sign-in", f"a wrong password led to {page.url}, not the sign-in form")
    check(heading(page) == "Sign in", f"a wrong password shows the page '{heading(page)}', not the sign-in form")
    problem = page.locator("[role=alert]")
    check(problem.count() == 1, "a wrong password shows no error (no role=alert)")
    check("do not match" in problem.inner_text(), f"the error says '{problem.inner_text()}'")
    check(page.input_value("#email") == server.admin_email, "the form lost the email that was typed")
    check(page.input_value("#password") == "", "the form gives the wrong password back")
    check(session_cookie(context) is None, f"a session cookie was set: {session_cookie(context)}")


def the_demo_admin_signs_in_and_lands_on_the_overview_with_an_http_only_same_site_lax_cookie(browser, server):
    page = signed_in_page(browser, server, fresh=True)
    check(heading(page) == "Overview", f"after signing in the page is '{heading(page)}', not the overview")
    cookie = session_cookie(page.context)
    check(cookie is not None, "no landfall_session cookie after signing in")
    check(cookie["httpOnly"], f"the session cookie is not HttpOnly: {cookie}")
    check(cookie["sameSite"] == "Lax", f"the session cookie is SameSite={cookie['sameSite']}, not Lax: {cookie}")
    check(cookie["path"] == "/", f"the session cookie's path is {cookie['path']}, not /")
    check(cookie["domain"] == "admin.localhost", f"the session cookie is for {cookie['domain']}, not admin.localhost")


def clicks_on_a_short_link_show_in_todays_clicks_and_the_link_in_the_top_links(browser, server):
    clicks = 7
    page = signed_in_page(browser, server)
    before = period_count(page, "Today", "Clicks")
    server.click("winter", times=clicks)
    page.reload()
    today = period_count(page, "Today", "Clicks")
    check(today >= before + clicks, f"after {clicks} clicks Today shows {today} clicks (it showed {before})")
    check(period_count(page, "Last 7 days", "Clicks") >= today, "the last 7 days show fewer clicks than today")
    winter = [row for row in top_links(page) if row[0].endswith("/winter")]
    check(winter, f"the top links do not list /winter: {top_links(page)}")
    check(winter[0][2] >= clicks, f"the top links give /winter {winter[0][2]} clicks, not at least {clicks}")
    chart = page.locator("img.chart")
    check(chart.count() == 1, "the overview has no chart")
    check(f"{today} clicks" in chart.get_attribute("alt"), f"the chart's text is '{chart.get_attribute('alt')}'")


def a_link_titled_with_markup_shows_as_text_in_the_top_links_and_runs_nothing(browser, server):
    server.landfall("links", "create", "--target", "https://daily.example.com/puzzle/2026-11-21",
                    "--slug", "hostile-title", "--title", HOSTILE_TITLE)
    server.click("hostile-title", times=3)
    dialogs = []
    page = signed_in_page(browser, server, dialogs=dialogs)
    page.wait_for_load_state("load")
    rows = [row for row in top_links(page) if row[0].endswith("/hostile-title")]
    check(rows, f"the top links do not list /hostile-title: {top_links(page)}")
    check(rows[0][1] == HOSTILE_TITLE, f"the title shows as '{rows[0][1]}', not the literal text {HOSTILE_TITLE}")
    sources = page.evaluate("[...document.images].map(image => image.getAttribute('src'))")
    check(all(source != "x" for source in sources), f"an img element was made from the title: {sources}")
    check(page.locator("main table img").count() == 0, "the top links table has an img element")
    # The load event waits for every image, a failing one too, after its onerror handler ran.
    check(not dialogs, f"a dialog opened: {dialogs}")


def a_post_without_its_csrf_field_is_refused_and_the_person_stays_signed_in(browser, server):
    # Forged in the signed-in page itself (same origin, the session cookie sent): Playwright's own
    # request context cannot reach admin.localhost, which only Chromium's resolver knows.
    page = signed_in_page(browser, server)
    for path, button in [("/sign-out", "header form.who button"), ("/sign-in", "#forged button")]:
        page.goto(server.admin + "/")
        if path == "/sign-out":
            page.evaluate("document.querySelector('header form.who input[name=csrf]').remove()")
        else:
            page.evaluate(FORGED_FORM, ["/sign-in", [["email", server.admin_email], ["password", server.admin_password]]])
        with page.expect_response(lambda response: response.request.method == "POST") as posted:
            page.click(button)
        page.wait_for_load_state()
        check(posted.value.status == 403, f"POST {path} without csrf answered {posted.value.status}, not 403")
        check(heading(page) == "Form expired", f"POST {path} without csrf shows '{heading(page)}', not 'Form expired'")
    answer = page.goto(server.admin + "/")
    check(answer.request.redirected_from is None, f"/ redirected after the refused posts: {page.url}")
    check(heading(page) == "Overview", f"after the refused posts / shows '{heading(page)}', not the overview")
    check(session_cookie(page.context) is not None, "the session cookie is gone after the refused posts")


def a_viewer_made_with_landfall_users_create_signs_in_and_sees_their_role_in_the_header(browser, server):
    email, password = "viewer.journey@daily.example.com", "journey-viewer-Pa55phrase"
    server.landfall("users", "create", "--email", email, "--role", "viewer", "--name", "Vera Viewer",
                    "--password-stdin", stdin=password + "\n")
    context = browser.new_context()
    page = context.new_page()
    answer = sign_in(page, server, email, password)
    check(answer.status == 303, f"the viewer's sign-in answered {answer.status}, not 303")
    check(page.url == server.admin + "/", f"the viewer landed on {page.url}, not the overview")
    check(heading(page) == "Overview", f"the viewer sees '{heading(page)}', not the overview")
    who = page.locator("header .who span").inner_text().strip()
    check(who == "Vera Viewer · viewer", f"the header says '{who}', not 'Vera Viewer · viewer'")
    check(page.locator("header .who span").get_attribute("title") == email, "the header's name has no email title")


def signing_out_leaves_the_person_on_the_sign_in_page_and_the_overview_then_redirects_to_it(browser, server):
    page = signed_in_page(browser, server, fresh=True)  # its own session: signing out ends it
    page.click("header form.who button[type=submit]")
    page.wait_for_load_state()
    check(page.url == server.admin + "/sign-in", f"signing out led to {page.url}, not /sign-in")
    check(heading(page) == "Sign in", f"signing out shows '{heading(page)}', not the sign-in form")
    check(session_cookie(page.context) is None, "the session cookie is still there after signing out")
    answer = page.goto(server.admin + "/")
    first = answer.request.redirected_from
    check(first is not None and first.url == server.admin + "/", "/ was not redirected after signing out")
    check(first.response().status == 303, f"/ answered {first.response().status} after signing out, not 303")
    check(page.url == server.admin + "/sign-in", f"/ led to {page.url} after signing out, not /sign-in")


def a_missing_page_on_the_admin_host_is_a_404_page_and_a_short_link_path_there_is_no_redirect(browser, server):
    # The answers themselves over plain HTTP (Chromium would only show its error page for some),
    # then the page as the browser shows it.
    for path in ["/friday", "/winter"]:
        answer = server.get("admin.localhost", path)
        check(not 300 <= answer.status < 400,
              f"{path} on the admin host is a redirect ({answer.status} to {answer.getheader('Location')})")
        check(answer.status == 404, f"{path} on the admin host answered {answer.status}, not 404")
    answer = server.get("admin.localhost", "/no/such/page")
    check(answer.status == 404, f"/no/such/page answered {answer.status}, not 404")
    check((answer.getheader("Content-Type") or "").startswith("text/html"),
          f"the 404 of /no/such/page is not a page: Content-Type {answer.getheader('Content-Type')!r},"
          f" Content-Length {answer.getheader('Content-Length')!r}, body {answer.body[:200]!r}")
    page = browser.new_context().new_page()
    try:
        page.goto(server.admin + "/no/such/page")
    except PlaywrightError as error:
        raise JourneyFailed(f"chromium shows its own error page for /no/such/page: {error.message.splitlines()[0]}")
    check(heading(page) == "Not found", f"the 404 page's heading is '{heading(page)}', not 'Not found'")


def screenshots_of_the_dashboards_pages_are_taken_at_desktop_and_phone_sizes_and_none_scrolls_sideways(browser, server):
    take_screenshots(browser, server, os.environ.get("SCREENSHOTS_DIR", "docs/screenshots"))


JOURNEYS = [
    a_wrong_password_shows_the_form_again_with_the_error_and_sets_no_session_cookie,
    the_demo_admin_signs_in_and_lands_on_the_overview_with_an_http_only_same_site_lax_cookie,
    clicks_on_a_short_link_show_in_todays_clicks_and_the_link_in_the_top_links,
    a_link_titled_with_markup_shows_as_text_in_the_top_links_and_runs_nothing,
    a_post_without_its_csrf_field_is_refused_and_the_person_stays_signed_in,
    a_viewer_made_with_landfall_users_create_signs_in_and_sees_their_role_in_the_header,
    signing_out_leaves_the_person_on_the_sign_in_page_and_the_overview_then_redirects_to_it,
    a_missing_page_on_the_admin_host_is_a_404_page_and_a_short_link_path_there_is_no_redirect,
    *LINK_JOURNEYS,
    *WEBHOOK_JOURNEYS,
    *PAGE_JOURNEYS,
    screenshots_of_the_dashboards_pages_are_taken_at_desktop_and_phone_sizes_and_none_scrolls_sideways,
]


class JourneyTimedOut(Exception):
    pass


def run(journey, browser, server, seconds):
    """Runs one journey within `seconds`; returns None when it passed, else the reason."""
    def out_of_time(_signal, _frame):
        raise JourneyTimedOut(f"did not finish within {seconds} s")

    signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(seconds)
    try:
        journey(browser, server)
        return None
    except (JourneyFailed, JourneyTimedOut) as failure:
        return str(failure)
    except PlaywrightError as error:
        return f"the browser: {error.message.splitlines()[0]}"
    except Exception:  # a bug in the journey itself: say where
        return traceback.format_exc().strip()
    finally:
        signal.alarm(0)
        for context in browser.contexts:
            try:
                context.close()
            except PlaywrightError:
                pass


def main(words):
    server = DemoServer.from_environment()
    seconds = int(os.environ.get("JOURNEY_SECONDS", "45"))
    chosen = [journey for journey in JOURNEYS if all(word in journey.__name__ for word in words)]
    if not chosen:
        print(f"error: no journey's name contains {' and '.join(words)}", file=sys.stderr)
        return 2
    chromium = shutil.which("chromium")
    if chromium is None:
        print("error: chromium is not on PATH (apt-get install chromium)", file=sys.stderr)
        return 1
    failed = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"], timeout=30_000)
        for journey in chosen:
            started = time.monotonic()
            reason = run(journey, browser, server, seconds)
            name = journey.__name__.replace("_", " ")
            took = f"({time.monotonic() - started:.1f} s)"
            if reason is None:
                print(f"PASS  {name} {took}", flush=True)
            else:
                failed += 1
                print(f"FAIL  {name} {took}\n      {reason}", flush=True)
        browser.close()
    print(f"journeys: {len(chosen) - failed} passed, {failed} failed", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
