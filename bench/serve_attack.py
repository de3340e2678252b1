#!/usr/bin/env python3
"""The attacks of issue 33 on `sprague serve`, measured (Linux, loopback only).

Starts the server (release build), then prints one table:

- stop: each kind of long computation, sent with `--timeout 2`; after its
  503, the server's CPU time in the second from 0.5 s to 1.5 s after
  (the stopped computation should use none of it).
- memory: the server's resident memory idle, at its peak while four
  random-play requests compute (stopped at the time limit or refused by the
  memory bound), and one and five seconds after they are answered.
- half-open: connections that send half a header and nothing more; how
  long until the server has closed each (the header deadline is 10 s; the
  connection cap is 1024, so later ones are accepted as earlier ones close).

Usage: python3 bench/serve_attack.py [--bin path/to/sprague] [--only stop,memory,halfopen]
"""

import argparse
import http.client
import json
import os
import re
import selectors
import socket
import subprocess
import sys
import threading
import time

HZ = os.sysconf("SC_CLK_TCK")

SLOW_SCRIPT = (
    "const HEAP = true;\n"
    "fn moves(n) { let s = 0; for i in 0..100000 { s += i; } if n > 0 { [n - 1] } else { [] } }\n"
)

# (name, path, body): each computes for far longer than the time limit.
STOPS = [
    ("loopy table", "/api/table", {"spec": "updown:1,2,3/4,5/1000000", "upto": 1000000}),
    ("loopy value", "/api/value", {"spec": "updown:1/1/100000000", "positions": [3]}),
    ("random play", "/api/value", {"spec": "kayles", "positions": [40, 41, 42], "random": True}),
    ("misère value", "/api/value", {"spec": "grundy", "positions": [30, 31, 32, 33, 34], "misere": True}),
    ("play start", "/api/play", {"spec": "grundy", "positions": [30, 31, 32, 33, 34], "misere": True}),
    ("scripted table", "/api/table", {"spec": "script:slow.rhai", "script": SLOW_SCRIPT, "upto": 5000}),
    ("misère table", "/api/table", {"spec": "kayles", "upto": 60, "kind": "misere"}),
]


def start(binary, timeout):
    proc = subprocess.Popen(
        [binary, "serve", "--port", "0", "--timeout", str(timeout)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    line = proc.stdout.readline()
    m = re.search(r"http://([0-9.]+):(\d+)/", line)
    if not m:
        proc.kill()
        sys.exit(f"no address in {line!r}")
    return proc, m.group(1), int(m.group(2))


def cpu(pid):
    with open(f"/proc/{pid}/stat") as f:
        rest = f.read().rsplit(")", 1)[1].split()
    return (int(rest[11]) + int(rest[12])) / HZ


def rss_mb(pid):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def post(host, port, path, body, client="bench", timeout=600):
    c = http.client.HTTPConnection(host, port, timeout=timeout)
    c.request("POST", path, json.dumps(body), {"content-type": "application/json", "x-sprague-client": client})
    r = c.getresponse()
    data = r.read()
    c.close()
    return r.status, data


def measure_stop(binary):
    rows = []
    for name, path, body in STOPS:
        proc, host, port = start(binary, 2)
        try:
            t0 = time.monotonic()
            status, _ = post(host, port, path, body)
            answered = time.monotonic() - t0
            time.sleep(0.5)
            before = cpu(proc.pid)
            time.sleep(1.0)
            used = cpu(proc.pid) - before
            rows.append((f"stop: {name}", f"{status} after {answered:.2f} s; CPU from 0.5 s to 1.5 s after: {used:.2f} s"))
        finally:
            proc.terminate()
            proc.wait()
    return rows


def measure_memory(binary):
    proc, host, port = start(binary, 20)
    try:
        time.sleep(0.5)
        idle = rss_mb(proc.pid)
        peak = [idle]
        statuses = []
        done = threading.Event()

        def watch():
            while not done.is_set():
                peak[0] = max(peak[0], rss_mb(proc.pid))
                time.sleep(0.1)

        def ask(i):
            body = {"spec": "kayles", "positions": [40, 41, 42 + i], "random": True}
            statuses.append(post(host, port, "/api/value", body, client=f"tab{i}")[0])

        watcher = threading.Thread(target=watch)
        watcher.start()
        askers = [threading.Thread(target=ask, args=(i,)) for i in range(4)]
        for t in askers:
            t.start()
        for t in askers:
            t.join()
        time.sleep(1.0)
        done.set()
        watcher.join()
        after = rss_mb(proc.pid)
        time.sleep(4.0)
        later = rss_mb(proc.pid)
        return [
            ("memory: 4 random-play requests", f"answers {sorted(statuses)}"),
            (
                "memory: RSS idle / peak / 1 s, 5 s after",
                f"{idle:.0f} MB / {peak[0]:.0f} MB / {after:.0f} MB, {later:.0f} MB",
            ),
        ]
    finally:
        proc.terminate()
        proc.wait()


def measure_halfopen(binary, count=1100):
    proc, host, port = start(binary, 20)
    try:
        sel = selectors.DefaultSelector()
        opened = {}
        t0 = time.monotonic()
        for i in range(count):
            s = socket.create_connection((host, port))
            s.sendall(b"GET /api/games HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            s.setblocking(False)
            sel.register(s, selectors.EVENT_READ, i)
            opened[i] = s
        open_time = time.monotonic() - t0
        closed = {}
        while opened and time.monotonic() - t0 < 60:
            for key, _ in sel.select(timeout=1.0):
                s = key.fileobj
                try:
                    data = s.recv(4096)
                except (ConnectionResetError, BlockingIOError):
                    data = b""
                if not data:
                    closed[key.data] = time.monotonic() - t0
                    sel.unregister(s)
                    s.close()
                    del opened[key.data]
        times = sorted(closed.values())
        left = len(opened)
        for s in opened.values():
            s.close()
        # A fresh request once they are gone.
        status, _ = post(host, port, "/api/value", {"spec": "nim", "positions": [3]})
        return [
            (
                f"half-open: {count} connections",
                f"opened in {open_time:.1f} s; closed {len(times)} (first at {times[0]:.1f} s, median {times[len(times) // 2]:.1f} s, "
                f"last at {times[-1]:.1f} s), still open after 60 s: {left}; then a request: {status}",
            )
        ]
    finally:
        proc.terminate()
        proc.wait()


def main():
    ap = argparse.ArgumentParser()
    target = os.environ.get("CARGO_TARGET_DIR", "target")
    ap.add_argument("--bin", default=f"{target}/release/sprague")
    ap.add_argument("--only", default="stop,memory,halfopen")
    a = ap.parse_args()
    rows = []
    parts = a.only.split(",")
    if "stop" in parts:
        rows += measure_stop(a.bin)
    if "memory" in parts:
        rows += measure_memory(a.bin)
    if "halfopen" in parts:
        rows += measure_halfopen(a.bin)
    width = max(len(r[0]) for r in rows)
    for name, value in rows:
        print(f"{name:<{width}}  {value}")


if __name__ == "__main__":
    main()
