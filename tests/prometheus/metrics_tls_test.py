#!/usr/bin/env python3
"""TLS and basic auth on the agent's metrics endpoint with real clients (docs/metrics.md,
"TLS and basic auth").

Makes a throwaway CA, a server certificate for 127.0.0.1 and a client certificate with the
openssl command line, and a bcrypt hash with Python's crypt module (libxcrypt, as htpasswd's
$2y$ would be), writes node_exporter-format web configs and starts the real agent with
`--web.config.file`. Then:
  - curl over HTTPS with the test CA: the right password gets the scrape; a wrong one and none
    get 401 with a Basic challenge; plain HTTP and an unknown CA get nothing;
  - a real Prometheus (Debian's 2.42) scrapes it with scheme https, tls_config.ca_file and
    basic_auth while 80 attackers from ten other addresses reconnect to the same port: the
    target is up, each scrape fast;
  - with client_auth_type RequireAndVerifyClientCert, curl with the client certificate gets the
    scrape and without it the handshake fails; with min_version TLS13, TLS 1.2 gets no handshake;
  - TLS configured where no libssl loads, and a mistyped key, end the agent with exit 2 and a
    sentence that says why.

Usage: metrics_tls_test.py AGENT
"""
import contextlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.request
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import prometheus_scrape_test as prom  # noqa: E402  (wait_for, stop, query, free_port)
import metrics_slowloris_test as slowloris  # noqa: E402  (Reconnecter)

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)  # crypt is deprecated in 3.11, still libxcrypt's
    import crypt

PASSWORD = "scrape-secret"


def openssl(*args, cwd):
    subprocess.run(["openssl", *args], cwd=cwd, check=True, capture_output=True)


