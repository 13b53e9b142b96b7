#!/usr/bin/env python3
"""dcgm-exporter's own Grafana dashboard against the agent (docs/metrics.md, "dcgm-exporter's
dashboard, query by query").

Starts two real agents with --metrics-listen on loopback: one on the recorded Intel server with the
stand-in NVML (eight H100s), one simulating an HGX H100 host (`--simulate hgx-h100-8`), and Debian's
prometheus scraping both every second (jobs `nvml` and `sim`). Then it takes every query of
tests/fixtures/grafana/dcgm-exporter-dashboard.json (its panels and its two template variables),
fills in `$instance` and `$gpu` the way Grafana does (the instance of one agent; every GPU, "All",
as the regex Grafana builds of the values), evaluates each through the HTTP API, and asserts for
each agent:
- the template variables offer its instance and its eight GPUs;
- every panel query is answered, except one that names a metric the agent's scrape does not hold
  at all (a field its sample lacks, e.g. the profiling counters where the stand-in NVML or the
  simulator gives none): an answered family is never lost in a query.
It prints how many queries each agent answers and which it does not, with why.

Usage: dcgm_dashboard_test.py AGENT FAKE_NVML SOURCE_DIR
"""
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from prometheus_scrape_test import prometheus_with, query, stop, wait_for  # noqa: E402
from node_dashboard_test import answers, dashboard_queries, label_values  # noqa: E402

DASHBOARD = "tests/fixtures/grafana/dcgm-exporter-dashboard.json"
RECORDED_TREE = "tests/fixtures/intel-2s-xeon-gold-6426y/root"
METRIC_NAME = re.compile(r"\b(DCGM_FI_[A-Z0-9_]+)\b")


def start(args, env, work, what):
    log = open(os.path.join(work, what + ".log"), "w+")
    proc = subprocess.Popen(args, env=env, stdout=subprocess.DEVNULL, stderr=log)

    def port():
        log.seek(0)
        m = re.search(r"serving metrics on http://[^ ]*:(\d+)/metrics", log.read())
        if proc.poll() is not None:
            log.seek(0)
            raise AssertionError(f"the {what} agent exited: " + log.read())
        return m and int(m.group(1))
    return proc, f"127.0.0.1:{wait_for(f'the {what} agent to listen', port, 10)}"


def grafana_regex(values):
    """A multi-value variable (or one set to All without a custom all value) as Grafana's
    Prometheus data source writes it into a =~ matcher: each value's regex characters escaped with
    two backslashes (one for the PromQL string, one for the regex: prometheusRegularEscape in
    public/app/plugins/datasource/prometheus), the values joined by | in parentheses."""
    def escape(v):
        return re.sub(r"([$^*{}\[\]'+?.()|])", r"\\\\\1", v.replace("\\", "\\" * 4))
    return "(" + "|".join(escape(v) for v in values) + ")"


def substitute(expr, values):
    for name, value in values.items():
        expr = expr.replace("${" + name + "}", value).replace("$" + name, value)
    return expr


def scraped_names(target):
    text = urllib.request.urlopen(f"http://{target}/metrics", timeout=5).read().decode()
    return {line.split("{")[0].split(" ")[0] for line in text.splitlines() if line and not line.startswith("#")}


def main(agent, fake_nvml, source_dir):
    started_at = time.monotonic()
    work = tempfile.mkdtemp(prefix="fleetdeck-dcgm-dashboard-")
    base_env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETDECK_")}
    nvml_env = dict(base_env, FLEETDECK_NVML_LIB=fake_nvml)
    panels, variables = dashboard_queries(os.path.join(source_dir, DASHBOARD))
    assert panels and variables, "no queries in the dashboard"
    procs = []
    try:
        proc, nvml_target = start([agent, "--root", os.path.join(source_dir, RECORDED_TREE), "--metrics-listen",
                                   "127.0.0.1:0"], nvml_env, work, "nvml")
        procs.append(proc)
        proc, sim_target = start([agent, "--simulate", "hgx-h100-8", "--metrics-listen", "127.0.0.1:0"],
                                 base_env, work, "sim")
        procs.append(proc)
        targets = {"nvml": nvml_target, "sim": sim_target}
        configs = "".join(f"  - job_name: {job}\n    static_configs: [{{targets: ['{t}']}}]\n"
                          for job, t in targets.items())
        with prometheus_with(configs, prefix="fleetdeck-dcgm-dashboard-prom-") as base:
            wait_for("two scrapes of each agent",
                     lambda: len(query(base, "count_over_time(up[1m]) >= 2 and up == 1")) == 2, 20)
            total_answered = 0
            for job, target in targets.items():
                names = scraped_names(target)
                values = {}
                for name, template in variables:
                    offered = label_values(base, template)
                    if name == "instance":
                        assert target in offered, f"the instance selector offers {offered}, not {target}"
                        values[name] = grafana_regex([target])
                    else:
                        gpus = label_values(base, f'DCGM_FI_DEV_GPU_TEMP{{instance="{target}"}}'.join(
                            template.split("DCGM_FI_DEV_GPU_TEMP", 1)))
                        assert gpus == [str(i) for i in range(8)], f"the {job} agent's GPUs offered: {gpus}"
                        values[name] = grafana_regex(offered)
                answered, unanswered = 0, []
                for title, expr in panels:
                    ok, error = answers(base, substitute(expr, values))
                    assert error is None, f"Prometheus refused a dashboard query: {expr}: {error}"
                    if ok:
                        answered += 1
                        continue
                    absent = [n for n in METRIC_NAME.findall(expr) if n not in names]
                    assert absent, f"[{title}] {expr}: no data for the {job} agent, though it writes every metric named"
                    unanswered.append((title, expr, absent))
                answered += len(variables)  # checked above
                total_answered += answered
                print(f"{job}: answers {answered} of {len(panels) + len(variables)} queries "
                      f"({len(panels)} in panels, {len(variables)} template variables)")
                for title, expr, absent in unanswered:
                    print(f"  unanswered: [{title}] {expr}: the scrape has no {', '.join(absent)}")
    finally:
        for proc in procs:
            stop(proc)
        subprocess.run(["rm", "-rf", work])
    print(f"ok: dcgm-exporter's dashboard against the agent ({time.monotonic() - started_at:.1f} s)")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    main(*sys.argv[1:])
