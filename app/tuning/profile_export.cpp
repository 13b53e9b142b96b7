#include "app/tuning/profile_export.h"

#include <functional>
#include <map>
#include <sstream>

#include <QSaveFile>

#include "agent/protocol/message.h"
#include "app/tuning/plan_diff.h"

namespace fleetdeck::tuning {
namespace {

bool is_sysctl(const ProfileSetting& s) { return s.id.starts_with("sysctl:"); }
std::string sysctl_key(const ProfileSetting& s) { return s.id.substr(7); }
std::string value_text(const Json& v) { return displayValue(v) == "on" ? "1" : displayValue(v) == "off" ? "0" : displayValue(v); }

std::string header(const TuningProfile& p, const char* what) {
    return "# FleetDeck tuning profile \"" + p.name + "\" (" + what + ")\n# Answers: " + describe(p.answers) + "\n";
}

// YAML double-quoted scalar.
std::string quoted(const std::string& text) {
    std::string out = "\"";
    for (char c : text) {
        if (c == '\n') {
            out += "\\n";
            continue;
        }
        if (c == '"' || c == '\\') out += '\\';
        out += c;
    }
    return out + "\"";
}

}  // namespace

std::string tunedBaseProfile(Shape shape) {
    switch (shape) {
    case Shape::TrainingDistributed:
    case Shape::TrainingSingleNode: return "accelerator-performance";
    case Shape::InferenceLatency: return "latency-performance";
    case Shape::InferenceThroughput: return "throughput-performance";
    }
    return "throughput-performance";
}

std::string exportSysctlD(const TuningProfile& p) {
    std::ostringstream out;
    out << header(p, "sysctl.d") << "# Install as /etc/sysctl.d/90-fleetdeck-" << p.name << ".conf; apply with sysctl --system.\n";
    std::ostringstream others;
    for (const auto& s : p.settings) {
        if (!is_sysctl(s)) {
            others << "#   " << s.id << " = " << value_text(s.value) << "\n";
            continue;
        }
        out << "\n# " << s.rationale << "\n# Source: " << s.source << "\n";
        if (s.atLeast) out << "# Only raise: keep a higher value if the host already has one.\n";
        out << sysctl_key(s) << " = " << value_text(s.value) << "\n";
    }
    if (!others.str().empty())
        out << "\n# Not sysctls (use the tuned or Ansible export, or push from FleetDeck):\n" << others.str();
    return out.str();
}

std::string exportTunedConf(const TuningProfile& p) {
    std::map<std::string, std::vector<std::string>> sections;
    std::vector<std::string> others;
    for (const auto& s : p.settings) {
        const std::string v = value_text(s.value);
        if (s.id == "cpu.governor") sections["cpu"].push_back("governor=" + v);
        else if (s.id == "cpu.epp") sections["cpu"].push_back("energy_performance_preference=" + v);
        else if (s.id == "thp.enabled") sections["vm"].push_back("transparent_hugepages=" + v);
        else if (s.id == "thp.defrag") sections["vm"].push_back("transparent_hugepage.defrag=" + v);
        else if (s.id == "block.read_ahead_kb") sections["disk"].push_back("readahead=" + std::string(s.atLeast ? ">" : "") + v);
        else if (s.id == "block.scheduler") sections["disk"].push_back("elevator=" + v);
        else if (is_sysctl(s)) sections["sysctl"].push_back(sysctl_key(s) + "=" + std::string(s.atLeast ? ">" : "") + v);
        else others.push_back(s.id + " = " + v);
    }
    std::ostringstream out;
    out << header(p, "tuned") << "# Install as /etc/tuned/profiles/fleetdeck-" << p.name << "/tuned.conf (older tuned: /etc/tuned/fleetdeck-"
        << p.name << "/tuned.conf)\n# and run: tuned-adm profile fleetdeck-" << p.name << "\n\n";
    out << "[main]\nsummary=FleetDeck " << p.name << ": " << to_string(p.answers.shape()) << "\ninclude="
        << tunedBaseProfile(p.answers.shape()) << "\n";
    for (const char* name : {"cpu", "vm", "disk", "sysctl"}) {
        const auto it = sections.find(name);
        if (it == sections.end()) continue;
        out << "\n[" << name << "]\n";
        for (const auto& line : it->second) out << line << "\n";
    }
    if (!others.empty()) {
        out << "\n# Not handled by tuned (use the Ansible export, or push from FleetDeck):\n";
        for (const auto& o : others) out << "#   " << o << "\n";
    }
    return out.str();
}

namespace {

struct Playbook {
    std::ostringstream tasks;
    std::map<std::string, std::string> handlers;  // name -> task body

