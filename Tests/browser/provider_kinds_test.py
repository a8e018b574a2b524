#!/usr/bin/env python3
"""Issue 46, item 5: the web app's switch picks a provider or a kind, in real Chromium.

"Photos (any provider)" asks for `kind=photos` and names no provider; the grid says which
provider served its first page ("From Unsplash"), and the pages after it ask for that provider
(`provider=unsplash`), so a chain's fallback never mixes two providers in one grid. The kind stays
in the address (a reload keeps it) and goes with the tabs to Random. "GIFs (any provider)" and a
provider by name work the same way.

Needs GIF_BFF_URL (a running gif-bff on the demo catalog); scripts/browser-tests.sh provides it.
SCREENSHOT_DIR gets a screenshot of each step. Exit status 0 when every check passed.
"""
import os
import sys
import tempfile
import time
from urllib.parse import parse_qs, urlparse

from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser_support import PageDriver

API = os.environ.get("GIF_BFF_URL", "http://127.0.0.1:8080").rstrip("/")


class ProviderKindsTest(PageDriver):
    def switch(self):
        return Select(self.one("provider-switch"))

    def providers_shown(self):
        return {cell.get_attribute("data-provider") for cell in self.all("result-item")}

    def api_requests(self, path):
        """The query of each request for `path` the page made since the last read, in order."""
        urls, _ = self.read_logs()
        return [parse_qs(urlparse(url).query) for url in urls if urlparse(url).path == path]

    def served_by(self):
        return self.wait.until(lambda d: next((e for e in self.all("served-by") if e.is_displayed()), None),
                               "the grid does not say which provider served it")

    def switch_offers_kinds_and_providers(self):
        print("switch: the kinds first, then each served provider by name")
        self.go("#/search")
        self.wait.until(lambda d: self.all("result-item"), "no trending GIFs")
        offered = {option.get_attribute("value"): option.text for option in self.switch().options}
        assert offered == {"kind:gifs": "GIFs (any provider)", "kind:photos": "Photos (any provider)",
                           "giphy": "GIPHY", "klipy": "KLIPY", "unsplash": "Unsplash", "pexels": "Pexels"}, offered
        # The address names neither: the switch is on the default chain, GIFs, and the grid says
        # who served it (GIPHY, the GIF chain's first here).
        assert self.switch().first_selected_option.get_attribute("value") == "kind:gifs"
        assert self.served_by().get_attribute("data-provider") == "giphy", self.served_by().get_attribute("outerHTML")

    def photos_by_kind(self):
        print("kind: Photos (any provider) asks kind=photos, shows who served it, pages on with that provider")
        self.read_logs()
        self.switch().select_by_value("kind:photos")
        self.wait.until(lambda d: "kind=photos" in d.current_url, "the kind did not reach the address")
        assert "provider=" not in self.driver.current_url, self.driver.current_url
        self.wait.until(lambda d: self.all("result-item") and self.providers_shown() == {"unsplash"},
                        "no photos after picking the kind")
        served = self.served_by()
        assert served.get_attribute("data-provider") == "unsplash" and served.text == "From Unsplash", served.text
        first = self.api_requests("/trending")
        assert first and first[-1].get("kind") == ["photos"] and "provider" not in first[-1], first
        shown = len(self.all("result-item"))
        # Centred first: pictures still loading above it move it, and a click at its old place
        # lands on the grid.
        more = self.one("load-more")
        self.driver.execute_script("arguments[0].scrollIntoView({ block: 'center' });", more)
        self.wait.until(lambda d: more.is_displayed() and more.is_enabled(), "the more button is not shown")
        self.driver.execute_script("arguments[0].click();", more)
        self.wait.until(lambda d: len(self.all("result-item")) > shown, "no second page")
        later = self.api_requests("/trending")
        assert later, "no request for the second page"
        assert all(query.get("provider") == ["unsplash"] and "kind" not in query and query["offset"] != ["0"]
                   for query in later), later
        print(f"  first page kind=photos, then {[q['offset'][0] for q in later]} with provider=unsplash")
        self.driver.execute_script("window.scrollTo(0, 0)")
        self.screenshot("photos-by-kind")

        box = self.one("search-input")
        box.send_keys("mountain", Keys.ENTER)
        self.wait.until(lambda d: "q=mountain" in d.current_url and self.all("result-item")
                        and self.providers_shown() == {"unsplash"}, "no photos for mountain")
        assert parse_qs(urlparse(self.driver.current_url).fragment.split("?", 1)[1]).get("kind") == ["photos"]
        self.wait.until(lambda d: self.served_by().text == "From Unsplash", "the search does not say who served it")
        searched = self.api_requests("/search")
        assert searched and searched[0].get("kind") == ["photos"] and "provider" not in searched[0], searched

        self.driver.refresh()
        self.wait.until(lambda d: self.all("result-item"), "nothing after a reload")
        assert self.switch().first_selected_option.get_attribute("value") == "kind:photos", "a reload lost the kind"

    def kind_follows_the_tabs(self):
        print("random: the tab keeps the kind; a photo comes")
        random_tab = self.one("random-tab")
        assert "kind=photos" in random_tab.get_attribute("href"), random_tab.get_attribute("href")
        self.read_logs()
        random_tab.click()
        self.wait.until(lambda d: self.all("random-item"), "no random item")
        assert self.one("random-item").get_attribute("data-id").startswith("unsplash:")
        asked = self.api_requests("/random")
        assert asked and asked[0].get("kind") == ["photos"] and "provider" not in asked[0], asked
        self.screenshot("random-by-kind")

    def gifs_by_kind(self):
        print("kind: GIFs (any provider) is served by GIPHY here")
        self.go("#/search?kind=gifs&q=cat")
        self.wait.until(lambda d: self.all("result-item") and self.providers_shown() == {"giphy"}, "no GIFs by kind")
        assert self.switch().first_selected_option.get_attribute("value") == "kind:gifs"
        self.wait.until(lambda d: self.served_by().text == "From GIPHY", "the GIF grid does not say who served it")

    def run(self):
        try:
            self.switch_offers_kinds_and_providers()
            self.photos_by_kind()
            self.kind_follows_the_tabs()
            self.gifs_by_kind()
        except Exception:
            self.screenshot("failure")
            raise
        finally:
            self.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-kind-shots-")
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    ProviderKindsTest(API, shots).run()
    print(f"provider_kinds_test: passed in {time.monotonic() - started:.1f} s; screenshots in {shots}")


if __name__ == "__main__":
    try:
        main()
    except AssertionError as failure:
        print(f"provider_kinds_test: FAILED: {failure!r}", file=sys.stderr)
        sys.exit(1)
