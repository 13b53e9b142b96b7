// A second process for the audit tests: appends to a log the way FleetDeck does, or writes the
// realistic demo log used for screenshots.
//   audit_log_writer LOG KEY append COUNT HOST
//   audit_log_writer LOG KEY demo
#include <cstdio>
#include <string>

#include "tests/audit/audit_demo.h"

int main(int argc, char** argv) {
    if (argc < 4) {
        std::fprintf(stderr, "usage: audit_log_writer LOG KEY append COUNT HOST | demo\n");
        return 2;
    }
    fleetdeck::audit::AuditLog log({argv[1], argv[2]});
    const std::string mode = argv[3];
    if (mode == "demo") {
        const int written = fleetdeck::test::writeDemoLog(log);
        std::printf("%d\n", written);
        return written > 0 ? 0 : 1;
    }
    if (mode != "append" || argc < 6) return 2;
    const int count = std::stoi(argv[4]);
    for (int i = 0; i < count; ++i) {
        const auto result = log.record(fleetdeck::test::sampleEvent(argv[5], i));
        if (!result.ok()) {
            std::fprintf(stderr, "%s\n", result.error->message.c_str());
            return 1;
        }
    }
    return log.flush() ? 1 : 0;
}
