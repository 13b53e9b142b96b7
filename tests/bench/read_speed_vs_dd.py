#!/usr/bin/env python3
"""The data path's read test against dd on the same file, side by side in one run.

  read_speed_vs_dd.py BUILD_DIR [--dir DIR] [--size-mb 1024] [--runs 3]

Writes one file of --size-mb in DIR (default: a new directory under /var/tmp, on this machine's
disk), then, alternating, reads it with the user's path — `fleetdeck-cli read-speed --file` on
`local`, the real CLI starting the real agent — and with GNU dd (`iflag=direct bs=4M`, what an
operator would type), and prints both figures in MB/s and their ratio. Each read is of the whole
file, O_DIRECT, so neither is the page cache's. A second figure, the agent's `read_speed` method
over its stdio (no CLI start-up), is printed as well, labelled. docs/BENCHMARKS.md, "The data
path's read test against dd".
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time


def dd_mb_per_s(path, size):
    start = time.monotonic()
    r = subprocess.run(["dd", f"if={path}", "of=/dev/null", "bs=4M", "iflag=direct"], capture_output=True, text=True, check=True)
    wall = time.monotonic() - start
    # GNU dd's last line: "1073741824 bytes (1.1 GB, 1.0 GiB) copied, 0.71 s, 1.5 GB/s"
    m = re.search(r"^(\d+) bytes .* copied, ([0-9.]+) s,", r.stderr, re.M)
    if not m or int(m.group(1)) != size:
        sys.exit(f"dd read {m.group(1) if m else '?'} bytes, not {size}: {r.stderr}")
    return size / float(m.group(2)) / 1e6, wall


def cli_mb_per_s(cli, directory, name, size):
    start = time.monotonic()
    r = subprocess.run([cli, "read-speed", "--json", "--path", directory, "--file", name, "--size", f"{size // (1 << 20)}M",
                        "--time", "120s", "local"], capture_output=True, text=True)
    wall = time.monotonic() - start
    if r.returncode != 0:
        sys.exit(f"fleetdeck-cli read-speed exited {r.returncode}: {r.stderr}")
    host = json.loads(r.stdout)["hosts"][0]
    if host["bytes"] != size or not host["direct"]:
        sys.exit(f"read-speed read {host['bytes']} bytes, direct {host['direct']}: {host}")
    return host["mb_per_s"], wall


def agent_mb_per_s(agent, directory, name, size):
    p = subprocess.Popen([agent, "--stdio"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    p.stdin.write(json.dumps({"id": 1, "method": "read_speed", "params": {"path": directory, "file": name, "size_bytes": size,
                                                                          "max_ms": 120000}}) + "\n")
    p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("the agent closed its output")
        msg = json.loads(line)
        if msg.get("id") == 1:
            break
    p.stdin.close()
    p.wait()
    if "error" in msg or msg["result"].get("error"):
        sys.exit(f"read_speed: {msg}")
    return msg["result"]["mb_per_s"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--dir")
    ap.add_argument("--size-mb", type=int, default=1024)
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    cli = os.path.join(a.build, "bin", "fleetdeck-cli")
    agent = os.path.join(a.build, "bin", "fleetdeck-agent")
    directory = a.dir or tempfile.mkdtemp(prefix="fleetdeck-read-vs-dd-", dir="/var/tmp")
    name = "bench-file"
    path = os.path.join(directory, name)
    size = a.size_mb << 20
    try:
        with open(path, "wb") as f:
            block = os.urandom(1 << 20)
            for _ in range(a.size_mb):
                f.write(block)
            f.flush()
            os.fsync(f.fileno())
        print(f"file: {path}, {size} bytes; dd iflag=direct bs=4M against fleetdeck-cli read-speed --file (O_DIRECT, 4 MiB reads)")
        ratios = []
        for run in range(1, a.runs + 1):
            cli_rate, cli_wall = cli_mb_per_s(cli, directory, name, size)
            dd_rate, dd_wall = dd_mb_per_s(path, size)
            agent_rate = agent_mb_per_s(agent, directory, name, size)
            ratios.append(cli_rate / dd_rate)
            print(f"run {run}: read-speed {cli_rate:.1f} MB/s ({cli_wall:.2f} s with the CLI's start), dd {dd_rate:.1f} MB/s "
                  f"({dd_wall:.2f} s): {cli_rate / dd_rate:.3f}x; agent method alone (second figure) {agent_rate:.1f} MB/s")
        print(f"ratio read-speed / dd: {min(ratios):.3f}..{max(ratios):.3f}")
    finally:
        if not a.dir:
            shutil.rmtree(directory, ignore_errors=True)
        elif os.path.exists(path):
            os.remove(path)


if __name__ == "__main__":
    main()
