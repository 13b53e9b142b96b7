#include "app/audit/audit_witness.h"

#include <cstdio>
#include <ctime>

#include <algorithm>
#include <set>

namespace fleetdeck::audit {
namespace {

std::string shortHash(const std::string& hash) {
    return hash.substr(0, 12) + (hash.size() > 12 ? "..." : "");
}

std::string saw(const Witness& w) {
    return w.host + " witnessed entry " + std::to_string(w.seq) + " (hash " + shortHash(w.hash) + ")" +
           (w.timeUtc.empty() ? "" : " at " + w.timeUtc);
}

}  // namespace

std::vector<WitnessFinding> compareWithWitnesses(const VerifyReport& report, const std::vector<Witness>& witnesses) {
    std::vector<WitnessFinding> findings;
    const std::int64_t localEnd = std::max(report.lastSeqInFile, report.verified.seq);
    for (const Witness& w : witnesses) {
        WitnessFinding f{w, WitnessFinding::Status::Confirmed, localEnd, {}};
        const auto local = report.hashesAt.find(w.seq);
        if (w.seq > localEnd) {
            f.status = WitnessFinding::Status::Beyond;
            f.sentence = saw(w) + ", but the local log ends at entry " + std::to_string(localEnd) + ": entries " +
                         std::to_string(localEnd + 1) + "-" + std::to_string(w.seq) + " were removed";
        } else if (local == report.hashesAt.end()) {
            f.status = WitnessFinding::Status::Unverifiable;
            f.sentence = saw(w) + ", which lies past the local damage and cannot be compared";
        } else if (local->second != w.hash) {
            f.status = WitnessFinding::Status::Mismatch;
            f.sentence = saw(w) + ", but the local entry " + std::to_string(w.seq) + " has hash " +
                         shortHash(local->second) + ": the local log was rolled back or rewritten after that";
        } else {
            f.sentence = saw(w) + ": matches";
        }
        findings.push_back(std::move(f));
    }
    return findings;
}

std::optional<Damage> witnessDamage(const std::vector<WitnessFinding>& findings) {
    std::optional<Damage> first;
    for (const WitnessFinding& f : findings) {
        std::optional<Damage> d;
        if (f.status == WitnessFinding::Status::Beyond) {
            d = Damage{DamageKind::Truncated, 0, f.localEnd + 1, f.sentence};
        } else if (f.status == WitnessFinding::Status::Mismatch) {
            d = Damage{DamageKind::Modified, 0, f.witness.seq, f.sentence};
        }
        if (d && (!first || *d->seq < *first->seq)) first = d;
    }
    return first;
}

std::variant<WitnessedReport, AuditError> verifyAgainstWitnesses(const std::string& path, const AuditKey& key,
                                                                const std::vector<Witness>& witnesses) {
    std::set<std::int64_t> wanted;
    for (const Witness& w : witnesses) wanted.insert(w.seq);
    auto verified = verifyLog(path, key, wanted);
    if (auto* error = std::get_if<AuditError>(&verified)) return *error;
    WitnessedReport out{std::get<VerifyReport>(std::move(verified)), {}};
    out.findings = compareWithWitnesses(out.report, witnesses);
    if (auto witnessed = witnessDamage(out.findings)) {
        const auto& local = out.report.damage;
        const std::int64_t localSeq = local && local->seq ? *local->seq : INT64_MAX;
        if (!local || *witnessed->seq < localSeq) out.report.damage = witnessed;
    }
    return out;
}

namespace {

std::string utcFromMs(std::int64_t ms) {
    const std::time_t seconds = static_cast<std::time_t>(ms / 1000);
    std::tm tm{};
    gmtime_r(&seconds, &tm);
    char text[64];
    std::snprintf(text, sizeof text, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                  tm.tm_hour, tm.tm_min, tm.tm_sec, static_cast<int>(ms % 1000));
    return text;
}

}  // namespace

std::optional<std::vector<Witness>> witnessesFromJournal(const std::string& host, const Json& journal,
                                                         std::string* why) {
    const auto entries = journal.find("entries");
    if (!journal.is_object() || entries == journal.end() || !entries->is_array()) {
        if (why) *why = "journal.read result: expected an object with an \"entries\" array";
        return std::nullopt;
    }
    return witnessesFromJournal(host, entries->get<std::vector<Json>>(), why);
}

std::optional<std::vector<Witness>> witnessesFromJournal(const std::string& host, const std::vector<Json>& entries,
                                                         std::string* why) {
    std::vector<Witness> witnesses;
    for (std::size_t i = 0; i < entries.size(); ++i) {
        const Json& entry = entries[i];
        if (entry.is_object() && entry.contains("type") && entry["type"] == "witness") {
            // The agent's record (docs/protocol.md, journal.append_witness): audit_seq, audit_hash, time_ms.
            if (!entry.contains("audit_seq") || !entry["audit_seq"].is_number_integer() || !entry.contains("audit_hash") ||
                !entry["audit_hash"].is_string()) {
                if (why) *why = "journal.read result: entries[" + std::to_string(i) + "]: a witness needs audit_seq and audit_hash";
                return std::nullopt;
            }
            Witness w{host, entry["audit_seq"].get<std::int64_t>(), entry["audit_hash"].get<std::string>(), {}};
            if (entry.contains("time_ms") && entry["time_ms"].is_number_integer())
                w.timeUtc = utcFromMs(entry["time_ms"].get<std::int64_t>());
            witnesses.push_back(std::move(w));
            continue;
        }
        if (!entry.is_object() || !entry.contains("audit_head")) continue;
        const Json& head = entry["audit_head"];
        if (!head.is_object() || !head.contains("seq") || !head["seq"].is_number_integer() ||
            !head.contains("hash") || !head["hash"].is_string()) {
            if (why) *why = "journal.read result: entries[" + std::to_string(i) + "].audit_head: expected {seq, hash}";
            return std::nullopt;
        }
        Witness w{host, head["seq"].get<std::int64_t>(), head["hash"].get<std::string>(), {}};
        if (entry.contains("time") && entry["time"].is_string()) w.timeUtc = entry["time"].get<std::string>();
        witnesses.push_back(std::move(w));
    }
    return witnesses;
}

}  // namespace fleetdeck::audit
