#!/usr/bin/env python3
"""Slow clients cannot keep a scrape from the agent's metrics endpoint (docs/metrics.md,
"Serving many clients").

Starts the real agent (`--metrics-listen 127.0.0.1:0 --simulate hgx-h100-8`) and attacks it the
way a slowloris does, from 127.0.0.1 (the address the real client uses too) and from other
loopback addresses (Linux routes all of 127.0.0.0/8 to lo):
  1. 80 idle half-open sockets, each having sent only "GET", from 10 addresses;
  2. 20 attackers that reconnect as soon as they are dropped, each sending "G" and waiting;
  3. a client that sends part of its headers and then nothing.
Meanwhile curl must get its 200 each time within MAX_SCRAPE_S, far under Prometheus's default
scrape_timeout of 10 s; the half-sent request must be dropped at the header deadline (about 1 s).
On an agent that serves one connection at a time with 5 s each, the first curl gives up.

Usage: metrics_slowloris_test.py AGENT
"""
import contextlib
import re
import socket
import subprocess
import sys
import tempfile
import threading
import time

MAX_SCRAPE_S = 2.0


@contextlib.contextmanager
def agent_serving(agent):
    log = tempfile.TemporaryFile("w+")
    proc = subprocess.Popen([agent, "--metrics-listen", "127.0.0.1:0", "--simulate", "hgx-h100-8"],
                            stdout=subprocess.DEVNULL, stderr=log)
    try:
        deadline = time.monotonic() + 10
        while True:
            log.seek(0)
            m = re.search(r"serving metrics on http://127\.0\.0\.1:(\d+)/metrics", log.read())
            if m:
                break
            assert proc.poll() is None and time.monotonic() < deadline, "the agent did not start listening"
            time.sleep(0.05)
        yield int(m.group(1))
        assert proc.poll() is None, "the agent exited under the attack"
    finally:
        proc.terminate()
        proc.wait(5)
        log.close()


def half_open(port, source, data=b"GET"):
    """A connection that sent `data`; None when the agent's backlog did not take it within 1 s."""
    s = socket.socket()
    s.settimeout(1)
    s.bind((source, 0))
    try:
        s.connect(("127.0.0.1", port))
        s.sendall(data)
    except OSError:
        s.close()
        return None
    return s


def scrape(port):
    """curl's status and seconds for one scrape."""
    started = time.monotonic()
    run = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-m", "5",
                          f"http://127.0.0.1:{port}/metrics"], capture_output=True, text=True)
    return run.stdout.strip(), time.monotonic() - started


def check_scrape(port, what):
    status, took = scrape(port)
    print(f"{what}: curl got {status or 'nothing'} after {took:.3f} s")
    assert status == "200" and took < MAX_SCRAPE_S, f"{what}: scrape {status or 'failed'} after {took:.1f} s"
    return took


class Reconnecter(threading.Thread):
    """Connects, sends 'G', waits until dropped, and again, until stopped."""

    def __init__(self, port, source):
        super().__init__(daemon=True)
        self.port, self.source, self.stop, self.connects = port, source, threading.Event(), 0

    def run(self):
        while not self.stop.is_set():
            try:
                s = half_open(self.port, self.source, b"G")
                if s is None:
                    continue
                self.connects += 1
                s.settimeout(0.5)
                while not self.stop.is_set():
                    try:
                        if not s.recv(4096):
                            break
                    except socket.timeout:
                        continue
                    except OSError:
                        break
                s.close()
                time.sleep(0.001)  # still hundreds of connects a second each, without taking a core
            except OSError:
                time.sleep(0.01)


def main(agent):
    started = time.monotonic()
    with agent_serving(agent) as port:
        check_scrape(port, "no attack")

        idle = [s for s in (half_open(port, f"127.0.0.{1 + i % 10}") for i in range(80)) if s]
        for n in range(3):
            check_scrape(port, f"80 idle half-open sockets from 10 addresses, scrape {n + 1}")
        print(f"({len(idle)} of the 80 were accepted by the kernel's backlog)")
        for s in idle:
            s.close()

        attackers = [Reconnecter(port, "127.0.0.1" if i % 2 == 0 else f"127.0.0.{2 + i % 5}") for i in range(20)]
        for a in attackers:
            a.start()
        time.sleep(0.5)
        worst = max(check_scrape(port, f"20 reconnecting attackers, scrape {n + 1}") for n in range(5))
        for a in attackers:
            a.stop.set()
        for a in attackers:
            a.join(5)
        connects = sum(a.connects for a in attackers)
        assert connects > 20, f"the attackers were never dropped ({connects} connects)"
        print(f"ok: the attackers made {connects} connections; the slowest scrape took {worst:.3f} s")

        # The header deadline: half a request, then silence.
        slow = half_open(port, "127.0.0.1", b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        assert slow, "the agent took no connection"
        slow.settimeout(5)
        t = time.monotonic()
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := slow.recv(4096):
                answer += chunk
        held = time.monotonic() - t
        slow.close()
        print(f"a client that never finished its headers was dropped after {held:.2f} s: {answer[:12]!r}")
        assert 0.5 < held < 2.5 and answer.startswith(b"HTTP/1.1 408"), (held, answer[:40])
    print(f"ok: slow clients kept no scrape waiting ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
