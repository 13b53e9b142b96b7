#!/usr/bin/env bash
# Runs every fuzz target in BUILD_DIR/bin for SECONDS each over its seed corpus (tests/fuzz/<what>/,
# read only; new inputs go to BUILD_DIR/corpus/<what>/). Exits non-zero when any target finds a
# crash, a leak, a timeout or an out-of-memory; the input is left in BUILD_DIR/findings/ — fix the
# bug, then add the input to tests/fuzz/<what>/ as a regression case.
# Targets run side by side, one per core (FLEETDECK_FUZZ_JOBS to change that): each still gets
# SECONDS of a core to itself.
# Usage: tests/fuzz/run_fuzz.sh [BUILD_DIR=build/fuzz] [SECONDS=20] [TARGET...]
set -uo pipefail
cd "$(dirname "$0")/../.."
build=${1:-build/fuzz}
seconds=${2:-20}
shift $(( $# > 2 ? 2 : $# ))
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  for exe in "$build"/bin/fuzz_*; do targets+=("$(basename "$exe" | sed 's/^fuzz_//')"); done
fi
mkdir -p "$build/findings"
rm -f "$build"/findings/fuzz_*.verdict
jobs=${FLEETDECK_FUZZ_JOBS:-$(nproc)}

# fuzz_one WHAT: runs one target; its verdict goes to $build/findings/fuzz_WHAT.verdict.
fuzz_one() {
  local what=$1 exe="$build/bin/fuzz_$1" log="$build/findings/fuzz_$1.log" verdict="$build/findings/fuzz_$1.verdict"
  [ -x "$exe" ] || { echo "fuzz_$what: not built ($exe)" >"$verdict"; return 1; }
  mkdir -p "$build/corpus/$what"
  # The targets' scratch trees go here (libFuzzer's exit skips their clean-up), removed after.
  local scratch
  scratch="$(realpath -m "$build")/scratch/$what"
  rm -rf "$scratch"; mkdir -p "$scratch"
  # -rss_limit_mb: an input that makes a reader allocate 2 GiB is a finding (an untrusted file or
  # agent must not exhaust memory). -timeout: one input taking 10 s is a finding too.
  if TMPDIR="$scratch" "$exe" "$build/corpus/$what" "tests/fuzz/$what" -max_total_time="$seconds" -timeout=10 \
       -rss_limit_mb=2048 -max_len=65536 -artifact_prefix="$build/findings/${what}-" -print_final_stats=1 \
       >"$log" 2>&1; then
    echo "fuzz_$what: $(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$') runs in ${seconds} s, no findings" >"$verdict"
  else
    { echo "fuzz_$what: FINDING — see $log"; tail -n 40 "$log"; } >"$verdict"
    rm -rf "$scratch"
    return 1
  fi
  rm -rf "$scratch"
}

running=0
for what in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
  fuzz_one "$what" &
  running=$((running + 1))
done
wait
failed=()
for what in "${targets[@]}"; do
  cat "$build/findings/fuzz_$what.verdict"
  grep -q ", no findings$" "$build/findings/fuzz_$what.verdict" || failed+=("$what")
done
if [ ${#failed[@]} -gt 0 ]; then echo "fuzz targets with findings: ${failed[*]}"; exit 1; fi
