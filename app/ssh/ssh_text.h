#pragma once

// FleetDeck's own sentences about connecting, host keys, logging in and deploying the agent, in
// English and the user's language (app/shown_text.h), context "ssh": problems keep the English as
// `message` (logs, `--json`, the history store) and the translation as `shown`. What a server,
// libssh or ssh(1) said goes in through arg() as the same text in both.

#include "app/shown_text.h"

namespace fleetdeck::ssh {

struct SshContext {
    static constexpr const char* name = "ssh";
};
using SshText = BasicShownText<SshContext>;

}  // namespace fleetdeck::ssh