def make_certificates(d):
    """ca.crt, server.crt/.key for 127.0.0.1 and localhost, client.crt/.key; all P-256."""
    ec = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes"]
    openssl("req", "-x509", *ec, "-keyout", "ca.key", "-out", "ca.crt", "-days", "2", "-subj", "/CN=FleetDeck test CA",
            "-addext", "basicConstraints=critical,CA:TRUE", "-addext", "keyUsage=critical,keyCertSign,cRLSign", cwd=d)
    for name, ext in (("server", "subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n"),
                      ("client", "extendedKeyUsage=clientAuth\n")):
        with open(os.path.join(d, name + ".ext"), "w") as f:
            f.write(ext)
        openssl("req", *ec, "-keyout", name + ".key", "-out", name + ".csr", "-subj", "/CN=" + name, cwd=d)
        openssl("x509", "-req", "-in", name + ".csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                "-out", name + ".crt", "-days", "2", "-extfile", name + ".ext", cwd=d)


@contextlib.contextmanager
def agent_with(agent, config_path, env=None):
    """Yields the agent's https port."""
    log = tempfile.TemporaryFile("w+")
    proc = subprocess.Popen([agent, "--metrics-listen", "127.0.0.1:0", "--simulate", "hgx-h100-8",
                             "--web.config.file", config_path], stdout=subprocess.DEVNULL, stderr=log,
                            env=dict(os.environ, **(env or {})))
    try:
        def port():
            log.seek(0)
            text = log.read()
            if proc.poll() is not None:
                raise AssertionError(f"the agent exited ({proc.returncode}): {text}")
            m = re.search(r"serving metrics on https://127\.0\.0\.1:(\d+)/metrics with (OpenSSL [^\n]*)", text)
            return m and (int(m.group(1)), m.group(2))
        port, library = prom.wait_for("the agent to listen", port, 10)
        print(f"agent serving https on {port} with {library}")
        yield port
    finally:
        prom.stop(proc)
        log.close()


def agent_refuses(agent, config_path, env=None):
    """The exit status and message of an agent that must not start."""
    run = subprocess.run([agent, "--metrics-listen", "127.0.0.1:0", "--simulate", "l40s-4", "--web.config.file",
                          config_path], capture_output=True, text=True, timeout=20, env=dict(os.environ, **(env or {})))
    return run.returncode, run.stderr.strip()


def curl(port, *args, scheme="https"):
    """(curl's exit status, HTTP status, headers and body)."""
    run = subprocess.run(["curl", "-s", "-i", "-m", "5", "-w", "\n%{http_code}", *args,
                          f"{scheme}://127.0.0.1:{port}/metrics"], capture_output=True, text=True)
    body, _, code = run.stdout.rpartition("\n")
    return run.returncode, code, body


def check_curl_with_basic_auth(port, d):
    ca = ["--cacert", os.path.join(d, "ca.crt")]
    rc, code, body = curl(port, *ca, "-u", f"prometheus:{PASSWORD}")
    assert (rc, code) == (0, "200") and "DCGM_FI_DEV_GPU_TEMP{" in body, (rc, code, body[:300])
    for what, creds in (("a wrong password", ["-u", "prometheus:wrong"]), ("an unknown user", ["-u", f"mallory:{PASSWORD}"]),
                        ("no credentials", [])):
        rc, code, body = curl(port, *ca, *creds)
        assert code == "401" and re.search(r"^WWW-Authenticate: Basic realm=", body, re.M), (what, rc, code, body[:300])
        print(f"ok: {what} got 401 with a Basic challenge")
    rc, code, _ = curl(port, "-u", f"prometheus:{PASSWORD}")
    assert rc == 60, f"curl trusted the test server without its CA (rc {rc}, {code})"
    rc, code, _ = curl(port, "-u", f"prometheus:{PASSWORD}", scheme="http")
    assert code != "200", "plain HTTP was answered on the TLS port"
    print("ok: curl over HTTPS with the password got the scrape; no CA and plain HTTP got nothing")


@contextlib.contextmanager
def prometheus_scraping(port, d):
    with prom.prometheus_with(f"""  - job_name: fleetdeck
    scheme: https
    tls_config:
      ca_file: {d}/ca.crt
    basic_auth:
      username: prometheus
      password: {PASSWORD}
    static_configs:
      - targets: ['127.0.0.1:{port}']
""", prefix="fleetdeck-prom-tls-") as base:
        yield base


def check_prometheus_under_attack(port, d):
    # From ten other addresses, eight each: more than the 64 connections the agent keeps in all.
    # (One on Prometheus's own address, reconnecting thousands of times a second, could crowd
    # out a TLS handshake, which takes round trips; docs/metrics.md says so.)
    attackers = [slowloris.Reconnecter(port, f"127.0.0.{2 + i % 10}") for i in range(80)]
    for a in attackers:
        a.start()
    try:
        with prometheus_scraping(port, d) as base:
            def two_scrapes():
                try:
                    return prom.query(base, 'count_over_time(up{job="fleetdeck"}[1m]) >= 3')
                except OSError:
                    return None
            prom.wait_for("three scrapes", two_scrapes, 20)
            ups = prom.query(base, 'min_over_time(up{job="fleetdeck"}[1m])')
            slowest = prom.query(base, 'max_over_time(scrape_duration_seconds{job="fleetdeck"}[1m])')
            temps = prom.query(base, 'DCGM_FI_DEV_GPU_TEMP{job="fleetdeck"}')
            targets = json.load(urllib.request.urlopen(base + "/api/v1/targets", timeout=5))["data"]["activeTargets"]
            last_error = targets[0]["lastError"] if targets else "no target"
    finally:
        for a in attackers:
            a.stop.set()
        for a in attackers:
            a.join(5)
    connects = sum(a.connects for a in attackers)
    assert ups and ups[0]["value"][1] == "1", f"the target was down in a scrape: {ups}; last error: {last_error}"
    assert len(temps) == 8, temps
    took = float(slowest[0]["value"][1])
    assert took < 1.0, f"a scrape took {took:.3f} s"
    print(f"ok: Prometheus scraped over TLS with basic auth, up in every scrape, the slowest {took * 1000:.0f} ms, "
          f"while 80 attackers made {connects} connections")


def write(path, text):
    with open(path, "w") as f:
        f.write(text)
    return path


def main(agent):
    started = time.monotonic()
    d = tempfile.mkdtemp(prefix="fleetdeck-tls-")
    try:
        make_certificates(d)
        hashed = crypt.crypt(PASSWORD, crypt.mksalt(crypt.METHOD_BLOWFISH, rounds=1 << 10))
        assert hashed.startswith("$2b$10$"), hashed
        # Relative file names are taken from the config's directory, as exporter-toolkit does.
        auth_config = write(os.path.join(d, "web-auth.yml"), f"""tls_server_config:
  cert_file: server.crt
  key_file: server.key
basic_auth_users:
  prometheus: {hashed}
""")
        with agent_with(agent, auth_config) as port:
            check_curl_with_basic_auth(port, d)
            check_prometheus_under_attack(port, d)

        mtls_config = write(os.path.join(d, "web-mtls.yml"), """tls_server_config:
  cert_file: server.crt
  key_file: server.key
  client_auth_type: RequireAndVerifyClientCert
  client_ca_file: ca.crt
  min_version: TLS13
""")
        with agent_with(agent, mtls_config) as port:
            ca = ["--cacert", os.path.join(d, "ca.crt")]
            rc, code, body = curl(port, *ca, "--cert", os.path.join(d, "client.crt"), "--key", os.path.join(d, "client.key"))
            assert (rc, code) == (0, "200") and "DCGM_FI_DEV_GPU_TEMP{" in body, (rc, code, body[:300])
            rc, code, _ = curl(port, *ca)
            assert rc != 0 and code != "200", f"a client without a certificate was served (rc {rc}, {code})"
            # A certificate the CA did not sign: the server's own, used as a client's.
            rc, code, _ = curl(port, *ca, "--cert", os.path.join(d, "server.crt"), "--key", os.path.join(d, "server.key"))
            assert code != "200", "a certificate with no clientAuth use was accepted"
            print(f"ok: with RequireAndVerifyClientCert, the client certificate got the scrape; none got curl rc {rc}")
            rc, code, _ = curl(port, *ca, "--cert", os.path.join(d, "client.crt"), "--key", os.path.join(d, "client.key"),
                               "--tls-max", "1.2")
            assert rc != 0 and code != "200", f"a TLS 1.2 client was served with min_version TLS13 (rc {rc}, {code})"
            print(f"ok: with min_version TLS13, curl limited to TLS 1.2 got no handshake (rc {rc})")

        rc, why = agent_refuses(agent, auth_config, {"FLEETDECK_LIBSSL": os.path.join(d, "no-such-libssl.so.3")})
        assert rc == 2 and "tls_server_config needs OpenSSL's libssl" in why, (rc, why)
        print(f"ok: TLS without a libssl: exit {rc}: {why[:100]}…")
        typo = write(os.path.join(d, "web-typo.yml"), "tls_server_config:\n  cert_file: server.crt\n  keyfile: server.key\n")
        rc, why = agent_refuses(agent, typo)
        assert rc == 2 and "line 3: tls_server_config: unknown key 'keyfile'" in why, (rc, why)
        print(f"ok: a mistyped key: exit {rc}: {why}")
    finally:
        shutil.rmtree(d, ignore_errors=True)
    print(f"ok: TLS and basic auth with curl and Prometheus ({time.monotonic() - started:.1f} s)")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
