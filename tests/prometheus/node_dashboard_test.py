#!/usr/bin/env python3
"""Node Exporter Full (Grafana 1860) against the agent and node_exporter on the same machine
(docs/metrics.md, "Host metrics").

Starts the real agent (`fleetdeck-agent --metrics-listen` on loopback, this machine's /proc and
/sys), Debian's prometheus-node-exporter (its default collectors, on loopback) and Debian's
prometheus scraping both every half second, as jobs `fleetdeck` and `node`. Then it takes every query of
the dashboard's JSON (tests/fixtures/grafana/node-exporter-full.json: panels, panels inside rows,
template variables), fills in the variables the way Grafana does, evaluates each against each job
through the HTTP API, and asserts:
- the agent answers at least 80 % of the queries node_exporter answers;
- the dashboard's host selector (its template variables job -> nodename -> node, each a
  label_values() over node_uname_info) offers the agent's instance.
It prints the counts and every query node_exporter answers and the agent does not.

Before that it compares the two scrapes themselves: every node_* (and process_*) family the agent writes has
node_exporter's type, HELP text and label names, and both write the same series (live, both on
this machine; upstream's default filters, which Debian's package changes for lo and /run, /mnt,
/media), and the same value
for every series both write when both read the recorded Intel server
(tests/fixtures/intel-2s-xeon-gold-6426y: the agent through --root, node_exporter through
--path.procfs/--path.sysfs/--path.rootfs, netdev from /proc/net/dev rather than netlink).

Usage: node_dashboard_test.py AGENT SOURCE_DIR
"""
import contextlib
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
from prometheus_scrape_test import free_port, query, stop, wait_for  # noqa: E402

NODE_EXPORTER = "/usr/bin/prometheus-node-exporter"
RECORDED_TREE = "tests/fixtures/intel-2s-xeon-gold-6426y/root"
# node_* families of the agent that node_exporter has only where the hardware is (this VM has no
# hwmon chip, thermal zone or InfiniBand port).
HARDWARE_FAMILIES = re.compile(r"^node_(hwmon_|thermal_zone_|infiniband_)")
# Families whose value is the moment's (a clock, the scrape itself) or the running kernel's
# (uname(2) is not read from a tree by node_exporter): not compared on the recorded tree.
MOMENT_FAMILIES = re.compile(r"^node_(time_|timex_|scrape_|uname_info|exporter_)")
DASHBOARD = "tests/fixtures/grafana/node-exporter-full.json"
GOAL = 0.80
# Prometheus scrapes both every half second, so that rate() has its samples within seconds.
SCRAPE_INTERVAL = "500ms"
# Grafana's $__rate_interval is max($__interval + scrape interval, 4 x scrape interval)
# (grafana.com/docs, "Prometheus template variables"). With the data source's scrape interval set to
# the half second this Prometheus scrapes at, and a view short enough that $__interval is that
# too, it is 2 s.
RATE_INTERVAL = "2s"


def parse_scrape(text):
    """{family: (type, help, {label-name tuples})} and {series: value} of a text-format scrape."""
    families, series = {}, {}
    for line in text.splitlines():
        if line.startswith("# HELP "):
            name, _, help_text = line[7:].partition(" ")
            families.setdefault(name, ["untyped", "", set()])[1] = help_text
        elif line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ", 3)
            families.setdefault(name, ["untyped", "", set()])[0] = kind
        elif line and not line.startswith("#"):
            m = re.match(r"([^{ ]+)(\{.*\})? (\S+)$", line)
            assert m, f"not a sample line: {line}"
            labels = tuple(sorted(re.findall(r'([A-Za-z_][A-Za-z0-9_]*)="', m.group(2) or "")))
            families.setdefault(m.group(1), ["untyped", "", set()])[2].add(labels)
            series[m.group(1) + (m.group(2) or "")] = float(m.group(3))
    return families, series


def scrape(target):
    return urllib.request.urlopen(f"http://{target}/metrics", timeout=5).read().decode()


def debian_default(key):
    """A series upstream node_exporter's defaults keep and Debian's package leaves out: Debian
    builds it with --collector.netdev.device-exclude=^lo$ and mount-points-exclude
    ^/(dev|proc|run|sys|mnt|media|var/lib/docker/.+|var/lib/containers/storage/.+)($|/) (its
    start-up log prints both); the agent follows upstream's (collector/netdev_common.go: none;
    filesystem_linux.go: /dev, /proc, /run/credentials/…, /sys, /var/lib/docker/…, …)."""
    if key.startswith("node_network_") and 'device="lo"' in key:
        return True
    return key.startswith("node_filesystem_") and re.search(r'mountpoint="/(run|mnt|media)(/|")', key) is not None


