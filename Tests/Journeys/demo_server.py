"""The running demo the journeys visit: its addresses, its `landfall` commands, and clicks.

scripts/dashboard-journeys starts `landfall serve` and passes what it knows in the environment:
LANDFALL_BIN, LANDFALL_PORT, LANDFALL_DATA_DIR, ADMIN_EMAIL and ADMIN_PASSWORD.
"""

import http.client
import os
import subprocess
from dataclasses import dataclass

# A computer's browser: the server classifies clicks by user agent, and these are people's clicks.
DESKTOP_USER_AGENT = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36"
)


class JourneyFailed(Exception):
    """A step of a journey did not see what a person should see; the message says what and why."""


def check(condition, message):
    """Fails the journey with `message` unless `condition` holds."""
    if not condition:
        raise JourneyFailed(message)


@dataclass(frozen=True)
class DemoServer:
    binary: str
    port: int
    data_dir: str
    admin_email: str
    admin_password: str

    @staticmethod
    def from_environment():
        names = ["LANDFALL_BIN", "LANDFALL_PORT", "LANDFALL_DATA_DIR", "ADMIN_EMAIL", "ADMIN_PASSWORD"]
        missing = [name for name in names if not os.environ.get(name)]
        if missing:
            raise SystemExit(
                "error: " + ", ".join(missing) + " not set; run the journeys with scripts/dashboard-journeys"
            )
        return DemoServer(
            binary=os.environ["LANDFALL_BIN"],
            port=int(os.environ["LANDFALL_PORT"]),
            data_dir=os.environ["LANDFALL_DATA_DIR"],
            admin_email=os.environ["ADMIN_EMAIL"],
            admin_password=os.environ["ADMIN_PASSWORD"],
        )

    @property
    def admin(self):
        """The dashboard's origin: Chromium sends *.localhost to 127.0.0.1."""
        return f"http://admin.localhost:{self.port}"

    def landfall(self, *arguments, stdin=None):
        """Runs `landfall ARGUMENTS --data-dir DIR` and returns its standard output; fails the
        journey with its standard error when it exits non-zero."""
        command = [self.binary, *arguments, "--data-dir", self.data_dir]
        done = subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=60)
        check(
            done.returncode == 0,
            f"`landfall {' '.join(arguments)}` exited {done.returncode}: {done.stderr.strip()}",
        )
        return done.stdout

    def get(self, host, path, user_agent=DESKTOP_USER_AGENT):
        """GET http://HOST:PORT/path over plain HTTP (to 127.0.0.1, with that Host: only Chromium
        knows that *.localhost is this machine), following no redirect. The answer's body is read
        into `.body`."""
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            connection.request("GET", path, headers={"Host": f"{host}:{self.port}", "User-Agent": user_agent})
            response = connection.getresponse()
            response.body = response.read()
            return response
        finally:
            connection.close()

    def click(self, slug, times=1):
        """Clicks the short link /slug `times` times with plain HTTP requests to the link host
        (go.localhost), as a computer's browser; each must be a redirect."""
        for _ in range(times):
            response = self.get("go.localhost", f"/{slug}")
            check(
                300 <= response.status < 400,
                f"GET http://go.localhost:{self.port}/{slug} answered {response.status}, not a redirect",
            )
