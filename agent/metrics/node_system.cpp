// node_exporter 1.5.0's stat, cpu, meminfo, vmstat, loadavg, pressure, filefd, entropy, uname,
// time and timex collectors (collector/<name>_linux.go or <name>.go, cited at each family).
#include <dirent.h>
#include <sys/resource.h>
#include <sys/timex.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <ctime>

#include "agent/metrics/node_families.h"

namespace fleetdeck::agent::metrics {
namespace {

// procfs's userHZ (prometheus/procfs stat.go): /proc/stat counts CPU time in USER_HZ ticks,
// which the kernel fixes at 100 for user space on every architecture.
constexpr double kUserHz = 100.0;

// The first word of a line and the rest.
std::pair<std::string_view, std::string_view> key_and_rest(std::string_view line) {
    const auto space = line.find_first_of(" \t");
    if (space == std::string_view::npos) return {line, {}};
    return {line.substr(0, space), line.substr(space + 1)};
}

}  // namespace

namespace {

// /proc/stat's cpuN columns (proc(5)): user nice system idle iowait irq softirq steal guest guest_nice.
constexpr std::array<const char*, 8> kModes = {"user", "nice", "system", "idle", "iowait", "irq", "softirq", "steal"};
struct CpuTicks {
    std::string_view id;  // "0" of "cpu0"
    std::array<double, 10> ticks{};
};

// collector/cpu_linux.go: node_cpu_seconds_total and node_cpu_guest_seconds_total per CPU (no
// "all" line).
void write_cpu(ExpositionWriter& w, NodeMetrics::Files& f, const std::vector<CpuTicks>& cpus) {
    // updateCPUStats: a counter that reads lower than last time keeps its last value (idle and
    // iowait are known to step back on some kernels); a CPU whose idle fell by 5 s or more was
    // hot-plugged and starts again.
    if (f.cpu_seconds.size() != cpus.size()) f.cpu_seconds.assign(cpus.size(), std::vector<double>(10, 0.0));
    for (std::size_t c = 0; c < cpus.size(); ++c) {
        auto& last = f.cpu_seconds[c];
        if (last[3] - cpus[c].ticks[3] >= 5 * kUserHz) std::fill(last.begin(), last.end(), 0.0);
        for (std::size_t i = 0; i < last.size(); ++i) last[i] = std::max(last[i], cpus[c].ticks[i]);
    }
    w.family("node_cpu_seconds_total", MetricType::Counter, "Seconds the CPUs spent in each mode.");
    std::string labels;
    for (std::size_t c = 0; c < cpus.size(); ++c)
        for (std::size_t m = 0; m < kModes.size(); ++m) {
            labels.assign("cpu=\"").append(cpus[c].id).append("\",mode=\"").append(kModes[m]).append("\"");
            w.sample_text(labels, f.cpu_seconds[c][m] / kUserHz);
        }
    // Guest time is also counted in user and nice (cpu_linux.go, enableCPUGuest, on by default).
    w.family("node_cpu_guest_seconds_total", MetricType::Counter, "Seconds the CPUs spent in guests (VMs) for each mode.");
    for (std::size_t c = 0; c < cpus.size(); ++c) {
        labels.assign("cpu=\"").append(cpus[c].id).append("\",mode=\"user\"");
        w.sample_text(labels, f.cpu_seconds[c][8] / kUserHz);
        labels.assign("cpu=\"").append(cpus[c].id).append("\",mode=\"nice\"");
        w.sample_text(labels, f.cpu_seconds[c][9] / kUserHz);
    }
}

}  // namespace

// collector/cpu_linux.go (write_cpu) and collector/stat_linux.go (intr, ctxt, btime, processes,
// procs_*), both from /proc/stat, read once for the two.
bool write_stat(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.stat.read();
    if (!text) return false;
    std::vector<CpuTicks> cpus;
    std::optional<double> intr, ctxt, btime, forks, running, blocked;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        const auto [key, rest] = key_and_rest(line);
        if (key.starts_with("cpu") && key.size() > 3) {
            CpuTicks cpu{key.substr(3), {}};
            split_fields(fields, rest);
            for (std::size_t i = 0; i < fields.size() && i < cpu.ticks.size(); ++i) cpu.ticks[i] = parse_number(fields[i]).value_or(0);
            cpus.push_back(cpu);
        } else if (key == "intr") {
            intr = parse_number(rest.substr(0, rest.find(' ')));
        } else if (key == "ctxt") {
            ctxt = parse_number(rest);
        } else if (key == "btime") {
            btime = parse_number(rest);
        } else if (key == "processes") {
            forks = parse_number(rest);
        } else if (key == "procs_running") {
            running = parse_number(rest);
        } else if (key == "procs_blocked") {
            blocked = parse_number(rest);
        }
    });
    write_cpu(w, f, cpus);
    const auto one = [&w](const char* name, MetricType type, const char* help, const std::optional<double>& v) {
        w.family(name, type, help);
        if (v) w.sample({}, *v);
    };
    one("node_intr_total", MetricType::Counter, "Total number of interrupts serviced.", intr);
    one("node_context_switches_total", MetricType::Counter, "Total number of context switches.", ctxt);
    one("node_forks_total", MetricType::Counter, "Total number of forks.", forks);
    one("node_boot_time_seconds", MetricType::Gauge, "Node boot time, in unixtime.", btime);
    one("node_procs_running", MetricType::Gauge, "Number of processes in runnable state.", running);
    one("node_procs_blocked", MetricType::Gauge, "Number of processes blocked waiting for I/O to complete.", blocked);
    return !cpus.empty();
}

