#!/usr/bin/env python3
"""Issue 13, item 8: gif-bff called from pages of other origins, in real headless Chromium.

A tiny page is served by Python's http.server on other loopback ports, once as an allowed origin
(http://localhost:PORT, allowed by default) and once as a disallowed one (http://evil.test:PORT,
mapped to 127.0.0.1 in the browser). The page fetches the API: the allowed origin gets data and
its cross-origin POST passes the preflight; the browser blocks the disallowed origin's reads, and
its writes change nothing. A page reached through a rebound name (http://rebind.test:API_PORT,
the DNS-rebinding case: same origin as the API) gets 421 from gif-bff itself.

Needs GIF_BFF_URL (a running gif-bff, e.g. http://127.0.0.1:8080, demo catalog, default
settings); scripts/browser-tests.sh provides it. Chromium and chromedriver from Debian.
"""
import functools
import http.server
import json
import os
import tempfile
import threading
import time
import unittest
import urllib.parse
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

API = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")
API_PORT = urllib.parse.urlsplit(API).port

# The page: fetches a search page from the API given in ?api=, and shows what happened.
PAGE = """<!doctype html>
<meta charset="utf-8"><title>cross-origin probe</title>
<p id="result">waiting</p>
<script type="module">
const api = new URLSearchParams(location.search).get("api");
const result = document.getElementById("result");
try {
  const response = await fetch(api + "/search?q=cat&limit=3");
  const page = await response.json();
  result.dataset.count = String(page.data.length);
  result.textContent = "status " + response.status + ", " + page.data.length + " GIFs";
} catch (error) {
  result.textContent = "blocked: " + error.name;
}
result.dataset.done = "1";
</script>
"""

# Runs in the page: fetch(url, init) and report status and body, or the error the browser gave.
FETCH = """
const [url, init, done] = arguments;
fetch(url, init).then(async r => done({status: r.status, body: await r.text(),
                                        etag: r.headers.get("ETag"), xcache: r.headers.get("X-Cache")}))
                .catch(e => done({error: e.name + ": " + e.message}));
"""


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


def serve_folder(folder):
    """An http.server on a free loopback port serving `folder`; returns (server, port)."""
    handler = functools.partial(QuietHandler, directory=folder)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, server.server_address[1]


