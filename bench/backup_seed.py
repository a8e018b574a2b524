#!/usr/bin/env python3
"""Fills a gif-bff SQLite database (made by the server, so its schema is the real one) with a
realistic load for measuring backups: installs with favorites and search history, and cached
answers. Usage:

    bench/backup_seed.py DATABASE [--installs 500] [--favorites 10000] [--history 20000] [--cache 50000]

A cached value is one page in eight (the longest cached answer in DATABASE when it is a page of
24 GIFs, about 36 kB, else a stand-in of that size) and one item otherwise; a favorite's snapshot
is one item.

Then, given --compare, it copies the database both ways SQLite offers while it is open, the online
backup API (sqlite3_backup_step(-1), Python's Connection.backup) and VACUUM INTO, and prints each
one's time and size, three times each.
"""
import argparse
import json
import os
import random
import sqlite3
import time

ITEM = json.dumps({"id": "x" * 14, "title": "Cool Cat Puts On Sunglasses GIF by Mo Animates " * 2,
                   "images": {k: {"url": "https://media.example.com/media/" + "y" * 40 + "/" + k + ".gif",
                                  "width": 200, "height": 250} for k in ("fixed_width", "original", "still", "preview")},
                   "provider": "giphy", "attribution": {"text": "Powered by GIPHY"},
                   "share_text": "z" * 200}).encode()


def seed(path, installs, favorites, history, cache):
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = WAL")
    page = db.execute("SELECT value FROM response_cache ORDER BY length(value) DESC LIMIT 1").fetchone()
    # A page of 24 GIFs is about 36 kB; a demo search of a rarer word is shorter, so one is made up.
    page = page[0] if page and len(page[0]) >= 30_000 else ITEM * (36_000 // len(ITEM) + 1)
    now = int(time.time() * 1000)
    rng = random.Random(33)
    with db:
        for i in range(installs):
            db.execute("INSERT OR IGNORE INTO install (install_id, token_hash, created_at, last_used) VALUES (?, ?, ?, ?)",
                       (f"inst-{i:05d}", os.urandom(32), now - i, now))
        for n in range(favorites):
            db.execute("INSERT INTO favorite (install_id, gif_id, snapshot, added_at) VALUES (?, ?, ?, ?)",
                       (f"inst-{n % installs:05d}", f"gif{n:08d}", ITEM, now - n))
        for n in range(history):
            query = f"query {n} " + rng.choice(["cats", "dogs", "party", "hello", "thanks"])
            db.execute("INSERT INTO search_history (install_id, query_key, query, searched_at, seq) VALUES (?, ?, ?, ?, ?)",
                       (f"inst-{n % installs:05d}", query, query, now - n, n))
        for n in range(cache):
            value = page if n % 8 == 0 else ITEM
            db.execute("INSERT OR REPLACE INTO response_cache (cache_key, value, stored_at, used_at) VALUES (?, ?, ?, ?)",
                       (f"giphy|search|q{n}|0|24|g||compact", value, now - n, now - n))
    db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    db.close()


def compare(path, rounds=3):
    folder = os.path.dirname(os.path.abspath(path))
    source = sqlite3.connect(path)
    for way in ("backup API", "VACUUM INTO"):
        for _ in range(rounds):
            target = os.path.join(folder, "compare-copy.sqlite3")
            if os.path.exists(target):
                os.remove(target)
            start = time.monotonic()
            cpu = time.process_time()
            if way == "backup API":
                destination = sqlite3.connect(target)
                # As gif-bff's backup does: no journal for a file nobody uses until it is renamed.
                destination.execute("PRAGMA journal_mode = OFF")
                destination.execute("PRAGMA synchronous = OFF")
                source.backup(destination)
                destination.close()
            else:
                source.execute("VACUUM INTO ?", (target,))
            # Neither syncs by itself (VACUUM INTO never does, the backup's synchronous is OFF): both are timed to the disk.
            descriptor = os.open(target, os.O_RDONLY)
            os.fsync(descriptor)
            os.close(descriptor)
            elapsed = time.monotonic() - start
            cpu = time.process_time() - cpu
            print(f"{way:12} {elapsed * 1000:8.0f} ms {cpu * 1000:8.0f} ms CPU {os.path.getsize(target) / 1e6:8.1f} MB")
            os.remove(target)
    source.close()


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("database")
    parser.add_argument("--installs", type=int, default=500)
    parser.add_argument("--favorites", type=int, default=10_000)
    parser.add_argument("--history", type=int, default=20_000)
    parser.add_argument("--cache", type=int, default=50_000)
    parser.add_argument("--compare", action="store_true")
    parser.add_argument("--compare-only", action="store_true", help="compare on DATABASE as it is, seeding nothing")
    arguments = parser.parse_args()
    if arguments.compare_only:
        return compare(arguments.database)
    start = time.monotonic()
    seed(arguments.database, arguments.installs, arguments.favorites, arguments.history, arguments.cache)
    print(f"seeded in {time.monotonic() - start:.1f} s: {os.path.getsize(arguments.database) / 1e6:.1f} MB")
    if arguments.compare:
        compare(arguments.database)


if __name__ == "__main__":
    main()