// collector/meminfo_linux.go parseMemInfo: every /proc/meminfo field, "Active(anon)" as
// "Active_anon"; a value with a unit (always kB) times 1024 with "_bytes" added, one without
// (HugePages_Total) as it is. All gauges (meminfo.go: counter only for a name ending in _total).
bool write_meminfo(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.meminfo.read();
    if (!text) return false;
    bool any = false;
    std::string name, help;
    std::vector<std::string_view> fields;
    for_each_line(*text, [&](std::string_view line) {
        const auto colon = line.find(':');
        if (colon == std::string_view::npos) return;
        split_fields(fields, line.substr(colon + 1));
        if (fields.empty() || fields.size() > 2) return;
        const auto value = parse_number(fields[0]);
        if (!value) return;
        std::string key(line.substr(0, colon));
        // reParens `\((.*)\)` -> "_${1}"
        if (const auto open = key.find('('); open != std::string::npos) {
            const auto close = key.rfind(')');
            if (close != std::string::npos && close > open)
                key = key.substr(0, open) + "_" + key.substr(open + 1, close - open - 1) + key.substr(close + 1);
        }
        if (fields.size() == 2) key += "_bytes";
        name = "node_memory_" + key;
        help = "Memory information field " + key + ".";
        w.family(name, MetricType::Gauge, help);
        w.sample({}, fields.size() == 2 ? *value * 1024 : *value);
        any = true;
    });
    return any;
}

// collector/vmstat_linux.go: the fields matching the default --collector.vmstat.fields
// "^(oom_kill|pgpg|pswp|pg.*fault).*", untyped.
bool write_vmstat(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.vmstat.read();
    if (!text) return false;
    const auto wanted = [](std::string_view key) {
        if (key.starts_with("oom_kill") || key.starts_with("pgpg") || key.starts_with("pswp")) return true;
        return key.starts_with("pg") && key.find("fault", 2) != std::string_view::npos;
    };
    std::string name, help;
    for_each_line(*text, [&](std::string_view line) {
        if (line.empty() || (line[0] != 'p' && line[0] != 'o')) return;  // most of its ~180 lines
        const auto [key, rest] = key_and_rest(line);
        if (!wanted(key)) return;
        const auto value = parse_number(rest);
        if (!value) return;
        name.assign("node_vmstat_").append(key);
        help.assign("/proc/vmstat information field ").append(key).append(".");
        w.family(name, MetricType::Untyped, help);
        w.sample({}, *value);
    });
    return true;
}

