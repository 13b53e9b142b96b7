#pragma once

// What every host of a new rack must be (docs/commission.md, "The spec"): the facts an acceptance
// checks, each read the same way from a host's `facts` result and one sample, so that learning a
// spec from a golden host, checking a host against it and finding the host that differs from the
// rest of the rack all use one table (rackFacts()).

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include <QByteArray>
#include <QString>
#include <QStringList>

#include "agent/protocol/facts.h"
#include "agent/protocol/sample.h"
#include "app/gpu_findings.h"
#include "app/problem.h"

namespace fleetdeck::commission {

// What FleetDeck knows about one host of the rack: its facts and, where it answered one, a sample
// (the GPUs' model, memory, links, ECC and persistence are read from it).
struct HostObservation {
    protocol::Facts facts;
    std::optional<protocol::Sample> sample;
    // Measured during the run where it had a bandwidth round or a data-path test (commission_run.h):
    // the slowest of the host's TCP and RDMA pairs (either direction), its NCCL bus bandwidth and
    // its sequential read of the data path. Unset: not measured.
    std::optional<double> tcpGbps, rdmaGbps, ncclBusbwGbs, readMbPerS;
};

using FactValue = std::variant<std::int64_t, double, bool, std::string>;

// "8", "79.6", "yes", "NVIDIA H100 80GB HBM3"; with the fact's unit where it has one ("16 lanes").
QString valueText(const FactValue& value, const char* unit = "");

// One reading of a fact on a host: host-wide (gpu -1) or of one GPU. No value: the host cannot
// tell (`why` says so: "needs root", "not reported").
struct FactReading {
    int gpu = -1;
    std::optional<FactValue> value;
    QString why;
};

enum class FactType { Text, Integer, Number, Flag, Version };

// How a value is held against what the spec expects.
enum class Match {
    Exact,    // the same value (numbers within the tolerance)
    AtLeast,  // this or more (versions compared part by part: 550.54.15 ≥ 550.54.14)
};

struct RackFact {
    const char* key;    // "gpu.pcie_width": the spec file's field, also in findings
    const char* label;  // "PCIe width"
    FactType type;
    Match learnedMatch;          // how a spec learned from a golden host holds this fact
    double learnedTolerancePct;  // numbers: how far a learned spec lets a value stray
    FindingSeverity severity;    // of a host that does not match the spec
    const char* unit;            // "GiB", "Mb/s", "" …
    bool perGpu;
    std::vector<FactReading> (*read)(const HostObservation& host);
};

// Every fact an acceptance checks, in the order a report lists them.
const std::vector<RackFact>& rackFacts();
const RackFact* findRackFact(const std::string& key);

struct Expectation {
    FactValue value;
    Match match = Match::Exact;
    double tolerancePct = 0;  // Number facts only
    std::optional<FindingSeverity> severity;  // overrides the fact's own
    bool operator==(const Expectation&) const = default;
};

// Fact key -> what it must be. Facts the spec does not name are not checked against it (the odd-
// one-out comparison still sees them).
struct RackSpec {
    std::map<std::string, Expectation> expect;
    bool operator==(const RackSpec&) const = default;
};

// The same in the user's language, for a person to read (docs/translations.md): a fact's label
// ("PCIe 連結寬度"), why it was not read ("需要 root"), a value ("開啟", "16 條通道") and an
// expectation; the functions above stay English for the result JSON.
QString shownLabel(const RackFact& fact);
QString shownWhy(const QString& why);
QString shownValueText(const FactValue& value, const char* unit = "");
QString shownExpectationText(const Expectation& e, const RackFact& fact);

// Whether `actual` meets `e` for a fact of type `type`.
bool meets(const FactValue& actual, const Expectation& e, FactType type);
// "≥ 5", "80 GiB ± 2 %", "NVIDIA H100 80GB HBM3".
QString expectationText(const Expectation& e, const RackFact& fact);

// The spec a golden host implies: every fact it reports, as it reports it (per-GPU facts: the value
// most of its GPUs have), held the way rackFacts() says.
RackSpec learnSpec(const HostObservation& golden);

// The spec file (docs/commission.md): an object of sections ("gpu": {"count": 8, …}); a leaf is a
// value, or {"value": V, "match": "exact"|"at_least", "tolerance_pct": P, "severity":
// "warning"|"critical"}, or {"min": V}. An error names the field: "gpu.count: expected an integer".
Result<RackSpec> rackSpecFromJson(const QByteArray& json);
QByteArray toJson(const RackSpec& spec);

}  // namespace fleetdeck::commission
