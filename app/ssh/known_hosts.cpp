#include "app/ssh/known_hosts.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <mutex>

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include "app/ssh/known_hosts_file.h"
#include "app/ssh/ssh_handles.h"
#include "app/ssh/ssh_text.h"

namespace fleetdeck::ssh {
namespace {

using Kind = KnownHostsVerdict::Kind;

// Workers check and record keys concurrently; a check must not read a line another worker is
// still appending, and appends to one known_hosts file must not interleave.
std::mutex gKnownHostsFile;

Problem refused(const SshText& text) { return problemOf(ProblemCode::HostKeyChanged, text); }

QString where(const QString& file, int line) { return QStringLiteral("%1:%2").arg(file).arg(line); }

Problem changedProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    return refused(SshText(QT_TRANSLATE_NOOP("ssh", "the host key of %1 has CHANGED: %2 lists %3 %4, the server now offers %5 %6. "
                                                    "Someone may be intercepting the connection, so FleetDeck refuses it. If the server "
                                                    "was reinstalled, confirm the new fingerprint with its administrator, then remove "
                                                    "the old entry with: ssh-keygen -R '%1' -f %7"))
                       .arg(knownHostsName(q.host, q.port))
                       .arg(where(q.knownHostsFile, v.line))
                       .arg(v.knownKeyType)
                       .arg(q.knownFingerprint)
                       .arg(q.keyType)
                       .arg(q.fingerprint)
                       .arg(q.knownHostsFile));
}

Problem revokedProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    return refused(SshText(QT_TRANSLATE_NOOP("ssh", "the host key of %1 is REVOKED: the server offers %2 %3, which %4 marks @revoked. "
                                                    "FleetDeck never accepts a revoked key; ask the server's administrator for its new "
                                                    "key and how to confirm it"))
                       .arg(knownHostsName(q.host, q.port))
                       .arg(q.keyType)
                       .arg(q.fingerprint)
                       .arg(where(q.knownHostsFile, v.line)));
}

Problem certAuthorityProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    const QString name = knownHostsName(q.host, q.port);
    return refused(SshText(QT_TRANSLATE_NOOP("ssh", "%1 is vouched for by a @cert-authority line in %2; FleetDeck does not check host "
                                                    "certificates yet: confirm the key the server offers (%6 %7) with its administrator, "
                                                    "then add the host's own key with ssh-keyscan -p %3 %4 >> %5"))
                       .arg(name)
                       .arg(where(q.knownHostsFile, v.line))
                       .arg(q.port)
                       .arg(q.host)
                       .arg(q.knownHostsFile)
                       .arg(q.keyType)
                       .arg(q.fingerprint));
}

Problem unreadableLineProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    return refused(SshText(QT_TRANSLATE_NOOP("ssh", "%1 cannot be read: %2. A line that may concern %3 hides what it says, so FleetDeck "
                                                    "neither trusts nor records the key the server offers (%4 %5); fix or delete that line"))
                       .arg(where(q.knownHostsFile, v.line))
                       .arg(v.why, v.shownWhy())
                       .arg(knownHostsName(q.host, q.port))
                       .arg(q.keyType)
                       .arg(q.fingerprint));
}

Problem unreadableFileProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    return refused(SshText(QT_TRANSLATE_NOOP("ssh", "cannot read known_hosts %1: %2; fix its permissions (or move what is in its place) so "
                                                    "the host key of %3 can be checked"))
                       .arg(q.knownHostsFile)
                       .arg(v.why, v.shownWhy())
                       .arg(knownHostsName(q.host, q.port)));
}

Problem unknownProblem(const HostKeyQuestion& q, const KnownHostsVerdict& v) {
    SshText message = std::move(SshText(QT_TRANSLATE_NOOP("ssh", "the host key of %1 is not in %2: the server offers %3 %4. Confirm "
                                                                  "this fingerprint with the server's administrator, then accept it "
                                                                  "in FleetDeck or run once with --accept-new"))
                                    .arg(knownHostsName(q.host, q.port))
                                    .arg(q.knownHostsFile)
                                    .arg(q.keyType)
                                    .arg(q.fingerprint));
    if (!v.skippedLines.isEmpty()) {
        QStringList lines;
        for (int line : v.skippedLines) lines << QString::number(line);
        message = message + SshText(lines.size() == 1 ? QT_TRANSLATE_NOOP("ssh", " (line %1 of %2 is no host entry and was skipped)")
                                                      : QT_TRANSLATE_NOOP("ssh", " (lines %1 of %2 are no host entries and were skipped)"))
                                .arg(lines.join(QStringLiteral(", ")))
                                .arg(q.knownHostsFile);
    }
    return problemOf(ProblemCode::HostKeyUnknown, message);
}

