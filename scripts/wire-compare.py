#!/usr/bin/env python3
"""Two gif-bff binaries, one request plan, every answer compared byte for byte.

    scripts/wire-compare.py OLD_BINARY NEW_BINARY

For a change that must not change behaviour (a rename, a move, a speed-up): each binary runs in
demo mode (no keys) on a fresh database, on loopback, with the same public URL (so demo media
links name neither's port), and gets the same requests in the same order. Status, headers (but Date) and body must match. Answers that are random by design
(/random, /random/deck, a new spotlight pick) and /metrics (its durations) are compared by
shape: the same status and the same top-level JSON keys (metric lines, numbers aside). Prints one line per request and exits 1 on any difference.
"""
import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request

# (method, path, body, random-by-design). Order matters: favorites, history and caches build up.
PLAN = [
    ("GET", "/healthz", None, False),
    ("GET", "/search?q=cat", None, False),
    ("GET", "/search?q=cat", None, False),
    ("GET", "/search?q=cat&limit=5&offset=5", None, False),
    ("GET", "/search?q=cat&renditions=all&limit=3", None, False),
    ("GET", "/search?q=dogs&type=stickers&limit=4", None, False),
    ("GET", "/search?q=&limit=4", None, False),
    ("GET", "/search?q=cat&limit=0", None, False),
    ("GET", "/search?q=cat&offset=5000", None, False),
    ("GET", "/search?q=mountain&provider=unsplash", None, False),
    ("GET", "/search?q=mountain&provider=unsplash&renditions=all", None, False),
    ("GET", "/search?q=mountain&provider=unsplash&order_by=latest&limit=10&offset=10", None, False),
    ("GET", "/search?q=mountain&provider=unsplash&offset=7", None, False),
    ("GET", "/search?q=cat&provider=tenor", None, False),
    ("GET", "/trending", None, False),
    ("GET", "/trending?limit=3&rating=g", None, False),
    ("GET", "/trending?provider=unsplash&order_by=popular&limit=5", None, False),
    ("GET", "/gif/{gif}", None, False),
    ("GET", "/gif/NoSuchGif0000", None, False),
    ("GET", "/items/{gif}", None, False),
    ("GET", "/items/{photo}", None, False),
    ("GET", "/items/unsplash:nosuchphoto", None, False),
    ("GET", "/items/giphy:abc", None, False),
    ("GET", "/random?tag=cat", None, True),
    ("GET", "/random?provider=unsplash", None, True),
    ("GET", "/random/deck?tag=cat&count=3", None, True),
    ("GET", "/spotlight", None, True),
    ("GET", "/spotlight?provider=unsplash", None, True),
    ("GET", "/favorites", None, False),
    ("POST", "/favorites", {"id": "{gif}"}, False),
    ("POST", "/favorites", {"id": "{gif}"}, False),
    ("POST", "/favorites", {"id": "{photo}"}, False),
    ("POST", "/favorites", {"id": "NoSuchGif0000"}, False),
    ("POST", "/favorites", {"nope": 1}, False),
    ("GET", "/favorites", None, False),
    ("GET", "/favorites?renditions=all", None, False),
    ("POST", "/items/{photo}/download", None, False),
    ("DELETE", "/favorites/{gif}", None, False),
    ("DELETE", "/favorites/{gif}", None, False),
    ("GET", "/search/history", None, False),
    ("GET", "/search/suggestions?q=ca", None, False),
    ("GET", "/trending/searches", None, False),
    ("DELETE", "/search/history", None, False),
    ("GET", "/search/history", None, False),
    ("POST", "/gif/{gif}/events", {"action": "seen"}, False),
    ("GET", "/metrics", None, True),
    ("GET", "/no/such/route", None, False),
    ("PUT", "/favorites", None, False),
    ("GET", "/openapi.yaml", None, False),
]

# Date and Age tell the clock, not the behaviour (the two servers answer a moment apart).
IGNORED_HEADERS = {"date", "age"}


