#!/usr/bin/env bash
# bench/rating_ceiling.sh: what GIPHY is asked, and what is answered, for a handful of requests
# with rating=r under GIF_BFF_MAX_RATING=g (issue 33.2). Prints each request's status, the
# rating its answer says and how many of its GIFs the fake's catalog rates above g, then the
# fake GIPHY's call log (GET /__calls: each call's path and rating).
#   bench/rating_ceiling.sh [GIF_BFF_BINARY]   (default: this checkout's debug build)
# A gif-bff that predates the ceiling ignores the variable (it warns of an unknown one): run it
# with that binary for "before". The fake is this checkout's (its /__calls lists parameters).
# Starts and stops its own servers by PID; loopback only; about 20 requests.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$(cd "$ROOT" && swift build --show-bin-path)"
GIF_BFF="${1:-$BIN/gif-bff}"
WORK="$(mktemp -d /tmp/gif-bff-rating-XXXXXX)"
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }
FAKE_PORT=$(free_port); PORT=$(free_port)
source "$(dirname "$0")/servers.sh"
"$BIN/fake-giphy" --port "$FAKE_PORT" --api-key bench-key >"$WORK/fake.log" 2>&1 & PIDS+=($!)
wait_up "http://127.0.0.1:$FAKE_PORT/__calls"
GIPHY_API_KEY=bench-key GIPHY_BASE_URL="http://127.0.0.1:$FAKE_PORT/v1" GIF_BFF_MAX_RATING=g GIF_BFF_PORT=$PORT \
    GIF_BFF_DATABASE="$WORK/db.sqlite3" GIF_BFF_LOG_LEVEL=warning "$GIF_BFF" 2>"$WORK/gif-bff.log" & PIDS+=($!)
wait_up "http://127.0.0.1:$PORT/healthz"

python3 - "$PORT" "$FAKE_PORT" <<'PY'
import json, sys, urllib.request, urllib.error
port, fake = sys.argv[1], sys.argv[2]
def get(base, target):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{base}{target}", timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)
def post(target, body):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{target}", data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.load(answer)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)
# The catalog's own ratings, from the fake asked directly with no rating (then its log is reset).
ratings = {}
for target in ["/v1/gifs/search?q=cat&limit=50", "/v1/gifs/search?q=dog&limit=50", "/v1/gifs/trending?limit=50",
               "/v1/stickers/search?q=cat&limit=50"]:
    _, body = get(fake, target + "&api_key=bench-key")
    ratings.update({gif["id"]: gif["rating"] for gif in body["data"]})
r_rated = next(gif for gif, rating in ratings.items() if rating == "r")
urllib.request.urlopen(urllib.request.Request(f"http://127.0.0.1:{fake}/__calls", method="DELETE"), timeout=10)
requests = ["/search?q=cat&rating=r", "/trending?rating=r", "/search?q=cat&type=stickers&rating=r",
            "/random?rating=r", "/random?tag=dog&rating=r", "/random/deck?tag=dog&count=10&rating=r",
            f"/gif/{r_rated}", "POST /favorites {id: an r-rated GIF}"]
answers = []
for target in requests:
    status, body = post("/favorites", {"id": r_rated}) if target.startswith("POST") else get(port, target)
    items = body.get("data") if isinstance(body.get("data"), list) else ([body] if "id" in body else [])
    answers.append((target, status, body.get("rating", "-") if "data" in body else "-", [item["id"] for item in items]))
_, calls = get(fake, "/__calls")
def rating(gif):  # the catalog's, asked of the fake after its log was read
    if gif not in ratings:
        ratings[gif] = get(fake, f"/v1/gifs/{gif}?api_key=bench-key")[1]["data"]["rating"]
    return ratings[gif]
print(f"{'request':<44} {'status':>6} {'rating':>6} {'items':>5} {'above g':>7}")
for target, status, said, ids in answers:
    print(f"{target:<44} {status:>6} {said:>6} {len(ids):>5} {sum(1 for gif in ids if rating(gif) != 'g'):>7}")
print(f"\nthe fake GIPHY's call log: {calls['total']} calls")
for call in calls["recent"]:
    print(f"  {call['path']:<24} rating={dict(call['parameters']).get('rating', '(none)')}")
PY
