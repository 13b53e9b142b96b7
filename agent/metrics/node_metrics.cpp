#include "agent/metrics/node_metrics.h"

#include <algorithm>
#include <chrono>
#include <climits>
#include <cstdlib>

#include <sys/auxv.h>

#include "agent/metrics/node_families.h"

namespace fleetdeck::agent::metrics {

using Shape = PolledFile::Shape;

// The files single_open() produces whole in the kernel are OneRecord (see PolledFile): /proc/stat,
// meminfo, loadavg, pressure/*, net/snmp, net/netstat, net/sockstat(6); the rest are records.
NodeMetrics::Files::Files(const RootFs& fs)
    : stat(fs, "/proc/stat", Shape::OneRecord),
      meminfo(fs, "/proc/meminfo", Shape::OneRecord),
      vmstat(fs, "/proc/vmstat"),
      loadavg(fs, "/proc/loadavg", Shape::OneRecord),
      file_nr(fs, "/proc/sys/fs/file-nr"),
      entropy_avail(fs, "/proc/sys/kernel/random/entropy_avail"),
      entropy_poolsize(fs, "/proc/sys/kernel/random/poolsize"),
      pressure_cpu(fs, "/proc/pressure/cpu", Shape::OneRecord),
      pressure_io(fs, "/proc/pressure/io", Shape::OneRecord),
      pressure_memory(fs, "/proc/pressure/memory", Shape::OneRecord),
      net_dev(fs, "/proc/net/dev"),
      net_snmp(fs, "/proc/net/snmp", Shape::OneRecord),
      net_netstat(fs, "/proc/net/netstat", Shape::OneRecord),
      sockstat(fs, "/proc/net/sockstat", Shape::OneRecord),
      sockstat6(fs, "/proc/net/sockstat6", Shape::OneRecord),
      softnet(fs, "/proc/net/softnet_stat"),
      arp(fs, "/proc/net/arp"),
      conntrack_count(fs, "/proc/sys/net/netfilter/nf_conntrack_count"),
      conntrack_max(fs, "/proc/sys/net/netfilter/nf_conntrack_max"),
      diskstats(fs, "/proc/diskstats"),
      // node_exporter reads /proc/1/mounts (the init process's view, which a container's agent
      // shares with the host when it runs with the host's PID namespace), falling back to
      // /proc/mounts (filesystem_linux.go, mountPointDetails).
      mounts(fs, fs.exists("/proc/1/mounts") ? "/proc/1/mounts" : "/proc/mounts"),
      self_stat(RootFs(), "/proc/self/stat", Shape::OneRecord) {}

NodeMetrics::NodeMetrics(RootFs fs) : fs_(std::move(fs)), hwmon_(&fs_), files_(std::make_unique<Files>(fs_)) {}
NodeMetrics::~NodeMetrics() = default;

void NodeMetrics::write(ExpositionWriter& w) {
    std::vector<CollectorRun> runs;
    runs.reserve(24);
    const auto run = [&runs](const char* name, auto&& fn) {
        const auto start = std::chrono::steady_clock::now();
        const bool ok = fn();
        runs.push_back({name, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(), ok});
    };
    Files& f = *files_;
    // In the order of node_exporter's collector names, as its scrape lists them.
    run("arp", [&] { return write_arp(w, f); });
    run("conntrack", [&] { return write_conntrack(w, f); });
    run("cpu", [&] { return write_stat(w, f); });
    run("diskstats", [&] { return write_diskstats(w, f); });
    run("entropy", [&] { return write_entropy(w, f); });
    run("filefd", [&] { return write_filefd(w, f); });
    run("filesystem", [&] { return write_filesystem(w, f, fs_); });
    run("infiniband", [&] { return write_infiniband(w, fs_); });
    run("loadavg", [&] { return write_loadavg(w, f); });
    run("meminfo", [&] { return write_meminfo(w, f); });
    run("netclass", [&] { return write_netclass(w, f, fs_); });
    run("netdev", [&] { return write_netdev(w, f); });
    run("netstat", [&] { return write_netstat(w, f); });
    run("pressure", [&] { return write_pressure(w, f); });
    run("sockstat", [&] { return write_sockstat(w, f); });
    run("softnet", [&] { return write_softnet(w, f); });
    run("time", [&] { return write_time(w); });
    run("timex", [&] { return write_timex(w, fs_); });
    run("uname", [&] { return write_uname(w, fs_); });
    run("vmstat", [&] { return write_vmstat(w, f); });

    write_process(w, f);

    // collector/collector.go: scrapeDurationDesc and scrapeSuccessDesc, labelled by collector.
    w.family("node_scrape_collector_duration_seconds", MetricType::Gauge, "node_exporter: Duration of a collector scrape.");
    for (const auto& r : runs) w.sample({{"collector", r.name}}, r.seconds);
    w.family("node_scrape_collector_success", MetricType::Gauge, "node_exporter: Whether a collector succeeded.");
    for (const auto& r : runs) w.sample({{"collector", r.name}}, r.ok ? 1 : 0);
}

void split_fields(std::vector<std::string_view>& out, std::string_view line) {
    out.clear();
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
        const std::size_t start = i;
        while (i < line.size() && line[i] != ' ' && line[i] != '\t') ++i;
        if (i > start) out.push_back(line.substr(start, i - start));
    }
}

