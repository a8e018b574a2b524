#!/usr/bin/env python3
"""Demo mode in real Chromium (issue 21): every view of the web app on both providers, against
the gif-bff that scripts/browser-tests.sh started with no keys (the built-in demo catalogs), with
three checks a first run must pass: every image on every view loads (naturalWidth > 0), the page
asks nobody but gif-bff's own origin, and the console stays free of errors. The photo and GIF
downloads must also reach the downloads folder as files.

The demo catalogs' pictures are served by gif-bff itself (issue 20), so all of it holds with no
network at all. Every check runs, and each prints ok or FAIL.

Environment: GIF_BFF_URL (a running demo gif-bff), SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""
import os
import sys
import tempfile
import time
from urllib.parse import quote, urlparse

from browser_support import Checks, PageDriver, get_json as get_url_json, send as send_url

API = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")
IMAGE_WAIT_SECONDS = 10

# Takes the view's images as they are, brings each into view (lazy images load as they near the
# viewport; the grid's next page may too, but only the images first shown are judged), waits for
# them to finish, and answers the ones that did not load, with their URLs.
IMAGES_NOT_LOADED = """
const done = arguments[arguments.length - 1];
const deadline = Date.now() + arguments[0] * 1000;
(async () => {
  const images = [...document.querySelectorAll('img')];
  for (const image of images) {
    image.scrollIntoView({ block: 'center' });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  while (Date.now() < deadline && images.some((image) => !image.complete)) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  window.scrollTo(0, 0);
  done({ total: images.length,
         failed: images.filter((image) => !image.complete || image.naturalWidth === 0).map((image) => image.currentSrc || image.src) });
})();
"""




def get_json(path):
    return get_url_json(f"{API}{path}")


def send(method, path, body=None):
    return send_url(method, f"{API}{path}", body)


class DemoModeTest(Checks, PageDriver):
    def __init__(self, shots, downloads):
        super().__init__(API, shots, download_dir=downloads)
        self.downloads = downloads
        self.own = urlparse(API).netloc
        self.failures = []
        self.requested = set()
        self.console = []

    def visit(self, name, fragment, ready):
        """Opens a view, waits for `ready` (a data-test hook), then checks its images."""
        self.go(fragment)
        self.wait.until(lambda d: self.all(ready), f"{name}: no [data-test={ready}]")
        self.driver.set_script_timeout(IMAGE_WAIT_SECONDS + 20)
        images = self.driver.execute_async_script(IMAGES_NOT_LOADED, IMAGE_WAIT_SECONDS)
        hosts = sorted({urlparse(url).netloc for url in images["failed"]})
        self.check(f"{name}: every image loaded ({images['total'] - len(images['failed'])} of {images['total']})",
                   images["total"] > 0 and not images["failed"],
                   f"not loaded from {hosts}" if images["failed"] else "no image at all")
        self.screenshot(name.replace(" ", "-"))
        self.collect()

    def collect(self):
        urls, severe = self.read_logs()
        self.requested.update(urlparse(url).netloc for url in urls)
        self.console += severe

    def download(self, name, item_id):
        """Presses Download on the item's detail and waits (bounded) for a file to arrive."""
        before = set(os.listdir(self.downloads))
        self.go(f"#/item/{quote(item_id)}")
        self.one("download").click()
        self.visible("download-done")
        deadline = time.monotonic() + IMAGE_WAIT_SECONDS
        arrived = []
        while time.monotonic() < deadline:
            arrived = [f for f in set(os.listdir(self.downloads)) - before if not f.endswith(".crdownload")]
            if arrived:
                break
            time.sleep(0.2)
        sizes = {f: os.path.getsize(os.path.join(self.downloads, f)) for f in arrived}
        self.check(f"{name}: the browser saved the file", len(arrived) == 1 and all(sizes.values()),
                   f"downloads folder got {sizes or 'nothing'}")
        for handle in self.driver.window_handles[1:]:  # a file on another origin opens a tab
            self.driver.switch_to.window(handle)
            self.driver.close()
        self.driver.switch_to.window(self.driver.window_handles[0])
        self.collect()

    def run(self):
        photo = get_json("/search?q=mountain&provider=unsplash&limit=30")["data"][0]
        gif = get_json("/search?q=cat&provider=giphy&limit=24")["data"][0]
        starred = []
        try:
            self.visit("GIF trending", "#/search", "result-item")
            self.visit("GIF search", "#/search?provider=giphy&q=cat", "result-item")
            self.visit("photo feed", "#/search?provider=unsplash", "result-item")
            self.visit("photo search", "#/search?provider=unsplash&q=mountain", "result-item")
            self.visit("photo detail", f"#/item/{quote(photo['id'])}", "detail")
            self.visit("GIF detail", f"#/item/{quote(gif['id'])}", "detail")
            self.visit("GIF random", "#/random?provider=giphy", "random-item")
            self.visit("photo random", "#/random?provider=unsplash", "random-item")
            self.visit("GIF spotlight", "#/spotlight?provider=giphy", "spotlight-item")
            self.visit("photo spotlight", "#/spotlight?provider=unsplash", "spotlight-item")
            for item in (photo, gif):
                if send("POST", "/favorites", {"id": item["id"]}) == 201:
                    starred.append(item["id"])
            self.visit("favorites", "#/favorites", "favorite-item")
            self.download("photo download", photo["id"])
            self.download("GIF download", gif["id"])
            strangers = sorted(host for host in self.requested if host != self.own)
            self.check(f"only gif-bff's own origin ({self.own}) was asked", not strangers, f"also asked {strangers}")
            self.check("no console errors", not self.console, f"{len(self.console)}, first: {self.console[:1]}")
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            for item_id in starred:  # the demo server is shared with the other browser tests
                send("DELETE", f"/favorites/{quote(item_id)}")
            self.driver.quit()
        return self.failures


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-demo-shots-")
    os.makedirs(shots, exist_ok=True)
    downloads = tempfile.mkdtemp(prefix="gif-bff-demo-downloads-")
    started = time.monotonic()
    print(f"demo gif-bff {API}; screenshots {shots}; downloads {downloads}")
    failures = DemoModeTest(shots, downloads).run()
    elapsed = time.monotonic() - started
    if failures:
        print(f"demo_mode_test: FAILED in {elapsed:.1f} s: {failures}", file=sys.stderr)
        sys.exit(1)
    print(f"demo_mode_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
