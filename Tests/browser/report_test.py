#!/usr/bin/env python3
"""The "Report" action of an item (issue 47.3) in the web app, in real Chromium, on a gif-bff of its
own (demo catalogs, `--installs required`, an admin token): choosing a reason and pressing Report
sends POST /items/{id}/reports with the browser's install token and says so; pressing it again
says it was reported already, and the operator's GET /admin/reports counts one report with that
reason. A refusal (the server gone: a network error) is shown in the page.

Every check runs, and each prints ok or FAIL.

Environment: GIF_BFF_BIN (default .build/debug/gif-bff), SCREENSHOT_DIR, CHROMIUM_BIN, CHROMEDRIVER_BIN.
"""
import os
import sys
import tempfile
import time
from urllib.parse import quote

from selenium.webdriver.support.ui import Select

from browser_support import Checks, stop
from install_support import Browser, http, start_installs_server

ADMIN_TOKEN = "report-test-admin-token-0123456789abcdef0123"


class ReportTest(Checks):
    def __init__(self, base, shots):
        self.base = base
        self.shots = shots
        self.failures = []

    def reports(self):
        status, _, body = http(self.base, "GET", "/admin/reports", token=ADMIN_TOKEN)
        return status, (body or {}).get("data", [])

    def run(self, server, item_id):
        browser = Browser(self.base, self.shots)
        try:
            browser.go(f"#/item/{quote(item_id)}")
            Select(browser.visible("report-reason")).select_by_value("spam")
            browser.visible("report").click()
            browser.wait.until(lambda d: browser.all("report-done") or browser.all("error"), "no answer to Report")
            done = browser.all("report-done")
            self.check("Report says it was sent", bool(done) and "Reported" in done[0].text,
                       done[0].text if done else browser.one("error").text)
            browser.collect()
            sent = [headers.get("Authorization") for method, path, headers in browser.requests
                    if (method, path) == ("POST", f"/items/{item_id}/reports")]
            # Chromium's log may list a request twice, once before its headers are known (None).
            self.check("it was sent with the browser's install token",
                       [value for value in sent if value] == [f"Bearer {browser.token()}"], str(sent))
            browser.screenshot("report-done")

            browser.visible("report").click()
            # The page clears the last answer while the repeat is under way: no answer yet is "not yet".
            browser.wait.until(lambda d: any("already" in done.text for done in browser.all("report-done")),
                               "the repeat was not answered")
            self.check("a second Report says it was reported already", "already" in browser.one("report-done").text)
            status, data = self.reports()
            self.check("the operator sees one report, for spam",
                       status == 200 and [(r["id"], r["count"], r["reasons"]) for r in data] == [(item_id, 1, {"spam": 1})],
                       f"{status} {data}")

            stop(server)
            browser.visible("report").click()
            browser.wait.until(lambda d: browser.all("error"), "a failed report was not shown")
            self.check("a report that cannot be sent is shown", bool(browser.one("error").text))
        finally:
            browser.driver.quit()


def main():
    shots = os.environ.get("SCREENSHOT_DIR") or tempfile.mkdtemp(prefix="gif-bff-report-shots-")
    os.makedirs(shots, exist_ok=True)
    started = time.monotonic()
    server, base_url = start_installs_server(tempfile.mkdtemp(prefix="gif-bff-report-"), "--admin-token", ADMIN_TOKEN)
    test = ReportTest(base_url, shots)
    try:
        print(f"screenshots {shots}")
        item_id = http(base_url, "GET", "/search?q=cat&provider=giphy&limit=24")[2]["data"][0]["id"]
        test.run(server, item_id)
    finally:
        stop(server)
    elapsed = time.monotonic() - started
    if test.failures:
        print(f"report_test: FAILED in {elapsed:.1f} s: {test.failures}", file=sys.stderr)
        sys.exit(1)
    print(f"report_test: passed in {elapsed:.1f} s")


if __name__ == "__main__":
    main()
