#!/usr/bin/env python3
"""fleetdeck-cli bandwidth over real SSH beside iperf3 on the same loopback addresses, in one run.

  bandwidth_over_ssh.py BUILD [--hosts 3] [--seconds 3] [--streams 4]

Starts loopback OpenSSH servers (ssh_fleet_bench.py's Servers: one sshd listening on 127.1.0.N),
runs the real `fleetdeck-cli bandwidth` over them (the hosts' SSH addresses are their mesh
addresses), then iperf3 between the first two addresses both ways with the same streams and time.
docs/BENCHMARKS.md, "Fabric".
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ssh_fleet_bench  # noqa: E402


def iperf3(source, target, seconds, streams):
    server = subprocess.Popen(["iperf3", "-s", "-1", "--forceflush", "-B", target, "-p", "5301"], stdout=subprocess.PIPE, text=True)
    for line in server.stdout:  # the client starts once the server listens
        if "Server listening" in line:
            break
    out = subprocess.run(["iperf3", "-c", target, "-B", source, "-p", "5301", "-t", str(seconds), "-P", str(streams), "-J"],
                         capture_output=True, text=True, check=True).stdout
    server.stdout.read()
    server.wait(timeout=10)
    return json.loads(out)["end"]["sum_received"]["bits_per_second"] / 1e9


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("build")
    ap.add_argument("--hosts", type=int, default=3)
    ap.add_argument("--seconds", type=int, default=3)
    ap.add_argument("--streams", type=int, default=4)
    a = ap.parse_args()
    work = tempfile.mkdtemp(prefix="fleetdeck-bandwidth-ssh-")
    servers = ssh_fleet_bench.Servers(work, a.hosts, False)
    try:
        inventory = servers.inventory()
        for h in inventory["hosts"]:
            del h["mesh_address"]  # peers reach a host at its SSH address
        path = os.path.join(work, "inventory.json")
        with open(path, "w") as f:
            json.dump(inventory, f)
        env = dict(os.environ, HOME=os.path.join(work, "home"), FLEETDECK_AGENT=os.path.join(a.build, "bin", "fleetdeck-agent"))
        run = subprocess.run([os.path.join(a.build, "bin", "fleetdeck-cli"), "bandwidth", "--json", "--inventory", path,
                              "--duration", str(a.seconds), "--streams", str(a.streams), "--no-resident"] +
                             [h["name"] for h in inventory["hosts"]], capture_output=True, text=True, env=env, timeout=600)
        if run.returncode not in (0, 7):
            sys.exit(f"fleetdeck-cli bandwidth exited {run.returncode}: {run.stderr[-2000:]}")
        pairs = [p for p in json.loads(run.stdout)["pairs"] if p["gbps"] is not None]
        figures = sorted(p["gbps"] for p in pairs)
        first, second = servers.hosts[0][1], servers.hosts[1][1]
        peer = [iperf3(first, second, a.seconds, a.streams), iperf3(second, first, a.seconds, a.streams)]
        print(f"fleetdeck-cli bandwidth over SSH, {a.hosts} hosts, {a.seconds} s, {a.streams} streams: {len(pairs)} pairs, "
              f"{figures[0]:.1f}-{figures[-1]:.1f} Gb/s (median {figures[len(figures) // 2]:.1f})")
        print(f"iperf3 on the same addresses: {peer[0]:.1f} and {peer[1]:.1f} Gb/s; "
              f"the agents' median against iperf3's mean: {figures[len(figures) // 2] / (sum(peer) / len(peer)):.2f}")
    finally:
        servers.stop()


if __name__ == "__main__":
    main()
