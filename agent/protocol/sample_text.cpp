#include "agent/protocol/sample.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <concepts>
#include <cstring>
#include <memory>

// The sample event written as text straight from the struct, without building the nlohmann tree
// first: that tree (one node and often one allocation per value, about 3,000 nodes for a large
// server) and its serializer were most of the user-space time of a subscribed agent. The text is
// the one protocol::encode(Event{"sample", to_json(sample)}) writes: the same keys, in the same
// (sorted) order, the same nulls, numbers laid out the same way (nlohmann's Grisu2 digits are
// not always the shortest and closest, so a rare float, about 1 in 3,000, is written with a digit
// less or another last digit, never with another value). tests/agent/sample_text_test.cpp holds
// the two to each other. Only the agent writes it; the app decodes with sample_from_json as
// before. A subscription with nvlinks_when_changed differs in one place alone:
// "nvlinks":"unchanged" for a list the subscriber already holds.

// A named namespace, not an anonymous one: the protocol library is built in unity batches.
namespace fleetdeck::protocol::sample_text {

// Writes into the line's buffer through a pointer: every token first makes sure of the room it
// can take at most (one comparison; the buffer grows only when a line is longer than any before),
// then stores its bytes. Appending each token to a std::string took a quarter of a subscribed
// agent's CPU on the large recorded server (256 CPUs, 148 sensors), most of it in the library's
// out-of-line append and copy calls; this takes about half that.
class JsonOut {
public:
    explicit JsonOut(SampleLine& line)
        : line_(line), at_(line.buffer_.get()), end_(line.buffer_.get() + line.capacity_) {}
    // Sets the line's length to what was written.
    void finish() { line_.size_ = used(); }

    template <std::size_t N>
    void raw(const char (&text)[N]) {
        room(N - 1);
        put(text, N - 1);
    }
    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    // `name` is one of the literals below: its length is known at compile time, nothing to escape.
    template <std::size_t N>
    JsonOut& key(const char (&name)[N]) {
        room(N + 3);
        comma();
        *at_++ = '"';
        put(name, N - 1);
        *at_++ = '"';
        *at_++ = ':';
        first_ = true;  // the value follows without a comma
        return *this;
    }

    void null() {
        room(5);
        comma();
        put("null", 4);
    }
    void value(bool b) {
        room(6);
        comma();
        if (b) put("true", 4);
        else put("false", 5);
    }
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    void value(T v) {
        room(kNumberRoom);
        comma();
        at_ = std::to_chars(at_, end_, static_cast<std::int64_t>(v)).ptr;
    }
    void value(double v) {
        if (!std::isfinite(v)) return null();  // what nlohmann writes for NaN and infinity
        room(kNumberRoom);
        comma();
        put_double(v);
    }
    void value(std::string_view s) {
        // Plain printable ASCII goes as it is; anything else (quotes, control characters, UTF-8,
        // invalid bytes) takes nlohmann's escaping, with its replacement of invalid UTF-8.
        for (const char c : s) {
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                const std::string escaped =
                    nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
                room(escaped.size() + 1);
                comma();
                put(escaped.data(), escaped.size());
                return;
            }
        }
        room(s.size() + 3);
        comma();
        *at_++ = '"';
        put(s.data(), s.size());
        *at_++ = '"';
    }
    void value(const std::string& s) { value(std::string_view(s)); }
    void value(const char* s) { value(std::string_view(s)); }
    void value(const std::vector<std::string>& list) {
        begin_array();
        for (const auto& s : list) value(s);
        end_array();
    }
    template <class T>
    void value(const std::optional<T>& v) {
        if (v) value(*v);
        else null();
    }

private:
    // A comma and the longest number: "-9223372036854775808", or a double's 17 digits with its
    // sign, point and exponent ("-2.2250738585072014e-308").
    static constexpr std::size_t kNumberRoom = 32;

    // The shortest digits that read back as v, laid out as nlohmann's serializer lays them out
    // (its format_buffer: plain decimals for values from 1e-4 up to 1e15, "1.5e+16" and "1e-05"
    // beyond, ".0" on whole numbers), so the text stays the same as before, not only the value.
    // A double in [1e-4, 1e15) has shortest digits whose exponent is in [-4, 14]: exactly the
    // plain range, so the comparisons below choose the layout without looking at the digits.
    void put_double(double v) {
        if (std::signbit(v)) {
            *at_++ = '-';
            v = -v;
        }
        if (v < 1e15 && v == std::floor(v)) {  // the common case: sensor readings, limits, 0
            at_ = std::to_chars(at_, end_, static_cast<std::int64_t>(v)).ptr;
            put(".0", 2);
            return;
        }
        if (v < 1e12 && put_few_decimals(v)) return;
        if (v >= 1e-4 && v < 1e15) {
            // The shortest fixed form has the same digits; not whole, so it has its point.
            at_ = std::to_chars(at_, end_, v, std::chars_format::fixed).ptr;
            return;
        }
        // "1e-05", "1.5e+16", "1e+300": the standard's scientific form is nlohmann's here, the
        // exponent with its sign and at least two digits.
        at_ = std::to_chars(at_, end_, v, std::chars_format::scientific).ptr;
    }

