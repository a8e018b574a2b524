#!/usr/bin/env python3
"""Idle keep-alive connections at the connection limit (issue 31 item 5).

Opens IDLE keep-alive connections to a loopback server one after another, each doing one request
and then idling; then NEW clients connect one after another, each doing one request and keeping
its connection too (so each one past the limit needs a place). Prints how the idle ones were
answered, how the new clients were answered (200 or 503) with their latencies, and which idle
connections the server closed meanwhile. With WAIT_SECONDS, a new client then tries once a second
until one is answered 200 (at most WAIT_SECONDS): how long new clients are locked out.
Usage: idle_lockout.py PORT [IDLE [NEW [WAIT_SECONDS]]]. Loopback only, bounded in count and time.
"""
import resource
import socket
import statistics
import sys
import time

from http_response import read_response

REQUEST = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"


def one_request(port, kept):
    """A client: connect, one request; the socket is kept open in `kept`. Returns (status, milliseconds)."""
    started = time.perf_counter()
    try:
        sock = socket.create_connection(("127.0.0.1", port), timeout=10)
        kept.append(sock)
        sock.sendall(REQUEST)
        status = read_response(sock)
    except OSError:
        status = 0
    return status, (time.perf_counter() - started) * 1000


def still_open(sock):
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def summary(label, answers):
    statuses = [status for status, _ in answers]
    counts = ", ".join(f"{statuses.count(s)} x {s or 'no answer'}" for s in sorted(set(statuses)))
    print(f"{label}: {counts}")
    for status in sorted(set(statuses)):
        times = sorted(ms for s, ms in answers if s == status)
        p90 = times[min(len(times) - 1, int(len(times) * 0.9))]
        print(f"  {status or 'no answer'}: median {statistics.median(times):.2f} ms, p90 {p90:.2f} ms, max {times[-1]:.2f} ms")


def main():
    port = int(sys.argv[1])
    idle_count = min(int(sys.argv[2]) if len(sys.argv) > 2 else 210, 5000)
    new_count = min(int(sys.argv[3]) if len(sys.argv) > 3 else 50, 5000)
    wait_seconds = min(int(sys.argv[4]) if len(sys.argv) > 4 else 0, 600)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, idle_count + new_count + 100)), hard))
    idle = []
    newcomers = []
    try:
        opened = time.monotonic()
        idle_answers = [one_request(port, idle) for _ in range(idle_count)]
        summary(f"{idle_count} keep-alive clients, one request each, then idle", idle_answers)
        new_answers = [one_request(port, newcomers) for _ in range(new_count)]
        summary(f"then {new_count} new clients, one request each, keeping their connections", new_answers)
        closed = [index for index, sock in enumerate(idle) if not still_open(sock)]
        answered = [index for index, (status, _) in enumerate(idle_answers) if status == 200]
        closed_answered = [index for index in closed if index in answered]
        oldest_first = closed_answered == answered[:len(closed_answered)]
        print(f"idle connections closed by the server: {len(closed)} of {idle_count}; of those answered 200, "
              f"{len(closed_answered)}" + (f", {'exactly' if oldest_first else 'not'} the oldest" if closed_answered else ""))
        if wait_seconds and any(status != 200 for status, _ in new_answers):
            tries = 0
            while time.monotonic() - opened < wait_seconds:
                tries += 1
                status, _ = one_request(port, newcomers)
                if status == 200:
                    print(f"a new client was first answered 200 {time.monotonic() - opened:.1f} s after the idle "
                          f"clients began ({tries} tries, one a second)")
                    break
                time.sleep(1)
            else:
                print(f"no new client answered 200 within {wait_seconds} s")
    finally:
        for sock in idle + newcomers:
            sock.close()


if __name__ == "__main__":
    main()
