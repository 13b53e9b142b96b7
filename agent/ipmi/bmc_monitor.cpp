#include "agent/ipmi/bmc_monitor.h"

#include <unistd.h>

#include <cctype>

#include "agent/exec/fixed_program.h"
#include "agent/ipmi/bmc_readings.h"
#include "agent/ipmi/ipmitool.h"

namespace fleetdeck::agent::ipmi {
namespace {

// What one command printed, or why there is nothing to read.
struct Answer {
    std::string out;
    std::string error;
};

Answer ask(const std::string& program, const std::vector<std::string>& args, std::chrono::milliseconds timeout,
           const std::atomic<bool>* stop) {
    const ProgramRun run = run_fixed_program(program, args, {.timeout = timeout, .max_output_bytes = 256 * 1024}, stop);
    std::string command = "ipmitool";
    for (std::size_t i = 1; i < args.size(); ++i) command += " " + args[i];
    if (auto why = run_interrupted(run, "ipmitool", command, timeout)) return {{}, *why};
    if (auto why = run_failed(run, command)) return {{}, *why};
    return {run.out, {}};
}

// A whole-server power sensor in `sdr type Current` where DCMI gives none, as vendors name it
// (recorded: Dell "Pwr Consumption" and "System Level", HPE "Power Meter"); else the supplies'
// input power summed ("PSU1 Power In" on an ASUS ESC8000A-E12): tests/fixtures/ipmitool/.
std::optional<std::pair<double, std::string>> power_from_sensors(std::string_view text) {
    std::optional<double> whole, supplies;
    for_each_line(text, [&](std::string_view line) {
        const auto row = parse_sdr_row(line);
        if (!row) return;
        const auto words = split_ws(row->reading);
        if (words.size() != 2 || words[1] != "Watts") return;
        const auto w = parse_double(words[0]);
        if (!w || *w < 0 || *w > 1e6) return;
        std::string name;
        for (const char c : row->name) name.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
        if (!whole && (name.find("consumption") != std::string::npos || name == "system level" || name == "power meter"))
            whole = *w;
        else if ((name.starts_with("ps") || name.find("psu") != std::string::npos) && name.find("in") != std::string::npos)
            supplies = supplies.value_or(0) + *w;
    });
    if (whole) return std::pair{*whole, std::string("power_sensor")};
    if (supplies) return std::pair{*supplies, std::string("psu_sensors")};
    return std::nullopt;
}

}  // namespace

protocol::BmcSample read_bmc(const RootFs& fs, std::chrono::milliseconds timeout, const std::atomic<bool>* stop) {
    protocol::BmcSample b;
    const auto program = ipmitool_program(fs);
    if (!program) {
        b.error = "ipmitool is not installed (/usr/bin/ipmitool): the BMC's power and air are not read";
        return b;
    }
    const char* device = bmc_device(fs);
    if (device && ::access(fs.path(device).c_str(), R_OK | W_OK) != 0) {
        b.error = std::string(device) + " is root's only: connect with sudo to read the BMC's power and air";
        return b;
    }
    if (auto why = untrusted_program(*program)) {
        b.error = *why;
        return b;
    }
    std::vector<std::string> errors;
    const Answer dcmi = ask(*program, {"ipmitool", "dcmi", "power", "reading"}, timeout, stop);
    if (const auto p = parse_dcmi_power_reading(dcmi.out); p && p->active) {
        b.power_w = p->now_w;
        b.power_min_w = p->min_w;
        b.power_max_w = p->max_w;
        b.power_avg_w = p->avg_w;
        b.power_source = "dcmi";
    } else {
        // DCMI deactivated ("Power reading state is: deactivated") or not answered: a power sensor.
        const Answer current = ask(*program, {"ipmitool", "sdr", "type", "Current"}, timeout, stop);
        if (const auto w = power_from_sensors(current.out)) {
            b.power_w = w->first;
            b.power_source = w->second;
        } else if (!dcmi.error.empty()) {
            errors.push_back(dcmi.error);
        }
    }
    const Answer temps = ask(*program, {"ipmitool", "sdr", "type", "Temperature"}, timeout, stop);
    if (!temps.error.empty()) errors.push_back(temps.error);
    const auto sensors = parse_temperatures(temps.out);
    for (const TempSensor& s : sensors) b.sensors.push_back({s.name, std::string(to_string(s.cls)), s.celsius, "C", s.status});
    b.inlet_c = inlet_celsius(sensors);
    b.exhaust_c = exhaust_celsius(sensors);
    const Answer fans = ask(*program, {"ipmitool", "sdr", "type", "Fan"}, timeout, stop);
    if (!fans.error.empty()) errors.push_back(fans.error);
    for (const FanSensor& f : parse_fans(fans.out)) b.fans.push_back({f.name, f.rpm, f.percent, f.status});
    if (!errors.empty()) {
        std::string all;
        for (const std::string& e : errors) all += (all.empty() ? "" : "; ") + e;
        b.error = all.substr(0, 512);
    }
    return b;
}

BmcMonitor::BmcMonitor(RootFs fs, std::chrono::seconds interval, std::chrono::milliseconds timeout)
    : fs_(std::move(fs)), interval_(interval), timeout_(timeout), has_bmc_(bmc_device(fs_) != nullptr) {
    if (has_bmc_) thread_ = std::thread([this] { run(); });
}

BmcMonitor::~BmcMonitor() {
    stopping_ = true;
    if (thread_.joinable()) thread_.join();
}

void BmcMonitor::run() {
    while (!stopping_) {
        protocol::BmcSample fresh = read_bmc(fs_, timeout_, &stopping_);
        if (stopping_) break;
        {
            std::lock_guard lock(mutex_);
            // A BMC that stopped answering keeps its last figures, with their age and why.
            const bool nothing = !fresh.power_w && fresh.sensors.empty() && fresh.fans.empty();
            if (nothing && reading_ && (reading_->power_w || !reading_->sensors.empty())) {
                reading_->error = fresh.error;
            } else {
                reading_ = std::move(fresh);
                read_at_ = std::chrono::steady_clock::now();
            }
        }
        const auto next = std::chrono::steady_clock::now() + interval_;
        while (!stopping_ && std::chrono::steady_clock::now() < next) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
}

std::optional<protocol::BmcSample> BmcMonitor::latest() const {
    if (!has_bmc_) return std::nullopt;
    std::lock_guard lock(mutex_);
    if (!reading_) {
        protocol::BmcSample waiting;
        waiting.error = "the BMC's first reading is still being taken";
        return waiting;
    }
    protocol::BmcSample out = *reading_;
    out.age_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - read_at_).count();
    return out;
}

bool BmcMonitor::wait_first(std::chrono::milliseconds wait) const {
    if (!has_bmc_) return true;
    const auto until = std::chrono::steady_clock::now() + wait;
    for (;;) {
        {
            std::lock_guard lock(mutex_);
            if (reading_) return true;
        }
        if (std::chrono::steady_clock::now() >= until) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

}  // namespace fleetdeck::agent::ipmi
