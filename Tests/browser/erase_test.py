#!/usr/bin/env python3
""""Erase my data" (issue 33.7) in the web app, in real Chromium, on a gif-bff of its own started
with `--installs required` (demo catalogs): with a search and a favorite kept for the browser's
install, cancelling the dialog (its button, then Escape) erases nothing; confirming it sends
DELETE /installs/current with the token, after which that token gets 401 over HTTP, the app keeps
a new one that works, and shows no favorites and no search history. A refusal (the install
deleted meanwhile: 401) and gif-bff gone (a network error) are shown in the page, and so is an
erase after which no new install can be made (a gif-bff allowing one install an hour). On the
default policy (the demo gif-bff scripts/browser-tests.sh started) the app holds no token and
offers no erase.

Every check runs, and each prints ok or FAIL.

Environment: GIF_BFF_URL (the running demo gif-bff, default policy), GIF_BFF_BIN (default
.build/debug/gif-bff), SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""
import os
import sys
import tempfile
import time

from selenium.webdriver.common.keys import Keys

from browser_support import Checks, stop
from install_support import TOKEN, Browser, http, start_installs_server

SHARED = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")
ERASE = ("DELETE", "/installs/current")


class EraseBrowser(Browser):
    """A profile on the favorites view, with the erase section's parts at hand."""

    def dialog_open(self):
        return self.driver.execute_script("return arguments[0].open;", self.one("erase-dialog"))

    def focused_hook(self):
        return self.driver.execute_script("return document.activeElement && document.activeElement.dataset.test;")

    def erases_sent(self):
        self.collect()
        return [headers.get("Authorization") for method, path, headers in self.requests if (method, path) == ERASE]

    def open_dialog(self):
        self.visible("erase-data").click()
        self.wait.until(lambda d: self.dialog_open(), "the dialog did not open")

    def suggestions_for(self, text):
        """The history suggestions the search box offers once the list answers `text`."""
        self.go("#/search?provider=giphy")
        field = self.one("search-input")
        field.clear()
        field.send_keys(text)
        self.wait.until(lambda d: d.find_elements("css selector", f'#suggestions[data-for="{text}"]'),
                        f"the suggestions never answered {text!r}")
        return [button.text for button in self.all("history-suggestion")]


