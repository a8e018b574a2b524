#!/usr/bin/env python3
"""The photo apps (issue 21, seeds 002 and 004) in real Chromium, beside the GIF ones.

gif-bff runs against fake-giphy and fake-unsplash started here as separate processes, so the test
can stop Unsplash (the spotlight's stale pick is shown as not fresh) and then gif-bff itself (the
page keeps the last picture and says it is offline). Every check compares what the page shows
with what the API answers for the same item. Screenshots land in SCREENSHOT_DIR (printed).

Environment: GIF_BFF_BIN, FAKE_GIPHY_BIN, FAKE_UNSPLASH_BIN (default .build/debug/...),
SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN. Exit status 0 when every check passed.
"""
import os
import re
import sys
import tempfile
import time
from urllib.parse import quote, urlparse

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import PageDriver, built, drain, start_process, stop, get_json, send

GIF_BFF = built("gif-bff", "GIF_BFF_BIN")
FAKE_GIPHY = built("fake-giphy", "FAKE_GIPHY_BIN")
FAKE_UNSPLASH = built("fake-unsplash", "FAKE_UNSPLASH_BIN")
UNSPLASH_KEY = "fake-unsplash-access-key"
# A pick lasts 18 s: long enough to see it survive a reload, short enough to wait for a stale one.
SPOTLIGHT_MINUTES = 0.3
PHOTO_PAGE = 30