// collector/loadavg_linux.go and loadavg.go.
bool write_loadavg(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.loadavg.read();
    if (!text) return false;
    std::vector<std::string_view> fields;
    split_fields(fields, *text);
    if (fields.size() < 3) return false;
    static const char* const kNames[3][2] = {
        {"node_load1", "1m load average."}, {"node_load5", "5m load average."}, {"node_load15", "15m load average."}};
    for (int i = 0; i < 3; ++i) {
        w.family(kNames[i][0], MetricType::Gauge, kNames[i][1]);
        if (const auto v = parse_number(fields[static_cast<std::size_t>(i)])) w.sample({}, *v);
    }
    return true;
}

// collector/pressure_linux.go: "some" and "full" lines' total= (microseconds) of
// /proc/pressure/{cpu,io,memory}; for cpu only "some" (1.5.0 has no cpu "stalled").
bool write_pressure(ExpositionWriter& w, NodeMetrics::Files& f) {
    const auto totals = [](ScrapedFile& file) {
        std::pair<std::optional<double>, std::optional<double>> out;  // some, full
        const std::string* text = file.read();
        if (!text) return out;
        for_each_line(*text, [&](std::string_view line) {
            const auto at = line.find("total=");
            if (at == std::string_view::npos) return;
            const auto v = parse_number(line.substr(at + 6));
            if (!v) return;
            if (line.starts_with("some")) out.first = *v / 1e6;
            else if (line.starts_with("full")) out.second = *v / 1e6;
        });
        return out;
    };
    const auto cpu = totals(f.pressure_cpu);
    const auto io = totals(f.pressure_io);
    const auto memory = totals(f.pressure_memory);
    const auto one = [&w](const char* name, const char* help, const std::optional<double>& v) {
        w.family(name, MetricType::Counter, help);
        if (v) w.sample({}, *v);
    };
    one("node_pressure_cpu_waiting_seconds_total", "Total time in seconds that processes have waited for CPU time", cpu.first);
    one("node_pressure_io_waiting_seconds_total", "Total time in seconds that processes have waited due to IO congestion", io.first);
    one("node_pressure_io_stalled_seconds_total", "Total time in seconds no process could make progress due to IO congestion",
        io.second);
    one("node_pressure_memory_waiting_seconds_total", "Total time in seconds that processes have waited for memory", memory.first);
    one("node_pressure_memory_stalled_seconds_total", "Total time in seconds no process could make progress due to memory congestion",
        memory.second);
    return cpu.first || io.first || memory.first;
}

// collector/filefd_linux.go: /proc/sys/fs/file-nr is "allocated unused maximum".
bool write_filefd(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* text = f.file_nr.read();
    if (!text) return false;
    std::vector<std::string_view> fields;
    split_fields(fields, *text);
    if (fields.size() < 3) return false;
    w.family("node_filefd_allocated", MetricType::Gauge, "File descriptor statistics: allocated.");
    if (const auto v = parse_number(fields[0])) w.sample({}, *v);
    w.family("node_filefd_maximum", MetricType::Gauge, "File descriptor statistics: maximum.");
    if (const auto v = parse_number(fields[2])) w.sample({}, *v);
    return true;
}

// collector/entropy_linux.go.
bool write_entropy(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* avail = f.entropy_avail.read();
    const auto available = avail ? parse_number(*avail) : std::nullopt;
    w.family("node_entropy_available_bits", MetricType::Gauge, "Bits of available entropy.");
    if (available) w.sample({}, *available);
    const std::string* pool = f.entropy_poolsize.read();
    w.family("node_entropy_pool_size_bits", MetricType::Gauge, "Bits of entropy pool.");
    if (const auto v = pool ? parse_number(*pool) : std::nullopt) w.sample({}, *v);
    return available.has_value();
}

