#include "app/commission/rack_spec.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <set>

#include <QCoreApplication>

#include "agent/json/json.h"

namespace fleetdeck::commission {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

std::vector<FactReading> hostWide(std::optional<FactValue> value, const char* why = QT_TRANSLATE_NOOP("commission", "not reported")) {
    FactReading r;
    r.value = std::move(value);
    if (!r.value) r.why = QString::fromLatin1(why);
    return {r};
}

template <class T>
std::optional<FactValue> some(const std::optional<T>& v) {
    if (!v) return std::nullopt;
    return FactValue(*v);
}

// A figure measured in the run, to a tenth: what a report prints and a spec holds.
std::optional<FactValue> measured(const std::optional<double>& v) {
    if (!v) return std::nullopt;
    return FactValue(std::round(*v * 10) / 10);
}

std::optional<FactValue> gib(const std::optional<std::int64_t>& bytes) {
    if (!bytes) return std::nullopt;
    return FactValue(std::round(static_cast<double>(*bytes) / kGiB * 10.0) / 10.0);
}

// Per-GPU readings: from the sample where there is one (the GPUs as the driver sees them), else
// from the facts' PCI view where `fromFacts` can tell.
std::vector<FactReading> perGpu(const HostObservation& host,
                                std::optional<FactValue> (*fromSample)(const protocol::GpuSample&),
                                std::optional<FactValue> (*fromFacts)(const protocol::GpuFact&)) {
    std::vector<FactReading> out;
    if (host.sample && !host.sample->gpus.empty()) {
        for (const protocol::GpuSample& g : host.sample->gpus) {
            FactReading r;
            r.gpu = g.index;
            if (g.state == protocol::GpuState::Lost) {
                r.why = QStringLiteral(QT_TRANSLATE_NOOP("commission", "GPU lost"));
            } else {
                r.value = fromSample(g);
                if (!r.value) r.why = QStringLiteral("not reported");
            }
            out.push_back(std::move(r));
        }
        return out;
    }
    int index = 0;
    for (const protocol::GpuFact& g : host.facts.gpus) {
        FactReading r;
        r.gpu = index++;
        r.value = fromFacts(g);
        if (!r.value) r.why = QStringLiteral(QT_TRANSLATE_NOOP("commission", "needs a sample"));
        out.push_back(std::move(r));
    }
    return out;
}

std::optional<FactValue> noFact(const protocol::GpuFact&) { return std::nullopt; }

// "18:00.0" of "00000000:18:00.0" (NVML) and "0000:18:00.0" (the kernel): the bus, device and
// function, which both forms share.
std::string busDeviceFunction(const std::string& id) {
    std::string lower = id;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    const auto colon = lower.find(':');
    return colon == std::string::npos ? lower : lower.substr(colon + 1);
}

// Per-GPU readings of what only the facts tell (VBIOS): numbered as the sample numbers the GPUs
// (matched by PCI address) where there is a sample, else in the facts' order.
std::vector<FactReading> perGpuFromFacts(const HostObservation& host,
                                         std::optional<FactValue> (*fromFacts)(const protocol::GpuFact&)) {
    std::vector<FactReading> out;
    const auto reading = [&](int index, const protocol::GpuFact* fact) {
        FactReading r;
        r.gpu = index;
        if (fact) r.value = fromFacts(*fact);
        if (!r.value) r.why = QStringLiteral("not reported");
        out.push_back(std::move(r));
    };
    if (host.sample && !host.sample->gpus.empty()) {
        for (const protocol::GpuSample& g : host.sample->gpus) {
            const protocol::GpuFact* match = nullptr;
            for (const protocol::GpuFact& f : host.facts.gpus)
                if (g.pci_bus_id && busDeviceFunction(f.pci_bus_id) == busDeviceFunction(*g.pci_bus_id)) match = &f;
            reading(g.index, match);
        }
        return out;
    }
    int index = 0;
    for (const protocol::GpuFact& f : host.facts.gpus) reading(index++, &f);
    return out;
}

// A reading of the memory modules (the SMBIOS table, root only): why not where it was not read.
std::vector<FactReading> dimmReading(const HostObservation& host,
                                     std::optional<FactValue> (*fromMemory)(const protocol::MemoryFacts&)) {
    const auto& status = host.facts.memory.dimms_status;
    if (!status) return hostWide(std::nullopt);
    if (*status != "read") return hostWide(std::nullopt, status->c_str());
    return hostWide(fromMemory(host.facts.memory));
}

std::vector<const protocol::NicFact*> fastestNics(const protocol::Facts& f) {
    std::int64_t fastest = 0;
    for (const auto& n : f.nics) fastest = std::max(fastest, n.speed_mbps.value_or(0));
    std::vector<const protocol::NicFact*> out;
    if (fastest <= 0) return out;
    for (const auto& n : f.nics)
        if (n.speed_mbps.value_or(0) == fastest) out.push_back(&n);
    return out;
}

bool activePort(const protocol::InfinibandPortFact& p) {
    return p.state && p.state->find("ACTIVE") != std::string::npos;
}

const std::vector<RackFact> kRackFacts = {
    {"cpu.model", QT_TRANSLATE_NOOP("commission", "CPU model"), FactType::Text, Match::Exact, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.cpu.model)); }},
    {"cpu.sockets", QT_TRANSLATE_NOOP("commission", "CPU sockets"), FactType::Integer, Match::Exact, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.cpu.sockets)); }},
    {"memory.total_gib", QT_TRANSLATE_NOOP("commission", "memory"), FactType::Number, Match::Exact, 1, FindingSeverity::Critical, "GiB", false,
     [](const HostObservation& h) { return hostWide(gib(h.facts.memory.total_bytes)); }},
    {"memory.dimm_count", QT_TRANSLATE_NOOP("commission", "memory modules"), FactType::Integer, Match::Exact, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) { return dimmReading(h, [](const protocol::MemoryFacts& m) {
         return std::optional<FactValue>(static_cast<std::int64_t>(m.dimms.size())); }); }},
    {"memory.dimm_speed_mts", QT_TRANSLATE_NOOP("commission", "slowest memory module's running speed"), FactType::Integer, Match::AtLeast, 0,
     FindingSeverity::Warning, "MT/s", false,
     [](const HostObservation& h) { return dimmReading(h, [](const protocol::MemoryFacts& m) {
         std::optional<std::int64_t> slowest;
         for (const auto& d : m.dimms)
             if (const auto speed = d.configured_speed_mts ? d.configured_speed_mts : d.speed_mts)
                 slowest = slowest ? std::min(*slowest, *speed) : *speed;
         return some(slowest); }); }},
    {"gpu.count", QT_TRANSLATE_NOOP("commission", "GPUs on the PCI bus"), FactType::Integer, Match::Exact, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) { return hostWide(FactValue(static_cast<std::int64_t>(h.facts.gpus.size()))); }},
    {"gpu.model", QT_TRANSLATE_NOOP("commission", "GPU model"), FactType::Text, Match::Exact, 0, FindingSeverity::Critical, "", true,
     [](const HostObservation& h) {
         return perGpu(h, [](const protocol::GpuSample& g) { return some(g.name); },
                       [](const protocol::GpuFact& g) { return some(g.name); });
     }},
    {"gpu.memory_gib", QT_TRANSLATE_NOOP("commission", "GPU memory"), FactType::Number, Match::Exact, 1, FindingSeverity::Critical, "GiB", true,
     [](const HostObservation& h) { return perGpu(h, [](const protocol::GpuSample& g) { return gib(g.mem_total_bytes); }, noFact); }},
    {"gpu.pcie_gen", QT_TRANSLATE_NOOP("commission", "PCIe generation (the most the GPU and its slot allow)"), FactType::Integer, Match::AtLeast, 0,
     FindingSeverity::Critical, "", true,
     [](const HostObservation& h) {
         return perGpu(h, [](const protocol::GpuSample& g) { return some(g.pcie_gen_max); },
                       [](const protocol::GpuFact& g) { return some(g.pcie_gen_max); });
     }},
    {"gpu.pcie_width", QT_TRANSLATE_NOOP("commission", "PCIe link width"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical, QT_TRANSLATE_NOOP("commission", "lanes"), true,
     [](const HostObservation& h) {
         return perGpu(h, [](const protocol::GpuSample& g) { return some(g.pcie_width); },
                       [](const protocol::GpuFact& g) { return some(g.pcie_width); });
     }},
    {"gpu.nvlinks_active", QT_TRANSLATE_NOOP("commission", "NVLink links up"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical, "", true,
     [](const HostObservation& h) {
         return perGpu(h,
                       [](const protocol::GpuSample& g) {
                           return std::optional<FactValue>(static_cast<std::int64_t>(
                               std::count_if(g.nvlinks.begin(), g.nvlinks.end(), [](const auto& l) { return l.active; })));
                       },
                       noFact);
     }},
    {"gpu.ecc", QT_TRANSLATE_NOOP("commission", "ECC"), FactType::Flag, Match::Exact, 0, FindingSeverity::Critical, "", true,
     [](const HostObservation& h) {
         return perGpu(h, [](const protocol::GpuSample& g) { return g.ecc ? some(g.ecc->enabled) : std::nullopt; }, noFact);
     }},
    {"gpu.persistence_mode", QT_TRANSLATE_NOOP("commission", "persistence mode"), FactType::Flag, Match::Exact, 0, FindingSeverity::Warning, "", true,
     [](const HostObservation& h) { return perGpu(h, [](const protocol::GpuSample& g) { return some(g.persistence_mode); }, noFact); }},
    {"gpu.driver", QT_TRANSLATE_NOOP("commission", "NVIDIA driver"), FactType::Version, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) {
         if (h.facts.gpus.empty() && !h.facts.nvidia.driver_version) return hostWide(std::nullopt, QT_TRANSLATE_NOOP("commission", "no GPUs"));
         return hostWide(some(h.facts.nvidia.driver_version), QT_TRANSLATE_NOOP("commission", "NVML not loaded"));
     }},
    {"gpu.vbios", QT_TRANSLATE_NOOP("commission", "VBIOS"), FactType::Text, Match::Exact, 0, FindingSeverity::Warning, "", true,
     [](const HostObservation& h) { return perGpuFromFacts(h, [](const protocol::GpuFact& g) { return some(g.vbios_version); }); }},
    {"nic.max_speed_mbps", QT_TRANSLATE_NOOP("commission", "fastest NIC"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical, "Mb/s", false,
     [](const HostObservation& h) {
         const auto fastest = fastestNics(h.facts);
         if (fastest.empty()) return hostWide(FactValue(std::int64_t{0}));
         return hostWide(some(fastest.front()->speed_mbps));
     }},
    {"nic.count_at_max_speed", QT_TRANSLATE_NOOP("commission", "NICs at that speed"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical, "",
     false,
     [](const HostObservation& h) { return hostWide(FactValue(static_cast<std::int64_t>(fastestNics(h.facts).size()))); }},
    {"nic.mtu", QT_TRANSLATE_NOOP("commission", "MTU of the fastest NICs"), FactType::Integer, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) {
         std::optional<std::int64_t> mtu;
         for (const auto* n : fastestNics(h.facts))
             if (n->mtu) mtu = mtu ? std::min(*mtu, *n->mtu) : *n->mtu;
         return hostWide(some(mtu), QT_TRANSLATE_NOOP("commission", "no NIC with a link"));
     }},
    {"infiniband.active_ports", QT_TRANSLATE_NOOP("commission", "InfiniBand ports active"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical,
     "", false,
     [](const HostObservation& h) {
         return hostWide(FactValue(static_cast<std::int64_t>(
             std::count_if(h.facts.infiniband.begin(), h.facts.infiniband.end(), activePort))));
     }},
    {"infiniband.rate_gbps", QT_TRANSLATE_NOOP("commission", "slowest active InfiniBand port"), FactType::Number, Match::AtLeast, 0,
     FindingSeverity::Critical, "Gb/s", false,
     [](const HostObservation& h) {
         std::optional<double> rate;
         for (const auto& p : h.facts.infiniband)
             if (activePort(p) && p.rate_gbps) rate = rate ? std::min(*rate, *p.rate_gbps) : *p.rate_gbps;
         return hostWide(some(rate), QT_TRANSLATE_NOOP("commission", "no active port"));
     }},
    {"nvme.count", QT_TRANSLATE_NOOP("commission", "NVMe drives"), FactType::Integer, Match::AtLeast, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) {
         return hostWide(FactValue(static_cast<std::int64_t>(
             std::count_if(h.facts.block.begin(), h.facts.block.end(), [](const auto& b) { return b.nvme; }))));
     }},
    {"nvme.min_size_gb", QT_TRANSLATE_NOOP("commission", "smallest NVMe drive"), FactType::Number, Match::AtLeast, 0, FindingSeverity::Critical, "GB", false,
     [](const HostObservation& h) {
         std::optional<double> size;
         for (const auto& b : h.facts.block) {
             if (!b.nvme || !b.size_bytes) continue;
             const double gb = std::round(static_cast<double>(*b.size_bytes) / 1e8) / 10.0;
             size = size ? std::min(*size, gb) : gb;
         }
         return hostWide(some(size), QT_TRANSLATE_NOOP("commission", "no NVMe drive"));
     }},
    {"bios.vendor", QT_TRANSLATE_NOOP("commission", "BIOS vendor"), FactType::Text, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.dmi.bios_vendor)); }},
    {"bios.version", QT_TRANSLATE_NOOP("commission", "BIOS version"), FactType::Text, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.dmi.bios_version)); }},
    {"system.product_name", QT_TRANSLATE_NOOP("commission", "server model"), FactType::Text, Match::Exact, 0, FindingSeverity::Critical, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.dmi.product_name)); }},
    {"os.kernel", QT_TRANSLATE_NOOP("commission", "kernel"), FactType::Text, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) { return hostWide(some(h.facts.host.kernel)); }},
    {"os.release", QT_TRANSLATE_NOOP("commission", "OS"), FactType::Text, Match::Exact, 0, FindingSeverity::Warning, "", false,
     [](const HostObservation& h) {
         if (!h.facts.os.id) return hostWide(std::nullopt);
         return hostWide(FactValue(*h.facts.os.id + (h.facts.os.version_id ? " " + *h.facts.os.version_id : std::string())));
     }},
    {"virtualization.hardware_assist", QT_TRANSLATE_NOOP("commission", "hardware virtualization"), FactType::Text, Match::Exact, 0,
     FindingSeverity::Warning, "", false,
     [](const HostObservation& h) {
         if (h.facts.virtualization.hardware_assist) return hostWide(some(h.facts.virtualization.hardware_assist));
         if (h.facts.cpu.flags) return hostWide(FactValue(std::string("none")));
         return hostWide(std::nullopt);
     }},
    // Measured in the run (commission --bandwidth, --rdma, --nccl, --data-path): a spec learned
    // from a golden host that took part asks every host for at least 80 % of its figure.
    {"fabric.tcp_gbps", QT_TRANSLATE_NOOP("commission", "slowest TCP pair in the bandwidth round"), FactType::Number, Match::AtLeast, 20,
     FindingSeverity::Critical, "Gb/s", false,
     [](const HostObservation& h) { return hostWide(measured(h.tcpGbps), QT_TRANSLATE_NOOP("commission", "not measured")); }},
    {"fabric.rdma_gbps", QT_TRANSLATE_NOOP("commission", "slowest RDMA pair in the bandwidth round"), FactType::Number, Match::AtLeast, 20,
     FindingSeverity::Critical, "Gb/s", false,
     [](const HostObservation& h) { return hostWide(measured(h.rdmaGbps), QT_TRANSLATE_NOOP("commission", "not measured")); }},
    {"fabric.nccl_busbw_gbs", QT_TRANSLATE_NOOP("commission", "NCCL all-reduce bus bandwidth inside the host"), FactType::Number, Match::AtLeast, 20,
     FindingSeverity::Critical, "GB/s", false,
     [](const HostObservation& h) { return hostWide(measured(h.ncclBusbwGbs), QT_TRANSLATE_NOOP("commission", "not measured")); }},
    {"data.read_mb_per_s", QT_TRANSLATE_NOOP("commission", "sequential read of the data path"), FactType::Number, Match::AtLeast, 20,
     FindingSeverity::Critical, "MB/s", false,
     [](const HostObservation& h) { return hostWide(measured(h.readMbPerS), QT_TRANSLATE_NOOP("commission", "not measured")); }},
};

