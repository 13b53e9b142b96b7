# Shared by scripts/run and scripts/test: Debian 12 packages FleetDeck needs, installed only when
# missing, so a second run is quick and needs no network.

FLEETDECK_BUILD_PACKAGES=(
  cmake ninja-build g++ pkg-config
  qt6-base-dev qt6-charts-dev qt6-svg-dev libqt6opengl6-dev libxkbcommon-dev libgl-dev
  libssh-dev nlohmann-json3-dev libssl-dev libyaml-dev zlib1g-dev
  libqt6sql6-sqlite
  # the translations: lupdate and lrelease (Qt6 LinguistTools, docs/translations.md)
  qt6-tools-dev qt6-tools-dev-tools qt6-l10n-tools
)
FLEETDECK_TEST_PACKAGES=(
  libgtest-dev libgmock-dev openssh-server openssh-client xvfb xauth iproute2 procps
  sudo util-linux
  # tests/history: chattr +i makes a database file read-only even for root
  e2fsprogs
  # tests/alerts: a private session bus for the desktop notifications
  dbus-daemon
  # tests/secrets: a real desktop keyring (Secret Service) on that private bus
  gnome-keyring
  fonts-dejavu-core
  # tests/commission: the report's PDF read back as text (pdftotext, pdfinfo) and its pages as images
  poppler-utils
  g++-aarch64-linux-gnu binutils-aarch64-linux-gnu qemu-user
  lintian file dpkg-dev
  clang libclang-rt-14-dev
  # tests/bench: built in the dev preset, and each run once by ctest (label bench_smoke)
  libbenchmark-dev ansible-core prometheus-node-exporter
  # tests/bench/agent_stream_cost.py: cockpit-bridge's metrics1 channel beside the agent; strace counts syscalls
  cockpit-bridge strace
  # tests/fabric: iperf3 measures the same veth path as the agents' bandwidth test
  iperf3
  # tests/prometheus: a real Prometheus scrapes the agent; promtool checks and unit-tests the rules
  prometheus python3-yaml
  # tests/prometheus: the metrics endpoint's real clients (curl over HTTP and HTTPS) and its test
  # certificates (the openssl command line)
  curl openssl
  # tests/i18n runs lupdate on the sources; the zh_TW screenshots and widget tests need a CJK font
  qt6-l10n-tools fonts-noto-cjk
)
FLEETDECK_RUN_PACKAGES=(
  fonts-dejavu-core
  # Traditional Chinese (zh_TW) without tofu
  fonts-noto-cjk
  libqt6sql6-sqlite
)

# ensure_packages PKG...: installs the ones dpkg does not know as installed.
ensure_packages() {
  local missing=()
  local p
  for p in "$@"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
      missing+=("$p")
    fi
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "Installing: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; return 1; }
    sudo=(sudo)
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo[@]}" apt-get update -qq || return
  "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# build_preset NAME [TARGET...]: configures once, then builds. Returns the first failure's status
# (scripts/test calls it where `set -e` does not apply).
build_preset() {
  local preset=$1
  shift
  if [ ! -f "build/$preset/build.ninja" ]; then
    cmake --preset "$preset" >/dev/null || return
  fi
  if [ $# -gt 0 ]; then
    cmake --build --preset "$preset" --target "$@"
  else
    cmake --build --preset "$preset"
  fi
}
