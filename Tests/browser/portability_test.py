#!/usr/bin/env python3
"""Issue 47's "Download my data" and linked devices in the web app, in real Chromium, on a gif-bff
of its own started with `--installs required` (demo catalogs), two browser profiles:

- the first stars two items; "Download my data" saves gif-bff-export-YYYY-MM-DD.json, a
  gif-bff-export document naming exactly the install's favorites, newest first;
- the first shows a one-time code; the second profile (an install of its own, empty) takes a
  mistyped code (the error is shown, nothing changes), then the code: it keeps a token of its own
  for the first's install and shows the same favorites;
- the first's device list shows both, this browser marked; "Revoke" on the second removes it
  from the list, its token is then 401 install_token_invalid over HTTP, and the second profile
  no longer sees the first's favorites.

Every check runs, and each prints ok or FAIL.

Environment: GIF_BFF_BIN (default .build/debug/gif-bff), SCREENSHOT_DIR, CHROMIUM_BIN,
CHROMEDRIVER_BIN.
"""
import glob
import json
import os
import re
import sys
import tempfile
import time

from browser_support import Checks, stop
from install_support import TOKEN, Browser, http, start_installs_server

EXPORT_NAME = re.compile(r"^gif-bff-export-\d{4}-\d{2}-\d{2}\.json$")


class DownloadingBrowser(Browser):
    """A profile whose downloads land in a folder of its own."""

    def __init__(self, base_url, shots, downloads):
        super().__init__(base_url, shots, download_dir=downloads)
        self.downloads = downloads

    def downloaded(self):
        """The one finished download's (file name, text), waiting (bounded) for it."""
        def finished():
            return [path for path in glob.glob(os.path.join(self.downloads, "*")) if not path.endswith(".crdownload")]
        files = self.wait.until(lambda d: finished() or None, "nothing was downloaded")
        with open(files[0], encoding="utf-8") as file:
            return os.path.basename(files[0]), file.read()


def reload_favorites(browser):
    """The favorites view loaded afresh (a page already on it is not rendered again by going there)."""
    browser.go("#/favorites")
    browser.driver.refresh()
    browser.wait.until(lambda d: browser.all("favorite-item") or browser.all("empty"), "the favorites view did not load")
    return [item.get_attribute("data-id") for item in browser.all("favorite-item")]


def devices_shown(browser):
    """(id, current) of each device in the list, once it has loaded."""
    browser.wait.until(lambda d: browser.all("device"), "no device listed")
    return [(row.get_attribute("data-id"), row.get_attribute("data-current") == "true") for row in browser.all("device")]


class PortabilityTest(Checks):
    def __init__(self, base, shots):
        self.base = base
        self.shots = shots
        self.failures = []

    def favorites_over_http(self, token):
        status, _, body = http(self.base, "GET", "/favorites", token=token)
        return [favorite["id"] for favorite in body["data"]] if status == 200 else (status, (body or {}).get("code"))

    def run(self, item_ids):
        downloads = tempfile.mkdtemp(prefix="gif-bff-portability-downloads-")
        first = DownloadingBrowser(self.base, self.shots, downloads)
        second = Browser(self.base, self.shots)
        try:
            first.go("#/favorites")
            first.one("empty")
            for item_id in item_ids:
                first.star(item_id)
            shown = first.favorite_ids()
            kept = self.favorites_over_http(first.token())
            self.check("the first profile keeps two favorites, newest first",
                       shown == kept == list(reversed(item_ids)), f"shown {shown}, kept {kept}")

            first.visible("download-data").click()
            name, text = first.downloaded()
            document = json.loads(text)
            exported = [favorite["item"]["id"] for favorite in document.get("favorites", [])]
            first.screenshot("portability-downloaded")
            self.check('"Download my data" saves gif-bff-export-<date>.json naming the install\'s favorites',
                       EXPORT_NAME.match(name) is not None and document.get("format") == "gif-bff-export"
                       and document.get("version") == 1 and exported == kept
                       and all(favorite.get("added_at") for favorite in document["favorites"]),
                       f"{name}: format {document.get('format')!r}, version {document.get('version')!r}, favorites {exported}")

            first.visible("link-make").click()
            code = first.visible("link-code").text.strip()
            first.screenshot("portability-code")
            self.check("the first profile shows a one-time code", re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", code),
                       repr(code))

            second.go("#/favorites")
            second.one("empty")
            own = second.token()
            field = second.visible("link-input")
            field.send_keys("00000-00000")
            second.one("link-use").click()
            refusal = second.visible("error").text
            self.check("a mistyped code is refused in the page, the second profile's own install kept",
                       "link code opens nothing" in refusal and second.token() == own and second.all("empty"),
                       f"shown {refusal!r}")
            field = second.visible("link-input")
            field.clear()
            field.send_keys(code)
            second.one("link-use").click()
            second.one("linked")
            linked_token = second.token()
            seen = reload_favorites(second)
            second.screenshot("portability-linked")
            self.check("the second profile takes the code: its own token for the first's install, the same favorites",
                       TOKEN.match(linked_token or "") is not None and linked_token != first.token()
                       and linked_token.split(".")[0] == first.token().split(".")[0] and seen == kept,
                       f"token {'kept' if linked_token else 'none'}, favorites {seen}")

            reload_favorites(first)
            listed = devices_shown(first)
            second_id = next((device for device, current in listed if not current), None)
            self.check("the first profile lists both devices, this browser marked",
                       len(listed) == 2 and listed[0] == ("first", True) and second_id not in (None, "first"),
                       f"{listed}")
            revoke = next(row for row in first.all("device") if row.get_attribute("data-id") == second_id)
            revoke.find_element("css selector", '[data-test="device-revoke"]').click()
            first.one("device-revoked")
            first.wait.until(lambda d: devices_shown(first) == [("first", True)], "the revoked device is still listed")
            first.screenshot("portability-revoked")
            self.check("revoking the second from the first's list: gone from the list, its token refused",
                       self.favorites_over_http(linked_token) == (401, "install_token_invalid")
                       and self.favorites_over_http(first.token()) == kept,
                       f"the second's token: {self.favorites_over_http(linked_token)}")
            after = reload_favorites(second)
            self.check("the revoked profile no longer sees the first's favorites",
                       after == [] and second.token() != linked_token, f"favorites {after}")
        except Exception:
            first.screenshot("portability-failure-first")
            second.screenshot("portability-failure-second")
            raise
        finally:
            first.driver.quit()
            second.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-portability-shots-")
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    server, base_url = start_installs_server(tempfile.mkdtemp(prefix="gif-bff-portability-"))
    try:
        print(f"screenshots {shots}")
        test = PortabilityTest(base_url, shots)
        found = http(base_url, "GET", "/search?q=cat&provider=giphy&limit=24")[2]["data"]
        test.run([found[0]["id"], found[1]["id"]])
    finally:
        stop(server)
    elapsed = time.monotonic() - started
    if test.failures:
        print(f"portability_test: FAILED in {elapsed:.1f} s: {test.failures}", file=sys.stderr)
        sys.exit(1)
    print(f"portability_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
