#!/usr/bin/env python3
"""Sends N searches drawn from a Zipf-skewed mix of 100 queries to a loopback gif-bff and reports
how many upstream calls they cost, read from its /metrics. Usage: skewed_searches.py PORT [N]."""
import random
import re
import sys
import urllib.request

TOPICS = ["cats", "dogs", "happy", "sad", "dance", "reaction", "thumbs up", "love", "party", "coffee",
          "monday", "friday", "wow", "lol", "fail", "yes", "no", "hello", "bye", "thank you"]
QUERIES = TOPICS + [f"{t} {w}" for t in TOPICS for w in ("funny", "cute", "meme", "animated")]  # 100 queries


def metric(text, pattern):
    return sum(int(m) for m in re.findall(pattern + r"\S* (\d+)", text))


def main():
    port = int(sys.argv[1])
    count = min(int(sys.argv[2]) if len(sys.argv) > 2 else 1000, 100_000)
    base = f"http://127.0.0.1:{port}"
    rng = random.Random(2026)
    weights = [1 / (rank + 1) for rank in range(len(QUERIES))]  # Zipf, s = 1
    before = urllib.request.urlopen(base + "/metrics").read().decode()
    statuses = {}
    drawn = rng.choices(QUERIES, weights=weights, k=count)
    for query in drawn:
        with urllib.request.urlopen(base + "/search?q=" + urllib.parse.quote_plus(query)) as response:
            source = response.headers.get("X-Cache", "?")
            statuses[source] = statuses.get(source, 0) + 1
    after = urllib.request.urlopen(base + "/metrics").read().decode()
    calls = metric(after, r'gif_bff_upstream_calls_total\{endpoint="search"') - metric(before, r'gif_bff_upstream_calls_total\{endpoint="search"')
    print(f"{count} searches over {len(set(drawn))} distinct queries (Zipf s=1 over {len(QUERIES)}): "
          f"{calls} upstream calls; X-Cache: " + ", ".join(f"{k} {v}" for k, v in sorted(statuses.items())))


if __name__ == "__main__":
    import urllib.parse
    main()