    void task(const std::string& name, const std::string& body, const std::string& notify = {}) {
        tasks << "    - name: " << quoted(name) << "\n" << body;
        if (!notify.empty()) tasks << "      notify: " << quoted(notify) << "\n";
    }
};

void tmpfiles_line(Playbook& pb, const TuningProfile& p, const ProfileSetting& s, const std::string& path) {
    pb.task(s.id + " = " + value_text(s.value) + " (" + s.rationale + ")",
            "      ansible.builtin.lineinfile:\n        path: /etc/tmpfiles.d/fleetdeck-" + p.name + ".conf\n"
            "        regexp: " + quoted("^w " + path + " ") + "\n        line: " +
                quoted("w " + path + " - - - - " + value_text(s.value)) + "\n        create: true\n        mode: \"0644\"\n",
            "apply tmpfiles");
}

void limits_line(Playbook& pb, const ProfileSetting& s, const std::string& item, const std::string& type,
                 const std::string& systemdKey) {
    const std::string v = value_text(s.value);
    pb.task(s.id + " = " + v + " for logins (" + s.rationale + ")",
            "      ansible.builtin.lineinfile:\n        path: /etc/security/limits.d/90-fleetdeck.conf\n        regexp: " +
                quoted("^\\* " + type + " " + item + " ") + "\n        line: " + quoted("* " + type + " " + item + " " + v) +
                "\n        create: true\n        mode: \"0644\"\n");
    pb.task("systemd manager section for " + s.id,
            "      ansible.builtin.lineinfile:\n        path: /etc/systemd/system.conf.d/90-fleetdeck.conf\n"
            "        line: \"[Manager]\"\n        insertbefore: BOF\n        create: true\n        mode: \"0644\"\n");
    pb.task(s.id + " = " + v + " for services",
            "      ansible.builtin.lineinfile:\n        path: /etc/systemd/system.conf.d/90-fleetdeck.conf\n        regexp: " +
                quoted("^" + systemdKey + "=") + "\n        line: " +
                quoted(systemdKey + "=" + (v == "unlimited" ? std::string("infinity") : v)) +
                "\n        insertafter: \"^\\\\[Manager\\\\]\"\n        create: true\n        mode: \"0644\"\n",
            "reload systemd");
}

void udev_rule(Playbook& pb, const TuningProfile& p, const ProfileSetting& s, const std::string& kernels,
               const std::string& attr) {
    pb.task(s.id + " = " + value_text(s.value) + " (" + s.rationale + ")",
            "      ansible.builtin.lineinfile:\n        path: /etc/udev/rules.d/60-fleetdeck-" + p.name + ".rules\n"
            "        regexp: " + quoted(attr) + "\n        line: " +
                quoted("ACTION==\"add|change\", KERNEL==\"" + kernels + "\", ATTR{" + attr + "}=\"" + value_text(s.value) + "\"") +
                "\n        create: true\n        mode: \"0644\"\n",
            "reload udev");
}

void setting_task(Playbook& pb, const TuningProfile& p, const ProfileSetting& s) {
    const std::string v = value_text(s.value);
    if (is_sysctl(s)) {
        pb.task("sysctl " + sysctl_key(s) + " = " + v + " (" + s.rationale + ")",
                "      ansible.posix.sysctl:\n        name: " + sysctl_key(s) + "\n        value: " + quoted(v) +
                    "\n        sysctl_file: /etc/sysctl.d/90-fleetdeck-" + p.name + ".conf\n        reload: true\n");
    } else if (s.id == "thp.enabled") tmpfiles_line(pb, p, s, "/sys/kernel/mm/transparent_hugepage/enabled");
    else if (s.id == "thp.defrag") tmpfiles_line(pb, p, s, "/sys/kernel/mm/transparent_hugepage/defrag");
    else if (s.id == "cpu.governor") tmpfiles_line(pb, p, s, "/sys/devices/system/cpu/cpu*/cpufreq/scaling_governor");
    else if (s.id == "cpu.epp") tmpfiles_line(pb, p, s, "/sys/devices/system/cpu/cpufreq/policy*/energy_performance_preference");
    else if (s.id == "limits.nofile") limits_line(pb, s, "nofile", "hard", "DefaultLimitNOFILE");
    else if (s.id == "limits.memlock") limits_line(pb, s, "memlock", "-", "DefaultLimitMEMLOCK");
    else if (s.id == "block.read_ahead_kb") udev_rule(pb, p, s, "sd[a-z]*|nvme[0-9]*n[0-9]*|vd[a-z]*", "queue/read_ahead_kb");
    else if (s.id == "block.scheduler") udev_rule(pb, p, s, "nvme[0-9]*n[0-9]*", "queue/scheduler");
    else if (s.id == "gpu.persistence") {
        pb.task(std::string("gpu.persistence = ") + v + " (" + s.rationale + ")",
                "      ansible.builtin.systemd:\n        name: nvidia-persistenced\n        enabled: " +
                    std::string(s.value == true ? "true" : "false") + "\n        state: " +
                    std::string(s.value == true ? "started" : "stopped") + "\n");
    } else if (s.id == "gpu.power_limit_w") {
        pb.task("gpu.power_limit_w = " + v + " W (" + s.rationale + ")",
                "      ansible.builtin.command:\n        argv: [nvidia-smi, --power-limit, " + quoted(v) +
                    "]\n      changed_when: true\n");
    } else if (s.id.starts_with("module:")) {
        const std::string module = s.id.substr(7);
        pb.task(s.id + " (" + s.rationale + ")",
                "      ansible.builtin.copy:\n        dest: /etc/modules-load.d/fleetdeck-" + module + ".conf\n        content: " +
                    quoted(module + "\n") + "\n        mode: \"0644\"\n",
                "load " + module);
        pb.handlers["load " + module] =
            "      community.general.modprobe:\n        name: " + module + "\n        state: present\n";
    }
}

}  // namespace

std::string exportAnsiblePlaybook(const TuningProfile& p) {
    Playbook pb;
    pb.handlers["apply tmpfiles"] = "      ansible.builtin.command:\n        argv: [systemd-tmpfiles, --create, " +
                                    quoted("/etc/tmpfiles.d/fleetdeck-" + p.name + ".conf") + "]\n";
    pb.handlers["reload systemd"] = "      ansible.builtin.systemd:\n        daemon_reexec: true\n";
    pb.handlers["reload udev"] = "      ansible.builtin.command:\n        argv: [udevadm, trigger, --subsystem-match=block, --action=change]\n";
    for (const auto& s : p.settings) setting_task(pb, p, s);
    std::ostringstream out;
    out << "---\n" << header(p, "Ansible playbook")
        << "# Run: ansible-playbook -i INVENTORY fleetdeck-" << p.name << ".yml (needs ansible.posix and community.general)\n"
        << "- name: " << quoted("FleetDeck tuning profile " + p.name) << "\n  hosts: all\n  become: true\n  tasks:\n"
        << pb.tasks.str() << "  handlers:\n";
    for (const auto& [name, body] : pb.handlers) out << "    - name: " << quoted(name) << "\n" << body;
    return out.str();
}

std::optional<ExportFormat> exportFormatNamed(const QString& name) {
    if (name == QLatin1String("sysctl.d") || name == QLatin1String("sysctl")) return ExportFormat::SysctlD;
    if (name == QLatin1String("tuned")) return ExportFormat::Tuned;
    if (name == QLatin1String("ansible")) return ExportFormat::Ansible;
    return std::nullopt;
}

std::string exportText(ExportFormat format, TuningProfile profile) {
    if (profile.name.empty()) profile.name = "fleetdeck";
    switch (format) {
    case ExportFormat::SysctlD: return exportSysctlD(profile);
    case ExportFormat::Tuned: return exportTunedConf(profile);
    case ExportFormat::Ansible: return exportAnsiblePlaybook(profile);
    }
    return {};
}

QString suggestedExportFileName(ExportFormat format, const TuningProfile& profile) {
    const QString base = QString::fromStdString(profile.name.empty() ? std::string("fleetdeck") : profile.name);
    switch (format) {
    case ExportFormat::SysctlD: return QStringLiteral("90-fleetdeck-%1.conf").arg(base);
    case ExportFormat::Tuned: return QStringLiteral("tuned.conf");
    case ExportFormat::Ansible: return QStringLiteral("fleetdeck-%1.yml").arg(base);
    }
    return {};
}

TuningProfile profileOfPlans(const std::string& name, const std::vector<TuningPlan>& plans) {
    const TuningAnswers answers = plans.empty() ? TuningAnswers{} : plans.front().answers;
    return makeProfile(name, answers, plans);
}

std::string profileFileText(const TuningProfile& profile) { return protocol::dump_json(toJson(profile), 2) + "\n"; }

std::optional<QString> writeExportFile(const QString& path, const std::string& text) {
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(text.data(), static_cast<qint64>(text.size())) < 0 || !file.commit())
        return QStringLiteral("cannot write %1: %2").arg(path, file.errorString());
    return std::nullopt;
}

}  // namespace fleetdeck::tuning
