#include "agent/protocol/sample.h"

#include <charconv>
#include <cmath>
#include <concepts>

// The sample event written as text straight from the struct, without building the nlohmann tree
// first: that tree (one node and often one allocation per value, about 3,000 nodes for a large
// server) and its serializer were most of the user-space time of a subscribed agent. The text is
// the one protocol::encode(Event{"sample", to_json(sample)}) writes: the same keys, in the same
// (sorted) order, the same nulls, numbers laid out the same way (nlohmann's Grisu2 digits are
// not always the shortest, so a rare float may be written with a digit less, never with another
// value). tests/agent/sample_text_test.cpp holds the two to each other. Only the agent writes
// it; the app decodes with sample_from_json as before. A subscription with nvlinks_when_changed
// differs in one place alone: "nvlinks":"unchanged" for a list the subscriber already holds.

// A named namespace, not an anonymous one: the protocol library is built in unity batches.
namespace fleetdeck::protocol::sample_text {

class JsonOut {
public:
    explicit JsonOut(std::string& out) : out_(out) {}

    void begin_object() { open('{'); }
    void end_object() { close('}'); }
    void begin_array() { open('['); }
    void end_array() { close(']'); }
    JsonOut& key(std::string_view k) {
        comma();
        out_ += '"';
        out_ += k;  // keys are the literals below: nothing to escape
        out_ += "\":";
        first_ = true;  // the value follows without a comma
        return *this;
    }

    void null() {
        comma();
        out_ += "null";
    }
    void value(bool b) {
        comma();
        out_ += b ? "true" : "false";
    }
    template <std::integral T>
        requires(!std::same_as<T, bool>)
    void value(T v) {
        comma();
        char buf[24];
        const auto r = std::to_chars(buf, buf + sizeof buf, static_cast<std::int64_t>(v));
        out_.append(buf, r.ptr);
    }
    void value(double v) {
        if (!std::isfinite(v)) return null();  // what nlohmann writes for NaN and infinity
        comma();
        append_double(v);
    }
    void value(std::string_view s) {
        comma();
        // Plain printable ASCII goes as it is; anything else (quotes, control characters, UTF-8,
        // invalid bytes) takes nlohmann's escaping, with its replacement of invalid UTF-8.
        for (const char c : s) {
            if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
                out_ += nlohmann::json(s).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
                return;
            }
        }
        out_ += '"';
        out_ += s;
        out_ += '"';
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
    // The shortest digits that read back as v, laid out as nlohmann's serializer lays them out
    // (its format_buffer: plain decimals for exponents from -4 to 15, "1.5e+16" beyond, ".0" on
    // whole numbers), so the text stays the same as before, not only the value.
    void append_double(double v) {
        char sci[32];
        const auto r = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific);
        std::string_view text(sci, static_cast<std::size_t>(r.ptr - sci));  // "-1.2345e+07"
        if (text.front() == '-') {
            out_ += '-';
            text.remove_prefix(1);
        }
        const auto e_at = text.find('e');
        char digits[24];
        int k = 0;
        for (const char c : text.substr(0, e_at))
            if (c != '.') digits[k++] = c;
        int exp10 = 0;
        std::from_chars(text.data() + e_at + (text[e_at + 1] == '+' ? 2 : 1), text.data() + text.size(), exp10);
        const int n = exp10 + 1;  // where the decimal point goes, counted in digits
        const std::string_view all(digits, static_cast<std::size_t>(k));
        if (k <= n && n <= 15) {
            out_ += all;
            out_.append(static_cast<std::size_t>(n - k), '0');
            out_ += ".0";
        } else if (0 < n && n <= 15) {
            out_ += all.substr(0, static_cast<std::size_t>(n));
            out_ += '.';
            out_ += all.substr(static_cast<std::size_t>(n));
        } else if (-4 < n && n <= 0) {
            out_ += "0.";
            out_.append(static_cast<std::size_t>(-n), '0');
            out_ += all;
        } else {
            out_ += all.front();
            if (k > 1) {
                out_ += '.';
                out_ += all.substr(1);
            }
            out_ += 'e';
            out_ += n - 1 < 0 ? '-' : '+';
            const int e = n - 1 < 0 ? 1 - n : n - 1;
            if (e < 10) out_ += '0';
            char buf[8];
            out_.append(buf, std::to_chars(buf, buf + sizeof buf, e).ptr);
        }
    }

    void comma() {
        if (!first_) out_ += ',';
        first_ = false;
    }
    void open(char bracket) {
        comma();
        out_ += bracket;
        first_ = true;
    }
    void close(char bracket) {
        out_ += bracket;
        first_ = false;
    }

    std::string& out_;
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
    out.key("mtu").value(n.mtu);
    out.key("name").value(n.name);
    out.key("operstate").value(n.operstate);
    out.key("rx_bytes").value(n.rx_bytes);
    out.key("rx_bytes_per_s").value(n.rx_bytes_per_s);
    out.key("speed_mbps").value(n.speed_mbps);
    out.key("tx_bytes").value(n.tx_bytes);
    out.key("tx_bytes_per_s").value(n.tx_bytes_per_s);
    out.key("type").value(n.type);
    out.end_object();
}

void write(JsonOut& out, const InfinibandPortSample& p) {
    out.begin_object();
    out.key("device").value(p.device);
    out.key("link_layer").value(p.link_layer);
    out.key("phys_state").value(p.phys_state);
    out.key("port").value(p.port);
    out.key("rate_gbps").value(p.rate_gbps);
    out.key("state").value(p.state);
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

// `unchanged_nvlinks`: the list equals the one the subscriber already holds for this GPU.
void write(JsonOut& out, const GpuSample& g, bool unchanged_nvlinks = false) {
    out.begin_object();
    out.key("ecc");
    optional_object(out, g.ecc);
    out.key("fan_pct").value(g.fan_pct);
    out.key("index").value(g.index);
    out.key("mem_clock_mhz").value(g.mem_clock_mhz);
    out.key("mem_total_bytes").value(g.mem_total_bytes);
    out.key("mem_used_bytes").value(g.mem_used_bytes);
    out.key("mem_util_pct").value(g.mem_util_pct);
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
    out.key("power_limit_w").value(g.power_limit_w);
    out.key("power_w").value(g.power_w);
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
    if (s.cpu) {
        out.key("cpu");
        write(out, *s.cpu);
    }
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

void write_sample_event(std::string& out, const Sample& sample, NvlinkMemory* sent) {
    out.clear();
    out += R"({"data":)";
    sample_text::JsonOut json(out);
    sample_text::write(json, sample, sent);
    out += R"(,"event":"sample"})";
}

}  // namespace fleetdeck::protocol
