#pragma once

#include <string>
#include <vector>

#include "app/audit/audit_log.h"

namespace fleetdeck::test {

// A realistic history: pushes of sysctl, CPU governor and GPU settings to a rack of GPU servers
// over the last few days, with plan, apply and verify steps, one failed apply that was rolled
// back, and two operators. Times end a few minutes before now. Returns the number of entries.
int writeDemoLog(audit::AuditLog& log);

// One plain event for host `host`, for tests that need many entries.
audit::AuditEvent sampleEvent(const std::string& host, int n);

}  // namespace fleetdeck::test
