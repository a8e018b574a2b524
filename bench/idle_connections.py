#!/usr/bin/env python3
"""Opens N keep-alive connections to a loopback server, one request each, then holds them idle.

Prints the server's RSS with them open and the latency of /healthz on a fresh connection
meanwhile. Usage: idle_connections.py PORT SERVER_PID [N]. Loopback only, bounded in count.
"""
import resource
import socket
import sys
import time


def rss_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main():
    port, pid = int(sys.argv[1]), int(sys.argv[2])
    count = min(int(sys.argv[3]) if len(sys.argv) > 3 else 10000, 20000)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, count + 1000)), hard))
    request = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n\r\n"
    before = rss_mib(pid)
    sockets = []
    try:
        for _ in range(count):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(request)
            sockets.append(s)
        answered = 0
        for s in sockets:
            data = b""
            while b"\r\n\r\n" not in data or not data.endswith(b'{"status":"ok"}'):
                chunk = s.recv(4096)
                if not chunk:
                    break
                data += chunk
            answered += data.startswith(b"HTTP/1.1 200")
        time.sleep(1)
        held = rss_mib(pid)
        started = time.perf_counter()
        probe = socket.create_connection(("127.0.0.1", port), timeout=10)
        probe.sendall(request)
        reply = probe.recv(4096)
        probe_ms = (time.perf_counter() - started) * 1000
        probe.close()
        open_still = 0
        for s in sockets:
            s.setblocking(False)
            try:
                open_still += s.recv(1) != b""
            except BlockingIOError:
                open_still += 1
            except OSError:
                pass
        print(f"idle connections: {count} opened, {answered} answered 200, {open_still} still open after 1 s")
        print(f"server RSS: {before:.1f} MiB before, {held:.1f} MiB with {count} idle connections")
        print(f"/healthz on a new connection meanwhile: {reply.split(b' ')[1].decode()} in {probe_ms:.2f} ms")
    finally:
        for s in sockets:
            s.close()


if __name__ == "__main__":
    main()
