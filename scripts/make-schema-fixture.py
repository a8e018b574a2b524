#!/usr/bin/env python3
"""Makes Tests/StorageTests/Fixtures/schema-N.sql: a database of schema version N, made by the
commit that introduced version N, with favorites, search history, spotlight picks, cached
answers and (from version 7) an install of its own in it, dumped as SQL text (sqlite3 .dump, plus its PRAGMA user_version).

    scripts/make-schema-fixture.py N COMMIT
    scripts/make-schema-fixture.py N COMMIT --storage-only --snapshots-from APP_COMMIT

The commit is built outside the repository (git archive into a work folder, swift build there),
run in demo mode on a free loopback port with a fresh database, and driven over HTTP: it adds
three GIPHY favorites (and an Unsplash photo when it serves Unsplash), searches three times (one
query twice, in another case), asks for the spotlight and one GIF by id, makes an install (when
it has POST /installs) that adds a favorite and searches; then it is stopped
with SIGTERM (a clean stop checkpoints the WAL) and its database dumped.

--storage-only is for a commit that had no program yet (b4b38bc introduced versions 1 and 2
with only its storage code): its SQLite and Storage modules are built with a small driver that
migrates a new database to N with that commit's own migrations and adds favorites (snapshots as
APP_COMMIT's program stored them) and, from version 2, history, through its own repositories.

Needs git, swift, sqlite3 (Debian: sqlite3) and curl-free Python 3. Takes a few minutes per
commit (mostly the build); the work folder ($FIXTURE_WORK, default /tmp/gif-bff-fixtures) keeps
builds for the next run. The next schema version's author runs:

    scripts/make-schema-fixture.py 9 <the commit that introduces version 9>
"""
import argparse
import json
import os
import signal
import socket
import sqlite3
import subprocess
import sys
import time
import urllib.error
import urllib.request

REPOSITORY = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(REPOSITORY, "Tests", "StorageTests", "Fixtures")
WORK = os.environ.get("FIXTURE_WORK", "/tmp/gif-bff-fixtures")


def run(arguments, **options):
    print("+", " ".join(arguments), file=sys.stderr)
    subprocess.run(arguments, check=True, **options)


def extract(commit):
    """The commit's tree in a work folder of its own, outside the repository."""
    full = subprocess.run(["git", "-C", REPOSITORY, "rev-parse", commit], check=True, capture_output=True, text=True).stdout.strip()
    folder = os.path.join(WORK, full[:12])
    if not os.path.isdir(os.path.join(folder, "Sources")):
        os.makedirs(folder, exist_ok=True)
        archive = subprocess.Popen(["git", "-C", REPOSITORY, "archive", full], stdout=subprocess.PIPE)
        run(["tar", "-x", "-C", folder], stdin=archive.stdout)
        if archive.wait() != 0:
            sys.exit(f"git archive {commit} failed")
    return full, folder


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class App:
    """The commit's gif-bff in demo mode (no keys) on a fresh database."""

    def __init__(self, folder, database, settings=None):
        run(["swift", "build", "--product", "gif-bff"], cwd=folder)
        binary = os.path.join(folder, ".build", "debug", "gif-bff")
        self.port = free_port()
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("GIPHY_", "UNSPLASH_", "GIF_BFF_"))}
        environment.update({"GIF_BFF_PORT": str(self.port), "GIF_BFF_DATABASE": database, "GIF_BFF_LOG_LEVEL": "warning"})
        environment.update(settings or {})
        self.process = subprocess.Popen([binary], env=environment)
        deadline = time.monotonic() + 30
        while True:
            try:
                if self.get("/healthz")[0] == 200:
                    return
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                self.stop()
                sys.exit("the old gif-bff did not start")
            time.sleep(0.1)

    def request(self, method, path, body=None, token=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"} if data else {}
        if token:
            headers["Authorization"] = f"Bearer {token}"
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}{path}", data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read() or b"null")
        except urllib.error.HTTPError as error:
            return error.code, None

    def get(self, path):
        return self.request("GET", path)

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                sys.exit("the old gif-bff did not stop on SIGTERM")


def item_ids(answer):
    return [item["id"] for item in (answer or {}).get("data", []) if isinstance(item, dict) and "id" in item]