// 550.54.15 against 550.54.14: part by part, numbers as numbers.
int compareVersions(const std::string& a, const std::string& b) {
    std::size_t i = 0, j = 0;
    while (i < a.size() || j < b.size()) {
        std::string pa, pb;
        while (i < a.size() && a[i] != '.') pa += a[i++];
        while (j < b.size() && b[j] != '.') pb += b[j++];
        ++i, ++j;
        const bool na = !pa.empty() && std::all_of(pa.begin(), pa.end(), ::isdigit);
        const bool nb = !pb.empty() && std::all_of(pb.begin(), pb.end(), ::isdigit);
        if (na && nb) {
            const auto va = std::stoll(pa.substr(0, 18)), vb = std::stoll(pb.substr(0, 18));
            if (va != vb) return va < vb ? -1 : 1;
        } else if (pa != pb) {
            return pa < pb ? -1 : 1;
        }
    }
    return 0;
}

double asNumber(const FactValue& v) {
    if (const auto* i = std::get_if<std::int64_t>(&v)) return static_cast<double>(*i);
    if (const auto* d = std::get_if<double>(&v)) return *d;
    return 0;
}

}  // namespace

const std::vector<RackFact>& rackFacts() { return kRackFacts; }

const RackFact* findRackFact(const std::string& key) {
    for (const RackFact& f : kRackFacts)
        if (key == f.key) return &f;
    return nullptr;
}

