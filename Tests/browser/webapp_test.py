#!/usr/bin/env python3
"""The reference web app (issue 13, item 7) in real Chromium against a real gif-bff.

gif-bff runs on the demo catalog served by a separate fake-giphy process, so the test can stop
the upstream and see the app say it is offline. Every flow of the client apps is driven through
the page's data-test hooks; a screenshot of each view lands in SCREENSHOT_DIR (printed).

Environment: GIF_BFF_BIN, FAKE_GIPHY_BIN (default .build/debug/...), SCREENSHOT_DIR (default a new
temporary folder), CHROMIUM_BIN, CHROMEDRIVER_BIN. Exit status 0 when every check passed.
"""
import json
import os
import re
import sys
import tempfile
import time
import urllib.request
from urllib.parse import urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser_support import PageDriver, built, drain, start_process, stop

GIF_BFF = built("gif-bff", "GIF_BFF_BIN")
FAKE_GIPHY = built("fake-giphy", "FAKE_GIPHY_BIN")
# Demo media URLs are GIPHY's CDN hosts (media0..media4.giphy.com); nothing else may be asked.
MEDIA_HOST = re.compile(r"^media\d*\.giphy\.com$")
# Small, so the random round fills the list and the star meets a 409.
FAVORITES_LIMIT = 2


