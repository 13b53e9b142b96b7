#!/usr/bin/env bash
# check_portable_agent.sh AGENT [RUNNER...]
# Checks that an agent binary runs on servers with glibc >= 2.34: only libc (and the loader) as
# NEEDED, no versioned glibc symbol newer than GLIBC_2.34, and exceptions still caught — the
# replacement _dl_find_object in agent/portable/ is what the unwinder uses. RUNNER runs a binary
# of another architecture (qemu-aarch64 -L /usr/aarch64-linux-gnu).
set -euo pipefail
agent=$1
shift
runner=("$@")
fail() { echo "FAIL: $*" >&2; exit 1; }

needed=$(readelf -d "$agent" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
for lib in $needed; do
  case "$lib" in
    libc.so.6|libm.so.6|ld-linux-*.so.*) ;;
    *) fail "$agent needs $lib (only glibc may be linked dynamically)" ;;
  esac
done
echo "NEEDED: $(echo $needed)"

newest=$(readelf -V -W "$agent" | grep -o 'GLIBC_[0-9][0-9.]*' | sort -u -V | tail -n 1)
echo "newest glibc symbol version: $newest"
if [ "$(printf '%s\nGLIBC_2.34\n' "$newest" | sort -V | tail -n 1)" != "GLIBC_2.34" ]; then
  readelf -V -W "$agent" | grep -E 'GLIBC_2\.(3[5-9]|[4-9][0-9])' >&2 || true
  fail "$agent needs $newest; the limit is GLIBC_2.34"
fi
for sym in arc4random _dl_find_object; do
  if readelf --dyn-syms -W "$agent" | grep -q " UND $sym"; then fail "$agent imports $sym from glibc"; fi
done

once=$("${runner[@]}" "$agent" --once)
echo "$once" | grep -q '"memory"' || fail "--once printed no snapshot: $once"
reply=$(printf '{"id":1,"method":"subscribe","params":{"interval_ms":"soon"}}\n{"id":2,"method":"ping"}\n' \
        | "${runner[@]}" "$agent" --stdio)
echo "$reply" | grep -q '"invalid_params"' || fail "a thrown decode error was not caught: $reply"
echo "$reply" | grep -q '"pong":true' || fail "the agent stopped serving after an exception: $reply"
echo "OK: $agent"