QString valueText(const FactValue& value, const char* unit) {
    QString text;
    if (const auto* i = std::get_if<std::int64_t>(&value)) text = QString::number(*i);
    else if (const auto* d = std::get_if<double>(&value)) text = QString::number(*d, 'g', 12);
    else if (const auto* b = std::get_if<bool>(&value)) text = *b ? QStringLiteral("on") : QStringLiteral("off");
    else text = QString::fromStdString(std::get<std::string>(value));
    if (unit && *unit) text += QLatin1Char(' ') + QString::fromLatin1(unit);
    return text;
}

namespace {
// Why a fact was not read, as the agent says it (facts.h: a module table's status), for translation.
[[maybe_unused]] constexpr const char* kAgentWhy[] = {QT_TRANSLATE_NOOP("commission", "needs root"),
                                                      QT_TRANSLATE_NOOP("commission", "not available")};
}  // namespace

QString shownLabel(const RackFact& fact) { return QCoreApplication::translate("commission", fact.label); }

QString shownWhy(const QString& why) {
    const QByteArray source = why.toUtf8();
    return QCoreApplication::translate("commission", source.constData());
}

QString shownValueText(const FactValue& value, const char* unit) {
    QString text;
    if (const auto* b = std::get_if<bool>(&value))
        text = *b ? QCoreApplication::translate("commission", "on") : QCoreApplication::translate("commission", "off");
    else text = valueText(value, "");
    if (unit && *unit) text += QLatin1Char(' ') + QCoreApplication::translate("commission", unit);
    return text;
}

