"""The dashboard's screenshots, as a person sees it on a computer and on a phone.

Written to the directory given (docs/screenshots in the repository):
dashboard-sign-in-1280.png, dashboard-sign-in-390.png, dashboard-overview-1280.png and
dashboard-overview-390.png, each the size of its window (1280x800 or 390x844), and
dashboard-overview-390-full.png, the whole overview on the phone, to see what is below the fold.
The overview has the journeys' clicks today and a month of made-up history (demo_history.py).
"""

import os

from dashboard_pages import heading, signed_in_page
from demo_history import add_a_month_of_traffic
from demo_server import check

SIZES = {
    "1280": dict(viewport={"width": 1280, "height": 800}),
    "390": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
}


def take_screenshots(browser, server, directory):
    os.makedirs(directory, exist_ok=True)
    add_a_month_of_traffic(server)
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
        page.screenshot(path=os.path.join(directory, f"dashboard-overview-{label}.png"))
        if label == "390":
            page.screenshot(path=os.path.join(directory, f"dashboard-overview-{label}-full.png"), full_page=True)
        overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(overflow <= 0, f"the overview is {overflow} px wider than the {label} px window (it scrolls sideways)")
        context.close()
