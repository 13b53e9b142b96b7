#!/usr/bin/env python3
"""The Prometheus export (docs/metrics.md, "From the app"): fleetdeck-cli export prometheus writes
file_sd targets from an inventory and alerting rules; promtool checks the rules, and promtool's rule
unit tests prove that each alert fires on a series that should fire it and stays quiet on one that
should not (the quiet series sit beside the firing ones in each test: promtool fails on any alert
it was not told to expect). A deliberately broken rule file must then fail the same tests.

Usage: rules_test.py FLEETDECK_CLI INVENTORY_JSON
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

LINE = "'{}'"


def gpu(i, host="gpu-01"):
    return {"gpu": str(i), "UUID": f"GPU-{host}-{i}", "pci_bus_id": f"0000:{0x18 + i:02x}:00.0", "device": f"nvidia{i}",
            "modelName": "NVIDIA H100 80GB HBM3", "Hostname": host, "host": host, "instance": f"{host}:9835",
            "job": "fleetdeck"}


def host_labels(host):
    return {"Hostname": host, "host": host, "instance": f"{host}:9835", "job": "fleetdeck"}


def series(name, labels, values):
    inner = ",".join(f'{k}="{v}"' for k, v in labels.items())
    return {"series": f"{name}{{{inner}}}", "values": values}


# alert -> (input series, eval time, [(labels of a firing alert, its $value)]). Every case has a
# quiet series beside the firing one.
CASES = {
    "FleetDeckGpuThermalSlowdown": ([
        series("DCGM_FI_DEV_GPU_TEMP", gpu(0), "90x10"), series("DCGM_FI_DEV_SLOWDOWN_TEMP", gpu(0), "87x10"),
        series("DCGM_FI_DEV_GPU_TEMP", gpu(1), "80x10"), series("DCGM_FI_DEV_SLOWDOWN_TEMP", gpu(1), "87x10"),
    ], "5m", [(gpu(0), 90)]),
    "FleetDeckGpuThrottled": ([
        series("fleetdeck_gpu_throttle_active", {**gpu(0), "reason": "sw_thermal"}, "1x15"),
        series("fleetdeck_gpu_throttle_active", {**gpu(0), "reason": "gpu_idle"}, "1x15"),       # idle is not throttling
        series("fleetdeck_gpu_throttle_active", {**gpu(1), "reason": "sw_thermal"}, "1 1 1 0x12"),  # 3 minutes only
    ], "10m", [({**gpu(0), "reason": "sw_thermal"}, 1)]),
    "FleetDeckGpuEccUncorrected": ([
        series("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", gpu(0), "0 0 2x8"), series("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL", gpu(1), "0x10"),
    ], "5m", [(gpu(0), 2)]),
    "FleetDeckGpuRowRemapPending": ([
        series("DCGM_FI_DEV_ROW_REMAP_PENDING", gpu(0), "1x5"), series("DCGM_FI_DEV_ROW_REMAP_PENDING", gpu(1), "0x5"),
    ], "2m", [(gpu(0), 1)]),
    "FleetDeckGpuRowRemapFailed": ([
        series("DCGM_FI_DEV_ROW_REMAP_FAILURE", gpu(2), "1x5"), series("DCGM_FI_DEV_ROW_REMAP_FAILURE", gpu(1), "0x5"),
    ], "2m", [(gpu(2), 1)]),
    "FleetDeckGpuCriticalXid": ([
        series("fleetdeck_xid_events_total", {**gpu(0), "code": "79"}, "1x10"),
        series("fleetdeck_xid_events_total", {**gpu(3), "code": "48"}, "0 0 0 1x7"),
        series("fleetdeck_xid_events_total", {**gpu(1), "code": "13"}, "1x10"),  # a warning code
    ], "5m", [({**gpu(0), "code": "79"}, 1), ({**gpu(3), "code": "48"}, 1)]),
    "FleetDeckGpuLost": ([
        series("fleetdeck_gpu_state", {**gpu(0), "state": "lost"}, "1x5"),
        series("fleetdeck_gpu_state", {**gpu(0), "state": "ok"}, "0x5"),
        series("fleetdeck_gpu_state", {**gpu(1), "state": "lost"}, "0x5"),
        series("fleetdeck_gpu_state", {**gpu(1), "state": "ok"}, "1x5"),
    ], "2m", [({**gpu(0), "state": "lost"}, 1)]),
    "FleetDeckGpuMissing": ([
        series("fleetdeck_gpu_pci_count", host_labels("gpu-01"), "8x5"), series("fleetdeck_gpus_visible", host_labels("gpu-01"), "7x5"),
        series("fleetdeck_gpu_pci_count", host_labels("gpu-02"), "8x5"), series("fleetdeck_gpus_visible", host_labels("gpu-02"), "8x5"),
    ], "2m", [(host_labels("gpu-01"), 8)]),
    "FleetDeckGpuPcieLinkDegraded": ([
        series("DCGM_FI_DEV_PCIE_LINK_WIDTH", gpu(0), "8x15"), series("DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", gpu(0), "16x15"),
        # An idle GPU drops to the lowest generation to save power: not a fault.
        series("DCGM_FI_DEV_PCIE_LINK_WIDTH", gpu(1), "16x15"), series("DCGM_FI_DEV_PCIE_MAX_LINK_WIDTH", gpu(1), "16x15"),
        series("DCGM_FI_DEV_PCIE_LINK_GEN", gpu(1), "1x15"), series("DCGM_FI_DEV_PCIE_MAX_LINK_GEN", gpu(1), "5x15"),
        series("DCGM_FI_DEV_GPU_UTIL", gpu(1), "0x15"),
        # Under load at a lower generation: a fault.
        series("DCGM_FI_DEV_PCIE_LINK_GEN", gpu(2), "4x15"), series("DCGM_FI_DEV_PCIE_MAX_LINK_GEN", gpu(2), "5x15"),
        series("DCGM_FI_DEV_GPU_UTIL", gpu(2), "100x15"),
    ], "12m", [(gpu(0), 8), (gpu(2), 4)]),
    "FleetDeckHostDown": ([
        series("up", {"job": "fleetdeck", "instance": "gpu-01:9835", "host": "gpu-01"}, "0x5"),
        series("up", {"job": "fleetdeck", "instance": "gpu-02:9835", "host": "gpu-02"}, "1x5"),
        series("up", {"job": "fleetdeck", "instance": "gpu-03:9835", "host": "gpu-03"}, "0 1x5"),  # came back
    ], "3m", [({"job": "fleetdeck", "instance": "gpu-01:9835", "host": "gpu-01"}, 0)]),
}


def render(template, labels, value):
    """The subset of Go templates the rules use: $labels.X, $value and the host fallback."""
    text = re.sub(r"\{\{ with \$labels\.host \}\}\{\{ \. \}\}\{\{ else \}\}\{\{ \$labels\.Hostname \}\}\{\{ end \}\}",
                  labels.get("host") or labels.get("Hostname", ""), template)
    text = re.sub(r"\{\{ \$labels\.(\w+) \}\}", lambda m: labels.get(m.group(1), ""), text)
    text = text.replace("{{ $value }}", str(value))
    assert "{{" not in text, f"template construct the test does not know: {text}"
    return text


def unit_tests(rules):
    by_name = {r["alert"]: r for g in rules["groups"] for r in g["rules"]}
    assert sorted(by_name) == sorted(CASES), f"rules {sorted(by_name)} != cases {sorted(CASES)}"
    tests = []
    for name, (inputs, eval_time, firing) in CASES.items():
        rule = by_name[name]
        expected = []
        for labels, value in firing:
            annotations = {k: render(v, labels, value) for k, v in rule["annotations"].items()}
            host = labels.get("host")
            assert host in annotations["summary"] and host in annotations["description"], annotations
            if "gpu" in labels:
                assert f"GPU {labels['gpu']} " in annotations["description"], annotations
            expected.append({"exp_labels": {**labels, "severity": rule["labels"]["severity"]}, "exp_annotations": annotations})
        tests.append({"name": name, "interval": "1m", "input_series": inputs,
                      "alert_rule_test": [{"eval_time": eval_time, "alertname": name, "exp_alerts": expected}]})
    return tests


def promtool(*args):
    run = subprocess.run(["promtool", *args], capture_output=True, text=True)
    return run.returncode, run.stdout + run.stderr


def main(cli, inventory):
    with tempfile.TemporaryDirectory(prefix="fleetdeck-rules-") as work:
        targets, rules_path = os.path.join(work, "targets.json"), os.path.join(work, "fleetdeck-rules.yml")
        run = subprocess.run([cli, "export", "prometheus", "--inventory", inventory, "--targets", targets, "--rules", rules_path],
                             capture_output=True, text=True)
        assert run.returncode == 0, run.stdout + run.stderr
        groups = json.load(open(targets))
        by_host = {g["labels"]["host"]: g for g in groups}
        assert by_host["gpu-01"] == {"targets": ["10.0.0.11:9835"], "labels": {
            "host": "gpu-01", "rack": "r12", "unit": "20", "group": "training", "tags": ",h100,ib,"}}, by_host["gpu-01"]
        assert by_host["gpu-02"]["targets"] == ["[fd00::12]:9835"], by_host["gpu-02"]
        assert by_host["login"]["labels"]["rack"] == "", by_host["login"]

        code, out = promtool("check", "rules", rules_path)
        assert code == 0, out
        rules = yaml.safe_load(open(rules_path))
        test_file = os.path.join(work, "fleetdeck-rules-test.yml")
        with open(test_file, "w") as f:
            yaml.safe_dump({"rule_files": ["fleetdeck-rules.yml"], "evaluation_interval": "1m", "tests": unit_tests(rules)}, f,
                           allow_unicode=True, sort_keys=False)
        code, out = promtool("test", "rules", test_file)
        assert code == 0, out

        # The tests must notice a rule that never fires and one that fires too widely.
        broken = open(rules_path).read().replace("DCGM_FI_DEV_ROW_REMAP_FAILURE == 1", "DCGM_FI_DEV_ROW_REMAP_FAILURE == 2")
        broken = broken.replace("DCGM_FI_DEV_ECC_DBE_VOL_TOTAL > 0", "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL >= 0")
        open(rules_path, "w").write(broken)
        code, out = promtool("test", "rules", test_file)
        assert code != 0 and "FleetDeckGpuRowRemapFailed" in out and "FleetDeckGpuEccUncorrected" in out, out
    print(f"ok: {len(CASES)} alerts fire where they should and stay quiet where they should not")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    main(*sys.argv[1:])
