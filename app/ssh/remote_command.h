#pragma once

#include <optional>

#include <QByteArray>
#include <QString>
#include <libssh/libssh.h>

#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {

// One fixed command run over an exec channel (blocking session; connect workers only).
struct RemoteResult {
    bool ran = false;        // false: the command could not be run to its end (error says why)
    int exitStatus = -1;
    QByteArray out;
    QByteArray err;
    std::optional<SshText> error;
};

// `input` is written to the command's stdin, then EOF. The server's shell runs `command`: build it
// only from fixed text and shellQuote()d values.
RemoteResult runRemote(ssh_session session, const QByteArray& command, const QByteArray& input = {});

// `word` as one single-quoted shell word, embedded single quotes as '\''. The one quoting
// function for text FleetDeck hands to a shell (remote scripts, ProxyCommand, sudo lines).
QString shellWord(const QString& word);

// A path as one single-quoted shell word. nullopt when it is not absolute or holds a quote or a
// control character: such a path is refused rather than escaped.
std::optional<QByteArray> shellQuote(const QString& path);

}  // namespace fleetdeck::ssh
