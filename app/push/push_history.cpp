#include "app/push/push_history.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>

#include <QRandomGenerator>
#include <QCoreApplication>
#include <QStandardPaths>

namespace fleetdeck {
namespace {

// The time now in UTC, as strftime(3) formats it.
std::string utcNow(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm utc{};
    gmtime_r(&now, &utc);
    char text[64];
    return std::string(text, std::strftime(text, sizeof text, format, &utc));
}

}  // namespace

PushHistory::PushHistory(std::string path) : path_(std::move(path)) {}

std::string PushHistory::defaultPath() {
    // AppDataLocation without the organization: the desktop app names one, the command line does
    // not, and both use the same files.
    return (QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation) + QLatin1Char('/') + QCoreApplication::applicationName()).toStdString() + "/push-history.jsonl";
}

std::optional<std::string> PushHistory::append(const PushRecord& record) const {
    const std::filesystem::path path(path_);
    std::error_code ignored;
    if (path.has_parent_path()) std::filesystem::create_directories(path.parent_path(), ignored);
    std::ofstream file(path, std::ios::app);
    if (!file) return "cannot write " + path_ + ": " + std::strerror(errno);
    nlohmann::json txns = nlohmann::json::array();
    for (const auto& [host, txn] : record.transactions) txns.push_back({{"host", host}, {"txn", txn}});
    const nlohmann::json line = {{"push_id", record.pushId},
                                 {"time", record.timeUtc},
                                 {"profile", record.profile},
                                 {"persistent", record.persistent},
                                 {"transactions", txns}};
    file << line.dump() << '\n';
    file.flush();
    if (!file) return "cannot write " + path_ + ": " + std::strerror(errno);
    return std::nullopt;
}

std::vector<PushRecord> PushHistory::load() const {
    std::vector<PushRecord> out;
    std::ifstream file(path_);
    for (std::string text; std::getline(file, text);) {
        const auto j = nlohmann::json::parse(text, nullptr, false);
        if (!j.is_object()) continue;
        PushRecord r;
        r.pushId = j.value("push_id", "");
        r.timeUtc = j.value("time", "");
        r.profile = j.value("profile", "");
        r.persistent = j.value("persistent", false);
        for (const auto& t : j.value("transactions", nlohmann::json::array()))
            r.transactions.emplace_back(t.value("host", ""), t.value("txn", ""));
        out.push_back(std::move(r));
    }
    return out;
}

std::optional<PushRecord> PushHistory::find(const std::string& pushId) const {
    for (auto& r : load())
        if (r.pushId == pushId) return r;
    return std::nullopt;
}

PushRecord makePushRecord(const PushOperation& operation, const std::vector<HostPushResult>& results) {
    PushRecord r{operation.pushId, utcNow("%Y-%m-%dT%H:%M:%SZ"), operation.profile.name, operation.persistent, {}};
    for (const auto& h : results)
        if (h.state == HostPushState::Verified && !h.txn.empty()) r.transactions.emplace_back(h.host, h.txn);
    return r;
}

PushOperation rollbackOperation(const PushRecord& record, const std::string& newId) {
    PushOperation op;
    op.kind = PushOperation::Kind::Rollback;
    op.pushId = newId;
    op.persistent = record.persistent;
    op.profile.name = "rollback of " + record.pushId;
    for (const auto& [host, txn] : record.transactions) op.rollbackTxn[host] = txn;
    return op;
}

std::string newPushId() {
    char suffix[8];
    std::snprintf(suffix, sizeof suffix, "%06x", QRandomGenerator::system()->bounded(1u << 24));
    return utcNow("push-%Y%m%d-%H%M%S-") + suffix;
}

}  // namespace fleetdeck
