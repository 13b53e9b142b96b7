#include "tests/audit/audit_demo.h"

#include <chrono>
#include <deque>

#include <QDateTime>

namespace fleetdeck::test {
namespace {

using audit::AuditAction;
using audit::AuditEvent;
using audit::AuditOutcome;
using audit::Json;

struct Change {
    const char* setting;
    Json before;
    Json after;
};

const Change kChanges[] = {
    {"sysctl.vm.swappiness", 60, 10},
    {"sysctl.net.core.somaxconn", 4096, 65535},
    {"sysctl.net.ipv4.tcp_congestion_control", "cubic", "bbr"},
    {"sysctl.vm.max_map_count", 65530, 1048576},
    {"sysfs.kernel.mm.transparent_hugepage.enabled", "always", "madvise"},
    {"cpu.governor", "powersave", "performance"},
    {"gpu.persistence_mode", "off", "on"},
};

audit::AuditHost host(int n) {
    static const char* kKeys[] = {"SHA256:q3Zl7Yb1x0Vf8wK2mD9sPpT4cNnR6eUaHjLgBiXoWk0", "SHA256:Jd8vF2kQ9mZ1rT5yW0sLxC3bN7hG4pE6aUoKiMnRt2s",
                                  "SHA256:7hGqW1eR3tY5uI9oP2aS4dF6gH8jK0lZxCvBnMq1w3E", "SHA256:Lp0oK9iJ8uH7yG6tF5rD4eS3wA2qZ1xC0vB9nM8bV7c"};
    return audit::AuditHost{"gpu-0" + std::to_string(n), "10.20.0." + std::to_string(10 + n), std::string(kKeys[n % 4])};
}

audit::AuditOperator maria() {
    return {"maria@ops-laptop", std::string("Maria Okafor")};
}
audit::AuditOperator deploy() {
    return {"deploy@jump-01", std::nullopt};
}

AuditEvent step(const audit::AuditOperator& op, int h, AuditAction action, const std::string& txn, const Change& c,
                AuditOutcome result, std::string message) {
    AuditEvent e;
    e.op = op;
    e.host = host(h);
    e.action = action;
    e.transaction = txn;
    e.setting = c.setting;
    e.before = c.before;
    e.after = c.after;
    e.result = result;
    e.message = std::move(message);
    return e;
}

// One push of `count` changes to host h; the change at `failAt` (if any) fails and everything
// written before it is rolled back.
void push(std::vector<AuditEvent>& out, const audit::AuditOperator& op, int h, const std::string& txn, int count,
          int failAt = -1) {
    for (int i = 0; i < count; ++i) out.push_back(step(op, h, AuditAction::Plan, txn, kChanges[i], AuditOutcome::Ok, "planned from profile 'training, multi-GPU'"));
    for (int i = 0; i < count; ++i) {
        if (i == failAt) {
            out.push_back(step(op, h, AuditAction::Failure, txn, kChanges[i], AuditOutcome::Failed,
                               "write refused: permission denied (sudo needed on " + host(h).name + ")"));
            for (int j = i - 1; j >= 0; --j)
                out.push_back(step(op, h, AuditAction::Rollback, txn, {kChanges[j].setting, kChanges[j].after, kChanges[j].before},
                                   AuditOutcome::RolledBack, "restored the value from before the push"));
            return;
        }
        out.push_back(step(op, h, AuditAction::Apply, txn, kChanges[i], AuditOutcome::Ok, "written"));
        out.push_back(step(op, h, AuditAction::Verify, txn, kChanges[i], AuditOutcome::Ok, "read back the new value"));
    }
}

}  // namespace

AuditEvent sampleEvent(const std::string& hostName, int n) {
    AuditEvent e;
    e.op = audit::AuditOperator{"tester@ci", std::nullopt};
    e.host = audit::AuditHost{hostName, "10.0.0.1", std::nullopt};
    e.action = AuditAction::Apply;
    e.transaction = "tx-" + std::to_string(n);
    e.setting = "sysctl.vm.swappiness";
    e.before = 60;
    e.after = n;
    e.message = "written";
    return e;
}

int writeDemoLog(audit::AuditLog& log) {
    std::vector<std::vector<AuditEvent>> pushes(6);
    push(pushes[0], maria(), 1, "tx-7f3a91", 4);
    push(pushes[1], maria(), 2, "tx-7f3a92", 4);
    push(pushes[2], deploy(), 3, "tx-81c0d4", 6);
    push(pushes[3], maria(), 4, "tx-9e22b7", 7);
    push(pushes[4], maria(), 6, "tx-a01f3c", 3);
    push(pushes[5], deploy(), 5, "tx-b5c0d5", 5, 3);
    // Pushes a few hours apart over the last three days; steps within a push a second apart.
    QDateTime at = QDateTime::currentDateTimeUtc().addDays(-3);
    int total = 0;
    for (const auto& events : pushes) {
        at = at.addSecs(11 * 3600 + 17 * 60);
        std::deque<std::string> times;
        for (std::size_t i = 0; i < events.size(); ++i)
            times.push_back(at.addMSecs(static_cast<qint64>(i) * 1137).toString(QStringLiteral("yyyy-MM-ddTHH:mm:ss.zzzZ")).toStdString());
        log.setClock([&times] {
            std::string t = times.front();
            times.pop_front();
            return t;
        });
        if (!log.recordAll(events).ok()) return -1;
        total += static_cast<int>(events.size());
    }
    log.setClock(audit::nowUtcIso);
    return log.flush() ? -1 : total;
}

}  // namespace fleetdeck::test