class PhotoAppsTest(PageDriver):
    def __init__(self, base_url, unsplash_url, shots, processes):
        super().__init__(base_url, shots)
        self.unsplash = unsplash_url
        self.processes = processes
        self.console_errors = []
        # Every URL of gif-bff's may fail once a step stopped it.
        self.server_stopped = False

    def api(self, path):
        return get_json(f"{self.base}{path}")

    def collect_logs(self, expected_failure=None):
        """Console errors, but for images from other hosts (no internet here before the demo
        media are gif-bff's own), gif-bff's URLs after the step that stopped it, and
        `expected_failure`, a URL prefix of ours a step made fail on purpose."""
        _, severe = self.read_logs()
        own = urlparse(self.base).netloc
        for message in severe:
            failed = re.match(r"(\S+) - Failed to load resource", message)
            url = failed.group(1) if failed else ""
            if failed and (urlparse(url).netloc != own or self.server_stopped
                           or (expected_failure and url.startswith(expected_failure))):
                continue
            self.console_errors.append(message)

    def switch_value(self):
        return Select(self.one("provider-switch")).first_selected_option.get_attribute("value")

    def result_ids(self):
        return [cell.get_attribute("data-id") for cell in self.all("result-item")]

    # The flows -----------------------------------------------------------------------------------
    def provider_switch_and_photo_search(self):
        print("search: the switch starts on the server's default, photos 30 a page, order, scroll, reload")
        self.go("#/search")
        self.wait.until(lambda d: self.all("result-item"), "no trending GIFs")
        assert self.switch_value() == "kind:gifs", f"the switch is not on the server's default chain: {self.switch_value()}"
        assert {c.get_attribute("data-provider") for c in self.all("result-item")} == {"giphy"}
        Select(self.one("provider-switch")).select_by_value("unsplash")
        self.wait.until(lambda d: "provider=unsplash" in d.current_url, "the switch did not reach the address")
        self.wait.until(lambda d: self.all("result-item") and
                        {c.get_attribute("data-provider") for c in self.all("result-item")} == {"unsplash"},
                        "no trending photos after switching")
        box = self.one("search-input")
        box.send_keys("mountain", Keys.ENTER)
        self.wait.until(lambda d: "q=mountain" in d.current_url and len(self.all("result-item")) == PHOTO_PAGE,
                        "no first page of 30 photos for mountain")
        relevant = self.api(f"/search?q=mountain&provider=unsplash&limit={PHOTO_PAGE}")
        assert self.result_ids() == [p["id"] for p in relevant["data"]], "the grid is not the API's page"
        first = relevant["data"][0]
        cell = self.all("result-item")[0]
        image = cell.find_element(By.TAG_NAME, "img")
        assert image.get_attribute("src") == first["images"]["small"]["url"], "a cell is not the small rendition"
        assert image.get_attribute("alt") == first["alt_text"], image.get_attribute("alt")
        background = cell.find_element(By.CSS_SELECTOR, ".cell-link").value_of_css_property("background-color")
        assert background == css_rgb(first["color"]), (background, first["color"])
        assert first["alt_text"] in cell.text, f"the tile has no description: {cell.text!r}"
        columns = {c.location["x"] for c in self.all("result-item")[:4]}
        assert len(columns) == 2, f"photos are not in 2 columns: {sorted(columns)}"

        order = Select(self.one("order-by"))
        assert order.first_selected_option.get_attribute("value") == "relevant"
        order.select_by_value("latest")
        latest = self.api(f"/search?q=mountain&provider=unsplash&order_by=latest&limit={PHOTO_PAGE}")
        latest_ids = [p["id"] for p in latest["data"]]
        assert latest_ids != [p["id"] for p in relevant["data"]], "the catalog orders both ways alike"
        self.wait.until(lambda d: "order_by=latest" in d.current_url and self.result_ids() == latest_ids,
                        "the latest order is not the API's")

        def scrolled(driver):
            driver.execute_script("window.scrollTo(0, document.body.scrollHeight)")
            return len(self.all("result-item")) > PHOTO_PAGE
        self.wait.until(scrolled, "scrolling did not load a second page of photos")
        total = latest["pagination"]["total_count"]
        self.wait.until(lambda d: len(self.all("result-item")) == total, f"not all {total} photos after scrolling")
        self.wait.until(lambda d: not self.one("load-more").is_displayed(), "load-more stays after the last page")
        print(f"  {PHOTO_PAGE} photos, {len(self.all('result-item'))} after scrolling; order latest")

        self.driver.refresh()
        self.wait.until(lambda d: len(self.all("result-item")) == PHOTO_PAGE, "no photos after a reload")
        assert self.switch_value() == "unsplash", "a reload lost the provider"
        assert Select(self.one("order-by")).first_selected_option.get_attribute("value") == "latest"
        assert self.result_ids() == latest_ids
        self.one("layout").click()
        self.wait.until(lambda d: len({c.location["x"] for c in self.all("result-item")[:3]}) == 1, "'one large' is not one column")
        self.screenshot("photo-search-large")
        self.one("layout").click()
        self.wait.until(lambda d: len({c.location["x"] for c in self.all("result-item")[:4]}) == 2, "not back to 2 columns")
        self.screenshot("photo-search")

        self.go("#/search?provider=unsplash&q=zzzz%20nothing")
        empty = self.visible("empty")
        assert "Nothing found" in empty.text and not self.all("result-item"), empty.text
        self.go("#/search?provider=unsplash&q=mountain")
        self.wait.until(lambda d: len(self.all("result-item")) == PHOTO_PAGE, "no photos again")
        box = self.one("search-input")
        box.clear()
        box.send_keys("MOUN")
        self.wait.until(lambda d: d.find_element(By.ID, "suggestions").get_attribute("data-for") == "MOUN"
                        and any(s.is_displayed() for s in self.all("history-suggestion")), "no suggestion for MOUN")
        assert "mountain" in [s.text for s in self.all("history-suggestion")]
        self.collect_logs()

    def photo_detail_and_download(self):
        print("detail: every field of a photo as the API has it; download makes one tracking call")
        candidates = [self.api(f"/items/{quote(p['id'])}") for p in
                      self.api(f"/search?q=mountain&provider=unsplash&limit={PHOTO_PAGE}")["data"]]
        full = next(p for p in candidates if p.get("location") and p.get("camera") and p.get("likes"))
        bare = next((p for p in candidates if not p.get("camera")), None)
        self.go(f"#/search?provider=unsplash&q=mountain")
        self.wait.until(lambda d: full["id"] in self.result_ids(), "the photo is not in the grid")
        cell = next(c for c in self.all("result-item") if c.get_attribute("data-id") == full["id"])
        cell.find_element(By.CSS_SELECTOR, "a").click()
        detail = self.visible("detail")
        assert detail.get_attribute("data-id") == full["id"] and detail.get_attribute("data-provider") == "unsplash"
        image = detail.find_element(By.CSS_SELECTOR, ".detail-image img")
        assert image.get_attribute("src") == full["images"]["regular"]["url"], "the detail is not the regular rendition"
        assert image.get_attribute("alt") == full["alt_text"]
        assert self.one("detail-title").text == full["title"]
        # The alt text is written out too where it says more than the title.
        if full["alt_text"] != full["title"]:
            assert self.one("detail-alt").text == full["alt_text"]
        else:
            assert not self.all("detail-alt"), "the alt text repeats the title"
        author = self.one("detail-author")
        assert author.text == full["user"]["display_name"], author.text
        assert author.get_attribute("href") == full["attribution"]["author_url"], author.get_attribute("href")
        assert re.sub(r"\D", "", self.one("detail-likes").text) == str(full["likes"]), self.one("detail-likes").text
        location = full["location"]
        assert self.one("detail-location").text == (location.get("name") or f"{location['city']}, {location['country']}")
        camera = self.one("detail-camera").text
        expected = [full["camera"].get("model") or full["camera"].get("make")]
        if full["camera"].get("iso"):
            expected.append(f"ISO {full['camera']['iso']}")
        assert all(part and part in camera for part in expected), (expected, camera)
        assert self.one("detail-date").text, "no date"
        attribution = self.one("attribution")
        assert attribution.text == full["attribution"]["text"], attribution.text
        links = {a.text: a.get_attribute("href") for a in attribution.find_elements(By.TAG_NAME, "a")}
        assert links == {full["user"]["display_name"]: full["attribution"]["author_url"],
                         "Unsplash": full["attribution"]["provider_url"]}, links
        assert "utm_medium=referral" in links["Unsplash"] and "utm_source=" in links["Unsplash"]
        self.screenshot("photo-detail")

        upstream_id = full["id"].split(":", 1)[1]
        send("DELETE", f"{self.unsplash}/__calls")
        tab = self.driver.current_window_handle
        self.one("download").click()
        self.visible("download-done")
        calls = get_json(f"{self.unsplash}/__calls")["by_path"]
        tracking = {path: count for path, count in calls.items() if path.endswith("/download")}
        assert tracking == {f"/photos/{upstream_id}/download": 1}, f"tracking calls: {tracking}"
        # A file on another origin (Unsplash's CDN here) opens in a tab of its own: close it.
        for handle in self.driver.window_handles:
            if handle != tab:
                self.driver.switch_to.window(handle)
                self.driver.close()
        self.driver.switch_to.window(tab)
        print(f"  tracking calls after one download: {tracking}")

        if bare:
            self.go(f"#/item/{quote(bare['id'])}")
            self.visible("detail")
            self.one("detail-title")
            assert not self.all("detail-camera"), "a camera shown for a photo without one"
            for hook, member in (("detail-location", "location"), ("detail-likes", "likes")):
                assert bool(self.all(hook)) == bool(bare.get(member)), f"{hook} shown: {bool(self.all(hook))}"
        self.collect_logs()

    def favorites_of_both_kinds(self):
        print("favorites: a photo and a GIF starred, both listed newest first with attribution and alt text")
        photo = self.api(f"/search?q=mountain&provider=unsplash&limit={PHOTO_PAGE}")["data"][1]
        gif = self.api("/search?q=cat&provider=giphy&limit=5")["data"][0]
        for item in (photo, gif):
            self.go(f"#/item/{quote(item['id'])}")
            toggle = self.one("favorite-toggle")
            self.wait.until(lambda d: self.one("detail").get_attribute("data-id") == item["id"], "wrong detail")
            assert toggle.get_attribute("aria-pressed") == "false"
            toggle.click()
            self.wait.until(lambda d: self.one("favorite-toggle").get_attribute("aria-pressed") == "true", "not starred")
            if item is gif:
                assert self.one("attribution").text == "Powered by GIPHY"
                assert not self.all("detail-likes") and not self.all("detail-camera")
            time.sleep(1.1)  # added_at has whole seconds: the GIF must be the newer one
        self.one("favorites-tab").click()
        self.wait.until(lambda d: len(self.all("favorite-item")) >= 2, "favorites not listed")
        listed = self.api("/favorites")["data"]
        cells = self.all("favorite-item")
        assert [c.get_attribute("data-id") for c in cells] == [f["id"] for f in listed]
        assert [c.get_attribute("data-id") for c in cells][:2] == [gif["id"], photo["id"]], "not newest first"
        for cell, item in zip(cells, listed):
            alt = item.get("alt_text") or item.get("title")
            assert cell.find_element(By.TAG_NAME, "img").get_attribute("alt") == alt
            assert self.all("favorite-alt", cell)[0].text == alt
            assert self.all("favorite-attribution", cell)[0].text == item["attribution"]["text"]
        photo_cell = cells[[c.get_attribute("data-id") for c in cells].index(photo["id"])]
        hrefs = {a.get_attribute("href") for a in self.all("favorite-attribution", photo_cell)[0].find_elements(By.TAG_NAME, "a")}
        assert hrefs == {photo["attribution"]["author_url"], photo["attribution"]["provider_url"]}, hrefs
        self.screenshot("favorites-both")
        self.collect_logs()

    def photo_random(self):
        print("random: photos one at a time, a like keeps one (seeds 000, 001 on Unsplash)")
        self.go("#/random?provider=unsplash")
        self.wait.until(lambda d: self.one("random-counter").text == "Photo 1 of 10", "counter not 1")
        self.wait.until(lambda d: self.one("random-like").is_enabled(), "buttons stay disabled")
        liked = self.one("random-item").get_attribute("data-id")
        assert liked.startswith("unsplash:"), liked
        assert self.one("attribution").text.startswith("Photo by "), self.one("attribution").text
        self.one("random-like").click()
        self.wait.until(lambda d: self.one("random-counter").text == "Photo 2 of 10", "counter not 2")
        assert liked in [f["id"] for f in self.api("/favorites")["data"]], "the liked photo is not a favorite"
        self.collect_logs()

    def photo_spotlight(self):
        print("spotlight: a photo, its facts, favorite, and the countdown across a reload")
        self.go("#/search")
        self.one("spotlight-tab").click()
        self.wait.until(lambda d: self.all("spotlight-item"), "no spotlight")
        Select(self.one("provider-switch")).select_by_value("unsplash")
        self.wait.until(lambda d: "provider=unsplash" in d.current_url and self.all("spotlight-item")
                        and self.all("spotlight-item")[0].get_attribute("data-id").startswith("unsplash:"), "no photo spotlight")
        picked = self.one("spotlight-item").get_attribute("data-id")
        first = int(self.one("spotlight-countdown").get_attribute("data-seconds"))
        assert first > 5, first
        assert len(self.driver.find_elements(By.CSS_SELECTOR, ".facts dt")) >= 3, "fewer than 3 facts"
        assert self.one("attribution").text.startswith("Photo by "), self.one("attribution").text
        star = self.one("spotlight-favorite")
        assert star.get_attribute("aria-pressed") == "false"
        star.click()
        self.wait.until(lambda d: self.one("spotlight-favorite").get_attribute("aria-pressed") == "true", "not starred")
        assert picked in [f["id"] for f in self.api("/favorites")["data"]]
        self.driver.refresh()
        self.wait.until(lambda d: self.all("spotlight-countdown") and
                        self.all("spotlight-countdown")[0].get_attribute("data-seconds"), "no countdown after reload")
        assert self.one("spotlight-item").get_attribute("data-id") == picked, "a reload changed the pick"
        assert self.switch_value() == "unsplash", "a reload lost the provider"
        reloaded = int(self.one("spotlight-countdown").get_attribute("data-seconds"))
        assert 0 < reloaded <= first, (first, reloaded)
        assert self.one("spotlight-favorite").get_attribute("aria-pressed") == "true"
        self.screenshot("photo-spotlight")
        self.collect_logs()
        return picked

    def unsplash_stopped(self, picked):
        print("Unsplash stopped: saved photo results are marked, the old pick is shown as not fresh")
        stop(self.processes["fake-unsplash"])
        time.sleep(2.2)  # past GIF_BFF_CACHE_FRESH_SECONDS, so gif-bff asks (and fails) again
        self.go("#/search?provider=unsplash&q=mountain")
        banner = self.visible("offline-banner")
        assert "not fresh" in banner.text and banner.get_attribute("data-reason") == "stale", banner.text
        self.wait.until(lambda d: len(self.all("result-item")) == PHOTO_PAGE, "no saved photos")
        self.go("#/search?provider=unsplash&q=never%20searched")
        error = self.visible("error")
        assert "Unsplash" in error.text and error.find_element(By.TAG_NAME, "button").text == "Try again", error.text
        self.collect_logs(expected_failure=f"{self.base}/search?q=never+searched&provider=unsplash")
        self.go("#/spotlight?provider=unsplash")
        # When the pick is due, gif-bff cannot ask Unsplash: the old pick stays, marked stale.
        deadline = time.monotonic() + SPOTLIGHT_MINUTES * 60 + 10
        while not self.all("stale-note") and time.monotonic() < deadline:
            time.sleep(0.5)
        note = self.visible("stale-note")
        assert "Not fresh" in note.text and "Unsplash" in note.text, note.text
        assert self.one("spotlight-item").get_attribute("data-id") == picked, "the stale pick is not the old one"
        self.screenshot("photo-spotlight-stale")
        self.collect_logs()

    def gif_bff_stopped(self, picked):
        print("gif-bff stopped: the spotlight keeps the last picture and says it is offline")
        stop(self.processes["gif-bff"])
        self.server_stopped = True
        # In-app navigation (the page and its scripts are loaded): away and back to the spotlight.
        self.driver.execute_script("location.hash = '#/favorites'")
        self.visible("error")
        self.driver.execute_script("location.hash = '#/spotlight?provider=unsplash'")
        banner = self.visible("offline-banner")
        assert banner.get_attribute("data-reason") == "unreachable" and "gif-bff cannot be reached" in banner.text, banner.text
        assert self.visible("offline-note").text.startswith("Offline")
        kept = self.one("spotlight-item")
        assert kept.get_attribute("data-id") == picked, (kept.get_attribute("data-id"), picked)
        assert kept.find_element(By.TAG_NAME, "img").get_attribute("src"), "the last picture has no image"
        self.screenshot("photo-spotlight-offline")
        self.collect_logs()

    def run(self):
        try:
            self.provider_switch_and_photo_search()
            self.photo_detail_and_download()
            self.favorites_of_both_kinds()
            self.photo_random()
            picked = self.photo_spotlight()
            print(f"  fake-unsplash calls since the download check: {get_json(f'{self.unsplash}/__calls')['total']} (its hourly limit is 50)")
            self.unsplash_stopped(picked)
            self.gif_bff_stopped(picked)
            assert not self.console_errors, f"console errors: {self.console_errors}"
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            self.driver.quit()


