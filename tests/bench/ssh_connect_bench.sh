#!/usr/bin/env bash
# Connect + hello + facts for N loopback hosts (127.0.0.2 onwards, one test sshd listening on all
# of them) with fleetdeck-cli, against `ansible -m setup` on the same hosts, in one run. Sessions get
# a HOME of their own whose .bashrc is tests/fixtures/login-shell/pyenv-rehash.bashrc (as on ML
# servers: pyenv init's rehash lock), never this machine's own.
# Usage: tests/bench/ssh_connect_bench.sh [BUILD_DIR] [--hosts N] [--bashrc FILE] [--smoke]
#   (needs openssh-server and ansible-core). --smoke: one host, one Ansible run, seconds in all:
#   ctest runs it (label bench_smoke) so that a change breaking the benchmark fails the suite.
set -euo pipefail
here=$(dirname "$(realpath "$0")")
build=build/dev; n=16; smoke=0; bashrc="$here/../fixtures/login-shell/pyenv-rehash.bashrc"
while [ $# -gt 0 ]; do
  case "$1" in
    --hosts) n=$2; shift 2 ;;
    --bashrc) bashrc=$2; shift 2 ;;
    --smoke) smoke=1; n=1; shift ;;
    *) build=$1; shift ;;
  esac
done
build=$(realpath "$build")
cli="$build/bin/fleetdeck-cli"
export FLEETDECK_AGENT="$build/bin/fleetdeck-agent"
command -v ansible >/dev/null || { echo "ansible is missing: apt-get install ansible-core" >&2; exit 2; }
work=$(mktemp -d /tmp/fleetdeck-bench-XXXXXX)
sshd_pid=
cleanup() { [ -n "$sshd_pid" ] && kill "$sshd_pid" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
last=$((n + 1))

port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p "$work/home/.ssh" /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$work/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$work/home/.ssh/id_ed25519"
cp "$work/home/.ssh/id_ed25519.pub" "$work/authorized_keys"
{
  echo "Port $port"
  for i in $(seq 2 $last); do echo "ListenAddress 127.0.0.$i"; done
  echo "HostKey $work/host_key"
  echo "PidFile $work/sshd.pid"
  echo "AuthorizedKeysFile $work/authorized_keys"
  echo "StrictModes no"; echo "UsePAM no"; echo "PermitRootLogin prohibit-password"; echo "LogLevel VERBOSE"
  echo "PasswordAuthentication no"; echo "MaxStartups 100:30:200"
  echo "Subsystem sftp /usr/lib/openssh/sftp-server"
  echo "SetEnv HOME=$work/remote-home XDG_CACHE_HOME=$work/remote-cache"
} > "$work/sshd_config"
mkdir -p "$work/remote-home"; cp "$bashrc" "$work/remote-home/.bashrc"
/usr/sbin/sshd -D -e -f "$work/sshd_config" 2>"$work/sshd.log" &
sshd_pid=$!
for _ in $(seq 100); do (exec 3<>/dev/tcp/127.0.0.$last/$port) 2>/dev/null && break; sleep 0.05; done

read -r ktype kbody _ < "$work/host_key.pub"
hosts=() ; : > "$work/inventory.ini"
echo "[bench]" >> "$work/inventory.ini"
for i in $(seq 2 $last); do
  echo "[127.0.0.$i]:$port $ktype $kbody" >> "$work/home/.ssh/known_hosts"
  hosts+=("root@127.0.0.$i:$port")
  echo "h$i ansible_host=127.0.0.$i ansible_port=$port ansible_user=root ansible_ssh_private_key_file=$work/home/.ssh/id_ed25519" >> "$work/inventory.ini"
done

export HOME="$work/home" XDG_CONFIG_HOME="$work/config"
unset SSH_AUTH_SOCK
now() { date +%s.%N; }

# The first run uploads the agent (once per server; the addresses share one cache here).
t0=$(now); "$cli" facts --json "${hosts[@]}" > "$work/first.json"; t1=$(now)
# Agent cached, none resident. Starts that found a listener on its way out wait up to 2.5 s to take
# over; after that, removing the socket makes the listener exit within a second (it frees its lock).
sleep 3; rm -f "$work"/remote-cache/fleetdeck/*.sock
for _ in $(seq 50); do flock -n "$work"/remote-cache/fleetdeck/agent-*.sock.lock true && break; sleep 0.1; done
sessions_start=$(grep -c 'Starting session' "$work/sshd.log" || true)
t2=$(now); "$cli" facts --json "${hosts[@]}" > "$work/fleetdeck.json"; t3=$(now)
sessions_cached=$(( $(grep -c 'Starting session' "$work/sshd.log" || true) - sessions_start ))
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d)==int(sys.argv[2]) and all('error' not in v for v in d.values())" "$work/fleetdeck.json" "$n"
# The run before left a resident agent (agent/resident.h): this one starts nothing on the server.
sessions_before=$(grep -c 'Starting session' "$work/sshd.log" || true)
t6=$(now); "$cli" facts --json "${hosts[@]}" > "$work/resident.json"; t7=$(now)
python3 -c "import json,sys; d=json.load(open(sys.argv[1])); assert len(d)==int(sys.argv[2]) and all('error' not in v for v in d.values())" "$work/resident.json" "$n"
sessions_resident=$(( $(grep -c 'Starting session' "$work/sshd.log" || true) - sessions_before ))

export ANSIBLE_HOST_KEY_CHECKING=True ANSIBLE_REMOTE_TMP="$work/ansible-remote" ANSIBLE_LOCAL_TEMP="$work/ansible-local"
export ANSIBLE_PYTHON_INTERPRETER=/usr/bin/python3 ANSIBLE_FORKS=$n ANSIBLE_SSH_ARGS="-o UserKnownHostsFile=$work/home/.ssh/known_hosts -o ControlMaster=no"
t4=$(now); ansible all -i "$work/inventory.ini" -m setup > "$work/ansible.txt" || { tail -20 "$work/ansible.txt" >&2; exit 1; }; t5=$(now)
[ "$(grep -c 'SUCCESS' "$work/ansible.txt")" -eq "$n" ] || { echo "ansible did not reach all $n hosts" >&2; exit 1; }
if [ "$smoke" = 1 ]; then t8=$t4; t9=$t5; else
# Ansible's own way of keeping something between runs: ControlPersist keeps each SSH connection
# open (ansible's default outside this benchmark). The first run opens the masters; the second is timed.
export ANSIBLE_SSH_ARGS="-o UserKnownHostsFile=$work/home/.ssh/known_hosts -o ControlMaster=auto -o ControlPersist=120s -o ControlPath=$work/cm-%C"
ansible all -i "$work/inventory.ini" -m setup > "$work/ansible-cm1.txt" || { tail -20 "$work/ansible-cm1.txt" >&2; exit 1; }
t8=$(now); ansible all -i "$work/inventory.ini" -m setup > "$work/ansible-cm2.txt" || { tail -20 "$work/ansible-cm2.txt" >&2; exit 1; }; t9=$(now)
[ "$(grep -c 'SUCCESS' "$work/ansible-cm2.txt")" -eq "$n" ] || { echo "ansible (ControlPersist) did not reach all $n hosts" >&2; exit 1; }
for c in "$work"/cm-*; do [ -S "$c" ] && ssh -o ControlPath="$c" -O exit x 2>/dev/null; done
fi

python3 - "$n" "$sessions_cached" "$sessions_resident" "$t0" "$t1" "$t2" "$t3" "$t4" "$t5" "$t6" "$t7" "$t8" "$t9" <<'PY'
import sys
n, cached_sessions, resident_sessions = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
t = list(map(float, sys.argv[4:]))
first, warm, ansible, resident, ansible_cm = t[1]-t[0], t[3]-t[2], t[5]-t[4], t[7]-t[6], t[9]-t[8]
print(f"fleetdeck-cli facts, {n} hosts, first connect (uploads agent):        {first:.2f} s")
print(f"fleetdeck-cli facts, {n} hosts, agent cached, not running ({cached_sessions} execs): {warm:.2f} s")
print(f"fleetdeck-cli facts, {n} hosts, resident agent ({resident_sessions} execs):        {resident:.2f} s")
print(f"ansible -m setup, {n} hosts (forks={n}, no ControlMaster):              {ansible:.2f} s")
print(f"ansible -m setup, {n} hosts, ControlPersist connections already open:  {ansible_cm:.2f} s")
print(f"ratio ansible / fleetdeck: resident {ansible/resident:.1f}x; cached {ansible/warm:.1f}x; first connect {ansible/first:.1f}x")
print(f"ratio ansible with ControlPersist / fleetdeck resident: {ansible_cm/resident:.1f}x")
PY
