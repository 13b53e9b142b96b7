#include "app/push/push_history.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QStandardPaths>
#include <QUuid>

namespace fleetdeck {

PushHistory::PushHistory(QString path) : path_(std::move(path)) {}

QString PushHistory::defaultPath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/push-history.jsonl");
}

std::optional<QString> PushHistory::append(const PushRecord& record) const {
    QDir().mkpath(QFileInfo(path_).absolutePath());
    QFile file(path_);
    if (!file.open(QIODevice::Append | QIODevice::Text))
        return QStringLiteral("cannot write %1: %2").arg(path_, file.errorString());
    nlohmann::json txns = nlohmann::json::array();
    for (const auto& [host, txn] : record.transactions) txns.push_back({{"host", host.toStdString()}, {"txn", txn.toStdString()}});
    const nlohmann::json line = {{"push_id", record.pushId.toStdString()},
                                 {"time", record.time.toString(Qt::ISODate).toStdString()},
                                 {"profile", record.profile.toStdString()},
                                 {"persistent", record.persistent},
                                 {"transactions", txns}};
    file.write(QByteArray::fromStdString(line.dump()) + '\n');
    return std::nullopt;
}

std::vector<PushRecord> PushHistory::load() const {
    std::vector<PushRecord> out;
    QFile file(path_);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text)) return out;
    while (!file.atEnd()) {
        const auto j = nlohmann::json::parse(file.readLine().toStdString(), nullptr, false);
        if (!j.is_object()) continue;
        PushRecord r;
        r.pushId = QString::fromStdString(j.value("push_id", ""));
        r.time = QDateTime::fromString(QString::fromStdString(j.value("time", "")), Qt::ISODate);
        r.profile = QString::fromStdString(j.value("profile", ""));
        r.persistent = j.value("persistent", false);
        for (const auto& t : j.value("transactions", nlohmann::json::array()))
            r.transactions.emplace_back(QString::fromStdString(t.value("host", "")), QString::fromStdString(t.value("txn", "")));
        out.push_back(std::move(r));
    }
    return out;
}

std::optional<PushRecord> PushHistory::find(const QString& pushId) const {
    for (auto& r : load())
        if (r.pushId == pushId) return r;
    return std::nullopt;
}

PushRecord makePushRecord(const PushOperation& operation, const std::vector<HostPushResult>& results) {
    PushRecord r{operation.pushId, QDateTime::currentDateTimeUtc(), QString::fromStdString(operation.profile.name),
                 operation.persistent, {}};
    for (const auto& h : results)
        if (h.state == HostPushState::Verified && !h.txn.isEmpty()) r.transactions.emplace_back(h.host, h.txn);
    return r;
}

PushOperation rollbackOperation(const PushRecord& record, const QString& newId) {
    PushOperation op;
    op.kind = PushOperation::Kind::Rollback;
    op.pushId = newId;
    op.persistent = record.persistent;
    op.profile.name = "rollback of " + record.pushId.toStdString();
    for (const auto& [host, txn] : record.transactions) op.rollbackTxn[host] = txn;
    return op;
}

QString newPushId() {
    return QDateTime::currentDateTimeUtc().toString(QStringLiteral("'push-'yyyyMMdd-HHmmss-")) +
           QUuid::createUuid().toString(QUuid::Id128).left(6);
}

}  // namespace fleetdeck