    // Readings with one to three decimals (utilisation and temperatures in tenths, most others
    // in thousandths) without the general shortest-digits search. When k / 10^d, correctly
    // rounded, is v, then k's digits with d decimals are v's shortest ones: below 1e12 two
    // different d-decimal numbers are further apart than v's neighbours, so no other one, and
    // none with fewer decimals (k is not a multiple of 10, or d - 1 would have matched), reads
    // back as v. False for any other v, which then takes the general path.
    bool put_few_decimals(double v) {
        double scale = 1;
        for (int decimals = 1; decimals <= 3; ++decimals) {
            scale *= 10;
            const double k = std::round(v * scale);
            if (k / scale != v) continue;
            char digits[24];
            char* const digits_end = std::to_chars(digits, digits + sizeof digits, static_cast<std::int64_t>(k)).ptr;
            const auto n = static_cast<int>(digits_end - digits);
            if (n <= decimals) {  // 0.05: the point and zeros first
                put("0.", 2);
                for (int i = n; i < decimals; ++i) *at_++ = '0';
                put(digits, static_cast<std::size_t>(n));
            } else {
                put(digits, static_cast<std::size_t>(n - decimals));
                *at_++ = '.';
                put(digits_end - decimals, static_cast<std::size_t>(decimals));
            }
            return true;
        }
        return false;
    }

    void room(std::size_t n) {
        if (static_cast<std::size_t>(end_ - at_) < n) grow(n);
    }
    void grow(std::size_t n) {
        const std::size_t kept = used();
        const std::size_t capacity = std::max({line_.capacity_ * 2, kept + n, std::size_t{4096}});
        auto bigger = std::make_unique_for_overwrite<char[]>(capacity);
        if (kept > 0) std::memcpy(bigger.get(), line_.buffer_.get(), kept);
        line_.buffer_ = std::move(bigger);
        line_.capacity_ = capacity;
        at_ = line_.buffer_.get() + kept;
        end_ = line_.buffer_.get() + capacity;
    }
    std::size_t used() const { return static_cast<std::size_t>(at_ - line_.buffer_.get()); }
    void put(const char* text, std::size_t n) {
        std::memcpy(at_, text, n);
        at_ += n;
    }

    // These assume room() was asked for.
    void comma() {
        if (!first_) *at_++ = ',';
        first_ = false;
    }
    void open(char bracket) {
        room(2);
        comma();
        *at_++ = bracket;
        first_ = true;
    }
    void close(char bracket) {
        room(1);
        *at_++ = bracket;
        first_ = false;
    }

    SampleLine& line_;
    char* at_;
    char* end_;
    bool first_ = true;
};

template <class T>
void array(JsonOut& out, const std::vector<T>& items);
template <class T>
void optional_object(JsonOut& out, const std::optional<T>& item);

void write(JsonOut& out, const CoreSample& c) {
    out.begin_object();
    out.key("freq_mhz").value(c.freq_mhz);
    out.key("index").value(c.index);
    out.key("util_pct").value(c.util_pct);
    out.end_object();
}

void write(JsonOut& out, const MemorySample& m) {
    out.begin_object();
    out.key("available_bytes").value(m.available_bytes);
    out.key("swap_total_bytes").value(m.swap_total_bytes);
    out.key("swap_used_bytes").value(m.swap_used_bytes);
    out.key("total_bytes").value(m.total_bytes);
    out.key("used_bytes").value(m.used_bytes);
    out.end_object();
}

void write(JsonOut& out, const SensorSample& s) {
    out.begin_object();
    out.key("chip").value(s.chip);
    out.key("crit").value(s.crit);
    out.key("hwmon").value(s.hwmon);
    out.key("input").value(s.input);
    out.key("kind").value(s.kind);
    out.key("label").value(s.label);
    out.key("max").value(s.max);
    out.key("unit").value(s.unit);
    out.key("value").value(s.value);
    out.end_object();
}

void write(JsonOut& out, const ThermalZoneSample& z) {
    out.begin_object();
    out.key("temp_c").value(z.temp_c);
    out.key("type").value(z.type);
    out.key("zone").value(z.zone);
    out.end_object();
}