QString shownExpectationText(const Expectation& e, const RackFact& fact) {
    QString text = shownValueText(e.value, fact.unit);
    if (e.match == Match::AtLeast) text = QStringLiteral("≥ ") + text;
    if (e.tolerancePct > 0) text += QStringLiteral(" ± %1 %").arg(e.tolerancePct);
    return text;
}

bool meets(const FactValue& actual, const Expectation& e, FactType type) {
    switch (type) {
    case FactType::Integer:
    case FactType::Number: {
        if (!std::holds_alternative<std::int64_t>(actual) && !std::holds_alternative<double>(actual)) return false;
        const double a = asNumber(actual), want = asNumber(e.value);
        const double slack = std::abs(want) * e.tolerancePct / 100.0 + 1e-9;
        return e.match == Match::AtLeast ? a >= want - slack : std::abs(a - want) <= slack;
    }
    case FactType::Version: {
        const auto* a = std::get_if<std::string>(&actual);
        const auto* want = std::get_if<std::string>(&e.value);
        if (!a || !want) return false;
        const int c = compareVersions(*a, *want);
        return e.match == Match::AtLeast ? c >= 0 : c == 0;
    }
    case FactType::Text:
    case FactType::Flag:
        return actual == e.value;
    }
    return false;
}

QString expectationText(const Expectation& e, const RackFact& fact) {
    QString text = valueText(e.value, fact.unit);
    if (e.match == Match::AtLeast) text = QStringLiteral("≥ ") + text;
    if (e.tolerancePct > 0) text += QStringLiteral(" ± %1 %").arg(e.tolerancePct);
    return text;
}