class WebAppTest(PageDriver):
    def __init__(self, base_url, fake, shots):
        super().__init__(base_url, shots)
        self.fake = fake
        self.requested_hosts = set()
        self.console_errors = []

    def collect_logs(self, expected_failure=None):
        """Reads (and so empties) the logs; `expected_failure` is a URL a step made fail on purpose."""
        urls, severe = self.read_logs()
        self.requested_hosts.update(urlparse(url).netloc for url in urls)
        for message in severe:
            # No internet here: the GIPHY CDN's images cannot load, and Chromium says so.
            media_failure = re.search(r"https://media\d*\.giphy\.com/\S+ - Failed to load resource", message)
            deliberate = expected_failure and message.startswith(expected_failure + " ")
            if not media_failure and not deliberate:
                self.console_errors.append(message)

    # The flows -----------------------------------------------------------------------------------
    def search_and_scroll(self):
        print("search: trending, then 'cat', scroll to a second page")
        self.go("")
        self.wait.until(lambda d: len(self.all("result-item")) > 0, "no trending GIFs")
        # Keyboard: the first Tab reaches the skip link, which moves focus to the view, not the route.
        self.driver.find_element(By.TAG_NAME, "body").send_keys(Keys.TAB)
        skip = self.driver.switch_to.active_element
        assert skip.get_attribute("class") == "skip", skip.get_attribute("outerHTML")
        skip.send_keys(Keys.ENTER)
        assert self.driver.switch_to.active_element.get_attribute("id") == "view"
        assert self.driver.current_url.endswith("/"), self.driver.current_url
        box = self.one("search-input")
        box.send_keys("cat", Keys.ENTER)
        self.wait.until(lambda d: "q=cat" in d.current_url and len(self.all("result-item")) > 0, "no results for cat")
        first_page = len(self.all("result-item"))
        assert 0 < first_page <= 24, first_page
        self.compressed_answers()
        assert self.one("load-more").is_displayed(), "no load-more button on a first page"
        cell = self.all("result-item")[0].find_element(By.CSS_SELECTOR, ".cell-link")
        assert abs(cell.size["width"] - cell.size["height"]) <= 1, f"cell not square: {cell.size}"
        columns = {e.location["x"] for e in self.all("result-item")[:6]}
        assert len(columns) == 3, f"expected 3 columns, got x positions {sorted(columns)}"
        images = self.driver.find_elements(By.CSS_SELECTOR, '[data-test="result-item"] img')
        assert images and all(i.get_attribute("alt") for i in images), "an image without alt text"

        def scrolled_to_second_page(driver):
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            return len(self.all("result-item")) > first_page
        self.wait.until(scrolled_to_second_page, "scrolling did not load a second page")
        print(f"  {first_page} results, {len(self.all('result-item'))} after scrolling")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.screenshot("search")

    def compressed_answers(self):
        """Issue 24 item 6: the page's own fetch of a search page and its script files came gzip
        compressed (Resource Timing's encoded size below the decoded one), and the app, unchanged,
        drew the results from them."""
        sizes = self.driver.execute_script(
            "return performance.getEntriesByType('resource')"
            ".filter(e => e.name.includes('/search?') || e.name.endsWith('/app/search.js'))"
            ".map(e => [e.name, e.encodedBodySize, e.decodedBodySize]);")
        big = [(name, encoded, decoded) for name, encoded, decoded in sizes if decoded > 1024]
        assert any("/search?" in name for name, _, _ in big), sizes
        assert any(name.endswith("/app/search.js") for name, _, _ in big), sizes
        assert all(encoded * 2 < decoded for _, encoded, decoded in big), f"not compressed: {big}"
        for name, encoded, decoded in big:
            print(f"  {urlparse(name).path}: {encoded} bytes on the wire, {decoded} decoded")

    def history_suggestions(self):
        print("history: typing 'CA' suggests the earlier 'cat' (case-insensitive substring)")
        box = self.one("search-input")
        box.clear()
        box.send_keys("CA")
        # The list says which text it answers: an earlier one (on focus, say) must not pass for it.
        self.wait.until(lambda d: d.find_element(By.ID, "suggestions").get_attribute("data-for") == "CA"
                        and any(s.is_displayed() for s in self.all("history-suggestion")), "no suggestion for CA")
        texts = [s.text for s in self.all("history-suggestion")]
        assert "cat" in texts, texts
        assert len(texts) <= 5 and all("ca" in t.lower() for t in texts), texts
        self.screenshot("search-suggestions")

    def detail_and_favorite(self):
        print("detail: open by keyboard, favorite, find under Favorites, remove")
        self.go("#/search?q=cat")
        self.wait.until(lambda d: len(self.all("result-item")) > 0, "no results for cat")
        first = self.all("result-item")[0]
        gif_id = first.get_attribute("data-id")
        first.find_element(By.CSS_SELECTOR, "a").send_keys(Keys.ENTER)
        detail = self.visible("detail")
        assert detail.get_attribute("data-id") == gif_id, (detail.get_attribute("data-id"), gif_id)
        frame = detail.find_element(By.CSS_SELECTOR, ".detail-image")
        assert frame.size["width"] <= 160 and frame.size["height"] <= 160, frame.size
        assert detail.find_element(By.TAG_NAME, "h2").text, "no title"
        assert self.one("share").is_displayed()
        assert "Powered by GIPHY" in self.driver.find_element(By.TAG_NAME, "footer").text
        toggle = self.one("favorite-toggle")
        assert toggle.get_attribute("aria-pressed") == "false", "already a favorite"
        toggle.click()
        self.wait.until(lambda d: self.one("favorite-toggle").get_attribute("aria-pressed") == "true", "favorite not set")
        self.screenshot("detail")

        self.one("favorites-tab").click()
        self.wait.until(lambda d: any(i.get_attribute("data-id") == gif_id for i in self.all("favorite-item")),
                        "the favorite is not listed")
        self.screenshot("favorites")
        item = next(i for i in self.all("favorite-item") if i.get_attribute("data-id") == gif_id)
        item.find_element(By.CSS_SELECTOR, "button").click()
        self.wait.until(lambda d: all(i.get_attribute("data-id") != gif_id for i in self.all("favorite-item")),
                        "the favorite was not removed")
        self.wait.until(lambda d: "No favorites yet" in d.find_element(By.ID, "view").text, "no empty state")

    def random_round(self):
        print("random: like, dislike, like; counter and favorites follow")
        self.one("random-tab").click()
        liked, disliked = [], []
        for step, choice in enumerate(["random-like", "random-dislike", "random-like"], start=1):
            self.wait.until(lambda d: self.one("random-counter").text == f"GIF {step} of 10", f"counter not {step}")
            self.wait.until(lambda d: self.one(choice).is_enabled(), "buttons stay disabled")
            gif_id = self.driver.find_element(By.CSS_SELECTOR, ".random-gif").get_attribute("data-id")
            # The click handler adds the flash class at once, so read it in the same script.
            flash = self.driver.execute_script(
                "arguments[0].click(); return document.querySelector('.random-frame').className;", self.one(choice))
            expected = "flash-like" if choice == "random-like" else "flash-dislike"
            assert expected in flash, flash
            (liked if choice == "random-like" else disliked).append(gif_id)
            if step == 2:
                self.screenshot("random")
        self.wait.until(lambda d: self.one("random-counter").text == "GIF 4 of 10", "counter not 4")
        favorites = json.load(urllib.request.urlopen(f"{self.base}/favorites", timeout=5))
        ids = [f["id"] for f in favorites["data"]]
        for gif_id in liked:
            assert gif_id in ids, (gif_id, ids)
        assert all(d not in ids or d in liked for d in disliked), (disliked, ids)
        self.one("favorites-tab").click()
        self.wait.until(lambda d: {i.get_attribute("data-id") for i in self.all("favorite-item")} >= set(liked),
                        "liked GIFs not under Favorites")

    def favorites_full(self):
        print(f"favorites full: the star shows the 409's detail (limit {FAVORITES_LIMIT})")
        favorites = json.load(urllib.request.urlopen(f"{self.base}/favorites", timeout=5))
        self.go("#/search?q=dog")
        self.wait.until(lambda d: len(self.all("result-item")) >= FAVORITES_LIMIT + 1, "too few results for dog")
        ids = [i.get_attribute("data-id") for i in self.all("result-item")]
        spare = [i for i in ids if i not in {f["id"] for f in favorites["data"]}]
        # The random round liked two GIFs; fill up through the API should it have met one twice.
        for gif_id in spare[:FAVORITES_LIMIT - favorites["count"]]:
            request = urllib.request.Request(f"{self.base}/favorites", data=json.dumps({"id": gif_id}).encode(),
                                             headers={"Content-Type": "application/json"}, method="POST")
            urllib.request.urlopen(request, timeout=5)
        self.go(f"#/gif/{spare[-1]}")
        self.one("favorite-toggle").click()
        error = self.visible("error")
        assert f"at most {FAVORITES_LIMIT} favorites" in error.text, error.text
        assert self.one("favorite-toggle").get_attribute("aria-pressed") == "false"
        self.screenshot("favorites-full")
        self.collect_logs(expected_failure=f"{self.base}/favorites")

    def random_round_end(self):
        print("random: after 10 GIFs a dialog offers to continue")
        self.go("#/random")
        for step in range(1, 11):
            self.wait.until(lambda d: self.one("random-counter").text == f"GIF {step} of 10", f"counter not {step}")
            self.wait.until(lambda d: self.one("random-dislike").is_enabled(), "buttons stay disabled")
            self.one("random-dislike").click()
        dialog = self.wait.until(lambda d: next((e for e in d.find_elements(By.CSS_SELECTOR, "dialog[open]")), None),
                                 "no dialog after 10")
        assert "10 GIFs" in dialog.text, dialog.text
        self.screenshot("random-round-over")
        continue_button = dialog.find_element(By.XPATH, ".//button[text()='Continue']")
        continue_button.send_keys(Keys.ENTER)
        self.wait.until(lambda d: self.one("random-counter").text == "GIF 1 of 10", "no new round")

    def spotlight_countdown(self):
        print("spotlight: the countdown decreases and survives a reload")
        self.one("spotlight-tab").click()
        countdown = self.visible("spotlight-countdown")
        first = int(countdown.get_attribute("data-seconds"))
        gif_id = self.driver.find_element(By.CSS_SELECTOR, ".spotlight-gif").get_attribute("data-id")
        assert first > 0, countdown.text
        assert len(self.driver.find_elements(By.CSS_SELECTOR, ".facts dt")) >= 3, "fewer than 3 facts"
        time.sleep(2.2)
        later = int(self.one("spotlight-countdown").get_attribute("data-seconds"))
        assert later < first, (first, later)
        self.screenshot("spotlight")
        self.driver.refresh()
        self.wait.until(lambda d: self.all("spotlight-countdown") and
                        self.all("spotlight-countdown")[0].get_attribute("data-seconds"), "no countdown after reload")
        reloaded = int(self.one("spotlight-countdown").get_attribute("data-seconds"))
        same = self.driver.find_element(By.CSS_SELECTOR, ".spotlight-gif").get_attribute("data-id")
        assert same == gif_id, (gif_id, same)
        assert later - 5 <= reloaded <= later, (later, reloaded)

    def offline(self):
        print("offline: stop fake-giphy; a cached search shows the banner, a new one the problem's detail")
        stop(self.fake)
        self.go("#/search?q=cat")
        banner = self.visible("offline-banner")
        assert "offline" in banner.text.lower(), banner.text
        self.wait.until(lambda d: len(self.all("result-item")) > 0, "no saved results")
        self.screenshot("offline")
        self.collect_logs()
        self.go("#/search?q=never%20searched%20before")
        error = self.visible("error")
        assert error.text and "gif-bff answered" not in error.text, error.text
        print(f"  error state: {error.text.splitlines()[0]!r}")
        self.screenshot("error")
        # Chromium logs the 502 it was given; that one failure is the point of this step.
        self.collect_logs(expected_failure=f"{self.base}/search?q=never+searched+before&kind=gifs&offset=0&limit=24")

    def run(self):
        try:
            self.search_and_scroll()
            self.history_suggestions()
            self.detail_and_favorite()
            self.random_round()
            self.favorites_full()
            self.random_round_end()
            self.spotlight_countdown()
            self.offline()
            own = urlparse(self.base).netloc
            strangers = {h for h in self.requested_hosts if h != own and not MEDIA_HOST.match(h)}
            assert not strangers, f"requests to other hosts: {strangers}"
            assert not self.console_errors, f"console errors: {self.console_errors}"
            print(f"hosts asked: {sorted(self.requested_hosts)}")
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            self.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-webapp-shots-")
    os.makedirs(shots, exist_ok=True)
    print(f"screenshots: {shots}")
    workdir = tempfile.mkdtemp(prefix="gif-bff-webapp-")
    started = time.monotonic()
    fake = server = None
    try:
        fake, fake_url = start_process([FAKE_GIPHY, "--port", "0"], dict(os.environ), r"listening on (\S+)")
        drain(fake)
        environment = dict(os.environ,
                           GIPHY_API_KEY="fake-giphy-key", GIPHY_BASE_URL=fake_url,
                           GIF_BFF_HOST="127.0.0.1", GIF_BFF_PORT="0",
                           GIF_BFF_DATABASE=os.path.join(workdir, "gif-bff.sqlite"),
                           # Every answer asks the upstream, so stopping it shows stale answers at once.
                           GIF_BFF_CACHE_FRESH_SECONDS="0", GIF_BFF_UPSTREAM_TIMEOUT_SECONDS="2",
                           GIF_BFF_FAVORITES_LIMIT=str(FAVORITES_LIMIT), GIF_BFF_LOG_FORMAT="logfmt")
        server, base_url = start_process([GIF_BFF], environment, r'url="?(http://[^"\s]+)')
        drain(server)
        base_url = base_url.rstrip("/")
        print(f"gif-bff {base_url}, fake-giphy {fake_url}")
        WebAppTest(base_url, fake, shots).run()
    finally:
        stop(server)
        stop(fake)
    print(f"webapp_test: passed in {time.monotonic() - started:.1f} s; screenshots in {shots}")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"webapp_test: FAILED: {failure!r}", file=sys.stderr)
        sys.exit(1)
