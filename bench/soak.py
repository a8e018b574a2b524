#!/usr/bin/env python3
"""bench/soak.py, run by bench/soak.sh: a day in an hour. SOAK_MINUTES (30) minutes of the mixed
plan (bench/mixed_plan.py, replayed by wrk through bench/soak.lua) against gif-bff in front of
fake-giphy, the upstream failing in turn a minute each: healthy, slow (3 s a call), server_error
(500), reset (a listener of ours on the fake's port resets every connection), rate_limited (429),
down (nothing listening); gif-bff SIGKILLed and started again every 3 minutes, 30 s into the
minute. An auditor adds and removes favorites of its own, one at a time, and checks that every
acknowledged add (201/200) is listed and every acknowledged removal (204) is not.

Prints a line a minute (phase, req/s, p50, p99, answers by status and problem code, socket errors,
RSS and descriptors at the minute's end, upstream calls), then the verdict: RSS and descriptors
after minute 5, the errors no fault explains, the acknowledged favorites lost. Loopback only;
every process it starts is stopped by PID. Environment: BIN (folder of gif-bff and fake-giphy),
SOAK_MINUTES, SOAK_CONNECTIONS (8), SOAK_RESTART_MINUTES (3; 0 for none), SOAK_PHASES (all, in the
order above; comma-separated names for some), SOAK_WORK (/tmp/gif-bff-soak), SOAK_PORT (28380; the
fake takes the next). Beside RSS it prints the heap the allocator counts as in use (/metrics'
gif_bff_heap_in_use_bytes): RSS rising over a flat heap is the allocator keeping freed memory.
"""
import json
import os
import random
import signal
import socket
import statistics
import struct
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.dont_write_bytecode = True  # no __pycache__ left in bench/
import mixed_plan  # noqa: E402  (the plan's queries: the auditor takes ids from others)

BIN = os.environ["BIN"]
MINUTES = int(os.environ.get("SOAK_MINUTES", "30"))
CONNECTIONS = int(os.environ.get("SOAK_CONNECTIONS", "8"))
WORK = os.environ.get("SOAK_WORK", "/tmp/gif-bff-soak")
PORT = int(os.environ.get("SOAK_PORT", "28380"))
FAKE_PORT = PORT + 1
KEY = "soak-key"
BASE = f"http://127.0.0.1:{PORT}"
FAKE = f"http://127.0.0.1:{FAKE_PORT}"
# 0: never (one process for the whole run, to see whether its RSS levels off).
RESTART_EVERY_MINUTES = int(os.environ.get("SOAK_RESTART_MINUTES", "3"))
ALL_PHASES = ["healthy", "slow", "server_error", "reset", "rate_limited", "down"]
# SOAK_PHASES=healthy (comma-separated) runs only those, in turn: a look at memory without faults.
PHASES = [phase for phase in os.environ.get("SOAK_PHASES", ",".join(ALL_PHASES)).split(",") if phase in ALL_PHASES] or ALL_PHASES
# Answers that a phase explains. Every phase: what the plan does in ordinary use (removing a GIF
# that is not a favorite). A minute with a restart also explains socket errors.
EXPLAINED_ALWAYS = {"404:favorite_not_found"}
EXPLAINED = {"healthy": set(), "slow": set(), "server_error": {"502:upstream_error"}, "reset": {"502:upstream_unavailable"},
             "rate_limited": {"503:upstream_rate_limited"}, "down": {"502:upstream_unavailable"}}


def log(message):
    print(message, flush=True)


def request(method, url, body=None, timeout=15):
    data = None if body is None else json.dumps(body).encode()
    headers = {"Content-Type": "application/json"} if data else {}
    try:
        with urllib.request.urlopen(urllib.request.Request(url, data=data, method=method, headers=headers), timeout=timeout) as answer:
            return answer.status, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, error.read()


def wait_up(url, seconds=20):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if request("GET", url, timeout=2)[0] < 500:
                return
        except OSError:
            pass
        time.sleep(0.05)
    raise RuntimeError(f"not answering: {url}")


