#!/usr/bin/env bash
# agent_stream_cost.sh [--root TREE] [--no-cockpit] [--also-totals] [--io-floor] SECONDS AGENT [AGENT...]
# Each AGENT subscribed at 100 ms beside cockpit-bridge's metrics1 channel and the bare
# wake-and-pread floor, side by side in one run: CPU ms and syscalls per sample
# (agent_stream_cost.py says how). docs/BENCHMARKS.md, "Agent telemetry".
set -euo pipefail
exec python3 "$(dirname "$0")/agent_stream_cost.py" "$@"
