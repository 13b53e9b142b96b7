#!/usr/bin/env bash
# agent_stream_cost.sh SECONDS AGENT [AGENT...]
# What a subscribed agent costs per sample: each AGENT runs `--stdio`, subscribed at 100 ms, all of
# them side by side for SECONDS; prints CPU ms per sample (utime+stime from /proc/PID/stat, so
# 10 ms ticks: use 60 s or more) and then, one at a time for 10 s under `strace -c -f`, syscalls
# per sample. docs/BENCHMARKS.md, "Sample cost".
set -euo pipefail
secs=$1
shift
tck=$(getconf CLK_TCK)
subscribe='{"id":1,"method":"subscribe","params":{"interval_ms":100}}'

cpu_per_sample() {
  local agent=$1 out pid t0 t1
  out=$(mktemp)
  { echo "$subscribe"; sleep $((secs + 2)); } | "$agent" --stdio > "$out" &
  sleep 1
  pid=$(pgrep -n -f -x "$agent --stdio")
  t0=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local n0; n0=$(grep -c '"sample"' "$out" || true)
  sleep "$secs"
  t1=$(awk '{print $14 + $15}' "/proc/$pid/stat")
  local n1; n1=$(grep -c '"sample"' "$out" || true)
  wait
  rm -f "$out"
  python3 -c "print(f'$agent: {$n1 - $n0} samples, {($t1 - $t0) * 1000 / $tck / ($n1 - $n0):.3f} ms CPU per sample')"
}

syscalls_per_sample() {
  local agent=$1 trace out
  trace=$(mktemp) out=$(mktemp)
  { echo "$subscribe"; sleep 10; } | strace -c -f -o "$trace" "$agent" --stdio > "$out"
  local samples; samples=$(grep -c '"sample"' "$out")
  python3 - "$agent" "$samples" "$trace" <<'EOF'
import sys
agent, samples, path = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rows = [line.split() for line in open(path) if line[:1] == " " or line[:1].isdigit()]
calls = {row[-1]: int(row[3]) for row in rows if len(row) >= 5 and row[-1] != "total"}
total = sum(calls.values())
top = ", ".join(f"{n / samples:.1f} {name}" for name, n in sorted(calls.items(), key=lambda kv: -kv[1])[:6])
print(f"{agent}: {total / samples:.1f} syscalls per sample ({top}; start-up included)")
EOF
  rm -f "$trace" "$out"
}

for agent in "$@"; do cpu_per_sample "$agent" & done
wait
command -v strace >/dev/null || { echo "strace not installed: no syscall counts" >&2; exit 0; }
for agent in "$@"; do syscalls_per_sample "$agent"; done