void write(JsonOut& out, const NicSample& n) {
    out.begin_object();
    out.key("carrier_changes").value(n.carrier_changes);
    out.key("mtu").value(n.mtu);
    out.key("name").value(n.name);
    out.key("operstate").value(n.operstate);
    out.key("rx_bytes").value(n.rx_bytes);
    out.key("rx_bytes_per_s").value(n.rx_bytes_per_s);
    out.key("rx_dropped").value(n.rx_dropped);
    out.key("rx_errors").value(n.rx_errors);
    out.key("speed_mbps").value(n.speed_mbps);
    out.key("tx_bytes").value(n.tx_bytes);
    out.key("tx_bytes_per_s").value(n.tx_bytes_per_s);
    out.key("tx_dropped").value(n.tx_dropped);
    out.key("tx_errors").value(n.tx_errors);
    out.key("type").value(n.type);
    out.end_object();
}

void write(JsonOut& out, const InfinibandPortSample& p) {
    out.begin_object();
    const IbErrorCounters& e = p.errors;
    out.key("device").value(p.device);
    out.key("excessive_buffer_overrun_errors").value(e.excessive_buffer_overrun_errors);
    out.key("link_downed").value(e.link_downed);
    out.key("link_error_recovery").value(e.link_error_recovery);
    out.key("link_layer").value(p.link_layer);
    out.key("local_link_integrity_errors").value(e.local_link_integrity_errors);
    out.key("phys_state").value(p.phys_state);
    out.key("port").value(p.port);
    out.key("port_rcv_errors").value(e.port_rcv_errors);
    out.key("port_rcv_remote_physical_errors").value(e.port_rcv_remote_physical_errors);
    out.key("port_xmit_discards").value(e.port_xmit_discards);
    out.key("rate_gbps").value(p.rate_gbps);
    out.key("state").value(p.state);
    out.key("symbol_error").value(e.symbol_error);
    out.end_object();
}

void write(JsonOut& out, const XidEvent& x) {
    out.begin_object();
    out.key("code").value(x.code);
    out.key("message").value(x.message);
    out.key("pci_bus_id").value(x.pci_bus_id);
    out.key("source").value(x.source);
    out.key("time_ms").value(x.time_ms);
    out.end_object();
}

void write(JsonOut& out, const NvlinkSample& l) {
    out.begin_object();
    out.key("active").value(l.active);
    out.key("crc_errors").value(l.crc_errors);
    out.key("link").value(l.link);
    out.key("recovery_errors").value(l.recovery_errors);
    out.key("replay_errors").value(l.replay_errors);
    out.end_object();
}

void write(JsonOut& out, const EccCounters& e) {
    out.begin_object();
    out.key("corrected_aggregate").value(e.corrected_aggregate);
    out.key("corrected_volatile").value(e.corrected_volatile);
    out.key("enabled").value(e.enabled);
    out.key("uncorrected_aggregate").value(e.uncorrected_aggregate);
    out.key("uncorrected_volatile").value(e.uncorrected_volatile);
    out.end_object();
}

void write(JsonOut& out, const RemappedRows& r) {
    out.begin_object();
    out.key("correctable").value(r.correctable);
    out.key("failed").value(r.failed);
    out.key("pending").value(r.pending);
    out.key("uncorrectable").value(r.uncorrectable);
    out.end_object();
}

void write(JsonOut& out, const RetiredPages& r) {
    out.begin_object();
    out.key("double_bit").value(r.double_bit);
    out.key("pending").value(r.pending);
    out.key("single_bit").value(r.single_bit);
    out.end_object();
}

void write(JsonOut& out, const GpuProcess& p) {
    out.begin_object();
    out.key("container").value(p.container);
    out.key("gpu_mem_bytes").value(p.gpu_mem_bytes);
    out.key("k8s_pod_uid").value(p.k8s_pod_uid);
    out.key("kind").value(p.kind);
    out.key("name").value(p.name);
    out.key("pid").value(p.pid);
    out.key("slurm_job").value(p.slurm_job);
    out.key("sm_util_pct").value(p.sm_util_pct);
    out.key("systemd_unit").value(p.systemd_unit);
    out.key("user").value(p.user);
    out.end_object();
}

