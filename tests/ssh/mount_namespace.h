#pragma once

#include <filesystem>
#include <string>
#include <vector>

namespace fleetdeck::test {

// Unmounts what a test mounted in its own mount namespace, even when an assertion failed.
struct Mounted {
    std::vector<std::filesystem::path> points;
    ~Mounted();
};

// Gives this thread its own mount namespace, and checks that it is no longer the one it had
// before saying yes: what the test mounts afterwards is seen only by the sshd it starts
// afterwards, never by the rest of the machine. False when that needs privileges the test lacks.
bool ownMountNamespace();

// In a mount namespace of this thread's own, `script` (sh) answers for /usr/bin/uname in the
// sshd started afterwards.
bool fakeUname(const std::filesystem::path& dir, const std::string& script, Mounted& mounted);

// In a mount namespace of this thread's own, a tmpfs mounted with `flags` and `options` on the
// server's agent cache directory, for the sshd started afterwards.
bool tmpfsOnCacheDir(const std::filesystem::path& cacheDir, unsigned long flags, const char* options, Mounted& mounted);

// In the namespace ownMountNamespace() made: a private, empty /dev/shm (256 MiB: room for an
// AddressSanitizer build of the agent, over 64 MiB).
bool privateDevShm(Mounted& mounted);

}  // namespace fleetdeck::test
