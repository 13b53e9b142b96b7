#include "app/push/push_audit.h"

namespace fleetdeck {

QString toString(PushAuditEvent::Kind kind) {
    switch (kind) {
    case PushAuditEvent::Kind::Plan: return QStringLiteral("plan");
    case PushAuditEvent::Kind::Apply: return QStringLiteral("apply");
    case PushAuditEvent::Kind::Verify: return QStringLiteral("verify");
    case PushAuditEvent::Kind::Rollback: return QStringLiteral("rollback");
    case PushAuditEvent::Kind::Failure: return QStringLiteral("failure");
    case PushAuditEvent::Kind::Recovery: return QStringLiteral("recovery");
    }
    return {};
}

}  // namespace fleetdeck
