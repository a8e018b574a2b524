#!/usr/bin/env python3
"""Accessibility, checked by a tool (issue 35.8): axe-core (the copy axe-selenium-python bundles)
runs in headless Chromium over every view of the web app, on both providers, against the demo
gif-bff that scripts/browser-tests.sh started, and over the favorites of an install with "Erase
my data" and its dialog open, on a demo gif-bff of its own with `--installs required`. Every
violation is printed with its impact; a serious or critical one on any view fails the test.

Environment: GIF_BFF_URL (a running demo gif-bff), GIF_BFF_BIN (default .build/debug/gif-bff),
SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""
import json
import os
import sys
import tempfile
import time
from urllib.parse import quote

from axe_selenium_python import Axe

from browser_support import PageDriver, get_json as get_url_json, send as send_url, stop
from install_support import start_installs_server

API = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")
FAILING_IMPACTS = ("serious", "critical")
IMAGES_IN_VIEW_LOADED = """
return [...document.images]
  .filter((image) => { const box = image.getBoundingClientRect(); return box.bottom > 0 && box.top < innerHeight; })
  .every((image) => image.complete);
"""




def get_json(path):
    return get_url_json(f"{API}{path}")


def send(method, path, body=None):
    return send_url(method, f"{API}{path}", body)


class AccessibilityTest(PageDriver):
    def __init__(self, shots, base=API):
        super().__init__(base, shots)
        self.failures = []
        self.counts = {}

    def audit(self, name, fragment, ready, before=None):
        """Opens a view, waits for `ready` (a data-test hook) and for its images, runs axe on it."""
        self.go(fragment)
        self.wait.until(lambda d: self.all(ready), f"{name}: no [data-test={ready}]")
        if before:
            before()
        # The images in view loaded, so colour contrast is judged over what a person sees (lazy
        # ones further down load only when scrolled to).
        self.wait.until(lambda d: d.execute_script(IMAGES_IN_VIEW_LOADED), f"{name}: images still loading")
        axe = Axe(self.driver)
        axe.inject()
        self.driver.set_script_timeout(60)
        results = axe.run(options=json.dumps({"resultTypes": ["violations"]}))
        violations = results["violations"]
        failing = [v for v in violations if v.get("impact") in FAILING_IMPACTS]
        self.counts[name] = {impact: sum(len(v["nodes"]) for v in violations if v.get("impact") == impact)
                             for impact in ("critical", "serious", "moderate", "minor")}
        broken = ", ".join("%s %s x%d" % (v["id"], v.get("impact"), len(v["nodes"])) for v in violations) or "none"
        print(f"{'ok  ' if not failing else 'FAIL'}  {name}: {len(violations)} rules broken ({broken})")
        for violation in failing:
            for node in violation["nodes"][:3]:
                print(f"      {violation['id']}: {node['target']} {node.get('failureSummary', '').splitlines()[-1:]}")
            self.failures.append(f"{name}: {violation['id']}")
        self.screenshot("axe-" + name.replace(" ", "-"))

    def type_into_search(self):
        """The search box with its suggestions open: what a person sees while typing."""
        field = self.one("search-input")
        field.clear()
        field.send_keys("ca")
        self.wait.until(lambda d: self.all("history-suggestion"), "no suggestions while typing")

    def run(self):
        photo = get_json("/search?q=mountain&provider=unsplash&limit=30")["data"][0]
        gif = get_json("/search?q=cat&provider=giphy&limit=24")["data"][0]
        starred = []
        try:
            print(f"axe-core {self.axe_version()}")
            self.audit("favorites empty", "#/favorites", "empty")
            self.audit("home", "", "result-item")
            self.audit("GIF search", "#/search?provider=giphy&q=cat", "result-item")
            self.audit("GIF search typing", "#/search?provider=giphy&q=cat", "result-item", before=self.type_into_search)
            self.audit("sticker search", "#/search?provider=giphy&q=cat&type=stickers", "result-item")
            self.audit("photo feed", "#/search?provider=unsplash", "result-item")
            self.audit("photo search", "#/search?provider=unsplash&q=mountain&order_by=latest", "result-item")
            self.audit("GIF detail", f"#/item/{quote(gif['id'])}", "detail")
            self.audit("photo detail", f"#/item/{quote(photo['id'])}", "detail")
            self.audit("GIF random", "#/random?provider=giphy", "random-item")
            self.audit("photo random", "#/random?provider=unsplash", "random-item")
            self.audit("GIF spotlight", "#/spotlight?provider=giphy", "spotlight-item")
            self.audit("photo spotlight", "#/spotlight?provider=unsplash", "spotlight-item")
            for item in (photo, gif):
                if send("POST", "/favorites", {"id": item["id"]}) == 201:
                    starred.append(item["id"])
            self.audit("favorites", "#/favorites", "favorite-item")
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            for item_id in starred:  # the demo server is shared with the other browser tests
                send("DELETE", f"/favorites/{quote(item_id)}")
            self.driver.quit()
        return self.report()

    def run_installs(self):
        """The views only an install has (on a server with --installs required): "Erase my data"."""
        try:
            self.audit("favorites with erase", "#/favorites", "erase-data")
            self.audit("erase dialog", "#/favorites", "erase-data", before=self.open_erase_dialog)
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            self.driver.quit()
        return self.report()

    def open_erase_dialog(self):
        self.one("erase-data").click()
        self.wait.until(lambda d: self.one("erase-dialog").get_attribute("open") is not None, "the dialog did not open")

    def report(self):
        print("violations by view (nodes: critical/serious/moderate/minor):")
        for name, counts in self.counts.items():
            print(f"  {name}: {counts['critical']}/{counts['serious']}/{counts['moderate']}/{counts['minor']}")
        return self.failures

    def axe_version(self):
        axe = Axe(self.driver)
        self.go("")
        axe.inject()
        return self.driver.execute_script("return axe.version")


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-axe-shots-")
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    print(f"demo gif-bff {API}; screenshots {shots}")
    failures = AccessibilityTest(shots).run()
    server, installs_url = start_installs_server(tempfile.mkdtemp(prefix="gif-bff-axe-"))
    try:
        print(f"demo gif-bff with --installs required {installs_url}")
        failures += AccessibilityTest(shots, installs_url).run_installs()
    finally:
        stop(server)
    elapsed = time.monotonic() - started
    if failures:
        print(f"accessibility_test: FAILED in {elapsed:.1f} s: {failures}", file=sys.stderr)
        sys.exit(1)
    print(f"accessibility_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
