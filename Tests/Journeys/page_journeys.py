"""The public pages as a person sees them: a short link's landing page on a phone and a puzzle's
page on a computer, with the app's icon, its image and the store badges loaded, nothing
scrolling sideways; screenshots written to docs/screenshots (page-link-390.png,
page-puzzle-1280.png, page-puzzle-390.png)."""

import os

from demo_server import check

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
          " Version/18.1 Mobile/15E148 Safari/604.1")
PAGES = [
    # (screenshot, host, path, window, user agent)
    ("page-link-390", "go.localhost", "/friday", {"width": 390, "height": 844}, IPHONE),
    ("page-puzzle-390", "localhost", "/puzzle/2026-11-20", {"width": 390, "height": 844}, IPHONE),
    ("page-puzzle-1280", "localhost", "/puzzle/2026-11-20", {"width": 1280, "height": 800}, None),
]


def the_landing_and_puzzle_pages_show_the_apps_icon_its_image_and_the_store_badges_at_phone_and_desktop_sizes(browser, server):
    directory = os.environ.get("SCREENSHOTS_DIR", "docs/screenshots")
    os.makedirs(directory, exist_ok=True)
    for name, host, path, window, agent in PAGES:
        options = dict(viewport=window, device_scale_factor=1)
        if agent:
            options.update(user_agent=agent, is_mobile=True, has_touch=True)
        context = browser.new_context(**options)
        page = context.new_page()
        answer = page.goto(f"http://{host}:{server.port}{path}")
        check(answer.status == 200, f"{host}{path} answered {answer.status}")
        page.wait_for_load_state("load")
        for selector, what in [("header.site img.icon", "the app's icon"), ("img.hero", "the page's image")]:
            width = page.evaluate(f"(() => {{ const i = document.querySelector({selector!r}); return i ? i.naturalWidth : -1; }})()")
            check(width > 0, f"{host}{path} at {window['width']} px: {what} ({selector}) did not load (naturalWidth {width})")
        for badge, label in [("#app-store", "Download on the App Store"), ("#google-play", "Get it on Google Play")]:
            check(page.locator(f"{badge} svg").count() == 1, f"{host}{path}: no {badge} badge")
            check(page.get_attribute(badge, "aria-label") == label, f"{host}{path}: {badge} is not named '{label}'")
            box = page.locator(badge).bounding_box()
            check(box is not None and box["height"] >= 44, f"{host}{path}: {badge} is {box} high, smaller than a finger")
        wider = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(wider <= 0, f"{host}{path} is {wider} px wider than the {window['width']} px window")
        page.screenshot(path=os.path.join(directory, f"{name}.png"))
        context.close()


PAGE_JOURNEYS = [
    the_landing_and_puzzle_pages_show_the_apps_icon_its_image_and_the_store_badges_at_phone_and_desktop_sizes,
]
