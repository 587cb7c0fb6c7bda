"""A person's journey through the dashboard's webhooks, in Debian's chromium: an admin adds an
endpoint for a small receiver on 127.0.0.1 (the demo sets webhooks.allowPrivateNetworks), sees
its secret once, sends a test event and sees it delivered. journeys.py runs it after the link
journeys; `scripts/dashboard-journeys webhook` runs it alone.

The receiver is Python's http.server in a thread of this process: it answers 200 and keeps
every request, whose signature the journey checks with the `standardwebhooks` library from
PyPI (Tests/Journeys/requirements.txt), with no code of Landfall's.

The element ids are the pages' contract (WebhookPages.swift): `form#webhook-form` (`#url`,
`#event-all`, `#event-link-created`..., `#description`, `#add-webhook`), `#new-secret`,
`#send-test`, `#delivery-status`, `#attempts`, `pre#payload`.
"""

import json
import os
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from standardwebhooks.webhooks import Webhook, WebhookVerificationError

from dashboard_pages import heading, signed_in_page
from demo_server import check
from link_pages import field_errors, path_of, posting

SIZES = {
    "1280": dict(viewport={"width": 1280, "height": 800}),
    "390": dict(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True),
}


class Receiver:
    """A webhook receiver on 127.0.0.1 (a free port) that answers 200 and keeps each request's
    headers and body."""

    def __init__(self):
        received = self.received = []

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                received.append(({name.lower(): value for name, value in self.headers.items()}, body))
                answer = b'{"received": true}'
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *arguments):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/landfall-hook"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.server.shutdown()
        self.server.server_close()


def signature_is_valid(secret, headers, body):
    """Whether the `standardwebhooks` library (PyPI, not Landfall's code) verifies the message
    with the secret."""
    try:
        Webhook(secret).verify(body, {name: headers[name] for name in ("webhook-id", "webhook-timestamp", "webhook-signature")})
        return True
    except (WebhookVerificationError, KeyError):
        return False


def an_admin_adds_a_webhook_endpoint_sees_its_secret_once_sends_a_test_event_and_sees_it_delivered(browser, server):
    with Receiver() as receiver:
        page = signed_in_page(browser, server)
        page.goto(server.admin + "/webhooks")
        check(heading(page) == "Webhooks", f"/webhooks shows '{heading(page)}'")
        check(page.locator("form#webhook-form").count() == 1, "the admin's /webhooks has no form#webhook-form")

        # A form with a bad URL and no event is refused next to both fields, what was typed kept.
        page.fill("#url", "ftp://127.0.0.1/hook")
        page.fill("#description", "Journey receiver")
        answer = posting(page, lambda: page.click("#add-webhook"))
        check(answer.status == 422, f"a bad URL and no event answered {answer.status}, not 422")
        errors = field_errors(page)
        check(page.locator("#url-error").count() == 1 and page.locator("#events-error").count() == 1,
              f"the refused form shows no #url-error and #events-error: {errors}")
        check(page.input_value("#url") == "ftp://127.0.0.1/hook", f"the refused form lost the URL: '{page.input_value('#url')}'")
        check(page.input_value("#description") == "Journey receiver", "the refused form lost the description")

        page.fill("#url", receiver.url)
        page.check("#event-link-created")
        answer = posting(page, lambda: page.click("#add-webhook"))
        check(answer.status == 200, f"adding the endpoint answered {answer.status}, not 200: {field_errors(page)}")
        secret = page.locator("#new-secret").inner_text().strip()
        check(secret.startswith("whsec_"), f"the new endpoint's page shows '{secret}', not a whsec_ secret")
        copy = page.locator(f"button.copy[data-copy='{secret}']")
        check(copy.count() == 1, "the secret has no Copy button")
        page.click("text=To the endpoint")
        page.wait_for_load_state()
        endpoint_path = path_of(page, server)
        check(endpoint_path.startswith("/webhooks/wh_"), f"'To the endpoint' led to {page.url}")
        check(secret not in page.content(), "the endpoint's page shows the secret again")
        page.goto(server.admin + "/webhooks")
        check(secret not in page.content(), "the list of endpoints shows the secret again")
        check(page.locator("table#webhooks tbody tr", has_text=receiver.url).count() == 1,
              f"the list does not show {receiver.url}")

        page.goto(server.admin + endpoint_path)
        answer = posting(page, lambda: page.click("#send-test"))
        check(answer.status == 303, f"Send a test event answered {answer.status}, not 303")
        delivery_path = path_of(page, server).split("?")[0]
        check(delivery_path.startswith("/webhooks/deliveries/dlv_"), f"the test event led to {page.url}, not its delivery")
        status = ""
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            status = page.locator("#delivery-status").inner_text().strip()
            if status != "pending":
                break
            time.sleep(0.5)
            page.goto(server.admin + delivery_path)
        check(status == "delivered", f"the test event's delivery is '{status}' after 20 s, not delivered")
        attempts = page.locator("#attempts").inner_text()
        check("HTTP 200" in attempts and '"received": true' in attempts, f"the attempts say '{attempts}'")
        payload = json.loads(page.locator("pre#payload").inner_text())
        check(payload["type"] == "webhook.test", f"the payload shown is of type {payload['type']}")

        check(len(receiver.received) == 1, f"the receiver got {len(receiver.received)} requests, not 1")
        headers, body = receiver.received[0]
        check(json.loads(body) == payload, "the payload shown is not what the receiver got")
        check(headers.get("webhook-id") == payload["id"], f"webhook-id is {headers.get('webhook-id')}, not the event's id")
        check(signature_is_valid(secret, headers, body), f"the signature {headers.get('webhook-signature')} is not the secret's")
        take_webhook_screenshots(browser, server, endpoint_path, delivery_path)


def take_webhook_screenshots(browser, server, endpoint_path, delivery_path):
    """webhook-list, webhook-endpoint and webhook-delivery at 1280x800 and 390x844 (the whole
    page too, on the phone) in SCREENSHOTS_DIR; fails when one scrolls sideways."""
    directory = os.environ.get("SCREENSHOTS_DIR", "docs/screenshots")
    os.makedirs(directory, exist_ok=True)
    pages = [("list", "/webhooks"), ("endpoint", endpoint_path), ("delivery", delivery_path)]
    sideways = []
    for label, options in SIZES.items():
        page = signed_in_page(browser, server, device_scale_factor=1, **options)
        for name, path in pages:
            answer = page.goto(server.admin + path)
            check(answer.status == 200, f"{path} at {label} px answered {answer.status}")
            page.wait_for_load_state("load")
            page.screenshot(path=os.path.join(directory, f"webhook-{name}-{label}.png"))
            if label == "390":
                page.screenshot(path=os.path.join(directory, f"webhook-{name}-{label}-full.png"), full_page=True)
            wider = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
            if wider > 0:
                sideways.append(f"{path} is {wider} px wider than the {label} px window")
        page.context.close()
    check(not sideways, "pages scroll sideways: " + "; ".join(sideways))


WEBHOOK_JOURNEYS = [
    an_admin_adds_a_webhook_endpoint_sees_its_secret_once_sends_a_test_event_and_sees_it_delivered,
]
