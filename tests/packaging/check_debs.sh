#!/usr/bin/env bash
# check_debs.sh BUILD_DIR: builds both .deb files with cpack, runs lintian on them (no errors
# allowed), unpacks them into a scratch root and runs the programs from there.
set -euo pipefail
build=$1
fail() { echo "FAIL: $*" >&2; exit 1; }
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

(cd "$build" && cpack -G DEB -B "$out/packages" >"$out/cpack.log" 2>&1) || { cat "$out/cpack.log" >&2; fail "cpack failed"; }
app=$(ls "$out"/packages/fleetdeck_*.deb)
agent=$(ls "$out"/packages/fleetdeck-agent_*.deb)
echo "built: $(basename "$app") $(basename "$agent")"

lintian --tag-display-limit 0 "$app" "$agent" >"$out/lintian.log" 2>&1 || true
cat "$out/lintian.log"
if grep -q '^E:' "$out/lintian.log"; then fail "lintian reported errors"; fi

depends=$(dpkg-deb -f "$app" Depends)
for d in libc6 libqt6core6 libqt6widgets6; do
  grep -q "$d" <<<"$depends" || fail "fleetdeck does not depend on $d: $depends"
done
# glibc only, and no newer than the 2.17 the agent is built for (docs/agent-portability.md).
agent_depends=$(dpkg-deb -f "$agent" Depends)
grep -Eq '^libc6 \(>= 2\.([0-9]|1[0-7])(\.[0-9]+)?\)$' <<<"$agent_depends" ||
  fail "fleetdeck-agent's Depends is not glibc <= 2.17 only: $agent_depends"
# ProxyJump runs ssh: the app needs the client.
grep -q 'openssh-client' <<<"$depends" || fail "fleetdeck does not depend on openssh-client: $depends"
# Every check reads a program's whole output before grep sees it: `cmd | grep -q` fails under
# pipefail when grep stops reading early and the writer dies of SIGPIPE (a man page past one pipe
# write did so in CI).
app_files=$(dpkg-deb -c "$app")
agent_files=$(dpkg-deb -c "$agent")
# Each man page comes with the package whose binary it documents.
grep -q 'man1/fleetdeck.1.gz' <<<"$app_files" || fail "fleetdeck.1 is not in the fleetdeck package"
grep -q 'man1/fleetdeck-cli.1.gz' <<<"$app_files" || fail "fleetdeck-cli.1 is not in the fleetdeck package"
grep -q 'man1/fleetdeck-agent.1.gz' <<<"$agent_files" || fail "fleetdeck-agent.1 is not in the agent package"
if grep -q 'man1/fleetdeck-agent.1' <<<"$app_files"; then fail "fleetdeck-agent.1 is in the app package too"; fi
# The documents F1 shows.
grep -q 'share/doc/fleetdeck/README.md' <<<"$app_files" || fail "the documentation is not in the fleetdeck package"

root="$out/root"
dpkg -x "$app" "$root"
dpkg -x "$agent" "$root"
export QT_QPA_PLATFORM=offscreen
unset FLEETDECK_AGENT FLEETDECK_AGENT_BUNDLE
grep -q '^fleetdeck-cli ' <<<"$("$root/usr/bin/fleetdeck-cli" --version)" || fail "fleetdeck-cli --version"
grep -q '"total_bytes"' <<<"$("$root/usr/bin/fleetdeck-agent" --once)" || fail "fleetdeck-agent --once"
# The installed CLI finds its bundled agent under lib/fleetdeck/agents/<arch>/ and talks to it.
grep -q '"hostname"' <<<"$("$root/usr/bin/fleetdeck-cli" facts local)" || fail "installed fleetdeck-cli could not reach its bundled agent"
test -f "$root/usr/lib/fleetdeck/agents/aarch64/fleetdeck-agent" || fail "the aarch64 agent is not bundled"
grep -q 'fleetdeck' <<<"$("$root/usr/bin/fleetdeck" --version)" || fail "fleetdeck --version"
# Manual pages (generated at build time) and the bash completion, each in the package of its program.
for page in fleetdeck fleetdeck-cli; do
  test -f "$root/usr/share/man/man1/$page.1.gz" || fail "$page.1.gz is not in the fleetdeck package"
done
grep -q 'usr/share/man/man1/fleetdeck-agent.1.gz' <<<"$agent_files" || fail "fleetdeck-agent.1.gz is not in the agent package"
grep -q '^.SS "commission' <<<"$(zcat "$root/usr/share/man/man1/fleetdeck-cli.1.gz")" || fail "fleetdeck-cli.1 lacks commission"
test -f "$root/usr/share/bash-completion/completions/fleetdeck-cli" || fail "the bash completion is not installed"
# The metrics service: shipped, hardened, installed disabled, its settings a conffile.
unit="$root/lib/systemd/system/fleetdeck-agent.service"
test -f "$unit" || fail "fleetdeck-agent.service is not in the agent package"
for key in DynamicUser=yes NoNewPrivileges=yes ProtectSystem=strict ProtectHome=yes PrivateTmp=yes \
           'RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX'; do
  grep -qx "$key" "$unit" || fail "fleetdeck-agent.service lacks $key"
done
grep -qx 'FLEETDECK_METRICS_LISTEN=127.0.0.1:9835' "$root/etc/default/fleetdeck-agent" || fail "/etc/default/fleetdeck-agent"
grep -qx /etc/default/fleetdeck-agent <<<"$(dpkg-deb -I "$agent" conffiles)" || fail "/etc/default/fleetdeck-agent is not a conffile"
if dpkg-deb -I "$agent" postinst >/dev/null 2>&1; then fail "the agent package has a postinst: the service must stay disabled"; fi
echo "OK: both packages build, pass lintian and run from a scratch root"
