#!/usr/bin/env python3
"""The webhook receiver the tests deliver to, verifying with the independent `standardwebhooks` library.

Two commands (Python 3's standard library and `standardwebhooks` only; scripts/webhook-receiver
runs this with the virtual environment that has it):

  receiver.py serve --port 0 --record FILE [--secret whsec_...]...
      An HTTP server on 127.0.0.1. Its first line on standard output is `listening on PORT`.
      Every POST to a path outside /_control/ is verified with
      `standardwebhooks.Webhook(secret).verify(body, headers)` for each secret (verified when
      one of them verifies) and appended to FILE as one JSON line (written whole, flushed and
      fsynced before the answer is sent; never interleaved between requests):
        {"path", "webhookID", "webhookTimestamp", "webhookSignature", "verified", "error",
         "contentType", "userAgent", "body" (the parsed JSON or null), "rawBody" (the text),
         "receivedAt" (Unix seconds), "mode", "answered" (the status answered)}
      A request is recorded when it arrives, before any wait: in hang mode the line is there
      while the receiver still holds the request.
      Control (JSON bodies, answered with the state as JSON, or 400 saying what was wrong):
        POST /_control/mode     {"mode": "ok"|"fail"|"hang"|"redirect", "status": 500,
                                 "count": N|null, "seconds": S}
            ok        204, or 400 when the signature does not verify (the default);
            fail      `status` (default 500) with a short body;
            hang      waits `seconds` (default 30), then 204;
            redirect  307 to http://127.0.0.1:PORT/elsewhere.
            `count`: only the next N deliveries, then back to ok; null (or absent): until changed.
        POST /_control/secrets  {"secrets": ["whsec_...", ...]} replaces the secrets.
        GET  /_control/health   200.

  receiver.py verify --secret S --id I --timestamp T --signature H --body-file F
      Exit 0 when the library verifies the body with those headers; otherwise prints its error
      on standard error and exits 1 (2 for a bad argument, such as a secret that is no secret).
      The library refuses a timestamp more than 5 minutes from now: pass a current one.
"""

import argparse
import json
import os
import signal
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import standardwebhooks

MODES = ("ok", "fail", "hang", "redirect")


class BadControl(Exception):
    """A control request that cannot be applied; its message says what is expected."""


def make_verifiers(secrets):
    """`standardwebhooks.Webhook` for each secret, or BadControl naming the one that is not a secret."""
    if not isinstance(secrets, list) or not all(isinstance(secret, str) for secret in secrets):
        raise BadControl('"secrets" must be a list of strings ("whsec_" and the base64 of the key)')
    verifiers = []
    for index, secret in enumerate(secrets):
        if not secret.startswith("whsec_"):
            raise BadControl(f"secrets[{index}] does not start with whsec_; expected whsec_ and the base64 of the key")
        try:
            verifiers.append(standardwebhooks.Webhook(secret))
        except Exception as error:  # the library raises binascii.Error, EmptyWebhookSecretError...
            raise BadControl(f"secrets[{index}] is not a webhook secret ({error}); expected whsec_ and base64")
    return verifiers


def verify(verifiers, body, headers):
    """(verified, error): whether one of the verifiers accepts the body, else the library's error(s)."""
    if not verifiers:
        return False, "the receiver has no secret to verify with"
    errors = []
    for verifier in verifiers:
        try:
            verifier.verify(body, headers, json_parse=False)
            return True, None
        except Exception as error:  # WebhookVerificationError, or a malformed header or body
            message = str(error) or type(error).__name__
            if message not in errors:
                errors.append(message)
    return False, "; ".join(errors)


