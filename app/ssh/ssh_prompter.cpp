#include "app/ssh/ssh_prompter.h"

#include <mutex>

namespace fleetdeck::ssh {
namespace {
std::mutex gMutex;
std::shared_ptr<SshPrompter> gPrompter;
}  // namespace

void setSshPrompter(std::shared_ptr<SshPrompter> prompter) {
    std::lock_guard lock(gMutex);
    gPrompter = std::move(prompter);
}

std::shared_ptr<SshPrompter> sshPrompter() {
    std::lock_guard lock(gMutex);
    return gPrompter;
}

}  // namespace fleetdeck::ssh
