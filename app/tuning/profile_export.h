#pragma once

#include <string>

#include "app/tuning/tuning_profile.h"

namespace fleetdeck::tuning {

// A profile for configuration systems that already run at scale. Each export carries every
// setting it can express and lists the rest as comments, so nothing is dropped silently.

// /etc/sysctl.d/90-fleetdeck-NAME.conf: the sysctl:* settings.
std::string exportSysctlD(const TuningProfile& profile);
// /etc/tuned/profiles/fleetdeck-NAME/tuned.conf: [main] include= the tuned profile closest to
// the workload shape, then [cpu], [vm], [disk] and [sysctl].
std::string exportTunedConf(const TuningProfile& profile);
// An Ansible playbook (ansible.posix.sysctl, ansible.builtin.lineinfile/copy/systemd) applying
// every setting, with handlers that make tmpfiles, udev and module changes take effect now.
std::string exportAnsiblePlaybook(const TuningProfile& profile);

// The tuned profile a workload shape builds on (accelerator-performance, latency-performance, ...).
std::string tunedBaseProfile(Shape shape);

}  // namespace fleetdeck::tuning