class Mode:
    """The fault mode, read and counted down under one lock."""

    def __init__(self):
        self.lock = threading.Lock()
        self.state = {"mode": "ok", "status": 500, "count": None, "seconds": 30.0}

    def set(self, request):
        if not isinstance(request, dict):
            raise BadControl('the body must be a JSON object such as {"mode": "fail", "status": 500, "count": 2}')
        mode = request.get("mode")
        if mode not in MODES:
            raise BadControl(f'"mode" is {json.dumps(mode)}; expected one of {", ".join(MODES)}')
        status = request.get("status", 500)
        if status is None:
            status = 500
        if isinstance(status, bool) or not isinstance(status, int) or not 100 <= status <= 599:
            raise BadControl(f'"status" is {json.dumps(status)}; expected an HTTP status from 100 to 599')
        count = request.get("count")
        if count is not None and (isinstance(count, bool) or not isinstance(count, int) or count < 1):
            raise BadControl(f'"count" is {json.dumps(count)}; expected a number of deliveries (1 or more) or null for until changed')
        seconds = request.get("seconds", 30)
        if seconds is None:
            seconds = 30
        if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds <= 3600:
            raise BadControl(f'"seconds" is {json.dumps(seconds)}; expected a number of seconds from 0 to 3600')
        with self.lock:
            self.state = {"mode": mode, "status": status, "count": count, "seconds": float(seconds)}
            return dict(self.state)

    def current(self):
        with self.lock:
            return dict(self.state)

    def take(self):
        """The mode for one delivery, counting it down (back to ok after the last counted one)."""
        with self.lock:
            taken = dict(self.state)
            if self.state["mode"] != "ok" and self.state["count"] is not None:
                self.state["count"] -= 1
                if self.state["count"] <= 0:
                    self.state = {"mode": "ok", "status": 500, "count": None, "seconds": 30.0}
            return taken


