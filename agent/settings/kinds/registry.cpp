#include "agent/settings/kinds/kinds.h"

namespace fleetdeck::agent::settings {

// Every setting kind the engine can change, in one explicit list. An id no kind handles cannot be
// applied even if the catalogue knows it.
const std::vector<std::unique_ptr<SettingKind>>& setting_kinds() {
    static const std::vector<std::unique_ptr<SettingKind>> kinds = [] {
        std::vector<std::unique_ptr<SettingKind>> k;
        k.push_back(make_sysctl_setting());
        k.push_back(make_thp_setting());
        k.push_back(make_cpu_governor_setting());
        k.push_back(make_cpu_epp_setting());
        k.push_back(make_limits_setting());
        k.push_back(make_gpu_persistence_setting());
        k.push_back(make_gpu_power_limit_setting());
        k.push_back(make_block_read_ahead_setting());
        k.push_back(make_block_scheduler_setting());
        k.push_back(make_module_tcp_bbr_setting());
        return k;
    }();
    return kinds;
}

}  // namespace fleetdeck::agent::settings
