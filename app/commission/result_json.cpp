#include "app/commission/result_json.h"

#include <array>
#include <cmath>

#include "agent/protocol/decode.h"
#include "agent/protocol/facts.h"
#include "agent/protocol/json_fields.h"
#include "agent/protocol/sample.h"
#include "app/commission/acceptance.h"
#include "app/commission/burnin.h"
#include "app/fabric/bandwidth_history.h"

namespace fleetdeck::commission {
namespace {

using nlohmann::json;
using protocol::DecodeError;
using protocol::ParamReader;
using protocol::or_null;

constexpr const char* kResultFormat = "fleetdeck-commission";
constexpr int kResultVersion = 1;

std::string utf8(const QString& s) { return s.toStdString(); }
QString qtext(const std::string& s) { return QString::fromStdString(s); }

json qstrings(const QStringList& list) {
    json out = json::array();
    for (const QString& s : list) out.push_back(utf8(s));
    return out;
}

QStringList qstringsFrom(const std::vector<std::string>& list) {
    QStringList out;
    for (const std::string& s : list) out << qtext(s);
    return out;
}

const char* hostKindName(HostSpec::Kind kind) {
    switch (kind) {
    case HostSpec::Kind::Local: return "local";
    case HostSpec::Kind::Ssh: return "ssh";
    case HostSpec::Kind::Simulated: return "simulated";
    }
    return "ssh";
}

constexpr std::array kAllHostStates{HostState::Idle,           HostState::Connecting,     HostState::Connected,
                                     HostState::Stale,          HostState::Offline,        HostState::AuthFailed,
                                     HostState::HostKeyUnknown, HostState::HostKeyChanged, HostState::Incompatible,
                                     HostState::Misbehaving};

std::vector<std::string_view> hostStateNames() {
    static const std::vector<std::string> names = [] {
        std::vector<std::string> n;
        for (HostState s : kAllHostStates) n.push_back(utf8(toString(s)));
        return n;
    }();
    return {names.begin(), names.end()};
}

HostState hostStateNamed(const std::string& name) {
    for (HostState s : kAllHostStates)
        if (utf8(toString(s)) == name) return s;
    return HostState::Idle;
}

// --- writing -------------------------------------------------------------------------------

json hostSpecJson(const HostSpec& s) {
    return json{{"name", utf8(s.name)},
                {"kind", hostKindName(s.kind)},
                {"address", utf8(s.address)},
                {"port", s.port},
                {"user", utf8(s.user)},
                {"simulate_profile", utf8(s.simulateProfile)},
                {"root_dir", utf8(s.rootDir)},
                {"group", utf8(s.group)},
                {"rack", utf8(s.rack)},
                {"rack_unit", s.rackUnit},
                {"rack_height_u", s.rackHeightU},
                {"tags", qstrings(s.tags)},
                {"resident_agent", s.residentAgent},
                {"mesh_address", utf8(s.meshAddress)},
                {"jump_host", utf8(s.jumpHost)}};
}


json pointJson(const BurnInPoint& p) {
    return json{{"t_s", p.t_s},
                {"temp_c", or_null(p.temp_c)},
                {"power_w", or_null(p.power_w)},
                {"power_limit_w", or_null(p.power_limit_w)},
                {"fan_pct", or_null(p.fan_pct)},
                {"util_pct", or_null(p.util_pct)},
                {"sm_clock_mhz", or_null(p.sm_clock_mhz)},
                {"throttle", p.throttle}};
}

json hostBurnInJson(const HostBurnIn& b) {
    json gpus = json::array();
    for (const GpuBurnIn& g : b.gpus) {
        json points = json::array();
        for (const BurnInPoint& p : g.points) points.push_back(pointJson(p));
        gpus.push_back(json{{"index", g.index},
                            {"model", g.model},
                            {"slowdown_c", or_null(g.slowdown_c)},
                            {"sm_clock_max_mhz", or_null(g.sm_clock_max_mhz)},
                            {"points", std::move(points)}});
    }
    json load;  // null: no load command
    if (b.load) {
        load = json{{"started", b.load->started},
                    {"exit_status", or_null(b.load->exitStatus)},
                    {"stopped", b.load->stopped},
                    {"last_lines", qstrings(b.load->lastLines)},
                    {"error", utf8(b.load->error)}};
    }
    return json{{"gpus", std::move(gpus)},
                {"load", std::move(load)},
                {"recorded_s", b.recordedS},
                {"error", utf8(b.error)},
                {"peak_power_w", or_null(b.peakPowerW)},
                {"power_source", utf8(b.powerSource)},
                {"inlet_min_c", or_null(b.inletMinC)},
                {"inlet_max_c", or_null(b.inletMaxC)},
                {"exhaust_max_c", or_null(b.exhaustMaxC)}};
}

json hostJson(const HostResult& h) {
    json j = hostSpecJson(h.spec);
    j["reached"] = h.reached;
    j["failed_state"] = utf8(toString(h.failedState));
    j["error"] = utf8(h.error);
    j["pass"] = h.pass;
    json findings = json::array();
    for (const AcceptanceFinding& f : h.findings) findings.push_back(toJson(f));
    j["findings"] = std::move(findings);
    const auto orNull = [](const std::optional<double>& v) { return v ? json(*v) : json(); };
    j["observed"] = h.observed ? json{{"facts", protocol::to_json(h.observed->facts)},
                                      {"sample", h.observed->sample ? protocol::to_json(*h.observed->sample) : json()},
                                      {"measured", {{"tcp_gbps", orNull(h.observed->tcpGbps)},
                                                    {"rdma_gbps", orNull(h.observed->rdmaGbps)},
                                                    {"nccl_busbw_gbs", orNull(h.observed->ncclBusbwGbs)},
                                                    {"read_mb_per_s", orNull(h.observed->readMbPerS)}}}}
                               : json();
    j["burn_in"] = h.burnIn ? hostBurnInJson(*h.burnIn) : json();
    return j;
}

// --- reading -------------------------------------------------------------------------------

QString qstr(const ParamReader& r, std::string_view key) { return qtext(r.string(key, "")); }

HostSpec hostSpecFrom(const ParamReader& r) {
    HostSpec s;
    s.name = qtext(r.string("name"));
    const std::string kind = r.one_of("kind", {"local", "ssh", "simulated"});
    s.kind = kind == "local" ? HostSpec::Kind::Local : kind == "simulated" ? HostSpec::Kind::Simulated : HostSpec::Kind::Ssh;
    s.address = qstr(r, "address");
    s.port = static_cast<int>(r.integer_in("port", 0, 65535, 0));
    s.user = qstr(r, "user");
    s.simulateProfile = qstr(r, "simulate_profile");
    s.rootDir = qstr(r, "root_dir");
    s.group = qstr(r, "group");
    s.rack = qstr(r, "rack");
    s.rackUnit = static_cast<int>(r.integer_in("rack_unit", 0, 1000, 0));
    s.rackHeightU = static_cast<int>(r.integer_in("rack_height_u", 1, 100, 1));
    s.tags = qstringsFrom(r.optional_strings("tags").value_or(std::vector<std::string>{}));
    s.residentAgent = r.boolean("resident_agent", true);
    s.meshAddress = qstr(r, "mesh_address");
    s.jumpHost = qstr(r, "jump_host");
    return s;
}

AcceptanceFinding findingFrom(const ParamReader& r) {
    AcceptanceFinding f;
    f.severity = r.one_of("severity", {"warning", "critical"}) == "critical" ? FindingSeverity::Critical : FindingSeverity::Warning;
    f.kind = qtext(r.string("kind"));
    f.text = qtext(r.string("text"));
    f.fact = qstr(r, "fact");
    f.gpu = static_cast<int>(r.integer_in("gpu", -1, 1024, -1));
    f.expected = qstr(r, "expected");
    f.actual = qstr(r, "actual");
    return f;
}

BurnInPoint pointFrom(const ParamReader& r) {
    BurnInPoint p;
    p.t_s = r.number("t_s");
    p.temp_c = r.optional_number("temp_c");
    p.power_w = r.optional_number("power_w");
    p.power_limit_w = r.optional_number("power_limit_w");
    p.fan_pct = r.optional_number("fan_pct");
    p.util_pct = r.optional_number("util_pct");
    p.sm_clock_mhz = r.optional_integer("sm_clock_mhz");
    p.throttle = r.optional_strings("throttle", 64).value_or(std::vector<std::string>{});
    return p;
}

HostBurnIn hostBurnInFrom(const ParamReader& r) {
    HostBurnIn b;
    for (const ParamReader& g : r.optional_objects("gpus", 1024)) {
        GpuBurnIn gpu;
        gpu.index = static_cast<int>(g.integer_in("index", 0, 1024));
        gpu.model = g.string("model", "");
        gpu.slowdown_c = g.optional_number("slowdown_c");
        gpu.sm_clock_max_mhz = g.optional_integer("sm_clock_max_mhz");
        for (const ParamReader& p : g.optional_objects("points")) gpu.points.push_back(pointFrom(p));
        b.gpus.push_back(std::move(gpu));
    }
    if (r.has("load") && !r.raw("load").is_null()) {
        const ParamReader l = r.object("load");
        LoadOutcome load;
        load.started = l.boolean("started", false);
        if (const auto status = l.optional_integer("exit_status")) load.exitStatus = static_cast<int>(*status);
        load.stopped = l.boolean("stopped", false);
        load.lastLines = qstringsFrom(l.optional_strings("last_lines").value_or(std::vector<std::string>{}));
        load.error = qstr(l, "error");
        b.load = std::move(load);
    }
    b.recordedS = r.optional_number("recorded_s").value_or(0);
    b.error = qstr(r, "error");
    b.peakPowerW = r.optional_number("peak_power_w");
    b.powerSource = qstr(r, "power_source");
    b.inletMinC = r.optional_number("inlet_min_c");
    b.inletMaxC = r.optional_number("inlet_max_c");
    b.exhaustMaxC = r.optional_number("exhaust_max_c");
    return b;
}

HostResult hostFrom(const ParamReader& r) {
    HostResult h;
    h.spec = hostSpecFrom(r);
    h.reached = r.boolean("reached", false);
    h.failedState = hostStateNamed(r.one_of("failed_state", hostStateNames()));
    h.error = qstr(r, "error");
    h.pass = r.boolean("pass", false);
    for (const ParamReader& f : r.optional_objects("findings")) h.findings.push_back(findingFrom(f));
    if (r.has("observed") && !r.raw("observed").is_null()) {
        const ParamReader o = r.object("observed");
        HostObservation observed;
        observed.facts = protocol::facts_from_json(o.raw("facts"), {}, o.path() + ".facts");
        if (o.has("sample") && !o.raw("sample").is_null())
            observed.sample = protocol::sample_from_json(o.raw("sample"), {}, o.path() + ".sample");
        if (o.has("measured") && !o.raw("measured").is_null()) {
            const ParamReader m = o.object("measured");
            const auto figure = [&m](const char* key) -> std::optional<double> {
                const auto v = m.optional_number(key);
                if (v && (!std::isfinite(*v) || *v < 0 || *v > 1e7)) throw DecodeError(m.path() + "." + key + ": out of range");
                return v;
            };
            observed.tcpGbps = figure("tcp_gbps");
            observed.rdmaGbps = figure("rdma_gbps");
            observed.ncclBusbwGbs = figure("nccl_busbw_gbs");
            observed.readMbPerS = figure("read_mb_per_s");
        }
        h.observed = std::move(observed);
    }
    if (r.has("burn_in") && !r.raw("burn_in").is_null()) h.burnIn = hostBurnInFrom(r.object("burn_in"));
    return h;
}

// A result file keeps each finding in English only (it is the same bytes in every language). The
// findings are judged again from what the file recorded (the spec, each host's facts and sample,
// its burn-in), as the run judged them; where a finding judged now reads exactly as the recorded
// one, its sentence in the user's language is the recorded finding's too. Latency findings (the
// file keeps no matrix) and findings of a FleetDeck that words them differently stay English.
void fillShownTexts(CommissionResult& result) {
    std::map<QString, HostObservation> rack;
    std::map<QString, std::vector<AcceptanceFinding>> judged;
    std::map<QString, HostBurnIn> burnIns;
    for (const HostResult& h : result.hosts) {
        if (!h.reached || !h.observed) continue;
        rack[h.spec.name] = *h.observed;
        if (h.burnIn) burnIns[h.spec.name] = *h.burnIn;
        auto list = checkAgainstSpec(result.spec, *h.observed);
        for (auto& f : healthFindings(*h.observed)) list.push_back(std::move(f));
        judged[h.spec.name] = std::move(list);
    }
    for (auto& [name, list] : oddOneOut(rack, judged))
        for (auto& f : list) judged[name].push_back(std::move(f));
    for (auto& [name, list] : judgeBurnIn(burnIns))
        for (auto& f : list) judged[name].push_back(std::move(f));
    for (HostResult& h : result.hosts) {
        const std::vector<AcceptanceFinding>& again = judged[h.spec.name];
        for (AcceptanceFinding& f : h.findings) {
            const auto same = std::find_if(again.begin(), again.end(),
                                           [&f](const AcceptanceFinding& g) { return g.kind == f.kind && g.text == f.text; });
            if (same != again.end()) f.shownText = same->shownText;
        }
    }
}

}  // namespace

nlohmann::json toJson(const AcceptanceFinding& f) {
    json j{{"severity", utf8(toString(f.severity))}, {"kind", utf8(f.kind)}, {"text", utf8(f.text)}};
    if (!f.fact.isEmpty()) j["fact"] = utf8(f.fact);
    if (f.gpu >= 0) j["gpu"] = f.gpu;
    if (!f.expected.isEmpty()) j["expected"] = utf8(f.expected);
    if (!f.actual.isEmpty()) j["actual"] = utf8(f.actual);
    return j;
}

json feedsJson(const std::vector<PowerFeed>& feeds) {
    json list = json::array();
    for (const PowerFeed& f : feeds)
        list.push_back({{"name", utf8(f.name)}, {"volts", f.volts}, {"amps", f.amps}, {"phases", f.phases}, {"derating", f.derating},
                        {"budget_w", f.budgetW()}});
    return list;
}

json toJson(const CommissionResult& result) {
    json hosts = json::array();
    for (const HostResult& h : result.hosts) hosts.push_back(hostJson(h));
    json burnIn;
    if (result.burnIn) {
        burnIn = json{{"duration_s", result.burnIn->durationS},
                      {"interval_ms", result.burnIn->intervalMs},
                      {"load_command", utf8(result.burnIn->loadCommand)}};
    }
    return json{{"format", kResultFormat},
                {"version", kResultVersion},
                {"pass", result.pass()},
                {"rack", utf8(result.rack)},
                {"spec", json::parse(toJson(result.spec).toStdString())},
                {"spec_source", utf8(result.specSource)},
                {"operator", utf8(result.operatorName)},
                {"started_ms", result.startedMs},
                {"finished_ms", result.finishedMs},
                {"fleetdeck_version", utf8(result.fleetdeckVersion)},
                {"cancelled", result.cancelled},
                {"mesh_round", result.meshRound},
                {"bandwidth", result.bandwidth ? result.bandwidth->toJson() : json()},
                {"read_speed", result.readSpeed ? readSpeedJson(result.dataPath, *result.readSpeed, readSpeedFindings(*result.readSpeed)) : json()},
                {"burn_in", std::move(burnIn)},
                {"feeds", feedsJson(result.feeds)},
                {"hosts", std::move(hosts)}};
}

Result<CommissionResult> commissionResultFromJson(const nlohmann::json& doc) {
    const auto bad = [](const QString& message) { return Problem{ProblemCode::BadInput, message}; };
    if (!doc.is_object() || !doc.contains("format") || doc["format"] != kResultFormat)
        return bad(QStringLiteral("not a commissioning result: \"format\" must be \"%1\"; give the .json file a "
                                  "commissioning run or its report wrote")
                       .arg(QString::fromLatin1(kResultFormat)));
    try {
        const ParamReader r(doc, "commission");
        const std::int64_t version = r.integer("version");
        if (version > kResultVersion)
            return bad(QStringLiteral("commission.version: %1 is newer than this FleetDeck reads (%2); open it with a newer FleetDeck")
                           .arg(version)
                           .arg(kResultVersion));
        CommissionResult result;
        result.rack = qstr(r, "rack");
        if (r.has("spec") && !r.raw("spec").is_null()) {
            const json& spec = r.raw("spec");
            if (!spec.is_object()) throw DecodeError("commission.spec: expected object");
            Result<RackSpec> parsed = rackSpecFromJson(QByteArray::fromStdString(spec.dump()));
            if (!parsed) return bad(QStringLiteral("commission.spec.") + parsed.problem().message);
            result.spec = std::move(parsed).value();
        }
        result.specSource = qstr(r, "spec_source");
        result.operatorName = qstr(r, "operator");
        result.startedMs = r.optional_integer("started_ms").value_or(0);
        result.finishedMs = r.optional_integer("finished_ms").value_or(0);
        result.fleetdeckVersion = qstr(r, "fleetdeck_version");
        for (const ParamReader& f : r.optional_objects("feeds", 16)) {
            PowerFeed feed;
            feed.name = qstr(f, "name");
            feed.volts = f.optional_number("volts").value_or(0);
            feed.amps = f.optional_number("amps").value_or(0);
            feed.phases = static_cast<int>(f.optional_integer("phases").value_or(1));
            feed.derating = f.optional_number("derating").value_or(PowerFeed{}.derating);
            if (!validateFeed(feed)) throw DecodeError("commission.feeds: not a feed " + feed.name.toStdString());
            result.feeds.push_back(feed);
        }
        result.cancelled = r.boolean("cancelled", false);
        result.meshRound = r.boolean("mesh_round", false);
        // The run's matrices, for the report drawn again from this file (NCCL and the data path
        // stay in the file and in each host's measured figures).
        if (r.has("bandwidth") && !r.raw("bandwidth").is_null())
            if (auto tcp = bandwidthMatrixFromJson(r.raw("bandwidth"))) {
                BandwidthRunReport report{std::move(*tcp), bandwidthMatrixFromJson(r.raw("bandwidth"), protocol::kBwKindRdma), std::nullopt};
                if (report.rdma && report.rdma->hosts().empty()) report.rdma.reset();
                result.bandwidth = std::move(report);
            }
        if (r.has("burn_in") && !r.raw("burn_in").is_null()) {
            const ParamReader b = r.object("burn_in");
            BurnInPlan plan;
            plan.durationS = static_cast<int>(b.integer_in("duration_s", 0, 7 * 24 * 3600));
            plan.intervalMs = static_cast<int>(b.integer_in("interval_ms", 1, 3600 * 1000, 1000));
            plan.loadCommand = qstr(b, "load_command");
            result.burnIn = plan;
        }
        for (const ParamReader& h : r.objects("hosts")) result.hosts.push_back(hostFrom(h));
        fillShownTexts(result);
        return result;
    } catch (const DecodeError& e) {
        return bad(QString::fromUtf8(e.what()));
    } catch (const nlohmann::json::exception& e) {
        return bad(QStringLiteral("commission: %1").arg(QString::fromUtf8(e.what())));
    }
}

}  // namespace fleetdeck::commission