class GifBFF:
    """The server under test; `restart` SIGKILLs it and starts it again on the same database."""

    def __init__(self):
        self.lock = threading.Lock()
        self.process = None
        self.restarts = 0
        self.log = open(os.path.join(WORK, "gif-bff.log"), "ab")

    def start(self):
        environment = {key: value for key, value in os.environ.items() if not key.startswith(("GIPHY_", "UNSPLASH_", "GIF_BFF_"))}
        environment.update({
            "GIF_BFF_PORT": str(PORT), "GIF_BFF_DATABASE": os.path.join(WORK, "gif-bff.sqlite3"),
            "GIF_BFF_LOG_LEVEL": "warning", "GIF_BFF_FAVORITES_LIMIT": "500",
            "GIPHY_API_KEY": KEY, "GIPHY_BASE_URL": FAKE + "/v1",
        })
        self.process = subprocess.Popen([os.path.join(BIN, "gif-bff")], env=environment, stdout=subprocess.DEVNULL, stderr=self.log)
        self.started = time.monotonic()
        wait_up(BASE + "/healthz")

    @property
    def pid(self):
        with self.lock:
            return self.process.pid

    @property
    def age_minutes(self):
        """Whole minutes since the running process started (rounded)."""
        with self.lock:
            return round((time.monotonic() - self.started) / 60)

    def restart(self):
        with self.lock:
            self.process.send_signal(signal.SIGKILL)
            self.process.wait()
            self.start()
            self.restarts += 1

    def stop(self):
        with self.lock:
            if self.process and self.process.poll() is None:
                self.process.send_signal(signal.SIGTERM)
                try:
                    self.process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    self.process.kill()
                    self.process.wait()


