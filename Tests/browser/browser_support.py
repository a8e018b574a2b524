"""What the browser tests share: starting and stopping the servers they need, and a headless
Chromium with its browser and network logs on (Debian's chromium and chromedriver, no download).

Not a test itself (scripts/browser-tests.sh runs *_test.py only).
"""
import json
import os
import re
import subprocess
import threading
import time
import urllib.request

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))


def built(name, variable):
    """A binary of this package: $variable, else .build/debug/name."""
    return os.environ.get(variable, os.path.join(ROOT, ".build", "debug", name))


def start_process(arguments, environment, pattern):
    """Starts a process and waits (bounded) for the line naming its URL on stdout or stderr."""
    process = subprocess.Popen(arguments, env=environment, stdout=subprocess.PIPE,
                               stderr=subprocess.STDOUT, text=True)
    deadline = time.monotonic() + 20
    seen = []
    while time.monotonic() < deadline:
        line = process.stdout.readline()
        if not line:
            break
        seen.append(line)
        found = re.search(pattern, line)
        if found:
            return process, found.group(1)
    process.kill()
    process.wait()
    raise RuntimeError(f"{arguments[0]} did not start:\n{''.join(seen)}")


def drain(process):
    """Keeps reading a child's output so a full pipe never blocks it."""
    threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()


def stop(process):
    """Stops a process this test started (by its handle, so its PID), and waits for it."""
    if process and process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def chromium(download_dir=None, window="1000,900"):
    """Headless Chromium with browser and performance logs; downloads land in `download_dir`."""
    options = webdriver.ChromeOptions()
    options.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     f"--window-size={window}", "--no-first-run", "--disable-extensions",
                     "--disable-background-networking", "--disable-component-update"):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    if download_dir:
        options.add_experimental_option("prefs", {"download.default_directory": download_dir,
                                                  "download.prompt_for_download": False})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(service=service, options=options)
    if download_dir:
        # Headless Chromium saves downloads only when told where, through the DevTools protocol.
        driver.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": download_dir})
    return driver


class PageDriver:
    """A Chromium on one gif-bff: finding elements by their data-test hook, waiting, screenshots,
    and the browser's logs read back as the URLs it requested and its SEVERE console lines."""

    WAIT_SECONDS = 10

    def __init__(self, base_url, shots, download_dir=None):
        from selenium.common.exceptions import StaleElementReferenceException
        from selenium.webdriver.support.ui import WebDriverWait
        self.base = base_url.rstrip("/")
        self.shots = shots
        self.driver = chromium(download_dir)
        # A list re-rendered while a condition reads it leaves stale elements: read it again.
        self.wait = WebDriverWait(self.driver, self.WAIT_SECONDS, ignored_exceptions=(StaleElementReferenceException,))

    def all(self, hook, within=None):
        from selenium.webdriver.common.by import By
        return (within or self.driver).find_elements(By.CSS_SELECTOR, f'[data-test="{hook}"]')

    def one(self, hook):
        return self.wait.until(lambda d: next(iter(self.all(hook)), None), f"no [data-test={hook}]")

    def visible(self, hook):
        return self.wait.until(lambda d: next((e for e in self.all(hook) if e.is_displayed()), None),
                               f"[data-test={hook}] not visible")

    def go(self, fragment):
        self.driver.get(f"{self.base}/{fragment}")

    def screenshot(self, name):
        path = os.path.join(self.shots, f"{name}.png")
        self.driver.save_screenshot(path)
        print(f"  screenshot {path}")

    def read_logs(self):
        """Empties the logs: (URLs requested since the last read, SEVERE console messages)."""
        import json
        urls = []
        for entry in self.driver.get_log("performance"):
            message = json.loads(entry["message"])["message"]
            if message.get("method") == "Network.requestWillBeSent":
                url = message["params"]["request"]["url"]
                if url.startswith("http"):
                    urls.append(url)
        severe = [entry["message"] for entry in self.driver.get_log("browser") if entry["level"] == "SEVERE"]
        return urls, severe


def get_json(url):
    """The JSON answer of a GET, read whole."""
    with urllib.request.urlopen(url, timeout=10) as response:
        return json.load(response)


def send(method, url, body=None):
    """A request with an optional JSON body; its status."""
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(url, data=data, method=method,
                                     headers={"Content-Type": "application/json"} if data else {})
    with urllib.request.urlopen(request, timeout=10) as response:
        return response.status


class Checks:
    """Named checks, printed ok or FAIL as they run; the names of those that failed are kept in
    `failures` (each test sets it to [] and exits non-zero when it is not empty)."""

    def check(self, name, passed, detail=""):
        print(f"{'ok  ' if passed else 'FAIL'}  {name}{'' if passed else f': {detail}'}")
        if not passed:
            self.failures.append(name)
