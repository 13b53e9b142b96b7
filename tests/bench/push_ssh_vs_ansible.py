#!/usr/bin/env python3
"""The SSH variant of push_vs_ansible.py: a 10-setting push to 16 hosts over SSH with
fleetdeck-cli apply, against ansible-playbook making the same change on the same hosts over SSH.
Prints both wall times and the ratio. Results: docs/BENCHMARKS.md ("## Push").

One test sshd (as tests/bench/ssh_connect_bench.sh sets it up) listens on 127.0.0.2-17, logs in
as root with a key, and gives each address a ForceCommand wrapper: an agent started over that
address ("... --stdio ...") serves that host's recorded root (--root DIR) from that host's own
cache directory (as on separate servers, so a resident agent serves one host); every other command
(the deployment's checks, SFTP, Ansible's modules) runs as asked. Sessions get a HOME of their own
whose .bashrc is tests/fixtures/login-shell/pyenv-rehash.bashrc by default (pyenv init's rehash
lock, as on ML servers), never this machine's. So both tools write files under a temporary
directory, never this machine's settings. FleetDeck: one `fleetdeck-cli apply` to the 16 hosts
(connect, host key, login, the privileged agent: the resident agent of a root login, or the cached
agent started over an exec channel; transaction with journal and read-back, audit log with
fsync, the journal witness). Ansible: one playbook run, forks 16, its default SSH multiplexing,
`copy` + `slurp` + `assert` per setting as in push_vs_ansible.py.

--smoke: 2 hosts, 1 run, a few seconds: ctest runs it (label bench_smoke), so that a change that
breaks the benchmark fails the suite. The full runs stay manual.

usage: push_ssh_vs_ansible.py CLI_BIN [--hosts 16] [--runs 3] [--bashrc FILE] [--no-resident] [--smoke]   (run as root; needs openssh-server, ansible)"""
import argparse
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import push_vs_ansible as base  # noqa: E402

WRAPPER = r"""#!/bin/sh
root="'--root' '$1'"
XDG_CACHE_HOME=$2; export XDG_CACHE_HOME
cmd=$(printf '%s\n' "$SSH_ORIGINAL_COMMAND" |
  sed -e "s| --stdio --listen| --stdio $root --listen|g" -e "s|'--stdio'|'--stdio' $root|g" \
      -e "s| --stdio;| --stdio $root;|g" -e "s| --stdio\$| --stdio $root|")
case "$cmd" in *--stdio*) case "$cmd" in *"'--root'"*) ;; *) echo "agent start not pointed at a tree: refused" >&2; exit 97 ;; esac ;; esac
exec /bin/sh -c "$cmd"
"""
FIXTURE_BASHRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fixtures", "login-shell",
                              "pyenv-rehash.bashrc")

