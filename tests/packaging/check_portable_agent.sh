#!/usr/bin/env bash
# check_portable_agent.sh OBJDUMP FAKE_NVML AGENT [RUNNER...]
# Checks that a bundled agent binary runs on servers with glibc >= 2.17 (docs/agent-portability.md):
# - NEEDED holds only libc, libm, libdl, libpthread and the loader (NVML stays dlopen-able);
# - `OBJDUMP -T` shows no glibc symbol version newer than GLIBC_2.17;
# - it exports no function (the replacements in agent/portable/glibc_compat.cpp are hidden, so
#   neither the loader nor NVML binds to them instead of glibc);
# - it starts with every import resolved (LD_BIND_NOW) and its constructors run (the old-style
#   __libc_start_main init), reports a snapshot, still catches exceptions (the replacement _dl_find_object), reports the 8 GPUs of a simulated
#   server, and loads the stand-in NVML FAKE_NVML with dlopen and reports its GPUs.
# RUNNER runs a binary of another architecture (qemu-aarch64 -L /usr/aarch64-linux-gnu).
set -euo pipefail
objdump=$1 fake_nvml=$2 agent=$3
shift 3
runner=("$@")
ceiling=GLIBC_2.17
fail() { echo "FAIL: $*" >&2; exit 1; }
[ -f "$agent" ] || fail "$agent is missing: build the agent-bundle target"
[ -f "$fake_nvml" ] || fail "$fake_nvml is missing: build the stand-in NVML for this architecture"

dynamic=$("$objdump" -p "$agent")
needed=$(echo "$dynamic" | awk '$1 == "NEEDED" {print $2}')
for lib in $needed; do
  case "$lib" in
    libc.so.6|libm.so.6|libdl.so.2|libpthread.so.0|ld-linux-*.so.*) ;;
    *) fail "$agent needs $lib (only glibc's libc, libm, libdl, libpthread may be linked dynamically)" ;;
  esac
done
for lib in libdl.so.2 libpthread.so.0; do  # where glibc < 2.34 keeps dlopen and pthread_create
  grep -q "$lib" <<<" $needed " || fail "$agent does not name $lib: dlopen/pthread_create@$ceiling would not resolve on glibc < 2.34"
done
echo "NEEDED: $(echo $needed)"

symbols=$("$objdump" -T "$agent")
versions=$(echo "$symbols" | grep -oE 'GLIBC_[0-9]+(\.[0-9]+)*' | sort -u -V)
[ -n "$versions" ] || fail "$objdump -T shows no glibc symbol versions in $agent"
newest=$(echo "$versions" | tail -n 1)
echo "newest glibc symbol version: $newest"
newer_than_ceiling() { [ "$(printf '%s\n%s\n' "$1" "$ceiling" | sort -V | tail -n 1)" != "$ceiling" ]; }
if newer_than_ceiling "$newest"; then
  for v in $versions; do
    if newer_than_ceiling "$v"; then echo "$symbols" | grep -E "[ (]$v[) ]" >&2 || true; fi
  done
  fail "$agent needs $newest; the limit is $ceiling (see agent/portable/glibc_compat.cpp)"
fi
exported=$(echo "$symbols" | awk '$0 ~ / DF / && $0 !~ /\*UND\*/ {print $NF}')
[ -z "$exported" ] || fail "$agent exports functions, which would take the place of glibc's: $(echo $exported)"

# LD_BIND_NOW: every import (old versions included) is resolved at start, not only those called.
once=$(LD_BIND_NOW=1 "${runner[@]}" "$agent" --once)
grep -q '"memory"' <<<"$once" || fail "--once printed no snapshot: $once"
reply=$(printf '{"id":1,"method":"subscribe","params":{"interval_ms":"soon"}}\n{"id":2,"method":"ping"}\n' \
        | "${runner[@]}" "$agent" --stdio)
grep -q '"invalid_params"' <<<"$reply" || fail "a thrown decode error was not caught: $reply"
grep -q '"pong":true' <<<"$reply" || fail "the agent stopped serving after an exception: $reply"

gpu_count() { grep -o '"uuid":"GPU-[^"]*"' | sort -u | wc -l; }
simulated=$("${runner[@]}" "$agent" --once --simulate hgx-h100-8:7)
[ "$(echo "$simulated" | gpu_count)" = 8 ] || fail "--simulate hgx-h100-8 did not report 8 GPUs: $simulated"
live=$(FLEETDECK_NVML_LIB=$fake_nvml "${runner[@]}" "$agent" --once)
[ "$(echo "$live" | gpu_count)" = 8 ] || fail "with the stand-in NVML ($fake_nvml) the agent did not report its 8 GPUs: $live"
echo "OK: $agent"