// collector/uname.go and uname_linux.go: uname(2). A recorded tree has no kernel to ask; there
// the same strings come from /proc/sys/kernel (ostype, osrelease, version, hostname,
// domainname, arch), which is where uname(2) takes them from.
bool write_uname(ExpositionWriter& w, const RootFs& fs) {
    std::string sysname, release, version, machine, nodename, domainname;
    if (fs.is_live()) {
        utsname u{};
        if (::uname(&u) != 0) return false;
        sysname = u.sysname, release = u.release, version = u.version, machine = u.machine, nodename = u.nodename;
        domainname = u.domainname;
    } else {
        const auto kernel = [&fs](const char* file) { return fs.read_line(std::string("/proc/sys/kernel/") + file).value_or(""); };
        sysname = kernel("ostype"), release = kernel("osrelease"), version = kernel("version"), machine = kernel("arch");
        nodename = kernel("hostname"), domainname = kernel("domainname");
        if (sysname.empty() && release.empty()) return false;
    }
    w.family("node_uname_info", MetricType::Gauge, "Labeled system information as provided by the uname system call.");
    w.sample({{"domainname", domainname},
              {"machine", machine},
              {"nodename", nodename},
              {"release", release},
              {"sysname", sysname},
              {"version", version}},
             1);
    return true;
}

// collector/time.go: the time now and the local zone's offset.
bool write_time(ExpositionWriter& w) {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    w.family("node_time_seconds", MetricType::Gauge, "System time in seconds since epoch (1970).");
    w.sample({}, static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) / 1e9);
    std::tm local{};
    if (::localtime_r(&now.tv_sec, &local)) {
        w.family("node_time_zone_offset_seconds", MetricType::Gauge, "System time zone offset in seconds.");
        w.sample({{"time_zone", local.tm_zone ? local.tm_zone : ""}}, static_cast<double>(local.tm_gmtoff));
    }
    return true;
}

// collector/timex.go: adjtimex(2) with no modes set (a read; no privilege needed). Only live: a
// recorded tree has no clock.
bool write_timex(ExpositionWriter& w, const RootFs& fs) {
    if (!fs.is_live()) return false;
    timex t{};
    const int state = ::adjtimex(&t);
    if (state < 0) return false;
    // adjtimex(2), NOTES: offset and jitter are in ns with STA_NANO, else in µs; freq, ppsfreq and
    // stabil are ppm with a 16-bit fraction.
    const double divisor = (t.status & STA_NANO) ? 1e9 : 1e6;
    constexpr double kPpm16 = 1000000.0 * 65536.0;
    struct Field {
        const char* name;
        MetricType type;
        const char* help;
        double value;
    };
    const Field fields[] = {
        {"node_timex_sync_status", MetricType::Gauge, "Is clock synchronized to a reliable server (1 = yes, 0 = no).",
         state == TIME_ERROR ? 0.0 : 1.0},
        {"node_timex_offset_seconds", MetricType::Gauge, "Time offset in between local system and reference clock.",
         static_cast<double>(t.offset) / divisor},
        {"node_timex_frequency_adjustment_ratio", MetricType::Gauge, "Local clock frequency adjustment.",
         1 + static_cast<double>(t.freq) / kPpm16},
        {"node_timex_maxerror_seconds", MetricType::Gauge, "Maximum error in seconds.", static_cast<double>(t.maxerror) / 1e6},
        {"node_timex_estimated_error_seconds", MetricType::Gauge, "Estimated error in seconds.",
         static_cast<double>(t.esterror) / 1e6},
        {"node_timex_status", MetricType::Gauge, "Value of the status array bits.", static_cast<double>(t.status)},
        {"node_timex_loop_time_constant", MetricType::Gauge, "Phase-locked loop time constant.", static_cast<double>(t.constant)},
        {"node_timex_tick_seconds", MetricType::Gauge, "Seconds between clock ticks.", static_cast<double>(t.tick) / 1e6},
        {"node_timex_pps_frequency_hertz", MetricType::Gauge, "Pulse per second frequency.", static_cast<double>(t.ppsfreq) / kPpm16},
        {"node_timex_pps_jitter_seconds", MetricType::Gauge, "Pulse per second jitter.", static_cast<double>(t.jitter) / divisor},
        {"node_timex_pps_shift_seconds", MetricType::Gauge, "Pulse per second interval duration.", static_cast<double>(t.shift)},
        {"node_timex_pps_stability_hertz", MetricType::Gauge, "Pulse per second stability, average of recent frequency changes.",
         static_cast<double>(t.stabil) / kPpm16},
        {"node_timex_pps_jitter_total", MetricType::Counter, "Pulse per second count of jitter limit exceeded events.",
         static_cast<double>(t.jitcnt)},
        {"node_timex_pps_calibration_total", MetricType::Counter, "Pulse per second count of calibration intervals.",
         static_cast<double>(t.calcnt)},
        {"node_timex_pps_error_total", MetricType::Counter, "Pulse per second count of calibration errors.",
         static_cast<double>(t.errcnt)},
        {"node_timex_pps_stability_exceeded_total", MetricType::Counter,
         "Pulse per second count of stability limit exceeded events.", static_cast<double>(t.stbcnt)},
        {"node_timex_tai_offset_seconds", MetricType::Gauge, "International Atomic Time (TAI) offset.", static_cast<double>(t.tai)},
    };
    for (const auto& field : fields) {
        w.family(field.name, field.type, field.help);
        w.sample({}, field.value);
    }
    return true;
}