RackSpec learnSpec(const HostObservation& golden) {
    RackSpec spec;
    for (const RackFact& fact : kRackFacts) {
        // The value most readings have (for a host-wide fact, its one reading).
        std::map<FactValue, int> counts;
        for (const FactReading& r : fact.read(golden))
            if (r.value) ++counts[*r.value];
        if (counts.empty()) continue;
        const auto best = std::max_element(counts.begin(), counts.end(), [](const auto& a, const auto& b) { return a.second < b.second; });
        Expectation e;
        e.value = best->first;
        e.match = fact.learnedMatch;
        e.tolerancePct = fact.learnedTolerancePct;
        if (e.match == Match::AtLeast && e.tolerancePct > 0 && std::holds_alternative<double>(e.value)) {
            // A measured figure: "at least 80 % of the golden host's", written as that floor.
            e.value = std::round(std::get<double>(e.value) * (1 - e.tolerancePct / 100) * 10) / 10;
            e.tolerancePct = 0;
        }
        spec.expect[fact.key] = e;
    }
    return spec;
}

namespace {

std::optional<FactValue> leafValue(const nlohmann::json& j, FactType type) {
    switch (type) {
    case FactType::Integer:
        if (j.is_number_integer()) return FactValue(j.get<std::int64_t>());
        return std::nullopt;
    case FactType::Number:
        if (j.is_number()) return FactValue(j.get<double>());
        return std::nullopt;
    case FactType::Flag:
        if (j.is_boolean()) return FactValue(j.get<bool>());
        return std::nullopt;
    case FactType::Text:
    case FactType::Version:
        if (j.is_string() && !j.get<std::string>().empty()) return FactValue(j.get<std::string>());
        return std::nullopt;
    }
    return std::nullopt;
}

const char* typeWords(FactType type) {
    switch (type) {
    case FactType::Integer: return "an integer";
    case FactType::Number: return "a number";
    case FactType::Flag: return "true or false";
    case FactType::Text: return "a non-empty string";
    case FactType::Version: return "a version string (\"550.54.15\")";
    }
    return "a value";
}

nlohmann::json toJsonValue(const FactValue& v) {
    return std::visit([](const auto& x) { return nlohmann::json(x); }, v);
}

Problem specProblem(const QString& message) { return Problem{ProblemCode::BadInput, message}; }

}  // namespace

