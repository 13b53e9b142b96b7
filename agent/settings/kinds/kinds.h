#pragma once

#include <memory>

#include "agent/settings/setting_kind.h"

namespace fleetdeck::agent::settings {

// One factory per setting kind; registry.cpp lists them all.
std::unique_ptr<SettingKind> make_sysctl_setting();
std::unique_ptr<SettingKind> make_thp_setting();
std::unique_ptr<SettingKind> make_cpu_governor_setting();
std::unique_ptr<SettingKind> make_cpu_epp_setting();
std::unique_ptr<SettingKind> make_limits_setting();
std::unique_ptr<SettingKind> make_gpu_persistence_setting();
std::unique_ptr<SettingKind> make_gpu_power_limit_setting();
std::unique_ptr<SettingKind> make_block_read_ahead_setting();
std::unique_ptr<SettingKind> make_block_scheduler_setting();
std::unique_ptr<SettingKind> make_module_tcp_bbr_setting();

}  // namespace fleetdeck::agent::settings
