#!/usr/bin/env python3
"""make bench, meiro serve's part: how long a preview takes from the request
to the last byte (one client, as the page asks while someone types), and
under load (N requests from C clients at once on loopback): p50/p95/p99,
requests a second, the server's memory before, after and at its peak;
and previews beside 128 slow clients.
Numbers only: nothing here passes or fails but an error answer.
Usage: bench-serve.py MEIRO [REQUESTS [CLIENTS]]"""
import http.client
import os
import re
import socket
import subprocess
import sys
import threading
import time

meiro = sys.argv[1]
total = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
clients = int(sys.argv[3]) if len(sys.argv) > 3 else 16

server = subprocess.Popen([meiro, "serve", "--port", "0"], stdout=subprocess.PIPE,
                          stderr=subprocess.DEVNULL, text=True)
try:
    line = server.stdout.readline()
    m = re.search(r"http://([0-9.]+):([0-9]+)/", line)
    if not m:
        sys.exit("bench-serve: meiro serve printed no address: %r" % line)
    host, port = m.group(1), int(m.group(2))

    def status(key):
        with open("/proc/%d/status" % server.pid) as f:
            for s in f:
                if s.startswith(key + ":"):
                    return int(s.split()[1])
        return -1

    def get(conn, path):
        t = time.perf_counter()
        conn.request("GET", path)
        r = conn.getresponse()
        r.read()
        return r.status, time.perf_counter() - t

    def pct(times, p):
        times = sorted(times)
        return times[min(len(times) - 1, int(len(times) * p))] * 1000

    # what the page asks first: the A4 page for a 6-year-old, and the kinds
    kinds = [("rectangle", "age=6"), ("heart", "shape=heart&age=4"),
             ("name", "text=HANA&age=6"), ("round", "grid=polar&ends=center&age=6"),
             ("Japanese", "age=6&lang=ja&title=%E3%82%81%E3%81%84%E3%82%8D")]
    conn = http.client.HTTPConnection(host, port, timeout=60)
    get(conn, "/api/choices")
    print("meiro serve: one client, an A4 page as SVG (/api/preview), 40 requests each:")
    for name, q in kinds:
        times = []
        for i in range(40):
            code, t = get(conn, "/api/preview?%s&seed=%d" % (q, i))
            if code != 200:
                sys.exit("bench-serve: %s: HTTP %d" % (name, code))
            times.append(t)
        print("  %-10s p50 %6.1f ms  p95 %6.1f ms" % (name, pct(times, 0.5), pct(times, 0.95)))
    conn.close()

    # load: total previews from `clients` clients, each on its own connection
    rss_before = status("VmRSS")
    times, errors, lock = [], [0], threading.Lock()
    todo = iter(range(total))

    def client():
        c = http.client.HTTPConnection(host, port, timeout=60)
        while True:
            with lock:
                i = next(todo, None)
            if i is None:
                break
            try:
                code, t = get(c, "/api/preview?width=12&height=16&seed=%d" % i)
            except (OSError, http.client.HTTPException):
                c.close()
                c = http.client.HTTPConnection(host, port, timeout=60)
                code, t = 0, 0
            with lock:
                if code == 200:
                    times.append(t)
                else:
                    errors[0] += 1
        c.close()

    start = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    took = time.perf_counter() - start
    print("meiro serve: %d previews (12 x 16, A4) from %d clients at once on %d processors:"
          % (total, clients, os.cpu_count()))
    print("  %.1f s, %.0f requests/s, p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, %d errors"
          % (took, total / took, pct(times, 0.5), pct(times, 0.95), pct(times, 0.99), errors[0]))
    print("  server memory: %d kB before, %d kB after, peak %d kB (VmHWM)"
          % (rss_before, status("VmRSS"), status("VmHWM")))
    if errors[0]:
        sys.exit("bench-serve: %d errors under load" % errors[0])

    # beside slow clients: 128 connections that send a header line now and
    # then (the server cuts them off at its headers' deadline, and the
    # slowest for room), one client asking for previews meanwhile
    slow = []
    for i in range(128):
        s = socket.create_connection((host, port), timeout=10)
        s.sendall(b"GET / HTTP/1.1\r\nHost: %s:%d\r\n" % (host.encode(), port))
        slow.append(s)
    conn = http.client.HTTPConnection(host, port, timeout=60)
    times = []
    for i in range(20):
        code, t = get(conn, "/api/preview?width=12&height=16&seed=%d" % i)
        if code != 200:
            sys.exit("bench-serve: a preview beside slow clients: HTTP %d" % code)
        times.append(t)
    conn.close()
    for s in slow:
        s.close()
    print("meiro serve: 20 previews beside 128 slow clients: p50 %.0f ms, max %.0f ms"
          % (pct(times, 0.5), max(times) * 1000))
finally:
    server.terminate()
    server.wait()