bool all_digits(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

double page_size_bytes() {
    const unsigned long size = ::getauxval(AT_PAGESZ);
    return size ? static_cast<double>(size) : 4096.0;
}

std::optional<double> parse_number(std::string_view s) {
    s = trim(s);
    if (s.empty()) return std::nullopt;
    if (const auto i = parse_int(s)) return static_cast<double>(*i);
    // Counters above INT64_MAX (unsigned 64-bit kernel counters) and decimals ("0.00").
    const std::string text(s);
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (end != text.c_str() + text.size()) return std::nullopt;
    return v;
}

std::string clean_hwmon_name(std::string_view name) {
    std::string out;
    out.reserve(name.size());
    for (char c : name) {
        if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
        const bool keep = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == ':' || c == '_';
        out += keep ? c : '_';
    }
    const auto first = out.find_first_not_of('_');
    if (first == std::string::npos) return {};
    return out.substr(first, out.find_last_not_of('_') - first + 1);
}

std::string HwmonNames::chip(const std::string& hwmon) const {
    if (!fs_) return hwmon;
    const std::string dir = "/sys/class/hwmon/" + hwmon;
    // Preference 1: "<parent directory>_<device directory>" of the resolved device link,
    // "/sys/devices/platform/coretemp.0" -> "platform_coretemp_0".
    char resolved[PATH_MAX];
    if (::realpath(fs_->path(dir + "/device").c_str(), resolved)) {
        const std::string_view path(resolved);
        const auto slash = path.rfind('/');
        const std::string dev_name = clean_hwmon_name(path.substr(slash + 1));
        const auto parent_slash = slash == 0 ? std::string_view::npos : path.rfind('/', slash - 1);
        const std::string dev_type =
            parent_slash == std::string_view::npos ? std::string() : clean_hwmon_name(path.substr(parent_slash + 1, slash - parent_slash - 1));
        if (!dev_type.empty() && !dev_name.empty()) return dev_type + "_" + dev_name;
        if (!dev_name.empty()) return dev_name;
    }
    // Preference 2: the chip's name file.
    if (const auto name = fs_->read_line(dir + "/name")) {
        const std::string clean = clean_hwmon_name(*name);
        if (!clean.empty()) return clean;
    }
    // Last: hwmonN.
    return clean_hwmon_name(hwmon);
}

bool HwmonNames::power_is_average(const std::string& hwmon, const std::string& input) const {
    return fs_ && fs_->exists("/sys/class/hwmon/" + hwmon + "/" + input + "_average");
}

}  // namespace fleetdeck::agent::metrics
