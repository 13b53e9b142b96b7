#!/usr/bin/env python3
"""Agent memory and size: RSS while answering 10,000 snapshots on the large recorded tree with 8
scripted GPUs, and the size of the stripped binary. Results: docs/BENCHMARKS.md.

usage: agent_footprint.py BUILD_DIR [--samples N] [--no-nvml] [--live]
--no-nvml leaves the scripted GPUs out; --live reads this machine instead of the large tree.
BUILD_DIR is a build configured with -DFLEETDECK_BUILD_BENCH=ON (fleetdeck-agent, make_large_tree
and libfake_nvml.so built)."""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agent_driver import Agent, status_kib  # noqa: E402


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("build_dir")
    parser.add_argument("--samples", type=int, default=10000)
    parser.add_argument("--no-nvml", action="store_true", help="no scripted NVML library")
    parser.add_argument("--live", action="store_true", help="this machine's /proc and /sys, not the large tree")
    args = parser.parse_args()
    agent_bin = os.path.join(args.build_dir, "bin", "fleetdeck-agent")
    nvml = os.path.join(args.build_dir, "lib", "libfake_nvml.so")
    with tempfile.TemporaryDirectory(prefix="fleetdeck-footprint-") as tmp:
        tree = os.path.join(tmp, "tree")
        if not args.live:
            subprocess.run([os.path.join(args.build_dir, "bin", "make_large_tree"), tree], check=True)
        agent = Agent(agent_bin, root=None if args.live else tree, nvml_lib=None if args.no_nvml else nvml)
        print(f"{'samples':>8} {'VmRSS KiB':>10} {'VmHWM KiB':>10}")
        agent.snapshot()
        print(f"{1:>8} {status_kib(agent.pid, 'VmRSS'):>10} {status_kib(agent.pid, 'VmHWM'):>10}")
        for i in range(2, args.samples + 1):
            agent.snapshot()
            if i % 1000 == 0:
                print(f"{i:>8} {status_kib(agent.pid, 'VmRSS'):>10} {status_kib(agent.pid, 'VmHWM'):>10}")
        print(f"snapshot line: {agent.last_line_bytes} bytes")
        agent.close()
        stripped = os.path.join(tmp, "fleetdeck-agent")
        shutil.copy(agent_bin, stripped)
        subprocess.run(["strip", stripped], check=True)
        print(f"binary: {os.path.getsize(agent_bin)} bytes as built, {os.path.getsize(stripped)} bytes stripped "
              f"({os.path.getsize(stripped) / 1048576:.2f} MiB)")


if __name__ == "__main__":
    main()