class Upstream:
    """fake-giphy on FAKE_PORT, or a listener of ours there that resets every connection, or nothing."""

    def __init__(self):
        self.fake = None
        self.resetter = None

    def set_phase(self, phase):
        wants_fake = phase not in ("reset", "down")
        if not wants_fake:
            self.stop_fake()
        elif self.fake is None:
            self.stop_resetter()
            self.fake = subprocess.Popen([os.path.join(BIN, "fake-giphy"), "--port", str(FAKE_PORT), "--api-key", KEY],
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            wait_up(FAKE + "/__calls")
        if phase == "reset":
            self.start_resetter()
        elif phase == "down":
            self.stop_resetter()
        if wants_fake:
            request("DELETE", FAKE + "/__fault")
            fault = {"slow": {"fault": "delay", "delay_ms": 3000}, "server_error": {"fault": "server_error"},
                     "rate_limited": {"fault": "rate_limited", "retry_after": 30}}.get(phase)
            if fault:
                request("POST", FAKE + "/__fault", dict(fault, sticky=True))

    def calls(self):
        """Upstream calls the fake counted since the last look, or None when it is not running."""
        if self.fake is None:
            return None
        status, body = request("GET", FAKE + "/__calls")
        request("DELETE", FAKE + "/__calls")
        return json.loads(body)["total"] if status == 200 else None

    def start_resetter(self):
        listener = socket.socket()
        listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listener.bind(("127.0.0.1", FAKE_PORT))
        listener.listen(128)
        self.resetter = listener

        def serve():
            while True:
                try:
                    connection, _ = listener.accept()
                except OSError:
                    return
                connection.settimeout(2)
                try:
                    connection.recv(65536)
                except OSError:
                    pass
                # SO_LINGER 0: close sends RST, "connection reset by peer".
                connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                connection.close()

        threading.Thread(target=serve, daemon=True).start()

    def stop_resetter(self):
        if self.resetter:
            self.resetter.shutdown(socket.SHUT_RDWR)
            self.resetter.close()
            self.resetter = None

    def stop_fake(self):
        if self.fake:
            self.fake.terminate()
            try:
                self.fake.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.fake.kill()
                self.fake.wait()
            self.fake = None

    def stop(self):
        self.stop_resetter()
        self.stop_fake()


class Auditor(threading.Thread):
    """Adds and removes favorites of its own, one at a time, and checks what was acknowledged."""

    def __init__(self, pool):
        super().__init__(daemon=True)
        self.pool = pool
        self.present = set()   # acknowledged added, not removed since
        self.absent = set()    # acknowledged removed, not added since
        self.adds = self.removes = self.checks = self.uncertain = 0
        self.violations = []
        self.stopping = threading.Event()
        self.random = random.Random(24)

    def run(self):
        last_check = time.monotonic()
        while not self.stopping.wait(0.5):
            try:
                self.step()
                if time.monotonic() - last_check > 5:
                    self.check()
                    last_check = time.monotonic()
            except OSError:
                self.uncertain += 1  # a restart or a timeout cut it off: its favorite's state is unknown

    def step(self):
        if len(self.present) < 8 or self.random.random() < 0.6:
            candidates = sorted(set(self.pool) - self.present)
            if not candidates:
                return
            favorite = self.random.choice(candidates)
            self.forget(favorite)
            status, _ = request("POST", BASE + "/favorites", {"id": favorite})
            if status in (200, 201):
                self.present.add(favorite)
                self.adds += 1
            elif status != 409:
                self.uncertain += 1
        else:
            favorite = self.random.choice(sorted(self.present))
            self.forget(favorite)
            status, _ = request("DELETE", BASE + "/favorites/" + favorite)
            if status == 204:
                self.absent.add(favorite)
                self.removes += 1
            elif status == 404:
                self.violations.append(f"{time.strftime('%H:%M:%S')} acknowledged favorite {favorite} was gone when removed")
            else:
                self.uncertain += 1

    def forget(self, favorite):
        """Until the answer comes, its state is unknown (a restart may cut the request off)."""
        self.present.discard(favorite)
        self.absent.discard(favorite)

    def check(self):
        status, body = request("GET", BASE + "/favorites")
        if status != 200:
            return
        listed = {item["id"] for item in json.loads(body)["data"]}
        self.checks += 1
        for favorite in sorted(self.present - listed):
            self.violations.append(f"{time.strftime('%H:%M:%S')} acknowledged favorite {favorite} not listed")
        for favorite in sorted(self.absent & listed):
            self.violations.append(f"{time.strftime('%H:%M:%S')} acknowledged removal {favorite} listed again")


def ids_for(query):
    status, body = request("GET", f"{BASE}/search?q={urllib.request.quote(query)}&limit=24")
    return [item["id"] for item in json.loads(body)["data"]] if status == 200 else []


def run_minute(plan):
    environment = dict(os.environ, MIXED_PLAN=plan, MIXED_LUA=os.path.join(HERE, "mixed.lua"))
    result = subprocess.run(["wrk", "-t2", f"-c{CONNECTIONS}", "-d60s", "--timeout", "10s", "-s", os.path.join(HERE, "soak.lua"), BASE],
                            env=environment, capture_output=True, text=True)
    line = next((line for line in result.stdout.splitlines() if line.startswith("SOAK ")), None)
    if line is None:
        raise RuntimeError("wrk said nothing: " + result.stdout + result.stderr)
    fields = dict(part.split("=", 1) for part in line.split()[1:])
    codes = {}
    for entry in filter(None, fields["codes"].split(",")):
        key, count = entry.rsplit(":", 1)
        codes[key] = int(count)
    return fields, codes


def sample(pid):
    with open(f"/proc/{pid}/status") as status:
        rss = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return rss / 1024, len(os.listdir(f"/proc/{pid}/fd"))


def heap_mib():
    """The heap in use, as gif-bff's allocator counts it; None if /metrics cannot be read."""
    try:
        with urllib.request.urlopen(BASE + "/metrics", timeout=5) as answer:
            for line in answer.read().decode().splitlines():
                if line.startswith("gif_bff_heap_in_use_bytes "):
                    return int(line.split()[1]) / (1 << 20)
    except (OSError, ValueError):
        return None
    return None


def main():
    os.makedirs(WORK, exist_ok=True)
    for name in os.listdir(WORK):
        os.remove(os.path.join(WORK, name))
    server, upstream = GifBFF(), Upstream()
    timers, auditor = [], None
    try:
        upstream.set_phase("healthy")
        server.start()
        plan = os.path.join(WORK, "plan.txt")
        subprocess.run([sys.executable, os.path.join(HERE, "mixed_plan.py"), str(PORT), plan, "200000"], check=True,
                       stdout=subprocess.DEVNULL)
        plan_ids = set(sum((ids_for(query) for query in mixed_plan.QUERIES[:10]), []))
        pool = set()
        for query in mixed_plan.QUERIES[10:]:
            pool |= set(ids_for(query)) - plan_ids
            if len(pool) >= 40:
                break
        auditor = Auditor(sorted(pool))
        auditor.start()
        log(f"# soak: {MINUTES} min, wrk -t2 -c{CONNECTIONS}, phases {' '.join(PHASES)}, "
            f"{f'SIGKILL + restart every {RESTART_EVERY_MINUTES} min' if RESTART_EVERY_MINUTES else 'no restarts'}; {os.cpu_count()} cores, loadavg {open('/proc/loadavg').read().split()[:3]}; "
            f"auditor pool {len(auditor.pool)} ids")
        log(f"{'min':>3} {'phase':<12} {'req/s':>7} {'p50ms':>7} {'p99ms':>8} {'rss_MiB':>7} {'heap_MiB':>8} {'fds':>4} {'upstream':>8} "
            f"{'socket_errors':<22} answers_by_code")
        minutes, unexplained = [], []
        for minute in range(MINUTES):
            phase = PHASES[minute % len(PHASES)]
            upstream.set_phase(phase)
            restarting = RESTART_EVERY_MINUTES > 0 and (minute + 1) % RESTART_EVERY_MINUTES == 0
            if restarting:
                timer = threading.Timer(30, server.restart)
                timer.start()
                timers.append(timer)
            fields, codes = run_minute(plan)
            for timer in timers:
                timer.join()
            rss, fds = sample(server.pid)
            heap = heap_mib()
            calls = upstream.calls()
            seconds = int(fields["duration_us"]) / 1e6
            sockets = {name: int(fields[name]) for name in ("connect", "read", "write", "timeout") if int(fields[name])}
            errors = {key: count for key, count in codes.items() if int(key.split(":")[0]) >= 400}
            allowed = EXPLAINED_ALWAYS | EXPLAINED[phase]
            for key, count in errors.items():
                if key not in allowed:
                    unexplained.append(f"minute {minute + 1} ({phase}): {key} x{count}")
            if sockets and not restarting:
                unexplained.append(f"minute {minute + 1} ({phase}): socket errors {sockets} without a restart")
            minutes.append((rss, fds, phase, server.age_minutes))
            log(f"{minute + 1:>3} {phase:<12} {int(fields['requests']) / seconds:>7.0f} {int(fields['p50_us']) / 1000:>7.1f} "
                f"{int(fields['p99_us']) / 1000:>8.1f} {rss:>7.1f} {f'{heap:.1f}' if heap is not None else '-':>8} {fds:>4} {calls if calls is not None else '-':>8} "
                f"{(' '.join(f'{k}={v}' for k, v in sockets.items()) + (' (restart)' if restarting else '')) or '-':<22} "
                f"{' '.join(f'{k}={v}' for k, v in sorted(errors.items())) or '-'}")
        auditor.stopping.set()
        auditor.join()
        # One more kill, then the last word on every acknowledged favorite.
        upstream.set_phase("healthy")
        server.restart()
        auditor.check()
        log("")
        later = minutes[5:] or minutes
        def spread(values):
            return (max(values) - min(values)) / min(values) * 100

        for name, index in (("RSS MiB", 0), ("open descriptors", 1)):
            values = [entry[index] for entry in later]
            log(f"{name} after minute 5: min {min(values):.1f}, median {statistics.median(values):.1f}, max {max(values):.1f}: "
                f"spread {spread(values):.1f}% ({'within' if spread(values) <= 10 else 'beyond'} 10%)")
        # A restart starts RSS over and the upstream's state sets the connections held: compare like with like.
        for age in sorted({entry[3] for entry in later}):
            values = [entry[0] for entry in later if entry[3] == age]
            log(f"  RSS MiB {age} min after a start: {' '.join(f'{value:.1f}' for value in values)} (spread {spread(values):.1f}%)")
        # The phase sets what memory holds (a healthy upstream fills the caches): like with like again.
        for phase in PHASES:
            values = [entry[0] for entry in later if entry[2] == phase]
            if values:
                log(f"  RSS MiB while {phase}: {' '.join(f'{value:.1f}' for value in values)} (spread {spread(values):.1f}%)")
        for phase in PHASES:
            values = [entry[1] for entry in later if entry[2] == phase]
            if values:
                log(f"  descriptors while {phase}: {' '.join(str(value) for value in values)} (spread {spread(values):.1f}%)")
        log(f"restarts (SIGKILL): {server.restarts}")
        log(f"auditor: {auditor.adds} adds and {auditor.removes} removes acknowledged, {auditor.uncertain} cut off or refused "
            f"by a fault, {auditor.checks} checks; acknowledged favorites lost or removals undone: {len(auditor.violations)}")
        for violation in auditor.violations[:20]:
            log("  " + violation)
        log(f"errors no fault explains: {len(unexplained)}")
        for entry in unexplained:
            log("  " + entry)
    finally:
        for timer in timers:
            timer.cancel()
        if auditor:
            auditor.stopping.set()
        server.stop()
        upstream.stop()


if __name__ == "__main__":
    main()
