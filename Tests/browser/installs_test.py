#!/usr/bin/env python3
"""Installs (issue 22) in the web app, in real Chromium: on a gif-bff started with
`--installs required` (demo catalogs, a process of its own) the app meets 401
install_token_required, makes one install, keeps its token in localStorage and sends it from
then on; a favorite starred in the page is that install's, not another browser profile's nor a
call's without a token. A stale token is forgotten and replaced by one install shared by
concurrent calls. On the default policy (the demo gif-bff scripts/browser-tests.sh started) the
app makes no install, sends no Authorization header and writes no token.

Every check runs, and each prints ok or FAIL.

Environment: GIF_BFF_URL (the running demo gif-bff, default policy), GIF_BFF_BIN (default
.build/debug/gif-bff), SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""
import os
import sys
import tempfile
import time
from urllib.parse import quote

from browser_support import Checks, stop
from install_support import TOKEN, TOKEN_KEY, Browser, http, start_installs_server

SHARED = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")
# Well formed, but opens no install: what a token kept across a database reset looks like.
STALE_TOKEN = "0" * 32 + "." + "A" * 43

# Runs in the page: three calls at once through the app's own api.js (the module the page loaded).
CONCURRENT_CALLS = """
const done = arguments[arguments.length - 1];
import('/app/api.js')
  .then(({ api }) => Promise.all([api.favorites(), api.favorites(), api.history('')]))
  .then((answers) => done({ counts: answers.map((answer) => answer.count) }))
  .catch((error) => done({ error: `${error.name}: ${error.message}` }));
"""


class InstallsTest(Checks):
    def __init__(self, required_url, shots):
        self.base = required_url
        self.shots = shots
        self.failures = []

    def required(self, item_id):
        print(f"--installs required ({self.base})")
        status, headers, problem = http(self.base, "GET", "/favorites")
        self.check("GET /favorites without a token is 401 install_token_required with WWW-Authenticate: Bearer",
                   status == 401 and (problem or {}).get("code") == "install_token_required"
                   and (headers.get("WWW-Authenticate") or "").startswith("Bearer"),
                   f"{status} {problem} {headers.get('WWW-Authenticate')}")

        first = Browser(self.base, self.shots)
        second = None
        try:
            first.go("#/search?provider=giphy&q=cat")
            first.wait.until(lambda d: first.all("result-item"), "no search results")
            self.check("the app loads and searches", True)
            first.star(item_id)
            token = first.token()
            self.check("starring made one install and kept its token in localStorage",
                       bool(token and TOKEN.match(token)) and first.installs_made() == 1,
                       f"token {token!r}, {first.installs_made()} POST /installs")
            listed = first.favorite_ids()
            first.screenshot("required-favorites")
            self.check("the favorites view lists the favorite", item_id in listed, f"listed {listed}")
            first.collect()
            last_list = [headers for method, path, headers in first.requests if (method, path) == ("GET", "/favorites")][-1:]
            self.check("the favorites call carried the token",
                       bool(last_list) and last_list[0].get("Authorization") == f"Bearer {token}",
                       f"headers {last_list}")
            status, _, page = http(self.base, "GET", "/favorites", token=token)
            self.check("the install's token lists the favorite over HTTP",
                       status == 200 and item_id in [f["id"] for f in page["data"]], f"{status} {page}")
            status, _, problem = http(self.base, "GET", "/favorites")
            self.check("without a token /favorites is still 401", status == 401, f"{status} {problem}")

            second = Browser(self.base, self.shots)
            listed = second.favorite_ids()
            second.screenshot("required-second-profile")
            other = second.token()
            self.check("a second profile makes its own install and does not see the favorite",
                       item_id not in listed and bool(other and TOKEN.match(other)) and other != token
                       and second.installs_made() == 1, f"listed {listed}, token {other!r}")

            print("a stale token, then three calls at once")
            first.driver.execute_script("localStorage.setItem(arguments[0], arguments[1]);", TOKEN_KEY, STALE_TOKEN)
            first.driver.set_script_timeout(20)
            answer = first.driver.execute_async_script(CONCURRENT_CALLS)
            renewed = first.token()
            self.check("concurrent calls with a stale token share one new install and succeed",
                       "error" not in answer and first.installs_made() == 2
                       and bool(renewed and TOKEN.match(renewed)) and renewed not in (STALE_TOKEN, token),
                       f"answer {answer}, {first.installs_made()} POST /installs in all, token {renewed!r}")
            sent = lambda value: [path for _, path, headers in first.requests  # noqa: E731
                                  if headers.get("Authorization") == f"Bearer {value}"]
            self.check("each of the three was sent once with the stale token and retried once with the new one",
                       len(sent(STALE_TOKEN)) == 3 and len(sent(renewed)) == 3,
                       f"stale {sent(STALE_TOKEN)}, renewed {sent(renewed)}")
            for browser in (first, second):
                browser.collect()
            console = first.console + second.console
            self.check("no console errors besides the expected 401s", not console, f"{console[:2]}")
        except Exception:
            first.screenshot("required-failure")
            raise
        finally:
            first.driver.quit()
            if second:
                second.driver.quit()

    def optional(self, item_id):
        print(f"default policy (the shared demo gif-bff, {SHARED})")
        browser = Browser(SHARED, self.shots)
        starred = False
        try:
            browser.star(item_id)
            starred = True
            listed = browser.favorite_ids()
            browser.screenshot("optional-favorites")
            self.check("the favorite is listed, as before installs", item_id in listed, f"listed {listed}")
            browser.collect()
            keys = browser.driver.execute_script("return Object.keys(localStorage);")
            self.check("no install made, no token stored",
                       browser.installs_made() == 0 and browser.token() is None,
                       f"{browser.installs_made()} POST /installs, localStorage keys {keys}")
            sent = [path for _, path, headers in browser.requests if "Authorization" in headers]
            self.check("no Authorization header sent", not sent, f"sent with {sent}")
            self.check("no console errors", not browser.console, f"{browser.console[:2]}")
        except Exception:
            browser.screenshot("optional-failure")
            raise
        finally:
            if starred:  # the demo server is shared with the other browser tests
                http(SHARED, "DELETE", f"/favorites/{quote(item_id)}")
            browser.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-installs-shots-")
    os.makedirs(shots, exist_ok=True)
    workdir = tempfile.mkdtemp(prefix="gif-bff-installs-")
    started = time.monotonic()
    server, base_url = start_installs_server(workdir)
    try:
        print(f"screenshots {shots}")
        test = InstallsTest(base_url, shots)
        item_id = http(base_url, "GET", "/search?q=cat&provider=giphy&limit=24")[2]["data"][0]["id"]
        test.required(item_id)
        test.optional(item_id)
    finally:
        stop(server)
    elapsed = time.monotonic() - started
    if test.failures:
        print(f"installs_test: FAILED in {elapsed:.1f} s: {test.failures}", file=sys.stderr)
        sys.exit(1)
    print(f"installs_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