def start(binary, work):
    log = open(os.path.join(work, "server.log"), "w+")
    env = {k: v for k, v in os.environ.items() if k not in ("GIPHY_API_KEY", "UNSPLASH_ACCESS_KEY")}
    # One public URL for both: demo media links are written against it, not against each server's
    # own port (which would make every answer with a picture differ).
    process = subprocess.Popen([binary, "--host", "127.0.0.1", "--port", "0", "--database", os.path.join(work, "db.sqlite3"),
                                "--public-url", "http://gif-bff.invalid"],
                               stdout=log, stderr=subprocess.STDOUT, env=env)
    deadline = time.time() + 15
    while time.time() < deadline:
        log.seek(0)
        match = re.search(r"url=(http://127\.0\.0\.1:\d+)", log.read())
        if match:
            return process, match.group(1)
        time.sleep(0.1)
    process.kill()
    raise SystemExit(f"{binary} did not start")


def call(base, method, path, body):
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(base + path, data=data, method=method)
    if data is not None:
        request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, answer.getheaders(), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.headers.items(), error.read()


# What every item has (openapi.yaml's required keys, its provider, renditions and attribution):
# a random pick's other keys (alt text, a user, a photo's camera) come with some items only.
ITEM_KEYS = {"id", "url", "share_text", "provider", "images", "attribution"}


def keys(body):
    """A JSON body's top-level keys (a random pick's own fields differ from pick to pick), only
    those every item has when the body is one item; for other text (the metrics), its lines
    without their numbers."""
    try:
        value = json.loads(body)
    except ValueError:
        return {re.sub(rb"[0-9.e+-]+", b"#", line) for line in body.splitlines()}
    if not isinstance(value, dict):
        return {type(value).__name__}
    return set(value) & ITEM_KEYS if {"id", "url"} <= set(value) else set(value)


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    servers = []
    try:
        for binary in sys.argv[1:]:
            servers.append(start(binary, tempfile.mkdtemp(prefix="gif-bff-wire.")))
        ids = {}
        first = json.loads(call(servers[0][1], "GET", "/search?q=cat&limit=1", None)[2])["data"][0]["id"]
        photo = json.loads(call(servers[0][1], "GET", "/search?q=mountain&provider=unsplash&limit=1", None)[2])["data"][0]["id"]
        ids = {"{gif}": first, "{photo}": photo}
        for server in servers[1:]:
            # The same warm-up on every server, so caches and histories match.
            call(server[1], "GET", "/search?q=cat&limit=1", None)
            call(server[1], "GET", "/search?q=mountain&provider=unsplash&limit=1", None)
        differences = 0
        for number, (method, path, body, is_random) in enumerate(PLAN, 1):
            for placeholder, value in ids.items():
                path = path.replace(placeholder, value)
                if body is not None:
                    body = json.loads(json.dumps(body).replace(placeholder, value))
            answers = [call(server[1], method, path, body) for server in servers]
            (old_status, old_headers, old_body), (new_status, new_headers, new_body) = answers
            old_h = sorted((k.lower(), v) for k, v in old_headers if k.lower() not in IGNORED_HEADERS)
            new_h = sorted((k.lower(), v) for k, v in new_headers if k.lower() not in IGNORED_HEADERS)
            if is_random:
                same = old_status == new_status and keys(old_body) == keys(new_body)
                how = "same status and keys (random by design)"
            else:
                same = old_status == new_status and old_h == new_h and old_body == new_body
                how = "identical"
            print(f"{number:2} {method:6} {path[:60]:60} {old_status} {'ok: ' + how if same else 'DIFFERENT'} ({len(new_body)} B)")
            if not same:
                differences += 1
                print(f"   old {old_status} {old_h}\n   new {new_status} {new_h}")
                print(f"   old body {old_body[:300]!r}\n   new body {new_body[:300]!r}")
        print(f"{len(PLAN)} requests, {differences} different")
        return 1 if differences else 0
    finally:
        for process, _ in servers:
            process.send_signal(signal.SIGTERM)
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()


if __name__ == "__main__":
    sys.exit(main())
