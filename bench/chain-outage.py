#!/usr/bin/env python3
"""bench/chain-outage.py: a scripted outage of GIPHY, and which provider answered each request.

Starts fake-giphy and fake-klipy (the tests' fakes, as processes) and gif-bff with a key for each
(so its GIF chain is giphy,klipy), all on loopback, the cache off so every request asks a
provider. Then, phase by phase, GIPHY is made to refuse the key (401), rate limit (429), fail
(503), answer slowly (past the 1 s upstream deadline) and be unreachable (its process stopped),
and comes back after each. Prints one line per request: the phase, the status, the provider the
page names, and the time it took; then a summary per phase. A request naming provider=giphy is
sent once in each phase to show it stays strict.

    bench/chain-outage.py [BIN_DIR]    (default: swift build --show-bin-path; builds gif-bff, fake-giphy, fake-klipy)
"""
import json, os, socket, subprocess, sys, tempfile, time, urllib.request, urllib.error

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

def start_fake(binary, port, key_flag, key):
    process = subprocess.Popen([binary, "--port", str(port), key_flag, key], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    base = process.stdout.readline().strip().split()[-1]
    return process, base

def request(method, url, body=None, timeout=10):
    data = None if body is None else json.dumps(body).encode()
    req = urllib.request.Request(url, data=data, method=method, headers={"Content-Type": "application/json"} if data else {})
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=timeout) as answer:
            return answer.status, answer.read(), time.monotonic() - started
    except urllib.error.HTTPError as error:
        return error.code, error.read(), time.monotonic() - started

def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = os.path.dirname(here)
    if len(sys.argv) > 1:
        bins = sys.argv[1]
    else:
        for product in ["gif-bff", "fake-giphy", "fake-klipy"]:
            subprocess.run(["swift", "build", "--product", product], cwd=root, check=True, stdout=subprocess.DEVNULL)
        bins = subprocess.run(["swift", "build", "--show-bin-path"], cwd=root, check=True, capture_output=True, text=True).stdout.strip()
    giphy_port, klipy_port, port = free_port(), free_port(), free_port()
    giphy, giphy_base = start_fake(os.path.join(bins, "fake-giphy"), giphy_port, "--api-key", "outage-giphy-key")
    klipy, klipy_base = start_fake(os.path.join(bins, "fake-klipy"), klipy_port, "--app-key", "outage-klipy-key")
    folder = tempfile.mkdtemp(prefix="chain-outage-")
    environment = dict(os.environ, GIF_BFF_PORT=str(port), GIF_BFF_DATABASE=os.path.join(folder, "db.sqlite3"),
                       GIPHY_API_KEY="outage-giphy-key", GIPHY_BASE_URL=giphy_base, KLIPY_API_KEY="outage-klipy-key",
                       KLIPY_BASE_URL=klipy_base, GIF_BFF_CACHE="off", GIF_BFF_UPSTREAM_TIMEOUT_SECONDS="1",
                       GIF_BFF_LOG_LEVEL="warning")
    server = subprocess.Popen([os.path.join(bins, "gif-bff")], env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(100):
            try:
                if request("GET", base + "/readyz", timeout=1)[0] == 200: break
            except OSError: time.sleep(0.1)
        summary = []
        counter = [0]
        def ask(phase, named=False):
            counter[0] += 1
            target = "/search?q=cat&limit=8" + ("&provider=giphy" if named else "")
            status, body, seconds = request("GET", base + target)
            provider = json.loads(body).get("provider", "-") if status == 200 else json.loads(body).get("code", "?")
            print(f"{counter[0]:4d}  {phase:<22} {'provider=giphy' if named else 'no provider':<15} {status}  {provider:<24} {seconds * 1000:7.1f} ms")
            if not named: summary.append((phase, status, provider))
        def fault(body):
            request("POST", giphy_base.rsplit("/v1", 1)[0] + "/__fault", dict(body, sticky=True))
        def clear():
            request("DELETE", giphy_base.rsplit("/v1", 1)[0] + "/__fault")
        def back(phase):
            deadline = time.monotonic() + 40
            while time.monotonic() < deadline:
                ask(phase)
                if summary[-1][2] == "giphy": return
                time.sleep(0.5)
        print(f"   #  phase                  request         status provider / code       time")
        for _ in range(3): ask("healthy")
        outages = [("key refused (401)", {"fault": "unauthorized"}), ("rate limited (429)", {"fault": "rate_limited", "retry_after": 5}),
                   ("failing (503)", {"fault": "service_unavailable"}), ("slow (3 s)", {"fault": "delay", "delay_ms": 3000})]
        for phase, body in outages:
            fault(body)
            for _ in range(4): ask(phase)
            ask(phase, named=True)
            clear()
            back(phase.split(" (")[0] + ": back")
        giphy.terminate(); giphy.wait()
        for _ in range(4): ask("unreachable")
        ask("unreachable", named=True)
        giphy, _ = start_fake(os.path.join(bins, "fake-giphy"), giphy_port, "--api-key", "outage-giphy-key")
        back("unreachable: back")
        print()
        phases = []
        for phase, _, _ in summary:
            if phase not in phases: phases.append(phase)
        for phase in phases:
            rows = [row for row in summary if row[0] == phase]
            served = {}
            for _, status, provider in rows: served[provider] = served.get(provider, 0) + 1
            print(f"{phase:<22} {len(rows):3d} requests: " + ", ".join(f"{name} {count}" for name, count in served.items()))
        metrics = request("GET", base + "/metrics")[1].decode()
        for line in metrics.splitlines():
            if line.startswith("gif_bff_provider_passed_over_total"): print(line)
    finally:
        for process in (server, giphy, klipy):
            process.terminate()
            process.wait()

if __name__ == "__main__":
    main()
