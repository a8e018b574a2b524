#!/usr/bin/env python3
"""Records what the fake GIPHY and the fake Unsplash answer, to compare two builds byte for byte.

    scripts/fake-bodies.py OUT_DIR [BIN_DIR]

BIN_DIR holds fake-giphy and fake-unsplash (default: this checkout's debug build, `swift build
--show-bin-path`). Each answer is written to OUT_DIR/NNN-<what>: the status line, the headers but
Date (in order), a blank line, then the body's bytes as sent. Every GIF and photo of the catalogs is
in some answer (all trending pages of both kinds, every photo's feed and detail forms), beside
each endpoint's paging variants, refusals and the faults the admin route arms. The fakes' random
picks and response ids are seeded, so the same build records the same bytes; the fakes' own port,
which their links carry, is written as PORT. Compare two recordings with `diff -r`.

The fake Unsplash allows 50 calls an hour, as Unsplash's demo keys do: it is restarted (by PID)
before it runs out. Both fakes listen on loopback only and are stopped by PID at the end.
"""
import json
import os
import re
import subprocess
import sys
import urllib.error
import urllib.parse
import urllib.request

GIPHY_KEY = "fake-giphy-key"
UNSPLASH_KEY = "fake-unsplash-access-key"


class Fake:
    """One fake's process, restarted after `budget` calls (None: never)."""

    def __init__(self, binary, budget=None):
        self.binary, self.budget, self.process, self.used = binary, budget, None, 0

    def start(self):
        self.process = subprocess.Popen([self.binary, "--port", "0"], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        match = re.search(r"http://127\.0\.0\.1:(\d+)", line)
        if not match:
            self.stop()
            sys.exit(f"{self.binary} did not say where it listens: {line!r}")
        self.port = int(match.group(1))
        self.used = 0

    def stop(self):
        if self.process:
            self.process.terminate()
            self.process.wait(timeout=10)
            self.process = None

    def reserve(self, calls):
        """Restarts the fake unless `calls` more fit in its budget (a fault armed, then met)."""
        if self.budget is not None and self.used + calls > self.budget:
            self.stop()
            self.start()

    def origin(self):
        self.reserve(1)
        self.used += 1
        return f"http://127.0.0.1:{self.port}"


class Recorder:
    def __init__(self, out):
        self.out, self.count = out, 0

    def request(self, fake, method, path, headers=None, body=None, name=None):
        origin = fake.origin()
        request = urllib.request.Request(origin + path, method=method, headers=headers or {},
                                         data=body.encode() if body is not None else None)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                status, answer_headers, data = response.status, response.getheaders(), response.read()
        except urllib.error.HTTPError as error:
            status, answer_headers, data = error.code, error.headers.items(), error.read()
        self.count += 1
        port = str(fake.port).encode()
        head = f"{status}\n" + "".join(f"{k}: {v}\n" for k, v in answer_headers if k.lower() != "date")
        recorded = (head + "\n").encode() + data
        recorded = recorded.replace(b"127.0.0.1:" + port, b"127.0.0.1:PORT")
        label = re.sub(r"[^A-Za-z0-9_.=-]+", "_", name or f"{method} {path}")[:120]
        with open(os.path.join(self.out, f"{self.count:04d}-{label}"), "wb") as file:
            file.write(recorded)
        return data


def giphy(record, fake):
    key = f"api_key={GIPHY_KEY}"

    def get(path, query=""):
        return record.request(fake, "GET", f"/v1/{path}?{key}{'&' + query if query else ''}")

    def fault(body):
        record.request(fake, "POST", "/__fault", {"Content-Type": "application/json"}, body)

    ids = []
    for kind in ("gifs", "stickers"):
        offset = 0
        while True:
            page = json.loads(get(f"{kind}/trending", f"limit=50&offset={offset}"))
            ids += [gif["id"] for gif in page["data"]]
            offset += 50
            if offset >= page["pagination"]["total_count"] or not page["data"]:
                break
        for query in ["", "rating=g", "rating=pg-13", "bundle=messaging_non_clips&limit=5", "limit=abc", "offset=-1",
                      "rating=bad", "limit=0", "offset=4990"]:
            get(f"{kind}/trending", query)
        for query in ["q=cats", "q=cat&limit=3&offset=2", "q=funny%20dog&rating=g", "q=zzzzqqq", "", "q=",
                      "q=" + "a" * 60, "q=cats&limit=x", "q=cats&bundle=messaging_non_clips"]:
            get(f"{kind}/search", query)
        for query in ["q=ca", "q=c&limit=2", "q=zz", "", "q=ca&limit=0", "q=ca&limit=x"]:
            get(f"{kind}/search/tags", query)
        for query in ["", "", "tag=cats", "tag=zzzzqqq", "rating=bad", "tag=dog&rating=g"]:
            get(f"{kind}/random", query)
        for gif_id in ids[:3] + ["does-not-exist"]:
            get(f"{kind}/{gif_id}")
        for query in ["ids=" + ",".join(ids[:5]), "ids=" + ids[0] + ",nope", "ids=", "ids=" + ",".join(["x"] * 101)]:
            get(kind, query)
    get("trending/searches")
    get("randomid")
    get("randomid")
    record.request(fake, "GET", "/v1/gifs/trending", name="no key")
    record.request(fake, "GET", "/v1/gifs/trending?api_key=wrong", name="wrong key")
    for body in ['{"fault":"rate_limited","retry_after":9}', '{"fault":"rate_limited","body":"meta"}',
                 '{"fault":"unauthorized"}', '{"fault":"unauthorized","body":"meta"}', '{"fault":"forbidden"}',
                 '{"fault":"forbidden","body":"meta"}', '{"fault":"server_error"}', '{"fault":"service_unavailable"}',
                 '{"fault":"not_json"}', '{"fault":"truncated_json"}', '{"fault":"synthetic"}']:
        fault(body)
        get("gifs/search", "q=cats")
    fault('{"fault":"meteor"}')
    fault('[1]')
    fault('{"fault":"delay","delay_ms":1,"times":2,"path":"/v1/gifs/trending"}')
    get("gifs/trending", "limit=1")
    record.request(fake, "DELETE", "/__fault")
    record.request(fake, "GET", "/v2/pingback_simple?analytics_response_payload=e%3Dabc&action_type=SEEN&random_id=r&ts=12")
    record.request(fake, "GET", "/v2/pingback_simple?analytics_response_payload=e%3Ddef&action_type=CLICK")
    record.request(fake, "GET", "/__pingbacks")
    record.request(fake, "GET", "/__calls")


def unsplash(record, fake):
    auth = {"Authorization": f"Client-ID {UNSPLASH_KEY}", "Accept-Version": "v1"}

    def get(path):
        return record.request(fake, "GET", path, auth)

    ids = []
    for page in range(1, 11):
        ids += [photo["id"] for photo in json.loads(get(f"/photos?per_page=30&page={page}"))]
    for query in ["", "?order_by=oldest", "?order_by=popular&per_page=5&page=3", "?page=abc", "?page=99"]:
        get("/photos" + query)
    for query in ["query=mountain", "query=mountain&page=2&per_page=5", "query=mountain&order_by=latest",
                  "query=mountain&order_by=bad", "", "query=zzzzqqq", "query=red%20rose&page=200"]:
        get("/search/photos?" + query)
    for photo_id in ids + ["does-not-exist"]:
        get(f"/photos/{urllib.parse.quote(photo_id)}")
    for query in ["", "", "?count=3", "?query=mountain", "?count=0", "?query=zzzzqqq"]:
        get("/photos/random" + query)
    get(f"/photos/{ids[0]}/download")
    get("/photos/does-not-exist/download")
    record.request(fake, "GET", "/photos", name="no key")
    for body in ['{"fault":"status","status":500,"errors":["boom","again"]}', '{"fault":"status","status":503}',
                 '{"fault":"rate_limited"}', '{"fault":"too_many_requests"}', '{"fault":"not_json"}',
                 '{"fault":"truncated_json"}']:
        fake.reserve(2)
        record.request(fake, "POST", "/__fault", {"Content-Type": "application/json"}, body)
        get("/search/photos?query=mountain")
    record.request(fake, "POST", "/__fault", {"Content-Type": "application/json"}, '{"fault":"synthetic"}')
    record.request(fake, "GET", "/__calls")


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    out = sys.argv[1]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    bin_dir = sys.argv[2] if len(sys.argv) == 3 else subprocess.run(
        ["swift", "build", "--show-bin-path"], cwd=root, capture_output=True, text=True, check=True).stdout.strip()
    os.makedirs(out, exist_ok=True)
    record = Recorder(out)
    # Unsplash's 50 calls an hour count every call but the admin ones: 45 of any kind stay below.
    fakes = [Fake(os.path.join(bin_dir, "fake-giphy")), Fake(os.path.join(bin_dir, "fake-unsplash"), budget=45)]
    try:
        for fake in fakes:
            fake.start()
        giphy(record, fakes[0])
        unsplash(record, fakes[1])
    finally:
        for fake in fakes:
            fake.stop()
    print(f"{record.count} answers recorded in {out}")


if __name__ == "__main__":
    main()
