#!/usr/bin/env python3
"""The real desktop app watching N hosts over real SSH, as a user runs it (issue #46).

    ssh_fleet_bench.py [--build DIR] [--hosts N ...] [--seconds S] [--warmup W] [--jump] [--cold] [--no-gpus]
                       [--demo N ...] [--perf S] [--wrap CMD] [--servers-cpus LIST] [--smoke]

For each N: ceil(N/16) loopback OpenSSH servers (one listens on at most 16 addresses,
127.1.K.1-16, each on a port of its own), one client key, a known_hosts with every server's key
(strict host keys, as a user has them), and FleetDeck's own inventory.json naming the N hosts,
all in a temporary HOME. Then the real `fleetdeck` binary, offscreen, on the overview, with
$FLEETDECK_PERF_LOG (app/perf_log.h): one JSON line a second with its CPU time, RSS, the hosts
connected, the samples taken in and the GUI thread's timer lateness. Each server's sessions share
one resident agent (one remote cache per server): the app's side, which is what is measured, is
the same as with an agent per host, and the machine keeps its cores for the app.

Each server's agent reads eight GPUs: the stand-in NVML (tests/fake_nvml, the 8 x H100 SXM server
it plays by default, with processes and GPM figures), loaded by the real agent through dlopen as
it loads NVIDIA's (FLEETDECK_NVML_LIB, set by the servers' SetEnv), so each host's sample is a GPU
server's. --no-gpus leaves it out: the samples are this VM's, without GPUs (a third the size).

Each server's cache holds the agent already, as after the app's first connect to a server (the
start is one exec that finds it and starts or reaches a resident agent): the storm is the one a
user meets on every later start. --cold leaves the caches empty, as on first contact with a new
fleet: every host of a server that connects before its agent is there uploads its own copy (here
16 hosts to one server at once; in a real fleet, one copy per server).

Figures, over S seconds after every host connected and W seconds of warm-up:
  connect storm   seconds from start until every host was connected
  app CPU         % of one core, and ms of CPU per host-sample (CPU seconds / samples taken in)
  lateness        the 20 ms GUI timer's p50 / p99 / max over the window (per-second quantiles:
                  p50 is their median, p99 the worst second's p99)
  RSS             at the end, and the high-water mark
  app's children  CPU of the processes the app started (through a jump: an `ssh -W` per host)
  servers         CPU of the sshd processes and resident agents, % of one core
  refusals        "drop connection" / "exceeded MaxStartups" lines in the servers' logs

--jump: every host goes through one jump sshd (ProxyJump) that runs OpenSSH's default
MaxStartups (10:30:100, sshd_config(5)); the storm's pacing is what keeps it from refusing.
Without --jump the servers allow 100:30:200 so that the direct storm measures the app.

--demo N: the README's `fleetdeck --demo-hosts N` measured the same way, then the in-process
`dashboard_bench N S overview` in the same run, for the ratio between them.
--perf S: `perf record -g` of the app for S seconds inside the window (report in the work dir);
--perf-call-graph dwarf for whole stacks (the build keeps no frame pointers).
--wrap CMD: the app runs under CMD (`--wrap 'heaptrack -o /tmp/app'` to see what holds its memory).
--servers-cpus LIST: the servers (sshd and everything it starts: the agents, their probes) run on
these CPUs only (`taskset -c`). On one machine a latency-mesh round is every host's probes at once
(thousands of refused connects in a second); without it their kernel work takes both cores for a
second or more and stalls the app, which on a real fleet never sees that load. With `1` it stays
on CPU 1 and the app has CPU 0 to itself; the servers must then fit one core (512 GPU hosts do).
--smoke: 4 hosts, 5 s: ctest runs it (label bench_smoke) so a change that breaks it fails the suite.
docs/BENCHMARKS.md, "The real app over SSH".
"""
import argparse
import json
import math
import os
import shlex
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.realpath(__file__))
PER_SERVER = 16
CLK_TCK = os.sysconf("SC_CLK_TCK")


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid):
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK
    except (OSError, IndexError, ValueError):
        return 0.0


def parents():
    out = {}
    for d in os.listdir("/proc"):
        if not d.isdigit():
            continue
        try:
            with open(f"/proc/{d}/stat") as f:
                out[int(d)] = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            pass
    return out


