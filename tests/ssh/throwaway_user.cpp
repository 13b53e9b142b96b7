#include "tests/ssh/throwaway_user.h"

#include <pwd.h>

#include "tests/support/subprocess.h"

namespace fleetdeck::test {
namespace {

bool lookUp(const std::string& name, uid_t* uid, gid_t* gid) {
    const passwd* pw = ::getpwnam(name.c_str());
    if (!pw) return false;
    *uid = pw->pw_uid;
    *gid = pw->pw_gid;
    return true;
}

}  // namespace

ThrowawayUser::ThrowawayUser(std::string name) : name_(std::move(name)) {
    if (!lookUp(name_, &uid_, &gid_)) {
        int status = -1;
        run_capture("/usr/sbin/useradd", {"--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name_}, &status);
        if (status != 0 || !lookUp(name_, &uid_, &gid_)) uid_ = static_cast<uid_t>(-1);
    }
}

ThrowawayUser::~ThrowawayUser() {
    if (ok()) run_capture("/usr/sbin/userdel", {name_});
}

}  // namespace fleetdeck::test
