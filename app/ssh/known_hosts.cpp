#include "app/ssh/known_hosts.h"

#include <mutex>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "app/ssh/ssh_handles.h"

namespace fleetdeck::ssh {
QString sha256Fingerprint(ssh_key key);
namespace {

// Workers record keys concurrently; appends to one known_hosts file must not interleave.
std::mutex gKnownHostsWrite;

QString knownHostsName(const QString& host, int port) {
    return port == 22 ? host : QStringLiteral("[%1]:%2").arg(host).arg(port);
}

TransportProblem changedProblem(const HostKeyQuestion& q) {
    return {TransportProblem::Kind::HostKeyChanged,
            QStringLiteral("the host key of %1 has CHANGED: %2 lists %3, the server now offers %4 %5. "
                           "Someone may be intercepting the connection, so FleetDeck refuses it. If the server "
                           "was reinstalled, confirm the new fingerprint with its administrator, then remove "
                           "the old entry with: ssh-keygen -R '%1' -f %2")
                .arg(knownHostsName(q.host, q.port), q.knownHostsFile, q.knownFingerprint, q.keyType, q.fingerprint)};
}

TransportProblem unknownProblem(const HostKeyQuestion& q) {
    return {TransportProblem::Kind::HostKeyUnknown,
            QStringLiteral("the host key of %1 is not in %2: the server offers %3 %4. Confirm this fingerprint "
                           "with the server's administrator, then accept it in FleetDeck or run once with --accept-new")
                .arg(knownHostsName(q.host, q.port), q.knownHostsFile, q.keyType, q.fingerprint)};
}

std::optional<TransportProblem> recordKey(ssh_session session, const HostKeyQuestion& q) {
    std::lock_guard lock(gKnownHostsWrite);
    QDir().mkpath(QFileInfo(q.knownHostsFile).absolutePath());
    if (ssh_session_update_known_hosts(session) != SSH_OK)
        return TransportProblem{TransportProblem::Kind::HostKeyUnknown,
                                QStringLiteral("could not record the host key of %1 in %2: %3")
                                    .arg(knownHostsName(q.host, q.port), q.knownHostsFile,
                                         QString::fromUtf8(ssh_get_error(session)))};
    return std::nullopt;
}

// The fingerprint of the key known_hosts lists for this host (libssh reports a changed key
// without it). Hashed entries match too: ssh_known_hosts_parse_line checks the host per line.
QString knownFingerprint(const QString& file, const QString& host, int port) {
    QFile in(file);
    if (!in.open(QIODevice::ReadOnly)) return {};
    const QByteArray name = knownHostsName(host, port).toUtf8();
    while (!in.atEnd()) {
        const QByteArray line = in.readLine().trimmed();
        if (line.isEmpty() || line.startsWith('#')) continue;
        ssh_knownhosts_entry* entry = nullptr;
        if (ssh_known_hosts_parse_line(name.constData(), line.constData(), &entry) == SSH_OK && entry) {
            const QString fingerprint = entry->publickey ? sha256Fingerprint(entry->publickey) : QString();
            ssh_knownhosts_entry_free(entry);
            if (!fingerprint.isEmpty()) return fingerprint;
        }
    }
    return {};
}

}  // namespace

QString sha256Fingerprint(ssh_key key) {
    unsigned char* hash = nullptr;
    size_t length = 0;
    if (ssh_get_publickey_hash(key, SSH_PUBLICKEY_HASH_SHA256, &hash, &length) != SSH_OK) return {};
    char* text = ssh_get_fingerprint_hash(SSH_PUBLICKEY_HASH_SHA256, hash, length);
    QString out = QString::fromLatin1(text);
    ssh_string_free_char(text);
    ssh_clean_pubkey_hash(&hash);
    return out;
}

std::optional<TransportProblem> verifyHostKey(ssh_session session, const HostKeyPolicy& policy) {
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(session, &raw) != SSH_OK)
        return TransportProblem{TransportProblem::Kind::ConnectFailed,
                                QStringLiteral("the server sent no host key: %1").arg(QString::fromUtf8(ssh_get_error(session)))};
    KeyPtr key(raw);
    HostKeyQuestion q;
    char* host = nullptr;
    if (ssh_options_get(session, SSH_OPTIONS_HOST, &host) == SSH_OK) {
        q.host = QString::fromUtf8(host);
        ssh_string_free_char(host);
    }
    unsigned int port = 22;
    ssh_options_get_port(session, &port);
    q.port = static_cast<int>(port);
    q.keyType = QString::fromLatin1(ssh_key_type_to_char(ssh_key_type(key.get())));
    q.fingerprint = sha256Fingerprint(key.get());
    q.knownHostsFile = policy.knownHostsFile;

    switch (ssh_session_is_known_server(session)) {
    case SSH_KNOWN_HOSTS_OK:
        return std::nullopt;
    case SSH_KNOWN_HOSTS_CHANGED:
    case SSH_KNOWN_HOSTS_OTHER: {
        // OTHER: known_hosts has a key of another type for this host; OpenSSH refuses that too.
        q.knownFingerprint = knownFingerprint(policy.knownHostsFile, q.host, q.port);
        if (q.knownFingerprint.isEmpty()) q.knownFingerprint = QStringLiteral("a different key");
        if (policy.prompter) policy.prompter->reportChangedHostKey(q);
        return changedProblem(q);
    }
    case SSH_KNOWN_HOSTS_UNKNOWN:
    case SSH_KNOWN_HOSTS_NOT_FOUND:
        if (policy.acceptNew) return recordKey(session, q);
        if (policy.prompter && policy.prompter->acceptUnknownHostKey(q)) return recordKey(session, q);
        return unknownProblem(q);
    case SSH_KNOWN_HOSTS_ERROR:
        break;
    }
    return TransportProblem{TransportProblem::Kind::ConnectFailed,
                            QStringLiteral("could not read %1: %2").arg(policy.knownHostsFile,
                                                                          QString::fromUtf8(ssh_get_error(session)))};
}

}  // namespace fleetdeck::ssh
