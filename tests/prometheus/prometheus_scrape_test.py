#!/usr/bin/env python3
"""A real Prometheus scrapes a real agent (issue 20, docs/metrics.md).

Starts fleetdeck-agent --metrics-listen on loopback, on the recorded Intel server and the stand-in
NVML with GPU faults, and Debian's prometheus on loopback with a temporary config and data
directory scraping it every second. After two scrapes, the HTTP API must hold the temperature,
the ECC double-bit count, the remapped rows and the XID under dcgm-exporter's names; and
`promtool check metrics` must parse a scrape, with no lint but the ones the upstream names bring.
With FLEETDECK_PROMETHEUS_HISTORY_TEST set (the GUI build), it then runs that test binary against
the same Prometheus. Everything it starts is stopped, also on failure.

Usage: prometheus_scrape_test.py AGENT FAKE_NVML SOURCE_DIR
Also importable: start_agent/start_prometheus/query serve tests that need a running pair.
"""
import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

FAULTS = "ecc=1,remap-pending=2,remap-failed=4,xid=5:79,lost=3"
# The lint promtool reports because the names are dcgm-exporter's and node_exporter's own.
ALLOWED_LINT = [
    r"label names should be written in 'snake_case' not 'camelCase'",
    r"metric names should be written in 'snake_case' not 'camelCase'",  # node_memory_MemAvailable_bytes
    r'counter metrics should have "_total" suffix',                     # DCGM_FI_DEV_ECC_*_TOTAL
    r"metric name should not include type 'counter'",                   # DCGM_FI_DEV_PCIE_REPLAY_COUNTER
    r'^fleetdeck_gpu_pci_count non-histogram and non-summary metrics should not have "_count" suffix',  # the name
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for(what, predicate, timeout_s):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(0.1)
    raise AssertionError(f"timed out after {timeout_s} s waiting for {what}")


def stop(proc):
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


@contextlib.contextmanager
def start_agent(agent, fake_nvml, source_dir, faults=FAULTS, log_dir=None):
    """Yields the agent's metrics URL."""
    env = dict(os.environ, FLEETDECK_NVML_LIB=fake_nvml, FLEETDECK_FAKE_NVML_FAULTS=faults)
    root = os.path.join(source_dir, "tests/fixtures/intel-2s-xeon-gold-6426y/root")
    log = tempfile.TemporaryFile("w+", dir=log_dir)
    proc = subprocess.Popen([agent, "--root", root, "--metrics-listen", "127.0.0.1:0"], env=env,
                            stdout=subprocess.DEVNULL, stderr=log)
    try:
        def port():
            log.seek(0)
            m = re.search(r"serving metrics on http://[^ ]*:(\d+)/metrics", log.read())
            if proc.poll() is not None:
                log.seek(0)
                raise AssertionError("the agent exited: " + log.read())
            return m and int(m.group(1))
        yield f"http://127.0.0.1:{wait_for('the agent to listen', port, 10)}/metrics"
    finally:
        stop(proc)
        log.close()


@contextlib.contextmanager
def prometheus_with(scrape_configs, prefix="fleetdeck-prom-"):
    """Yields the base URL of a ready Prometheus scraping every second with scrape_configs (the
    YAML list under `scrape_configs:`, as text, each line indented by two spaces)."""
    work = tempfile.mkdtemp(prefix=prefix)
    port = free_port()
    config = os.path.join(work, "prometheus.yml")
    with open(config, "w") as f:
        f.write("global:\n  scrape_interval: 1s\n  scrape_timeout: 1s\nscrape_configs:\n" + scrape_configs)
    log = open(os.path.join(work, "prometheus.log"), "w")
    proc = subprocess.Popen(["prometheus", f"--config.file={config}", f"--storage.tsdb.path={work}/data",
                             f"--web.listen-address=127.0.0.1:{port}"], stdout=log, stderr=log)
    base = f"http://127.0.0.1:{port}"
    try:
        def ready():
            if proc.poll() is not None:
                raise AssertionError("prometheus exited: " + open(log.name).read()[-2000:])
            try:
                return urllib.request.urlopen(base + "/-/ready", timeout=1).status == 200
            except OSError:
                return False
        wait_for("prometheus to be ready", ready, 15)
        yield base
    finally:
        stop(proc)
        log.close()
        shutil.rmtree(work, ignore_errors=True)


@contextlib.contextmanager
def start_prometheus(metrics_url, host_label="gpu-test-01"):
    """Yields the base URL of a Prometheus scraping metrics_url every second."""
    target = urllib.parse.urlparse(metrics_url).netloc
    with prometheus_with(f"""  - job_name: fleetdeck
    static_configs:
      - targets: ['{target}']
        labels: {{host: '{host_label}'}}
""") as base:
        yield base


def query(base, promql):
    url = base + "/api/v1/query?" + urllib.parse.urlencode({"query": promql})
    answer = json.load(urllib.request.urlopen(url, timeout=5))
    assert answer["status"] == "success", answer
    return answer["data"]["result"]


def check_promtool_metrics(scrape):
    run = subprocess.run(["promtool", "check", "metrics"], input=scrape.encode(), capture_output=True)
    out = (run.stdout + run.stderr).decode()
    # 0: clean; 3: lint problems only. Anything else (1) is a parse error.
    assert run.returncode in (0, 3), f"promtool check metrics failed ({run.returncode}): {out[:2000]}"
    for line in out.splitlines():
        assert any(re.search(p, line) for p in ALLOWED_LINT), f"unexpected promtool lint: {line}"


def main(agent, fake_nvml, source_dir):
    started = time.monotonic()
    with start_agent(agent, fake_nvml, source_dir) as metrics_url:
        scrape = urllib.request.urlopen(metrics_url, timeout=5).read().decode()
        check_promtool_metrics(scrape)
        with start_prometheus(metrics_url) as base:
            wait_for("two scrapes", lambda: query(base, 'count_over_time(up{job="fleetdeck"}[1m]) >= 2'), 15)
            assert query(base, 'up{job="fleetdeck"}')[0]["value"][1] == "1"

            def value(promql):
                result = query(base, promql)
                assert result, f"no series for {promql}"
                return float(result[0]["value"][1])

            temps = query(base, 'DCGM_FI_DEV_GPU_TEMP{host="gpu-test-01"}')
            assert len(temps) == 7, temps  # 8 GPUs, one lost
            assert all(0 < float(t["value"][1]) < 120 for t in temps), temps
            labels = temps[0]["metric"]
            for label in ("gpu", "UUID", "pci_bus_id", "device", "modelName", "Hostname"):
                assert label in labels, labels
            assert value('DCGM_FI_DEV_ECC_DBE_VOL_TOTAL{gpu="1"}') == 2
            assert value('DCGM_FI_DEV_ECC_DBE_VOL_TOTAL{gpu="0"}') == 0
            assert value('DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS{gpu="2"}') >= 1
            assert value('DCGM_FI_DEV_ROW_REMAP_PENDING{gpu="2"}') == 1
            assert value('DCGM_FI_DEV_ROW_REMAP_FAILURE{gpu="4"}') == 1
            assert value('DCGM_FI_DEV_XID_ERRORS{gpu="5"}') == 79
            assert value('fleetdeck_xid_events_total{gpu="5",code="79"}') == 1
            assert value('fleetdeck_gpu_state{gpu="3",state="lost"}') == 1

            # The app's history read back from this Prometheus (tests/prometheus/prometheus_history_test.cpp).
            history_test = os.environ.get("FLEETDECK_PROMETHEUS_HISTORY_TEST")
            if history_test:
                run = subprocess.run([history_test], env=dict(os.environ, FLEETDECK_TEST_PROMETHEUS_URL=base,
                                                               QT_QPA_PLATFORM="offscreen"),
                                     capture_output=True, text=True, timeout=60)
                assert run.returncode == 0, run.stdout[-4000:] + run.stderr[-2000:]
                print("ok: PrometheusHistory read the host's series back")
    print(f"ok: a real Prometheus stored the agent's metrics ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
