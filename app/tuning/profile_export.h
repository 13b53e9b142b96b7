#pragma once

#include <optional>
#include <string>
#include <vector>

#include <QString>

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

// The three exports by name, for the wizard's Export menu and `fleetdeck-cli plan --export`.
enum class ExportFormat { SysctlD, Tuned, Ansible };
// "sysctl.d" (or "sysctl"), "tuned", "ansible"; nothing for another word.
std::optional<ExportFormat> exportFormatNamed(const QString& name);
// The text of one export. A profile without a name is exported as "fleetdeck".
std::string exportText(ExportFormat format, TuningProfile profile);
// The file name the wizard suggests: 90-fleetdeck-NAME.conf, tuned.conf, fleetdeck-NAME.yml.
QString suggestedExportFileName(ExportFormat format, const TuningProfile& profile);

// The profile that the plans of several hosts save as, in the wizard and with `plan
// --save-profile`: one profile under `name` covering every host, with the first plan's answers
// and each setting that at least one host can take, at its first host's value (makeProfile()).
TuningProfile profileOfPlans(const std::string& name, const std::vector<TuningPlan>& plans);
// The bytes of a profile file as ProfileStore::save() writes them (and `apply --profile` reads).
std::string profileFileText(const TuningProfile& profile);
// Writes `text` to `path` (atomically: a reader never sees half of it); an error sentence when it
// cannot.
std::optional<QString> writeExportFile(const QString& path, const std::string& text);

// The tuned profile a workload shape builds on (accelerator-performance, latency-performance, ...).
std::string tunedBaseProfile(Shape shape);

}  // namespace fleetdeck::tuning
