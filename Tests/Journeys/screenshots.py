"""The dashboard's screenshots, as a person sees it on a computer and on a phone.

Written to the directory given (docs/screenshots in the repository), each the size of its
window (1280x800 or 390x844): dashboard-PAGE-1280.png and dashboard-PAGE-390.png for the pages
sign-in, overview, links (the list), link-form (a new link), link (the page of the demo's
/friday, with a month of clicks), invitations, site, api-keys and audit; and dashboard-overview-390-full.png and
dashboard-link-390-full.png, the whole page on the phone, to see what is below the fold.
The overview has the journeys' clicks today and a month of made-up history (demo_history.py).
Every page is taken before the step fails for one that scrolls sideways (it names them all).
"""

import json
import os

from dashboard_pages import heading, signed_in_page
from demo_history import add_a_month_of_traffic
from demo_server import check

SIZES = {
    "1280": dict(viewport={"width": 1280, "height": 800}),
    "390": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
}
FULL_ON_THE_PHONE = {"overview", "link"}


def take_screenshots(browser, server, directory):
    os.makedirs(directory, exist_ok=True)
    add_a_month_of_traffic(server)
    pages = [("overview", "/"), ("links", "/links"), ("link-form", "/links/new"),
             ("link", f"/links/{link_with_history(server)}"), ("invitations", "/invitations"),
             ("site", "/site"), ("api-keys", "/api-keys"), ("audit", "/audit")]
    sideways = []
    for label, options in SIZES.items():
        context = browser.new_context(device_scale_factor=1, **options)
        page = context.new_page()
        page.goto(server.admin + "/sign-in")
        check(heading(page) == "Sign in", f"the sign-in page shows '{heading(page)}'")
        page.screenshot(path=os.path.join(directory, f"dashboard-sign-in-{label}.png"))
        context.close()
        page = signed_in_page(browser, server, device_scale_factor=1, **options)
        context = page.context
        check(heading(page) == "Overview", f"the overview at {label} px shows '{heading(page)}'")
        for name, path in pages:
            answer = page.goto(server.admin + path)
            check(answer.status == 200, f"{path} at {label} px answered {answer.status}: '{heading(page)}'")
            page.wait_for_load_state("load")
            page.screenshot(path=os.path.join(directory, f"dashboard-{name}-{label}.png"))
            if label == "390" and name in FULL_ON_THE_PHONE:
                page.screenshot(path=os.path.join(directory, f"dashboard-{name}-{label}-full.png"), full_page=True)
            wider = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if wider > 0:
                sideways.append(f"{path} is {wider} px wider than the {label} px window")
        context.close()
    check(not sideways, "pages scroll sideways: " + "; ".join(sideways))


def link_with_history(server):
    """The id of the demo's /friday, which has a month of clicks (demo_history.py)."""
    return json.loads(server.landfall("links", "show", "friday", "--format", "json"))["link"]["id"]