def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def start_sshd(work, roots, bashrc):
    port = free_port()
    home = os.path.join(work, "home")
    os.makedirs(os.path.join(home, ".ssh"), exist_ok=True)
    os.makedirs("/run/sshd", exist_ok=True)
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", os.path.join(work, "host_key")], check=True)
    key = os.path.join(home, ".ssh", "id_ed25519")
    subprocess.run(["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key], check=True)
    shutil.copy(key + ".pub", os.path.join(work, "authorized_keys"))
    remote_home = os.path.join(work, "remote-home")
    os.makedirs(remote_home, exist_ok=True)
    shutil.copy(bashrc, os.path.join(remote_home, ".bashrc"))
    wrapper = os.path.join(work, "agent-on-root.sh")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    os.chmod(wrapper, 0o755)
    addresses = [f"127.0.0.{2 + i}" for i in range(len(roots))]
    with open(os.path.join(work, "sshd_config"), "w") as c:
        c.write(f"Port {port}\n")
        for a in addresses:
            c.write(f"ListenAddress {a}\n")
        c.write(f"HostKey {work}/host_key\nPidFile {work}/sshd.pid\nAuthorizedKeysFile {work}/authorized_keys\n"
                "StrictModes no\nUsePAM no\nPermitRootLogin prohibit-password\nPasswordAuthentication no\n"
                "MaxStartups 100:30:200\nMaxSessions 50\nSubsystem sftp /usr/lib/openssh/sftp-server\n"
                f"SetEnv HOME={remote_home} XDG_CACHE_HOME={work}/remote-cache\n")
        for i, (a, root) in enumerate(zip(addresses, roots)):
            cache = os.path.join(work, f"remote-cache-{i}")
            os.makedirs(cache, exist_ok=True)
            c.write(f"Match LocalAddress {a}\n    ForceCommand {wrapper} {root} {cache}\n")
    sshd = subprocess.Popen(["/usr/sbin/sshd", "-D", "-e", "-f", os.path.join(work, "sshd_config")],
                            stderr=open(os.path.join(work, "sshd.log"), "w"))
    for _ in range(200):
        try:
            socket.create_connection((addresses[-1], port), timeout=0.2).close()
            break
        except OSError:
            time.sleep(0.05)
    with open(os.path.join(work, "host_key.pub")) as f:
        ktype, kbody = f.read().split()[:2]
    with open(os.path.join(home, ".ssh", "known_hosts"), "w") as f:
        for a in addresses:
            f.write(f"[{a}]:{port} {ktype} {kbody}\n")
    return sshd, port, addresses, home, key


def run_fleetdeck(cli, work, targets, profile, env, extra=()):
    start = time.monotonic()
    r = subprocess.run([cli, "apply", "--json", "--parallel", str(len(targets)), "--profile", profile, *extra] + targets,
                       env=env, capture_output=True, text=True)
    elapsed = time.monotonic() - start
    assert r.returncode == 0, (r.returncode, r.stdout[-1500:], r.stderr[-1500:])
    doc = json.loads(r.stdout)
    assert len(doc) == len(targets) and all(h["state"] == "verified" for h in doc.values()), r.stdout[-1500:]
    return elapsed


def run_ansible(work, roots, addresses, port, key, env):
    inventory = os.path.join(work, "inventory.ini")
    with open(inventory, "w") as f:
        f.write("[targets]\n")
        for i, (a, root) in enumerate(zip(addresses, roots)):
            f.write(f"host{i:02d} ansible_host={a} ansible_port={port} ansible_user=root "
                    f"ansible_ssh_private_key_file={key} ansible_python_interpreter=/usr/bin/python3 root={root}\n")
    _, playbook = base.write_playbook(work, roots)  # same tasks; the inventory above replaces its local one
    known = os.path.join(env["HOME"], ".ssh", "known_hosts")
    env = dict(env, ANSIBLE_HOST_KEY_CHECKING="True", ANSIBLE_FORKS=str(len(roots)), ANSIBLE_NOCOLOR="1",
               ANSIBLE_LOCAL_TEMP=os.path.join(work, "ansible-local"), ANSIBLE_REMOTE_TMP=os.path.join(work, "ansible-remote"),
               ANSIBLE_SSH_ARGS=f"-C -o ControlMaster=auto -o ControlPersist=60s -o UserKnownHostsFile={known}")
    return base.time_playbook(inventory, playbook, env)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("cli")
    ap.add_argument("--hosts", type=int, default=16)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--bashrc", default=FIXTURE_BASHRC, help="the sessions' ~/.bashrc")
    ap.add_argument("--smoke", action="store_true", help="2 hosts, 1 run: checks that the benchmark works")
    ap.add_argument("--no-resident", action="store_true", help="every push starts its agent over an exec channel")
    a = ap.parse_args()
    extra = ["--no-resident"] if a.no_resident else []
    if a.smoke:
        a.hosts, a.runs = 2, 1
    work = tempfile.mkdtemp(prefix="fleetdeck-push-ssh-bench-")
    sshd = None
    try:
        roots = base.make_roots(os.path.join(work, "roots"), a.hosts)
        sshd, port, addresses, home, key = start_sshd(work, roots, a.bashrc)
        env = dict(os.environ, HOME=home, XDG_CONFIG_HOME=os.path.join(work, "config"),
                   XDG_DATA_HOME=os.path.join(work, "data"), QT_QPA_PLATFORM="offscreen")
        env.pop("SSH_AUTH_SOCK", None)
        targets = [f"root@{addr}:{port}" for addr in addresses]
        profile = os.path.join(work, "profile.json")
        with open(profile, "w") as f:
            json.dump({"name": "bench", "settings": [{"id": i, "value": int(v)} for i, _, _, v in base.SETTINGS]}, f)
        # The first connection uploads the agent into each host's cache and leaves resident agents; timed apart.
        first = run_fleetdeck(a.cli, work, targets, profile, env, extra)
        base.check_after(roots)
        fd, an = [], []
        for _ in range(a.runs):
            roots = base.make_roots(os.path.join(work, "roots"), a.hosts)
            fd.append(run_fleetdeck(a.cli, work, targets, profile, env, extra))
            base.check_after(roots)
            roots = base.make_roots(os.path.join(work, "roots"), a.hosts)
            an.append(run_ansible(work, roots, addresses, port, key, env))
            base.check_after(roots)
        f, n = statistics.median(fd), statistics.median(an)
        print(f"{len(base.SETTINGS)} settings x {a.hosts} hosts over SSH, median of {a.runs} runs")
        print(f"fleetdeck-cli apply, first (uploads the agent): {first:.2f} s")
        print(f"fleetdeck-cli apply : {f:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in fd)})")
        print(f"ansible-playbook    : {n:.2f} s  (runs: {', '.join(f'{x:.2f}' for x in an)})")
        print(f"ratio               : {n / f:.1f}x")
    finally:
        if sshd:
            sshd.kill()
            sshd.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
