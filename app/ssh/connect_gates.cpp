#include "app/ssh/connect_gates.h"

#include <QRegularExpression>

#include "app/ssh/ssh_connect.h"

namespace fleetdeck::ssh {

QString ConnectGates::gatewayOf(const ConnectPlan& plan) {
    if (!plan.proxyJump.isEmpty())
        return QStringLiteral("jump ") + plan.proxyJump.section(QLatin1Char(','), 0, 0).trimmed().toLower();
    if (!plan.proxyCommand.isEmpty()) {
        QString command = plan.proxyCommand;
        if (!plan.host.isEmpty()) command.replace(plan.host, QStringLiteral("%h"));
        command.replace(QRegularExpression(QStringLiteral("\\b%1\\b").arg(plan.port)), QStringLiteral("%p"));
        return QStringLiteral("command ") + command;
    }
    return {};
}

ConnectGates& ConnectGates::instance() {
    static ConnectGates* gates = new ConnectGates;  // lives for the process, as the connect pool does
    return *gates;
}

ConnectGates::Slot::~Slot() {
    if (gates_) gates_->leave(gateway_);
}

std::optional<ConnectGates::Slot> ConnectGates::tryEnter(const QString& gateway) {
    if (gateway.isEmpty()) return Slot(nullptr, {});
    std::lock_guard lock(mutex_);
    int& n = inFlight_[gateway];
    if (n >= perGateway_) return std::nullopt;
    ++n;
    return Slot(this, gateway);
}

int ConnectGates::inFlight(const QString& gateway) const {
    std::lock_guard lock(mutex_);
    const auto it = inFlight_.find(gateway);
    return it == inFlight_.end() ? 0 : it->second;
}

void ConnectGates::leave(const QString& gateway) {
    std::lock_guard lock(mutex_);
    const auto it = inFlight_.find(gateway);
    if (it == inFlight_.end()) return;
    if (--it->second <= 0) inFlight_.erase(it);
}

}  // namespace fleetdeck::ssh