// One line, `name type base64`, as ssh(1) appends it; on a line of its own even when the file
// does not end with a newline.
std::optional<QString> appendEntry(const QString& file, const QByteArray& entry) {
    QDir().mkpath(QFileInfo(file).absolutePath());
    const int fd = ::open(QFile::encodeName(file).constData(), O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return QString::fromLocal8Bit(std::strerror(errno));
    QByteArray bytes = entry;
    char last = '\n';
    const off_t end = ::lseek(fd, 0, SEEK_END);
    if (end > 0 && ::pread(fd, &last, 1, end - 1) == 1 && last != '\n') bytes.prepend('\n');
    const bool written = ::write(fd, bytes.constData(), static_cast<std::size_t>(bytes.size())) == bytes.size();
    const int error = errno;
    ::close(fd);
    if (!written) return QString::fromLocal8Bit(std::strerror(error));
    return std::nullopt;
}

Outcome recordKey(ssh_key key, const HostKeyQuestion& q) {
    char* base64 = nullptr;
    if (ssh_pki_export_pubkey_base64(key, &base64) != SSH_OK)
        return problemOf(ProblemCode::HostKeyUnknown,
                                  SshText(QT_TRANSLATE_NOOP("ssh", "could not record the host key of %1: libssh cannot encode it"))
                                      .arg(knownHostsName(q.host, q.port)));
    const QByteArray entry = knownHostsName(q.host, q.port).toUtf8() + ' ' + q.keyType.toLatin1() + ' ' + base64 + '\n';
    ssh_string_free_char(base64);
    std::lock_guard lock(gKnownHostsFile);
    if (const auto error = appendEntry(q.knownHostsFile, entry))
        return problemOf(ProblemCode::HostKeyUnknown,
                                  SshText(QT_TRANSLATE_NOOP("ssh", "could not record the host key of %1 in %2: %3; check that the file is writable"))
                                      .arg(knownHostsName(q.host, q.port))
                                      .arg(q.knownHostsFile)
                                      .arg(*error));
    return done();
}

// The verdict over the policy's extra files after its own file's `verdict` (see HostKeyPolicy);
// returns the file the verdict came from, for the messages.
QString combineExtraFiles(const HostKeyPolicy& policy, const QString& name, ssh_key key, KnownHostsVerdict& verdict) {
    QString from = policy.knownHostsFile;
    for (const QString& file : policy.extraKnownHostsFiles) {
        const KnownHostsVerdict extra = checkKnownHosts(file, name, key);
        const bool wins = extra.kind == Kind::Revoked || (verdict.kind == Kind::Unknown && extra.kind != Kind::Unknown);
        if (!wins) continue;
        verdict = extra;
        from = file;
        if (verdict.kind == Kind::Revoked) break;
    }
    return from;
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

Outcome verifyHostKey(ssh_session session, const HostKeyPolicy& policy) {
    ssh_key raw = nullptr;
    if (ssh_get_server_publickey(session, &raw) != SSH_OK)
        return problemOf(ProblemCode::ConnectFailed,
                                  SshText(QT_TRANSLATE_NOOP("ssh", "the server sent no host key: %1")).arg(QString::fromUtf8(ssh_get_error(session))));
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

    // FleetDeck reads known_hosts itself: libssh 0.10 ignores @revoked and @cert-authority lines
    // and stops at a line it cannot parse, which would let a key pass as merely unknown.
    KnownHostsVerdict verdict;
    {
        std::lock_guard lock(gKnownHostsFile);
        verdict = checkKnownHosts(policy.knownHostsFile, knownHostsName(q.host, q.port), key.get());
        if (verdict.kind != Kind::Revoked)
            q.knownHostsFile = combineExtraFiles(policy, knownHostsName(q.host, q.port), key.get(), verdict);
    }
    const auto tell = [&](const QString& what) {
        policy.diagnostics.ssh(QStringLiteral("host key of %1: %2 %3: %4").arg(knownHostsName(q.host, q.port), q.keyType, q.fingerprint, what));
    };
    switch (verdict.kind) {
    case Kind::Known:
        tell(QStringLiteral("matches %1").arg(policy.knownHostsFile));
        return done();
    case Kind::Changed:
        q.knownFingerprint = verdict.knownFingerprint;
        tell(QStringLiteral("CHANGED: %1 holds %2; refused").arg(policy.knownHostsFile, q.knownFingerprint));
        if (policy.prompter) policy.prompter->reportChangedHostKey(q);
        return changedProblem(q, verdict);
    case Kind::Revoked:
        tell(QStringLiteral("revoked in %1; refused").arg(policy.knownHostsFile));
        return revokedProblem(q, verdict);
    case Kind::CertAuthority:
        tell(QStringLiteral("%1 names a @cert-authority for it; refused").arg(policy.knownHostsFile));
        return certAuthorityProblem(q, verdict);
    case Kind::UnreadableLine:
        tell(QStringLiteral("%1 has a line that cannot be read; refused").arg(policy.knownHostsFile));
        return unreadableLineProblem(q, verdict);
    case Kind::UnreadableFile:
        tell(QStringLiteral("cannot read %1; refused").arg(policy.knownHostsFile));
        return unreadableFileProblem(q, verdict);
    case Kind::Unknown:
        break;
    }
    if (policy.acceptNew) {
        tell(QStringLiteral("not in %1; accepted as new (accept-new) and recorded").arg(policy.knownHostsFile));
        return recordKey(key.get(), q);
    }
    if (policy.prompter && policy.prompter->acceptUnknownHostKey(q)) {
        tell(QStringLiteral("not in %1; accepted when asked and recorded").arg(policy.knownHostsFile));
        return recordKey(key.get(), q);
    }
    tell(QStringLiteral("not in %1; not accepted").arg(policy.knownHostsFile));
    return unknownProblem(q, verdict);
}

}  // namespace fleetdeck::ssh
