#!/usr/bin/env python3
"""Side by side on one machine, in one run: CPU time of Debian's prometheus-node-exporter per
scrape (its default collectors) against fleetdeck-agent --metrics-listen per scrape, both scraped
over loopback HTTP N times. The agent runs with --metrics-min-interval 0, so every scrape takes a
fresh sample (a real Prometheus scraping every 15 s gets one anyway). Target (issue 20): the
agent's scrape costs at most 1/10 of node_exporter's. Results: docs/BENCHMARKS.md.

usage: scrape_vs_node_exporter.py AGENT_BIN [-n N] [--root TREE --nvml LIB]
Both processes listen on 127.0.0.1 only and are stopped at the end."""
import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agent_driver import cpu_seconds, run_ns  # noqa: E402
from agent_vs_node_exporter import measure_node_exporter, scrape  # noqa: E402


def measure_agent_scrapes(binary, n, root, nvml):
    args = [binary, "--metrics-listen", "127.0.0.1:0", "--metrics-min-interval", "0"]
    env = dict(os.environ)
    if root:
        args += ["--root", root]
    if nvml:
        env["FLEETDECK_NVML_LIB"] = nvml
    with tempfile.TemporaryFile("w+") as log:
        proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log, env=env)
        try:
            url = None
            for _ in range(100):
                log.seek(0)
                m = re.search(r"http://\S+:(\d+)/metrics", log.read())
                if m:
                    url = f"http://127.0.0.1:{m.group(1)}/metrics"
                    break
                time.sleep(0.05)
            if not url:
                sys.exit("the agent did not start listening")
            for _ in range(5):
                size = scrape(url)  # the first sample waits for a rate window
            cpu0, ns0 = cpu_seconds(proc.pid), run_ns(proc.pid)
            for _ in range(n):
                size = scrape(url)
            cpu1, ns1 = cpu_seconds(proc.pid), run_ns(proc.pid)
        finally:
            proc.terminate()
            proc.wait(timeout=10)
    return (cpu1 - cpu0) / n, (ns1 - ns0) / n / 1e9, size


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("agent")
    parser.add_argument("-n", type=int, default=500)
    parser.add_argument("--root")
    parser.add_argument("--nvml")
    parser.add_argument("--max-ratio", type=float, help="exit 1 when agent/node_exporter (schedstat) is above this")
    args = parser.parse_args()
    ne_cpu, ne_run, ne_bytes = measure_node_exporter(args.n, args.root)
    ag_cpu, ag_run, ag_bytes = measure_agent_scrapes(args.agent, args.n, args.root, args.nvml)
    print(f"scrapes: {args.n} each; both read {'the recorded tree ' + args.root if args.root else 'the live system'}")
    print(f"node_exporter: {ne_cpu * 1e3:8.3f} ms CPU per scrape (schedstat {ne_run * 1e3:.3f} ms; {ne_bytes} bytes)")
    print(f"agent:         {ag_cpu * 1e3:8.3f} ms CPU per scrape (schedstat {ag_run * 1e3:.3f} ms; {ag_bytes} bytes)")
    ticks = f"{ag_cpu / ne_cpu:.4f} (1/{ne_cpu / ag_cpu:.1f})" if ag_cpu > 0 and ne_cpu > 0 else "below one clock tick"
    ratio = ag_run / ne_run
    print(f"ratio agent/node_exporter: {ticks}; by schedstat {ratio:.4f} (1/{1 / ratio:.1f})")
    if args.max_ratio is not None and ratio > args.max_ratio:
        sys.exit(f"the agent's scrape costs {ratio:.3f} of node_exporter's, above {args.max_ratio}")


if __name__ == "__main__":
    main()
