#include "tests/support/process_memory.h"

#include <fstream>
#include <string>

namespace fleetdeck::test {

std::int64_t residentBytes() {
    std::ifstream status("/proc/self/status");
    std::string key;
    while (status >> key) {
        if (key == "VmRSS:") {
            std::int64_t kib = 0;
            status >> kib;
            return kib * 1024;
        }
        status.ignore(1 << 16, '\n');
    }
    return 0;
}

}  // namespace fleetdeck::test