def compare_families(agent_text, ne_text):
    agent, agent_series = parse_scrape(agent_text)
    ne, ne_series = parse_scrape(ne_text)
    # The same series (names and label values) in every family both write: the devices, mounts,
    # CPUs and fields node_exporter's filters keep. Not the collectors' own list, nor the sensors:
    # the agent leaves out readings no real sensor gives (NVMe's 65261.85 °C in an unused slot,
    # agent/collectors/hwmon_chips.h), which node_exporter passes on.
    def compared_series(name):
        return name in agent and name in ne and not re.match(r"node_(scrape_|hwmon_|thermal_zone_)", name)
    for key in agent_series:
        if compared_series(key.split("{")[0]) and key not in ne_series:
            assert debian_default(key), f"{key}: node_exporter has no such series"
    for key in ne_series:
        if compared_series(key.split("{")[0]):
            assert key in agent_series, f"{key}: node_exporter has it, the agent does not"
    compared = 0
    for name, (kind, help_text, labels) in sorted(agent.items()):
        if not name.startswith(("node_", "process_")):
            continue
        if name not in ne:
            assert HARDWARE_FAMILIES.match(name), f"{name}: node_exporter has no such family"
            continue
        assert (kind, help_text) == tuple(ne[name][:2]), f"{name}: {kind} '{help_text}', node_exporter {ne[name][:2]}"
        assert labels == ne[name][2], f"{name}: labels {labels}, node_exporter {ne[name][2]}"
        compared += 1
    print(f"families: {compared} node_* and process_* families with node_exporter's type, HELP and labels")
    return compared


def compare_recorded_tree(agent, source_dir, work):
    root = os.path.join(source_dir, RECORDED_TREE)
    ne_target = f"127.0.0.1:{free_port()}"
    ne_args = [NODE_EXPORTER, f"--web.listen-address={ne_target}", f"--path.procfs={root}/proc",
               f"--path.sysfs={root}/sys", f"--path.rootfs={root}", "--no-collector.netdev.netlink"]
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETDECK_")}
    with started([agent, "--root", root, "--metrics-listen", "127.0.0.1:0"], "agent-tree", work, env) as (proc, log):
        def port():
            log.seek(0)
            m = re.search(r"serving metrics on http://[^ ]*:(\d+)/metrics", log.read())
            if proc.poll() is not None:
                raise AssertionError("the agent exited: " + log.read())
            return m and int(m.group(1))
        agent_target = f"127.0.0.1:{wait_for('the agent to listen', port, 10)}"
        with started(ne_args, "node_exporter-tree", work):
            def ne_scrape():
                try:
                    return scrape(ne_target)
                except OSError:
                    return None
            ne_text = wait_for("node_exporter on the tree", ne_scrape, 10)
            agent_text = scrape(agent_target)
    _, agent_series = parse_scrape(agent_text)
    _, ne_series = parse_scrape(ne_text)
    same = 0
    for key, value in sorted(agent_series.items()):
        name = key.split("{")[0]
        if not name.startswith("node_") or MOMENT_FAMILIES.match(name) or key not in ne_series:
            continue
        assert value == ne_series[key] or abs(value - ne_series[key]) <= 1e-9 * abs(value), \
            f"{key}: the agent says {value}, node_exporter {ne_series[key]}"
        same += 1
    # The tree's /proc/stat (2 x 32 cores), meminfo and net/dev alone give several hundred.
    assert same >= 200, f"only {same} series in common on the recorded tree"
    print(f"recorded tree: {same} series with node_exporter's value")


def dashboard_queries(path):
    """(where, expr) for every panel target (rows' panels too) and every template variable query."""
    with open(path) as f:
        board = json.load(f)
    out = []

    def walk(panel):
        for target in panel.get("targets") or []:
            if target.get("expr"):
                out.append((panel.get("title", ""), target["expr"]))
        for inner in panel.get("panels") or []:
            walk(inner)

    for panel in board["panels"]:
        walk(panel)
    variables = []
    for var in board["templating"]["list"]:
        if var.get("type") == "query":
            q = var["query"]["query"] if isinstance(var["query"], dict) else var["query"]
            variables.append((var["name"], q))
    return out, variables


def substitute(expr, values):
    for name, value in values.items():
        expr = expr.replace("${" + name + "}", value).replace("$" + name, value)
    return expr


def label_values(base, template):
    """Grafana's label_values(selector, label) through /api/v1/series, or label_values(label)."""
    m = re.fullmatch(r"\s*label_values\((.*),\s*([A-Za-z_]+)\)\s*", template)
    assert m, f"not a label_values() query: {template}"
    url = base + "/api/v1/series?" + urllib.parse.urlencode({"match[]": m.group(1)})
    answer = json.load(urllib.request.urlopen(url, timeout=5))
    assert answer["status"] == "success", answer
    return sorted({series[m.group(2)] for series in answer["data"] if m.group(2) in series})


def answers(base, expr):
    """Whether an instant query at now has data, as a panel would show it."""
    try:
        url = base + "/api/v1/query?" + urllib.parse.urlencode({"query": expr})
        answer = json.load(urllib.request.urlopen(url, timeout=5))
    except urllib.error.HTTPError as e:  # a query the dashboard has but this Prometheus refuses
        return False, json.load(e).get("error", str(e))
    data = answer["data"]
    if data["resultType"] in ("scalar", "string"):
        return data["result"][1] not in ("NaN",), None
    return len(data["result"]) > 0, None