def drive(app):
    """What a user of that version did: favorites, searches, the spotlight, one GIF by id."""
    status, trending = app.get("/trending?limit=4")
    ids = item_ids(trending)
    if status != 200 or len(ids) < 4:
        sys.exit(f"trending answered {status} with {len(ids)} items")
    for favorite in ids[:3]:
        status, _ = app.request("POST", "/favorites", {"id": favorite})
        if status != 201:
            sys.exit(f"adding favorite {favorite} answered {status}")
        time.sleep(0.01)  # distinct added_at times
    status, photos = app.get("/search?q=mountain&provider=unsplash&limit=3")
    if status == 200 and item_ids(photos):
        app.request("POST", "/favorites", {"id": item_ids(photos)[0]})
    for query in ["Cats", "dogs running", "cats"]:
        status, _ = app.get("/search?limit=3&q=" + urllib.request.quote(query))
        if status != 200:
            sys.exit(f"search {query} answered {status}")
        time.sleep(0.01)
    for path in ["/spotlight", "/spotlight?tag=dogs", f"/gif/{ids[3]}"]:
        app.get(path)  # absent routes (404) in versions before the spotlight and the cache
    # An install of its own with a favorite and a search (versions before installs answer 404).
    status, made = app.request("POST", "/installs")
    if status == 201:
        app.request("POST", "/favorites", {"id": ids[1]}, token=made["token"])
        app.request("GET", "/search?limit=3&q=owls", token=made["token"])
        # A linked device, and a live code (versions before linked devices answer 404).
        status, issued = app.request("POST", "/installs/current/link-codes", token=made["token"])
        if status == 201:
            app.request("POST", "/installs/link", {"code": issued["code"]})
            app.request("POST", "/installs/current/link-codes", token=made["token"])
        # Reports and blocks (versions before 12 answer 404, and have no admin API).
        app.request("POST", f"/items/{ids[2]}/reports", {"reason": "spam"}, token=made["token"])
    app.request("POST", f"/items/{ids[2]}/reports", {"reason": "offensive"})
    app.request("PUT", f"/admin/blocks/items/{ids[3]}", {"reason": "fixture"}, token=ADMIN_TOKEN)
    app.request("PUT", "/admin/blocks/terms/owls", {"reason": "fixture"}, token=ADMIN_TOKEN)
    status, favorites = app.get("/favorites")
    print(f"favorites: {item_ids(favorites)}", file=sys.stderr)


DRIVER_PACKAGE = """// swift-tools-version:6.0
// Written by scripts/make-schema-fixture.py: the commit's storage code and a driver, nothing else.
import PackageDescription

let package = Package(
    name: "fixture-driver",
    platforms: [.macOS(.v15)],
    targets: [
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .target(name: "SQLite", dependencies: ["CSQLite"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .target(name: "Storage", dependencies: ["SQLite"], swiftSettings: [.swiftLanguageMode(.v6)]),
        .executableTarget(name: "fixture-driver", dependencies: ["SQLite", "Storage"], swiftSettings: [.swiftLanguageMode(.v6)]),
    ]
)
"""

DRIVER_MAIN = """// Written by scripts/make-schema-fixture.py. Arguments: version, database path, then pairs of a
// favorite's id and the file holding its snapshot.
import Foundation
import SQLite
import Storage

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2, let version = Int(arguments[0]), arguments.count % 2 == 0 else {
    FileHandle.standardError.write(Data("usage: fixture-driver VERSION PATH [ID SNAPSHOT_FILE]...\\n".utf8))
    exit(2)
}
do {
    // This commit's own migrations, up to `version`.
    let database = try Database(path: arguments[1])
    try Migrator(Array(Schema.migrator.migrations.prefix(version))).migrate(database)
    let actor = DatabaseActor(database)
    let favorites = FavoritesRepository(database: actor)
    var pairs = Array(arguments.dropFirst(2))
    var addedAt = Date()
    while pairs.count >= 2 {
        let snapshot = try Data(contentsOf: URL(fileURLWithPath: pairs[1]))
        _ = try await favorites.add(StoredFavorite(id: pairs[0], snapshot: snapshot, addedAt: addedAt))
        addedAt = addedAt.addingTimeInterval(0.01)
        pairs.removeFirst(2)
    }
    if version >= 2 {
        let history = SearchHistoryRepository(database: actor)
        for query in ["Cats", "dogs running", "cats"] {
            try await history.record(query, at: Date(), keepingNewest: 50)
            try await Task.sleep(for: .milliseconds(10))
        }
    }
} catch {
    FileHandle.standardError.write(Data("\\(error)\\n".utf8))
    exit(1)
}
"""