def descendants_cpu(root):
    """CPU seconds of the living processes below `root` (the jump's `ssh -W` clients of the app)."""
    pp = parents()
    total = 0.0
    for pid in pp:
        p, depth = pid, 0
        while p > 1 and p != root and depth < 8:
            p, depth = pp.get(p, 1), depth + 1
        if p == root and pid != root:
            total += cpu_seconds(pid)
    return total


def exe_of(pid):
    try:
        return os.readlink(f"/proc/{pid}/exe")
    except OSError:
        return ""


class Servers:
    """Loopback sshd servers for N hosts, and a client HOME that trusts them."""

    def __init__(self, work, n, jump, agent=None, nvml=None, cpus=""):
        self.work, self.n, self.jump, self.agent, self.nvml = work, n, jump, agent, nvml
        # With --servers-cpus the servers (sshd and all it starts) run on those CPUs only.
        self.pin = ["taskset", "-c", cpus] if cpus else []
        self.procs, self.hosts, self.logs = [], [], []
        home = os.path.join(work, "home")
        os.makedirs(os.path.join(home, ".ssh"), exist_ok=True)
        os.makedirs("/run/sshd", exist_ok=True)
        self.key = os.path.join(home, ".ssh", "id_ed25519")
        self.host_key = os.path.join(work, "host_key")
        for path in (self.key, self.host_key):
            subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", path], check=True)
        shutil.copy(self.key + ".pub", os.path.join(work, "authorized_keys"))
        with open(self.host_key + ".pub") as f:
            ktype, kbody = f.read().split()[:2]
        known = []
        for k in range(math.ceil(n / PER_SERVER)):
            port = free_port()
            count = min(PER_SERVER, n - k * PER_SERVER)
            addresses = [f"127.1.{k}.{i + 1}" for i in range(count)]
            self.start(f"s{k}", port, addresses, "100:30:200")
            for a in addresses:
                self.hosts.append((f"h{len(self.hosts) + 1:04d}", a, port))
                known.append(f"[{a}]:{port} {ktype} {kbody}")
        if jump:
            self.jump_port = free_port()
            # OpenSSH's default MaxStartups: sshd_config(5), "MaxStartups ... The default is 10:30:100".
            self.start("jump", self.jump_port, ["127.2.0.1"], "10:30:100")
            known.append(f"[127.2.0.1]:{self.jump_port} {ktype} {kbody}")
        with open(os.path.join(home, ".ssh", "known_hosts"), "w") as f:
            f.write("\n".join(known) + "\n")
        for _, a, port in self.hosts[-1:] + self.hosts[:1]:
            wait_listening(a, port)
        if jump:
            wait_listening("127.2.0.1", self.jump_port)

    def start(self, name, port, addresses, max_startups):
        cache = os.path.join(self.work, f"cache-{name}")
        if self.agent:
            # Where the start script looks (app/ssh/agent_deploy.cpp, startFromDirectory): the
            # directory 0700, the agent 0700, named for the agent's version and the machine.
            path, version = self.agent
            d = os.path.join(cache, "fleetdeck")
            os.makedirs(d, mode=0o700, exist_ok=True)
            target = os.path.join(d, f"agent-{version}-{os.uname().machine}")
            shutil.copyfile(path, target)
            os.chmod(target, 0o700)
        remote_home = os.path.join(self.work, "remote-home")
        os.makedirs(remote_home, exist_ok=True)
        config = os.path.join(self.work, f"sshd-{name}.conf")
        lines = [f"Port {port}"] + [f"ListenAddress {a}" for a in addresses] + [
            f"HostKey {self.host_key}", f"PidFile {self.work}/sshd-{name}.pid",
            f"AuthorizedKeysFile {self.work}/authorized_keys", "StrictModes no", "UsePAM no",
            "PermitRootLogin prohibit-password", "PasswordAuthentication no", "LogLevel VERBOSE",
            f"MaxStartups {max_startups}", "AllowTcpForwarding yes",
            f"SetEnv HOME={remote_home} XDG_CACHE_HOME={cache}" + (f" FLEETDECK_NVML_LIB={self.nvml}" if self.nvml else "")]
        with open(config, "w") as f:
            f.write("\n".join(lines) + "\n")
        log = os.path.join(self.work, f"sshd-{name}.log")
        self.logs.append(log)
        self.procs.append(subprocess.Popen(self.pin + ["/usr/sbin/sshd", "-D", "-e", "-f", config],
                                           stderr=open(log, "w"), stdin=subprocess.DEVNULL))

    def inventory(self):
        hosts = []
        for name, address, port in self.hosts:
            # Peers probe each other's SSH port (docs/latency.md). Here every server would take
            # the probes of 16 hosts' peers and fork an sshd for each; a real server takes one
            # host's share. Probes go to an address nothing listens on instead: the kernel's
            # refusal is still a measured round trip, and the app handles the same answers.
            h = {"name": name, "address": address, "port": port, "user": "root", "identity_file": self.key,
                 "mesh_address": "127.3." + address.split(".", 2)[2]}
            if self.jump:
                h["jump_host"] = f"root@127.2.0.1:{self.jump_port}"
            hosts.append(h)
        return {"version": 1, "hosts": hosts}

    def cpu(self):
        """CPU seconds of the servers: every sshd below the listeners, and the resident agents."""
        pp = parents()
        roots = {p.pid for p in self.procs}
        total = 0.0
        for pid, ppid in pp.items():
            chain, p = 0, pid
            while p > 1 and p not in roots and chain < 8:
                p, chain = pp.get(p, 1), chain + 1
            if p in roots or exe_of(pid).startswith(self.work):
                total += cpu_seconds(pid)
        return total

    def refusals(self):
        count = 0
        for log in self.logs:
            with open(log, errors="replace") as f:
                for line in f:
                    if "drop connection" in line or "exceeded MaxStartups" in line:
                        count += 1
        return count

    def stop(self):
        for p in self.procs:
            p.terminate()
        for p in self.procs:
            try:
                p.wait(5)
            except subprocess.TimeoutExpired:
                p.kill()
        # Resident agents outlive their sessions: they run from the servers' caches.
        for pid in parents():
            if exe_of(pid).startswith(self.work):
                try:
                    os.kill(pid, signal.SIGTERM)
                except OSError:
                    pass