void write(JsonOut& out, const GpuProfSample& p) {
    out.begin_object();
    out.key("dram_active_pct").value(p.dram_active_pct);
    out.key("fp16_active_pct").value(p.fp16_active_pct);
    out.key("fp32_active_pct").value(p.fp32_active_pct);
    out.key("fp64_active_pct").value(p.fp64_active_pct);
    out.key("nvlink_rx_bytes_per_s").value(p.nvlink_rx_bytes_per_s);
    out.key("nvlink_tx_bytes_per_s").value(p.nvlink_tx_bytes_per_s);
    out.key("pcie_rx_bytes_per_s").value(p.pcie_rx_bytes_per_s);
    out.key("pcie_tx_bytes_per_s").value(p.pcie_tx_bytes_per_s);
    out.key("sm_active_pct").value(p.sm_active_pct);
    out.key("sm_occupancy_pct").value(p.sm_occupancy_pct);
    out.key("source").value(p.source);
    out.key("tensor_active_pct").value(p.tensor_active_pct);
    out.end_object();
}

void write(JsonOut& out, const GpuMigInstance& m) {
    out.begin_object();
    out.key("gpu_instance_id").value(m.gpu_instance_id);
    out.key("prof");
    optional_object(out, m.prof);
    out.key("profile").value(m.profile);
    out.end_object();
}

void write(JsonOut& out, const GpuViolations& v) {
    out.begin_object();
    out.key("power").value(v.power);
    out.key("reliability").value(v.reliability);
    out.key("thermal").value(v.thermal);
    out.end_object();
}

void write(JsonOut& out, const PressureLine& l) {
    out.begin_object();
    out.key("full_avg10").value(l.full_avg10);
    out.key("some_avg10").value(l.some_avg10);
    out.end_object();
}

void write(JsonOut& out, const PressureSample& p) {
    out.begin_object();
    out.key("cpu");
    optional_object(out, p.cpu);
    out.key("io");
    optional_object(out, p.io);
    out.key("memory");
    optional_object(out, p.memory);
    out.end_object();
}

void write(JsonOut& out, const BmcSensorReading& r) {
    out.begin_object();
    out.key("class").value(r.sensor_class);
    out.key("name").value(r.name);
    out.key("state").value(r.state);
    out.key("unit").value(r.unit);
    out.key("value").value(r.value);
    out.end_object();
}

void write(JsonOut& out, const BmcFanReading& f) {
    out.begin_object();
    out.key("name").value(f.name);
    out.key("percent").value(f.percent);
    out.key("rpm").value(f.rpm);
    out.key("state").value(f.state);
    out.end_object();
}

void write(JsonOut& out, const BmcSample& b) {
    out.begin_object();
    out.key("age_s").value(b.age_s);
    out.key("error").value(b.error);
    out.key("exhaust_c").value(b.exhaust_c);
    out.key("fans");
    array(out, b.fans);
    out.key("inlet_c").value(b.inlet_c);
    out.key("power_avg_w").value(b.power_avg_w);
    out.key("power_max_w").value(b.power_max_w);
    out.key("power_min_w").value(b.power_min_w);
    out.key("power_source").value(b.power_source);
    out.key("power_w").value(b.power_w);
    out.key("sensors");
    array(out, b.sensors);
    out.end_object();
}

void write(JsonOut& out, const DiskSample& d) {
    out.begin_object();
    out.key("name").value(d.name);
    out.key("queue_depth").value(d.queue_depth);
    out.key("read_bytes_per_s").value(d.read_bytes_per_s);
    out.key("util_pct").value(d.util_pct);
    out.key("write_bytes_per_s").value(d.write_bytes_per_s);
    out.end_object();
}

void write(JsonOut& out, const NumaNodeSample& n) {
    out.begin_object();
    out.key("cpu_util_pct").value(n.cpu_util_pct);
    out.key("gpus").value(n.gpus);
    out.key("node").value(n.node);
    out.end_object();
}

