#!/usr/bin/env python3
"""Writes the request plan for bench/run.sh's mixed section: what an app does, drawn once with a
fixed seed so every run replays the same mix. Usage: mixed_plan.py PORT OUT [N].

Per 100 requests, about: 55 search pages (a Zipf-skewed mix of 200 queries, s = 1; the first page
most, then the second and third), 10 trending pages, 20 detail views (/gif/{id}, Zipf over the ids
the searches return), 8 favorites lists, 4 adds and 3 removes (the favorites cap makes some adds
409 and some removes 404, as in use). Lines are METHOD<TAB>PATH<TAB>BODY, read by mixed.lua."""
import json
import random
import sys
import urllib.parse
import urllib.request

TOPICS = ["cats", "dogs", "happy", "sad", "dance", "reaction", "thumbs up", "love", "party", "coffee",
          "monday", "friday", "wow", "lol", "fail", "yes", "no", "hello", "bye", "thank you"]
STYLES = ["", "funny", "cute", "meme", "animated", "cartoon", "retro", "slow motion", "happy dance", "fail"]
QUERIES = [f"{topic} {style}".strip() for style in STYLES for topic in TOPICS]  # 200 queries
PAGE = 24


def zipf(rng, items):
    return rng.choices(items, weights=[1 / (rank + 1) for rank in range(len(items))])[0]


def ids_for(base, query):
    url = f"{base}/search?q={urllib.parse.quote_plus(query)}&limit={PAGE}"
    with urllib.request.urlopen(url) as answer:
        return [item["id"] for item in json.load(answer)["data"]]


def main():
    port, out = int(sys.argv[1]), sys.argv[2]
    count = min(int(sys.argv[3]) if len(sys.argv) > 3 else 20000, 200_000)
    base = f"http://127.0.0.1:{port}"
    ids = []
    for query in QUERIES[:10]:
        ids += [i for i in ids_for(base, query) if i not in ids]
    rng = random.Random(2026)
    lines = []
    for _ in range(count):
        roll = rng.random() * 100
        if roll < 55:
            query = urllib.parse.quote_plus(zipf(rng, QUERIES))
            page = rng.choices([0, 1, 2], weights=[60, 25, 15])[0]
            lines.append(f"GET\t/search?q={query}&offset={page * PAGE}&limit={PAGE}\t")
        elif roll < 65:
            lines.append(f"GET\t/trending?limit={PAGE}\t")
        elif roll < 85:
            lines.append(f"GET\t/gif/{zipf(rng, ids)}\t")
        elif roll < 93:
            lines.append("GET\t/favorites\t")
        elif roll < 97:
            lines.append(f"POST\t/favorites\t{json.dumps({'id': zipf(rng, ids)})}")
        else:
            lines.append(f"DELETE\t/favorites/{zipf(rng, ids)}\t")
    with open(out, "w") as plan:
        plan.write("\n".join(lines) + "\n")
    print(f"mixed plan: {count} requests, {len(QUERIES)} queries, {len(ids)} GIF ids")


if __name__ == "__main__":
    main()
