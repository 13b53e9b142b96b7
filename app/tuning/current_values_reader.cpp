#include "app/tuning/current_values_reader.h"

#include <QMetaObject>
#include <QPointer>

#include "app/fleet_monitor.h"
#include "app/problem.h"
#include "agent/protocol/tune_result.h"

namespace fleetdeck::tuning {

protocol::TuneReadParams tuneReadParams(const std::vector<std::string>& ids) { return {ids}; }

CurrentValues currentValuesFrom(const Result<protocol::TuneReadResult>& read) {
    CurrentValues out;
    if (!read) {
        out.unavailable = read.problem().action() == ProblemAction::HideFeature
                              ? kAgentTooOld
                              : "current values unavailable: " + read.problem().message.toStdString();
        return out;
    }
    for (const auto& [id, v] : read->values) {
        nlohmann::json e = {{"value", v.value}, {"origin", "agent"}};
        if (v.code) e["code"] = *v.code;
        if (v.reason) e["reason"] = *v.reason;
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
            if (!session->serves<protocol::methods::TuneRead>()) {
                deliver({nlohmann::json::object(), kAgentTooOld});
                return;
            }
            session->call<protocol::methods::TuneRead>(tuneReadParams(ids),
                                                       [deliver](const Result<protocol::TuneReadResult>& read) {
                                                           deliver(currentValuesFrom(read));
                                                       });
        }, Qt::QueuedConnection);
    };
}

}  // namespace fleetdeck::tuning