def settings_for(version):
    """What the server is started with besides its defaults: from version 10 (the address each
    call came from), a GIPHY budget and a share, so that the call log holds GIPHY calls charged to
    an install and to an address, with the address (the defaults keep no GIPHY budget and, with
    installs optional, no share)."""
    if version >= 11:
        return {"GIF_BFF_UPSTREAM_BUDGET_PER_HOUR": "100", "GIF_BFF_UPSTREAM_SHARE_PERCENT": "20", "GIF_BFF_ADMIN_TOKEN": ADMIN_TOKEN}
    if version >= 10:
        return {"GIF_BFF_UPSTREAM_BUDGET_PER_HOUR": "100", "GIF_BFF_UPSTREAM_SHARE_PERCENT": "20"}
    return {}


# From version 11 (blocks and reports) the server has an admin API: the fixture blocks an item and
# a term, and two installs report an item.
ADMIN_TOKEN = "fixture-admin-token-0123456789abcdef01234567"


def storage_only(folder, database, version, snapshots_from):
    """The commit's storage code with the driver above, fed snapshots stored by another commit's program."""
    _, app_folder = extract(snapshots_from)
    app_database = os.path.join(WORK, f"snapshots-{os.path.basename(app_folder)}.sqlite3")
    for suffix in ["", "-wal", "-shm"]:
        if os.path.exists(app_database + suffix):
            os.remove(app_database + suffix)
    app = App(app_folder, app_database)
    try:
        drive(app)
    finally:
        app.stop()
    connection = sqlite3.connect(app_database)
    rows = connection.execute("SELECT gif_id, snapshot FROM favorite ORDER BY seq").fetchall()
    connection.close()
    driver_folder = os.path.join(folder, "Sources", "fixture-driver")
    os.makedirs(driver_folder, exist_ok=True)
    with open(os.path.join(folder, "Package.swift"), "w") as file:
        file.write(DRIVER_PACKAGE)
    with open(os.path.join(driver_folder, "main.swift"), "w") as file:
        file.write(DRIVER_MAIN)
    run(["swift", "build", "--product", "fixture-driver"], cwd=folder)
    pairs = []
    for index, (favorite, snapshot) in enumerate(rows):
        path = os.path.join(WORK, f"snapshot-{index}.json")
        with open(path, "wb") as file:
            file.write(snapshot)
        pairs += [favorite, path]
    run([os.path.join(folder, ".build", "debug", "fixture-driver"), str(version), database] + pairs)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("version", type=int)
    parser.add_argument("commit")
    parser.add_argument("--storage-only", action="store_true")
    parser.add_argument("--snapshots-from", help="with --storage-only: the commit whose program stores the snapshots")
    options = parser.parse_args()
    if options.storage_only != bool(options.snapshots_from):
        parser.error("--storage-only and --snapshots-from go together")

    full, folder = extract(options.commit)
    database = os.path.join(WORK, f"schema-{options.version}.sqlite3")
    for suffix in ["", "-wal", "-shm"]:
        if os.path.exists(database + suffix):
            os.remove(database + suffix)
    if options.storage_only:
        storage_only(folder, database, options.version, options.snapshots_from)
    else:
        app = App(folder, database, settings_for(options.version))
        try:
            drive(app)
        finally:
            app.stop()

    found = int(subprocess.run(["sqlite3", database, "PRAGMA user_version"], check=True, capture_output=True, text=True).stdout)
    if found != options.version:
        sys.exit(f"{options.commit} made a database of version {found}, not {options.version}")
    dump = subprocess.run(["sqlite3", database, ".dump"], check=True, capture_output=True, text=True).stdout
    subject = subprocess.run(["git", "-C", REPOSITORY, "log", "-1", "--format=%h %ad %s", "--date=short", full],
                             check=True, capture_output=True, text=True).stdout.strip()[:100]
    settings = " ".join(f"{key}={value}" for key, value in settings_for(options.version).items())
    how = (f"--storage-only --snapshots-from {options.snapshots_from}" if options.storage_only
           else "demo mode over HTTP" + (f", {settings}" if settings else ""))
    header = (f"-- gif-bff database at schema version {options.version}, made by {subject}\n"
              f"-- with scripts/make-schema-fixture.py ({how}). Do not edit: make it again.\n")
    os.makedirs(FIXTURES, exist_ok=True)
    target = os.path.join(FIXTURES, f"schema-{options.version}.sql")
    with open(target, "w") as file:
        file.write(header + dump.rstrip("\n") + f"\nPRAGMA user_version={options.version};\n")
    print(f"wrote {os.path.relpath(target, REPOSITORY)}", file=sys.stderr)


if __name__ == "__main__":
    main()
