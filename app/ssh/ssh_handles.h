#pragma once

#include <memory>

#include <libssh/libssh.h>

namespace fleetdeck::ssh {

// Owning handles for libssh objects; a session is disconnected before it is freed.
struct SessionDeleter {
    void operator()(ssh_session s) const {
        ssh_disconnect(s);
        ssh_free(s);
    }
};
using SessionPtr = std::unique_ptr<ssh_session_struct, SessionDeleter>;

struct ChannelDeleter {
    void operator()(ssh_channel c) const { ssh_channel_free(c); }
};
using ChannelPtr = std::unique_ptr<ssh_channel_struct, ChannelDeleter>;

struct KeyDeleter {
    void operator()(ssh_key k) const { ssh_key_free(k); }
};
using KeyPtr = std::unique_ptr<ssh_key_struct, KeyDeleter>;

}  // namespace fleetdeck::ssh
