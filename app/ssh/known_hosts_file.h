#pragma once

#include <QList>
#include <QString>

#include <libssh/libssh.h>

namespace fleetdeck::ssh {

// What a known_hosts file says about the key one host offers, read the way OpenSSH reads it:
// every line (any length), `@revoked` and `@cert-authority` markers, comma lists of patterns
// with `*`, `?` and `!`, and `|1|salt|hash` hashed names. Only a Known verdict lets a connect on.
struct KnownHostsVerdict {
    enum class Kind {
        Known,           // a line for the host lists this key
        Unknown,         // no line for the host, or no file: the user may accept the key
        Changed,         // lines for the host list only other keys (of any type)
        Revoked,         // an @revoked line lists this key (for whatever host)
        CertAuthority,   // only a @cert-authority line speaks for the host; certificates are not checked
        UnreadableLine,  // a line that may be for the host, or any @revoked line, cannot be read
        UnreadableFile,  // the file exists but cannot be read
    };
    Kind kind = Kind::Unknown;
    int line = 0;              // the line behind the verdict, counted from 1; 0 for none
    QString knownKeyType;      // Changed: the key that line lists, "ssh-ed25519"
    QString knownFingerprint;  // Changed: "SHA256:…"
    QString why;               // UnreadableLine, UnreadableFile: what is wrong, in words, in English
    QString whyShown;          // the same in the user's language; empty when it reads the same
    QList<int> skippedLines;   // lines that are no host entry at all (one word): read past, mentioned

    QString shownWhy() const { return whyShown.isEmpty() ? why : whyShown; }
};

// `name` as known_hosts names a host: "gpu-01", or "[gpu-01]:2222" for a port other than 22.
QString knownHostsName(const QString& host, int port);

// Reads `file` and judges `offered` for `name` (knownHostsName()). Names compare case-insensitively.
KnownHostsVerdict checkKnownHosts(const QString& file, const QString& name, ssh_key offered);

}  // namespace fleetdeck::ssh
