#!/usr/bin/env python3
"""A 10-setting push to 16 hosts: fleetdeck-cli apply against ansible-playbook making the same
change (write each value, read it back, compare) on the same targets. Prints both wall times and
the ratio. Results: docs/BENCHMARKS.md ("## push").

Targets are recorded roots under a temporary directory (one per host), so neither tool touches
this machine's settings. FleetDeck: one `fleetdeck-cli apply local` per host, all at once, each
with its local privileged agent pointed at its root (the host `root:DIR`) — the
whole push path (profile check, PushJob, privileged transport, journal, transaction, read-back)
with one process start per host counted against FleetDeck. Ansible: one playbook run over an
inventory of 16 hosts (connection local, forks 16), `copy` into each root and `slurp` + `assert`
to read back. Neither goes over SSH: the SSH variant needs the SSH transport (see BENCHMARKS.md).

usage: push_vs_ansible.py CLI_BIN AGENT_BIN [--hosts 16] [--runs 3] [--smoke]   (run as root)
--smoke: 2 hosts, 1 run, seconds: ctest runs it (label bench_smoke); the full runs stay manual."""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

SETTINGS = [  # (catalogue id, /proc/sys path, before, after)
    ("sysctl:vm.swappiness", "vm/swappiness", "60", "10"),
    ("sysctl:vm.dirty_ratio", "vm/dirty_ratio", "20", "40"),
    ("sysctl:vm.dirty_background_ratio", "vm/dirty_background_ratio", "10", "5"),
    ("sysctl:vm.zone_reclaim_mode", "vm/zone_reclaim_mode", "1", "0"),
    ("sysctl:kernel.numa_balancing", "kernel/numa_balancing", "1", "0"),
    ("sysctl:net.core.somaxconn", "net/core/somaxconn", "4096", "8192"),
    ("sysctl:net.core.rmem_max", "net/core/rmem_max", "212992", "16777216"),
    ("sysctl:net.core.wmem_max", "net/core/wmem_max", "212992", "16777216"),
    ("sysctl:net.ipv4.tcp_slow_start_after_idle", "net/ipv4/tcp_slow_start_after_idle", "1", "0"),
    ("sysctl:net.ipv4.tcp_fastopen", "net/ipv4/tcp_fastopen", "1", "3"),
]


def make_roots(base, hosts):
    shutil.rmtree(base, ignore_errors=True)
    roots = []
    for i in range(hosts):
        root = os.path.join(base, f"host{i:02d}")
        for _, path, before, _ in SETTINGS:
            full = os.path.join(root, "proc/sys", path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w") as f:
                f.write(before + "\n")
        roots.append(root)
    return roots


def check_after(roots):
    for root in roots:
        for _, path, _, after in SETTINGS:
            with open(os.path.join(root, "proc/sys", path)) as f:
                assert f.read().strip() == after, (root, path)


def run_fleetdeck(cli, agent, roots, profile):
    start = time.monotonic()
    procs = []
    for root in roots:
        env = dict(os.environ, FLEETDECK_AGENT=agent, QT_QPA_PLATFORM="offscreen")
        procs.append(subprocess.Popen([cli, "apply", "--json", "--profile", profile, f"root:{root}"], env=env,
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE))
    for p, root in zip(procs, roots):
        out, err = p.communicate()
        assert p.returncode == 0, (p.returncode, out[-400:], err[-400:])
        assert json.loads(out)[f"root:{root}"]["state"] == "verified"
    return time.monotonic() - start


def write_playbook(work, roots):
    inventory = os.path.join(work, "inventory.ini")
    with open(inventory, "w") as f:
        f.write("[targets]\n")
        for i, root in enumerate(roots):
            f.write(f"host{i:02d} ansible_connection=local ansible_python_interpreter={sys.executable} root={root}\n")
    items = ",\n".join(f'      {{path: "{p}", value: "{a}"}}' for _, p, _, a in SETTINGS)
    playbook = os.path.join(work, "push.yml")
    with open(playbook, "w") as f:
        f.write(f"""- hosts: targets
  gather_facts: false
  vars:
    settings: [
{items}
    ]
  tasks:
    - name: write each setting
      copy: {{content: "{{{{ item.value }}}}\\n", dest: "{{{{ root }}}}/proc/sys/{{{{ item.path }}}}", unsafe_writes: true}}
      loop: "{{{{ settings }}}}"
    - name: read each setting back
      slurp: {{src: "{{{{ root }}}}/proc/sys/{{{{ item.path }}}}"}}
      loop: "{{{{ settings }}}}"
      register: readback
    - name: compare
      assert: {{that: "(item.content | b64decode | trim) == item.item.value", quiet: true}}
      loop: "{{{{ readback.results }}}}"
""")
    return inventory, playbook


def run_ansible(work, roots):
    inventory, playbook = write_playbook(work, roots)
    env = dict(os.environ, ANSIBLE_HOST_KEY_CHECKING="False", ANSIBLE_FORKS=str(len(roots)),
               ANSIBLE_LOCAL_TEMP=os.path.join(work, "ansible-tmp"), ANSIBLE_NOCOLOR="1")
    return time_playbook(inventory, playbook, env)


def time_playbook(inventory, playbook, env):
    """Wall time of one ansible-playbook run; fails with its output when it does."""
    start = time.monotonic()
    r = subprocess.run(["ansible-playbook", "-i", inventory, playbook], env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    assert r.returncode == 0, r.stdout[-2000:] + r.stderr[-2000:]
    return elapsed


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("agent")
    ap.add_argument("--hosts", type=int, default=16)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--smoke", action="store_true", help="2 hosts, 1 run: checks that the benchmark works")
    a = ap.parse_args()
    if a.smoke:
        a.hosts, a.runs = 2, 1
    work = tempfile.mkdtemp(prefix="fleetdeck-push-bench-")
    try:
        profile = os.path.join(work, "profile.json")
        with open(profile, "w") as f:
            json.dump({"name": "bench", "settings": [{"id": i, "value": int(v)} for i, _, _, v in SETTINGS]}, f)
        fd, an = [], []
        for _ in range(a.runs):
            roots = make_roots(os.path.join(work, "roots"), a.hosts)
            fd.append(run_fleetdeck(a.cli, a.agent, roots, profile))
            check_after(roots)
            roots = make_roots(os.path.join(work, "roots"), a.hosts)
            an.append(run_ansible(work, roots))
            check_after(roots)
        f, n = statistics.median(fd), statistics.median(an)
        print(f"{len(SETTINGS)} settings x {a.hosts} hosts, median of {a.runs} runs")
        print(f"fleetdeck-cli apply : {f:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in fd)})")
        print(f"ansible-playbook    : {n:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in an)})")
        print(f"ratio               : {n / f:.1f}x")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