// The Go client library's process collector, which every exporter serves about itself
// (prometheus/client_golang v1.14.0, the version node_exporter 1.5.0 is built with:
// prometheus/process_collector.go and process_collector_other.go, over prometheus/procfs
// proc_stat.go): here about the agent's own process, so that a dashboard's "exporter" panels show
// what the agent costs. Always the live /proc/self, also under --root: it is this process.
bool write_process(ExpositionWriter& w, NodeMetrics::Files& f) {
    const std::string* stat = f.self_stat.read();
    if (!stat) return false;
    // proc(5) /proc/pid/stat: after the ")" that ends comm, field 3 (state) onwards; utime and
    // stime are fields 14 and 15 (ticks), starttime 22 (ticks since boot), vsize 23 (bytes), rss
    // 24 (pages).
    const auto close = stat->rfind(')');
    if (close == std::string::npos) return false;
    std::vector<std::string_view> fields;
    split_fields(fields, std::string_view(*stat).substr(close + 1));
    const auto field = [&fields](std::size_t n) { return n - 3 < fields.size() ? parse_number(fields[n - 3]) : std::nullopt; };
    const auto utime = field(14), stime = field(15), start = field(22), vsize = field(23), rss = field(24);
    static const double page_size = page_size_bytes();
    w.family("process_cpu_seconds_total", MetricType::Counter, "Total user and system CPU time spent in seconds.");
    if (utime && stime) w.sample({}, (*utime + *stime) / kUserHz);
    int open = 0;
    if (DIR* dir = ::opendir("/proc/self/fd")) {
        while (const dirent* entry = ::readdir(dir)) open += entry->d_name[0] != '.' ? 1 : 0;
        ::closedir(dir);
        --open;  // the directory's own descriptor
    }
    w.family("process_open_fds", MetricType::Gauge, "Number of open file descriptors.");
    if (open >= 0) w.sample({}, open);
    rlimit limit{};
    w.family("process_max_fds", MetricType::Gauge, "Maximum number of open file descriptors.");
    if (::getrlimit(RLIMIT_NOFILE, &limit) == 0) w.sample({}, static_cast<double>(limit.rlim_cur));
    w.family("process_virtual_memory_bytes", MetricType::Gauge, "Virtual memory size in bytes.");
    if (vsize) w.sample({}, *vsize);
    w.family("process_virtual_memory_max_bytes", MetricType::Gauge, "Maximum amount of virtual memory available in bytes.");
    if (::getrlimit(RLIMIT_AS, &limit) == 0) w.sample({}, static_cast<double>(limit.rlim_cur));  // RLIM_INFINITY: 2^64 − 1
    w.family("process_resident_memory_bytes", MetricType::Gauge, "Resident memory size in bytes.");
    if (rss) w.sample({}, *rss * page_size);
    w.family("process_start_time_seconds", MetricType::Gauge, "Start time of the process since unix epoch in seconds.");
    // The live system's btime (read once: the agent's clock of reference is this machine's).
    static const std::optional<double> boot_time = [] () -> std::optional<double> {
        std::optional<double> out;
        if (const auto text = RootFs().read("/proc/stat"))
            for_each_line(*text, [&out](std::string_view line) {
                if (line.starts_with("btime ")) out = parse_number(line.substr(6));
            });
        return out;
    }();
    if (start && boot_time) w.sample({}, *boot_time + *start / kUserHz);
    return true;
}

}  // namespace fleetdeck::agent::metrics
