#include "agent/facts_software.h"

#include <algorithm>
#include <cctype>

#include <dirent.h>
#include <sys/utsname.h>

#include "agent/json/json.h"

namespace fleetdeck::agent {
namespace {

// Where binaries are installed by packages and by hand.
constexpr std::string_view kBinaryDirs[] = {"/usr/bin", "/usr/local/bin", "/usr/sbin"};

// At most `max` entry names of a directory, sorted: RootFs::list reads a directory whole.
std::vector<std::string> software_dir_names(const RootFs& fs, std::string_view dir, std::size_t max) {
    std::vector<std::string> names;
    DIR* d = ::opendir(fs.path(dir).c_str());
    if (!d) return names;
    while (const dirent* e = ::readdir(d)) {
        const std::string_view name = e->d_name;
        if (name == "." || name == "..") continue;
        if (names.size() >= max) break;
        names.emplace_back(name);
    }
    ::closedir(d);
    std::sort(names.begin(), names.end());
    return names;
}

// Digits and dots, as the protocol accepts a version ("12.4.1"); anything else is not reported.
bool plain_version(std::string_view v) {
    if (v.empty() || v.size() > 32 || v.front() == '.' || v.back() == '.') return false;
    for (std::size_t i = 0; i < v.size(); ++i) {
        if (v[i] == '.' && v[i - 1] == '.') return false;
        if (v[i] != '.' && !std::isdigit(static_cast<unsigned char>(v[i]))) return false;
    }
    return true;
}

void keep_highest(std::optional<std::string>& best, std::string candidate) {
    if (!plain_version(candidate)) return;
    if (!best || version_less(*best, candidate)) best = std::move(candidate);
}

// --- kernel preemption ---

std::optional<std::string> preempt_word(std::string_view word) {
    if (word == "none" || word == "voluntary" || word == "full") return std::string(word);
    return std::nullopt;  // "lazy" (6.12+) has no word of its own in the protocol
}

// "none voluntary (full) lazy" -> "full".
std::optional<std::string> debugfs_preempt(const RootFs& fs) {
    const auto line = fs.read_line("/sys/kernel/debug/sched/preempt");
    if (!line) return std::nullopt;
    const auto open = line->find('('), close = line->find(')');
    if (open == std::string::npos || close == std::string::npos || close < open) return std::nullopt;
    return preempt_word(std::string_view(*line).substr(open + 1, close - open - 1));
}

std::optional<std::string> kernel_version_string(const RootFs& fs) {
    if (auto v = fs.read_line("/proc/sys/kernel/version"); v && !v->empty()) return v;
    if (auto v = fs.read_line("/proc/version"); v && !v->empty()) return v;
    if (!fs.is_live()) return std::nullopt;
    utsname u{};
    if (::uname(&u) != 0) return std::nullopt;
    return std::string(u.version);
}

// preempt=full on the kernel command line (PREEMPT_DYNAMIC kernels only).
std::optional<std::string> cmdline_preempt(const RootFs& fs) {
    const auto line = fs.read_line("/proc/cmdline");
    if (!line) return std::nullopt;
    for (const auto word : split_ws(*line))
        if (word.starts_with("preempt=")) return preempt_word(word.substr(8));
    return std::nullopt;
}

// The preemption model the kernel was built with (a dynamic kernel's default): /boot/config-RELEASE.
std::optional<std::string> boot_config_preempt(const RootFs& fs, const SoftwareFactsLimits& limits) {
    const auto release = fs.read_line("/proc/sys/kernel/osrelease");
    if (!release || release->empty() || release->find('/') != std::string::npos) return std::nullopt;
    const auto config = fs.read("/boot/config-" + *release, limits.max_file_bytes);
    if (!config) return std::nullopt;
    std::optional<std::string> model;
    for_each_line(*config, [&model](std::string_view line) {
        if (line == "CONFIG_PREEMPT_RT=y") model = "rt";
        else if (line == "CONFIG_PREEMPT=y" && model != "rt") model = "full";
        else if (line == "CONFIG_PREEMPT_VOLUNTARY=y" && !model) model = "voluntary";
        else if (line == "CONFIG_PREEMPT_NONE=y" && !model) model = "none";
    });
    return model;
}

bool has_word(std::string_view text, std::string_view word) {
    const auto words = split_ws(text);
    return std::find(words.begin(), words.end(), word) != words.end();
}

// --- CUDA ---

std::optional<std::string> toolkit_version_in(const RootFs& fs, const std::string& dir, const SoftwareFactsLimits& limits) {
    if (const auto text = fs.read(dir + "/version.json", limits.max_file_bytes)) {
        const auto doc = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
        if (doc.is_object() && doc.contains("cuda") && doc["cuda"].is_object()) {
            const auto& version = doc["cuda"].value("version", nlohmann::json());
            if (version.is_string()) return version.get<std::string>();
        }
    }
    // CUDA 10 and 11.0: "CUDA Version 11.0.228".
    if (const auto line = fs.read_line(dir + "/version.txt")) {
        const auto words = split_ws(*line);
        if (!words.empty()) return std::string(words.back());
    }
    // A toolkit assembled from NVIDIA's pip wheels has neither file: the runtime header says
    // "#define CUDART_VERSION  13000" (major × 1000 + minor × 10) in its first few hundred lines.
    if (const auto header = fs.read(dir + "/include/cuda_runtime_api.h", 64 * 1024)) {
        std::optional<std::string> version;
        for_each_line(*header, [&version](std::string_view line) {
            const auto words = split_ws(line);
            if (version || words.size() < 3 || words[0] != "#define" || words[1] != "CUDART_VERSION") return;
            if (const auto v = parse_int(words[2]); v && *v > 0 && *v < 1000000) version = cuda_version_text(static_cast<int>(*v));
        });
        return version;
    }
    return std::nullopt;
}

std::vector<std::string> cuda_install_dirs(const RootFs& fs, const SoftwareFactsLimits& limits) {
    std::vector<std::string> dirs;
    for (const auto& name : software_dir_names(fs, "/usr/local", limits.max_dir_entries)) {
        if (name != "cuda" && !name.starts_with("cuda-")) continue;
        if (dirs.size() >= limits.max_cuda_installs) break;
        dirs.push_back("/usr/local/" + name);
    }
    return dirs;
}

// #define CUDNN_MAJOR 9 / CUDNN_MINOR 1 / CUDNN_PATCHLEVEL 0 -> "9.1.0".
std::optional<std::string> cudnn_from_header(std::string_view text) {
    std::optional<std::string> major, minor, patch;
    for_each_line(text, [&](std::string_view line) {
        const auto words = split_ws(line);
        if (words.size() < 3 || words[0] != "#define") return;
        if (!parse_int(words[2])) return;
        if (words[1] == "CUDNN_MAJOR") major = std::string(words[2]);
        else if (words[1] == "CUDNN_MINOR") minor = std::string(words[2]);
        else if (words[1] == "CUDNN_PATCHLEVEL") patch = std::string(words[2]);
    });
    if (!major || !minor) return std::nullopt;
    return *major + "." + *minor + (patch ? "." + *patch : "");
}

// "libcudnn.so.9.1.0" -> "9.1.0"; "libcudnn.so.9" (the soname link) gives only the major.
std::optional<std::string> cudnn_from_library_name(std::string_view name) {
    constexpr std::string_view prefix = "libcudnn.so.";
    if (!name.starts_with(prefix)) return std::nullopt;
    return std::string(name.substr(prefix.size()));
}

std::optional<std::string> cudnn_version(const RootFs& fs, const std::vector<std::string>& cuda_dirs,
                                         const SoftwareFactsLimits& limits) {
    std::vector<std::string> include_dirs = {"/usr/include", "/usr/include/x86_64-linux-gnu", "/usr/include/aarch64-linux-gnu"};
    for (const auto& dir : cuda_dirs) include_dirs.push_back(dir + "/include");
    std::optional<std::string> best;
    for (const auto& dir : include_dirs)
        for (const char* header : {"/cudnn_version.h", "/cudnn.h"})  // cuDNN 7 and older: cudnn.h
            if (const auto text = fs.read(dir + header, limits.max_file_bytes))
                if (auto v = cudnn_from_header(*text)) keep_highest(best, std::move(*v));
    if (best) return best;
    std::vector<std::string> library_dirs = {"/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64"};
    for (const auto& dir : cuda_dirs) library_dirs.push_back(dir + "/lib64");
    for (const auto& dir : library_dirs)
        for (const auto& name : software_dir_names(fs, dir, limits.max_dir_entries))
            if (auto v = cudnn_from_library_name(name)) keep_highest(best, std::move(*v));
    return best;
}

// --- containers ---

bool any_binary(const RootFs& fs, std::initializer_list<std::string_view> names) {
    for (const auto dir : kBinaryDirs)
        for (const auto name : names)
            if (fs.exists(std::string(dir) + "/" + std::string(name))) return true;
    return false;
}

// "runtimes": {"nvidia": {"path": "nvidia-container-runtime"}} in /etc/docker/daemon.json.
bool docker_has_nvidia_runtime(const RootFs& fs, const SoftwareFactsLimits& limits) {
    const auto text = fs.read("/etc/docker/daemon.json", limits.max_file_bytes);
    if (!text) return false;
    const auto doc = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
    if (!doc.is_object()) return false;
    if (const auto runtime = doc.value("default-runtime", nlohmann::json()); runtime.is_string() &&
                                                                               runtime.get<std::string>().find("nvidia") != std::string::npos)
        return true;
    const auto runtimes = doc.value("runtimes", nlohmann::json());
    if (!runtimes.is_object()) return false;
    for (const auto& [name, runtime] : runtimes.items()) {
        if (name.find("nvidia") != std::string::npos) return true;
        if (runtime.is_object() && runtime.value("path", nlohmann::json()).is_string() &&
            runtime["path"].get<std::string>().find("nvidia") != std::string::npos)
            return true;
    }
    return false;
}

std::int64_t cdi_spec_count(const RootFs& fs, const SoftwareFactsLimits& limits) {
    std::int64_t count = 0;
    for (const char* dir : {"/etc/cdi", "/var/run/cdi"})
        for (const auto& name : software_dir_names(fs, dir, limits.max_dir_entries))
            if (name.ends_with(".yaml") || name.ends_with(".json")) ++count;
    return count;
}

}  // namespace

bool version_less(std::string_view a, std::string_view b) {
    while (!a.empty() || !b.empty()) {
        const auto da = a.find('.'), db = b.find('.');
        const auto pa = parse_int(a.substr(0, da)).value_or(0), pb = parse_int(b.substr(0, db)).value_or(0);
        if (pa != pb) return pa < pb;
        a = da == std::string_view::npos ? std::string_view() : a.substr(da + 1);
        b = db == std::string_view::npos ? std::string_view() : b.substr(db + 1);
    }
    return false;
}

std::string cuda_version_text(int nvml_version) {
    return std::to_string(nvml_version / 1000) + "." + std::to_string(nvml_version % 1000 / 10);
}

std::optional<std::string> kernel_preempt(const RootFs& fs, const SoftwareFactsLimits& limits) {
    if (fs.read_int("/sys/kernel/realtime") == 1) return "rt";
    if (auto word = debugfs_preempt(fs)) return word;
    const auto version = kernel_version_string(fs);
    if (version && has_word(*version, "PREEMPT_RT")) return "rt";
    if (version && has_word(*version, "PREEMPT")) return "full";  // built preemptible, not switchable
    if (version && has_word(*version, "PREEMPT_DYNAMIC"))
        if (auto word = cmdline_preempt(fs)) return word;
    // A dynamic kernel without preempt= runs its build default; a kernel without either word was
    // built voluntary or none: the build configuration says which.
    if (auto model = boot_config_preempt(fs, limits)) return model;
    return std::nullopt;
}

protocol::CudaFacts cuda_facts(const RootFs& fs, const gpu::NvmlLibrary& nvml, const SoftwareFactsLimits& limits) {
    protocol::CudaFacts cuda;
    const auto dirs = cuda_install_dirs(fs, limits);
    for (const auto& dir : dirs)
        if (auto v = toolkit_version_in(fs, dir, limits)) keep_highest(cuda.toolkit_version, std::move(*v));
    cuda.cudnn_version = cudnn_version(fs, dirs, limits);
    if (const auto v = nvml.cuda_driver_version()) cuda.driver_supports_cuda = cuda_version_text(*v);
    return cuda;
}

protocol::ContainerFacts container_facts(const RootFs& fs, const SoftwareFactsLimits& limits) {
    protocol::ContainerFacts c;
    // A tree without /usr/bin (a recorded one of /proc and /sys only) says nothing either way.
    if (fs.exists("/usr/bin")) {
        c.docker = any_binary(fs, {"docker", "dockerd"});
        c.podman = any_binary(fs, {"podman"});
        c.nvidia_container_toolkit = docker_has_nvidia_runtime(fs, limits) ||
                                     any_binary(fs, {"nvidia-container-toolkit", "nvidia-ctk", "nvidia-container-runtime"});
    }
    if (fs.exists("/etc")) c.cdi_specs = cdi_spec_count(fs, limits);
    return c;
}

protocol::SchedulerFacts scheduler_facts(const RootFs& fs, const SoftwareFactsLimits& limits) {
    protocol::SchedulerFacts s;
    bool any_process = false, slurmd = false, kubelet = false;
    for (const auto& name : software_dir_names(fs, "/proc", limits.max_processes)) {
        if (!std::isdigit(static_cast<unsigned char>(name.front()))) continue;
        const auto comm = fs.read_line("/proc/" + name + "/comm");
        if (!comm) continue;  // gone since the listing
        any_process = true;
        slurmd = slurmd || *comm == "slurmd";
        kubelet = kubelet || *comm == "kubelet";
        if (slurmd && kubelet) break;
    }
    // A recorded tree without processes cannot say whether a daemon runs.
    if (any_process) {
        s.slurmd = slurmd;
        s.kubelet = kubelet;
    }
    if (fs.exists("/etc")) s.slurm_conf = fs.exists("/etc/slurm/slurm.conf") || fs.exists("/etc/slurm-llnl/slurm.conf");
    return s;
}

}  // namespace fleetdeck::agent
