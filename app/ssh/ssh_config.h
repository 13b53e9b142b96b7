#pragma once

#include <optional>
#include <vector>

#include <QString>
#include <QStringList>

namespace fleetdeck::ssh {

// What OpenSSH's client config says about one host alias. Unset fields stay empty/nullopt, so the
// caller can tell "not configured" from a value.
struct SshHostConfig {
    QString hostName;              // HostName, %h expanded
    std::optional<int> port;       // Port
    QString user;                  // User
    QStringList identityFiles;     // IdentityFile, in order, ~ and %d/%u/%h/%r expanded
    QString proxyJump;             // ProxyJump ("none" clears it)
};

// A parsed ~/.ssh/config: Host blocks with their keywords, matched the way ssh(1) does (first
// obtained value wins, wildcard and negated patterns). Match blocks and Include are not read:
// their keywords are ignored rather than misapplied.
class SshConfig {
public:
    static SshConfig parse(const QString& text);
    // Reads the file; a missing file is an empty config.
    static SshConfig load(const QString& path);
    // The default path: ~/.ssh/config.
    static QString defaultPath();

    SshHostConfig resolve(const QString& alias) const;
    // Aliases named literally in a Host line (no wildcards, no negation), in file order.
    QStringList concreteHosts() const;
    // True when some Host line names `alias` literally.
    bool hasConcreteHost(const QString& alias) const;

private:
    struct Entry {
        QString keyword;  // lower case
        QString value;
    };
    struct Block {
        QStringList patterns;  // empty for the keywords before the first Host line
        bool isMatch = false;
        std::vector<Entry> entries;
    };
    std::vector<Block> blocks_;
};

// ssh(1)'s pattern match: `*` and `?` wildcards.
bool matchesSshPattern(const QString& pattern, const QString& host);

}  // namespace fleetdeck::ssh