class Receiver(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True  # a restart binds the same port while old connections linger

    def __init__(self, port, record, secrets):
        super().__init__(("127.0.0.1", port), Handler)
        self.record_file = open(record, "a", encoding="utf-8")
        self.record_lock = threading.Lock()
        self.secrets_lock = threading.Lock()
        self.verifiers = make_verifiers(secrets)
        self.mode = Mode()

    def record(self, entry):
        line = json.dumps(entry, ensure_ascii=False, separators=(",", ":")) + "\n"
        with self.record_lock:
            self.record_file.write(line)
            self.record_file.flush()
            os.fsync(self.record_file.fileno())

    def current_verifiers(self):
        with self.secrets_lock:
            return list(self.verifiers)

    def replace_secrets(self, secrets):
        verifiers = make_verifiers(secrets)
        with self.secrets_lock:
            self.verifiers = verifiers


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "LandfallTestReceiver/1"

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        sys.stderr.write("receiver: %s %s\n" % (self.address_string(), format % args))

    def do_GET(self):
        if self.path == "/_control/health":
            self.answer(200, {"status": "ok"})
        elif self.path == "/_control/mode":
            self.answer(200, self.server.mode.current())
        else:
            self.answer(405, {"error": "the receiver takes deliveries as POST"}, extra={"Allow": "POST"})

    def do_POST(self):
        try:
            body = self.read_body()
        except ValueError as error:
            self.answer(400, {"error": str(error)})
            return
        if self.path.startswith("/_control/"):
            self.control(body)
        else:
            self.deliver(body)

    def read_body(self):
        if "chunked" in self.headers.get("Transfer-Encoding", "").lower():
            chunks = []
            while True:
                size_line = self.rfile.readline().split(b";")[0].strip()
                size = int(size_line, 16)
                if size == 0:
                    while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                        pass
                    return b"".join(chunks)
                chunks.append(self.rfile.read(size))
                self.rfile.readline()
        length = self.headers.get("Content-Length", "0")
        if not length.isdigit():
            raise ValueError(f"Content-Length is {length!r}; expected a number of bytes")
        return self.rfile.read(int(length))

    def control(self, body):
        try:
            try:
                request = json.loads(body.decode("utf-8") or "null")
            except (UnicodeDecodeError, json.JSONDecodeError) as error:
                raise BadControl(f"the body is not JSON ({error})")
            if self.path == "/_control/mode":
                self.answer(200, self.server.mode.set(request))
            elif self.path == "/_control/secrets":
                if not isinstance(request, dict) or "secrets" not in request:
                    raise BadControl('the body must be {"secrets": ["whsec_...", ...]}')
                self.server.replace_secrets(request["secrets"])
                self.answer(200, {"secrets": len(request["secrets"])})
            else:
                self.answer(404, {"error": f"no control {self.path}; expected /_control/mode or /_control/secrets"})
        except BadControl as error:
            self.answer(400, {"error": str(error)})

    def deliver(self, body):
        received_at = time.time()
        headers = {name: value for name, value in self.headers.items()}
        verified, error = verify(self.server.current_verifiers(), body, headers)
        text = body.decode("utf-8", errors="replace")
        try:
            parsed = json.loads(text)
        except json.JSONDecodeError:
            parsed = None
        mode = self.server.mode.take()
        if mode["mode"] == "fail":
            status = mode["status"]
        elif mode["mode"] == "redirect":
            status = 307
        elif mode["mode"] == "hang":
            status = 204
        else:
            status = 204 if verified else 400
        self.server.record({
            "path": self.path,
            "webhookID": self.headers.get("webhook-id"),
            "webhookTimestamp": self.headers.get("webhook-timestamp"),
            "webhookSignature": self.headers.get("webhook-signature"),
            "verified": verified,
            "error": error,
            "contentType": self.headers.get("Content-Type"),
            "userAgent": self.headers.get("User-Agent"),
            "body": parsed,
            "rawBody": text,
            "receivedAt": received_at,
            "mode": mode["mode"],
            "answered": status,
        })
        if mode["mode"] == "hang":
            time.sleep(mode["seconds"])
        if mode["mode"] == "redirect":
            port = self.server.server_address[1]
            self.answer(status, None, extra={"Location": f"http://127.0.0.1:{port}/elsewhere"})
        elif mode["mode"] == "fail":
            self.answer(status, {"error": f"the receiver fails as asked (mode fail, status {status})"})
        elif status == 400:
            self.answer(status, {"error": f"the signature does not verify: {error}"})
        else:
            self.answer(status, None)

    def answer(self, status, payload, extra=None):
        data = b"" if payload is None or status in (204, 304) else json.dumps(payload).encode() + b"\n"
        try:
            self.send_response(status)
            if data:
                self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            for name, value in (extra or {}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            pass  # the sender gave up (a timeout while hanging): the delivery is recorded already
        self.close_connection = True


def stop_serving(signum, frame):
    raise KeyboardInterrupt


def serve(arguments):
    try:
        server = Receiver(arguments.port, arguments.record, arguments.secret)
    except BadControl as error:
        print(f"error: --secret: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(f"error: cannot listen on 127.0.0.1:{arguments.port}: {error}", file=sys.stderr)
        return 1
    # SIGTERM ends the server the way Ctrl-C does: the socket is closed, every line is on disk.
    signal.signal(signal.SIGTERM, stop_serving)
    print(f"listening on {server.server_address[1]}", flush=True)
    try:
        server.serve_forever(poll_interval=0.1)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
        server.record_file.close()
    return 0


def verify_command(arguments):
    try:
        verifier = standardwebhooks.Webhook(arguments.secret)
    except Exception as error:
        print(f"error: --secret is not a webhook secret ({error}); expected whsec_ and base64", file=sys.stderr)
        return 2
    try:
        with open(arguments.body_file, "rb") as file:
            body = file.read()
    except OSError as error:
        print(f"error: --body-file: {error}", file=sys.stderr)
        return 2
    headers = {
        "webhook-id": arguments.id,
        "webhook-timestamp": arguments.timestamp,
        "webhook-signature": arguments.signature,
    }
    try:
        verifier.verify(body, headers, json_parse=False)
    except Exception as error:  # WebhookVerificationError, or a malformed header or body
        print(f"not verified: {type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print("verified")
    return 0


def main():
    parser = argparse.ArgumentParser(description="The webhook receiver Landfall's tests deliver to (see the module's docstring).")
    commands = parser.add_subparsers(dest="command", required=True)
    serving = commands.add_parser("serve", help="receive, verify and record deliveries")
    serving.add_argument("--port", type=int, default=0, help="the port on 127.0.0.1 (0: any free port)")
    serving.add_argument("--record", required=True, help="the file each delivery is appended to as a JSON line")
    serving.add_argument("--secret", action="append", default=[], help="a whsec_ secret to verify with (repeat for several)")
    checking = commands.add_parser("verify", help="verify one signed message with standardwebhooks")
    checking.add_argument("--secret", required=True)
    checking.add_argument("--id", required=True, help="the webhook-id header")
    checking.add_argument("--timestamp", required=True, help="the webhook-timestamp header (Unix seconds, within 5 minutes of now)")
    checking.add_argument("--signature", required=True, help="the webhook-signature header")
    checking.add_argument("--body-file", required=True, help="the file holding the body's exact bytes")
    arguments = parser.parse_args()
    return serve(arguments) if arguments.command == "serve" else verify_command(arguments)


if __name__ == "__main__":
    sys.exit(main())
