#include "tests/ssh/mount_namespace.h"

#include <sched.h>
#include <sys/mount.h>
#include <unistd.h>

#include <fstream>

namespace fleetdeck::test {
namespace fs = std::filesystem;

Mounted::~Mounted() {
    for (auto it = points.rbegin(); it != points.rend(); ++it) ::umount2(it->c_str(), MNT_DETACH);
}

bool ownMountNamespace() {
    std::error_code ec;
    const fs::path before = fs::read_symlink("/proc/thread-self/ns/mnt", ec);
    if (ec || ::unshare(CLONE_NEWNS) != 0) return false;
    const fs::path after = fs::read_symlink("/proc/thread-self/ns/mnt", ec);
    if (ec || after.empty() || after == before) return false;  // still the machine's: mount nothing
    return ::mount("none", "/", nullptr, MS_REC | MS_PRIVATE, nullptr) == 0;
}

bool fakeUname(const fs::path& dir, const std::string& script, Mounted& mounted) {
    if (!ownMountNamespace()) return false;
    const fs::path fake = dir / "uname";
    std::ofstream(fake) << "#!/bin/sh\n" << script << "\n";
    fs::permissions(fake, fs::perms::owner_all);
    if (::mount(fake.c_str(), "/usr/bin/uname", nullptr, MS_BIND, nullptr) != 0) return false;
    mounted.points.push_back("/usr/bin/uname");
    return true;
}

bool tmpfsOnCacheDir(const fs::path& cacheDir, unsigned long flags, const char* options, Mounted& mounted) {
    if (!ownMountNamespace()) return false;
    fs::create_directories(cacheDir);
    if (::mount("tmpfs", cacheDir.c_str(), "tmpfs", flags, options) != 0) return false;
    mounted.points.push_back(cacheDir);
    return true;
}

bool privateDevShm(Mounted& mounted) {
    if (::mount("tmpfs", "/dev/shm", "tmpfs", 0, "size=256m,mode=1777") != 0) return false;
    mounted.points.push_back("/dev/shm");
    return true;
}

}  // namespace fleetdeck::test
