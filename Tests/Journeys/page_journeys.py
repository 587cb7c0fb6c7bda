"""The public pages as a person sees them: a short link's landing page on a phone, a puzzle's
page on a phone and a computer, and the bridge page of an invitation for email on a phone, with
the app's icon, its image and the store badges loaded, nothing scrolling sideways; screenshots
written to docs/screenshots (page-link-390.png, page-puzzle-390.png, page-puzzle-1280.png,
page-bridge-390.png), and the landing page in Instagram's browser, which opens no universal
link (page-link-instagram-390.png)."""

import os

from demo_server import check

IPHONE = ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko)"
          " Version/18.1 Mobile/15E148 Safari/604.1")
INSTAGRAM = IPHONE.replace(" Version/18.1 Mobile/15E148 Safari/604.1", " Mobile/15E148 Instagram 361.0.0.35.82 (iPhone16,2; iOS 18_1; en_US; en; scale=3.00)")
PAGES = [
    # (screenshot, host, path, window, user agent)
    ("page-link-390", "go.localhost", "/friday", {"width": 390, "height": 844}, IPHONE),
    ("page-puzzle-390", "localhost", "/puzzle/2026-11-20", {"width": 390, "height": 844}, IPHONE),
    ("page-puzzle-1280", "localhost", "/puzzle/2026-11-20", {"width": 1280, "height": 800}, None),
    ("page-bridge-390", "localhost", "/bridge/invites/7KQ2M-X4P9T-HCW3R", {"width": 390, "height": 844}, IPHONE),
    ("page-link-instagram-390", "go.localhost", "/friday", {"width": 390, "height": 844}, INSTAGRAM),
]


def the_landing_puzzle_and_bridge_pages_show_the_apps_icon_its_image_and_the_store_badges_at_phone_and_desktop_sizes(browser, server):
    directory = os.environ.get("SCREENSHOTS_DIR", "docs/screenshots")
    os.makedirs(directory, exist_ok=True)
    for name, host, path, window, agent in PAGES:
        options = dict(viewport=window, device_scale_factor=1)
        if agent:
            options.update(user_agent=agent, is_mobile=True, has_touch=True)
        context = browser.new_context(**options)
        page = context.new_page()
        # The bridge page sends the browser to the app's scheme as it opens; Chromium without the
        # app keeps that navigation pending, so its "load" is not waited for, its images are.
        bridge = path.startswith("/bridge/")
        answer = page.goto(f"http://{host}:{server.port}{path}", wait_until="commit" if bridge else "load")
        check(answer.status == 200, f"{host}{path} answered {answer.status}")
        page.wait_for_selector("#google-play", timeout=15_000)
        page.wait_for_function("Array.from(document.images).every(i => i.complete)", timeout=15_000)
        for selector, what in [("header.site img.icon", "the app's icon"), ("img.hero", "the page's image")]:
            width = page.evaluate(f"(() => {{ const i = document.querySelector({selector!r}); return i ? i.naturalWidth : -1; }})()")
            check(width > 0, f"{host}{path} at {window['width']} px: {what} ({selector}) did not load (naturalWidth {width})")
        for badge, label in [("#app-store", "Download on the App Store"), ("#google-play", "Get it on Google Play")]:
            check(page.locator(f"{badge} svg").count() == 1, f"{host}{path}: no {badge} badge")
            check(page.get_attribute(badge, "aria-label") == label, f"{host}{path}: {badge} is not named '{label}'")
            box = page.locator(badge).bounding_box()
            check(box is not None and box["height"] >= 44, f"{host}{path}: {badge} is {box} high, smaller than a finger")
        if agent == INSTAGRAM:
            notice = page.locator("#in-app-browser")
            check(notice.count() == 1 and "Instagram" in notice.inner_text(), f"{host}{path} in Instagram's browser says nothing of it")
            opens = page.get_attribute("#open-in-app", "href")
            check(opens.startswith("dailypuzzle://"), f"in Instagram's browser, Open in the app is {opens!r}, not the app's scheme")
        if bridge:
            opens = page.get_attribute("#open-in-app", "href")
            check(opens == "dailypuzzle://invites/7KQ2M-X4P9T-HCW3R", f"the bridge's Open in the app is {opens!r}")
            check(page.url.endswith(path), f"the bridge page gave way to {page.url} in a browser without the app")
        wider = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
        check(wider <= 0, f"{host}{path} is {wider} px wider than the {window['width']} px window")
        page.screenshot(path=os.path.join(directory, f"{name}.png"))
        context.close()


PAGE_JOURNEYS = [
    the_landing_puzzle_and_bridge_pages_show_the_apps_icon_its_image_and_the_store_badges_at_phone_and_desktop_sizes,
]