def css_rgb(hex_color):
    """'#010aaa' as the browser reports a computed colour: 'rgba(1, 10, 170, 1)'."""
    value = hex_color.lstrip("#")
    if len(value) == 3:
        value = "".join(c * 2 for c in value)
    red, green, blue = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    return f"rgba({red}, {green}, {blue}, 1)"


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-photo-shots-")
    os.makedirs(shots, exist_ok=True)
    print(f"screenshots: {shots}")
    workdir = tempfile.mkdtemp(prefix="gif-bff-photos-")
    started = time.monotonic()
    processes = {}
    try:
        processes["fake-giphy"], giphy_url = start_process([FAKE_GIPHY, "--port", "0"], dict(os.environ), r"listening on (\S+)")
        drain(processes["fake-giphy"])
        processes["fake-unsplash"], unsplash_url = start_process(
            [FAKE_UNSPLASH, "--port", "0", "--access-key", UNSPLASH_KEY], dict(os.environ), r"listening on (\S+)")
        drain(processes["fake-unsplash"])
        environment = dict(os.environ,
                           GIPHY_API_KEY="fake-giphy-key", GIPHY_BASE_URL=giphy_url,
                           UNSPLASH_ACCESS_KEY=UNSPLASH_KEY, UNSPLASH_BASE_URL=unsplash_url,
                           GIF_BFF_HOST="127.0.0.1", GIF_BFF_PORT="0",
                           GIF_BFF_DATABASE=os.path.join(workdir, "gif-bff.sqlite"),
                           # Young answers are served from the cache (fewer calls against the fake's
                           # hourly 50); two seconds after Unsplash stops, every answer is a stale one.
                           GIF_BFF_CACHE_FRESH_SECONDS="2", GIF_BFF_UPSTREAM_TIMEOUT_SECONDS="2",
                           GIF_BFF_UNSPLASH_BUDGET_PER_HOUR="0", GIF_BFF_SPOTLIGHT_MINUTES=str(SPOTLIGHT_MINUTES),
                           GIF_BFF_LOG_FORMAT="logfmt")
        processes["gif-bff"], base_url = start_process([GIF_BFF], environment, r'url="?(http://[^"\s]+)')
        drain(processes["gif-bff"])
        print(f"gif-bff {base_url}, fake-giphy {giphy_url}, fake-unsplash {unsplash_url}")
        PhotoAppsTest(base_url, unsplash_url.rstrip("/"), shots, processes).run()
    finally:
        for process in processes.values():
            stop(process)
    print(f"photo_apps_test: passed in {time.monotonic() - started:.1f} s; screenshots in {shots}")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"photo_apps_test: FAILED: {failure!r}", file=sys.stderr)
        sys.exit(1)
