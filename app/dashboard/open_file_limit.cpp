#include "app/dashboard/open_file_limit.h"

#include <sys/resource.h>

namespace fleetdeck {

long raiseOpenFileLimit() {
    rlimit limit{};
    if (::getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    if (limit.rlim_cur < limit.rlim_max) {
        limit.rlim_cur = limit.rlim_max;
        if (::setrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    }
    return static_cast<long>(limit.rlim_cur);
}

}  // namespace fleetdeck