@contextlib.contextmanager
def started(args, what, log_dir, env=None):
    log = open(os.path.join(log_dir, what + ".log"), "w+")
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=log, env=env)
    try:
        yield proc, log
    finally:
        stop(proc)
        log.close()


def main(agent, source_dir):
    started_at = time.monotonic()
    work = tempfile.mkdtemp(prefix="fleetdeck-dashboard-")
    env = {k: v for k, v in os.environ.items() if not k.startswith("FLEETDECK_")}
    with started([agent, "--metrics-listen", "127.0.0.1:0"], "agent", work, env) as (agent_proc, agent_log):
        def agent_port():
            agent_log.seek(0)
            m = re.search(r"serving metrics on http://[^ ]*:(\d+)/metrics", agent_log.read())
            if agent_proc.poll() is not None:
                raise AssertionError("the agent exited: " + agent_log.read())
            return m and int(m.group(1))
        agent_target = f"127.0.0.1:{wait_for('the agent to listen', agent_port, 10)}"
        ne_target = f"127.0.0.1:{free_port()}"
        with started([NODE_EXPORTER, f"--web.listen-address={ne_target}"], "node_exporter", work):
            prom_port = free_port()
            config = os.path.join(work, "prometheus.yml")
            with open(config, "w") as f:
                f.write(f"""global:
  scrape_interval: {SCRAPE_INTERVAL}
  scrape_timeout: {SCRAPE_INTERVAL}
scrape_configs:
  - job_name: fleetdeck
    static_configs: [{{targets: ['{agent_target}']}}]
  - job_name: node
    static_configs: [{{targets: ['{ne_target}']}}]
""")
            prom_args = ["prometheus", f"--config.file={config}", f"--storage.tsdb.path={work}/data",
                         f"--web.listen-address=127.0.0.1:{prom_port}"]
            with started(prom_args, "prometheus", work) as (prom, prom_log):
                base = f"http://127.0.0.1:{prom_port}"

                def ready():
                    if prom.poll() is not None:
                        raise AssertionError("prometheus exited: " + open(prom_log.name).read()[-2000:])
                    try:
                        return urllib.request.urlopen(base + "/-/ready", timeout=1).status == 200
                    except OSError:
                        return False
                wait_for("prometheus to be ready", ready, 15)
                # Enough scrapes of both for rate() over $__rate_interval.
                compare_families(scrape(agent_target), scrape(ne_target))
                wait_for("six scrapes of each job",
                         lambda: len(query(base, 'count_over_time(up[1m]) >= 6 and up == 1')) == 2, 20)
                run_queries(base, source_dir, agent_target, ne_target)
    compare_recorded_tree(agent, source_dir, work)
    subprocess.run(["rm", "-rf", work])
    print(f"ok: Node Exporter Full against the agent and node_exporter ({time.monotonic() - started_at:.1f} s)")


def run_queries(base, source_dir, agent_target, ne_target):
    panels, variables = dashboard_queries(os.path.join(source_dir, DASHBOARD))
    # The host selector, as Grafana fills it in: job, then nodename for that job, then node.
    jobs = {}
    for job, target in (("fleetdeck", agent_target), ("node", ne_target)):
        values = {"job": job}
        for name, template in variables:
            offered = label_values(base, substitute(template, values))
            if name == "job":
                assert job in offered, f"the job selector offers {offered}, not {job}"
                continue
            assert offered, f"the {name} selector is empty for job {job} ({substitute(template, values)})"
            values[name] = target if name == "node" and target in offered else offered[0]
        assert values.get("node") == target, f"the node selector offers {offered} for job {job}, not {target}"
        values["__rate_interval"] = RATE_INTERVAL
        jobs[job] = values
    print(f"host selector: job=fleetdeck nodename={jobs['fleetdeck']['nodename']} node={jobs['fleetdeck']['node']}")

    ne_answered, both, missing = 0, 0, []
    agent_answered = 0
    for title, expr in panels:
        ne_ok, ne_error = answers(base, substitute(expr, jobs["node"]))
        ag_ok, _ = answers(base, substitute(expr, jobs["fleetdeck"]))
        assert ne_error is None, f"Prometheus refused a dashboard query: {expr}: {ne_error}"
        agent_answered += ag_ok
        if ne_ok:
            ne_answered += 1
            both += ag_ok
            if not ag_ok:
                missing.append((title, expr))
    total = len(panels) + len(variables)
    # The template variables are answered by both (checked above).
    ne_answered += len(variables)
    both += len(variables)
    agent_answered += len(variables)
    print(f"queries: {total} ({len(panels)} in panels, {len(variables)} template variables)")
    print(f"node_exporter answers {ne_answered}; the agent answers {agent_answered}, "
          f"{both} of node_exporter's ({100 * both / ne_answered:.1f} %, goal {100 * GOAL:.0f} %)")
    for title, expr in missing:
        print(f"  node_exporter only: [{title}] {expr}")
    assert both >= GOAL * ne_answered, f"the agent answers {both} of the {ne_answered} queries node_exporter answers"


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
