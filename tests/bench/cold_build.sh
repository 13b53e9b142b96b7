#!/usr/bin/env bash
# Cold builds of one commit, as CI and a new user see them: a fresh clone, no compiler cache, each
# preset configured and built in turn; prints the seconds each took and where the time went.
#
#   tests/bench/cold_build.sh [COMMIT] [PRESET...]     (default: HEAD; dev fuzz asan)
#
# Also times what ./scripts/run builds before the first window (the app, the agent, the CLI) in a
# second clone. Packages must already be installed (./scripts/test installs them). Needs ~8 GiB disk.
set -euo pipefail
src=$(cd "$(dirname "$0")/../.." && pwd)
commit=${1:-HEAD}
shift || true
presets=("$@")
[ ${#presets[@]} -gt 0 ] || presets=(dev fuzz asan)
work=$(mktemp -d /tmp/fleetdeck-cold-build.XXXXXX)
trap 'rm -rf "$work"' EXIT
export CCACHE_DISABLE=1

# The slowest outputs of a finished build, from ninja's log (seconds of wall time each).
slowest() {
  awk -F'\t' 'NR > 1 { printf "%8.1f  %s\n", ($2 - $1) / 1000, $4 }' "$1/.ninja_log" | sort -rn | head -5
}

clone() {
  git clone -q --no-local "$src" "$work/$1"
  git -C "$work/$1" checkout -q "$(git -C "$src" rev-parse "$commit")"
}

clone tree
echo "commit $(git -C "$work/tree" rev-parse --short HEAD), $(nproc) cores, $(date -u '+%Y-%m-%d %H:%M') UTC"
total=0
for preset in "${presets[@]}"; do
  start=$(date +%s.%N)
  (cd "$work/tree" && cmake --preset "$preset" >/dev/null && cmake --build --preset "$preset" >"$work/$preset.log" 2>&1) ||
    { tail -20 "$work/$preset.log"; exit 1; }
  took=$(echo "$(date +%s.%N) - $start" | bc)
  total=$(echo "$total + $took" | bc)
  printf '%-6s %7.1f s  (%s build steps)\n' "$preset" "$took" "$(awk 'NR > 1' "$work/tree/build/$preset/.ninja_log" | grep -c .)"
  slowest "$work/tree/build/$preset"
done
printf 'all    %7.1f s\n' "$total"

clone first
start=$(date +%s.%N)
(cd "$work/first" && cmake --preset dev >/dev/null &&
  cmake --build --preset dev --target fleetdeck fleetdeck-agent fleetdeck-cli >"$work/first.log" 2>&1) ||
  { tail -20 "$work/first.log"; exit 1; }
printf 'first window (scripts/run build) %7.1f s\n' "$(echo "$(date +%s.%N) - $start" | bc)"
