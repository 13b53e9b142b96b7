#!/usr/bin/env python3
"""Side by side on one machine: CPU time of Debian's prometheus-node-exporter per scrape (its
default collectors, scraped over loopback) against fleetdeck-agent per snapshot (--stdio), each
done N times. Prints both costs per sample and the ratio. Results: docs/BENCHMARKS.md.

usage: agent_vs_node_exporter.py AGENT_BIN [-n N] [--root TREE --nvml LIB]
With --root both read the recorded tree: the agent through --root (LIB as NVML), node_exporter
through --path.procfs/--path.sysfs (it has no GPU collector, so the agent does more work).
node_exporter listens on 127.0.0.1 only and is stopped at the end."""
import argparse
import os
import socket
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from agent_driver import Agent, cpu_seconds, run_ns  # noqa: E402

NODE_EXPORTER = "/usr/bin/prometheus-node-exporter"


def free_loopback_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def scrape(url):
    with urllib.request.urlopen(url, timeout=30) as response:
        return len(response.read())


def measure_node_exporter(n, root):
    port = free_loopback_port()
    url = f"http://127.0.0.1:{port}/metrics"
    args = [NODE_EXPORTER, f"--web.listen-address=127.0.0.1:{port}"]
    if root:
        args += [f"--path.procfs={root}/proc", f"--path.sysfs={root}/sys", f"--path.rootfs={root}"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        for _ in range(100):
            try:
                scrape(url)
                break
            except OSError:
                time.sleep(0.1)
        for _ in range(5):
            size = scrape(url)  # warm up
        cpu0, ns0 = cpu_seconds(proc.pid), run_ns(proc.pid)
        for _ in range(n):
            scrape(url)
        cpu1, ns1 = cpu_seconds(proc.pid), run_ns(proc.pid)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return (cpu1 - cpu0) / n, (ns1 - ns0) / n / 1e9, size


def measure_agent(binary, n, root, nvml):
    agent = Agent(binary, root=root, nvml_lib=nvml)
    try:
        for _ in range(5):
            agent.snapshot()  # the first waits for a rate window
        cpu0, ns0 = cpu_seconds(agent.pid), run_ns(agent.pid)
        for _ in range(n):
            agent.snapshot()
        cpu1, ns1 = cpu_seconds(agent.pid), run_ns(agent.pid)
    finally:
        agent.close()
    return (cpu1 - cpu0) / n, (ns1 - ns0) / n / 1e9, agent.last_line_bytes


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("agent")
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--root")
    parser.add_argument("--nvml")
    args = parser.parse_args()
    ne_cpu, ne_run, ne_bytes = measure_node_exporter(args.n, args.root)
    ag_cpu, ag_run, ag_bytes = measure_agent(args.agent, args.n, args.root, args.nvml)
    print(f"samples: {args.n} each; both read {'the recorded tree ' + args.root if args.root else 'the live system'}")
    print(f"node_exporter: {ne_cpu * 1e3:8.3f} ms CPU per scrape   "
          f"(schedstat {ne_run * 1e3:.3f} ms; {ne_bytes} bytes)")
    print(f"agent:         {ag_cpu * 1e3:8.3f} ms CPU per snapshot "
          f"(schedstat {ag_run * 1e3:.3f} ms; {ag_bytes} bytes)")
    # Clock-tick CPU time (10 ms) can be 0 for few samples; schedstat is tick-free.
    ticks = f"{ag_cpu / ne_cpu:.4f} (1/{ne_cpu / ag_cpu:.1f})" if ag_cpu > 0 and ne_cpu > 0 else "below one clock tick"
    print(f"ratio agent/node_exporter: {ticks}; by schedstat {ag_run / ne_run:.4f} (1/{ne_run / ag_run:.1f})")


if __name__ == "__main__":
    main()
