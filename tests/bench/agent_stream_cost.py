#!/usr/bin/env python3
"""What a subscribed agent costs per sample, next to cockpit-bridge and the bare floor.

    agent_stream_cost.py [--root TREE] [--no-cockpit] [--also-totals] [--strace-seconds N] SECONDS AGENT [AGENT...]

Runs side by side, in one run:
  - each AGENT with `--stdio` (and `--root TREE`), subscribed at 100 ms (every sample with its
    per-core list, the protocol's default); with --also-totals each AGENT a second time,
    subscribed with `per_core: false` as the app subscribes (app/fleet_monitor.cpp);
  - cockpit-bridge's `metrics1` channel (source "internal", interval 100 ms, cpu.basic.*,
    memory.*, network.all.*, disk.all.*), driven over its framed stdin protocol, when installed;
    with --root it runs in a private mount namespace with the tree's /proc/stat, /proc/meminfo and
    /proc/net/dev bind-mounted over the live ones (root only), so it reads what the agent reads;
  - the floor: a tiny C program (built here with cc) that wakes every 100 ms on an absolute
    clock and preads /proc/stat (TREE/proc/stat with --root) once;
  - with --io-floor, a second such program that also does the rest of the I/O a subscribed
    agent cannot leave out: it preads /proc/stat, /proc/meminfo and /proc/net/dev (the tree's
    with --root) and writes one line as long as the first AGENT's lines (their mean over the
    first 2 s) to a pipe this script reads. No parsing, no sensors: what is left between it
    and the agent is the agent's own work.

For SECONDS it takes CPU ms per sample: the scheduler's run time of the process's threads
(/proc/PID/task/*/schedstat, nanoseconds), and utime + stime from /proc/PID/stat, which counts in
10 ms ticks (use 60 s or more for that one). Then, with all of them still running, it attaches `strace -c -f` to each in turn
for 10 s (--strace-seconds): syscalls per sample in the steady state (start-up excluded), with the
most frequent ones. Exits 1 when one of them gave no samples (ctest's smoke run checks that).
docs/BENCHMARKS.md, "Agent telemetry".
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time

INTERVAL_MS = 100
COCKPIT_METRICS = [
    "cpu.basic.user", "cpu.basic.system", "cpu.basic.nice", "cpu.basic.iowait",
    "memory.free", "memory.used", "memory.cached", "memory.swap-used",
    "network.all.rx", "network.all.tx", "disk.all.read", "disk.all.written",
]

FLOOR_C = r"""
#include <fcntl.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char** argv) {
    static char buf[1 << 20];
    int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
    if (fd < 0) { perror(argv[1]); return 1; }
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (;;) {
        next.tv_nsec += 100 * 1000000L;
        if (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; ++next.tv_sec; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
        if (pread(fd, buf, sizeof buf, 0) < 0) return 1;
    }
    (void)argc;
}
"""

IO_FLOOR_C = r"""
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
int main(int argc, char** argv) {  /* io_floor LINE_BYTES FILE... */
    static char buf[1 << 20];
    size_t line = (size_t)atol(argv[1]);
    char* out = malloc(line + 1);
    memset(out, 'x', line);
    out[line] = '\n';
    int fds[8], n = 0;
    for (int i = 2; i < argc && n < 8; ++i) {
        fds[n] = open(argv[i], O_RDONLY | O_CLOEXEC);
        if (fds[n] < 0) { perror(argv[i]); return 1; }
        ++n;
    }
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (;;) {
        next.tv_nsec += 100 * 1000000L;
        if (next.tv_nsec >= 1000000000L) { next.tv_nsec -= 1000000000L; ++next.tv_sec; }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
        for (int i = 0; i < n; ++i)
            if (pread(fds[i], buf, sizeof buf, 0) < 0) return 1;
        if (write(1, out, line + 1) != (ssize_t)(line + 1)) return 1;
    }
}
"""


class Runner:
    """One measured process and its count of samples so far."""

    def __init__(self, label, proc):
        self.label, self.proc, self.samples = label, proc, 0
        self.started = time.monotonic()

    def count(self):
        return self.samples

    def cpu_ticks(self):
        with open(f"/proc/{self.proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime

    def run_ns(self):
        # The scheduler's exact run time (ns) of each live thread; ticks alone are 10 ms coarse.
        total = 0
        for task in os.listdir(f"/proc/{self.proc.pid}/task"):
            with open(f"/proc/{self.proc.pid}/task/{task}/schedstat") as f:
                total += int(f.read().split()[0])
        return total


class AgentRunner(Runner):
    line_bytes = 0  # of all sample lines so far

    def __init__(self, agent, root, per_core=True):
        cmd = [agent, "--stdio"] + (["--root", root] if root else [])
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        super().__init__(agent if per_core else agent + " (per_core: false)", proc)
        params = {"interval_ms": INTERVAL_MS}
        if not per_core:
            params["per_core"] = False
        request = {"id": 1, "method": "subscribe", "params": params}
        proc.stdin.write((json.dumps(request) + "\n").encode())
        proc.stdin.flush()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.proc.stdout:
            if b'"event":"sample"' in line:
                self.samples += 1
                self.line_bytes += len(line)


class CockpitRunner(Runner):
    def __init__(self, root):
        cmd = ["cockpit-bridge"]
        if root:
            binds = [f"mount --bind {root}/proc/{f} /proc/{f}" for f in ("stat", "meminfo")
                     if os.path.exists(f"{root}/proc/{f}")]
            if os.path.exists(f"{root}/proc/net/dev"):
                binds.append(f"mount --bind {root}/proc/net/dev /proc/$$/net/dev")
            # exec keeps the pid, so the /proc/PID/net/dev mount is the bridge's own /proc/net/dev
            cmd = ["unshare", "-m", "--propagation", "private", "sh", "-c",
                   " && ".join(binds + ["exec cockpit-bridge"])]
        proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        super().__init__("cockpit-bridge metrics1", proc)
        self._send("", {"command": "init", "version": 1, "host": "localhost"})
        self._send("", {"command": "open", "channel": "m1", "payload": "metrics1", "interval": INTERVAL_MS,
                        "source": "internal", "metrics": [{"name": n} for n in COCKPIT_METRICS]})
        threading.Thread(target=self._read, daemon=True).start()

    def _send(self, channel, message):
        data = (channel + "\n" + json.dumps(message)).encode()
        self.proc.stdin.write(str(len(data)).encode() + b"\n" + data)
        self.proc.stdin.flush()

    def _read(self):
        out = self.proc.stdout
        while True:
            length = out.readline()
            if not length:
                return
            frame = out.read(int(length))
            channel, _, payload = frame.partition(b"\n")
            if channel == b"m1" and payload[:1] == b"[":
                self.samples += len(json.loads(payload))  # one inner array per sample


class FloorRunner(Runner):
    def __init__(self, binary, path):
        proc = subprocess.Popen([binary, path])
        super().__init__("floor (wake + pread /proc/stat)", proc)

    def count(self):  # it wakes on an absolute 100 ms clock and prints nothing
        return int((time.monotonic() - self.started) * 1000 / INTERVAL_MS)


class IoFloorRunner(Runner):
    def __init__(self, binary, line_bytes, paths):
        proc = subprocess.Popen([binary, str(line_bytes)] + paths, stdout=subprocess.PIPE)
        super().__init__(f"io floor (wake + pread {len(paths)} files + write {line_bytes} B)", proc)
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for _ in self.proc.stdout:
            pass

    def count(self):
        return int((time.monotonic() - self.started) * 1000 / INTERVAL_MS)


def syscalls_per_sample(runner, seconds):
    with tempfile.NamedTemporaryFile("r", suffix=".strace") as trace:
        n0 = runner.count()
        subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-c", "-f", "-p", str(runner.proc.pid),
                        "-o", trace.name], stderr=subprocess.DEVNULL)
        samples = runner.count() - n0
        calls = {}
        for line in open(trace.name):
            row = line.split()
            if len(row) >= 5 and row[-1] != "total" and row[3].isdigit():
                calls[row[-1]] = int(row[3])
    if samples <= 0:
        return None, ""
    total = sum(calls.values())
    top = ", ".join(f"{n / samples:.1f} {name}" for name, n in sorted(calls.items(), key=lambda kv: -kv[1])[:6])
    return total / samples, top


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--root", help="a recorded tree (tests/bench/make_large_tree) read instead of the live system")
    ap.add_argument("--no-cockpit", action="store_true", help="leave cockpit-bridge out")
    ap.add_argument("--io-floor", action="store_true",
                    help="also run a floor that reads the agent's three /proc files and writes a line of its size")
    ap.add_argument("--also-totals", action="store_true",
                    help="run each agent a second time subscribed with per_core: false, as the app subscribes")
    ap.add_argument("--strace-seconds", type=int, default=10, help="how long each process is traced")
    ap.add_argument("seconds", type=int)
    ap.add_argument("agents", nargs="+")
    args = ap.parse_args()
    root = os.path.abspath(args.root) if args.root else None

    work = tempfile.mkdtemp(prefix="stream_cost.")
    floor_bin = os.path.join(work, "floor")
    with open(floor_bin + ".c", "w") as f:
        f.write(FLOOR_C)
    subprocess.run(["cc", "-O2", "-o", floor_bin, floor_bin + ".c"], check=True)
    with open(floor_bin + "-io.c", "w") as f:
        f.write(IO_FLOOR_C)

    runners = [AgentRunner(os.path.abspath(a), root) for a in args.agents]
    if args.also_totals:
        runners += [AgentRunner(os.path.abspath(a), root, per_core=False) for a in args.agents]
    if not args.no_cockpit:
        if shutil.which("cockpit-bridge") is None:
            print("cockpit-bridge not installed (Debian package cockpit-bridge): left out", file=sys.stderr)
        elif root and os.geteuid() != 0:
            print("cockpit-bridge on a recorded tree needs root (a mount namespace): left out", file=sys.stderr)
        else:
            runners.append(CockpitRunner(root))
    runners.append(FloorRunner(floor_bin, (root or "") + "/proc/stat"))
    try:
        if args.io_floor:
            subprocess.run(["cc", "-O2", "-o", floor_bin + "-io", floor_bin + "-io.c"], check=True)
            time.sleep(2)
            first = runners[0]
            line = first.line_bytes // max(1, first.samples) - 1  # without the newline
            paths = [(root or "") + f for f in ("/proc/stat", "/proc/meminfo", "/proc/net/dev")]
            runners.append(IoFloorRunner(floor_bin + "-io", max(1, line), paths))
        time.sleep(3)  # start-up and the first samples
        before = [(r.count(), r.cpu_ticks(), r.run_ns()) for r in runners]
        time.sleep(args.seconds)
        after = [(r.count(), r.cpu_ticks(), r.run_ns()) for r in runners]
        tck = os.sysconf("SC_CLK_TCK")
        failed = False
        for r, (n0, t0, ns0), (n1, t1, ns1) in zip(runners, before, after):
            n = n1 - n0
            if n <= 0:
                print(f"{r.label}: no samples")
                failed = True
                continue
            print(f"{r.label}: {n} samples, {(ns1 - ns0) / 1e6 / n:.3f} ms CPU per sample (schedstat), "
                  f"{(t1 - t0) * 1000 / tck / n:.3f} ms (utime+stime)")
        sys.stdout.flush()
        if shutil.which("strace") is None:
            print("strace not installed: no syscall counts", file=sys.stderr)
        else:
            for r in runners:
                per, top = syscalls_per_sample(r, args.strace_seconds)
                print(f"{r.label}: {per:.1f} syscalls per sample ({top}; steady state)" if per else f"{r.label}: no samples under strace")
                sys.stdout.flush()
        if failed:
            sys.exit(1)
    finally:
        for r in runners:
            r.proc.kill()
            r.proc.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
