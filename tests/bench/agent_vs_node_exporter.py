#!/usr/bin/env python3
"""Side by side on one machine: CPU time of Debian's prometheus-node-exporter per scrape (its
default collectors, scraped over loopback) against fleetdeck-agent per snapshot (--stdio), each
done N times. Prints both costs per sample and the ratio. Results: docs/BENCHMARKS.md.

usage: agent_vs_node_exporter.py AGENT_BIN [-n N] [--root TREE --nvml LIB]
       agent_vs_node_exporter.py AGENT_BIN --metrics [-n N] [--rounds R] [--max-ratio X]
With --root both read the recorded tree: the agent through --root (LIB as NVML), node_exporter
through --path.procfs/--path.sysfs (it has no GPU collector, so the agent does more work).
With --metrics the agent is scraped too (`--metrics-listen`, every scrape a fresh sample and the
node_exporter families: docs/metrics.md, "Host metrics"), both processes running side by side, in
R rounds of N scrapes each that alternate between them, so that a neighbour's load on a shared
machine falls on both alike; it prints each round's ratio and their median, and exits 1 when the
median is above X. Both listen on 127.0.0.1 only and are stopped at the end."""
import argparse
import os
import re
import socket
import statistics
import tempfile
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


def start_node_exporter(root):
    port = free_loopback_port()
    url = f"http://127.0.0.1:{port}/metrics"
    args = [NODE_EXPORTER, f"--web.listen-address=127.0.0.1:{port}"]
    if root:
        args += [f"--path.procfs={root}/proc", f"--path.sysfs={root}/sys", f"--path.rootfs={root}"]
    return subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), url


def start_agent_metrics(binary, root, nvml, log):
    args = [binary, "--metrics-listen", "127.0.0.1:0", "--metrics-min-interval", "0"]
    env = dict(os.environ)
    if root:
        args += ["--root", root]
    if nvml:
        env["FLEETDECK_NVML_LIB"] = nvml
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log, env=env)
    for _ in range(100):
        log.seek(0)
        m = re.search(r"http://\S+:(\d+)/metrics", log.read())
        if m:
            return proc, f"http://127.0.0.1:{m.group(1)}/metrics"
        time.sleep(0.05)
    proc.kill()
    sys.exit("the agent did not start listening")


def wait_scrapable(url):
    for _ in range(100):
        try:
            return scrape(url)
        except OSError:
            time.sleep(0.1)
    sys.exit(f"nothing answers at {url}")


def scrape_cost(proc, url, n):
    """(CPU seconds, schedstat seconds) per scrape of `url` over n scrapes."""
    cpu0, ns0 = cpu_seconds(proc.pid), run_ns(proc.pid)
    for _ in range(n):
        scrape(url)
    return (cpu_seconds(proc.pid) - cpu0) / n, (run_ns(proc.pid) - ns0) / n / 1e9


def measure_scrapes_interleaved(binary, n, rounds, root, nvml):
    """Per round: (node_exporter cost, agent cost) per scrape, by schedstat; plus sizes and CPU."""
    with tempfile.TemporaryFile("w+") as log:
        ne, ne_url = start_node_exporter(root)
        agent, agent_url = start_agent_metrics(binary, root, nvml, log)
        try:
            wait_scrapable(ne_url)
            for _ in range(5):  # warm-up; the agent's first sample waits for a rate window
                ne_bytes, agent_bytes = scrape(ne_url), scrape(agent_url)
            results = []
            for _ in range(rounds):
                ne_cpu, ne_run = scrape_cost(ne, ne_url, n)
                ag_cpu, ag_run = scrape_cost(agent, agent_url, n)
                results.append((ne_run, ag_run, ne_cpu, ag_cpu))
        finally:
            for proc in (agent, ne):
                proc.terminate()
                proc.wait(timeout=10)
    return results, ne_bytes, agent_bytes


def main_metrics(args):
    results, ne_bytes, agent_bytes = measure_scrapes_interleaved(args.agent, args.n, args.rounds, args.root, args.nvml)
    print(f"scrapes: {args.rounds} rounds of {args.n} each, alternating; both read "
          f"{'the recorded tree ' + args.root if args.root else 'the live system'}")
    ratios = []
    for i, (ne_run, ag_run, ne_cpu, ag_cpu) in enumerate(results):
        ratios.append(ag_run / ne_run)
        print(f"round {i + 1}: node_exporter {ne_run * 1e3:7.3f} ms, agent {ag_run * 1e3:6.3f} ms per scrape "
              f"(schedstat; utime+stime {ne_cpu * 1e3:.1f} / {ag_cpu * 1e3:.1f} ms): 1/{ne_run / ag_run:.1f}")
    median = statistics.median(ratios)
    print(f"sizes: node_exporter {ne_bytes} bytes, agent {agent_bytes} bytes")
    print(f"ratio agent/node_exporter, median of {len(ratios)} rounds: {median:.4f} (1/{1 / median:.1f}); "
          f"range 1/{1 / max(ratios):.1f} to 1/{1 / min(ratios):.1f}")
    if args.max_ratio is not None and median > args.max_ratio:
        sys.exit(f"the agent's scrape costs {median:.3f} of node_exporter's, above {args.max_ratio}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("agent")
    parser.add_argument("-n", type=int, default=1000)
    parser.add_argument("--root")
    parser.add_argument("--nvml")
    parser.add_argument("--metrics", action="store_true", help="compare Prometheus scrapes of the agent, not --stdio snapshots")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--max-ratio", type=float, help="with --metrics: exit 1 when the median ratio is above this")
    args = parser.parse_args()
    if args.metrics:
        return main_metrics(args)
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