def wait_listening(address, port, seconds=10):
    end = time.time() + seconds
    while time.time() < end:
        try:
            socket.create_connection((address, port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    sys.exit(f"sshd did not listen on {address}:{port}")


def app_env(work, build, perf_log):
    env = dict(os.environ)
    for k in ("SSH_AUTH_SOCK", "DISPLAY", "WAYLAND_DISPLAY", "DBUS_SESSION_BUS_ADDRESS"):
        env.pop(k, None)
    runtime = os.path.join(work, "runtime")
    os.makedirs(runtime, mode=0o700, exist_ok=True)
    env.update(HOME=os.path.join(work, "home"), XDG_CONFIG_HOME=os.path.join(work, "config"),
               XDG_DATA_HOME=os.path.join(work, "data"), XDG_CACHE_HOME=os.path.join(work, "cache"),
               XDG_STATE_HOME=os.path.join(work, "state"), XDG_RUNTIME_DIR=runtime,
               QT_QPA_PLATFORM="offscreen", FLEETDECK_AGENT=os.path.join(build, "bin", "fleetdeck-agent"),
               FLEETDECK_PERF_LOG=perf_log)
    return env


def read_log(path):
    lines = []
    try:
        with open(path) as f:
            for line in f:
                try:
                    lines.append(json.loads(line))
                except ValueError:
                    pass
    except OSError:
        pass
    return lines


def measure_app(args, work, build, extra, expected, servers=None, label=""):
    """Runs the app, waits for `expected` connected hosts, measures the window; returns figures."""
    perf_log = os.path.join(work, f"perf-{label}.jsonl")
    env = app_env(work, build, perf_log)
    cmd = shlex.split(args.wrap) + [os.path.join(build, "bin", "fleetdeck"), "--view", "overview"] + extra
    out = open(os.path.join(work, f"app-{label}.log"), "w")
    start = time.time()
    app = subprocess.Popen(cmd, env=env, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    storm = None
    deadline = start + args.connect_timeout
    try:
        while time.time() < deadline:
            if app.poll() is not None:
                sys.exit(f"fleetdeck exited with {app.returncode}; see {out.name}")
            log = read_log(perf_log)
            if log and log[-1]["connected"] >= expected:
                storm = time.time() - start
                break
            time.sleep(0.25)
        if storm is None:
            last = read_log(perf_log)
            got = last[-1]["connected"] if last else 0
            print(f"  only {got} of {expected} hosts connected after {args.connect_timeout} s; measuring anyway")
        time.sleep(args.warmup)
        first = len(read_log(perf_log))
        server_cpu0 = servers.cpu() if servers else 0.0
        children0 = descendants_cpu(app.pid)
        perf = None
        if args.perf:
            perf = subprocess.Popen(["perf", "record", f"--call-graph={args.perf_call_graph}", "-F", "1999", "-o", os.path.join(work, f"perf-{label}.data"),
                                     "-p", str(app.pid), "--", "sleep", str(args.perf)],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        time.sleep(args.seconds)
        if perf:
            perf.wait()
        server_cpu1 = servers.cpu() if servers else 0.0
        children1 = descendants_cpu(app.pid)
        log = read_log(perf_log)
    finally:
        app.send_signal(signal.SIGTERM)
        try:
            app.wait(30)
        except subprocess.TimeoutExpired:
            app.kill()
            app.wait()
    window = log[max(0, first - 1):]
    if len(window) < 2:
        sys.exit(f"the perf log has {len(log)} lines: nothing to measure ({perf_log})")
    a, b = window[0], window[-1]
    secs = (b["t_ms"] - a["t_ms"]) / 1000.0
    cpu = b["cpu_s"] - a["cpu_s"]
    samples = b["samples"] - a["samples"]
    per_second = window[1:]
    fig = {
        "hosts": expected, "connected": b["connected"], "storm_s": storm,
        "cpu_pct": 100.0 * cpu / secs, "ms_per_sample": 1000.0 * cpu / samples if samples else None,
        "samples_per_s": samples / secs,
        "late_p50_ms": statistics.median(x["late_p50_ms"] for x in per_second),
        "late_p99_ms": max(x["late_p99_ms"] for x in per_second),
        "late_max_ms": max(x["late_max_ms"] for x in per_second),
        "rss_mib": b["rss_kib"] / 1024.0, "hwm_mib": b["hwm_kib"] / 1024.0,
        "server_cpu_pct": 100.0 * (server_cpu1 - server_cpu0) / secs if servers else None,
        "refusals": servers.refusals() if servers else None,
        "children_cpu_pct": 100.0 * (children1 - children0) / secs,
        "window_s": secs,
    }
    if args.perf:
        report = os.path.join(work, f"perf-{label}.txt")
        with open(report, "w") as f:
            subprocess.run(["perf", "report", "-i", os.path.join(work, f"perf-{label}.data"), "--no-children",
                            "--percent-limit", "0.5", "--stdio", "-g", "none", "--sort", "dso,symbol"],
                           stdout=f, stderr=subprocess.DEVNULL)
        fig["perf_report"] = report
    return fig


def show(label, f):
    ms = f"{f['ms_per_sample']:.3f}" if f["ms_per_sample"] is not None else "-"
    storm = f"{f['storm_s']:.1f} s" if f["storm_s"] is not None else "not all"
    line = (f"{label:<24} {f['connected']:>5}/{f['hosts']:<5} storm {storm:>8}  app CPU {f['cpu_pct']:5.1f} %  "
            f"{ms} ms/host-sample ({f['samples_per_s']:.0f}/s)  lateness p50 {f['late_p50_ms']:.1f} p99 {f['late_p99_ms']:.1f} "
            f"max {f['late_max_ms']:.1f} ms  RSS {f['rss_mib']:.0f} MiB (peak {f['hwm_mib']:.0f})")
    if f["children_cpu_pct"] >= 0.05:
        line += f"  app's children {f['children_cpu_pct']:.1f} %"
    if f["server_cpu_pct"] is not None:
        line += f"  servers {f['server_cpu_pct']:.1f} %  refusals {f['refusals']}"
    print(line, flush=True)


def dashboard_bench(build, n, seconds):
    out = subprocess.run([os.path.join(build, "bin", "dashboard_bench"), str(n), str(seconds), "overview"],
                         capture_output=True, text=True, env={**os.environ, "QT_QPA_PLATFORM": "offscreen"})
    cpu = per_update = None
    for line in out.stdout.splitlines():
        if line.startswith("app CPU per update"):
            per_update = float(line.split()[4])
        if line.strip().startswith("overview") and "app CPU" in line:
            cpu = float(line.split("app CPU")[1].split("%")[0])
    return cpu, per_update, out.stdout


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--build", default="build/dev")
    p.add_argument("--hosts", type=int, nargs="*", default=[])
    p.add_argument("--demo", type=int, nargs="*", default=[])
    p.add_argument("--seconds", type=int, default=60)
    p.add_argument("--warmup", type=int, default=15)
    p.add_argument("--connect-timeout", type=int, default=300)
    p.add_argument("--jump", action="store_true")
    p.add_argument("--cold", action="store_true", help="empty server caches: every connect uploads the agent")
    p.add_argument("--no-gpus", action="store_true", help="the servers' agents read no stand-in GPUs")
    p.add_argument("--perf", type=int, default=0)
    p.add_argument("--perf-call-graph", default="fp", help="perf record's --call-graph (dwarf: whole stacks through code built without frame pointers)")
    p.add_argument("--servers-cpus", default="",
                   help="run the servers on these CPUs only (taskset -c), as in '1': their kernel work (the mesh's probes) then stays there, as on servers elsewhere")
    p.add_argument("--wrap", default="", help="a command the app runs under, as in --wrap 'heaptrack -o FILE' (its figures are then the wrapped app's)")
    p.add_argument("--json", help="write the figures to this file")
    p.add_argument("--keep", action="store_true", help="keep the work directories (logs)")
    p.add_argument("--smoke", action="store_true")
    args = p.parse_args()
    if args.smoke:
        args.hosts, args.seconds, args.warmup, args.connect_timeout = [4], 5, 2, 120
    if not args.hosts and not args.demo:
        args.hosts = [32, 128]
    build = os.path.realpath(args.build)
    agent = None
    if not args.cold:
        version = subprocess.run([os.path.join(build, "bin", "fleetdeck-agent"), "--version"], capture_output=True,
                                 text=True, check=True).stdout.split()[1]
        agent = (os.path.join(build, "agents", os.uname().machine, "fleetdeck-agent"), version)
    results = {}
    print(f"ssh_fleet_bench: {os.cpu_count()} CPUs, load {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M')}", flush=True)
    for n in args.hosts:
        work = tempfile.mkdtemp(prefix="fleetdeck-sshfleet-")
        servers = None
        try:
            nvml = None if args.no_gpus else os.path.join(build, "lib", "libfake_nvml.so")
            servers = Servers(work, n, args.jump, agent, nvml, args.servers_cpus)
            config = os.path.join(work, "config", "fleetdeck")
            os.makedirs(config, exist_ok=True)
            with open(os.path.join(config, "inventory.json"), "w") as f:
                json.dump(servers.inventory(), f)
            # The app shows this machine beside the inventory's hosts.
            f = measure_app(args, work, build, [], n + 1, servers, f"ssh{n}")
            show(f"over SSH{' (jump)' if args.jump else ''}{' (cold)' if args.cold else ''}{' (no GPUs)' if args.no_gpus else ''}, {n} hosts", f)
            results[f"ssh{n}"] = f
            if args.smoke:
                assert f["connected"] >= n + 1, f"only {f['connected']} of {n + 1} hosts connected"
                assert f["samples_per_s"] > 0, "no samples reached the app"
                if args.jump:
                    assert f["refusals"] == 0, "the jump host refused connections"
        finally:
            if servers:
                servers.stop()
            if not args.perf and not args.keep:
                shutil.rmtree(work, ignore_errors=True)
            else:
                print(f"  kept {work}")
    for n in args.demo:
        work = tempfile.mkdtemp(prefix="fleetdeck-demo-")
        try:
            f = measure_app(args, work, build, ["--demo-hosts", str(n)], n, None, f"demo{n}")
            show(f"fleetdeck --demo-hosts {n}", f)
            results[f"demo{n}"] = f
            cpu, per_update, text = dashboard_bench(build, n, args.seconds)
            results[f"dashboard_bench{n}"] = {"cpu_pct": cpu, "ms_per_update": per_update}
            if cpu is not None and per_update is not None:
                print(f"{'dashboard_bench ' + str(n):<24} app CPU {cpu:5.1f} %  {per_update:.3f} ms/update  "
                      f"demo / in-process: CPU {f['cpu_pct'] / cpu:.2f}x, per sample {f['ms_per_sample'] / per_update:.2f}x", flush=True)
            else:
                print(text)
        finally:
            shutil.rmtree(work, ignore_errors=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(results, f, indent=1)


if __name__ == "__main__":
    main()