class EraseTest(Checks):
    def __init__(self, base, shots):
        self.base = base
        self.shots = shots
        self.failures = []

    def kept(self, token):
        """(favorite ids, history queries) the server keeps for `token`, or the statuses refusing it."""
        favorites = http(self.base, "GET", "/favorites", token=token)
        history = http(self.base, "GET", "/search/history", token=token)
        if favorites[0] != 200 or history[0] != 200:
            return favorites[0], history[0], (favorites[2] or {}).get("code")
        return [f["id"] for f in favorites[2]["data"]], [h["query"] for h in history[2]["data"]]

    def required(self, server, item_id):
        print(f"--installs required ({self.base})")
        browser = EraseBrowser(self.base, self.shots)
        try:
            browser.go("#/favorites")
            browser.one("empty")
            old = browser.token()
            self.check("the favorites view made an install and offers to erase it",
                       bool(old and TOKEN.match(old)) and browser.visible("erase-data").text == "Erase my data",
                       f"token {old!r}")
            browser.go("#/search?provider=giphy&q=cat")
            browser.wait.until(lambda d: browser.all("result-item"), "no search results")
            browser.star(item_id)
            # The history is written after the answer: wait (bounded) for it to be kept.
            browser.wait.until(lambda d: self.kept(old)[1] == ["cat"], "the search was not kept")
            self.check("the install keeps the favorite and the search",
                       self.kept(old) == ([item_id], ["cat"]), f"{self.kept(old)}")
            self.check("the search box suggests it", browser.suggestions_for("ca") == ["cat"],
                       f"{browser.suggestions_for('ca')}")

            print("cancel")
            browser.go("#/favorites")
            browser.one("favorite-item")
            browser.open_dialog()
            browser.screenshot("erase-dialog")
            self.check("the dialog opens with the focus on Cancel", browser.focused_hook() == "erase-cancel",
                       f"focus on {browser.focused_hook()!r}")
            browser.one("erase-cancel").click()
            browser.wait.until(lambda d: not browser.dialog_open(), "Cancel did not close the dialog")
            self.check("Cancel closes it and gives the focus back", browser.focused_hook() == "erase-data",
                       f"focus on {browser.focused_hook()!r}")
            browser.open_dialog()
            browser.driver.switch_to.active_element.send_keys(Keys.ESCAPE)
            browser.wait.until(lambda d: not browser.dialog_open(), "Escape did not close the dialog")
            self.check("cancelling erases nothing: no DELETE sent, the token and what it keeps unchanged",
                       browser.erases_sent() == [] and browser.token() == old
                       and self.kept(old) == ([item_id], ["cat"]) and len(browser.all("favorite-item")) == 1,
                       f"sent {browser.erases_sent()}, token {browser.token()!r}, kept {self.kept(old)}")

            print("erase")
            browser.open_dialog()
            browser.one("erase-confirm").click()
            browser.visible("erased")
            browser.one("empty")
            browser.screenshot("erased")
            new = browser.token()
            self.check("confirming sends DELETE /installs/current once, with the token",
                       browser.erases_sent() == [f"Bearer {old}"], f"sent {browser.erases_sent()}")
            self.check("the old token now gets 401 install_token_invalid over HTTP",
                       self.kept(old) == (401, 401, "install_token_invalid"), f"{self.kept(old)}")
            self.check("the app keeps a new install's token, which works and keeps nothing yet",
                       bool(new and TOKEN.match(new)) and new != old and browser.installs_made() == 2
                       and self.kept(new) == ([], []), f"token {new!r}, {browser.installs_made()} installs, kept {self.kept(new)}")
            self.check("the app shows no favorites", not browser.all("favorite-item") and browser.all("erase-data"),
                       f"{len(browser.all('favorite-item'))} listed")
            browser.collect()
            self.check("no console errors besides the expected 401s", not browser.console, f"{browser.console[:2]}")
            self.check("the search box suggests nothing", browser.suggestions_for("ca") == [],
                       f"{browser.suggestions_for('ca')}")

            print("errors are shown")
            browser.go("#/favorites")
            browser.one("empty")
            status = http(self.base, "DELETE", "/installs/current", token=new)[0]
            browser.open_dialog()
            browser.one("erase-confirm").click()
            refusal = browser.visible("error").text
            browser.screenshot("erase-refused")
            self.check("a 401 (the install deleted meanwhile) is shown, and no install is made for it",
                       status == 204 and "could not be erased" in refusal and "opens no install" in refusal
                       and browser.token() == new and browser.installs_made() == 2
                       and browser.one("erase-data").is_enabled(),
                       f"DELETE over HTTP {status}, shown {refusal!r}, {browser.installs_made()} installs")
            stop(server)
            browser.open_dialog()
            browser.one("erase-confirm").click()
            browser.wait.until(lambda d: "Cannot reach gif-bff" in browser.visible("error").text,
                               "the network error was not shown")
            browser.screenshot("erase-unreachable")
            self.check("gif-bff unreachable is shown", True)
        except Exception:
            browser.screenshot("erase-failure")
            raise
        finally:
            browser.driver.quit()

    def no_new_install(self):
        print(f"one install an hour ({self.base})")
        browser = EraseBrowser(self.base, self.shots)
        try:
            browser.go("#/favorites")
            browser.one("empty")
            old = browser.token()
            browser.open_dialog()
            browser.one("erase-confirm").click()
            shown = browser.visible("error").text
            browser.screenshot("erased-no-new-install")
            self.check("an erase with no new install after it says so, and keeps no token",
                       "Your data was erased, but a new install could not be made" in shown
                       and browser.erases_sent() == [f"Bearer {old}"] and browser.token() is None
                       and self.kept(old) == (401, 401, "install_token_invalid"),
                       f"shown {shown!r}, sent {browser.erases_sent()}, token {browser.token()!r}, kept {self.kept(old)}")
        finally:
            browser.driver.quit()

    def optional(self):
        print(f"default policy (the shared demo gif-bff, {SHARED})")
        browser = EraseBrowser(SHARED, self.shots)
        try:
            browser.go("#/favorites")
            browser.wait.until(lambda d: browser.all("empty") or browser.all("favorite-item"), "no favorites view")
            self.check("without a token there is nothing to erase: no button",
                       browser.token() is None and not browser.all("erase-section"),
                       f"token {browser.token()!r}, {len(browser.all('erase-section'))} sections")
        finally:
            browser.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-erase-shots-")
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    server, base_url = start_installs_server(tempfile.mkdtemp(prefix="gif-bff-erase-"))
    try:
        print(f"screenshots {shots}")
        test = EraseTest(base_url, shots)
        item_id = http(base_url, "GET", "/search?q=cat&provider=giphy&limit=24")[2]["data"][0]["id"]
        test.required(server, item_id)
        test.optional()
    finally:
        stop(server)
    server, base_url = start_installs_server(tempfile.mkdtemp(prefix="gif-bff-erase-"), "--installs-per-hour", "1")
    try:
        limited = EraseTest(base_url, shots)
        limited.no_new_install()
        test.failures += limited.failures
    finally:
        stop(server)
    elapsed = time.monotonic() - started
    if test.failures:
        print(f"erase_test: FAILED in {elapsed:.1f} s: {test.failures}", file=sys.stderr)
        sys.exit(1)
    print(f"erase_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