def api_json(method, path, body=None):
    """A request to the API from Python itself (Host 127.0.0.1, no Origin)."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(API + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            text = response.read()
            return response.status, json.loads(text) if text else None
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read() or b"null")


class CrossOriginTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.folder = tempfile.TemporaryDirectory(prefix="gif-bff-cross-origin-")
        with open(os.path.join(cls.folder.name, "index.html"), "w") as page:
            page.write(PAGE)
        cls.page_server, cls.page_port = serve_folder(cls.folder.name)
        options = webdriver.ChromeOptions()
        options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
        for argument in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--no-proxy-server",
                         "--disable-features=HttpsUpgrades",
                         "--host-resolver-rules=MAP evil.test 127.0.0.1, MAP rebind.test 127.0.0.1"]:
            options.add_argument(argument)
        # The network log, to see what gif-bff answered a preflight the page itself cannot read.
        options.set_capability("goog:loggingPrefs", {"performance": "ALL"})
        started = time.monotonic()
        cls.driver = webdriver.Chrome(options=options,
                                      service=Service(os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")))
        cls.driver.set_script_timeout(15)
        print(f"cross_origin_test: chromium started in {time.monotonic() - started:.2f} s", flush=True)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.page_server.shutdown()
        cls.folder.cleanup()

    def setUp(self):
        self.started = time.monotonic()
        status, page = api_json("GET", "/favorites")
        self.assertEqual(status, 200)
        for favorite in page["data"]:
            api_json("DELETE", "/favorites/" + favorite["id"])

    def tearDown(self):
        print(f"cross_origin_test: {self._testMethodName} {time.monotonic() - self.started:.2f} s", flush=True)

    def open_probe(self, origin):
        """Loads the probe page from `origin` and returns its #result once the fetch settled."""
        self.driver.get(f"{origin}/index.html?api={urllib.parse.quote(API)}")
        WebDriverWait(self.driver, 15).until(
            lambda d: d.find_element(By.ID, "result").get_attribute("data-done") == "1")
        return self.driver.find_element(By.ID, "result")

    def fetch(self, url, init=None):
        return self.driver.execute_async_script(FETCH, url, init or {})

    def preflight_statuses(self, url):
        """The statuses of the preflights for `url` in the network log since it was last read."""
        events = [json.loads(entry["message"])["message"] for entry in self.driver.get_log("performance")]
        return [event["params"]["response"]["status"] for event in events
                if event.get("method") == "Network.responseReceived" and event["params"].get("type") == "Preflight"
                and event["params"]["response"]["url"] == url]

    def add_init(self, gif_id):
        return {"method": "POST", "headers": {"Content-Type": "application/json"}, "body": json.dumps({"id": gif_id})}

    def first_gif_id(self):
        status, page = api_json("GET", "/search?q=cat&limit=1")
        self.assertEqual(status, 200)
        return page["data"][0]["id"]

    def test_an_allowed_origin_gets_data_and_may_write(self):
        result = self.open_probe(f"http://localhost:{self.page_port}")
        self.assertEqual(result.get_attribute("data-count"), "3", result.text)
        # Exposed headers are readable from the page.
        page = self.fetch(API + "/trending?limit=2")
        self.assertEqual(page.get("status"), 200, page)
        self.assertTrue(page.get("etag"), page)
        self.assertIn(page.get("xcache"), ("HIT", "MISS", "STALE"), page)
        # A JSON POST needs a preflight; the browser sends it and accepts gif-bff's answer.
        gif_id = self.first_gif_id()
        added = self.fetch(API + "/favorites", self.add_init(gif_id))
        self.assertEqual(added.get("status"), 201, added)
        removed = self.fetch(API + "/favorites/" + gif_id, {"method": "DELETE"})
        self.assertEqual(removed.get("status"), 204, removed)
        # A problem is readable too.
        missing = self.fetch(API + "/favorites/" + gif_id, {"method": "DELETE"})
        self.assertEqual(missing.get("status"), 404, missing)
        self.assertEqual(json.loads(missing["body"])["code"], "favorite_not_found")

    def test_a_disallowed_origin_is_blocked_by_the_browser(self):
        result = self.open_probe(f"http://evil.test:{self.page_port}")
        self.assertEqual(result.text, "blocked: TypeError")
        self.assertIsNone(result.get_attribute("data-count"))
        gif_id = self.first_gif_id()
        # The preflight is refused (403 origin_not_allowed, no CORS headers), so the browser never
        # sends the POST.
        self.driver.get_log("performance")
        blocked = self.fetch(API + "/favorites", self.add_init(gif_id))
        self.assertIn("TypeError", blocked.get("error", ""), blocked)
        self.assertEqual(self.preflight_statuses(API + "/favorites"), [403])
        # What needs no preflight: a form-like POST the page cannot read. gif-bff refuses it (403).
        opaque = self.fetch(API + "/favorites", {"method": "POST", "mode": "no-cors",
                                                 "headers": {"Content-Type": "text/plain"},
                                                 "body": json.dumps({"id": gif_id})})
        self.assertEqual(opaque.get("status"), 0, opaque)
        status, page = api_json("GET", "/favorites")
        self.assertEqual((status, page["count"]), (200, 0), page)

    def test_a_rebound_host_gets_421(self):
        # The DNS-rebinding case: a page at rebind.test:API_PORT is the API's own origin to the
        # browser, so it could read every answer; gif-bff refuses the Host instead.
        self.driver.get(f"http://rebind.test:{API_PORT}/healthz")
        answer = self.fetch("/favorites")
        self.assertEqual(answer.get("status"), 421, answer)
        self.assertEqual(json.loads(answer["body"])["code"], "host_not_allowed")
        gif_id = self.first_gif_id()
        write = self.fetch("/favorites", self.add_init(gif_id))
        self.assertEqual(write.get("status"), 421, write)
        status, page = api_json("GET", "/favorites")
        self.assertEqual(page["count"], 0, page)
        # The same server by its loopback name answers.
        self.driver.get(f"http://127.0.0.1:{API_PORT}/healthz")
        self.assertEqual(self.fetch("/healthz").get("status"), 200)


if __name__ == "__main__":
    unittest.main(verbosity=2)