// `unchanged_nvlinks`: the list equals the one the subscriber already holds for this GPU.
void write(JsonOut& out, const GpuSample& g, bool unchanged_nvlinks = false) {
    out.begin_object();
    out.key("ecc");
    optional_object(out, g.ecc);
    out.key("energy_mj").value(g.energy_mj);
    out.key("fan_pct").value(g.fan_pct);
    out.key("index").value(g.index);
    out.key("mem_clock_mhz").value(g.mem_clock_mhz);
    out.key("mem_reserved_bytes").value(g.mem_reserved_bytes);
    out.key("mem_total_bytes").value(g.mem_total_bytes);
    out.key("mem_used_bytes").value(g.mem_used_bytes);
    out.key("mem_util_pct").value(g.mem_util_pct);
    out.key("mig");
    if (g.mig) array(out, *g.mig);
    else out.null();
    out.key("name").value(g.name);
    out.key("nvlinks");
    if (unchanged_nvlinks) out.value("unchanged");
    else array(out, g.nvlinks);
    out.key("pci_bus_id").value(g.pci_bus_id);
    out.key("pcie_gen").value(g.pcie_gen);
    out.key("pcie_gen_max").value(g.pcie_gen_max);
    out.key("pcie_replays").value(g.pcie_replays);
    out.key("pcie_width").value(g.pcie_width);
    out.key("pcie_width_max").value(g.pcie_width_max);
    out.key("persistence_mode").value(g.persistence_mode);
    out.key("power_limit_max_w").value(g.power_limit_max_w);
    out.key("power_limit_min_w").value(g.power_limit_min_w);
    out.key("power_limit_set_w").value(g.power_limit_set_w);
    out.key("power_limit_w").value(g.power_limit_w);
    out.key("power_w").value(g.power_w);
    out.key("processes");
    if (g.processes) array(out, *g.processes);
    else out.null();
    out.key("prof");
    optional_object(out, g.prof);
    out.key("remapped_rows");
    optional_object(out, g.remapped_rows);
    out.key("retired_pages");
    optional_object(out, g.retired_pages);
    out.key("sm_clock_mhz").value(g.sm_clock_mhz);
    out.key("state");
    out.value(to_string(g.state));
    out.key("temp_c").value(g.temp_c);
    out.key("temp_junction_c").value(g.temp_junction_c);
    out.key("temp_mem_c").value(g.temp_mem_c);
    out.key("temp_shutdown_c").value(g.temp_shutdown_c);
    out.key("temp_slowdown_c").value(g.temp_slowdown_c);
    out.key("throttle").value(g.throttle);
    out.key("util_pct").value(g.util_pct);
    out.key("uuid").value(g.uuid);
    out.key("vendor").value(g.vendor);
    out.key("violation_ns");
    optional_object(out, g.violation_ns);
    out.end_object();
}

void write(JsonOut& out, const CpuSample& c) {
    out.begin_object();
    if (!c.cores.empty()) {  // to_json leaves an empty list out
        out.key("cores");
        array(out, c.cores);
    }
    out.key("freq_mhz").value(c.freq_mhz);
    out.key("package_temp_c").value(c.package_temp_c);
    out.key("util_pct").value(c.util_pct);
    out.end_object();
}

template <class T>
void array(JsonOut& out, const std::vector<T>& items) {
    out.begin_array();
    for (const T& item : items) write(out, item);
    out.end_array();
}

template <class T>
void optional_object(JsonOut& out, const std::optional<T>& item) {
    if (item) write(out, *item);
    else out.null();
}

void write_gpus(JsonOut& out, const std::vector<GpuSample>& gpus, NvlinkMemory* sent) {
    if (!sent) return array(out, gpus);
    std::vector<std::vector<NvlinkSample>>& held = sent->by_position;
    held.resize(gpus.size());
    out.begin_array();
    for (std::size_t i = 0; i < gpus.size(); ++i) {
        // An empty list is shorter than the word that stands for it.
        const bool unchanged = !gpus[i].nvlinks.empty() && held[i] == gpus[i].nvlinks;
        write(out, gpus[i], unchanged);
        if (!unchanged) held[i] = gpus[i].nvlinks;
    }
    out.end_array();
}

void write(JsonOut& out, const Sample& s, NvlinkMemory* sent) {
    out.begin_object();
    out.key("bmc");
    optional_object(out, s.bmc);
    if (s.cpu) {
        out.key("cpu");
        write(out, *s.cpu);
    }
    out.key("disks");
    array(out, s.disks);
    out.key("gpu_pci_count").value(s.gpu_pci_count);
    out.key("gpus");
    write_gpus(out, s.gpus, sent);
    out.key("infiniband");
    array(out, s.infiniband);
    if (s.memory) {
        out.key("memory");
        write(out, *s.memory);
    }
    out.key("nics");
    array(out, s.nics);
    out.key("numa");
    array(out, s.numa);
    out.key("pressure");
    optional_object(out, s.pressure);
    out.key("sensors");
    array(out, s.sensors);
    out.key("thermal_zones");
    array(out, s.thermal_zones);
    if (s.time_ms) out.key("time_ms").value(*s.time_ms);
    out.key("xid_events");
    array(out, s.xid_events);
    out.end_object();
}

}  // namespace fleetdeck::protocol::sample_text

namespace fleetdeck::protocol {

void write_sample_event(SampleLine& out, const Sample& sample, NvlinkMemory* sent) {
    sample_text::JsonOut json(out);
    json.raw(R"({"data":)");
    sample_text::write(json, sample, sent);
    json.raw(R"(,"event":"sample"})");
    json.finish();
}

}  // namespace fleetdeck::protocol
