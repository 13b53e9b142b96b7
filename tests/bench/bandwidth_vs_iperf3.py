#!/usr/bin/env python3
"""The agents' bandwidth test against iperf3 on the same unshaped path, side by side in one run.

  bandwidth_vs_iperf3.py AGENT [--seconds 5] [--streams 4] [--runs 3] [--shape MBIT]

Two network namespaces inside one this script creates (a private mount namespace with a tmpfs on
/run, so nothing outside changes; root needed): host B and host A joined by a veth pair, optionally
shaped with tc tbf on A's end. Each run measures A -> B with the agents (bw.listen, bw.send,
bw.result) and with iperf3 (-P streams), alternating, and prints each figure in Gb/s and the CPU
both ends spent per Gb/s carried (the agents' /proc/PID/stat; iperf3's client and server from
getrusage of the children). docs/BENCHMARKS.md, "Bandwidth: the agents against iperf3".
"""
import argparse
import json
import os
import resource
import secrets
import subprocess
import sys

A, B = "10.78.0.1", "10.78.0.2"


def cpu_s(pid):
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Agent:
    def __init__(self, argv):
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.n = 0

    def call(self, method, params):
        self.n += 1
        self.p.stdin.write(json.dumps({"id": self.n, "method": method, "params": params}) + "\n")
        self.p.stdin.flush()
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit(f"{method}: the agent ended")
            m = json.loads(line)
            if m.get("id") == self.n:
                if "error" in m:
                    sys.exit(f"{method}: {m['error']}")
                return m["result"]

    def close(self):
        self.p.stdin.close()
        self.p.wait(timeout=10)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("agent")
    ap.add_argument("--seconds", type=int, default=5)
    ap.add_argument("--streams", type=int, default=4)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--shape", type=int, default=0, help="shape A's end to MBIT with tc tbf (0: unshaped)")
    a = ap.parse_args()
    shape = f"tc -n a qdisc add dev veth-a root tbf rate {a.shape}mbit burst 32kb latency 100ms; " if a.shape else ""
    setup = ("set -e; mount -t sysfs sysfs /sys; mount -t tmpfs fleetdeck-bench /run; ip link set lo up; ip netns add a; "
             "ip link add veth-b type veth peer name veth-a netns a; "
             f"ip addr add {B}/24 dev veth-b; ip link set veth-b up; ip -n a addr add {A}/24 dev veth-a; "
             f"ip -n a link set veth-a up; ip -n a link set lo up; {shape}exec {a.agent} --stdio")
    b = Agent(["unshare", "--net", "--mount", "--propagation", "private", "sh", "-c", setup])
    b.call("hello", {})
    ns_a = ["nsenter", "--target", str(b.p.pid), "--mount", "--", "ip", "netns", "exec", "a"]
    ns_b = ["nsenter", "--target", str(b.p.pid), "--mount", "--net", "--"]
    agent_a = Agent(ns_a + [a.agent, "--stdio"])
    agent_a.call("hello", {})
    print(f"A -> B over veth{' shaped to %d Mbit/s' % a.shape if a.shape else ' (unshaped)'}, {a.seconds} s, {a.streams} streams, "
          f"{os.cpu_count()} CPUs")
    agent_figures, iperf_figures, agent_cpu, iperf_cpu = [], [], [], []
    for run in range(1, a.runs + 1):
        token = secrets.token_hex(16)
        before_b, before_a = cpu_s(b.p.pid), cpu_s(agent_a.p.pid)
        before = before_b + before_a
        where = b.call("bw.listen", {"token": token, "streams": a.streams, "duration_ms": a.seconds * 1000, "address": B})
        sent = agent_a.call("bw.send", {"address": B, "port": where["port"], "token": token, "streams": a.streams,
                                        "duration_ms": a.seconds * 1000})
        got = b.call("bw.result", {"token": token})
        spent_b, spent_a = cpu_s(b.p.pid) - before_b, cpu_s(agent_a.p.pid) - before_a
        spent = spent_a + spent_b
        gbps = min(sent["gbps"], got["gbps"])
        agent_figures.append(gbps)
        agent_cpu.append(spent / (gbps * a.seconds))

        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        server = subprocess.Popen(ns_b + ["iperf3", "-s", "-1", "--forceflush", "-B", B, "-p", "5202"], stdout=subprocess.PIPE, text=True)
        for line in server.stdout:  # the client starts once the server listens (--forceflush: unbuffered)
            if "Server listening" in line:
                break
        out = subprocess.run(ns_a + ["iperf3", "-c", B, "-p", "5202", "-t", str(a.seconds), "-P", str(a.streams), "-J"],
                             capture_output=True, text=True, check=True).stdout
        server.stdout.read()
        server.wait(timeout=10)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        end = json.loads(out)["end"]
        iperf = end["sum_received"]["bits_per_second"] / 1e9
        iperf_retransmits = end["sum_sent"].get("retransmits")
        ispent = (r1.ru_utime - r0.ru_utime) + (r1.ru_stime - r0.ru_stime)
        iperf_figures.append(iperf)
        iperf_cpu.append(ispent / (iperf * a.seconds))
        print(f"run {run}: agents {gbps:.2f} Gb/s ({agent_cpu[-1]:.3f} CPU-s per Gb/s·s, retransmits {sent['retransmits']}; sender {spent_a:.2f} s, receiver {spent_b:.2f} s), "
              f"iperf3 {iperf:.2f} Gb/s ({iperf_cpu[-1]:.3f}, retransmits {iperf_retransmits}); agents/iperf3 {gbps / iperf:.3f}")
    agent_a.close()
    b.close()
    ratio = sum(agent_figures) / sum(iperf_figures)
    print(f"mean: agents {sum(agent_figures) / a.runs:.2f} Gb/s, iperf3 {sum(iperf_figures) / a.runs:.2f} Gb/s, "
          f"ratio {ratio:.3f}; CPU per Gb/s agents {sum(agent_cpu) / a.runs:.3f}, iperf3 {sum(iperf_cpu) / a.runs:.3f}")


if __name__ == "__main__":
    main()
