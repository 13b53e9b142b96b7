#pragma once

#include <string>

#include <sys/types.h>

namespace fleetdeck::test {

// A system user for one test (no home, no login shell), made if it does not exist and removed
// when the object goes away: the "other local user" of attack tests. Needs root.
class ThrowawayUser {
public:
    explicit ThrowawayUser(std::string name);
    ~ThrowawayUser();
    ThrowawayUser(const ThrowawayUser&) = delete;
    ThrowawayUser& operator=(const ThrowawayUser&) = delete;

    bool ok() const { return uid_ != static_cast<uid_t>(-1); }
    const std::string& name() const { return name_; }
    uid_t uid() const { return uid_; }
    gid_t gid() const { return gid_; }

private:
    std::string name_;
    uid_t uid_ = static_cast<uid_t>(-1);
    gid_t gid_ = static_cast<gid_t>(-1);
};

}  // namespace fleetdeck::test