Result<RackSpec> rackSpecFromJson(const QByteArray& json) {
    const auto doc = nlohmann::json::parse(json.constData(), json.constData() + json.size(), nullptr, false);
    if (doc.is_discarded()) return specProblem(QStringLiteral("the spec is not JSON"));
    if (!doc.is_object()) return specProblem(QStringLiteral("the spec must be a JSON object of sections (\"gpu\": {…})"));
    std::set<std::string> sections;
    for (const RackFact& f : kRackFacts) sections.insert(std::string(f.key).substr(0, std::string(f.key).find('.')));
    RackSpec spec;
    for (const auto& [section, fields] : doc.items()) {
        if (section == "description" && fields.is_string()) continue;
        if (!sections.count(section)) {
            QStringList known;
            for (const auto& s : sections) known << QString::fromStdString(s);
            return specProblem(QStringLiteral("%1: not a section of a spec (sections: %2)")
                                   .arg(QString::fromStdString(section), known.join(QStringLiteral(", "))));
        }
        if (!fields.is_object())
            return specProblem(QStringLiteral("%1: expected an object of fields").arg(QString::fromStdString(section)));
        for (const auto& [name, leaf] : fields.items()) {
            const std::string key = section + "." + name;
            const QString where = QString::fromStdString(key);
            const RackFact* fact = findRackFact(key);
            if (!fact) {
                QStringList known;
                for (const RackFact& f : kRackFacts)
                    if (std::string(f.key).rfind(section + ".", 0) == 0) known << QString::fromLatin1(f.key);
                return specProblem(QStringLiteral("%1: not a field of a spec (in \"%2\": %3)")
                                       .arg(where, QString::fromStdString(section), known.join(QStringLiteral(", "))));
            }
            Expectation e;
            const nlohmann::json* value = &leaf;
            if (leaf.is_object()) {
                for (const auto& [k, v] : leaf.items()) {
                    if (k == "value" || k == "min") continue;
                    if (k == "match") {
                        if (v == "exact") e.match = Match::Exact;
                        else if (v == "at_least") e.match = Match::AtLeast;
                        else return specProblem(QStringLiteral("%1.match: expected \"exact\" or \"at_least\"").arg(where));
                    } else if (k == "tolerance_pct") {
                        if (!v.is_number() || v.get<double>() < 0 || v.get<double>() > 50 || fact->type != FactType::Number)
                            return specProblem(QStringLiteral("%1.tolerance_pct: expected a number from 0 to 50 (numeric facts only)").arg(where));
                        e.tolerancePct = v.get<double>();
                    } else if (k == "severity") {
                        if (v == "warning") e.severity = FindingSeverity::Warning;
                        else if (v == "critical") e.severity = FindingSeverity::Critical;
                        else return specProblem(QStringLiteral("%1.severity: expected \"warning\" or \"critical\"").arg(where));
                    } else {
                        return specProblem(QStringLiteral("%1.%2: not a field of an expectation (value, min, match, tolerance_pct, severity)")
                                               .arg(where, QString::fromStdString(k)));
                    }
                }
                const bool hasValue = leaf.contains("value"), hasMin = leaf.contains("min");
                if (hasValue == hasMin) return specProblem(QStringLiteral("%1: give either \"value\" or \"min\"").arg(where));
                if (hasMin) {
                    if (fact->type == FactType::Text || fact->type == FactType::Flag)
                        return specProblem(QStringLiteral("%1.min: %2 has no minimum").arg(where, QString::fromLatin1(fact->label)));
                    e.match = Match::AtLeast;
                    value = &leaf.at("min");
                } else {
                    value = &leaf.at("value");
                }
            }
            const auto v = leafValue(*value, fact->type);
            if (!v) return specProblem(QStringLiteral("%1: expected %2").arg(where, QString::fromLatin1(typeWords(fact->type))));
            e.value = *v;
            spec.expect[key] = e;
        }
    }
    return spec;
}

QByteArray toJson(const RackSpec& spec) {
    nlohmann::ordered_json doc = nlohmann::ordered_json::object();
    for (const RackFact& fact : kRackFacts) {
        const auto it = spec.expect.find(fact.key);
        if (it == spec.expect.end()) continue;
        const Expectation& e = it->second;
        const std::string key = fact.key;
        const std::string section = key.substr(0, key.find('.')), name = key.substr(key.find('.') + 1);
        nlohmann::ordered_json leaf;
        const nlohmann::json value = toJsonValue(e.value);
        if (e.tolerancePct == 0 && !e.severity) {
            leaf = e.match == Match::AtLeast ? nlohmann::ordered_json{{"min", value}} : nlohmann::ordered_json(value);
        } else {
            leaf[e.match == Match::AtLeast ? "min" : "value"] = value;
            if (e.tolerancePct > 0) leaf["tolerance_pct"] = e.tolerancePct;
            if (e.severity) leaf["severity"] = toString(*e.severity).toStdString();
        }
        doc[section][name] = leaf;
    }
    return QByteArray::fromStdString(doc.dump(2) + "\n");
}

}  // namespace fleetdeck::commission
