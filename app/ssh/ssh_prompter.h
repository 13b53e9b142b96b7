#pragma once

#include <memory>
#include <optional>

#include <QString>

namespace fleetdeck::ssh {

// A host key the user has to look at: unknown (asked) or changed (shown, never overridable).
struct HostKeyQuestion {
    QString host;            // as checked against known_hosts
    int port = 22;
    QString keyType;         // "ssh-ed25519"
    QString fingerprint;     // the key the server offered, "SHA256:…"
    QString knownFingerprint;  // changed keys: the key known_hosts has, "SHA256:…"
    QString knownHostsFile;
};

// A secret the user has to type: a key passphrase or a login password.
struct SecretQuestion {
    enum class Kind { KeyPassphrase, Password };
    Kind kind = Kind::Password;
    QString host;
    QString user;
    QString keyFile;  // KeyPassphrase: which key
};

// How connection attempts reach the user. The GUI shows dialogs, the CLI reads the terminal.
// Methods are called on connect worker threads (never the GUI thread) and may block until the
// user answers; implementations must be thread-safe. Secrets are used once and never stored.
class SshPrompter {
public:
    virtual ~SshPrompter() = default;
    // true: trust the key and record it in known_hosts.
    virtual bool acceptUnknownHostKey(const HostKeyQuestion& question) = 0;
    // Tells the user a key changed; the connection is refused whatever happens here.
    virtual void reportChangedHostKey(const HostKeyQuestion& question) = 0;
    // nullopt: the user cancelled (or cannot be asked).
    virtual std::optional<QString> askSecret(const SecretQuestion& question) = 0;
};

// The prompter connections use; none installed means nothing is asked (unknown keys and
// encrypted keys without ssh-agent fail with a sentence saying what to do).
void setSshPrompter(std::shared_ptr<SshPrompter> prompter);
std::shared_ptr<SshPrompter> sshPrompter();

}  // namespace fleetdeck::ssh
