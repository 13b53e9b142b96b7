#include "app/tuning/current_values_reader.h"

#include <QMetaObject>
#include <QPointer>

#include "app/fleet_monitor.h"

namespace fleetdeck::tuning {

nlohmann::json tuneReadParams(const std::vector<std::string>& ids) { return {{"settings", ids}}; }

CurrentValues currentValuesFromReply(const Reply& reply) {
    CurrentValues out;
    if (!reply.ok()) {
        out.unavailable = reply.error->code == protocol::ErrorCode::MethodNotFound
                              ? kAgentTooOld
                              : "current values unavailable: " + reply.error->message;
        return out;
    }
    const nlohmann::json& values = reply.result.contains("values") ? reply.result["values"] : reply.result;
    if (!values.is_object()) {
        out.unavailable = "current values unavailable: the agent's tune.read answer has no values object";
        return out;
    }
    for (const auto& [id, v] : values.items()) {
        nlohmann::json e = v.is_object() ? v : nlohmann::json{{"value", v}};
        e["origin"] = "agent";
        out.values[id] = std::move(e);
    }
    return out;
}

ReadCurrentValues readThroughFleet(FleetMonitor& monitor, QObject* context) {
    QPointer<QObject> guard(context);
    return [&monitor, guard](const QString& host, const std::vector<std::string>& ids, std::function<void(CurrentValues)> done) {
        const auto deliver = [guard, done](CurrentValues values) {
            if (!guard) return;
            QMetaObject::invokeMethod(guard.data(), [done, values] { done(values); }, Qt::QueuedConnection);
        };
        QMetaObject::invokeMethod(&monitor, [&monitor, host, ids, deliver] {
            HostSession* session = monitor.session(host);
            if (!session || session->state() != HostState::Connected) {
                deliver({nlohmann::json::object(), "current values unavailable: " + host.toStdString() + " is not connected"});
                return;
            }
            if (!session->hello().capabilities.contains(QStringLiteral("tune.read"))) {
                deliver({nlohmann::json::object(), kAgentTooOld});
                return;
            }
            session->request(QStringLiteral("tune.read"), tuneReadParams(ids),
                             [deliver](const Reply& reply) { deliver(currentValuesFromReply(reply)); });
        }, Qt::QueuedConnection);
    };
}

}  // namespace fleetdeck::tuning
