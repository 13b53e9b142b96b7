"""Shared helpers for the agent benchmark scripts: drive fleetdeck-agent --stdio, read CPU time."""
import json
import os
import subprocess

CLK_TCK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(pid):
    """utime + stime of every thread of `pid`, live or exited, from /proc/PID/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLK_TCK


def run_ns(pid):
    """Nanoseconds on a CPU for all current threads (/proc/PID/task/*/schedstat): tick-free."""
    total = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except FileNotFoundError:
            pass
    return total


def status_kib(pid, key):
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


class Agent:
    """fleetdeck-agent --stdio, answering `snapshot` requests one at a time."""

    def __init__(self, binary, root=None, nvml_lib=None):
        args = [binary, "--stdio"] + (["--root", root] if root else [])
        env = dict(os.environ)
        env.pop("FLEETDECK_NVML_LIB", None)
        if nvml_lib:
            env["FLEETDECK_NVML_LIB"] = nvml_lib
        self.proc = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
        self.next_id = 1
        self.last_line_bytes = 0

    @property
    def pid(self):
        return self.proc.pid

    def snapshot(self):
        request = json.dumps({"id": self.next_id, "method": "snapshot"}) + "\n"
        self.next_id += 1
        self.proc.stdin.write(request.encode())
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise RuntimeError("the agent closed its output")
        self.last_line_bytes = len(line)
        return line

    def close(self):
        self.proc.stdin.close()
        self.proc.wait(timeout=10)
