"""What the browser tests of installs share (installs_test, erase_test, accessibility_test): a
demo gif-bff of their own started with `--installs required`, direct HTTP calls with or without
a token, and a Chromium profile that reads its kept token and the API requests it made.

Not a test itself (scripts/browser-tests.sh runs *_test.py only).
"""
import json
import os
import re
import urllib.error
import urllib.request
from urllib.parse import quote, urlparse

from browser_support import PageDriver, built, drain, start_process

GIF_BFF = built("gif-bff", "GIF_BFF_BIN")
TOKEN_KEY = "gif-bff.install-token"
TOKEN = re.compile(r"^[0-9a-f]{32}\.[A-Za-z0-9_-]{43}$")
# Chromium logs every 401 the page was given; those are the flow itself, nothing else may show.
EXPECTED_401 = re.compile(r" - Failed to load resource: the server responded with a status of 401")


def start_installs_server(workdir, *flags):
    """A demo gif-bff (no keys) with `--installs required`, `flags` and its database in `workdir`:
    (process, base URL). Stop it with browser_support.stop."""
    environment = {name: value for name, value in os.environ.items()
                   if name not in ("GIPHY_API_KEY", "UNSPLASH_ACCESS_KEY")}
    environment.update(GIF_BFF_HOST="127.0.0.1", GIF_BFF_PORT="0", GIF_BFF_LOG_FORMAT="logfmt",
                       GIF_BFF_DATABASE=os.path.join(workdir, "gif-bff.sqlite"))
    server, base_url = start_process([GIF_BFF, "--installs", "required", *flags], environment, r'url="?(http://[^"\s]+)')
    drain(server)
    return server, base_url.rstrip("/")


def http(base, method, path, body=None, token=None):
    """(status, headers, JSON body) of a direct call, errors included."""
    headers = {"Accept": "application/json"}
    if body is not None:
        headers["Content-Type"] = "application/json"
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{base}{path}", data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return response.status, response.headers, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        text = error.read()
        return error.code, error.headers, json.loads(text) if text else None


class Browser(PageDriver):
    """One Chromium profile (its own localStorage), with the API requests it made kept; its
    downloads land in `download_dir` when given."""

    def __init__(self, base_url, shots, download_dir=None):
        super().__init__(base_url, shots, download_dir)
        self.requests = []  # (method, path, headers), in order
        self.console = []

    def collect(self):
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                request = message["params"]["request"]
                if request["url"].startswith(self.base):
                    self.requests.append((request["method"], urlparse(request["url"]).path, request["headers"]))
        self.console += [entry["message"] for entry in self.driver.get_log("browser")
                         if entry["level"] == "SEVERE" and not EXPECTED_401.search(entry["message"])]

    def token(self):
        return self.driver.execute_script("return localStorage.getItem(arguments[0]);", TOKEN_KEY)

    def installs_made(self):
        self.collect()
        return sum(1 for method, path, _ in self.requests if (method, path) == ("POST", "/installs"))

    def star(self, item_id):
        """Opens the item and presses its star; True once it shows as a favorite."""
        self.go(f"#/item/{quote(item_id)}")
        toggle = self.one("favorite-toggle")
        self.wait.until(lambda d: toggle.get_attribute("aria-pressed") == "false", "already a favorite")
        toggle.click()
        self.wait.until(lambda d: self.one("favorite-toggle").get_attribute("aria-pressed") == "true",
                        "the star did not turn on")

    def favorite_ids(self):
        self.go("#/favorites")
        self.wait.until(lambda d: self.all("favorite-item") or "No favorites yet" in d.find_element("id", "view").text,
                        "the favorites view did not load")
        return [item.get_attribute("data-id") for item in self.all("favorite-item")]
