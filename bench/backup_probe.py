#!/usr/bin/env python3
"""What single requests feel while one snapshot is taken: four clients in step (GET /healthz,
GET /favorites, POST then DELETE /favorites, a search never made before), each on its own
keep-alive connection, a request every 5 ms, for 3 s; then SIGUSR1 to the server and 4 s more.
Prints each kind's latencies before the signal and in the 1.5 s after it (a snapshot of a few
hundred MB takes about that long). Usage: backup_probe.py PORT PID. Loopback only, bounded (7 s)."""
import http.client
import json
import os
import signal
import sys
import threading
import time
import urllib.request


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    trending = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/trending?limit=10").read())
    ids = [item["id"] for item in trending["data"]]
    results = {kind: [] for kind in ("health", "read", "write", "search")}
    stop = threading.Event()

    def loop(kind, out):
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        count = 0
        while not stop.is_set():
            count += 1
            start = time.monotonic()
            if kind == "health":
                connection.request("GET", "/healthz")
            elif kind == "read":
                connection.request("GET", "/favorites")
            elif kind == "write":
                gif = ids[count % len(ids)]
                connection.request("POST", "/favorites", body=json.dumps({"id": gif}), headers={"Content-Type": "application/json"})
                connection.getresponse().read()
                connection.request("DELETE", f"/favorites/{gif}")
            else:
                connection.request("GET", f"/search?q=probe{os.getpid()}x{count}")
            connection.getresponse().read()
            out.append((start, time.monotonic() - start))
            time.sleep(0.005)

    threads = [threading.Thread(target=loop, args=(kind, out)) for kind, out in results.items()]
    for thread in threads:
        thread.start()
    time.sleep(3)
    signalled = time.monotonic()
    os.kill(pid, signal.SIGUSR1)
    time.sleep(4)
    stop.set()
    for thread in threads:
        thread.join()

    def quantile(values, share):
        return values[min(len(values) - 1, int(len(values) * share))] * 1000

    for kind, out in results.items():
        before = sorted(took for start, took in out if start < signalled)
        during = sorted(took for start, took in out if signalled <= start < signalled + 1.5)
        print(f"{kind:6} before: {len(before):4} requests, p50 {quantile(before, 0.5):5.1f} max {before[-1] * 1000:6.1f} ms"
              f" | 1.5 s after SIGUSR1: {len(during):4}, p50 {quantile(during, 0.5):5.1f} p99 {quantile(during, 0.99):6.1f}"
              f" max {during[-1] * 1000:6.1f} ms")


if __name__ == "__main__":
    main()
